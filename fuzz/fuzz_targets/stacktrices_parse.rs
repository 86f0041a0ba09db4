//! Arbitrary bytes read as a Stacktrices position string (see
//! `pyramid_testkit::fuzzing::parse_position`). The first byte picks the variants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stacktrices::{Stacktrices, Rules, Start};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let mut rules = Rules::default().with_start(Start::Standard);
    rules = rules.with_variant1(first & 1 == 1);
    rules = rules.with_variant2(first & 2 == 2);
    pyramid_testkit::fuzzing::parse_position::<Stacktrices>(&rules, rest);
});
