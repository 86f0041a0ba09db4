//! The board as an SVG picture: [`Svg`].

use pyramid_core::svg::{Meaning, SvgBoard, status, turns_towards};
use pyramid_core::{Game, Seat, Svg};

use crate::MartianChess;

/// Light and dark square shades of each zone, seat 0 first.
const ZONES: [(&str, &str); 4] = [
    ("#f3e3c3", "#e2c98f"),
    ("#d8e6f3", "#aac6e0"),
    ("#e3f0d6", "#bfdca4"),
    ("#f0dce8", "#dbb3cb"),
];

impl Svg for MartianChess {
    /// The board with each zone shaded, the canals drawn in blue, the pyramids (no colour:
    /// a piece belongs to the zone it stands in) sized by their pips, the last canal
    /// crossing outlined, then whose turn it is and the scores. Nothing is hidden.
    fn svg_from(&self, _viewer: Option<Seat>, side: Option<Seat>) -> String {
        let grid = self.grid();
        // From `side`'s side: its zone at the bottom (and to the left, with four seats).
        let side = side.unwrap_or(Seat(0));
        let home = grid.squares().filter(|&sq| self.zone_of(sq) == Some(side));
        let mut board = SvgBoard::new(grid, Self::NAME).turned(turns_towards(grid, home));
        board.squares(|sq| {
            let (light, dark) = match self.zone_of(sq) {
                Some(seat) => ZONES[seat.index() % 4],
                None => ("#ffffff", "#eeeeee"),
            };
            if (sq.file() + sq.rank()) % 2 == 0 {
                dark
            } else {
                light
            }
            .to_owned()
        });
        board.rank_divider(4, "#3a7bd5");
        if grid.width() == 8 {
            board.file_divider(4, "#3a7bd5");
        }
        if let Some((from, to)) = self.last_crossing() {
            board.outline(from, "#f28c28");
            board.outline(to, "#f28c28");
            board.legend(
                "#f28c28",
                "the last canal crossing: that piece may not go straight back on this move",
            );
        }
        for sq in grid.squares() {
            if let Some(size) = self.piece_at(sq) {
                let pips = size as u8;
                let name = format!("{} ({pips} pips)", size.word());
                board.piece_at(
                    sq,
                    size,
                    "#7a5c3e",
                    &pips.to_string(),
                    (0, 1),
                    &Meaning::name(name),
                );
            }
        }
        board.aside(&status(self));
        let scores: Vec<String> = (0..self.seats())
            .map(|s| format!("seat {s}: {}", self.score(Seat(s as u8))))
            .collect();
        board.aside(&format!("scores: {}", scores.join(", ")));
        board.finish()
    }
}
