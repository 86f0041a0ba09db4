//! Trade generation at the trading post.
//!
//! A trade gives 1 to 3 pieces of the mover's stacks and takes 1 to 3 pieces that are in
//! the store before the trade, whose pips add up to one less than the pips given. Each
//! piece taken goes on a stack that gave a piece or on a pupil; no stack gets back a kind
//! it gave; afterwards every stack is legal. Trades are multisets on both sides, so the
//! generator walks sorted combinations and meets each distinct trade once.

use std::ops::ControlFlow;

use pyramid_core::bits::bits;

use crate::action::{Action, PieceAt, Trade};
use crate::action_ids::piece_square;
use crate::geometry::{Stack, index, square};
use crate::piece::{Piece, Pieces};
use crate::state::Stacktrices;

/// The trade action giving `given` and taking `taken` ((square, kind) lists).
pub(crate) fn make_trade(given: &[(u8, Piece)], taken: &[(u8, Piece)]) -> Option<Action> {
    let mut g = [PieceAt::new(Piece::Pawn, square(0)); 3];
    let mut t = g;
    for (i, &(sq, k)) in given.iter().enumerate() {
        g[i] = PieceAt::new(k, square(sq));
    }
    for (i, &(sq, k)) in taken.iter().enumerate() {
        t[i] = PieceAt::new(k, square(sq));
    }
    Trade::new(&g[..given.len()], &t[..taken.len()]).map(Action::Trade)
}

/// The lowest of the given pieces in `piece_square` order (a trade's first policy step).
fn lowest_given(given: &[(u8, Piece)]) -> u64 {
    given
        .iter()
        .map(|&(sq, kind)| piece_square(PieceAt::new(kind, square(sq))))
        .min()
        .unwrap_or(u64::MAX)
}

/// One give multiset of a random pick: the pieces, their number, the take pips index and
/// the number of trades.
type Block = ([(u8, Piece); 3], u8, u8, u32);

/// Counts of give blocks within one decision (pupils and store fixed), keyed by the
/// givers' signatures and the pips taken: equal stacks giving equal pieces repeat.
struct LocalCounts {
    entries: [(u64, u32); 64],
}

impl LocalCounts {
    fn new() -> LocalCounts {
        LocalCounts {
            entries: [(0, 0); 64],
        }
    }

    fn count(&mut self, group: &Group<'_>, recv: &mut Receivers, several: bool) -> u32 {
        let mut sigs = [0u64; 3];
        for (i, sig) in sigs.iter_mut().enumerate().take(recv.givers) {
            let p = recv.pieces[i];
            *sig = 1 << 9
                | u64::from(p.movement().min(2)) << 7
                | u64::from(p.skills() > 0) << 6
                | u64::from(recv.gave[i]);
        }
        sigs.sort_unstable();
        let key = sigs[0] | sigs[1] << 10 | sigs[2] << 20 | u64::from(group.t) << 30;
        let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize;
        if self.entries[slot].0 == key {
            return self.entries[slot].1;
        }
        let n = group.count(recv, several);
        self.entries[slot] = (key, n);
        n
    }
}

/// What a give multiset's receivers are built from (built only when needed).
struct Lazy<'a> {
    state: &'a Stacktrices,
    pupils: &'a [u8],
}

impl Lazy<'_> {
    fn receivers(&self, given: &[(u8, Piece)]) -> Receivers {
        Receivers::new(self.state, given, self.pupils)
    }
}

/// The take kind sets of one give multiset (all with the same pips), with what the
/// memoised count depends on.
#[derive(Clone, Copy)]
struct Group<'a> {
    sets: &'a [([Piece; 3], u8)],
    /// Index of the pips taken (pips - 1).
    t: u8,
}

impl Group<'_> {
    fn each<B>(
        &self,
        recv: &mut Receivers,
        given: &[(u8, Piece)],
        several: bool,
        f: &mut impl FnMut(&[(u8, Piece)], &[(u8, Piece)]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for &(kinds, len) in self.sets {
            let mut choice = [0usize; 3];
            assign(
                recv,
                given,
                &kinds[..usize::from(len)],
                several,
                0,
                &mut choice,
                f,
            )?;
        }
        ControlFlow::Continue(())
    }

    /// The number of trades of this group. A take's count depends only on, per giver,
    /// its movement pieces left (0, 1, more), whether it keeps a skill piece and the kinds
    /// it gave; on the number of pupils; and on the kinds taken. It is memoised on those
    /// in a per-thread two-way table (2 MiB, allocated on first use).
    fn count(&self, recv: &mut Receivers, several: bool) -> u32 {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            let mut total = 0;
            for &(kinds, len) in self.sets {
                total += memo_count(&mut m, recv, &kinds[..usize::from(len)], several);
            }
            total
        })
    }

    /// The `offset`-th trade of this group (generation order) that gives `given`.
    fn nth(
        &self,
        recv: &mut Receivers,
        given: &[(u8, Piece)],
        several: bool,
        mut offset: usize,
    ) -> Option<Action> {
        for &(kinds, len) in self.sets {
            let kinds = &kinds[..usize::from(len)];
            let c = self.count_one(recv, kinds, several) as usize;
            if offset >= c {
                offset -= c;
                continue;
            }
            let mut found = None;
            let mut choice = [0usize; 3];
            let _ = assign(
                recv,
                given,
                kinds,
                several,
                0,
                &mut choice,
                &mut |g: &[(u8, Piece)], t: &[(u8, Piece)]| {
                    if offset == 0 {
                        found = make_trade(g, t);
                        return ControlFlow::Break(());
                    }
                    offset -= 1;
                    ControlFlow::Continue(())
                },
            );
            return found;
        }
        None
    }

    /// The number of trades taking exactly `kinds` (memoised like [`Group::count`]).
    fn count_one(&self, recv: &mut Receivers, kinds: &[Piece], several: bool) -> u32 {
        MEMO.with(|m| memo_count(&mut m.borrow_mut(), recv, kinds, several))
    }
}

/// The memo key of a take: per giver its movement pieces left (0, 1, more), whether it
/// keeps a skill piece and which of the taken kinds it gave; the pupils; the kinds taken.
fn memo_key(recv: &Receivers, kinds: &[Piece], several: bool) -> u64 {
    let kmask = kinds.iter().fold(0u8, |m, k| m | 1 << k.index());
    let mut sigs = [0u64; 3];
    for (i, sig) in sigs.iter_mut().enumerate().take(recv.givers) {
        let p = recv.pieces[i];
        let mv = u64::from(p.movement().min(2));
        let sk = u64::from(p.skills() > 0);
        *sig = 1 << 9 | mv << 7 | sk << 6 | u64::from(recv.gave[i] & kmask);
    }
    sigs.sort_unstable();
    let code = kinds
        .iter()
        .fold(0u64, |acc, k| acc << 3 | (k.index() as u64 + 1));
    sigs[0]
        | sigs[1] << 10
        | sigs[2] << 20
        | ((recv.len - recv.givers) as u64) << 30
        | u64::from(several) << 33
        | code << 34
}

// Inlined into `Group::count` (its one caller): left to the compiler, a change of the
// crate's code layout (issue 35) stopped inlining it and perft from the standard start
// lost 4 % (measured, callgrind: 6 % more instructions).
#[inline]
fn memo_count(memo: &mut [u64], recv: &mut Receivers, kinds: &[Piece], several: bool) -> u32 {
    let key = memo_key(recv, kinds, several);
    let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - MEMO_BITS)) as usize;
    // An entry packs the key (43 bits) above the count (21 bits); 0 is never a key.
    let other = slot ^ 1;
    if memo[slot] >> 21 == key {
        return (memo[slot] & COUNT_MASK) as u32;
    }
    if memo[other] >> 21 == key {
        return (memo[other] & COUNT_MASK) as u32;
    }
    let mut n = 0u32;
    let mut choice = [0usize; 3];
    let _ = assign(
        recv,
        &[],
        kinds,
        several,
        0,
        &mut choice,
        &mut |_: &[(u8, Piece)], _: &[(u8, Piece)]| {
            n += 1;
            ControlFlow::<()>::Continue(())
        },
    );
    if u64::from(n) <= COUNT_MASK {
        // Two-way: the older entry of the pair moves to the second place.
        memo[other] = memo[slot];
        memo[slot] = key << 21 | u64::from(n);
    }
    n
}

const COUNT_MASK: u64 = (1 << 21) - 1;

const MEMO_BITS: u32 = 18;

thread_local! {
    /// Direct-mapped memo of take counts (key 0 never occurs: a giver's signature has bit 9 set,
    /// and a group without givers does not exist).
    static MEMO: std::cell::RefCell<Vec<u64>> = std::cell::RefCell::new(vec![0; 1 << MEMO_BITS]);
}

/// One give slot: a kind on a stack, and how many of it the stack has.
#[derive(Clone, Copy)]
pub(crate) struct Slot {
    /// The stack's square.
    pub(crate) sq: u8,
    /// The kind.
    pub(crate) kind: Piece,
    /// How many of the kind the stack has.
    pub(crate) count: u8,
}

/// The mover's give slots (each kind on each of its stacks with a movement piece, in
/// square order; at most `N`) and its pupils (its stacks without a movement piece, in
/// square order; at most 7).
pub(crate) struct Givers<const N: usize> {
    /// The give slots; the first `len` are used.
    pub(crate) slots: [Slot; N],
    /// How many slots are used.
    pub(crate) len: usize,
    /// The pupils' squares; the first `pupil_len` are used.
    pub(crate) pupils: [u8; 7],
    /// How many pupils there are.
    pub(crate) pupil_len: usize,
}

impl Stacktrices {
    /// The give slots and pupils of the seat on turn.
    pub(crate) fn givers<const N: usize>(&self) -> Givers<N> {
        let me = usize::from(self.turn);
        let mut givers = Givers {
            slots: [Slot {
                sq: 0,
                kind: Piece::Pawn,
                count: 0,
            }; N],
            len: 0,
            pupils: [0; 7],
            pupil_len: 0,
        };
        for sq in bits(self.occ[me]) {
            let Some(st) = self.board[usize::from(sq)] else {
                continue;
            };
            if st.pieces.movement() == 0 {
                if givers.pupil_len < givers.pupils.len() {
                    givers.pupils[givers.pupil_len] = sq;
                    givers.pupil_len += 1;
                }
                continue;
            }
            for kind in st.pieces.kinds() {
                if givers.len < N {
                    givers.slots[givers.len] = Slot {
                        sq,
                        kind,
                        count: st.pieces.count(kind),
                    };
                    givers.len += 1;
                }
            }
        }
        givers
    }
}

/// The stacks a trade's taken pieces may go on ("each piece taken goes on a stack that
/// gave a piece in this trade or on a pupil"): up to 10, the givers first (in the order of
/// the given list, which is square order), then the pupils. Every trade path (generation,
/// counting, the rejection draw, the direct check) builds them here.
pub(crate) struct Receivers {
    /// The receivers' squares.
    pub(crate) sq: [u8; 10],
    /// Pieces after the giving (for givers) or as they are (pupils).
    pub(crate) pieces: [Pieces; 10],
    /// Kinds given by this stack (bit per kind).
    gave: [u8; 10],
    /// How many receivers there are.
    pub(crate) len: usize,
    /// How many of them are givers.
    pub(crate) givers: usize,
}

impl Receivers {
    /// The receivers of a trade giving `given` ((square, kind) pairs of the mover's
    /// stacks, a stack's pieces together) when the mover's pupils are `pupils`.
    pub(crate) fn new(state: &Stacktrices, given: &[(u8, Piece)], pupils: &[u8]) -> Receivers {
        let mut r = Receivers {
            sq: [0; 10],
            pieces: [Pieces::EMPTY; 10],
            gave: [0; 10],
            len: 0,
            givers: 0,
        };
        for &(sq, kind) in given {
            let pos = r.sq[..r.len].iter().position(|&s| s == sq);
            let i = match pos {
                Some(i) => i,
                None => {
                    let i = r.len;
                    r.sq[i] = sq;
                    r.pieces[i] = state.board[usize::from(sq)]
                        .map(|s| s.pieces)
                        .unwrap_or_default();
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

    /// Whether receiver `r` taking `kind` would get back a kind it gave: "a trade never
    /// gives and takes the same kind on the same stack".
    #[inline]
    pub(crate) fn takes_back(&self, r: usize, kind: Piece) -> bool {
        self.gave[r] >> kind.index() & 1 == 1
    }

    /// Whether every receiver's stack is legal after the trade ("afterwards every stack
    /// must be legal"; a stack the trade does not touch is legal already).
    #[inline]
    pub(crate) fn all_legal(&self, several: bool) -> bool {
        (0..self.len).all(|r| Stack::is_legal(self.pieces[r], several))
    }
}

impl Stacktrices {
    /// Calls `f` with `trade=none` and then every legal trade.
    pub(crate) fn gen_trades<B>(
        &self,
        f: &mut impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        f(Action::NoTrade)?;
        self.each_trade(|given, taken| match make_trade(given, taken) {
            Some(action) => f(action),
            None => ControlFlow::Continue(()),
        })
    }

    /// Calls `f` with the lowest given piece (`piece_square` order: the first policy step
    /// of a trade) of every give multiset that has at least one legal trade, from the
    /// memoised counts (no trade is built; a piece may come more than once).
    pub(crate) fn first_given_pieces(&self, mut f: impl FnMut(u64)) {
        let several = self.several_movement();
        let mut local = LocalCounts::new();
        let _ = self.walk_gs(&KindSets::new(self.store), |given, lazy, group| {
            if local.count(&group, &mut lazy.receivers(given), several) > 0 {
                f(lowest_given(given));
            }
            ControlFlow::<()>::Continue(())
        });
    }

    /// Calls `f` with every legal trade whose lowest given piece (`piece_square` order)
    /// is `lowest`: the trades of the give multisets that start so, the others skipped.
    pub(crate) fn trades_giving_lowest(&self, lowest: u64, mut f: impl FnMut(Action)) {
        let several = self.several_movement();
        let _ = self.walk_gs(&KindSets::new(self.store), |given, lazy, group| {
            if lowest_given(given) != lowest {
                return ControlFlow::<()>::Continue(());
            }
            group.each(
                &mut lazy.receivers(given),
                given,
                several,
                &mut |g: &[(u8, Piece)], t: &[(u8, Piece)]| {
                    if let Some(action) = make_trade(g, t) {
                        f(action);
                    }
                    ControlFlow::Continue(())
                },
            )
        });
    }

    /// The number of legal trades plus one (`trade=none`).
    pub(crate) fn count_trades(&self) -> usize {
        1 + self.count_trade_results()
    }

    /// Walks every legal trade as (given, taken) lists of (square, kind).
    fn each_trade<B>(
        &self,
        mut f: impl FnMut(&[(u8, Piece)], &[(u8, Piece)]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let several = self.several_movement();
        self.walk_gs(&KindSets::new(self.store), |given, lazy, group| {
            group.each(&mut lazy.receivers(given), given, several, &mut f)
        })
    }

    /// The number of trades, `trade=none` excluded, from memoised per-give counts.
    fn count_trade_results(&self) -> usize {
        let several = self.several_movement();
        let mut n = 0usize;
        let mut local = LocalCounts::new();
        let _ = self.walk_gs(&KindSets::new(self.store), |given, lazy, group| {
            n += local.count(&group, &mut lazy.receivers(given), several) as usize;
            ControlFlow::<()>::Continue(())
        });
        n
    }

    /// The `n`-th trade (0-based, `trade=none` excluded) in generation order.
    pub(crate) fn nth_trade(&self, n: usize) -> Option<Action> {
        let several = self.several_movement();
        let mut block = 0;
        let mut left = n;
        let mut found = false;
        let _ = self.walk_gs(&KindSets::new(self.store), |given, lazy, group| {
            let c = group.count(&mut lazy.receivers(given), several) as usize;
            if left < c {
                found = true;
                return ControlFlow::Break(());
            }
            left -= c;
            block += 1;
            ControlFlow::Continue(())
        });
        if found {
            self.trade_in_block(block, left)
        } else {
            None
        }
    }

    /// A uniformly random trade decision (`trade=none` included): the same choice as
    /// taking index `rng.random_range(0..count)` of the generated list.
    pub(crate) fn random_trade_exact<R: pyramid_core::rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> Action {
        let several = self.several_movement();
        let mut blocks: Vec<Block> = Vec::with_capacity(128);
        let mut pupils: [u8; 7] = [0; 7];
        let mut pupil_len = 0;
        let mut total = 1usize;
        let mut local = LocalCounts::new();
        let kind_sets = KindSets::new(self.store);
        let _ = self.walk_gs(&kind_sets, |given, lazy, group| {
            let mut recv = lazy.receivers(given);
            let c = local.count(&group, &mut recv, several);
            if pupil_len == 0 && !lazy.pupils.is_empty() {
                pupil_len = lazy.pupils.len();
                pupils[..pupil_len].copy_from_slice(lazy.pupils);
            }
            if c > 0 {
                let mut g = [(0u8, Piece::Pawn); 3];
                g[..given.len()].copy_from_slice(given);
                blocks.push((g, given.len() as u8, group.t, c));
                total += c as usize;
            }
            ControlFlow::<()>::Continue(())
        });
        let mut r = rng.random_range(0..total);
        if r == 0 {
            return Action::NoTrade;
        }
        r -= 1;
        let Some(&(g, len, t, _)) = blocks.iter().find(|b| {
            if r < b.3 as usize {
                true
            } else {
                r -= b.3 as usize;
                false
            }
        }) else {
            return Action::NoTrade;
        };
        let given = &g[..usize::from(len)];
        let mut recv = Receivers::new(self, given, &pupils[..pupil_len]);
        let t = usize::from(t);
        let group = Group {
            sets: &kind_sets.sets[t][..usize::from(kind_sets.len[t])],
            t: t as u8,
        };
        group
            .nth(&mut recv, given, several, r)
            .unwrap_or(Action::NoTrade)
    }

    /// The `offset`-th trade of the `block`-th give multiset.
    fn trade_in_block(&self, block: usize, offset: usize) -> Option<Action> {
        let several = self.several_movement();
        let mut index = 0;
        let mut found = None;
        let _ = self.walk_gs(&KindSets::new(self.store), |given, lazy, group| {
            if index < block {
                index += 1;
                return ControlFlow::Continue(());
            }
            found = group.nth(&mut lazy.receivers(given), given, several, offset);
            ControlFlow::Break(())
        });
        found
    }

    /// Walks every give multiset with a possible take: its receivers and its take group.
    fn walk_gs<B>(
        &self,
        kinds: &KindSets,
        mut f: impl FnMut(&[(u8, Piece)], &Lazy<'_>, Group<'_>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let Givers {
            slots,
            len: n,
            pupils,
            pupil_len,
        } = self.givers::<48>();
        if kinds.max_pips == 0 {
            return ControlFlow::Continue(());
        }
        let max_given = kinds.max_pips + 1;
        let mut given: [(u8, Piece); 3] = [(0, Piece::Pawn); 3];
        for i in 0..n {
            let pi = slots[i].kind.pips();
            for j in i..=n {
                // j == n means "no second piece"; k == n "no third piece".
                if j < n && j == i && slots[i].count < 2 {
                    continue;
                }
                let pj = if j < n { slots[j].kind.pips() } else { 0 };
                if pi + pj > max_given {
                    continue;
                }
                for k in j..=n {
                    if k < n {
                        if j == n {
                            break;
                        }
                        let need = 1 + u8::from(k == i) + u8::from(k == j);
                        if slots[k].count < need {
                            continue;
                        }
                    }
                    let pk = if k < n { slots[k].kind.pips() } else { 0 };
                    let pips = pi + pj + pk;
                    if pips < 2 || pips > max_given || kinds.len[usize::from(pips - 2)] == 0 {
                        continue;
                    }
                    let mut len = 0;
                    for idx in [i, j, k] {
                        if idx < n {
                            given[len] = (slots[idx].sq, slots[idx].kind);
                            len += 1;
                        }
                    }
                    let t = usize::from(pips - 2);
                    let group = Group {
                        sets: &kinds.sets[t][..usize::from(kinds.len[t])],
                        t: t as u8,
                    };
                    f(
                        &given[..len],
                        &Lazy {
                            state: self,
                            pupils: &pupils[..pupil_len],
                        },
                        group,
                    )?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// At most 16 kind multisets of 1 to 3 pieces share a pip total (5 pips: 16).
const KIND_SETS: usize = 16;

/// The kind multisets (sorted, movement kinds first) the store can supply, by total pips.
struct KindSets {
    sets: [[([Piece; 3], u8); KIND_SETS]; 9],
    len: [u8; 9],
    max_pips: u8,
}

impl KindSets {
    fn new(store: Pieces) -> KindSets {
        let mut ks = KindSets {
            sets: [[([Piece::Pawn; 3], 0); KIND_SETS]; 9],
            len: [0; 9],
            max_pips: 0,
        };
        let push = |ks: &mut KindSets, set: [Piece; 3], len: u8| {
            let pips: u8 = set[..usize::from(len)].iter().map(|k| k.pips()).sum();
            let t = usize::from(pips) - 1;
            let l = usize::from(ks.len[t]);
            debug_assert!(l < KIND_SETS, "more kind sets than room");
            if l < KIND_SETS {
                ks.sets[t][l] = (set, len);
                ks.len[t] += 1;
                ks.max_pips = ks.max_pips.max(pips);
            }
        };
        for a in 0..6 {
            let ka = Piece::ALL[a];
            if store.0[a] == 0 {
                continue;
            }
            push(&mut ks, [ka; 3], 1);
            for b in a..6 {
                let kb = Piece::ALL[b];
                if store.0[b] < 1 + u8::from(a == b) {
                    continue;
                }
                push(&mut ks, [ka, kb, kb], 2);
                for c in b..6 {
                    let kc = Piece::ALL[c];
                    if store.0[c] < 1 + u8::from(a == c) + u8::from(b == c) {
                        continue;
                    }
                    push(&mut ks, [ka, kb, kc], 3);
                }
            }
        }
        ks
    }
}

/// Assigns taken kinds `kinds[t..]` to receivers, depth first: equal kinds go to
/// non-decreasing receivers (multisets), a movement piece only where there is room, a skill
/// piece only where a movement piece stands (kinds are sorted movement first), never a kind
/// back to a stack that gave it. At the leaf, every receiver must be legal.
fn assign<B>(
    recv: &mut Receivers,
    given: &[(u8, Piece)],
    kinds: &[Piece],
    several: bool,
    t: usize,
    choice: &mut [usize; 3],
    f: &mut impl FnMut(&[(u8, Piece)], &[(u8, Piece)]) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if t == kinds.len() {
        if recv.all_legal(several) {
            let mut taken = [(0u8, Piece::Pawn); 3];
            for (i, &k) in kinds.iter().enumerate() {
                taken[i] = (recv.sq[choice[i]], k);
            }
            return f(given, &taken[..kinds.len()]);
        }
        return ControlFlow::Continue(());
    }
    let kind = kinds[t];
    let first = if t > 0 && kinds[t - 1] == kind {
        choice[t - 1]
    } else {
        0
    };
    for r in first..recv.len {
        if recv.takes_back(r, kind) || !Stack::can_hold_more(recv.pieces[r], kind, several) {
            continue;
        }
        choice[t] = r;
        recv.pieces[r].add(kind);
        let flow = assign(recv, given, kinds, several, t + 1, choice, f);
        recv.pieces[r].remove(kind);
        flow?;
    }
    ControlFlow::Continue(())
}

impl Stacktrices {
    /// Whether `trade` is legal for the seat on turn (a direct check, no generation): the
    /// given pieces stand on the mover's stacks, the taken ones are in the store and add up
    /// to one pip less, and [`Receivers`] accept them.
    pub(crate) fn is_legal_trade(&self, trade: &Trade) -> bool {
        let me = self.turn;
        let mut given = [(0u8, Piece::Pawn); 3];
        let mut given_pips = 0u8;
        for (g, &PieceAt { piece, square }) in given.iter_mut().zip(trade.given()) {
            *g = (index(square), piece);
            given_pips += piece.pips();
        }
        let given = &given[..trade.given().len()];
        for &(sq, kind) in given {
            let times = given.iter().filter(|&&g| g == (sq, kind)).count();
            let held = self.board[usize::from(sq)]
                .filter(|st| st.owner == me)
                .map_or(0, |st| st.pieces.count(kind));
            if usize::from(held) < times {
                return false;
            }
        }
        let taken_pips: u8 = trade.taken().iter().map(|t| t.piece.pips()).sum();
        if taken_pips + 1 != given_pips {
            return false;
        }
        let pupils = self.givers::<0>();
        let mut recv = Receivers::new(self, given, &pupils.pupils[..pupils.pupil_len]);
        let mut store = self.store;
        for t in trade.taken() {
            let sq = index(t.square);
            let Some(r) = recv.sq[..recv.len].iter().position(|&s| s == sq) else {
                return false;
            };
            if store.count(t.piece) == 0 || recv.takes_back(r, t.piece) {
                return false;
            }
            store.remove(t.piece);
            recv.pieces[r].add(t.piece);
        }
        recv.all_legal(self.several_movement())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_sets_fit_with_a_full_store() {
        let ks = KindSets::new(Pieces(Piece::TOTALS));
        let lens: Vec<u8> = ks.len.to_vec();
        assert_eq!(lens, vec![2, 5, 10, 13, 16, 15, 12, 6, 4]);
        assert_eq!(ks.max_pips, 9);
    }
}
