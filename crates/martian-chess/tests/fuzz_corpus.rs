//! Runs the fuzz bodies (the same ones the `fuzz/` targets call) over a small inline
//! corpus and a few hundred seeded random byte strings.

use martian_chess::{MartianChess, Rules};
use pyramid_core::prelude::*;
use pyramid_core::rand::{RngCore, SeedableRng};
use pyramid_core::{ChaCha8Rng, Game, RuleSet};
use pyramid_testkit::fuzzing::{parse_position, play_bytes};

const CORPUS: &[&[u8]] = &[
    b"",
    b"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0",
    b"1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 3",
    b"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 0 0,0,0,0 - 0",
    b"4/4/4/1P2/1D2/4/4/4 0 0,1 - 10",
    b"4/4/4/1P2/4/4/4/4 0 0,0 - 10",
    b"99999999999999999999/4/4/4/4/4/4/4 0 0,0 - 0",
    b"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0\n\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09",
    b"\n!a3-a5\n!a5-a3\n!a5xa3\n!pass\n\x01\x02",
    b"\n!b3-a4\n!c6-b5\n!a4xb5\n!b5-a4\n\xff\xfe\xfd",
    b"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 2 0,0,0,0 - 0\n\x10\x20\x30\x40!a3-a5\n",
    b"\xff\xfe\n!",
    b"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0 extra",
    b"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 4294967296",
    // Found by libFuzzer: a saturated run of empty squares followed by pieces.
    b"1DQQ/18888888888888888888888888888888888PDQ/1PPD/4/4/DPP1/QDP1/QQD1 70 0,1 - QQD0",
];

fn rules_for(data: &[u8]) -> Rules {
    let seats = if data.first().is_some_and(|b| b % 2 == 1) {
        4
    } else {
        2
    };
    Rules::default()
        .with_seats(seats)
        .expect("2 and 4 seats are allowed")
}

#[test]
fn fuzz_bodies_survive_the_corpus() {
    for data in CORPUS {
        for rules in [
            Rules::default(),
            Rules::default().with_seats(4).expect("4 seats"),
        ] {
            parse_position::<MartianChess>(&rules, data);
            play_bytes::<MartianChess>(&rules, data);
        }
    }
}

#[test]
fn fuzz_bodies_survive_random_bytes() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    for i in 0..400 {
        let len = (rng.next_u32() % 200) as usize;
        let mut data = vec![0u8; len];
        rng.fill_bytes(&mut data);
        if i % 4 == 0 {
            // Start from a real position so the bytes play deep into a game.
            let start = MartianChess::new(&rules_for(&data)).position();
            data = [start.as_bytes(), b"\n", &data].concat();
        }
        let rules = rules_for(&data);
        parse_position::<MartianChess>(&rules, &data);
        play_bytes::<MartianChess>(&rules, &data);
    }
}

/// The same bodies under every rule option at once (the clock field in the position
/// string, calling moves, the target, knight and king moves), on the corpus, positions
/// with a clock, and random bytes.
#[test]
fn fuzz_bodies_survive_every_rule_option() {
    let all = |seats: &str| {
        Rules::from_options([
            ("seats", seats),
            ("clock", "on"),
            ("target", "18"),
            ("undo", "capture-allowed"),
            ("variant", "ofkk"),
        ])
        .expect("valid options")
    };
    let clocks: &[&[u8]] = &[
        b"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0 0",
        b"1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9\n!a4-b5*\n\x01\x02\x03",
        b"1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9:1\n\x05\x06",
        b"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 4 255:255",
        b"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 40 :",
    ];
    for data in CORPUS.iter().chain(clocks) {
        for rules in [all("2"), all("4")] {
            parse_position::<MartianChess>(&rules, data);
            play_bytes::<MartianChess>(&rules, data);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(2027);
    for i in 0..200 {
        let len = (rng.next_u32() % 200) as usize;
        let mut data = vec![0u8; len];
        rng.fill_bytes(&mut data);
        let rules = all(if data.first().is_some_and(|b| b % 2 == 1) {
            "4"
        } else {
            "2"
        });
        if i % 2 == 0 {
            let start = MartianChess::new(&rules).position();
            data = [start.as_bytes(), b"\n", &data].concat();
        }
        parse_position::<MartianChess>(&rules, &data);
        play_bytes::<MartianChess>(&rules, &data);
    }
}
