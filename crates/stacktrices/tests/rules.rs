//! One test per rule of the ruling, each from a hand-written position.

use crate::common::{actions, game, game_with, legal, list, moves_from, play};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, Outcome, RuleSet, Seat};
use pyramid_testkit::conformance::check_uniform_counts;
use stacktrices::{Decision, Piece, Rules, Stacktrices, Start};

const MAIN_W: &str = "main 0 0";

fn sq(s: &str) -> pyramid_core::Square {
    s.parse().expect("square")
}

// ---- Stacks and movement -------------------------------------------------------------

#[test]
fn pupil_only_captures_an_adjacent_enemy() {
    let g = game(
        &[("d4", "wd"), ("e5", "bq"), ("d6", "bq")],
        &format!("d4,- -,- {MAIN_W}"),
    );
    assert_eq!(moves_from(&g, "d4"), list(&["e5"]));
}

#[test]
fn adult_moves_forward_diagonally_up_to_its_pips() {
    let g = game(&[("d4", "wqD"), ("g1", "bq")], &format!("-,- -,- {MAIN_W}"));
    assert_eq!(moves_from(&g, "d4"), list(&["b6", "c5", "e5", "f6"]));
    let black = game(&[("d4", "bqD"), ("g7", "wq")], "-,- -,- main 1 0");
    assert_eq!(moves_from(&black, "d4"), list(&["b2", "c3", "e3", "f2"]));
}

#[test]
fn movement_piece_gives_one_two_or_three_steps() {
    let pawn = game(&[("d4", "wqP"), ("g1", "bq")], &format!("-,- -,- {MAIN_W}"));
    assert_eq!(moves_from(&pawn, "d4"), list(&["c5", "e5"]));
    let queen = game(&[("d4", "wqQ"), ("g1", "bq")], &format!("-,- -,- {MAIN_W}"));
    assert_eq!(
        moves_from(&queen, "d4"),
        list(&["a7", "b6", "c5", "e5", "f6", "g7"])
    );
}

#[test]
fn skill_pawn_adds_all_four_diagonals() {
    let g = game(
        &[("d4", "wqPp"), ("g1", "bq")],
        &format!("-,- -,- {MAIN_W}"),
    );
    assert_eq!(moves_from(&g, "d4"), list(&["c3", "c5", "e3", "e5"]));
}

#[test]
fn skill_drone_adds_the_four_orthogonals() {
    let g = game(
        &[("d4", "wqPd"), ("g1", "bq")],
        &format!("-,- -,- {MAIN_W}"),
    );
    assert_eq!(
        moves_from(&g, "d4"),
        list(&["c4", "c5", "d3", "d5", "e4", "e5"])
    );
}

#[test]
fn skill_queen_adds_all_eight_directions() {
    let g = game(
        &[("d4", "wqPq"), ("g1", "bq")],
        &format!("-,- -,- {MAIN_W}"),
    );
    assert_eq!(
        moves_from(&g, "d4"),
        list(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
}

#[test]
fn stacks_never_pass_through_or_beyond_a_stack() {
    // d5 friendly blocks north; d3 enemy is captured but d2 is beyond it.
    let g = game(
        &[("d4", "wqDd"), ("d5", "wq"), ("d3", "bq")],
        &format!("-,- -,- {MAIN_W}"),
    );
    assert_eq!(
        moves_from(&g, "d4"),
        list(&["b4", "b6", "c4", "c5", "d3", "e4", "e5", "f4", "f6"])
    );
}

// ---- Queen-skilled routes ------------------------------------------------------------

#[test]
fn queen_skilled_stack_passes_friendly_stacks_without_spending_steps() {
    let g = game(
        &[("d2", "wqPq"), ("d3", "wqD"), ("g7", "bq")],
        &format!("-,- -,- {MAIN_W}"),
    );
    assert!(
        legal(&g, "d2-d4"),
        "d3 is entered for free, d4 costs the one step"
    );
    assert!(!legal(&g, "d2-d5"));
}

#[test]
fn queen_route_leaves_an_adult_in_the_same_direction() {
    let g = game(
        &[("d2", "wqPq"), ("d3", "wqD"), ("g7", "bq")],
        &format!("-,- -,- {MAIN_W}"),
    );
    assert!(
        !legal(&g, "d2-c4") && !legal(&g, "d2-e4"),
        "an adult does not turn the route"
    );
}

#[test]
fn queen_route_may_turn_45_degrees_at_a_skilled_stack() {
    let g = game(
        &[("d2", "wqPq"), ("d3", "wdDd"), ("g7", "bq")],
        &format!("d3,- -,- {MAIN_W}"),
    );
    for to in ["c4", "d4", "e4"] {
        assert!(legal(&g, &format!("d2-{to}")), "d2-{to}");
    }
}

#[test]
fn pupil_blocks_a_queen_route() {
    let g = game(
        &[("d2", "wqPq"), ("d3", "wq"), ("g7", "bq")],
        &format!("-,- -,- {MAIN_W}"),
    );
    assert!(!legal(&g, "d2-d4"));
}

#[test]
fn queen_route_never_ends_on_a_friendly_stack() {
    let g = game(
        &[("d2", "wqPq"), ("d3", "wdDd"), ("g7", "bq")],
        &format!("d3,- -,- {MAIN_W}"),
    );
    assert!(!legal(&g, "d2-d3"));
    assert!(!moves_from(&g, "d2").contains(&"d3".to_owned()));
}

#[test]
fn queen_route_never_enters_a_square_twice() {
    // Six skilled friends turn a route from d2 left six times: d3, d4, c5, b5, a4, a3, b2,
    // c2 and back into d2 on its third step. The starting square is never entered again.
    let stacks = [
        ("d2", "wqQq"),
        ("d4", "wdPp"),
        ("c5", "wqPp"),
        ("b5", "wdPp"),
        ("a4", "wqPd"),
        ("a3", "wdDd"),
        ("b2", "wdDd"),
        ("g7", "bq"),
    ];
    let g = game(&stacks, &format!("d4,- -,- {MAIN_W}"));
    assert!(!legal(&g, "d2-d2"));
    assert!(moves_from(&g, "d2").iter().all(|to| to != "d2"));
    // The loop itself is walked: c2 is reached (also directly), and the search ends.
    assert!(legal(&g, "d2-c2"));
}

#[test]
fn queen_play_example_of_the_seed() {
    // Seed figure 3: a skilled queen with a drone movement piece on d2, a skilled drone
    // stack on d3, an adult on c4, an enemy on a6.
    let stacks = [
        ("d2", "wqDq"),
        ("d3", "wdPd"),
        ("c4", "wqP"),
        ("a6", "bq"),
        ("g7", "bd"),
    ];
    let g = game(&stacks, &format!("d3,g7 -,- {MAIN_W}"));
    for to in ["c3", "d4", "e4", "d5", "b5", "a6"] {
        assert!(legal(&g, &format!("d2-{to}")), "d2-{to}");
    }
    assert!(!legal(&g, "d2-c4"), "the adult is passed, not landed on");
    assert!(!legal(&g, "d2-d6"), "three steps are too many for a drone");
}

#[test]
fn different_routes_to_one_destination_are_one_action() {
    // e4 is reached through d3 (turning right) and through e3 (turning left).
    let stacks = [("d2", "wqPq"), ("d3", "wdPd"), ("e3", "wdPp"), ("g7", "bq")];
    let g = game(&stacks, &format!("d3,- -,- {MAIN_W}"));
    let n = g
        .legal_actions()
        .iter()
        .filter(|a| a.to_string() == "d2-e4")
        .count();
    assert_eq!(n, 1);
}

// ---- Warps and captures --------------------------------------------------------------

#[test]
fn warp_moves_a_stack_from_the_opponents_home_row_to_an_empty_own_home_square() {
    // A pupil that is also the barred thief may warp.
    let g = game(
        &[("c7", "wd"), ("a1", "wqP"), ("g4", "bq")],
        &format!("c7,- c7,- {MAIN_W}"),
    );
    let warps: Vec<String> = actions(&g)
        .into_iter()
        .filter(|a| a.contains('~'))
        .collect();
    assert_eq!(
        warps,
        list(&["c7~b1", "c7~c1", "c7~d1", "c7~e1", "c7~f1", "c7~g1"])
    );
    let mut after = g.clone();
    play(&mut after, "c7~c1");
    assert_eq!(after.thief(Seat(0)), Some(sq("c1")));
    assert_eq!(after.decision(), Decision::Trade, "a warp raises no raid");
}

#[test]
fn captured_stack_leaves_the_game_and_its_pieces_go_to_the_store() {
    let stacks = [("d4", "wqDd"), ("d6", "bqPp"), ("a7", "bd")];
    let mut g = game(&stacks, &format!("-,a7 -,- {MAIN_W}"));
    let store_before = g.store();
    play(&mut g, "d4-d6");
    let st = g.stack(sq("d6")).expect("capturer");
    assert_eq!(st.owner(), Seat(0));
    assert_eq!(st.pieces().letters(), "Dd");
    assert_eq!(
        g.store().count(Piece::Pawn),
        store_before.count(Piece::Pawn) + 1
    );
    assert_eq!(
        g.store().count(Piece::ClearPawn),
        store_before.count(Piece::ClearPawn) + 1
    );
    assert_eq!(g.stacks().count(), 2, "the base left the game");
    assert_eq!(g.decision(), Decision::Trade, "not the thief: no steal");
}

// ---- The thief -----------------------------------------------------------------------

fn thief_capture() -> Stacktrices {
    // White's d4 captures Black's thief on d6 (P p); White has a pupil on g1.
    let stacks = [
        ("d4", "wqDd"),
        ("a1", "wdP"),
        ("g1", "wq"),
        ("d6", "bdPp"),
        ("a7", "bd"),
        ("c7", "bdD"),
    ];
    game(&stacks, &format!("a1,d6 -,- {MAIN_W}"))
}

#[test]
fn capturing_the_thief_forces_a_steal_placed_legally() {
    let mut g = thief_capture();
    play(&mut g, "d4-d6");
    assert_eq!(g.decision(), Decision::Steal);
    assert_eq!(g.to_act(), Some(Seat(0)));
    assert_eq!(
        actions(&g),
        list(&["steal=P@g1", "steal=p@a1", "steal=p@d6"])
    );
    assert_eq!(g.held().letters(), "Pp");
}

#[test]
fn steal_is_skipped_when_no_placement_is_legal() {
    // The captured thief holds only P and White has no pupil: no steal, the P goes to the store.
    let stacks = [("d4", "wqDd"), ("a1", "wdP"), ("d6", "bdP"), ("a7", "bd")];
    let mut g = game(&stacks, &format!("a1,d6 -,- {MAIN_W}"));
    let pawns = g.store().count(Piece::Pawn);
    play(&mut g, "d4-d6");
    assert_eq!(g.decision(), Decision::VictimHide);
    assert_eq!(g.store().count(Piece::Pawn), pawns + 1);
}

#[test]
fn victim_hides_its_vulnerability_again_as_its_own_decision() {
    let mut g = thief_capture();
    play(&mut g, "d4-d6 steal=p@a1");
    assert_eq!(g.decision(), Decision::VictimHide);
    assert_eq!(g.to_act(), Some(Seat(1)), "the victim acts");
    assert_eq!(actions(&g), list(&["hide=a7", "hide=c7"]));
    assert!(
        g.view(Seat(0)).candidates().is_empty(),
        "the capturer cannot see the pending hide"
    );
    play(&mut g, "hide=c7");
    assert_eq!(g.thief(Seat(1)), Some(sq("c7")));
    assert_eq!(g.decision(), Decision::Trade);
    assert_eq!(g.to_act(), Some(Seat(0)));
    assert_eq!(g.view(Seat(0)).candidates(), vec![sq("a7"), sq("c7")]);
}

#[test]
fn captured_thief_pieces_go_to_the_store_after_the_steal() {
    let mut g = thief_capture();
    let pawns = g.store().count(Piece::Pawn);
    play(&mut g, "d4-d6 steal=p@a1 hide=a7");
    assert_eq!(
        g.store().count(Piece::Pawn),
        pawns + 1,
        "the unstolen P is in the store"
    );
    // ... where this turn's trade may take it.
    assert!(legal(&g, "trade=d@d6>P@g1"));
}

#[test]
fn victim_without_drone_bases_keeps_no_thief() {
    let stacks = [("d4", "wqDd"), ("a1", "wdP"), ("d6", "bdPp"), ("b7", "bqD")];
    let mut g = game(&stacks, &format!("a1,d6 -,- {MAIN_W}"));
    play(&mut g, "d4-d6 steal=p@a1");
    assert_eq!(g.decision(), Decision::Trade);
    assert_eq!(g.thief(Seat(1)), None);
}

#[test]
fn capturing_a_drone_that_is_not_the_thief_raises_no_steal() {
    let stacks = [
        ("d4", "wqDd"),
        ("a1", "wdP"),
        ("g1", "wq"),
        ("d6", "bdPp"),
        ("a7", "bd"),
    ];
    let mut g = game(&stacks, &format!("a1,a7 -,- {MAIN_W}"));
    play(&mut g, "d4-d6");
    assert_eq!(g.decision(), Decision::Trade);
    assert_eq!(g.thief(Seat(1)), Some(sq("a7")));
}

// ---- Raids ---------------------------------------------------------------------------

fn raid_position(bars: &str) -> Stacktrices {
    // White's thief b6 (P) steps onto c7; Black has a skilled e7 (D d) and an adult g7 (P).
    let stacks = [("b6", "wdP"), ("a1", "wq"), ("e7", "bqDd"), ("g7", "bdP")];
    game(&stacks, &format!("b6,g7 {bars} {MAIN_W}"))
}

#[test]
fn raid_arises_when_the_thief_ends_its_move_on_the_opponents_home_row() {
    let mut g = raid_position("-,-");
    play(&mut g, "b6-c7");
    assert_eq!(g.decision(), Decision::Raid);
}

/// Raid (mended 2026-11-24): the decision arises for every drone-base stack of the mover
/// that ends its move on the opponent's home row, thief or not, so that it tells the
/// opponent nothing; a stack that is not the thief has only `raid=none`.
#[test]
fn raid_decision_arises_for_a_drone_stack_that_is_not_the_thief_with_only_raid_none() {
    let stacks = [
        ("b6", "wdP"),
        ("f5", "wqP"),
        ("a1", "wd"),
        ("e7", "bqDd"),
        ("g7", "bdP"),
    ];
    let mut g = game(&stacks, &format!("a1,g7 -,- {MAIN_W}"));
    play(&mut g, "b6-c7");
    assert_eq!(g.decision(), Decision::Raid);
    assert_eq!(actions(&g), list(&["raid=none"]));
    assert!(g.position().contains(" raid@c7 "), "{}", g.position());
    // Black cannot tell: its view still has every White drone stack as a candidate.
    assert_eq!(g.view(Seat(1)).candidates(), vec![sq("a1"), sq("c7")]);
    play(&mut g, "raid=none");
    assert_eq!(g.decision(), Decision::Trade);
}

/// Raid: a queen-base stack on the opponent's home row raises no raid decision, and a
/// warp none.
#[test]
fn raid_decision_does_not_arise_for_a_queen_base_stack() {
    let stacks = [("b6", "wqP"), ("a1", "wd"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut g = game(&stacks, &format!("a1,g7 -,- {MAIN_W}"));
    play(&mut g, "b6-c7");
    assert_eq!(g.decision(), Decision::Trade);
}

/// Raid: the thief may raid only with the stack that moved; a thief already standing on
/// the home row does not lend its raids to another drone stack that arrives there.
#[test]
fn raid_belongs_to_the_stack_that_moved_not_to_a_thief_elsewhere_on_the_row() {
    let stacks = [
        ("b6", "wdP"),
        ("e7", "wdP"),
        ("a1", "wq"),
        ("c5", "bqDd"),
        ("g7", "bdP"),
    ];
    let mut g = game(&stacks, &format!("e7,g7 -,- {MAIN_W}"));
    play(&mut g, "b6-c7");
    assert_eq!(g.decision(), Decision::Raid);
    assert_eq!(actions(&g), list(&["raid=none"]));
}

#[test]
fn raid_takes_an_unprotected_piece_or_any_store_piece_onto_a_legal_stack() {
    let mut g = raid_position("-,-");
    play(&mut g, "b6-c7");
    let raids = actions(&g);
    // Unprotected: g7's P (an adult's movement piece) and e7's d (a skill piece); e7's D is protected.
    assert!(
        raids.contains(&"raid=P@g7>a1".to_owned()),
        "movement piece onto the pupil"
    );
    assert!(
        raids.contains(&"raid=d@e7>c7".to_owned()),
        "skill piece onto a stack with a movement piece"
    );
    assert!(
        !raids.iter().any(|a| a.starts_with("raid=D@e7")),
        "a skilled stack's movement piece is protected"
    );
    assert!(
        !raids.contains(&"raid=d@e7>a1".to_owned()),
        "a skill piece would be stranded on a pupil"
    );
    assert!(raids.contains(&"raid=Q>a1".to_owned()) && raids.contains(&"raid=q>c7".to_owned()));
    assert!(raids.contains(&"raid=none".to_owned()));
    assert!(
        !raids.iter().any(|a| a.starts_with("raid=+")),
        "no upgrade while a pupil can take a movement piece"
    );
    play(&mut g, "raid=d@e7>c7");
    assert_eq!(g.stack(sq("e7")).expect("e7").pieces().letters(), "D");
    assert_eq!(g.decision(), Decision::Rehide);
}

#[test]
fn raid_upgrade_only_when_no_stack_can_take_a_movement_piece() {
    let stacks = [("b6", "wdP"), ("a1", "wqD"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut g = game(&stacks, &format!("b6,g7 -,- {MAIN_W}"));
    play(&mut g, "b6-c7");
    let ups: Vec<String> = actions(&g)
        .into_iter()
        .filter(|a| a.starts_with("raid=+"))
        .collect();
    assert_eq!(ups, list(&["raid=+D@a1", "raid=+P@c7"]));
    let queens = g.store().count(Piece::Queen);
    play(&mut g, "raid=+D@a1");
    assert_eq!(g.stack(sq("a1")).expect("a1").pieces().letters(), "Q");
    assert_eq!(g.store().count(Piece::Queen), queens - 1);
    assert!(g.store().count(Piece::Drone) >= 1);
}

#[test]
fn raid_none_means_no_rehide_and_no_bar() {
    let mut g = raid_position("-,-");
    play(&mut g, "b6-c7 raid=none");
    assert_eq!(g.decision(), Decision::Trade);
    assert_eq!(g.raider(Seat(0)), None);
    assert!(!g.is_barred(Seat(0)));
}

#[test]
fn rehiding_under_the_same_stack_bars_it_from_raiding() {
    let mut g = raid_position("-,-");
    play(&mut g, "b6-c7 raid=Q>a1");
    assert_eq!(g.decision(), Decision::Rehide);
    assert_eq!(
        actions(&g),
        list(&["hide=c7"]),
        "c7 is White's only drone stack"
    );
    play(&mut g, "hide=c7");
    assert!(g.is_barred(Seat(0)));
    // Hiding under another drone would not have barred it.
    let stacks = [("b6", "wdP"), ("a1", "wd"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut other = game(&stacks, &format!("b6,g7 -,- {MAIN_W}"));
    play(&mut other, "b6-c7 raid=Q>a1 hide=a1");
    assert!(!other.is_barred(Seat(0)));
}

#[test]
fn barred_thief_raises_no_raid_and_a_move_along_the_home_row_counts() {
    let stacks = [("c7", "wdPd"), ("a1", "wq"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut barred = game(&stacks, &format!("c7,g7 c7,- {MAIN_W}"));
    play(&mut barred, "c7-d7");
    // The decision still arises (it tells nothing), with `raid=none` alone.
    assert_eq!(barred.decision(), Decision::Raid);
    assert_eq!(actions(&barred), list(&["raid=none"]));
    let mut free = game(&stacks, &format!("c7,g7 -,- {MAIN_W}"));
    play(&mut free, "c7-d7");
    assert_eq!(free.decision(), Decision::Raid);
}

#[test]
fn bar_lifts_at_the_end_of_a_turn_on_its_own_home_row() {
    let stacks = [("c7", "wdPd"), ("a1", "wq"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut g = game(&stacks, &format!("c7,g7 c7,- {MAIN_W}"));
    play(&mut g, "c7~c1");
    assert!(g.is_barred(Seat(0)), "lifted only after the trade decision");
    play(&mut g, "trade=none");
    assert!(!g.is_barred(Seat(0)));
    assert_eq!(g.raider(Seat(0)), None);
}

// ---- Trades --------------------------------------------------------------------------

fn trade_position() -> Stacktrices {
    // White: a1 P p (thief), b1 D d, c1 pupil, d1 Q; Black far away. Everything else in the store.
    let stacks = [
        ("a1", "wdPp"),
        ("b1", "wqDd"),
        ("c1", "wd"),
        ("d1", "wqQ"),
        ("g7", "bqP"),
    ];
    game(&stacks, "a1,- -,- trade 0 1")
}

#[test]
fn trade_takes_pieces_worth_one_pip_less_than_given() {
    let g = trade_position();
    assert!(legal(&g, "trade=D@b1,d@b1>Q@b1"));
    assert!(legal(&g, "trade=Q@d1>D@d1"));
    assert!(legal(&g, "trade=Q@d1>P@d1,p@d1"));
    assert!(!legal(&g, "trade=Q@d1>Q@c1"), "equal pips");
    assert!(!legal(&g, "trade=D@b1>Q@b1"), "more pips");
    assert!(!legal(&g, "trade=P@a1,p@a1>P@c1,p@c1"), "2 pips for 2");
}

#[test]
fn trade_takes_only_pieces_in_the_store_before_the_trade() {
    // With a D in the store the trade is legal ...
    assert!(legal(&trade_position(), "trade=D@b1,d@b1>P@b1,D@c1"));
    // ... but when Black holds the other three drones, the D given is not there to take.
    let stacks = [
        ("a1", "wdPp"),
        ("b1", "wqDd"),
        ("c1", "wd"),
        ("d1", "wqQ"),
        ("c7", "bdD"),
        ("e7", "bdD"),
        ("f7", "bqD"),
    ];
    let g = game(&stacks, "a1,c7 -,- trade 0 1");
    assert_eq!(g.store().count(Piece::Drone), 0);
    assert!(!legal(&g, "trade=D@b1,d@b1>P@b1,D@c1"));
}

#[test]
fn trade_places_taken_pieces_only_on_giving_stacks_or_pupils() {
    let g = trade_position();
    assert!(legal(&g, "trade=d@b1>P@c1"), "on a pupil");
    assert!(legal(&g, "trade=d@b1>p@b1"), "on the giving stack");
    assert!(
        !legal(&g, "trade=d@b1>p@a1"),
        "a1 neither gave nor is a pupil"
    );
}

#[test]
fn trade_never_gives_and_takes_the_same_kind_on_one_stack() {
    let g = trade_position();
    assert!(legal(&g, "trade=p@a1,d@b1>d@a1"));
    assert!(!legal(&g, "trade=p@a1,d@b1>d@b1"));
}

#[test]
fn trade_leaves_every_stack_legal() {
    let g = trade_position();
    assert!(
        legal(&g, "trade=D@b1>P@b1"),
        "a skilled stack's movement piece may be traded"
    );
    assert!(
        !legal(&g, "trade=D@b1>p@b1"),
        "b1 would strand its skill pieces"
    );
    assert!(!legal(&g, "trade=D@b1>P@c1"), "b1 would strand its d");
    assert!(
        !legal(&g, "trade=Q@d1>d@c1"),
        "a skill piece alone on a pupil is stranded"
    );
    assert!(
        !legal(&g, "trade=Q@d1>P@c1,P@c1"),
        "two movement pieces on one stack"
    );
}

#[test]
fn trade_lists_each_distinct_result_once_and_reads_any_order() {
    let g = trade_position();
    let a = g
        .parse_action("trade=d@b1,D@b1>Q@b1")
        .expect("any order parses");
    assert_eq!(a.to_string(), "trade=D@b1,d@b1>Q@b1");
    let texts = actions(&g);
    let mut dedup = texts.clone();
    dedup.dedup();
    assert_eq!(texts, dedup);
    assert_eq!(
        texts
            .iter()
            .filter(|t| t.as_str() == "trade=D@b1,d@b1>Q@b1")
            .count(),
        1
    );
}

#[test]
fn trade_none_ends_the_turn() {
    let mut g = trade_position();
    play(&mut g, "trade=none");
    assert_eq!(g.decision(), Decision::Main);
    assert_eq!(g.to_act(), Some(Seat(1)));
    assert_eq!(g.plies(), 2);
}

#[test]
fn trade_counts_after_the_first_move_of_the_standard_arrangement() {
    let mut g = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    play(&mut g, "d1-d4");
    // Sum over depth 2 is pinned in perft.rs; here one branch by hand: White's stacks
    // a1 Pp, b1 Dd, c1 -, d4 Qq, e1 -, f1 Dd, g1 Pp and a store of Q q.
    assert!(legal(&g, "trade=D@b1,d@b1>Q@c1"));
    assert!(legal(&g, "trade=P@a1,p@a1,d@b1>Q@a1"));
    assert!(
        !legal(&g, "trade=P@a1,p@a1,D@b1>Q@a1"),
        "b1 would strand its d"
    );
    assert!(
        !legal(&g, "trade=D@b1,d@b1>q@c1"),
        "q alone on a pupil is stranded"
    );
    assert!(legal(&g, "trade=Q@d4,q@d4,p@a1>Q@c1,q@c1"));
}

// ---- The end -------------------------------------------------------------------------

#[test]
fn capturing_the_last_stack_ends_the_game_at_once() {
    let mut g = game(
        &[("d4", "wqDd"), ("a1", "wdP"), ("d6", "bdPp")],
        &format!("a1,d6 -,- {MAIN_W}"),
    );
    play(&mut g, "d4-d6");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    assert_eq!(g.to_act(), None);
    assert!(g.legal_actions().is_empty(), "no steal, no trade");
    assert_eq!(g.piece_census().0, Piece::TOTALS);
}

#[test]
fn side_without_a_legal_main_action_loses() {
    // White has a lone pupil with no enemy next to it and nothing to warp.
    let g = game(&[("a1", "wq"), ("g7", "bqP")], &format!("-,- -,- {MAIN_W}"));
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(1))));
    // Reached by play: Black's trade ends its turn and White is stuck.
    let mut h = game(&[("a1", "wq"), ("g7", "bqP")], "-,- -,- trade 1 5");
    assert_eq!(h.outcome(), None);
    play(&mut h, "trade=none");
    assert_eq!(h.outcome(), Some(Outcome::Win(Seat(1))));
}

#[test]
fn ply_limit_is_a_draw() {
    let mut rules = Rules::default().with_start(Start::Standard);
    rules.set_ply_limit(Some(2));
    let mut g = Stacktrices::new(&rules);
    play(&mut g, "a1-b2 trade=none");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert!(g.legal_actions().is_empty());
}

// ---- Setup ---------------------------------------------------------------------------

#[test]
fn setup_phase_hides_then_alternates_placements() {
    let mut g = Stacktrices::new(&Rules::default());
    assert_eq!(g.decision(), Decision::SetupHide);
    assert_eq!(
        actions(&g),
        list(&["hide=a1", "hide=c1", "hide=e1", "hide=g1"])
    );
    play(&mut g, "hide=c1");
    assert_eq!(
        (g.decision(), g.to_act()),
        (Decision::SetupHide, Some(Seat(1)))
    );
    play(&mut g, "hide=e7");
    assert_eq!((g.decision(), g.to_act()), (Decision::Place, Some(Seat(0))));
    // Only movement pieces can go on bare bases; 3 kinds x 7 stacks.
    assert_eq!(g.legal_actions().len(), 21);
    play(&mut g, "place=D@b1");
    assert_eq!(g.to_act(), Some(Seat(1)));
    play(&mut g, "place=Q@d7");
    assert!(
        legal(&g, "place=d@b1"),
        "a skill piece on a stack with a movement piece"
    );
    assert!(!legal(&g, "place=d@a1"), "never stranded");
    assert!(!legal(&g, "place=P@b1"), "one movement piece per stack");
    // Finish with seeded random placements.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while g.decision() == Decision::Place {
        let a = pyramid_core::RandomBot::pick(&g, &mut rng).expect("a placement");
        g.play(a).expect("legal");
    }
    assert_eq!(g.decision(), Decision::Main);
    assert_eq!(g.to_act(), Some(Seat(0)));
    assert_eq!(g.plies(), 22);
    assert_eq!(g.store().letters(), "Qq");
    for seat in 0..2 {
        let pupils = g
            .stacks()
            .filter(|(_, st)| st.owner() == Seat(seat) && st.pieces().is_empty())
            .count();
        assert_eq!(pupils, 2, "two stacks stay pupils");
    }
}

#[test]
fn standard_arrangement_is_a_rule_option() {
    let mut rules = Rules::default();
    assert_eq!(rules.start(), Start::Setup);
    rules.set_option("start", "standard").expect("option");
    let g = Stacktrices::new(&rules);
    assert_eq!(
        g.position(),
        "bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq a1,g7 -,- main 0 0"
    );
    assert!(rules.set_option("start", "later").is_err());
}

// ---- Variants ------------------------------------------------------------------------

fn variant_capture(v1: bool) -> Stacktrices {
    let mut rules = Rules::default().with_start(Start::Standard);
    rules = rules.with_variant1(v1);
    let stacks = [("c5", "wdPp"), ("g1", "wq"), ("d6", "bqDd"), ("a7", "bd")];
    game_with(&stacks, &format!("c5,a7 -,- {MAIN_W}"), &rules)
}

#[test]
fn variant1_thief_that_captures_may_steal_and_is_exposed() {
    let mut g = variant_capture(true);
    play(&mut g, "c5-d6");
    assert_eq!(g.decision(), Decision::OptionalSteal);
    assert_eq!(
        actions(&g),
        list(&["steal=D@g1", "steal=d@d6", "steal=none"])
    );
    play(&mut g, "steal=D@g1");
    assert!(g.is_exposed(Seat(0)));
    assert_eq!(g.view(Seat(1)).candidates(), vec![sq("d6")]);
    assert!(g.position().contains("d6!"));
    let mut declined = variant_capture(true);
    play(&mut declined, "c5-d6 steal=none");
    assert!(!declined.is_exposed(Seat(0)));
}

/// Variant 1 (mended): the optional steal decision arises after every capture by a
/// drone-base stack of the mover; a stack that is not the thief has only `steal=none`.
#[test]
fn variant1_steal_decision_arises_for_every_drone_capture_with_only_steal_none_for_a_non_thief() {
    let mut rules = Rules::default().with_start(Start::Standard);
    rules = rules.with_variant1(true);
    let stacks = [
        ("c5", "wdPp"),
        ("a1", "wd"),
        ("g1", "wq"),
        ("d6", "bqDd"),
        ("a7", "bd"),
    ];
    let mut g = game_with(&stacks, &format!("a1,a7 -,- {MAIN_W}"), &rules);
    play(&mut g, "c5-d6");
    assert_eq!(g.decision(), Decision::OptionalSteal);
    assert_eq!(actions(&g), list(&["steal=none"]));
    assert!(g.position().contains("steal?:Dd@d6"), "{}", g.position());
    // Black still cannot tell which White drone stack is the thief.
    assert_eq!(g.view(Seat(1)).candidates(), vec![sq("a1"), sq("d6")]);
    play(&mut g, "steal=none");
    assert!(!g.is_exposed(Seat(0)));
}

/// Variant 1: a queen-base stack's capture raises no steal decision.
#[test]
fn variant1_queen_base_capture_raises_no_steal_decision() {
    let mut rules = Rules::default().with_start(Start::Standard);
    rules = rules.with_variant1(true);
    let stacks = [("c5", "wqPp"), ("a1", "wd"), ("d6", "bqDd"), ("a7", "bd")];
    let mut g = game_with(&stacks, &format!("a1,a7 -,- {MAIN_W}"), &rules);
    play(&mut g, "c5-d6");
    assert_eq!(g.decision(), Decision::Trade);
}

#[test]
fn variant1_off_gives_no_steal_to_a_capturing_thief() {
    let mut g = variant_capture(false);
    play(&mut g, "c5-d6");
    assert_eq!(g.decision(), Decision::Trade);
}

#[test]
fn variant2_stacks_may_hold_several_movement_pieces_whose_pips_add_up() {
    let mut rules = Rules::default().with_start(Start::Standard);
    rules = rules.with_variant2(true);
    let stacks = [("b1", "wqDd"), ("a1", "wdP"), ("g7", "bqP")];
    let mut g = game_with(&stacks, "a1,- -,- trade 0 1", &rules);
    play(&mut g, "trade=d@b1>P@b1");
    assert_eq!(g.stack(sq("b1")).expect("b1").pieces().letters(), "PD");
    // A skilled stack with P and D moves up to 3 squares.
    let stacks = [("b1", "wqPDd"), ("a1", "wdP"), ("g7", "bqP")];
    let g = game_with(&stacks, &format!("a1,- -,- {MAIN_W}"), &rules);
    assert_eq!(
        moves_from(&g, "b1"),
        list(&["a2", "b2", "b3", "b4", "c1", "c2", "d1", "d3", "e1", "e4"])
    );
}

#[test]
fn variant2_off_keeps_one_movement_piece_per_stack() {
    let stacks = [("b1", "wqDd"), ("a1", "wdP"), ("g7", "bq")];
    let g = game(&stacks, "a1,- -,- trade 0 1");
    assert!(!legal(&g, "trade=d@b1>P@b1"));
}

// ---- Views ---------------------------------------------------------------------------

#[test]
fn view_hides_the_other_sides_vulnerability_and_lists_its_possible_thieves() {
    let g = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let view = g.view(Seat(0));
    assert_eq!(view.thief(), Some(sq("a1")));
    assert_eq!(
        view.candidates(),
        vec![sq("a7"), sq("c7"), sq("e7"), sq("g7")]
    );
    let black = g.view(Seat(1));
    assert_eq!(black.thief(), Some(sq("g7")));
    assert_eq!(
        black.candidates(),
        vec![sq("a1"), sq("c1"), sq("e1"), sq("g1")]
    );
}

#[test]
fn sample_from_view_draws_the_thief_uniformly_among_candidates() {
    let g = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let view = g.view(Seat(0));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..4000 {
        let s = Stacktrices::sample_from_view(&view, &mut rng);
        assert_eq!(
            s.thief(Seat(0)),
            Some(sq("a1")),
            "the viewer's own thief is kept"
        );
        assert_eq!(
            s.position().split(' ').next(),
            g.position().split(' ').next(),
            "the board is kept"
        );
        *seen
            .entry(s.thief(Seat(1)).expect("a sampled thief"))
            .or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 4);
    let counts: Vec<usize> = seen.into_values().collect();
    check_uniform_counts("the thief drawn by sample_from_view", &counts, &[1.0; 4]);
}

#[test]
fn sampled_states_keep_the_bar_consistent() {
    // White's c7 raided and re-hid under itself: barred. Black's view cannot tell, but a
    // sample that puts the thief on c7 has it barred, and one elsewhere does not.
    let stacks = [("c7", "wdPd"), ("a1", "wd"), ("e7", "bqDd"), ("g7", "bdP")];
    let g = game(&stacks, "c7,g7 c7,- main 1 0");
    let view = g.view(Seat(1));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..50 {
        let s = Stacktrices::sample_from_view(&view, &mut rng);
        assert_eq!(s.is_barred(Seat(0)), s.thief(Seat(0)) == Some(sq("c7")));
    }
}

#[test]
fn diagram_for_a_seat_hides_the_other_thief() {
    let g = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let white = g.diagram(Some(Seat(0)));
    assert!(white.contains("WdPp*"), "own thief marked:\n{white}");
    assert!(!white.contains("BdPp*"), "other thief hidden:\n{white}");
    assert!(white.contains("Black thief: hidden, one of a7 c7 e7 g7"));
    let full = g.diagram(None);
    assert!(full.contains("BdPp*") && full.contains(&g.position()));
}

#[test]
fn variant1_exposed_thief_cannot_change_stacks_when_it_rehides() {
    let mut rules = Rules::default().with_start(Start::Standard);
    rules = rules.with_variant1(true);
    let stacks = [("b6", "wdP"), ("a1", "wd"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut g = game_with(&stacks, &format!("b6!,g7 -,- {MAIN_W}"), &rules);
    play(&mut g, "b6-c7 raid=Q>a1");
    assert_eq!(
        actions(&g),
        list(&["hide=c7"]),
        "a1 is a drone, but the exposed thief stays"
    );
    play(&mut g, "hide=c7");
    assert!(g.is_barred(Seat(0)) && g.is_exposed(Seat(0)));
}

// ---- Pending decisions that contradict the rest are refused -----------------------

/// Reads `text` under `rules` and returns the error's message.
fn refused(text: &str, rules: &Rules) -> String {
    match Stacktrices::from_position(text, rules) {
        Ok(g) => panic!("`{text}` was accepted as `{}`", g.position()),
        Err(e) => e.to_string(),
    }
}

const STANDARD_BOARD: &str =
    "bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq";
/// The standard board with Black's a7 stack stripped to its base: `Pp` can be held.
const STRIPPED_BOARD: &str =
    "bd,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq";

/// The example: the standard board with `hide` pending for Black while Black's
/// thief still stands on g7.
#[test]
fn pending_victim_hide_while_the_victims_thief_stands_is_refused() {
    let rules = Rules::default().with_start(Start::Standard);
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- hide 0 5"), &rules);
    assert!(
        msg.contains("decision") && msg.contains("thief still stands"),
        "{msg}"
    );
}

#[test]
fn pending_steal_while_the_victims_thief_stands_is_refused() {
    let rules = Rules::default().with_start(Start::Standard);
    let msg = refused(&format!("{STRIPPED_BOARD} a1,g7 -,- steal:Pp 0 5"), &rules);
    assert!(msg.contains("thief still stands"), "{msg}");
}

#[test]
fn pending_raid_without_a_mover_stack_on_the_home_row_is_refused() {
    let rules = Rules::default().with_start(Start::Standard);
    // No `@SQ`: which stack moved?
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- raid 0 5"), &rules);
    assert!(msg.contains("@SQ"), "{msg}");
    // `@a1` is White's own home row, not Black's.
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- raid@a1 0 5"), &rules);
    assert!(msg.contains("not on the opponent's home row"), "{msg}");
    // `@b1` is a queen-base stack.
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- raid@b1 0 5"), &rules);
    assert!(msg.contains("not a drone-base stack"), "{msg}");
}

#[test]
fn stack_square_outside_a_raid_or_optional_steal_is_refused() {
    let rules = Rules::default().with_start(Start::Standard);
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- trade@a1 0 5"), &rules);
    assert!(msg.contains("only for a raid"), "{msg}");
}

#[test]
fn pending_rehide_without_a_raid_is_refused() {
    let rules = Rules::default().with_start(Start::Standard);
    // The thief on a1 did not raid (it is not the last raider).
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- rehide 0 5"), &rules);
    assert!(msg.contains("last raider"), "{msg}");
}

#[test]
fn pending_optional_steal_needs_variant1_and_held_pieces_only_while_stealing() {
    let rules = Rules::default().with_start(Start::Standard);
    let msg = refused(
        &format!("{STRIPPED_BOARD} a1,g7 -,- steal?:Pp@a1 0 5"),
        &rules,
    );
    assert!(msg.contains("Variant 1"), "{msg}");
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- steal:- 0 5"), &rules);
    assert!(msg.contains("decision"), "{msg}");
}

#[test]
fn pending_placement_before_both_sides_hid_is_refused() {
    let rules = Rules::default();
    let bases = "bd,bq,bd,bq,bd,bq,bd/7/7/7/7/7/wd,wq,wd,wq,wd,wq,wd Qq";
    let msg = refused(&format!("{bases} a1,- -,- place 0 2"), &rules);
    assert!(msg.contains("thief") || msg.contains("hidden"), "{msg}");
}

#[test]
fn pending_setup_hide_after_a_placement_is_refused() {
    let rules = Rules::default();
    let bases = "bd,bq,bd,bq,bd,bq,bd/7/7/7/7/7/wdP,wq,wd,wq,wd,wq,wd Qq";
    let msg = refused(&format!("{bases} -,- -,- setup-hide 0 0"), &rules);
    assert!(msg.contains("decision") || msg.contains("board"), "{msg}");
}

#[test]
fn pending_over_with_both_sides_on_the_board_is_refused() {
    let rules = Rules::default().with_start(Start::Standard);
    let msg = refused(&format!("{STANDARD_BOARD} a1,g7 -,- over 0 5"), &rules);
    assert!(msg.contains("over"), "{msg}");
}

// ---- Rules checked against further hand-written positions ----------------------------

/// Setup: "Each side receives P P D D Q (coloured) and p p d d q (clear). The store starts
/// with one `Q` and one `q`."
#[test]
fn setup_hands_hold_the_received_pieces_and_the_store_q_and_q() {
    let g = Stacktrices::new(&Rules::default());
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(g.hand(seat).letters(), "PPDDQppddq");
    }
    assert_eq!(g.store().letters(), "Qq");
    assert_eq!(g.piece_census().0, Piece::TOTALS);
}

/// Clarification: "A stack's skill pieces are an unordered collection; duplicates are
/// allowed." Setup placements may put both clear pawns on one stack.
#[test]
fn skill_pieces_may_repeat_on_a_stack() {
    let mut g = Stacktrices::new(&Rules::default());
    play(
        &mut g,
        "hide=a1 hide=g7 place=P@a1 place=P@g7 place=p@a1 place=p@g7",
    );
    assert!(legal(&g, "place=p@a1"), "a second p on a1");
    play(&mut g, "place=p@a1");
    assert_eq!(g.stack(sq("a1")).expect("a1").pieces().letters(), "Ppp");
    assert!(g.position().contains("wdPpp"), "{}", g.position());
}

/// Distinct actions: "a raid by what is taken, from where, and where it goes": a stack
/// holding two equal skill pieces gives one action per kind, not one per piece.
#[test]
fn equal_pieces_of_a_stack_make_one_raid_action() {
    let stacks = [("b6", "wdP"), ("a1", "wq"), ("e7", "bqDdd"), ("g7", "bdP")];
    let mut g = game(&stacks, &format!("b6,g7 -,- {MAIN_W}"));
    play(&mut g, "b6-c7");
    let texts: Vec<String> = g.legal_actions().iter().map(ToString::to_string).collect();
    assert_eq!(texts.iter().filter(|t| *t == "raid=d@e7>c7").count(), 1);
}

/// Follow-ups: "In this order: thief captured (steal, then the victim's hide), then raid
/// (raid, then the mover's hide)." White's thief captures Black's thief on Black's home row.
#[test]
fn thief_captured_on_the_home_row_steal_then_victims_hide_then_raid_then_rehide() {
    let stacks = [
        ("b6", "wdPp"),
        ("a1", "wq"),
        ("c7", "bdDd"),
        ("a7", "bd"),
        ("e7", "bqP"),
    ];
    let mut g = game(&stacks, &format!("b6,c7 -,- {MAIN_W}"));
    play(&mut g, "b6-c7");
    assert_eq!(g.decision(), Decision::Steal);
    assert!(
        g.position().contains("steal:Dd+raid@c7"),
        "{}",
        g.position()
    );
    assert_eq!(actions(&g), list(&["steal=D@a1", "steal=d@c7"]));
    play(&mut g, "steal=d@c7");
    assert_eq!(
        (g.decision(), g.to_act()),
        (Decision::VictimHide, Some(Seat(1)))
    );
    assert_eq!(actions(&g), list(&["hide=a7"]));
    play(&mut g, "hide=a7");
    assert_eq!((g.decision(), g.to_act()), (Decision::Raid, Some(Seat(0))));
    // The unstolen D went to the store at once: this turn's raid may take it.
    assert!(legal(&g, "raid=D>a1"));
    play(&mut g, "raid=D>a1");
    assert_eq!(g.decision(), Decision::Rehide);
    play(&mut g, "hide=c7 trade=none");
    assert_eq!((g.decision(), g.to_act()), (Decision::Main, Some(Seat(1))));
}

/// Clarification: "A captured thief's pieces are held apart during the steal; the rest
/// then go to the store at once, so a raid or trade later in the same turn may take
/// them"; a stack that was not the thief gives all its pieces to the store at once.
#[test]
fn captured_pieces_reach_the_store_at_once_for_this_turns_raid() {
    // Every `d` of the game is on a stack: the store has none before the capture.
    let stacks = [
        ("b6", "wdP"),
        ("f1", "wqDd"),
        ("c7", "bqDd"),
        ("e7", "bqQd"),
        ("g7", "bdPd"),
    ];
    let mut g = game(&stacks, &format!("b6,g7 -,- {MAIN_W}"));
    assert_eq!(g.store().count(Piece::ClearDrone), 0);
    play(&mut g, "b6-c7");
    assert_eq!(g.decision(), Decision::Raid);
    assert_eq!(g.store().count(Piece::ClearDrone), 1);
    assert!(legal(&g, "raid=d>c7"), "the captured d is in the store");
}

/// Raid: "When a drone-base stack of the mover ends its main action on the opponent's
/// home row" — a pupil on a drone base capturing there included.
#[test]
fn drone_base_pupil_capturing_onto_the_home_row_raises_the_raid_decision() {
    let stacks = [("b6", "wd"), ("a1", "wdP"), ("c7", "bqP"), ("g7", "bdP")];
    let mut not_thief = game(&stacks, &format!("a1,g7 -,- {MAIN_W}"));
    play(&mut not_thief, "b6-c7");
    assert_eq!(not_thief.decision(), Decision::Raid);
    assert_eq!(actions(&not_thief), list(&["raid=none"]));
    let mut thief = game(&stacks, &format!("b6,g7 -,- {MAIN_W}"));
    play(&mut thief, "b6-c7");
    assert_eq!(thief.decision(), Decision::Raid);
    assert!(
        legal(&thief, "raid=P>c7"),
        "the pupil may take a movement piece"
    );
}

/// End and Clarifications: "A capture of the opponent's last stack ends the game at once:
/// no follow-up, no trade" — not even the raid decision on the opponent's home row.
#[test]
fn capturing_the_last_stack_on_the_home_row_raises_no_raid() {
    let stacks = [("b6", "wdP"), ("a1", "wq"), ("c7", "bqP")];
    let mut g = game(&stacks, &format!("b6,- -,- {MAIN_W}"));
    play(&mut g, "b6-c7");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    assert_eq!(g.decision(), Decision::Over);
    assert!(g.legal_actions().is_empty());
}

/// Raid: a barred stack "is barred from raiding until it has ended one of its owner's
/// turns on its own home row": turns ended elsewhere do not lift it.
#[test]
fn bar_stays_while_the_barred_stack_ends_its_turns_elsewhere() {
    let stacks = [
        ("c7", "wdPd"),
        ("a1", "wq"),
        ("e7", "bqDd"),
        ("g7", "bdP"),
        ("g4", "bqP"),
    ];
    let mut g = game(&stacks, &format!("c7,g7 c7,- {MAIN_W}"));
    play(&mut g, "c7-c6 trade=none");
    assert!(g.is_barred(Seat(0)), "c6 is not White's home row");
    assert_eq!(
        g.raider(Seat(0)),
        Some(sq("c6")),
        "the bar moves with the stack"
    );
    play(&mut g, "g4-f3 trade=none c6-c7");
    assert_eq!(g.decision(), Decision::Raid);
    assert_eq!(actions(&g), list(&["raid=none"]), "still barred");
}

/// Raid: the upgrade takes "the new one from the store" of the "same colour class": it
/// needs the larger kind in the store, and skill pieces are upgraded too (`p` to `d`).
#[test]
fn raid_upgrade_needs_the_larger_kind_in_the_store_and_keeps_the_colour_class() {
    // No pupil for White; every Q of the game is on a Black stack.
    let stacks = [
        ("b6", "wdP"),
        ("a1", "wqDp"),
        ("e7", "bqQd"),
        ("g7", "bdQ"),
        ("d5", "bqQ"),
    ];
    let mut g = game(&stacks, &format!("b6,g7 -,- {MAIN_W}"));
    assert_eq!(g.store().count(Piece::Queen), 0);
    play(&mut g, "b6-c7");
    let ups: Vec<String> = actions(&g)
        .into_iter()
        .filter(|a| a.starts_with("raid=+"))
        .collect();
    assert_eq!(ups, list(&["raid=+P@c7", "raid=+p@a1"]), "no Q for a1's D");
    play(&mut g, "raid=+p@a1");
    assert_eq!(g.stack(sq("a1")).expect("a1").pieces().letters(), "Dd");
}

/// Trade: "gives 1 to 3 non-base pieces ... and takes 1 to 3 pieces": four are refused.
#[test]
fn trade_gives_and_takes_at_most_three_pieces() {
    let g = trade_position();
    assert!(legal(&g, "trade=P@a1,p@a1,d@b1>D@c1,p@c1"));
    assert!(g.parse_action("trade=P@a1,p@a1,D@b1,d@b1>Q@c1").is_err());
    assert!(g.parse_action("trade=Q@d1>P@c1,p@c1,P@c1,p@c1").is_err());
}

/// "What each side sees": everything except the other side's vulnerability "(and that
/// side's `hide=` actions)".
#[test]
fn the_other_sides_hide_actions_are_shown_as_hide_question_mark() {
    let g = Stacktrices::new(&Rules::default());
    let hide = g.parse_action("hide=c1").expect("legal");
    assert_eq!(g.action_view(hide, Seat(0)), "hide=c1");
    assert_eq!(g.action_view(hide, Seat(1)), "hide=?");
    // The victim's hide after a thief capture: the capturer does not see it.
    let mut g = thief_capture();
    play(&mut g, "d4-d6 steal=p@a1");
    let hide = g.parse_action("hide=c7").expect("legal");
    assert_eq!(g.action_view(hide, Seat(0)), "hide=?");
    assert_eq!(g.action_view(hide, Seat(1)), "hide=c7");
}

/// Variant 1: a real steal "reveals the thief to the other side until it is captured".
#[test]
fn variant1_exposure_lasts_until_the_thief_is_captured() {
    let rules = Rules::default()
        .with_start(Start::Standard)
        .with_variant1(true);
    let stacks = [("d6", "wdPp"), ("a1", "wd"), ("e7", "bqP"), ("g7", "bdP")];
    let mut g = game_with(&stacks, "d6!,g7 -,- main 1 0", &rules);
    assert_eq!(g.view(Seat(1)).candidates(), vec![sq("d6")]);
    play(&mut g, "e7-d6");
    assert!(!g.is_exposed(Seat(0)), "captured: no longer exposed");
    play(&mut g, "steal=p@d6 hide=a1");
    assert!(!g.is_exposed(Seat(0)));
    assert_eq!(g.view(Seat(1)).candidates(), vec![sq("a1")]);
}

/// Variant 1 and the raid: the optional steal follows the capture, then the raid
/// decision (crates/stacktrices/docs/rules.md records the order).
#[test]
fn variant1_optional_steal_comes_before_the_raid_decision() {
    let rules = Rules::default()
        .with_start(Start::Standard)
        .with_variant1(true);
    let stacks = [("b6", "wdPp"), ("a1", "wq"), ("c7", "bqDd"), ("g7", "bdP")];
    let mut g = game_with(&stacks, &format!("b6,g7 -,- {MAIN_W}"), &rules);
    play(&mut g, "b6-c7");
    assert_eq!(g.decision(), Decision::OptionalSteal);
    assert!(
        g.position().contains("steal?:Dd+raid@c7"),
        "{}",
        g.position()
    );
    play(&mut g, "steal=d@c7");
    assert!(g.is_exposed(Seat(0)));
    assert_eq!(g.decision(), Decision::Raid);
    assert!(legal(&g, "raid=D>a1"), "the unstolen D is in the store");
}

/// Variant 2: "after setup, a stack may hold several movement pieces (only through
/// trades, steals and raids)": setup placements still allow one.
#[test]
fn variant2_setup_placements_keep_one_movement_piece() {
    let rules = Rules::default().with_variant2(true);
    let mut g = Stacktrices::new(&rules);
    play(&mut g, "hide=a1 hide=g7 place=P@a1 place=P@g7");
    assert!(!legal(&g, "place=D@a1"));
}

/// Variant 2 and the upgrade: "No stack can take a movement piece" means "the mover has
/// no pupil (with Variant 2 off)": with Variant 2 every stack can take one, so there is
/// no upgrade, and a raid may add a second movement piece.
#[test]
fn variant2_raids_add_movement_pieces_and_never_upgrade() {
    let rules = Rules::default()
        .with_start(Start::Standard)
        .with_variant2(true);
    let stacks = [("b6", "wdP"), ("a1", "wqD"), ("e7", "bqDd"), ("g7", "bdP")];
    let mut g = game_with(&stacks, &format!("b6,g7 -,- {MAIN_W}"), &rules);
    play(&mut g, "b6-c7");
    assert!(!actions(&g).iter().any(|a| a.starts_with("raid=+")));
    assert!(legal(&g, "raid=Q>c7") && legal(&g, "raid=P@g7>a1"));
}

/// Thief captured: the capturer steals "one of its non-base pieces (any, protected or
/// not)": a skilled stack's movement piece may be stolen.
#[test]
fn steal_may_take_a_protected_movement_piece() {
    let mut g = thief_capture();
    play(&mut g, "d4-d6");
    // d6 held P p: the P was protected on the skilled stack.
    assert!(legal(&g, "steal=P@g1"));
    play(&mut g, "steal=P@g1");
    assert_eq!(g.stack(sq("g1")).expect("g1").pieces().letters(), "P");
}

/// Raid: only a re-hide after a raid under the same stack bars it; the victim's hide after
/// a thief capture never does ("The bar's representation", crates/stacktrices/docs/rules.md: the new
/// hide is never a bar), even when the position names the victim's last raider.
#[test]
fn victims_hide_never_bars_the_stack_it_hides_under() {
    let stacks = [("d6", "wqDd"), ("a1", "wdP"), ("c7", "bdP"), ("e7", "bqD")];
    let mut g = game(&stacks, "a1,- -,c7 hide 0 2");
    play(&mut g, "hide=c7");
    assert_eq!(g.thief(Seat(1)), Some(sq("c7")));
    assert!(!g.is_barred(Seat(1)));
}

/// Setup phase: no raid has happened, so no stack is barred: a position naming a last
/// raider during the setup phase is refused.
#[test]
fn bars_during_the_setup_phase_are_refused() {
    let rules = Rules::default();
    let bases = "bd,bq,bd,bq,bd,bq,bd/7/7/7/7/7/wd,wq,wd,wq,wd,wq,wd Qq";
    let msg = refused(&format!("{bases} -,- a1,- setup-hide 0 0"), &rules);
    assert!(msg.contains("bars"), "{msg}");
}
