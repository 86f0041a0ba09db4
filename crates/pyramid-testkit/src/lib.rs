//! Test tools for the pyramid-games rules engines, written once over the `pyramid-core`
//! traits and usable on any game: the project's own games take this crate as a
//! dev-dependency, and so can a game (or a bot) of your own.
//!
//! - [`conformance`]: the harness every game's tests run (`check_game`, `check_bot`,
//!   and their pieces), public so a user runs it on a game and a bot of their own;
//! - [`perft_suite`]: perft suites as data (`tests/perft/`), read and run through the
//!   object-safe layer (`pyramid_core::dynamic`);
//! - [`fuzzing`]: the fuzz bodies shared by the `fuzz/` targets and the tests;
//! - `strategy` (feature `proptest`): proptest strategies for any game (reachable states,
//!   legal and illegal actions, valid and corrupted positions) and the `game_strategies!`
//!   macro a game crate writes its `strategy` module with;
//! - `arbitrary_support` (feature `arbitrary`): `arbitrary::Arbitrary` inputs for
//!   fuzzers, and the `impl_arbitrary!` macro;
//! - `benchmarks` (feature `criterion`): criterion benchmarks of perft, action counting,
//!   playouts and the position reader for any game.
//!
//! ```
//! use pyramid_core::nim::{Nim, NimRules};
//! use pyramid_core::{Game, RandomBot};
//! use pyramid_testkit::conformance::{check_bot, check_game};
//!
//! let rules = NimRules::default();
//! // Every check of the harness, on 3 seeded random games of at most 40 plies each.
//! check_game::<Nim>(&rules, 0..3, 40);
//! // A bot plays legally, reproducibly, and reads only its seat's view.
//! check_bot(RandomBot::new, Nim::new(&rules), 0..3, 40);
//! ```
#![forbid(unsafe_code)]

#[cfg(feature = "arbitrary")]
pub mod arbitrary_support;
#[cfg(feature = "criterion")]
pub mod benchmarks;
pub mod conformance;
pub mod fuzzing;
pub mod perft_suite;
#[cfg(feature = "proptest")]
pub mod strategy;

/// The kernel crate the tools are written over, re-exported so the macros
/// (`game_strategies!`, `impl_arbitrary!`) and users name the same version.
pub use pyramid_core;
