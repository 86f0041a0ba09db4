//! The traits every game implements: the kernel [`Game`] with its [`RuleSet`] and
//! [`GameAction`], and the opt-in traits for notation, hidden information, evaluation,
//! drawing, integer action ids, the policy space, observation tensors and words.

mod action_ids;
mod describe;
mod diagram;
mod evaluate;
mod full;
mod information;
mod kernel;
mod notation;
mod observation;
mod options;
mod picture;
mod policy;
mod rules;
mod sparse_observation;
mod step_words;
mod zobrist;

pub use action_ids::ActionIds;
pub use describe::{ActionWords, Describe, NotationMovesError};
pub use diagram::Diagram;
pub use evaluate::Evaluate;
pub use full::FullGame;
pub use information::{Information, PerfectInformation, perfect_information};
pub use kernel::{Game, GameAction, play_random_by, random_action_by_walk};
pub use notation::Notation;
pub use observation::Observation;
pub use options::{OptionSpec, RuleValue, options_table};
#[doc(hidden)]
pub use options::{declared_default, read_option};
pub use picture::Svg;
#[cfg(feature = "dynamic")]
pub(crate) use policy::next_steps_in_sorted;
pub use policy::{PolicySpace, for_each_action_from_walk};
pub use rules::{CommonRules, RuleSet, parse_ply_limit};
pub use sparse_observation::{DensePlanes, PlaneWriter, SparseObservation};
pub use step_words::{StepMark, StepWords};
pub use zobrist::{Zobrist, zobrist_bits, zobrist_mix, zobrist_of, zobrist_table};
