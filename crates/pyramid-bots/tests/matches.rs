//! Matches over the core's Nim: reproducible whatever the number of threads, records that
//! replay, and per-bot totals that add up.

use pyramid_bots::{BotSpec, MatchConfig, Record, RecordResult, ReplayError, run_match, verify};
use pyramid_core::nim::{Nim, NimRules};
use pyramid_core::{Game, RuleSet};

fn config(jobs: usize, swap_seats: bool) -> MatchConfig<NimRules> {
    let mut rules = NimRules::default();
    rules.set_option("piles", "7,9,11").expect("valid piles");
    MatchConfig {
        rules,
        bots: vec!["mcts:iters=60".parse().expect("spec"), BotSpec::Greedy],
        games: 24,
        seed: 77,
        swap_seats,
        jobs,
    }
}

fn records(jobs: usize) -> Vec<Record> {
    let mut out = Vec::new();
    run_match::<Nim>(&config(jobs, true), |g| out.push(g.record.clone())).expect("match");
    out
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let one = records(1);
    assert_eq!(one.len(), 24);
    assert_eq!(one, records(2));
    assert_eq!(one, records(3));
    assert!(one.iter().enumerate().all(|(i, r)| r.index == i as u64));
}

#[test]
fn different_seeds_give_different_games() {
    let a = records(2);
    let mut other = config(2, true);
    other.seed = 78;
    let mut b = Vec::new();
    run_match::<Nim>(&other, |g| b.push(g.record.clone())).expect("match");
    assert_ne!(a, b);
}

#[test]
fn swapping_seats_rotates_the_bots() {
    let mut seen = Vec::new();
    run_match::<Nim>(&config(2, true), |g| seen.push(g.record.bots.clone())).expect("match");
    assert_eq!(seen[0], vec!["mcts:iters=60", "greedy"]);
    assert_eq!(seen[1], vec!["greedy", "mcts:iters=60"]);
    let mut fixed = Vec::new();
    run_match::<Nim>(&config(2, false), |g| fixed.push(g.record.bots.clone())).expect("match");
    assert!(fixed.iter().all(|b| b[0] == "mcts:iters=60"));
}

#[test]
fn totals_add_up() {
    let report = run_match::<Nim>(&config(2, true), |_| {}).expect("match");
    let (a, b) = (report.tallies[0], report.tallies[1]);
    assert_eq!(a.games(), 24);
    assert_eq!(a.wins, b.losses);
    assert_eq!(a.draws, b.draws);
    assert_eq!(report.seat_wins.iter().sum::<u64>() + report.draws, 24);
    assert!(report.elo().is_some());
}

#[test]
fn wrong_bot_count_is_refused() {
    // One bot for two seats (a request spreads one bot over the seats; a config does not).
    let mut c = config(1, false);
    c.bots.pop();
    assert!(run_match::<Nim>(&c, |_| {}).is_err());
    // Three bots for two seats are a round robin, not an error.
    let mut c = config(1, false);
    c.bots.push(BotSpec::Random);
    assert!(c.is_round_robin());
    assert!(run_match::<Nim>(&c, |_| {}).is_ok());
}

#[test]
fn every_record_replays_and_tampering_is_caught() {
    let all = records(2);
    for record in &all {
        let line = record.to_json();
        let end: Nim = pyramid_bots::verify_line(&line).expect("a good record");
        assert!(end.is_over());
    }
    let mut bad = all[0].clone();
    bad.result = match bad.result {
        RecordResult::Win { seat } => RecordResult::Win { seat: 1 - seat },
        other => other,
    };
    assert!(matches!(
        verify::<Nim>(&bad),
        Err(ReplayError::Result { .. })
    ));
    let mut bad = all[0].clone();
    bad.actions[0] = "d-3".into();
    assert!(matches!(
        verify::<Nim>(&bad),
        Err(ReplayError::Action { ply: 1, .. })
    ));
    let mut bad = all[0].clone();
    bad.actions.pop();
    assert!(verify::<Nim>(&bad).is_err());
    let mut bad = all[0].clone();
    bad.rules.seats = 3;
    assert!(matches!(verify::<Nim>(&bad), Err(ReplayError::Rules(_))));
    let mut bad = all[0].clone();
    bad.game = "martian-chess".into();
    assert!(matches!(
        verify::<Nim>(&bad),
        Err(ReplayError::WrongGame { .. })
    ));
    assert!(matches!(
        pyramid_bots::verify_line::<Nim>("{not json"),
        Err(ReplayError::Json(_))
    ));
}

#[test]
fn mcts_beats_random_at_nim() {
    let mut c = config(2, true);
    c.bots = vec!["mcts:iters=300".parse().expect("spec"), BotSpec::Random];
    c.games = 40;
    let report = run_match::<Nim>(&c, |_| {}).expect("match");
    assert!(report.tallies[0].wins >= 36, "{report:?}");
}
