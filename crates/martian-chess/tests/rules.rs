//! One test per rule of `crates/martian-chess/docs/rules.md`, each named after its rule, built from
//! hand-written positions.

use std::collections::BTreeSet;

use martian_chess::{Action, MartianChess, Rules};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, Outcome, PlayError, RuleSet, Seat, Size, Square};
use pyramid_testkit::conformance::{check_state, successors};

fn rules(seats: usize) -> Rules {
    Rules::default()
        .with_seats(seats)
        .expect("2 and 4 seats are allowed")
}

fn pos(text: &str) -> MartianChess {
    MartianChess::from_position(text, &Rules::default()).expect("valid test position")
}

fn sq(text: &str) -> Square {
    text.parse().expect("square name")
}

fn play(state: &mut MartianChess, text: &str) {
    let action = state
        .parse_action(text)
        .unwrap_or_else(|e| panic!("`{text}` at `{}`: {e}", state.position()));
    state.play(action).expect("parsed actions are legal");
}

fn played(text: &str, moves: &[&str]) -> MartianChess {
    let mut state = pos(text);
    for m in moves {
        play(&mut state, m);
    }
    state
}

/// The legal moves of the piece on `from`, as text.
fn moves_from(state: &MartianChess, from: &str) -> BTreeSet<String> {
    state
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .filter(|m| m.starts_with(&format!("{from}-")))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

fn legal(state: &MartianChess, text: &str) -> bool {
    state.is_legal(text.parse().expect("action text"))
}

fn pos4(text: &str) -> MartianChess {
    MartianChess::from_position(text, &rules(4)).expect("valid four-seat test position")
}

/// Every path that produces moves applies the rules of this position the way generation
/// does: the conformance checks (set-wise count, `nth_action`, `is_legal`, text, ids),
/// `random_action` and one ply of `play_random` (with two seats the playout loop of
/// `playout.rs`, with four the general sampler) each reach every legal action and nothing
/// else, and two plies of `play_random` (the playout loop's own bookkeeping of captures,
/// merges and the no-undo ban) end only in states two legal plies lead to.
fn all_move_paths_agree(state: &MartianChess) {
    check_state(state, &[]);
    let pos = state.position();
    let actions = state.legal_actions();
    let next = successors(state);
    let mut drawn = vec![false; actions.len()];
    let mut reached = vec![false; next.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(actions.len() as u64);
    for _ in 0..40 * actions.len().max(1) {
        match state.random_action(&mut rng) {
            Some(action) => {
                let i = actions
                    .iter()
                    .position(|&a| a == action)
                    .unwrap_or_else(|| {
                        panic!("random_action drew the illegal `{action}` at `{pos}`")
                    });
                drawn[i] = true;
            }
            None => assert!(state.is_over(), "random_action found nothing at `{pos}`"),
        }
        let mut stepped = state.clone();
        let plies = stepped.play_random(&mut rng, Some(1));
        if state.is_over() {
            assert_eq!(
                (plies, &stepped),
                (0, state),
                "play_random moved at `{pos}`"
            );
        } else {
            let i = next.iter().position(|s| *s == stepped).unwrap_or_else(|| {
                panic!(
                    "play_random reached `{}`, which no legal action leads to from `{pos}`",
                    stepped.position()
                )
            });
            reached[i] = true;
        }
    }
    assert!(
        drawn.iter().all(|&d| d),
        "random_action never drew some moves at `{pos}`"
    );
    assert!(
        reached.iter().all(|&r| r),
        "play_random never played some moves at `{pos}`"
    );
    let two_plies: BTreeSet<String> = next
        .iter()
        .flat_map(|s| {
            if s.is_over() {
                vec![s.position()]
            } else {
                successors(s).iter().map(MartianChess::position).collect()
            }
        })
        .collect();
    for _ in 0..200 {
        let mut stepped = state.clone();
        stepped.play_random(&mut rng, Some(2));
        assert!(
            two_plies.contains(&stepped.position()) || state.is_over(),
            "two plies of play_random reached `{}` from `{pos}`",
            stepped.position()
        );
    }
}

// --- Board, zones, seats -------------------------------------------------------------

#[test]
fn two_seat_board_is_4x8_with_south_ranks_1_to_4_and_north_ranks_5_to_8() {
    let state = MartianChess::new(&rules(2));
    assert_eq!((state.grid().width(), state.grid().height()), (4, 8));
    for (square, seat) in [("a1", 0), ("d4", 0), ("a5", 1), ("d8", 1)] {
        assert_eq!(state.zone_of(sq(square)), Some(Seat(seat)), "{square}");
    }
    assert_eq!(state.zone_of(sq("e1")), None);
}

#[test]
fn four_seat_board_is_8x8_with_sw_nw_ne_se_zones() {
    let state = MartianChess::new(&rules(4));
    assert_eq!((state.grid().width(), state.grid().height()), (8, 8));
    for (square, seat) in [
        ("a1", 0),
        ("d4", 0),
        ("a5", 1),
        ("d8", 1),
        ("e5", 2),
        ("h8", 2),
        ("e1", 3),
        ("h4", 3),
    ] {
        assert_eq!(state.zone_of(sq(square)), Some(Seat(seat)), "{square}");
    }
}

#[test]
fn four_seat_turns_go_0_1_2_3_clockwise() {
    let mut state = MartianChess::new(&rules(4));
    let mut order = Vec::new();
    for _ in 0..8 {
        order.push(state.to_act().expect("game on").0);
        let action = state.legal_actions()[0];
        state.play(action).expect("legal");
    }
    assert_eq!(order, [0, 1, 2, 3, 0, 1, 2, 3]);
}

#[test]
fn a_seat_controls_exactly_the_pieces_in_its_zone() {
    // Seat 0's drone crosses to a5: from then on seat 1 moves it and seat 0 cannot.
    let mut state = MartianChess::new(&rules(2));
    play(&mut state, "a3-a5");
    assert!(state.pieces_of(Seat(1)).contains(&(sq("a5"), Size::Drone)));
    assert!(!moves_from(&state, "a5").is_empty());
    play(&mut state, "a5-a6");
    assert!(
        moves_from(&state, "a6").is_empty(),
        "seat 0 cannot move a piece in seat 1's zone"
    );
}

#[test]
fn four_seat_turns_go_clockwise_from_any_starting_seat() {
    // "Turns go 0, 1, 2, 3 (clockwise)", whoever starts: after seat 3 comes seat 0.
    let mut state = MartianChess::new(&rules(4).with_first(2).expect("seat 2 exists"));
    let mut order = Vec::new();
    for _ in 0..5 {
        order.push(state.to_act().expect("game on").0);
        let action = state.legal_actions()[0];
        state.play(action).expect("legal");
    }
    assert_eq!(order, [2, 3, 0, 1, 2]);
}

#[test]
fn four_seat_control_follows_the_zone_a_piece_ends_in() {
    // "A piece that ends its move in another zone now belongs to that zone's seat": seat
    // 0's queen steps into seat 3's (empty) part of the board and is seat 3's from then on.
    let mut state = pos4("Q6Q/8/8/3DP3/2PQ4/4D3/8/7Q 0 0,0,0,0 - 0");
    play(&mut state, "d4-f4");
    assert_eq!(
        state.scores(),
        [0, 0, 0, 0],
        "a move onto an empty square scores nothing"
    );
    assert_eq!(state.zone_of(sq("f4")), Some(Seat(3)));
    assert!(state.pieces_of(Seat(3)).contains(&(sq("f4"), Size::Queen)));
    assert!(!state.pieces_of(Seat(0)).contains(&(sq("f4"), Size::Queen)));
    play(&mut state, "d5-d6");
    play(&mut state, "e5-f6");
    assert!(
        !moves_from(&state, "f4").is_empty(),
        "seat 3 moves the queen"
    );
}

// --- Setup ----------------------------------------------------------------------------

#[test]
fn two_seat_setup_puts_nine_pieces_in_each_outer_corner() {
    let state = MartianChess::new(&rules(2));
    let expect = |squares: &[&str], size: Size| {
        for s in squares {
            assert_eq!(state.piece_at(sq(s)), Some(size), "{s}");
        }
    };
    expect(&["a1", "b1", "a2", "d8", "c8", "d7"], Size::Queen);
    expect(&["c1", "b2", "a3", "b8", "c7", "d6"], Size::Drone);
    expect(&["c2", "b3", "c3", "b7", "c6", "b6"], Size::Pawn);
    assert_eq!(state.board_pips(), 36);
    assert_eq!(
        state.position(),
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0"
    );
}

#[test]
fn four_seat_setup_puts_nine_pieces_in_each_outer_corner() {
    let state = MartianChess::new(&rules(4));
    let expect = |squares: &[&str], size: Size| {
        for s in squares {
            assert_eq!(state.piece_at(sq(s)), Some(size), "{s}");
        }
    };
    expect(
        &[
            "a1", "b1", "a2", "a8", "b8", "a7", "h8", "g8", "h7", "h1", "g1", "h2",
        ],
        Size::Queen,
    );
    expect(
        &[
            "c1", "b2", "a3", "c8", "b7", "a6", "f8", "g7", "h6", "f1", "g2", "h3",
        ],
        Size::Drone,
    );
    expect(
        &[
            "c2", "b3", "c3", "c7", "b6", "c6", "f7", "g6", "f6", "f2", "g3", "f3",
        ],
        Size::Pawn,
    );
    assert_eq!(state.board_pips(), 72);
    assert_eq!(
        state.position(),
        "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 0 0,0,0,0 - 0"
    );
}

#[test]
fn seat_0_moves_first_by_default_and_first_option_sets_the_starting_seat() {
    assert_eq!(MartianChess::new(&rules(2)).to_act(), Some(Seat(0)));
    let mut four = rules(4);
    four.set_option("first", "3").expect("seat 3 exists");
    assert_eq!(MartianChess::new(&four).to_act(), Some(Seat(3)));
    assert!(rules(2).set_option("first", "2").is_err());
    assert!(rules(2).set_option("first", "x").is_err());
    assert!(rules(2).set_option("colour", "red").is_err());
    assert_eq!(four.options()[0], ("first", "3".to_owned()));
}

#[test]
fn seats_are_2_or_4() {
    for seats in [0, 1, 3, 5] {
        assert!(rules(2).set_seats(seats).is_err(), "{seats}");
    }
    let mut r = rules(4);
    r.set_option("first", "3").expect("seat 3 exists");
    r.set_seats(2).expect("2 seats");
    assert_eq!(
        r.first(),
        0,
        "a starting seat that no longer exists goes back to 0"
    );
}

#[test]
fn deal_draws_the_starting_seat_at_random() {
    for seats in [2, 4] {
        let starts: BTreeSet<u8> = (0..64)
            .map(|seed| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                MartianChess::deal(&rules(seats), &mut rng)
                    .to_act()
                    .expect("game on")
                    .0
            })
            .collect();
        assert_eq!(starts.len(), seats, "every seat starts some games");
    }
}

// --- Moves ----------------------------------------------------------------------------

#[test]
fn pawn_moves_one_square_diagonally_in_any_direction() {
    let state = pos("Q3/4/4/4/4/4/1P2/4 0 0,0 - 0");
    assert_eq!(
        moves_from(&state, "b2"),
        set(&["b2-a1", "b2-c1", "b2-a3", "b2-c3"])
    );
}

#[test]
fn drone_moves_one_or_two_squares_orthogonally() {
    let state = pos("Q3/4/4/4/4/4/1D2/4 0 0,0 - 0");
    assert_eq!(
        moves_from(&state, "b2"),
        set(&["b2-b1", "b2-a2", "b2-c2", "b2-d2", "b2-b3", "b2-b4"])
    );
}

#[test]
fn drone_two_square_move_needs_the_square_between_empty() {
    // b3 holds seat 0's queen: the drone cannot pass it (nor merge with a queen).
    let state = pos("Q3/4/4/4/4/1Q2/1D2/4 0 0,0 - 0");
    assert_eq!(
        moves_from(&state, "b2"),
        set(&["b2-b1", "b2-a2", "b2-c2", "b2-d2"])
    );
}

#[test]
fn queen_moves_any_distance_in_a_straight_line() {
    let state = pos("Q3/4/4/4/4/4/4/Q3 0 0,0 - 0");
    let expected = [
        "a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8", "a1-b1", "a1-c1", "a1-d1",
        "a1-b2", "a1-c3", "a1-d4",
    ];
    assert_eq!(moves_from(&state, "a1"), set(&expected));
}

#[test]
fn queen_never_passes_over_a_piece() {
    let state = pos("Q3/4/4/4/4/P3/4/Q3 0 0,0 - 0");
    assert_eq!(
        moves_from(&state, "a1"),
        set(&[
            "a1-a2", "a1-b1", "a1-c1", "a1-d1", "a1-b2", "a1-c3", "a1-d4"
        ])
    );
}

#[test]
fn queen_may_capture_the_first_piece_on_a_line_but_never_passes_it() {
    // Seat 1's pawn on a5 stops seat 0's queen: a5 is a capture, a6..a8 are out of reach.
    let state = pos("Q3/4/4/P3/4/4/4/Q3 0 0,0 - 0");
    let north: BTreeSet<String> = moves_from(&state, "a1")
        .into_iter()
        .filter(|m| m.starts_with("a1-a"))
        .collect();
    assert_eq!(north, set(&["a1-a2", "a1-a3", "a1-a4", "a1-a5"]));
    assert!(state.is_capture("a1-a5".parse().expect("action text")));
    all_move_paths_agree(&state);
}

#[test]
fn drone_two_square_move_may_capture_across_the_canal() {
    // a4 is empty, so the drone reaches seat 1's pawn on a5 and takes it.
    let mut state = pos("Q3/4/4/P3/4/D3/4/Q3 0 0,0 - 0");
    all_move_paths_agree(&state);
    play(&mut state, "a3xa5");
    assert_eq!(state.score(Seat(0)), 1);
    assert_eq!(state.piece_at(sq("a5")), Some(Size::Drone));
    assert_eq!(state.last_crossing(), Some((sq("a3"), sq("a5"))));
}

#[test]
fn a_move_may_not_end_on_a_piece_of_the_movers_zone_otherwise() {
    // Seat 0 has a queen and a drone, so nothing merges: the pawn cannot enter a1,
    // the drone cannot enter the pawn's square, the queen no own square.
    let state = pos("Q3/4/4/4/4/1D2/1P2/Q3 0 0,0 - 0");
    assert!(!legal(&state, "a1-b2"), "queen onto own pawn");
    assert!(!legal(&state, "b2-a1"), "pawn onto own queen");
    assert!(
        !legal(&state, "b3-b2"),
        "drone onto own pawn while controlling a queen"
    );
    assert_eq!(moves_from(&state, "b2"), set(&["b2-c1", "b2-a3", "b2-c3"]));
}

// --- Captures and scores --------------------------------------------------------------

#[test]
fn capture_removes_a_piece_of_another_zone_and_scores_its_pips() {
    let mut state = pos("4/4/4/1Q2/1D2/4/4/Q3 0 0,0 - 0");
    play(&mut state, "b4-b5");
    assert_eq!(state.score(Seat(0)), 3);
    assert_eq!(state.piece_at(sq("b5")), Some(Size::Drone));
    assert_eq!(state.board_pips(), 5);
}

#[test]
fn a_piece_that_ends_in_another_zone_belongs_to_that_zones_seat() {
    let mut state = pos("4/4/4/1Q2/1D2/4/4/Q3 0 0,0 - 0");
    play(&mut state, "b4-b5");
    assert_eq!(state.zone_of(sq("b5")), Some(Seat(1)));
    assert!(state.pieces_of(Seat(1)).contains(&(sq("b5"), Size::Drone)));
    assert!(
        !moves_from(&state, "b5").is_empty(),
        "seat 1 now moves the drone"
    );
}

#[test]
fn four_seat_captures_take_pieces_of_any_other_zone_and_score_for_the_mover() {
    // Seat 0's queen on d4 touches seat 1's drone (d5), seat 2's pawn (e5) and seat 3's
    // drone (e3): three captures. Its own pawn on c4 is no target ("a move may never end
    // on a piece in the mover's own zone otherwise").
    let mut state = pos4("Q6Q/8/8/3DP3/2PQ4/4D3/8/7Q 0 0,0,0,0 - 0");
    for capture in ["d4-d5", "d4-e5", "d4-e3"] {
        let action = capture.parse().expect("action text");
        assert!(
            state.is_legal(action) && state.is_capture(action),
            "{capture}"
        );
    }
    assert!(!legal(&state, "d4-c4"));
    assert!(!legal(&state, "d4-b4"), "nor past it");
    all_move_paths_agree(&state);
    play(&mut state, "d4xe5");
    assert_eq!(state.scores(), [1, 0, 0, 0]);
    assert!(state.pieces_of(Seat(2)).contains(&(sq("e5"), Size::Queen)));
    assert!(!state.is_over(), "seat 0 still has its pawn");
    assert_eq!(state.to_act(), Some(Seat(1)));
}

#[test]
fn every_from_to_is_its_own_action() {
    // The queen on b4 can capture either of two equal pawns: two actions.
    let state = pos("4/4/4/P1P1/1Q2/4/4/4 0 0,0 - 0");
    let captures: BTreeSet<String> = state
        .legal_actions()
        .into_iter()
        .filter(|&a| state.is_capture(a))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(captures, set(&["b4-a5", "b4-c5"]));
}

// --- Field promotion ------------------------------------------------------------------

#[test]
fn field_promotion_drone_onto_own_pawn_makes_a_queen_when_the_mover_has_no_queen() {
    let mut state = pos("Q3/4/4/4/4/4/1P2/1D2 0 0,0 - 0");
    play(&mut state, "b1-b2");
    assert_eq!(state.piece_at(sq("b2")), Some(Size::Queen));
    assert_eq!(state.piece_at(sq("b1")), None);
    assert_eq!(state.score(Seat(0)), 0, "a merge is not a capture");
}

#[test]
fn field_promotion_pawn_onto_own_drone_makes_a_queen_when_the_mover_has_no_queen() {
    let mut state = pos("Q3/4/4/4/4/4/1P2/2D1 0 0,0 - 0");
    play(&mut state, "b2-c1");
    assert_eq!(state.piece_at(sq("c1")), Some(Size::Queen));
    assert_eq!(state.pieces_of(Seat(0)), vec![(sq("c1"), Size::Queen)]);
}

#[test]
fn field_promotion_pawn_onto_own_pawn_makes_a_drone_when_the_mover_has_no_drone() {
    let mut state = pos("Q3/4/4/4/4/4/1P2/2P1 0 0,0 - 0");
    play(&mut state, "b2-c1");
    assert_eq!(state.pieces_of(Seat(0)), vec![(sq("c1"), Size::Drone)]);
}

#[test]
fn no_field_promotion_to_queen_while_the_mover_controls_a_queen() {
    let state = pos("Q3/4/4/4/4/4/1P2/1D1Q 0 0,0 - 0");
    assert!(!legal(&state, "b1-b2"));
    assert!(!legal(&state, "b2-b1"));
}

#[test]
fn no_field_promotion_to_drone_while_the_mover_controls_a_drone() {
    let state = pos("Q3/4/4/4/4/4/1P2/2PD 0 0,0 - 0");
    assert!(!legal(&state, "b2-c1"));
    assert!(!legal(&state, "c1-b2"));
    assert!(
        legal(&state, "d1-c1"),
        "drone onto pawn: no queen, so that merge is fine"
    );
}

#[test]
fn nothing_else_merges() {
    // No queen and no drone would be needed, yet drone + drone, queen + anything do not merge.
    let drones = pos("Q3/4/4/4/4/4/4/DD2 0 0,0 - 0");
    assert!(!legal(&drones, "a1-b1"));
    let queen = pos("Q3/4/4/4/4/4/1P2/Q1P1 0 0,0 - 0");
    assert!(!legal(&queen, "a1-b2"));
    assert!(!legal(&queen, "b2-a1"));
    assert!(
        legal(&queen, "b2-c1"),
        "pawn + pawn still merge: seat 0 has no drone"
    );
}

#[test]
fn a_drones_two_square_move_may_end_in_a_merge() {
    let mut state = pos("Q3/4/4/4/4/1P2/4/1D2 0 0,0 - 0");
    play(&mut state, "b1-b3");
    assert_eq!(state.pieces_of(Seat(0)), vec![(sq("b3"), Size::Queen)]);
}

#[test]
fn field_promotion_merges_only_with_pieces_of_the_movers_own_zone() {
    // Seat 0 controls no queen, but seat 1's pawn on b5 stands in another zone: the drone
    // captures it (1 point) and stays a drone; nothing merges across the canal.
    let mut state = pos("Q3/4/4/1P2/1D2/4/4/P3 0 0,0 - 0");
    all_move_paths_agree(&state);
    play(&mut state, "b4xb5");
    assert_eq!(state.score(Seat(0)), 1);
    assert_eq!(state.piece_at(sq("b5")), Some(Size::Drone));
}

#[test]
fn field_promotion_is_a_normal_move_of_the_moving_piece() {
    // No queen, so drone + pawn merge, but only along the moving piece's own moves: the
    // drone merges with b2 (one step) but not with b3 (over b2) nor c2 (a diagonal); the
    // pawn on c2 merges with b1 (a diagonal) but the pawn on b2 not (orthogonal). Seat 0
    // controls a drone, so no pawn + pawn merge.
    let state = pos("Q3/4/4/4/4/1P2/1PP1/1D2 0 0,0 - 0");
    assert_eq!(
        moves_from(&state, "b1"),
        set(&["b1-a1", "b1-c1", "b1-d1", "b1-b2"])
    );
    assert_eq!(moves_from(&state, "c2"), set(&["c2-b1", "c2-d1", "c2-d3"]));
    assert!(!legal(&state, "b2-b1"));
    all_move_paths_agree(&state);
}

#[test]
fn a_drones_two_square_merge_needs_the_square_between_empty() {
    // Pawns on b2 and b3, no queen: b1-b2 merges, b1-b3 would pass over b2.
    let state = pos("Q3/4/4/4/4/1P2/1P2/1D2 0 0,0 - 0");
    assert!(legal(&state, "b1-b2"));
    assert!(!legal(&state, "b1-b3"));
    all_move_paths_agree(&state);
}

#[test]
fn every_move_path_applies_field_promotion() {
    // No queen and no drone: pawn + pawn and (after one merge) drone + pawn merges; a
    // queen but no drone: pawn + pawn only.
    for position in [
        "1DQQ/1PDQ/1PPD/4/4/P1P1/1P2/P3 0 12,0 - 20",
        "Q3/4/4/4/4/1P1P/P1P1/1D2 0 0,0 - 5",
        "Q3/4/4/4/4/1P2/1P2/Q1P1 0 0,0 - 5",
        "Q6Q/8/8/8/2P5/1P1P4/2D5/7Q 0 0,0,0,0 - 5",
    ] {
        let state =
            MartianChess::from_position(position, &Rules::default()).expect("valid test position");
        all_move_paths_agree(&state);
    }
}

#[test]
fn promotion_control_is_judged_before_the_move() {
    // Two drone/pawn pairs and no queen: both merges are open; after the first, seat 0
    // controls a queen and the second is closed.
    let mut state = pos("Q3/4/4/4/4/4/1P1P/1D1D 0 0,0 - 0");
    assert!(legal(&state, "b1-b2") && legal(&state, "d1-d2"));
    play(&mut state, "b1-b2");
    play(&mut state, "a8-a7");
    assert!(!legal(&state, "d1-d2"));
}

#[test]
fn promotion_does_not_need_a_supply_of_pieces() {
    // Seat 0 already has three queens in play elsewhere... in seat 1's zone; they are
    // not seat 0's, so seat 0 controls no queen and may make a fourth.
    let mut state = pos("QQQ1/4/4/4/4/4/1P2/1D2 0 0,0 - 0");
    play(&mut state, "b1-b2");
    assert_eq!(state.pieces_of(Seat(0)), vec![(sq("b2"), Size::Queen)]);
}

// --- No undo --------------------------------------------------------------------------

#[test]
fn no_undo_forbids_moving_a_piece_straight_back_across_the_canal() {
    let state = played("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0", &["a3-a5"]);
    assert_eq!(state.last_crossing(), Some((sq("a3"), sq("a5"))));
    assert!(!legal(&state, "a5-a3"));
    let mut copy = state.clone();
    assert!(matches!(
        copy.play("a5-a3".parse().expect("text")),
        Err(PlayError::Illegal { .. })
    ));
    assert_eq!(copy, state);
}

#[test]
fn no_undo_allows_every_other_move_of_the_crossed_piece() {
    let state = played("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0", &["a3-a5"]);
    assert_eq!(
        moves_from(&state, "a5"),
        set(&["a5-a4", "a5-b5", "a5-c5", "a5-a6", "a5-a7"])
    );
}

#[test]
fn no_undo_bans_only_the_crossed_piece() {
    // "The next ply may not move the piece on Y back to X": another piece may go to X.
    // Seat 0's drone crosses a3-a5; seat 1's queen on c5 may still land on a3.
    let state = played("Q3/4/4/2Q1/4/D3/4/Q3 0 0,0 - 0", &["a3-a5"]);
    assert!(!legal(&state, "a5-a3"));
    assert!(legal(&state, "c5-a3"));
    assert!(legal(&state, "a5-a4"));
    all_move_paths_agree(&state);
}

#[test]
fn no_undo_holds_in_every_move_path() {
    for position in [
        "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 3",
        "1DQQ/1PDQ/1PPD/4/D3/1PP1/QDP1/QQD1 0 0,0 a5-a4 1",
    ] {
        all_move_paths_agree(&pos(position));
    }
    all_move_paths_agree(&played(
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0",
        &["a3-a5"],
    ));
}

#[test]
fn no_undo_ban_does_not_outlive_a_pass() {
    // The ban looks at the previous ply only; after a pass that ply crossed nothing.
    let mut state = played("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0", &["a3-a5"]);
    state.play_unchecked(Action::Pass);
    assert_eq!(state.last_crossing(), None);
    assert!(state.position().ends_with(" - 2"), "{}", state.position());
    play(&mut state, "c1-d1");
    assert!(legal(&state, "a5-a3"));
}

#[test]
fn no_undo_looks_at_the_previous_ply_only() {
    let state = played(
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0",
        &["a3-a5", "d6-d5", "b3-c4"],
    );
    assert_eq!(state.last_crossing(), None);
    assert!(legal(&state, "a5-a3"));
}

#[test]
fn no_undo_applies_to_captures_across_the_canal() {
    let state = played(
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0",
        &["b3-a4", "c6-b5", "a4-b5"],
    );
    assert_eq!(state.score(Seat(0)), 1);
    assert!(!legal(&state, "b5-a4"));
}

#[test]
fn four_seats_have_no_undo_rule() {
    let mut state = MartianChess::new(&rules(4));
    play(&mut state, "a3-a5");
    assert_eq!(state.last_crossing(), None);
    assert!(legal(&state, "a5-a3"));
    assert!(state.position().contains(" - "));
}

// --- Passing --------------------------------------------------------------------------

#[test]
fn pass_is_not_legal_while_the_seat_has_a_move() {
    let mut state = MartianChess::new(&rules(2));
    assert!(!state.is_legal(Action::Pass));
    assert!(matches!(
        state.play(Action::Pass),
        Err(PlayError::Illegal { .. })
    ));
    assert!(!state.legal_actions().contains(&Action::Pass));
}

#[test]
fn every_seat_passing_in_a_row_ends_the_game_with_the_last_real_mover_as_final_mover() {
    // Passes cannot be forced from a real position (a seat with a piece always has a
    // move), so this drives the pass mechanics through the unchecked path.
    let mut state = pos("4/4/4/1P2/4/1P2/4/4 0 1,1 - 10");
    play(&mut state, "b3-a4");
    state.play_unchecked(Action::Pass);
    assert!(!state.is_over(), "one pass does not end a two-seat game");
    assert_eq!(state.passes_in_a_row(), 1);
    state.play_unchecked(Action::Pass);
    assert!(state.is_over());
    // Tied 1-1: the seat that made the last real move (seat 0) wins.
    assert_eq!(state.final_mover(), Seat(0));
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
    assert!(state.legal_actions().is_empty());
}

#[test]
fn a_real_move_resets_the_run_of_passes() {
    let mut state = pos("4/4/4/1P2/4/1P2/4/4 0 0,0 - 10");
    state.play_unchecked(Action::Pass);
    play(&mut state, "b5-a6");
    assert_eq!(state.passes_in_a_row(), 0);
    state.play_unchecked(Action::Pass);
    assert!(!state.is_over());
}

#[test]
fn four_seats_end_only_when_all_four_pass_in_a_row() {
    // Seat 0 moves, then every seat passes in turn: three passes do not end the game, the
    // fourth does, and seat 0 (the last real mover, also the last to pass) made the final
    // move: it wins the tie of seats 1 and 2 with a lower score.
    let mut state = pos4("Q6Q/8/8/8/8/8/8/Q6Q 0 0,2,2,0 - 8");
    play(&mut state, "a1-a2");
    for passes in 1..=3 {
        state.play_unchecked(Action::Pass);
        assert!(!state.is_over(), "{passes} passes");
        assert_eq!(state.passes_in_a_row(), passes);
    }
    state.play_unchecked(Action::Pass);
    assert!(state.is_over());
    assert_eq!(state.final_mover(), Seat(0));
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
}

// --- End and scoring ------------------------------------------------------------------

#[test]
fn game_ends_at_once_when_a_zone_empties() {
    // A capture never empties the captured zone (the capturer now stands in it); a
    // seat's zone empties when its last piece leaves, here by capturing.
    let mut state = pos("4/4/4/1P2/1D2/4/4/4 0 0,0 - 10");
    play(&mut state, "b4-b5");
    assert!(state.is_over());
    assert_eq!(state.to_act(), None);
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
}

#[test]
fn game_ends_at_once_when_a_seat_moves_its_last_piece_out_of_its_zone() {
    let mut state = pos("Q3/4/4/4/1D2/4/4/4 0 2,0 - 10");
    play(&mut state, "b4-b5");
    assert!(state.is_over());
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
}

#[test]
fn four_seat_game_ends_when_the_movers_zone_empties() {
    // Seat 1 moves its only piece into seat 2's zone: its zone is empty, the game is over
    // at once; all four are tied at 0, so seat 1 (the final mover) wins.
    let mut state = pos4("7Q/8/8/3D4/8/8/8/Q6Q 1 0,0,0,0 - 5");
    all_move_paths_agree(&state);
    play(&mut state, "d5-e5");
    assert!(state.is_over());
    assert_eq!(state.to_act(), None);
    assert!(state.legal_actions().is_empty());
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(1))));
}

#[test]
fn highest_score_wins_even_against_the_final_mover() {
    let mut state = pos("4/4/4/1P2/1D2/4/4/4 0 0,9 - 10");
    play(&mut state, "b4-b5");
    assert_eq!(state.scores(), [1, 9]);
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(1))));
}

#[test]
fn tie_goes_to_the_seat_that_made_the_final_move() {
    let mut state = pos("4/4/4/1P2/1D2/4/4/4 0 0,1 - 10");
    play(&mut state, "b4-b5");
    assert_eq!(state.scores(), [1, 1]);
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
}

#[test]
fn tie_goes_to_the_final_mover_even_with_a_lower_score() {
    // Four seats: seats 1 and 2 share the top score; seat 0 (2 points) ends the game by
    // moving its last piece out and wins.
    let mut state = MartianChess::from_position("Q6Q/8/8/8/3P4/8/8/7Q 0 2,5,5,1 - 20", &rules(4))
        .expect("valid");
    play(&mut state, "d4-e5");
    assert!(state.is_over());
    assert_eq!(state.outcome(), Some(Outcome::Win(Seat(0))));
}

#[test]
fn ply_limit_is_off_by_default() {
    assert_eq!(Rules::default().ply_limit(), None);
    let state = pos("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 100000");
    assert!(!state.is_over());
}

#[test]
fn ply_limit_ends_the_game_scored_the_same_way_with_the_last_ply_as_final_move() {
    let mut limited = rules(2);
    limited.set_ply_limit(Some(12));
    let mut state =
        MartianChess::from_position("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - 11", &limited)
            .expect("valid");
    assert!(!state.is_over());
    play(&mut state, "d6-d5");
    assert!(state.is_over());
    assert_eq!(state.plies(), 12);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win(Seat(1))),
        "0-0 tie: seat 1 made the last ply"
    );
    let ahead =
        MartianChess::from_position("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 12", &limited)
            .expect("valid");
    assert_eq!(ahead.outcome(), Some(Outcome::Win(Seat(1))));
}

#[test]
fn ply_limit_tie_goes_to_the_last_ply_even_with_a_lower_score() {
    // Four seats, limit 1: seat 0 (0 points) plays the last ply while seats 1 and 2 share
    // the top score, so seat 0 wins; a lone leader wins whoever moved last.
    let limited = rules(4).with_ply_limit(Some(1));
    let read = |text: &str| MartianChess::from_position(text, &limited).expect("valid");
    let mut tied = read("Q6Q/8/8/8/8/8/8/Q6Q 0 0,3,3,0 - 0");
    play(&mut tied, "a1-a2");
    assert!(tied.is_over());
    assert_eq!(tied.outcome(), Some(Outcome::Win(Seat(0))));
    let mut led = read("Q6Q/8/8/8/8/8/8/Q6Q 0 0,3,0,0 - 0");
    play(&mut led, "a1-a2");
    assert_eq!(led.outcome(), Some(Outcome::Win(Seat(1))));
}

#[test]
fn a_finished_game_has_no_actions_and_refuses_play() {
    let mut state = pos("4/4/4/1P2/4/4/4/4 0 0,0 - 10");
    assert!(state.is_over());
    assert!(state.legal_actions().is_empty());
    assert_eq!(state.count_actions(), 0);
    assert_eq!(state.play(Action::Pass), Err(PlayError::GameOver));
    assert_eq!(state.parse_action("b5-a4"), Err(PlayError::GameOver));
}

#[test]
fn playing_for_the_wrong_seat_is_refused() {
    let mut state = MartianChess::new(&rules(2));
    let action = state.legal_actions()[0];
    assert_eq!(
        state.play_as(Seat(1), action),
        Err(PlayError::WrongSeat {
            expected: Seat(0),
            got: Seat(1)
        })
    );
    assert_eq!(state, MartianChess::new(&rules(2)));
}

// --- Notation -------------------------------------------------------------------------

#[test]
fn moves_are_written_from_dash_to() {
    let action = Action::new(sq("b2"), sq("c3"));
    assert_eq!(action.to_string(), "b2-c3");
    assert_eq!("b2-c3".parse::<Action>(), Ok(action));
    assert_eq!("pass".parse::<Action>(), Ok(Action::Pass));
    for bad in [
        "", "b2", "b2-", "b2c3", "b2-c3-d4", "b2-b2", "i1-a1", "a9-a1", "a10-a1", "B2-C3", "b2 -c3",
    ] {
        assert!(bad.parse::<Action>().is_err(), "`{bad}`");
    }
}

#[test]
fn a_capture_may_be_written_with_x() {
    let state = pos("4/4/4/1P2/1D2/Q3/4/4 0 0,0 - 10");
    let dash = state.parse_action("b4-b5").expect("legal");
    assert_eq!(state.parse_action("b4xb5"), Ok(dash));
    assert_eq!(dash.to_string(), "b4-b5", "Display always writes the dash");
    assert_eq!(state.notation(dash), "b4xb5");
    // `x` on a move that captures nothing is refused.
    assert!(matches!(
        state.parse_action("b4xb3"),
        Err(PlayError::Malformed(_))
    ));
}

#[test]
fn position_string_reads_back_to_an_equal_state() {
    for text in [
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0",
        "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 3",
        "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 2 0,0,0,0 - 0",
    ] {
        let state = MartianChess::from_position(text, &Rules::default()).expect("valid");
        assert_eq!(state.position(), text);
    }
}
