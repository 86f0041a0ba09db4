//! Why an action is illegal, in words a player knows ([`Game::illegal_reason`]).

use pyramid_core::Game;
use pyramid_core::explain::moves_from_reason;

use crate::action::Action;
use crate::geometry::index;
use crate::state::{Decision, Stacktrices};

/// The decision an action answers.
fn decision_of(action: Action) -> &'static [Decision] {
    match action {
        Action::Move { .. } | Action::Warp { .. } => &[Decision::Main],
        Action::Hide(_) => &[Decision::SetupHide, Decision::VictimHide, Decision::Rehide],
        Action::Place(_) => &[Decision::Place],
        Action::Steal(_) => &[Decision::Steal, Decision::OptionalSteal],
        Action::NoSteal => &[Decision::OptionalSteal],
        Action::RaidTake { .. }
        | Action::RaidStore(_)
        | Action::RaidUpgrade(_)
        | Action::NoRaid => &[Decision::Raid],
        Action::Trade(_) | Action::NoTrade => &[Decision::Trade],
    }
}

/// The reason behind [`Game::illegal_reason`]: the wrong kind of action for the pending
/// decision, a stack that is not there or not the mover's, a raid or steal by a stack
/// that cannot, or where a stack may go instead. Only the seat to act asks, and it
/// knows its own thief, so nothing hidden is told.
pub(crate) fn illegal_reason(state: &Stacktrices, action: Action) -> Option<String> {
    if state.is_over() || state.is_legal(action) {
        return None;
    }
    if !decision_of(action).contains(&state.decision) {
        return Some(format!("the decision now is: {}", state.decision));
    }
    match action {
            Action::Move { from, to } | Action::Warp { from, to } => {
                match state.board[usize::from(index(from))] {
                    None => Some(format!("there is no stack on {from}")),
                    Some(st) if st.owner != state.turn => {
                        Some(format!("the stack on {from} is the other side's"))
                    }
                    Some(_) if matches!(action, Action::Warp { .. }) => Some(format!(
                        "a warp goes from the opponent's home row to an empty square of your own, which {from}~{to} is not"
                    )),
                    Some(_) => Some(moves_from_reason(state, from, to)),
                }
            }
            Action::RaidTake { .. } | Action::RaidStore(_) | Action::RaidUpgrade(_) => {
                if state.lander.is_some() && state.thief[usize::from(state.turn)] != state.lander {
                    Some("only your thief raids: the stack that moved is not it".to_owned())
                } else if state.lander.is_some() && state.bar[usize::from(state.turn)] == state.lander
                {
                    Some("your thief is barred from raiding until it ends a turn on your home row".to_owned())
                } else {
                    Some("that piece cannot be taken or placed so".to_owned())
                }
            }
            Action::Steal(_) if state.decision == Decision::OptionalSteal => {
                Some("only your thief steals: the capturing stack is not it".to_owned())
            }
            Action::Trade(_) => Some(
                "not a legal trade: 1 to 3 pieces given, 1 to 3 taken from the store with one pip less, every stack legal after"
                    .to_owned(),
            ),
            _ => None,
        }
}

/// The name of a seat, as the board draws its stacks: `White` (seat 0) or `Black`.
pub fn seat_name(seat: pyramid_core::Seat) -> &'static str {
    if seat.0 == 0 { "White" } else { "Black" }
}

/// Why the game ended, in words (`None` while it goes on): every stack of the loser
/// captured, the loser left with no main action, or the ply limit.
pub fn end_reason(state: &Stacktrices) -> Option<String> {
    let outcome = state.outcome()?;
    let pyramid_core::Outcome::Win(winner) = outcome else {
        return Some("the ply limit was reached".to_owned());
    };
    let loser = pyramid_core::Seat(winner.0 ^ 1);
    Some(if state.occ[loser.index() & 1] == 0 {
        format!(
            "{} captured every stack of {}",
            seat_name(winner),
            seat_name(loser)
        )
    } else {
        format!("{} had no legal move", seat_name(loser))
    })
}

#[cfg(test)]
mod words {
    use super::*;

    #[test]
    fn end_reason_names_who_lost_every_stack() {
        let mut state = Stacktrices::new(&crate::Rules::default());
        assert_eq!(end_reason(&state), None);
        state.occ[1] = 0;
        state.over = Some(pyramid_core::Outcome::Win(pyramid_core::Seat(0)));
        assert_eq!(
            end_reason(&state).as_deref(),
            Some("White captured every stack of Black")
        );
        assert_eq!(seat_name(pyramid_core::Seat(1)), "Black");
    }
}
