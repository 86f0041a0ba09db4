//! Why an action is illegal, in words a player knows ([`Game::illegal_reason`]).

use pyramid_core::Game;
use pyramid_core::explain::moves_from_reason;

use crate::card::{KING, code_rank, code_suit};
use crate::geometry::WIDTH;
use crate::{Action, CardSiege, Phase};

/// The reason behind [`Game::illegal_reason`]: no card there, the other seat's card,
/// a siege to answer or a King to evacuate, the opening restriction, King safety, or
/// where the card may go instead (the loop rule and belt collisions among them).
pub(crate) fn illegal_reason(state: &CardSiege, action: Action) -> Option<String> {
    if state.is_over() || state.is_legal(action) {
        return None;
    }
    let (from, to) = (action.source_index(), action.to_index());
    let (from_sq, to_sq) = (action.from(), action.to());
    let s = usize::from(state.to_move);
    match state.phase {
        Phase::Siege if to != usize::from(state.siege) || !action.is_capture() => {
            let siege = state.siege().map(|q| q.to_string()).unwrap_or_default();
            return Some(format!(
                "a siege stands on {siege}: the only actions are answers, captures of its top card (`{{from}}x{siege}`)"
            ));
        }
        Phase::Evacuate => {
            return Some(
                "your King has won the siege and must evacuate to an empty square beside it"
                    .to_owned(),
            );
        }
        _ => {}
    }
    let code = state.board.get(from).copied().unwrap_or(0);
    if code == 0 {
        return Some(format!("there is no card on {from_sq}"));
    }
    if code_suit(code) != s {
        return Some(format!("the card on {from_sq} is the other seat's"));
    }
    let home = if s == 0 { 0 } else { 2 };
    if state.opening[s] > 0 && (from / WIDTH != home || to / WIDTH != home) {
        return Some(format!(
            "opening: {} more turn(s) of slides within your own home row",
            state.opening[s]
        ));
    }
    // King safety is judged in the position after the action: a King's slide (one file)
    // moves the conveyor and the belt; an ascent or a capture moves no enemy card.
    let slide = !action.is_capture() && from / WIDTH == to / WIDTH && from.abs_diff(to) == 1;
    if code_rank(code) == KING && state.king_attacked_after(from, to, slide) {
        return Some(format!(
            "King safety: the other seat attacks {to_sq}, so your King may not go there"
        ));
    }
    Some(moves_from_reason(state, from_sq, to_sq))
}

/// The name of a seat, as the board draws it: `Hearts` (seat 0) or `Spades`.
pub fn seat_name(seat: pyramid_core::Seat) -> &'static str {
    if seat.0 == 0 { "Hearts" } else { "Spades" }
}

/// Why the game ended, in words (`None` while it goes on): the ply limit, or why the
/// seat to act had no legal action (a siege it won with no square free to evacuate, a
/// siege it could not answer, or no move at all).
pub fn end_reason(state: &CardSiege) -> Option<String> {
    let outcome = state.outcome()?;
    let pyramid_core::Outcome::Win(winner) = outcome else {
        return Some("the ply limit was reached".to_owned());
    };
    let loser = seat_name(pyramid_core::Seat(1 - winner.0.min(1)));
    Some(match state.phase() {
        Phase::Evacuate => {
            format!("{loser} won the siege but no square was free for its King to evacuate")
        }
        Phase::Siege => format!("{loser} could not answer the siege on its King"),
        Phase::Normal => format!("{loser} had no legal move"),
    })
}
