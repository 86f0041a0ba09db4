//! The game state: one bitboard per seat and size, the seat to move, the ply counter.

use pyramid_core::{RuleSet, Seat, Size, Square};
use serde::{Deserialize, Serialize};

use crate::geometry::{BOARD_MASKS, bit_of};
use crate::rules::Rules;
use crate::setup::Setup;

/// How many pieces of each size a seat owns.
pub const PIECES_PER_SIZE: u8 = 5;
/// How many pieces a seat owns in all.
pub const PIECES_PER_SEAT: u8 = 15;

/// `result` while the game goes on.
pub(crate) const ONGOING: u8 = 0;
/// `result` of a drawn game (no seat has a piece left).
pub(crate) const DRAW: u8 = 5;
/// `to_move` once the board has decided the game.
pub(crate) const NOBODY: u8 = u8::MAX;

/// An Ataxx-ice state.
///
/// The board is 12 bitboards (`pieces[seat][size]`, bit `rank * 8 + file`); a seat's
/// stash is what it does not have on the board (5 of each size in all), so pieces can
/// never be lost or duplicated. Cloning a state copies about 120 bytes.
///
/// Serde goes through [`Setup`], which is validated: RON cannot build an impossible
/// state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
pub struct AtaxxIce {
    pub(crate) rules: Rules,
    pub(crate) pieces: [[u64; 3]; 4],
    /// The seat to move, or [`NOBODY`] once the board has decided the game.
    pub(crate) to_move: u8,
    /// [`ONGOING`], `1 + seat` for a win, or [`DRAW`]; a function of the board, kept so
    /// that `is_over` is cheap.
    pub(crate) result: u8,
    pub(crate) plies: u32,
}

impl AtaxxIce {
    /// The board's size (5 to 8 files and ranks).
    pub fn board_size(&self) -> u8 {
        self.rules.size()
    }

    /// The bits of the board's squares in the 8x8 layout.
    #[inline]
    pub(crate) fn board_bits(&self) -> u64 {
        BOARD_MASKS[usize::from(self.rules.size().min(8))]
    }

    /// The piece on `sq`: its owner and size.
    pub fn piece_at(&self, sq: Square) -> Option<(Seat, Size)> {
        let b = bit_of(sq)?;
        self.piece_on_bit(b)
            .map(|(seat, size)| (Seat(seat as u8), size_of(size)))
    }

    pub(crate) fn piece_on_bit(&self, b: u8) -> Option<(usize, usize)> {
        let m = 1u64 << b;
        for seat in 0..self.rules.seats() {
            for size in 0..3 {
                if self.pieces[seat][size] & m != 0 {
                    return Some((seat, size));
                }
            }
        }
        None
    }

    /// The bitboard of `seat`'s pieces of `size` (bit `rank * 8 + file`, whatever the
    /// board size).
    pub fn bitboard(&self, seat: Seat, size: Size) -> u64 {
        self.pieces.get(seat.index()).map_or(0, |p| p[size.index()])
    }

    /// How many pieces of `size` are in `seat`'s stash.
    pub fn stash(&self, seat: Seat, size: Size) -> u8 {
        PIECES_PER_SIZE.saturating_sub(self.bitboard(seat, size).count_ones() as u8)
    }

    /// How many pieces `seat` has on the board.
    pub fn on_board(&self, seat: Seat) -> u8 {
        self.pieces
            .get(seat.index())
            .map_or(0, |p| p.iter().map(|b| b.count_ones() as u8).sum())
    }

    /// Whether `seat` is eliminated (it has no piece on the board).
    pub fn is_eliminated(&self, seat: Seat) -> bool {
        self.on_board(seat) == 0
    }

    /// All squares holding a piece, as bits.
    pub(crate) fn occupied(&self) -> u64 {
        self.pieces.iter().flatten().fold(0, |acc, b| acc | b)
    }

    pub(crate) fn stash_of(&self, seat: usize, size: usize) -> u32 {
        u32::from(PIECES_PER_SIZE).saturating_sub(self.pieces[seat][size].count_ones())
    }

    pub(crate) fn limit_reached(&self) -> bool {
        self.rules.common().limit_reached(self.plies)
    }

    /// The start position under `rules` ([`Game::new`](pyramid_core::Game::new)): one
    /// small per seat in its corner, seat 0 to move.
    pub(crate) fn start(rules: &Rules) -> AtaxxIce {
        let mut pieces = [[0u64; 3]; 4];
        for (seat, bit) in corners(rules.seats(), rules.size()).enumerate() {
            pieces[seat][0] = 1 << bit;
        }
        AtaxxIce {
            rules: rules.clone(),
            pieces,
            to_move: 0,
            result: ONGOING,
            plies: 0,
        }
    }

    /// After an action of `mover`: eliminations, the end checks of the rulings in their
    /// order, and the next seat to move.
    pub(crate) fn finish_action(&mut self, mover: usize) {
        self.finish_action_as(mover, true);
    }

    /// [`AtaxxIce::finish_action`], told whether the mover may have emptied its stash
    /// (when `may_win` is false it has not, and the count is skipped).
    #[inline]
    pub(crate) fn finish_action_as(&mut self, mover: usize, may_win: bool) {
        self.plies = self.plies.saturating_add(1);
        let (result, next) = after_action(&self.pieces, self.rules.seats(), mover, may_win);
        self.result = result;
        self.to_move = next;
    }
}

/// The start bits of each seat's small, in seat order, on a board of `size` (the first
/// `seats` entries; a fixed array, so that a new game allocates nothing).
fn corners(seats: usize, size: u8) -> impl Iterator<Item = u8> {
    let top = (size - 1) * 8;
    let (a1, an, nn, n1) = (0, top, top + size - 1, size - 1);
    let all = match seats {
        2 => [a1, nn, 0, 0],
        3 => [a1, an, nn, 0],
        _ => [a1, an, nn, n1],
    };
    all.into_iter().take(seats.min(4))
}

/// [`board_result`] after an action of `mover` (a seat of the game), without the
/// per-seat counts: the mover wins with all 15 pieces on the board; else the seats
/// with pieces decide.
#[inline]
fn after_action(pieces: &[[u64; 3]; 4], seats: usize, mover: usize, may_win: bool) -> (u8, u8) {
    let own = pieces[mover & 3];
    // The sizes never share a square, so one count covers the three boards.
    if may_win && (own[0] | own[1] | own[2]).count_ones() == u32::from(PIECES_PER_SEAT) {
        return (1 + mover as u8, NOBODY);
    }
    let mut alive = 0u8;
    for (seat, p) in pieces.iter().enumerate() {
        if p[0] | p[1] | p[2] != 0 {
            alive |= 1 << seat;
        }
    }
    if alive & alive.wrapping_sub(1) == 0 {
        return match alive {
            0 => (DRAW, NOBODY),
            _ => (1 + alive.trailing_zeros() as u8, NOBODY),
        };
    }
    // The next seat with pieces, without a division.
    let mut next = mover;
    for _ in 0..seats {
        next = if next + 1 >= seats { 0 } else { next + 1 };
        if alive & (1 << (next & 7)) != 0 {
            return (ONGOING, next as u8);
        }
    }
    board_result(pieces, seats, Some(mover))
}

/// What the board alone says: the result and the next seat after `mover` (or, with no
/// mover, `NOBODY` when over and otherwise unspecified 0). Used after actions and by
/// validation.
pub(crate) fn board_result(pieces: &[[u64; 3]; 4], seats: usize, mover: Option<usize>) -> (u8, u8) {
    let count = |seat: usize| pieces[seat].iter().map(|b| b.count_ones()).sum::<u32>();
    let full = u32::from(PIECES_PER_SEAT);
    // Only the mover can have emptied its stash; without a mover (validation), any seat.
    let winner = match mover {
        Some(m) => (count(m) == full).then_some(m),
        None => (0..seats).find(|&s| count(s) == full),
    };
    if let Some(seat) = winner {
        return (1 + seat as u8, NOBODY);
    }
    let mut alive = 0u8;
    for (seat, p) in pieces.iter().enumerate().take(seats) {
        if p[0] | p[1] | p[2] != 0 {
            alive |= 1 << seat;
        }
    }
    match alive.count_ones() {
        0 => (DRAW, NOBODY),
        1 => (1 + alive.trailing_zeros() as u8, NOBODY),
        _ => {
            let m = mover.unwrap_or(seats - 1);
            let mut next = (m + 1) % seats;
            while alive & (1 << next) == 0 {
                next = (next + 1) % seats;
            }
            (ONGOING, next as u8)
        }
    }
}

pub(crate) fn size_of(index: usize) -> Size {
    match index {
        0 => Size::Pawn,
        1 => Size::Drone,
        _ => Size::Queen,
    }
}

/// The rulings' word for a size.
pub(crate) fn size_name(index: usize) -> &'static str {
    ["small", "medium", "large"][index.min(2)]
}

/// The position letter of a size.
pub(crate) fn size_letter(index: usize) -> char {
    ['S', 'M', 'L'][index.min(2)]
}
