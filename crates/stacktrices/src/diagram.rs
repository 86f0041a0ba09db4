//! The board drawn for a terminal: [`Diagram`], for everyone or for one seat's view.

use std::fmt::Write as _;

use pyramid_core::bits::bits;
use pyramid_core::{Diagram, Information, Notation, Seat};

use crate::geometry::square;
use crate::state::{Decision, Stacktrices};

impl Diagram for Stacktrices {
    /// With no viewer: everything, both thieves marked `*`. For a seat: only what it
    /// sees, the other side's possible thieves marked `?`.
    fn diagram(&self, viewer: Option<Seat>) -> String {
        match viewer {
            None => draw(self, None, 0),
            Some(seat) => self.view(seat).diagram(),
        }
    }
}

/// Draws `state` for `viewer` (`None`: everything, both thieves marked).
pub(crate) fn draw(state: &Stacktrices, viewer: Option<u8>, candidates: u64) -> String {
    let mut out = String::new();
    draw_board(&mut out, state, viewer, candidates);
    draw_status(&mut out, state, viewer, candidates);
    out
}

/// The board with its file letters and the legend.
fn draw_board(out: &mut String, state: &Stacktrices, viewer: Option<u8>, candidates: u64) {
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
}

/// The hands (during setup), the store, the thieves and who is to act.
fn draw_status(out: &mut String, state: &Stacktrices, viewer: Option<u8>, candidates: u64) {
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
        let _ = writeln!(out, "{}", state.position());
    }
}
