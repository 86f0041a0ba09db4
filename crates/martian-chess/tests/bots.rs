//! The bots play every rule option (random, greedy, MCTS and alpha-beta, through the match runner
//! `pyrctl match` uses), and the match summary counts the clock's draws.

use martian_chess::{MartianChess, Rules};
use pyramid_bots::{BotSpec, MatchConfig, run_match, summary_text};
use pyramid_core::RuleSet;

fn config(rules: Rules, bots: &[&str], games: u64) -> MatchConfig<Rules> {
    MatchConfig {
        rules,
        bots: bots
            .iter()
            .map(|b| b.parse::<BotSpec>().expect("valid bot spec"))
            .collect(),
        games,
        seed: 7,
        swap_seats: true,
        jobs: 1,
    }
}

#[test]
fn bots_play_every_rule_option_to_the_end() {
    for options in [
        &[("clock", "on")][..],
        &[("target", "12")],
        &[("undo", "capture-allowed")],
        &[("variant", "ofkk")],
        &[
            ("clock", "on"),
            ("target", "18"),
            ("undo", "capture-allowed"),
            ("variant", "ofkk"),
        ],
    ] {
        let rules = Rules::from_options(options.iter().copied())
            .expect("valid options")
            .with_ply_limit(Some(300));
        let report = run_match::<MartianChess>(&config(rules, &["greedy", "random"], 4), |_| {})
            .expect("the match runs");
        assert_eq!(report.games, 4, "{options:?}");
        assert_eq!(report.forfeits, 0, "{options:?}");
        let report =
            run_match::<MartianChess>(&config(rules, &["mcts:iters=20", "greedy"], 2), |_| {})
                .expect("the match runs");
        assert_eq!(report.games, 2, "{options:?}");
        let report =
            run_match::<MartianChess>(&config(rules, &["ab:depth=2", "random"], 2), |_| {})
                .expect("the match runs");
        assert_eq!(report.games, 2, "{options:?}");
    }
}

#[test]
fn clock_draws_are_counted_in_the_match_summary() {
    let rules = Rules::default().with_clock(true);
    let config = config(rules, &["random", "random"], 40);
    let report = run_match::<MartianChess>(&config, |_| {}).expect("the match runs");
    assert!(report.draws > 0, "no draw in 40 games");
    let wins: u64 = report.seat_wins.iter().sum();
    assert_eq!(wins + report.draws + report.unfinished, 40);
    let summary = summary_text::<MartianChess>(&config, &report);
    assert!(
        summary.contains(&format!("draws {}", report.draws)),
        "{summary}"
    );
}
