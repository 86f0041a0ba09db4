//! Arbitrary bytes played as Stacktrices actions (first line: a position; see
//! `pyramid_testkit::fuzzing::play_steps`, at most 32 steps). The first byte picks the start
//! and the variants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stacktrices::{Stacktrices, Rules, Start};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let mut rules = Rules::default().with_start(if first & 4 == 4 { Start::Setup } else { Start::Standard });
    rules = rules.with_variant1(first & 1 == 1);
    rules = rules.with_variant2(first & 2 == 2);
    // Fewer steps than the other games: trade decisions cost the most (README).
    pyramid_testkit::fuzzing::play_steps::<Stacktrices>(&rules, rest, 32);
});
