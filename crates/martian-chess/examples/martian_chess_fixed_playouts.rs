//! Plays a fixed number of seeded random playouts from the start (`Game::deal`, then
//! `Game::play_random`), for instruction counts under callgrind:
//!
//!     cargo build --release -p martian-chess --example martian_chess_fixed_playouts
//!     valgrind --tool=callgrind target/release/examples/martian_chess_fixed_playouts [seats] [games]
//!
//! Prints the plies played and a checksum of the final positions, so two builds that
//! draw the same way can be compared for identical play.

use martian_chess::{MartianChess, Rules};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RuleSet, Zobrist};

/// CPU time of this thread in seconds, if the platform reports it.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let seats: usize = args.next().map_or(Ok(2), |a| a.parse())?;
    let games: u32 = args.next().map_or(Ok(2_000), |a| a.parse())?;
    let rules = Rules::default().with_seats(seats)?;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut plies, mut check) = (0u64, 0u64);
    let (started, cpu) = (std::time::Instant::now(), cpu_seconds());
    for _ in 0..games {
        let mut state = MartianChess::deal(&rules, &mut rng);
        state.play_random(&mut rng, None);
        plies += u64::from(state.plies());
        check = check.rotate_left(5) ^ state.key();
    }
    let secs = started.elapsed().as_secs_f64();
    let cpu = match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => secs,
    };
    println!(
        "{seats} seats: {games} games, {plies} plies ({:.1} a game), checksum {check:016x}, {:.0} games/s, {:.0} per CPU second",
        plies as f64 / f64::from(games),
        f64::from(games) / secs,
        f64::from(games) / cpu
    );
    Ok(())
}
