//! Malformed positions and impossible RON states are refused with errors naming the field.

use crate::common::{board, position};
use pyramid_core::prelude::*;
use pyramid_core::{Game, PositionError, PositionProblem, Seat};
use pyramid_testkit::conformance::check_rejects_positions;
use stacktrices::{Rules, Setup, SetupStack, Stacktrices, Start};

const START: &str =
    "bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq a1,g7 -,- main 0 0";

#[test]
fn standard_position_round_trips() {
    let rules = Rules::default().with_start(Start::Standard);
    let g = Stacktrices::from_position(START, &rules).expect("valid");
    assert_eq!(g, Stacktrices::new(&rules));
    assert_eq!(g.position(), START);
}

#[test]
fn malformed_positions_name_the_field() {
    let rules = Rules::default().with_start(Start::Standard);
    let far = board(&[("d4", "wqDd"), ("g7", "bqP")]);
    check_rejects_positions::<Stacktrices>(
        &rules,
        &[
            ("", "7 space-separated"),
            ("7/7/7/7/7/7/7 Qq a1,g7 -,- main 0", "7 space-separated"),
            ("7/7/7/7/7/7 Qq a1,g7 -,- main 0 0", "board"),
            ("8/7/7/7/7/7/7 Qq a1,g7 -,- main 0 0", "board"),
            ("xdP,6/7/7/7/7/7/7 Qq -,- -,- main 0 0", "board"),
            ("wxP,6/7/7/7/7/7/7 Qq -,- -,- main 0 0", "board"),
            ("wqZ,6/7/7/7/7/7/7 Qq -,- -,- main 0 0", "board"),
            ("wqpP,6/7/7/7/7/7/7 Qq -,- -,- main 0 0", "board"),
            (
                "wq,wq,wq,wq,wq,wq,wq,wq/7/7/7/7/7/7 Qq -,- -,- main 0 0",
                "board",
            ),
            (&format!("{far} Qz -,- -,- main 0 0"), "store"),
            (&format!("{far} Qq a1 -,- main 0 0"), "thieves"),
            (&format!("{far} Qq -,- x9,- main 0 0"), "bars"),
            (&format!("{far} Qq -,- -,- dance 0 0"), "decision"),
            (&format!("{far} Qq -,- -,- main 2 0"), "seat"),
            (&format!("{far} Qq -,- -,- main 0 -1"), "plies"),
        ],
    );
}

#[test]
fn impossible_positions_name_the_problem() {
    let rules = Rules::default().with_start(Start::Standard);
    let ok = [("d4", "wqDd"), ("a1", "wdP"), ("g7", "bqP")];
    let base = position(&ok, "a1,- -,- main 0 0");
    Stacktrices::from_position(&base, &rules).expect("the base case is valid");
    let b = board(&ok);
    check_rejects_positions::<Stacktrices>(
        &rules,
        &[
            // Piece counts beyond the game's pieces, or pieces missing.
            (
                &format!("{b} PPPPDDDQQQppppdddqqq a1,- -,- main 0 0"),
                "too many `P`",
            ),
            (&format!("{b} PPDDQQQppppdddqqq a1,- -,- main 0 0"), "store"),
            // A stranded skill piece; two movement pieces without Variant 2.
            (
                &position(
                    &[("d4", "wqd"), ("a1", "wdP"), ("g7", "bqP")],
                    "a1,- -,- main 0 0",
                ),
                "stranded",
            ),
            (
                &position(
                    &[("d4", "wqDP"), ("a1", "wdP"), ("g7", "bqP")],
                    "a1,- -,- main 0 0",
                ),
                "Variant 2",
            ),
            // A thief not under a drone base of its own; a side with drones but no thief.
            (&position(&ok, "d4,- -,- main 0 0"), "thieves"),
            (&position(&ok, "g7,- -,- main 0 0"), "thieves"),
            (&position(&ok, "-,- -,- main 0 0"), "no thief"),
            // Bars and exposure.
            (&position(&ok, "a1,- d4,- main 0 0"), "bars"),
            (&position(&ok, "a1!,- -,- main 0 0"), "Variant 1"),
            // Decisions that cannot be pending here.
            (&position(&ok, "a1,- -,- raid 0 0"), "raid"),
            (&position(&ok, "a1,- -,- steal:Pp 0 0"), "held"),
            (&position(&ok, "a1,- -,- over 0 0"), "over"),
            (&position(&ok, "a1,- -,- trade+raid 0 0"), "+raid"),
            (
                &position(
                    &[("d4", "wqDd"), ("a1", "wdP"), ("g7", "bdP"), ("a7", "bd")],
                    "a1,- -,- hide+raid 0 0",
                ),
                "+raid",
            ),
            (
                &position(&[("d4", "wqDd"), ("a1", "wdP")], "a1,- -,- main 0 0"),
                "decision",
            ),
            (&position(&ok, "a1,- -,- setup-hide 0 0"), "setup"),
        ],
    );
}

#[test]
fn ron_round_trips_and_rejects_impossible_states() {
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let text = ron::to_string(&start).expect("ron");
    let back: Stacktrices = ron::from_str(&text).expect("reads back");
    assert_eq!(back, start);

    let setup = Setup::from(start.clone());
    let refuse = |s: Setup, needle: &str| {
        let text = ron::to_string(&s).expect("ron");
        let err = ron::from_str::<Stacktrices>(&text).expect_err("refused");
        assert!(
            err.to_string().contains(needle),
            "`{err}` does not name `{needle}`"
        );
    };
    // Too many pieces: an extra D in the store.
    let mut s = setup.clone();
    s.store.0[1] += 1;
    refuse(s, "too many `D` in stacks, store and held pieces");
    // A stranded skill piece: take a1's P away (into the store, so counts stay right).
    let mut s = setup.clone();
    let a1 = s
        .stacks
        .iter_mut()
        .find(|st| st.square.to_string() == "a1")
        .expect("a1");
    a1.pieces.0[0] = 0;
    s.store.0[0] += 1;
    refuse(s, "stranded");
    // Two movement pieces without Variant 2: the store's Q onto b1.
    let mut s = setup.clone();
    let b1 = s
        .stacks
        .iter_mut()
        .find(|st| st.square.to_string() == "b1")
        .expect("b1");
    b1.pieces.0[2] += 1;
    s.store.0[2] -= 1;
    refuse(s, "Variant 2");
    // A thief not under a drone base: b1 is a queen base.
    let mut s = setup.clone();
    s.thieves[0] = Some("b1".parse().expect("square"));
    refuse(s, "drone base");
    // A stack of a seat that does not exist.
    let mut s = setup;
    s.stacks.push(SetupStack {
        square: "d4".parse().expect("sq"),
        owner: Seat(2),
        base: stacktrices::Base::Queen,
        pieces: Default::default(),
    });
    refuse(s, "the seat of the stack on d4 is 2");
}

#[test]
fn documented_positions_read_back() {
    let rules = Rules::default().with_start(Start::Standard);
    for text in [
        START,
        "bd,bq,bd,bq,bd,bq,bd/7/7/7/7/7/wd,wq,wd,wq,wd,wq,wd Qq -,- -,- setup-hide 0 0",
        "bd,1,bdD,4/3,wqDd,3/7/7/7/7/wdPp,5,wq PPPDDQQQpppdddqqq a1,- -,- hide 0 2",
    ] {
        let g =
            Stacktrices::from_position(text, &rules).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        assert_eq!(g.position(), text);
    }
}

#[test]
fn actions_are_small_copy_values() {
    assert!(std::mem::size_of::<stacktrices::Action>() <= 24);
}

/// The refusal of `text` under the standard start's rules.
fn refusal(text: &str) -> PositionError {
    Stacktrices::from_position(text, &Rules::default().with_start(Start::Standard)).expect_err(text)
}

#[test]
fn an_unknown_decision_is_unreadable() {
    let far = board(&[("d4", "wqDd"), ("g7", "bqP")]);
    let err = refusal(&format!("{far} Qq -,- -,- dance 0 0"));
    assert_eq!(err.field, "decision");
    assert!(
        matches!(err.problem, PositionProblem::Unreadable { ref text, .. } if text == "dance"),
        "{err}"
    );
}

#[test]
fn a_stranded_skill_piece_breaks_a_named_rule() {
    let err = refusal(&position(
        &[("d4", "wqd"), ("a1", "wdP"), ("g7", "bqP")],
        "a1,- -,- main 0 0",
    ));
    assert_eq!(err.field, "board");
    assert!(
        matches!(
            err.problem,
            PositionProblem::Invariant {
                subject: Some(ref stack),
                rule: "has a stranded skill piece (no movement piece)",
            } if stack == "the stack on d4"
        ),
        "{err}"
    );
}

#[test]
fn pieces_not_conserved_are_a_count_problem() {
    let b = board(&[("d4", "wqDd"), ("a1", "wdP"), ("g7", "bqP")]);
    let err = refusal(&format!("{b} PPDDQQQppppdddqqq a1,- -,- main 0 0"));
    assert_eq!(err.field, "store");
    assert!(
        matches!(err.problem, PositionProblem::Count { found, ref expected, .. } if !expected.contains(&found)),
        "{err}"
    );
}

#[test]
fn two_movement_pieces_without_variant_2_are_against_the_rules() {
    let err = refusal(&position(
        &[("d4", "wqDP"), ("a1", "wdP"), ("g7", "bqP")],
        "a1,- -,- main 0 0",
    ));
    assert!(
        matches!(err.problem, PositionProblem::AgainstRules { .. }),
        "{err}"
    );
}
