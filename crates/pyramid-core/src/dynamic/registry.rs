//! [`Registry`]: the games a tool knows, by name.

use super::{DynGame, RuntimeError};

/// The games a tool knows, by name, in the order they were added.
///
/// ```
/// use pyramid_core::dynamic::{GameEntry, Registry, RuntimeError};
/// use pyramid_core::nim::Nim;
/// let mut registry = Registry::new();
/// registry.add(GameEntry::<Nim>::boxed());
/// assert_eq!(registry.names(), ["nim"]);
/// let err = registry.get("nin").err().map(|e| e.to_string());
/// assert_eq!(err.as_deref(), Some("unknown game `nin` (games: nim); did you mean `nim`?"));
/// ```
#[derive(Default)]
pub struct Registry {
    games: Vec<Box<dyn DynGame>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Adds a game (a later game of the same name replaces the earlier one).
    pub fn add(&mut self, game: Box<dyn DynGame>) {
        self.games.retain(|g| g.name() != game.name());
        self.games.push(game);
    }

    /// The names of the games, in the order they were added.
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.name()).collect()
    }

    /// Every game, in the order they were added.
    pub fn games(&self) -> impl Iterator<Item = &dyn DynGame> {
        self.games.iter().map(|g| g.as_ref())
    }

    /// The game called `name`, or an error that lists the games and suggests the closest.
    pub fn get(&self, name: &str) -> Result<&dyn DynGame, RuntimeError> {
        self.games
            .iter()
            .find(|g| g.name() == name)
            .map(|g| g.as_ref())
            .ok_or_else(|| self.unknown(name))
    }

    /// The error for an unknown game `name`: the registered names and, when one is close
    /// to `name`, a suggestion.
    pub fn unknown(&self, name: &str) -> RuntimeError {
        let names = self.names();
        let suggestion = names
            .iter()
            .map(|g| (strsim::jaro_winkler(name, g), g))
            .filter(|(score, _)| *score > 0.8)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, g)| (*g).to_owned());
        RuntimeError::UnknownGame {
            name: crate::excerpt(name),
            known: names.join(", "),
            suggestion,
        }
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("games", &self.names())
            .finish()
    }
}
