//! How fast `ab` searches with a value net at its leaves against the game's hand-written
//! evaluation: nodes a second and depth reached in 300 ms, one thread, from a position 16
//! random plies in (docs/learning.md, "A learned evaluation for alpha-beta").
//!
//!     cargo run --release -p pyramid-learn --example ab_nodes -- models
//!
//! reads `<dir>/<game>.value.safetensors` for each game that has one.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use pyramid_bots::{AbBudget, AlphaBetaBot, AlphaBetaConfig, Heuristic, LeafValue};
use pyramid_core::prelude::*;
use pyramid_core::{ChaCha8Rng, rand::SeedableRng};
use pyramid_learn::{ValueNet, ValueNetValue};

/// Nodes a second and the depth reached by `ab` with `leaf` from `state`.
fn search<G: FullGame, L: LeafValue<G>>(state: &G, leaf: L) -> (f64, u32) {
    let config = AlphaBetaConfig {
        budget: AbBudget::Time(Duration::from_millis(300)),
        table_bits: 20,
    };
    let mut bot = AlphaBetaBot::<G, L>::with_leaf_value(config, 1, leaf);
    bot.search(state);
    let stats = bot.stats();
    (
        stats.nodes as f64 / stats.elapsed.as_secs_f64(),
        stats.depth,
    )
}

fn measure<G: FullGame>(dir: &Path) {
    let file = dir.join(format!("{}.value.safetensors", G::NAME));
    let net = match ValueNet::load_any(&file) {
        Ok(net) => Arc::new(net),
        Err(e) => return println!("{}: {e}", G::NAME),
    };
    let mut state = G::new(&Default::default());
    state.play_random(&mut ChaCha8Rng::seed_from_u64(3), Some(16));
    let (hand, hand_depth) = search(&state, Heuristic);
    let (learned, learned_depth) = search(&state, ValueNetValue::new(net, file));
    println!(
        "{}: hand-written {:.2} M nodes/s (depth {hand_depth}), value net {:.2} M nodes/s (depth {learned_depth}), {:.1}x fewer",
        G::NAME,
        hand / 1e6,
        learned / 1e6,
        hand / learned
    );
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "models".to_owned());
    let dir = Path::new(&dir);
    measure::<martian_chess::MartianChess>(dir);
    measure::<ataxx_ice::AtaxxIce>(dir);
    measure::<card_siege::CardSiege>(dir);
    measure::<stacktrices::Stacktrices>(dir);
}
