//! Pinned perft counts. Depths 1-3 from both start positions are the project's
//! checkpoints (computed by independent implementations). The deeper counts come from
//! this engine; depth 4 of both is also confirmed by the plain reference implementation
//! in `tests/reference.rs`, and they guard against regressions.

use martian_chess::{MartianChess, Rules};
use pyramid_core::RuleSet;
use pyramid_core::prelude::*;
use pyramid_core::{Game, divide, perft, perft_parallel};

fn start(seats: usize) -> MartianChess {
    MartianChess::new(
        &Rules::default()
            .with_seats(seats)
            .expect("2 and 4 seats are allowed"),
    )
}

#[test]
fn two_seat_checkpoints_depths_1_to_3() {
    let start = start(2);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [10, 104, 1328]);
}

#[test]
fn four_seat_checkpoints_depths_1_to_3() {
    let start = start(4);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [11, 122, 1353]);
}

#[test]
fn two_seat_deeper_counts() {
    let start = start(2);
    assert_eq!(perft(&start, 4), 17_428);
    assert_eq!(perft(&start, 5), 268_295);
    assert_eq!(perft(&start, 6), 4_194_975);
    assert_eq!(perft_parallel(&start, 7, 2), 74_258_577);
}

#[test]
fn four_seat_deeper_counts() {
    let start = start(4);
    assert_eq!(perft(&start, 4), 15_127);
    assert_eq!(perft(&start, 5), 218_410);
    assert_eq!(perft(&start, 6), 3_185_928);
}

#[test]
fn divide_at_depth_1_lists_the_ten_opening_moves() {
    let moves: Vec<String> = divide(&start(2), 1)
        .iter()
        .map(|(a, n)| format!("{a} {n}"))
        .collect();
    assert_eq!(
        moves,
        [
            "c1-d1 1", "c2-d1 1", "c2-d3 1", "a3-a4 1", "a3-a5 1", "b3-a4 1", "b3-c4 1", "c3-d2 1",
            "c3-b4 1", "c3-d4 1"
        ]
    );
}

#[test]
fn perft_from_a_middle_game_position_with_a_no_undo_ban() {
    // After b3-a4 c6-b5 a4xb5: seat 1 may not move b5 back to a4.
    let state = MartianChess::from_position(
        "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 3",
        &Default::default(),
    )
    .expect("valid position");
    let reached = ["b3-a4", "c6-b5", "a4xb5"]
        .iter()
        .fold(start(2), |mut s, text| {
            let action = s.parse_action(text).expect("legal");
            s.play(action).expect("legal");
            s
        });
    assert_eq!(reached, state);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [16, 245, 4371, 77_328]);
    // The ban removes b5-a4 from seat 1's moves.
    assert!(
        divide(&state, 1)
            .iter()
            .all(|(a, _)| a.to_string() != "b5-a4")
    );
}

// ---- The rule options (`clock`, `target`, `undo`, `variant`) ----
//
// Counted by this engine's generic path (the options turn the set-wise counting off) and
// confirmed to depth 3 from the start, and to depth 4 from the clock positions, by the
// reference implementation in `tests/reference.rs`, which implements the options as
// AbstractPlay's `mchess.ts` does.

fn with_options(pairs: &[(&str, &str)]) -> Rules {
    Rules::from_options(pairs.iter().copied()).expect("valid options")
}

fn counts(state: &MartianChess, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    depths.map(|d| perft(state, d)).collect()
}

/// After b3-a4 c6-b5 with 9 plies without a capture: the clock may be called, and a4xb5
/// captures.
const CLOCK_POSITION: &str = "1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9";

#[test]
fn clock_perft_where_the_clock_may_be_called() {
    let rules = with_options(&[("clock", "on")]);
    // From the start nothing changes for 7 plies.
    assert_eq!(
        counts(&MartianChess::new(&rules), 1..=4),
        [10, 104, 1328, 17_428]
    );
    let state = MartianChess::from_position(CLOCK_POSITION, &rules).expect("valid");
    assert_eq!(counts(&state, 1..=4), [30, 764, 16_038, 347_278]);
    // With the clock called and 2 plies left.
    let running = MartianChess::from_position(
        "1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9:2",
        &rules,
    )
    .expect("valid");
    assert_eq!(counts(&running, 1..=4), [15, 260, 485, 8_246]);
}

#[test]
fn target_perft_from_the_start() {
    // target=1: the game ends at the first capture (possible from ply 2 on: a3-a5 b6xa5).
    let state = MartianChess::new(&with_options(&[("target", "1")]));
    assert_eq!(counts(&state, 1..=5), [10, 104, 1_316, 16_821, 249_869]);
}

#[test]
fn undo_capture_allowed_perft_from_the_start() {
    let state = MartianChess::new(&with_options(&[("undo", "capture-allowed")]));
    assert_eq!(counts(&state, 1..=5), [10, 104, 1_329, 17_466, 269_253]);
}

#[test]
fn ofkk_perft_from_the_start() {
    let state = MartianChess::new(&with_options(&[("variant", "ofkk")]));
    assert_eq!(counts(&state, 1..=4), [18, 323, 6_767, 142_464]);
    let four = MartianChess::new(&with_options(&[("variant", "ofkk"), ("seats", "4")]));
    assert_eq!(counts(&four, 1..=3), [19, 363, 6_935]);
}

#[test]
fn all_options_together_perft() {
    let rules = with_options(&[
        ("clock", "on"),
        ("target", "1"),
        ("undo", "capture-allowed"),
        ("variant", "ofkk"),
    ]);
    assert_eq!(
        counts(&MartianChess::new(&rules), 1..=4),
        [18, 323, 6_667, 135_793]
    );
    let state = MartianChess::from_position(CLOCK_POSITION, &rules).expect("valid");
    assert_eq!(counts(&state, 1..=3), [48, 1_539, 46_856]);
}
