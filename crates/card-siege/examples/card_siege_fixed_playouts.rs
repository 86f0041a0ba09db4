//! A fixed number of seeded random playouts from the start (ply limit 1000), for
//! instruction counts under callgrind: `valgrind --tool=callgrind
//! target/release/examples/card_siege_fixed_playouts 500`. Prints the games, plies, a checksum of the
//! final positions (so runs before and after a change can be compared) and the rate.
//! With a second argument `exact`, plays with the exact draw instead
//! (`Game::random_action` then `Game::play_unchecked`, the trait's default loop).

use std::time::Instant;

use card_siege::{CardSiege, Rules};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RuleSet};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games: u64 = match std::env::args().nth(1) {
        Some(text) => text.parse()?,
        None => 500,
    };
    let exact = std::env::args().nth(2).as_deref() == Some("exact");
    let rules = Rules::default().with_ply_limit(Some(1000));
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut plies, mut checksum) = (0u64, 0u64);
    for _ in 0..games {
        let mut state = CardSiege::deal(&rules, &mut rng);
        if exact {
            while let Some(action) = state.random_action(&mut rng) {
                state.play_unchecked(action);
            }
        } else {
            state.play_random(&mut rng, None);
        }
        plies += u64::from(state.plies());
        checksum = checksum.rotate_left(7) ^ u64::from(state.plies());
        if let Some(outcome) = state.outcome() {
            checksum ^= format!("{outcome:?}").len() as u64;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies, {:.1} plies/game, checksum {checksum:x}, {:.0} playouts/s",
        plies as f64 / games as f64,
        games as f64 / secs
    );
    Ok(())
}
