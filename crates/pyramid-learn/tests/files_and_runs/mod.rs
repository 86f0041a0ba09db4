//! Files written safely and runs that end: a run's directory and files that are not what
//! they should be are refused and left as they are.

use std::os::unix::fs::symlink;

use martian_chess::{MartianChess, Rules};
use pyramid_learn::{Model, ModelError, ReplayBuffer, TrainError, ValueNet, train};

use crate::{TempDir, quick_training};

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
