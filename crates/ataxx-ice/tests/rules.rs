//! One test per rule of the rules as `crates/ataxx-ice/docs/rules.md` states them, each on a hand-written position.

use crate::common::{at, board, on, owned, play, pos, pos_with, sq, starting_with, texts};
use ataxx_ice::{Action, ActionKind, AtaxxIce, Rules};
use pyramid_core::prelude::*;
use pyramid_core::{Game, Outcome, PlayError, RuleSet, Seat, Size, perft};

const S: Size = Size::Pawn;
const M: Size = Size::Drone;
const L: Size = Size::Queen;

fn rules(seats: usize) -> Rules {
    Rules::default().with_seats(seats).expect("2 to 4 seats")
}

fn set(v: &[&str]) -> std::collections::BTreeSet<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

fn set_of(v: Vec<String>) -> std::collections::BTreeSet<String> {
    v.into_iter().collect()
}

fn pieces(parts: &[Vec<(&'static str, &'static str)>]) -> String {
    let all: Vec<(&str, &str)> = parts.iter().flatten().copied().collect();
    board(&all)
}

/// The texts of the legal clones onto `to`.
fn clones_to(g: &AtaxxIce, to: &str) -> Vec<String> {
    g.legal_actions()
        .into_iter()
        .filter(|a| a.kind() == ActionKind::Clone && a.to() == Some(sq(to)))
        .map(|a| a.to_string())
        .collect()
}

// ---------------------------------------------------------------- board, seats, stashes

#[test]
fn start_positions_put_one_small_in_each_seats_corner() {
    for (seats, corners) in [
        (2, vec!["a1", "h8"]),
        (3, vec!["a1", "a8", "h8"]),
        (4, vec!["a1", "a8", "h8", "h1"]),
    ] {
        let g = AtaxxIce::new(&rules(seats));
        for (seat, corner) in corners.iter().enumerate() {
            assert_eq!(
                at(&g, corner),
                Some((seat as u8, S)),
                "{seats} seats, seat {seat}"
            );
            assert_eq!(g.on_board(Seat(seat as u8)), 1);
        }
        assert_eq!(g.to_act(), Some(Seat(0)));
    }
}

#[test]
fn stashes_hold_five_of_each_size_less_the_starting_small() {
    let g = AtaxxIce::new(&rules(4));
    for seat in 0..4 {
        assert_eq!(Size::ALL.map(|z| g.stash(Seat(seat), z)), [4, 5, 5]);
        assert_eq!(owned(&g, seat), [5, 5, 5]);
    }
}

#[test]
fn turns_go_in_seat_order() {
    let mut g = AtaxxIce::new(&rules(4));
    for (seat, action) in ["a1-b2", "a8-b7", "h8-g7", "h1-g2"].iter().enumerate() {
        assert_eq!(g.to_act(), Some(Seat(seat as u8)));
        play(&mut g, action);
    }
    assert_eq!(g.to_act(), Some(Seat(0)));
    assert_eq!(g.plies(), 4);
}

#[test]
fn board_size_option_puts_the_corners_on_a_smaller_board() {
    let mut r = rules(4);
    r.set_option("size", "5").expect("size 5 is offered");
    let g = AtaxxIce::new(&r);
    for (seat, corner) in ["a1", "a5", "e5", "e1"].iter().enumerate() {
        assert_eq!(at(&g, corner), Some((seat as u8, S)));
    }
    assert_eq!(perft(&g, 1), 10);
    assert!(g.parse_action("a1-a3").is_ok());
    assert!(g.parse_action("a1-a0").is_err());
    assert!(r.clone().set_option("size", "9").is_err());
    assert!(r.clone().set_option("size", "4").is_err());
}

// ---------------------------------------------------------------- clone

#[test]
fn clone_places_a_piece_of_the_parents_size() {
    let mut g = pos(2, &board(&[("d4", "M0"), ("h8", "S1")]), Some(0));
    play(&mut g, "d4-e5");
    assert_eq!(at(&g, "e5"), Some((0, M)));
    assert_eq!(at(&g, "d4"), Some((0, M)));
    assert_eq!(g.stash(Seat(0), M), 3);
}

#[test]
fn clone_places_smallest_larger_size_when_stash_lacks_size() {
    let smalls = on(&["d4", "a1", "c1", "e1", "g1"], "S0");
    let mut g = pos(2, &pieces(&[smalls.clone(), vec![("h8", "S1")]]), Some(0));
    play(&mut g, "d4-e5");
    assert_eq!(
        at(&g, "e5"),
        Some((0, M)),
        "no small in the stash: a medium"
    );

    let mediums = on(&["a3", "c3", "e3", "g3", "a5"], "M0");
    let mut g = pos(2, &pieces(&[smalls, mediums, vec![("h8", "S1")]]), Some(0));
    play(&mut g, "d4-e5");
    assert_eq!(at(&g, "e5"), Some((0, L)), "no small nor medium: a large");
}

#[test]
fn clone_is_illegal_when_stash_has_no_piece_of_that_size_or_larger() {
    let larges = on(&["d4", "a1", "c1", "e1", "g1"], "L0");
    let g = pos(2, &pieces(&[larges, vec![("h8", "S1")]]), Some(0));
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| a.kind() != ActionKind::Clone)
    );
    assert!(matches!(
        g.parse_action("d4-e5"),
        Err(PlayError::Illegal { .. })
    ));

    let larges = on(&["a1", "c1", "e1", "g1", "a3"], "L0");
    let mediums = on(&["d4", "a7", "c7", "e7", "g7"], "M0");
    let g = pos(
        2,
        &pieces(&[larges, mediums, vec![("h4", "S0"), ("h8", "S1")]]),
        Some(0),
    );
    assert!(
        starting_with(&g, "d4-e5").is_empty(),
        "a medium with no medium or large in the stash"
    );
    assert_eq!(
        starting_with(&g, "h4-g4"),
        ["h4-g4"],
        "a small still clones"
    );
}

#[test]
fn clone_needs_an_empty_adjacent_square() {
    let g = pos(2, &board(&[("d4", "S0"), ("e5", "L1")]), Some(0));
    assert!(starting_with(&g, "d4-e5").is_empty());
    assert_eq!(
        starting_with(&g, "d4-")
            .iter()
            .filter(|t| t.len() == 5 && !t.contains('['))
            .count(),
        7 + 16
    );
}

#[test]
fn clones_onto_one_square_from_different_parents_are_one_action() {
    let g = pos(
        2,
        &board(&[("d4", "S0"), ("f4", "S0"), ("h8", "S1")]),
        Some(0),
    );
    let to_e5 = clones_to(&g, "e5");
    assert_eq!(to_e5, ["d4-e5"], "written with the lowest-index parent");
    let from_f4 = g.parse_action("f4-e5").expect("any parent is accepted");
    assert_eq!(from_f4.to_string(), "d4-e5");
    assert_eq!(from_f4, g.parse_action("d4-e5").expect("legal"));
}

#[test]
fn clones_placing_different_sizes_onto_one_square_are_distinct() {
    let g = pos(
        2,
        &board(&[("d4", "S0"), ("f4", "M0"), ("h8", "S1")]),
        Some(0),
    );
    let to_e5 = clones_to(&g, "e5");
    assert_eq!(to_e5, ["d4-e5", "f4-e5"]);
}

#[test]
fn clones_from_parents_of_different_sizes_placing_the_same_size_are_one_action() {
    // No small in the stash: the small on d4 and the medium on f4 both place a medium.
    let smalls = on(&["d4", "a1", "c1", "a7", "c7"], "S0");
    let g = pos(
        2,
        &pieces(&[smalls, vec![("f4", "M0"), ("h8", "S1")]]),
        Some(0),
    );
    let to_e5 = clones_to(&g, "e5");
    assert_eq!(to_e5, ["d4-e5"]);
    assert_eq!(
        g.parse_action("f4-e5").expect("same action").to_string(),
        "d4-e5"
    );
}

#[test]
fn clone_after_a_size_fallback_captures_with_the_new_pieces_size() {
    // Ruling, clone: "else the smallest larger size the stash has ... Then captures
    // around `to` (below), with the new piece's size." No small in seat 0's stash: the
    // small on d4 clones a medium onto e5, which captures the enemy medium on f5.
    let smalls = on(&["d4", "a1", "b1", "c1", "h1"], "S0");
    let mut g = pos(
        2,
        &pieces(&[smalls, vec![("f5", "M1"), ("d6", "L1"), ("h8", "S1")]]),
        Some(0),
    );
    play(&mut g, "d4-e5");
    assert_eq!(at(&g, "e5"), Some((0, M)));
    assert_eq!(
        at(&g, "f5"),
        Some((0, M)),
        "the medium clone captures a medium (the small parent could not)"
    );
    assert_eq!(at(&g, "d6"), Some((1, L)), "but not a large");
}

// ---------------------------------------------------------------- jump

#[test]
fn jump_moves_the_piece_two_squares_away_over_anything() {
    let ring = on(&["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"], "L1");
    let mut g = pos(
        2,
        &pieces(&[ring[..5].to_vec(), vec![("d4", "S0")]]),
        Some(0),
    );
    play(&mut g, "d4-f6");
    assert_eq!(at(&g, "d4"), None);
    assert_eq!(at(&g, "f6"), Some((0, S)));
    assert_eq!(
        g.stash(Seat(0), S),
        4,
        "a jump takes nothing from the stash"
    );
}

#[test]
fn jump_needs_an_empty_square_at_distance_two() {
    let g = pos(2, &board(&[("d4", "S0"), ("f6", "S1")]), Some(0));
    assert!(starting_with(&g, "d4-f6").is_empty());
    assert_eq!(
        texts(&g)
            .iter()
            .filter(|t| t.starts_with("d4-") && sq(&t[3..5]).distance(sq("d4")) == 2)
            .count(),
        15
    );
    assert!(
        "d4-g7".parse::<Action>().is_err(),
        "distance 3 is neither a clone nor a jump"
    );
}

// ---------------------------------------------------------------- captures

#[test]
fn clone_captures_adjacent_enemies_of_equal_or_smaller_size() {
    let mut g = pos(
        2,
        &board(&[
            ("d4", "M0"),
            ("e6", "S1"),
            ("f5", "M1"),
            ("d6", "L1"),
            ("h1", "S1"),
        ]),
        Some(0),
    );
    play(&mut g, "d4-e5");
    assert_eq!(at(&g, "e6"), Some((0, S)));
    assert_eq!(at(&g, "f5"), Some((0, M)));
    assert_eq!(at(&g, "d6"), Some((1, L)), "a larger enemy is not captured");
}

#[test]
fn jump_captures_with_the_jumpers_size() {
    let mut g = pos(
        2,
        &board(&[("b2", "S0"), ("e5", "S1"), ("c5", "M1")]),
        Some(0),
    );
    play(&mut g, "b2-d4");
    assert_eq!(at(&g, "e5"), Some((0, S)));
    assert_eq!(at(&g, "c5"), Some((1, M)));
}

#[test]
fn captured_pieces_return_to_their_owners_stash() {
    let mut g = pos(
        3,
        &board(&[
            ("d4", "L0"),
            ("e6", "M1"),
            ("f5", "L2"),
            ("h1", "S1"),
            ("a8", "S2"),
        ]),
        Some(0),
    );
    play(&mut g, "d4-e5");
    assert_eq!(g.stash(Seat(1), M), 5);
    assert_eq!(g.stash(Seat(2), L), 5);
    assert_eq!([owned(&g, 0), owned(&g, 1), owned(&g, 2)], [[5, 5, 5]; 3]);
}

// ---------------------------------------------------------------- capture resolution

#[test]
fn capture_resolution_places_a_stash_piece_of_the_captured_size() {
    let mut g = pos(
        2,
        &board(&[("d4", "L0"), ("e6", "M1"), ("h1", "S1")]),
        Some(0),
    );
    play(&mut g, "d4-e5");
    assert_eq!(at(&g, "e6"), Some((0, M)));
    assert_eq!(g.stash(Seat(0), M), 4);
    assert_eq!(g.stash(Seat(0), L), 3);
}

/// Seat 0 has all 5 smalls on the board (d4 and four on rank 1); seat 1 smalls on f7,
/// g7 (next to f6) and h8 (not).
fn relocation_position() -> AtaxxIce {
    let smalls = on(&["d4", "a1", "b1", "c1", "h1"], "S0");
    pos(
        2,
        &pieces(&[smalls, on(&["f7", "g7", "h8"], "S1")]),
        Some(0),
    )
}

#[test]
fn capture_resolution_relocates_a_board_piece_when_the_stash_lacks_the_size() {
    let mut g = relocation_position();
    play(&mut g, "d4-f6[a1,h1]");
    assert_eq!(at(&g, "f7"), Some((0, S)));
    assert_eq!(at(&g, "g7"), Some((0, S)));
    assert_eq!(
        (at(&g, "a1"), at(&g, "h1")),
        (None, None),
        "the relocated pieces left their squares"
    );
    assert_eq!((at(&g, "b1"), at(&g, "c1")), (Some((0, S)), Some((0, S))));
    assert_eq!(g.stash(Seat(1), S), 4);
    assert_eq!(owned(&g, 0), [5, 5, 5]);
}

#[test]
fn each_set_of_relocation_sources_is_a_distinct_action() {
    let g = relocation_position();
    let jumps = starting_with(&g, "d4-f6");
    assert_eq!(
        set_of(jumps),
        set(&[
            "d4-f6[a1,b1]",
            "d4-f6[a1,c1]",
            "d4-f6[a1,h1]",
            "d4-f6[b1,c1]",
            "d4-f6[b1,h1]",
            "d4-f6[c1,h1]"
        ])
    );
    assert!(
        matches!(g.parse_action("d4-f6"), Err(PlayError::Illegal { .. })),
        "a choice must be written"
    );
    assert!(
        g.parse_action("d4-f6[a1]").is_err(),
        "two squares need two sources"
    );
}

#[test]
fn relocation_never_moves_the_jumping_piece() {
    let g = relocation_position();
    for a in g.legal_actions() {
        if a.kind() == ActionKind::Jump && a.from() == Some(sq("d4")) {
            assert!(a.relocations().all(|s| s != sq("d4")), "{a}");
        }
    }
    assert!(g.parse_action("d4-f6[a1,d4]").is_err());
}

#[test]
fn relocations_trigger_no_further_captures() {
    let mut g = relocation_position();
    play(&mut g, "d4-f6[b1,c1]");
    assert_eq!(
        at(&g, "h8"),
        Some((1, S)),
        "h8 is next to the relocated piece on g7, not to f6"
    );
}

#[test]
fn relocation_choices_of_different_sizes_combine() {
    // The large jumps d4-f6 and captures two mediums (e7, g7) and a small (f7); seat 0
    // has no medium or small in its stash and five of each far away: 10 ways to pick the
    // two mediums times 5 ways to pick the small.
    let mut g = pos(
        2,
        &pieces(&[
            on(&["a1", "b1", "c1", "d1", "e1"], "M0"),
            on(&["a8", "b8", "c8", "d8", "a7"], "S0"),
            vec![("d4", "L0"), ("e7", "M1"), ("g7", "M1"), ("f7", "S1")],
        ]),
        Some(0),
    );
    let jumps = starting_with(&g, "d4-f6");
    assert_eq!(jumps.len(), 50);
    assert!(jumps.contains(&"d4-f6[a1,e1,d8]".to_owned()));
    play(&mut g, "d4-f6[a1,e1,d8]");
    assert_eq!(
        (at(&g, "e7"), at(&g, "g7"), at(&g, "f7")),
        (Some((0, M)), Some((0, M)), Some((0, S)))
    );
    assert_eq!(
        (at(&g, "a1"), at(&g, "e1"), at(&g, "d8")),
        (None, None, None)
    );
}

/// Seat 0: mediums on d4 (parent) and b1, c1, h1, so one medium left in the stash; seat 1
/// has a medium on f6, next to e5.
fn clone_relocation_position() -> AtaxxIce {
    let mediums = on(&["d4", "b1", "c1", "h1"], "M0");
    pos(
        2,
        &pieces(&[mediums, vec![("f6", "M1"), ("h8", "S1")]]),
        Some(0),
    )
}

#[test]
fn relocation_may_move_a_clones_parent() {
    let g = clone_relocation_position();
    assert_eq!(
        set_of(starting_with(&g, "d4-e5")),
        set(&["d4-e5[b1]", "d4-e5[c1]", "d4-e5[h1]", "d4-e5[d4]"])
    );
    let mut g = g;
    play(&mut g, "d4-e5[d4]");
    assert_eq!(at(&g, "d4"), None);
    assert_eq!(at(&g, "e5"), Some((0, M)));
    assert_eq!(at(&g, "f6"), Some((0, M)));
}

#[test]
fn a_clone_is_written_with_its_lowest_parent_even_when_that_parent_is_relocated() {
    // Ruling, distinct actions: a clone "is identified by its destination, the size of
    // the new piece and its set of relocation sources, not by its parent ... written
    // with the lowest-index parent that makes it; any parent that makes it is accepted
    // on input"; capture resolution: "A clone's parent may be chosen." The mediums on
    // d4 and f4 both clone onto e5 (taking seat 0's last medium) and capture the medium
    // on e6, which needs a relocated medium: one action per source, all from d4.
    let mediums = on(&["d4", "f4", "b1", "c1"], "M0");
    let g = pos(
        2,
        &pieces(&[mediums, vec![("e6", "M1"), ("h8", "S1")]]),
        Some(0),
    );
    assert_eq!(
        set_of(clones_to(&g, "e5")),
        set(&["d4-e5[b1]", "d4-e5[c1]", "d4-e5[d4]", "d4-e5[f4]"])
    );
    let a = g.parse_action("f4-e5[d4]").expect("any parent is accepted");
    assert_eq!(a.to_string(), "d4-e5[d4]");
    let mut played = g.clone();
    play(&mut played, "f4-e5[f4]");
    assert_eq!(at(&played, "f4"), None, "the source f4 was moved to e6");
    assert_eq!(at(&played, "d4"), Some((0, M)));
    assert_eq!(at(&played, "e6"), Some((0, M)));
}

#[test]
fn relocation_never_moves_the_new_clone() {
    let g = clone_relocation_position();
    for a in g.legal_actions() {
        if a.kind() == ActionKind::Clone {
            assert!(a.relocations().all(|s| Some(s) != a.to()), "{a}");
        }
    }
    assert!(g.parse_action("d4-e5[e5]").is_err());
}

/// Three seats. Seat 0 jumps its small d4-b2, capturing the five smalls on a1, b1, c1
/// (seat 1) and a2, c2 (seat 2); its stash has no small and its other four smalls (g1,
/// h1, g2, h2) are all it can relocate. Its stash holds every medium and large.
fn exhausted_smalls_position() -> AtaxxIce {
    let mover = on(&["d4", "g1", "h1", "g2", "h2"], "S0");
    let seat1 = on(&["a1", "b1", "c1"], "S1");
    let seat2 = on(&["a2", "c2"], "S2");
    pos(
        3,
        &pieces(&[mover, seat1, seat2, vec![("h8", "M1"), ("h6", "S2")]]),
        Some(0),
    )
}

#[test]
fn capture_resolution_fills_ties_in_ascending_square_order() {
    let mut g = exhausted_smalls_position();
    assert_eq!(
        starting_with(&g, "d4-b2"),
        ["d4-b2[g1,h1,g2,h2]"],
        "every source is used: one action"
    );
    play(&mut g, "d4-b2[g1,h1,g2,h2]");
    for s in ["a1", "b1", "c1", "a2"] {
        assert_eq!(
            at(&g, s),
            Some((0, S)),
            "{s}: the four lowest squares get the relocated smalls"
        );
    }
    assert_eq!(at(&g, "c2"), Some((0, M)), "the highest square comes last");
}

#[test]
fn relocation_never_moves_a_piece_placed_during_the_resolution() {
    let mut g = exhausted_smalls_position();
    play(&mut g, "d4-b2[g1,h1,g2,h2]");
    assert_eq!(g.bitboard(Seat(0), S).count_ones(), 5);
    assert_eq!(
        at(&g, "c2"),
        Some((0, M)),
        "no small was taken back off a1, b1, c1 or a2"
    );
}

#[test]
fn capture_resolution_places_the_smallest_larger_stash_piece_when_no_board_piece_is_left() {
    let mut g = exhausted_smalls_position();
    play(&mut g, "d4-b2[g1,h1,g2,h2]");
    assert_eq!(at(&g, "c2"), Some((0, M)), "a medium, not a large");
    assert_eq!(g.stash(Seat(0), M), 4);
    assert_eq!(g.stash(Seat(0), L), 5);
}

/// Three seats. Seat 0 jumps its medium d4-b2 capturing five mediums (a1, b1, c1 of seat
/// 1; a2, c2 of seat 2); its four other mediums can be relocated; its stash holds four
/// smalls and `stash_larges` larges.
fn exhausted_mediums_position(stash_larges: usize) -> AtaxxIce {
    let mover = on(&["d4", "a8", "e8", "f8", "g8"], "M0");
    let larges = on(&["a6", "b6", "c6", "d6", "e6"][..5 - stash_larges], "L0");
    let seat1 = on(&["a1", "b1", "c1"], "M1");
    let seat2 = on(&["a2", "c2"], "M2");
    pos(
        3,
        &pieces(&[
            mover,
            larges,
            seat1,
            seat2,
            vec![("h1", "S0"), ("h8", "S1"), ("h6", "S2")],
        ]),
        Some(0),
    )
}

#[test]
fn capture_resolution_places_a_larger_stash_piece_for_a_medium() {
    let mut g = exhausted_mediums_position(1);
    play(&mut g, "d4-b2[a8,e8,f8,g8]");
    assert_eq!(at(&g, "c2"), Some((0, L)));
    assert_eq!(g.stash(Seat(0), L), 0);
}

#[test]
fn capture_resolution_leaves_the_square_empty_when_nothing_fits() {
    let mut g = exhausted_mediums_position(0);
    assert_eq!(starting_with(&g, "d4-b2"), ["d4-b2[a8,e8,f8,g8]"]);
    play(&mut g, "d4-b2[a8,e8,f8,g8]");
    for s in ["a1", "b1", "c1", "a2"] {
        assert_eq!(at(&g, s), Some((0, M)), "{s}");
    }
    assert_eq!(
        at(&g, "c2"),
        None,
        "no medium, no large: the square stays empty"
    );
    assert_eq!(g.stash(Seat(2), M), 5, "the captured medium went home");
    assert_eq!(g.stash(Seat(0), S), 4, "a small is never used for a medium");
}

#[test]
fn capture_resolution_fills_larger_captured_sizes_first() {
    // Seat 0 jumps its large d4-b2 and captures a medium (a1) and six smalls. Its stash:
    // one medium, two larges, no small; its five smalls are far away.
    let mover = [
        on(&["g1", "h1", "e8", "f8", "g8"], "S0"),
        on(&["e6", "f6", "g6", "e4"], "M0"),
        on(&["d4", "a8", "b8"], "L0"),
    ];
    let others = [
        vec![("a1", "M1"), ("b1", "S1"), ("c1", "S1"), ("h8", "S1")],
        on(&["a2", "c2", "a3", "b3", "h6"], "S2"),
    ];
    let all: Vec<_> = mover.into_iter().chain(others).collect();
    let mut g = pos(3, &pieces(&all), Some(0));
    assert_eq!(starting_with(&g, "d4-b2"), ["d4-b2[g1,h1,e8,f8,g8]"]);
    play(&mut g, "d4-b2[g1,h1,e8,f8,g8]");
    assert_eq!(
        at(&g, "a1"),
        Some((0, M)),
        "the medium square took the stash medium first"
    );
    for s in ["b1", "c1", "a2", "c2", "a3"] {
        assert_eq!(at(&g, s), Some((0, S)), "{s}");
    }
    assert_eq!(
        at(&g, "b3"),
        Some((0, L)),
        "the last small square gets a large: the medium is gone"
    );
}

// ---------------------------------------------------------------- grow

#[test]
fn grow_replaces_a_piece_with_one_size_larger() {
    let mut g = pos(2, &board(&[("d4", "S0"), ("h8", "S1")]), Some(0));
    play(&mut g, "+d4");
    assert_eq!(at(&g, "d4"), Some((0, M)));
    assert_eq!((g.stash(Seat(0), S), g.stash(Seat(0), M)), (5, 4));
    play(&mut g, "+h8");
    play(&mut g, "+d4");
    assert_eq!(at(&g, "d4"), Some((0, L)));
}

#[test]
fn grow_is_illegal_for_a_large() {
    let g = pos(2, &board(&[("d4", "L0"), ("h8", "S1")]), Some(0));
    assert!(starting_with(&g, "+").is_empty());
    assert!(matches!(
        g.parse_action("+d4"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn grow_is_illegal_when_the_stash_has_no_larger_piece() {
    let mediums = on(&["a1", "c1", "e1", "g1", "a3"], "M0");
    let g = pos(
        2,
        &pieces(&[mediums, vec![("d4", "S0"), ("h8", "S1")]]),
        Some(0),
    );
    assert!(starting_with(&g, "+d4").is_empty());
    assert_eq!(
        starting_with(&g, "+").len(),
        5,
        "the mediums may still grow"
    );
}

#[test]
fn grow_reduces_every_adjacent_piece_of_any_seat() {
    let mut g = pos(
        2,
        &board(&[
            ("d4", "S0"),
            ("c3", "M0"),
            ("e5", "L1"),
            ("d5", "S1"),
            ("e3", "M1"),
            ("h8", "S1"),
        ]),
        Some(0),
    );
    play(&mut g, "+d4");
    assert_eq!(at(&g, "d4"), Some((0, M)));
    assert_eq!(
        at(&g, "c3"),
        Some((0, S)),
        "the mover's own piece is reduced too"
    );
    assert_eq!(at(&g, "e5"), Some((1, M)));
    assert_eq!(at(&g, "d5"), None, "a small is removed");
    assert_eq!(at(&g, "e3"), Some((1, S)));
    assert_eq!(at(&g, "h8"), Some((1, S)), "not adjacent");
    assert_eq!(owned(&g, 1), [5, 5, 5]);
}

#[test]
fn grow_leaves_a_piece_whose_owner_has_no_smaller_piece_in_stash() {
    let seat1 = on(&["a8", "b8", "c8", "d8", "h8"], "S1");
    let mut g = pos(
        2,
        &pieces(&[seat1, vec![("d4", "S0"), ("e5", "M1")]]),
        Some(0),
    );
    play(&mut g, "+d4");
    assert_eq!(at(&g, "e5"), Some((1, M)));
}

#[test]
fn grow_reduces_neighbours_in_ascending_square_order() {
    // Seat 1 has one medium in its stash: the large on c3 (lower index) gets it.
    let seat1 = on(&["a8", "b8", "c8", "d8"], "M1");
    let mut g = pos(
        2,
        &pieces(&[seat1, vec![("d4", "S0"), ("c3", "L1"), ("e5", "L1")]]),
        Some(0),
    );
    play(&mut g, "+d4");
    assert_eq!(at(&g, "c3"), Some((1, M)));
    assert_eq!(at(&g, "e5"), Some((1, L)));

    // The small removed from c3 first goes to the stash, where the medium on e5 finds it.
    let seat1 = on(&["a8", "b8", "c8", "d8", "c3"], "S1");
    let mut g = pos(
        2,
        &pieces(&[seat1, vec![("d4", "S0"), ("e5", "M1")]]),
        Some(0),
    );
    play(&mut g, "+d4");
    assert_eq!(at(&g, "c3"), None);
    assert_eq!(at(&g, "e5"), Some((1, S)));
}

#[test]
fn grow_reduces_own_neighbours_with_the_piece_it_returned() {
    let smalls = on(&["d4", "a8", "b8", "c8", "d8"], "S0");
    let mut g = pos(
        2,
        &pieces(&[smalls, vec![("e5", "M0"), ("h1", "S1")]]),
        Some(0),
    );
    play(&mut g, "+d4");
    assert_eq!(at(&g, "d4"), Some((0, M)));
    assert_eq!(
        at(&g, "e5"),
        Some((0, S)),
        "the small returned by the grow replaces the medium"
    );
}

#[test]
fn grow_removes_the_movers_own_adjacent_small_and_reduces_its_large() {
    // Ruling, grow: "every piece adjacent to `sq`, of **any** seat including the mover,
    // is reduced ... a small is removed (back to its owner's stash)".
    let mut g = pos(
        2,
        &board(&[("d4", "S0"), ("c3", "S0"), ("e5", "L0"), ("h8", "S1")]),
        Some(0),
    );
    play(&mut g, "+d4");
    assert_eq!(at(&g, "c3"), None, "the mover's own small is removed");
    assert_eq!(
        at(&g, "e5"),
        Some((0, M)),
        "the mover's own large becomes a medium"
    );
    assert_eq!(Size::ALL.map(|z| g.stash(Seat(0), z)), [5, 3, 5]);
}

#[test]
fn only_the_movers_own_pieces_grow_or_shrink() {
    // Docs choice (the ruling says "the piece on `sq`"; the seed "with one of your
    // pieces"): a seat never grows or shrinks another seat's piece.
    let g = pos(2, &board(&[("d4", "S0"), ("h8", "M1")]), Some(0));
    for text in ["+h8", "-h8"] {
        assert!(
            matches!(g.parse_action(text), Err(PlayError::Illegal { .. })),
            "{text}"
        );
    }
    assert_eq!(starting_with(&g, "+"), ["+d4"]);
    assert_eq!(starting_with(&g, "-"), ["-d4"]);
}

// ---------------------------------------------------------------- shrink

#[test]
fn shrink_replaces_a_piece_with_one_size_smaller() {
    let mut g = pos(2, &board(&[("d4", "L0"), ("h8", "S1")]), Some(0));
    play(&mut g, "-d4");
    assert_eq!(at(&g, "d4"), Some((0, M)));
    assert_eq!((g.stash(Seat(0), M), g.stash(Seat(0), L)), (4, 5));
}

#[test]
fn shrink_is_illegal_when_the_stash_has_no_smaller_piece() {
    let smalls = on(&["a8", "b8", "c8", "d8", "h1"], "S0");
    let g = pos(
        2,
        &pieces(&[smalls, vec![("d4", "M0"), ("h8", "S1")]]),
        Some(0),
    );
    assert!(starting_with(&g, "-d4").is_empty());
    assert!(matches!(
        g.parse_action("-d4"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn shrinking_a_small_returns_it_and_empties_the_square() {
    let mut g = pos(
        2,
        &board(&[("d4", "S0"), ("a8", "S0"), ("h8", "S1")]),
        Some(0),
    );
    play(&mut g, "-d4");
    assert_eq!(at(&g, "d4"), None);
    assert_eq!(g.stash(Seat(0), S), 4);
}

#[test]
fn shrink_destroys_the_movers_adjacent_pieces() {
    let mut g = pos(
        2,
        &board(&[
            ("d4", "M0"),
            ("c3", "S0"),
            ("e5", "L0"),
            ("h1", "S0"),
            ("h8", "S1"),
        ]),
        Some(0),
    );
    play(&mut g, "-d4");
    assert_eq!(at(&g, "d4"), Some((0, S)));
    assert_eq!((at(&g, "c3"), at(&g, "e5")), (None, None));
    assert_eq!(at(&g, "h1"), Some((0, S)));
    assert_eq!(Size::ALL.map(|z| g.stash(Seat(0), z)), [3, 5, 5]);
}

#[test]
fn shrink_captures_every_adjacent_enemy_whatever_its_size() {
    let mut g = pos(
        2,
        &board(&[
            ("d4", "S0"),
            ("a8", "S0"),
            ("e5", "L1"),
            ("c3", "M1"),
            ("h8", "S1"),
        ]),
        Some(0),
    );
    play(&mut g, "-d4");
    assert_eq!(at(&g, "d4"), None);
    assert_eq!(at(&g, "e5"), Some((0, L)));
    assert_eq!(at(&g, "c3"), Some((0, M)));
    assert_eq!(at(&g, "h8"), Some((1, S)));
}

#[test]
fn shrink_destroys_own_pieces_before_capturing() {
    // No small in the stash, but the destroyed small on c3 returns first and fills e5.
    let smalls = on(&["c3", "a8", "b8", "c8", "h1"], "S0");
    let mut g = pos(
        2,
        &pieces(&[smalls, vec![("d4", "L0"), ("e5", "S1"), ("h8", "S1")]]),
        Some(0),
    );
    assert_eq!(starting_with(&g, "-d4"), ["-d4"]);
    play(&mut g, "-d4");
    assert_eq!(at(&g, "d4"), Some((0, M)));
    assert_eq!(at(&g, "c3"), None);
    assert_eq!(at(&g, "e5"), Some((0, S)));
}

#[test]
fn shrink_relocates_when_the_stash_lacks_a_captured_size() {
    let larges = on(&["a8", "b8", "c8", "d8", "h1"], "L0");
    let mut g = pos(
        2,
        &pieces(&[larges, vec![("d4", "M0"), ("e5", "L1"), ("h8", "S1")]]),
        Some(0),
    );
    assert_eq!(
        set_of(starting_with(&g, "-d4")),
        set(&["-d4[a8]", "-d4[b8]", "-d4[c8]", "-d4[d8]", "-d4[h1]"])
    );
    play(&mut g, "-d4[h1]");
    assert_eq!(at(&g, "e5"), Some((0, L)));
    assert_eq!(at(&g, "h1"), None);
    assert_eq!(at(&g, "d4"), Some((0, S)));
}

#[test]
fn shrink_returns_the_larger_piece_before_the_captures() {
    // Ruling, shrink: "replaced by one size smaller from the mover's stash ..., the
    // larger returning to the stash ... Then ... every enemy piece adjacent to `sq` is
    // captured". All five of seat 0's larges are on the board; the large d4 shrinks and
    // goes back to the stash first, so the captured large on e5 gets it from the stash
    // (step 1): no relocation, one action.
    let larges = on(&["d4", "a8", "b8", "c8", "h1"], "L0");
    let mut g = pos(
        2,
        &pieces(&[larges, vec![("e5", "L1"), ("h8", "S1")]]),
        Some(0),
    );
    assert_eq!(starting_with(&g, "-d4"), ["-d4"]);
    play(&mut g, "-d4");
    assert_eq!(at(&g, "d4"), Some((0, M)));
    assert_eq!(at(&g, "e5"), Some((0, L)));
    for s in ["a8", "b8", "c8", "h1"] {
        assert_eq!(at(&g, s), Some((0, L)), "{s} was not relocated");
    }
}

#[test]
fn shrink_never_relocates_the_shrunk_piece() {
    // d4 becomes the last medium from the stash; the captured medium on e5 needs one of
    // the four other mediums, never d4.
    let mediums = on(&["a8", "b8", "c8", "h1"], "M0");
    let g = pos(
        2,
        &pieces(&[mediums, vec![("d4", "L0"), ("e5", "M1"), ("h8", "S1")]]),
        Some(0),
    );
    assert_eq!(
        set_of(starting_with(&g, "-d4")),
        set(&["-d4[a8]", "-d4[b8]", "-d4[c8]", "-d4[h1]"])
    );
    assert!(g.parse_action("-d4[d4]").is_err());
}

#[test]
fn shrink_capture_resolution_falls_back_to_a_larger_stash_piece() {
    // Three seats. The shrunk d4 takes seat 0's last small from the stash; five enemy
    // smalls around d4 are captured, four of seat 0's smalls can be relocated, and the
    // last square (e4) gets the smallest larger stash piece: the medium d4 gave back.
    let mover = on(&["a8", "b8", "c8", "h1"], "S0");
    let seat1 = on(&["c3", "d3", "e3"], "S1");
    let seat2 = on(&["c4", "e4"], "S2");
    let mut g = pos(
        3,
        &pieces(&[
            mover,
            seat1,
            seat2,
            vec![("d4", "M0"), ("h8", "M1"), ("h5", "S2")],
        ]),
        Some(0),
    );
    assert_eq!(starting_with(&g, "-d4"), ["-d4[h1,a8,b8,c8]"]);
    play(&mut g, "-d4");
    assert_eq!(at(&g, "d4"), Some((0, S)));
    for s in ["c3", "d3", "e3", "c4"] {
        assert_eq!(at(&g, s), Some((0, S)), "{s}");
    }
    assert_eq!(at(&g, "e4"), Some((0, M)));
    assert_eq!(g.stash(Seat(0), M), 4);
}

// ---------------------------------------------------------------- pass

#[test]
fn pass_is_illegal_while_another_action_exists() {
    let mut g = AtaxxIce::new(&rules(2));
    assert!(!texts(&g).contains(&"pass".to_owned()));
    assert_eq!(
        g.play(Action::PASS),
        Err(PlayError::Illegal {
            action: "pass".into(),
            reason: None,
        })
    );
    assert!(matches!(
        g.parse_action("pass"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn a_seat_with_a_piece_on_the_board_can_always_shrink() {
    // Why a pass never arises: shrinking a small is always legal, and a seat whose
    // smallest piece on the board is a medium (large) has all its smalls (mediums) in
    // its stash. Check the extreme: nothing left in the stash but what a shrink needs.
    let smalls = on(&["a1", "b1", "c1", "d1", "e1"], "S0");
    let mediums = on(&["a3", "b3", "c3", "d3", "e3"], "M0");
    let larges = on(&["a5", "b5", "c5", "d5"], "L0");
    let g = pos(
        2,
        &pieces(&[mediums.clone(), larges.clone(), vec![("h8", "S1")]]),
        Some(0),
    );
    assert_eq!(starting_with(&g, "-a3"), ["-a3"]);
    let g = pos(2, &pieces(&[larges, vec![("h8", "S1")]]), Some(0));
    assert_eq!(starting_with(&g, "-a5"), ["-a5"]);
    let g = pos(
        2,
        &pieces(&[smalls, mediums, vec![("h8", "S1"), ("a5", "L0")]]),
        Some(0),
    );
    assert_eq!(starting_with(&g, "-a1"), ["-a1"]);
}

// ---------------------------------------------------------------- elimination and end

#[test]
fn a_seat_without_pieces_on_the_board_is_eliminated_and_skipped() {
    let mut g = pos(
        3,
        &board(&[("c3", "S0"), ("e4", "S1"), ("h8", "S2")]),
        Some(0),
    );
    play(&mut g, "c3-d3");
    assert!(g.is_eliminated(Seat(1)));
    assert_eq!(g.to_act(), Some(Seat(2)), "seat 1 takes no more turns");
    assert_eq!(
        g.position().split_whitespace().nth(3),
        Some("1"),
        "the eliminated field lists seat 1"
    );
    play(&mut g, "h8-g8");
    assert_eq!(g.to_act(), Some(Seat(0)));
}

#[test]
fn the_mover_wins_when_its_stash_is_empty() {
    let mover = [
        on(&["a1", "b1", "c1", "d1", "e1"], "S0"),
        on(&["a2", "b2", "c2", "d2", "e2"], "M0"),
        on(&["a3", "b3", "c3", "d3"], "L0"),
    ];
    let all: Vec<_> = mover.into_iter().chain([vec![("h8", "S1")]]).collect();
    let mut g = pos(2, &pieces(&all), Some(0));
    play(&mut g, "d3-d4");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    assert_eq!(g.to_act(), None);
    assert!(g.legal_actions().is_empty());
}

#[test]
fn one_action_can_eliminate_two_seats_and_the_turn_skips_both() {
    // Ruling: "After every action: a seat with no piece on the board is eliminated (it
    // takes no more turns)"; "Turns go 0, 1, 2, ... skipping eliminated seats." Four
    // seats: seat 0's clone onto e5 captures the last pieces of seats 1 (e6) and 2 (f5).
    let mut g = pos(
        4,
        &board(&[("d4", "S0"), ("e6", "S1"), ("f5", "S2"), ("h1", "S3")]),
        Some(0),
    );
    play(&mut g, "d4-e5");
    assert!(g.is_eliminated(Seat(1)) && g.is_eliminated(Seat(2)));
    assert_eq!(g.outcome(), None, "seats 0 and 3 still have pieces");
    assert_eq!(g.to_act(), Some(Seat(3)), "seats 1 and 2 are skipped");
    assert_eq!(g.position().split_whitespace().nth(3), Some("1,2"));
    play(&mut g, "h1-g1");
    assert_eq!(g.to_act(), Some(Seat(0)));
}

#[test]
fn a_seat_that_eliminates_itself_is_skipped_with_four_seats() {
    let mut g = AtaxxIce::new(&rules(4));
    play(&mut g, "-a1");
    assert!(g.is_eliminated(Seat(0)));
    assert_eq!((g.outcome(), g.to_act()), (None, Some(Seat(1))));
    play(&mut g, "-a8");
    assert_eq!((g.outcome(), g.to_act()), (None, Some(Seat(2))));
    play(&mut g, "h8-g7");
    play(&mut g, "h1-g2");
    assert_eq!(
        g.to_act(),
        Some(Seat(2)),
        "seats 0 and 1 take no more turns"
    );
    // Shrinking g7 removes it and destroys seat 2's own small on h8.
    play(&mut g, "-g7");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Seat(3))),
        "exactly one seat still has pieces"
    );
}

#[test]
fn an_empty_stash_wins_before_the_other_seats_are_counted() {
    // Ruling, end condition 1 comes first: the mover wins with all 15 pieces on the
    // board although three other seats still have pieces.
    let mover = [
        on(&["a1", "b1", "c1", "d1", "e1"], "S0"),
        on(&["a2", "b2", "c2", "d2", "e2"], "M0"),
        on(&["a3", "b3", "c3", "d3"], "L0"),
    ];
    let others = vec![("h8", "S1"), ("a8", "M2"), ("h1", "L3")];
    let all: Vec<_> = mover.into_iter().chain([others]).collect();
    let mut g = pos(4, &pieces(&all), Some(0));
    play(&mut g, "d3-d4");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    assert_eq!(g.to_act(), None);
    assert!((1..4).all(|s| !g.is_eliminated(Seat(s))));
}

#[test]
fn the_last_seat_with_pieces_wins() {
    let mut g = pos(2, &board(&[("d4", "S0"), ("e6", "S1")]), Some(0));
    play(&mut g, "d4-e5");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    assert_eq!(g.play(Action::PASS), Err(PlayError::GameOver));
}

#[test]
fn shrinking_the_last_piece_eliminates_the_mover() {
    let mut g = AtaxxIce::new(&rules(2));
    play(&mut g, "-a1");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(1))));

    let mut g = AtaxxIce::new(&rules(3));
    play(&mut g, "-a1");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_act(), Some(Seat(1)));
    play(&mut g, "-a8");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(2))));
}

#[test]
fn no_seat_with_pieces_on_the_board_is_a_draw() {
    let g = pos(2, "8/8/8/8/8/8/8/8", None);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn ply_limit_ends_the_game_as_a_draw() {
    let mut r = rules(2);
    r.set_ply_limit(Some(2));
    let mut g = AtaxxIce::new(&r);
    play(&mut g, "a1-b2");
    assert_eq!(g.outcome(), None);
    play(&mut g, "h8-g7");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.to_act(), None);
    assert_eq!(g.count_actions(), 0);
    assert_eq!(g.play(Action::PASS), Err(PlayError::GameOver));
}

#[test]
fn a_win_on_the_last_ply_before_the_limit_is_still_a_win() {
    let mut r = rules(2);
    r.set_ply_limit(Some(1));
    let mut g = pos_with(&r, &board(&[("d4", "S0"), ("e6", "S1")]), Some(0));
    play(&mut g, "d4-e5");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
}

// ---------------------------------------------------------------- notation

#[test]
fn actions_print_and_parse_round_trip() {
    for text in [
        "a1-b2",
        "a1-c3",
        "h8-f6",
        "+d4",
        "-d4",
        "pass",
        "a1-b2[e4,e5]",
        "-d4[c7]",
        "b2-d4[a1,h8]",
    ] {
        let a: Action = text.parse().expect("well formed");
        assert_eq!(a.to_string(), text);
    }
    assert_eq!(
        "a1-b2".parse::<Action>().expect("clone").kind(),
        ActionKind::Clone
    );
    assert_eq!(
        "a1-a3".parse::<Action>().expect("jump").kind(),
        ActionKind::Jump
    );
    assert_eq!(
        "-d4".parse::<Action>().expect("shrink").kind(),
        ActionKind::Shrink
    );
}

#[test]
fn relocation_brackets_list_sources_in_ascending_square_order() {
    let a: Action = "a1-b2[e5,h1,e4]".parse().expect("any order on input");
    assert_eq!(a.to_string(), "a1-b2[h1,e4,e5]");
}

#[test]
fn malformed_action_text_is_refused() {
    for bad in [
        "",
        "a1",
        "a1-",
        "a1-a1",
        "a1-d4",
        "a1-b2[",
        "a1-b2[]",
        "a1-b2[e4,e4]",
        "+d4[e4]",
        "+i1",
        "-a9",
        "pas",
        "a1b2",
        "a1-b2]",
    ] {
        assert!(bad.parse::<Action>().is_err(), "`{bad}` was accepted");
    }
    let g = AtaxxIce::new(&rules(2));
    assert!(matches!(g.parse_action("zz"), Err(PlayError::Malformed(_))));
}

#[test]
fn relocation_brackets_may_be_left_out_when_only_one_set_is_legal() {
    let g = exhausted_smalls_position();
    let a = g.parse_action("d4-b2").expect("the only d4-b2");
    assert_eq!(a.to_string(), "d4-b2[g1,h1,g2,h2]");
}

// ---------------------------------------------------------------- bot support

#[test]
fn evaluate_scores_pips_against_the_best_opponent_and_results() {
    let g = pos(
        3,
        &board(&[("a1", "L0"), ("b1", "S0"), ("h8", "M1"), ("a8", "S2")]),
        Some(0),
    );
    assert_eq!(g.evaluate(Seat(0)), 4.0 - 2.0);
    assert_eq!(g.evaluate(Seat(1)), 2.0 - 4.0);
    let won = pos(2, &board(&[("a1", "S0")]), None);
    assert_eq!(won.evaluate(Seat(0)), 1000.0);
    assert_eq!(won.evaluate(Seat(1)), -1000.0);
}

#[test]
fn random_action_picks_only_legal_actions() {
    use pyramid_core::ChaCha8Rng;
    use pyramid_core::rand::SeedableRng;
    let g = clone_relocation_position();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..2000 {
        let a = g.random_action(&mut rng).expect("the game goes on");
        assert!(g.is_legal(a), "{a}");
        seen.insert(a);
    }
    assert_eq!(seen.len(), g.count_actions(), "every action is drawn");
}
