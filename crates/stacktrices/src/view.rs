//! What one seat sees: everything except where the other side's vulnerability hides
//! ([`StacktricesView`], [`Information`]), and the view's one-line text form.
//!
//! # View string
//!
//! The position string with the other side's thief masked, then the viewing seat.
//!
//! Eight space-separated fields: the seven fields of the position string, except that the
//! other side's entry in `thieves` is `?` while its thief hides under one of its drone-base
//! stacks (any of them, as far as the viewer knows), its square when the viewer knows it
//! (exposed in Variant 1, or just shown by a steal or a raid), or `-` when it has none;
//! then `viewer`, the viewing seat (0 White, 1 Black).
//!
//! White's view of the standard arrangement:
//! `bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq a1,? -,- main 0 0 0`

use pyramid_core::bits::bits;
use pyramid_core::notation::split_fields;
use pyramid_core::rand::Rng;
use pyramid_core::{Game, Information, Notation, Seat, Square};

use crate::action::Action;
use crate::geometry::{Base, Stack, square};
use crate::notation::parse_board;
use crate::piece::Pieces;
use crate::rules::Rules;
use crate::setup::PositionError;
use crate::state::{Decision, Stacktrices};

/// One seat's view of a state: the board, the store, its own thief, and for the other
/// side only the list of drone stacks that could be its thief.
///
/// ```
/// use pyramid_core::prelude::*;
/// use pyramid_core::{Seat, ChaCha8Rng, rand::SeedableRng};
/// use stacktrices::{Stacktrices, Rules, Start};
/// let game = Stacktrices::new(&Rules::default().with_start(Start::Standard));
/// let view = game.view(Seat(0));
/// assert_eq!(view.thief(), game.thief(Seat(0)));
/// assert_eq!(view.candidates().len(), 4);
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// let sample = Stacktrices::sample_from_view(&view, &mut rng);
/// assert!(view.candidates().contains(&sample.thief(Seat(1)).expect("Black has a thief")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StacktricesView {
    pub(crate) seat: u8,
    /// The state with the other side's thief (and its bar status) erased.
    pub(crate) state: Stacktrices,
    /// The other side's drone stacks that could be its thief.
    pub(crate) candidates: u64,
}

impl StacktricesView {
    pub(crate) fn new(full: &Stacktrices, seat: Seat) -> StacktricesView {
        let me = seat.0 & 1;
        let other = usize::from(me ^ 1);
        let mut state = full.clone();
        // The other side's thief is known while exposed (Variant 1) and during its re-hide
        // after a raid (the raid showed the raider). A pending raid or optional steal
        // shows nothing: they arise for every drone-base stack.
        let known =
            full.exposed[other] || (full.turn == me ^ 1 && full.decision == Decision::Rehide);
        let candidates = match full.thief[other] {
            None => 0,
            Some(t) if known => 1 << t,
            Some(_) => full.drones(me ^ 1),
        };
        state.thief[other] = None;
        StacktricesView {
            seat: me,
            state,
            candidates,
        }
    }

    /// The viewing seat.
    pub fn seat(&self) -> Seat {
        Seat(self.seat)
    }

    /// The viewer's own thief.
    pub fn thief(&self) -> Option<Square> {
        self.state.thief(Seat(self.seat))
    }

    /// The other side's drone stacks that could be its thief, in ascending square order
    /// (one when it is exposed or has just shown itself by stealing or raiding; empty when
    /// it has no thief or is about to hide it).
    pub fn candidates(&self) -> Vec<Square> {
        bits(self.candidates).map(square).collect()
    }

    /// The stack on `sq`.
    pub fn stack(&self, sq: Square) -> Option<Stack> {
        self.state.stack(sq)
    }

    /// Every stack with its square.
    pub fn stacks(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        self.state.stacks()
    }

    /// The store.
    pub fn store(&self) -> Pieces {
        self.state.store
    }

    /// The pending decision.
    pub fn decision(&self) -> Decision {
        self.state.decision
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> Seat {
        Seat(self.state.turn)
    }

    /// Decision points played.
    pub fn plies(&self) -> u32 {
        self.state.plies
    }

    /// A full state consistent with this view, the other side's thief drawn uniformly
    /// among the candidates ([`Information::sample_from_view`]).
    pub(crate) fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Stacktrices {
        let mut state = self.state.clone();
        let n = self.candidates.count_ones();
        if n > 0 {
            let pick = rng.random_range(0..n) as usize;
            state.thief[usize::from(self.seat ^ 1)] = bits(self.candidates).nth(pick);
        }
        state
    }

    /// The board as the viewer sees it.
    pub(crate) fn diagram(&self) -> String {
        crate::diagram::draw(&self.state, Some(self.seat), self.candidates)
    }
}

const FIELDS: [&str; 8] = [
    "board", "store", "thieves", "bars", "decision", "seat", "plies", "viewer",
];

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
    /// use pyramid_core::prelude::*;
    /// use pyramid_core::{Seat};
    /// use stacktrices::{Stacktrices, Rules, StacktricesView, Start};
    /// let rules = Rules::default().with_start(Start::Standard);
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
            thief_token(
                pyramid_core::Bitboard(self.candidates).first(),
                state.exposed[other],
            )
        };
        let position = state.position();
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
    pub fn from_view_string(text: &str, rules: &Rules) -> Result<StacktricesView, PositionError> {
        let fields = split_fields(text, &FIELDS)?;
        let viewer = read_viewer(fields[7])?;
        let me = usize::from(viewer.0);
        let Some((white, black)) = fields[2].split_once(',') else {
            return Err(PositionError::unreadable(
                "thieves",
                fields[2],
                "two comma-separated entries (White,Black)",
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
            Stacktrices::from_position(&position.join(" "), rules)
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
                        PositionError::rule(
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
            PositionError::invariant(
                "thieves",
                "`?`",
                "is written, but the other side has no drone-base stack to hide a thief under",
            )
        }))
    }
}

/// Reads the `viewer` field of a view string: `0` (White) or `1` (Black).
fn read_viewer(text: &str) -> Result<Seat, PositionError> {
    match text {
        "0" => Ok(Seat(0)),
        "1" => Ok(Seat(1)),
        other => Err(PositionError::unreadable(
            "viewer",
            other,
            "0 (White) or 1 (Black)",
        )),
    }
}

/// A thief entry: its square (`-` for none) and `!` when exposed.
fn thief_token(square_index: Option<u32>, exposed: bool) -> String {
    let sq = square_index
        .and_then(|i| u8::try_from(i).ok())
        .map_or("-".to_owned(), |i| square(i).to_string());
    format!("{sq}{}", if exposed { "!" } else { "" })
}

impl Information for Stacktrices {
    type View = StacktricesView;

    fn view(&self, seat: Seat) -> StacktricesView {
        StacktricesView::new(self, seat)
    }

    fn write_view(view: &StacktricesView) -> String {
        view.to_view_string()
    }

    fn read_view(text: &str, rules: &Rules) -> Result<StacktricesView, PositionError> {
        StacktricesView::from_view_string(text, rules)
    }

    /// The other side's `hide=` actions (where a vulnerability hides) are shown as `hide=?`.
    fn action_view(&self, action: Action, observer: Seat) -> String {
        match action {
            Action::Hide(_) if self.to_act() != Some(observer) => "hide=?".to_owned(),
            _ => action.to_string(),
        }
    }

    fn sample_from_view<R: Rng + ?Sized>(view: &StacktricesView, rng: &mut R) -> Self {
        view.sample(rng)
    }
}
