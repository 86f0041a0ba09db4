//! Arbitrary bytes played as card-siege: an optional position line, then bytes picking
//! legal actions and `!`-lines of action text (the same body runs in
//! `crates/card-siege/tests/fuzz_corpus.rs`). A ply limit keeps every run short.
#![no_main]

use pyramid_core::prelude::*;
use card_siege::{CardSiege, CardSiegeRules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let rules = CardSiegeRules::default().with_ply_limit(Some(2000));
    pyramid_core::fuzzing::play_bytes::<CardSiege>(&rules, data);
    pyramid_core::fuzzing::play_bytes::<CardSiege>(&CardSiegeRules::default().with_opening(false), data);
});
