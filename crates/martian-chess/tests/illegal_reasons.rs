//! An illegal action says why (`Game::illegal_reason`, shown by `play` and `pyrctl`).

use martian_chess::{MartianChess, Rules};
use pyramid_core::Game;
use pyramid_testkit::conformance::illegal_reason_for;

#[test]
fn a_move_from_an_empty_square_says_there_is_no_piece() {
    let game = MartianChess::new(&Rules::default());
    assert_eq!(
        illegal_reason_for(&game, "a8-a7"),
        "there is no piece on a8"
    );
}

#[test]
fn a_piece_in_another_seats_zone_cannot_be_moved() {
    let game = MartianChess::new(&Rules::default());
    assert!(illegal_reason_for(&game, "b7-b6").contains("seat 1's zone"));
}

#[test]
fn a_move_the_piece_cannot_make_lists_where_it_may_go() {
    let game = MartianChess::new(&Rules::default());
    let text = illegal_reason_for(&game, "c2-h8");
    assert!(
        text.contains("cannot go to h8") && text.contains("d3"),
        "{text}"
    );
}

#[test]
fn a_legal_action_has_no_reason() {
    let game = MartianChess::new(&Rules::default());
    let legal = game.legal_actions()[0];
    assert_eq!(game.illegal_reason(legal), None);
}
