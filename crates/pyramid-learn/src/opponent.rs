//! A bot made by name and seed: what a training run measures its model against, and the
//! teacher whose games it may learn from.

use pyramid_core::Bot;
use pyramid_core::prelude::*;

/// A fixed bot of a training run: an opponent the model is measured against, or the
/// teacher whose games it learns from ([`crate::play_teacher_games`]).
pub struct Opponent<G: FullGame> {
    /// Its name in the log (a bot spec such as `mcts:iters=200`).
    pub name: String,
    /// Makes the bot, its random choices following from the seed.
    pub make: Box<dyn Fn(u64) -> Box<dyn Bot<G>> + Send + Sync>,
}
