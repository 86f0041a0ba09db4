//! The one-line position string.
//!
//! Seven space-separated fields:
//!
//! 1. `board`: ranks 7 down to 1 separated by `/`; in a rank, comma-separated items, each
//!    a count of empty squares (1-7) or a stack: owner `w`/`b`, base `d`/`q`, then its
//!    pieces bottom to top (movement pieces, then skill pieces), e.g. `wdPp`;
//! 2. `store`: the pieces in the store (`Qq`), `-` when empty;
//! 3. `thieves`: White's and Black's thief squares, comma-separated, `-` for none, a
//!    trailing `!` when exposed (Variant 1);
//! 4. `bars`: each side's last raider (barred while it is the thief), `-` for none;
//! 5. `decision`: `setup-hide`, `place`, `main`, `steal:HELD`, `steal?:HELD` (Variant 1;
//!    `steal?:-` when the captured stack held no piece), `hide` (the victim's), `raid`,
//!    `rehide`, `trade` or `over`; a steal or a victim's hide followed by a raid carries
//!    `+raid`; a raid (`raid`, `+raid`) and an optional steal end with `@SQ`, the square of
//!    the drone-base stack that moved there this turn (`raid@c1`, `hide+raid@c1`,
//!    `steal?:Pd@e4`);
//! 6. `seat`: the seat whose turn it is (0 White, 1 Black);
//! 7. `plies`: decision points played.
//!
//! The standard arrangement:
//! `bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq a1,g7 -,- main 0 0`

use pyramid_core::notation::{parse_number, split_fields};
use pyramid_core::{Notation, Seat, Square};

use crate::geometry::{Base, GRID, index};
use crate::piece::Pieces;
use crate::rules::Rules;
use crate::setup::{PositionError, Setup, SetupStack};
use crate::state::{Decision, Stacktrices};

const FIELDS: [&str; 7] = [
    "board", "store", "thieves", "bars", "decision", "seat", "plies",
];

/// Reads the stack `token` standing on `sq`.
fn parse_stack(token: &str, sq: Square) -> Result<SetupStack, PositionError> {
    let bad = |expected: &str| {
        PositionError::unknown_piece("board", usize::from(sq.rank()) + 1, token, expected)
    };
    let mut chars = token.chars();
    let owner = match chars.next() {
        Some('w') => Seat(0),
        Some('b') => Seat(1),
        _ => return Err(bad("a stack, which starts with its owner, `w` or `b`")),
    };
    let base = match chars.next() {
        Some('d') => Base::Drone,
        Some('q') => Base::Queen,
        _ => {
            return Err(bad(
                "a stack, whose owner is followed by its base, `d` or `q`",
            ));
        }
    };
    let rest = chars.as_str();
    let pieces = Pieces::from_letters(rest)
        .ok_or_else(|| bad("a stack: its owner, its base, then a list of pieces (P D Q p d q)"))?;
    let mut seen_skill = false;
    for c in rest.chars() {
        let movement = c.is_ascii_uppercase();
        if movement && seen_skill {
            return Err(bad(
                "a stack: its movement pieces (P D Q) stand below its skill pieces (p d q)",
            ));
        }
        seen_skill |= !movement;
    }
    Ok(SetupStack {
        square: sq,
        owner,
        base,
        pieces,
    })
}

pub(crate) fn parse_board(text: &str) -> Result<Vec<SetupStack>, PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 7 {
        return Err(PositionError::rank_count("board", 7..=7, rows.len()));
    }
    let mut stacks = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let rank = 6 - r as u8;
        let mut file = 0u8;
        for item in row.split(',') {
            if let Some(first) = item.chars().next()
                && first.is_ascii_digit()
            {
                let n: u8 = match item.parse() {
                    Ok(n) if (1..=7).contains(&n) => n,
                    _ => {
                        return Err(PositionError::unknown_piece(
                            "board",
                            usize::from(rank) + 1,
                            item,
                            "a count of empty squares 1-7",
                        ));
                    }
                };
                file = file.saturating_add(n);
            } else {
                if file >= 7 {
                    let rank = usize::from(rank) + 1;
                    return Err(PositionError::rank_width("board", rank, 7, None));
                }
                stacks.push(parse_stack(item, Square::new(file, rank))?);
                file += 1;
            }
        }
        if file != 7 {
            let (rank, file) = (usize::from(rank) + 1, usize::from(file));
            return Err(PositionError::rank_width("board", rank, 7, Some(file)));
        }
    }
    Ok(stacks)
}

fn parse_pieces(field: &'static str, text: &str) -> Result<Pieces, PositionError> {
    if text == "-" {
        return Ok(Pieces::EMPTY);
    }
    Pieces::from_letters(text).ok_or_else(|| {
        PositionError::unreadable(field, text, "a list of pieces (P D Q p d q) or `-`")
    })
}

fn parse_square_or_none(field: &'static str, text: &str) -> Result<Option<Square>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    GRID.parse_square(text)
        .map(Some)
        .map_err(|e| PositionError::square(field, e))
}

fn parse_pair(
    field: &'static str,
    text: &str,
) -> Result<([Option<Square>; 2], [bool; 2]), PositionError> {
    let Some((w, b)) = text.split_once(',') else {
        return Err(PositionError::unreadable(
            field,
            text,
            "two comma-separated entries (White,Black)",
        ));
    };
    let mut squares = [None; 2];
    let mut marks = [false; 2];
    for (i, part) in [w, b].into_iter().enumerate() {
        let (part, mark) = match part.strip_suffix('!') {
            Some(p) if field == "thieves" => (p, true),
            _ => (part, false),
        };
        squares[i] = parse_square_or_none(field, part)?;
        marks[i] = mark;
    }
    Ok((squares, marks))
}

/// The decision field: the decision, the held pieces, `+raid`, and the square after `@`.
type DecisionField = (Decision, Pieces, bool, Option<Square>);

fn parse_decision(text: &str) -> Result<DecisionField, PositionError> {
    let (rest, lander) = match text.rsplit_once('@') {
        Some((rest, sq)) => (
            rest,
            Some(
                GRID.parse_square(sq)
                    .map_err(|e| PositionError::square("decision", e))?,
            ),
        ),
        None => (text, None),
    };
    let (core, raid_due) = match rest.strip_suffix("+raid") {
        Some(c) => (c, true),
        None => (rest, false),
    };
    let simple = match core {
        "setup-hide" => Some(Decision::SetupHide),
        "place" => Some(Decision::Place),
        "main" => Some(Decision::Main),
        "hide" => Some(Decision::VictimHide),
        "raid" => Some(Decision::Raid),
        "rehide" => Some(Decision::Rehide),
        "trade" => Some(Decision::Trade),
        "over" => Some(Decision::Over),
        _ => None,
    };
    if let Some(d) = simple {
        return Ok((d, Pieces::EMPTY, raid_due, lander));
    }
    let (decision, held) = if let Some(h) = core.strip_prefix("steal?:") {
        (Decision::OptionalSteal, h)
    } else if let Some(h) = core.strip_prefix("steal:") {
        (Decision::Steal, h)
    } else {
        return Err(PositionError::unreadable(
            "decision",
            text,
            "setup-hide, place, main, steal:HELD, steal?:HELD, hide, raid, rehide, trade or over",
        ));
    };
    // An optional steal after capturing a stack without pieces holds nothing: `-`.
    let held = if held == "-" && decision == Decision::OptionalSteal {
        Some(Pieces::EMPTY)
    } else {
        Pieces::from_letters(held).filter(|p| !p.is_empty())
    }
    .ok_or_else(|| PositionError::unreadable("decision", held, "the list of held pieces"))?;
    Ok((decision, held, raid_due, lander))
}

impl Notation for Stacktrices {
    type PositionError = PositionError;

    /// Reads the position string (see the module docs) under `rules`.
    fn from_position(text: &str, rules: &Rules) -> Result<Stacktrices, PositionError> {
        let [board, store, thieves, bars, decision, seat, plies] = split_fields(text, &FIELDS)?;
        let stacks = parse_board(board)?;
        let store = parse_pieces("store", store)?;
        let (thieves, exposed) = parse_pair("thieves", thieves)?;
        let (bars, _) = parse_pair("bars", bars)?;
        let (decision, held, raid_due, lander) = parse_decision(decision)?;
        let turn = match seat {
            "0" => Seat(0),
            "1" => Seat(1),
            _ => {
                return Err(PositionError::unreadable(
                    "seat",
                    seat,
                    "0 (White) or 1 (Black)",
                ));
            }
        };
        let plies: u32 = parse_number("plies", plies)?;
        Stacktrices::try_from(Setup {
            rules: rules.clone(),
            stacks,
            store,
            held,
            thieves,
            bars,
            exposed,
            decision,
            raid_due,
            lander,
            turn,
            plies,
        })
    }

    /// Writes the position string (see the module docs): the whole state, both thieves
    /// included.
    fn position(&self) -> String {
        let mut board = String::new();
        for rank in (0..7u8).rev() {
            let mut items: Vec<String> = Vec::new();
            let mut empty = 0;
            for file in 0..7u8 {
                match self.board[usize::from(index(Square::new(file, rank)))] {
                    Some(st) => {
                        if empty > 0 {
                            items.push(empty.to_string());
                            empty = 0;
                        }
                        items.push(st.token());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                items.push(empty.to_string());
            }
            board.push_str(&items.join(","));
            if rank > 0 {
                board.push('/');
            }
        }
        let sq =
            |s: Option<u8>| s.map_or("-".to_owned(), |i| crate::geometry::square(i).to_string());
        let store = if self.store.is_empty() {
            "-".to_owned()
        } else {
            self.store.letters()
        };
        let thief = |i: usize| {
            format!(
                "{}{}",
                sq(self.thief[i]),
                if self.exposed[i] { "!" } else { "" }
            )
        };
        let decision = match self.decision {
            Decision::SetupHide => "setup-hide".to_owned(),
            Decision::Place => "place".to_owned(),
            Decision::Main => "main".to_owned(),
            Decision::Steal => format!("steal:{}", self.held.letters()),
            Decision::OptionalSteal if self.held.is_empty() => "steal?:-".to_owned(),
            Decision::OptionalSteal => format!("steal?:{}", self.held.letters()),
            Decision::VictimHide => "hide".to_owned(),
            Decision::Raid => "raid".to_owned(),
            Decision::Rehide => "rehide".to_owned(),
            Decision::Trade => "trade".to_owned(),
            Decision::Over => "over".to_owned(),
        };
        let raid = if self.raid_due { "+raid" } else { "" };
        let lander = self.lander.map_or(String::new(), |l| {
            format!("@{}", crate::geometry::square(l))
        });
        format!(
            "{board} {store} {},{} {},{} {decision}{raid}{lander} {} {}",
            thief(0),
            thief(1),
            sq(self.bar[0]),
            sq(self.bar[1]),
            self.turn,
            self.plies
        )
    }
}
