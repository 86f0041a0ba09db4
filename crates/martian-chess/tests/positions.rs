//! Malformed position strings and RON forms are refused with errors naming the field;
//! nothing invalid can be built.

use martian_chess::{MartianChess, Rules, Setup};
use pyramid_core::prelude::*;
use pyramid_core::{Game, PositionError, PositionProblem};
use pyramid_testkit::conformance::check_rejects_positions;

const START: &str = "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0";
const BOARD: &str = "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1";

#[test]
fn malformed_position_strings_are_refused_naming_the_field() {
    let rules = Rules::default();
    let with = |rest: &str| format!("{BOARD} {rest}");
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "position"),
        ("1DQQ/1PDQ 0 0,0 - 0".into(), "board"),
        (format!("{START} 7"), "position"),
        ("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1 0 0,0 - 0".into(), "board"),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD2 0 0,0 - 0".into(),
            "board",
        ),
        (
            "1DQX/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0".into(),
            "board",
        ),
        ("6/6/6/6/6/6/6/6 0 0,0 - 0".into(), "board"),
        ("04/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0".into(), "board"),
        ("QQQQ/QQQQ/QQQQ/QQQQ/4/4/4/Q3 0 0,0 - 0".into(), "board"),
        (with("2 0,0 - 0"), "seat"),
        (with("x 0,0 - 0"), "seat"),
        (with("-1 0,0 - 0"), "seat"),
        (with("+1 0,0 - 0"), "seat"),
        (with("0 0 - 0"), "scores"),
        (with("0 0,0,0 - 0"), "scores"),
        (with("0 a,0 - 0"), "scores"),
        (with("0 70000,0 - 0"), "scores"),
        (with("0 +1,0 - 0"), "scores"),
        (with("0 1,0 - 0"), "scores"),
        (with("0 0,0 - x"), "plies"),
        (with("0 0,0 - -1"), "plies"),
        (with("0 0,0 zz 3"), "crossing"),
        (with("0 0,0 a5-a4 3"), "crossing"),
        (with("0 0,0 b6-a5 0"), "crossing"),
        (
            "1DQQ/1PDQ/1PPD/4/D3/1PP1/QDP1/QQD1 1 0,0 a5-a4 1".into(),
            "crossing",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/D3/1PP1/QDP1/QQD1 0 0,0 a5xa4 1".into(),
            "crossing",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/D3/1PP1/QDP1/QQD1 0 0,0 b5-a4 1".into(),
            "crossing",
        ),
        (
            "1DQ1/1PDQ/1PPD/D3/D3/1PP1/QDP1/QQD1 0 0,0 a5-a4 1".into(),
            "crossing",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 a3-a5 1".into(),
            "crossing",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 e5-a3 1".into(),
            "crossing",
        ),
        (
            "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 0 0,0 - 0".into(),
            "scores",
        ),
        (
            "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 4 0,0,0,0 - 0".into(),
            "seat",
        ),
        (
            "QQD2DQQ/QDP2PDQ/DPP2PPD/8/D7/1PP2PPD/QDP2PDQ/QQD2DQQ 1 0,0,0,0 a3-a4 1".into(),
            "crossing",
        ),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, n)| (t.as_str(), *n)).collect();
    check_rejects_positions::<MartianChess>(&rules, &cases);
}

#[test]
fn valid_positions_are_accepted_and_normalised() {
    let rules = Rules::default();
    let state = MartianChess::from_position(&format!("  {BOARD}   0 0,0 -  0 "), &rules)
        .expect("extra spaces are fine");
    assert_eq!(state.position(), START);
    // The board's width decides the seat count, whatever the rules said.
    let four = MartianChess::from_position(
        "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 3 0,0,0,0 - 0",
        &rules,
    )
    .expect("four-seat start");
    assert_eq!(four.seats(), 4);
    // A valid crossing: seat 1 moved the drone from a5 to a4, into seat 0's zone.
    let crossed =
        MartianChess::from_position("1DQQ/1PDQ/1PPD/4/D3/1PP1/QDP1/QQD1 0 0,0 a5-a4 1", &rules)
            .expect("valid crossing");
    assert!(!crossed.is_legal("a4-a5".parse().expect("action text")));
}

fn setup(start: &MartianChess) -> Setup {
    Setup::from(start.clone())
}

fn from_setup(setup: &Setup) -> Result<MartianChess, String> {
    let text = ron::to_string(setup).map_err(|e| e.to_string())?;
    ron::from_str::<MartianChess>(&text).map_err(|e| e.to_string())
}

#[test]
fn ron_round_trips_and_refuses_invalid_states_naming_the_field() {
    let start = MartianChess::new(&Rules::default());
    assert_eq!(from_setup(&setup(&start)), Ok(start.clone()));

    let refuse = |change: &dyn Fn(&mut Setup), needle: &str| {
        let mut s = setup(&start);
        change(&mut s);
        match from_setup(&s) {
            Ok(state) => panic!("accepted `{}`", state.position()),
            Err(e) => assert!(e.contains(needle), "`{e}` does not name `{needle}`"),
        }
    };
    refuse(&|s| s.board.truncate(7), "board");
    refuse(&|s| s.board[0] = "1DQQQ".into(), "board");
    refuse(&|s| s.board[0] = "1D/QQ".into(), "board");
    refuse(&|s| s.board[4] = "QQQQ".into(), "board");
    refuse(&|s| s.to_move = 2, "seat");
    refuse(&|s| s.scores = vec![0], "scores");
    refuse(&|s| s.scores = vec![1, 0], "scores");
    refuse(&|s| s.last_crossing = Some("a3-a5".into()), "crossing");
    refuse(
        &|s| {
            let mut four = MartianChess::new(&Rules::default().with_seats(4).expect("4 seats"))
                .rules()
                .to_owned();
            std::mem::swap(&mut s.rules, &mut four);
        },
        "rules",
    );
    // Rules themselves are checked: 3 seats, or a starting seat out of range.
    let text = ron::to_string(&start).expect("RON");
    for (bad, needle) in [
        ("seats:2", "seats:3"),
        (r#"first:"random""#, r#"first:"5""#),
    ] {
        let changed = text.replace(bad, needle);
        assert_ne!(changed, text, "the RON form holds `{bad}`");
        assert!(
            ron::from_str::<MartianChess>(&changed).is_err(),
            "{changed}"
        );
    }
}

/// The refusal of `text` under the default rules.
fn refusal(text: &str) -> PositionError {
    MartianChess::from_position(text, &Rules::default()).expect_err(text)
}

#[test]
fn a_missing_field_is_a_field_count_problem_of_the_whole_text() {
    let err = refusal(&format!("{BOARD} 0 0,0 -"));
    assert_eq!(err.field, PositionError::WHOLE);
    assert!(
        matches!(
            err.problem,
            PositionProblem::FieldCount {
                expected: 5,
                found: 4,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_seat_number_beyond_the_seats_is_out_of_range_and_a_word_is_unreadable() {
    let err = refusal(&format!("{BOARD} 2 0,0 - 0"));
    assert_eq!(err.field, "seat");
    assert!(
        matches!(err.problem, PositionProblem::OutOfRange { value: 2, ref allowed, .. } if *allowed == (0..=1)),
        "{err}"
    );
    let err = refusal(&format!("{BOARD} x 0,0 - 0"));
    assert!(
        matches!(err.problem, PositionProblem::Unreadable { ref text, .. } if text == "x"),
        "{err}"
    );
}

#[test]
fn a_rank_of_the_wrong_width_is_a_rank_width_problem() {
    let err = refusal("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD2 0 0,0 - 0");
    assert_eq!(err.field, "board");
    assert!(
        matches!(
            err.problem,
            PositionProblem::RankWidth {
                rank: 1,
                expected: 4,
                found: Some(5),
            }
        ),
        "{err}"
    );
}

#[test]
fn more_pips_than_the_game_has_are_a_count_problem() {
    let err = refusal("QQQQ/QQQQ/QQQQ/QQQQ/4/4/4/Q3 0 0,0 - 0");
    assert_eq!(err.field, "board");
    assert!(
        matches!(err.problem, PositionProblem::Count { found, ref expected, .. } if found > *expected.end()),
        "{err}"
    );
}

#[test]
fn a_crossing_before_any_ply_breaks_a_named_rule() {
    let err = refusal(&format!("{BOARD} 0 0,0 b6-a5 0"));
    assert_eq!(err.field, "crossing");
    assert!(
        matches!(
            err.problem,
            PositionProblem::Invariant {
                rule: "cannot be set before any ply was played",
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "field `crossing`: `b6-a5` cannot be set before any ply was played"
    );
}
