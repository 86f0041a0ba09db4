//! The clock's arithmetic, checked without a server.
use super::*;

const FISCHER: TimeControl = TimeControl::Fischer {
    initial_seconds: 2,
    increment_seconds: 1,
};

#[test]
fn fischer_takes_the_time_spent_and_adds_the_increment_when_the_turn_ends() {
    let clock = Clock::new(FISCHER, 2).started(Some(0), 10_000);
    assert_eq!(clock.flag_at(), Some(12_000));
    let after = clock.after_ply(0, Some(1), 10_300).expect("in time");
    assert_eq!(after.remaining_ms, vec![2_700, 2_000]);
    assert_eq!((after.running, after.turn_began_ms), (Some(1), 10_300));
    assert_eq!(after.left(1, 10_800), 1_500);
    assert_eq!(
        after.left(0, 10_800),
        2_700,
        "a seat's time runs only on its turn"
    );
    // Seat 1 takes 1.9 s: 0.1 s left, then the increment.
    let again = after.after_ply(1, Some(0), 12_200).expect("in time");
    assert_eq!(again.remaining_ms, vec![2_700, 1_100]);
}

#[test]
fn a_turn_of_several_plies_gets_one_increment() {
    let clock = Clock::new(FISCHER, 2).started(Some(0), 0);
    let mid = clock.after_ply(0, Some(0), 500).expect("in time");
    assert_eq!((mid.remaining_ms[0], mid.running), (1_500, Some(0)));
    let end = mid.after_ply(0, Some(1), 700).expect("in time");
    assert_eq!(end.remaining_ms[0], 2_300);
}

#[test]
fn a_ply_at_or_after_the_flag_is_refused_and_the_seat_flagged() {
    let clock = Clock::new(FISCHER, 2).started(Some(1), 1_000);
    assert_eq!(clock.flagged(2_999), None);
    assert_eq!(clock.flagged(3_000), Some(1));
    assert_eq!(clock.after_ply(1, Some(0), 3_000), Err(Flagged(1)));
    assert!(clock.after_ply(1, Some(0), 2_999).is_ok());
    let stopped = clock.stopped(5_000);
    assert_eq!((stopped.remaining_ms[1], stopped.running), (0, None));
    assert_eq!(stopped.flag_at(), None);
}

#[test]
fn days_per_move_give_the_whole_allowance_again_each_turn() {
    let control = TimeControl::Correspondence { days_per_move: 2 };
    let clock = Clock::new(control, 2).started(Some(0), 0);
    assert_eq!(clock.flag_at(), Some(2 * DAY_MS));
    let after = clock.after_ply(0, Some(1), DAY_MS + 5).expect("in time");
    assert_eq!(after.remaining_ms, vec![2 * DAY_MS, 2 * DAY_MS]);
    assert_eq!(after.flag_at(), Some(3 * DAY_MS + 5));
}

#[test]
fn a_clock_not_started_is_left_as_it_is_and_the_end_stops_it() {
    let clock = Clock::new(FISCHER, 2);
    assert_eq!(clock.after_ply(0, Some(1), 99), Ok(clock.clone()));
    assert_eq!(clock.flag_at(), None);
    let running = clock.started(Some(0), 0);
    let over = running.after_ply(0, None, 400).expect("in time");
    assert_eq!((over.running, over.remaining_ms[0]), (None, 2_600));
}

#[test]
fn the_view_counts_the_running_seat_down_to_zero() {
    let clock = Clock::new(FISCHER, 2).started(Some(0), 0);
    let view = clock.view(2_500);
    assert_eq!(view.remaining_ms, vec![0, 2_000]);
    let text = serde_json::to_value(&view).expect("JSON");
    assert_eq!(
        text,
        json!({"kind": "fischer", "initial_seconds": 2, "increment_seconds": 1,
               "remaining_ms": [0, 2000], "running": 0, "as_of_ms": 2500})
    );
}

#[test]
fn clock_bodies_are_read_strictly() {
    let read = |v: Value| TimeControl::from_json(&v);
    assert_eq!(
        read(json!({"initial_seconds": 60, "increment_seconds": 2})),
        Ok(TimeControl::Fischer {
            initial_seconds: 60,
            increment_seconds: 2
        })
    );
    assert_eq!(
        read(json!({"initial_seconds": 60})),
        Ok(TimeControl::Fischer {
            initial_seconds: 60,
            increment_seconds: 0
        })
    );
    assert_eq!(
        read(json!({"days_per_move": 3})),
        Ok(TimeControl::Correspondence { days_per_move: 3 })
    );
    assert_eq!(read(json!(5)), Err(ClockError::NotAnObject("5".into())));
    assert_eq!(
        read(json!({"initial_seconds": 5, "days_per_move": 1})),
        Err(ClockError::BothKinds)
    );
    assert_eq!(
        read(json!({"minutes": 5})),
        Err(ClockError::UnknownKey("minutes".into()))
    );
    assert_eq!(read(json!({})), Err(ClockError::NoKind));
    assert_eq!(
        read(json!({"increment_seconds": 5})),
        Err(ClockError::NoKind)
    );
    for bad in [
        json!({"initial_seconds": 0}),
        json!({"initial_seconds": -5}),
        json!({"initial_seconds": 1.5}),
        json!({"initial_seconds": "60"}),
        json!({"initial_seconds": 86_401}),
        json!({"initial_seconds": 60, "increment_seconds": 3_601}),
        json!({"days_per_move": 0}),
        json!({"days_per_move": 15}),
    ] {
        assert!(
            matches!(read(bad.clone()), Err(ClockError::OutOfRange { .. })),
            "{bad}"
        );
    }
    for control in [
        TimeControl::Fischer {
            initial_seconds: 3,
            increment_seconds: 1,
        },
        TimeControl::Correspondence { days_per_move: 2 },
    ] {
        assert_eq!(read(control.as_request()), Ok(control));
    }
}
