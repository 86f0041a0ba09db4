//! [`Notation`]: a game's text forms, the one-line position string and actions read in
//! context.

use crate::{Game, PlayError};

/// The text forms of a game: a one-line position string that round-trips, and action text
/// read in the context of a state.
///
/// ```
/// use pyramid_core::{Game, Notation, nim::Nim};
/// let mut game = Nim::new(&Default::default());
/// game.play(game.parse_action("a-2")?)?;
/// let text = game.position();
/// assert_eq!(Nim::from_position(&text, game.rules()), Ok(game));
/// # Ok::<(), pyramid_core::PlayError>(())
/// ```
pub trait Notation: Game {
    /// Why a position string or setup was refused; its message names the field.
    type PositionError: std::error::Error + Send + Sync + 'static;

    /// Reads a one-line position string; the rule options it does not hold come from
    /// `rules`.
    fn from_position(text: &str, rules: &Self::Rules) -> Result<Self, Self::PositionError>;

    /// The one-line position string; [`Notation::from_position`] reads it back to an
    /// equal state.
    fn position(&self) -> String;

    /// Reads action text in the context of this state and returns the legal action it
    /// names. Games whose notation accepts several spellings of one action (Ataxx clones
    /// from any parent) return the canonical one.
    fn parse_action(&self, text: &str) -> Result<Self::Action, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let action: Self::Action = text.trim().parse()?;
        if self.is_legal(action) {
            Ok(action)
        } else {
            Err(PlayError::Illegal {
                action: crate::excerpt(text.trim()),
                reason: self.illegal_reason(action),
            })
        }
    }
}
