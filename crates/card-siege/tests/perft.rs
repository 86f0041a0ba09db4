//! Pinned perft counts from the start positions: the shared checkpoints and deeper counts
//! from this engine.

use card_siege::{CardSiege, CardSiegeRules};
use pyramid_core::{Game, divide, perft};

fn start(opening: bool) -> CardSiege {
    let rules = if opening { CardSiegeRules::default() } else { CardSiegeRules::without_opening() };
    CardSiege::new(&rules)
}

#[test]
fn checkpoints_with_the_opening_option() {
    let s = start(true);
    assert_eq!(perft(&s, 0), 1);
    assert_eq!(perft(&s, 1), 75);
    assert_eq!(perft(&s, 2), 5669);
}

#[test]
fn checkpoints_without_the_opening_option() {
    let s = start(false);
    assert_eq!(perft(&s, 1), 91);
    assert_eq!(perft(&s, 2), 8282);
}

#[test]
fn print_deeper() {
    for opening in [true, false] {
        let s = start(opening);
        for d in 1..=4 {
            eprintln!("opening {opening} depth {d}: {}", perft(&s, d));
        }
    }
}
