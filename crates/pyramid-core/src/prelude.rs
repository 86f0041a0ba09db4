//! Every trait of the game API in one import: `use pyramid_core::prelude::*;` brings the
//! methods of the kernel and of the opt-in traits into scope.
//!
//! ```
//! use pyramid_core::prelude::*;
//! use pyramid_core::nim::Nim;
//! let game = Nim::new(&Default::default());
//! assert_eq!(game.count_actions(), 9);
//! assert_eq!(Nim::from_position(&game.position(), game.rules()), Ok(game));
//! ```

pub use crate::{
    ActionIds, Describe, Diagram, Evaluate, FullGame, Game, Information, Notation, Observation,
    PerfectInformation, PolicySpace, RuleSet, Svg, Zobrist,
};
