//! Actions and their notation: `a1-b2`, `a1-c3`, `+d4`, `-d4`, `pass`, with relocation
//! sources in brackets (`a1-b2[e4,e5]`, `-d4[c7]`).

use std::fmt;
use std::str::FromStr;

use pyramid_core::bits::bits;
use pyramid_core::{ActionParseError, Square};

use crate::geometry::{bit_of, square_of};

/// What kind of action an [`Action`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    /// A new piece placed next to a piece of the mover (`from-to`, distance 1).
    Clone,
    /// A piece moved two squares away (`from-to`, distance 2).
    Jump,
    /// A piece replaced by one size larger (`+sq`).
    Grow,
    /// A piece replaced by one size smaller, or a small removed (`-sq`).
    Shrink,
    /// No action (`pass`), legal only when nothing else is.
    Pass,
}

/// One action of Ataxx-ice.
///
/// Squares are held as bits of the 8x8 layout (`rank * 8 + file`); relocation sources
/// as a set of such bits. A clone holds the lowest-index parent that makes it (its
/// canonical spelling); [`pyramid_core::Notation::parse_action`] accepts any parent.
///
/// ```
/// use ataxx_ice::{Action, ActionKind};
/// let a: Action = "a1-c3[e4,e5]".parse()?;
/// assert_eq!(a.kind(), ActionKind::Jump);
/// assert_eq!(a.relocations().map(|s| s.to_string()).collect::<Vec<_>>(), ["e4", "e5"]);
/// assert_eq!(a.to_string(), "a1-c3[e4,e5]");
/// assert_eq!("+d4".parse::<Action>()?.kind(), ActionKind::Grow);
/// # Ok::<(), pyramid_core::ActionParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub(crate) kind: ActionKind,
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) relocs: u64,
}

impl Action {
    /// The pass action.
    pub const PASS: Action = Action {
        kind: ActionKind::Pass,
        from: 0,
        to: 0,
        relocs: 0,
    };

    #[inline]
    pub(crate) fn clone_move(from: u8, to: u8, relocs: u64) -> Action {
        Action {
            kind: ActionKind::Clone,
            from,
            to,
            relocs,
        }
    }

    #[inline]
    pub(crate) fn jump(from: u8, to: u8, relocs: u64) -> Action {
        Action {
            kind: ActionKind::Jump,
            from,
            to,
            relocs,
        }
    }

    #[inline]
    pub(crate) fn grow(sq: u8) -> Action {
        Action {
            kind: ActionKind::Grow,
            from: sq,
            to: sq,
            relocs: 0,
        }
    }

    #[inline]
    pub(crate) fn shrink(sq: u8, relocs: u64) -> Action {
        Action {
            kind: ActionKind::Shrink,
            from: sq,
            to: sq,
            relocs,
        }
    }

    /// The kind of action.
    #[inline]
    pub fn kind(self) -> ActionKind {
        self.kind
    }

    /// The square moved or cloned from (clone and jump only).
    #[inline]
    pub fn from(self) -> Option<Square> {
        matches!(self.kind, ActionKind::Clone | ActionKind::Jump).then(|| square_of(self.from))
    }

    /// The square acted on: the destination of a clone or jump, the grown or shrunk
    /// square (`None` for a pass).
    #[inline]
    pub fn to(self) -> Option<Square> {
        (self.kind != ActionKind::Pass).then(|| square_of(self.to))
    }

    /// The relocation sources, in ascending square order.
    pub fn relocations(self) -> impl Iterator<Item = Square> {
        bits(self.relocs).map(square_of)
    }

    /// The relocation sources as a bit set of the 8x8 layout (`rank * 8 + file`).
    pub fn relocation_bits(self) -> u64 {
        self.relocs
    }

    /// The same action with another relocation set.
    pub(crate) fn with_relocs(self, relocs: u64) -> Action {
        Action { relocs, ..self }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ActionKind::Pass => return f.write_str("pass"),
            ActionKind::Clone | ActionKind::Jump => {
                write!(f, "{}-{}", square_of(self.from), square_of(self.to))?;
            }
            ActionKind::Grow => write!(f, "+{}", square_of(self.to))?,
            ActionKind::Shrink => write!(f, "-{}", square_of(self.to))?,
        }
        if self.relocs != 0 {
            f.write_str("[")?;
            for (i, b) in bits(self.relocs).enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", square_of(b))?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

fn read_square(text: &str, whole: &str) -> Result<u8, ActionParseError> {
    let sq: Square = text.parse().map_err(|_| {
        ActionParseError::new(whole, format!("`{text}` is not a square name like `d4`"))
    })?;
    bit_of(sq).ok_or_else(|| {
        ActionParseError::new(
            whole,
            format!("square `{text}` is off the board (a1 to h8)"),
        )
    })
}

fn read_relocs(text: &str, whole: &str) -> Result<u64, ActionParseError> {
    if text.is_empty() {
        return Err(ActionParseError::new(
            whole,
            "empty relocation brackets: leave them out instead",
        ));
    }
    let mut set = 0u64;
    for part in text.split(',') {
        let b = read_square(part, whole)?;
        if set & (1 << b) != 0 {
            return Err(ActionParseError::new(
                whole,
                format!("relocation source `{part}` is listed twice"),
            ));
        }
        set |= 1 << b;
    }
    Ok(set)
}

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "pass" {
            return Ok(Action::PASS);
        }
        let (body, relocs) = match s.find('[') {
            Some(open) => {
                let inner = s[open + 1..].strip_suffix(']').ok_or_else(|| {
                    ActionParseError::new(s, "relocation brackets must close with `]` at the end")
                })?;
                (&s[..open], read_relocs(inner, s)?)
            }
            None => (s, 0),
        };
        if let Some(sq) = body.strip_prefix('+') {
            if relocs != 0 {
                return Err(ActionParseError::new(s, "a grow never relocates pieces"));
            }
            return Ok(Action::grow(read_square(sq, s)?));
        }
        if let Some(sq) = body.strip_prefix('-') {
            return Ok(Action::shrink(read_square(sq, s)?, relocs));
        }
        let (from, to) = body.split_once('-').ok_or_else(|| {
            ActionParseError::new(
                s,
                "expected `from-to` (clone or jump), `+sq` (grow), `-sq` (shrink) or `pass`",
            )
        })?;
        let (from, to) = (read_square(from, s)?, read_square(to, s)?);
        match square_of(from).distance(square_of(to)) {
            1 => Ok(Action::clone_move(from, to, relocs)),
            2 => Ok(Action::jump(from, to, relocs)),
            d => Err(ActionParseError::new(
                s,
                format!(
                    "`from` and `to` are {d} squares apart; a clone goes 1 square and a jump 2"
                ),
            )),
        }
    }
}
