//! The board as an SVG picture: [`Svg`], for everyone or for one seat's view.

use pyramid_core::bits::bits;
use pyramid_core::svg::{SvgBoard, TrayPiece, status, turns_towards};
use pyramid_core::{Game, Information, Seat, Svg};

use crate::geometry::{Base, GRID, square};
use crate::piece::Pieces;
use crate::state::Stacktrices;

/// Light and dark square shades.
const SHADES: (&str, &str) = ("#f4efe6", "#e4dccb");

/// Draws `state`'s stacks and the thieves `viewer` may see (`None`: both); `candidates`
/// are the squares where the other side's thief may hide, marked `?`.
fn picture(state: &Stacktrices, viewer: Option<Seat>, candidates: u64, side: Seat) -> String {
    // From `side`'s side: its home row at the bottom.
    let home = GRID
        .squares()
        .filter(|sq| sq.rank() == crate::geometry::home_rank(side.0));
    let mut board = SvgBoard::new(GRID, Stacktrices::NAME).turned(turns_towards(GRID, home));
    board.squares(|sq| {
        if (sq.file() + sq.rank()) % 2 == 0 {
            SHADES.1
        } else {
            SHADES.0
        }
        .to_owned()
    });
    for (sq, stack) in state.stacks() {
        let (fill, ink) = if stack.owner() == Seat(0) {
            ("#fafafa", "#222")
        } else {
            ("#333333", "#fafafa")
        };
        let base = match stack.base() {
            Base::Drone => "d",
            Base::Queen => "q",
        };
        board.text(sq, "\u{25CF}", fill, 44);
        let pieces = stack.pieces();
        let count = pieces.len() as u32;
        for (i, kind) in pieces.kinds().enumerate() {
            let colour = fill_of(kind);
            board.pyramid_at(sq, kind.size(), colour, "", i as u32, count.max(1));
        }
        board.text(sq, base, ink, 12);
    }
    for (seat, thief) in [Seat(0), Seat(1)].map(|s| (s, state.thief(s))) {
        if viewer.is_none_or(|v| v == seat) {
            if let Some(sq) = thief {
                board.outline(sq, "#c0392b");
                board.legend(
                    "#c0392b",
                    if viewer.is_some() {
                        "your thief"
                    } else {
                        "a thief"
                    },
                );
            }
        }
    }
    for i in bits(candidates) {
        board.outline(square(i), "#f39c12");
        board.legend("#f39c12", "where the other thief may be");
    }
    for seat in [Seat(0), Seat(1)] {
        let hand = state.hand(seat);
        if !hand.is_empty() {
            let name = format!("{} to place", crate::seat_name(seat));
            board.tray(&name, &format!("hand-{}", seat.0), &tray_pieces(hand));
        }
    }
    board.tray("store", "store", &tray_pieces(state.store()));
    board.caption(&status(state));
    board.caption(&format!("decision: {}; store: {}", state.decision(), {
        let store = state.store().letters();
        if store.is_empty() {
            "-".to_owned()
        } else {
            store
        }
    }));
    if let Some(seat) = viewer {
        board.caption(&format!(
            "seat {seat}'s view: its thief outlined in red, the other side's possible thieves in orange"
        ));
    }
    board.finish()
}

/// A piece's fill: movement pieces brown, skill pieces light blue.
fn fill_of(kind: crate::piece::Piece) -> &'static str {
    if kind.is_movement() {
        "#b5651d"
    } else {
        "#9ad0ec"
    }
}

/// Every piece of `pieces`, duplicates repeated, as a tray draws them.
fn tray_pieces(pieces: Pieces) -> Vec<TrayPiece> {
    crate::piece::Piece::ALL
        .into_iter()
        .flat_map(|kind| {
            (0..pieces.count(kind)).map(move |_| TrayPiece {
                size: kind.size(),
                fill: fill_of(kind).to_owned(),
                letter: kind.letter().to_string(),
            })
        })
        .collect()
}

impl Svg for Stacktrices {
    /// The 7x7 board: each stack as a disc in its owner's colour (white or black), its
    /// pieces as pyramids (movement pieces brown, skill pieces light blue), its base letter
    /// (`d` drone, `q` queen). For a seat: only its own thief (outlined red) and the other
    /// side's possible thieves (outlined orange); with no viewer, both thieves (a server
    /// draws a finished game so). Under the board: the pieces each side still has to
    /// place (in the set-up phase) and the store.
    fn svg_from(&self, viewer: Option<Seat>, side: Option<Seat>) -> String {
        let side = side.unwrap_or(Seat(0));
        match viewer {
            None => picture(self, None, 0, side),
            Some(seat) => {
                let view = self.view(seat);
                picture(&view.state, Some(seat), view.candidates, side)
            }
        }
    }
}
