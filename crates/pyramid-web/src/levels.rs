//! The levels of computer opponent a server offers people for each game
//! ([`levels`]): Easy, Medium and Hard, and the strongest learned bot among the
//! operator's learned files for the game.

use serde::Serialize;

use crate::ServerConfig;

/// A level of computer opponent: a name for people and the bot spec it seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Level {
    /// Its name for people (`Easy`).
    pub name: String,
    /// The bot spec a seat at this level plays with (within the server's caps).
    pub spec: String,
    /// What the bot does, in one line.
    pub about: String,
}

/// The levels every game has, weakest first: name, spec, about.
const FIXED_LEVELS: [(&str, &str, &str); 3] = [
    (
        "Easy",
        "greedy",
        "looks one move ahead: takes what it can, never plans",
    ),
    (
        "Medium",
        "mcts:ms=300",
        "Monte Carlo tree search, 0.3 s a move",
    ),
    (
        "Hard",
        "ab:ms=1000",
        "alpha-beta search with the game's evaluation, 1 s a move",
    ),
];

/// The time per move of the learned level, as a spec option.
const LEARNED_BUDGET: &str = "ms=1000";

/// The levels of computer opponent for `game`, weakest first: Easy, Medium, Hard, and
/// "Learned" when the operator offers a learned file for the game (`pyrctl serve --model
/// NAME=FILE`): alpha-beta over a value net where there is one (the strongest learned
/// bot measured, docs/bots.md), else the AlphaZero search over a model.
pub fn levels(game: &str, config: &ServerConfig) -> Vec<Level> {
    let mut levels: Vec<Level> = FIXED_LEVELS
        .iter()
        .map(|(name, spec, about)| Level {
            name: (*name).to_owned(),
            spec: (*spec).to_owned(),
            about: (*about).to_owned(),
        })
        .collect();
    if let Some(learned) = strongest_learned(game, config) {
        levels.push(learned);
    }
    levels
}

/// The strongest learned bot the operator's files give for `game`: a value net's
/// `ab:model` before a model's `az` (a file it cannot read is left out: `pyrctl serve`
/// refuses those at start).
fn strongest_learned(game: &str, config: &ServerConfig) -> Option<Level> {
    use pyramid_runtime::pyramid_learn::{LearnedKind, learned_file};
    let mut offered: Vec<(LearnedKind, &str)> = config
        .bots
        .learned_files
        .iter()
        .filter_map(|(name, file)| {
            let learned = learned_file(file).ok()?;
            (learned.game == game).then_some((learned.kind, name.as_str()))
        })
        .collect();
    offered.sort_by_key(|(kind, _)| match kind {
        LearnedKind::ValueNet => 0,
        LearnedKind::Model => 1,
    });
    let (kind, name) = offered.first()?;
    let about = match kind {
        LearnedKind::ValueNet => {
            format!("alpha-beta search valued by a learned network ({name}), 1 s a move")
        }
        LearnedKind::Model => {
            format!("AlphaZero-style search guided by a learned network ({name}), 1 s a move")
        }
    };
    let file = pyramid_runtime::pyramid_learn::LearnedFile {
        kind: *kind,
        game: game.to_owned(),
    };
    Some(Level {
        name: "Learned".to_owned(),
        spec: file.spec(name, LEARNED_BUDGET),
        about,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::bot_within_limits;

    #[test]
    fn every_fixed_level_is_within_the_default_caps() {
        let config = ServerConfig::default();
        let levels = levels("martian-chess", &config);
        assert_eq!(
            levels.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
            ["Easy", "Medium", "Hard"]
        );
        for level in levels {
            assert!(
                bot_within_limits(&level.spec, &config).is_ok(),
                "{}",
                level.spec
            );
        }
    }
}
