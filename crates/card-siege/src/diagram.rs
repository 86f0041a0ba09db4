//! The board drawn for a terminal: [`Diagram`].

use std::fmt::Write;

use pyramid_core::{Diagram, Game, Notation, Outcome, Seat};

use crate::card::{Card, Suit};
use crate::geometry::WIDTH;
use crate::state::{CardSiege, GONE, Phase};

impl Diagram for CardSiege {
    /// The three ranks with the siege stack starred, the siege, whose turn it is, the
    /// cards left, the opening turns left, a legend and the position string. Nothing is
    /// hidden: every viewer sees the same.
    fn diagram(&self, _viewer: Option<Seat>) -> String {
        let mut out = String::new();
        let files: String = (0..WIDTH)
            .map(|f| format!(" {:<3}", (b'a' + f as u8) as char))
            .collect();
        let _ = writeln!(out, "  {}", files.trim_end());
        for rank in (0..3).rev() {
            let mut line = format!("{} ", rank + 1);
            for file in 0..WIDTH {
                let i = rank * WIDTH + file;
                let code = self.board[i];
                let cell = if code == 0 {
                    " .".to_owned()
                } else if i == usize::from(self.siege) {
                    format!("*{}", Card::from_code(code))
                } else {
                    format!(" {}", Card::from_code(code))
                };
                let _ = write!(line, "{cell:<4}");
            }
            let label = match rank {
                0 => "  Hearts' home row",
                1 => "  neutral row",
                _ => "  Spades' home row",
            };
            let _ = writeln!(out, "{}{label}", line.trim_end());
        }
        if let Some(sq) = self.siege() {
            let king = Suit::from_index(self.king_under_siege());
            let top = Card::from_code(self.board[usize::from(self.siege)]);
            let _ = writeln!(out, "siege on {sq}: the King of {king} under {top}");
        }
        let mover = Suit::from_index(usize::from(self.to_move));
        let status = match self.outcome() {
            Some(Outcome::Win(w)) => format!("game over: {} wins", Suit::of_seat(w)),
            Some(Outcome::Draw) => "game over: draw (ply limit)".to_owned(),
            None => match self.phase {
                Phase::Normal => format!("{mover} (seat {}) to move", self.to_move),
                Phase::Siege => format!("{mover} (seat {}) must answer the siege", self.to_move),
                Phase::Evacuate => format!(
                    "{mover} (seat {}) has won the stack: its King evacuates",
                    self.to_move
                ),
            },
        };
        let _ = writeln!(out, "{status}; ply {}", self.plies);
        let _ = writeln!(
            out,
            "cards: hearts {}, spades {}; opening turns left: hearts {}, spades {}",
            self.places[0][..13].iter().filter(|&&s| s != GONE).count(),
            self.places[1][..13].iter().filter(|&&s| s != GONE).count(),
            self.opening[0],
            self.opening[1]
        );
        let _ = writeln!(
            out,
            "legend: rank A 2-9 T(10) J Q K, suit h(earts)/s(pades); (Kh9s) a siege stack: \
             the King underneath, the card on top"
        );
        let _ = writeln!(out, "position: {}", self.position());
        out
    }
}
