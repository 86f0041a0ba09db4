//! Files written safely and runs that end (issue 47, item 4), from the command line: an
//! `--out` that is a symbolic link, a directory or a FIFO is refused before any work
//! (usage error, status 2) and left as it is; a run whose teacher or games give no
//! positions ends within seconds with an error saying why (status 1); `--positions 0` is a
//! usage error; a resumed buffer holding NaN is refused naming it; a value net of other
//! rules is refused by `match` before its first game.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use pyramid_runtime::pyramid_learn::ReplayBuffer;

use crate::common::{pyrctl, stderr};

/// A fresh folder of the test's own under the target's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("learn-files")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// Runs `pyrctl ARGS`, killing it and failing if it runs past `limit`.
fn pyrctl_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pyrctl"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pyrctl starts");
    let started = Instant::now();
    while child.try_wait().expect("waitable").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("reaped");
            panic!(
                "pyrctl {args:?} ran past {limit:?}; stderr: {}",
                stderr(&out)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("pyrctl ran")
}

fn failed_with(out: &Output, code: i32, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    for needle in needles {
        assert!(err.contains(needle), "stderr `{err}` lacks `{needle}`");
    }
    assert!(!err.contains("panicked"), "{err}");
}

/// `train-value` of Martian Chess writing `out`, with small settings, each option of
/// `extra` (flag and value) in place of the setting of that flag.
fn train_value(out: &Path, extra: &[&str]) -> Output {
    let mut options = vec![
        ["--positions", "40"],
        ["--epochs", "1"],
        ["--hidden", "2"],
        ["--hidden2", "2"],
        ["--threads", "1"],
        ["--teacher", "random"],
    ];
    for pair in extra.chunks(2) {
        let [flag, value] = pair else {
            panic!("options in pairs: {extra:?}")
        };
        options.retain(|[f, _]| f != flag);
        options.push([flag, value]);
    }
    let mut args = vec!["train-value", "martian-chess", "--out", text(out)];
    args.extend(options.iter().flatten());
    pyrctl_within(&args, Duration::from_secs(60))
}

/// Makes a FIFO at `path`.
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

#[test]
fn train_value_refuses_an_out_that_is_a_symlink_a_directory_or_a_fifo_before_any_work() {
    let dir = scratch("train-value-out");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").expect("a victim");
    let link = dir.join("link.safetensors");
    symlink(&victim, &link).expect("a link");
    let fifo = dir.join("fifo.safetensors");
    mkfifo(&fifo);
    let folder = dir.join("folder");
    std::fs::create_dir(&folder).expect("a folder");
    for (out, what) in [
        (&link, "a symbolic link"),
        (&fifo, "a FIFO"),
        (&folder, "a directory"),
    ] {
        let started = Instant::now();
        // A teacher that would take minutes: the refusal comes first.
        let refused = train_value(out, &["--positions", "1000000"]);
        failed_with(&refused, 2, &["--out", what]);
        assert!(started.elapsed() < Duration::from_secs(10), "{what}: late");
    }
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("there")
            .file_type()
            .is_symlink()
    );
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("readable")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["fifo.safetensors", "folder", "link.safetensors", "victim"],
        "no temporary left"
    );
}

#[test]
fn train_refuses_an_out_that_is_a_symlink_or_a_file_before_any_work() {
    let dir = scratch("train-out");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").expect("a victim");
    let link = dir.join("run");
    symlink(&victim, &link).expect("a link");
    for (out, what) in [(&link, "a symbolic link"), (&victim, "a regular file")] {
        let refused = pyrctl_within(
            &[
                "train",
                "martian-chess",
                "--out",
                text(out),
                "--generations",
                "1",
            ],
            Duration::from_secs(60),
        );
        failed_with(&refused, 2, &["--out", what, "not a directory"]);
    }
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
}

#[test]
fn train_value_positions_0_is_a_usage_error() {
    let dir = scratch("positions-0");
    let out = dir.join("net.safetensors");
    failed_with(
        &train_value(&out, &["--positions", "0"]),
        2,
        &["--positions 0"],
    );
    assert!(!out.exists());
}

#[test]
fn train_value_search_values_from_a_random_teacher_end_naming_why() {
    let dir = scratch("search-value-random");
    let out = dir.join("net.safetensors");
    let ended = train_value(&out, &["--teacher-value", "search"]);
    failed_with(&ended, 1, &["no score", "random"]);
    assert!(!out.exists());
    let lead = train_value(
        &out,
        &["--teacher-value", "search", "--teacher-value-plies", "4"],
    );
    failed_with(&lead, 2, &["--teacher-value search"]);
}

#[test]
fn train_value_search_values_from_an_alpha_beta_teacher_write_a_net_saying_so() {
    let dir = scratch("search-value-ab");
    let out = dir.join("net.safetensors");
    let trained = train_value(
        &out,
        &["--teacher-value", "search", "--teacher", "ab:depth=1"],
    );
    assert!(trained.status.success(), "{}", stderr(&trained));
    let bytes = std::fs::read(&out).expect("the net");
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("search's score"), "the net's source says so");
}

#[test]
fn train_value_whose_games_are_cut_off_at_max_plies_0_ends_with_an_error_within_60_s() {
    let dir = scratch("max-plies-0");
    let out = dir.join("net.safetensors");
    let ended = train_value(&out, &["--max-plies", "0", "--positions", "1000"]);
    failed_with(
        &ended,
        1,
        &["no positions to learn from", "cut off at 0 plies"],
    );
    assert!(!out.exists());
}

#[test]
fn train_value_whose_teacher_forfeits_every_game_ends_with_an_error_within_60_s() {
    let dir = scratch("forfeiting-teacher");
    let out = dir.join("net.safetensors");
    let ended = train_value(&out, &["--teacher", "ext:/nonexistent/engine"]);
    failed_with(
        &ended,
        1,
        &["no positions to learn from", "/nonexistent/engine"],
    );
    assert!(!out.exists());
}

#[test]
fn train_whose_teacher_forfeits_every_game_ends_with_an_error_within_60_s() {
    let dir = scratch("train-forfeiting-teacher");
    let run = dir.join("run");
    let ended = pyrctl_within(
        &[
            "train",
            "martian-chess",
            "--out",
            text(&run),
            "--generations",
            "1000",
            "--games",
            "2",
            "--threads",
            "1",
            "--eval-every",
            "0",
            "--teacher",
            "ext:/nonexistent/engine",
        ],
        Duration::from_secs(60),
    );
    failed_with(
        &ended,
        1,
        &["no positions to learn from", "/nonexistent/engine"],
    );
    assert!(!run.join("model.safetensors").exists());
}

/// A value net of four-seat Martian Chess, trained from the command line.
fn four_seat_net(dir: &Path) -> PathBuf {
    let net = dir.join("four.value.safetensors");
    let trained = train_value(&net, &["--players", "4"]);
    assert!(trained.status.success(), "{}", stderr(&trained));
    net
}

#[test]
fn match_refuses_a_value_net_of_other_rules_before_the_first_game() {
    let dir = scratch("match-other-rules");
    let net = four_seat_net(&dir);
    let spec = format!("ab:model={},depth=1", net.display());
    let refused = pyrctl(&[
        "match",
        "martian-chess",
        "--bot",
        &spec,
        "--bot",
        "random",
        "--games",
        "2",
    ]);
    failed_with(&refused, 1, &["other rules"]);
    assert!(
        !stderr(&refused).contains("forfeits"),
        "{}",
        stderr(&refused)
    );
    // Under its own rules it plays.
    let played = pyrctl(&[
        "match",
        "martian-chess",
        "--players",
        "4",
        "--bot",
        &spec,
        "--games",
        "1",
        "--max-plies",
        "4",
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    // As a teacher it is refused before any game too.
    let out = dir.join("other.safetensors");
    let refused = train_value(&out, &["--teacher", &spec]);
    failed_with(&refused, 1, &["--teacher", "other rules"]);
}

#[test]
fn train_resume_refuses_a_buffer_holding_nan_naming_it() {
    let dir = scratch("resume-nan");
    let run = dir.join("run");
    let small = [
        "train",
        "martian-chess",
        "--out",
        text(&run),
        "--games",
        "2",
        "--iters",
        "2",
        "--steps",
        "2",
        "--max-plies",
        "6",
        "--channels",
        "2",
        "--blocks",
        "1",
        "--threads",
        "1",
        "--eval-every",
        "0",
    ];
    let mut first = small.to_vec();
    first.extend(["--generations", "1"]);
    let trained = pyrctl_within(&first, Duration::from_secs(60));
    assert!(trained.status.success(), "{}", stderr(&trained));
    let model = std::fs::read(run.join("model.safetensors")).expect("a model");
    let buffer_path = run.join("buffer.safetensors");
    let (buffer, generation) = ReplayBuffer::load(&buffer_path, 10_000).expect("a buffer");
    let mut positions: Vec<_> = buffer.into_positions().collect();
    positions[0].values[0] = f32::NAN;
    let mut poisoned = ReplayBuffer::new(10_000);
    poisoned.extend(positions);
    poisoned.save(&buffer_path, generation).expect("saved");
    let mut resumed = small.to_vec();
    resumed.extend(["--generations", "2", "--resume"]);
    let refused = pyrctl_within(&resumed, Duration::from_secs(60));
    failed_with(&refused, 1, &["buffer.safetensors", "not finite"]);
    assert_eq!(
        std::fs::read(run.join("model.safetensors")).expect("a model"),
        model,
        "the good model is left as it was"
    );
}
