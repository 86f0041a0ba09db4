//! [`Describe`]: Martian Chess in words. Seat names and why a game ended come from
//! `explain` ([`seat_name`](crate::seat_name), [`end_reason`](crate::end_reason)); what a
//! move did (a capture and its points, a field promotion, a clock call); the scores; and
//! AbstractPlay's notation ([`crate::abstractplay`]) by the name `abstractplay`. Martian
//! Chess hides nothing, so every viewer gets the same words.

use pyramid_core::{
    ActionIds, ActionWords, Describe, Game, NotationMovesError, Seat, StepMark, StepWords,
};

use crate::{Action, MartianChess, abstractplay};

/// AbstractPlay's notation, as [`Describe::notations`] names it.
const ABSTRACTPLAY: &str = "abstractplay";

impl Describe for MartianChess {
    fn summary() -> &'static str {
        "A chess-like game on a board split into zones by a canal (4x8 for two players, 8x8 for four): you move whatever stands in your zone, and capturing scores the piece's pips; the higher score wins when a zone empties."
    }

    fn how_to_play() -> &'static str {
        "The board is cut by a canal into one zone per player (two halves, or four quarters with four players). You may move any piece standing in your zone, whoever moved it there: colour means nothing. Pawns step one square diagonally, drones one or two squares straight, queens any distance in a line. Moving onto a piece in another zone captures it and scores its pips (pawn 1, drone 2, queen 3); a piece that crosses the canal becomes the other player's. Within your zone a pawn and a drone may merge into a queen when you have no queen, and two pawns into a drone when you have no drone. With two players, a piece that has just crossed the canal may not be moved straight back on the next move. The game ends as soon as a zone is empty: the highest score wins, and on a tie the player who made the last move."
    }

    fn seat_name(&self, seat: Seat) -> String {
        crate::seat_name(seat, self.seats()).to_owned()
    }

    fn end_words(&self) -> Option<String> {
        crate::end_reason(self)
    }

    fn scores(&self) -> Option<Vec<f64>> {
        Some(
            MartianChess::scores(self)
                .iter()
                .map(|&s| f64::from(s))
                .collect(),
        )
    }

    fn describe_action(&self, action: Action, viewer: Option<Seat>) -> ActionWords {
        let _ = viewer; // nothing is hidden
        move_words(self, action)
    }

    /// A step is a whole move (its id): the piece's square, then where it goes.
    fn describe_step(&self, step: u32) -> StepWords {
        let Some(action) = self.action_from_id(u64::from(step)) else {
            return StepWords::default();
        };
        let Some((from, to)) = action.squares() else {
            return StepWords {
                words: "Pass".to_owned(),
                ..StepWords::default()
            };
        };
        let capture = self.is_capture(action);
        let mut words = match self.piece_at(to) {
            Some(size) if capture => {
                let pips = size.pips();
                let points = if pips == 1 { "point" } else { "points" };
                format!(
                    "Capture the {} on {to} from {from} ({pips} {points})",
                    size.word()
                )
            }
            Some(_) => format!("Move {from} to {to}, a field promotion"),
            None => format!("Move {from} to {to}"),
        };
        if action.calls_clock() {
            words.push_str(" and call the clock");
        }
        StepWords {
            words,
            marks: vec![StepMark::square(from), StepMark::square(to)],
            kind: if capture { "capture" } else { "" }.to_owned(),
        }
    }

    fn notations() -> &'static [&'static str] {
        &[ABSTRACTPLAY]
    }

    fn play_in_notation(&self, notation: &str, moves: &str) -> Result<Self, NotationMovesError> {
        if notation != ABSTRACTPLAY {
            return Err(NotationMovesError::unknown::<Self>(notation));
        }
        abstractplay::replay(self, moves)
            .map(|(_, end)| end)
            .map_err(|e| NotationMovesError::Refused {
                notation: ABSTRACTPLAY,
                reason: e.to_string(),
            })
    }

    fn write_in_notation(
        &self,
        notation: &str,
        action: Action,
    ) -> Result<String, NotationMovesError> {
        if notation != ABSTRACTPLAY {
            return Err(NotationMovesError::unknown::<Self>(notation));
        }
        abstractplay::write_move(self, action).map_err(|e| NotationMovesError::Refused {
            notation: ABSTRACTPLAY,
            reason: e.to_string(),
        })
    }

    fn drawn_options() -> &'static [(&'static str, &'static str)] {
        // `first=random` is drawn per game of a match; a new game starts with seat 0.
        &[("first", "0")]
    }
}

/// What `action` does in `state`: a pass, a plain move, a capture (the piece and its
/// points), a field promotion, and whether it calls the clock.
fn move_words(state: &MartianChess, action: Action) -> ActionWords {
    let name = state.seat_name(state.seat_to_move());
    let Some((from, to)) = action.squares() else {
        return ActionWords {
            words: format!("{name} passed"),
            squares: Vec::new(),
            capture: false,
        };
    };
    let mut words = match state.piece_at(to) {
        Some(size) if state.is_capture(action) => {
            let pips = size.pips();
            let points = if pips == 1 { "point" } else { "points" };
            format!(
                "{name} captured the {} on {to} from {from} ({pips} {points})",
                size.word()
            )
        }
        Some(_) => format!("{name} moved {from} to {to}, a field promotion"),
        None => format!("{name} moved {from} to {to}"),
    };
    if action.calls_clock() {
        words.push_str(" and called the clock");
    }
    ActionWords {
        words,
        squares: vec![from.to_string(), to.to_string()],
        capture: state.is_capture(action),
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_core::{Outcome, Seat, StepMark};

    use crate::{MartianChess, Rules};

    #[test]
    fn a_step_is_the_pieces_square_then_its_target() {
        let state = MartianChess::new(&Rules::default());
        for action in state.legal_actions() {
            let Some((from, to)) = action.squares() else {
                continue;
            };
            let step = state.steps(action)[0];
            let words = state.describe_step(step);
            assert_eq!(words.marks, [StepMark::square(from), StepMark::square(to)]);
            assert!(words.words.contains(&format!("{from}")), "{}", words.words);
        }
    }

    #[test]
    fn seats_have_their_names() {
        let two = MartianChess::new(&Rules::default());
        assert_eq!(two.seat_name(Seat(0)), "South");
        assert_eq!(two.seat_name(Seat(1)), "North");
        let four = MartianChess::new(&Rules::default().with_seats(4).expect("four seats"));
        assert_eq!(four.seat_name(Seat(3)), "South-east");
    }

    #[test]
    fn a_capture_names_the_piece_its_points_and_both_squares() {
        let state = MartianChess::new(&Rules::default());
        let words = state.describe_action(state.parse_action("b3-a4").expect("legal"), None);
        assert_eq!(words.words, "South moved b3 to a4");
        assert_eq!(words.squares, ["b3", "a4"]);
        // The first capture of AbstractPlay's game (moves c3-d4 b6-c5, then d4xc5).
        let before = state
            .play_in_notation("abstractplay", "1. c3-d4 b6-c5")
            .expect("AbstractPlay moves");
        let capture = before.parse_action("a4xb5").expect("a capture");
        let words = before.describe_action(capture, Some(Seat(1)));
        assert_eq!(
            words.words,
            "South captured the pawn on b5 from a4 (1 point)"
        );
        assert_eq!(words.squares, ["a4", "b5"]);
    }

    #[test]
    fn scores_and_end_words_come_from_the_game() {
        let mut state = MartianChess::new(&Rules::default());
        assert_eq!(state.scores(), [0, 0]);
        assert_eq!(Describe::scores(&state), Some(vec![0.0, 0.0]));
        assert_eq!(state.end_words(), None);
        let occupied = state.layout().zones[1];
        for b in &mut state.pieces {
            *b &= !occupied;
        }
        state.scores[0] = 5;
        assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
        let words = state.end_words().expect("over");
        assert!(words.contains("South has the most points"), "{words}");
    }

    #[test]
    fn abstractplay_is_a_notation_and_others_are_refused() {
        assert_eq!(MartianChess::notations(), ["abstractplay"]);
        assert_eq!(MartianChess::drawn_options(), [("first", "0")]);
        let state = MartianChess::new(&Rules::default());
        let refused = state
            .play_in_notation("pgn", "e4")
            .expect_err("no such notation");
        assert!(refused.to_string().contains("its notations: abstractplay"));
        let refused = state
            .play_in_notation("abstractplay", "1. c3-d4 c3-d4")
            .expect_err("illegal");
        assert!(refused.to_string().starts_with("move 2"), "{refused}");
    }
}
