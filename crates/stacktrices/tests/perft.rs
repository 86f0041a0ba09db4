//! Pinned perft counts: the checkpoints of the rulings, deeper counts from this engine,
//! and counts from positions that reach the rare rules (steals, hides, raids).

use crate::common::{game, game_with};
use pyramid_core::{Game, perft};
use stacktrices::{Rules, Stacktrices, Start};

#[test]
fn standard_arrangement_checkpoints() {
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    assert_eq!(perft(&start, 1), 21);
    assert_eq!(perft(&start, 2), 1743);
    assert_eq!(perft(&start, 3), 36603);
}

#[test]
fn standard_arrangement_deeper() {
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    assert_eq!(perft(&start, 4), 12_205_338);
}

#[test]
fn setup_phase_checkpoints() {
    let start = Stacktrices::new(&Rules::default());
    assert_eq!(perft(&start, 1), 4);
    assert_eq!(perft(&start, 2), 16);
    assert_eq!(perft(&start, 3), 336);
}

#[test]
fn setup_phase_deeper() {
    let start = Stacktrices::new(&Rules::default());
    assert_eq!(perft(&start, 4), 7056);
    assert_eq!(perft(&start, 5), 134_064);
    assert_eq!(perft(&start, 6), 2_547_216);
}

#[test]
fn positions_with_thief_captures_and_raids() {
    // White's d4 can capture Black's thief on d6 (steal, Black's hide, trade).
    let thief = game(
        &[
            ("d4", "wqDd"),
            ("a1", "wdP"),
            ("g1", "wq"),
            ("d6", "bdPp"),
            ("a7", "bd"),
            ("c7", "bdD"),
        ],
        "a1,d6 -,- main 0 0",
    );
    // White's thief b6 can step onto Black's home row and raid.
    let raid = game(
        &[("b6", "wdP"), ("a1", "wq"), ("e7", "bqDd"), ("g7", "bdP")],
        "b6,g7 -,- main 0 0",
    );
    let counts: Vec<u64> = (1..=4).map(|d| perft(&thief, d)).collect();
    assert_eq!(counts, PINNED_THIEF);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&raid, d)).collect();
    assert_eq!(counts, PINNED_RAID);
}

const PINNED_THIEF: [u64; 4] = [13, 519, 2586, 55834];
const PINNED_RAID: [u64; 4] = [2, 18, 18, 104];

/// The mended raid and Variant 1 rulings (2026-11-24): the raid decision and the optional
/// steal arise for every drone-base stack of the mover, not only for the thief. Before the
/// mending these counts were [2, 2, 20, 320, 1824] and [4, 12, 120, 5121, 21880].
#[test]
fn positions_with_the_mended_raid_and_steal_decisions() {
    // White's drone b6 (not the thief: that hides under a1) steps onto Black's home row:
    // a raid decision with `raid=none` alone.
    let raid = game(
        &[("b6", "wdP"), ("a1", "wd"), ("e7", "bqDd"), ("g7", "bdP")],
        "a1,g7 -,- main 0 0",
    );
    let counts: Vec<u64> = (1..=5).map(|d| perft(&raid, d)).collect();
    assert_eq!(counts, [2, 2, 2, 20, 320]);
    // Variant 1: White's drone c6 (not the thief) captures on d7: `steal=none` alone,
    // then the raid decision.
    let mut rules = Rules::default().with_start(Start::Standard);
    rules = rules.with_variant1(true);
    let steal = game_with(
        &[
            ("a7", "bd"),
            ("e7", "bqDd"),
            ("g7", "bdP"),
            ("c6", "wdPp"),
            ("a1", "wd"),
            ("g1", "wq"),
        ],
        "a1,a7 -,- main 0 0",
        &rules,
    );
    let counts: Vec<u64> = (1..=5).map(|d| perft(&steal, d)).collect();
    assert_eq!(counts, [4, 8, 66, 2640, 8047]);
}
