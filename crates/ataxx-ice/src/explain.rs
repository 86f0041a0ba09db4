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

/// The name of a seat: the colour the board draws its pyramids in (`Red`, `Blue`,
/// `Yellow`, `Green`, seat 0 first).
pub fn seat_name(seat: pyramid_core::Seat) -> &'static str {
    ["Red", "Blue", "Yellow", "Green"]
        .get(seat.index())
        .copied()
        .unwrap_or("another seat")
}

/// Why the game ended, in words (`None` while it goes on): the winner has all its
/// pyramids on the board, or every other colour was taken off it; or a draw.
pub fn end_reason(state: &AtaxxIce) -> Option<String> {
    let outcome = state.outcome()?;
    Some(match outcome {
        pyramid_core::Outcome::Win(w) => {
            let on_board: u32 = state.pieces[w.index() & 3]
                .iter()
                .map(|b| b.count_ones())
                .sum();
            if on_board == u32::from(crate::PIECES_PER_SEAT) {
                format!("{} has all its pyramids on the board", seat_name(w))
            } else {
                format!(
                    "every other colour was taken off the board by {}",
                    seat_name(w)
                )
            }
        }
        pyramid_core::Outcome::Draw if state.limit_reached() => {
            "the ply limit was reached".to_owned()
        }
        pyramid_core::Outcome::Draw => "no pyramid is left on the board".to_owned(),
    })
}

#[cfg(test)]
mod words {
    use super::*;

    #[test]
    fn end_reason_names_the_last_colour_on_the_board() {
        let mut state = AtaxxIce::new(&crate::Rules::default());
        assert_eq!(end_reason(&state), None);
        state.pieces[1] = [0; 3];
        state.finish_action(0);
        assert_eq!(
            end_reason(&state).as_deref(),
            Some("every other colour was taken off the board by Red")
        );
        assert_eq!(seat_name(pyramid_core::Seat(1)), "Blue");
    }
}
