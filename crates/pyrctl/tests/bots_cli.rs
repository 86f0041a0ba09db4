//! End-to-end tests of `pyrctl match` (bots, records, reproducibility), `pyrctl replay`
//! and `pyrctl play` (driven through its standard input).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn pyrctl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pyrctl"))
        .args(args)
        .output()
        .expect("pyrctl runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh file path under the target's temporary directory.
fn temp_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bots_cli");
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir.join(name)
}

/// The summary without the lines that may differ between runs (time, threads).
fn stable_summary(out: &Output) -> String {
    text(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("time:") && !l.starts_with("records:"))
        .map(|l| l.split(", 1 thread").next().unwrap_or(l))
        .map(|l| l.split(", 2 thread").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

fn run_recorded_match(jobs: &str, file: &Path) -> Output {
    let out = pyrctl(&[
        "match",
        "martian-chess",
        "--bot",
        "mcts:iters=30",
        "--bot",
        "greedy",
        "--games",
        "12",
        "--seed",
        "5",
        "--jobs",
        jobs,
        "--swap-seats",
        "--max-plies",
        "300",
        "--record",
        file.to_str().expect("utf-8 path"),
        "--force",
    ]);
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    out
}

#[test]
fn seeded_matches_are_identical_for_one_and_two_jobs() {
    let (one, two) = (temp_path("jobs1.jsonl"), temp_path("jobs2.jsonl"));
    let a = run_recorded_match("1", &one);
    let b = run_recorded_match("2", &two);
    assert_eq!(stable_summary(&a), stable_summary(&b));
    let (ra, rb) = (
        std::fs::read_to_string(&one).expect("records"),
        std::fs::read_to_string(&two).expect("records"),
    );
    assert_eq!(ra.lines().count(), 12);
    assert_eq!(ra, rb, "records differ between --jobs 1 and --jobs 2");
    assert!(stable_summary(&a).contains("mcts:iters=30"));
    assert!(stable_summary(&a).contains("Elo of bot 0 over bot 1"));
}

#[test]
fn match_checks_the_bot_count_and_specs() {
    let out = pyrctl(&[
        "match",
        "martian-chess",
        "--players",
        "4",
        "--bot",
        "random",
        "--bot",
        "random",
        "--bot",
        "random",
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("3 bots for 4 seats"));
    let out = pyrctl(&["match", "martian-chess", "--bot", "mcts:iters=many"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("iters"), "{}", text(&out.stderr));
    // No --bot: random everywhere, as before.
    let out = pyrctl(&["match", "martian-chess", "--games", "3"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).matches(" random ").count(), 2);
}

fn recorded_games(name: &str) -> (PathBuf, Vec<String>) {
    let file = temp_path(name);
    let out = pyrctl(&[
        "match",
        "martian-chess",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--games",
        "4",
        "--seed",
        "11",
        "--record",
        file.to_str().expect("utf-8 path"),
        "--force",
    ]);
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    let lines = std::fs::read_to_string(&file)
        .expect("records")
        .lines()
        .map(str::to_owned)
        .collect();
    (file, lines)
}

#[test]
fn replay_accepts_the_records_of_a_match() {
    let (file, _) = recorded_games("good.jsonl");
    let out = pyrctl(&["replay", file.to_str().expect("utf-8 path")]);
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    assert!(text(&out.stdout).contains("4 record(s)"));
}

#[test]
fn replay_reports_a_tampered_action_with_line_ply_and_action() {
    let (_, mut lines) = recorded_games("tamper_source.jsonl");
    // Line 3, ply 2: replace the action by one that is well formed but illegal there.
    let mut record: serde_json::Value = serde_json::from_str(&lines[2]).expect("json");
    record["actions"][1] = serde_json::Value::from("a1-a8");
    lines[2] = record.to_string();
    let file = temp_path("tampered_action.jsonl");
    std::fs::write(&file, lines.join("\n") + "\n").expect("write");
    let out = pyrctl(&["replay", file.to_str().expect("utf-8 path")]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("ply 2"), "{err}");
    assert!(err.contains("a1-a8"), "{err}");
    assert!(err.contains("not a legal action"), "{err}");
}

#[test]
fn replay_reports_a_tampered_result() {
    let (_, mut lines) = recorded_games("tamper_result_source.jsonl");
    let mut record: serde_json::Value = serde_json::from_str(&lines[1]).expect("json");
    record["result"] = serde_json::json!({"kind": "draw"});
    lines[1] = record.to_string();
    let file = temp_path("tampered_result.jsonl");
    std::fs::write(&file, lines.join("\n")).expect("write");
    let out = pyrctl(&["replay", file.to_str().expect("utf-8 path")]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("the record says `draw`"), "{err}");
}

#[test]
fn replay_reports_a_line_that_is_not_a_record() {
    let (_, mut lines) = recorded_games("garbage_source.jsonl");
    lines.insert(1, "{\"game\": 3}".to_owned());
    let file = temp_path("garbage.jsonl");
    std::fs::write(&file, lines.join("\n")).expect("write");
    let out = pyrctl(&["replay", file.to_str().expect("utf-8 path")]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("line 2: not a game record"), "{err}");
}

#[test]
fn play_handles_help_bad_entries_and_quit_from_a_script() {
    let mut child = spawn_play(&["--bot", "random", "--seed", "3"]);
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"help\nzz\na1-a8\nc3-d4\nquit\nc1-d1\n")
        .expect("write stdin");
    let out = child.wait_with_output().expect("pyrctl runs");
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    let transcript = text(&out.stdout);
    assert!(
        transcript.contains("legal actions (10): c1-d1"),
        "{transcript}"
    );
    assert!(
        transcript.contains("cannot read action `zz`"),
        "{transcript}"
    );
    assert!(
        transcript.contains("`a1-a8` is not a legal action"),
        "{transcript}"
    );
    assert!(
        transcript.contains("seat 0 (you) plays c3-d4"),
        "{transcript}"
    );
    assert!(transcript.contains("seat 1 (random) plays"), "{transcript}");
    assert!(transcript.contains("you left the game"), "{transcript}");
    assert!(
        !transcript.contains("plays c1-d1"),
        "nothing is read after quit"
    );
    // The board is drawn for the person: at the start and after the bot's reply.
    assert_eq!(
        transcript.matches("scores: seat 0").count(),
        2,
        "{transcript}"
    );
}

#[test]
fn play_ends_cleanly_at_the_end_of_input() {
    let out = spawn_play(&["--bot", "greedy"])
        .wait_with_output()
        .expect("pyrctl runs");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("end of input"));
}

#[test]
fn play_refuses_a_seat_the_game_does_not_have() {
    let out = pyrctl(&["play", "martian-chess", "--seat", "2", "--bot", "random"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--seat 2"));
}

const START: &str = "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0";

fn spawn_play(extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_pyrctl"))
        .args(["play", "martian-chess", "--position", START])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pyrctl starts")
}

/// Reads the child's standard output on a thread, so the test can wait for prompts.
fn output_chunks(child: &mut Child) -> mpsc::Receiver<String> {
    let mut stdout = child.stdout.take().expect("stdout");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || sender.send(text(&buf[..n])).is_err() {
                break;
            }
        }
    });
    receiver
}

/// Waits until the transcript ends with a prompt (`true`) or the program ends (`false`).
fn wait_for_prompt(chunks: &mpsc::Receiver<String>, transcript: &mut String) -> bool {
    loop {
        if transcript.ends_with("(you)> ") {
            return true;
        }
        match chunks.recv_timeout(Duration::from_secs(30)) {
            Ok(chunk) => transcript.push_str(&chunk),
            Err(mpsc::RecvTimeoutError::Disconnected) => return false,
            Err(mpsc::RecvTimeoutError::Timeout) => panic!("no prompt in 30 s:\n{transcript}"),
        }
    }
}

#[test]
fn a_whole_game_is_played_through_standard_input() {
    // The person asks for the legal actions every turn and plays the first one; the bot
    // plays until the game ends with a result.
    let mut child = spawn_play(&["--bot", "greedy", "--seed", "1", "--seat", "1"]);
    let chunks = output_chunks(&mut child);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut transcript = String::new();
    let mut turns = 0;
    while wait_for_prompt(&chunks, &mut transcript) {
        stdin.write_all(b"help\n").expect("write stdin");
        transcript.push_str("[asked for help]");
        let before = transcript.len();
        assert!(wait_for_prompt(&chunks, &mut transcript), "{transcript}");
        let answer = &transcript[before..];
        let first = answer
            .split("): ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .expect("help lists the legal actions")
            .to_owned();
        stdin
            .write_all(format!("{first}\n").as_bytes())
            .expect("write stdin");
        transcript.push_str(&format!("[played {first}]"));
        turns += 1;
        assert!(turns < 2000, "the game does not end");
    }
    drop(stdin);
    let status = child.wait().expect("pyrctl ends");
    assert!(status.success());
    assert!(turns > 3);
    assert!(transcript.contains("result: seat "), "{transcript}");
    assert!(transcript.contains("seat 0 (greedy) plays"), "{transcript}");
}

#[test]
fn three_bots_in_a_two_seat_game_play_a_round_robin() {
    let json = temp_path("round-robin.json");
    let record = temp_path("round-robin.jsonl");
    let _ = std::fs::remove_file(&record);
    let args = |jobs: &'static str| {
        vec![
            "match",
            "ataxx-ice",
            "--bot",
            "random",
            "--bot",
            "greedy",
            "--bot",
            "mcts:iters=20",
            "--games",
            "4",
            "--seed",
            "6",
            "--rule",
            "size=5",
            "--jobs",
            jobs,
        ]
    };
    let mut one = args("1");
    one.extend(["--json", json.to_str().expect("path")]);
    one.extend(["--record", record.to_str().expect("path"), "--force"]);
    let a = pyrctl(&one);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let b = pyrctl(&args("2"));
    let summary = stable_summary(&a);
    assert_eq!(summary, stable_summary(&b), "results depend on --jobs");
    assert!(summary.contains("round robin of 3 bots, 4 games a pairing (12 games)"));
    assert!(summary.contains("crosstable (row against column: wins-draws-losses):"));
    assert!(summary.contains("Elo ladder"));
    let parsed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json file")).expect("JSON");
    assert_eq!(parsed["games"], 12);
    assert_eq!(parsed["ladder"].as_array().map(Vec::len), Some(3));
    // Each bot plays 8 games, 4 against each other bot; row and column mirror.
    for a in 0..3 {
        assert_eq!(parsed["bots"][a]["games"], 8);
        for b in 0..3 {
            if a != b {
                assert_eq!(
                    parsed["crosstable"][a][b]["wins"],
                    parsed["crosstable"][b][a]["losses"]
                );
            }
        }
    }
    let lines = std::fs::read_to_string(&record).expect("records");
    assert_eq!(lines.lines().count(), 12);
    let replay = pyrctl(&["replay", record.to_str().expect("path")]);
    assert!(replay.status.success(), "{}", text(&replay.stderr));
}

#[test]
fn bench_prints_one_line_per_game_with_positive_speeds() {
    let out = pyrctl(&["bench", "ataxx-ice", "--seconds", "0.3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("game") && lines[0].contains("MCTS iters/s"));
    let fields: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(fields[0], "ataxx-ice");
    for number in &fields[1..] {
        let value: f64 = number.parse().expect("a number");
        assert!(value > 0.0, "{stdout}");
    }
    let out = pyrctl(&["bench", "--seconds", "-1"]);
    assert!(!out.status.success());
    let out = pyrctl(&["bench", "chess"]);
    assert!(text(&out.stderr).contains("unknown game"));
}
