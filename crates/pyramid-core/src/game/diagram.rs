//! [`Diagram`]: the board drawn as text for a terminal.

use crate::{Game, Seat};

/// The board drawn as text.
pub trait Diagram: Game {
    /// The board drawn for a terminal, with whose turn it is, the scores and a legend;
    /// `viewer` hides what that seat may not see (`None`: everything shown).
    fn diagram(&self, viewer: Option<Seat>) -> String;
}
