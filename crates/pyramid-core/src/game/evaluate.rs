//! [`Evaluate`]: a quick static evaluation, for greedy bots and search cut-offs.

use crate::{Game, Seat};

/// A quick evaluation of a state for one seat.
pub trait Evaluate: Game {
    /// How good the state is for `seat`, higher is better (Martian Chess: the score
    /// difference; the others: material). Finished games score far beyond any unfinished
    /// one: a win high, a loss low.
    fn evaluate(&self, seat: Seat) -> f64;
}
