//! Times trade counting and generation over trade decisions of random games.

use std::time::Instant;

use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, RandomBot};
use stacktrices::{Decision, Rules, Stacktrices, Start};

fn main() {
    let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut states = Vec::new();
    while states.len() < 5000 {
        let mut s = start.clone();
        while let Some(a) = RandomBot::pick(&s, &mut rng) {
            if s.decision() == Decision::Trade {
                states.push(s.clone());
            }
            s.play_unchecked(a);
        }
    }
    let t = Instant::now();
    let mut n = 0usize;
    for s in &states {
        n += s.count_actions();
    }
    let c = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut m = 0usize;
    for s in &states {
        s.for_each_action(|_| m += 1);
    }
    let e = t.elapsed().as_secs_f64();
    println!(
        "{} states, {:.1} trades avg; count {:.2} us/state, generate {:.2} us/state",
        states.len(),
        n as f64 / states.len() as f64,
        c * 1e6 / states.len() as f64,
        e * 1e6 / states.len() as f64
    );
    assert_eq!(n, m);
}
