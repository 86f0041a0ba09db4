//! The board as an SVG picture: [`Svg`].

use pyramid_core::svg::{Meaning, SvgBoard, status, turns_towards};
use pyramid_core::{Game, Seat, Svg};

use crate::card::{Card, Rank, Suit};
use crate::geometry::{GRID, attacked_squares};
use crate::state::CardSiege;

/// A card's face: its name as people read it ([`Card::face_name`]), and the ink to
/// write it in.
fn face(card: Card) -> (String, &'static str) {
    let ink = match card.suit {
        Suit::Hearts => "#c0392b",
        Suit::Spades => "#1b1b1b",
    };
    (card.face_name(), ink)
}

impl Svg for CardSiege {
    /// The 15x3 board (the home rows tinted), each card face up with its rank and suit
    /// and the squares it attacks (`data-attacks`; a King under a siege attacks none); a
    /// siege stack shows the King underneath and the card on top, outlined; then whose
    /// turn it is and the phase. Nothing is hidden.
    fn svg_from(&self, _viewer: Option<Seat>, side: Option<Seat>) -> String {
        // From `side`'s side: its home row (Hearts rank 1, Spades rank 3) at the bottom.
        let home_rank = if side == Some(Seat(1)) { 2 } else { 0 };
        let home = GRID.squares().filter(|sq| sq.rank() == home_rank);
        let mut board = SvgBoard::new(GRID, Self::NAME).turned(turns_towards(GRID, home));
        board.squares(|sq| match sq.rank() {
            0 => "#f6dede".to_owned(),
            2 => "#dedede".to_owned(),
            _ => "#eef3e8".to_owned(),
        });
        let siege = self.siege();
        for sq in GRID.squares() {
            let Some(top) = self.card_at(sq) else {
                continue;
            };
            let owner = |card: Card| Seat(card.suit as u8);
            let meaning = |card: Card, text: &str| Meaning::name(text).owned_by(owner(card));
            if siege == Some(sq) {
                let king = Card::new(Suit::from_index(self.king_under_siege()), Rank::KING);
                let (text, ink) = face(king);
                board.card_meaning(sq, &text, ink, (-4, -4), &meaning(king, &text));
                let (text, ink) = face(top);
                let attacks = attacked_squares(top, sq);
                board.card_meaning(
                    sq,
                    &text,
                    ink,
                    (4, 4),
                    &meaning(top, &text).attacking(attacks),
                );
                board.outline(sq, "#e67e22");
                board.legend(
                    "#e67e22",
                    "a siege: the card on top has captured the King under it",
                );
            } else {
                let (text, ink) = face(top);
                let attacks = attacked_squares(top, sq);
                board.card_meaning(
                    sq,
                    &text,
                    ink,
                    (0, 0),
                    &meaning(top, &text).attacking(attacks),
                );
            }
        }
        board.aside(&status(self));
        if !self.is_over() {
            board.caption(&format!(
                "{} to act ({:?}); opening turns left: hearts {}, spades {}",
                self.suit_to_move(),
                self.phase(),
                self.opening_turns_left(Suit::Hearts),
                self.opening_turns_left(Suit::Spades)
            ));
        }
        board.finish()
    }
}
