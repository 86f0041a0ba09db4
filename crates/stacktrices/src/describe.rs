//! [`Describe`]: Stacktrices in words. Seat names and why a game ended come from
//! `explain` ([`seat_name`](crate::seat_name), [`end_reason`](crate::end_reason)); an
//! action's words say what it moved, captured, placed, stole, raided or traded. What
//! [`Information::action_view`] masks for a viewer (where the other side hid its
//! vulnerability) is masked in the words too, and its squares are left out.

use pyramid_core::{ActionIds, ActionWords, Describe, Information, Seat, StepMark, StepWords};

use crate::action::{Action, PieceAt};
use crate::geometry::index;
use crate::piece::Piece;
use crate::state::Stacktrices;

impl Describe for Stacktrices {
    fn summary() -> &'static str {
        "Stacks of pyramids race across a 7x7 board, growing by trading at the store and raiding the enemy's home row, while one of each side's stacks hides a thief the other must find."
    }

    fn how_to_play() -> &'static str {
        "Each side has seven stacks on its home row. A stack with a coloured piece moves forward diagonally up to that piece's pips; clear skill pieces on top add directions (pawn: all diagonals, drone: straight lines, queen: every direction and passing through friends). A stack with no coloured piece can only capture next to it. Moving onto an enemy stack captures it. Before play each side secretly hides its thief under one of its four drone-base stacks, then the sides take turns placing the pieces they were dealt on their stacks. Capturing the thief lets you steal one of its pieces, and a thief that reaches the enemy home row may raid the enemy or the store. After each move you may trade pieces with the store, giving pips worth one more than you take. A stack on the enemy home row may warp back home. Capture every enemy stack, or leave the enemy without a move, to win."
    }

    fn seat_name(&self, seat: Seat) -> String {
        crate::seat_name(seat).to_owned()
    }

    fn end_words(&self) -> Option<String> {
        crate::end_reason(self)
    }

    /// A one-step action names the squares, pieces and tray pieces it uses (a stack
    /// then its target; a piece in the hand or the store then the stack it goes on); a
    /// trade's steps each name one piece given (on its stack) or taken (in the store,
    /// then the stack it goes on), and the ends of the lists are choices in words.
    fn describe_step(&self, step: u32) -> StepWords {
        use crate::policy::{GIVE, GIVEN_END, TAKE, TAKEN_END};
        let piece = |first: u32| crate::action_ids::piece_at(u64::from(step - first));
        let (words, marks, kind) = match step {
            GIVEN_END => (
                "Done giving: now the pieces you take".to_owned(),
                vec![],
                "",
            ),
            TAKEN_END => ("Done taking: play this trade".to_owned(), vec![], ""),
            GIVE..GIVEN_END => match piece(GIVE) {
                Some(p) => (
                    format!("Give the {} on {}", piece_word(p.piece), p.square),
                    vec![StepMark::piece_on(p.piece.letter(), p.square)],
                    "give",
                ),
                None => return StepWords::default(),
            },
            TAKE..TAKEN_END => match piece(TAKE) {
                Some(p) => (
                    format!(
                        "Take a {} from the store onto {}",
                        piece_word(p.piece),
                        p.square
                    ),
                    vec![
                        StepMark::tray_piece("store", p.piece.letter()),
                        StepMark::square(p.square),
                    ],
                    "take",
                ),
                None => return StepWords::default(),
            },
            _ => match self.action_from_id(u64::from(step)) {
                Some(action) => self.action_step(action),
                None => return StepWords::default(),
            },
        };
        StepWords {
            words,
            marks,
            kind: kind.to_owned(),
        }
    }

    fn describe_action(&self, action: Action, viewer: Option<Seat>) -> ActionWords {
        let name = self.seat_name(Seat(self.turn));
        let masked = viewer
            .map(|v| self.action_view(action, v))
            .filter(|seen| *seen != action.to_string());
        if let Some(seen) = masked {
            let words = match action {
                Action::Hide(_) => {
                    format!("{name} hid its thief (where is hidden from you)")
                }
                _ => format!("{name} played {seen} (partly hidden from you)"),
            };
            return ActionWords {
                words,
                squares: Vec::new(),
                capture: false,
            };
        }
        ActionWords {
            words: action_words(self, &name, action),
            squares: squares(action),
            capture: captures(self, action),
        }
    }
}

/// A piece kind in words: `pawn`, `clear drone`, ...
impl Stacktrices {
    /// A one-step action as a decision step: its words in the imperative, what the
    /// player clicks for it, and its kind.
    fn action_step(&self, action: Action) -> (String, Vec<StepMark>, &'static str) {
        let hand = format!("hand-{}", self.turn);
        match action {
            Action::Move { from, to } if captures(self, action) => (
                format!("Capture the stack on {to} with the stack on {from}"),
                vec![StepMark::square(from), StepMark::square(to)],
                "capture",
            ),
            Action::Move { from, to } => (
                format!("Move the stack on {from} to {to}"),
                vec![StepMark::square(from), StepMark::square(to)],
                "",
            ),
            Action::Warp { from, to } => (
                format!("Warp the stack on {from} home to {to}"),
                vec![StepMark::square(from), StepMark::square(to)],
                "warp",
            ),
            Action::Hide(sq) => (
                format!("Hide your thief under the stack on {sq}"),
                vec![StepMark::square(sq)],
                "hide",
            ),
            Action::Place(p) => (
                format!("Place a {} on {}", piece_word(p.piece), p.square),
                vec![
                    StepMark::tray_piece(hand, p.piece.letter()),
                    StepMark::square(p.square),
                ],
                "place",
            ),
            Action::Steal(p) => (
                format!("Steal a {} onto {}", piece_word(p.piece), p.square),
                vec![StepMark::square(p.square)],
                "steal",
            ),
            Action::RaidTake { piece, from, to } => (
                format!("Raid the {} on {from} onto {to}", piece_word(piece)),
                vec![
                    StepMark::piece_on(piece.letter(), from),
                    StepMark::square(to),
                ],
                "raid",
            ),
            Action::RaidStore(p) => (
                format!(
                    "Raid a {} from the store onto {}",
                    piece_word(p.piece),
                    p.square
                ),
                vec![
                    StepMark::tray_piece("store", p.piece.letter()),
                    StepMark::square(p.square),
                ],
                "raid",
            ),
            Action::RaidUpgrade(p) => (
                format!(
                    "Raise the {} on {} by one pip",
                    piece_word(p.piece),
                    p.square
                ),
                vec![StepMark::piece_on(p.piece.letter(), p.square)],
                "raise",
            ),
            Action::NoSteal => ("Do not steal".to_owned(), vec![], ""),
            Action::NoRaid => ("Do not raid".to_owned(), vec![], ""),
            Action::NoTrade => ("No trade".to_owned(), vec![], ""),
            Action::Trade(t) => (
                format!(
                    "Trade {} for {}",
                    piece_at_words(t.given()),
                    piece_at_words(t.taken())
                ),
                vec![],
                "",
            ),
        }
    }
}

pub(crate) fn piece_word(piece: Piece) -> String {
    let size = piece.size().word();
    if piece.is_movement() {
        size.to_owned()
    } else {
        format!("clear {size}")
    }
}

/// `a drone (b1)`, for trades.
fn piece_at_words(pieces: &[PieceAt]) -> String {
    let words: Vec<String> = pieces
        .iter()
        .map(|p| format!("a {} ({})", piece_word(p.piece), p.square))
        .collect();
    words.join(" and ")
}

/// Whether `action` captures a stack: a move onto the other side's.
fn captures(state: &Stacktrices, action: Action) -> bool {
    match action {
        Action::Move { to, .. } => {
            state.board[usize::from(index(to))].is_some_and(|s| s.owner != state.turn)
        }
        _ => false,
    }
}

/// What `action` does in `state`, for a viewer who may see all of it; `name` is the
/// seat to act.
fn action_words(state: &Stacktrices, name: &str, action: Action) -> String {
    match action {
        Action::Move { from, to } => {
            if captures(state, action) {
                format!("{name} captured the stack on {to} from {from}")
            } else {
                format!("{name} moved {from} to {to}")
            }
        }
        Action::Warp { from, to } => format!("{name} warped {from} to {to}"),
        Action::Hide(sq) => format!("{name} hid its thief under {sq}"),
        Action::Place(p) => format!("{name} placed a {} on {}", piece_word(p.piece), p.square),
        Action::Steal(p) => format!("{name} stole a {} onto {}", piece_word(p.piece), p.square),
        Action::NoSteal => format!("{name} did not steal"),
        Action::RaidTake { piece, from, to } => {
            format!(
                "{name} raided a {} from {from} onto {to}",
                piece_word(piece)
            )
        }
        Action::RaidStore(p) => format!(
            "{name} raided a {} from the store onto {}",
            piece_word(p.piece),
            p.square
        ),
        Action::RaidUpgrade(p) => format!(
            "{name} raised the {} on {} by one pip",
            piece_word(p.piece),
            p.square
        ),
        Action::NoRaid => format!("{name} did not raid"),
        Action::Trade(t) => format!(
            "{name} traded {} for {}",
            piece_at_words(t.given()),
            piece_at_words(t.taken())
        ),
        Action::NoTrade => format!("{name} did not trade"),
    }
}

/// The squares `action` names, in order, each once.
fn squares(action: Action) -> Vec<String> {
    let named: Vec<pyramid_core::Square> = match action {
        Action::Move { from, to } | Action::Warp { from, to } => vec![from, to],
        Action::RaidTake { from, to, .. } => vec![from, to],
        Action::Hide(sq) => vec![sq],
        Action::Place(p) | Action::Steal(p) | Action::RaidStore(p) | Action::RaidUpgrade(p) => {
            vec![p.square]
        }
        Action::Trade(t) => t
            .given()
            .iter()
            .chain(t.taken())
            .map(|p| p.square)
            .collect(),
        Action::NoSteal | Action::NoRaid | Action::NoTrade => Vec::new(),
    };
    let mut out: Vec<String> = Vec::new();
    for square in named.iter().map(ToString::to_string) {
        if !out.contains(&square) {
            out.push(square);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_core::rand::SeedableRng;
    use pyramid_core::{ChaCha8Rng, Outcome, Seat, StepMark};

    use crate::geometry::index;
    use crate::{Action, Rules, Stacktrices};

    #[test]
    fn a_placement_is_a_piece_of_the_hand_then_its_stack() {
        let mut state = Stacktrices::new(&Rules::default());
        for _ in 0..200 {
            if let Some(Action::Place(p)) = state
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::Place(_)))
            {
                let words = state.describe_step(state.steps(Action::Place(p))[0]);
                let hand = format!("hand-{}", state.turn);
                assert_eq!(
                    words.marks,
                    [
                        StepMark::tray_piece(hand, p.piece.letter()),
                        StepMark::square(p.square)
                    ]
                );
                assert!(words.words.starts_with("Place a "), "{}", words.words);
                return;
            }
            let first = state.legal_actions()[0];
            state.play_unchecked(first);
        }
        panic!("no placement within 200 plies");
    }

    /// A state where `Hide` actions are legal, with them.
    fn hiding() -> (Stacktrices, Vec<Action>) {
        let mut state = Stacktrices::new(&Rules::default());
        for _ in 0..200 {
            let hides: Vec<Action> = state
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Hide(_)))
                .collect();
            if !hides.is_empty() {
                return (state, hides);
            }
            let first = state.legal_actions()[0];
            state.play_unchecked(first);
        }
        panic!("no hide within 200 plies");
    }

    #[test]
    fn seats_have_their_names_and_the_end_its_words() {
        let mut state = Stacktrices::new(&Rules::default());
        assert_eq!(state.seat_name(Seat(0)), "White");
        assert_eq!(state.seat_name(Seat(1)), "Black");
        assert_eq!(state.end_words(), None);
        state.occ[1] = 0;
        state.over = Some(Outcome::Win(Seat(0)));
        assert_eq!(
            state.end_words().as_deref(),
            Some("White captured every stack of Black")
        );
    }

    #[test]
    fn a_hide_names_its_square_only_to_the_seat_that_hides() {
        let (state, hides) = hiding();
        let actor = state.to_act().expect("a seat to act");
        let other = Seat(1 - actor.0);
        let hide = hides[0];
        let Action::Hide(square) = hide else {
            unreachable!("only hides")
        };
        let own = state.describe_action(hide, Some(actor));
        assert_eq!(own.squares, [square.to_string()]);
        assert!(own.words.contains(&square.to_string()), "{}", own.words);
        for hide in hides {
            let seen = state.describe_action(hide, Some(other));
            assert!(seen.squares.is_empty(), "{:?}", seen.squares);
            assert!(seen.words.contains("hidden from you"), "{}", seen.words);
            assert!(!seen.words.contains(&square.to_string()), "{}", seen.words);
            // Every hide reads the same to the other seat: nothing tells them apart.
            assert_eq!(
                seen,
                state.describe_action(hides_first(&state), Some(other))
            );
        }
    }

    fn hides_first(state: &Stacktrices) -> Action {
        state
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Hide(_)))
            .expect("a hide")
    }

    /// The first state of a seeded random game where a capture is legal, and the capture.
    fn first_capture() -> (Stacktrices, Action) {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..50 {
            let mut state = Stacktrices::new(&Rules::default());
            while !state.is_over() {
                let capture = state.legal_actions().into_iter().find(|a| match a {
                    Action::Move { to, .. } => {
                        state.board[usize::from(index(*to))].is_some_and(|s| s.owner != state.turn)
                    }
                    _ => false,
                });
                if let Some(capture) = capture {
                    return (state, capture);
                }
                let Some(action) = state.random_action(&mut rng) else {
                    break;
                };
                state.play_unchecked(action);
            }
        }
        panic!("no capture in 50 random games");
    }

    #[test]
    fn a_capture_names_both_squares() {
        let (state, capture) = first_capture();
        let Action::Move { from, to } = capture else {
            unreachable!("a move")
        };
        let words = state.describe_action(capture, None);
        assert!(
            words
                .words
                .ends_with(&format!("captured the stack on {to} from {from}")),
            "{}",
            words.words
        );
        assert_eq!(words.squares, [from.to_string(), to.to_string()]);
    }
}
