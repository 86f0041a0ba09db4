//! `play_against`: a person's seat beside bots, through the arena.

use pyramid_core::Seat;
use pyramid_core::dynamic::{DynState, RuntimeError};
use pyramid_runtime::{Error, Person, PersonGame, play_against, registry};

/// The start of a small Ataxx-ice game.
fn start() -> Box<dyn DynState> {
    registry()
        .get("ataxx-ice")
        .and_then(|g| g.new_state(&[("size", "5"), ("ply_limit", "40")]))
        .expect("a start")
}

#[test]
fn a_person_plays_their_seat_to_the_end_and_sees_every_action() {
    let spec = "greedy".parse().expect("a spec");
    let (mut asked, mut shown) = (0, 0);
    let mut choose = |state: &dyn DynState| {
        asked += 1;
        assert_eq!(state.to_act(), Some(Seat(1)));
        state.legal_actions().first().cloned()
    };
    let mut observe = |_: Seat, _: &str, visible: bool| {
        assert!(visible, "Ataxx-ice hides nothing");
        shown += 1;
    };
    let person = Person {
        seat: Seat(1),
        choose: &mut choose,
        observe: &mut observe,
    };
    let played = play_against(start().as_ref(), &spec, 3, person).expect("played");
    let PersonGame::Ended { end, outcome, .. } = played else {
        panic!("the person never left");
    };
    assert!(outcome.is_some() && end.is_over());
    assert_eq!(shown as u32, end.plies());
    assert!(asked > 0);
}

#[test]
fn a_person_who_stops_choosing_leaves_and_a_missing_seat_is_refused() {
    let spec = "random".parse().expect("a spec");
    let person = Person {
        seat: Seat(0),
        choose: &mut |_| None,
        observe: &mut |_, _, _| {},
    };
    let left = play_against(start().as_ref(), &spec, 0, person).expect("played");
    assert!(matches!(left, PersonGame::Left));
    let person = Person {
        seat: Seat(2),
        choose: &mut |_| None,
        observe: &mut |_, _, _| {},
    };
    assert!(matches!(
        play_against(start().as_ref(), &spec, 0, person),
        Err(Error::Runtime(RuntimeError::NoSuchSeat {
            seat: 2,
            seats: 2
        }))
    ));
}
