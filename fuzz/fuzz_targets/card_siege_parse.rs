//! Arbitrary bytes read as a card-siege position string, with the opening option on and
//! off (the same body runs in `crates/card-siege/tests/fuzz_corpus.rs`).
#![no_main]

use card_siege::{CardSiege, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for rules in [Rules::default(), Rules::default().with_opening(false)] {
        pyramid_testkit::fuzzing::parse_position::<CardSiege>(&rules, data);
    }
});
