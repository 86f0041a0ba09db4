//! The evaluator seam and the fast inference path: the fast path agrees with candle's
//! forward pass on random observations of every game (tiny networks), follows the
//! weights through a training step, and the uniform evaluator drives self-play and the
//! `az` bot without a network; the value net's fast path agrees with candle too.

use std::sync::Arc;
use std::time::Duration;

use ataxx_ice::AtaxxIce;
use card_siege::CardSiege;
use martian_chess::MartianChess;
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{Bot, ChaCha8Rng, Seat};
use pyramid_learn::{
    AzBot, AzBudget, AzConfig, CandleEvaluator, Evaluation, Evaluator, Learner, Model,
    ReplayBuffer, SelfPlayConfig, UniformEvaluator, ValueNet, bench_network, check_evaluator,
    flops_per_eval, peak_gflops, play_games, value_net_candle,
};
use stacktrices::Stacktrices;

/// Observations of `G`: some of states reached by random play, some random numbers.
fn observations<G: FullGame>(rules: &G::Rules, len: usize, seed: u64) -> Vec<f32> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for plies in [0, 3, 9, 20] {
        let mut state = G::new(rules);
        state.play_random(&mut rng, Some(plies));
        let seat = state.to_act().unwrap_or(Seat(0));
        let mut one = vec![0.0; len];
        state.write_observation(seat, &mut one);
        out.extend(one);
    }
    out.extend((0..3 * len).map(|_| rng.random_range(-1.0f32..2.0)));
    out
}

/// Whether `a` and `b` agree to 1e-4 (relative to the size of the numbers above 1).
fn close(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= 1e-4 * x.abs().max(y.abs()).max(1.0))
}

fn assert_agree(fast: &[Evaluation], candle: &[Evaluation], what: &str) {
    assert_eq!(fast.len(), candle.len(), "{what}: batch sizes");
    for (i, (f, c)) in fast.iter().zip(candle).enumerate() {
        assert!(
            close(&f.logits, &c.logits),
            "{what}: logits of position {i}"
        );
        assert!(
            close(&f.values, &c.values),
            "{what}: values of position {i}"
        );
    }
}

/// The fast path against candle for a tiny network of `G`, trunk and heads.
fn fast_path_agrees<G: FullGame>() {
    let rules = G::Rules::default();
    for (channels, blocks, seed) in [(4, 1, 3), (3, 2, 4), (5, 0, 5)] {
        let model = Model::new::<G>(&rules, channels, blocks, seed).expect("a model");
        let len = model.info().shape.observation_len();
        let observations = observations::<G>(&rules, len, seed);
        let fast = model.inference().expect("the fast path");
        let candle = CandleEvaluator(&model);
        let what = format!("{} {channels}x{blocks}", G::NAME);
        assert_agree(
            &fast.evaluate_batch(&observations).expect("fast"),
            &candle.evaluate_batch(&observations).expect("candle"),
            &what,
        );
        // One at a time, as the bot's single leaves go.
        assert_agree(
            &model.evaluate(&observations[..len]).expect("fast"),
            &candle.evaluate_batch(&observations[..len]).expect("candle"),
            &what,
        );
    }
}

#[test]
fn fast_path_agrees_with_candle_for_every_game() {
    fast_path_agrees::<MartianChess>();
    fast_path_agrees::<AtaxxIce>();
    fast_path_agrees::<CardSiege>();
    fast_path_agrees::<Stacktrices>();
}

/// The value net's fast path (sparse first layer, constant planes folded) against
/// candle's forward pass for small nets of `G`.
fn value_net_agrees<G: FullGame>() {
    let rules = G::Rules::default();
    for (hidden, hidden2, seed) in [(16, 8, 3), (64, 32, 4), (5, 1, 5)] {
        let net = ValueNet::new::<G>(&rules, hidden, hidden2, seed).expect("a value net");
        let len = net.info().shape.inputs();
        let observations = observations::<G>(&rules, len, seed);
        let candle = value_net_candle(&net, &observations).expect("candle");
        assert_eq!(candle.len(), observations.len() / len);
        for (i, (one, expected)) in observations.chunks(len).zip(&candle).enumerate() {
            let fast = net.evaluate(one).expect("fast");
            assert!(
                close(&fast, expected),
                "{} {hidden}x{hidden2}: position {i}: {fast:?} against {expected:?}",
                G::NAME
            );
        }
    }
}

#[test]
fn value_net_fast_path_agrees_with_candle_for_every_game() {
    value_net_agrees::<MartianChess>();
    value_net_agrees::<AtaxxIce>();
    value_net_agrees::<CardSiege>();
    value_net_agrees::<Stacktrices>();
}

#[test]
fn fast_path_follows_a_training_step() {
    let rules = martian_chess::Rules::default();
    let model = Model::new::<MartianChess>(&rules, 4, 1, 9).expect("a model");
    let config = SelfPlayConfig {
        iterations: 8,
        max_plies: 12,
        ..SelfPlayConfig::default()
    };
    let games = play_games::<MartianChess>(&model, &rules, 2, 1, &config, 1).expect("games");
    let mut buffer = ReplayBuffer::new(1000);
    buffer.extend(games.into_iter().flat_map(|g| g.positions));
    let len = model.info().shape.observation_len();
    let observations = observations::<MartianChess>(&rules, len, 2);
    let before = model.evaluate(&observations).expect("before");
    let mut learner = Learner::new(&model, 0.05, 0.0).expect("a learner");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    learner.step(&model, &buffer, 16, &mut rng).expect("a step");
    let after = model.evaluate(&observations).expect("after");
    assert_ne!(before, after, "the step changed the weights");
    let candle = CandleEvaluator(&model).evaluate_batch(&observations);
    assert_agree(&after, &candle.expect("candle"), "after a step");
}

#[test]
fn uniform_evaluator_drives_self_play_and_the_bot() {
    let rules = martian_chess::Rules::default();
    let uniform = UniformEvaluator::new::<MartianChess>(&rules);
    let len = uniform.shape().observation_len();
    let answers = uniform
        .evaluate_batch(&vec![0.0; 3 * len])
        .expect("answers");
    assert_eq!(answers.len(), 3);
    assert!(answers[0].logits.iter().all(|&l| l == 0.0));
    assert_eq!(answers[0].values, vec![0.5, 0.5]);
    check_evaluator::<MartianChess>(&uniform, &rules).expect("fits its game");
    assert!(check_evaluator::<Stacktrices>(&uniform, &Default::default()).is_err());

    let config = SelfPlayConfig {
        iterations: 10,
        max_plies: 10,
        ..SelfPlayConfig::default()
    };
    let games = play_games::<MartianChess>(&uniform, &rules, 2, 1, &config, 3).expect("games");
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| !g.positions.is_empty()));

    let az = AzConfig {
        budget: AzBudget::Iterations(20),
        ..AzConfig::default()
    };
    let mut bot = AzBot::<MartianChess>::new(Arc::new(uniform), az, 1);
    let state = MartianChess::new(&rules);
    let seat = state.to_act().expect("a seat to act");
    let action = bot.choose(&state.view(seat), seat).expect("an action");
    assert!(state.is_legal(action), "a legal action");
}

#[test]
fn network_bench_reports_its_fields() {
    let rules = card_siege::Rules::default();
    let model = Model::new::<CardSiege>(&rules, 2, 1, 1).expect("a model");
    let flops = flops_per_eval(&model.info().shape);
    assert!(flops > 0);
    let peak = peak_gflops(Duration::from_millis(1)).expect("a peak");
    assert!(peak > 0.0);
    let bench = bench_network(&model, Duration::from_millis(8), peak).expect("a bench");
    assert_eq!(bench.game, "card-siege");
    assert_eq!(bench.flops_per_eval, flops);
    assert!(bench.evals_per_s_batch1 > 0.0 && bench.evals_per_s_batch64 > 0.0);
    let json = serde_json::to_value(&bench).expect("json");
    for key in [
        "evals_per_s_batch1",
        "evals_per_s_batch64",
        "flops_per_eval",
        "peak_gflops",
    ] {
        assert!(json.get(key).is_some(), "key {key}");
    }
}
