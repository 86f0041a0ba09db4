//! The fused random-playout loop of the two-seat game (the 4x8 board): the hot path of
//! [`Game::play_random`](pyramid_core::Game::play_random) with two seats.
//!
//! It draws moves with the rejection sampler of [`crate::fast`]: a (piece, square) pair
//! is drawn uniformly among every piece of the mover and every square its kind reaches
//! on an empty board (the zone's *slots*), and kept if it is a legal move. Every legal
//! move is one slot, so the kept move is uniform over the legal moves. What this module
//! adds is cheap bookkeeping:
//!
//! - the state lives in a local [`Playout`] for the whole playout and is written back
//!   once at the end;
//! - each zone's running totals of slots (the slots of the pieces on its squares up to
//!   each square, one byte a square) are kept up to date move by move, two table
//!   entries a move ([`FROM_SLOTS`], [`TO_SLOTS`]) and no multiplication, so a ply's
//!   draw does not wait on arithmetic over the whole zone; the piece holding a drawn
//!   slot is found by one byte comparison ([`RunningTotals`]) instead of a
//!   walk (debug builds, so the tests, check the totals against a recount every ply);
//! - a plain move adds its piece's slots to its destination's zone after a branch on
//!   whether it crossed the canal, not a selection: the next ply draws in the other
//!   zone, whose totals only a crossing changes, so with the branch predicted it starts
//!   without waiting for this ply's move (the plies overlap);
//! - a proposal is a number, its index in two tables (one entry per kind, origin and
//!   reach index): [`CHECK`] holds the squares that must be free of obstacles, so a
//!   proposal is tested with one load and one AND against a mask of the ply, and
//!   [`INFO`] what playing it changes;
//! - one 32-bit random number makes two proposals (its two halves), both tested
//!   without branches, and the first legal one is played, unless it is the move the
//!   no-undo ban names (one index, compared once a round): then the round is refused.
//!
//! A slot is drawn from 16 random bits by Lemire's multiply-and-reject, which is exactly
//! uniform (a refused draw counts as a refused proposal), so every legal move has
//! exactly the same chance.

use crate::running_totals::RunningTotals;
use pyramid_core::rand::Rng;

use crate::MartianChess;
use crate::geometry::{Layout, TWO_SEATS};
use crate::movegen::{field_promotion, may_promote, no_undo_after_crossing};
use crate::play::{capture_score, crossing_recorded, promoted_kind, zone_emptied};

/// Squares of the 4x8 board.
const SQUARES: usize = 32;
/// Squares of one zone (a half board: seat 0 has squares 0..16, seat 1 16..32).
const ZONE_SQUARES: usize = 16;
/// The most squares one piece reaches on the empty 4x8 board (a queen on b4 or c5).
const MAX_REACH: usize = 16;
/// Proposals: 4 kinds (one unused) x 32 origins x 16 reach indices, a power of two so a
/// masked index needs no bounds check. A proposal's index is `entry_index(kind, from,
/// reach)`, so it also names the kind (bits 9..11) and the origin (bits 4..9).
const ENTRIES: usize = 4 * SQUARES * MAX_REACH;
/// The byte-wise search needs a zone's slots below 128 (running totals in a byte with a
/// spare high bit); a zone with more (never seen in real games) takes the general path.
const MAX_FAST_SLOTS: u32 = 127;
/// Rounds of two proposals before the general path decides the ply (it also finds a
/// forced pass, which never arises in real games).
const ROUNDS: u32 = 32;
/// Set in the ban when the no-undo rule bans nothing: no proposal index has this bit.
const NO_BAN: usize = ENTRIES;

/// The index of a proposal: kind, origin, place of the destination in the reach list.
#[inline(always)]
const fn entry_index(kind: usize, from: usize, reach: usize) -> usize {
    (kind * SQUARES + from) * MAX_REACH + reach
}

/// The most slots a zone can hold: a queen's reach on each of its squares.
const fn max_zone_slots(layout: &Layout) -> usize {
    let mut most = 0;
    let mut zone = 0;
    while zone < 2 {
        let mut sum = 0;
        let mut sq = zone * ZONE_SQUARES;
        while sq < (zone + 1) * ZONE_SQUARES {
            sum += layout.reach_count[2][sq] as usize;
            sq += 1;
        }
        if sum > most {
            most = sum;
        }
        zone += 1;
    }
    most
}

// A zone's running totals never overflow a byte, and no piece reaches more
// squares than a row of the proposal tables holds.
const _: () = assert!(max_zone_slots(&TWO_SEATS) <= 255);
const _: () = {
    let mut sq = 0;
    while sq < SQUARES {
        assert!(TWO_SEATS.reach_count[2][sq] as usize <= MAX_REACH);
        sq += 1;
    }
};

/// Per proposal, the squares that must be free for it to be legal: the squares strictly
/// between origin and destination in bits 0..32 (they must be empty), and the
/// destination in bits 32..64 (it must be a square the mover's kind may end on).
/// Unused entries (past a piece's reach) are never drawn.
static CHECK: [u64; ENTRIES] = TABLES.check;

/// Per proposal, what playing it changes:
///
/// | bits | field |
/// |---|---|
/// | 0..12 | the ban after the move: the index of the move straight back (same kind, destination to origin) if it crosses the canal, else [`NO_BAN`] |
/// | 12..23 | the first proposal of the piece once it stands on the destination, `entry_index(kind, to, 0)` (so bits 16..21 are the destination) |
static INFO: [u32; ENTRIES] = TABLES.info;

/// Where the fields of an [`INFO`] entry start.
const ROW_SHIFT: u32 = 12;
const TO_SHIFT: u32 = ROW_SHIFT + 4;

/// The place of `to` in the reach list of a piece of `kind` on `from` (moves are
/// symmetric: every reach list holds the way back of each of its moves).
const fn reach_index(layout: &Layout, kind: usize, from: usize, to: usize) -> usize {
    let mut i = 0;
    while i < layout.reach_count[kind][from] as usize {
        if layout.reach_list[kind][from][i] as usize == to {
            return i;
        }
        i += 1;
    }
    panic!("a reach list misses the way back of one of its moves")
}

/// The per-proposal tables [`CHECK`], [`INFO`] and [`TO_SLOTS`], built in one walk over the
/// board's reach lists (with its between-squares table).
struct EntryTables {
    check: [u64; ENTRIES],
    info: [u32; ENTRIES],
    to_slots: [[u64; 2]; ENTRIES],
}

/// Builds [`EntryTables`] for `layout`.
const fn entry_tables(layout: &Layout) -> EntryTables {
    let mut out = EntryTables {
        check: [0; ENTRIES],
        info: [0; ENTRIES],
        to_slots: [[0; 2]; ENTRIES],
    };
    let mut kind = 0;
    while kind < 3 {
        let mut sq = 0;
        while sq < SQUARES {
            let mut i = 0;
            while i < layout.reach_count[kind][sq] as usize {
                let to = layout.reach_list[kind][sq][i] as usize;
                let entry = entry_index(kind, sq, i);
                out.check[entry] = layout.between[sq][to] | 1 << (32 + to);
                // Whether a capture or not: the same under the default rule options, the
                // only ones this loop plays.
                let crossed = sq / ZONE_SQUARES != to / ZONE_SQUARES;
                let ban = match no_undo_after_crossing(Some((sq as u8, to as u8))) {
                    Some((back_from, back_to)) if crossing_recorded(2, crossed, true, false) => {
                        entry_index(
                            kind,
                            back_from,
                            reach_index(layout, kind, back_from, back_to),
                        )
                    }
                    _ => NO_BAN,
                };
                out.info[entry] = ban as u32 | (entry_index(kind, to, 0) as u32) << ROW_SHIFT;
                out.to_slots[entry] = slots_on(layout.reach_count[kind][to] as u64, to);
                i += 1;
            }
            sq += 1;
        }
        kind += 1;
    }
    out
}

/// The tables of the 4x8 board, computed once at compile time.
const TABLES: EntryTables = entry_tables(&TWO_SEATS);

/// [`Layout::reach_count`] of the 4x8 board, with a row of zeros for the unused kind 3.
static REACH_COUNT: [[u8; SQUARES]; 4] = {
    let mut out = [[0u8; SQUARES]; 4];
    let mut kind = 0;
    while kind < 3 {
        let mut sq = 0;
        while sq < SQUARES {
            out[kind][sq] = TWO_SEATS.reach_count[kind][sq];
            sq += 1;
        }
        kind += 1;
    }
    out
};

/// The number of slots of a piece of `kind` (0 to 2; 3 has none) on `sq`.
#[inline(always)]
fn reach_count(kind: usize, sq: usize) -> u64 {
    u64::from(REACH_COUNT[kind & 3][sq & (SQUARES - 1)])
}

/// Running totals as two words (squares 0..8 and 8..16 of a zone, one byte a square):
/// the change of a zone's running totals when a piece with one slot arrives on square
/// `sq` of the zone (`0..16`), a 1 in the byte of every square from `sq` on.
const fn one_slot_from(sq: usize) -> [u64; 2] {
    let mut words = [0u64; 2];
    let mut i = sq;
    while i < ZONE_SQUARES {
        words[i / 8] |= 1 << ((i % 8) * 8);
        i += 1;
    }
    words
}

/// [`one_slot_from`] of every square of a zone.
static ONE_SLOT_FROM: [[u64; 2]; ZONE_SQUARES] = {
    let mut out = [[0u64; 2]; ZONE_SQUARES];
    let mut sq = 0;
    while sq < ZONE_SQUARES {
        out[sq] = one_slot_from(sq);
        sq += 1;
    }
    out
};

/// The change of a zone's running totals when a piece of `kind` with `reach` slots
/// arrives on `sq` (any square; its zone is the caller's business).
const fn slots_on(reach: u64, sq: usize) -> [u64; 2] {
    let one = one_slot_from(sq % ZONE_SQUARES);
    [one[0] * reach, one[1] * reach]
}

/// By `kind * 32 + sq` (bits 4..11 of a proposal index), the slots a piece of `kind`
/// on `sq` adds to the running totals of its zone: what leaves them when it moves away.
static FROM_SLOTS: [[u64; 2]; 4 * SQUARES] = {
    let mut out = [[0u64; 2]; 4 * SQUARES];
    let mut kind = 0;
    while kind < 3 {
        let mut sq = 0;
        while sq < SQUARES {
            out[kind * SQUARES + sq] = slots_on(TWO_SEATS.reach_count[kind][sq] as u64, sq);
            sq += 1;
        }
        kind += 1;
    }
    out
};

/// Per proposal, the slots its piece adds to the running totals of the destination's
/// zone when it lands there as it moved (a move that is not a merge).
static TO_SLOTS: [[u64; 2]; ENTRIES] = TABLES.to_slots;

/// What the sampler needs to know about the seat to move, fixed for one ply.
struct Ply<'a> {
    /// [`Playout::rows`].
    rows: &'a [u16; SQUARES],
    /// [`Playout::ban`].
    ban: usize,
    /// The zone's slots, the range of a draw (1 to 127).
    slots: u32,
    /// The inclusive running totals of the zone's slots ([`Playout::totals`]).
    totals: RunningTotals,
    /// Exclusive running totals: the slots before each square of the zone.
    before: [u8; ZONE_SQUARES],
    /// The zone's first square.
    base: usize,
    /// The obstacles a [`CHECK`] entry must miss when no merge is possible: the
    /// occupied squares in bits 0..32, the mover's own squares in bits 32..64.
    blocked: u64,
}

impl Ply<'_> {
    /// The proposal for 16 random bits: whether it is a legal move (the no-undo ban
    /// aside), its index and its destination (one bit).
    ///
    /// With `MERGES` the proposal is tested against `obstacles` (see
    /// [`Playout::merge_obstacles`]), else against [`Ply::blocked`]: without merges
    /// every kind has the same obstacles, so the test skips the lookup by kind.
    #[inline(always)]
    fn propose<const MERGES: bool>(&self, obstacles: &[u64; 4], random: u16) -> (bool, usize, u64) {
        // Lemire: the high half of random * slots is uniform on 0..slots once the (rare:
        // below 1 in 500) low halves below 2^16 mod slots are refused.
        let product = u32::from(random) * self.slots;
        let low = product & 0xFFFF;
        if low < self.slots && low < (1 << 16) % self.slots {
            return (false, 0, 0);
        }
        let slot = u64::from(product >> 16);
        // The square holding the slot: the number of squares whose running total is at
        // most `slot` (the totals never fall, and the last one is `slots`). One byte
        // comparison on x86-64.
        let i = self.totals.count_at_most(slot as u32) as usize & (ZONE_SQUARES - 1);
        let row = usize::from(self.rows[(self.base + i) & (SQUARES - 1)]);
        let index = (row + slot as usize - usize::from(self.before[i])) & (ENTRIES - 1);
        // Legal but for the ban (which the caller checks on the kept proposal): nothing
        // in between, a destination the kind may end on.
        let obstacles = if MERGES {
            obstacles[row >> 9 & 3]
        } else {
            self.blocked
        };
        let check = CHECK[index];
        (check & obstacles == 0, index, check >> 32)
    }
}

/// The running totals of both zones ([`Playout::totals`]), from scratch.
fn running_totals(pieces: &[u64; 3]) -> [u64; 4] {
    let mut totals = [0u64; 4];
    for (kind, &bits) in pieces.iter().enumerate() {
        for sq in pyramid_core::Bitboard(bits & TWO_SEATS.board) {
            let sq = sq as usize;
            let [low, high] = slots_on(reach_count(kind, sq), sq);
            let zone = sq / ZONE_SQUARES;
            totals[zone * 2] += low;
            totals[zone * 2 + 1] += high;
        }
    }
    totals
}

/// The whole state of a two-seat playout in progress, and its bookkeeping.
struct Playout {
    /// Pawns, drones, queens (and an always empty fourth kind, so that any two-bit
    /// kind indexes it).
    pieces: [u64; 4],
    /// Every occupied square (the union of `pieces`).
    occupied: u64,
    /// The seat to move when the playout started (the seats then take turns).
    first_seat: usize,
    /// The running totals of each zone's slots (the empty-board reach of the piece on
    /// each square, 0 if empty): byte `i` of words `2 * zone` and `2 * zone + 1` (as one
    /// 16-byte number) is the sum over the zone's squares `0..=i`. Every byte stays
    /// below 256 (checked at compile time), so adding or removing a piece's slots is a
    /// word addition or subtraction without carries between bytes.
    totals: [u64; 4],
    /// The first proposal of the piece on each square: `entry_index(kind, sq, 0)`
    /// (stale on empty squares, which have no slots).
    rows: [u16; SQUARES],
    scores: [u16; 2],
    /// The index of the move the no-undo rule bans, or [`NO_BAN`].
    ban: usize,
}

impl Playout {
    /// The playout state of a two-seat game.
    fn load(game: &MartianChess) -> Playout {
        let mut rows = [0u16; SQUARES];
        for (kind, &bits) in game.pieces.iter().enumerate() {
            for sq in pyramid_core::Bitboard(bits & TWO_SEATS.board) {
                rows[sq as usize & (SQUARES - 1)] = entry_index(kind, sq as usize, 0) as u16;
            }
        }
        let mut playout = Playout {
            pieces: [game.pieces[0], game.pieces[1], game.pieces[2], 0],
            occupied: (game.pieces[0] | game.pieces[1] | game.pieces[2]) & TWO_SEATS.board,
            first_seat: usize::from(game.to_move) & 1,
            totals: running_totals(&game.pieces),
            rows,
            scores: [game.scores[0], game.scores[1]],
            ban: NO_BAN,
        };
        if let Some((from, to)) = no_undo_after_crossing(game.crossing) {
            playout.ban = playout.index_of_move(from, to);
        }
        playout
    }

    /// The proposal index of the move of the piece on `from` to `to`, or [`NO_BAN`] if it
    /// cannot make it (or `from` is empty).
    fn index_of_move(&self, from: usize, to: usize) -> usize {
        let (from, to) = (from & (SQUARES - 1), to & (SQUARES - 1));
        if self.pieces.iter().all(|&b| b & (1 << from) == 0) {
            return NO_BAN;
        }
        let row = usize::from(self.rows[from]);
        (row..row + reach_count(row >> 9, from) as usize)
            .find(|&index| (INFO[index & (ENTRIES - 1)] >> TO_SHIFT) as usize & 31 == to)
            .unwrap_or(NO_BAN)
    }

    /// Writes the playout back into `game`, which has had `played` more plies.
    fn store(&self, game: &mut MartianChess, played: u32) {
        if played == 0 {
            return;
        }
        game.pieces = [self.pieces[0], self.pieces[1], self.pieces[2]];
        game.scores[0] = self.scores[0];
        game.scores[1] = self.scores[1];
        game.to_move = ((self.first_seat + played as usize) & 1) as u8;
        game.passes = 0;
        game.crossing = (self.ban < ENTRIES).then(|| {
            // The crossing whose no-undo ban is the banned move (its way back).
            let (back_from, back_to) = (
                (self.ban >> 4) as u8 & 31,
                (INFO[self.ban] >> TO_SHIFT) as u8 & 31,
            );
            (back_to, back_from)
        });
        debug_assert_eq!(
            no_undo_after_crossing(game.crossing).map(|(from, to)| self.index_of_move(from, to)),
            (self.ban < ENTRIES).then_some(self.ban),
            "the stored crossing bans another move"
        );
        game.plies = game.plies.saturating_add(played);
    }

    /// The zone of `seat`.
    #[inline(always)]
    fn zone(seat: usize) -> u64 {
        0xFFFF << (seat * ZONE_SQUARES)
    }

    /// Adds `value` slots on square `sq` to the running totals of its zone.
    #[inline(always)]
    fn add_slots(&mut self, sq: usize, value: u64) {
        let [low, high] = ONE_SLOT_FROM[sq & (ZONE_SQUARES - 1)];
        let zone = (sq >> 4) & 1;
        self.totals[zone * 2] += low * value;
        self.totals[zone * 2 + 1] += high * value;
    }

    /// Removes `value` slots on square `sq` (it holds at least that) from the running
    /// totals of its zone.
    #[inline(always)]
    fn sub_slots(&mut self, sq: usize, value: u64) {
        let [low, high] = ONE_SLOT_FROM[sq & (ZONE_SQUARES - 1)];
        let zone = (sq >> 4) & 1;
        self.totals[zone * 2] -= low * value;
        self.totals[zone * 2 + 1] -= high * value;
    }

    /// The sampler's view of the ply, or `None` when the zone's slots are out of the
    /// byte-wise search's range.
    #[inline(always)]
    fn ply<const SEAT: usize>(&self) -> Option<Ply<'_>> {
        let seat = SEAT & 1;
        let (low, high) = (self.totals[seat * 2], self.totals[seat * 2 + 1]);
        // The last running total is the zone's slots.
        let slots = (high >> 56) as u32;
        if slots.wrapping_sub(1) >= MAX_FAST_SLOTS {
            return None;
        }
        let zone = Self::zone(seat);
        let occupied = self.occupied;
        let own = occupied & zone;
        // The slots before square i are the running total of square i - 1.
        let mut before = [0u8; ZONE_SQUARES];
        before[..8].copy_from_slice(&(low << 8).to_le_bytes());
        before[8..].copy_from_slice(&(high << 8 | low >> 56).to_le_bytes());
        Some(Ply {
            rows: &self.rows,
            base: seat * ZONE_SQUARES,
            ban: self.ban,
            slots,
            totals: RunningTotals::from_words([low, high]),
            before,
            blocked: occupied | own << 32,
        })
    }

    /// A uniformly random legal move of `SEAT`, the seat to move (its proposal index and
    /// its destination, one bit), or `None` when the general path must decide this ply.
    #[inline(always)]
    fn sample<const SEAT: usize, R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(usize, u64)> {
        let ply = self.ply::<SEAT>()?;
        let zone = Self::zone(SEAT & 1);
        let [pawns, drones, queens, _] = self.pieces;
        if may_promote(drones & zone, queens & zone) {
            let merges = field_promotion(pawns & zone, drones & zone, queens & zone);
            Self::draw::<true, R>(&ply, &self.merge_obstacles(zone, &merges), rng)
        } else {
            Self::draw::<false, R>(&ply, &[0; 4], rng)
        }
    }

    /// By kind, the obstacles a [`CHECK`] entry must miss when the mover (of `zone`) may
    /// merge by [`field_promotion`] (`merges`, by kind): the occupied squares in bits
    /// 0..32, the squares the kind may not end on in bits 32..64 (all for kind 3).
    fn merge_obstacles(&self, zone: u64, merges: &[u64; 3]) -> [u64; 4] {
        let occupied = self.occupied;
        let own = occupied & zone;
        // Own pieces block a destination, except the merges of field promotion.
        [
            occupied | (own & !merges[0]) << 32,
            occupied | (own & !merges[1]) << 32,
            occupied | (own & !merges[2]) << 32,
            u64::MAX,
        ]
    }

    /// The rounds of [`Playout::sample`]; `MERGES` says whether the mover may merge (then
    /// `obstacles` are its [`Playout::merge_obstacles`]).
    #[inline(always)]
    fn draw<const MERGES: bool, R: Rng + ?Sized>(
        ply: &Ply<'_>,
        obstacles: &[u64; 4],
        rng: &mut R,
    ) -> Option<(usize, u64)> {
        for _ in 0..ROUNDS {
            // Two proposals at once, the first legal one kept (as if drawn one after
            // the other): one branch, taken about three times in four, instead of two
            // that go either way.
            let random = rng.next_u32();
            let (first_legal, first, first_to) = ply.propose::<MERGES>(obstacles, random as u16);
            let (second_legal, second, second_to) =
                ply.propose::<MERGES>(obstacles, (random >> 16) as u16);
            if first_legal | second_legal {
                let kept = if first_legal { first } else { second };
                let to_bit = if first_legal { first_to } else { second_to };
                // The move the no-undo rule bans refuses the whole round. Still uniform:
                // every legal move is kept with the same chance in a round (as the first
                // proposal, or as the second after a first that is neither legal nor
                // the banned move), and a refused round decides nothing.
                if kept != ply.ban {
                    return Some((kept, to_bit));
                }
            }
        }
        None
    }

    /// Takes the piece on `to` (it holds one): a merge in the mover's zone, a capture
    /// across the canal. Removes it and its slots; returns the kind that lands on `to`.
    #[inline(always)]
    fn take(&mut self, seat: usize, to: usize, kind: usize, home: bool) -> usize {
        let to_bit = 1u64 << to;
        let [pawns, drones, queens, none] = self.pieces;
        let pips = ((pawns >> to) & 1) + ((drones >> to) & 1) * 2 + ((queens >> to) & 1) * 3;
        self.pieces = [pawns & !to_bit, drones & !to_bit, queens & !to_bit, none];
        let taken = (pips as usize).wrapping_sub(1) & 3;
        self.sub_slots(to, reach_count(taken, to));
        if home {
            promoted_kind(kind, taken)
        } else {
            let seat = seat & 1;
            self.scores[seat] = capture_score(self.scores[seat], taken);
            kind
        }
    }

    /// Plays the legal move with proposal `index` of `SEAT`, the seat to move, whose
    /// destination is `to_bit` (from its [`CHECK`] entry, so that the squares are
    /// updated without waiting for the [`INFO`] entry); returns whether the game is
    /// over (the mover's zone emptied).
    #[inline(always)]
    fn play<const SEAT: usize>(&mut self, index: usize, to_bit: u64) -> bool {
        let info = u64::from(INFO[index & (ENTRIES - 1)]);
        let (kind, from) = ((index >> 9) & 3, (index >> 4) & (SQUARES - 1));
        let to = (info >> TO_SHIFT) as usize & (SQUARES - 1);
        let zone = Self::zone(SEAT & 1);
        let from_bit = 1u64 << from;
        debug_assert_eq!(
            to_bit,
            1 << to,
            "CHECK and INFO disagree on the destination"
        );
        let home = zone & to_bit != 0;
        // The slots leave `from` (without waiting for the INFO entry).
        let [low, high] = FROM_SLOTS[(index >> 4) & (4 * SQUARES - 1)];
        let (own, other) = (SEAT & 1, !SEAT & 1);
        self.totals[own * 2] -= low;
        self.totals[own * 2 + 1] -= high;
        // Crossing the canal bans the way straight back for one ply (a crossing piece
        // lands as it moved: only merges change a kind, and they stay home).
        self.ban = info as usize & (2 * ENTRIES - 1);
        if self.occupied & to_bit != 0 {
            // A capture or a merge.
            self.pieces[kind] &= !from_bit;
            self.occupied &= !from_bit;
            let landed = self.take(SEAT, to, kind, home) & 3;
            self.pieces[landed] |= to_bit;
            self.add_slots(to, reach_count(landed, to));
            self.rows[to] = entry_index(landed, to, 0) as u16;
            // Only the mover's zone can have emptied.
            return zone_emptied(self.occupied, zone);
        }
        // A plain move (the common case): the piece lands as it moved, in its zone or
        // across the canal.
        self.pieces[kind] ^= from_bit | to_bit;
        self.occupied ^= from_bit | to_bit;
        self.rows[to] = (info >> ROW_SHIFT) as u16 & (ENTRIES - 1) as u16;
        let [low, high] = TO_SLOTS[index & (ENTRIES - 1)];
        // A branch, not a selection by `home`: the next ply, of the other zone, then
        // does not wait for this one's slots when the move stays home (the common
        // case, and the branch is mostly predicted right): about 10 % faster. The
        // game-over test differs between the arms, which keeps LLVM from merging them
        // into one store at a computed address (no faster than a selection).
        if home {
            self.totals[own * 2] += low;
            self.totals[own * 2 + 1] += high;
            // The piece stays in the zone, so the zone is not empty.
            false
        } else {
            self.totals[other * 2] += low;
            self.totals[other * 2 + 1] += high;
            zone_emptied(self.occupied, zone)
        }
    }
}

impl Playout {
    /// One ply of `SEAT` (the seat to move) in the playout loop: returns whether the
    /// loop goes on (a ply was played and the game is not over).
    #[inline(always)]
    fn step<const SEAT: usize, R: Rng + ?Sized>(&mut self, rng: &mut R, played: &mut u32) -> bool {
        let Some((index, to_bit)) = self.sample::<SEAT, R>(rng) else {
            return false;
        };
        *played += 1;
        let over = self.play::<SEAT>(index, to_bit);
        debug_assert_eq!(
            self.totals,
            running_totals(&[self.pieces[0], self.pieces[1], self.pieces[2]]),
            "running totals out of step"
        );
        debug_assert_eq!(
            self.occupied,
            self.pieces[0] | self.pieces[1] | self.pieces[2],
            "occupied squares out of step"
        );
        !over
    }
}

impl MartianChess {
    /// Plays up to `budget` random plies of a two-seat game that is not over; stops
    /// early when the game ends, or when a ply needs the general sampler. Returns the
    /// plies played.
    ///
    /// The loop is unrolled by two plies (seat 0, then seat 1) so that each half knows
    /// its seat, zone and running totals as constants.
    pub(crate) fn play_random_two_seats<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        budget: u32,
    ) -> u32 {
        let mut state = Playout::load(self);
        let mut played = 0;
        let mut go_on = budget > 0;
        if go_on && state.first_seat == 1 {
            go_on = state.step::<1, R>(rng, &mut played);
        }
        while go_on && played < budget {
            go_on = state.step::<0, R>(rng, &mut played)
                && played < budget
                && state.step::<1, R>(rng, &mut played);
        }
        state.store(self, played);
        played
    }
}
