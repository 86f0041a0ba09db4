//! The one-line text form of a [`StacktricesView`]: the position string with the other
//! side's thief masked, then the viewing seat.
//!
//! Eight space-separated fields: the seven fields of the position string, except that the
//! other side's entry in `thieves` is `?` while its thief hides under one of its drone-base
//! stacks (any of them, as far as the viewer knows), its square when the viewer knows it
//! (exposed in Variant 1, or just shown by a steal or a raid), or `-` when it has none;
//! then `viewer`, the viewing seat (0 White, 1 Black).
//!
//! White's view of the standard arrangement:
//! `bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq a1,? -,- main 0 0 0`

use pyramid_core::Seat;
use pyramid_core::notation::split_fields;

use crate::board::{Base, square};
use crate::position::parse_board;
use crate::rules::StacktricesRules;
use crate::setup::PositionError;
use crate::state::Stacktrices;
use crate::view::StacktricesView;

const FIELDS: [&str; 8] = [
    "board", "store", "thieves", "bars", "decision", "seat", "plies", "viewer",
];

fn err(field: &'static str, problem: impl Into<String>) -> PositionError {
    PositionError::Field {
        field,
        problem: problem.into(),
    }
}

/// What the viewer knows of the other side's thief.
enum Hidden<'a> {
    /// It has no thief.
    None,
    /// It hides under one of its drone-base stacks.
    Any,
    /// Its square is known (the text as written, with an optional `!`).
    Known(&'a str),
}

impl StacktricesView {
    /// The view as one line (see the module docs); [`StacktricesView::from_view_string`]
    /// reads it back to an equal view.
    ///
    /// ```
    /// use pyramid_core::{Game, Seat};
    /// use stacktrices::{Stacktrices, StacktricesRules, StacktricesView};
    /// let rules = StacktricesRules::standard();
    /// let game = Stacktrices::new(&rules);
    /// let text = game.view(Seat(0)).to_view_string();
    /// assert!(text.contains(" a1,? "));
    /// assert_eq!(StacktricesView::from_view_string(&text, &rules), Ok(game.view(Seat(0))));
    /// ```
    pub fn to_view_string(&self) -> String {
        let me = usize::from(self.seat);
        let other = me ^ 1;
        let state = &self.state;
        let own = thief_token(state.thief[me].map(u32::from), state.exposed[me]);
        let hidden = if self.candidates == 0 {
            "-".to_owned()
        } else if self.candidates.count_ones() > 1 {
            "?".to_owned()
        } else {
            thief_token(Some(self.candidates.trailing_zeros()), state.exposed[other])
        };
        let position = state.write_position();
        let fields: Vec<&str> = position.split(' ').collect();
        let thieves = if me == 0 {
            format!("{own},{hidden}")
        } else {
            format!("{hidden},{own}")
        };
        let mut out = String::with_capacity(position.len() + 8);
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(if i == 2 { &thieves } else { field });
        }
        out.push(' ');
        out.push_str(&self.seat.to_string());
        out
    }

    /// Reads a view string; the rule options come from `rules`. A view is refused, naming
    /// the field, when it cannot be read or when no valid state is consistent with it.
    pub fn from_view_string(
        text: &str,
        rules: &StacktricesRules,
    ) -> Result<StacktricesView, PositionError> {
        let fields = split_fields(text, &FIELDS)?;
        let viewer = match fields[7] {
            "0" => Seat(0),
            "1" => Seat(1),
            other => {
                return Err(err(
                    "viewer",
                    format!("`{other}` is not 0 (White) or 1 (Black)"),
                ));
            }
        };
        let me = usize::from(viewer.0);
        let Some((white, black)) = fields[2].split_once(',') else {
            return Err(err(
                "thieves",
                format!(
                    "`{}` is not two comma-separated entries (White,Black)",
                    fields[2]
                ),
            ));
        };
        let (own, hidden) = if me == 0 {
            (white, black)
        } else {
            (black, white)
        };
        let hidden = match hidden {
            "-" => Hidden::None,
            "?" => Hidden::Any,
            known => Hidden::Known(known),
        };
        // Every full state consistent with the text: one per square the hidden thief may
        // stand on (or none). The view is valid when one of them is a valid state whose
        // view, seen by `viewer`, is written as `text`.
        let with_thief = |other_thief: &str| {
            let thieves = if me == 0 {
                format!("{own},{other_thief}")
            } else {
                format!("{other_thief},{own}")
            };
            let mut position = fields[..7].to_vec();
            position[2] = &thieves;
            Stacktrices::read_position(&position.join(" "), rules)
        };
        let mut first_error = None;
        let tries: Vec<String> = match hidden {
            Hidden::None => vec!["-".to_owned()],
            Hidden::Known(sq) => vec![sq.to_owned()],
            // The other side's drone-base stacks, read from the board field.
            Hidden::Any => parse_board(fields[0])?
                .into_iter()
                .filter(|s| usize::from(s.owner.0) != me && s.base == Base::Drone)
                .map(|s| s.square.to_string())
                .collect(),
        };
        for attempt in &tries {
            match with_thief(attempt) {
                Ok(full) => {
                    let view = StacktricesView::new(&full, viewer);
                    let written = match hidden {
                        Hidden::None => 0,
                        Hidden::Any => full.drones(viewer.0 ^ 1),
                        Hidden::Known(_) => full.thief[me ^ 1].map_or(0, |t| 1 << t),
                    };
                    if view.candidates == written {
                        return Ok(view);
                    }
                    first_error.get_or_insert_with(|| {
                        err(
                            "thieves",
                            "the other side's thief is written as the viewer could not see it \
                             (`?` while it hides, its square once shown, `-` when it has none)",
                        )
                    });
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.unwrap_or_else(|| {
            err(
                "thieves",
                "`?` but the other side has no drone-base stack to hide a thief under",
            )
        }))
    }
}

/// A thief entry: its square (`-` for none) and `!` when exposed.
fn thief_token(square_index: Option<u32>, exposed: bool) -> String {
    let sq = square_index
        .and_then(|i| u8::try_from(i).ok())
        .map_or("-".to_owned(), |i| square(i).to_string());
    format!("{sq}{}", if exposed { "!" } else { "" })
}
