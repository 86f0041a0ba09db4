//! A fixed number of seeded random playouts from the standard arrangement, as
//! `playout_speed` plays them (`Game::deal`, then `Game::play_random`): for instruction
//! counts under callgrind, and a checksum of the plies and final positions so that a
//! change of the draw shows.
//!
//! `valgrind --tool=callgrind target/release/examples/stacktrices_fixed_playouts 300`

use std::hash::{DefaultHasher, Hash, Hasher};

use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game};
use stacktrices::{Rules, Stacktrices, Start};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let rules = Rules::default().with_start(Start::Standard);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut plies, mut check) = (0u64, 0u64);
    for _ in 0..n {
        let mut state = Stacktrices::deal(&rules, &mut rng);
        state.play_random(&mut rng, None);
        plies += u64::from(state.plies());
        let mut h = DefaultHasher::new();
        state.hash(&mut h);
        check = check.rotate_left(5) ^ h.finish();
    }
    println!("{n} playouts, {plies} plies, checksum {check:016x}");
}
