//! `pyrctl play`: a person against a bot, in the terminal (or through any standard input).

use std::io::{BufRead, IsTerminal, Write};

/// The most legal actions `help` prints on one line; more are grouped.
const HELP_ONE_LINE: usize = 40;

/// The group an action's text belongs to in `help`: the first square it names (the
/// piece, card or stack it moves or gives), or its keyword (`raid`, `trade`, ...).
fn help_group(text: &str) -> &str {
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        if bytes[i].is_ascii_lowercase() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let end = (i + 1..bytes.len())
                .find(|&j| !bytes[j].is_ascii_digit())
                .unwrap_or(bytes.len());
            return &text[i..end];
        }
    }
    text.split('=').next().unwrap_or(text)
}

/// `help [PREFIX]`: the legal actions (those starting with PREFIX or in its group), on
/// one line when few, otherwise one line per group.
fn write_help(out: &mut impl Write, legal: &[String], prefix: &str) -> std::io::Result<()> {
    let shown: Vec<&String> = legal
        .iter()
        .filter(|a| prefix.is_empty() || a.starts_with(prefix) || help_group(a) == prefix)
        .collect();
    if shown.is_empty() {
        return writeln!(
            out,
            "no legal action starts with `{}` ({} legal actions; `help` lists them)",
            pyramid_core::excerpt(prefix),
            legal.len()
        );
    }
    if shown.len() <= HELP_ONE_LINE {
        let texts: Vec<&str> = shown.iter().map(|s| s.as_str()).collect();
        return writeln!(out, "legal actions ({}): {}", texts.len(), texts.join(" "));
    }
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for a in shown.iter().copied() {
        let key = help_group(a);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(a),
            None => groups.push((key, vec![a])),
        }
    }
    writeln!(
        out,
        "legal actions ({}), by the square they start from; `help SQUARE` lists one group:",
        shown.len()
    )?;
    for (key, list) in groups {
        if list.len() > 12 && prefix.is_empty() {
            writeln!(out, "  {key} ({}): {} ...", list.len(), list[..6].join(" "))?;
        } else {
            writeln!(out, "  {key} ({}): {}", list.len(), list.join(" "))?;
        }
    }
    Ok(())
}

use anyhow::Result;
use pyramid_core::Seat;
use pyramid_core::arena::game_seed;
use pyramid_core::dynamic::DynState;
use pyramid_runtime::{Person, PersonGame, play_against};

use crate::cli::PlayArgs;
use crate::setup::{self, UsageError};

/// The start: `--position`/`--moves` if given, otherwise a deal from the seed (so a
/// game whose rules leave a draw to the match tool, such as who starts, gets one).
fn start(args: &PlayArgs) -> Result<Box<dyn DynState>> {
    let game = pyramid_runtime::game(&args.game)?;
    let setup = &args.setup;
    if setup.position.is_none() && setup.moves.is_none() && setup.abstractplay.is_none() {
        let options = setup::options(&setup.rules)?;
        return game
            .deal(&options.pairs(), game_seed(args.seed, 0))
            .map_err(UsageError::of_runtime);
    }
    setup::state(game, setup)
}

/// Why the person stopped choosing before the game ended.
enum Stop {
    /// `quit` or `exit`.
    Quit,
    /// The input ended.
    EndOfInput,
    /// Writing to the terminal failed.
    Output(std::io::Error),
}

/// The person at the terminal: reads actions (and `help`, `quit`) from standard input.
struct Terminal {
    echo: bool,
    stop: Option<Stop>,
}

impl Terminal {
    /// Reads one line; `None` at the end of the input. A line that is not UTF-8 text is
    /// returned as `Err` so the caller can say so and go on.
    fn read_line(&mut self) -> std::io::Result<Option<Result<String, ()>>> {
        let mut bytes = Vec::new();
        if std::io::stdin().lock().read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        Ok(Some(String::from_utf8(bytes).map_err(|_| ())))
    }

    /// The person's choice at `state` (a state consistent with the person's view: the seat
    /// to act has the same legal actions in every such state), as the action's text.
    fn ask(&mut self, state: &dyn DynState, seat: Seat) -> std::io::Result<Option<String>> {
        let mut out = std::io::stdout().lock();
        writeln!(out)?;
        write!(out, "{}", state.diagram(Some(seat)).unwrap_or_default())?;
        loop {
            write!(out, "seat {seat} (you)> ")?;
            out.flush()?;
            let Some(line) = self.read_line()? else {
                writeln!(out)?;
                self.stop = Some(Stop::EndOfInput);
                return Ok(None);
            };
            let Ok(line) = line else {
                if self.echo {
                    writeln!(out)?;
                }
                writeln!(
                    out,
                    "that line is not UTF-8 text; type an action, `help` for the legal actions"
                )?;
                continue;
            };
            let entry = line.trim();
            if self.echo {
                writeln!(out, "{}", pyramid_core::excerpt(entry))?;
            }
            let (command, argument) = entry.split_once(' ').unwrap_or((entry, ""));
            match (command, argument.trim()) {
                ("", _) => {}
                ("help" | "?", prefix) => write_help(&mut out, &state.legal_actions(), prefix)?,
                ("quit" | "exit", _) => {
                    self.stop = Some(Stop::Quit);
                    return Ok(None);
                }
                // Played on a copy: the text of the legal action it names, or why not.
                _ => match state.clone_box().play(entry) {
                    Ok(action) => return Ok(Some(action)),
                    Err(e) => writeln!(out, "{e}; type `help` for the legal actions")?,
                },
            }
        }
    }

    /// [`Terminal::ask`], a failure to write kept as the reason to stop.
    fn choose(&mut self, state: &dyn DynState, seat: Seat) -> Option<String> {
        match self.ask(state, seat) {
            Ok(choice) => choice,
            Err(e) => {
                self.stop = Some(Stop::Output(e));
                None
            }
        }
    }
}

/// Plays the game through the runtime: the person at `--seat` types actions on standard
/// input, the bot `--bot` plays every other seat. Ends at the end of the game, on `quit`,
/// or at the end of the input.
pub fn command(args: &PlayArgs) -> Result<()> {
    let state = start(args)?;
    let (human, spec) = (Seat(args.seat), &args.bot);
    if human.index() >= state.seats() {
        return Err(UsageError::of_runtime(
            pyramid_core::dynamic::RuntimeError::NoSuchSeat {
                seat: human.index(),
                seats: state.seats(),
            },
        ));
    }
    // Typed entries echo on a terminal; from a pipe or file, echo them so the transcript
    // reads like a session.
    let mut terminal = Terminal {
        echo: !std::io::stdin().is_terminal(),
        stop: None,
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: you play seat {human}; {spec} plays the other seat(s).",
        state.game()
    )?;
    writeln!(
        out,
        "Type an action in notation, `help` for the legal actions, `quit` to leave."
    )?;
    drop(out);
    let mut shown_error = None;
    let played = {
        let person = Person {
            seat: human,
            choose: &mut |state| terminal.choose(state, human),
            observe: &mut |by, action, visible| {
                let mut out = std::io::stdout().lock();
                let written = if by == human {
                    writeln!(out, "seat {human} (you) plays {action}")
                } else if visible {
                    writeln!(out, "seat {by} ({spec}) plays {action}")
                } else {
                    writeln!(out, "seat {by} ({spec}) plays an action you cannot see")
                };
                if let Err(e) = written {
                    shown_error.get_or_insert(e);
                }
            },
        };
        play_against(state.as_ref(), spec, args.seed, person)
    };
    if let Some(e) = shown_error {
        return Err(e.into());
    }
    match played.map_err(setup::runtime_error)? {
        PersonGame::Left => match terminal.stop {
            Some(Stop::Quit) => Ok(writeln!(std::io::stdout(), "you left the game")?),
            Some(Stop::EndOfInput) => Ok(writeln!(
                std::io::stdout(),
                "end of input: the game is left unfinished"
            )?),
            Some(Stop::Output(e)) => Err(e.into()),
            None => Err(anyhow::anyhow!("no action from the terminal")),
        },
        PersonGame::Ended {
            end,
            outcome,
            forfeit,
        } => show_end(end.as_ref(), outcome, forfeit.as_ref(), human, spec),
    }
}

/// The last board and the result, as the person sees them.
fn show_end(
    end: &dyn DynState,
    outcome: Option<pyramid_core::Outcome>,
    forfeit: Option<&pyramid_core::arena::Forfeit>,
    human: Seat,
    spec: &pyramid_bots::BotSpec,
) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out)?;
    write!(out, "{}", end.diagram(Some(human))?)?;
    if let Some(forfeit) = forfeit {
        eprintln!(
            "seat {} ({spec}) forfeits: {}",
            forfeit.seat, forfeit.reason
        );
    }
    match outcome {
        Some(outcome) => {
            let verdict = match outcome.winner() {
                Some(w) if w == human => "you win",
                Some(_) => "you lose",
                None => "nobody wins",
            };
            writeln!(out, "result: {outcome} ({verdict})")?;
        }
        None if forfeit.is_some() => writeln!(out, "result: the bot forfeits")?,
        None => writeln!(out, "result: unfinished")?,
    }
    Ok(())
}
