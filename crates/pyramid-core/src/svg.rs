//! Drawing boards as SVG: [`SvgBoard`], the small builder every game's
//! [`Svg`](crate::Svg) picture is written with.
//!
//! Every square is a `<rect>` carrying `data-square="c2"` (browsers and their tests click
//! on it); pieces, cards and labels are drawn over the squares and carry the square too,
//! so a click on a piece finds its square. Rank 1 is at the bottom, file a on the left.

use std::fmt::Write as _;

use crate::{Grid, Size, Square};

/// The side of one square, in SVG user units.
pub const CELL: u32 = 60;
/// The height of one caption line under the board.
const LINE: u32 = 20;
/// The margin around the board (file letters and rank numbers stand in it).
const MARGIN: u32 = 24;

/// Escapes text for SVG element content and attribute values.
///
/// ```
/// assert_eq!(pyramid_core::svg::escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// An SVG picture of a board under construction.
///
/// ```
/// use pyramid_core::svg::SvgBoard;
/// use pyramid_core::{Grid, Size, Square};
/// let mut board = SvgBoard::new(Grid::new(4, 8), "martian-chess");
/// board.squares(|_| "#eee".to_owned());
/// board.pyramid(Square::new(1, 2), Size::Drone, "#c33", "D");
/// board.caption("seat 0 to move");
/// let svg = board.finish();
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains(r#"data-square="b3""#));
/// ```
#[derive(Clone, Debug)]
pub struct SvgBoard {
    grid: Grid,
    body: String,
    captions: Vec<String>,
    title: String,
}

impl SvgBoard {
    /// A picture of `grid` titled `title` (the game's name).
    pub fn new(grid: Grid, title: &str) -> SvgBoard {
        SvgBoard {
            grid,
            body: String::new(),
            captions: Vec::new(),
            title: title.to_owned(),
        }
    }

    /// The top-left corner of `sq`.
    fn corner(&self, sq: Square) -> (u32, u32) {
        let x = MARGIN + u32::from(sq.file()) * CELL;
        let y = MARGIN
            + u32::from(self.grid.height() - 1 - sq.rank().min(self.grid.height() - 1)) * CELL;
        (x, y)
    }

    /// The centre of `sq`.
    pub fn centre(&self, sq: Square) -> (u32, u32) {
        let (x, y) = self.corner(sq);
        (x + CELL / 2, y + CELL / 2)
    }

    /// Draws every square of the board, filled with `fill(square)`, each with its
    /// `data-square`, and the file letters and rank numbers around the board.
    pub fn squares(&mut self, fill: impl Fn(Square) -> String) {
        for sq in self.grid.squares() {
            let (x, y) = self.corner(sq);
            let _ = write!(
                self.body,
                r##"<rect class="square" data-square="{sq}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#888" stroke-width="1"/>"##,
                escape(&fill(sq))
            );
        }
        let bottom = MARGIN + u32::from(self.grid.height()) * CELL;
        for file in 0..self.grid.width() {
            let x = MARGIN + u32::from(file) * CELL + CELL / 2;
            let letter = char::from(b'a' + file);
            let _ = write!(
                self.body,
                r##"<text x="{x}" y="{}" font-size="14" text-anchor="middle" fill="#444">{letter}</text>"##,
                bottom + 16
            );
        }
        for rank in 0..self.grid.height() {
            let y = MARGIN + u32::from(self.grid.height() - 1 - rank) * CELL + CELL / 2 + 5;
            let _ = write!(
                self.body,
                r##"<text x="{}" y="{y}" font-size="14" text-anchor="middle" fill="#444">{}</text>"##,
                MARGIN / 2,
                rank + 1
            );
        }
    }

    /// Draws a pyramid (a triangle seen from the side, its height by `size`) on `sq`,
    /// filled with `fill`, with `label` (its pips or owner) written on it.
    pub fn pyramid(&mut self, sq: Square, size: Size, fill: &str, label: &str) {
        self.pyramid_at(sq, size, fill, label, 0, 1);
    }

    /// Like [`SvgBoard::pyramid`], the `index`-th of `count` pyramids side by side on `sq`
    /// (a stack of pieces, drawn small).
    pub fn pyramid_at(
        &mut self,
        sq: Square,
        size: Size,
        fill: &str,
        label: &str,
        index: u32,
        count: u32,
    ) {
        let (cx, cy) = self.centre(sq);
        let count = count.max(1);
        let scale = match size {
            Size::Pawn => 0.45,
            Size::Drone => 0.65,
            Size::Queen => 0.85,
        } / f64::from(count).sqrt();
        let half = f64::from(CELL) * scale / 2.0;
        let slot = f64::from(CELL) / f64::from(count);
        let mid_x = if count == 1 {
            f64::from(cx)
        } else {
            f64::from(cx) - f64::from(CELL) / 2.0 + slot * (f64::from(index) + 0.5)
        };
        let base = f64::from(cy) + f64::from(CELL) * 0.38;
        let top = base - 2.0 * half;
        let _ = write!(
            self.body,
            r##"<polygon class="piece" data-square="{sq}" points="{:.1},{base:.1} {:.1},{base:.1} {mid_x:.1},{top:.1}" fill="{}" stroke="#222" stroke-width="1.5"/>"##,
            mid_x - half,
            mid_x + half,
            escape(fill)
        );
        if !label.is_empty() {
            let _ = write!(
                self.body,
                r##"<text data-square="{sq}" x="{mid_x:.1}" y="{:.1}" font-size="{}" text-anchor="middle" fill="#fff" font-weight="bold">{}</text>"##,
                base - 4.0,
                (11.0 * scale / 0.65).round().max(8.0),
                escape(label)
            );
        }
    }

    /// Writes `text` in the middle of `sq` (a card, a stack's letters, a mark).
    pub fn text(&mut self, sq: Square, text: &str, colour: &str, font_size: u32) {
        let (cx, cy) = self.centre(sq);
        let _ = write!(
            self.body,
            r#"<text data-square="{sq}" x="{cx}" y="{}" font-size="{font_size}" text-anchor="middle" fill="{}" font-family="sans-serif">{}</text>"#,
            cy + font_size / 3,
            escape(colour),
            escape(text)
        );
    }

    /// Draws a card on `sq`: a white rounded rectangle with `text` in `colour`, moved by
    /// `(dx, dy)` (a card on top of another in a stack).
    pub fn card(&mut self, sq: Square, text: &str, colour: &str, dx: i32, dy: i32) {
        let (x, y) = self.corner(sq);
        let (x, y) = (x as i32 + 8 + dx, y as i32 + 6 + dy);
        let (w, h) = (CELL as i32 - 16, CELL as i32 - 12);
        let _ = write!(
            self.body,
            r##"<rect class="card" data-square="{sq}" x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="#fffdf5" stroke="#333" stroke-width="1.5"/><text data-square="{sq}" x="{}" y="{}" font-size="18" text-anchor="middle" fill="{}" font-family="serif" font-weight="bold">{}</text>"##,
            x + w / 2,
            y + h / 2 + 6,
            escape(colour),
            escape(text)
        );
    }

    /// Outlines `sq` (the last move, a siege) with `colour`.
    pub fn outline(&mut self, sq: Square, colour: &str) {
        let (x, y) = self.corner(sq);
        let _ = write!(
            self.body,
            r#"<rect data-square="{sq}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="4"/>"#,
            x + 2,
            y + 2,
            CELL - 4,
            CELL - 4,
            escape(colour)
        );
    }

    /// A thick line along the lower edge of `rank` (1-based ranks: between `rank` and
    /// `rank + 1`), across the whole board: a canal.
    pub fn rank_divider(&mut self, rank: u8, colour: &str) {
        let y = MARGIN + u32::from(self.grid.height().saturating_sub(rank)) * CELL;
        let x2 = MARGIN + u32::from(self.grid.width()) * CELL;
        let _ = write!(
            self.body,
            r#"<line class="canal" x1="{MARGIN}" y1="{y}" x2="{x2}" y2="{y}" stroke="{}" stroke-width="6"/>"#,
            escape(colour)
        );
    }

    /// A thick line between file `file` and the next (1-based), down the whole board.
    pub fn file_divider(&mut self, file: u8, colour: &str) {
        let x = MARGIN + u32::from(file) * CELL;
        let y2 = MARGIN + u32::from(self.grid.height()) * CELL;
        let _ = write!(
            self.body,
            r#"<line class="canal" x1="{x}" y1="{MARGIN}" x2="{x}" y2="{y2}" stroke="{}" stroke-width="6"/>"#,
            escape(colour)
        );
    }

    /// Adds a line of text under the board (whose turn, scores, stashes).
    pub fn caption(&mut self, text: &str) {
        self.captions.push(text.to_owned());
    }

    /// The finished SVG document.
    pub fn finish(self) -> String {
        let width = 2 * MARGIN + u32::from(self.grid.width()) * CELL;
        let board_bottom = MARGIN + u32::from(self.grid.height()) * CELL + 24;
        let height = board_bottom + LINE * self.captions.len() as u32 + 8;
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" data-game="{}" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif"><title>{}</title>"#,
            escape(&self.title),
            escape(&self.title)
        );
        out.push_str(&self.body);
        for (i, line) in self.captions.iter().enumerate() {
            let _ = write!(
                out,
                r##"<text class="caption" x="{MARGIN}" y="{}" font-size="14" fill="#222">{}</text>"##,
                board_bottom + LINE * (i as u32 + 1) - 4,
                escape(line)
            );
        }
        out.push_str("</svg>");
        out
    }
}

/// The status line of a picture: whose turn it is, or the outcome.
///
/// ```
/// use pyramid_core::{Game, nim::Nim};
/// assert_eq!(pyramid_core::svg::status(&Nim::new(&Default::default())), "seat 0 to act, ply 0");
/// ```
pub fn status<G: crate::Game>(state: &G) -> String {
    match (state.outcome(), state.to_act()) {
        (Some(outcome), _) => format!("game over after {} plies: {outcome}", state.plies()),
        (None, Some(seat)) => format!("seat {seat} to act, ply {}", state.plies()),
        (None, None) => format!("ply {}", state.plies()),
    }
}

/// Fill colours for the seats' pieces, seat 0 first.
pub const SEAT_COLOURS: [&str; 4] = ["#d1495b", "#2e86ab", "#edae49", "#3b8b5a"];
