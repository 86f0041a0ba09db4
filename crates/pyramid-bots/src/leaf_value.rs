//! [`LeafValue`]: what the alpha-beta bot counts a position it does not look past as worth,
//! for one seat: the game's own evaluation ([`Heuristic`]), or a learned one (the learning
//! crate's network, `ab:model=FILE`).

use pyramid_core::Seat;
use pyramid_core::prelude::*;

/// The value of an unfinished position for `seat`, higher is better, within `±1e10`
/// (the search counts a won game as `1e12`). The alpha-beta bot asks it at every leaf.
///
/// ```
/// use pyramid_bots::{Heuristic, LeafValue};
/// use pyramid_core::{Seat, nim::Nim, prelude::*};
/// let start = Nim::new(&Default::default());
/// let mut heuristic = Heuristic;
/// assert_eq!(LeafValue::<Nim>::value(&mut heuristic, &start, Seat(0)), start.evaluate(Seat(0)));
/// ```
pub trait LeafValue<G: Information + Evaluate>: Send {
    /// The value of the unfinished position `state` for `seat`.
    fn value(&mut self, state: &G, seat: Seat) -> f64;

    /// Whether it can value the positions of `state`'s game and rules (a model trained
    /// for other rules cannot), checked before each search; the error says why not, and
    /// the bot then chooses nothing and reports it as its [`Bot::failure`](pyramid_core::Bot::failure).
    fn check(&mut self, state: &G) -> Result<(), String> {
        let _ = state;
        Ok(())
    }

    /// The options the bot's spec names for this evaluation, before the search's
    /// (`model=FILE`); empty for the game's own.
    fn spec_options(&self) -> String {
        String::new()
    }
}

/// The value of a finished game for `seat`: a win `1e12`, a draw 0, a loss `-1e12`
/// (`None` while it goes on).
pub(crate) fn outcome_value<G: Game>(state: &G, seat: Seat) -> Option<f64> {
    state
        .outcome()
        .map(|outcome| (outcome.reward(seat) - 0.5) * 2e12)
}

/// The game's own quick evaluation ([`Evaluate::evaluate`]): what `ab` searches by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heuristic;

impl<G: Information + Evaluate> LeafValue<G> for Heuristic {
    fn value(&mut self, state: &G, seat: Seat) -> f64 {
        let value = state.evaluate(seat);
        if value.is_nan() { 0.0 } else { value }
    }
}
