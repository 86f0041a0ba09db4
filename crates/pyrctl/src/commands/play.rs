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

use anyhow::{Result, bail};
use pyramid_bots::{BotSpec, action_visible_to};
use pyramid_core::arena::game_seed;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, Game, Seat};

use crate::cli::SetupArgs;
use crate::setup;

/// The start: `--position`/`--moves` if given, otherwise a deal from the seed (so a
/// game whose rules leave a draw to the match tool, such as who starts, gets one).
fn start<G: Game>(args: &SetupArgs, seed: u64) -> Result<G> {
    if args.position.is_some() || args.moves.is_some() {
        return setup::state::<G>(args);
    }
    let rules = setup::rules::<G>(&args.rules)?;
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed, 0));
    Ok(G::deal(&rules, &mut rng))
}

/// Plays the game: the person at `seat` types actions on standard input, the bot built
/// from `spec` plays every other seat. Ends at the end of the game, on `quit`, or at the
/// end of the input.
pub fn run<G: Game>(args: &SetupArgs, spec: &BotSpec, seat: u8, seed: u64) -> Result<()> {
    let mut state = start::<G>(args, seed)?;
    let human = Seat(seat);
    if human.index() >= state.seats() {
        bail!(
            "--seat {seat}: the game has seats 0 to {}",
            state.seats() - 1
        );
    }
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Seat::all(state.seats())
        .map(|s| (s != human).then(|| spec.build::<G>(game_seed(seed, u64::from(s.0) + 1))))
        .collect();
    let stdin = std::io::stdin();
    // Typed entries echo on a terminal; from a pipe or file, echo them so the transcript
    // reads like a session.
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: you play seat {human}; {spec} plays the other seat(s).",
        G::NAME
    )?;
    writeln!(
        out,
        "Type an action in notation, `help` for the legal actions, `quit` to leave."
    )?;
    let mut redraw = true;
    while let Some(to_act) = state.to_act() {
        if to_act != human {
            let Some(bot) = bots[to_act.index()].as_mut() else {
                bail!("no bot for seat {to_act}");
            };
            let Some(action) = bot.choose(&state.view(to_act), to_act) else {
                bail!("the bot of seat {to_act} found no action");
            };
            let shown = if action_visible_to(&state, action, human) {
                action.to_string()
            } else {
                "an action you cannot see".to_owned()
            };
            state
                .play_as(to_act, action)
                .map_err(|e| anyhow::anyhow!("the bot of seat {to_act} failed: {e}"))?;
            writeln!(out, "seat {to_act} ({spec}) plays {shown}")?;
            redraw = true;
            continue;
        }
        if redraw {
            writeln!(out)?;
            write!(out, "{}", state.diagram(Some(human)))?;
            redraw = false;
        }
        write!(out, "seat {human} (you)> ")?;
        out.flush()?;
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(out)?;
            writeln!(out, "end of input: the game is left unfinished")?;
            return Ok(());
        }
        // A line that is not UTF-8 text is a bad line like any other: say so and go on.
        let Ok(line) = String::from_utf8(bytes) else {
            if echo {
                writeln!(out)?;
            }
            writeln!(
                out,
                "that line is not UTF-8 text; type an action, `help` for the legal actions"
            )?;
            continue;
        };
        let entry = line.trim();
        if echo {
            writeln!(out, "{}", pyramid_core::excerpt(entry))?;
        }
        let (command, argument) = entry.split_once(' ').unwrap_or((entry, ""));
        match (command, argument.trim()) {
            ("", _) => {}
            ("help" | "?", prefix) => {
                let legal: Vec<String> = state
                    .legal_actions()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                write_help(&mut out, &legal, prefix)?;
            }
            ("quit" | "exit", _) => {
                writeln!(out, "you left the game")?;
                return Ok(());
            }
            _ => match state.parse_action(entry) {
                Ok(action) => match state.play_as(human, action) {
                    Ok(()) => {
                        writeln!(out, "seat {human} (you) plays {action}")?;
                        redraw = true;
                    }
                    Err(e) => writeln!(out, "{e}; type `help` for the legal actions")?,
                },
                Err(e) => writeln!(out, "{e}; type `help` for the legal actions")?,
            },
        }
    }
    writeln!(out)?;
    write!(out, "{}", state.diagram(Some(human)))?;
    match state.outcome() {
        Some(outcome) => {
            let verdict = match outcome.winner() {
                Some(w) if w == human => "you win",
                Some(_) => "you lose",
                None => "nobody wins",
            };
            writeln!(out, "result: {outcome} ({verdict})")?;
        }
        None => writeln!(out, "result: unfinished")?,
    }
    Ok(())
}
