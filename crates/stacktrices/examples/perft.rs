//! Perft from the standard arrangement or the setup phase, with timing.
//!
//! `cargo run --release -p stacktrices --example perft -- standard 4`

use std::time::Instant;

use pyramid_core::{Game, perft};
use stacktrices::{Rules, Stacktrices, Start};

fn main() {
    let start = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "standard".to_owned());
    let depth: u32 = std::env::args()
        .nth(2)
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let rules = if start == "setup" {
        Rules::default()
    } else {
        Rules::default().with_start(Start::Standard)
    };
    let state = Stacktrices::new(&rules);
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&state, d);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{start} perft({d}) = {n}  ({secs:.3}s, {:.2} Mnodes/s)",
            n as f64 / secs / 1e6
        );
    }
}
