#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod arena;
mod bitboard;
pub mod bits;
mod bot;
#[cfg(feature = "dynamic")]
pub mod dynamic;
mod error;
pub mod explain;
mod game;
pub mod nim;
pub mod notation;
mod perft;
mod piece;
pub mod prelude;
mod seat;
mod square;
pub mod svg;

pub use bitboard::{Bitboard, Squares};
pub use bot::{Bot, RandomBot};
pub use error::{
    ActionParseError, EXCERPT_CHARS, PlayError, PositionError, PositionProblem, RulesError,
    excerpt, parse_switch,
};
pub use game::for_each_action_from_walk;
pub use game::{
    ActionIds, ActionWords, CommonRules, DensePlanes, Describe, Diagram, Evaluate, FullGame, Game,
    GameAction, Information, Notation, NotationMovesError, Observation, PerfectInformation,
    PlaneWriter, PolicySpace, RuleSet, SparseObservation, StepMark, StepWords, Svg, Zobrist,
    parse_ply_limit, perfect_information, play_random_by, random_action_by_walk, zobrist_bits,
    zobrist_mix, zobrist_of, zobrist_table,
};
pub use game::{OptionSpec, RuleValue, options_table};
#[doc(hidden)]
pub use game::{declared_default, read_option};
pub use perft::{divide, divide_parallel, perft, perft_parallel};
pub use piece::{Size, SizeParseError};
pub use seat::{Outcome, Seat};
pub use square::{Direction, Grid, Square, SquareError};

/// The random-number crate the traits use, re-exported so games and tools use the same
/// version.
pub use rand;
/// The seeded generator used for reproducible bots and matches.
pub use rand_chacha::ChaCha8Rng;
