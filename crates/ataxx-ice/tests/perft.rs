//! Pinned perft counts: the shared checkpoints from the start positions, deeper counts
//! from this engine, and positions reached by seeded random play where most actions
//! relocate pieces (step 2 of the capture resolution). Bulk counting is cross-checked
//! against full generation and against `nth_action`.

use ataxx_ice::{AtaxxIce, Rules};
use pyramid_core::prelude::*;
use pyramid_core::{Game, perft};

fn start(seats: usize) -> AtaxxIce {
    AtaxxIce::new(&Rules::default().with_seats(seats).expect("2 to 4 seats"))
}

fn at(text: &str) -> AtaxxIce {
    AtaxxIce::from_position(text, &Rules::default()).expect("valid position")
}

/// Perft without bulk counting: every leaf is generated and played.
fn perft_by_generation(state: &AtaxxIce, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for action in state.legal_actions() {
        let mut child = state.clone();
        child.play(action).expect("generated actions are legal");
        nodes += perft_by_generation(&child, depth - 1);
    }
    nodes
}

/// Perft walking the actions through `nth_action`.
fn perft_by_selection(state: &AtaxxIce, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    (0..state.count_actions())
        .map(|k| {
            let mut child = state.clone();
            child.play_unchecked(state.nth_action(k).expect("k is below the count"));
            perft_by_selection(&child, depth - 1)
        })
        .sum()
}

/// Two seats, 35 plies in: seat 1 to move, 188 of its 278 actions relocate.
const RELOCATING_2: &str = "6S11/2M03S11/8/4S1M12/3S1M1M12/1S0S04S1/4S03/4S03 1 145,025 - 35";
/// Three seats, seat 2 eliminated: 247 of 293 actions relocate.
const RELOCATING_3: &str = "1S01S0S03/3M0S03/2S13S11/1M01S14/5S12/2S05/8/8 0 035,155,555 2 29";
/// Four seats, seat 1 eliminated: 322 of 380 actions relocate.
const RELOCATING_4: &str =
    "3M3M31M2M2/4M32M2/4S02S2/5M32/4M23/1S22S03/S01S25/4S2S22 2 255,555,015,515 1 39";

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

#[test]
fn perft_from_the_starts_deeper() {
    assert_eq!(
        [4, 5, 6].map(|d| perft(&start(2), d)),
        [27_319, 656_687, 15_987_619]
    );
    assert_eq!(
        [4, 5, 6].map(|d| perft(&start(3), d)),
        [18_468, 342_559, 6_907_354]
    );
    assert_eq!(
        [4, 5, 6].map(|d| perft(&start(4), d)),
        [9_990, 189_297, 3_565_249]
    );
}

#[test]
fn perft_through_relocations() {
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&at(RELOCATING_2), d)),
        [278, 18_460, 3_675_269, 250_886_960]
    );
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&at(RELOCATING_3), d)),
        [293, 17_637, 3_068_234, 180_783_726]
    );
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&at(RELOCATING_4), d)),
        [380, 20_640, 683_469, 127_953_202]
    );
}

#[test]
fn bulk_counting_agrees_with_generation_and_selection() {
    for text in [RELOCATING_2, RELOCATING_3, RELOCATING_4] {
        let g = at(text);
        assert_eq!(perft_by_generation(&g, 2), perft(&g, 2), "{text}");
        assert_eq!(perft_by_selection(&g, 2), perft(&g, 2), "{text}");
    }
    for seats in 2..=4 {
        assert_eq!(
            perft_by_generation(&start(seats), 4),
            perft(&start(seats), 4)
        );
        assert_eq!(
            perft_by_selection(&start(seats), 4),
            perft(&start(seats), 4)
        );
    }
}

#[test]
fn perft_on_a_five_by_five_board() {
    let mut rules = Rules::default();
    rules.set_size(5).expect("size 5");
    let s = AtaxxIce::new(&rules);
    // a1-c3 leaves c3 taken, one jump fewer for seat 1 on the small board.
    assert_eq!([1, 2, 3, 4].map(|d| perft(&s, d)), [10, 89, 1_305, 17_975]);
}
