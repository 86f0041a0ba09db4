//! The information-set property (conformance harness) for Stacktrices, whose views hide
//! each side's thief: over random games from both starts and with Variant 1, and on the
//! leak the old raid ruling had, built by hand, to show that the check catches it.

use crate::common::{game, play};
use pyramid_core::prelude::*;
use pyramid_core::{Game, Seat};
use pyramid_testkit::conformance::{
    check_indistinguishable, check_indistinguishable_with, information_set_playout,
};
use stacktrices::{Action, Decision, Rules, Stacktrices, Start};

fn rules(start: &str, variant1: bool) -> Rules {
    let base = if start == "standard" {
        Rules::default().with_start(Start::Standard)
    } else {
        Rules::default()
    };
    base.with_variant1(variant1)
}

#[test]
fn no_seat_learns_the_other_thief_from_the_standard_start() {
    for seed in 0..6 {
        information_set_playout(Stacktrices::new(&rules("standard", false)), seed, 200, 3);
    }
}

#[test]
fn no_seat_learns_the_other_thief_from_the_setup_phase() {
    for seed in 0..6 {
        information_set_playout(Stacktrices::new(&rules("setup", false)), seed, 200, 3);
    }
}

#[test]
fn no_seat_learns_the_other_thief_with_variant1() {
    for seed in 0..6 {
        information_set_playout(Stacktrices::new(&rules("standard", true)), seed, 200, 3);
    }
}

/// White's drone stack on b6 steps onto Black's home row (c7); White's thief hides under
/// b6 in one state and under a1 in the other. Black cannot tell them apart.
fn raid_pair() -> [Stacktrices; 2] {
    let stacks = [("b6", "wdP"), ("a1", "wd"), ("e7", "bqDd"), ("g7", "bdP")];
    let thief_moves = game(&stacks, "b6,g7 -,- main 0 0");
    let thief_stays = game(&stacks, "a1,g7 -,- main 0 0");
    assert_eq!(thief_moves.view(Seat(1)), thief_stays.view(Seat(1)));
    [thief_moves, thief_stays]
}

/// Raid (mended 2026-11-24): with the raid decision arising for every drone-base stack,
/// Black sees the same after `b6-c7` whoever is the thief.
#[test]
fn raid_decision_for_every_drone_stack_leaks_nothing() {
    let pair = raid_pair();
    assert_eq!(check_indistinguishable(&pair, Seat(1)), Ok(()));
    let mut after = pair.clone();
    for g in &mut after {
        play(g, "b6-c7");
        assert_eq!(g.decision(), Decision::Raid);
    }
    assert_eq!(check_indistinguishable(&after, Seat(1)), Ok(()));
}

/// The old ruling, built by hand: the raid decision arose only for the (unbarred) thief,
/// so a drone stack that was not the thief went straight on to the trade. The property
/// catches it: after the same move onto the home row, Black's views differ.
#[test]
fn the_old_raid_rule_is_caught_as_a_leak() {
    let old_rule = |state: &Stacktrices, action: Action| {
        let mut child = state.clone();
        child.play_unchecked(action);
        let thief_moved = match action {
            Action::Move { to, .. } => child.thief(Seat(0)) == Some(to),
            _ => true,
        };
        if child.decision() == Decision::Raid && !thief_moved {
            child.play_unchecked(Action::NoRaid);
        }
        child
    };
    let leak = check_indistinguishable_with(&raid_pair(), Seat(1), old_rule)
        .expect_err("the old raid rule shows Black where White's thief is");
    assert!(leak.what.contains("raid@"), "{leak}");
}

/// "What each side sees": a seat's view string never names the other side's hidden thief
/// (its entry is `?` while more than one drone stack could hide it).
#[test]
fn view_string_never_names_the_hidden_thief() {
    use pyramid_core::ChaCha8Rng;
    use pyramid_core::rand::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut hidden_seen = 0;
    for seed in 0..20 {
        let mut g = Stacktrices::new(&rules(
            if seed % 2 == 0 { "standard" } else { "setup" },
            false,
        ));
        for _ in 0..300 {
            for viewer in [Seat(0), Seat(1)] {
                let view = g.view(viewer);
                let text = g.view_string(viewer);
                let thieves = text.split(' ').nth(2).expect("a thieves field");
                let (white, black) = thieves.split_once(',').expect("two entries");
                let other = if viewer == Seat(0) { black } else { white };
                if view.candidates().len() > 1 {
                    hidden_seen += 1;
                    assert_eq!(other, "?", "`{text}`");
                }
            }
            let Some(a) = g.random_action(&mut rng) else {
                break;
            };
            g.play_unchecked(a);
        }
    }
    assert!(
        hidden_seen > 1000,
        "only {hidden_seen} views with a hidden thief"
    );
}
