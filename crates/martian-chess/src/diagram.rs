//! The board drawn as text for a terminal.

use std::fmt::Write;

use pyramid_core::{Diagram, Game, Notation, Seat, Square};

use crate::MartianChess;

impl Diagram for MartianChess {
    /// Ranks from the top with their numbers, file letters below, canals drawn between
    /// the zones, each rank labelled with the seat(s) whose zone it holds; then whose turn
    /// it is (or the result), the scores, and the position string. Nothing is hidden, so
    /// every viewer sees the same.
    fn diagram(&self, _viewer: Option<Seat>) -> String {
        let mut out = self.board_text();
        out.push_str(
            "legend: P pawn (1 pip), D drone (2), Q queen (3); a piece belongs to the seat \
             whose zone it stands in\n",
        );
        self.write_status(&mut out);
        let _ = writeln!(out, "position: {}", self.position());
        out
    }
}

impl MartianChess {
    /// The board of [`Diagram::diagram`]: file letters, the ranks from the top with the
    /// canals and the seats of their zones, file letters again.
    fn board_text(&self) -> String {
        let grid = self.grid();
        let four = self.rules.seat_count() == 4;
        let mut out = String::new();
        let files: String = (0..grid.width())
            .map(|f| {
                let letter = (b'a' + f) as char;
                if four && f == 4 {
                    format!("| {letter} ")
                } else {
                    format!("{letter} ")
                }
            })
            .collect();
        let files = format!("    {}\n", files.trim_end());
        out.push_str(&files);
        for rank in (0..grid.height()).rev() {
            if rank == 3 {
                let width = grid.width() as usize * 2 - 1 + if four { 2 } else { 0 };
                let _ = writeln!(out, "    {}  canal", "~".repeat(width));
            }
            let _ = write!(out, "{:>2}  ", rank + 1);
            for file in 0..grid.width() {
                if four && file == 4 {
                    out.push_str("| ");
                }
                let sq = Square::new(file, rank);
                out.push(self.piece_at(sq).map_or('.', |s| s.letter()));
                out.push(' ');
            }
            let left = self.zone_of(Square::new(0, rank)).map_or(0, |s| s.0);
            let right = self
                .zone_of(Square::new(grid.width() - 1, rank))
                .map_or(0, |s| s.0);
            if four {
                let _ = writeln!(out, " {:>2}  seats {left} | {right}", rank + 1);
            } else {
                let _ = writeln!(out, " {:>2}  seat {left}", rank + 1);
            }
        }
        out.push_str(&files);
        out
    }

    /// The lines of [`Diagram::diagram`] after the board: whose turn it is (or the
    /// result), the scores, the target and the clock where those options are on.
    fn write_status(&self, out: &mut String) {
        match self.outcome() {
            Some(outcome) => {
                let _ = writeln!(
                    out,
                    "game over: {outcome} (final move by seat {})",
                    self.final_mover()
                );
            }
            None => {
                let _ = writeln!(out, "seat {} to move", self.to_move);
            }
        }
        let scores: Vec<String> = Seat::all(self.seats())
            .map(|s| format!("seat {s}: {}", self.score(s)))
            .collect();
        let _ = writeln!(out, "scores: {}", scores.join(", "));
        if let Some(target) = self.rules.target() {
            let _ = writeln!(out, "target: {target} (reaching it wins)");
        }
        if self.rules.clock() {
            let quiet = self.plies_without_capture();
            let _ = match self.clock_countdown() {
                Some(left) => writeln!(
                    out,
                    "clock: called; {left} plies without a capture left ({quiet} without one so far)"
                ),
                None if self.may_call_clock() => writeln!(
                    out,
                    "clock: {quiet} plies without a capture: it may be called (`*` after a move)"
                ),
                None => writeln!(
                    out,
                    "clock: {quiet} plies without a capture (it may be called after 7)"
                ),
            };
        }
    }
}
