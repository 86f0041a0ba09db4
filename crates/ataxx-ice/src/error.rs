//! Why a position string or a setup was refused. Every message names the field or the
//! rule that failed.

use pyramid_core::notation::NotationError;
use pyramid_core::{RulesError, Square};

/// A refused position string or [`crate::Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The string's structure (field count, board rows) is wrong.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The `board` field cannot be read.
    #[error("field `board`: {0}")]
    Board(String),
    /// The `to-move` field cannot be read.
    #[error("field `to-move`: `{0}` is not a seat number or `-`")]
    ToMove(String),
    /// The `stashes` field cannot be read.
    #[error("field `stashes`: {0}")]
    Stashes(String),
    /// The `eliminated` field cannot be read.
    #[error("field `eliminated`: `{0}` is not `-` or a comma-separated list of seats")]
    Eliminated(String),
    /// The `plies` field cannot be read.
    #[error("field `plies`: `{0}` is not a ply count")]
    Plies(String),
    /// The rule options are not valid.
    #[error("field `rules`: {0}")]
    Rules(#[from] RulesError),
    /// A piece stands off the board.
    #[error("field `board`: a piece stands on {square}, off the {size}x{size} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board size.
        size: u8,
    },
    /// Two pieces on one square.
    #[error("field `board`: two pieces on square {square}")]
    SquareTaken {
        /// The square.
        square: Square,
    },
    /// A piece belongs to a seat the game does not have.
    #[error(
        "field `board`: the piece on {square} belongs to seat {seat}, but the game has {seats} seats"
    )]
    NoSuchSeat {
        /// The piece's square.
        square: Square,
        /// Its seat.
        seat: u8,
        /// The number of seats.
        seats: usize,
    },
    /// More than 5 pieces of one size for one seat.
    #[error(
        "too many pieces: seat {seat} has {count} {size} pieces on the board, but a seat owns 5 of each size"
    )]
    TooManyPieces {
        /// The seat.
        seat: u8,
        /// The size, in words.
        size: &'static str,
        /// How many are on the board.
        count: u32,
    },
    /// The stashes do not hold exactly the pieces that are not on the board.
    #[error(
        "field `stashes`: seat {seat} has {on_board} {size} on the board and {in_stash} in its stash; \
         every piece is on the board or in its owner's stash, 5 of each size"
    )]
    StashMismatch {
        /// The seat.
        seat: u8,
        /// The size, in words.
        size: &'static str,
        /// Pieces of that size on the board.
        on_board: u32,
        /// Pieces of that size the stash field claims.
        in_stash: u32,
    },
    /// The stashes field lists a different number of seats than the game has.
    #[error("field `stashes`: {found} stashes for a game of {seats} seats")]
    StashCount {
        /// Stashes given.
        found: usize,
        /// Seats of the game.
        seats: usize,
    },
    /// The eliminated seats are not exactly the seats without pieces on the board.
    #[error("field `eliminated`: {0}")]
    EliminatedMismatch(String),
    /// The seat to move is eliminated.
    #[error(
        "field `to-move`: seat {0} is eliminated (it has no piece on the board) and cannot be to move"
    )]
    ToMoveEliminated(u8),
    /// The seat to move does not exist.
    #[error("field `to-move`: seat {seat} does not exist in a game of {seats} seats")]
    ToMoveOutOfRange {
        /// The seat given.
        seat: u8,
        /// Seats of the game.
        seats: usize,
    },
    /// A seat is to move although the board has decided the game.
    #[error("field `to-move`: the game is over ({0}), so no seat is to move: write `-`")]
    ToMoveAfterEnd(String),
    /// No seat to move although the game goes on.
    #[error("field `to-move`: the game is not over, so a seat must be to move")]
    NobodyToMove,
    /// Two seats have all their pieces on the board: the game would have ended at the
    /// first.
    #[error(
        "field `stashes`: seats {0} and {1} both have empty stashes; the game ends when the first one empties"
    )]
    TwoEmptyStashes(u8, u8),
}
