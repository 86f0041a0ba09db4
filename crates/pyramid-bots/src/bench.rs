//! Speed of one game on one thread: perft, random playouts and MCTS iterations per
//! second (`pyrctl bench`), so machines and commits can be compared.

use std::time::{Duration, Instant};

use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, Seat, perft};

use crate::mcts::{Budget, MctsBot, MctsConfig};

/// The ply limit of the playouts when the rules set none (card-siege can run for ever).
pub const BENCH_PLY_LIMIT: u32 = 1000;

/// One game's speed (serialises to JSON for `pyrctl bench --json`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct BenchRow {
    /// The game.
    pub game: &'static str,
    /// The deepest perft run (the one whose speed is given).
    pub perft_depth: u32,
    /// Perft leaves per second at that depth (bulk counting at depth 1).
    pub perft_nodes_per_second: f64,
    /// Random playouts from the start per second.
    pub playouts_per_second: f64,
    /// Plies of those playouts per second.
    pub plies_per_second: f64,
    /// MCTS iterations (`mcts` defaults) per second from the start position.
    pub mcts_iterations_per_second: f64,
}

/// Measures game `G` under `rules` on the calling thread, spending about `budget` in
/// all: a third on perft (deepening while the next depth is predicted to fit), a third
/// on seeded random playouts from the start, a third on one MCTS decision.
///
/// ```
/// use pyramid_bots::bench;
/// use pyramid_core::nim::Nim;
/// let row = bench::<Nim>(&Default::default(), std::time::Duration::from_millis(90));
/// assert_eq!(row.game, "nim");
/// assert!(row.perft_depth >= 1 && row.playouts_per_second > 0.0);
/// assert!(row.mcts_iterations_per_second > 0.0);
/// ```
pub fn bench<G: FullGame>(rules: &G::Rules, budget: Duration) -> BenchRow {
    let share = budget / 3;
    let start = G::new(rules);

    // Perft: deeper while the next depth should still fit in the share.
    let (mut depth, mut rate) = (1, 0.0);
    let mut previous_nodes = 1u64;
    for d in 1..=32 {
        let began = Instant::now();
        let nodes = perft(&start, d);
        let took = began.elapsed().as_secs_f64().max(1e-9);
        depth = d;
        rate = nodes as f64 / took;
        let growth = (nodes as f64 / previous_nodes.max(1) as f64).max(1.0);
        previous_nodes = nodes;
        if nodes == 0 || took * growth > share.as_secs_f64() {
            break;
        }
    }

    // Random playouts from the start.
    let mut rules = rules.clone();
    if rules.ply_limit().is_none() {
        rules.set_ply_limit(Some(BENCH_PLY_LIMIT));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let began = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    while games == 0 || began.elapsed() < share {
        let mut state = G::deal(&rules, &mut rng);
        plies += u64::from(state.play_random(&mut rng, None));
        games += 1;
    }
    let secs = began.elapsed().as_secs_f64().max(1e-9);

    // One MCTS decision at the start.
    let config = MctsConfig {
        budget: Budget::Time(share),
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::<G>::new(config, 1);
    let state = G::new(&rules);
    let seat = state.to_act().unwrap_or(Seat(0));
    let began = Instant::now();
    let _ = bot.choose(&state.view(seat), seat);
    let mcts_secs = began.elapsed().as_secs_f64().max(1e-9);

    BenchRow {
        game: G::NAME,
        perft_depth: depth,
        perft_nodes_per_second: rate,
        playouts_per_second: games as f64 / secs,
        plies_per_second: plies as f64 / secs,
        mcts_iterations_per_second: bot.stats().iterations as f64 / mcts_secs,
    }
}

/// The header of the bench table.
pub const BENCH_HEADER: &str =
    "game               perft depth    Mnodes/s   playouts/s   Mplies/s   MCTS iters/s";

impl std::fmt::Display for BenchRow {
    /// One line of the bench table, under [`BENCH_HEADER`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:<18} {:>11} {:>11.2} {:>12.0} {:>10.2} {:>14.0}",
            self.game,
            self.perft_depth,
            self.perft_nodes_per_second / 1e6,
            self.playouts_per_second,
            self.plies_per_second / 1e6,
            self.mcts_iterations_per_second
        )
    }
}
