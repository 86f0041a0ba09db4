//! The fuzz bodies of `fuzz/fuzz_targets/ataxx_ice_{parse,play}.rs`, run over a small
//! inline corpus and a few hundred seeded random byte strings.

use ataxx_ice::{AtaxxIce, Rules};
use pyramid_core::RuleSet;
use pyramid_testkit::fuzzing::{parse_position, play_bytes, seeded_inputs};

const CORPUS: &[&[u8]] = &[
    b"",
    b"7S1/8/8/8/8/8/8/S07 0 455,455 - 0",
    b"S16S2/8/8/8/8/8/8/S06S3 0 455,455,455,455 - 0",
    b"4S1/5/5/5/S04 0 455,455 - 0",
    b"8/8/8/8/8/8/8/8 - 555,555 0,1 3",
    b"7S1/8/8/8/8/8/8/S07 0 455,455 - 0\n\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09",
    b"\n!a1-b2\n!h8-f6\n!+b2\n!-f6\n!pass\n\xff\xfe\xfd",
    b"\n!a1-b2[e4,e5]\n!a1-c9\n!+a1[b2]\n!--a1\n\x10\x20\x30",
    b"S0S0S0S0S0S02/8/8/8/8/8/8/7S1 0 055,455 - 0",
    b"7S1/8/8/8/8/8/8/S07 0 455,455 - 99999999999999999999",
    b"7S9/8/8/8/8/8/8/S07 0 455,455 - 0",
    b"L0S0M0L0S0M0L0S0M0L0S0M0L0S0M0L0/8/8/8/8/8/8/7S1 0 000,455 - 0",
    b"7S1/8/8/8/8/8/8/S07 0 455,455 - 0\n!b1-a1\n\x07\x07\x07\x07\x07\x07\x07\x07\x07\x07\x07\x07",
    "é/8/8/8/8/8/8/8 0 455,455 - 0".as_bytes(),
];

fn all_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for seats in 2..=4 {
        let mut r = Rules::default().with_seats(seats).expect("2 to 4 seats");
        out.push(r.clone());
        r.set_option("size", "6").expect("size 6");
        r.set_ply_limit(Some(30));
        out.push(r);
    }
    out
}

#[test]
fn fuzz_bodies_survive_the_corpus() {
    for rules in all_rules() {
        for data in CORPUS {
            parse_position::<AtaxxIce>(&rules, data);
            play_bytes::<AtaxxIce>(&rules, data);
        }
    }
}

#[test]
fn fuzz_bodies_survive_seeded_random_bytes() {
    let rules = all_rules();
    let alphabet = b"SML0123456789/ -,\n![]+abcdefgh";
    for (i, data) in seeded_inputs(2026, 400, 200, alphabet).iter().enumerate() {
        let r = &rules[i % rules.len()];
        parse_position::<AtaxxIce>(r, data);
        play_bytes::<AtaxxIce>(r, data);
    }
}
