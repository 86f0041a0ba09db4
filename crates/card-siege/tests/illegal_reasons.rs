//! An illegal action says why (`Game::illegal_reason`): the opening restriction, King
//! safety, a siege to answer, the other seat's card.

use card_siege::{CardSiege, Rules};
use pyramid_core::Game;
use pyramid_core::prelude::*;
use pyramid_testkit::conformance::illegal_reason_for;

#[test]
fn opening_restriction_is_named() {
    let game = CardSiege::new(&Rules::default());
    assert!(illegal_reason_for(&game, "a1-a2").contains("opening"));
}

#[test]
fn the_other_seats_card_is_named() {
    let game = CardSiege::new(&Rules::default().with_opening(false));
    assert!(illegal_reason_for(&game, "a3-a2").contains("other seat's"));
}

#[test]
fn king_safety_is_named() {
    // The Hearts King may not step next to the Spades four (f2 attacks e2).
    let text = "..............Ks/.....4s........./....Kh.......... h 0,0 - - 0";
    let game = CardSiege::from_position(text, &Rules::default()).expect("valid");
    assert!(illegal_reason_for(&game, "e1-e2").contains("King safety"));
}

/// King safety is judged in the position after the action (rulings): sliding onto f1
/// brings the Spades four from f1 back to e1, from where it attacks f1.
#[test]
fn king_safety_after_the_slide_is_named() {
    let text = "..............Ks/.............../....Kh4s......... h 0,0 - - 0";
    let game = CardSiege::from_position(text, &Rules::default()).expect("valid");
    let reason = illegal_reason_for(&game, "e1-f1");
    assert!(reason.contains("King safety"), "{reason}");
}

#[test]
fn a_standing_siege_must_be_answered() {
    let text = "..............Ks/....(Kh4s)3h........./............... h 0,0 - - 0";
    let game = CardSiege::from_position(text, &Rules::default()).expect("valid");
    assert!(illegal_reason_for(&game, "f2-g2").contains("siege stands"));
}
