//! What one seat sees: everything except where the other side's vulnerability hides.

use std::fmt::Write as _;

use pyramid_core::rand::Rng;
use pyramid_core::{Seat, Square};

use crate::board::{Stack, bits, square};
use crate::piece::Pieces;
use crate::state::{Decision, Stacktrices};

/// One seat's view of a state: the board, the store, its own thief, and for the other
/// side only the list of drone stacks that could be its thief.
///
/// ```
/// use pyramid_core::{Game, Seat, ChaCha8Rng, rand::SeedableRng};
/// use stacktrices::{Stacktrices, StacktricesRules};
/// let game = Stacktrices::new(&StacktricesRules::standard());
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
    /// among the candidates.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Stacktrices {
        let mut state = self.state.clone();
        let n = self.candidates.count_ones();
        if n > 0 {
            let pick = rng.random_range(0..n) as usize;
            state.thief[usize::from(self.seat ^ 1)] = bits(self.candidates).nth(pick);
        }
        state
    }

    /// The board as the viewer sees it.
    pub fn diagram(&self) -> String {
        draw(&self.state, Some(self.seat), self.candidates)
    }
}

/// Draws `state` for `viewer` (`None`: everything, both thieves marked).
pub(crate) fn draw(state: &Stacktrices, viewer: Option<u8>, candidates: u64) -> String {
    let mut out = String::new();
    let thief_of = |side: usize| match viewer {
        Some(v) if usize::from(v) != side => None,
        _ => state.thief[side],
    };
    let cell_of = |i: u8| match state.board[usize::from(i)] {
        None => ".".to_owned(),
        Some(st) => {
            let side = usize::from(st.owner);
            let mark = if thief_of(side) == Some(i) {
                "*"
            } else if candidates >> i & 1 == 1 {
                "?"
            } else {
                ""
            };
            let owner = if st.owner == 0 { 'W' } else { 'B' };
            let base = if st.base == crate::Base::Drone {
                'd'
            } else {
                'q'
            };
            format!("{owner}{base}{}{mark}", st.pieces.letters())
        }
    };
    // Columns as wide as the longest stack, so long stacks never run together.
    let width = (0..49u8)
        .map(|i| cell_of(i).len())
        .max()
        .unwrap_or(1)
        .max(2);
    for rank in (0..7u8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..7u8 {
            let _ = write!(out, " {:<width$}", cell_of(rank * 7 + file));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("  ");
    for file in "abcdefg".chars() {
        let _ = write!(out, " {file:<width$}");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out.push_str(
        "legend: W/B owner, d/q drone or queen base, then its pieces: P D Q movement \
         (small, medium, large), p d q skills; * thief, ? could be the thief\n",
    );
    if matches!(state.decision, Decision::SetupHide | Decision::Place) {
        for side in 0..2u8 {
            let name = if side == 0 { "White" } else { "Black" };
            let hand = state.hand(pyramid_core::Seat(side));
            let hand = if hand.is_empty() {
                "-".to_owned()
            } else {
                hand.letters()
            };
            let _ = writeln!(out, "{name} still to place: {hand}");
        }
    }
    let store = if state.store.is_empty() {
        "-".to_owned()
    } else {
        state.store.letters()
    };
    let _ = writeln!(out, "store: {store}");
    for side in 0..2usize {
        let name = if side == 0 { "White" } else { "Black" };
        let thief = match (viewer, state.thief[side]) {
            (Some(v), _) if usize::from(v) != side => {
                let c: Vec<String> = bits(candidates).map(|i| square(i).to_string()).collect();
                if c.is_empty() {
                    "hidden".to_owned()
                } else {
                    format!("hidden, one of {}", c.join(" "))
                }
            }
            (_, Some(t)) => square(t).to_string(),
            (_, None) => "none".to_owned(),
        };
        let exposed = if state.exposed[side] {
            " (exposed)"
        } else {
            ""
        };
        let bar = state.bar[side]
            .map(|b| format!(", last raider {}", square(b)))
            .unwrap_or_default();
        let _ = writeln!(out, "{name} thief: {thief}{exposed}{bar}");
    }
    match state
        .over
        .map(Some)
        .unwrap_or_else(|| state.limit_reached().then_some(pyramid_core::Outcome::Draw))
    {
        Some(outcome) => {
            let _ = writeln!(out, "game over: {outcome}");
        }
        None => {
            let who = if state.actor() == 0 { "White" } else { "Black" };
            let _ = writeln!(
                out,
                "{who} to act: {} (ply {})",
                state.decision, state.plies
            );
        }
    }
    if viewer.is_none() {
        let _ = writeln!(out, "{}", state.write_position());
    }
    out
}
