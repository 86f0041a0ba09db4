//! The board as an SVG picture: [`Svg`].

use pyramid_core::svg::{Meaning, SEAT_COLOURS, SvgBoard, status, turns_towards};
use pyramid_core::{Game, Grid, RuleSet, Seat, Size, Svg};

use crate::state::AtaxxIce;

impl Svg for AtaxxIce {
    /// The board, each pyramid in its seat's colour and sized by its pips (its owner and
    /// name written on it as [`Meaning`]), then whose turn it is and what each colour
    /// still has to place. Nothing is hidden.
    fn svg_from(&self, _viewer: Option<Seat>, side: Option<Seat>) -> String {
        let n = self.board_size();
        let grid = Grid::new(n, n);
        // From `side`'s side: its starting corner at the bottom left.
        let side = side.unwrap_or(Seat(0));
        let start = AtaxxIce::start(self.rules());
        let home = grid
            .squares()
            .filter(|&sq| start.piece_at(sq).is_some_and(|(seat, _)| seat == side));
        let mut board = SvgBoard::new(grid, Self::NAME).turned(turns_towards(grid, home));
        board.squares(|sq| {
            if (sq.file() + sq.rank()) % 2 == 0 {
                "#d9d4c7"
            } else {
                "#efebe0"
            }
            .to_owned()
        });
        for sq in grid.squares() {
            if let Some((seat, size)) = self.piece_at(sq) {
                let colour = SEAT_COLOURS[seat.index() % 4];
                let name = format!("{} {}", crate::seat_name(seat), size_word(size));
                let meaning = Meaning::name(name).owned_by(seat);
                board.piece_at(sq, size, colour, "", (0, 1), &meaning);
            }
        }
        board.aside(&status(self));
        for s in 0..self.rules().seats() {
            let seat = Seat(s as u8);
            let stash = |size| self.stash(seat, size);
            let out = if self.is_eliminated(seat) {
                ", out of the game"
            } else {
                ""
            };
            board.caption(&format!(
                "{} still to place: {} small, {} medium, {} large{out}",
                crate::seat_name(seat),
                stash(Size::Pawn),
                stash(Size::Drone),
                stash(Size::Queen)
            ));
        }
        board.finish()
    }
}

/// A pyramid's size in words, as the stash line says it.
fn size_word(size: Size) -> &'static str {
    match size {
        Size::Pawn => "small pyramid",
        Size::Drone => "medium pyramid",
        Size::Queen => "large pyramid",
    }
}
