//! An illegal action says why (`Game::illegal_reason`): the pending decision, the other
//! side's stack, a raid by a stack that is not the thief.

use crate::common::{game, play};
use pyramid_core::Game;
use pyramid_testkit::conformance::illegal_reason_for;
use stacktrices::{Rules, Stacktrices, Start};

#[test]
fn an_action_for_another_decision_names_the_pending_one() {
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    assert_eq!(
        illegal_reason_for(&start, "trade=none"),
        "the decision now is: move or warp a stack"
    );
}

#[test]
fn the_other_sides_stack_is_named() {
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    assert!(illegal_reason_for(&start, "a7-b6").contains("other side's"));
}

#[test]
fn a_raid_by_a_stack_that_is_not_the_thief_is_refused_with_why() {
    let stacks = [("b6", "wdP"), ("a1", "wd"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut g = game(&stacks, "a1,g7 -,- main 0 0");
    play(&mut g, "b6-c7");
    assert!(illegal_reason_for(&g, "raid=Q>a1").contains("only your thief raids"));
}
