//! Outside engines through the protocol (docs/protocol.md): `pyrctl engine` answering a
//! tool, `pyrctl match --bot ext:...` running engines, and faulty engines losing their
//! games with the right reason without stopping the match.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{pyrctl_with_stdin, stderr, stdout};

const PYRCTL: &str = env!("CARGO_BIN_EXE_pyrctl");

/// A fresh file path under the target's temporary directory.
fn temp_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("engines");
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The faulty engine script, run by bash.
fn faulty(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/faulty.sh");
    format!("ext:bash {} {mode}", script.display())
}

/// `pyrctl match GAME ARGS --record FILE`, with `PYRCTL` set for the faulty engine and the
/// engines' default log folder under the target's temporary directory.
fn recorded_match(game: &str, args: &[&str], record: &Path) -> Output {
    Command::new(PYRCTL)
        .args(["match", game])
        .args(args)
        .arg("--record")
        .arg(record)
        .env("PYRCTL", PYRCTL)
        .env(
            "XDG_STATE_HOME",
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("state"),
        )
        .output()
        .expect("pyrctl runs")
}

/// The records as JSON values.
fn records(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .expect("record file")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect()
}

/// The summary lines that do not name the bots or depend on the machine.
fn results_of(out: &Output) -> Vec<String> {
    stdout(out)
        .lines()
        .filter(|l| l.starts_with("wins by seat") || l.starts_with("average plies"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn engine_answers_the_handshake_and_plays_legal_actions() {
    let script = "pgi\nisready\nnewgame martian-chess players=2 seed=4 first=1\n\
                  position startpos\ngo iters 30\nnonsense words\n\
                  position startpos moves d1-d2\ngo\nquit\nisready\n";
    let out = pyrctl_with_stdin(&["engine", "martian-chess", "--bot", "random"], script);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("id name pyramid-games"), "{text}");
    assert!(lines.contains(&"id protocol 1"), "{text}");
    let pgiok = lines.iter().position(|l| *l == "pgiok").expect("pgiok");
    assert_eq!(lines[pgiok + 1], "readyok");
    let best: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestaction "))
        .collect();
    assert_eq!(best.len(), 2, "{text}");
    assert!(best.iter().all(|a| *a != "none"), "{text}");
    // `quit` ends the conversation: the last `isready` is not answered.
    assert_eq!(lines.iter().filter(|l| **l == "readyok").count(), 1);
}

#[test]
fn engine_reports_errors_and_answers_go_with_none() {
    let script = "newgame chess\nnewgame ataxx-ice seats=9\nnewgame ataxx-ice\n\
                  position startpos moves z9\ngo\nposition not-a-position\ngo movetime 0\n";
    let out = pyrctl_with_stdin(&["engine", "ataxx-ice", "--bot", "greedy"], script);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let errors = text
        .lines()
        .filter(|l| l.starts_with("info string error:"))
        .count();
    assert_eq!(errors, 5, "{text}");
    assert!(text.contains("unknown game"), "{text}");
    assert!(text.contains("move `z9`"), "{text}");
    // The failed `position` left the start position: the first `go` plays from it.
    let best: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("bestaction "))
        .collect();
    assert_eq!(best.len(), 2, "{text}");
    assert_ne!(best[0], "none");
    assert_eq!(best[1], "none");
}

/// Every game through the protocol: `pyrctl engine` as an outside engine (two processes
/// at a time with `--jobs 2`) plays exactly as the same bot in process, seed for seed.
#[test]
fn our_engine_through_the_protocol_plays_as_the_bot_in_process() {
    for game in ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"] {
        let engine = format!("ext:{PYRCTL} engine {game} --bot mcts:iters=40");
        let outside = temp_path(&format!("{game}-outside.jsonl"));
        let inside = temp_path(&format!("{game}-inside.jsonl"));
        let common = ["--games", "4", "--seed", "11", "--swap-seats", "--bot"];
        let a = recorded_match(
            game,
            &[
                &common[..],
                &[engine.as_str(), "--bot", "greedy", "--jobs", "2"],
            ]
            .concat(),
            &outside,
        );
        let b = recorded_match(
            game,
            &[
                &common[..],
                &["mcts:iters=40", "--bot", "greedy", "--jobs", "1"],
            ]
            .concat(),
            &inside,
        );
        assert!(a.status.success(), "{game}: {}", stderr(&a));
        assert!(b.status.success(), "{game}: {}", stderr(&b));
        assert!(!stderr(&a).contains("forfeits"), "{game}: {}", stderr(&a));
        assert_eq!(results_of(&a), results_of(&b), "{game}");
        let (mut a, mut b) = (records(&outside), records(&inside));
        assert_eq!(a.len(), 4);
        for record in a.iter_mut().chain(b.iter_mut()) {
            record["bots"] = serde_json::Value::Null;
        }
        assert_eq!(a, b, "{game}: the records differ");
    }
}

/// One faulty engine against `random` for two games: each game the engine reaches its
/// fault in is lost by forfeit with `reason`, the match goes on, and the records replay.
fn check_fault(mode: &str, reason: &str, name: &str) {
    let record = temp_path(&format!("{name}.jsonl"));
    let log = temp_path(&format!("{name}.log"));
    let engine = format!("{};log={}", faulty(mode), log.display());
    let out = recorded_match(
        "ataxx-ice",
        &[
            "--bot", &engine, "--bot", "random", "--games", "3", "--seed", "3", "--jobs", "2",
        ],
        &record,
    );
    assert!(out.status.success(), "{mode}: {}", stderr(&out));
    let games = records(&record);
    assert_eq!(games.len(), 3, "{mode}: every game is played");
    let forfeited: Vec<&serde_json::Value> = games
        .iter()
        .filter(|g| g["result"]["kind"] == "forfeit")
        .collect();
    assert!(!forfeited.is_empty(), "{mode}: no game was forfeited");
    for game in &forfeited {
        assert_eq!(game["result"]["seat"], 0, "{mode}");
        assert_eq!(game["result"]["winner"], 1, "{mode}");
        let why = game["reason"].as_str().expect("a reason");
        assert!(why.contains(reason), "{mode}: reason `{why}`");
    }
    let err = stderr(&out);
    assert!(
        err.contains(&format!("seat 0 ({engine}) forfeits: ")) && err.contains(reason),
        "{mode}: stderr {err}"
    );
    assert!(
        !err.contains("faulty engine:"),
        "{mode}: the engine's stderr reached the terminal"
    );
    let logged = std::fs::read_to_string(&log).expect("engine log");
    let first_word = mode.split([' ', ';']).next().unwrap_or(mode);
    assert!(
        logged.contains(&format!("faulty engine: {first_word}")),
        "{mode}: log {logged}"
    );
    assert!(
        stdout(&out).contains(&format!("forfeits {}", forfeited.len())),
        "{mode}: {}",
        stdout(&out)
    );
    let replay = Command::new(PYRCTL)
        .arg("replay")
        .arg(&record)
        .output()
        .expect("pyrctl runs");
    assert!(replay.status.success(), "{mode}: {}", stderr(&replay));
}

#[test]
fn an_engine_that_crashes_loses_by_forfeit() {
    check_fault("crash 2", "engine exited (exit status: 3)", "crash");
}

#[test]
fn an_engine_that_hangs_past_its_budget_loses_by_forfeit() {
    check_fault(
        "hang 2;movetime=100",
        "engine did not answer `go` within 1100 ms",
        "hang",
    );
}

#[test]
fn an_engine_that_plays_an_illegal_action_loses_by_forfeit() {
    check_fault(
        "illegal",
        "engine played `a1-g7`, which is not a legal action",
        "illegal",
    );
}

#[test]
fn an_engine_that_answers_garbage_loses_by_forfeit() {
    check_fault(
        "garbage",
        "engine answered garbage to `go`: `the answer is 42`",
        "garbage",
    );
    check_fault("none", "engine answered `bestaction none`", "none");
}

#[test]
fn an_engine_without_pgiok_loses_by_forfeit() {
    check_fault(
        "nopgiok;timeout=300",
        "engine did not answer `pgi` within 300 ms",
        "nopgiok",
    );
}

#[test]
fn an_engine_that_cannot_start_loses_by_forfeit() {
    let record = temp_path("missing.jsonl");
    let out = recorded_match(
        "martian-chess",
        &[
            "--bot",
            "ext:/nonexistent/engine",
            "--bot",
            "random",
            "--games",
            "2",
        ],
        &record,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let games = records(&record);
    assert!(games.iter().all(|g| g["result"]["kind"] == "forfeit"));
    assert!(stderr(&out).contains("cannot start engine `/nonexistent/engine`"));
}

#[test]
fn a_correct_engine_behind_the_script_never_forfeits() {
    let record = temp_path("fine.jsonl");
    let out = recorded_match(
        "ataxx-ice",
        &[
            "--bot",
            &faulty("fine"),
            "--bot",
            "random",
            "--games",
            "3",
            "--jobs",
            "2",
        ],
        &record,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        records(&record)
            .iter()
            .all(|g| g["result"]["kind"] != "forfeit")
    );
    assert!(!stdout(&out).contains("forfeits"));
}

#[test]
fn play_takes_an_outside_engine_as_the_other_seat() {
    let engine = format!("ext:{PYRCTL} engine martian-chess --bot greedy");
    // The engine plays seat 0 first (`first=0`), then the person leaves.
    let out = pyrctl_with_stdin(
        &[
            "play",
            "martian-chess",
            "--bot",
            &engine,
            "--seat",
            "1",
            "--rule",
            "first=0",
        ],
        "quit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(&format!("seat 0 ({engine}) plays ")),
        "{text}"
    );
    assert!(text.contains("you left the game"), "{text}");
}

/// A fresh empty folder under the target's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("engines")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

/// Waits up to `wait` for `child` to exit; kills it if it does not. Whether it exited.
fn exits_within(child: &mut Child, wait: Duration) -> bool {
    let until = Instant::now() + wait;
    loop {
        if matches!(child.try_wait(), Ok(Some(_))) {
            return true;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `pyrctl engine martian-chess` searching `go iters 1000000000` (some 15 s of search
/// on its own), its input still open.
fn engine_in_a_huge_search() -> Child {
    let mut child = Command::new(PYRCTL)
        .args(["engine", "martian-chess", "--bot", "mcts:iters=100"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("pyrctl starts");
    let input = child.stdin.as_mut().expect("stdin");
    input
        .write_all(b"pgi\nposition startpos\ngo iters 1000000000\n")
        .expect("written");
    std::thread::sleep(Duration::from_millis(300));
    assert!(matches!(child.try_wait(), Ok(None)), "the engine searches");
    child
}

#[test]
fn pyrctl_engine_exits_within_seconds_at_quit_during_a_huge_search() {
    let mut engine = engine_in_a_huge_search();
    let input = engine.stdin.as_mut().expect("stdin");
    input.write_all(b"quit\n").expect("written");
    assert!(exits_within(&mut engine, Duration::from_secs(3)));
}

#[test]
fn pyrctl_engine_exits_within_seconds_when_its_input_closes_during_a_huge_search() {
    let mut engine = engine_in_a_huge_search();
    drop(engine.stdin.take());
    assert!(exits_within(&mut engine, Duration::from_secs(3)));
}

/// Whether process `pid` is gone or a zombie, waiting up to `wait`.
fn process_ended(pid: u32, wait: Duration) -> bool {
    let until = Instant::now() + wait;
    loop {
        let dead = match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        };
        if dead || Instant::now() > until {
            return dead;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn an_engine_and_its_child_die_when_the_server_is_killed() {
    let dir = temp_dir("server-killed");
    let pids = dir.join("pids");
    let script = dir.join("engine.sh");
    // At `go` the engine starts a child and waits for it (a minute): it never answers.
    std::fs::write(
        &script,
        "while read -r cmd rest; do\n\
           case \"$cmd\" in\n\
             pgi) echo pgiok ;;\n\
             isready) echo readyok ;;\n\
             go) sleep 60 & echo \"$$ $!\" > \"$1\"; wait ;;\n\
           esac\n\
         done\n",
    )
    .expect("written");
    let engine = format!(
        "ext:sh {} {};timeout=60000;log={}",
        script.display(),
        pids.display(),
        dir.join("engine.log").display()
    );
    let mut server = Command::new(PYRCTL)
        .args([
            "match",
            "martian-chess",
            "--bot",
            &engine,
            "--bot",
            "random",
        ])
        .args(["--games", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("pyrctl starts");
    let until = Instant::now() + Duration::from_secs(20);
    let found: Vec<u32> = loop {
        let text = std::fs::read_to_string(&pids).unwrap_or_default();
        if text.ends_with('\n') || Instant::now() > until {
            break text
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    server.kill().expect("kill -9 the server");
    server.wait().expect("reaped");
    assert_eq!(found.len(), 2, "the engine's and its child's pids");
    let survivors: Vec<u32> = found
        .iter()
        .copied()
        .filter(|&pid| !process_ended(pid, Duration::from_secs(3)))
        .collect();
    for pid in &survivors {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert!(survivors.is_empty(), "{survivors:?} outlived the server");
}

#[test]
fn the_default_engine_log_folder_is_created_private_under_home() {
    let home = temp_dir("home");
    let script = home.join("engine.sh");
    std::fs::write(&script, "echo 'engine says hello' >&2\nexit 3\n").expect("written");
    let engine = format!("ext:sh {}", script.display());
    let out = Command::new(PYRCTL)
        .args([
            "match",
            "martian-chess",
            "--bot",
            &engine,
            "--bot",
            "random",
        ])
        .args(["--games", "1"])
        .env("HOME", &home)
        .env_remove("XDG_STATE_HOME")
        .output()
        .expect("pyrctl runs");
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = home.join(".local/state/pyramid-games/engines");
    let mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(&dir)
            .expect("the log folder")
            .permissions(),
    );
    assert_eq!(mode & 0o777, 0o700);
    let log = std::fs::read_to_string(dir.join("sh.log")).expect("the engine's log");
    assert!(log.contains("engine says hello"), "{log}");
}
