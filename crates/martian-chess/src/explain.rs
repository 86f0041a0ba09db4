//! Why an action is illegal, in words a player knows ([`Game::illegal_reason`]).

use pyramid_core::explain::moves_from_reason;
use pyramid_core::{Game, Seat};

use crate::rules::CLOCK_PLIES;
use crate::{Action, MartianChess};

/// The reason behind [`Game::illegal_reason`]: no piece there, a piece in another
/// seat's zone, where the piece may go instead, or why the clock cannot be called.
pub(crate) fn illegal_reason(state: &MartianChess, action: Action) -> Option<String> {
    if state.is_over() || state.is_legal(action) {
        return None;
    }
    let Action::Move { from, to, call } = action else {
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
        if let Action::Move {
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

/// The name of a seat, as the docs give it: `South`, `North` (two seats), or its corner
/// (four seats: `South-west`, `North-west`, `North-east`, `South-east`).
pub fn seat_name(seat: Seat, seats: usize) -> &'static str {
    let names: &[&'static str] = if seats == 4 {
        &["South-west", "North-west", "North-east", "South-east"]
    } else {
        &["South", "North"]
    };
    names.get(seat.index()).copied().unwrap_or("another seat")
}

/// Why the game ended, in words (`None` while it goes on): what ended it (the ply limit,
/// the clock, every seat passing, the target score, an empty zone) and how the scores
/// decided it.
pub fn end_reason(state: &MartianChess) -> Option<String> {
    let outcome = state.outcome()?;
    let scores = state.scores();
    let seats = scores.len();
    let cause = if state.limit_reached() {
        "the ply limit was reached"
    } else if state.clock_countdown() == Some(0) {
        "the clock ran out"
    } else if usize::from(state.passes_in_a_row()) >= seats {
        "every seat passed"
    } else if state.target_reached() {
        "a score reached the target"
    } else {
        "a zone was left empty"
    };
    let points: Vec<String> = scores.iter().map(u16::to_string).collect();
    let points = points.join("-");
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders = scores.iter().filter(|&&s| s == best).count();
    let how = match outcome {
        pyramid_core::Outcome::Win(w) if leaders == 1 => {
            format!("{} has the most points ({points})", seat_name(w, seats))
        }
        pyramid_core::Outcome::Win(w) => format!(
            "the scores tie ({points}) and {} made the final move",
            seat_name(w, seats)
        ),
        pyramid_core::Outcome::Draw => format!("the scores tie ({points})"),
    };
    Some(format!("{cause}; {how}"))
}

#[cfg(test)]
mod words {
    use super::*;

    #[test]
    fn end_reason_says_what_ended_the_game_and_who_scored_most() {
        let rules = crate::Rules::default();
        let mut state = MartianChess::new(&rules);
        assert_eq!(end_reason(&state), None);
        // Seat 1's zone emptied: only seat 0's pieces remain.
        let occupied = state.layout().zones[1];
        for b in &mut state.pieces {
            *b &= !occupied;
        }
        state.scores[0] = 5;
        let reason = end_reason(&state).expect("over");
        assert_eq!(
            reason,
            "a zone was left empty; South has the most points (5-0)"
        );
        assert_eq!(seat_name(Seat(1), 2), "North");
    }
}
