//! Arbitrary bytes read as an Ataxx-ice position string (2, 3 and 4 seats).
#![no_main]

use pyramid_core::prelude::*;
use ataxx_ice::{AtaxxIce, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for seats in 2..=4 {
        let rules = Rules::default().with_seats(seats).expect("2 to 4 seats");
        pyramid_testkit::fuzzing::parse_position::<AtaxxIce>(&rules, data);
    }
});
