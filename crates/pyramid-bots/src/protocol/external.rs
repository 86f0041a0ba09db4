//! An outside engine as a bot: [`ExternalBot`], named by `ext:COMMAND ARGS;movetime=MS`.

use std::fmt;
use std::io::Write;
use std::marker::PhantomData;
use std::os::unix::fs::DirBuilderExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};

use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, RuleSet, Seat};

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::io::ioctl_fionbio;
use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};

use super::lines::{LineReader, MAX_ENGINE_LINE, Next};
use super::log::{copy_to_log, open_log, private_dir};

/// How long an engine may take to answer `pgi` and `isready` when no `timeout` is given.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine may think when neither `movetime` nor `timeout` is given.
pub const DEFAULT_MOVE_TIMEOUT: Duration = Duration::from_secs(10);
/// The margin over `movetime` before an engine counts as hung.
pub const MOVETIME_MARGIN: Duration = Duration::from_secs(1);

/// An outside engine: the command that starts it and how it is timed.
///
/// The text form (after `ext:` in a bot spec) is `COMMAND [ARGS ...]` followed by
/// `;KEY=VALUE` settings: `movetime=MS` (sent with every `go`; the engine is hung after
/// MS plus one second), `timeout=MS` (the hard limit per answer instead) and `log=FILE`
/// (where the engine's standard error goes; by default `<command name>.log` in
/// [`default_log_dir`](super::default_log_dir)). Arguments are split at whitespace.
///
/// ```
/// use pyramid_bots::protocol::ExternalSpec;
/// let spec: ExternalSpec = "python3 engines/random.py --fast;movetime=200".parse()?;
/// assert_eq!(spec.command, "python3");
/// assert_eq!(spec.args, ["engines/random.py", "--fast"]);
/// assert_eq!(spec.movetime, Some(200));
/// assert_eq!(spec.to_string().parse::<ExternalSpec>()?, spec);
/// assert!("".parse::<ExternalSpec>().is_err());
/// assert!("engine;movetime=soon".parse::<ExternalSpec>().is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The program to run.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Milliseconds per move, sent as `go movetime MS`.
    pub movetime: Option<u64>,
    /// Milliseconds the engine may take for any answer (overrides the defaults).
    pub timeout: Option<u64>,
    /// Where the engine's standard error is appended.
    pub log: Option<PathBuf>,
}

impl ExternalSpec {
    /// How long the engine may take to answer `go`.
    pub fn move_deadline(&self) -> Duration {
        match (self.timeout, self.movetime) {
            (Some(ms), _) => Duration::from_millis(ms),
            (None, Some(ms)) => Duration::from_millis(ms) + MOVETIME_MARGIN,
            (None, None) => DEFAULT_MOVE_TIMEOUT,
        }
    }

    /// How long the engine may take to answer `pgi` or `isready`.
    pub fn handshake_deadline(&self) -> Duration {
        self.timeout
            .map_or(HANDSHAKE_TIMEOUT, Duration::from_millis)
    }

    /// The log file the engine's standard error goes to: `log=FILE`, or
    /// `<command name>.log` in [`default_log_dir`](super::default_log_dir).
    pub fn log_path(&self) -> PathBuf {
        self.log.clone().unwrap_or_else(|| {
            let name = std::path::Path::new(&self.command)
                .file_name()
                .map_or_else(|| "engine".into(), |n| n.to_string_lossy().into_owned());
            super::default_log_dir().join(format!("{name}.log"))
        })
    }

    /// Opens the engine's log (a [`default_log_dir`](super::default_log_dir) is checked to
    /// be private first; the folder of a `log=FILE` is created if missing): appended to,
    /// never through a symbolic link, moved to `FILE.1` once full.
    fn open_log(&self) -> Result<std::fs::File, String> {
        let path = self.log_path();
        match (self.log.is_some(), path.parent()) {
            (false, Some(dir)) => private_dir(dir)?,
            (true, Some(dir)) if !dir.as_os_str().is_empty() => {
                std::fs::DirBuilder::new()
                    .recursive(true)
                    .mode(0o700)
                    .create(dir)
                    .map_err(|e| {
                        format!("cannot create the engine log folder {}: {e}", dir.display())
                    })?;
            }
            _ => {}
        }
        open_log(&path)
    }
}

impl fmt::Display for ExternalSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.command)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        if let Some(ms) = self.movetime {
            write!(f, ";movetime={ms}")?;
        }
        if let Some(ms) = self.timeout {
            write!(f, ";timeout={ms}")?;
        }
        if let Some(log) = &self.log {
            write!(f, ";log={}", log.display())?;
        }
        Ok(())
    }
}

impl FromStr for ExternalSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let mut parts = text.split(';');
        let mut words = parts.next().unwrap_or("").split_whitespace();
        let command = words
            .next()
            .ok_or("an outside engine needs a command: ext:COMMAND [ARGS]")?
            .to_owned();
        let mut spec = ExternalSpec {
            command,
            args: words.map(str::to_owned).collect(),
            movetime: None,
            timeout: None,
            log: None,
        };
        for setting in parts.map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| format!("engine setting `{setting}` is not KEY=VALUE"))?;
            let millis = || {
                value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|&ms| ms > 0)
                    .ok_or_else(|| format!("engine setting `{key}` must be milliseconds above 0"))
            };
            match key.trim() {
                "movetime" => spec.movetime = Some(millis()?),
                "timeout" => spec.timeout = Some(millis()?),
                "log" => spec.log = Some(PathBuf::from(value.trim())),
                other => {
                    return Err(format!(
                        "unknown engine setting `{other}` (settings: movetime, timeout, log)"
                    ));
                }
            }
        }
        Ok(spec)
    }
}

/// The most lines an engine may write while the tool waits for one answer (the `info`
/// and `id` lines before `pgiok`, `readyok` or `bestaction`, and whatever it wrote since
/// its last answer); one more is a forfeit.
pub const MAX_LINES_PER_ANSWER: usize = 10_000;
/// How long an engine has to exit after `quit` before its process group is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(100);
/// How often the tool looks whether a silent engine has exited while it waits.
const EXIT_CHECK: Duration = Duration::from_millis(20);

/// A running engine process, the leader of a process group of its own.
struct Session {
    child: Child,
    pid: Pid,
    /// Non-blocking: a write that would block waits with a deadline.
    stdin: Option<ChildStdin>,
    lines: LineReader<ChildStdout>,
    /// The guard in the engine's process group that kills the group once this process
    /// is gone ([`start_guard`]); none if it could not be started.
    guard: Option<Child>,
    /// The thread copying the engine's standard error to its log: waited for (briefly)
    /// once the engine is stopped, so that the log holds all it wrote.
    log_copy: Option<std::thread::JoinHandle<()>>,
    /// Stopped and reaped.
    stopped: bool,
}

impl Session {
    /// Writes `line` to the engine, waiting at most `deadline` for room in the pipe.
    fn send(&mut self, line: &str, deadline: Duration) -> Result<(), String> {
        let until = Instant::now() + deadline;
        let text = format!("{line}\n");
        let mut bytes = text.as_bytes();
        let Some(stdin) = self.stdin.as_mut() else {
            return Err("the engine is stopped".to_owned());
        };
        while !bytes.is_empty() {
            match stdin.write(bytes) {
                Ok(0) => return Err(self.exit_reason("could not be written to")),
                Ok(n) => bytes = &bytes[n..],
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    let left = until.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(format!(
                            "engine did not read its input (`{}`) within {} ms",
                            pyramid_core::excerpt(line),
                            deadline.as_millis()
                        ));
                    }
                    let timeout = Timespec::try_from(left.min(EXIT_CHECK)).unwrap_or(Timespec {
                        tv_sec: 0,
                        tv_nsec: 0,
                    });
                    let _ = poll(&mut [PollFd::new(&*stdin, PollFlags::OUT)], Some(&timeout));
                }
                Err(_) => return Err(self.exit_reason("could not be written to")),
            }
        }
        Ok(())
    }

    /// The engine's exit status once it has exited, without reaping it (so that its
    /// process group keeps its number until [`Session::stop`] kills the group).
    fn exit_status(&self) -> Option<String> {
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        let status = waitid(WaitId::Pid(self.pid), options).ok()??;
        Some(match (status.exit_status(), status.terminating_signal()) {
            (Some(code), _) if status.exited() => format!("exit status: {code}"),
            (_, Some(signal)) => format!("signal: {signal}"),
            _ => "ended".to_owned(),
        })
    }

    /// Why the engine stopped talking: its exit status if it has one.
    fn exit_reason(&mut self, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            match self.exit_status() {
                Some(status) => return format!("engine exited ({status})"),
                None if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                None => return format!("engine {what}"),
            }
        }
    }

    /// Waits for a line `wanted` accepts, skipping `info` and `id` lines; anything else is
    /// garbage. An engine that exits (even with a child of its own still holding its
    /// output open) fails with its exit status.
    fn wait_for<T>(
        &mut self,
        command: &str,
        deadline: Duration,
        mut wanted: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, String> {
        let until = Instant::now() + deadline;
        let mut skipped = 0usize;
        let mut exited: Option<String> = None;
        loop {
            // Once the engine has exited, only what it wrote before is read.
            let wait = if exited.is_some() {
                Duration::ZERO
            } else {
                until
                    .saturating_duration_since(Instant::now())
                    .min(EXIT_CHECK)
            };
            match self.lines.next(wait) {
                Next::Text(line) => {
                    let trimmed = line.trim();
                    if let Some(found) = wanted(trimmed) {
                        return Ok(found);
                    }
                    let first = trimmed.split_whitespace().next().unwrap_or("");
                    if !matches!(first, "" | "info" | "id") {
                        return Err(format!(
                            "engine answered garbage to `{command}`: `{}`",
                            pyramid_core::excerpt(trimmed)
                        ));
                    }
                    skipped += 1;
                    if skipped > MAX_LINES_PER_ANSWER {
                        return Err(format!(
                            "engine wrote more than {MAX_LINES_PER_ANSWER} lines without answering `{command}`"
                        ));
                    }
                }
                Next::TooLong => {
                    return Err(format!(
                        "engine answered `{command}` with a line over {} KiB",
                        MAX_ENGINE_LINE / 1024
                    ));
                }
                Next::Closed => {
                    return Err(match exited {
                        Some(status) => format!("engine exited ({status})"),
                        None => self.exit_reason("closed its output"),
                    });
                }
                Next::Idle => {
                    if let Some(status) = exited {
                        return Err(format!("engine exited ({status})"));
                    }
                    exited = self.exit_status();
                    if exited.is_none() && Instant::now() >= until {
                        return Err(format!(
                            "engine did not answer `{command}` within {} ms",
                            deadline.as_millis()
                        ));
                    }
                }
            }
        }
    }

    /// Stops the engine: `quit`, its input closed, [`QUIT_GRACE`] to exit, then its whole
    /// process group killed (children it started included) and the engine reaped.
    fn stop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write(b"quit\n");
        }
        let deadline = Instant::now() + QUIT_GRACE;
        while self.exit_status().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(2));
        }
        // The engine is not reaped yet, so its group's number is still its own.
        let _ = kill_process_group(self.pid, Signal::KILL);
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(mut guard) = self.guard.take() {
            let _ = guard.kill();
            let _ = guard.wait();
        }
        // The group is gone, so the copy reads the end of the engine's standard error at
        // once; a process that left the group and keeps it open is not waited for long.
        if let Some(copy) = self.log_copy.take() {
            let until = Instant::now() + LOG_FLUSH_WAIT;
            while !copy.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(1));
            }
            if copy.is_finished() {
                let _ = copy.join();
            }
        }
    }
}

/// How long a stopped engine's log copy is waited for.
const LOG_FLUSH_WAIT: Duration = Duration::from_millis(500);

impl Drop for Session {
    fn drop(&mut self) {
        self.stop();
    }
}

/// An outside engine speaking the protocol (docs/protocol.md), as a [`Bot`]: started on
/// its first move, told the game with `newgame`, then given each position (the seat's
/// view where the game hides something) with `position` and asked with `go`.
///
/// An engine that cannot be started, crashes, hangs past its deadline, answers garbage
/// or plays an illegal action makes [`Bot::choose`] return `None` with the reason in
/// [`Bot::failure`]: the arena scores that as a loss by forfeit. The engine runs as the
/// leader of a process group of its own; it is stopped (`quit`, [`QUIT_GRACE`] to exit,
/// then the whole group killed and the engine reaped) when it fails, when
/// [`ExternalBot::stop`] is called, or when the bot is dropped, that is after every game;
/// a match builds a new bot, so a new process, for every game seat. A guard process in
/// the engine's group kills the group if this process dies without stopping it (even by
/// `kill -9`). The engine's standard error goes to its log, capped at
/// [`MAX_ENGINE_LOG`](super::MAX_ENGINE_LOG).
pub struct ExternalBot<G> {
    spec: ExternalSpec,
    seed: u64,
    session: Option<Session>,
    failure: Option<String>,
    game: PhantomData<fn() -> G>,
}

impl<G> ExternalBot<G> {
    /// The bot for engine `spec`; `seed` is passed on with `newgame ... seed=S`.
    pub fn new(spec: ExternalSpec, seed: u64) -> Self {
        ExternalBot {
            spec,
            seed,
            session: None,
            failure: None,
            game: PhantomData,
        }
    }

    /// Stops the engine process if it runs (see above); dropping the bot does the same.
    /// The bot starts a new process if asked to move again. Blocks for at most about
    /// [`QUIT_GRACE`].
    pub fn stop(&mut self) {
        self.session = None;
    }

    fn start(&self) -> Result<Session, String> {
        let mut log = self.spec.open_log()?;
        let mut child = Command::new(&self.spec.command)
            .args(&self.spec.args)
            // A group of its own: stopping the engine kills whatever it started too.
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start engine `{}`: {e}", self.spec.command))?;
        let pid = Pid::from_child(&child);
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            let _ = kill_process_group(pid, Signal::KILL);
            let _ = child.kill();
            let _ = child.wait();
            return Err("engine pipes are missing".to_owned());
        };
        let guard = match start_guard(pid) {
            Ok(guard) => Some(guard),
            Err(e) => {
                let _ = writeln!(log, "[pyramid-games: no guard for this engine: {e}]");
                None
            }
        };
        let mut session = Session {
            child,
            pid,
            stdin: None,
            lines: LineReader::new(stdout),
            guard,
            log_copy: None,
            stopped: false,
        };
        session.log_copy = Some(
            copy_to_log(stderr, log).map_err(|e| format!("cannot start the engine's log: {e}"))?,
        );
        ioctl_fionbio(&stdin, true)
            .map_err(|e| format!("cannot set up the engine's input: {e}"))?;
        session.stdin = Some(stdin);
        Ok(session)
    }
}

/// Starts the guard of engine `pid`: `sh -c 'read -r line; kill -9 0'` in the engine's
/// process group, reading a pipe whose other end only this process holds. When this
/// process ends, however it ends (`kill -9` included), the kernel closes that end, the
/// guard's `read` sees the end of input and `kill -9 0` kills the whole group: the engine,
/// what it started, and the guard. Stopping the engine kills the group, guard included.
/// (`prctl(PR_SET_PDEATHSIG)` would need `unsafe` between `fork` and `exec`, reaches the
/// engine but not its children, and fires when the spawning thread ends.)
fn start_guard(pid: Pid) -> Result<Child, String> {
    Command::new("sh")
        .args(["-c", "read -r line; kill -9 0"])
        .process_group(pid.as_raw_nonzero().get())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start `sh` in the engine's process group: {e}"))
}

impl<G: Information> ExternalBot<G> {
    /// `newgame` for the rules of `state`.
    fn newgame_line(&self, state: &G) -> String {
        let rules = state.rules();
        let mut line = format!(
            "newgame {} players={} seed={}",
            G::NAME,
            rules.seats(),
            self.seed
        );
        if let Some(limit) = rules.ply_limit() {
            line.push_str(&format!(" ply_limit={limit}"));
        }
        for (key, value) in rules.options() {
            line.push_str(&format!(" {key}={value}"));
        }
        line
    }

    /// Starts the engine and introduces the game: `pgi`, `newgame`, `isready`.
    fn open(&mut self, state: &G) -> Result<(), String> {
        let mut session = self.start()?;
        let handshake = self.spec.handshake_deadline();
        session.send("pgi", handshake)?;
        session.wait_for("pgi", handshake, |l| (l == "pgiok").then_some(()))?;
        session.send(&self.newgame_line(state), handshake)?;
        session.send("isready", handshake)?;
        session.wait_for("isready", handshake, |l| (l == "readyok").then_some(()))?;
        self.session = Some(session);
        Ok(())
    }

    /// One move: `position`, `go`, `bestaction`, checked against the rules.
    fn ask(&mut self, view: &G::View, seat: Seat) -> Result<G::Action, String> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let state = G::sample_from_view(view, &mut rng);
        if state.to_act() != Some(seat) {
            return Err(format!("asked to move for seat {seat} out of turn"));
        }
        if self.session.is_none() {
            self.open(&state)?;
        }
        let go = match self.spec.movetime {
            Some(ms) => format!("go movetime {ms}"),
            None => "go".to_owned(),
        };
        let deadline = self.spec.move_deadline();
        let session = self.session.as_mut().ok_or("the engine is not running")?;
        session.send(&format!("position {}", G::write_view(view)), deadline)?;
        session.send(&go, deadline)?;
        let answer = session.wait_for("go", deadline, |l| {
            l.strip_prefix("bestaction ").map(|a| a.trim().to_owned())
        })?;
        if answer == "none" || answer.is_empty() {
            return Err("engine answered `bestaction none` in a running game".to_owned());
        }
        state.parse_action(&answer).map_err(|e| {
            format!(
                "engine played `{}`, which is not a legal action: {e}",
                pyramid_core::excerpt(&answer)
            )
        })
    }
}

impl<G: Information> Bot<G> for ExternalBot<G> {
    fn name(&self) -> String {
        format!("ext:{}", self.spec)
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        if self.failure.is_some() {
            return None;
        }
        match self.ask(view, seat) {
            Ok(action) => Some(action),
            Err(reason) => {
                self.failure = Some(reason);
                self.session = None;
                None
            }
        }
    }

    fn failure(&mut self) -> Option<String> {
        self.failure.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::nim::Nim;

    #[test]
    fn an_engine_that_does_not_read_its_input_fails_at_the_deadline_instead_of_blocking_the_tool() {
        let log = std::env::temp_dir().join(format!("pyramid-sleep-{}.log", std::process::id()));
        let spec: ExternalSpec = format!("sleep 10;log={}", log.display())
            .parse()
            .expect("a spec");
        let bot = ExternalBot::<Nim>::new(spec, 0);
        let mut session = bot.start().expect("sleep starts");
        // More than a pipe holds: the write would block forever.
        let line = "x".repeat(1 << 20);
        let sent = session.send(&line, Duration::from_millis(200));
        let error = sent.expect_err("the engine reads nothing");
        assert!(
            error.starts_with("engine did not read its input (`xxx"),
            "{error}"
        );
        assert!(error.ends_with("within 200 ms"), "{error}");
    }
}
