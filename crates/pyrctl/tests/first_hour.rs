//! The paper cuts a new user met in the first hour (issue "A newcomer's first hour"), one
//! test each, named after the cut.

use crate::common::{pyrctl, stderr, stdout};

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn man_dir_writes_every_page_the_main_page_refers_to() {
    let dir = std::env::temp_dir().join(format!("pyrctl-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = pyrctl(&["man", "--dir", dir.to_str().expect("utf-8 path")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let main_page = std::fs::read_to_string(dir.join("pyrctl.1")).expect("the main page");
    // clap_mangen names each command's page as `pyrctl\-perft(1)`, every hyphen escaped
    // (`pyrctl\-train\-value(1)`).
    let referred: Vec<String> = main_page
        .lines()
        .filter_map(|line| line.strip_prefix("pyrctl\\-"))
        .filter_map(|rest| rest.strip_suffix("(1)"))
        .map(|name| name.replace("\\-", "-"))
        .collect();
    assert!(referred.len() >= 10, "{main_page}");
    for name in &referred {
        let page = std::fs::read_to_string(dir.join(format!("pyrctl-{name}.1")))
            .unwrap_or_else(|e| panic!("pyrctl-{name}.1 is referred to but missing: {e}"));
        assert!(page.contains(&format!(".TH pyrctl-{name} 1")), "{page}");
        let single = pyrctl(&["man", name]);
        assert!(single.status.success(), "{}", stderr(&single));
        assert_eq!(
            stdout(&single),
            page,
            "`pyrctl man {name}` differs from the file"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn man_of_an_unknown_command_is_a_usage_error() {
    let out = pyrctl(&["man", "perfft"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no command `perfft`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bash_completion_completes_game_names() {
    let out = pyrctl(&["completions", "bash"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let script = stdout(&out);
    // The word list offered for the GAME argument of `perft` (and the others).
    let games = "martian-chess ataxx-ice card-siege stacktrices";
    assert!(
        script.lines().any(|line| line.contains(games)),
        "no completion line offers the game names:\n{script}"
    );
}

#[test]
fn usage_errors_exit_with_status_2() {
    let cases: [&[&str]; 7] = [
        &["perft", "no-such-game", "--depth", "1"],
        &["bench", "chess"],
        &["legal", "martian-chess", "--rule", "nonsense"],
        &["legal", "martian-chess", "--rule", "colour=red"],
        &["legal", "martian-chess", "--players", "3"],
        &["show", "martian-chess", "--seat", "7"],
        &["bench", "--seconds", "-1"],
    ];
    for args in cases {
        let out = pyrctl(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).starts_with("error: "),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // Bad data (not the command line) stays exit status 1.
    let out = pyrctl(&["legal", "martian-chess", "--moves", "a1-a2"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

/// `pyrctl serve` on `addr` with its games in `db`, and the lines it writes on stderr as
/// they come.
fn serving(
    addr: &str,
    db: &std::path::Path,
) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pyrctl"))
        .args(["serve", "--addr", addr, "--db"])
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pyrctl starts");
    let stderr = child.stderr.take().expect("stderr");
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    (child, receiver)
}

#[test]
fn serve_accepts_a_host_name_address() {
    // Its games go to a file of its own, not the working directory's default.
    let db = std::env::temp_dir().join(format!("pyrctl-serve-{}.sqlite3", std::process::id()));
    let (mut child, receiver) = serving("localhost:0", &db);
    let started = Instant::now();
    let line = receiver.recv_timeout(Duration::from_secs(20));
    let _ = child.kill();
    let _ = child.wait();
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let line = line.expect("the server says where it listens");
    assert!(line.starts_with("serving on http://"), "{line}");
    assert!(
        line.contains("127.0.0.1:") || line.contains("[::1]:"),
        "localhost is a loopback address: {line}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
}

/// Issue 46: SIGTERM stops `pyrctl serve` cleanly: it says so and exits 0.
#[cfg(unix)]
#[test]
fn serve_stops_cleanly_on_sigterm() {
    let db = std::env::temp_dir().join(format!("pyrctl-term-{}.sqlite3", std::process::id()));
    let (mut child, receiver) = serving("127.0.0.1:0", &db);
    let first = receiver.recv_timeout(Duration::from_secs(20));
    let term = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(term.success());
    let asked = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child") {
            break Some(status);
        }
        if asked.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = child.wait();
    let rest: Vec<String> = receiver.try_iter().collect();
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    assert!(first.expect("it started").starts_with("serving on http://"));
    let status = status.expect("it stopped within 20 s of SIGTERM");
    assert!(status.success(), "{status:?}: {rest:?}");
    assert!(rest.iter().any(|l| l.starts_with("stopped")), "{rest:?}");
}

/// AbstractPlay's record of a Martian Chess game (its notation, its board orientation,
/// round numbers): both seats shuffle a pawn for eight plies, the ninth calls the clock,
/// seven quiet plies later the game ends 0-0.
const ABSTRACTPLAY_GAME: &str = "1. c3-b4 b6-a5 2. b4-c3 a5-b6 3. c3-b4 b6-a5 4. b4-c3 a5-b6 \
    5. c3-b4* b6-a5 6. b4-c3 a5-b6 7. c3-b4 b6-a5 8. b4-c3 a5-b6";

#[test]
fn show_plays_an_abstractplay_game_under_its_rules() {
    let rules = [
        "--rule",
        "clock=on",
        "--rule",
        "target=18",
        "--rule",
        "undo=capture-allowed",
    ];
    let mut args = vec!["show", "martian-chess"];
    args.extend(rules);
    args.extend(["--abstractplay", ABSTRACTPLAY_GAME]);
    let out = pyrctl(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("result: draw"), "{}", stdout(&out));
    // Without the clock the call `*` is refused, naming the move.
    let out = pyrctl(&["show", "martian-chess", "--abstractplay", ABSTRACTPLAY_GAME]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("--abstractplay"), "{}", stderr(&out));
    // Another game's moves are a usage error.
    let out = pyrctl(&["show", "ataxx-ice", "--abstractplay", "c3-b4"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}
