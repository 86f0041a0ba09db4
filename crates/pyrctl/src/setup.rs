//! Turning command-line options into rules and a starting state.

use anyhow::{Context, Result, anyhow, bail};
use pyramid_core::{Game, RuleSet};

use crate::cli::{RuleArgs, SetupArgs};

/// The rules named by the options, starting from the game's defaults.
pub fn rules<G: Game>(args: &RuleArgs) -> Result<G::Rules> {
    let mut rules = G::Rules::default();
    if let Some(players) = args.players {
        rules.set_seats(players)?;
    }
    for option in &args.rule {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| anyhow!("--rule `{option}` is not of the form KEY=VALUE"))?;
        rules.set_option(key.trim(), value.trim())?;
    }
    if args.no_opening {
        rules.set_option("opening", "off")?;
    }
    Ok(rules)
}

/// Reads a position string under `rules`, checking it agrees with `--players` and every
/// `--rule` given.
pub fn position<G: Game>(text: &str, rules: &G::Rules, args: &RuleArgs) -> Result<G> {
    let state =
        G::from_position(text.trim(), rules).map_err(|e| anyhow!("invalid position: {e}"))?;
    check_players(&state, args)?;
    check_options(&state, args, "the position")?;
    Ok(state)
}

/// Refuses a state (read from a position string or a RON file, which carry rule options of
/// their own) whose options contradict an option given on the command line: an option is
/// never silently ignored. `source` names where the state came from.
pub fn check_options<G: Game>(state: &G, args: &RuleArgs, source: &str) -> Result<()> {
    let wanted = rules::<G>(args)?;
    let mut given: Vec<(String, &str)> = Vec::new();
    for option in &args.rule {
        if let Some((key, _)) = option.split_once('=') {
            given.push((key.trim().to_owned(), "--rule"));
        }
    }
    if args.no_opening {
        given.push(("opening".to_owned(), "--no-opening"));
    }
    let value = |rules: &G::Rules, key: &str| {
        rules
            .options()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    };
    for (key, flag) in given {
        let (asked, held) = (value(&wanted, &key), value(state.rules(), &key));
        if asked != held {
            let asked = asked.unwrap_or_default();
            let option = if flag == "--rule" {
                format!("--rule {key}={asked}")
            } else {
                format!("{flag} ({key}={asked})")
            };
            bail!(
                "{option} contradicts {source}, which has {key}={}",
                held.unwrap_or_default()
            );
        }
    }
    Ok(())
}

/// Refuses a state whose seat count differs from an explicit `--players`.
pub fn check_players<G: Game>(state: &G, args: &RuleArgs) -> Result<()> {
    match args.players {
        Some(players) if players != state.seats() => {
            bail!(
                "the position is for {} seats, but --players says {players}",
                state.seats()
            )
        }
        _ => Ok(()),
    }
}

/// The state the options describe: the start position or `--position`, then `--moves`.
pub fn state<G: Game>(args: &SetupArgs) -> Result<G> {
    let rules = rules::<G>(&args.rules)?;
    let mut state = match &args.position {
        Some(text) => position::<G>(text, &rules, &args.rules)?,
        None => G::new(&rules),
    };
    if let Some(moves) = &args.moves {
        for (i, text) in moves.split_whitespace().enumerate() {
            let context = || format!("--moves: move {} `{text}`", i + 1);
            let action = state.parse_action(text).with_context(context)?;
            state.play(action).with_context(context)?;
        }
    }
    Ok(state)
}
