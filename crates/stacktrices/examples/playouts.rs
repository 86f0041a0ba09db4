//! Random playouts from the standard arrangement: speed (wall clock and per CPU second of
//! this thread) and which decisions they reach.
//!
//! `cargo run --release -p stacktrices --example playouts -- 5000 [bot|stats]`
//! (`bot`: pick with the generic `RandomBot::pick`; `stats`: count the decisions met).

use std::collections::BTreeMap;
use std::time::Instant;

use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot};
use stacktrices::{Rules, Stacktrices, Start};

/// CPU time of this thread in seconds (Linux), if readable.
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let mode = std::env::args().nth(2).unwrap_or_default();
    let (use_bot, stats) = (mode == "bot", mode == "stats");
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut decisions: BTreeMap<String, u64> = BTreeMap::new();
    let mut plies = 0u64;
    let cpu0 = thread_cpu();
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
        }
        plies += u64::from(s.plies());
    }
    let secs = t.elapsed().as_secs_f64();
    let cpu = cpu0.and_then(|c0| thread_cpu().map(|c1| c1 - c0));
    let per_cpu = cpu.map_or("?".to_owned(), |c| format!("{:.0}", n as f64 / c));
    println!(
        "{n} playouts ({}): {:.0} playouts/s wall, {per_cpu} per CPU second, {:.1} plies per game",
        if use_bot {
            "RandomBot::pick"
        } else {
            "random_action"
        },
        n as f64 / secs,
        plies as f64 / n as f64
    );
    if stats {
        println!("{decisions:?}");
    }
}
