//! Either kind of learned file an operator names (`pyrctl serve --model NAME=FILE`):
//! [`learned_file`] reads a model (the `az` bots', and `ab:model`'s through its value
//! head) or a value net (`ab:model`'s), checked as each is, and says which it is, the game
//! it plays and the bot spec that seats it.

use std::path::Path;

use crate::ModelError;
use crate::shared::{Learned, shared_learned};

/// What a learned file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnedKind {
    /// A model (policy and value): played by `az:model=...` (and `ab:model=...`).
    Model,
    /// A value net: played by `ab:model=...` only.
    ValueNet,
}

/// A learned file read and checked: what it is and the game it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedFile {
    /// Which kind of file.
    pub kind: LearnedKind,
    /// The game it plays.
    pub game: String,
}

impl LearnedFile {
    /// The bot spec that seats it under `name` with `options` (`ms=500`): `az:model=NAME`
    /// for a model (the strongest use of one), `ab:model=NAME` for a value net.
    pub fn spec(&self, name: &str, options: &str) -> String {
        let bot = match self.kind {
            LearnedKind::Model => "az",
            LearnedKind::ValueNet => "ab",
        };
        if options.is_empty() {
            format!("{bot}:model={name}")
        } else {
            format!("{bot}:model={name},{options}")
        }
    }
}

/// Reads the learned file at `path`, a model or a value net, with the checks of each
/// (size before reading, header, shapes, finite weights), once for every bot that plays
/// it (the shared copy): what it is and its game.
///
/// ```no_run
/// let file = pyramid_learn::learned_file("models/martian-chess.value.safetensors".as_ref())?;
/// assert_eq!(file.spec("mcv", "ms=100"), "ab:model=mcv,ms=100");
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
pub fn learned_file(path: &Path) -> Result<LearnedFile, ModelError> {
    Ok(match shared_learned(path)? {
        Learned::ValueNet(net) => LearnedFile {
            kind: LearnedKind::ValueNet,
            game: net.info().game.clone(),
        },
        Learned::Model(model) => LearnedFile {
            kind: LearnedKind::Model,
            game: model.info().game.clone(),
        },
    })
}
