//! Integer action ids: [`ActionIds`].
//!
//! State-free and injective, in consecutive ranges (squares by index `rank * 7 + file`,
//! a1 = 0, g7 = 48; pieces `P D Q p d q` = 0..6; `pq = piece * 49 + square`, 294 values):
//!
//! | action | ids |
//! |---|---|
//! | `from-to` (move) | `from * 49 + to` (0..2401) |
//! | warp | `2401 + from * 49 + to` (2401..4802) |
//! | `hide=SQ` | `4802 + sq` (4802..4851) |
//! | `place=K@SQ` | `4851 + pq` (4851..5145) |
//! | `steal=K@SQ` | `5145 + pq` (5145..5439) |
//! | `steal=none` | `5439` |
//! | raid taking piece `K` from `from` onto `to` | `5440 + K * 2401 + from * 49 + to` (5440..19846) |
//! | raid from the store `K@SQ` | `19846 + pq` (19846..20140) |
//! | raid upgrade `K@SQ` | `20140 + pq` (20140..20434) |
//! | `raid=none` | `20434` |
//! | `trade=none` | `20435` |
//! | trade | `20436 + given * 295^3 + taken` |
//!
//! A trade's `given` and `taken` lists (1 to 3 pieces each, in notation order) are each
//! three base-295 digits, first piece most significant: digit `1 + pq` for a piece, 0 for
//! an empty slot. The bound is `20436 + 295^6` (about 6.6e14, below 2^53, so ids are exact
//! in a double).

use pyramid_core::{ActionIds, Square};

use crate::action::{Action, PieceAt, Trade};
use crate::geometry::{SQUARES, index, square};
use crate::piece::Piece;
use crate::rules::Rules;
use crate::state::Stacktrices;

/// Squares on the board, as a `u64`.
pub(crate) const CELLS: u64 = SQUARES as u64;
/// `(piece, square)` pairs.
pub(crate) const PIECE_SQUARES: u64 = 6 * CELLS;
/// Digits of one slot of a trade list: empty, or one of the piece-square pairs.
const DIGIT: u64 = PIECE_SQUARES + 1;
/// Values of one trade list (three slots).
const LIST: u64 = DIGIT * DIGIT * DIGIT;

const MOVE: u64 = 0;
const WARP: u64 = MOVE + CELLS * CELLS;
const HIDE: u64 = WARP + CELLS * CELLS;
const PLACE: u64 = HIDE + CELLS;
const STEAL: u64 = PLACE + PIECE_SQUARES;
const NO_STEAL: u64 = STEAL + PIECE_SQUARES;
const RAID_TAKE: u64 = NO_STEAL + 1;
const RAID_STORE: u64 = RAID_TAKE + 6 * CELLS * CELLS;
const RAID_UPGRADE: u64 = RAID_STORE + PIECE_SQUARES;
const NO_RAID: u64 = RAID_UPGRADE + PIECE_SQUARES;
const NO_TRADE: u64 = NO_RAID + 1;
pub(crate) const TRADE: u64 = NO_TRADE + 1;

fn sq(square: Square) -> u64 {
    u64::from(index(square))
}

fn pair(from: Square, to: Square) -> u64 {
    sq(from) * CELLS + sq(to)
}

pub(crate) fn piece_square(p: PieceAt) -> u64 {
    p.piece.index() as u64 * CELLS + sq(p.square)
}

fn square_of(id: u64) -> Square {
    square(id as u8)
}

pub(crate) fn piece_at(id: u64) -> Option<PieceAt> {
    Some(PieceAt::new(
        Piece::from_index((id / CELLS) as usize)?,
        square_of(id % CELLS),
    ))
}

/// Three base-295 digits for a list of 1 to 3 pieces.
fn list_code(list: &[PieceAt]) -> u64 {
    (0..3).fold(0, |code, i| {
        code * DIGIT + list.get(i).map_or(0, |&p| 1 + piece_square(p))
    })
}

/// The pieces of a list code (empty slots skipped).
fn list_of(code: u64) -> Option<Vec<PieceAt>> {
    let digits = [code / (DIGIT * DIGIT), (code / DIGIT) % DIGIT, code % DIGIT];
    digits
        .iter()
        .filter(|&&d| d != 0)
        .map(|&d| piece_at(d - 1))
        .collect()
}

impl ActionIds for Stacktrices {
    fn action_space(_rules: &Rules) -> u64 {
        TRADE + LIST * LIST
    }

    fn action_id(&self, action: Action) -> u64 {
        match action {
            Action::Move { from, to } => MOVE + pair(from, to),
            Action::Warp { from, to } => WARP + pair(from, to),
            Action::Hide(at) => HIDE + sq(at),
            Action::Place(p) => PLACE + piece_square(p),
            Action::Steal(p) => STEAL + piece_square(p),
            Action::NoSteal => NO_STEAL,
            Action::RaidTake { piece, from, to } => {
                RAID_TAKE + piece.index() as u64 * CELLS * CELLS + pair(from, to)
            }
            Action::RaidStore(p) => RAID_STORE + piece_square(p),
            Action::RaidUpgrade(p) => RAID_UPGRADE + piece_square(p),
            Action::NoRaid => NO_RAID,
            Action::NoTrade => NO_TRADE,
            Action::Trade(t) => TRADE + list_code(t.given()) * LIST + list_code(t.taken()),
        }
    }

    fn action_from_id(&self, id: u64) -> Option<Action> {
        let pair_of = |rel: u64| (square_of(rel / CELLS), square_of(rel % CELLS));
        Some(match id {
            MOVE..WARP => {
                let (from, to) = pair_of(id - MOVE);
                Action::Move { from, to }
            }
            WARP..HIDE => {
                let (from, to) = pair_of(id - WARP);
                Action::Warp { from, to }
            }
            HIDE..PLACE => Action::Hide(square_of(id - HIDE)),
            PLACE..STEAL => Action::Place(piece_at(id - PLACE)?),
            STEAL..NO_STEAL => Action::Steal(piece_at(id - STEAL)?),
            NO_STEAL => Action::NoSteal,
            RAID_TAKE..RAID_STORE => {
                let rel = id - RAID_TAKE;
                let piece = Piece::from_index((rel / (CELLS * CELLS)) as usize)?;
                let (from, to) = pair_of(rel % (CELLS * CELLS));
                Action::RaidTake { piece, from, to }
            }
            RAID_STORE..RAID_UPGRADE => Action::RaidStore(piece_at(id - RAID_STORE)?),
            RAID_UPGRADE..NO_RAID => Action::RaidUpgrade(piece_at(id - RAID_UPGRADE)?),
            NO_RAID => Action::NoRaid,
            NO_TRADE => Action::NoTrade,
            _ if id < TRADE + LIST * LIST => {
                let rel = id - TRADE;
                let given = list_of(rel / LIST)?;
                let taken = list_of(rel % LIST)?;
                Action::Trade(Trade::new(&given, &taken)?)
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;

    use crate::{Action, Rules, Stacktrices, Start};

    #[test]
    fn ids_are_pinned() -> Result<(), Box<dyn std::error::Error>> {
        let game = Stacktrices::new(&Rules::default().with_start(Start::Standard));
        assert_eq!(
            Stacktrices::action_space(game.rules()),
            20436 + 295u64.pow(6)
        );
        assert!(Stacktrices::action_space(game.rules()) < 1 << 53);
        // a2 is square 7, a3 square 14.
        let step: Action = "a2-a3".parse()?;
        assert_eq!(game.action_id(step), 7 * 49 + 14);
        assert_eq!(game.action_id("trade=none".parse()?), 20435);
        assert_eq!(game.action_id("raid=none".parse()?), 20434);
        // hide=c1: square 2.
        assert_eq!(game.action_id("hide=c1".parse()?), 4802 + 2);
        // One queen (piece 2) given from a1 (square 0) for a clear queen (5) onto b1 (1):
        // given digits (1 + 2 * 49 + 0, 0, 0), taken (1 + 5 * 49 + 1, 0, 0).
        let trade: Action = "trade=Q@a1>q@b1".parse()?;
        let expected = 20436 + 99 * 295 * 295 * 295u64.pow(3) + 247 * 295 * 295;
        assert_eq!(game.action_id(trade), expected);
        assert_eq!(game.action_from_id(expected), Some(trade));
        Ok(())
    }
}
