#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod error;
mod games;
#[cfg(feature = "learn")]
mod learn;
mod matches;
#[cfg(feature = "learn")]
mod network_bench;
mod options;
mod person;
mod replay;
#[cfg(feature = "learn")]
mod value;
mod vector;

pub use error::Error;
pub use games::{bot_kinds, game, parse_bot, registry};
#[cfg(feature = "learn")]
pub use learn::{SelfPlayed, TrainSetup, Trainer, self_play, train};
pub use matches::Match;
#[cfg(feature = "learn")]
pub use network_bench::{bench_model, bench_new_network, peak_gflops};
pub use options::{OptionValue, OptionsError, RuleOptions};
pub use person::{Person, PersonGame, play_against};
/// The learning crate (feature `learn`): models, training settings, the `az` bot.
#[cfg(feature = "learn")]
pub use pyramid_learn;
pub use replay::{bench, verify_record};
#[cfg(feature = "learn")]
pub use value::{ValueTrainSetup, ValueTrained, train_value};
pub use vector::{Buffers, DEFAULT_PLY_LIMIT, Outputs, VectorEnv, VectorError};
