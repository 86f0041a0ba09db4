//! The position string and the RON form: documented examples, round trips, and refusals
//! whose messages name the field or the problem.

use crate::common::{board, pos, sq};
use ataxx_ice::{AtaxxIce, PlacedPiece, Rules, Setup};
use pyramid_core::prelude::*;
use pyramid_core::{Game, Outcome, PositionProblem, RuleSet, Seat, Size};
use pyramid_testkit::conformance::check_rejects_positions;

fn rules(seats: usize) -> Rules {
    Rules::default().with_seats(seats).expect("2 to 4 seats")
}

#[test]
fn start_position_strings_are_as_documented() {
    assert_eq!(
        AtaxxIce::new(&rules(2)).position(),
        "7S1/8/8/8/8/8/8/S07 0 455,455 - 0"
    );
    assert_eq!(
        AtaxxIce::new(&rules(3)).position(),
        "S16S2/8/8/8/8/8/8/S07 0 455,455,455 - 0"
    );
    assert_eq!(
        AtaxxIce::new(&rules(4)).position(),
        "S16S2/8/8/8/8/8/8/S06S3 0 455,455,455,455 - 0"
    );
    let mut small = rules(2);
    small.set_option("size", "5").expect("size 5");
    assert_eq!(
        AtaxxIce::new(&small).position(),
        "4S1/5/5/5/S04 0 455,455 - 0"
    );
}

#[test]
fn position_strings_round_trip() {
    for text in [
        "7S1/8/8/8/8/8/8/S07 0 455,455 - 0",
        "7S1/8/8/8/3L1M03/8/1S06/S07 1 345,454 - 17",
        "7S2/8/8/8/8/8/8/7S0 2 455,555,455 1 9",
        "7S1/8/8/8/8/8/8/8 - 555,455 0 12",
        "8/8/8/8/8/8/8/8 - 555,555 0,1 3",
        "4S1/5/5/5/S04 0 455,455 - 0",
    ] {
        let g =
            AtaxxIce::from_position(text, &rules(2)).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        assert_eq!(g.position(), text);
    }
}

#[test]
fn seats_and_board_size_come_from_the_string_and_the_ply_limit_from_the_rules() {
    let mut r = rules(2);
    r.set_ply_limit(Some(40));
    let g = AtaxxIce::from_position("S16S2/8/8/8/8/8/8/S06S3 0 455,455,455,455 - 0", &r)
        .expect("4 seats");
    assert_eq!(g.seats(), 4);
    assert_eq!(g.rules().ply_limit(), Some(40));
    let g = AtaxxIce::from_position("4S1/5/5/5/S04 0 455,455 - 0", &r).expect("5x5");
    assert_eq!(g.board_size(), 5);
}

#[test]
fn finished_positions_read_back_with_their_outcome() {
    let g =
        AtaxxIce::from_position("7S1/8/8/8/8/8/8/8 - 555,455 0 12", &rules(2)).expect("seat 1 won");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(1))));
    let g = AtaxxIce::from_position("8/8/8/8/8/8/8/8 - 555,555 0,1 3", &rules(2)).expect("draw");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

#[test]
fn malformed_position_strings_are_refused_naming_the_field() {
    check_rejects_positions::<AtaxxIce>(
        &rules(2),
        &[
            ("", "5 space-separated fields"),
            (
                "7S1/8/8/8/8/8/8/S07 0 455,455 -",
                "5 space-separated fields",
            ),
            (
                "7S1/8/8/8/8/8/8/S07 0 455,455 - 0 0",
                "5 space-separated fields",
            ),
            ("7S1/8/8/8 0 455,455 - 0", "field `board`"),
            ("7S1/8/8/8/8/8/8/8/8/S07 0 455,455 - 0", "field `board`"),
            (
                "7S1/8/8/8/8/8/8/S06 0 455,455 - 0",
                "field `board`: rank 1 covers 7",
            ),
            (
                "7S1/8/8/8/8/8/8/S08 0 455,455 - 0",
                "field `board`: rank 1 covers 9",
            ),
            (
                "7X1/8/8/8/8/8/8/S07 0 455,455 - 0",
                "field `board`: rank 8: `X` is not a piece",
            ),
            ("7S/8/8/8/8/8/8/S07 0 455,455 - 0", "field `board`: rank 8"),
            ("7S4/8/8/8/8/8/8/S07 0 455,455 - 0", "field `board`: rank 8"),
            (
                "7S2/8/8/8/8/8/8/S07 0 455,455 - 0",
                "field `board`: the seat of the piece on h8 is 2",
            ),
            ("7S1/8/8/8/8/8/8/S07 x 455,455 - 0", "field `to-move`"),
            (
                "7S1/8/8/8/8/8/8/S07 2 455,455 - 0",
                "field `to-move`: the seat to move is 2, not 0 to 1",
            ),
            (
                "7S1/8/8/8/8/8/8/S07 - 455,455 - 0",
                "field `to-move`: no seat is to act, but the game is not over",
            ),
            (
                "7S1/8/8/8/8/8/8/8 1 555,455 0 0",
                "field `to-move`: seat 1 is to act, but the game is over",
            ),
            (
                "7S1/8/8/8/8/8/8/8 0 555,455 0 0",
                "field `to-move`: seat 0 is to act, but it is eliminated",
            ),
            ("7S1/8/8/8/8/8/8/S07 0 455 - 0", "field `stashes`"),
            (
                "7S1/8/8/8/8/8/8/S07 0 455,455,455,455,455 - 0",
                "field `stashes`",
            ),
            ("7S1/8/8/8/8/8/8/S07 0 45,455 - 0", "field `stashes`"),
            ("7S1/8/8/8/8/8/8/S07 0 456,455 - 0", "field `stashes`"),
            (
                "7S1/8/8/8/8/8/8/S07 0 555,455 - 0",
                "field `stashes`: too many small pieces of seat 0: 1 on the board and 5",
            ),
            ("7S1/8/8/8/8/8/8/S07 0 455,455 1 0", "field `eliminated`"),
            ("7S1/8/8/8/8/8/8/S07 0 455,455 x 0", "field `eliminated`"),
            ("7S1/8/8/8/8/8/8/8 - 555,455 - 0", "field `eliminated`"),
            ("7S1/8/8/8/8/8/8/S07 0 455,455 - -1", "field `plies`"),
            ("7S1/8/8/8/8/8/8/S07 0 455,455 - +1", "field `plies`"),
            ("7S1/8/8/8/8/8/8/S07 0 455,455 - x", "field `plies`"),
            (
                "S0S0S0S0S0S02/8/8/8/8/8/8/7S1 0 055,455 - 0",
                "too many small pieces of seat 0 on the board (a seat owns 5 of each size): 6, at most 5",
            ),
        ],
    );
}

#[test]
fn two_empty_stashes_are_refused() {
    let full = "S0M0L0S0M0L0S0M0/L0S0M0L0S0M0L01/S1M1L1S1M1L1S1M1/L1S1M1L1S1M1L11/8/8/8/8";
    let text = format!("{full} - 000,000 - 0");
    let err = AtaxxIce::from_position(&text, &rules(2)).expect_err("both stashes empty");
    assert_eq!(err.field, "stashes");
    assert!(
        matches!(
            err.problem,
            PositionProblem::Invariant {
                subject: Some(ref seats),
                rule,
            } if seats == "seats 0 and 1" && rule.starts_with("both have empty stashes")
        ),
        "{err}"
    );
    assert!(err.to_string().contains("field `stashes`"));
}

fn setup_of(g: &AtaxxIce) -> Setup {
    Setup::from(g.clone())
}

fn ron_error(setup: &Setup) -> String {
    let text = ron::to_string(setup).expect("a setup always writes");
    match ron::from_str::<AtaxxIce>(&text) {
        Ok(g) => panic!("`{text}` was accepted as `{}`", g.position()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn ron_round_trips() {
    let g = pos(
        3,
        &board(&[("a1", "S0"), ("d4", "L1"), ("e5", "M2"), ("h8", "S2")]),
        Some(1),
    );
    let text = ron::to_string(&g).expect("writes");
    let back: AtaxxIce = ron::from_str(&text).expect("reads back");
    assert_eq!(back, g);
}

#[test]
fn ron_may_leave_out_stashes_and_eliminated_seats() {
    let text = "(rules: (seats: 2), pieces: [(square: (file: 0, rank: 0), seat: 0, size: Pawn), \
                (square: (file: 7, rank: 7), seat: 1, size: Pawn)], to_move: Some(0), plies: 0)";
    let g: AtaxxIce = ron::from_str(text).expect("derived stashes");
    assert_eq!(g, AtaxxIce::new(&rules(2)));
}

#[test]
fn ron_refuses_more_than_five_pieces_of_a_size() {
    let mut s = setup_of(&AtaxxIce::new(&rules(2)));
    s.stashes = None;
    for name in ["b1", "c1", "d1", "e1", "f1"] {
        s.pieces.push(PlacedPiece {
            square: sq(name),
            seat: 0,
            size: Size::Pawn,
        });
    }
    assert!(ron_error(&s).contains(
        "too many small pieces of seat 0 on the board (a seat owns 5 of each size): 6, at most 5"
    ));
}

#[test]
fn ron_refuses_two_pieces_on_a_square() {
    let mut s = setup_of(&AtaxxIce::new(&rules(2)));
    s.stashes = None;
    s.pieces.push(PlacedPiece {
        square: sq("a1"),
        seat: 1,
        size: Size::Queen,
    });
    assert!(ron_error(&s).contains("two pieces on square a1"));
}

#[test]
fn ron_refuses_an_eliminated_seat_to_move() {
    let g = pos(3, &board(&[("a1", "S0"), ("h8", "S2")]), Some(0));
    let mut s = setup_of(&g);
    s.to_move = Some(1);
    assert!(ron_error(&s).contains("seat 1 is to act, but it is eliminated"));
}

#[test]
fn ron_refuses_stashes_that_do_not_match_the_board() {
    let mut s = setup_of(&AtaxxIce::new(&rules(2)));
    s.stashes = Some(vec![[5, 5, 5], [4, 5, 5]]);
    assert!(ron_error(&s).contains("small pieces of seat 0: 1 on the board and 5 in its stash"));
}

#[test]
fn ron_refuses_a_piece_off_the_board_or_of_a_missing_seat() {
    let mut r = rules(2);
    r.set_option("size", "6").expect("size 6");
    let mut s = setup_of(&AtaxxIce::new(&r));
    s.stashes = None;
    s.pieces.push(PlacedPiece {
        square: sq("g1"),
        seat: 0,
        size: Size::Drone,
    });
    assert!(ron_error(&s).contains("off the 6x6 board"));
    let mut s = setup_of(&AtaxxIce::new(&rules(2)));
    s.stashes = None;
    s.pieces.push(PlacedPiece {
        square: sq("d4"),
        seat: 3,
        size: Size::Drone,
    });
    assert!(ron_error(&s).contains("the seat of the piece on d4 is 3"));
}

#[test]
fn ron_refuses_impossible_rules() {
    let text = ron::to_string(&setup_of(&AtaxxIce::new(&rules(2)))).expect("writes");
    let bad = text.replacen("seats:2", "seats:7", 1);
    assert_ne!(bad, text, "the RON text holds `seats:2`: {text}");
    let err = ron::from_str::<AtaxxIce>(&bad).expect_err("7 seats");
    assert!(err.to_string().contains("2, 3 or 4 seats"), "{err}");
    let bad = text.replacen(r#"size:"8""#, r#"size:"9""#, 1);
    assert_ne!(bad, text, "the RON text holds the size: {text}");
    let err = ron::from_str::<AtaxxIce>(&bad).expect_err("size 9");
    assert!(err.to_string().contains("board size"), "{err}");
}

#[test]
fn diagram_shows_the_board_stashes_turn_and_position() {
    let g = AtaxxIce::new(&rules(2));
    let text = g.diagram(None);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], " 8   .  .  .  .  .  .  . S1");
    assert_eq!(lines[7], " 1  S0  .  .  .  .  .  .  .");
    assert_eq!(lines[8], "     a  b  c  d  e  f  g  h");
    assert!(text.contains("seat 0 stash: 4 small, 5 medium, 5 large"));
    assert!(text.contains("seat 0 to move (ply 0)"));
    assert!(text.ends_with("position: 7S1/8/8/8/8/8/8/S07 0 455,455 - 0\n"));
    let over =
        AtaxxIce::from_position("7S1/8/8/8/8/8/8/8 - 555,455 0 12", &rules(2)).expect("over");
    let text = over.diagram(Some(Seat(0)));
    assert!(text.contains("seat 0 stash: 5 small, 5 medium, 5 large, eliminated"));
    assert!(text.contains("game over after 12 plies: seat 1 wins"));
}

#[test]
fn a_board_of_nine_ranks_is_a_rank_count_problem() {
    let err = AtaxxIce::from_position("7S1/8/8/8/8/8/8/8/S07 0 455,455 - 0", &rules(2))
        .expect_err("nine ranks");
    assert_eq!(err.field, "board");
    assert!(
        matches!(err.problem, PositionProblem::RankCount { ref expected, found: 9 } if *expected == (5..=8)),
        "{err}"
    );
}

#[test]
fn two_pieces_on_a_square_are_an_occupied_problem() {
    let mut s = setup_of(&AtaxxIce::new(&rules(2)));
    s.stashes = None;
    s.pieces.push(PlacedPiece {
        square: sq("a1"),
        seat: 1,
        size: Size::Queen,
    });
    let err = AtaxxIce::try_from(s).expect_err("two pieces on a1");
    assert!(
        matches!(err.problem, PositionProblem::Occupied { ref square, what: "pieces" } if square == "a1"),
        "{err}"
    );
}

#[test]
fn a_stash_that_loses_a_piece_is_a_count_problem() {
    let err = AtaxxIce::from_position("7S1/8/8/8/8/8/8/S07 0 355,455 - 0", &rules(2))
        .expect_err("a small piece missing");
    assert_eq!(err.field, "stashes");
    assert!(
        matches!(err.problem, PositionProblem::Count { found: 4, ref expected, .. } if *expected == (5..=5)),
        "{err}"
    );
}

#[test]
fn an_eliminated_seat_to_move_is_a_seat_to_act_problem() {
    let err = AtaxxIce::from_position("7S1/8/8/8/8/8/8/8 0 555,455 0 0", &rules(2))
        .expect_err("seat 0 has no piece");
    assert_eq!(err.field, "to-move");
    assert!(
        matches!(
            err.problem,
            PositionProblem::SeatToAct {
                seat: Some(Seat(0)),
                ..
            }
        ),
        "{err}"
    );
}
