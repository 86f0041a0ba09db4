//! The levels of computer opponent a server offers people for each game
//! ([`levels`]): Easy, Medium and Hard, and the strongest learned bot among the
//! operator's learned files for the game.

use pyramid_runtime::pyramid_learn::{LearnedFile, LearnedKind};
use serde::Serialize;

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
/// "Learned" when one of the operator's learned files (`pyrctl serve --model NAME=FILE`,
/// `learned`: each name with its file read) plays the game: alpha-beta over a value net
/// where there is one (the strongest learned bot measured, docs/bots.md), else the
/// AlphaZero search over a model.
pub fn levels(game: &str, learned: &[(String, LearnedFile)]) -> Vec<Level> {
    let mut levels: Vec<Level> = FIXED_LEVELS
        .iter()
        .map(|(name, spec, about)| Level {
            name: (*name).to_owned(),
            spec: (*spec).to_owned(),
            about: (*about).to_owned(),
        })
        .collect();
    if let Some(learned) = strongest_learned(game, learned) {
        levels.push(learned);
    }
    levels
}

/// The strongest learned bot `learned` gives for `game`: a value net's `ab:model` before
/// a model's `az`.
fn strongest_learned(game: &str, learned: &[(String, LearnedFile)]) -> Option<Level> {
    let (name, file) = learned
        .iter()
        .filter(|(_, file)| file.game == game)
        .min_by_key(|(_, file)| match file.kind {
            LearnedKind::ValueNet => 0,
            LearnedKind::Model => 1,
        })?;
    let about = match file.kind {
        LearnedKind::ValueNet => {
            format!("alpha-beta search valued by a learned network ({name}), 1 s a move")
        }
        LearnedKind::Model => {
            format!("AlphaZero-style search guided by a learned network ({name}), 1 s a move")
        }
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
    use crate::ServerConfig;
    use crate::limits::bot_within_limits;

    #[test]
    fn every_fixed_level_is_within_the_default_caps() {
        let config = ServerConfig::default();
        let levels = levels("martian-chess", &[]);
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

    #[test]
    fn the_learned_level_is_a_value_net_before_a_model_and_only_for_its_game() {
        let file = |kind| LearnedFile {
            kind,
            game: "martian-chess".to_owned(),
        };
        let learned = [
            ("mc".to_owned(), file(LearnedKind::Model)),
            ("mcv".to_owned(), file(LearnedKind::ValueNet)),
        ];
        let last = levels("martian-chess", &learned).pop().expect("levels");
        assert_eq!(
            (last.name.as_str(), last.spec.as_str()),
            ("Learned", "ab:model=mcv,ms=1000")
        );
        let only_model = levels("martian-chess", &learned[..1])
            .pop()
            .expect("levels");
        assert_eq!(only_model.spec, "az:model=mc,ms=1000");
        assert!(
            levels("ataxx-ice", &learned)
                .iter()
                .all(|l| l.name != "Learned")
        );
    }
}
