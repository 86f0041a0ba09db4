//! Arbitrary action bytes played from an arbitrary Martian Chess position (the first
//! line; an unreadable one means the start). An odd first byte picks the 4-seat rules.
#![no_main]

use pyramid_core::prelude::*;
use libfuzzer_sys::fuzz_target;
use martian_chess::{MartianChess, Rules};

fuzz_target!(|data: &[u8]| {
    let seats = if data.first().is_some_and(|b| b % 2 == 1) { 4 } else { 2 };
    let rules = Rules::default().with_seats(seats).expect("2 and 4 seats are allowed");
    pyramid_testkit::fuzzing::play_bytes::<MartianChess>(&rules, data);
});
