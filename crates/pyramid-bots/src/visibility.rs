//! What a seat may see of another seat's action.

use pyramid_core::Seat;
use pyramid_core::prelude::*;

/// Whether `G` has no hidden information: its view is the state itself (the contract of
/// [`Information::View`](pyramid_core::Information::View) for perfect-information games).
pub fn perfect_information<G: Information>() -> bool {
    pyramid_core::perfect_information::<G>()
}

/// Whether `viewer` may be told that `action` was played in `state`: whether the action
/// as `viewer` sees it ([`Information::action_view`](pyramid_core::Information::action_view)) is its whole text. A Stacktrices `hide=`
/// of the other side is secret, a move is not.
///
/// Tools use it to print the other seats' actions without leaking secrets (`pyrctl
/// play` shows a secret action as "an action you cannot see").
///
/// ```
/// use pyramid_bots::action_visible_to;
/// use pyramid_core::{Seat, nim::Nim, prelude::*};
/// let game = Nim::new(&Default::default());
/// let action = game.legal_actions()[0];
/// assert!(action_visible_to(&game, action, Seat(1)));
/// ```
pub fn action_visible_to<G: Information>(state: &G, action: G::Action, viewer: Seat) -> bool {
    state.action_view(action, viewer) == action.to_string()
}
