//! Move generation and direct legality checks.
//!
//! Both share [`Ctx`] (the mover's and the enemies' bitboards, the mover's stash) and
//! [`Reloc`] (which relocation source sets the capture resolution allows) with bulk
//! counting and selection (`fast.rs`), so they cannot disagree.

// Sizes index several parallel arrays (own, enemy, stash, zones): plain index loops read best.
#![allow(clippy::needless_range_loop)]

use std::ops::ControlFlow;

use pyramid_core::Game;
use pyramid_core::{Bitboard, RuleSet};

use crate::action::{Action, ActionKind};
use pyramid_core::bits::{bits, choose};

use crate::geometry::{ADJ, RING, at_least, dilate, neighbour_counts};
use crate::state::{AtaxxIce, PIECES_PER_SIZE};

/// The position as the mover sees it.
pub(crate) struct Ctx {
    pub(crate) own: [u64; 3],
    pub(crate) own_all: u64,
    pub(crate) enemy: [u64; 3],
    /// Enemy pieces of each size or smaller.
    pub(crate) enemy_le: [u64; 3],
    pub(crate) enemy_all: u64,
    pub(crate) empty: u64,
    /// How many pieces of each size the mover has on the board.
    pub(crate) on_board: [u32; 3],
    pub(crate) stash: [u32; 3],
    /// The mover's pieces whose clones place a piece of each size.
    pub(crate) parents: [u64; 3],
}

impl Ctx {
    /// The context of `mover` (the seat to move) in `state`.
    #[inline]
    pub(crate) fn new(state: &AtaxxIce, mover: usize) -> Ctx {
        let p = &state.pieces;
        // Seats the game does not have hold no pieces, so all four can be merged.
        let all = [0, 1, 2].map(|s| p[0][s] | p[1][s] | p[2][s] | p[3][s]);
        let own = p[mover & 3];
        let enemy = [all[0] & !own[0], all[1] & !own[1], all[2] & !own[2]];
        let on_board = own.map(u64::count_ones);
        let stash = on_board.map(|n| u32::from(PIECES_PER_SIZE).saturating_sub(n));
        Ctx {
            own,
            own_all: own[0] | own[1] | own[2],
            enemy,
            enemy_le: [
                enemy[0],
                enemy[0] | enemy[1],
                enemy[0] | enemy[1] | enemy[2],
            ],
            enemy_all: enemy[0] | enemy[1] | enemy[2],
            empty: state.board_bits() & !(all[0] | all[1] | all[2]),
            on_board,
            stash,
            parents: parents(own, stash),
        }
    }

    /// The size a clone of the mover's piece of `size` places: that size if the stash
    /// has one, else the smallest larger size it has (`None`: the clone is illegal).
    #[inline]
    pub(crate) fn clone_size(&self, size: usize) -> Option<usize> {
        (size..3).find(|&t| self.stash[t] > 0)
    }

    /// The size index of the mover's piece on bit `b`.
    pub(crate) fn own_size(&self, b: u8) -> Option<usize> {
        (0..3).find(|&s| self.own[s] & (1 << b) != 0)
    }

    /// The mover's pieces whose clones place a piece of size `size`.
    #[inline]
    pub(crate) fn parents_of(&self, size: usize) -> u64 {
        self.parents[size]
    }

    /// For each size, the squares where a clone (`.0`) or a jump (`.1`) of a piece of
    /// that size captures more pieces of some size than the mover's stash holds while
    /// the mover has pieces of that size on the board, so that the capture resolution
    /// may relocate some. Anywhere else such an action is one action with no
    /// relocation.
    pub(crate) fn relocation_zones(&self) -> ([u64; 3], [u64; 3]) {
        let z = self.zones();
        (z.clone, z.jump)
    }

    /// The relocation zones (see [`Zones`]).
    #[inline]
    pub(crate) fn zones(&self) -> Zones {
        // over[s]: squares next to more enemy pieces of size s than the stash holds;
        // tight[s]: next to at least as many (a clone of size s takes one first).
        let mut over = [0u64; 3];
        let mut tight = [0u64; 3];
        for s in 0..3 {
            let e = self.enemy[s];
            // Without a capture of this size, or without a piece of it to relocate, an
            // action has no relocation of this size.
            if e == 0 || self.own[s] == 0 {
                continue;
            }
            let stash = self.stash[s];
            if stash == 0 {
                over[s] = dilate(e);
                continue;
            }
            let n = e.count_ones();
            if n < stash {
                continue;
            }
            let planes = ((stash >= 1 && n > stash) || stash >= 2).then(|| neighbour_counts(e));
            let level = |t: u32| match (t, &planes) {
                (1, _) => dilate(e),
                (_, Some(p)) => at_least(p, t),
                _ => 0,
            };
            if n > stash {
                over[s] = level(stash + 1);
            }
            if stash > 0 {
                tight[s] = level(stash);
            }
        }
        let jump = [over[0], over[0] | over[1], over[0] | over[1] | over[2]];
        // A clone places a piece of its size only if the stash has one.
        let [has0, has1, has2] = self.stash.map(|n| 0u64.wrapping_sub(u64::from(n > 0)));
        let clone = [
            tight[0] & has0,
            (jump[0] | tight[1]) & has1,
            (jump[1] | tight[2]) & has2,
        ];
        Zones {
            over,
            tight,
            clone,
            jump,
        }
    }

    /// The empty squares a clone placing `size` can reach: next to a parent placing it.
    #[inline]
    pub(crate) fn clone_targets(&self, size: usize) -> u64 {
        dilate(self.parents[size]) & self.empty
    }

    /// The empty squares a jump from `from` can reach: at distance exactly 2.
    #[inline]
    pub(crate) fn jump_targets(&self, from: u8) -> u64 {
        RING[usize::from(from)] & self.empty
    }

    /// How many captured squares of size `s` a clone placing `size` on `to` leaves
    /// for relocations: the enemy pieces of size `s` next to `to` beyond what the stash
    /// holds (the clone takes a piece of its own size from the stash first).
    #[inline]
    fn clone_need(&self, to: u8, s: usize, size: usize) -> u32 {
        let stash = self.stash[s].saturating_sub(u32::from(s == size));
        (ADJ[usize::from(to)] & self.enemy[s])
            .count_ones()
            .saturating_sub(stash)
    }

    /// How many captured squares of size `s` a jump to `to` leaves for relocations.
    #[inline]
    fn jump_need(&self, to: u8, s: usize) -> u32 {
        (ADJ[usize::from(to)] & self.enemy[s])
            .count_ones()
            .saturating_sub(self.stash[s])
    }

    /// The number of relocation sets of a clone placing `size` on `to`: what
    /// `clone_reloc(to, size).count()` says, looking only at the sizes that `z` says
    /// need relocations there.
    #[inline]
    pub(crate) fn clone_choices(&self, z: &Zones, to: u8, size: usize) -> u64 {
        let bit = 1u64 << to;
        let mut n = 1;
        for s in 0..=size {
            let zone = if s == size { z.tight[s] } else { z.over[s] };
            if zone & bit != 0 {
                n *= choices(self.on_board[s], self.clone_need(to, s, size));
            }
        }
        n
    }

    /// The number of relocation sets of a jump of the piece of `size` to `to`: what
    /// `jump_reloc(from, to, size).count()` says (the jumper is never a source).
    #[inline]
    pub(crate) fn jump_choices(&self, z: &Zones, to: u8, size: usize) -> u64 {
        let bit = 1u64 << to;
        let mut n = 1;
        for s in 0..=size {
            if z.over[s] & bit != 0 {
                let avail = self.on_board[s] - u32::from(s == size);
                n *= choices(avail, self.jump_need(to, s));
            }
        }
        n
    }

    /// The relocation rule of a clone placing a piece of `size` on `to`.
    pub(crate) fn clone_reloc(&self, to: u8, size: usize) -> Reloc {
        let mut r = Reloc::NONE;
        for s in 0..=size {
            r.need[s] = self.clone_need(to, s, size);
            r.avail[s] = self.own[s];
        }
        r
    }

    /// The relocation rule of a jump of the piece of `size` from `from` to `to`.
    pub(crate) fn jump_reloc(&self, from: u8, to: u8, size: usize) -> Reloc {
        let mut r = Reloc::NONE;
        for s in 0..=size {
            r.need[s] = self.jump_need(to, s);
            r.avail[s] = self.own[s] & !(1u64 << from);
        }
        r
    }

    /// Shrinking the piece of `size` on `sq`, for the pieces of size `s`: how many
    /// captured squares need a relocation, and the mover's pieces that may fill them. The
    /// mover's pieces next to `sq` are destroyed before the captures (their sizes go back
    /// to the stash); the shrunk piece stays, one size smaller, and is no source.
    #[inline]
    fn shrink_need(&self, sq: u8, size: usize, s: usize) -> (u32, u64) {
        let adj = ADJ[usize::from(sq)];
        let m = 1u64 << sq;
        let mut own = self.own[s];
        if s == size {
            own &= !m;
        } else if s + 1 == size {
            own |= m;
        }
        let after = own & !adj;
        let stash = u32::from(PIECES_PER_SIZE).saturating_sub(after.count_ones());
        let need = (adj & self.enemy[s]).count_ones().saturating_sub(stash);
        (need, after & !m)
    }

    /// The relocation rule of shrinking the piece of `size` on `sq`.
    pub(crate) fn shrink_reloc(&self, sq: u8, size: usize) -> Reloc {
        let mut r = Reloc::NONE;
        if ADJ[usize::from(sq)] & self.enemy_all == 0 {
            return r;
        }
        for s in 0..3 {
            (r.need[s], r.avail[s]) = self.shrink_need(sq, size, s);
        }
        r
    }

    /// The number of relocation sets of shrinking the piece of `size` on `sq`: what
    /// `shrink_reloc(sq, size).count()` says, looking only at the sizes an adjacent
    /// enemy has.
    #[inline]
    pub(crate) fn shrink_choices(&self, sq: u8, size: usize) -> u64 {
        let adj = ADJ[usize::from(sq)];
        let mut n = 1;
        for s in 0..3 {
            let captured = adj & self.enemy[s];
            if captured == 0 {
                continue;
            }
            // The stash keeps at least 5 minus the pieces of size `s` on the board (with
            // the shrunk one): when that covers the captures, nothing is relocated.
            let kept = u32::from(PIECES_PER_SIZE)
                .saturating_sub(self.on_board[s] + u32::from(s + 1 == size));
            // (One capture, the common case, needs no count.)
            if kept >= 1 && captured & captured.wrapping_sub(1) == 0 {
                continue;
            }
            if captured.count_ones() <= kept {
                continue;
            }
            let (need, avail) = self.shrink_need(sq, size, s);
            n *= choices(avail.count_ones(), need);
        }
        n
    }

    /// Whether the mover may grow the piece of `size`.
    pub(crate) fn can_grow(&self, size: usize) -> bool {
        size < 2 && self.stash[size + 1] > 0
    }

    /// Whether the mover may shrink the piece of `size`.
    pub(crate) fn can_shrink(&self, size: usize) -> bool {
        size == 0 || self.stash[size - 1] > 0
    }
}

/// For each size, the pieces of `own` whose clones place that size (see
/// [`Ctx::clone_size`]), given the mover's `stash`; computed with masks, no branches.
#[inline]
fn parents(own: [u64; 3], stash: [u32; 3]) -> [u64; 3] {
    // All ones when the stash has a piece of the size.
    let [has0, has1, has2] = stash.map(|n| 0u64.wrapping_sub(u64::from(n > 0)));
    [
        own[0] & has0,
        (own[1] | own[0] & !has0) & has1,
        (own[2] | own[1] & !has1 | own[0] & !has0 & !has1) & has2,
    ]
}

/// Where the capture resolution may relocate pieces of the mover: per size `s`, the
/// squares next to more enemy pieces of size `s` than the mover's stash holds
/// (`over`), or at least as many (`tight`: a clone of size `s` takes one from the
/// stash first), both empty when the mover has no piece of size `s` on the board; and
/// from them the squares where a clone placing, or a jump of a piece of, each size
/// may relocate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Zones {
    pub(crate) over: [u64; 3],
    pub(crate) tight: [u64; 3],
    pub(crate) clone: [u64; 3],
    pub(crate) jump: [u64; 3],
}

/// The number of ways to choose the sources of `need` relocations among `avail`
/// pieces: 1 when there is no choice (all are used).
#[inline]
fn choices(avail: u32, need: u32) -> u64 {
    if need > 0 && avail > need {
        choose(avail, need)
    } else {
        1
    }
}

/// The lowest-index square of `parents` next to `to`.
#[inline]
pub(crate) fn lowest_parent(parents: u64, to: u8) -> u8 {
    Bitboard(ADJ[usize::from(to)] & parents)
        .first()
        .map_or(64, |i| i as u8)
}

/// Which relocation sets the capture resolution allows: for each size, the mover's
/// pieces that may be relocated and how many squares need one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reloc {
    pub(crate) avail: [u64; 3],
    pub(crate) need: [u32; 3],
}

impl Reloc {
    pub(crate) const NONE: Reloc = Reloc {
        avail: [0; 3],
        need: [0; 3],
    };

    /// How many distinct source sets there are (at least 1).
    pub(crate) fn count(&self) -> u64 {
        let mut n = 1;
        for s in 0..3 {
            n *= choices(self.avail[s].count_ones(), self.need[s]);
        }
        n
    }

    /// Whether `relocs` is one of the allowed sets.
    pub(crate) fn accepts(&self, relocs: u64) -> bool {
        let all = self.avail[0] | self.avail[1] | self.avail[2];
        relocs & !all == 0
            && (0..3).all(|s| {
                (relocs & self.avail[s]).count_ones()
                    == self.need[s].min(self.avail[s].count_ones())
            })
    }

    /// The only allowed set, when there is no choice.
    #[inline]
    fn forced(&self) -> Option<u64> {
        let mut set = 0;
        for s in 0..3 {
            if self.need[s] > 0 {
                if self.avail[s].count_ones() > self.need[s] {
                    return None;
                }
                set |= self.avail[s];
            }
        }
        Some(set)
    }

    /// The allowed set of index `i` (below [`Reloc::count`]) in the order of
    /// [`Reloc::try_for_each`] (size 0 varying slowest), unranked size by size without
    /// enumerating.
    pub(crate) fn nth(&self, mut i: u64) -> u64 {
        let mut set = 0;
        for s in (0..3).rev() {
            let (need, avail) = (self.need[s], self.avail[s]);
            if need == 0 {
                continue;
            }
            let a = avail.count_ones();
            if a <= need {
                set |= avail;
                continue;
            }
            let n = choose(a, need);
            set |= nth_subset(avail, a, need, i % n);
            i /= n;
        }
        set
    }

    /// Calls `f` on every allowed set.
    #[inline]
    pub(crate) fn try_for_each<B>(
        &self,
        mut f: impl FnMut(u64) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if let Some(set) = self.forced() {
            return f(set);
        }
        let [a, b, c] = [0, 1, 2].map(|s| Subsets::new(self.avail[s], self.need[s]));
        for x in a {
            for y in b.clone() {
                for z in c.clone() {
                    f(x | y | z)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The subset of index `j` among the `k`-member subsets of `avail` (which has `a`
/// members) in decreasing numeric order, the order of [`Subsets`]: the subsets holding
/// the highest member come first, `choose(a - 1, k - 1)` of them.
fn nth_subset(avail: u64, a: u32, mut k: u32, mut j: u64) -> u64 {
    let (mut set, mut rest, mut below) = (0, avail, a);
    while k > 0 && rest != 0 {
        let top = 1u64 << (63 - rest.leading_zeros());
        rest ^= top;
        below -= 1;
        let with = choose(below, k - 1);
        if j < with {
            set |= top;
            k -= 1;
        } else {
            j -= with;
        }
    }
    set
}

/// The subsets of `avail` with `need` members (all of `avail` if it has fewer).
#[derive(Clone)]
struct Subsets {
    avail: u64,
    need: u32,
    next: Option<u64>,
}

impl Subsets {
    fn new(avail: u64, need: u32) -> Subsets {
        if need == 0 {
            Subsets {
                avail: 0,
                need: 0,
                next: Some(0),
            }
        } else if avail.count_ones() <= need {
            Subsets {
                avail,
                need: avail.count_ones(),
                next: Some(avail),
            }
        } else {
            Subsets {
                avail,
                need,
                next: Some(avail),
            }
        }
    }
}

impl Iterator for Subsets {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        loop {
            let sub = self.next?;
            self.next = if sub == 0 {
                None
            } else {
                Some((sub - 1) & self.avail)
            };
            if sub.count_ones() == self.need {
                return Some(sub);
            }
        }
    }
}

impl AtaxxIce {
    pub(crate) fn rules_seats(&self) -> usize {
        self.rules.seats().min(4)
    }

    /// Calls `f` on every legal action: clones, jumps, grows, shrinks, then a pass when
    /// nothing else is legal: [`Game::try_for_each_action`].
    pub(crate) fn try_for_each_action<B>(
        &self,
        mut f: impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.is_over() {
            return ControlFlow::Continue(());
        }
        let c = Ctx::new(self, usize::from(self.to_move));
        let (clone_zone, jump_zone) = c.relocation_zones();
        let mut any = false;
        for size in 0..3 {
            let parents = c.parents_of(size);
            if parents == 0 {
                continue;
            }
            let zone = clone_zone[size];
            for to in bits(c.clone_targets(size)) {
                let from = lowest_parent(parents, to);
                any = true;
                if zone & (1 << to) == 0 {
                    f(Action::clone_move(from, to, 0))?;
                } else {
                    c.clone_reloc(to, size)
                        .try_for_each(|r| f(Action::clone_move(from, to, r)))?;
                }
            }
        }
        for size in 0..3 {
            if c.own[size] == 0 {
                continue;
            }
            let zone = jump_zone[size];
            for from in bits(c.own[size]) {
                for to in bits(c.jump_targets(from)) {
                    any = true;
                    if zone & (1 << to) == 0 {
                        f(Action::jump(from, to, 0))?;
                    } else {
                        c.jump_reloc(from, to, size)
                            .try_for_each(|r| f(Action::jump(from, to, r)))?;
                    }
                }
            }
        }
        for size in 0..2 {
            if c.can_grow(size) {
                for sq in bits(c.own[size]) {
                    any = true;
                    f(Action::grow(sq))?;
                }
            }
        }
        for sq in bits(c.own_all) {
            let Some(size) = c.own_size(sq) else { continue };
            if c.can_shrink(size) {
                any = true;
                c.shrink_reloc(sq, size)
                    .try_for_each(|r| f(Action::shrink(sq, r)))?;
            }
        }
        if !any {
            f(Action::PASS)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether the mover has any action other than a pass.
    fn has_non_pass_action(&self, c: &Ctx) -> bool {
        (0..3).any(|s| c.own[s] != 0 && (c.can_shrink(s) || c.can_grow(s)))
            || (0..3).any(|s| c.clone_targets(s) != 0)
            || bits(c.own_all).any(|from| c.jump_targets(from) != 0)
    }

    /// The clone's canonical spelling: the lowest-index parent placing the same size on
    /// the same square. `None` if `from` holds no piece of the mover.
    pub(crate) fn canonical_parent(&self, c: &Ctx, from: u8, to: u8) -> Option<u8> {
        let size = c.clone_size(c.own_size(from)?)?;
        let parents = ADJ[usize::from(to)] & c.parents_of(size);
        Bitboard(parents).first().map(|i| i as u8)
    }

    /// Whether `a` is legal, checked directly: [`Game::is_legal`].
    pub(crate) fn is_legal(&self, a: Action) -> bool {
        if self.is_over() || a.to >= 64 || a.from >= 64 {
            return false;
        }
        let c = Ctx::new(self, usize::from(self.to_move));
        let to_bit = 1u64 << a.to;
        match a.kind {
            ActionKind::Pass => !self.has_non_pass_action(&c),
            ActionKind::Grow => a.relocs == 0 && c.own_size(a.to).is_some_and(|s| c.can_grow(s)),
            ActionKind::Shrink => match c.own_size(a.to) {
                Some(s) if c.can_shrink(s) => c.shrink_reloc(a.to, s).accepts(a.relocs),
                _ => false,
            },
            ActionKind::Clone => {
                let Some(p) = c.own_size(a.from) else {
                    return false;
                };
                let Some(size) = c.clone_size(p) else {
                    return false;
                };
                c.empty & to_bit != 0
                    && ADJ[usize::from(a.from)] & to_bit != 0
                    && self.canonical_parent(&c, a.from, a.to) == Some(a.from)
                    && c.clone_reloc(a.to, size).accepts(a.relocs)
            }
            ActionKind::Jump => {
                let Some(p) = c.own_size(a.from) else {
                    return false;
                };
                c.empty & to_bit != 0
                    && RING[usize::from(a.from)] & to_bit != 0
                    && c.jump_reloc(a.from, a.to, p).accepts(a.relocs)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Reloc::nth` unranks exactly the sets `Reloc::try_for_each` lists, in its order.
    #[test]
    fn nth_relocation_set_follows_the_enumeration() {
        let avails = [0u64, 0b1, 0b1011, 0b1_0110_1001, 0x8000_0000_0001_0110];
        for a0 in avails {
            for a1 in avails {
                for a2 in [0u64, 0b11_0000, 0xF000] {
                    for need in [
                        [0, 0, 0],
                        [1, 0, 0],
                        [2, 1, 0],
                        [1, 2, 1],
                        [3, 1, 2],
                        [0, 0, 2],
                    ] {
                        let r = Reloc {
                            avail: [a0, a1 << 20, a2 << 40],
                            need,
                        };
                        let mut listed = Vec::new();
                        let _ = r.try_for_each(|set| {
                            listed.push(set);
                            ControlFlow::<()>::Continue(())
                        });
                        assert_eq!(listed.len() as u64, r.count(), "{r:?}");
                        for (i, &set) in listed.iter().enumerate() {
                            assert_eq!(r.nth(i as u64), set, "set {i} of {r:?}");
                        }
                    }
                }
            }
        }
    }
}
