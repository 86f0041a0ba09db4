//! `Match`: set up once, played whole or in shards, records checked and summed up.

use pyramid_bots::{MatchError, MatchRequest, Record};
use pyramid_core::dynamic::RuntimeError;
use pyramid_runtime::{Error, Match, RuleOptions, verify_record};

/// Greedy against random on a small Ataxx-ice board.
fn small_match(games: u64) -> Match {
    let request = MatchRequest {
        bots: vec![
            "greedy".parse().expect("a spec"),
            "random".parse().expect("a spec"),
        ],
        games,
        seed: 5,
        max_plies: None,
        swap_seats: true,
        jobs: 2,
    };
    let options = RuleOptions::from_pairs(["size=5"]).expect("options");
    Match::new("ataxx-ice", &options, &request).expect("a match")
}

#[test]
fn a_match_played_in_shards_gives_the_records_and_summary_of_the_whole() {
    let plan = small_match(4);
    assert_eq!((plan.game(), plan.total_games()), ("ataxx-ice", 4));
    let mut whole = Vec::new();
    let report = plan
        .play_all(&mut |game| whole.push(game.record.to_json()))
        .expect("played");
    let mut shards = Vec::new();
    for first in [2, 0] {
        let mut shard = Vec::new();
        plan.play(first..first + 2, 1, &mut |game| {
            shard.push(game.record.to_json())
        })
        .expect("a shard");
        shards.push(shard);
    }
    let sharded: Vec<String> = shards[1].iter().chain(&shards[0]).cloned().collect();
    assert_eq!(sharded, whole);
    let summed = plan.report_of_lines(&sharded).expect("the records sum up");
    assert_eq!(plan.summary(&summed, false), plan.summary(&report, false));
    assert_eq!(summed.games, 4);
    for (index, line) in (0u64..).zip(&whole) {
        plan.check_line(index, line)
            .expect("each record is its game");
    }
    assert!(matches!(
        plan.check_line(1, &whole[0]),
        Err(Error::Match(MatchError::Record { index: 1, .. }))
    ));
    assert!(matches!(
        plan.check_line(0, "not json"),
        Err(Error::NotARecord { index: 0, .. })
    ));
}

#[test]
fn a_match_refuses_an_unknown_game_bad_rules_and_a_bot_count_that_fits_nothing() {
    let request = |bots: &[&str]| MatchRequest {
        bots: bots.iter().map(|b| b.parse().expect("a spec")).collect(),
        games: 1,
        seed: 0,
        max_plies: None,
        swap_seats: false,
        jobs: 1,
    };
    let none = RuleOptions::new();
    assert!(matches!(
        Match::new("chess", &none, &request(&[])),
        Err(Error::Runtime(RuntimeError::UnknownGame { .. }))
    ));
    let colour = RuleOptions::from_pairs(["colour=red"]).expect("key=value");
    assert!(matches!(
        Match::new("card-siege", &colour, &request(&[])),
        Err(Error::Runtime(RuntimeError::Rules(_)))
    ));
    // Two bots in a three-seat game: neither one per seat nor a round robin.
    let three = RuleOptions::new().with_players(Some(3));
    assert!(matches!(
        Match::new("ataxx-ice", &three, &request(&["random", "greedy"])),
        Err(Error::Match(_))
    ));
}

#[test]
fn verify_record_replays_a_record_and_refuses_a_changed_one() {
    let plan = small_match(1);
    let mut records: Vec<Record> = Vec::new();
    plan.play_all(&mut |game| records.push(game.record.clone()))
        .expect("played");
    let record = records.pop().expect("one record");
    verify_record(&record).expect("a record of the match replays");
    let mut changed = record.clone();
    changed.actions.truncate(changed.actions.len() / 2);
    assert!(matches!(verify_record(&changed), Err(Error::Replay(_))));
    let mut renamed = record;
    renamed.game = "chess".into();
    assert!(matches!(
        verify_record(&renamed),
        Err(Error::Runtime(RuntimeError::UnknownGame { .. }))
    ));
}

#[cfg(feature = "learn")]
#[test]
fn training_refuses_a_bad_opponent_before_it_writes_anything() {
    let out = std::env::temp_dir().join(format!("pyramid-runtime-train-{}", std::process::id()));
    let config = pyramid_runtime::pyramid_learn::TrainConfig::default();
    let opponents =
        [pyramid_runtime::parse_bot("az:model=/no/such/model.safetensors").expect("an az spec")];
    let setup = pyramid_runtime::TrainSetup {
        out: &out,
        config: &config,
        resume: false,
        opponents: &opponents,
        teacher: None,
    };
    let result = pyramid_runtime::train("ataxx-ice", &RuleOptions::new(), setup, &mut |_| {});
    assert!(matches!(result, Err(Error::Opponent { .. })), "{result:?}");
    assert!(!out.exists());
    let model = pyramid_runtime::self_play(
        "ataxx-ice",
        &RuleOptions::new(),
        b"not a model",
        1,
        0,
        &pyramid_runtime::pyramid_learn::SelfPlayConfig::default(),
        1,
        None,
    );
    assert!(matches!(model, Err(Error::Model(_))));
}

#[cfg(feature = "learn")]
#[test]
fn a_value_net_trained_by_name_is_played_by_an_ab_model_spec() {
    use pyramid_runtime::pyramid_learn::{TeacherConfig, ValueTrainConfig};
    use pyramid_runtime::{ValueTrainSetup, train_value};
    let out = std::env::temp_dir().join(format!(
        "pyramid-runtime-value-{}.safetensors",
        std::process::id()
    ));
    let config = ValueTrainConfig {
        positions: 300,
        epochs: 2,
        hidden: 8,
        hidden2: 4,
        teacher: TeacherConfig {
            max_plies: 40,
            ..TeacherConfig::default()
        },
        ..ValueTrainConfig::default()
    };
    // A teacher that cannot be built is refused before any game, and nothing is written.
    let bad = pyramid_runtime::parse_bot("az:model=/no/such/model.safetensors").expect("a spec");
    let setup = |teacher| ValueTrainSetup {
        out: &out,
        teacher,
        config: &config,
        play_time: None,
    };
    let result = train_value("card-siege", &RuleOptions::new(), setup(&bad), &mut |_| {});
    assert!(matches!(result, Err(Error::Opponent { .. })), "{result:?}");
    assert!(!out.exists());
    let teacher = pyramid_runtime::parse_bot("greedy").expect("a spec");
    let mut epochs = 0;
    let trained = train_value(
        "card-siege",
        &RuleOptions::new(),
        setup(&teacher),
        &mut |p| {
            if matches!(p, pyramid_runtime::pyramid_learn::ValueProgress::Epoch(_)) {
                epochs += 1;
            }
        },
    )
    .expect("trained");
    assert_eq!((epochs, trained.epochs.len()), (2, 2));
    assert!(trained.train_positions + trained.holdout_positions >= 300);
    let spec = format!("ab:model={},depth=1", out.display());
    let request = MatchRequest {
        bots: vec![
            pyramid_runtime::parse_bot(&spec).expect("an ab:model spec"),
            "random".parse().expect("a spec"),
        ],
        games: 2,
        seed: 1,
        max_plies: Some(60),
        swap_seats: true,
        jobs: 1,
    };
    let plan = Match::new("card-siege", &RuleOptions::new(), &request).expect("a match");
    let report = plan.play_all(&mut |_| {});
    let _ = std::fs::remove_file(&out);
    assert_eq!(report.expect("played").games, 2);
}
