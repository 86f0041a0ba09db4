//! The fuzz bodies (shared with `fuzz/fuzz_targets/card_siege_*.rs`) over a small inline
//! corpus and a few hundred seeded random byte strings.

use card_siege::{CardSiege, Rules};
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_testkit::fuzzing::{parse_position, play_bytes, seeded_inputs};

const CORPUS: &[&[u8]] = &[
    b"",
    b"As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../Ah3h5h.7h9hJhKhQhTh8h.6h4h2h h 3,3 - - 0",
    b"As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../Ah3h5h.7h9hJhKhQhTh8h.6h4h2h h 0,0 - - 0\n\x01\x02\x03\x04\x05\x06\x07",
    b"...............\x2f....(Ks4h)....Kh.....\x2f............... s 0,0 - - 7",
    b"...............\x2f....(Ks5s)....Kh.....\x2f............... s! 0,0 - - 7\n\x00\x01",
    b"...............\x2f....(Ks5s)....Kh.....\x2f............... h 0,0 - - 7\n!d2-c2\n\x00",
    b"\n!c1-e1\n!g1xi3\n!zz\n\x09\x10\x11",
    b"(((((/)))) h 3,3 - - 0",
    b"As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../Ah3h5h.7h9hJhKhQhTh8h.6h4h2h h! 3,3 - - 0",
    b"\xff\xfe\n!",
];

fn rules_pair() -> [Rules; 2] {
    let limited = Rules::default()
        .with_opening(false)
        .with_ply_limit(Some(300));
    [Rules::default(), limited]
}

#[test]
fn fuzz_bodies_survive_the_corpus() {
    for rules in rules_pair() {
        for data in CORPUS {
            parse_position::<CardSiege>(&rules, data);
            play_bytes::<CardSiege>(&rules, data);
        }
    }
}

#[test]
fn fuzz_bodies_survive_seeded_random_bytes() {
    let alphabet = b"AKQJT98765432hs.()/!-x0123 \nabcdefghijklmno";
    for data in seeded_inputs(4, 400, 200, alphabet) {
        for rules in rules_pair() {
            parse_position::<CardSiege>(&rules, &data);
            play_bytes::<CardSiege>(&rules, &data);
        }
    }
}

#[test]
fn mutated_positions_never_panic_and_round_trip_when_accepted() {
    let mut rng = pyramid_core::ChaCha8Rng::seed_from_u64(5);
    let base = CORPUS[1].to_vec();
    let alphabet = b"AKQJT98765432hs.()/!,-x0 ";
    for _ in 0..2000 {
        let mut data = base.clone();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..data.len());
            data[at] = alphabet[rng.random_range(0..alphabet.len())];
        }
        parse_position::<CardSiege>(&Rules::default(), &data);
    }
}
