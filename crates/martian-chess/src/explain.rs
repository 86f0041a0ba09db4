//! Why an action is illegal, in words a player knows ([`Game::illegal_reason`]).

use pyramid_core::explain::moves_from_reason;
use pyramid_core::{Game, Seat};

use crate::rules::CLOCK_PLIES;
use crate::{MartianAction, MartianChess};

/// The reason behind [`Game::illegal_reason`]: no piece there, a piece in another
/// seat's zone, where the piece may go instead, or why the clock cannot be called.
pub(crate) fn illegal_reason(state: &MartianChess, action: MartianAction) -> Option<String> {
    if state.is_over() || state.is_legal(action) {
        return None;
    }
    let MartianAction::Move { from, to, call } = action else {
        return Some("passing is legal only when no move is".to_owned());
    };
    if call && state.is_legal(action.without_call()) {
        return Some(if !state.rules.clock() {
            "calling the clock (`*`) needs the rule option `clock=on`".to_owned()
        } else if state.countdown.is_some() {
            "the clock has already been called and is running".to_owned()
        } else {
            format!(
                "the clock may be called only after {CLOCK_PLIES} plies in a row without a capture ({} so far)",
                state.quiet
            )
        });
    }
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
    if !state.may_call_clock() {
        return Some(moves_from_reason(state, from, to));
    }
    // The generic wording, listing each destination once (not once more for the move
    // that calls the clock).
    let mut targets: Vec<String> = Vec::new();
    state.for_each_action(|a| {
        if let MartianAction::Move {
            from: f,
            to: t,
            call: false,
        } = a
            && f == from
        {
            targets.push(t.to_string());
        }
    });
    Some(if targets.is_empty() {
        format!("nothing on {from} can move now")
    } else {
        format!(
            "the piece on {from} cannot go to {to}; it may go to {}",
            targets.join(" ")
        )
    })
}
