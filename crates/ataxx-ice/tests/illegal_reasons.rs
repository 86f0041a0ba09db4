//! An illegal action says why (`Game::illegal_reason`): no pyramid there, another seat's
//! pyramid (a jump too far is already malformed text, with its own reason).

use ataxx_ice::{AtaxxIce, Rules};
use pyramid_core::Game;
use pyramid_testkit::conformance::illegal_reason_for;

#[test]
fn another_seats_pyramid_is_named() {
    let game = AtaxxIce::new(&Rules::default());
    assert!(illegal_reason_for(&game, "h8-g7").contains("seat 1's"));
}

#[test]
fn an_empty_square_is_named() {
    let game = AtaxxIce::new(&Rules::default());
    assert!(illegal_reason_for(&game, "d4-d5").contains("no pyramid on d4"));
}

#[test]
fn a_legal_action_has_no_reason() {
    let game = AtaxxIce::new(&Rules::default());
    let legal = game.legal_actions()[0];
    assert_eq!(game.illegal_reason(legal), None);
}
