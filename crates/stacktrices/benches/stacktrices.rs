//! Criterion benches: action generation over a set of positions, trade counting, perft
//! (bulk counting at depth 1), and random playouts from the standard arrangement.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot, perft};
use stacktrices::{Decision, Rules, Stacktrices, Start};

/// Positions met in seeded random games from the standard arrangement.
fn positions() -> Vec<Stacktrices> {
    let mut out = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for _ in 0..20 {
        let mut s = Stacktrices::new(&Rules::default().with_start(Start::Standard));
        while let Some(a) = s.random_action(&mut rng) {
            out.push(s.clone());
            s.play_unchecked(a);
        }
    }
    out
}

fn bench_generation(c: &mut Criterion) {
    let all = positions();
    let mains: Vec<_> = all
        .iter()
        .filter(|s| s.decision() == Decision::Main)
        .cloned()
        .collect();
    let trades: Vec<_> = all
        .iter()
        .filter(|s| s.decision() == Decision::Trade)
        .cloned()
        .collect();
    let mut buf = Vec::new();
    c.bench_function("stacktrices generate main actions (per position)", |b| {
        let mut i = 0;
        b.iter(|| {
            buf.clear();
            mains[i % mains.len()].append_actions(&mut buf);
            i += 1;
            black_box(buf.len())
        })
    });
    c.bench_function("stacktrices generate trades (per position)", |b| {
        let mut i = 0;
        b.iter(|| {
            buf.clear();
            trades[i % trades.len()].append_actions(&mut buf);
            i += 1;
            black_box(buf.len())
        })
    });
    c.bench_function("stacktrices count trades (per position)", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(trades[i % trades.len()].count_actions())
        })
    });
}

fn bench_perft(c: &mut Criterion) {
    let standard = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let setup = Stacktrices::new(&Rules::default());
    c.bench_function("stacktrices perft 3 (standard, 36603 nodes)", |b| {
        b.iter(|| perft(black_box(&standard), 3))
    });
    c.bench_function("stacktrices perft 6 (setup phase, 2547216 nodes)", |b| {
        b.iter(|| perft(black_box(&setup), 6))
    });
}

fn bench_playouts(c: &mut Criterion) {
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    c.bench_function("stacktrices random playout (random_action)", |b| {
        b.iter(|| {
            let mut s = start.clone();
            black_box(s.play_random(&mut rng, Some(u32::MAX)))
        })
    });
    c.bench_function("stacktrices random playout (RandomBot::pick)", |b| {
        b.iter(|| {
            let mut s = start.clone();
            while let Some(a) = RandomBot::pick(&s, &mut rng) {
                s.play_unchecked(a);
            }
            black_box(s.plies())
        })
    });
}

criterion_group!(benches, bench_generation, bench_perft, bench_playouts);
criterion_main!(benches);
