//! The lifecycle of a live game: its phases and their transitions.

use std::time::Duration;

use pyramid_core::Seat;

use super::live::{LiveGame, Phase, Setup, Sitter};

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
    };
    LiveGame::new(setup, sitters)
}

#[test]
fn bots_are_driven_one_move_at_a_time() {
    let mut live = game(&[], &["random", "random"]);
    assert_eq!(live.phase(), Phase::Waiting);
    assert!(live.bots_live());
    assert!(live.start_driving());
    assert_eq!(live.phase(), Phase::Driven);
    assert!(!live.start_driving(), "one task at a time");
    let (seat, bot) = live.start_thinking().expect("a bot to think");
    assert_eq!(Some(seat), live.to_act());
    assert_eq!(live.phase(), Phase::Thinking(seat));
    assert_eq!(live.thinking(), vec![seat.0]);
    assert!(live.start_thinking().is_none(), "one bot at a time");
    assert!(
        live.finish_thinking(seat, bot).is_none(),
        "back in its seat"
    );
    assert_eq!(live.phase(), Phase::Driven);
    assert!(live.thinking().is_empty());
    assert!(live.stop_driving(), "a bot is still to act");
    assert_eq!(live.phase(), Phase::Waiting);
}

#[test]
fn a_game_of_people_has_nothing_to_drive() {
    let mut live = game(&[], &["human", "human"]);
    assert!(!live.bots_live());
    assert!(!live.start_driving());
    assert!(live.start_thinking().is_none());
    assert!(!live.stop_driving());
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
    assert!(!live.start_driving());
    assert!(live.lose_by_forfeit(seat, "late".to_owned()).is_empty());
    assert!(live.forfeit().is_none(), "a game over is left as it ended");
}

#[test]
fn a_forfeit_while_a_bot_thinks_gives_the_bot_back_stopped() {
    let mut live = game(&[], &["random", "random"]);
    assert!(live.start_driving());
    let (seat, bot) = live.start_thinking().expect("a bot to think");
    let other = Seat((seat.0 + 1) % 2);
    let stopped = live.lose_by_forfeit(other, "resigned".to_owned());
    assert_eq!(stopped.len(), 1, "the bot in its seat");
    assert_eq!(live.phase(), Phase::Over);
    assert_eq!(live.to_act(), None);
    assert!(live.thinking().is_empty());
    assert!(live.finish_thinking(seat, bot).is_some(), "given back");
    assert!(!live.stop_driving());
    assert_eq!(live.phase(), Phase::Over);
}

#[test]
fn closing_is_final() {
    let mut live = game(&[], &["random", "human"]);
    assert_eq!(live.close().len(), 1);
    assert!(live.is_closed());
    assert!(!live.bots_live());
    assert!(!live.start_driving());
    // A request holding the copy may still resign: recorded (to be stored), still closed.
    assert!(
        live.lose_by_forfeit(Seat(1), "resigned".to_owned())
            .is_empty()
    );
    assert!(live.forfeit().is_some());
    assert_eq!(live.phase(), Phase::Closed);
    assert!(live.close().is_empty());
    assert_eq!(live.phase(), Phase::Closed);
}
