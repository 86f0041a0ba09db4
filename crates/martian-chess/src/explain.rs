//! Why an action is illegal, in words a player knows ([`Game::illegal_reason`]).

use pyramid_core::explain::moves_from_reason;
use pyramid_core::{Game, Seat};

use crate::{MartianAction, MartianChess};

/// The reason behind [`Game::illegal_reason`]: no piece there, a piece in another
/// seat's zone, or where the piece may go instead.
pub(crate) fn illegal_reason(state: &MartianChess, action: MartianAction) -> Option<String> {
    if state.is_over() || state.is_legal(action) {
        return None;
    }
    let MartianAction::Move { from, to } = action else {
        return Some("passing is legal only when no move is".to_owned());
    };
    let mover = state.seat_to_move();
    if state.piece_at(from).is_none() {
        return Some(format!("there is no piece on {from}"));
    }
    match state.zone_of(from) {
        Some(owner) if owner != mover => {
            return Some(format!(
                "the piece on {from} stands in seat {owner}'s zone: seat {mover} moves only the pieces in its own zone"
            ));
        }
        None => return Some(format!("{from} is not on the board")),
        Some(Seat(_)) => {}
    }
    Some(moves_from_reason(state, from, to))
}
