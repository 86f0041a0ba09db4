//! Hostile outside engines (issue 29): each is a small `sh` script speaking just enough
//! of the protocol to play Nim's `a-1`, then misbehaving. Every test is bounded by the
//! engine's `timeout` (a few seconds at most) and leaves no process behind.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pyramid_bots::protocol::{ExternalBot, ExternalSpec, MAX_LINES_PER_ANSWER};
use pyramid_core::nim::Nim;
use pyramid_core::{Bot, Game, Notation, Seat};

/// A scratch folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "pyramid-engines-test-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// An engine running `sh -c`: it answers `pgi` and `isready`, answers `go` with
/// `bestaction a-1` and then runs `after_go` (with `$n` the number of `go`s so far),
/// runs `on_quit` at `quit`, and `at_end` once its input is closed.
fn sh_engine(dir: &Path, after_go: &str, on_quit: &str, at_end: &str) -> ExternalSpec {
    let script = format!(
        "n=0\n\
         while read -r cmd rest; do\n\
           case \"$cmd\" in\n\
             pgi) echo pgiok ;;\n\
             isready) echo readyok ;;\n\
             go) n=$((n+1)); echo 'bestaction a-1'; {after_go} ;;\n\
             quit) {on_quit} ;;\n\
           esac\n\
         done\n\
         {at_end}\n"
    );
    ExternalSpec {
        command: "sh".to_owned(),
        args: vec!["-c".to_owned(), script],
        movetime: None,
        timeout: Some(3000),
        log: Some(dir.join("engine.log")),
    }
}

/// Nim after `a-1` by seat 0 and `c-1` by seat 1: seat 0 to move again.
fn second_turn() -> Nim {
    let mut state = Nim::new(&Default::default());
    for text in ["a-1", "c-1"] {
        let action = state.parse_action(text).expect("legal");
        state.play(action).expect("legal");
    }
    state
}

/// Whether process `pid` is gone or a zombie (ended, not yet reaped by its parent),
/// waiting up to two seconds for a killed process to die.
fn ended(pid: u32) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
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

/// The process ids an engine wrote to `file`, waiting until it has.
fn pids_in(file: &Path) -> Vec<u32> {
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        if text.ends_with('\n') || Instant::now() > until {
            return text
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn an_engine_flooding_output_between_turns_forfeits_instead_of_filling_memory() {
    let dir = scratch("flood");
    // After its first answer the engine writes more `info` lines than one answer may
    // have; they wait in the pipe (the engine blocks) until its next turn.
    let flood = format!(
        "if [ $n -eq 1 ]; then i=0; while [ $i -le {MAX_LINES_PER_ANSWER} ]; do \
         echo \"info string flood $i\"; i=$((i+1)); done; fi"
    );
    let mut bot = ExternalBot::<Nim>::new(sh_engine(&dir, &flood, "exit 0", ""), 1);
    let start = Nim::new(&Default::default());
    assert!(bot.choose(&start, Seat(0)).is_some(), "{:?}", bot.failure());
    assert_eq!(bot.choose(&second_turn(), Seat(0)), None);
    let reason = bot.failure().expect("a forfeit");
    assert_eq!(
        reason,
        format!("engine wrote more than {MAX_LINES_PER_ANSWER} lines without answering `go`")
    );
}

#[test]
fn an_engine_that_exits_with_a_child_holding_its_output_forfeits_as_exited_and_the_child_is_killed()
{
    let dir = scratch("orphan");
    let pid_file = dir.join("pids");
    // At its first `go` the engine starts a child that keeps the engine's output open,
    // and exits without answering.
    let mut spec = sh_engine(&dir, "", "exit 0", "");
    spec.args[1] = spec.args[1].replace(
        "go) n=$((n+1)); echo 'bestaction a-1';",
        &format!("go) sleep 30 & echo $! > '{}'; exit 3;", pid_file.display()),
    );
    let mut bot = ExternalBot::<Nim>::new(spec, 1);
    assert_eq!(bot.choose(&Nim::new(&Default::default()), Seat(0)), None);
    assert_eq!(
        bot.failure().as_deref(),
        Some("engine exited (exit status: 3)")
    );
    let pids = pids_in(&pid_file);
    assert_eq!(pids.len(), 1, "the child's pid");
    assert!(ended(pids[0]), "the engine's child {} still runs", pids[0]);
}

#[test]
fn dropping_an_engine_that_ignores_quit_kills_its_process_group_and_reaps_it() {
    let dir = scratch("stubborn");
    let pid_file = dir.join("pids");
    // The engine ignores `quit`, the end of its input and polite signals, and has a
    // child of its own.
    let mut spec = sh_engine(&dir, "", ":", "sleep 30");
    spec.args[1] = format!(
        "trap '' TERM HUP INT; sleep 30 & echo \"$$ $!\" > '{}'\n{}",
        pid_file.display(),
        spec.args[1]
    );
    let mut bot = ExternalBot::<Nim>::new(spec, 1);
    assert!(
        bot.choose(&Nim::new(&Default::default()), Seat(0))
            .is_some(),
        "{:?}",
        bot.failure()
    );
    let pids = pids_in(&pid_file);
    assert_eq!(pids.len(), 2, "the engine's and its child's pids");
    drop(bot);
    // The engine is our child: once stopped it is reaped, not left a zombie.
    assert!(
        !Path::new(&format!("/proc/{}", pids[0])).exists(),
        "the engine {} was not reaped",
        pids[0]
    );
    assert!(ended(pids[1]), "the engine's child {} still runs", pids[1]);
}

#[test]
fn stop_ends_the_engine_and_the_next_move_starts_a_new_one() {
    let dir = scratch("restart");
    let pid_file = dir.join("pids");
    let mut spec = sh_engine(&dir, "", "exit 0", "");
    spec.args[1] = format!("echo $$ >> '{}'\n{}", pid_file.display(), spec.args[1]);
    let mut bot = ExternalBot::<Nim>::new(spec, 1);
    let start = Nim::new(&Default::default());
    assert!(bot.choose(&start, Seat(0)).is_some(), "{:?}", bot.failure());
    let first = pids_in(&pid_file);
    bot.stop();
    assert!(!Path::new(&format!("/proc/{}", first[0])).exists());
    assert!(
        bot.choose(&second_turn(), Seat(0)).is_some(),
        "{:?}",
        bot.failure()
    );
    assert_eq!(pids_in(&pid_file).len(), 2, "a second process");
}

/// The engine's log file under `dir`, removed (with its rotated copy) beforehand.
fn fresh_log(dir: &Path) -> PathBuf {
    let log = dir.join("engine.log");
    let _ = std::fs::remove_file(&log);
    let _ = std::fs::remove_file(dir.join("engine.log.1"));
    log
}

#[test]
fn a_symlink_planted_at_the_log_path_is_not_followed() {
    let dir = scratch("symlink");
    let log = fresh_log(&dir);
    let target = dir.join("target.txt");
    std::fs::write(&target, "untouched\n").expect("written");
    std::os::unix::fs::symlink(&target, &log).expect("a planted symlink");
    let mut spec = sh_engine(&dir, "", "exit 0", "");
    spec.args[1] = format!("echo 'engine says hello' >&2\n{}", spec.args[1]);
    let mut bot = ExternalBot::<Nim>::new(spec, 1);
    assert_eq!(bot.choose(&Nim::new(&Default::default()), Seat(0)), None);
    let reason = bot.failure().expect("refused");
    assert!(
        reason.contains("is a symbolic link, which is never followed"),
        "{reason}"
    );
    drop(bot);
    assert_eq!(
        std::fs::read_to_string(&target).expect("read"),
        "untouched\n"
    );
}

#[test]
fn the_log_stops_growing_at_its_cap() {
    use pyramid_bots::protocol::MAX_ENGINE_LOG;
    let dir = scratch("cap");
    let log = fresh_log(&dir);
    // Three times the cap on standard error before answering `go`.
    let flood = 3 * MAX_ENGINE_LOG;
    let mut spec = sh_engine(&dir, "", "exit 0", "");
    spec.args[1] = spec.args[1].replace(
        "go) n=$((n+1)); echo 'bestaction a-1';",
        &format!(
            "go) n=$((n+1)); head -c {flood} /dev/zero | tr '\\0' x >&2; echo 'bestaction a-1';"
        ),
    );
    let mut bot = ExternalBot::<Nim>::new(spec, 1);
    let start = Nim::new(&Default::default());
    assert!(bot.choose(&start, Seat(0)).is_some(), "{:?}", bot.failure());
    bot.stop();
    let until = Instant::now() + Duration::from_secs(5);
    let text = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.ends_with('\n') || Instant::now() > until {
            break text;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(
        text.len() as u64 <= MAX_ENGINE_LOG + 200,
        "the log grew to {} bytes",
        text.len()
    );
    assert!(text.starts_with("xxx"), "{}", &text[..text.len().min(80)]);
    assert!(text.ends_with("the engine's further output was dropped]\n"));
}
