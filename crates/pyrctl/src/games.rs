//! Which games this build knows, and the dispatch from a game's name to its type.
//!
//! Adding a game: one line in [`dispatch`] and its name in [`GAMES`].

use anyhow::{Result, bail};

use crate::cli::Command;
use crate::commands;

/// Every game of the project, by the name the command line uses.
pub const GAMES: &[&str] = &["martian-chess", "ataxx-ice", "card-siege", "stacktrices"];

/// Runs `command` for the game called `name`.
pub fn dispatch(name: &str, command: &Command) -> Result<()> {
    match name {
        "martian-chess" => commands::run::<martian_chess::MartianChess>(command),
        "ataxx-ice" => commands::run::<ataxx_ice::AtaxxIce>(command),
        "card-siege" => commands::run::<card_siege::CardSiege>(command),
        "stacktrices" => commands::run::<stacktrices::Stacktrices>(command),
        unknown => {
            let tip = GAMES
                .iter()
                .map(|g| (strsim::jaro_winkler(unknown, g), g))
                .filter(|(score, _)| *score > 0.8)
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, g)| format!("; did you mean `{g}`?"))
                .unwrap_or_default();
            bail!(
                "unknown game `{}` (games: {}){tip}",
                pyramid_core::excerpt(unknown),
                GAMES.join(", ")
            )
        }
    }
}
