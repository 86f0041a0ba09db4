//! [`Describe`]: Ataxx-ice in words. Seat names and why a game ended come from `explain`
//! ([`seat_name`](crate::seat_name), [`end_reason`](crate::end_reason)); an action's
//! words name its kind, the pieces it captured and the squares its relocations came from.
//! Ataxx-ice hides nothing, so every viewer gets the same words.

use pyramid_core::{ActionWords, Describe, Game, Seat, Square};

use crate::{Action, ActionKind, AtaxxIce};

impl Describe for AtaxxIce {
    fn summary() -> &'static str {
        "Ataxx with pyramids of three sizes for 2 to 4 players: clone or jump to spread your colour, capturing the smaller pieces around where you land; place all 15 of your pyramids to win."
    }

    fn how_to_play() -> &'static str {
        "Each player starts with one small pyramid in a corner and 14 more in hand. On your turn do one thing with one of your pieces: clone it to an adjacent empty square (a new piece of the same size from your hand, or the next larger you have), jump it two squares away, grow it one size (shrinking every piece around it), or shrink it (destroying your own pieces around it and capturing every enemy piece around it). After a clone or a jump, every enemy piece next to the landing square that is no larger than your piece is captured: it goes back to its owner and you fill its square with one of yours of the same size where you can. You win by having all 15 of your pyramids on the board, or by being the last colour left on it."
    }

    fn seat_name(&self, seat: Seat) -> String {
        crate::seat_name(seat).to_owned()
    }

    fn end_words(&self) -> Option<String> {
        crate::end_reason(self)
    }

    fn describe_action(&self, action: Action, viewer: Option<Seat>) -> ActionWords {
        let _ = viewer; // nothing is hidden
        action_words(self, action)
    }
}

/// What `action` does in `state`: its kind and squares, then what it captured and where
/// its relocated pieces came from.
fn action_words(state: &AtaxxIce, action: Action) -> ActionWords {
    let name = state.actor_name();
    let (from, to) = (action.from(), action.to());
    let mut words = match (action.kind(), from, to) {
        (ActionKind::Clone, Some(from), Some(to)) => format!("{name} cloned {from} onto {to}"),
        (ActionKind::Jump, Some(from), Some(to)) => format!("{name} jumped {from} to {to}"),
        (ActionKind::Grow, _, Some(to)) => format!("{name} grew the piece on {to}"),
        (ActionKind::Shrink, _, Some(to)) => format!("{name} shrank the piece on {to}"),
        _ => format!("{name} passed"),
    };
    let captured = captured(state, action);
    let capture = !captured.is_empty();
    let relocated: Vec<Square> = action.relocations().collect();
    if !captured.is_empty() {
        words.push_str(&format!(", capturing {}", list(&captured)));
    }
    if !relocated.is_empty() {
        words.push_str(&format!(", moving pieces from {}", list(&relocated)));
    }
    let mut squares: Vec<String> = Vec::new();
    let touched = from.into_iter().chain(to).chain(captured).chain(relocated);
    for square in touched.map(|s| s.to_string()) {
        if !squares.contains(&square) {
            squares.push(square);
        }
    }
    ActionWords {
        words,
        squares,
        capture,
    }
}

/// The squares whose piece of another seat `action` captures: those that hold another
/// seat's piece before it and not after.
fn captured(state: &AtaxxIce, action: Action) -> Vec<Square> {
    let Some(mover) = state.to_act() else {
        return Vec::new();
    };
    let mut after = state.clone();
    after.play_unchecked(action);
    let size = state.board_size();
    let mut out = Vec::new();
    for rank in 0..size {
        for file in 0..size {
            let square = Square::new(file, rank);
            let before = state.piece_at(square);
            if before.is_some_and(|(owner, _)| owner != mover) && after.piece_at(square) != before {
                out.push(square);
            }
        }
    }
    out
}

/// Squares as words: `b4`, `b4 and d4`, `b4, c5 and d4`.
fn list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_core::{Outcome, Seat};

    use crate::{AtaxxIce, Rules};

    #[test]
    fn seats_have_their_colours() {
        let state = AtaxxIce::new(&Rules::default());
        assert_eq!(state.seat_name(Seat(0)), "Red");
        assert_eq!(state.seat_name(Seat(1)), "Blue");
        assert_eq!(state.end_words(), None);
        assert_eq!(state.scores(), None);
    }

    #[test]
    fn a_capture_names_the_captured_squares_and_touches_them() {
        // Seat 0 to move: smalls on d4, a1, b1, c1, h1; seat 1's on f7, g7, h8. The jump
        // d4-f6 captures f7 and g7 and relocates two of seat 0's smalls onto them.
        let state = AtaxxIce::from_position(
            "7S1/5S1S11/8/8/3S04/8/8/S0S0S04S0 0 055,255 - 0",
            &Rules::default(),
        )
        .expect("a position");
        let jump = state.parse_action("d4-f6[a1,h1]").expect("legal");
        let words = state.describe_action(jump, Some(Seat(1)));
        assert_eq!(
            words.words,
            "Red jumped d4 to f6, capturing f7 and g7, moving pieces from a1 and h1"
        );
        assert_eq!(words.squares, ["d4", "f6", "f7", "g7", "a1", "h1"]);
    }

    #[test]
    fn end_words_say_why_it_ended() {
        let mut state = AtaxxIce::new(&Rules::default());
        state.pieces[1] = [0; 3];
        state.finish_action(0);
        assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
        assert_eq!(
            state.end_words().as_deref(),
            Some("every other colour was taken off the board by Red")
        );
    }
}
