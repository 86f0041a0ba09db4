//! Shared foundations of the pyramid-games rules engines.
//!
//! - [`Size`]: pyramid sizes (pawn, drone, queen) and their pips;
//! - [`Square`], [`Grid`], [`Direction`]: squares named `a1`-style, boards, steps;
//! - [`Bitboard`]: a set of up to 64 squares, the board layout of every engine; [`bits`]:
//!   the bit helpers the engines share (set bits, binomials, per-byte counts, select);
//! - [`Game`] (the kernel: seat to act, outcome, actions, play), [`RuleSet`] and
//!   [`GameAction`], and the opt-in traits [`Notation`], [`Information`] (free for
//!   [`PerfectInformation`] games), [`Evaluate`], [`Diagram`], [`ActionIds`], [`PolicySpace`] and [`Observation`]; [`FullGame`]
//!   names them all. Perft, bots, matches, records and tests are written once over them;
//! - [`perft()`] with bulk counting at depth 1, [`divide`], and their parallel forms;
//! - [`Bot`], [`RandomBot`] and [`arena`] for bot games and reproducible matches;
//! - [`notation`] helpers for position strings; [`fuzzing`] bodies shared by the fuzz
//!   targets and the tests; `conformance` (feature `conformance`): the harness every game's
//!   tests run, public so a user runs it on a game and a bot of their own (`check_game`,
//!   `check_bot`);
//! - [`nim`]: a tiny complete game, the smallest example of implementing [`Game`];
//! - `strategy` (feature `proptest`): proptest strategies for any game (reachable states,
//!   legal and illegal actions, valid and corrupted positions); `arbitrary_support`
//!   (feature `arbitrary`): `arbitrary::Arbitrary` inputs for fuzzers; `benchmarks`
//!   (feature `criterion`): criterion benchmarks of perft, action counting, playouts
//!   and the position reader for any game;
//! - [`perft_suite`]: perft suites as data (`tests/perft/`).
//!
//! ```
//! use pyramid_core::{Game, RandomBot, arena::play_game, nim::Nim};
//! let start = Nim::new(&Default::default());
//! let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
//! let record = play_game(start, &mut [&mut a, &mut b], None)?;
//! assert!(record.outcome().is_some());
//! # Ok::<(), pyramid_core::arena::ArenaError>(())
//! ```
#![forbid(unsafe_code)]

#[cfg(feature = "arbitrary")]
pub mod arbitrary_support;
pub mod arena;
#[cfg(feature = "criterion")]
pub mod benchmarks;
mod bitboard;
pub mod bits;
mod bot;
#[cfg(feature = "conformance")]
pub mod conformance;
#[cfg(feature = "dynamic")]
pub mod dynamic;
mod error;
pub mod explain;
pub mod fuzzing;
mod game;
pub mod nim;
pub mod notation;
mod perft;
#[cfg(feature = "dynamic")]
pub mod perft_suite;
mod piece;
pub mod prelude;
mod seat;
mod square;
#[cfg(feature = "proptest")]
pub mod strategy;
pub mod svg;

pub use bitboard::{Bitboard, Squares};
pub use bot::{Bot, RandomBot};
pub use error::{
    ActionParseError, EXCERPT_CHARS, PlayError, PositionError, RulesError, excerpt, parse_switch,
};
pub use game::{
    ActionIds, CommonRules, Diagram, Evaluate, FullGame, Game, GameAction, Information, Notation,
    Observation, PerfectInformation, PolicySpace, RuleSet, Svg, Zobrist, perfect_information,
    play_random_by, random_action_by_walk, zobrist_bits, zobrist_mix, zobrist_of, zobrist_table,
};
pub use perft::{divide, divide_parallel, perft, perft_parallel};
pub use piece::{Size, SizeParseError};
pub use seat::{Outcome, Seat};
pub use square::{Direction, Grid, Square, SquareError};

/// The random-number crate the traits use, re-exported so games and tools use the same
/// version.
pub use rand;
/// The seeded generator used for reproducible bots and matches.
pub use rand_chacha::ChaCha8Rng;
