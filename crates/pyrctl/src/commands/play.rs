//! `pyrctl play`: a person against a bot, in the terminal (or through any standard input).

use crate::setup::UsageError;
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
use pyramid_core::arena::{ArenaError, game_seed, play_game_observed};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, FullGame, Seat};
use pyramid_games::GameVisitor;

use crate::cli::SetupArgs;
use crate::setup;

/// The terminal game for the game chosen by name.
pub struct Visitor<'a> {
    /// `--position`, `--moves` and the rule options.
    pub setup: &'a SetupArgs,
    /// The bot that plays the other seats.
    pub bot: &'a BotSpec,
    /// The person's seat.
    pub seat: u8,
    /// The seed of the deal and the bots.
    pub seed: u64,
}

impl GameVisitor for Visitor<'_> {
    type Output = Result<()>;

    fn visit<G: FullGame>(self) -> Result<()> {
        run::<G>(self.setup, self.bot, self.seat, self.seed)
    }
}

/// The start: `--position`/`--moves` if given, otherwise a deal from the seed (so a
/// game whose rules leave a draw to the match tool, such as who starts, gets one).
fn start<G: FullGame>(args: &SetupArgs, seed: u64) -> Result<G> {
    let rules = setup::rules::<G>(&args.rules)?;
    if args.position.is_none() && args.moves.is_none() {
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed, 0));
        return Ok(G::deal(&rules, &mut rng));
    }
    let mut state = match &args.position {
        Some(text) => {
            let game = pyramid_games::registry();
            let game = game.get(G::NAME)?;
            let checked = setup::position(game, text, &args.rules)?;
            G::from_position(&checked.position(), &rules)
                .map_err(|e| anyhow::anyhow!("invalid position: {e}"))?
        }
        None => G::new(&rules),
    };
    if let Some(moves) = &args.moves {
        for (i, text) in moves.split_whitespace().enumerate() {
            let context = || format!("--moves: move {} `{text}`", i + 1);
            let action = anyhow::Context::with_context(state.parse_action(text), context)?;
            anyhow::Context::with_context(state.play(action), context)?;
        }
    }
    Ok(state)
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

/// The person at the terminal, as one more bot of the arena: it reads actions (and
/// `help`, `quit`) from standard input.
struct Person {
    echo: bool,
    rng: ChaCha8Rng,
    stop: Option<Stop>,
}

impl Person {
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
    /// to act has the same legal actions in every such state).
    fn ask<G: FullGame>(&mut self, state: &G, seat: Seat) -> std::io::Result<Option<G::Action>> {
        let mut out = std::io::stdout().lock();
        writeln!(out)?;
        write!(out, "{}", state.diagram(Some(seat)))?;
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
                ("help" | "?", prefix) => {
                    let legal: Vec<String> = state
                        .legal_actions()
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    write_help(&mut out, &legal, prefix)?;
                }
                ("quit" | "exit", _) => {
                    self.stop = Some(Stop::Quit);
                    return Ok(None);
                }
                _ => match state.parse_action(entry) {
                    Ok(action) => return Ok(Some(action)),
                    Err(e) => writeln!(out, "{e}; type `help` for the legal actions")?,
                },
            }
        }
    }
}

impl<G: FullGame> Bot<G> for Person {
    fn name(&self) -> String {
        "you".to_owned()
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        let state = G::sample_from_view(view, &mut self.rng);
        match self.ask(&state, seat) {
            Ok(choice) => choice,
            Err(e) => {
                self.stop = Some(Stop::Output(e));
                None
            }
        }
    }
}

/// Plays the game through the arena: the person at `seat` types actions on standard
/// input, the bot built from `spec` plays every other seat. Ends at the end of the game,
/// on `quit`, or at the end of the input.
pub fn run<G: FullGame>(args: &SetupArgs, spec: &BotSpec, seat: u8, seed: u64) -> Result<()> {
    let state: G = start::<G>(args, seed)?;
    let human = Seat(seat);
    if human.index() >= state.seats() {
        return Err(UsageError::new(format!(
            "--seat {seat}: the game has seats 0 to {}",
            state.seats() - 1
        ))
        .into());
    }
    let mut others: Vec<Box<dyn Bot<G>>> = Seat::all(state.seats())
        .filter(|&s| s != human)
        .map(|s| spec.build::<G>(game_seed(seed, u64::from(s.0) + 1)))
        .collect::<Result<_, _>>()?;
    // Typed entries echo on a terminal; from a pipe or file, echo them so the transcript
    // reads like a session.
    let mut person = Person {
        echo: !std::io::stdin().is_terminal(),
        rng: ChaCha8Rng::seed_from_u64(game_seed(seed, u64::MAX)),
        stop: None,
    };
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
    drop(out);
    let mut shown_error = None;
    let played = {
        let mut bots_of_others = others.iter_mut();
        let mut seats: Vec<&mut dyn Bot<G>> = Vec::new();
        let mut person_seat: Option<&mut dyn Bot<G>> = Some(&mut person);
        for s in Seat::all(state.seats()) {
            if s == human {
                if let Some(p) = person_seat.take() {
                    seats.push(p);
                }
            } else if let Some(bot) = bots_of_others.next() {
                seats.push(bot.as_mut());
            }
        }
        play_game_observed(state, &mut seats, None, |before, by, action| {
            let mut out = std::io::stdout().lock();
            let written = if by == human {
                writeln!(out, "seat {human} (you) plays {action}")
            } else if action_visible_to(before, action, human) {
                writeln!(out, "seat {by} ({spec}) plays {action}")
            } else {
                writeln!(out, "seat {by} ({spec}) plays an action you cannot see")
            };
            if let Err(e) = written {
                shown_error.get_or_insert(e);
            }
        })
    };
    if let Some(e) = shown_error {
        return Err(e.into());
    }
    let mut out = std::io::stdout().lock();
    let record = match played {
        Ok(record) => record,
        Err(ArenaError::NoAction { seat, .. }) if seat == human => {
            return match person.stop {
                Some(Stop::Quit) => Ok(writeln!(out, "you left the game")?),
                Some(Stop::EndOfInput) => {
                    Ok(writeln!(out, "end of input: the game is left unfinished")?)
                }
                Some(Stop::Output(e)) => Err(e.into()),
                None => bail!("no action from the terminal"),
            };
        }
        Err(e) => bail!("{e}"),
    };
    writeln!(out)?;
    write!(out, "{}", record.end.diagram(Some(human)))?;
    if let Some(forfeit) = &record.forfeit {
        eprintln!(
            "seat {} ({spec}) forfeits: {}",
            forfeit.seat, forfeit.reason
        );
    }
    match record.outcome() {
        Some(outcome) => {
            let verdict = match outcome.winner() {
                Some(w) if w == human => "you win",
                Some(_) => "you lose",
                None => "nobody wins",
            };
            writeln!(out, "result: {outcome} ({verdict})")?;
        }
        None if record.forfeit.is_some() => writeln!(out, "result: the bot forfeits")?,
        None => writeln!(out, "result: unfinished")?,
    }
    Ok(())
}
