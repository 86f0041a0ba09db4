//! Pinned perft counts from the start positions (the shared checkpoints, then deeper
//! counts from this engine, cross-checked against full generation).

use ataxx_ice::{AtaxxIce, AtaxxIceRules};
use pyramid_core::{Game, perft};

fn start(seats: usize) -> AtaxxIce {
    AtaxxIce::new(&AtaxxIceRules::with_seats(seats).expect("2 to 4 seats"))
}

#[test]
fn perft_two_seats_matches_the_checkpoints() {
    let s = start(2);
    assert_eq!([1, 2, 3].map(|d| perft(&s, d)), [10, 90, 1539]);
}

#[test]
fn perft_three_seats_matches_the_checkpoints() {
    let s = start(3);
    assert_eq!([1, 2, 3].map(|d| perft(&s, d)), [10, 100, 990]);
}

#[test]
fn perft_four_seats_matches_the_checkpoints() {
    let s = start(4);
    assert_eq!([1, 2, 3].map(|d| perft(&s, d)), [10, 100, 1000]);
}
