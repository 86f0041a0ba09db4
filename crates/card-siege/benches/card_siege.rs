//! Criterion benches: move generation over a set of positions, perft with bulk counting,
//! and random playouts (the fused `play_random`, the exact `random_action` and the generic
//! `RandomBot`).

use std::hint::black_box;

use card_siege::{CardSiege, Rules};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot, perft};

/// Positions reached by seeded random play from both starts, mid-game and later.
fn sample_positions() -> Vec<CardSiege> {
    let mut out = Vec::new();
    for (seed, rules) in [
        (1u64, Rules::default()),
        (2, Rules::default().with_opening(false)),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for game in 0..8 {
            let mut state = CardSiege::new(&rules);
            for ply in 0..(10 + 6 * game) {
                let Some(action) = state.random_action(&mut rng) else {
                    break;
                };
                state.play_unchecked(action);
                if ply % 5 == 4 {
                    out.push(state.clone());
                }
            }
        }
    }
    out
}

/// The rules of a playout: the default game, cut off at 1000 plies (few games get there).
fn playout_rules() -> Rules {
    Rules::default().with_ply_limit(Some(1000))
}

fn generation(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("card_siege/generate");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("append_actions", |b| {
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
    group.bench_function("count_actions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_actions())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("card_siege/perft");
    for (name, rules, nodes) in [
        ("opening_on_depth4", Rules::default(), 31_703_185u64),
        (
            "opening_off_depth4",
            Rules::default().with_opening(false),
            66_696_654,
        ),
    ] {
        let start = CardSiege::new(&rules);
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function(name, |b| b.iter(|| perft(black_box(&start), 4)));
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let start = CardSiege::new(&playout_rules());
    let mut group = c.benchmark_group("card_siege/playout");
    group.throughput(Throughput::Elements(1));
    group.bench_function("play_random", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| {
            let mut state = start.clone();
            state.play_random(&mut rng, None);
            black_box(state.plies())
        })
    });
    group.bench_function("random_action", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| {
            let mut state = start.clone();
            while let Some(action) = state.random_action(&mut rng) {
                state.play_unchecked(action);
            }
            black_box(state.plies())
        })
    });
    group.bench_function("random_bot_pick", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| {
            let mut state = start.clone();
            while let Some(action) = RandomBot::pick(&state, &mut rng) {
                state.play_unchecked(action);
            }
            black_box(state.plies())
        })
    });
    group.finish();
}

criterion_group!(card_siege, generation, perfts, playouts);
criterion_main!(card_siege);
