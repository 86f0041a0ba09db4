//! Arbitrary bytes played as Ataxx-ice actions (first line: a position; see
//! `pyramid_testkit::fuzzing::play_bytes`). The first byte picks 2, 3 or 4 seats.
#![no_main]

use pyramid_core::prelude::*;
use ataxx_ice::{AtaxxIce, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let rules = Rules::default().with_seats(2 + usize::from(first % 3)).expect("2 to 4 seats");
    pyramid_testkit::fuzzing::play_bytes::<AtaxxIce>(&rules, rest);
});
