//! Actions and their notation: `b2-c3` (a capture may also be written `b2xc3`) and `pass`.

use std::fmt;
use std::str::FromStr;

use pyramid_core::{ActionParseError, Square};

/// One Martian Chess action: a piece moving from one square to another, or a pass.
///
/// The text form is `from-to` (`b2-c3`) or `pass`. [`FromStr`] also reads the capture
/// spelling `b2xc3` as the same action; [`fmt::Display`] always writes `-`, since an
/// action alone does not know whether it captures
/// ([`MartianChess::notation`](crate::MartianChess::notation) writes `x` for captures).
///
/// ```
/// use martian_chess::MartianAction;
/// let a: MartianAction = "b2-c3".parse()?;
/// assert_eq!("b2xc3".parse::<MartianAction>()?, a);
/// assert_eq!(a.to_string(), "b2-c3");
/// assert_eq!("pass".parse::<MartianAction>()?, MartianAction::Pass);
/// # Ok::<(), pyramid_core::ActionParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MartianAction {
    /// Move the piece on `from` to `to` (a plain move, a capture or a field promotion).
    Move {
        /// The square the piece leaves.
        from: Square,
        /// The square it ends on.
        to: Square,
    },
    /// Pass: the only action of a seat with no legal move.
    Pass,
}

impl MartianAction {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Self {
        MartianAction::Move { from, to }
    }
}

impl fmt::Display for MartianAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MartianAction::Move { from, to } => write!(f, "{from}-{to}"),
            MartianAction::Pass => f.write_str("pass"),
        }
    }
}

/// Reads one square of the largest board (files `a`-`h`, ranks `1`-`8`) from the start
/// of `text`, returning it and the rest of the text.
fn read_square<'a>(whole: &str, text: &'a str) -> Result<(Square, &'a str), ActionParseError> {
    let bad = || {
        ActionParseError::new(
            whole,
            "expected FROM-TO with squares a1 to h8 (like `b2-c3`), or `pass`",
        )
    };
    let bytes = text.as_bytes();
    match bytes {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8', ..] => {
            if bytes.get(2).is_some_and(u8::is_ascii_digit) {
                return Err(bad());
            }
            Ok((Square::new(file - b'a', rank - b'1'), &text[2..]))
        }
        _ => Err(bad()),
    }
}

impl FromStr for MartianAction {
    type Err = ActionParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "pass" {
            return Ok(MartianAction::Pass);
        }
        let (from, rest) = read_square(s, s)?;
        let rest = match rest.as_bytes().first() {
            Some(b'-' | b'x') => &rest[1..],
            _ => {
                return Err(ActionParseError::new(
                    s,
                    "expected `-` (or `x` for a capture) between the two squares",
                ));
            }
        };
        let (to, rest) = read_square(s, rest)?;
        if !rest.is_empty() {
            return Err(ActionParseError::new(
                s,
                "unexpected text after the destination square",
            ));
        }
        if from == to {
            return Err(ActionParseError::new(s, "a move must leave its square"));
        }
        Ok(MartianAction::Move { from, to })
    }
}

/// Whether action text uses the capture spelling (`b2xc3`).
pub(crate) fn is_capture_spelling(text: &str) -> bool {
    text.as_bytes().get(2) == Some(&b'x')
}
