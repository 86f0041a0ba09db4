//! The board drawn for a terminal: [`Diagram`].

use std::fmt::Write as _;

use pyramid_core::{Diagram, Game, Notation, RuleSet, Seat};

use crate::state::{AtaxxIce, NOBODY, ONGOING, size_letter, size_name};

impl Diagram for AtaxxIce {
    /// The board with rank numbers and file letters (`S0`: a small of seat 0, `.`: an
    /// empty square), each seat's stash, whose turn it is and the position string. Nothing
    /// is hidden: every viewer sees the same.
    fn diagram(&self, _viewer: Option<Seat>) -> String {
        let n = self.board_size();
        let mut out = String::new();
        for rank in (0..n).rev() {
            let _ = write!(out, "{:>2} ", rank + 1);
            for file in 0..n {
                match self.piece_on_bit(rank * 8 + file) {
                    Some((seat, size)) => {
                        let _ = write!(out, " {}{}", size_letter(size), seat);
                    }
                    None => out.push_str("  ."),
                }
            }
            out.push('\n');
        }
        out.push_str("   ");
        for file in 0..n {
            let _ = write!(out, "  {}", (b'a' + file) as char);
        }
        out.push('\n');
        out.push_str(
            "legend: S/M/L small, medium, large pyramid, then its seat's number (S0 = a small \
             pyramid of seat 0)\n",
        );
        for seat in 0..self.rules.seats() {
            let stash: Vec<String> = (0..3)
                .map(|s| format!("{} {}", self.stash_of(seat, s), size_name(s)))
                .collect();
            let state = if self.pieces[seat].iter().all(|&b| b == 0) {
                ", eliminated"
            } else {
                ""
            };
            let _ = writeln!(out, "seat {seat} stash: {}{state}", stash.join(", "));
        }
        match self.outcome() {
            Some(outcome) => {
                let _ = writeln!(out, "game over after {} plies: {outcome}", self.plies);
            }
            None => {
                let _ = writeln!(out, "seat {} to move (ply {})", self.to_move, self.plies);
            }
        }
        let _ = writeln!(out, "position: {}", self.position());
        debug_assert!(self.to_move != NOBODY || self.result != ONGOING);
        out
    }
}
