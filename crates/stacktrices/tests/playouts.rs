//! The fast random-action path agrees with plain generation.

use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{ChaCha8Rng, Game, RandomBot, random_action_by_walk};
use pyramid_testkit::conformance::{check_uniform_choice, check_uniform_random_play};
use stacktrices::{Decision, Rules, Stacktrices, Start};

fn states(rules: &Rules, games: u64) -> Vec<Stacktrices> {
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
        Rules::default().with_start(Start::Standard),
        Rules::default()
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

/// Outside trade decisions (and for Variant 2's trades) the fast draw is the generic one:
/// the same action for the same random state, and the same draws used.
#[test]
fn random_action_draws_like_the_default_walk_outside_trades() {
    let variant2 = Rules::default()
        .with_start(Start::Standard)
        .with_variant2(true);
    let standard = Rules::default().with_start(Start::Standard);
    let mut compared = 0;
    for (rules, trades_too) in [(standard, false), (variant2, true)] {
        for s in states(&rules, 4) {
            if s.decision() == Decision::Trade && !trades_too {
                continue;
            }
            compared += 1;
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
    assert!(compared > 100);
}

/// Trades are drawn by rejection (not the same action as the generic draw for the same
/// random state): at trade decisions of random games, `random_action` and one ply of
/// `play_random` pass the harness's uniformity check (every legal action, `trade=none`
/// included, about equally often, and nothing else); so do states of random games with
/// few and with many actions, from the standard start and the setup phase.
#[test]
fn random_choices_are_uniform_over_the_legal_actions() {
    let rules = Rules::default().with_start(Start::Standard);
    let positions: Vec<Stacktrices> = states(&rules, 3)
        .into_iter()
        .filter(|s| s.decision() == Decision::Trade && s.count_actions() > 20)
        .step_by(7)
        .take(6)
        .collect();
    assert_eq!(positions.len(), 6);
    for s in &positions {
        check_uniform_choice(s, 5);
    }
    for start in [Start::Standard, Start::Setup] {
        let rules = Rules::default().with_start(start);
        check_uniform_random_play::<Stacktrices>(&rules, 0..2, 300);
    }
}

#[test]
fn random_playouts_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..20 {
        let mut g = Stacktrices::new(&Rules::default().with_start(Start::Standard));
        g.play_random(&mut rng, Some(100_000));
        assert!(g.is_over());
        assert_eq!(g.piece_census().0, stacktrices::Piece::TOTALS);
    }
}
