//! [`Describe`]: card-siege in words. Seat names and why a game ended come from
//! `explain` ([`seat_name`](crate::seat_name), [`end_reason`](crate::end_reason)); an
//! action's words name the card that moved and the card it captured. Card-siege hides
//! nothing, so every viewer gets the same words.

use pyramid_core::{ActionIds, ActionWords, Describe, Seat, Square, StepMark, StepWords};

use crate::{Action, CardSiege};

impl Describe for CardSiege {
    fn summary() -> &'static str {
        "Hearts against Spades on a 3x15 board of playing cards: slide rows like conveyor belts, capture by each card's pattern, and besiege the enemy King until it cannot escape."
    }

    fn how_to_play() -> &'static str {
        "Each suit's thirteen cards start on its home row, with a shared neutral row between. On your turn slide one of your cards sideways along its row (the squares it passes shift back like a conveyor belt, carrying your cards in the neutral row above your home row with them), step a home-row card forward into the neutral row, or capture: aces and 2 to 6 capture one square straight, 7 and 8 forward and to the side, 9 and 10 along the row, jacks and queens diagonally, the King one square straight. Capturing a King starts a siege: the card stays on top of the King and the two sides take turns capturing the top card. If the King's side cannot answer, it is checkmated and loses; if it wins the siege back, its King must step aside to a safe square, or it loses anyway."
    }

    fn seat_name(&self, seat: Seat) -> String {
        crate::seat_name(seat).to_owned()
    }

    fn end_words(&self) -> Option<String> {
        crate::end_reason(self)
    }

    fn describe_action(&self, action: Action, viewer: Option<Seat>) -> ActionWords {
        let _ = viewer; // nothing is hidden
        let name = self.actor_name();
        let (from, to) = (action.from(), action.to());
        let card = |square| self.card_words(square);
        let words = if action.is_capture() {
            format!(
                "{name} captured{} on {to} with{} from {from}",
                card(to),
                card(from)
            )
        } else {
            format!("{name} moved{} from {from} to {to}", card(from))
        };
        ActionWords {
            words,
            squares: vec![from.to_string(), to.to_string()],
            capture: action.is_capture(),
        }
    }

    /// A step is a whole move (its id): the card's square, then where it goes, the card
    /// named as the board shows it (`10♠`).
    fn describe_step(&self, step: u32) -> StepWords {
        let Some(action) = self.action_from_id(u64::from(step)) else {
            return StepWords::default();
        };
        let (from, to) = (action.from(), action.to());
        let card = |square| self.card_words(square);
        let words = if action.is_capture() {
            format!("Capture{} on {to} with{} from {from}", card(to), card(from))
        } else {
            format!("Move{} from {from} to {to}", card(from))
        };
        StepWords {
            words,
            marks: vec![StepMark::square(from), StepMark::square(to)],
            kind: if action.is_capture() { "capture" } else { "" }.to_owned(),
        }
    }
}

impl CardSiege {
    /// The card on `square` as the board shows it, after a space (` 10♠`), or nothing
    /// on an empty square: how the words name a card.
    fn card_words(&self, square: Square) -> String {
        self.card_at(square)
            .map(|c| format!(" {}", c.face_name()))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_core::{Seat, StepMark};

    use pyramid_core::ChaCha8Rng;
    use pyramid_core::rand::SeedableRng;

    use crate::{Action, CardSiege, Rules};

    /// The first state of a seeded random game where a capture is legal, and the capture.
    fn first_capture() -> (CardSiege, Action) {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..50 {
            let mut state = CardSiege::new(&Rules::default());
            while !state.is_over() {
                if let Some(c) = state.legal_actions().into_iter().find(|a| a.is_capture()) {
                    return (state, c);
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
    fn seats_are_suits_and_a_move_names_its_card() {
        let state = CardSiege::new(&Rules::default());
        assert_eq!(state.seat_name(Seat(0)), "Hearts");
        assert_eq!(state.seat_name(Seat(1)), "Spades");
        assert_eq!(state.end_words(), None);
        let action = state.legal_actions()[0];
        let words = state.describe_action(action, None);
        let card = state.card_at(action.from()).expect("a card moves");
        assert!(
            words
                .words
                .starts_with(&format!("Hearts moved {} from ", card.face_name())),
            "{}",
            words.words
        );
        assert_eq!(
            words.squares,
            [action.from().to_string(), action.to().to_string()]
        );
    }

    #[test]
    fn a_capture_names_both_cards_and_both_squares() {
        let (state, capture) = first_capture();
        let (taker, taken) = (
            state.card_at(capture.from()).expect("a card"),
            state.card_at(capture.to()).expect("a card"),
        );
        let name = state.seat_name(state.to_act().expect("to act"));
        let words = state.describe_action(capture, Some(Seat(1)));
        assert_eq!(
            words.words,
            format!(
                "{name} captured {} on {} with {} from {}",
                taken.face_name(),
                capture.to(),
                taker.face_name(),
                capture.from()
            )
        );
        // As a decision step: the same cards by their faces, the taker's square then the
        // taken card's, a capture.
        let step = state.describe_step(u32::try_from(state.action_id(capture)).expect("small"));
        assert_eq!(
            step.words,
            format!(
                "Capture {} on {} with {} from {}",
                taken.face_name(),
                capture.to(),
                taker.face_name(),
                capture.from()
            )
        );
        assert_eq!(
            step.marks,
            [
                StepMark::square(capture.from()),
                StepMark::square(capture.to())
            ]
        );
        assert_eq!(step.kind, "capture");
        assert_eq!(
            words.squares,
            [capture.from().to_string(), capture.to().to_string()]
        );
    }
}
