//! The learning crate's promises: model files round-trip and refuse what is not theirs,
//! batched evaluation equals one at a time, the search plays sound moves, the `az` bot
//! reads only its seat's view, and a short training run learns to beat a random player;
//! the value nets of `ab:model`, and files written safely and runs that end, in their own
//! modules (one test binary, linked once).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use martian_chess::{MartianChess, Rules};
use pyramid_core::arena::play_game;
use pyramid_core::nim::Nim;
use pyramid_core::prelude::*;
use pyramid_core::{Bot, RandomBot, RuleSet, Seat};
use pyramid_learn::{
    AzBot, AzBudget, AzConfig, MODEL_FILE, Model, ModelError, Opponent, Position, SelfPlayConfig,
    TeacherConfig, TrainConfig, TrainError, play_teacher_games, read_log, softmax_at, train,
};
use pyramid_testkit::conformance::check_bot;
use stacktrices::Stacktrices;

mod files_and_runs;
mod value_net;

/// A fresh directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("pyramid-learn-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tiny_martian_model(seed: u64) -> Model {
    Model::new::<MartianChess>(&Rules::default(), 8, 1, seed).expect("a model")
}

fn az(model: Model, iterations: u64) -> (Arc<Model>, AzConfig) {
    (
        Arc::new(model),
        AzConfig {
            budget: AzBudget::Iterations(iterations),
            ..AzConfig::default()
        },
    )
}

#[test]
fn a_saved_model_loads_back_with_the_same_weights_and_record() {
    let dir = TempDir::new("round-trip");
    let rules = Rules::default();
    let model = tiny_martian_model(3);
    let path = dir.path().join("m.safetensors");
    model.save(&path).expect("saved");
    let loaded = Model::load::<MartianChess>(&path, &rules).expect("loaded");
    assert_eq!(loaded.info(), model.info());
    assert_eq!(loaded.parameters(), model.parameters());
    let state = MartianChess::new(&rules);
    let before = model
        .evaluate_states(&[(&state, Seat(0))])
        .expect("evaluates");
    let after = loaded
        .evaluate_states(&[(&state, Seat(0))])
        .expect("evaluates");
    assert_eq!(before, after);
    // The same seed makes the same model, another seed another one.
    let again = tiny_martian_model(3)
        .evaluate_states(&[(&state, Seat(0))])
        .expect("evaluates");
    let other = tiny_martian_model(4)
        .evaluate_states(&[(&state, Seat(0))])
        .expect("evaluates");
    assert_eq!(before, again);
    assert_ne!(before, other);
}

#[test]
fn wrong_game_wrong_rules_truncated_and_garbage_model_files_are_refused() {
    let dir = TempDir::new("refused");
    let path = dir.path().join("m.safetensors");
    tiny_martian_model(1).save(&path).expect("saved");

    let wrong_game =
        Model::load::<Stacktrices>(&path, &Default::default()).expect_err("another game");
    assert!(
        matches!(wrong_game, ModelError::WrongGame { .. }),
        "{wrong_game}"
    );
    assert!(
        wrong_game.to_string().contains("martian-chess"),
        "{wrong_game}"
    );

    let mut four = Rules::default();
    four.set_option("players", "4").expect("four seats");
    let wrong_rules = Model::load::<MartianChess>(&path, &four).expect_err("four seats");
    assert!(
        matches!(wrong_rules, ModelError::WrongRules { .. }),
        "{wrong_rules}"
    );

    let bytes = std::fs::read(&path).expect("read");
    for cut in [0, 7, 100, bytes.len() / 2, bytes.len() - 1] {
        let truncated = dir.path().join("truncated.safetensors");
        std::fs::write(&truncated, &bytes[..cut]).expect("written");
        let error = Model::load_any(&truncated).expect_err("truncated");
        assert!(
            matches!(error, ModelError::Damaged { .. }),
            "cut at {cut}: {error}"
        );
    }
    let garbage = dir.path().join("garbage.safetensors");
    std::fs::write(
        &garbage,
        b"\xff\xff\xff\xff\xff\xff\xff\x7fnot a model at all",
    )
    .expect("written");
    assert!(matches!(
        Model::load_any(&garbage),
        Err(ModelError::Damaged { .. })
    ));
    // A real safetensors file that is no model of ours.
    let foreign = dir.path().join("foreign.safetensors");
    let data = 1.0f32.to_le_bytes();
    let view = safetensors::tensor::TensorView::new(safetensors::Dtype::F32, vec![1], &data)
        .expect("view");
    safetensors::serialize_to_file([("x", view)], None, &foreign).expect("written");
    assert!(matches!(
        Model::load_any(&foreign),
        Err(ModelError::NotAModel { .. })
    ));
    assert!(matches!(
        Model::load_any(&dir.path().join("missing.safetensors")),
        Err(ModelError::Io { .. })
    ));
}

#[test]
fn batched_and_one_at_a_time_evaluation_give_the_same_outputs() {
    let rules = Rules::default();
    let model = tiny_martian_model(9);
    let mut rng = <pyramid_core::ChaCha8Rng as pyramid_core::rand::SeedableRng>::seed_from_u64(2);
    let mut states = vec![MartianChess::new(&rules)];
    while states.len() < 12 {
        let mut next = states[states.len() - 1].clone();
        if next.play_random(&mut rng, Some(3)) == 0 || next.is_over() {
            break;
        }
        states.push(next);
    }
    let positions: Vec<(&MartianChess, Seat)> = states
        .iter()
        .map(|s| (s, s.to_act().unwrap_or(Seat(0))))
        .collect();
    let batched = model.evaluate_states(&positions).expect("evaluates");
    assert_eq!(batched.len(), positions.len());
    for (position, together) in positions.iter().zip(&batched) {
        let alone = &model.evaluate_states(&[*position]).expect("evaluates")[0];
        for (a, b) in alone
            .logits
            .iter()
            .zip(&together.logits)
            .chain(alone.values.iter().zip(&together.values))
        {
            assert!((a - b).abs() <= 1e-4 * (1.0 + a.abs()), "{a} vs {b}");
        }
    }
}

#[test]
fn the_search_finds_the_winning_nim_move_whatever_the_network_says() {
    // Taking one counter leaves four: lost for the player to move. The network is
    // untrained; the game's ends, reached in the tree, decide.
    let rules = Default::default();
    let game = Nim::from_position("0,5 0 0", &rules).expect("valid");
    let model = Model::new::<Nim>(&rules, 4, 1, 5).expect("a model");
    let (model, mut config) = az(model, 3000);
    config.search.c_puct = 1.0;
    let mut bot = AzBot::<Nim>::new(model, config, 1);
    let action = bot.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
    assert_eq!(action.to_string(), "b-1");
}

#[test]
fn the_az_bot_passes_check_bot_and_reads_only_its_seats_view() {
    // check_bot: legal actions, reproducible from the seed, and the same choice from
    // every state of the seat's information set (the hidden thief cannot leak).
    let model = Model::new::<Stacktrices>(&Default::default(), 4, 1, 2).expect("a model");
    let (model, config) = az(model, 24);
    check_bot(
        |seed| AzBot::<Stacktrices>::new(model.clone(), config.clone(), seed),
        Stacktrices::new(&Default::default()),
        0..1,
        8,
    );
    let mc = tiny_martian_model(6);
    let (mc, config) = az(mc, 16);
    check_bot(
        |seed| AzBot::<MartianChess>::new(mc.clone(), config.clone(), seed),
        MartianChess::new(&Rules::default()),
        0..1,
        8,
    );
}

#[test]
fn a_model_of_other_rules_makes_the_bot_fail_with_the_reason() {
    let mut four = Rules::default();
    four.set_option("players", "4").expect("four seats");
    let (model, config) = az(tiny_martian_model(1), 8);
    let mut bot = AzBot::<MartianChess>::new(model, config, 1);
    let state = MartianChess::new(&four);
    assert_eq!(bot.choose(&state.view(Seat(0)), Seat(0)), None);
    let reason = bot.failure().expect("a reason");
    assert!(reason.contains("other rules"), "{reason}");
}

fn quick_training(generations: u64) -> TrainConfig {
    TrainConfig {
        channels: 8,
        blocks: 1,
        games_per_generation: 12,
        self_play: SelfPlayConfig {
            iterations: 16,
            max_plies: 120,
            concurrent_games: 12,
            ..SelfPlayConfig::default()
        },
        steps_per_generation: 100,
        batch_size: 32,
        learning_rate: 3e-3,
        threads: 2,
        seed: 7,
        generations: Some(generations),
        evaluate_every: 0,
        ..TrainConfig::default()
    }
}

/// A teacher made from a bot spec of `pyramid_bots`.
fn teacher(spec: &'static str) -> Opponent<MartianChess> {
    Opponent {
        name: spec.to_owned(),
        make: Box::new(move |seed| {
            pyramid_bots::bot_from_spec::<MartianChess>(spec, seed).expect("a bot spec")
        }),
    }
}

/// The mean cross-entropy of the teacher's actions in `positions` under the model's
/// policy over the legal steps (nats; lower: the model expects the teacher's moves more).
fn surprise(model: &Model, positions: &[Position]) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|p| {
            let target = &p.targets[0];
            let logits = &model.evaluate(&p.observation).expect("evaluates")[0].logits;
            let policy = softmax_at(logits, &target.steps);
            let taught = target
                .shares
                .iter()
                .position(|&s| s == 1.0)
                .expect("one-hot");
            -f64::from(policy[taught].max(1e-12)).ln()
        })
        .sum();
    total / positions.len().max(1) as f64
}

#[test]
fn teacher_games_make_one_hot_targets_of_its_moves_and_value_targets_of_the_results() {
    let rules = Rules::default();
    let config = TeacherConfig {
        opening_random_plies: 3,
        max_plies: 80,
        value_plies: 0,
        search_value: false,
    };
    let games = play_teacher_games(&teacher("greedy"), &rules, 6, 5, &config, 2, None);
    assert_eq!(games.len(), 6);
    let again = play_teacher_games(&teacher("greedy"), &rules, 6, 5, &config, 1, None);
    assert_eq!(games, again, "the same games whatever the thread count");
    for game in &games {
        // The random opening plies are not learned from; every other decision is.
        assert_eq!(game.positions.len() as u32, game.plies - 3);
        assert!(game.plies <= 80);
        let sum: f32 = game.rewards.iter().sum();
        assert!((sum - 1.0).abs() < 1e-6, "{:?}", game.rewards);
        for position in &game.positions {
            let [target] = &position.targets[..] else {
                panic!("one step a Martian Chess action")
            };
            assert_eq!(target.shares.iter().filter(|&&s| s == 1.0).count(), 1);
            assert_eq!(target.shares.iter().sum::<f32>(), 1.0);
            assert!((position.values.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        }
    }
    // Leads some plies later as value targets: the last positions (fewer plies before the
    // end) learn the result, earlier ones who led then.
    let later = TeacherConfig {
        value_plies: 4,
        ..config
    };
    let leads = play_teacher_games(&teacher("greedy"), &rules, 6, 5, &later, 2, None);
    let mut differ = 0;
    for (game, result) in leads.iter().zip(&games) {
        assert_eq!(game.rewards, result.rewards, "the same games");
        let n = game.positions.len();
        for (i, (lead, end)) in game.positions.iter().zip(&result.positions).enumerate() {
            assert!((lead.values.iter().sum::<f32>() - 1.0).abs() < 1e-6);
            if i + 4 >= n {
                assert_eq!(
                    lead.values, end.values,
                    "within 4 plies of the end: the result"
                );
            } else if lead.values != end.values {
                differ += 1;
            }
        }
    }
    assert!(differ > 0, "some position's later lead is not the result");
    // A deadline already past plays nothing.
    let past = Some(std::time::Instant::now());
    assert!(play_teacher_games(&teacher("greedy"), &rules, 6, 5, &config, 2, past).is_empty());
}

#[test]
fn a_run_from_a_teachers_games_learns_its_moves() {
    let dir = TempDir::new("teacher");
    let rules = Rules::default();
    let held_out: Vec<Position> = play_teacher_games(
        &teacher("greedy"),
        &rules,
        6,
        1234,
        &TeacherConfig::default(),
        2,
        None,
    )
    .into_iter()
    .flat_map(|g| g.positions)
    .collect();
    let untrained = Model::new::<MartianChess>(&rules, 8, 1, 7).expect("a model");
    let before = surprise(&untrained, &held_out);
    // About one pass over the teacher's positions: its ties are broken at random, so
    // a model that learned them by heart would expect the wrong ones.
    let config = TrainConfig {
        games_per_generation: 24,
        steps_per_generation: 40,
        ..quick_training(3)
    };
    let last = train::<MartianChess>(
        &rules,
        dir.path(),
        &config,
        false,
        &[],
        Some(&teacher("greedy")),
        &mut |_| {},
    )
    .expect("trains");
    assert_eq!((last.generation, last.games), (3, 72));
    let trained = Model::load::<MartianChess>(&dir.path().join(MODEL_FILE), &rules).expect("saved");
    let after = surprise(&trained, &held_out);
    assert!(
        after <= before - 0.1,
        "the teacher's moves in {} held-out positions: cross-entropy {after:.3} after training, {before:.3} before",
        held_out.len()
    );
}

#[test]
fn a_short_training_run_beats_random_in_most_martian_chess_games() {
    let dir = TempDir::new("beats-random");
    let rules = Rules::default();
    let last = train::<MartianChess>(
        &rules,
        dir.path(),
        &quick_training(3),
        false,
        &[],
        None,
        &mut |_| {},
    )
    .expect("trains");
    assert_eq!(last.generation, 3);
    let model = Arc::new(
        Model::load::<MartianChess>(&dir.path().join("model.safetensors"), &rules).expect("saved"),
    );
    assert_eq!(model.info().steps, 300);
    assert_eq!(model.info().games, 36);
    let config = AzConfig {
        budget: AzBudget::Iterations(32),
        ..AzConfig::default()
    };
    // Games end by the rules at 200 plies, the higher score winning.
    let rules = rules.with_ply_limit(Some(200));
    let mut score = 0.0;
    let games = 50;
    for i in 0..games {
        let me = (i % 2) as u8;
        let mut az = AzBot::<MartianChess>::new(model.clone(), config.clone(), i);
        let mut random = RandomBot::new(1000 + i);
        let mut seats: Vec<&mut dyn Bot<MartianChess>> = if me == 0 {
            vec![&mut az, &mut random]
        } else {
            vec![&mut random, &mut az]
        };
        let record = play_game(MartianChess::new(&rules), &mut seats, None).expect("plays");
        score += record.outcome().map_or(0.5, |o| o.reward(Seat(me)));
    }
    assert!(score >= 0.8 * games as f64, "scored {score} of {games}");
}

#[test]
fn training_refuses_a_used_directory_and_resumes_where_it_stopped() {
    let dir = TempDir::new("resume");
    let rules = Rules::default();
    let mut config = quick_training(1);
    config.games_per_generation = 2;
    config.steps_per_generation = 3;
    config.self_play.max_plies = 20;
    train::<MartianChess>(&rules, dir.path(), &config, false, &[], None, &mut |_| {})
        .expect("trains");
    let again = train::<MartianChess>(&rules, dir.path(), &config, false, &[], None, &mut |_| {});
    assert!(matches!(again, Err(TrainError::NotEmpty(_))), "{again:?}");
    config.generations = Some(2);
    let last = train::<MartianChess>(&rules, dir.path(), &config, true, &[], None, &mut |_| {})
        .expect("resumes");
    assert_eq!(last.generation, 2);
    assert_eq!(last.steps, 6);
    let log = read_log(&dir.path().join("log.jsonl")).expect("a log");
    assert_eq!(log.iter().map(|l| l.generation).collect::<Vec<_>>(), [1, 2]);
    // The curve draws the losses even of a run never measured against opponents.
    let curve = std::fs::read_to_string(dir.path().join("curve.svg")).expect("a curve");
    assert_eq!(curve.matches("stroke-dasharray").count(), 2, "{curve}");
    assert!(curve.contains("policy loss (largest") && curve.contains("value loss (largest"));
    let empty = TempDir::new("nothing");
    let nothing =
        train::<MartianChess>(&rules, empty.path(), &config, true, &[], None, &mut |_| {});
    assert!(
        matches!(nothing, Err(TrainError::NothingToResume(_))),
        "{nothing:?}"
    );
}

/// The alpha-beta bot over a tiny model of game `G`, at depth 1 (each legal action's
/// position valued by the model).
fn ab_model_bot<G: FullGame>(model: &Arc<Model>, seed: u64) -> impl Bot<G> + use<G> {
    let value = pyramid_learn::NetValue::new(model.clone(), "tiny.safetensors".into());
    let config = pyramid_bots::AlphaBetaConfig {
        budget: pyramid_bots::AbBudget::Depth(1),
        table_bits: 10,
    };
    pyramid_bots::AlphaBetaBot::<G, pyramid_learn::NetValue>::with_leaf_value(config, seed, value)
}

/// `check_bot` on the `ab:model` bot of game `G` with a tiny model of its default rules.
fn check_ab_model<G: FullGame>() {
    let model = Arc::new(Model::new::<G>(&Default::default(), 4, 1, 3).expect("a model"));
    check_bot(
        |seed| ab_model_bot::<G>(&model, seed),
        G::new(&Default::default()),
        0..1,
        4,
    );
}

#[test]
fn the_ab_model_bot_passes_check_bot_in_every_game() {
    check_ab_model::<MartianChess>();
    check_ab_model::<ataxx_ice::AtaxxIce>();
    check_ab_model::<card_siege::CardSiege>();
    check_ab_model::<Stacktrices>();
}

#[test]
fn ab_model_specs_read_print_back_and_refuse_what_is_not_theirs() {
    use pyramid_bots::{BotKinds, BotSpec};
    let dir = TempDir::new("ab-model");
    let file = dir.path().join("nim.safetensors");
    Model::new::<Nim>(&Default::default(), 4, 1, 1)
        .expect("a model")
        .save(&file)
        .expect("saved");
    let mut kinds = BotKinds::new();
    kinds.add::<pyramid_learn::AbModelKind, Nim>();
    let text = format!("ab:model={},ms=50,tt=14", file.display());
    let spec = kinds.parse(&text).expect("valid");
    assert_eq!(spec.to_string(), text);
    assert!(spec.is_timed());
    assert_eq!(kinds.names().iter().filter(|n| **n == "ab").count(), 1);
    let mut bot = spec.build::<Nim>(1).expect("built");
    let start = Nim::new(&Default::default());
    assert!(bot.choose(&start.view(Seat(0)), Seat(0)).is_some());
    assert_eq!(bot.name(), text);
    for bad in [
        "ab:model=",
        "ab:model=a,model=b",
        "ab:model=m,depth=0",
        "ab:model=m,iters=5",
    ] {
        assert!(kinds.parse(bad).is_err(), "{bad}");
    }
    // Another game's model is refused when the bot is built; without the learning
    // crate's kind `model` is an option `ab` does not know.
    let error = spec.build::<MartianChess>(1).err().expect("refused");
    assert!(
        error.to_string().contains("no `ab` bot") || error.to_string().contains("nim"),
        "{error}"
    );
    assert!("ab:model=m.safetensors".parse::<BotSpec>().is_err());
}

#[test]
fn an_ab_model_bot_with_a_model_of_other_rules_fails_with_the_reason() {
    let mut four = Rules::default();
    four.set_option("players", "4").expect("four seats");
    let model = Arc::new(tiny_martian_model(1));
    let mut bot = ab_model_bot::<MartianChess>(&model, 1);
    let state = MartianChess::new(&four);
    assert_eq!(bot.choose(&state.view(Seat(0)), Seat(0)), None);
    let reason = bot.failure().expect("a reason");
    assert!(reason.contains("other rules"), "{reason}");
}

#[test]
fn a_time_limit_is_honoured_within_a_generation() {
    // A generation far too long for the limit: the run stops inside it (self-play ends
    // with the games finished by then, no training step starts after it), saves that
    // generation and returns.
    let dir = TempDir::new("time-limit");
    let config = TrainConfig {
        games_per_generation: 100_000,
        steps_per_generation: 100_000,
        generations: None,
        time_limit: Some(std::time::Duration::from_millis(400)),
        ..quick_training(1)
    };
    let last = train::<MartianChess>(
        &Rules::default(),
        dir.path(),
        &config,
        false,
        &[],
        None,
        &mut |_| {},
    )
    .expect("trains");
    assert_eq!(last.generation, 1, "one generation, cut short");
    assert!(last.games < 100_000 && last.steps < 100_000, "{last:?}");
    assert!(dir.path().join("model.safetensors").is_file());
    assert_eq!(
        read_log(&dir.path().join("log.jsonl"))
            .map(|l| l.len())
            .ok(),
        Some(1)
    );
}
