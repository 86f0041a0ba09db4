//! The information-set property over random games (conformance harness). Card-siege hides
//! nothing, so every seat's view is the whole state; the check still runs the same code
//! as for the games that hide something.

use card_siege::{CardSiege, Rules};
use pyramid_core::Game;
use pyramid_testkit::conformance::information_set_playout;

#[test]
fn no_seat_learns_what_its_view_hides_with_and_without_the_opening() {
    for rules in [Rules::default(), Rules::default().with_opening(false)] {
        for seed in 0..3 {
            information_set_playout(CardSiege::new(&rules), seed, 150, 2);
        }
    }
}
