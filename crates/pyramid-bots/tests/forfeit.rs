//! Forfeits: a bot that fails (here an outside engine that cannot start) loses its game;
//! the match goes on, the tallies count it, the record says so and replays.

use ataxx_ice::AtaxxIce;
use pyramid_bots::protocol::ExternalSpec;
use pyramid_bots::{BotSpec, MatchConfig, Record, RecordResult, ReplayError, run_match, verify};
use pyramid_core::RuleSet;
use pyramid_core::nim::Nim;

fn missing_engine() -> BotSpec {
    BotSpec::External(ExternalSpec {
        command: "/nonexistent/pyramid-engine".to_owned(),
        args: Vec::new(),
        movetime: None,
        timeout: None,
        log: None,
    })
}

#[test]
fn a_failing_bot_forfeits_each_game_and_the_other_seat_wins() {
    let config = MatchConfig {
        rules: Default::default(),
        bots: vec![missing_engine(), BotSpec::Random],
        games: 4,
        seed: 9,
        swap_seats: true,
        jobs: 2,
    };
    let mut records = Vec::new();
    let report = run_match::<Nim>(&config, |game| records.push(game.record.clone()))
        .expect("a forfeit does not stop the match");
    assert_eq!(report.games, 4);
    assert_eq!(report.forfeits, 4);
    assert_eq!((report.tallies[0].wins, report.tallies[0].losses), (0, 4));
    assert_eq!((report.tallies[1].wins, report.tallies[1].losses), (4, 0));
    assert_eq!(report.seat_wins, vec![2, 2]);
    for record in &records {
        let engine_seat = u8::from(record.index % 2 == 1);
        assert_eq!(
            record.result,
            RecordResult::Forfeit {
                seat: engine_seat,
                winner: Some(1 - engine_seat)
            }
        );
        let reason = record.reason.as_deref().expect("a reason");
        assert!(reason.starts_with("cannot start engine"), "{reason}");
        assert_eq!(
            &Record::from_json(&record.to_json()).expect("a record"),
            record
        );
        verify::<Nim>(record).expect("a forfeit replays");
        // The forfeiting seat must be the seat to act where the game stopped.
        let mut wrong = record.clone();
        wrong.result = RecordResult::Forfeit {
            seat: 1 - engine_seat,
            winner: Some(engine_seat),
        };
        assert!(matches!(
            verify::<Nim>(&wrong),
            Err(ReplayError::Result { .. })
        ));
    }
}

#[test]
fn with_more_than_two_seats_the_forfeiter_loses_and_the_others_draw() {
    let rules = ataxx_ice::Rules::default()
        .with_seats(3)
        .expect("three seats");
    let config = MatchConfig {
        rules,
        bots: vec![missing_engine(), BotSpec::Random, BotSpec::Greedy],
        games: 2,
        seed: 1,
        swap_seats: false,
        jobs: 1,
    };
    let mut records = Vec::new();
    let report = run_match::<AtaxxIce>(&config, |game| records.push(game.record.clone()))
        .expect("the match runs");
    assert_eq!(report.forfeits, 2);
    assert_eq!(report.tallies[0].losses, 2);
    assert_eq!(report.tallies[1].draws, 2);
    assert_eq!(report.tallies[2].draws, 2);
    assert_eq!((report.draws, report.unfinished), (0, 0));
    for record in &records {
        assert_eq!(
            record.result,
            RecordResult::Forfeit {
                seat: 0,
                winner: None
            }
        );
        assert_eq!(record.result.to_string(), "seat 0 forfeits");
        verify::<AtaxxIce>(record).expect("a forfeit replays");
    }
}
