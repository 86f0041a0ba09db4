//! Measures perft with bulk counting and random playouts on one thread, in wall time
//! and per CPU second of the measuring thread (Linux `/proc/thread-self/schedstat`),
//! which stays meaningful on a machine shared with other work.
//!
//!     cargo run --release -p martian-chess --example speed [games]

use std::time::Instant;

use martian_chess::{MartianChess, Rules};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot, perft};

/// CPU time of this thread in seconds, if the platform reports it.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

/// Runs `f`, returning its result, wall seconds and CPU seconds (wall if unknown).
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let (cpu0, wall0) = (cpu_seconds(), Instant::now());
    let out = f();
    let wall = wall0.elapsed().as_secs_f64();
    let cpu = match (cpu0, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => wall,
    };
    (out, wall, cpu)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games: u32 = match std::env::args().nth(1) {
        Some(text) => text.parse()?,
        None => 100_000,
    };
    for (seats, depth) in [(2, 7), (4, 6)] {
        let start = MartianChess::new(&Rules::default().with_seats(seats)?);
        let (nodes, wall, cpu) = timed(|| perft(&start, depth));
        println!(
            "{seats} seats perft({depth}) = {nodes}: {:.0} M nodes/s wall, {:.0} M nodes/s per CPU second",
            nodes as f64 / wall / 1e6,
            nodes as f64 / cpu / 1e6
        );
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (plies, wall, cpu) = timed(|| {
            (0..games)
                .map(|_| u64::from(start.clone().play_random(&mut rng, None)))
                .sum::<u64>()
        });
        println!(
            "{seats} seats play_random: {games} games, {:.1} plies each: {:.0} games/s wall, {:.0} per CPU second",
            plies as f64 / f64::from(games),
            f64::from(games) / wall,
            f64::from(games) / cpu
        );
        let generic = games / 5;
        let (_, wall, cpu) = timed(|| {
            for _ in 0..generic {
                let mut state = start.clone();
                while let Some(action) = RandomBot::pick(&state, &mut rng) {
                    state.play_unchecked(action);
                }
            }
        });
        println!(
            "{seats} seats RandomBot::pick: {generic} games: {:.0} games/s wall, {:.0} per CPU second",
            f64::from(generic) / wall,
            f64::from(generic) / cpu
        );
    }
    Ok(())
}
