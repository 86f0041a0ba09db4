//! Pinned perft counts: the shared checkpoints from the start with and without the
//! opening option, deeper counts from this engine, and counts from positions that reach
//! the rare rules (belt collisions, sieges, evacuations).

use card_siege::{CardSiege, Rules};
use pyramid_core::prelude::*;
use pyramid_core::{Game, divide, perft, perft_parallel};

fn start(opening: bool) -> CardSiege {
    let rules = if opening {
        Rules::default()
    } else {
        Rules::default().with_opening(false)
    };
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
fn deeper_counts_with_the_opening_option() {
    let s = start(true);
    assert_eq!(perft(&s, 3), 423_484);
    assert_eq!(perft_parallel(&s, 4, 2), 31_703_185);
}

#[test]
fn deeper_counts_without_the_opening_option() {
    let s = start(false);
    assert_eq!(perft(&s, 3), 744_500);
    assert_eq!(perft_parallel(&s, 4, 2), 66_696_654);
}

/// Depth 5: 8.4 billion leaves, about 11 s on two threads in the optimised test profile.
#[test]
fn depth_five_counts() {
    assert_eq!(perft_parallel(&start(true), 5, 2), 2_378_191_020);
    assert_eq!(perft_parallel(&start(false), 5, 2), 5_972_807_161);
}

#[test]
fn divide_adds_up_to_perft() {
    let s = start(false);
    let split = divide(&s, 3);
    assert_eq!(split.len(), 91);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 744_500);
}

/// Positions that reach the rare rules, with counts from this engine (each also checked
/// against the brute-force generator in the crate's unit tests).
const RARE: &[(&str, [u64; 4])] = &[
    // Belt-heavy middle game: both suits in the neutral row, Kings nearby.
    (
        "..3s6s....9sQs4sKs.Ts./.As.Js5h..5s......2s/Ah7s3h.9hJh7h.QhKh8h..4h2h s 0,0 - - 49",
        [78, 6_123, 470_614, 35_811_743],
    ),
    // A siege on the Spades King: two answers on each side, then checkmate.
    (
        ".....Qh....8s..../....(Ks4h)5s9s..Kh...../...Jh.....3h..... s 0,0 - - 7",
        [2, 4, 4, 4],
    ),
    // The mended checkpoint (opening off, after `m1-g1 h3-h2 e1-i1`): the Spades King may
    // capture the Hearts King (`h2xh1`), which is checkmate at once.
    (
        "As3s5s.7s9sJs.QsTs8s.6s4s2s/.......Ks......./Ah3h5h.9h6hJhKh7hQhTh8h.4h2h s 0,0 \
         As3s5s.7s9sJs.QsTs8s.6s4s2s/.......Ks......./Ah3h5h.7h9h6hJhKhQhTh8h.4h2h \
         As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../............... 3",
        [92, 8_360, 738_593, 66_949_160],
    ),
    // The Spades King evacuating after a won siege.
    (
        "...............\x2f....(Ks5s)....Kh...../Jh......7h....... s! 0,0 - - 7",
        [1, 16, 172, 2_678],
    ),
];

#[test]
fn counts_from_positions_with_belts_and_sieges() {
    for (text, counts) in RARE {
        let g = CardSiege::from_position(text, &Rules::default()).expect("valid");
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&g, d as u32 + 1), n, "`{text}` depth {}", d + 1);
        }
        if counts == &[2, 4, 4, 4] {
            assert_eq!(perft(&g, 5), 0, "checkmate after the fourth answer");
        }
    }
}
