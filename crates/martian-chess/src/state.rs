//! The game state: three bitboards (pawns, drones, queens), scores, seat to move, the
//! last canal crossing and the ply count.

use pyramid_core::{Grid, Seat, Size, Square};
use serde::{Deserialize, Serialize};

use crate::geometry::{self, Layout};
use crate::rules::CLOCK_PLIES;
use crate::{Action, Rules, Setup};

/// Pips every seat brings to the board: 3 queens, 3 drones, 3 pawns.
pub const PIPS_PER_SEAT: u32 = 3 * 3 + 3 * 2 + 3;

/// A Martian Chess position with everything the rules need: the board, the scores, the
/// seat to move, the last canal crossing (for the two-seat no-undo rule), the ply count,
/// and the rule options.
///
/// Pieces have no colour: a seat controls exactly the pieces in its zone. The board is
/// held as one `u64` bitboard per size (bit `i` is square index `i`), so a state is a
/// small `Copy`-sized value and cloning is cheap.
///
/// ```
/// use martian_chess::MartianChess;
/// use pyramid_core::prelude::*;
/// use pyramid_core::{Seat, Size};
/// let mut game = MartianChess::new(&Default::default());
/// assert_eq!(game.position(), "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0");
/// game.play(game.parse_action("a3-a5")?)?;
/// // The drone crossed the canal: it is now seat 1's piece, and seat 1 may not move it
/// // straight back (no undo).
/// assert_eq!(game.zone_of("a5".parse()?), Some(Seat(1)));
/// assert_eq!(game.piece_at("a5".parse()?), Some(Size::Drone));
/// assert!(game.parse_action("a5-a3").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
pub struct MartianChess {
    pub(crate) rules: Rules,
    /// Bitboards by [`Size::index`]: pawns, drones, queens.
    pub(crate) pieces: [u64; 3],
    /// Captured pips per seat (entries past the seat count stay 0).
    pub(crate) scores: [u16; 4],
    pub(crate) to_move: u8,
    /// Passes in a row just before this decision point.
    pub(crate) passes: u8,
    /// The previous ply's canal crossing `(from, to)` as square indices (two seats only).
    pub(crate) crossing: Option<(u8, u8)>,
    pub(crate) plies: u32,
    /// Rule option `clock=on` only (0 otherwise): plies in a row without a capture,
    /// saturating at 255.
    pub(crate) quiet: u8,
    /// Rule option `clock=on` only: once the clock is called, the plies without a capture
    /// left before the game ends (`Some(0)`: it has ended).
    pub(crate) countdown: Option<u8>,
}

/// The start pattern from a seat's corner: rows outward from the corner row, files
/// outward from the corner file.
const START_PATTERN: [[Size; 3]; 3] = [
    [Size::Queen, Size::Queen, Size::Drone],
    [Size::Queen, Size::Drone, Size::Pawn],
    [Size::Drone, Size::Pawn, Size::Pawn],
];

impl MartianChess {
    /// The start position under `rules`: nine pieces in the outer corner of every zone,
    /// the `first` seat to move.
    pub(crate) fn start(rules: &Rules) -> MartianChess {
        let seats = rules.seat_count();
        let layout = geometry::for_seats(seats);
        let w = layout.width as i8;
        // (corner file, corner rank, file step, rank step) per seat.
        let corners: &[(i8, i8, i8, i8)] = if seats == 4 {
            &[
                (0, 0, 1, 1),
                (0, 7, 1, -1),
                (w - 1, 7, -1, -1),
                (w - 1, 0, -1, 1),
            ]
        } else {
            &[(0, 0, 1, 1), (w - 1, 7, -1, -1)]
        };
        let mut pieces = [0u64; 3];
        for &(cf, cr, sf, sr) in corners {
            for (row, sizes) in START_PATTERN.iter().enumerate() {
                for (col, size) in sizes.iter().enumerate() {
                    let file = (cf + sf * col as i8) as u8;
                    let rank = (cr + sr * row as i8) as u8;
                    if let Some(sq) = layout.index(file, rank) {
                        pieces[size.index()] |= 1 << sq;
                    }
                }
            }
        }
        MartianChess {
            rules: *rules,
            pieces,
            scores: [0; 4],
            to_move: rules.first(),
            passes: 0,
            crossing: None,
            plies: 0,
            quiet: 0,
            countdown: None,
        }
    }

    #[inline(always)]
    pub(crate) fn layout(&self) -> &'static Layout {
        geometry::for_seats(self.rules.seat_count())
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1] | self.pieces[2]
    }

    /// The size of the piece on square index `sq`, if any.
    #[inline(always)]
    pub(crate) fn size_at(&self, sq: usize) -> Option<Size> {
        let bit = 1u64 << sq;
        if self.pieces[0] & bit != 0 {
            Some(Size::Pawn)
        } else if self.pieces[1] & bit != 0 {
            Some(Size::Drone)
        } else if self.pieces[2] & bit != 0 {
            Some(Size::Queen)
        } else {
            None
        }
    }

    /// The square index of `sq` on this board, if it is on it.
    #[inline(always)]
    pub(crate) fn index_of(&self, sq: Square) -> Option<usize> {
        self.layout().index(sq.file(), sq.rank())
    }

    /// The square at index `sq` of this board.
    #[inline(always)]
    pub(crate) fn square_at(&self, sq: usize) -> Square {
        let (file, rank) = self.layout().file_rank(sq);
        Square::new(file, rank)
    }

    /// Whether a seat's score has reached the `target` option.
    #[inline(always)]
    pub(crate) fn target_reached(&self) -> bool {
        self.rules
            .target()
            .is_some_and(|t| self.scores().iter().any(|&s| s >= u16::from(t)))
    }

    /// Plies in a row without a capture (rule option `clock=on`; always 0 when it is
    /// off), up to 255.
    pub fn plies_without_capture(&self) -> u8 {
        self.quiet
    }

    /// Once the clock has been called (rule option `clock=on`): the plies without a
    /// capture left before the game ends. `None` while it is not running (not called, or
    /// cancelled by a capture); `Some(0)` once it has run out and ended the game.
    pub fn clock_countdown(&self) -> Option<u8> {
        self.countdown
    }

    /// Whether the seat to move may call the clock with its move: the `clock` option is
    /// on, the clock is not running, and the last 7 plies (at least) captured nothing.
    #[inline(always)]
    pub fn may_call_clock(&self) -> bool {
        self.rules.clock() && self.countdown.is_none() && self.quiet >= CLOCK_PLIES
    }

    /// The board as a [`Grid`]: 4x8 for two seats, 8x8 for four.
    pub fn grid(&self) -> Grid {
        let layout = self.layout();
        Grid::new(layout.width, layout.height)
    }

    /// The piece on `square`, if any (`None` also for squares off the board).
    pub fn piece_at(&self, square: Square) -> Option<Size> {
        self.index_of(square).and_then(|sq| self.size_at(sq))
    }

    /// The seat whose zone holds `square` (`None` for squares off the board).
    pub fn zone_of(&self, square: Square) -> Option<Seat> {
        let sq = self.index_of(square)?;
        self.layout().zone_of(sq, self.rules.seat_count()).map(Seat)
    }

    /// The pieces `seat` controls (those standing in its zone), in ascending square order.
    pub fn pieces_of(&self, seat: Seat) -> Vec<(Square, Size)> {
        let zone = self.layout().zones.get(seat.index()).copied().unwrap_or(0);
        pyramid_core::Bitboard(self.occupied() & zone)
            .iter()
            .filter_map(|sq| {
                let sq = sq as usize;
                self.size_at(sq).map(|size| (self.square_at(sq), size))
            })
            .collect()
    }

    /// The score of `seat`: the pips it has captured (0 for a seat not in the game).
    pub fn score(&self, seat: Seat) -> u32 {
        self.scores.get(seat.index()).map_or(0, |&s| u32::from(s))
    }

    /// The scores of all seats, by seat.
    pub fn scores(&self) -> &[u16] {
        &self.scores[..usize::from(self.rules.seat_count())]
    }

    /// The total pips of the pieces on the board.
    pub fn board_pips(&self) -> u32 {
        self.pieces[0].count_ones()
            + 2 * self.pieces[1].count_ones()
            + 3 * self.pieces[2].count_ones()
    }

    /// The seat whose turn it is, also once the game is over (then it is the seat that
    /// would have moved next). [`pyramid_core::Game::to_act`] gives `None` when over.
    pub fn seat_to_move(&self) -> Seat {
        Seat(self.to_move)
    }

    /// The previous ply's canal crossing `(from, to)`: with two seats, the piece now on
    /// `to` may not go straight back to `from` this ply. Always `None` with four seats.
    pub fn last_crossing(&self) -> Option<(Square, Square)> {
        self.crossing.map(|(f, t)| {
            (
                self.square_at(usize::from(f)),
                self.square_at(usize::from(t)),
            )
        })
    }

    /// Passes in a row just before this decision point. Always 0 in practice: a seat
    /// with pieces in its zone always has a legal move (see the crate docs).
    pub fn passes_in_a_row(&self) -> u8 {
        self.passes
    }

    /// The seat that made the final move, for the tie-break: the seat that made the last
    /// ply. After a run of passes by every seat, that is the last seat to pass, which is
    /// also the last seat that made a real move.
    pub fn final_mover(&self) -> Seat {
        let seats = self.rules.seat_count();
        Seat((self.to_move + seats - 1) % seats)
    }

    /// Whether `action` would capture (its destination holds a piece of another zone).
    pub fn is_capture(&self, action: Action) -> bool {
        let Action::Move { from, to, .. } = action else {
            return false;
        };
        let (Some(f), Some(t)) = (self.index_of(from), self.index_of(to)) else {
            return false;
        };
        let layout = self.layout();
        let seats = self.rules.seat_count();
        self.size_at(t).is_some() && layout.zone_of(f, seats) != layout.zone_of(t, seats)
    }

    /// The action's text with the capture spelling where it captures (`b2xc3`, and
    /// `b2xc3*` when it calls the clock), as a score sheet would show it.
    /// [`Notation::parse_action`](pyramid_core::Notation::parse_action) reads it back.
    pub fn notation(&self, action: Action) -> String {
        match action {
            Action::Move { from, to, call } if self.is_capture(action) => {
                format!("{from}x{to}{}", if call { "*" } else { "" })
            }
            _ => action.to_string(),
        }
    }
}

impl MartianChess {
    /// Whether the ply limit (rule option) is reached.
    #[inline(always)]
    pub(crate) fn limit_reached(&self) -> bool {
        pyramid_core::RuleSet::common(&self.rules).limit_reached(self.plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_and_actions_stay_small() {
        assert!(
            std::mem::size_of::<MartianChess>() <= 64,
            "{}",
            std::mem::size_of::<MartianChess>()
        );
        assert!(
            std::mem::size_of::<Action>() <= 6,
            "{}",
            std::mem::size_of::<Action>()
        );
    }
}
