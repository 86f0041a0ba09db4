//! Arbitrary bytes read as a Martian Chess position string (2- and 4-seat rules; the
//! board's width decides the seat count).
#![no_main]

use pyramid_core::prelude::*;
use libfuzzer_sys::fuzz_target;
use martian_chess::{MartianChess, Rules};

fuzz_target!(|data: &[u8]| {
    for seats in [2, 4] {
        let rules = Rules::default().with_seats(seats).expect("2 and 4 seats are allowed");
        pyramid_testkit::fuzzing::parse_position::<MartianChess>(&rules, data);
    }
});
