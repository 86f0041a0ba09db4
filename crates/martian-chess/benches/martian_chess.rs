//! Criterion benchmarks: legal-move generation over a set of positions, perft with bulk
//! counting, and random playouts.
//!
//!     cargo bench -p martian-chess

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use martian_chess::{Action, MartianChess, Rules};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot, perft};

fn rules(seats: usize) -> Rules {
    Rules::default()
        .with_seats(seats)
        .expect("2 and 4 seats are allowed")
}

/// Positions met along seeded random games: a spread of openings, middle games and ends.
fn sample_positions(seats: usize, games: u64) -> Vec<MartianChess> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = MartianChess::new(&rules(seats));
        while let Some(action) = RandomBot::pick(&state, &mut rng) {
            out.push(state.clone());
            state.play_unchecked(action);
        }
    }
    out
}

/// Plays one random game to its end through the generic `RandomBot::pick` (count, then
/// walk the generator); returns its length in plies.
fn generic_playout(start: &MartianChess, rng: &mut ChaCha8Rng) -> u32 {
    let mut state = start.clone();
    while let Some(action) = RandomBot::pick(&state, rng) {
        state.play_unchecked(action);
    }
    state.plies()
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for seats in [2, 4] {
        let positions = sample_positions(seats, 20);
        group.throughput(Throughput::Elements(positions.len() as u64));
        let mut buf: Vec<Action> = Vec::with_capacity(128);
        group.bench_function(
            format!("append_actions/{seats}-seats/{}-positions", positions.len()),
            |b| {
                b.iter(|| {
                    let mut total = 0;
                    for state in &positions {
                        buf.clear();
                        black_box(state).append_actions(&mut buf);
                        total += buf.len();
                    }
                    black_box(total)
                });
            },
        );
        group.bench_function(
            format!("count_actions/{seats}-seats/{}-positions", positions.len()),
            |b| {
                b.iter(|| {
                    positions
                        .iter()
                        .map(|s| black_box(s).count_actions())
                        .sum::<usize>()
                });
            },
        );
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (seats, depth) in [(2, 6), (4, 6)] {
        let start = MartianChess::new(&rules(seats));
        let nodes = perft(&start, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{seats}-seats/depth-{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth));
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    for seats in [2, 4] {
        let start = MartianChess::new(&rules(seats));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.throughput(Throughput::Elements(100));
        group.bench_function(format!("{seats}-seats/100-games/play_random"), |b| {
            b.iter(|| {
                (0..100)
                    .map(|_| {
                        let mut state = start.clone();
                        state.play_random(&mut rng, None)
                    })
                    .sum::<u32>()
            });
        });
        group.bench_function(format!("{seats}-seats/100-games/random_bot_pick"), |b| {
            b.iter(|| {
                (0..100)
                    .map(|_| generic_playout(&start, &mut rng))
                    .sum::<u32>()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench, playouts);
criterion_main!(benches);
