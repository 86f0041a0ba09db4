//! The strength table of docs/bots.md: matches between bot pairs in every game, seats
//! rotated, ply limit 1000, on two threads, reproducible from the seed (iteration
//! budgets only).
//!
//! Run with `cargo run --release -p pyrctl --example strength_table [GAME]`; each row
//! is also one `pyrctl match` command (printed below the table).

use pyramid_bots::{MatchConfig, run_match};
use pyramid_core::RuleSet;
use pyramid_core::prelude::*;

/// Plays one row: `bots` (one per seat) for `games` games; prints a Markdown row.
fn row<G: FullGame>(seats: usize, bots: &[&str], games: u64) {
    let mut rules = G::Rules::default();
    rules.set_seats(seats).expect("seat count");
    rules.set_ply_limit(Some(1000));
    let config = MatchConfig {
        rules,
        bots: bots
            .iter()
            .map(|b| b.parse().expect("valid spec"))
            .collect(),
        games,
        seed: 1,
        swap_seats: true,
        jobs: 2,
    };
    let report = run_match::<G>(&config, |_| {}).expect("the match runs");
    let first = report.tallies[0];
    let scores: Vec<String> = report
        .tallies
        .iter()
        .map(|t| format!("{:.1}%", 100.0 * t.score()))
        .collect();
    let elo = report
        .elo()
        .map_or_else(|| "-".to_owned(), |e| e.to_string());
    println!(
        "| {} | {seats} | {} | {games} | {}-{}-{} | {} | {elo} | {:.0} | {:.1} |",
        G::NAME,
        bots.join(" vs "),
        first.wins,
        first.draws,
        first.losses,
        scores.join(" / "),
        report.average_plies(),
        report.elapsed.as_secs_f64()
    );
}

/// The rows of one game: the greedy and two MCTS budgets against random and each other.
fn game<G: FullGame>(small: &str, large: &str, games: u64) {
    row::<G>(2, &["greedy", "random"], 100);
    row::<G>(2, &[small, "random"], games);
    row::<G>(2, &[small, "greedy"], games);
    row::<G>(2, &[large, "greedy"], games);
    row::<G>(2, &[large, small], games);
}

/// Rows with three and four seats: every bot's score.
fn multi_seat() {
    row::<martian_chess::MartianChess>(4, &["mcts:iters=200", "greedy", "random", "random"], 40);
    row::<ataxx_ice::AtaxxIce>(3, &["mcts:iters=200", "random", "random"], 30);
    row::<ataxx_ice::AtaxxIce>(4, &["mcts:iters=1000", "greedy", "random", "random"], 40);
}

fn main() {
    let only: Option<String> = std::env::args().nth(1);
    let wanted = |name: &str| only.as_deref().is_none_or(|o| o == name);
    if only.as_deref() == Some("multi") {
        multi_seat();
        return;
    }
    println!(
        "| game | seats | bots | games | W-D-L of the first | scores | Elo (first - second) | plies | seconds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    if wanted("martian-chess") {
        game::<martian_chess::MartianChess>("mcts:iters=200", "mcts:iters=1000", 100);
    }
    if wanted("ataxx-ice") {
        game::<ataxx_ice::AtaxxIce>("mcts:iters=200", "mcts:iters=1000", 50);
    }
    if wanted("card-siege") {
        game::<card_siege::CardSiege>("mcts:iters=200", "mcts:iters=1000", 50);
    }
    if only.is_none() {
        multi_seat();
    }
    if wanted("stacktrices") {
        game::<stacktrices::Stacktrices>(
            "mcts:iters=30,playout=10",
            "mcts:iters=100,playout=10",
            20,
        );
    }
}
