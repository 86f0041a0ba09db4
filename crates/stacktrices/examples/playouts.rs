//! Random playouts from the standard arrangement: speed and what they reach.
//!
//! `cargo run --release -p stacktrices --example playouts -- 5000`

use std::collections::BTreeMap;
use std::time::Instant;

use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot};
use stacktrices::{Stacktrices, StacktricesRules};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let use_bot = std::env::args().nth(2).is_some_and(|a| a == "bot");
    let stats = std::env::args().nth(2).is_some_and(|a| a == "stats");
    let start = Stacktrices::new(&StacktricesRules::standard());
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut decisions: BTreeMap<String, u64> = BTreeMap::new();
    let mut plies = 0u64;
    let mut draws = 0u64;
    let t = Instant::now();
    for _ in 0..n {
        let mut s = start.clone();
        while let Some(a) = if use_bot {
            RandomBot::pick(&s, &mut rng)
        } else {
            s.random_action(&mut rng)
        } {
            if stats {
                *decisions.entry(format!("{:?}", s.decision())).or_default() += 1;
            }
            s.play_unchecked(a);
            if s.plies() > 5000 {
                draws += 1;
                break;
            }
        }
        plies += u64::from(s.plies());
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{n} playouts in {secs:.2}s: {:.0} playouts/s, {:.1} plies per game, {draws} cut at 5000 plies",
        n as f64 / secs,
        plies as f64 / n as f64
    );
    println!("{decisions:?}");
}
