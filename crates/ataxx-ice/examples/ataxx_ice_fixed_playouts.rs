//! A fixed number of seeded random playouts from the start (`Game::deal`, then
//! `Game::play_random`), for instruction counts under callgrind and quick timings.
//! Prints the games, plies, a checksum of the final positions (it must not change when
//! the draw is kept identical) and playouts per second of wall time and of the thread's
//! CPU time (`/proc/thread-self/schedstat`, Linux; closer to an idle core on a busy
//! machine).
//!
//!     cargo run --release -p ataxx-ice --example ataxx_ice_fixed_playouts -- [GAMES] [SEATS]
//!     valgrind --tool=callgrind target/release/examples/ataxx_ice_fixed_playouts 2000 2

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use ataxx_ice::{AtaxxIce, Rules};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RuleSet};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(Ok(2000), |t| t.parse())?;
    let seats: usize = args.next().map_or(Ok(2), |t| t.parse())?;
    let rules = Rules::default().with_seats(seats)?;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut plies = 0u64;
    let mut hasher = DefaultHasher::new();
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    for _ in 0..games {
        let mut state = AtaxxIce::deal(&rules, &mut rng);
        state.play_random(&mut rng, None);
        plies += u64::from(state.plies());
        state.hash(&mut hasher);
    }
    let secs = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds()
        .zip(cpu_started)
        .map(|(end, start)| end - start);
    println!(
        "{games} games, {seats} seats, {plies} plies ({:.1}/game), checksum {:016x}, {:.0} playouts/s, {} per CPU second",
        plies as f64 / games as f64,
        hasher.finish(),
        games as f64 / secs,
        cpu.map_or("?".to_string(), |c| format!("{:.0}", games as f64 / c))
    );
    Ok(())
}

/// The CPU time of this thread so far, in seconds (Linux only).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}
