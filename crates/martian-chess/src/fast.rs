//! Set-wise move counting and random move selection: all pieces of one kind are moved
//! together by whole-board shifts, one direction (and distance) at a time. For a fixed
//! direction and distance each destination bit stands for exactly one move, so
//! popcounts count moves exactly. This is the bulk-counting path of perft and the
//! random-playout path. Only for the default rule options: `Game` takes the generic path
//! whenever [`Rules::fast_paths_apply`](crate::Rules::fast_paths_apply) is
//! false.

use pyramid_core::bits::byte_counts;
use pyramid_core::rand::Rng;
use pyramid_core::{Bitboard, Game};

use crate::geometry::{DIRS, Layout, MOVEMENT};
use crate::movegen::{may_end_on, no_undo_after_crossing};
use crate::play::zone_emptied;
use crate::{Action, MartianChess};

/// The index delta of direction `dir` ([`DIRS`]) on a board `W` files wide.
#[inline(always)]
const fn delta<const W: u32>(dir: usize) -> i32 {
    let (dx, dy) = DIRS[dir];
    dx as i32 + dy as i32 * W as i32
}

#[inline(always)]
const fn file_a<const W: u32>() -> u64 {
    if W == 4 {
        0x1111_1111
    } else {
        0x0101_0101_0101_0101
    }
}

#[inline(always)]
const fn file_last<const W: u32>() -> u64 {
    if W == 4 {
        0x8888_8888
    } else {
        0x8080_8080_8080_8080
    }
}

#[inline(always)]
const fn board<const W: u32>() -> u64 {
    if W == 4 { 0xFFFF_FFFF } else { u64::MAX }
}

/// Every square of `b` moved one step in `dir` ([`DIRS`]), dropping what leaves the board.
#[inline(always)]
const fn shift<const W: u32>(b: u64, dir: usize) -> u64 {
    let d = delta::<W>(dir);
    let moved = if d > 0 {
        (b << d) & board::<W>()
    } else {
        b >> -d
    };
    match DIRS[dir].0 {
        1 => moved & !file_a::<W>(),
        -1 => moved & !file_last::<W>(),
        _ => moved,
    }
}

/// The movable pieces and where each kind may end, for the seat to move.
#[derive(Clone, Copy)]
struct Sets {
    pawns: u64,
    drones: u64,
    queens: u64,
    pawn_to: u64,
    drone_to: u64,
    queen_to: u64,
    empty: u64,
}

/// One group of moves: destinations, and how to find each move's origin (a fixed
/// square for one queen's moves, or an index delta for a set-wise group).
#[derive(Clone, Copy, Default)]
struct Group {
    targets: u64,
    /// The number of moves (`targets.count_ones()`).
    count: u32,
    /// The origin square, or 255 when the origin is `to - delta`.
    from: u8,
    delta: i8,
}

/// The set-wise groups of a stepping kind ([`MOVEMENT`]): one per direction and
/// distance.
const fn step_group_count(kind: usize) -> usize {
    MOVEMENT[kind].directions.len() * MOVEMENT[kind].steps as usize
}

/// The pawn and drone groups (4 and 8), then one group per queen (at most 24 queens fit
/// the pips of four seats).
const MAX_GROUPS: usize = step_group_count(0) + step_group_count(1) + 24;

/// The bit counts of two 32-bit masks with one 64-bit SWAR popcount (the targets have
/// no hardware `popcnt` by default): per-byte counts, then the four low and the four
/// high bytes summed separately by one multiplication.
#[inline(always)]
fn popcount_pair(a: u64, b: u64) -> (u32, u32) {
    let x = byte_counts((a & 0xFFFF_FFFF) | b << 32);
    let sums = x.wrapping_mul(0x0101_0101);
    (((sums >> 24) & 0xFF) as u32, (sums >> 56) as u32)
}

/// Fills in the counts of the groups.
#[inline(always)]
fn count_groups<const W: u32>(groups: &mut [Group]) {
    if W == 4 {
        // 4x8 board: masks fit 32 bits, so count them two at a time.
        let mut pairs = groups.chunks_exact_mut(2);
        for pair in &mut pairs {
            let (a, b) = popcount_pair(pair[0].targets, pair[1].targets);
            pair[0].count = a;
            pair[1].count = b;
        }
        for g in pairs.into_remainder() {
            g.count = g.targets.count_ones();
        }
    } else {
        for g in groups {
            g.count = g.targets.count_ones();
        }
    }
}

/// A group from its destinations, origin square and delta (count filled in later).
#[inline(always)]
fn group(targets: u64, from: u8, delta: i32) -> Group {
    Group {
        targets,
        count: 0,
        from,
        delta: delta as i8,
    }
}

/// The set-wise groups of the pieces of a stepping `kind` (pawns, drones) into
/// `out[n..]`: for each of its directions and distances ([`MOVEMENT`]), the moves of all
/// of them at once; a longer move needs the squares before it empty. Returns the new `n`.
#[inline(always)]
fn step_groups<const W: u32>(
    kind: usize,
    pieces: u64,
    to: u64,
    empty: u64,
    out: &mut [Group; MAX_GROUPS],
    mut n: usize,
) -> usize {
    let movement = &MOVEMENT[kind];
    for &d in movement.directions {
        let mut reached = pieces;
        for step in 0..movement.steps {
            reached = shift::<W>(reached, d);
            out[n] = group(reached & to, 255, (i32::from(step) + 1) * delta::<W>(d));
            n += 1;
            reached &= empty;
        }
    }
    n
}

/// Every move group of the seat to move; returns how many were written.
#[inline(always)]
fn groups<const W: u32>(s: &Sets, layout: &Layout, out: &mut [Group; MAX_GROUPS]) -> usize {
    let mut n = step_groups::<W>(0, s.pawns, s.pawn_to, s.empty, out, 0);
    n = step_groups::<W>(1, s.drones, s.drone_to, s.empty, out, n);
    for sq in Bitboard(s.queens) {
        if n == MAX_GROUPS {
            break;
        }
        let sq = sq as usize;
        out[n] = group(layout.queen_attacks(sq, !s.empty) & s.queen_to, sq as u8, 0);
        n += 1;
    }
    count_groups::<W>(&mut out[..n]);
    n
}

/// The number of moves in the groups.
#[inline(always)]
fn total(groups: &[Group]) -> u32 {
    groups.iter().map(|g| g.count).sum()
}

/// The `index`-th move of the groups, as `(from, to)` square indices.
#[inline(always)]
fn nth(groups: &[Group], mut index: u32) -> Option<(usize, usize)> {
    for g in groups {
        let n = g.count;
        if index >= n {
            index -= n;
            continue;
        }
        let to = Bitboard(g.targets).nth(index)? as usize;
        let from = if g.from == 255 {
            (to as isize - isize::from(g.delta)) as usize
        } else {
            usize::from(g.from)
        };
        return Some((from, to));
    }
    None
}

impl MartianChess {
    #[inline(always)]
    fn sets(&self) -> Sets {
        self.sets_on(self.layout())
    }

    /// [`MartianChess::sets`] with the layout already at hand.
    #[inline(always)]
    fn sets_on(&self, layout: &Layout) -> Sets {
        let zone = layout.zones[usize::from(self.to_move) & 3];
        let [pawns, drones, queens] = self.pieces;
        let [pawn_to, drone_to, queen_to] = may_end_on(layout.board, zone, &self.pieces);
        Sets {
            pawns: pawns & zone,
            drones: drones & zone,
            queens: queens & zone,
            pawn_to,
            drone_to,
            queen_to,
            empty: !self.occupied(),
        }
    }

    /// The move [`no_undo_after_crossing`] bans, if the piece could otherwise make it;
    /// returns its `(from, to)` indices.
    #[inline(always)]
    fn active_ban(&self) -> Option<(usize, usize)> {
        let (back_from, back_to) = no_undo_after_crossing(self.crossing)?;
        // `targets` applies the ban; look at the piece's reach without it.
        let unbanned = MartianChess {
            crossing: None,
            ..*self
        };
        let m = unbanned.masks();
        if m.own & (1u64 << back_from) == 0 {
            return None;
        }
        (unbanned.targets(&m, back_from) & (1u64 << back_to) != 0).then_some((back_from, back_to))
    }

    #[inline(always)]
    fn count_moves_w<const W: u32>(&self) -> u32 {
        let mut buf = [Group::default(); MAX_GROUPS];
        let n = groups::<W>(&self.sets(), self.layout(), &mut buf);
        total(&buf[..n])
    }

    /// The number of legal moves (passes excluded), counted set-wise.
    #[inline]
    pub(crate) fn count_moves_fast(&self) -> usize {
        let raw = if self.layout().width == 4 {
            self.count_moves_w::<4>()
        } else {
            self.count_moves_w::<8>()
        };
        raw as usize - usize::from(self.active_ban().is_some())
    }

    /// A uniformly random legal action, or `None` once the game is over: the fast path
    /// of random playouts (it does not list the actions); [`Game::random_action`].
    pub(crate) fn sampled_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        self.random_move(rng).map(|mv| match mv {
            Some((from, to)) => Action::new(self.square_at(from), self.square_at(to)),
            None => Action::Pass,
        })
    }

    /// `None` when over; `Some(None)` for a forced pass; else a random move's indices.
    ///
    /// Rejection sampling: a (piece, square) pair is drawn uniformly among every piece of
    /// the mover and every square that piece's kind reaches on an empty board, and kept
    /// if it is a legal move. Each legal move has the same chance per draw, so the kept
    /// move is uniform. After 64 rejections the exact count-and-pick path takes over
    /// (it also finds a forced pass).
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Option<(usize, usize)>> {
        if self.is_over() {
            return None;
        }
        Some(self.sample_move(rng).map(|(from, to, _)| (from, to)))
    }

    /// The slots of each zone: the summed empty-board reach of the pieces in it (the
    /// proposal space of the rejection sampler).
    fn zone_slots(&self) -> [u16; 4] {
        let layout = self.layout();
        let mut slots = [0u16; 4];
        for (kind, &pieces) in self.pieces.iter().enumerate() {
            for sq in Bitboard(pieces) {
                let sq = sq as usize;
                slots[usize::from(layout.zone_index[sq]) & 3] +=
                    u16::from(layout.reach_count[kind][sq]);
            }
        }
        slots
    }

    /// A uniformly random move `(from, to, kind of the mover)` of an unfinished game, or
    /// `None` for a forced pass (see [`MartianChess::random_move`]).
    #[inline(always)]
    fn sample_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(usize, usize, u8)> {
        let slots = self.zone_slots()[usize::from(self.to_move) & 3];
        self.sample_move_in(self.layout(), rng, slots)
    }

    /// [`MartianChess::sample_move`] given the mover's zone slots.
    #[inline(always)]
    fn sample_move_in<R: Rng + ?Sized>(
        &self,
        layout: &Layout,
        rng: &mut R,
        slots: u16,
    ) -> Option<(usize, usize, u8)> {
        let sets = self.sets_on(layout);
        let occ = !sets.empty;
        let allowed = [sets.pawn_to, sets.drone_to, sets.queen_to];
        // Queens first: they hold most of the slots, so the walk below ends sooner.
        let by_kind = [(2usize, sets.queens), (1, sets.drones), (0, sets.pawns)];
        // The no-undo ban as one code `from * 64 + to` (64 * 64 when there is none).
        let ban =
            no_undo_after_crossing(self.crossing).map_or(64 * 64, |(from, to)| from * 64 + to);
        let reach_list = layout.reach_list.as_flattened().as_flattened();
        if slots > 0 {
            'draw: for _ in 0..64 {
                let mut draw = rng.random_range(0..slots);
                // Walk the pieces (queens, drones, pawns; ascending squares) to the one
                // whose slots hold the draw.
                for &(kind, pieces) in &by_kind {
                    let counts = &layout.reach_count[kind];
                    for sq in Bitboard(pieces) {
                        let sq = sq as usize;
                        let here = u16::from(counts[sq]);
                        if draw >= here {
                            draw -= here;
                            continue;
                        }
                        let entry = (kind * 64 + sq) * 28 + usize::from(draw);
                        let to = usize::from(reach_list.get(entry).copied().unwrap_or(0));
                        if allowed[kind] & (1 << to) != 0
                            && layout.between[sq][to] & occ == 0
                            && sq * 64 + to != ban
                        {
                            return Some((sq, to, kind as u8));
                        }
                        continue 'draw;
                    }
                }
                // Slots out of step with the board: take the exact path.
                break;
            }
        }
        self.random_move_exact(rng)
            .map(|(from, to)| (from, to, self.size_at(from).map_or(0, |s| s.index() as u8)))
    }

    /// The exact path of [`MartianChess::random_move`]: count every move, pick one
    /// (`None`: a forced pass).
    fn random_move_exact<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(usize, usize)> {
        let mut buf = [Group::default(); MAX_GROUPS];
        let sets = self.sets();
        let n = if self.layout().width == 8 {
            groups::<8>(&sets, self.layout(), &mut buf)
        } else {
            groups::<4>(&sets, self.layout(), &mut buf)
        };
        let groups = &buf[..n];
        let moves = total(groups);
        let ban = no_undo_after_crossing(self.crossing);
        if moves == 0 {
            return None;
        }
        loop {
            let mv = nth(groups, rng.random_range(0..moves));
            if mv != ban {
                return mv;
            }
            // The no-undo ban removes at most this one move: rejection keeps the choice
            // uniform over the others, and a lone banned move means a pass.
            if moves == 1 {
                return None;
            }
        }
    }

    /// Plays uniformly random legal actions until the game ends, or until `max_plies`
    /// more plies have been played; returns the number of plies played: the fused
    /// draw-and-play loop of [`Game::play_random`].
    #[inline]
    pub(crate) fn play_random_fused<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: Option<u32>,
    ) -> u32 {
        if self.rules.seat_count() == 2 {
            self.play_random_two(rng, max_plies)
        } else {
            self.play_random_general(rng, max_plies)
        }
    }

    /// [`MartianChess::play_random_fused`] for any seat count (the four-seat path).
    #[inline(never)]
    fn play_random_general<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: Option<u32>) -> u32 {
        let mut played = 0;
        if self.is_over() {
            return 0;
        }
        let layout = self.layout();
        // Each zone's slots, kept up to date move by move.
        let mut slots = self.zone_slots();
        while max_plies.is_none_or(|m| played < m) {
            played += 1;
            let seat = usize::from(self.to_move) & 3;
            match self.sample_move_in(layout, rng, slots[seat]) {
                Some((from, to, kind)) => {
                    let mover_zone = layout.zones[seat];
                    let (target, landed) = self.play_sampled(layout, from, to, kind);
                    let to_zone = usize::from(layout.zone_index[to]) & 3;
                    slots[seat] -= u16::from(layout.reach_count[usize::from(kind)][from]);
                    if let Some(target) = target {
                        slots[to_zone] -= u16::from(layout.reach_count[target.index()][to]);
                    }
                    slots[to_zone] += u16::from(layout.reach_count[landed.index()][to]);
                    debug_assert_eq!(slots, self.zone_slots(), "slots out of step");
                    // Only the mover's zone can have emptied (a capturer stays in the
                    // zone it captured in).
                    if zone_emptied(self.occupied(), mover_zone) || self.limit_reached() {
                        break;
                    }
                }
                None => {
                    self.play_impl(Action::Pass);
                    if self.is_over() {
                        break;
                    }
                }
            }
        }
        played
    }

    /// [`MartianChess::play_random_fused`] with two seats: the loop of
    /// [`crate::playout`], and the general sampler for the rare ply it leaves.
    #[inline]
    fn play_random_two<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: Option<u32>) -> u32 {
        let mut played = 0u32;
        loop {
            let left = max_plies.map_or(u32::MAX, |m| m - played);
            if left == 0 || self.is_over() {
                return played;
            }
            let limit = pyramid_core::RuleSet::ply_limit(&self.rules)
                .map_or(u32::MAX, |limit| limit.saturating_sub(self.plies));
            played += self.play_random_two_seats(rng, left.min(limit));
            if max_plies.is_some_and(|m| played >= m) || self.is_over() {
                return played;
            }
            // The fast loop left this ply to the general sampler.
            match self.sampled_action(rng) {
                Some(action) => self.play_impl(action),
                None => return played,
            }
            played += 1;
        }
    }
}
