//! Position strings and RON: round trips, and malformed or impossible input refused with
//! errors that name the field or the problem.

use card_siege::{CardSiege, Phase, Placement, Rules, Setup};
use pyramid_core::prelude::*;
use pyramid_core::{Game, PositionError, PositionProblem, Square};
use pyramid_testkit::conformance::check_rejects_positions;

const START: &str =
    "As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../Ah3h5h.7h9hJhKhQhTh8h.6h4h2h h 3,3 - - 0";
const EMPTY_ROW: &str = "...............";

fn rules() -> Rules {
    Rules::default()
}

#[test]
fn start_position_round_trips() {
    let start = CardSiege::new(&rules());
    assert_eq!(start.position(), START);
    assert_eq!(CardSiege::from_position(START, &rules()), Ok(start));
}

#[test]
fn positions_with_history_sieges_and_evacuations_round_trip() {
    let mut g = CardSiege::new(&Rules::default().with_opening(false));
    for a in ["g1xi3", "a3-b3", "j1-i1"] {
        let action = g.parse_action(a).expect("legal");
        g.play(action).expect("legal");
    }
    let text = g.position();
    assert_eq!(CardSiege::from_position(&text, g.rules()).as_ref(), Ok(&g));
    // A siege and an evacuation.
    for text in [
        format!("{EMPTY_ROW}/....(Ks4h)....Kh...../{EMPTY_ROW} s 0,0 - - 7"),
        format!("{EMPTY_ROW}/....(Ks5s)....Kh...../{EMPTY_ROW} s! 0,0 - - 7"),
    ] {
        let g = CardSiege::from_position(&text, &rules()).expect("valid");
        assert_eq!(g.position(), text);
        assert_ne!(g.phase(), Phase::Normal);
    }
}

#[test]
fn a_besieging_seat_that_cannot_answer_reads_as_the_kings_evacuation() {
    // Hearts is to move with nothing that can capture the top card on e2.
    let text = format!("{EMPTY_ROW}/....(Ks5s)....Kh...../{EMPTY_ROW} h 0,0 - - 7");
    let g = CardSiege::from_position(&text, &rules()).expect("valid");
    assert_eq!(g.phase(), Phase::Evacuate);
    assert!(g.position().contains(" s! "));
}

#[test]
fn malformed_position_strings_name_the_field() {
    let bad = |board: &str, rest: &str| format!("{board} {rest}");
    let cases: Vec<(String, &str)> = vec![
        ("".to_owned(), "6 space-separated fields"),
        (START.replace(" 0", ""), "6 space-separated fields"),
        (bad("15/15/15", "h 3,3 - - 0"), "field `board`"),
        (
            bad(&format!("{EMPTY_ROW}/{EMPTY_ROW}"), "h 3,3 - - 0"),
            "expected 3 ranks",
        ),
        (START.replace("As3s", "Xs3s"), "field `board`: rank 3"),
        (
            START.replace("As3s5s.", "As3s5s"),
            "covers 14 squares, expected 15",
        ),
        (START.replace("As3s5s.", "As3s5s.."), "more than 15 squares"),
        (START.replace(" h ", " x "), "field `turn`"),
        (START.replace(" 3,3 ", " 3 "), "field `opening`"),
        (START.replace(" 3,3 ", " 4,3 "), "field `opening`"),
        (START.replace(" 3,3 ", " -1,3 "), "field `opening`"),
        (START.replace(" 0", " x"), "field `plies`"),
        (START.replace(" - - ", " 15/15 - "), "field `prev1`"),
        (START.replace("2s/", "As/"), "card As appears twice"),
        (
            START.replace("Ah3h", "Kh3h"),
            "the King of hearts (card Kh) appears twice",
        ),
        (START.replace("Ks", "."), "spades has no King"),
        (
            START
                .replace("5s.7s", "5s(Ks7s)7s")
                .replace("9sJsKs", "9sJs."),
            "card 7s appears twice",
        ),
        (
            START
                .replace(".7s9s", "(Ks7s).9s")
                .replace("JsKs", "Js.")
                .replace(" h ", " s "),
            "field `turn`",
        ),
        (
            START.replace(".7s9s", "(As7s)9s"),
            "`(As7s)` is not a stack: a King underneath",
        ),
        (START.replace(" h 3,3", " h! 3,3"), "no siege stands"),
    ];
    let refs: Vec<(&str, &str)> = cases.iter().map(|(t, n)| (t.as_str(), *n)).collect();
    check_rejects_positions::<CardSiege>(&rules(), &refs);
}

#[test]
fn opening_turns_must_be_zero_with_the_opening_option_off() {
    let err = CardSiege::from_position(START, &Rules::default().with_opening(false))
        .expect_err("3,3 with the opening off");
    assert!(err.to_string().contains("field `opening`"), "{err}");
    let ok = START.replace(" 3,3 ", " 0,0 ");
    assert!(CardSiege::from_position(&ok, &Rules::default().with_opening(false)).is_ok());
}

#[test]
fn history_that_cannot_precede_the_position_is_refused() {
    let start = CardSiege::new(&rules());
    let board = start
        .position()
        .split(' ')
        .next()
        .expect("board")
        .to_owned();
    // prev1 lacks a card that is on the board now.
    let prev = board.replace("2h", ".");
    let text = format!("{board} h 3,3 {prev} - 1");
    let err = CardSiege::from_position(&text, &rules()).expect_err("a card came back");
    assert!(err.to_string().contains("field `prev1`: card 2h"), "{err}");
    // prev2 holds only the cards of the seat to act.
    let text = format!("{board} h 3,3 - {board} 2");
    let err = CardSiege::from_position(&text, &rules()).expect_err("other suit in prev2");
    assert!(err.to_string().contains("field `prev2`"), "{err}");
}

fn setup() -> Setup {
    Setup::from(CardSiege::new(&rules()))
}

fn ron_error(setup: &Setup) -> String {
    let text = ron::to_string(setup).expect("serialises");
    ron::from_str::<CardSiege>(&text)
        .expect_err("impossible state")
        .to_string()
}

#[test]
fn ron_round_trips_a_state() {
    let mut g = CardSiege::new(&rules());
    g.play(g.parse_action("c1-e1").expect("legal"))
        .expect("legal");
    let text = ron::to_string(&g).expect("serialises");
    assert_eq!(ron::from_str::<CardSiege>(&text).expect("reads back"), g);
}

#[test]
fn ron_refuses_a_card_twice() {
    let mut s = setup();
    let mut again = s.cards[0];
    again.square = "d2".parse().expect("square");
    s.cards.push(again);
    assert!(ron_error(&s).contains("field `cards`: card Ah appears twice"));
}

#[test]
fn ron_refuses_two_kings_of_a_suit() {
    let mut s = setup();
    let king = *s
        .cards
        .iter()
        .find(|p| p.card.to_string() == "Kh")
        .expect("the King");
    s.cards.push(Placement {
        square: "d2".parse().expect("square"),
        ..king
    });
    assert!(ron_error(&s).contains("the King of hearts (card Kh) appears twice"));
}

#[test]
fn ron_refuses_a_siege_without_a_king() {
    let mut s = setup();
    let sq: Square = "d2".parse().expect("square");
    for name in ["Ah", "As"] {
        let p = s
            .cards
            .iter_mut()
            .find(|p| p.card.to_string() == name)
            .expect("card");
        p.square = sq;
    }
    s.siege = Some(sq);
    assert!(ron_error(&s).contains("the siege on d2 has no King underneath"));
    s.siege = None;
    let err = ron_error(&s);
    assert!(err.contains("too many cards on square d2"), "{err}");
}

#[test]
fn ron_refuses_off_board_squares_and_a_missing_king() {
    let mut s = setup();
    s.cards[0].square = Square::new(20, 0);
    assert!(ron_error(&s).contains("off the 15x3 board"));
    let mut s = setup();
    s.cards.retain(|p| p.card.to_string() != "Ks");
    assert!(ron_error(&s).contains("spades has no King"));
}

#[test]
fn ron_refuses_two_siege_stacks_in_an_earlier_layout() {
    // Only one siege stands at a time, so no earlier layout holds two stacks; the
    // position string cannot write one either.
    let mut s = setup();
    let mut earlier = s.cards.clone();
    for (card, king_square) in [("Ah", "h1"), ("As", "h3")] {
        let p = earlier
            .iter_mut()
            .find(|p| p.card.to_string() == card)
            .expect("card");
        p.square = king_square.parse().expect("square");
    }
    s.previous = Some(earlier);
    let err = ron_error(&s);
    assert!(err.contains("field `previous`"), "{err}");
    assert!(err.contains("too many siege stacks"), "{err}");
}

/// The refusal of `text` under the default rules.
fn refusal(text: &str) -> PositionError {
    CardSiege::from_position(text, &rules()).expect_err(text)
}

#[test]
fn a_card_twice_is_a_duplicate_problem() {
    let err = refusal(&START.replace("2s/", "As/"));
    assert_eq!(err.field, "board");
    assert!(
        matches!(err.problem, PositionProblem::Duplicate { ref what } if what == "card As"),
        "{err}"
    );
}

#[test]
fn a_rank_past_the_edge_is_a_rank_width_problem() {
    let err = refusal(&START.replace("As3s5s.", "As3s5s.."));
    assert!(
        matches!(
            err.problem,
            PositionProblem::RankWidth {
                rank: 3,
                expected: 15,
                found: None,
            }
        ),
        "{err}"
    );
}

#[test]
fn opening_turns_beyond_three_are_out_of_range() {
    let err = refusal(&START.replace(" 3,3 ", " 4,3 "));
    assert_eq!(err.field, "opening");
    assert!(
        matches!(err.problem, PositionProblem::OutOfRange { value: 4, ref allowed, .. } if *allowed == (0..=3)),
        "{err}"
    );
}

#[test]
fn an_unreadable_board_token_is_an_unknown_piece_problem() {
    let err = refusal(&START.replace("As3s", "Xs3s"));
    assert!(
        matches!(err.problem, PositionProblem::UnknownPiece { rank: 3, ref text, .. } if text == "Xs"),
        "{err}"
    );
}
