//! [`StepWords`] and [`StepMark`]: one decision step told to a player, in words and as the
//! things of the board's picture it names, so a page composes any action by clicks with
//! no code for one game ([`Describe::describe_step`](crate::Describe::describe_step)).

/// One thing of the board's picture a player clicks for a decision step: a square, a
/// piece standing on it (`piece`: the piece's name as the picture writes it in
/// `data-piece`), or a piece of a tray drawn under the board (`tray`: the tray's key,
/// as in `data-tray`; `piece`: which piece of it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepMark {
    /// The square (`c2`), as the picture writes it in `data-square`.
    pub square: Option<String>,
    /// The piece, as the picture writes it in `data-piece`.
    pub piece: Option<String>,
    /// The tray under the board (`store`, `hand-0`), as the picture writes it in
    /// `data-tray`.
    pub tray: Option<String>,
}

impl StepMark {
    /// The square `square`, whatever stands on it.
    pub fn square(square: impl ToString) -> StepMark {
        StepMark {
            square: Some(square.to_string()),
            ..StepMark::default()
        }
    }

    /// The piece `piece` on the square `square`.
    pub fn piece_on(piece: impl ToString, square: impl ToString) -> StepMark {
        StepMark {
            square: Some(square.to_string()),
            piece: Some(piece.to_string()),
            tray: None,
        }
    }

    /// The piece `piece` of the tray `tray`.
    pub fn tray_piece(tray: impl ToString, piece: impl ToString) -> StepMark {
        StepMark {
            square: None,
            piece: Some(piece.to_string()),
            tray: Some(tray.to_string()),
        }
    }
}

/// A decision step for the player who makes it: what it does, in words, and what the
/// player clicks for it, in order (a move's square then its target; a piece of the store
/// then the stack it goes on). A step with no marks is a choice of words alone (a button:
/// "No trade", "Done giving").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepWords {
    /// What the step does, in the imperative (`Give the drone on b1`).
    pub words: String,
    /// What the player clicks for it, in order.
    pub marks: Vec<StepMark>,
    /// A short word for the kind of step (`clone`, `jump`, `capture`; empty: nothing to
    /// tell apart), which a page writes on the step's targets so that kinds look apart.
    pub kind: String,
}
