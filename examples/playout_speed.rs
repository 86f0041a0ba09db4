//! Random playouts per second for every game, on one thread: from the start position,
//! seeded random actions (`Game::play_random`) until the game ends. The figures of `docs/performance.md` come from this program.
//!
//!     cargo run --release --example playout_speed [-- SECONDS_PER_GAME]

use std::time::{Duration, Instant};

use pyramid_games::ataxx_ice::AtaxxIce;
use pyramid_games::card_siege::CardSiege;
use pyramid_games::core::rand::SeedableRng;
use pyramid_games::core::{ChaCha8Rng, Game, RuleSet};
use pyramid_games::martian_chess::MartianChess;
use pyramid_games::stacktrices::Stacktrices;

/// Plays random games of `G` under `rules` for about `budget`; returns (games, plies, time).
fn measure<G: Game>(rules: &G::Rules, budget: Duration) -> (u64, u64, Duration) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let started = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    while started.elapsed() < budget {
        let mut state = G::deal(rules, &mut rng);
        state.play_random(&mut rng, None);
        games += 1;
        plies += u64::from(state.plies());
    }
    (games, plies, started.elapsed())
}

fn report<G: Game>(label: &str, rules: &G::Rules, budget: Duration) {
    let (games, plies, time) = measure::<G>(rules, budget);
    let secs = time.as_secs_f64();
    println!(
        "{label:<36} {:>10.0} playouts/s {:>8.1} plies/game {:>8.2} M plies/s",
        games as f64 / secs,
        plies as f64 / games as f64,
        plies as f64 / secs / 1e6
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds: f64 = match std::env::args().nth(1) {
        Some(text) => text.parse()?,
        None => 2.0,
    };
    let budget = Duration::from_secs_f64(seconds);

    report::<MartianChess>("martian-chess, 2 seats", &Default::default(), budget);
    let mut four = <MartianChess as Game>::Rules::default();
    four.set_seats(4)?;
    report::<MartianChess>("martian-chess, 4 seats", &four, budget);

    report::<AtaxxIce>("ataxx-ice, 2 seats", &Default::default(), budget);
    let mut four = <AtaxxIce as Game>::Rules::default();
    four.set_seats(4)?;
    report::<AtaxxIce>("ataxx-ice, 4 seats", &four, budget);

    // card-siege games can run for ever (two lone Kings shuffling): cap them.
    let mut capped = <CardSiege as Game>::Rules::default();
    capped.set_ply_limit(Some(1000));
    report::<CardSiege>("card-siege, ply limit 1000", &capped, budget);

    let mut standard = <Stacktrices as Game>::Rules::default();
    standard.set_option("start", "standard")?;
    report::<Stacktrices>("stacktrices, standard arrangement", &standard, budget);
    Ok(())
}
