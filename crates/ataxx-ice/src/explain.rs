//! Why an action is illegal, in words a player knows ([`Game::illegal_reason`]).

use pyramid_core::Game;
use pyramid_core::explain::moves_from_reason;

use crate::{Action, ActionKind, AtaxxIce};

/// The reason behind [`Game::illegal_reason`]: no pyramid there, another seat's
/// pyramid, or where the pyramid may go instead.
pub(crate) fn illegal_reason(state: &AtaxxIce, action: Action) -> Option<String> {
    if state.is_over() || state.is_legal(action) {
        return None;
    }
    let mover = state.to_act()?;
    let square = action.from().or(action.to())?;
    match state.piece_at(square) {
        None if action.kind() != ActionKind::Clone && action.kind() != ActionKind::Jump => {
            Some(format!("there is no pyramid on {square}"))
        }
        None => Some(format!("there is no pyramid on {square} to move")),
        Some((owner, _)) if owner != mover => Some(format!(
            "the pyramid on {square} is seat {owner}'s: seat {mover} plays only its own"
        )),
        Some(_) => match (action.kind(), action.from(), action.to()) {
            (ActionKind::Clone | ActionKind::Jump, Some(from), Some(to)) => {
                Some(moves_from_reason(state, from, to))
            }
            (ActionKind::Grow, _, _) => Some(format!(
                "the pyramid on {square} cannot grow: a larger one must be in the stash"
            )),
            _ => None,
        },
    }
}
