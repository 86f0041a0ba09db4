//! AbstractPlay's move notation for two-seat Martian Chess: read a game played there,
//! write one back.
//!
//! AbstractPlay (its engine is `src/games/mchess.ts` of the `AbstractPlay/gameslib`
//! repository) writes a move `a1-b2` (a plain move), `a1xb2` (a capture) or `a1+b2` (a
//! field promotion), with `*` appended when the move calls the clock (`a1-b2*`). Its
//! board is the same 4x8 board, ranks 1-4 being the zone of its player 1, who moves
//! first, but its files run the other way: its player 1 starts in the `d1` corner, where
//! this engine's seat 0 starts in `a1`. So a square keeps its rank and its file is
//! mirrored: AbstractPlay `a`, `b`, `c`, `d` are this engine's `d`, `c`, `b`, `a`
//! (AbstractPlay `c3-d4` is this engine's `b3-a4`); its player 1 is seat 0, its player 2
//! seat 1.
//!
//! AbstractPlay plays the rule options `clock=on target=18 undo=capture-allowed` (and
//! `variant=ofkk` in its variant), seat 0 moving first; [`abstractplay_rules`] makes
//! them.
//!
//! ```
//! use martian_chess::abstractplay::{abstractplay_rules, replay, write_moves};
//! use martian_chess::MartianChess;
//! use pyramid_core::prelude::*;
//!
//! let start = MartianChess::new(&abstractplay_rules(false));
//! // A game record as AbstractPlay lists it (round numbers are skipped).
//! let (actions, end) = replay(&start, "1. c3-d4 b6-c5 2. d4xc5")?;
//! assert_eq!(actions[0].to_string(), "b3-a4");
//! assert_eq!(end.score(pyramid_core::Seat(0)), 1);
//! assert_eq!(write_moves(&start, &actions)?, "c3-d4 b6-c5 d4xc5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use pyramid_core::{Game, RuleSet, Square};

use crate::{Action, MartianChess, Rules};

/// Why a list of AbstractPlay moves could not be read or written. Each names the move
/// (counted from 1 among the moves, round numbers not counted) and its text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AbstractPlayError {
    /// The text is not an AbstractPlay move.
    #[error("move {number} `{text}`: {reason}")]
    Malformed {
        /// The move's number, from 1.
        number: usize,
        /// Its text (shortened if long).
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// `resign`, `timeout`, `draw` or `abandoned` before the last move: these end a game.
    #[error("move {number} `{text}` ends a game on AbstractPlay, so it can only be the last")]
    EndNotLast {
        /// The move's number, from 1.
        number: usize,
        /// Its text.
        text: String,
    },
    /// The move is not legal in the position it is played in.
    #[error("move {number} `{text}` is illegal here: {reason}")]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// Its text (shortened if long).
        text: String,
        /// Why, in the engine's words.
        reason: String,
    },
    /// The move is legal but its sign (`-`, `x`, `+`) says another kind of move.
    #[error("move {number} `{text}`: {reason}")]
    WrongSign {
        /// The move's number, from 1.
        number: usize,
        /// Its text.
        text: String,
        /// What the move is, and the sign it takes.
        reason: &'static str,
    },
    /// AbstractPlay plays Martian Chess with two seats only.
    #[error("AbstractPlay's notation is for two seats; these rules have four")]
    FourSeats,
    /// AbstractPlay has no pass (a seat with pieces always has a move).
    #[error("move {number}: AbstractPlay's notation has no pass")]
    Pass {
        /// The move's number, from 1.
        number: usize,
    },
}

/// The words AbstractPlay records for a game ended off the board.
const ENDINGS: [&str; 4] = ["resign", "timeout", "draw", "abandoned"];

/// The rules AbstractPlay plays: two seats, seat 0 (its player 1) first, `clock=on`,
/// `target=18`, `undo=capture-allowed`, and `variant=ofkk` when `ofkk` is set.
pub fn abstractplay_rules(ofkk: bool) -> Rules {
    let mut rules = Rules::default()
        .with_clock(true)
        .with_capture_undo_allowed(true)
        .with_ofkk(ofkk);
    // 18 is a valid target and 0 a valid seat of two: neither can fail.
    let _ = rules.set_target(Some(18));
    let _ = rules.set_first(0);
    rules
}

/// The engine's square for an AbstractPlay square (`a1`-`d8`; the file mirrored).
pub fn square_from_abstractplay(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [file @ b'a'..=b'd', rank @ b'1'..=b'8'] => Some(Square::new(b'd' - file, rank - b'1')),
        _ => None,
    }
}

/// The AbstractPlay name of one of the engine's two-seat squares (`None` off the 4x8
/// board).
pub fn square_to_abstractplay(square: Square) -> Option<String> {
    (square.file() < 4 && square.rank() < 8).then(|| {
        format!(
            "{}{}",
            char::from(b'd' - square.file()),
            char::from(b'1' + square.rank())
        )
    })
}

/// The sign of an AbstractPlay move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sign {
    Plain,
    Capture,
    Merge,
}

/// One AbstractPlay move, read: the action and the sign it was written with.
fn read_token(number: usize, token: &str) -> Result<(Action, Sign), AbstractPlayError> {
    let bad = |reason| AbstractPlayError::Malformed {
        number,
        text: pyramid_core::excerpt(token),
        reason,
    };
    let text = token.to_ascii_lowercase();
    let (body, call) = match text.strip_suffix('*') {
        Some(body) => (body, true),
        None => (text.as_str(), false),
    };
    let Some(at) = body.find(['-', 'x', '+']) else {
        return Err(bad(
            "expected FROM-TO, FROMxTO or FROM+TO with squares a1 to d8, `*` after it to call the clock",
        ));
    };
    let sign = match body.as_bytes()[at] {
        b'x' => Sign::Capture,
        b'+' => Sign::Merge,
        _ => Sign::Plain,
    };
    let (Some(from), Some(to)) = (
        square_from_abstractplay(&body[..at]),
        square_from_abstractplay(&body[at + 1..]),
    ) else {
        return Err(bad(
            "expected FROM-TO, FROMxTO or FROM+TO with squares a1 to d8, `*` after it to call the clock",
        ));
    };
    if from == to {
        return Err(bad("a move must leave its square"));
    }
    let action = if call {
        Action::calling(from, to)
    } else {
        Action::new(from, to)
    };
    Ok((action, sign))
}

/// `token` without a leading round number (`1.`, `12...`), which may stand alone or be
/// glued to the move (`1.c3-d4`).
fn without_round(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

/// The move tokens of a list: split at white space and commas, round numbers (`1.`,
/// `12...`) skipped, a last `resign`/`timeout`/`draw`/`abandoned` dropped.
fn tokens(text: &str) -> Result<Vec<&str>, AbstractPlayError> {
    let mut out: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(without_round)
        .filter(|t| !t.is_empty())
        .collect();
    let is_end = |t: &str| ENDINGS.iter().any(|e| t.eq_ignore_ascii_case(e));
    if out.last().is_some_and(|t| is_end(t)) {
        out.pop();
    }
    if let Some(at) = out.iter().position(|t| is_end(t)) {
        return Err(AbstractPlayError::EndNotLast {
            number: at + 1,
            text: out[at].to_owned(),
        });
    }
    Ok(out)
}

/// Reads one AbstractPlay move (`c3-d4`, `d4xc5`, `b2+c2`, any of them with `*`) as the
/// engine's action, without a position: the sign is not checked (see [`replay`]).
pub fn read_move(text: &str) -> Result<Action, AbstractPlayError> {
    read_token(1, text.trim()).map(|(action, _)| action)
}

/// Reads a list of AbstractPlay moves, separated by white space or commas, as the
/// engine's actions, without a position (see [`replay`] to check them). Round numbers
/// (`1.`, also glued to a move: `1.c3-d4`) are skipped, and a last `resign`, `timeout`, `draw` or `abandoned` (how the
/// game ended on AbstractPlay, not a move) is dropped.
///
/// ```
/// use martian_chess::abstractplay::read_moves;
/// let actions = read_moves("1. c3-d4 b6-c5, 2. d4xc5 resign")?;
/// let texts: Vec<String> = actions.iter().map(ToString::to_string).collect();
/// assert_eq!(texts, ["b3-a4", "c6-b5", "a4-b5"]);
/// assert!(read_moves("c3-e4").is_err());
/// # Ok::<(), martian_chess::abstractplay::AbstractPlayError>(())
/// ```
pub fn read_moves(text: &str) -> Result<Vec<Action>, AbstractPlayError> {
    tokens(text)?
        .into_iter()
        .enumerate()
        .map(|(i, token)| read_token(i + 1, token).map(|(action, _)| action))
        .collect()
}

/// The sign an action takes in `state`.
fn sign_of(state: &MartianChess, action: Action) -> Sign {
    match action.squares() {
        Some((_, to)) if state.piece_at(to).is_some() => {
            if state.is_capture(action) {
                Sign::Capture
            } else {
                Sign::Merge
            }
        }
        _ => Sign::Plain,
    }
}

/// Replays a list of AbstractPlay moves (as [`read_moves`] reads them) from `start`,
/// checking that each is legal and written with the right sign (`x` exactly for a
/// capture, `+` exactly for a field promotion). Returns the actions and the state they
/// reach. Replay an AbstractPlay game from `MartianChess::new(&abstractplay_rules(..))`.
pub fn replay(
    start: &MartianChess,
    text: &str,
) -> Result<(Vec<Action>, MartianChess), AbstractPlayError> {
    if start.rules().seats() != 2 {
        return Err(AbstractPlayError::FourSeats);
    }
    let mut state = start.clone();
    let mut actions = Vec::new();
    for (i, token) in tokens(text)?.into_iter().enumerate() {
        let number = i + 1;
        let (action, sign) = read_token(number, token)?;
        if !state.is_legal(action) {
            let reason = if state.is_over() {
                "the game is over".to_owned()
            } else {
                state
                    .illegal_reason(action)
                    .unwrap_or_else(|| "not a legal move".to_owned())
            };
            return Err(AbstractPlayError::Illegal {
                number,
                text: pyramid_core::excerpt(token),
                reason,
            });
        }
        let wrong = |reason| AbstractPlayError::WrongSign {
            number,
            text: token.to_owned(),
            reason,
        };
        match (sign_of(&state, action), sign) {
            (actual, written) if actual == written => {}
            (Sign::Capture, _) => return Err(wrong("this move captures: write it with `x`")),
            (Sign::Merge, _) => {
                return Err(wrong("this move is a field promotion: write it with `+`"));
            }
            (Sign::Plain, _) => {
                return Err(wrong(
                    "this move lands on an empty square: write it with `-`",
                ));
            }
        }
        state.play_unchecked(action);
        actions.push(action);
    }
    Ok((actions, state))
}

/// One action in AbstractPlay's notation, in the position `state` it is played in.
pub fn write_move(state: &MartianChess, action: Action) -> Result<String, AbstractPlayError> {
    if state.rules().seats() != 2 {
        return Err(AbstractPlayError::FourSeats);
    }
    let Some((from, to)) = action.squares() else {
        return Err(AbstractPlayError::Pass { number: 1 });
    };
    let sign = match sign_of(state, action) {
        Sign::Plain => '-',
        Sign::Capture => 'x',
        Sign::Merge => '+',
    };
    let (Some(from), Some(to)) = (square_to_abstractplay(from), square_to_abstractplay(to)) else {
        return Err(AbstractPlayError::Malformed {
            number: 1,
            text: action.to_string(),
            reason: "names a square off the 4x8 board",
        });
    };
    let call = if action.calls_clock() { "*" } else { "" };
    Ok(format!("{from}{sign}{to}{call}"))
}

/// Writes `actions`, played from `start`, in AbstractPlay's notation, separated by
/// spaces (the flat list AbstractPlay's engine takes move by move). Each action must be
/// legal where it is played.
pub fn write_moves(start: &MartianChess, actions: &[Action]) -> Result<String, AbstractPlayError> {
    let mut state = start.clone();
    let mut out = Vec::with_capacity(actions.len());
    for (i, &action) in actions.iter().enumerate() {
        let number = i + 1;
        if !state.is_legal(action) {
            return Err(AbstractPlayError::Illegal {
                number,
                text: action.to_string(),
                reason: state
                    .illegal_reason(action)
                    .unwrap_or_else(|| "the game is over".to_owned()),
            });
        }
        let text = write_move(&state, action).map_err(|e| match e {
            AbstractPlayError::Pass { .. } => AbstractPlayError::Pass { number },
            AbstractPlayError::Malformed { text, reason, .. } => AbstractPlayError::Malformed {
                number,
                text,
                reason,
            },
            other => other,
        })?;
        out.push(text);
        state.play_unchecked(action);
    }
    Ok(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_mirror_the_files_and_keep_the_ranks() {
        let pairs = [("a1", "d1"), ("b2", "c2"), ("c7", "b7"), ("d8", "a8")];
        for (theirs, ours) in pairs {
            let square = square_from_abstractplay(theirs);
            assert_eq!(square.map(|s| s.to_string()).as_deref(), Some(ours));
            assert_eq!(
                square.and_then(square_to_abstractplay).as_deref(),
                Some(theirs)
            );
        }
        assert_eq!(square_from_abstractplay("e1"), None);
        assert_eq!(square_from_abstractplay("a9"), None);
        assert_eq!(square_to_abstractplay(Square::new(4, 0)), None);
    }

    #[test]
    fn abstractplay_start_is_the_engine_start_mirrored() {
        // AbstractPlay's start (`mchess.ts`): player 1's queens on d1 c1 d2, drones b1
        // c2 d3, pawns b2 b3 c3; player 2's mirror image from a8.
        let theirs = [
            ("d1", 'Q'),
            ("c1", 'Q'),
            ("b1", 'D'),
            ("d2", 'Q'),
            ("c2", 'D'),
            ("b2", 'P'),
            ("d3", 'D'),
            ("c3", 'P'),
            ("b3", 'P'),
            ("a8", 'Q'),
            ("b8", 'Q'),
            ("c8", 'D'),
            ("a7", 'Q'),
            ("b7", 'D'),
            ("c7", 'P'),
            ("a6", 'D'),
            ("b6", 'P'),
            ("c6", 'P'),
        ];
        let start = MartianChess::new(&abstractplay_rules(false));
        let mut count = 0;
        for (square, letter) in theirs {
            let ours = square_from_abstractplay(square).expect("on the board");
            assert_eq!(
                start.piece_at(ours).map(pyramid_core::Size::letter),
                Some(letter),
                "{square}"
            );
            count += 1;
        }
        assert_eq!(start.pieces_of(pyramid_core::Seat(0)).len() * 2, count);
    }
}
