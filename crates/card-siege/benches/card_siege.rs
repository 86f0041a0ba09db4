//! Criterion benches: move generation over a set of positions, perft with bulk counting,
//! and random playouts.

use std::hint::black_box;

use card_siege::{CardSiege, CardSiegeRules};
use criterion::{Criterion, criterion_group, criterion_main};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot, perft};

/// Positions reached by seeded random play from both starts, mid-game and later.
fn sample_positions() -> Vec<CardSiege> {
    let mut out = Vec::new();
    for (seed, rules) in [(1u64, CardSiegeRules::default()), (2, CardSiegeRules::without_opening())] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for game in 0..8 {
            let mut state = CardSiege::new(&rules);
            for ply in 0..(10 + 6 * game) {
                let Some(action) = RandomBot::pick(&state, &mut rng) else { break };
                state.play_unchecked(action);
                if ply % 5 == 4 {
                    out.push(state.clone());
                }
            }
        }
    }
    out
}

fn playout(start: &CardSiege, rng: &mut ChaCha8Rng) -> u32 {
    let mut state = start.clone();
    while let Some(action) = RandomBot::pick(&state, rng) {
        state.play_unchecked(action);
    }
    state.plies()
}

fn benches(c: &mut Criterion) {
    let positions = sample_positions();
    c.bench_function("card_siege/generate_actions", |b| {
        let mut buf = Vec::with_capacity(128);
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                buf.clear();
                p.append_actions(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    let start = CardSiege::new(&CardSiegeRules::default());
    let open = CardSiege::new(&CardSiegeRules::without_opening());
    c.bench_function("card_siege/perft3_opening_on", |b| b.iter(|| perft(black_box(&start), 3)));
    c.bench_function("card_siege/perft3_opening_off", |b| b.iter(|| perft(black_box(&open), 3)));
    let mut rules = CardSiegeRules::default();
    rules.ply_limit = Some(400);
    let limited = CardSiege::new(&rules);
    c.bench_function("card_siege/random_playout", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| black_box(playout(&limited, &mut rng)))
    });
}

criterion_group!(card_siege, benches);
criterion_main!(card_siege);
