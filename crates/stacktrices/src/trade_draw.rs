//! Uniform random trade decisions by rejection, without counting the legal trades.
//!
//! Every legal trade is one element of a larger set `S` that is cheap to count and to
//! index. An element of `S` is
//!
//! - a give multiset: 1 to 3 pieces of the mover's stacks, `p >= 2` pips. Its receivers
//!   are the stacks that gave (square order), then the pupils. A receiver is *empty* when
//!   it has no movement piece after the giving (a pupil, or a giver that gave its
//!   movement piece), *held* otherwise;
//! - a take kind multiset of `p - 1` pips that the store holds;
//! - the movement pieces taken placed on distinct empty receivers (a set of receivers and
//!   an order of the kinds on it);
//! - for each skill kind taken, a multiset of receivers among the held receivers and the
//!   ones that took a movement piece.
//!
//! Distinct elements are distinct trades, and every legal trade is an element: only
//! where a stack gets back a kind it gave, or an emptied giver keeps a skill piece without
//! taking a movement piece, is an element illegal. The draw takes a uniform index of `S`
//! plus one (index 0 is `trade=none`) and accepts it when it is `trade=none` or a legal
//! trade; otherwise it draws again. Each attempt is uniform over `S` and `trade=none`, so
//! the accepted result is uniform over the legal trades and `trade=none`, as for a draw
//! from the listed actions (in about 2 attempts on average in random games).
//!
//! After [`ATTEMPTS`] rejections the exact draw (`random_trade_exact`, counting every give
//! block) decides. That keeps the result uniform: after `k` failed attempts with failure
//! probability `f`, each legal choice has had probability `(1 - f^k) / (1 + T)` and the
//! exact draw adds `f^k / (1 + T)`; it is rare (at most 6 attempts are expected at any
//! trade decision met in 200 random games). Variant 2 (several movement pieces per stack)
//! always takes the exact draw.

use pyramid_core::bits::choose;
use pyramid_core::rand::Rng;

use crate::action::Action;
use crate::piece::{Piece, Pieces};
use crate::state::Stacktrices;
use crate::trade::{Givers, Receivers, Slot, make_trade};

/// Rejected attempts before the exact draw decides.
const ATTEMPTS: u32 = 64;

thread_local! {
    /// The give blocks' storage, reused from one draw to the next.
    static BLOCKS: std::cell::Cell<Vec<GiveBlock>> = const { std::cell::Cell::new(Vec::new()) };
}

/// A multiset of 1 to 3 taken kinds, split into movement and skill kinds.
#[derive(Clone, Copy)]
struct TakeSet {
    /// The movement kinds taken, ascending, repeats included.
    moves: [u8; 3],
    move_len: u8,
    /// The distinct orders of `moves` (`M! / (m_1! m_2! ...)`).
    orders: u8,
    /// The distinct skill kinds taken, ascending, and how many of each.
    skills: [u8; 3],
    skill_mult: [u8; 3],
    skill_len: u8,
    pips: u8,
    /// The multiplicities packed as 4-bit fields per kind.
    need: u32,
}

/// Number of kind multisets of 1 to 3 pieces over 6 kinds: 6 + 21 + 56.
const TAKE_SET_COUNT: usize = 83;

/// A take set from its sorted kind indices (`len` of `[a, b, c]` used).
const fn take_set(sorted: [usize; 3], len: usize) -> TakeSet {
    let mut set = TakeSet {
        moves: [0; 3],
        move_len: 0,
        orders: 1,
        skills: [0; 3],
        skill_mult: [0; 3],
        skill_len: 0,
        pips: 0,
        need: 0,
    };
    let mut i = 0;
    while i < len {
        let k = sorted[i];
        set.pips += (k % 3) as u8 + 1;
        set.need += 1 << (4 * k);
        if k < 3 {
            set.moves[set.move_len as usize] = k as u8;
            set.move_len += 1;
        } else {
            let d = set.skill_len as usize;
            if d > 0 && set.skills[d - 1] as usize == k {
                set.skill_mult[d - 1] += 1;
            } else {
                set.skills[d] = k as u8;
                set.skill_mult[d] = 1;
                set.skill_len += 1;
            }
        }
        i += 1;
    }
    let m = set.moves;
    set.orders = match set.move_len {
        2 if m[0] != m[1] => 2,
        3 if m[0] != m[1] && m[1] != m[2] => 6,
        3 if m[0] != m[2] => 3,
        _ => 1,
    };
    set
}

/// Every take multiset, ordered by pips; [`PIP_START`] gives each pip total's range.
const TAKE_SETS: [TakeSet; TAKE_SET_COUNT] = {
    let empty = take_set([0; 3], 0);
    let mut table = [empty; TAKE_SET_COUNT];
    let mut n = 0;
    let mut pips = 1;
    while pips <= 9 {
        let mut a = 0;
        while a < 6 {
            let mut b = a;
            // b == 6 and c == 6 stand for "no piece".
            while b <= 6 {
                let mut c = if b == 6 { 6 } else { b };
                while c <= 6 {
                    let len = 1 + (b < 6) as usize + (c < 6) as usize;
                    let set = take_set([a, b, c], len);
                    if set.pips == pips {
                        table[n] = set;
                        n += 1;
                    }
                    c += 1;
                }
                b += 1;
            }
            a += 1;
        }
        pips += 1;
    }
    table
};

/// `PIP_START[q]..PIP_START[q + 1]`: the take sets of `q` pips in [`TAKE_SETS`].
const PIP_START: [usize; 11] = {
    let mut starts = [TAKE_SET_COUNT; 11];
    let mut q = 10;
    while q > 0 {
        q -= 1;
        let mut i = TAKE_SET_COUNT;
        while i > 0 && TAKE_SETS[i - 1].pips >= q as u8 {
            i -= 1;
        }
        starts[q] = i;
    }
    starts
};

/// The number of multisets of `m` elements drawn from `r` (with repetition): `r + m - 1`
/// choose `m`.
const fn multichoose(r: u64, m: u8) -> u64 {
    if m == 0 {
        1
    } else {
        choose((r + m as u64 - 1) as u32, m as u32)
    }
}

/// The number of sets of `m` elements drawn from `r`.
const fn sets(r: u64, m: u8) -> u64 {
    choose(r as u32, m as u32)
}

/// The `idx`-th multiset (ascending elements) of `m` elements drawn from `0..r`, in
/// lexicographic order.
fn unrank_multiset(r: u64, m: u8, mut idx: u64) -> [u8; 3] {
    let mut out = [0u8; 3];
    let mut x = 0u64;
    for (i, slot) in out.iter_mut().take(usize::from(m)).enumerate() {
        // The multisets whose element `i` is `x` draw the rest from `x..r`.
        let rest = m - 1 - i as u8;
        loop {
            let block = multichoose(r - x, rest);
            if idx < block {
                break;
            }
            idx -= block;
            x += 1;
        }
        *slot = x as u8;
    }
    out
}

/// The `idx`-th set (ascending elements) of `m` elements drawn from `0..r`, in
/// lexicographic order.
fn unrank_set(r: u64, m: u8, mut idx: u64) -> [u8; 3] {
    let mut out = [0u8; 3];
    let mut x = 0u64;
    for (i, slot) in out.iter_mut().take(usize::from(m)).enumerate() {
        // The sets whose element `i` is `x` draw the rest from `x + 1..r`.
        let rest = m - 1 - i as u8;
        loop {
            let block = sets(r - x - 1, rest);
            if idx < block {
                break;
            }
            idx -= block;
            x += 1;
        }
        *slot = x as u8;
        x += 1;
    }
    out
}

/// The `idx`-th distinct order of the ascending `items` (lexicographic order).
fn unrank_order(items: &mut [u8], idx: u8) {
    for _ in 0..idx {
        // The next permutation: the last ascent, swap with the last larger, reverse.
        let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
            return;
        };
        let pivot = items[i - 1];
        let Some(j) = (i..items.len()).rev().find(|&j| items[j] > pivot) else {
            return;
        };
        items.swap(i - 1, j);
        items[i..].reverse();
    }
}

/// `FITS_BY_KIND[k][c]`: the take sets (bit `i` for `TAKE_SETS[i]`) that need at most `c`
/// pieces of kind `k`. The store holds a set when it holds enough of each kind.
const FITS_BY_KIND: [[u128; 4]; 6] = {
    let mut table = [[0u128; 4]; 6];
    let mut k = 0;
    while k < 6 {
        let mut c = 0;
        while c < 4 {
            let mut i = 0;
            while i < TAKE_SET_COUNT {
                if (TAKE_SETS[i].need >> (4 * k)) & 0xf <= c {
                    table[k][c as usize] |= 1 << i;
                }
                i += 1;
            }
            c += 1;
        }
        k += 1;
    }
    table
};

/// The number of elements of `S` a take set gives with `empty` empty receivers and
/// `held` held ones.
const fn set_weight(set: &TakeSet, empty: u64, held: u64) -> u64 {
    let mut w = sets(empty, set.move_len) * set.orders as u64;
    let skill_receivers = held + set.move_len as u64;
    let mut j = 0;
    while j < set.skill_len as usize {
        w *= multichoose(skill_receivers, set.skill_mult[j]);
        j += 1;
    }
    w
}

/// `SET_WEIGHTS[i][empty][held]`: [`set_weight`] of `TAKE_SETS[i]` (at most 10 receivers,
/// at most 3 of them held givers).
const SET_WEIGHTS: [[[u32; 4]; 11]; TAKE_SET_COUNT] = {
    let mut table = [[[0; 4]; 11]; TAKE_SET_COUNT];
    let mut i = 0;
    while i < TAKE_SET_COUNT {
        let mut empty = 0;
        while empty < 11 {
            let mut held = 0;
            while held < 4 {
                table[i][empty][held] = set_weight(&TAKE_SETS[i], empty as u64, held as u64) as u32;
                held += 1;
            }
            empty += 1;
        }
        i += 1;
    }
    table
};

/// Per decision: which take sets the store holds, and the weights of the give blocks by
/// pips taken, givers and emptied givers (computed when first needed).
struct TakeTable {
    /// Bit `i`: the store holds `TAKE_SETS[i]`.
    fits: u128,
    pupils: u8,
    /// `weight[q][givers][emptied]`, `u32::MAX` until computed.
    weight: [[[u32; 4]; 4]; 10],
}

impl TakeTable {
    fn new(store: Pieces, pupils: u8) -> TakeTable {
        let mut fits = u128::MAX;
        for (by_count, &c) in FITS_BY_KIND.iter().zip(&store.0) {
            fits &= by_count[usize::from(c.min(3))];
        }
        TakeTable {
            fits,
            pupils,
            weight: [[[u32::MAX; 4]; 4]; 10],
        }
    }

    /// The fitting take sets of `q` pips, as indices into [`TAKE_SETS`].
    fn sets(&self, q: u8) -> impl Iterator<Item = usize> {
        let q = usize::from(q);
        let (start, end) = (PIP_START[q], PIP_START[q + 1]);
        let mask = (self.fits >> start) as u64 & ((1 << (end - start)) - 1);
        pyramid_core::Bitboard(mask)
            .iter()
            .map(move |i| start + i as usize)
    }

    /// The number of elements of `S` per give multiset of this shape.
    fn weight(&mut self, q: u8, givers: u8, emptied: u8) -> u64 {
        let cell = self.weight[usize::from(q)][usize::from(givers)][usize::from(emptied)];
        if cell != u32::MAX {
            return u64::from(cell);
        }
        self.compute_weight(q, givers, emptied)
    }

    /// [`TakeTable::weight`] the first time.
    #[cold]
    fn compute_weight(&mut self, q: u8, givers: u8, emptied: u8) -> u64 {
        let empty = usize::from(self.pupils + emptied).min(10);
        let held = usize::from(givers - emptied).min(3);
        let w: u32 = self.sets(q).map(|i| SET_WEIGHTS[i][empty][held]).sum();
        self.weight[usize::from(q)][usize::from(givers)][usize::from(emptied)] = w;
        u64::from(w)
    }

    /// The take of a give multiset of `shape` at index `idx` (below its weight), as
    /// (receiver, kind) pairs (receivers: the givers, then the pupils) and their number.
    fn unrank(&self, shape: GiveShape, mut idx: u64) -> ([(u8, Piece); 3], usize) {
        // Receiver indices: the empty ones (emptied givers, pupils), the held givers.
        let mut empty = [0u8; 10];
        let mut held = [0u8; 6];
        let (mut e, mut h) = (0, 0);
        for g in 0..shape.givers {
            if shape.emptied >> g & 1 == 1 {
                empty[e] = g;
                e += 1;
            } else {
                held[h] = g;
                h += 1;
            }
        }
        for p in 0..self.pupils {
            empty[e] = shape.givers + p;
            e += 1;
        }
        let mut out = [(0u8, Piece::Pawn); 3];
        let mut len = 0;
        for i in self.sets(shape.q) {
            let set = &TAKE_SETS[i];
            let w = u64::from(SET_WEIGHTS[i][e.min(10)][h.min(3)]);
            if idx >= w {
                idx -= w;
                continue;
            }
            let m = set.move_len;
            let orders = u64::from(set.orders);
            let base = sets(e as u64, m) * orders;
            let digit = idx % base;
            idx /= base;
            let chosen = unrank_set(e as u64, m, digit / orders);
            let mut kinds = set.moves;
            unrank_order(&mut kinds[..usize::from(m)], (digit % orders) as u8);
            for (&c, &k) in chosen.iter().zip(&kinds).take(usize::from(m)) {
                out[len] = (empty[usize::from(c)], kind_of(k));
                len += 1;
                held[h] = empty[usize::from(c)];
                h += 1;
            }
            for j in 0..usize::from(set.skill_len) {
                let m = set.skill_mult[j];
                let base = multichoose(h as u64, m);
                let digit = idx % base;
                idx /= base;
                let receivers = unrank_multiset(h as u64, m, digit);
                for &r in &receivers[..usize::from(m)] {
                    out[len] = (held[usize::from(r)], kind_of(set.skills[j]));
                    len += 1;
                }
            }
            break;
        }
        (out, len)
    }
}

/// The kind of an index below 6.
fn kind_of(k: u8) -> Piece {
    Piece::from_index(usize::from(k)).unwrap_or(Piece::Pawn)
}

/// One give multiset (its slots) and the end of its range of indices in `S`.
#[derive(Clone, Copy)]
struct GiveBlock {
    slots: [u8; 3],
    len: u8,
    end: u64,
}

/// What the take of a give multiset depends on: the pips taken, the givers, and which of
/// them gave their movement piece (bit per giver, in square order).
#[derive(Clone, Copy)]
struct GiveShape {
    q: u8,
    givers: u8,
    emptied: u8,
}

/// The set `S` of one trade decision: the mover's give slots and pupils, the take table
/// and the give blocks with their ranges of indices.
struct TradeDraw<'a> {
    state: &'a Stacktrices,
    slots: [Slot; 24],
    pupils: [u8; 7],
    table: TakeTable,
    blocks: Vec<GiveBlock>,
}

impl<'a> TradeDraw<'a> {
    /// `S` for the seat on turn (Variant 2 off); `blocks` is reused storage.
    fn new(state: &'a Stacktrices, mut blocks: Vec<GiveBlock>) -> TradeDraw<'a> {
        let Givers {
            slots,
            len: n,
            pupils,
            pupil_len,
        } = state.givers::<24>();
        let mut table = TakeTable::new(state.store, pupil_len as u8);
        give_blocks(&slots[..n], &mut table, &mut blocks);
        TradeDraw {
            state,
            slots,
            pupils,
            table,
            blocks,
        }
    }

    /// The size of `S`.
    fn total(&self) -> u64 {
        self.blocks.last().map_or(0, |b| b.end)
    }

    /// The shape of a give multiset.
    fn shape(&self, block: &GiveBlock) -> GiveShape {
        let mut shape = GiveShape {
            q: 0,
            givers: 0,
            emptied: 0,
        };
        let mut pips = 0;
        let mut last = None;
        for &s in &block.slots[..usize::from(block.len)] {
            let slot = self.slots[usize::from(s)];
            pips += slot.kind.pips();
            if last != Some(slot.sq) {
                shape.givers += 1;
                last = Some(slot.sq);
            }
            if slot.kind.is_movement() {
                shape.emptied |= 1 << (shape.givers - 1);
            }
        }
        shape.q = pips - 1;
        shape
    }

    /// A uniform draw from the legal trades and `trade=none`, or `None` after [`ATTEMPTS`]
    /// rejections.
    fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let total = self.total();
        for _ in 0..ATTEMPTS {
            let r = rng.random_range(0..=total);
            if r == 0 {
                return Some(Action::NoTrade);
            }
            if let Some(action) = self.element(r - 1) {
                return Some(action);
            }
        }
        None
    }

    /// The element `r` of `S` (`0..total()`) when it is a legal trade.
    fn element(&self, r: u64) -> Option<Action> {
        let b = self.blocks.partition_point(|b| b.end <= r);
        let block = self.blocks.get(b)?;
        let start = if b == 0 { 0 } else { self.blocks[b - 1].end };
        let (take, take_len) = self.table.unrank(self.shape(block), r - start);
        let pupils = &self.pupils[..usize::from(self.table.pupils)];
        self.state
            .checked_trade(&self.slots, block, pupils, &take[..take_len])
    }
}

impl Stacktrices {
    /// A uniformly random trade decision (`trade=none` included), by rejection from the
    /// set `S` of this module's documentation.
    pub(crate) fn random_trade<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        if self.several_movement() {
            return self.random_trade_exact(rng);
        }
        let draw = TradeDraw::new(self, BLOCKS.take());
        let action = draw.draw(rng);
        BLOCKS.set(draw.blocks);
        action.unwrap_or_else(|| self.random_trade_exact(rng))
    }

    /// The trade giving `block`'s slots and taking `take` ((receiver index, kind) pairs),
    /// if legal (Variant 2 off): the element's receivers are [`Receivers`], which decide.
    fn checked_trade(
        &self,
        slots: &[Slot],
        block: &GiveBlock,
        pupils: &[u8],
        take: &[(u8, Piece)],
    ) -> Option<Action> {
        let mut given = [(0u8, Piece::Pawn); 3];
        for (g, &s) in given.iter_mut().zip(&block.slots[..usize::from(block.len)]) {
            let slot = slots[usize::from(s)];
            *g = (slot.sq, slot.kind);
        }
        let given = &given[..usize::from(block.len)];
        let mut recv = Receivers::new(self, given, pupils);
        let mut taken = [(0u8, Piece::Pawn); 3];
        for (t, &(r, kind)) in taken.iter_mut().zip(take) {
            let r = usize::from(r);
            if recv.takes_back(r, kind) {
                return None;
            }
            recv.pieces[r].add(kind);
            *t = (recv.sq[r], kind);
        }
        if !recv.all_legal(false) {
            return None;
        }
        make_trade(given, &taken[..take.len()])
    }
}

/// Every give multiset whose pips minus one the store can take, with its range in `S`.
/// Without Variant 2 a stack has one movement piece, so the givers that gave their
/// movement piece are as many as the movement slots of the multiset.
fn give_blocks(slots: &[Slot], table: &mut TakeTable, blocks: &mut Vec<GiveBlock>) {
    let n = slots.len();
    let mut sq = [0u8; 24];
    let mut pips = [0u8; 24];
    let mut moves = [0u8; 24];
    for (i, slot) in slots.iter().enumerate() {
        sq[i] = slot.sq;
        pips[i] = slot.kind.pips();
        moves[i] = u8::from(slot.kind.is_movement());
    }
    blocks.clear();
    let mut end = 0u64;
    let mut push = |slots: [u8; 3], len: u8, pips: u8, givers: u8, emptied: u8| {
        let w = table.weight(pips - 1, givers, emptied);
        if w > 0 {
            end += w;
            blocks.push(GiveBlock { slots, len, end });
        }
    };
    for i in 0..n {
        let (pi, ei) = (pips[i], moves[i]);
        if pi >= 2 {
            push([i as u8, 0, 0], 1, pi, 1, ei);
        }
        for j in i..n {
            if j == i && slots[i].count < 2 {
                continue;
            }
            let (pj, ej) = (pi + pips[j], ei + moves[j]);
            let gj = 1 + u8::from(sq[j] != sq[i]);
            push([i as u8, j as u8, 0], 2, pj, gj, ej);
            // The third piece: another of slot `j`, or a later slot.
            if slots[j].count >= 2 + u8::from(j == i) {
                push(
                    [i as u8, j as u8, j as u8],
                    3,
                    pj + pips[j],
                    gj,
                    ej + moves[j],
                );
            }
            for k in j + 1..n {
                let gk = gj + u8::from(sq[k] != sq[j]);
                push(
                    [i as u8, j as u8, k as u8],
                    3,
                    pj + pips[k],
                    gk,
                    ej + moves[k],
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use pyramid_core::rand::SeedableRng;
    use pyramid_core::{ChaCha8Rng, Game, RandomBot};

    use super::*;
    use crate::rules::{Rules, Start};
    use crate::state::Decision;

    /// The legal elements of `S` are the legal trades, each once.
    #[test]
    fn the_legal_elements_are_the_legal_trades() {
        let mut decisions = 0;
        for (seed, rules) in [
            Rules::default().with_start(Start::Standard),
            Rules::default()
                .with_start(Start::Standard)
                .with_variant1(true),
            Rules::default(),
        ]
        .iter()
        .cycle()
        .take(24)
        .enumerate()
        {
            let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
            let mut s = Stacktrices::new(rules);
            while let Some(a) = RandomBot::pick(&s, &mut rng) {
                if s.decision == Decision::Trade {
                    decisions += 1;
                    let draw = TradeDraw::new(&s, Vec::new());
                    let found: Vec<Action> =
                        (0..draw.total()).filter_map(|r| draw.element(r)).collect();
                    let distinct: HashSet<Action> = found.iter().copied().collect();
                    assert_eq!(distinct.len(), found.len(), "a trade twice in S");
                    let listed: HashSet<Action> = s
                        .legal_actions()
                        .into_iter()
                        .filter(|a| *a != Action::NoTrade)
                        .collect();
                    assert_eq!(
                        distinct,
                        listed,
                        "at `{}`",
                        pyramid_core::Notation::position(&s)
                    );
                }
                s.play_unchecked(a);
            }
        }
        assert!(decisions > 100);
    }

    #[test]
    fn take_sets_are_ordered_by_pips() {
        assert_eq!(PIP_START[1], 0);
        assert_eq!(PIP_START[10], TAKE_SET_COUNT);
        let per_pips: Vec<usize> = (1..10).map(|q| PIP_START[q + 1] - PIP_START[q]).collect();
        assert_eq!(per_pips, vec![2, 5, 10, 13, 16, 15, 12, 6, 4]);
        assert!(TAKE_SETS.windows(2).all(|w| w[0].pips <= w[1].pips));
    }

    #[test]
    fn sets_and_orders_unrank_in_order() {
        for r in 1..8u64 {
            for m in 1..=3u8 {
                let all: Vec<[u8; 3]> = (0..sets(r, m)).map(|i| unrank_set(r, m, i)).collect();
                let m = usize::from(m);
                assert!(all.windows(2).all(|w| w[0][..m] < w[1][..m]));
                assert!(all.iter().all(|x| x[..m].windows(2).all(|p| p[0] < p[1])));
                assert!(all.iter().all(|x| x[..m].iter().all(|&e| u64::from(e) < r)));
            }
        }
        let orders: Vec<Vec<u8>> = (0..6)
            .map(|i| {
                let mut v = vec![0, 1, 2];
                unrank_order(&mut v, i);
                v
            })
            .collect();
        assert_eq!(orders[5], vec![2, 1, 0]);
        assert!(orders.windows(2).all(|w| w[0] < w[1]));
        let mut v = vec![0, 0, 1];
        unrank_order(&mut v, 2);
        assert_eq!(v, vec![1, 0, 0]);
    }

    #[test]
    fn multisets_unrank_in_order() {
        for r in 1..8u64 {
            for m in 1..=3u8 {
                let all: Vec<[u8; 3]> = (0..multichoose(r, m))
                    .map(|i| unrank_multiset(r, m, i))
                    .collect();
                let m = usize::from(m);
                assert!(all.windows(2).all(|w| w[0][..m] < w[1][..m]));
                assert!(all.iter().all(|x| x[..m].windows(2).all(|p| p[0] <= p[1])));
                assert!(all.iter().all(|x| x[..m].iter().all(|&e| u64::from(e) < r)));
            }
        }
    }
}
