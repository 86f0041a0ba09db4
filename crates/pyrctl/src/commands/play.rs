//! `pyrctl play`: a person against a bot, in the terminal (or through any standard input).

use std::io::{BufRead, IsTerminal, Write};

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
    let mut input = stdin.lock().lines();
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
        let Some(line) = input.next() else {
            writeln!(out)?;
            writeln!(out, "end of input: the game is left unfinished")?;
            return Ok(());
        };
        let line = line?;
        let entry = line.trim();
        if echo {
            writeln!(out, "{entry}")?;
        }
        match entry {
            "" => {}
            "help" | "?" => {
                let legal: Vec<String> = state
                    .legal_actions()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                writeln!(out, "legal actions ({}): {}", legal.len(), legal.join(" "))?;
            }
            "quit" | "exit" => {
                writeln!(out, "you left the game")?;
                return Ok(());
            }
            text => match state.parse_action(text) {
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
