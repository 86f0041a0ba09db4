//! Our engine (`run_engine`) driven through socket pairs: `quit`, `stop` and the end of input
//! reach a search in progress (issue 34). Every wait is bounded, so a test that fails
//! fails in seconds; an engine left searching is a thread of the test binary only.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use martian_chess::MartianChess;
use pyramid_bots::protocol::run_engine;
use pyramid_core::dynamic::{GameEntry, Registry};

/// How long `quit`, `stop` or the end of input may take to end a huge search.
const PROMPTLY: Duration = Duration::from_secs(3);

/// The registry: Martian Chess with every bot.
fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut registry = Registry::new();
        registry.add(Box::new(GameEntry::<MartianChess>::new(
            pyramid_bots::bot_from_spec::<MartianChess>,
        )));
        registry
    })
}

/// An engine running on a thread of its own.
struct Running {
    /// Its input; dropping it ends the input.
    input: Option<UnixStream>,
    /// Its output, line by line.
    lines: Receiver<String>,
    /// What `run_engine` returned.
    done: Receiver<std::io::Result<()>>,
}

impl Running {
    /// `run_engine` for Martian Chess with bots of `spec`.
    fn start(spec: &'static str) -> Running {
        let (input, to_engine) = UnixStream::pair().expect("a socket pair");
        let (from_engine, output) = UnixStream::pair().expect("a socket pair");
        let (done_tx, done) = mpsc::channel();
        std::thread::spawn(move || {
            let result = run_engine(registry(), "martian-chess", spec, input, output);
            let _ = done_tx.send(result);
        });
        let (lines_tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(from_engine).lines() {
                let Ok(line) = line else { return };
                if lines_tx.send(line).is_err() {
                    return;
                }
            }
        });
        Running {
            input: Some(to_engine),
            lines,
            done,
        }
    }

    /// Sends `text` (whole lines).
    fn send(&mut self, text: &str) {
        let input = self.input.as_mut().expect("input open");
        input.write_all(text.as_bytes()).expect("the engine reads");
    }

    /// The next line starting with `prefix`, waiting at most `wait`.
    fn wait_for(&self, prefix: &str, wait: Duration) -> Option<String> {
        let until = Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Some(line),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }

    /// Starts a search far too long to finish (`go iters 1000000000`) and lets it run.
    fn start_huge_search(&mut self) {
        self.send("pgi\nnewgame martian-chess seed=3\nposition startpos\nisready\n");
        assert!(self.wait_for("readyok", Duration::from_secs(10)).is_some());
        self.send("go iters 1000000000\n");
        std::thread::sleep(Duration::from_millis(300));
        assert!(
            self.lines.try_recv().is_err(),
            "the search is still running"
        );
    }

    /// Whether `run_engine` returned without error within `wait`.
    fn returned_within(&self, wait: Duration) -> bool {
        matches!(self.done.recv_timeout(wait), Ok(Ok(())))
    }
}

#[test]
fn quit_during_a_huge_search_ends_the_engine_within_seconds() {
    let mut engine = Running::start("mcts:iters=100");
    engine.start_huge_search();
    let asked = Instant::now();
    engine.send("quit\n");
    assert!(
        engine.returned_within(PROMPTLY),
        "still searching after `quit`"
    );
    assert!(asked.elapsed() < PROMPTLY);
}

#[test]
fn stop_during_a_huge_search_answers_a_legal_action_at_once_and_the_engine_goes_on() {
    let mut engine = Running::start("mcts:iters=100");
    engine.start_huge_search();
    engine.send("stop\n");
    let best = engine
        .wait_for("bestaction ", PROMPTLY)
        .expect("a bestaction soon after `stop`");
    assert_ne!(best, "bestaction none");
    // The engine goes on: the same position, a small search, then a clean quit.
    engine.send("isready\ngo iters 50\n");
    assert!(engine.wait_for("readyok", PROMPTLY).is_some());
    assert!(
        engine
            .wait_for("bestaction ", Duration::from_secs(10))
            .is_some()
    );
    engine.send("quit\n");
    assert!(engine.returned_within(PROMPTLY));
}

#[test]
fn the_end_of_input_during_a_huge_search_ends_the_engine_within_seconds() {
    let mut engine = Running::start("mcts:iters=100");
    engine.start_huge_search();
    engine.input = None;
    assert!(
        engine.returned_within(PROMPTLY),
        "still searching after the end of input"
    );
}

#[test]
fn a_stop_sent_right_after_go_stops_that_search_and_commands_before_quit_are_answered() {
    let mut engine = Running::start("mcts:iters=100");
    engine.send("pgi\nposition startpos\ngo iters 1000000000\nstop\ngo iters 20\nisready\nquit\n");
    let started = Instant::now();
    assert!(
        engine.wait_for("bestaction ", PROMPTLY).is_some(),
        "the stopped search"
    );
    assert!(
        engine.wait_for("bestaction ", PROMPTLY).is_some(),
        "the second go"
    );
    assert!(engine.wait_for("readyok", PROMPTLY).is_some());
    assert!(engine.returned_within(PROMPTLY));
    assert!(started.elapsed() < 2 * PROMPTLY);
}
