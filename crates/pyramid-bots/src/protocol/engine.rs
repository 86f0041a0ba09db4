//! The engine side of the protocol: [`run_engine`].

use std::io::{self, BufRead, Read, Write};
use std::time::Duration;

use pyramid_core::runtime::{DynBot, DynState, Registry, borrowed_options};

use super::PROTOCOL_VERSION;
use super::lines::MAX_ENGINE_LINE;
use crate::{BotSpec, Budget, SpecError};

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
    /// refused whatever the bot).
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
        let mut spec: BotSpec = self.spec.parse().map_err(|e: SpecError| e.to_string())?;
        if let (BotSpec::Mcts(config), Some(budget)) = (&mut spec, budget) {
            config.budget = budget;
        }
        Ok(spec.to_string())
    }

    /// `go [movetime MS] [iters N]`: the bot's action for the seat to act.
    fn go(&mut self, words: &[&str]) -> Result<String, String> {
        if self.state.is_none() {
            self.position(&["startpos"])?;
        }
        let spec = self.spec_for(words)?;
        if self.bot.is_none() || spec != self.bot_spec {
            let entry = self.registry.get(&self.game).map_err(|e| e.to_string())?;
            self.bot = Some(entry.bot(&spec, self.seed).map_err(|e| e.to_string())?);
            self.bot_spec = spec;
        }
        let (Some(bot), Some(state)) = (self.bot.as_mut(), self.state.as_ref()) else {
            return Err("no game: send newgame first".to_owned());
        };
        bot.pick(state.as_ref()).map_err(|e| e.to_string())
    }
}

/// Speaks the protocol on `input` and `output` until `quit` or the end of input, playing
/// `game` (until a `newgame` names another) with bots of `spec`, seeded by `newgame`'s
/// `seed=S`. Errors in a command are reported as `info string error: ...` lines; unknown
/// commands are ignored, and so are lines over [`MAX_ENGINE_LINE`] (never held whole in
/// memory); bytes that are not UTF-8 read as U+FFFD.
///
/// ```
/// use pyramid_bots::protocol::run_engine;
/// use pyramid_core::nim::Nim;
/// use pyramid_core::runtime::{GameEntry, Registry};
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
pub fn run_engine<R: BufRead, W: Write>(
    registry: &Registry,
    game: &str,
    spec: &str,
    input: R,
    mut output: W,
) -> io::Result<()> {
    let mut engine = Engine {
        registry,
        game: game.to_owned(),
        spec: spec.to_owned(),
        options: Vec::new(),
        seed: 0,
        bot: None,
        bot_spec: String::new(),
        state: None,
    };
    let mut input = input;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let read = input
            .by_ref()
            .take(MAX_ENGINE_LINE + 1)
            .read_until(b'\n', &mut buf)?;
        if read == 0 {
            break;
        }
        if buf.last() != Some(&b'\n') && read as u64 > MAX_ENGINE_LINE {
            skip_line(&mut input)?;
            writeln!(
                output,
                "info string error: a line over {} KiB was ignored",
                MAX_ENGINE_LINE / 1024
            )?;
            output.flush()?;
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((command, rest)) = words.split_first() else {
            continue;
        };
        let answer: Result<Vec<String>, String> = match *command {
            "pgi" => Ok(vec![
                format!("id name pyramid-games {}", env!("CARGO_PKG_VERSION")),
                "id author the pyramid-games authors".to_owned(),
                format!("id protocol {PROTOCOL_VERSION}"),
                format!("id bot {spec}"),
                "pgiok".to_owned(),
            ]),
            "isready" => Ok(vec!["readyok".to_owned()]),
            "newgame" => engine.new_game(rest).map(|()| Vec::new()),
            "position" => engine.position(rest).map(|()| Vec::new()),
            "go" => engine
                .go(rest)
                .map(|action| vec![format!("bestaction {action}")]),
            "quit" => break,
            _ => Ok(Vec::new()),
        };
        match answer {
            Ok(lines) => {
                for l in lines {
                    writeln!(output, "{l}")?;
                }
            }
            Err(e) => {
                writeln!(output, "info string error: {e}")?;
                if *command == "go" {
                    writeln!(output, "bestaction none")?;
                }
            }
        }
        output.flush()?;
    }
    Ok(())
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
    use pyramid_core::nim::Nim;
    use pyramid_core::runtime::GameEntry;

    #[test]
    fn overlong_and_non_utf8_lines_are_refused_and_the_engine_goes_on() {
        let mut registry = Registry::new();
        registry.add(Box::new(GameEntry::<Nim>::new(crate::bot_from_spec::<Nim>)));
        let mut input = b"pgi\n".to_vec();
        input.extend(vec![b'x'; MAX_ENGINE_LINE as usize * 3]);
        input.extend(b"\nposition \xff\xfe\nisready\n");
        let mut output = Vec::new();
        run_engine(&registry, "nim", "random", &input[..], &mut output).expect("no error");
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
            .position(|l| l.starts_with("info string error: position"));
        assert!(position > refused && ready > position, "{text}");
    }
}
