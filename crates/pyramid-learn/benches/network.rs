//! The network's speed for every game (the default training shape: 32 channels, 2
//! residual blocks): evaluations at batch 1 and batch 64, a training step on 64
//! positions, and one self-play game's worth of search (100 iterations a decision); and
//! the value net of `ab:model` (64 and 32 hidden units): one leaf's observation written
//! and evaluated, against the game's hand-written evaluation.
//! docs/performance.md records the figures; evaluation runs the fast CPU path
//! (`Model::evaluate`), `pyrctl bench --model` measures it against the core's peak.

use std::hint::black_box;

use ataxx_ice::AtaxxIce;
use card_siege::CardSiege;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use martian_chess::MartianChess;
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Seat, SparseObservation};
use pyramid_learn::{
    Learner, Model, ReplayBuffer, SelfPlayConfig, ValueNet, ValueScratch, play_games,
};
use stacktrices::Stacktrices;

fn bench_game<G: FullGame>(c: &mut Criterion) {
    let rules = G::Rules::default();
    let model = Model::new::<G>(&rules, 32, 2, 1).expect("a model");
    let len = model.info().shape.observation_len();
    let mut state = G::new(&rules);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    state.play_random(&mut rng, Some(6));
    let seat = state.to_act().unwrap_or(Seat(0));
    let mut one = vec![0.0; len];
    state.write_observation(seat, &mut one);
    let many: Vec<f32> = one.iter().copied().cycle().take(len * 64).collect();

    let mut group = c.benchmark_group(format!("{}/network", G::NAME));
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    group.bench_function("evaluate batch 1", |b| {
        b.iter(|| model.evaluate(black_box(&one)))
    });
    group.throughput(Throughput::Elements(64));
    group.bench_function("evaluate batch 64", |b| {
        b.iter(|| model.evaluate(black_box(&many)))
    });

    let config = SelfPlayConfig {
        iterations: 100,
        max_plies: 60,
        ..SelfPlayConfig::default()
    };
    let games = play_games::<G>(&model, &rules, 2, 1, &config, 1).expect("self-play");
    let mut buffer = ReplayBuffer::new(10_000);
    buffer.extend(games.into_iter().flat_map(|g| g.positions));
    let mut learner = Learner::new(&model, 1e-3, 1e-4).expect("a learner");
    group.bench_function("training step, 64 positions", |b| {
        b.iter(|| learner.step(&model, &buffer, 64, &mut rng));
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("self-play game, 100 iterations a decision, 60 plies", |b| {
        b.iter(|| play_games::<G>(&model, &rules, 1, 2, &config, 1));
    });
    let net = ValueNet::new::<G>(&rules, 64, 32, 1).expect("a value net");
    let (mut scratch, mut values) = (ValueScratch::default(), vec![0.0; state.seats()]);
    group.bench_function("value net 64x32 leaf (observation and evaluation)", |b| {
        b.iter(|| {
            state.write_observation(seat, &mut one);
            net.evaluate_with(black_box(&one), &mut scratch, &mut values)
        })
    });
    let mut sparse = SparseObservation::new(net.info().shape.cells);
    if state.write_sparse_observation(seat, &mut sparse) {
        group.bench_function(
            "value net 64x32 leaf (sparse observation and evaluation)",
            |b| {
                b.iter(|| {
                    state.write_sparse_observation(seat, &mut sparse);
                    net.evaluate_sparse_with(black_box(&sparse), &mut scratch, &mut values)
                })
            },
        );
    }
    group.bench_function("hand-written evaluation leaf", |b| {
        b.iter(|| black_box(&state).evaluate(seat))
    });
    group.finish();
}

fn network(c: &mut Criterion) {
    bench_game::<MartianChess>(c);
    bench_game::<AtaxxIce>(c);
    bench_game::<CardSiege>(c);
    bench_game::<Stacktrices>(c);
}

criterion_group!(benches, network);
criterion_main!(benches);
