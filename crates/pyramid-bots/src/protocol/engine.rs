//! The engine side of the protocol: [`run_engine`].

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use pyramid_core::dynamic::{DynBot, DynState, Registry, borrowed_options};

use super::PROTOCOL_VERSION;
use super::lines::MAX_ENGINE_LINE;
use crate::{BotSpec, Budget, SpecError};

/// What a search needs: the bot and a copy of the position.
type Search = (Box<dyn DynBot>, Box<dyn DynState>);

/// The engine's state between commands.
struct Engine<'r> {
    registry: &'r Registry,
    game: String,
    spec: String,
    options: Vec<(String, String)>,
    seed: u64,
    bot: Option<Box<dyn DynBot>>,
    /// The spec `bot` was built from (the engine's spec with `go`'s budget).
    bot_spec: String,
    state: Option<Box<dyn DynState>>,
}

impl Engine<'_> {
    /// `newgame GAME [players=N] [seed=S] [key=value ...]`.
    fn new_game(&mut self, words: &[&str]) -> Result<(), String> {
        let Some((game, rest)) = words.split_first() else {
            return Err("newgame needs a game".to_owned());
        };
        let entry = self.registry.get(game).map_err(|e| e.to_string())?;
        let mut options = Vec::new();
        let mut seed = 0;
        for word in rest {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("`{word}` is not KEY=VALUE"))?;
            match key {
                "seed" => {
                    seed = value
                        .parse()
                        .map_err(|_| format!("seed `{value}` is not a number"))?
                }
                "players" => options.push(("seats".to_owned(), value.to_owned())),
                _ => options.push((key.to_owned(), value.to_owned())),
            }
        }
        let state = entry
            .new_state(&borrowed_options(&options))
            .map_err(|e| e.to_string())?;
        self.bot = Some(entry.bot(&self.spec, seed).map_err(|e| e.to_string())?);
        self.bot_spec = self.spec.clone();
        self.game = entry.name().to_owned();
        self.options = options;
        self.seed = seed;
        self.state = Some(state);
        Ok(())
    }

    /// `position POS [moves A B ...]`: POS is `startpos`, a position string or a view
    /// string (for a game that hides something).
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        if self.state.is_none() {
            let game = self.game.clone();
            self.new_game(&[game.as_str()])?;
        }
        let split = words
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(words.len());
        let (pos, moves) = words.split_at(split);
        let text = pos.join(" ");
        let entry = self.registry.get(&self.game).map_err(|e| e.to_string())?;
        let options = borrowed_options(&self.options);
        let mut state = if text == "startpos" || text.is_empty() {
            entry.new_state(&options).map_err(|e| e.to_string())?
        } else {
            match entry.parse_position(&text, &options) {
                Ok(state) => state,
                Err(position_error) => entry
                    .sample_from_view(&text, &options, self.seed)
                    .map_err(|_| position_error.to_string())?,
            }
        };
        for action in moves.iter().skip(1) {
            state
                .play(action)
                .map_err(|e| format!("move `{action}`: {e}"))?;
        }
        self.state = Some(state);
        Ok(())
    }

    /// The bot spec `go`'s budget asks for: an MCTS bot given `movetime MS` or `iters N`
    /// searches for that long; other bots have no budget to set (but a bad number is
    /// refused whatever the bot), and a kind this crate does not know is left to the
    /// registry's bot factory.
    fn spec_for(&self, words: &[&str]) -> Result<String, String> {
        let mut budget = None;
        for pair in words.chunks(2) {
            let number = || {
                pair.get(1)
                    .and_then(|v| v.parse::<u64>().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("`go {}` needs a number above 0", pair[0]))
            };
            match pair[0] {
                "movetime" => budget = Some(Budget::Time(Duration::from_millis(number()?))),
                "iters" => budget = Some(Budget::Iterations(number()?)),
                _ => {}
            }
        }
        let mut spec: BotSpec = match self.spec.parse() {
            Ok(spec) => spec,
            // A kind another crate added (`az`): the registry's bot factory reads it.
            Err(SpecError::UnknownBot { .. }) => return Ok(self.spec.clone()),
            Err(e) => return Err(e.to_string()),
        };
        if let (BotSpec::Mcts(config), Some(budget)) = (&mut spec, budget) {
            config.budget = budget;
        }
        Ok(spec.to_string())
    }

    /// `go [movetime MS] [iters N]`: the bot (built for `go`'s budget, or the one kept
    /// since the last search, taken out of the engine until the search gives it back) and
    /// a copy of the position to search.
    fn prepare_go(&mut self, words: &[&str]) -> Result<Search, String> {
        if self.state.is_none() {
            self.position(&["startpos"])?;
        }
        let spec = self.spec_for(words)?;
        if self.bot.is_none() || spec != self.bot_spec {
            let entry = self.registry.get(&self.game).map_err(|e| e.to_string())?;
            self.bot = Some(entry.bot(&spec, self.seed).map_err(|e| e.to_string())?);
            self.bot_spec = spec;
        }
        let Some(state) = self.state.as_ref() else {
            return Err("no game: send newgame first".to_owned());
        };
        let state = state.clone_box();
        let bot = self.bot.take().ok_or("no bot: send newgame first")?;
        Ok((bot, state))
    }
}

/// The most commands the engine holds while a search runs (a tool waits for
/// `bestaction` before it sends more than a few); further ones are refused with an
/// `info string error`, except `stop` and `quit`.
const MAX_QUEUED: usize = 256;

/// How long the engine waits, after `quit` or the end of its input, for a search that
/// does not stop (a bot without a stop flag: `az`, `ext:`) before it returns anyway.
pub const QUIT_WAIT: Duration = Duration::from_secs(1);

/// What the input reader and the searches tell the engine's thread.
enum Event {
    /// A command line.
    Line(String),
    /// A line over [`MAX_ENGINE_LINE`], skipped.
    TooLong,
    /// The end of the input, or the error that ended reading it.
    End(Option<io::Error>),
    /// A search's answer, with its bot to keep (none if the search panicked).
    Answer(Option<Box<dyn DynBot>>, Result<String, String>),
}

/// The first word of `line`.
fn command_of(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// The engine's thread: the commands in order, one search at a time on a thread of its
/// own, and every answer written from here.
struct Conversation<'r, W> {
    engine: Engine<'r>,
    output: W,
    /// For the searches' answers.
    events: Sender<Event>,
    /// What came in while a search ran, in order.
    queue: VecDeque<Event>,
    /// The stop flag of the search in progress.
    search: Option<Arc<AtomicBool>>,
    /// Since when `quit` or the end of input is known: every search stops at once.
    finishing: Option<Instant>,
}

impl<W: Write> Conversation<'_, W> {
    /// Runs until `quit`, the end of input or an output error.
    fn run(&mut self, inbox: &Receiver<Event>) -> io::Result<()> {
        loop {
            if self.search.is_none() {
                if let Some(event) = self.queue.pop_front() {
                    if self.handle(event)? {
                        return Ok(());
                    }
                    continue;
                }
            }
            let event = match self.finishing.filter(|_| self.search.is_some()) {
                Some(since) => {
                    let left = (since + QUIT_WAIT).saturating_duration_since(Instant::now());
                    match inbox.recv_timeout(left) {
                        Ok(event) => event,
                        // The search does not stop: leave it behind.
                        Err(_) => return Ok(()),
                    }
                }
                None => match inbox.recv() {
                    Ok(event) => event,
                    Err(_) => return Ok(()),
                },
            };
            match event {
                Event::Answer(bot, answer) => self.answered(bot, answer)?,
                other => self.arrived(other)?,
            }
        }
    }

    /// Queues what the reader sent, and stops the search in progress when a `stop`
    /// follows its `go` (before another `go`), or at `quit` or the end of input.
    fn arrived(&mut self, event: Event) -> io::Result<()> {
        let urgent = match &event {
            Event::Line(line) => matches!(command_of(line), "stop" | "quit"),
            Event::TooLong => false,
            Event::End(_) | Event::Answer(..) => true,
        };
        let ends = match &event {
            Event::Line(line) => command_of(line) == "quit",
            Event::End(_) => true,
            _ => false,
        };
        if ends && self.finishing.is_none() {
            self.finishing = Some(Instant::now());
        }
        if self.search.is_some() && self.queue.len() >= MAX_QUEUED && !urgent {
            writeln!(
                self.output,
                "info string error: more than {MAX_QUEUED} commands during a search; one was ignored"
            )?;
            return self.output.flush();
        }
        self.queue.push_back(event);
        self.check_stop();
        Ok(())
    }

    /// Sets the stop flag of the search in progress if it is to stop.
    fn check_stop(&self) {
        let Some(flag) = &self.search else { return };
        let mut stop = self.finishing.is_some();
        for event in &self.queue {
            match event {
                Event::Line(line) => match command_of(line) {
                    "stop" | "quit" => stop = true,
                    "go" => break,
                    _ => continue,
                },
                Event::End(_) => stop = true,
                _ => continue,
            }
            break;
        }
        if stop {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Writes a search's answer and takes its bot back.
    fn answered(
        &mut self,
        bot: Option<Box<dyn DynBot>>,
        answer: Result<String, String>,
    ) -> io::Result<()> {
        self.search = None;
        self.engine.bot = bot;
        match answer {
            Ok(action) => writeln!(self.output, "bestaction {action}")?,
            Err(e) => {
                writeln!(self.output, "info string error: {e}")?;
                writeln!(self.output, "bestaction none")?;
            }
        }
        self.output.flush()
    }

    /// Carries out one command (no search runs); true once the engine is to return.
    fn handle(&mut self, event: Event) -> io::Result<bool> {
        let line = match event {
            Event::Line(line) => line,
            Event::TooLong => {
                writeln!(
                    self.output,
                    "info string error: a line over {} KiB was ignored",
                    MAX_ENGINE_LINE / 1024
                )?;
                self.output.flush()?;
                return Ok(false);
            }
            Event::End(None) => return Ok(true),
            Event::End(Some(error)) => return Err(error),
            Event::Answer(bot, answer) => {
                self.answered(bot, answer)?;
                return Ok(false);
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((command, rest)) = words.split_first() else {
            return Ok(false);
        };
        let answer: Result<Vec<String>, String> = match *command {
            "pgi" => Ok(vec![
                format!("id name pyramid-games {}", env!("CARGO_PKG_VERSION")),
                "id author the pyramid-games authors".to_owned(),
                format!("id protocol {PROTOCOL_VERSION}"),
                format!("id bot {}", self.engine.spec),
                "pgiok".to_owned(),
            ]),
            "isready" => Ok(vec!["readyok".to_owned()]),
            "newgame" => self.engine.new_game(rest).map(|()| Vec::new()),
            "position" => self.engine.position(rest).map(|()| Vec::new()),
            "go" => self.go(rest).map(|()| Vec::new()),
            "quit" => return Ok(true),
            _ => Ok(Vec::new()),
        };
        match answer {
            Ok(lines) => {
                for l in lines {
                    writeln!(self.output, "{l}")?;
                }
            }
            Err(e) => {
                writeln!(self.output, "info string error: {e}")?;
                if *command == "go" {
                    writeln!(self.output, "bestaction none")?;
                }
            }
        }
        self.output.flush()?;
        Ok(false)
    }

    /// Starts the search `go` asks for on a thread of its own, with a fresh stop flag.
    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        let (mut bot, state) = self.engine.prepare_go(words)?;
        let flag = Arc::new(AtomicBool::new(false));
        bot.set_stop_flag(Arc::clone(&flag));
        let mut reply = Reply {
            events: self.events.clone(),
            sent: false,
        };
        std::thread::Builder::new()
            .name("pgi-search".to_owned())
            .spawn(move || {
                let answer = bot.pick(state.as_ref()).map_err(|e| e.to_string());
                reply.send(Some(bot), answer);
            })
            .map_err(|e| format!("cannot start the search: {e}"))?;
        self.search = Some(flag);
        self.check_stop();
        Ok(())
    }
}

/// A search's way back to the engine's thread: it answers even if the search panics.
struct Reply {
    events: Sender<Event>,
    sent: bool,
}

impl Reply {
    fn send(&mut self, bot: Option<Box<dyn DynBot>>, answer: Result<String, String>) {
        self.sent = true;
        let _ = self.events.send(Event::Answer(bot, answer));
    }
}

impl Drop for Reply {
    fn drop(&mut self) {
        if !self.sent {
            self.send(None, Err("the search failed".to_owned()));
        }
    }
}

/// Reads `input` into lines for the engine's thread until the end of input, a read
/// error, `quit`, or the engine's thread is gone.
fn read_commands<R: Read>(input: R, events: &Sender<Event>) {
    let mut input = BufReader::new(input);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let read = match input
            .by_ref()
            .take(MAX_ENGINE_LINE + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(read) => read,
            Err(error) => {
                let _ = events.send(Event::End(Some(error)));
                return;
            }
        };
        if read == 0 {
            let _ = events.send(Event::End(None));
            return;
        }
        let event = if buf.last() != Some(&b'\n') && read as u64 > MAX_ENGINE_LINE {
            if let Err(error) = skip_line(&mut input) {
                let _ = events.send(Event::End(Some(error)));
                return;
            }
            Event::TooLong
        } else {
            Event::Line(String::from_utf8_lossy(&buf).into_owned())
        };
        let quit = matches!(&event, Event::Line(line) if command_of(line) == "quit");
        if events.send(event).is_err() || quit {
            return;
        }
    }
}

/// Speaks the protocol on `input` and `output` until `quit` or the end of input, playing
/// `game` (until a `newgame` names another) with bots of `spec`, seeded by `newgame`'s
/// `seed=S`. Errors in a command are reported as `info string error: ...` lines; unknown
/// commands are ignored, and so are lines over [`MAX_ENGINE_LINE`] (never held whole in
/// memory); bytes that are not UTF-8 read as U+FFFD.
///
/// A thread reads `input` while a search runs, so `stop` (answer the best action found so
/// far), `quit` and the end of input (stop, answer what came before, return) take effect
/// during a search: the bot gets a stop flag ([`DynBot::set_stop_flag`]). Commands other
/// than `stop` and `quit` wait for the search's `bestaction`. A bot that does not watch
/// the flag gets [`QUIT_WAIT`] after `quit` before this returns without its answer. The
/// reading thread stays blocked in `input` after `quit` until the input ends (a process
/// that returns from `main` ends it).
///
/// ```
/// use pyramid_bots::protocol::run_engine;
/// use pyramid_core::nim::Nim;
/// use pyramid_core::dynamic::{GameEntry, Registry};
/// let mut registry = Registry::new();
/// registry.add(Box::new(GameEntry::<Nim>::new(pyramid_bots::bot_from_spec::<Nim>)));
/// let input = "pgi\nnewgame nim seed=1\nposition startpos moves a-1\ngo\nquit\n";
/// let mut output = Vec::new();
/// run_engine(&registry, "nim", "random", input.as_bytes(), &mut output)?;
/// let text = String::from_utf8(output).expect("text");
/// assert!(text.contains("pgiok"));
/// assert!(text.lines().any(|l| l.starts_with("bestaction ")));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run_engine<R: Read + Send + 'static, W: Write>(
    registry: &Registry,
    game: &str,
    spec: &str,
    input: R,
    output: W,
) -> io::Result<()> {
    let (events, inbox) = mpsc::channel();
    let reader_events = events.clone();
    std::thread::Builder::new()
        .name("pgi-input".to_owned())
        .spawn(move || read_commands(input, &reader_events))?;
    let mut conversation = Conversation {
        engine: Engine {
            registry,
            game: game.to_owned(),
            spec: spec.to_owned(),
            options: Vec::new(),
            seed: 0,
            bot: None,
            bot_spec: String::new(),
            state: None,
        },
        output,
        events,
        queue: VecDeque::new(),
        search: None,
        finishing: None,
    };
    conversation.run(&inbox)
}

/// Reads and drops the rest of a line (through its `\n`), a buffer at a time.
fn skip_line<R: BufRead>(input: &mut R) -> io::Result<()> {
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(());
        }
        if let Some(end) = available.iter().position(|&b| b == b'\n') {
            input.consume(end + 1);
            return Ok(());
        }
        let len = available.len();
        input.consume(len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::dynamic::GameEntry;
    use pyramid_core::nim::Nim;

    #[test]
    fn overlong_and_non_utf8_lines_are_refused_and_the_engine_goes_on() {
        let mut registry = Registry::new();
        registry.add(Box::new(GameEntry::<Nim>::new(crate::bot_from_spec::<Nim>)));
        let mut input = b"pgi\n".to_vec();
        input.extend(vec![b'x'; MAX_ENGINE_LINE as usize * 3]);
        input.extend(b"\nposition \xff\xfe\nisready\n");
        let mut output = Vec::new();
        run_engine(
            &registry,
            "nim",
            "random",
            std::io::Cursor::new(input),
            &mut output,
        )
        .expect("no error");
        let text = String::from_utf8(output).expect("text");
        let lines: Vec<&str> = text.lines().collect();
        let refused = lines
            .iter()
            .position(|l| *l == "info string error: a line over 64 KiB was ignored");
        let ready = lines.iter().position(|l| *l == "readyok");
        assert!(refused.is_some() && ready > refused, "{text}");
        // The line that is not UTF-8 is read (and refused as a position), not an I/O
        // error that ends the engine.
        let position = lines
            .iter()
            .position(|l| l.starts_with("info string error: a position"));
        assert!(position > refused && ready > position, "{text}");
    }
}
