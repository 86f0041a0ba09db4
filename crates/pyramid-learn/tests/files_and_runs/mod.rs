//! Files written safely and runs that end: a run's directory and files that are not what
//! they should be are refused and left as they are, a resumed buffer holding a value that
//! is not finite is refused naming it, a run whose teacher gives no positions stops
//! saying why, a learned file of other rules is refused before any game, and one copy of
//! a learned file is shared by every bot that plays it.

use std::os::unix::fs::symlink;
use std::sync::Arc;
use std::time::{Duration, Instant};

use martian_chess::{MartianChess, Rules};
use pyramid_bots::{BotKinds, BotSpec};
use pyramid_core::prelude::*;
use pyramid_core::{Bot, RuleSet, Seat};
use pyramid_learn::{
    AbModelKind, AzKind, Model, ModelError, Opponent, ReplayBuffer, TrainError, ValueNet,
    ValueTrainConfig, shared_model, shared_value_net, train, train_value_net,
};

use crate::{TempDir, quick_training};

/// A teacher that never moves, saying why (an engine that crashed, a net of other rules).
struct Refuser;

impl Bot<MartianChess> for Refuser {
    fn name(&self) -> String {
        "refuser".to_owned()
    }

    fn choose(
        &mut self,
        _view: &<MartianChess as Information>::View,
        _seat: Seat,
    ) -> Option<<MartianChess as Game>::Action> {
        None
    }

    fn failure(&mut self) -> Option<String> {
        Some("the refuser refuses".to_owned())
    }
}

fn refuser() -> Opponent<MartianChess> {
    Opponent {
        name: "refuser".to_owned(),
        make: Box::new(|_| Box::new(Refuser)),
    }
}

fn random_teacher() -> Opponent<MartianChess> {
    Opponent {
        name: "random".to_owned(),
        make: Box::new(|seed| Box::new(pyramid_core::RandomBot::new(seed))),
    }
}

fn small_value_config() -> ValueTrainConfig {
    ValueTrainConfig {
        hidden: 4,
        hidden2: 2,
        positions: 100,
        epochs: 1,
        threads: 2,
        ..ValueTrainConfig::default()
    }
}

/// The error of `train_value_net` for `teacher` and `config`, which must come within 30 s.
fn value_run_error(teacher: &Opponent<MartianChess>, config: &ValueTrainConfig) -> String {
    let started = Instant::now();
    let result = train_value_net(teacher, &Rules::default(), config, None, &mut |_| {});
    assert!(started.elapsed() < Duration::from_secs(30), "it ended late");
    match result {
        Err(ModelError::NoPositions(why)) => why,
        other => panic!(
            "not refused for want of positions: {:?}",
            other.map(|t| t.games)
        ),
    }
}

#[test]
fn a_value_net_run_whose_games_give_no_positions_stops_saying_why() {
    let mut cut = small_value_config();
    cut.teacher.max_plies = 0;
    let why = value_run_error(&random_teacher(), &cut);
    assert!(why.contains("cut off at 0 plies"), "{why}");
    let why = value_run_error(&refuser(), &small_value_config());
    assert!(
        why.contains("refuser") && why.contains("the refuser refuses"),
        "{why}"
    );
    let mut none = small_value_config();
    none.positions = 0;
    let why = value_run_error(&random_teacher(), &none);
    assert!(why.contains("0 positions"), "{why}");
}

#[test]
fn a_training_run_whose_teacher_makes_no_move_stops_saying_why() {
    let dir = TempDir::new("no-positions");
    let mut config = quick_training(1000);
    config.games_per_generation = 2;
    let started = Instant::now();
    let result = train::<MartianChess>(
        &Rules::default(),
        dir.path(),
        &config,
        false,
        &[],
        Some(&refuser()),
        &mut |_| {},
    );
    assert!(started.elapsed() < Duration::from_secs(30), "it ended late");
    match result {
        Err(TrainError::Model(ModelError::NoPositions(why))) => {
            assert!(why.contains("the refuser refuses"), "{why}");
        }
        other => panic!("not refused for want of positions: {other:?}"),
    }
    assert!(
        !dir.path().join("model.safetensors").exists(),
        "no model of nothing"
    );
}

#[test]
fn a_resumed_buffer_holding_a_non_finite_value_is_refused_naming_the_file() {
    let dir = TempDir::new("nan-buffer");
    let rules = Rules::default();
    let mut config = quick_training(1);
    config.games_per_generation = 2;
    config.steps_per_generation = 2;
    config.self_play.max_plies = 6;
    train::<MartianChess>(&rules, dir.path(), &config, false, &[], None, &mut |_| {})
        .expect("trains");
    let model_path = dir.path().join("model.safetensors");
    let buffer_path = dir.path().join("buffer.safetensors");
    let good = std::fs::read(&model_path).expect("a model");
    let (buffer, generation) = ReplayBuffer::load(&buffer_path, 1000).expect("a buffer");
    for poison in [f32::NAN, f32::INFINITY] {
        let mut positions: Vec<_> = buffer.clone().into_positions().collect();
        positions[0].observation[0] = poison;
        let mut poisoned = ReplayBuffer::new(1000);
        poisoned.extend(positions);
        poisoned.save(&buffer_path, generation).expect("saved");
        config.generations = Some(2);
        let resumed =
            train::<MartianChess>(&rules, dir.path(), &config, true, &[], None, &mut |_| {});
        match resumed {
            Err(TrainError::Model(ModelError::NotFinite { path, what })) => {
                assert!(path.ends_with("buffer.safetensors"), "{path}");
                assert!(what.contains("observations of position 0"), "{what}");
            }
            other => panic!("a poisoned buffer was not refused: {other:?}"),
        }
        assert_eq!(std::fs::read(&model_path).expect("a model"), good);
    }
}

#[test]
fn a_run_directory_that_is_not_a_directory_or_holds_a_planted_link_is_refused() {
    let dir = TempDir::new("run-dir");
    let rules = Rules::default();
    let config = quick_training(1);
    let victim = dir.path().join("victim");
    std::fs::write(&victim, b"precious").expect("a victim");
    // The run's directory a symbolic link, or a file.
    let linked = dir.path().join("linked-run");
    symlink(&victim, &linked).expect("a link");
    let refused = train::<MartianChess>(&rules, &linked, &config, false, &[], None, &mut |_| {});
    assert!(
        matches!(&refused, Err(TrainError::Io { .. })),
        "{refused:?}"
    );
    assert!(refused.is_err_and(|e| e.to_string().contains("a symbolic link")));
    let refused = train::<MartianChess>(&rules, &victim, &config, false, &[], None, &mut |_| {});
    assert!(refused.is_err_and(|e| e.to_string().contains("not a directory")));
    // A run file planted as a link in a directory.
    let run = dir.path().join("run");
    std::fs::create_dir(&run).expect("a directory");
    symlink(&victim, run.join("log.jsonl")).expect("a planted log");
    let refused = train::<MartianChess>(&rules, &run, &config, false, &[], None, &mut |_| {});
    assert!(refused.is_err_and(|e| e.to_string().contains("log.jsonl")));
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
    assert!(!run.join("model.safetensors").exists());
}

#[test]
fn saving_a_model_or_value_net_over_a_symlink_leaves_its_target_intact() {
    let dir = TempDir::new("save-link");
    let victim = dir.path().join("victim");
    std::fs::write(&victim, b"precious").expect("a victim");
    let link = dir.path().join("out.safetensors");
    symlink(&victim, &link).expect("a link");
    let model = Model::new::<MartianChess>(&Rules::default(), 2, 1, 1).expect("a model");
    let refused = model.save(&link);
    assert!(
        matches!(&refused, Err(ModelError::Io { .. })),
        "{refused:?}"
    );
    let net = ValueNet::new::<MartianChess>(&Rules::default(), 4, 2, 1).expect("a net");
    assert!(net.save(&link).is_err());
    let buffer = ReplayBuffer::new(4);
    assert!(buffer.save(&link, 1).is_err());
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .expect("readable")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    assert_eq!(names.len(), 2, "no temporary left: {names:?}");
}

/// A value net and a model of four-seat Martian Chess, in `dir`.
fn four_seat_files(dir: &TempDir) -> (String, String) {
    let mut four = Rules::default();
    four.set_option("players", "4").expect("four seats");
    let net = dir.path().join("four.value.safetensors");
    ValueNet::new::<MartianChess>(&four, 4, 2, 1)
        .expect("a net")
        .save(&net)
        .expect("saved");
    let model = dir.path().join("four.safetensors");
    Model::new::<MartianChess>(&four, 2, 1, 1)
        .expect("a model")
        .save(&model)
        .expect("saved");
    (net.display().to_string(), model.display().to_string())
}

#[test]
fn a_learned_file_of_other_rules_is_refused_before_any_game() {
    let dir = TempDir::new("other-rules");
    let (net, model) = four_seat_files(&dir);
    let mut kinds = BotKinds::new();
    kinds.add::<AbModelKind, MartianChess>();
    kinds.add::<AzKind, MartianChess>();
    let mut four = Rules::default();
    four.set_option("players", "4").expect("four seats");
    for text in [
        format!("ab:model={net},depth=1"),
        format!("ab:model={model},depth=1"),
        format!("az:model={model},iters=4"),
    ] {
        let spec: BotSpec = kinds.parse(&text).expect("a spec");
        assert!(spec.build::<MartianChess>(1).is_ok(), "{text}");
        assert!(spec.check_rules::<MartianChess>(&four).is_ok(), "{text}");
        let error = spec
            .check_rules::<MartianChess>(&Rules::default())
            .expect_err("other rules");
        assert!(error.to_string().contains("other rules"), "{text}: {error}");
    }
    // A match refuses it before its first game.
    let spec: BotSpec = kinds
        .parse(&format!("ab:model={net},depth=1"))
        .expect("a spec");
    let config = pyramid_bots::MatchConfig {
        rules: Rules::default(),
        bots: vec![spec, BotSpec::Random],
        games: 2,
        seed: 1,
        swap_seats: true,
        jobs: 1,
    };
    let mut played = 0;
    let refused = pyramid_bots::run_match::<MartianChess>(&config, |_| played += 1);
    assert!(
        matches!(refused, Err(pyramid_bots::MatchError::Bot { .. })),
        "{refused:?}"
    );
    assert_eq!(played, 0);
}

#[test]
fn one_copy_of_a_learned_file_is_shared_by_every_bot_that_plays_it() {
    let dir = TempDir::new("shared");
    let path = dir.path().join("mc.value.safetensors");
    ValueNet::new::<MartianChess>(&Rules::default(), 4, 2, 1)
        .expect("a net")
        .save(&path)
        .expect("saved");
    // Another name of the same file.
    let other_name = dir.path().join(".").join("mc.value.safetensors");
    let first = shared_value_net(&path).expect("read");
    assert!(Arc::ptr_eq(
        &first,
        &shared_value_net(&other_name).expect("read")
    ));
    // A model file is not a value net, nor a value net a model.
    assert!(matches!(
        shared_model(&path),
        Err(ModelError::NotAModel { .. })
    ));
    // A file rewritten since is read again.
    ValueNet::new::<MartianChess>(&Rules::default(), 4, 2, 2)
        .expect("a net")
        .save(&path)
        .expect("saved");
    assert!(!Arc::ptr_eq(
        &first,
        &shared_value_net(&path).expect("read")
    ));
}
