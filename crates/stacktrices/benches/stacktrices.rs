//! Criterion benches: move generation, perft, random playouts.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pyramid_core::{Game, perft};
use stacktrices::{Stacktrices, StacktricesRules};

fn bench_perft(c: &mut Criterion) {
    let start = Stacktrices::new(&StacktricesRules::standard());
    c.bench_function("stacktrices perft 3 (standard)", |b| {
        b.iter(|| perft(black_box(&start), 3))
    });
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
