//! The information-set property over random games (conformance harness). Martian Chess
//! hides nothing, so every seat's view is the whole state; the check still runs the
//! same code as for the games that hide something.

use martian_chess::{MartianChess, Rules};
use pyramid_core::Game;
use pyramid_core::prelude::*;
use pyramid_testkit::conformance::information_set_playout;

#[test]
fn no_seat_learns_what_its_view_hides_two_and_four_seats() {
    for seats in [2, 4] {
        let rules = Rules::default()
            .with_seats(seats)
            .expect("2 and 4 seats are allowed");
        for seed in 0..4 {
            information_set_playout(MartianChess::new(&rules), seed, 120, 2);
        }
    }
}
