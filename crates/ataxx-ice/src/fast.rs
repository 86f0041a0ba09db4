//! Bulk counting, selection by index and the fused random playout, all from one table
//! of counted blocks of actions ([`Blocks`]).
//!
//! A position's legal actions are counted once, block by block (the clones placing one
//! size, the jumps of one piece, the grows and the shrinks of one size); selecting the
//! action of index `k` then skips whole blocks by their stored counts and works out
//! only the block that holds `k`. [`Game::count_actions`], [`Game::nth_action`],
//! [`Game::random_action`] and [`Game::play_random`] all go through it, so they number
//! the actions alike.

// Sizes index several parallel arrays (own, stash, zones, counts): index loops read best.
#![allow(clippy::needless_range_loop)]

use pyramid_core::Game;
use pyramid_core::rand::Rng;

use crate::action::Action;
use pyramid_core::bits::{bits, select};

use crate::geometry::dilate;
use crate::movegen::{Ctx, Reloc, Zones, lowest_parent};
use crate::state::{AtaxxIce, PIECES_PER_SEAT};

/// The most pieces a seat can have on the board.
const MAX_PIECES: usize = PIECES_PER_SEAT as usize;

/// An action picked from [`Blocks`], with the size it concerns (the size a clone
/// places, or the size of the piece that jumps, grows or shrinks), so that playing it
/// need not look the size up again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pick {
    pub(crate) action: Action,
    pub(crate) size: usize,
}

/// The legal actions of the mover of a [`Ctx`], counted block by block, in the order
/// that numbers them: clones by placed size; jumps by piece (size, then square); then,
/// size by size, grows and shrinks. A pass (legal only when nothing else is) is the
/// single action of a position whose blocks are all empty.
pub(crate) struct Blocks {
    /// Where clones and jumps need relocations.
    zones: Zones,
    /// Per placed size: the clone destinations needing no relocation.
    clone_plain: [u64; 3],
    /// Per placed size: the number of clone actions (each relocation set counts).
    clones: [u64; 3],
    /// Per piece of the mover, in order (size, then square): its number of jumps.
    jumps: [u64; MAX_PIECES],
    /// The same pieces: square and size.
    pieces: [(u8, u8); MAX_PIECES],
    /// How many entries of `jumps` and `pieces` are in use.
    piece_count: usize,
    /// Per size: the number of grows.
    grows: [u64; 3],
    /// Per size: the number of shrinks.
    shrinks: [u64; 3],
    /// The number of legal actions (1 for a lone pass).
    pub(crate) total: u64,
}

impl Blocks {
    /// No block counted yet.
    pub(crate) const EMPTY: Blocks = Blocks {
        zones: Zones {
            over: [0; 3],
            tight: [0; 3],
            clone: [0; 3],
            jump: [0; 3],
        },
        clone_plain: [0; 3],
        clones: [0; 3],
        jumps: [0; MAX_PIECES],
        pieces: [(0, 0); MAX_PIECES],
        piece_count: 0,
        grows: [0; 3],
        shrinks: [0; 3],
        total: 0,
    };

    /// Counts the legal actions of the mover of `c`.
    pub(crate) fn count(c: &Ctx) -> Blocks {
        let mut b = Blocks::EMPTY;
        b.recount(c);
        b
    }

    /// Counts the legal actions of the mover of `c` into `self`, in place (the table is
    /// a few hundred bytes: the playout loop keeps one). Every block that a selection
    /// in the same context reads is written.
    #[inline]
    pub(crate) fn recount(&mut self, c: &Ctx) {
        self.zones = c.zones();
        let mut total = 0;
        for size in 0..3 {
            total += self.count_clones(c, size);
        }
        let mut piece = 0;
        for size in 0..3 {
            for from in bits(c.own[size]) {
                if piece == MAX_PIECES {
                    break;
                }
                let n = self.count_jumps(c, from, size);
                self.jumps[piece] = n;
                self.pieces[piece] = (from, size as u8);
                piece += 1;
                total += n;
            }
        }
        self.piece_count = piece;
        let near_enemy = dilate(c.enemy_all);
        for size in 0..3 {
            self.grows[size] = if c.can_grow(size) {
                u64::from(c.on_board[size])
            } else {
                0
            };
            self.shrinks[size] = if c.can_shrink(size) {
                count_shrinks(c, size, near_enemy)
            } else {
                0
            };
            total += self.grows[size] + self.shrinks[size];
        }
        self.total = total.max(1);
    }

    /// Counts (and stores) the clones placing `size`: one per plain destination, one
    /// per relocation set on the others.
    #[inline]
    fn count_clones(&mut self, c: &Ctx, size: usize) -> u64 {
        if c.parents[size] == 0 {
            self.clone_plain[size] = 0;
            self.clones[size] = 0;
            return 0;
        }
        let dests = c.clone_targets(size);
        let risky = dests & self.zones.clone[size];
        let plain = dests ^ risky;
        let mut n = u64::from(plain.count_ones());
        if risky != 0 {
            n += self.risky_clones(c, risky, size);
        }
        self.clone_plain[size] = plain;
        self.clones[size] = n;
        n
    }

    /// Counts the jumps of the piece of `size` on `from`.
    #[inline]
    fn count_jumps(&self, c: &Ctx, from: u8, size: usize) -> u64 {
        let targets = c.jump_targets(from);
        let zone = self.zones.jump[size];
        let n = u64::from((targets & !zone).count_ones());
        match targets & zone {
            0 => n,
            risky => n + self.risky_jumps(c, risky, size),
        }
    }

    /// The jumps of a piece of `size` to the squares of `risky`, each once per
    /// relocation set. Out of line, so that the loop over the pieces stays small.
    #[inline(never)]
    fn risky_jumps(&self, c: &Ctx, risky: u64, size: usize) -> u64 {
        bits(risky)
            .map(|to| c.jump_choices(&self.zones, to, size))
            .sum()
    }

    /// The clones placing `size` on the squares of `risky`, each once per relocation
    /// set (out of line, as [`Blocks::risky_jumps`]).
    #[inline(never)]
    fn risky_clones(&self, c: &Ctx, risky: u64, size: usize) -> u64 {
        bits(risky)
            .map(|to| c.clone_choices(&self.zones, to, size))
            .sum()
    }

    /// A uniformly random index below [`Blocks::total`], drawn as
    /// [`pyramid_core::random_action_by_walk`] draws it (a `usize` range, which takes
    /// one 32-bit word of the generator for counts below 2^32), so that
    /// [`Game::random_action`] picks the action the generic walk picks.
    #[inline]
    pub(crate) fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> u64 {
        // A `usize` range below 2^32 is drawn as the `u32` range (rand 0.9); asking
        // for that directly skips a test.
        match u32::try_from(self.total) {
            Ok(n) => u64::from(rng.random_range(0..n)),
            Err(_) => rng.random_range(0..usize::try_from(self.total).unwrap_or(usize::MAX)) as u64,
        }
    }

    /// The action of index `k` (below [`Blocks::total`]), found by skipping whole
    /// blocks; `None` when `k` is out of range.
    #[inline]
    pub(crate) fn pick(&self, c: &Ctx, mut k: u64) -> Option<Pick> {
        if k >= self.total {
            return None;
        }
        for size in 0..3 {
            let n = self.clones[size];
            if k < n {
                return Some(self.pick_clone(c, size, k));
            }
            k -= n;
        }
        for piece in 0..self.piece_count.min(MAX_PIECES) {
            let n = self.jumps[piece];
            if k < n {
                let (from, size) = self.pieces[piece];
                return Some(self.pick_jump(c, from, usize::from(size), k));
            }
            k -= n;
        }
        for size in 0..3 {
            let n = self.grows[size];
            if k < n {
                let action = Action::grow(select(c.own[size], k).map_or(64, |sq| sq as u8));
                return Some(Pick { action, size });
            }
            k -= n;
            let n = self.shrinks[size];
            if k < n {
                return Some(pick_shrink(c, size, k));
            }
            k -= n;
        }
        Some(Pick {
            action: Action::PASS,
            size: 0,
        })
    }

    /// The clone of index `k` among those placing `size`: plain destinations first,
    /// then the others square by square, each with its relocation sets.
    fn pick_clone(&self, c: &Ctx, size: usize, k: u64) -> Pick {
        let (to, relocs) = match select(self.clone_plain[size], k) {
            Ok(to) => (to as u8, 0),
            Err(n) => {
                let risky = c.clone_targets(size) & self.zones.clone[size];
                nth_relocated(risky, k - u64::from(n), |to| c.clone_reloc(to, size))
            }
        };
        let action = Action::clone_move(lowest_parent(c.parents[size], to), to, relocs);
        Pick { action, size }
    }

    /// The jump of index `k` of the piece of `size` on `from`: plain targets first,
    /// then the others, each with its relocation sets.
    fn pick_jump(&self, c: &Ctx, from: u8, size: usize, k: u64) -> Pick {
        let targets = c.jump_targets(from);
        let zone = self.zones.jump[size];
        let (to, relocs) = match select(targets & !zone, k) {
            Ok(to) => (to as u8, 0),
            Err(n) => nth_relocated(targets & zone, k - u64::from(n), |to| {
                c.jump_reloc(from, to, size)
            }),
        };
        Pick {
            action: Action::jump(from, to, relocs),
            size,
        }
    }
}

/// Among the destinations `targets` (ascending), each with the relocation sets
/// `relocations(to)`, the destination and relocation set of index `k` (counted over all
/// of them, destination by destination); `(64, 0)` when `k` is past the last.
#[inline(always)]
fn nth_relocated(targets: u64, mut k: u64, relocations: impl Fn(u8) -> Reloc) -> (u8, u64) {
    for to in bits(targets) {
        let r = relocations(to);
        let n = r.count();
        if k < n {
            return (to, r.nth(k));
        }
        k -= n;
    }
    (64, 0)
}

/// The number of shrinks of the mover's pieces of `size`: one per piece, more where
/// adjacent enemies (`near_enemy`: the squares next to one) leave a choice of
/// relocation sources.
#[inline]
fn count_shrinks(c: &Ctx, size: usize, near_enemy: u64) -> u64 {
    let n = u64::from(c.on_board[size]);
    match c.own[size] & near_enemy {
        0 => n,
        near => n + extra_shrinks(c, size, near),
    }
}

/// How many more shrinks than pieces the mover's pieces of `size` on `near` (squares
/// next to an enemy) have: their relocation choices beyond the first. Kept out of line:
/// most positions have no such piece.
#[inline(never)]
fn extra_shrinks(c: &Ctx, size: usize, near: u64) -> u64 {
    bits(near).map(|sq| c.shrink_choices(sq, size) - 1).sum()
}

/// The shrink of index `k` among the mover's pieces of `size`, square by square, each
/// with its relocation sets.
fn pick_shrink(c: &Ctx, size: usize, mut k: u64) -> Pick {
    let mut action = Action::PASS;
    for sq in bits(c.own[size]) {
        let r = c.shrink_reloc(sq, size);
        let n = r.count();
        if k < n {
            action = Action::shrink(sq, r.nth(k));
            break;
        }
        k -= n;
    }
    Pick { action, size }
}

impl AtaxxIce {
    /// The number of legal actions (bulk counting): [`Game::count_actions`].
    pub(crate) fn count_actions(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let c = Ctx::new(self, usize::from(self.to_move));
        usize::try_from(Blocks::count(&c).total).unwrap_or(usize::MAX)
    }

    /// The legal action of index `k` in the order of [`Blocks`] (not the order of
    /// generation): [`Game::nth_action`]. `None` when `k` is not below the count.
    pub(crate) fn select(&self, k: u64) -> Option<Action> {
        if self.is_over() {
            return None;
        }
        let c = Ctx::new(self, usize::from(self.to_move));
        Blocks::count(&c).pick(&c, k).map(|p| p.action)
    }

    /// A uniformly random legal action, one count and one selection:
    /// [`Game::random_action`].
    pub(crate) fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.is_over() {
            return None;
        }
        let c = Ctx::new(self, usize::from(self.to_move));
        let blocks = Blocks::count(&c);
        blocks.pick(&c, blocks.draw(rng)).map(|p| p.action)
    }

    /// Plays uniformly random actions until the game ends or `max_plies` are played
    /// ([`Game::play_random`]): per ply one context, one count, one draw (the same draw
    /// as [`Game::random_action`]) and the action played with the context at hand.
    pub(crate) fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: Option<u32>,
    ) -> u32 {
        let mut played = 0;
        let mut blocks = Blocks::EMPTY;
        while max_plies.is_none_or(|m| played < m) && !self.is_over() {
            let mover = usize::from(self.to_move);
            let c = Ctx::new(self, mover);
            blocks.recount(&c);
            let Some(pick) = blocks.pick(&c, blocks.draw(rng)) else {
                break;
            };
            self.play_picked(&c, mover, pick);
            played += 1;
        }
        played
    }
}
