//! The fast random-action path agrees with plain generation.

use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{ChaCha8Rng, Game, RandomBot, random_action_by_walk};
use stacktrices::{Stacktrices, StacktricesRules, Start};

fn states(rules: &StacktricesRules, games: u64) -> Vec<Stacktrices> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = Stacktrices::new(rules);
        while let Some(a) = RandomBot::pick(&s, &mut rng) {
            out.push(s.clone());
            s.play_unchecked(a);
        }
        out.push(s);
    }
    out
}

#[test]
fn nth_action_is_the_nth_generated_action() {
    for rules in [
        StacktricesRules::default().with_start(Start::Standard),
        StacktricesRules::default()
            .with_start(Start::Standard)
            .with_variant1(true)
            .with_variant2(true),
    ] {
        for s in states(&rules, 6) {
            let all = s.legal_actions();
            assert_eq!(s.count_actions(), all.len(), "count at `{}`", s.position());
            let step = 1 + all.len() / 40;
            for i in (0..all.len()).step_by(step) {
                assert_eq!(
                    s.nth_action(i),
                    Some(all[i]),
                    "index {i} at `{}`",
                    s.position()
                );
            }
            assert_eq!(s.nth_action(all.len()), None);
        }
    }
}

#[test]
fn random_action_draws_like_the_default_walk() {
    for s in states(&StacktricesRules::default().with_start(Start::Standard), 4) {
        let mut a = ChaCha8Rng::seed_from_u64(99);
        let mut b = a.clone();
        let fast = s.random_action(&mut a);
        let slow = random_action_by_walk(&s, &mut b);
        assert_eq!(fast, slow, "at `{}`", s.position());
        assert_eq!(
            a.random::<u64>(),
            b.random::<u64>(),
            "the same random draws were used"
        );
    }
}

#[test]
fn random_playouts_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..20 {
        let mut g = Stacktrices::new(&StacktricesRules::default().with_start(Start::Standard));
        g.play_random(&mut rng, Some(100_000));
        assert!(g.is_over());
        assert_eq!(g.piece_census().0, stacktrices::Piece::TOTALS);
    }
}
