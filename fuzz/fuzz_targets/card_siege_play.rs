//! Arbitrary bytes played as card-siege: the first byte picks the rules (the opening
//! with a 2000-ply limit, or no opening), then an optional position line, then bytes
//! picking legal actions and `!`-lines of action text (see
//! `pyramid_testkit::fuzzing::play_bytes`; the same body runs in
//! `crates/card-siege/tests/fuzz_corpus.rs`).
#![no_main]

use card_siege::{CardSiege, Rules};
use libfuzzer_sys::fuzz_target;
use pyramid_core::prelude::*;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let rules = if first & 1 == 0 {
        Rules::default().with_ply_limit(Some(2000))
    } else {
        Rules::default().with_opening(false)
    };
    pyramid_testkit::fuzzing::play_bytes::<CardSiege>(&rules, rest);
});
