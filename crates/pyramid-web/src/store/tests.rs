//! The lifecycle of a live game: its phases and their transitions.

use std::time::Duration;

use pyramid_core::Seat;

use super::live::{LiveGame, Phase, Setup, Sitter, Terms};
use crate::clock::{Clock, TimeControl};
use crate::ending::{Ending, Forfeit};

/// A game of martian-chess (its options: `key=value`) with these sitters (`human` or a
/// bot spec).
fn game(options: &[(&str, &str)], sitters: &[&str]) -> LiveGame {
    let app = crate::App::new(crate::ServerConfig::default());
    let game = app.registry.get("martian-chess").expect("martian-chess");
    let start = game.deal(options, 7).expect("a deal");
    let sitters = sitters
        .iter()
        .enumerate()
        .map(|(seat, spec)| match *spec {
            "human" => Sitter::Human,
            spec => Sitter::Bot(
                spec.to_owned(),
                Some(game.bot(spec, seat as u64).expect("a bot")),
            ),
        })
        .collect();
    let setup = Setup {
        game: game.name(),
        hidden: !game.perfect_information(),
        start,
        options: Vec::new(),
        token: String::new(),
        seat_tokens: Vec::new(),
        bot_delay: Duration::ZERO,
        creator: String::new(),
    };
    LiveGame::new(setup, sitters)
}

/// The terms of `live` ended by `seat`'s resignation.
fn resigned(live: &LiveGame, seat: Seat) -> Terms {
    Terms {
        ending: Some(Ending::Forfeit {
            seat: seat.0,
            why: Forfeit::Resigned,
        }),
        ..live.terms().clone()
    }
}

#[test]
fn a_bot_thinks_one_move_at_a_time() {
    let mut live = game(&[], &["random", "random"]);
    assert_eq!(live.phase(), Phase::Waiting);
    assert!(live.bots_live());
    let (seat, bot) = live.start_thinking().expect("a bot to think");
    assert_eq!(Some(seat), live.to_act());
    assert_eq!(live.phase(), Phase::Thinking(seat));
    assert_eq!(live.thinking(), vec![seat.0]);
    assert!(live.start_thinking().is_none(), "one bot at a time");
    assert!(
        live.finish_thinking(seat, bot).is_none(),
        "back in its seat"
    );
    assert_eq!(live.phase(), Phase::Waiting);
    assert!(live.thinking().is_empty());
    assert!(live.start_thinking().is_some(), "a bot is still to act");
}

#[test]
fn a_game_of_people_has_no_bot_to_ask() {
    let mut live = game(&[], &["human", "human"]);
    assert!(!live.bots_live());
    assert!(live.start_thinking().is_none());
    assert_eq!(live.phase(), Phase::Waiting);
}

#[test]
fn the_last_action_ends_the_game_and_stops_its_bots() {
    let mut live = game(&[("ply_limit", "1")], &["random", "random"]);
    let seat = live.to_act().expect("a seat to act");
    let action = live.state().legal_actions().remove(0);
    let stopped = live.record_and_play(seat, &action).expect("a legal action");
    assert_eq!(stopped.len(), 2, "both bots stopped");
    assert_eq!(live.phase(), Phase::Over);
    assert!(!live.bots_live());
    assert!(live.start_thinking().is_none());
    assert!(live.set_terms(resigned(&live, seat)).is_empty());
    assert_eq!(live.phase(), Phase::Over);
}

#[test]
fn an_ending_while_a_bot_thinks_gives_the_bot_back_stopped() {
    let mut live = game(&[], &["random", "random"]);
    let (seat, bot) = live.start_thinking().expect("a bot to think");
    let other = Seat((seat.0 + 1) % 2);
    let stopped = live.set_terms(resigned(&live, other));
    assert_eq!(stopped.len(), 1, "the bot in its seat");
    assert_eq!(live.phase(), Phase::Over);
    assert_eq!(live.to_act(), None);
    assert!(live.thinking().is_empty());
    assert!(live.finish_thinking(seat, bot).is_some(), "given back");
    assert_eq!(live.phase(), Phase::Over);
}

#[test]
fn closing_is_final() {
    let mut live = game(&[], &["random", "human"]);
    assert_eq!(live.close().len(), 1);
    assert!(live.is_closed());
    assert!(!live.bots_live());
    assert!(live.start_thinking().is_none());
    assert!(live.set_terms(resigned(&live, Seat(1))).is_empty());
    assert_eq!(live.phase(), Phase::Closed);
    assert!(live.close().is_empty());
    assert_eq!(live.phase(), Phase::Closed);
}

#[test]
fn people_are_waited_for_before_the_clock_starts() {
    let mut live = game(&[], &["human", "random", "human"][..2]);
    let clock = Clock::new(
        TimeControl::Fischer {
            initial_seconds: 60,
            increment_seconds: 0,
        },
        2,
    );
    let terms = Terms {
        clock: Some(clock),
        ..live.terms().clone()
    };
    assert!(live.set_terms(terms).is_empty());
    assert_eq!(live.waiting_for(), vec![Seat(0)], "the bot is at the table");
    let waiting = live.clock_started_under(live.terms().clone(), 1_000);
    assert!(!waiting.clock.as_ref().is_some_and(Clock::is_running));
    let mut joined = live.terms().clone();
    assert!(joined.join(&[Seat(0)]));
    assert!(!joined.join(&[Seat(0)]), "once");
    let started = live.clock_started_under(joined, 1_000);
    assert!(live.waiting_for_under(&started).is_empty());
    assert!(started.clock.as_ref().is_some_and(Clock::is_running));
}

#[test]
fn a_takeback_plays_the_game_again_to_its_ply() {
    let mut live = game(&[], &["human", "human"]);
    let mut positions = vec![live.state().position()];
    for _ in 0..3 {
        let seat = live.to_act().expect("a seat to act");
        let action = live.state().legal_actions().remove(0);
        assert!(
            live.record_and_play(seat, &action)
                .expect("legal")
                .is_empty()
        );
        positions.push(live.state().position());
    }
    let state = live.replayed(1).expect("played again");
    live.take_back(1, state, live.terms().clone());
    assert_eq!(live.moves().len(), 1);
    assert_eq!(live.state().position(), positions[1]);
}
