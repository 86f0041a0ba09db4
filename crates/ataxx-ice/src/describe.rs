//! [`Describe`]: Ataxx-ice in words. Seat names and why a game ended come from `explain`
//! ([`seat_name`](crate::seat_name), [`end_reason`](crate::end_reason)); an action's
//! words name its kind, the pieces it captured and the squares its relocations came from.
//! Ataxx-ice hides nothing, so every viewer gets the same words.

use pyramid_core::{ActionWords, Describe, Game, Seat, Size, Square, StepMark, StepWords};

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

    /// A base is its piece's square (then its target, for a clone or jump); a
    /// relocation source is the square of the piece moved; the end is a choice in words.
    fn describe_step(&self, step: u32) -> StepWords {
        let words = |words: String, marks: Vec<StepMark>, kind: &str| StepWords {
            words,
            marks,
            kind: kind.to_owned(),
        };
        if step == crate::policy::END {
            return words(
                "Done choosing the pieces to move".to_owned(),
                Vec::new(),
                "",
            );
        }
        if let Some(bit) = step.checked_sub(crate::policy::RELOC) {
            let Ok(bit) = u8::try_from(bit) else {
                return StepWords::default();
            };
            let sq = crate::geometry::square_of(bit);
            return words(
                format!("Move your piece on {sq} onto a captured square"),
                vec![StepMark::square(sq)],
                "move here",
            );
        }
        let Some(action) = crate::action_ids::base_action(u64::from(step)) else {
            return StepWords::default();
        };
        match (action.kind(), action.from(), action.to()) {
            (ActionKind::Clone, Some(from), Some(to)) => words(
                format!("Clone {from} onto {to}"),
                vec![StepMark::square(from), StepMark::square(to)],
                "clone",
            ),
            (ActionKind::Jump, Some(from), Some(to)) => words(
                format!("Jump {from} to {to}"),
                vec![StepMark::square(from), StepMark::square(to)],
                "jump",
            ),
            (ActionKind::Grow, _, Some(sq)) => words(
                format!("Grow the piece on {sq} (every piece around it shrinks)"),
                vec![StepMark::square(sq)],
                "grow",
            ),
            (ActionKind::Shrink, _, Some(sq)) => words(
                format!(
                    "Shrink the piece on {sq} (capturing the enemy pieces around it, removing yours)"
                ),
                vec![StepMark::square(sq)],
                "shrink",
            ),
            _ => words("Pass".to_owned(), Vec::new(), ""),
        }
    }
}

/// What `action` does in `state`: its kind and squares, then what it captured, what it
/// shrank or removed around it (the mover's own pieces too), and where its relocated
/// pieces came from.
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
    let relocated: Vec<Square> = action.relocations().collect();
    let changes = changes(state, action, &relocated);
    let capture = !changes.captured.is_empty();
    for (list_of, verb) in [
        (&changes.captured, "capturing"),
        (&changes.shrunk, "shrinking"),
        (&changes.removed, "removing"),
        (&changes.own_shrunk, "shrinking its own piece on"),
        (&changes.own_removed, "removing its own piece on"),
    ] {
        if !list_of.is_empty() {
            words.push_str(&format!(", {verb} {}", list(list_of)));
        }
    }
    if !relocated.is_empty() {
        words.push_str(&format!(", moving pieces from {}", list(&relocated)));
    }
    let mut squares: Vec<String> = Vec::new();
    let touched = from
        .into_iter()
        .chain(to)
        .chain(changes.captured)
        .chain(changes.shrunk)
        .chain(changes.removed)
        .chain(changes.own_shrunk)
        .chain(changes.own_removed)
        .chain(relocated);
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

/// What an action did to the pieces around it, by square.
#[derive(Default)]
struct Changes {
    /// Another seat's piece that became the mover's.
    captured: Vec<Square>,
    /// Another seat's piece made smaller.
    shrunk: Vec<Square>,
    /// Another seat's piece taken off with nothing in its place.
    removed: Vec<Square>,
    /// The mover's own piece made smaller.
    own_shrunk: Vec<Square>,
    /// The mover's own piece taken off.
    own_removed: Vec<Square>,
}

/// How `action` changes the pieces of `state` other than its own squares and the
/// relocation sources: each square whose piece changed, by what happened to it.
fn changes(state: &AtaxxIce, action: Action, relocated: &[Square]) -> Changes {
    let mut out = Changes::default();
    let Some(mover) = state.to_act() else {
        return out;
    };
    let mut after = state.clone();
    after.play_unchecked(action);
    let size = state.board_size();
    let own = [action.from(), action.to()];
    for rank in 0..size {
        for file in 0..size {
            let square = Square::new(file, rank);
            if own.contains(&Some(square)) || relocated.contains(&square) {
                continue;
            }
            let (Some((owner, was)), now) = (state.piece_at(square), after.piece_at(square)) else {
                continue;
            };
            let smaller = |now: Size| now.pips() < was.pips();
            let list = match (owner == mover, now) {
                (_, Some((o, s))) if o == owner && s == was => continue,
                (false, Some((o, _))) if o == mover => &mut out.captured,
                (false, Some((_, s))) if smaller(s) => &mut out.shrunk,
                (false, None) => &mut out.removed,
                (true, Some((o, s))) if o == owner && smaller(s) => &mut out.own_shrunk,
                (true, None) => &mut out.own_removed,
                _ => continue,
            };
            list.push(square);
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
    use pyramid_core::{Outcome, Seat, StepMark};

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
    fn a_grow_says_which_of_the_movers_own_pieces_it_removed() {
        // Red's smalls on a1 and b1, Blue's on h8: growing a1 shrinks b1, a small, away.
        let state =
            AtaxxIce::from_position("7S1/8/8/8/8/8/8/S0S06 0 355,455 - 0", &Rules::default())
                .expect("a position");
        let grow = state.parse_action("+a1").expect("legal");
        let words = state.describe_action(grow, None);
        assert_eq!(
            words.words,
            "Red grew the piece on a1, removing its own piece on b1"
        );
        assert_eq!(words.squares, ["a1", "b1"]);
        // As a step: the piece's square, a grow.
        let step = state.describe_step(state.steps(grow)[0]);
        assert_eq!(step.marks, [StepMark::square("a1")]);
        assert_eq!(step.kind, "grow");
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
