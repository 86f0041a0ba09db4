//! [`PositionError`]: why a position was refused, as the field that is wrong and a
//! [`PositionProblem`] callers can match on; the message is built from both.

use std::fmt;
use std::ops::RangeInclusive;

use super::RulesError;
use crate::{Seat, SquareError, excerpt};

/// Why a position was refused, whether read from a position string or built from a
/// game's setup (its serde form): the field that is wrong and the problem with it. Every
/// game reports refused positions with this one type (each game crate re-exports it as
/// its `PositionError`).
///
/// `field` is the name of the field as the input spells it (`board`, `seat`, `plies`,
/// ...; a RON setup's own field names where they differ), or [`PositionError::WHOLE`]
/// when the text as a whole is wrong (the number of fields). `problem` is what is wrong,
/// a [`PositionProblem`] to match on. The message is ``field `<field>`: <problem>``, or
/// the problem alone for the whole text.
///
/// ```
/// use pyramid_core::{PositionError, PositionProblem};
/// let error = PositionError::unreadable("seat", "7", "0 or 1");
/// assert_eq!(error.to_string(), "field `seat`: `7` is not 0 or 1");
/// assert!(matches!(error.problem, PositionProblem::Unreadable { ref text, .. } if text == "7"));
/// let count = PositionError::field_count(3, 2, "piles, seat, plies");
/// assert_eq!(count.field, PositionError::WHOLE);
/// assert_eq!(
///     count.to_string(),
///     "a position has 3 space-separated fields (piles, seat, plies), found 2"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", self.message())]
pub struct PositionError {
    /// The field that is wrong, or [`PositionError::WHOLE`].
    pub field: &'static str,
    /// What is wrong with it.
    pub problem: PositionProblem,
}

/// What is wrong with a field of a position: the kind of a [`PositionError`], with the
/// details its message shows. New kinds may be added, so a `match` needs a `_` arm.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionProblem {
    /// The text does not have the format's number of space-separated fields.
    FieldCount {
        /// How many fields the format has (with the rule options given).
        expected: usize,
        /// How many were found.
        found: usize,
        /// The fields' names, in order, comma separated.
        names: String,
    },
    /// A board does not have the number of ranks (separated by `/`) the format allows.
    RankCount {
        /// The rank counts allowed.
        expected: RangeInclusive<usize>,
        /// The ranks found.
        found: usize,
    },
    /// One rank of a board does not cover the board's width.
    RankWidth {
        /// The rank (1-based, as printed).
        rank: usize,
        /// The squares a rank covers.
        expected: usize,
        /// The squares it covers; `None` when it runs past the edge and was not read
        /// further.
        found: Option<usize>,
    },
    /// A token that cannot be read as what its place holds.
    Unreadable {
        /// The token (shortened when long, see [`excerpt`]).
        text: String,
        /// What the place holds, in words.
        expected: String,
    },
    /// A token in a board rank that is not a piece (a card, a stack: whatever the game's
    /// board holds) nor a count of empty squares.
    UnknownPiece {
        /// The rank (1-based, as printed).
        rank: usize,
        /// The token (shortened when long).
        text: String,
        /// What a square's token is, in words.
        expected: String,
    },
    /// A number outside the range it must lie in (a seat, a count of turns left).
    OutOfRange {
        /// What the number is, in words.
        what: String,
        /// The number.
        value: u64,
        /// The numbers allowed.
        allowed: RangeInclusive<u64>,
    },
    /// A square that is not on the board.
    OffBoard {
        /// The square as written.
        square: String,
        /// The board's number of files.
        width: u8,
        /// The board's number of ranks.
        height: u8,
    },
    /// Two things on one square that holds one.
    Occupied {
        /// The square.
        square: String,
        /// What stands there twice, plural (`pieces`, `stacks`).
        what: &'static str,
    },
    /// Something the game has once appears twice (a card, a King).
    Duplicate {
        /// What appears twice.
        what: String,
    },
    /// Too many or too few things: more pieces than a seat owns, pieces not conserved
    /// between board and stash, more stashes than seats.
    Count {
        /// What is counted, with why the count is bounded where that helps.
        what: String,
        /// How many there are.
        found: usize,
        /// How many the position may have.
        expected: RangeInclusive<usize>,
    },
    /// A field that must say what the rest of the position gives, and says otherwise.
    Mismatch {
        /// What the field lists, in words.
        what: String,
        /// What the rest of the position gives.
        expected: String,
        /// What the field says.
        found: String,
    },
    /// The seat to act (or that none is) contradicts the rest of the position.
    SeatToAct {
        /// The seat given as the one to act; `None` when none is given.
        seat: Option<Seat>,
        /// Why it cannot be, in words (the message is `seat 1 is to act, but <reason>`, or
        /// `no seat is to act, but <reason>`).
        reason: String,
    },
    /// The position holds what its rule options rule out (a board size, a rule's field).
    AgainstRules {
        /// What the position holds, in words.
        found: String,
        /// The rule options it contradicts, in words.
        rules: String,
    },
    /// A rule option the position carries (its RON form, or a board's size) cannot be set.
    Rules(RulesError),
    /// A game-specific rule the position breaks: the rule in words (a fixed text a caller
    /// can compare), and what breaks it, where the rule is about one thing. The message is
    /// `<subject> <rule>` (`the siege on d2 has no King underneath`), or the rule alone.
    Invariant {
        /// What breaks the rule (`the siege on d2`, `White's thief c3`), if one thing does.
        subject: Option<String>,
        /// The rule broken: completing `subject` into a sentence where there is one
        /// (`has no King underneath`), a sentence of its own otherwise.
        rule: &'static str,
    },
}

impl PositionError {
    /// The `field` of an error about the text as a whole (its number of fields).
    pub const WHOLE: &'static str = "position";

    /// The problem `problem` with the field `field`.
    pub fn new(field: &'static str, problem: PositionProblem) -> Self {
        PositionError { field, problem }
    }

    /// A problem with the text as a whole ([`PositionError::WHOLE`]).
    pub fn whole(problem: PositionProblem) -> Self {
        PositionError::new(PositionError::WHOLE, problem)
    }

    /// [`PositionProblem::FieldCount`], about the whole text: `found` fields where the
    /// format has `expected`, named `names`.
    pub fn field_count(expected: usize, found: usize, names: impl Into<String>) -> Self {
        PositionError::whole(PositionProblem::FieldCount {
            expected,
            found,
            names: names.into(),
        })
    }

    /// [`PositionProblem::RankCount`]: a board of `found` ranks where `expected` are allowed.
    pub fn rank_count(field: &'static str, expected: RangeInclusive<usize>, found: usize) -> Self {
        PositionError::new(field, PositionProblem::RankCount { expected, found })
    }

    /// [`PositionProblem::RankWidth`]: rank `rank` covers `found` squares (`None`: more
    /// than `expected`), not `expected`.
    pub fn rank_width(
        field: &'static str,
        rank: usize,
        expected: usize,
        found: Option<usize>,
    ) -> Self {
        let problem = PositionProblem::RankWidth {
            rank,
            expected,
            found,
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::Unreadable`]: `text` (shortened when long) is not `expected`.
    pub fn unreadable(field: &'static str, text: &str, expected: impl Into<String>) -> Self {
        let problem = PositionProblem::Unreadable {
            text: excerpt(text),
            expected: expected.into(),
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::UnknownPiece`]: `text` in rank `rank` is not `expected`.
    pub fn unknown_piece(
        field: &'static str,
        rank: usize,
        text: &str,
        expected: impl Into<String>,
    ) -> Self {
        let problem = PositionProblem::UnknownPiece {
            rank,
            text: excerpt(text),
            expected: expected.into(),
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::OutOfRange`]: `what` is `value`, outside `allowed`.
    pub fn out_of_range(
        field: &'static str,
        what: impl Into<String>,
        value: u64,
        allowed: RangeInclusive<u64>,
    ) -> Self {
        let problem = PositionProblem::OutOfRange {
            what: what.into(),
            value,
            allowed,
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::OffBoard`]: `square` is off a board of `width` x `height`.
    pub fn off_board(
        field: &'static str,
        square: impl fmt::Display,
        width: u8,
        height: u8,
    ) -> Self {
        let problem = PositionProblem::OffBoard {
            square: excerpt(&square.to_string()),
            width,
            height,
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::Occupied`]: two `what` (plural) on `square`.
    pub fn occupied(field: &'static str, square: impl fmt::Display, what: &'static str) -> Self {
        let square = square.to_string();
        PositionError::new(field, PositionProblem::Occupied { square, what })
    }

    /// [`PositionProblem::Duplicate`]: `what` appears twice.
    pub fn duplicate(field: &'static str, what: impl Into<String>) -> Self {
        let what = what.into();
        PositionError::new(field, PositionProblem::Duplicate { what })
    }

    /// [`PositionProblem::Count`]: `found` of `what` where `expected` are allowed.
    pub fn count(
        field: &'static str,
        what: impl Into<String>,
        found: usize,
        expected: RangeInclusive<usize>,
    ) -> Self {
        let problem = PositionProblem::Count {
            what: what.into(),
            found,
            expected,
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::Mismatch`]: the field gives `found` as `what`; the rest of the
    /// position gives `expected`.
    pub fn mismatch(
        field: &'static str,
        what: impl Into<String>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> Self {
        let problem = PositionProblem::Mismatch {
            what: what.into(),
            expected: expected.into(),
            found: found.into(),
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::SeatToAct`]: `seat` (or none) cannot be to act, because `reason`.
    pub fn seat_to_act(field: &'static str, seat: Option<Seat>, reason: impl Into<String>) -> Self {
        let reason = reason.into();
        PositionError::new(field, PositionProblem::SeatToAct { seat, reason })
    }

    /// [`PositionProblem::AgainstRules`]: the position holds `found`, which the rule
    /// options `rules` rule out.
    pub fn against_rules(
        field: &'static str,
        found: impl Into<String>,
        rules: impl Into<String>,
    ) -> Self {
        let problem = PositionProblem::AgainstRules {
            found: found.into(),
            rules: rules.into(),
        };
        PositionError::new(field, problem)
    }

    /// [`PositionProblem::Invariant`]: `subject` breaks the game's rule `rule`.
    pub fn invariant(field: &'static str, subject: impl Into<String>, rule: &'static str) -> Self {
        let subject = Some(subject.into());
        PositionError::new(field, PositionProblem::Invariant { subject, rule })
    }

    /// [`PositionProblem::Invariant`] about the position rather than one thing in it.
    pub fn rule(field: &'static str, rule: &'static str) -> Self {
        PositionError::new(
            field,
            PositionProblem::Invariant {
                subject: None,
                rule,
            },
        )
    }

    /// A square of the field that is malformed or off the board.
    pub fn square(field: &'static str, error: SquareError) -> Self {
        PositionError::new(field, error.into())
    }

    /// The message: the field, then the problem.
    fn message(&self) -> String {
        if self.field == PositionError::WHOLE {
            self.problem.to_string()
        } else {
            format!("field `{}`: {}", self.field, self.problem)
        }
    }
}

/// `a to b`, or `a` when the range holds one number.
fn span<T: PartialEq + fmt::Display>(range: &RangeInclusive<T>) -> String {
    if range.start() == range.end() {
        range.start().to_string()
    } else {
        format!("{} to {}", range.start(), range.end())
    }
}

/// The bound of a [`PositionProblem::Count`]: `expected 2`, `at most 5`, `at least 1`,
/// `expected 2 to 4`.
fn bound(range: &RangeInclusive<usize>) -> String {
    match (*range.start(), *range.end()) {
        (low, high) if low == high => format!("expected {low}"),
        (0, high) => format!("at most {high}"),
        (low, usize::MAX) => format!("at least {low}"),
        (low, high) => format!("expected {low} to {high}"),
    }
}

/// The message of a [`PositionProblem::Count`]: `too many stashes: 5, expected 2 to 4`.
fn write_count(
    f: &mut fmt::Formatter<'_>,
    what: &str,
    found: usize,
    expected: &RangeInclusive<usize>,
) -> fmt::Result {
    let many = if found > *expected.end() {
        "too many "
    } else if found < *expected.start() {
        "too few "
    } else {
        ""
    };
    write!(f, "{many}{what}: {found}, {}", bound(expected))
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionProblem as P;
        match self {
            P::FieldCount {
                expected,
                found,
                names,
            } => write!(
                f,
                "a position has {expected} space-separated fields ({names}), found {found}"
            ),
            P::RankCount { expected, found } => {
                let expected = span(expected);
                write!(
                    f,
                    "expected {expected} ranks separated by `/`, found {found}"
                )
            }
            P::RankWidth {
                rank,
                expected,
                found: Some(found),
            } => write!(f, "rank {rank} covers {found} squares, expected {expected}"),
            P::RankWidth { rank, expected, .. } => {
                write!(f, "rank {rank} covers more than {expected} squares")
            }
            P::Unreadable { text, expected } => write!(f, "`{text}` is not {expected}"),
            P::UnknownPiece {
                rank,
                text,
                expected,
            } => write!(f, "rank {rank}: `{text}` is not {expected}"),
            P::OutOfRange {
                what,
                value,
                allowed,
            } => write!(f, "{what} is {value}, not {}", span(allowed)),
            P::OffBoard {
                square,
                width,
                height,
            } => write!(f, "square {square} is off the {width}x{height} board"),
            P::Occupied { square, what } => write!(f, "two {what} on square {square}"),
            P::Duplicate { what } => write!(f, "{what} appears twice"),
            P::Count {
                what,
                found,
                expected,
            } => write_count(f, what, *found, expected),
            P::Mismatch {
                what,
                expected,
                found,
            } => write!(f, "{what}: {found}, expected {expected}"),
            P::SeatToAct {
                seat: Some(s),
                reason,
            } => write!(f, "seat {s} is to act, but {reason}"),
            P::SeatToAct { seat: None, reason } => write!(f, "no seat is to act, but {reason}"),
            P::AgainstRules { found, rules } => write!(f, "{found}, but the rules have {rules}"),
            P::Rules(error) => write!(f, "{error}"),
            P::Invariant {
                subject: Some(subject),
                rule,
            } => write!(f, "{subject} {rule}"),
            P::Invariant {
                subject: None,
                rule,
            } => f.write_str(rule),
        }
    }
}

impl From<SquareError> for PositionProblem {
    /// A malformed square is [`PositionProblem::Unreadable`], one off the board
    /// [`PositionProblem::OffBoard`].
    fn from(error: SquareError) -> Self {
        match error {
            SquareError::Malformed(text) => PositionProblem::Unreadable {
                text: excerpt(&text),
                expected: "a square name (a file letter and a rank number, like `b3`)".to_owned(),
            },
            SquareError::OffBoard {
                square,
                width,
                height,
            } => PositionProblem::OffBoard {
                square: excerpt(&square),
                width,
                height,
            },
        }
    }
}

impl From<crate::notation::NotationError> for PositionError {
    fn from(error: crate::notation::NotationError) -> Self {
        use crate::notation::NotationError;
        match error {
            NotationError::FieldCount {
                expected,
                found,
                names,
            } => PositionError::field_count(expected, found, names),
            NotationError::Field {
                field,
                text,
                expected,
            } => PositionError::unreadable(field, &text, expected),
            NotationError::RowCount { expected, found } => {
                PositionError::rank_count("board", expected..=expected, found)
            }
            NotationError::RowLength {
                rank,
                expected,
                found,
            } => PositionError::rank_width("board", rank, expected, Some(found)),
            NotationError::BadPiece { rank, found } => PositionError::unknown_piece(
                "board",
                rank,
                &found.to_string(),
                "a piece or a count of empty squares",
            ),
        }
    }
}

impl From<RulesError> for PositionError {
    /// Rule options a position's own form (RON) carries that cannot be set.
    fn from(error: RulesError) -> Self {
        PositionError::new("rules", PositionProblem::Rules(error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{NotationError, read_rows, split_fields};
    use crate::{Grid, Size};

    #[test]
    fn notation_errors_become_matchable_kinds() {
        let fields = split_fields::<2>("4/4", &["board", "seat"]).map_err(PositionError::from);
        let Err(error) = fields else {
            panic!("one field of two was accepted");
        };
        assert_eq!(error.field, PositionError::WHOLE);
        assert!(matches!(
            error.problem,
            PositionProblem::FieldCount {
                expected: 2,
                found: 1,
                ..
            }
        ));
        let rows = read_rows("4/4/4/4/4/4/4/3X", Grid::new(4, 8), Size::from_letter);
        let error = PositionError::from(rows.expect_err("X is no piece"));
        assert!(
            matches!(error.problem, PositionProblem::UnknownPiece { rank: 1, ref text, .. } if text == "X"),
            "{error}"
        );
        let error = PositionError::from(NotationError::field("plies", "-1", "a number"));
        assert_eq!(error.to_string(), "field `plies`: `-1` is not a number");
    }

    #[test]
    fn counts_say_too_many_or_too_few_and_the_bound() {
        let many = PositionError::count("board", "pieces of seat 0", 6, 0..=5);
        assert_eq!(
            many.to_string(),
            "field `board`: too many pieces of seat 0: 6, at most 5"
        );
        let few = PositionError::count("stashes", "small pieces", 4, 5..=5);
        assert_eq!(
            few.to_string(),
            "field `stashes`: too few small pieces: 4, expected 5"
        );
        let range = PositionError::count("stashes", "stashes", 5, 2..=4);
        assert!(range.to_string().ends_with("5, expected 2 to 4"), "{range}");
    }

    #[test]
    fn messages_are_built_from_the_kind() {
        let cases = [
            (
                PositionError::rank_count("board", 5..=8, 9),
                "field `board`: expected 5 to 8 ranks separated by `/`, found 9",
            ),
            (
                PositionError::rank_width("board", 3, 15, None),
                "field `board`: rank 3 covers more than 15 squares",
            ),
            (
                PositionError::out_of_range("seat", "the seat to move", 4, 0..=1),
                "field `seat`: the seat to move is 4, not 0 to 1",
            ),
            (
                PositionError::occupied("board", "a1", "pieces"),
                "field `board`: two pieces on square a1",
            ),
            (
                PositionError::seat_to_act("to-move", None, "the game is not over"),
                "field `to-move`: no seat is to act, but the game is not over",
            ),
            (
                PositionError::against_rules(
                    "clock",
                    "the clock `3` is set",
                    "the option clock off",
                ),
                "field `clock`: the clock `3` is set, but the rules have the option clock off",
            ),
            (
                PositionError::invariant("board", "the siege on d2", "has no King underneath"),
                "field `board`: the siege on d2 has no King underneath",
            ),
            (
                PositionError::square("thieves", SquareError::Malformed("z9z".into())),
                "field `thieves`: `z9z` is not a square name (a file letter and a rank number, like `b3`)",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn unreadable_text_is_shortened() {
        let long = "x".repeat(1000);
        let error = PositionError::unreadable("board", &long, "a board");
        assert!(error.to_string().len() < 200, "{error}");
        assert!(
            matches!(error.problem, PositionProblem::Unreadable { ref text, .. } if text.contains("1000 characters"))
        );
    }
}
