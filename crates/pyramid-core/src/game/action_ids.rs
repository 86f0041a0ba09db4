//! [`ActionIds`]: actions as integers, for neural-network policy outputs and for APIs
//! that speak numbers (OpenSpiel, browsers, outside engines).

use crate::Game;

/// A documented, stable encoding of a game's actions as integers below a bound.
///
/// Ids are the same in every build and on every machine: each game's page under `docs/`
/// gives the formula. Where the action space is small the ids are dense (every id below
/// [`ActionIds::action_space`] names an action shape, as in OpenSpiel's distinct actions);
/// elsewhere the encoding is injective with a documented bound. Within one state, distinct
/// actions have distinct ids and [`ActionIds::action_from_id`] undoes
/// [`ActionIds::action_id`]. The conformance harness checks both for every legal action.
///
/// ```
/// use pyramid_core::{ActionIds, Game, nim::Nim};
/// let game = Nim::new(&Default::default());
/// for action in game.legal_actions() {
///     let id = game.action_id(action);
///     assert!(id < Nim::action_space(game.rules()));
///     assert_eq!(game.action_from_id(id), Some(action));
/// }
/// ```
pub trait ActionIds: Game {
    /// Every id under `rules` is below this bound.
    fn action_space(rules: &Self::Rules) -> u64;

    /// The id of `action` in this state. Games whose ids do not depend on the state
    /// document it; others (Ataxx-ice relocations) number part of the action relative to
    /// the state.
    fn action_id(&self, action: Self::Action) -> u64;

    /// The action with id `id` in this state (legal or not), or `None` when no action has
    /// that id.
    fn action_from_id(&self, id: u64) -> Option<Self::Action>;
}
