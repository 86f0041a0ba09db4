//! pyramid-runtime: the runtime above the bots. It holds the list of the project's games
//! ([`registry`], built once) and the calls a tool makes on a game chosen by name, each
//! written once for every tool (`pyrctl`, the Python package, the web server):
//!
//! - rule options however a tool receives them ([`RuleOptions`]: `key=value` text, JSON
//!   values, Python keyword values; the number of seats settled once);
//! - matches and round robins, played whole or in shards, their records checked and
//!   summed up ([`Match`]);
//! - record checks ([`verify_record`]) and the speed table ([`bench`]);
//! - a person against bots ([`play_against`]);
//! - bots by spec ([`parse_bot`]): the bots of `pyramid-bots` and the kinds the runtime
//!   adds ([`bot_kinds`]: `az` with the feature `learn`);
//! - learning (feature `learn`, on by default): a whole run (`train`), a learner one
//!   generation at a time (`Trainer`) and a worker's self-play games (`self_play`), with
//!   the learning crate re-exported as [`pyramid_learn`](crate#reexports).
//!
//! The object-safe interface these calls stand on (states with actions as text and ids,
//! bots by spec) is `pyramid_core::dynamic`; the typed work inside each call runs at full
//! speed for the game's own type. Every call refuses bad input with an [`Error`], never a
//! panic.
//!
//! ```
//! use pyramid_runtime::{RuleOptions, registry};
//! let options = RuleOptions::from_pairs(["size=6"])?.with_players(Some(3));
//! let game = registry().get("ataxx-ice")?;
//! let mut state = game.new_state(&options.pairs())?;
//! let mut bot = game.bot("greedy", 7)?;
//! let action = bot.pick(state.as_ref())?;
//! state.play(&action)?;
//! assert_eq!((state.seats(), state.plies()), (3, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod error;
mod games;
#[cfg(feature = "learn")]
mod learn;
mod matches;
mod options;
mod person;
mod replay;

pub use error::Error;
pub use games::{bot_kinds, game, parse_bot, registry};
#[cfg(feature = "learn")]
pub use learn::{SelfPlayed, TrainSetup, Trainer, self_play, train};
pub use matches::Match;
pub use options::{OptionValue, OptionsError, RuleOptions};
pub use person::{Person, PersonGame, play_against};
/// The learning crate (feature `learn`): models, training settings, the `az` bot.
#[cfg(feature = "learn")]
pub use pyramid_learn;
pub use replay::{bench, verify_record};
