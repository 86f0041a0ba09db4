//! Bot speed on this machine, one thread: random playouts per second from the start
//! position (full games, ply limit 1000), and MCTS iterations (one playout each) per
//! second on the start position, with the default 20-ply playouts and with playouts to
//! the end.
//!
//! Run with `cargo run --release -p pyrctl --example bot_speed` (numbers in docs/bots.md).

use std::time::Instant;

use pyramid_bots::{Budget, MctsBot, MctsConfig};
use pyramid_core::arena::game_seed;
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, RandomBot, Seat};

/// Random playouts to the end (ply limit 1000): playouts/s and plies/s.
fn random_playouts<G: FullGame>(rules: &G::Rules, seconds: f64) -> (f64, f64) {
    let started = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    while started.elapsed().as_secs_f64() < seconds {
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(7, games));
        let mut state = G::deal(rules, &mut rng);
        while let Some(action) = RandomBot::pick(&state, &mut rng) {
            state.play_unchecked(action);
            plies += 1;
        }
        games += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    (games as f64 / secs, plies as f64 / secs)
}

/// MCTS with `iters` iterations and `playout_limit` on the start position (three
/// decisions): iterations/s.
fn mcts_iterations<G: FullGame>(rules: &G::Rules, iters: u64, playout_limit: u32) -> f64 {
    let state = G::new(rules);
    let config = MctsConfig {
        budget: Budget::Iterations(iters),
        playout_limit,
        ..MctsConfig::default()
    };
    let (mut total, mut secs) = (0u64, 0.0);
    for seed in 0..3 {
        let mut bot = MctsBot::<G>::new(config.clone(), seed);
        let seat = state.to_act().unwrap_or(Seat(0));
        let started = Instant::now();
        let _ = bot.choose(&state.view(seat), seat);
        secs += started.elapsed().as_secs_f64();
        total += bot.stats().iterations;
    }
    total as f64 / secs
}

fn row<G: FullGame>(rules: G::Rules) {
    let mut rules = rules;
    rules.set_ply_limit(Some(1000));
    let (playouts, plies) = random_playouts::<G>(&rules, 2.0);
    let short = mcts_iterations::<G>(&rules, 1000, 20);
    let full = mcts_iterations::<G>(&rules, 300, 0);
    println!(
        "| {} ({} seats) | {:.0} | {:.2} M | {:.0} | {:.0} |",
        G::NAME,
        rules.seats(),
        playouts,
        plies / 1e6,
        short,
        full
    );
}

fn main() {
    println!(
        "| game | random playouts/s | random plies/s | MCTS iterations/s (default, 20-ply playouts) | MCTS iterations/s (playouts to the end) |"
    );
    println!("|---|---|---|---|---|");
    let only: Option<String> = std::env::args().nth(1);
    let wanted = |name: &str| only.as_deref().is_none_or(|o| o == name);
    if wanted("martian-chess") {
        row::<martian_chess::MartianChess>(Default::default());
    }
    if wanted("ataxx-ice") {
        row::<ataxx_ice::AtaxxIce>(Default::default());
    }
    if wanted("card-siege") {
        row::<card_siege::CardSiege>(Default::default());
    }
    if wanted("stacktrices") {
        // From the standard arrangement: the setup phase's placements are cheap plies
        // that would flatter the numbers.
        let rules = stacktrices::Rules::default().with_start(stacktrices::Start::Standard);
        row::<stacktrices::Stacktrices>(rules);
    }
}
