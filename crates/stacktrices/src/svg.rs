//! The board as an SVG picture: [`Svg`], for everyone or for one seat's view.

use pyramid_core::bits::bits;
use pyramid_core::svg::{Meaning, SvgBoard, TrayPiece, status, turns_towards};
use pyramid_core::{Game, Information, Seat, Square, Svg};

use crate::geometry::{Base, GRID, Stack, square};
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
        draw_stack(&mut board, sq, stack);
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
        board.outline_dashed(square(i), "#f39c12", "1 7");
        board.legend_dashed("#f39c12", "1 7", "where the other side's thief may be");
    }
    for seat in [Seat(0), Seat(1)] {
        let hand = state.hand(seat);
        if !hand.is_empty() {
            let name = format!("{} to place", crate::seat_name(seat));
            board.tray(&name, &format!("hand-{}", seat.0), &tray_pieces(hand));
        }
    }
    board.tray("store", "store", &tray_pieces(state.store()));
    board.aside(&status(state));
    if !state.is_over() {
        board.caption(&format!("To do now: {}", state.decision()));
    }
    board.finish()
}

/// Draws one stack: a tile in its owner's colour, its pieces as pyramids inside the
/// square, its base in the corner; the tile and each piece say what they are
/// ([`Meaning`]).
fn draw_stack(board: &mut SvgBoard, sq: Square, stack: Stack) {
    let owner = stack.owner();
    let (fill, edge, ink) = if owner == Seat(0) {
        ("#fdfdfd", "#666666", "#222222")
    } else {
        ("#3a3a3a", "#111111", "#fafafa")
    };
    let (base, base_word) = match stack.base() {
        Base::Drone => ("D base", "drone"),
        Base::Queen => ("Q base", "queen"),
    };
    let pieces = stack.pieces();
    let words: Vec<String> = pieces.kinds().map(crate::describe::piece_word).collect();
    let name = format!(
        "{}'s stack on a {base_word} base: {}",
        crate::seat_name(owner),
        if words.is_empty() {
            "no pieces".to_owned()
        } else {
            words.join(", ")
        }
    );
    let letters = pieces.kinds().map(|k| k.letter().to_string());
    board.tile(
        sq,
        fill,
        edge,
        &Meaning::name(name).owned_by(owner).with_members(letters),
    );
    let count = pieces.len() as u32;
    for (i, kind) in pieces.kinds().enumerate() {
        let meaning = Meaning::piece(kind.letter())
            .owned_by(owner)
            .named(crate::describe::piece_word(kind));
        board.piece_at(
            sq,
            kind.size(),
            fill_of(kind),
            "",
            (i as u32, count.max(1)),
            &meaning,
        );
    }
    board.corner_text(sq, base, ink);
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
                name: crate::describe::piece_word(kind),
            })
        })
        .collect()
}

impl Svg for Stacktrices {
    /// The 7x7 board: each stack as a tile in its owner's colour (white or black), its
    /// pieces as pyramids (movement pieces brown, skill pieces light blue), its base in
    /// the corner (`D base`, `Q base`); the tile and each piece say what they are
    /// ([`Meaning`]: owner, piece letter, name, members). For a seat: only its own thief
    /// (outlined red) and the other side's possible thieves (dotted orange); with no
    /// viewer, both thieves (a server draws a finished game so). Under the board: the
    /// pieces each side still has to place (in the set-up phase) and the store.
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
