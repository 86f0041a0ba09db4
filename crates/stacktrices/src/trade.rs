//! Trade generation at the trading post.
//!
//! A trade gives 1 to 3 pieces of the mover's stacks and takes 1 to 3 pieces that are in
//! the store before the trade, whose pips add up to one less than the pips given. Each
//! piece taken goes on a stack that gave a piece or on a pupil; no stack gets back a kind
//! it gave; afterwards every stack is legal. Trades are multisets on both sides, so the
//! generator walks sorted combinations and meets each distinct trade once.

use std::ops::ControlFlow;

use crate::action::{Action, PieceAt, Trade};
use crate::board::{Stack, bits, square};
use crate::piece::{Piece, Pieces};
use crate::state::Stacktrices;

/// One give slot: a kind on a stack, and how many of it the stack has.
#[derive(Clone, Copy)]
struct Slot {
    sq: u8,
    kind: Piece,
    count: u8,
}

/// Up to 10 receiving stacks: the givers first, then the pupils.
struct Receivers {
    sq: [u8; 10],
    /// Pieces after the giving (for givers) or as they are (pupils).
    pieces: [Pieces; 10],
    /// Kinds given by this stack (bit per kind).
    gave: [u8; 10],
    len: usize,
    givers: usize,
}

impl Stacktrices {
    /// Calls `f` with `trade=none` and then every legal trade.
    pub(crate) fn gen_trades<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        f(Action::NoTrade)?;
        self.each_trade(|given, taken| {
            let mut g = [PieceAt::new(Piece::Pawn, square(0)); 3];
            let mut t = g;
            for (i, &(sq, k)) in given.iter().enumerate() {
                g[i] = PieceAt::new(k, square(sq));
            }
            for (i, &(sq, k)) in taken.iter().enumerate() {
                t[i] = PieceAt::new(k, square(sq));
            }
            match Trade::new(&g[..given.len()], &t[..taken.len()]) {
                Some(trade) => f(Action::Trade(trade)),
                None => ControlFlow::Continue(()),
            }
        })
    }

    /// The number of legal trades plus one (`trade=none`), without building actions.
    pub(crate) fn count_trades(&self) -> usize {
        let mut n = 1;
        let _ = self.each_trade(|_, _| {
            n += 1;
            ControlFlow::<()>::Continue(())
        });
        n
    }

    /// Walks every legal trade as (given, taken) lists of (square, kind).
    fn each_trade<B>(&self, mut f: impl FnMut(&[(u8, Piece)], &[(u8, Piece)]) -> ControlFlow<B>) -> ControlFlow<B> {
        let me = usize::from(self.turn);
        let several = self.several_movement();
        let mut slots: Vec<Slot> = Vec::with_capacity(24);
        let mut pupils = [0u8; 7];
        let mut pupil_len = 0;
        for sq in bits(self.occ[me]) {
            let Some(st) = self.board[usize::from(sq)] else { continue };
            if st.pieces.movement() == 0 {
                if pupil_len < pupils.len() {
                    pupils[pupil_len] = sq;
                    pupil_len += 1;
                }
                continue;
            }
            for kind in st.pieces.kinds() {
                slots.push(Slot { sq, kind, count: st.pieces.count(kind) });
            }
        }
        // Kind multisets (sorted) the store can supply, by total pips.
        let mut by_pips: [Vec<([Piece; 3], usize)>; 10] = Default::default();
        let store = self.store;
        for a in 0..6 {
            let ka = Piece::ALL[a];
            if store.0[a] == 0 {
                continue;
            }
            by_pips[usize::from(ka.pips())].push(([ka, ka, ka], 1));
            for b in a..6 {
                let kb = Piece::ALL[b];
                let need_b = if a == b { 2 } else { 1 };
                if store.0[b] < need_b {
                    continue;
                }
                by_pips[usize::from(ka.pips() + kb.pips())].push(([ka, kb, kb], 2));
                for c in b..6 {
                    let kc = Piece::ALL[c];
                    let need_c = 1 + u8::from(a == c) + u8::from(b == c);
                    if store.0[c] < need_c {
                        continue;
                    }
                    by_pips[usize::from(ka.pips() + kb.pips() + kc.pips())].push(([ka, kb, kc], 3));
                }
            }
        }
        let n = slots.len();
        let mut given: [(u8, Piece); 3] = [(0, Piece::Pawn); 3];
        for i in 0..n {
            for j in i..=n {
                // j == n means "no second piece".
                if j < n && j == i && slots[i].count < 2 {
                    continue;
                }
                for k in j..=n {
                    if j == n && k != n {
                        break;
                    }
                    if k < n {
                        let need = 1 + u8::from(k == i) + u8::from(k == j);
                        if slots[k].count < need {
                            continue;
                        }
                    }
                    let mut len = 0;
                    for idx in [i, j, k] {
                        if idx < n {
                            given[len] = (slots[idx].sq, slots[idx].kind);
                            len += 1;
                        }
                    }
                    let pips: u8 = given[..len].iter().map(|g| g.1.pips()).sum();
                    if pips < 2 {
                        continue;
                    }
                    let kinds = &by_pips[usize::from(pips - 1)];
                    if kinds.is_empty() {
                        continue;
                    }
                    let recv = self.receivers_for(&given[..len], &pupils[..pupil_len]);
                    for &(taken_kinds, tlen) in kinds {
                        self.assign(&recv, &given[..len], &taken_kinds[..tlen], several, &mut f)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn receivers_for(&self, given: &[(u8, Piece)], pupils: &[u8]) -> Receivers {
        let mut r = Receivers { sq: [0; 10], pieces: [Pieces::EMPTY; 10], gave: [0; 10], len: 0, givers: 0 };
        for &(sq, kind) in given {
            let pos = r.sq[..r.len].iter().position(|&s| s == sq);
            let i = match pos {
                Some(i) => i,
                None => {
                    let i = r.len;
                    r.sq[i] = sq;
                    r.pieces[i] = self.board[usize::from(sq)].map(|s| s.pieces).unwrap_or_default();
                    r.len += 1;
                    i
                }
            };
            r.pieces[i].remove(kind);
            r.gave[i] |= 1 << kind.index();
        }
        r.givers = r.len;
        for &p in pupils {
            r.sq[r.len] = p;
            r.len += 1;
        }
        r
    }

    /// Assigns the taken kinds to receivers (equal kinds to non-decreasing receivers) and
    /// reports each assignment that leaves every stack legal.
    fn assign<B>(
        &self,
        recv: &Receivers,
        given: &[(u8, Piece)],
        kinds: &[Piece],
        several: bool,
        f: &mut impl FnMut(&[(u8, Piece)], &[(u8, Piece)]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let m = recv.len;
        let mut choice = [0usize; 3];
        let tlen = kinds.len();
        // Iterate over all receiver tuples with the ordering constraint.
        loop {
            // Check the current tuple.
            let mut ok = true;
            for t in 0..tlen {
                let r = choice[t];
                if recv.gave[r] >> kinds[t].index() & 1 == 1 {
                    ok = false;
                    break;
                }
                if t > 0 && kinds[t] == kinds[t - 1] && choice[t] < choice[t - 1] {
                    ok = false;
                    break;
                }
            }
            if ok {
                let mut after = recv.pieces;
                for t in 0..tlen {
                    after[choice[t]].add(kinds[t]);
                }
                let legal_givers = (0..recv.givers).all(|r| Stack::is_legal(after[r], several));
                let legal_pupils = (recv.givers..m).all(|r| Stack::is_legal(after[r], several));
                if legal_givers && legal_pupils {
                    let mut taken = [(0u8, Piece::Pawn); 3];
                    for t in 0..tlen {
                        taken[t] = (recv.sq[choice[t]], kinds[t]);
                    }
                    f(given, &taken[..tlen])?;
                }
            }
            // Advance (odometer, last digit fastest).
            let mut t = tlen;
            loop {
                if t == 0 {
                    return ControlFlow::Continue(());
                }
                t -= 1;
                choice[t] += 1;
                if choice[t] < m {
                    for later in t + 1..tlen {
                        choice[later] = 0;
                    }
                    break;
                }
                choice[t] = 0;
            }
        }
    }
}
