//! Actions and their notation: `b2-c3` (a capture may also be written `b2xc3`), the same
//! move calling the clock `b2-c3*` (rule option `clock=on`), and `pass`.

use std::fmt;
use std::str::FromStr;

use pyramid_core::{ActionParseError, Square};

/// One Martian Chess action: a piece moving from one square to another, or a pass.
///
/// The text form is `from-to` (`b2-c3`), `from-to*` for the same move calling the clock
/// (only under the rule option `clock=on`), or `pass`. [`FromStr`] also reads the capture
/// spelling `b2xc3` as the same action; [`fmt::Display`] always writes `-`, since an
/// action alone does not know whether it captures
/// ([`MartianChess::notation`](crate::MartianChess::notation) writes `x` for captures).
///
/// ```
/// use martian_chess::Action;
/// let a: Action = "b2-c3".parse()?;
/// assert_eq!("b2xc3".parse::<Action>()?, a);
/// assert_eq!(a.to_string(), "b2-c3");
/// let call: Action = "b2-c3*".parse()?;
/// assert!(call.calls_clock() && call != a);
/// assert_eq!(call.without_call(), a);
/// assert_eq!("pass".parse::<Action>()?, Action::Pass);
/// # Ok::<(), pyramid_core::ActionParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move the piece on `from` to `to` (a plain move, a capture or a field promotion),
    /// calling the clock with it when `call` is set.
    Move {
        /// The square the piece leaves.
        from: Square,
        /// The square it ends on.
        to: Square,
        /// Whether the move calls the clock (rule option `clock=on`; written `from-to*`).
        call: bool,
    },
    /// Pass: the only action of a seat with no legal move.
    Pass,
}

impl Action {
    /// A move from `from` to `to` (calling nothing).
    #[inline]
    pub const fn new(from: Square, to: Square) -> Self {
        Action::Move {
            from,
            to,
            call: false,
        }
    }

    /// A move from `from` to `to` that calls the clock (`from-to*`).
    #[inline]
    pub const fn calling(from: Square, to: Square) -> Self {
        Action::Move {
            from,
            to,
            call: true,
        }
    }

    /// Whether this action calls the clock.
    pub const fn calls_clock(self) -> bool {
        matches!(self, Action::Move { call: true, .. })
    }

    /// The same action without calling the clock.
    #[must_use]
    pub const fn without_call(self) -> Self {
        match self {
            Action::Move { from, to, .. } => Action::new(from, to),
            Action::Pass => Action::Pass,
        }
    }

    /// The squares a move leaves and ends on (`None` for a pass).
    pub const fn squares(self) -> Option<(Square, Square)> {
        match self {
            Action::Move { from, to, .. } => Some((from, to)),
            Action::Pass => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to, call } => {
                write!(f, "{from}-{to}{}", if *call { "*" } else { "" })
            }
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Reads one square of the largest board (files `a`-`h`, ranks `1`-`8`) from the start
/// of `text`, returning it and the rest of the text.
fn read_square<'a>(whole: &str, text: &'a str) -> Result<(Square, &'a str), ActionParseError> {
    let bad = || {
        ActionParseError::new(
            whole,
            "expected FROM-TO with squares a1 to h8 (like `b2-c3`, or `b2-c3*` to call the clock), or `pass`",
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

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "pass" {
            return Ok(Action::Pass);
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
        let (call, rest) = match rest.strip_prefix('*') {
            Some(rest) => (true, rest),
            None => (false, rest),
        };
        if !rest.is_empty() {
            return Err(ActionParseError::new(
                s,
                "unexpected text after the destination square (only `*`, calling the clock, may follow it)",
            ));
        }
        if from == to {
            return Err(ActionParseError::new(s, "a move must leave its square"));
        }
        Ok(Action::Move { from, to, call })
    }
}

/// Whether action text uses the capture spelling (`b2xc3`).
pub(crate) fn is_capture_spelling(text: &str) -> bool {
    text.as_bytes().get(2) == Some(&b'x')
}
