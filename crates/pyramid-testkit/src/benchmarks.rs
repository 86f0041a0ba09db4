//! Criterion benchmarks for any game (feature `criterion`): perft, `count_actions`,
//! `play_random` and the position reader, timed the same way for every implementation of
//! the traits, so a user can measure their own game (or their own engine of one of ours)
//! next to the figures in `docs/performance.md`.
//!
//! A bench target (`benches/my_game.rs`, `harness = false` in `Cargo.toml`):
//!
//! ```no_run
//! use criterion::{Criterion, criterion_group, criterion_main};
//! use pyramid_testkit::benchmarks::{BenchSettings, bench_game};
//! use pyramid_core::nim::{Nim, NimRules};
//!
//! fn nim(c: &mut Criterion) {
//!     bench_game::<Nim>(c, &NimRules::default(), &BenchSettings::default());
//! }
//! criterion_group!(benches, nim);
//! criterion_main!(benches);
//! ```

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput};
use pyramid_core::rand::SeedableRng;

use crate::fuzzing::reachable_state;
use pyramid_core::{ChaCha8Rng, Game, Notation, perft};

/// What [`bench_game`] measures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchSettings {
    /// The perft depth from the start (counted with bulk counting at depth 1).
    pub perft_depth: u32,
    /// How many sample positions `count_actions` and the position reader run over: states
    /// reached by seeded random play, from the start to late in the game.
    pub positions: usize,
    /// The ply cap of each random playout.
    pub playout_plies: u32,
}

impl Default for BenchSettings {
    /// Perft depth 3, 64 positions, playouts of at most 1000 plies.
    fn default() -> Self {
        BenchSettings {
            perft_depth: 3,
            positions: 64,
            playout_plies: 1000,
        }
    }
}

/// Sample positions under `rules`: `count` states reached by seeded random play, the
/// `i`-th after up to `4 * i` plies (so early, middle and late positions all appear).
pub fn sample_positions<G: Game>(rules: &G::Rules, count: usize) -> Vec<G> {
    (0..count)
        .map(|i| reachable_state::<G>(rules, i as u64, 4 * i as u32))
        .collect()
}

/// Benchmarks game `G` under `rules` in four criterion groups named after the game
/// (`<name>/perft`, `<name>/count_actions`, `<name>/play_random`, `<name>/parse_position`),
/// each with its throughput set (nodes, positions, plies, positions), so criterion reports
/// elements per second.
pub fn bench_game<G: Game + Notation>(
    c: &mut Criterion,
    rules: &G::Rules,
    settings: &BenchSettings,
) {
    let name = G::NAME;
    let start = G::new(rules);
    let depth = settings.perft_depth;

    let nodes = perft(&start, depth);
    let mut group = c.benchmark_group(format!("{name}/perft"));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("depth {depth}"), |b| {
        b.iter(|| perft(black_box(&start), depth));
    });
    group.finish();

    let positions = sample_positions::<G>(rules, settings.positions.max(1));
    let mut group = c.benchmark_group(format!("{name}/count_actions"));
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("sample positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_actions())
                .sum::<usize>()
        });
    });
    group.finish();

    let plies_per_playout = {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut state = start.clone();
        u64::from(state.play_random(&mut rng, Some(settings.playout_plies))).max(1)
    };
    let mut group = c.benchmark_group(format!("{name}/play_random"));
    group.throughput(Throughput::Elements(plies_per_playout));
    group.bench_function("from the start, seed 0", |b| {
        b.iter_batched(
            || (start.clone(), ChaCha8Rng::seed_from_u64(0)),
            |(mut state, mut rng)| state.play_random(&mut rng, Some(settings.playout_plies)),
            BatchSize::SmallInput,
        );
    });
    group.finish();

    let texts: Vec<String> = positions.iter().map(Notation::position).collect();
    let mut group = c.benchmark_group(format!("{name}/parse_position"));
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("sample positions", |b| {
        b.iter(|| {
            texts
                .iter()
                .filter(|text| G::from_position(black_box(text), rules).is_ok())
                .count()
        });
    });
    group.finish();
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use pyramid_core::nim::{Nim, NimRules};

    #[test]
    fn bench_game_runs_every_group_on_nim() {
        let mut c = Criterion::default()
            .warm_up_time(Duration::from_millis(5))
            .measurement_time(Duration::from_millis(20))
            .sample_size(10)
            .without_plots();
        let settings = BenchSettings {
            perft_depth: 2,
            positions: 8,
            playout_plies: 100,
        };
        bench_game::<Nim>(&mut c, &NimRules::default(), &settings);
        let positions = sample_positions::<Nim>(&NimRules::default(), 8);
        assert_eq!(positions.len(), 8);
        assert!(positions.iter().any(|p| p.plies() > 0));
    }
}
