//! Criterion benches: move generation over a set of positions, perft with bulk counting,
//! and random 2-seat playouts (the fused `play_random`, `random_action` per ply, and the
//! generic count-and-walk draw).

use std::hint::black_box;

use ataxx_ice::{AtaxxIce, Rules};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot, perft, random_action_by_walk};

/// Positions reached by seeded random play from the 2, 3 and 4 seat starts.
fn sample_positions() -> Vec<AtaxxIce> {
    let mut out = Vec::new();
    for seats in 2..=4 {
        let rules = Rules::default().with_seats(seats).expect("2 to 4 seats");
        for seed in 0..8u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = AtaxxIce::new(&rules);
            for ply in 0..60 {
                let Some(a) = RandomBot::pick(&game, &mut rng) else {
                    break;
                };
                game.play_unchecked(a);
                if ply % 10 == 9 && !game.is_over() {
                    out.push(game.clone());
                }
            }
        }
    }
    out
}

/// One random game from `start` to its end through [`random_action_by_walk`] (the
/// trait's default draw);
/// returns the plies played.
fn playout_generic(start: &AtaxxIce, rng: &mut ChaCha8Rng) -> u32 {
    let mut game = start.clone();
    while let Some(a) = random_action_by_walk(&game, rng) {
        game.play_unchecked(a);
    }
    game.plies()
}

/// One random game through `RandomBot::pick`, that is `AtaxxIce::random_action` (count,
/// then select by skipping counted blocks); the same distribution as `playout_generic`.
fn playout_fast(start: &AtaxxIce, rng: &mut ChaCha8Rng) -> u32 {
    let mut game = start.clone();
    while let Some(a) = RandomBot::pick(&game, rng) {
        game.play_unchecked(a);
    }
    game.plies()
}

fn benches(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("ataxx-ice");
    let total: u64 = positions.iter().map(|p| p.count_actions() as u64).sum();
    group.throughput(Throughput::Elements(total));
    group.bench_function("generate (actions)", |b| {
        let mut buf = Vec::with_capacity(512);
        b.iter(|| {
            for p in &positions {
                buf.clear();
                p.append_actions(&mut buf);
                black_box(buf.len());
            }
        })
    });
    group.bench_function("count (actions)", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_actions())
                .sum::<usize>()
        })
    });

    let start = AtaxxIce::new(&Rules::default());
    let mut midgame = start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..12 {
        if let Some(a) = RandomBot::pick(&midgame, &mut rng) {
            midgame.play_unchecked(a);
        }
    }
    let nodes = perft(&midgame, 3);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft 3 midgame (nodes)", |b| {
        b.iter(|| perft(black_box(&midgame), 3))
    });
    let nodes = perft(&start, 5);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft 5 start (nodes)", |b| {
        b.iter(|| perft(black_box(&start), 5))
    });
    // Two seats, 35 plies in: most actions relocate pieces (also pinned in tests/perft.rs).
    let relocating = AtaxxIce::from_position(
        "6S11/2M03S11/8/4S1M12/3S1M1M12/1S0S04S1/4S03/4S03 1 145,025 - 35",
        &Rules::default(),
    )
    .expect("valid position");
    let nodes = perft(&relocating, 3);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft 3 relocating (nodes)", |b| {
        b.iter(|| perft(black_box(&relocating), 3))
    });

    group.throughput(Throughput::Elements(1));
    group.bench_function(
        "random 2-seat playout, fused Game::play_random (playouts)",
        |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            b.iter(|| {
                let mut game = black_box(&start).clone();
                game.play_random(&mut rng, None)
            })
        },
    );
    group.bench_function(
        "random 2-seat playout, RandomBot::pick = random_action (playouts)",
        |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            b.iter(|| playout_fast(black_box(&start), &mut rng))
        },
    );
    group.bench_function(
        "random 2-seat playout, count and walk the generator (playouts)",
        |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            b.iter(|| playout_generic(black_box(&start), &mut rng))
        },
    );
    group.finish();
}

criterion_group!(ataxx_ice_benches, benches);
criterion_main!(ataxx_ice_benches);
