//! The conformance harness of `pyramid-core` run on tic-tac-toe: every trait's contract
//! over seeded random games (`check_game`), every built-in bot (`check_bot`), the refusal
//! of malformed positions, and the known perft counts of the game tree.

use pyramid_bots::BotSpec;
use pyramid_core::{Game, Notation, RuleSet, perft};
use pyramid_testkit::conformance::{
    check_bot, check_game, check_rejects_positions, illegal_reason_for,
};
use tiny_game::{TicTacToe, TicTacToeRules};

#[test]
fn tic_tac_toe_passes_check_game() {
    // A game has at most 9 plies; 40 seeds reach wins for both sides and draws.
    check_game::<TicTacToe>(&TicTacToeRules::default(), 0..40, 9);
}

#[test]
fn tic_tac_toe_with_a_ply_limit_passes_check_game() {
    check_game::<TicTacToe>(&TicTacToeRules::default().with_ply_limit(Some(4)), 0..10, 9);
}

#[test]
fn every_built_in_bot_passes_check_bot() {
    let start = TicTacToe::new(&TicTacToeRules::default());
    for text in [
        "random",
        "greedy",
        "mcts:iters=100",
        "ab:depth=3",
        "ismcts:iters=100",
    ] {
        let spec: BotSpec = text.parse().expect("a valid bot spec");
        check_bot(
            |seed| spec.build::<TicTacToe>(seed).expect("builds"),
            start.clone(),
            0..4,
            9,
        );
    }
}

#[test]
fn malformed_positions_are_refused_naming_the_board() {
    check_rejects_positions::<TicTacToe>(
        &TicTacToeRules::default(),
        &[
            ("", "board"),
            ("xxx/ooo", "three `/`-separated rows"),
            ("xo/.../...", "three `/`-separated rows"),
            ("x?./.../...", "three `/`-separated rows"),
            ("xx./.../...", "2 x and 0 o"),
            ("o../.../...", "0 x and 1 o"),
            ("xxx/oo./o..", "a line the last mark did not make"),
        ],
    );
}

#[test]
fn a_taken_square_is_refused_as_taken() {
    let mut game = TicTacToe::new(&TicTacToeRules::default());
    let b2 = game.parse_action("b2").expect("b2 is legal at the start");
    game.play(b2).expect("b2 is legal at the start");
    assert_eq!(illegal_reason_for(&game, "b2"), "b2 is taken");
}

#[test]
fn perft_counts_match_the_known_tic_tac_toe_tree() {
    // Positions at each ply, games that ended earlier excluded.
    let known = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    let start = TicTacToe::new(&TicTacToeRules::default());
    for (depth, &count) in (1..).zip(&known) {
        assert_eq!(perft(&start, depth), count, "perft({depth})");
    }
}

#[test]
fn the_game_describes_itself_for_tools() {
    use pyramid_core::{Describe, Seat};
    let game = TicTacToe::new(&TicTacToeRules::default());
    assert_eq!(game.seat_name(Seat(1)), "o");
    let mark = game.parse_action("b2").expect("legal");
    let words = game.describe_action(mark, Some(Seat(1)));
    assert_eq!(words.words, "x marked b2");
    assert_eq!(words.squares, ["b2"]);
    assert!(TicTacToe::notations().is_empty());
}
