//! Drawing boards as SVG: [`SvgBoard`], the small builder every game's
//! [`Svg`](crate::Svg) picture is written with.
//!
//! Every square is a `<rect>` carrying `data-square="c2"` (browsers and their tests click
//! on it); pieces, cards and labels are drawn over the squares and carry the square too,
//! so a click on a piece finds its square. Rank 1 is at the bottom, file a on the left,
//! unless the board is turned ([`SvgBoard::turned`]) so that a seat sees it from its
//! own side ([`turns_towards`]).
//!
//! What a piece, a card or a stack is, the picture says in attributes a page reads
//! without knowing the game ([`Meaning`]): `data-piece` (the name a decision step's
//! [`StepMark`](crate::StepMark) gives it, so a click on it picks it), `data-owner` (its
//! seat), `data-name` (its name for people: `10♠`, `White's stack on a queen base`) and
//! `data-members` (the pieces of a stack), and, in games where pieces attack squares,
//! `data-attacks` (the squares it attacks, whatever stands on them). Trays of pieces
//! under the board carry `data-tray` and `data-piece`. Outlines and labels let clicks through to what they
//! frame (`pointer-events="none"`).

use std::fmt::Write as _;

use crate::{Grid, Seat, Size, Square};

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

/// What a drawn thing is, written on it as `data-` attributes for a page: its clicks
/// (a decision step's mark names the piece) and its words (a screen reader's label).
///
/// ```
/// use pyramid_core::svg::Meaning;
/// use pyramid_core::Seat;
/// let drone = Meaning::piece("D").owned_by(Seat(1)).named("Black's drone");
/// assert_eq!(
///     drone.attributes(),
///     r#" data-piece="D" data-owner="1" data-name="Black&apos;s drone""#
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meaning {
    /// The piece's name (`data-piece`), as the game's decision steps name it.
    pub piece: Option<String>,
    /// The seat it belongs to (`data-owner`).
    pub owner: Option<Seat>,
    /// Its name for people (`data-name`).
    pub name: Option<String>,
    /// The pieces of a stack, bottom first (`data-members`, comma-separated).
    pub members: Vec<String>,
    /// The squares it attacks, whatever stands on them (`data-attacks`,
    /// space-separated), in games where pieces attack squares.
    pub attacks: Vec<Square>,
}

impl Meaning {
    /// A piece named `piece` (`data-piece`).
    pub fn piece(piece: impl ToString) -> Meaning {
        Meaning {
            piece: Some(piece.to_string()),
            ..Meaning::default()
        }
    }

    /// Something named `name` for people (`data-name`), with no piece name.
    pub fn name(name: impl ToString) -> Meaning {
        Meaning {
            name: Some(name.to_string()),
            ..Meaning::default()
        }
    }

    /// The same, belonging to `seat` (`data-owner`).
    #[must_use]
    pub fn owned_by(mut self, seat: Seat) -> Meaning {
        self.owner = Some(seat);
        self
    }

    /// The same, named `name` for people (`data-name`).
    #[must_use]
    pub fn named(mut self, name: impl ToString) -> Meaning {
        self.name = Some(name.to_string());
        self
    }

    /// The same, a stack of `members` (`data-members`).
    #[must_use]
    pub fn with_members(mut self, members: impl IntoIterator<Item = String>) -> Meaning {
        self.members = members.into_iter().collect();
        self
    }

    /// The same, attacking the squares `attacks` (`data-attacks`).
    ///
    /// ```
    /// use pyramid_core::svg::Meaning;
    /// use pyramid_core::Square;
    /// let card = Meaning::name("7♥").attacking([Square::new(1, 1), Square::new(3, 1)]);
    /// assert_eq!(card.attributes(), r#" data-name="7♥" data-attacks="b2 d2""#);
    /// ```
    #[must_use]
    pub fn attacking(mut self, attacks: impl IntoIterator<Item = Square>) -> Meaning {
        self.attacks = attacks.into_iter().collect();
        self
    }

    /// The attributes, each with a leading space (none for a field left empty).
    pub fn attributes(&self) -> String {
        let mut out = String::new();
        if let Some(piece) = &self.piece {
            let _ = write!(out, r#" data-piece="{}""#, escape(piece));
        }
        if let Some(owner) = self.owner {
            let _ = write!(out, r#" data-owner="{}""#, owner.0);
        }
        if let Some(name) = &self.name {
            let _ = write!(out, r#" data-name="{}""#, escape(name));
        }
        if !self.members.is_empty() {
            let _ = write!(
                out,
                r#" data-members="{}""#,
                escape(&self.members.join(","))
            );
        }
        if !self.attacks.is_empty() {
            let squares: Vec<String> = self.attacks.iter().map(ToString::to_string).collect();
            let _ = write!(out, r#" data-attacks="{}""#, squares.join(" "));
        }
        out
    }
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
    /// The lines under the board, each with whether it is an aside ([`SvgBoard::aside`]).
    captions: Vec<(String, bool)>,
    /// What each colour of outline means: (colour, dashes, words).
    legend: Vec<(String, String, String)>,
    /// Rows of pieces off the board, drawn under it ([`SvgBoard::tray`]).
    trays: Vec<Tray>,
    title: String,
    /// Quarter turns clockwise (0 to 3; odd only on a square board).
    turns: u8,
}

/// The quarter turns (clockwise) that bring the squares `home` (a seat's side: its zone,
/// its home row, its corner) to the bottom of a picture of `grid`, then to its left:
/// what [`SvgBoard::turned`] takes to draw the board from that seat's side. A board that
/// is not square turns by halves only.
///
/// ```
/// use pyramid_core::svg::turns_towards;
/// use pyramid_core::{Grid, Square};
/// let grid = Grid::new(8, 8);
/// assert_eq!(turns_towards(grid, [Square::new(0, 0)]), 0); // a1: bottom left already
/// assert_eq!(turns_towards(grid, [Square::new(7, 7)]), 2); // h8: turned round
/// assert_eq!(turns_towards(grid, [Square::new(7, 0)]), 1); // h1: a quarter turn
/// assert_eq!(turns_towards(Grid::new(15, 3), [Square::new(0, 2)]), 2);
/// ```
pub fn turns_towards(grid: Grid, home: impl IntoIterator<Item = Square>) -> u8 {
    let home: Vec<Square> = home.into_iter().collect();
    let square = grid.width() == grid.height();
    (0..4u8)
        .filter(|t| square || t % 2 == 0)
        .max_by_key(|&turns| {
            let board = SvgBoard::new(grid, "").turned(turns);
            // Lower is larger y; then leftmost (smaller x) wins, so x counts negatively.
            let (x, y) = home.iter().fold((0i64, 0i64), |(x, y), &sq| {
                let (cx, cy) = board.centre(sq);
                (x + i64::from(cx), y + i64::from(cy))
            });
            (y, -x, -i64::from(turns))
        })
        .unwrap_or(0)
}

impl SvgBoard {
    /// A picture of `grid` titled `title` (the game's name).
    pub fn new(grid: Grid, title: &str) -> SvgBoard {
        SvgBoard {
            grid,
            body: String::new(),
            captions: Vec::new(),
            legend: Vec::new(),
            trays: Vec::new(),
            title: title.to_owned(),
            turns: 0,
        }
    }

    /// The picture turned by `quarter_turns` clockwise (a seat's side at the bottom:
    /// [`turns_towards`]); a board that is not square turns by halves (an odd number is
    /// taken as one fewer). Squares keep their names; letters stay upright.
    #[must_use]
    pub fn turned(mut self, quarter_turns: u8) -> SvgBoard {
        let turns = quarter_turns % 4;
        self.turns = if self.grid.width() == self.grid.height() {
            turns
        } else {
            turns & !1
        };
        self
    }

    /// The picture's size in squares: (across, down).
    fn cells(&self) -> (u32, u32) {
        let (w, h) = (u32::from(self.grid.width()), u32::from(self.grid.height()));
        if self.turns % 2 == 1 { (h, w) } else { (w, h) }
    }

    /// The point of the picture at board position (`across`, `up`), in squares from the
    /// board's lower left corner (file a, rank 1) before the turn.
    fn point(&self, across: f64, up: f64) -> (f64, f64) {
        let (w, h) = (f64::from(self.grid.width()), f64::from(self.grid.height()));
        // From the top left, unturned; then turned clockwise about the picture.
        let (u, v) = (across, h - up);
        let (u, v) = match self.turns {
            1 => (h - v, u),
            2 => (w - u, h - v),
            3 => (v, w - u),
            _ => (u, v),
        };
        let cell = f64::from(CELL);
        (f64::from(MARGIN) + u * cell, f64::from(MARGIN) + v * cell)
    }

    /// The top-left corner of `sq`.
    fn corner(&self, sq: Square) -> (u32, u32) {
        let (f, r) = (f64::from(sq.file()), f64::from(sq.rank()));
        let (x1, y1) = self.point(f, r);
        let (x2, y2) = self.point(f + 1.0, r + 1.0);
        (x1.min(x2).round() as u32, y1.min(y2).round() as u32)
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
        let (w, h) = (f64::from(self.grid.width()), f64::from(self.grid.height()));
        // Each label beside the board, on whichever side is lower (file letters) or
        // further left (rank numbers) in the turned picture.
        let beside = 0.27;
        for file in 0..self.grid.width() {
            let across = f64::from(file) + 0.5;
            let (x, y) =
                self.lower_or_left(self.point(across, -beside), self.point(across, h + beside));
            self.label(x, y, &char::from(b'a' + file).to_string());
        }
        for rank in 0..self.grid.height() {
            let up = f64::from(rank) + 0.5;
            let (x, y) = self.lower_or_left(self.point(-beside, up), self.point(w + beside, up));
            self.label(x, y, &(rank + 1).to_string());
        }
    }

    /// Of two places beside the board, the lower one, or (level) the one further left.
    fn lower_or_left(&self, a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
        let lower =
            |p: (f64, f64), q: (f64, f64)| p.1 > q.1 + 0.5 || (p.1 > q.1 - 0.5 && p.0 < q.0);
        if lower(a, b) { a } else { b }
    }

    /// A file letter or rank number centred on (`x`, `y`).
    fn label(&mut self, x: f64, y: f64, text: &str) {
        let _ = write!(
            self.body,
            r##"<text x="{x:.0}" y="{:.0}" font-size="14" text-anchor="middle" fill="#444">{}</text>"##,
            y + 5.0,
            escape(text)
        );
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
        self.piece_at(sq, size, fill, label, (index, count), &Meaning::default());
    }

    /// Draws a pyramid like [`SvgBoard::pyramid_at`] (`slot`: the `index`-th of `count`
    /// side by side on `sq`), saying what it is ([`Meaning`]): its piece name, owner and
    /// name for people, written on the pyramid and on its label.
    pub fn piece_at(
        &mut self,
        sq: Square,
        size: Size,
        fill: &str,
        label: &str,
        slot: (u32, u32),
        meaning: &Meaning,
    ) {
        let (index, count) = slot;
        let attributes = meaning.attributes();
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
            r##"<polygon class="piece" data-square="{sq}"{attributes} points="{:.1},{base:.1} {:.1},{base:.1} {mid_x:.1},{top:.1}" fill="{}" stroke="#222" stroke-width="1.5"/>"##,
            mid_x - half,
            mid_x + half,
            escape(fill)
        );
        if !label.is_empty() {
            let _ = write!(
                self.body,
                r##"<text data-square="{sq}"{attributes} x="{mid_x:.1}" y="{:.1}" font-size="{}" text-anchor="middle" fill="#fff" font-weight="bold" pointer-events="none">{}</text>"##,
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
            r#"<text data-square="{sq}" x="{cx}" y="{}" font-size="{font_size}" text-anchor="middle" fill="{}" font-family="sans-serif" pointer-events="none">{}</text>"#,
            cy + font_size / 3,
            escape(colour),
            escape(text)
        );
    }

    /// Draws a card on `sq`: a white rounded rectangle with `text` in `colour`, moved by
    /// `(dx, dy)` (a card on top of another in a stack).
    pub fn card(&mut self, sq: Square, text: &str, colour: &str, dx: i32, dy: i32) {
        self.card_meaning(sq, text, colour, (dx, dy), &Meaning::name(text));
    }

    /// Draws a card like [`SvgBoard::card`] (moved by `shift`), saying what it is
    /// ([`Meaning`]) on the card and on its face.
    pub fn card_meaning(
        &mut self,
        sq: Square,
        text: &str,
        colour: &str,
        shift: (i32, i32),
        meaning: &Meaning,
    ) {
        let (dx, dy) = shift;
        let attributes = meaning.attributes();
        let (x, y) = self.corner(sq);
        let (x, y) = (x as i32 + 8 + dx, y as i32 + 6 + dy);
        let (w, h) = (CELL as i32 - 16, CELL as i32 - 12);
        let _ = write!(
            self.body,
            r##"<rect class="card" data-square="{sq}"{attributes} x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="#fffdf5" stroke="#333" stroke-width="1.5"/><text data-square="{sq}"{attributes} x="{}" y="{}" font-size="18" text-anchor="middle" fill="{}" font-family="serif" font-weight="bold" pointer-events="none">{}</text>"##,
            x + w / 2,
            y + h / 2 + 6,
            escape(colour),
            escape(text)
        );
    }

    /// Outlines `sq` (the last move, a siege) with `colour`.
    pub fn outline(&mut self, sq: Square, colour: &str) {
        self.outline_dashed(sq, colour, "");
    }

    /// Outlines `sq` with `colour` in dashes (`dash`: an SVG `stroke-dasharray`, such as
    /// `"2 6"`; empty: a solid line). Clicks go through it to what it frames.
    pub fn outline_dashed(&mut self, sq: Square, colour: &str, dash: &str) {
        let (x, y) = self.corner(sq);
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{}""#, escape(dash))
        };
        let _ = write!(
            self.body,
            r#"<rect class="outline" data-square="{sq}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="4"{dash} pointer-events="none"/>"#,
            x + 2,
            y + 2,
            CELL - 4,
            CELL - 4,
            escape(colour)
        );
    }

    /// A rounded tile filling most of `sq` (`fill`, edged with `stroke`), saying what it
    /// is ([`Meaning`]: a stack, its owner, its members): what a stack stands on.
    pub fn tile(&mut self, sq: Square, fill: &str, stroke: &str, meaning: &Meaning) {
        let (x, y) = self.corner(sq);
        let _ = write!(
            self.body,
            r#"<rect class="tile" data-square="{sq}"{} x="{}" y="{}" width="{}" height="{}" rx="8" fill="{}" stroke="{}" stroke-width="2"/>"#,
            meaning.attributes(),
            x + 3,
            y + 3,
            CELL - 6,
            CELL - 6,
            escape(fill),
            escape(stroke)
        );
    }

    /// Writes a small `text` in the top left corner of `sq` (a stack's base letter).
    pub fn corner_text(&mut self, sq: Square, text: &str, colour: &str) {
        let (x, y) = self.corner(sq);
        let _ = write!(
            self.body,
            r#"<text data-square="{sq}" x="{}" y="{}" font-size="12" font-weight="bold" fill="{}" pointer-events="none">{}</text>"#,
            x + 8,
            y + 17,
            escape(colour),
            escape(text)
        );
    }

    /// A thick line along the lower edge of `rank` (1-based ranks: between `rank` and
    /// `rank + 1`), across the whole board: a canal.
    pub fn rank_divider(&mut self, rank: u8, colour: &str) {
        let w = f64::from(self.grid.width());
        let from = self.point(0.0, f64::from(rank));
        let to = self.point(w, f64::from(rank));
        self.canal(from, to, colour);
    }

    /// A canal line from `from` to `to`.
    fn canal(&mut self, from: (f64, f64), to: (f64, f64), colour: &str) {
        let _ = write!(
            self.body,
            r#"<line class="canal" x1="{:.0}" y1="{:.0}" x2="{:.0}" y2="{:.0}" stroke="{}" stroke-width="6"/>"#,
            from.0,
            from.1,
            to.0,
            to.1,
            escape(colour)
        );
    }

    /// A thick line between file `file` and the next (1-based), down the whole board.
    pub fn file_divider(&mut self, file: u8, colour: &str) {
        let h = f64::from(self.grid.height());
        let from = self.point(f64::from(file), 0.0);
        let to = self.point(f64::from(file), h);
        self.canal(from, to, colour);
    }

    /// Adds a line of text under the board (whose turn, scores, stashes).
    pub fn caption(&mut self, text: &str) {
        self.captions.push((text.to_owned(), false));
    }

    /// Adds a line under the board that a page saying the same in its own words may
    /// leave out (whose turn it is, the scores): `class="caption aside"`.
    pub fn aside(&mut self, text: &str) {
        self.captions.push((text.to_owned(), true));
    }

    /// Says what outlines of `colour` mean, in words (`the last canal crossing: ...`): a
    /// `<desc class="legend" data-stroke="COLOUR">` element that draws nothing, for a page
    /// to build its legend from. Each colour is said once.
    pub fn legend(&mut self, colour: &str, words: &str) {
        self.legend_dashed(colour, "", words);
    }

    /// Like [`SvgBoard::legend`], for outlines drawn in dashes `dash`
    /// ([`SvgBoard::outline_dashed`]): `data-dash="DASH"` on the `<desc>`.
    pub fn legend_dashed(&mut self, colour: &str, dash: &str, words: &str) {
        if !self.legend.iter().any(|(c, _, _)| c == colour) {
            self.legend
                .push((colour.to_owned(), dash.to_owned(), words.to_owned()));
        }
    }

    /// A row of pieces off the board, drawn under it with its `name` in front (a store, a
    /// player's hand): each piece a pyramid of its size and fill, carrying
    /// `data-tray="KEY"` and `data-piece="LETTER"` so a page can let a player pick it.
    /// A tray with no pieces is drawn with its name and "none".
    pub fn tray(&mut self, name: &str, key: &str, pieces: &[TrayPiece]) {
        self.trays.push(Tray {
            name: name.to_owned(),
            key: key.to_owned(),
            pieces: pieces.to_vec(),
        });
    }

    /// Draws the trays from `top` down; returns where they end.
    fn draw_trays(&self, out: &mut String, top: u32, width: u32) -> u32 {
        let mut y = top;
        let slot = CELL * 3 / 4;
        let per_row = tray_per_row(width);
        for tray in &self.trays {
            let base = f64::from(y + TRAY);
            let _ = write!(
                out,
                r##"<text class="tray-label" data-tray="{}" x="{MARGIN}" y="{:.1}" font-size="14" fill="#222">{}</text>"##,
                escape(&tray.key),
                base - 8.0,
                escape(&tray.name)
            );
            let left = MARGIN + 110;
            if tray.pieces.is_empty() {
                let _ = write!(
                    out,
                    r##"<text data-tray="{}" x="{left}" y="{:.1}" font-size="14" fill="#777">none</text>"##,
                    escape(&tray.key),
                    base - 8.0
                );
            }
            for (i, piece) in tray.pieces.iter().enumerate() {
                let half = f64::from(slot)
                    * match piece.size {
                        Size::Pawn => 0.30,
                        Size::Drone => 0.40,
                        Size::Queen => 0.50,
                    };
                let (row, column) = (i as u32 / per_row, i as u32 % per_row);
                let base = base + f64::from(TRAY * row);
                let mid = f64::from(left + slot * column) + f64::from(slot) / 2.0;
                let _ = write!(
                    out,
                    r##"<polygon class="piece tray-piece" data-tray="{}" data-piece="{}" data-name="{}" points="{:.1},{base:.1} {:.1},{base:.1} {mid:.1},{:.1}" fill="{}" stroke="#222" stroke-width="1.5"><title>{}</title></polygon>"##,
                    escape(&tray.key),
                    escape(&piece.letter),
                    escape(&piece.name),
                    mid - half,
                    mid + half,
                    base - 2.0 * half,
                    escape(&piece.fill),
                    escape(&piece.name)
                );
            }
            y += TRAY * tray_rows(tray.pieces.len(), per_row);
        }
        y
    }

    /// The finished SVG document.
    pub fn finish(self) -> String {
        let (across, down) = self.cells();
        let width = 2 * MARGIN + across * CELL;
        let trays_top = MARGIN + down * CELL + 24;
        let per_row = tray_per_row(width);
        let tray_height: u32 = self
            .trays
            .iter()
            .map(|t| TRAY * tray_rows(t.pieces.len(), per_row))
            .sum();
        let board_bottom = trays_top + tray_height;
        let height = board_bottom + LINE * self.captions.len() as u32 + 8;
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" data-game="{}" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif"><title>{}</title>"#,
            escape(&self.title),
            escape(&self.title)
        );
        out.push_str(&self.body);
        self.draw_trays(&mut out, trays_top, width);
        for (colour, dash, words) in &self.legend {
            let _ = write!(
                out,
                r#"<desc class="legend" data-stroke="{}" data-dash="{}">{}</desc>"#,
                escape(colour),
                escape(dash),
                escape(words)
            );
        }
        for (i, (line, aside)) in self.captions.iter().enumerate() {
            let _ = write!(
                out,
                r##"<text class="caption{}" x="{MARGIN}" y="{}" font-size="14" fill="#222">{}</text>"##,
                if *aside { " aside" } else { "" },
                board_bottom + LINE * (i as u32 + 1) - 4,
                escape(line)
            );
        }
        out.push_str("</svg>");
        out
    }
}

/// The height of one row of a tray of pieces under the board.
const TRAY: u32 = 52;

/// How many pieces of a tray fit in one row of a picture `width` wide (its name in front,
/// the margin after): a tray wraps onto more rows rather than leave the picture.
fn tray_per_row(width: u32) -> u32 {
    let room = width.saturating_sub(MARGIN + 110 + MARGIN);
    (room / (CELL * 3 / 4)).max(1)
}

/// The rows a tray of `pieces` takes, `per_row` a row (at least one: its name).
fn tray_rows(pieces: usize, per_row: u32) -> u32 {
    (pieces as u32).div_ceil(per_row).max(1)
}

/// A row of pieces under the board ([`SvgBoard::tray`]).
#[derive(Clone, Debug)]
struct Tray {
    name: String,
    key: String,
    pieces: Vec<TrayPiece>,
}

/// One piece of a tray: its size, its fill and the letter that names it in the game's
/// notation (`P`, `q`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrayPiece {
    /// The pyramid's size.
    pub size: Size,
    /// Its fill colour.
    pub fill: String,
    /// The letter naming it in the game's notation (its `data-piece`).
    pub letter: String,
    /// Its name for people (`data-name`, and its tooltip).
    pub name: String,
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
