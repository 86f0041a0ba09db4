//! Tic-tac-toe on the `pyramid-core` traits: a complete game written as a user of the
//! library would write one, with every trait of [`FullGame`](pyramid_core::FullGame), so
//! bots, matches, records and the conformance harness work on it unchanged.
//!
//! - Two seats: seat 0 plays `x` and moves first, seat 1 plays `o`.
//! - An action names the empty square to mark: `a1` to `c3` (file `a`-`c`, rank `1`-`3`).
//! - Three marks in a row, column or diagonal win; a full board without one is a draw
//!   (so is reaching the optional ply limit).
//! - Position string: the board from rank 3 down to rank 1, rows separated by `/`, each
//!   cell `x`, `o` or `.`; the seat to act follows from the counts of marks (`x` moves
//!   when both have as many).
//!
//! ```
//! use pyramid_core::{Game, Notation, Outcome, Seat};
//! use tiny_game::{TicTacToe, TicTacToeRules};
//!
//! let mut game = TicTacToe::new(&TicTacToeRules::default());
//! for text in ["a1", "b1", "a2", "b2", "a3"] {
//!     let action = game.parse_action(text)?;
//!     game.play(action)?;
//! }
//! assert_eq!(game.outcome(), Some(Outcome::Win(Seat(0))));
//! assert_eq!(game.position(), "x../xo./xo.");
//! # Ok::<(), pyramid_core::PlayError>(())
//! ```
#![forbid(unsafe_code)]

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use pyramid_core::{
    ActionIds, ActionParseError, Diagram, Evaluate, Game, Notation, Observation, Outcome,
    PerfectInformation, PolicySpace, RuleSet, Seat, Svg, Zobrist, zobrist_table,
};
use serde::{Deserialize, Serialize};

pyramid_core::rule_options! {
    /// The rule options: always two seats, and the optional ply limit every game has. The
    /// game has no options of its own; a game with some declares each in `options`, one
    /// line each (see `pyramid_core::rule_options!`).
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub struct TicTacToeRules {
        game: "tic-tac-toe",
        seats: [2],
        page: "",
        setup: RulesSetup,
    }
    options {}
}

/// An action: mark the square `0..9` (`a1` is 0, `b1` 1, ..., `c3` 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mark(u8);

impl Mark {
    /// The mark on `square` (0 to 8), or `None` past the board.
    pub fn new(square: u8) -> Option<Mark> {
        (square < 9).then_some(Mark(square))
    }

    /// The square, 0 to 8.
    pub fn square(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.0 % 3) as char, self.0 / 3 + 1)
    }
}

impl FromStr for Mark {
    type Err = ActionParseError;

    fn from_str(s: &str) -> Result<Self, ActionParseError> {
        match s.as_bytes() {
            [file @ b'a'..=b'c', rank @ b'1'..=b'3'] => Ok(Mark((rank - b'1') * 3 + (file - b'a'))),
            _ => Err(ActionParseError::new(
                s,
                "expected a square from a1 to c3, like `b2`",
            )),
        }
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cell {
    Empty,
    /// A mark of seat 0 (`x`) or seat 1 (`o`).
    Taken(Seat),
}

/// The eight lines of three squares.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not three rows of three cells `x`, `o` or `.`.
    Board(String),
    /// The counts of marks cannot arise (`x` moves first, the sides alternate).
    Counts {
        /// Marks of `x`.
        x: usize,
        /// Marks of `o`.
        o: usize,
    },
    /// Both sides have a line, or the side with a line did not make the last mark.
    Lines(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Board(text) => write!(
                f,
                "field `board`: `{text}` is not three `/`-separated rows of `x`, `o` or `.`"
            ),
            PositionError::Counts { x, o } => write!(
                f,
                "field `board`: {x} x and {o} o cannot arise (x moves first, then they alternate)"
            ),
            PositionError::Lines(text) => write!(
                f,
                "field `board`: `{text}` has a line the last mark did not make"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A tic-tac-toe state. It is always a position the rules can reach: every way to build
/// one (the start, play, the position string, serde) checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "StateSetup", into = "StateSetup")]
pub struct TicTacToe {
    rules: TicTacToeRules,
    cells: [Cell; 9],
}

/// The serde form of a state: the rules and the position string, checked when read.
#[derive(Serialize, Deserialize)]
struct StateSetup {
    rules: TicTacToeRules,
    board: String,
}

impl TryFrom<StateSetup> for TicTacToe {
    type Error = PositionError;

    fn try_from(setup: StateSetup) -> Result<Self, PositionError> {
        TicTacToe::from_position(&setup.board, &setup.rules)
    }
}

impl From<TicTacToe> for StateSetup {
    fn from(state: TicTacToe) -> Self {
        StateSetup {
            board: state.position(),
            rules: state.rules,
        }
    }
}

impl TicTacToe {
    /// The marks of `seat`.
    fn count(&self, seat: Seat) -> usize {
        self.cells
            .iter()
            .filter(|&&c| c == Cell::Taken(seat))
            .count()
    }

    /// The seat whose turn it is by the counts of marks (ignoring whether the game is over).
    fn mover(&self) -> Seat {
        if self.count(Seat(0)) == self.count(Seat(1)) {
            Seat(0)
        } else {
            Seat(1)
        }
    }

    /// Whether `seat` has three in a line.
    fn has_line(&self, seat: Seat) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&i| self.cells[i] == Cell::Taken(seat)))
    }

    /// Lines `seat` can still complete (none of the other side's marks on them).
    fn open_lines(&self, seat: Seat) -> usize {
        LINES
            .iter()
            .filter(|line| {
                line.iter().all(|&i| {
                    matches!(self.cells[i], Cell::Empty) || self.cells[i] == Cell::Taken(seat)
                })
            })
            .count()
    }
}

impl Game for TicTacToe {
    type Action = Mark;
    type Rules = TicTacToeRules;

    fn new(rules: &TicTacToeRules) -> Self {
        TicTacToe {
            rules: rules.clone(),
            cells: [Cell::Empty; 9],
        }
    }

    fn rules(&self) -> &TicTacToeRules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome().is_none().then(|| self.mover())
    }

    fn outcome(&self) -> Option<Outcome> {
        for seat in [Seat(0), Seat(1)] {
            if self.has_line(seat) {
                return Some(Outcome::Win(seat));
            }
        }
        let full = self.cells.iter().all(|&c| c != Cell::Empty);
        let limit = self.rules.ply_limit().is_some_and(|l| self.plies() >= l);
        (full || limit).then_some(Outcome::Draw)
    }

    fn plies(&self) -> u32 {
        // At most 9 marks.
        self.cells.iter().filter(|&&c| c != Cell::Empty).count() as u32
    }

    fn try_for_each_action<B, F>(&self, mut f: F) -> ControlFlow<B>
    where
        F: FnMut(Mark) -> ControlFlow<B>,
    {
        if self.is_over() {
            return ControlFlow::Continue(());
        }
        for square in 0..9u8 {
            if self.cells[usize::from(square)] == Cell::Empty {
                f(Mark(square))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn play_unchecked(&mut self, action: Mark) {
        let mover = self.mover();
        if let Some(cell) = self.cells.get_mut(usize::from(action.0)) {
            *cell = Cell::Taken(mover);
        }
    }

    fn illegal_reason(&self, action: Mark) -> Option<String> {
        match self.cells.get(usize::from(action.0)) {
            Some(Cell::Taken(_)) if !self.is_over() => Some(format!("{action} is taken")),
            _ => None,
        }
    }
}

impl Notation for TicTacToe {
    type PositionError = PositionError;

    fn from_position(text: &str, rules: &TicTacToeRules) -> Result<Self, PositionError> {
        let bad = || PositionError::Board(pyramid_core::excerpt(text));
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 3 {
            return Err(bad());
        }
        let mut cells = [Cell::Empty; 9];
        // The text lists rank 3 first.
        for (r, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != 3 {
                return Err(bad());
            }
            for (file, c) in chars.into_iter().enumerate() {
                cells[(2 - r) * 3 + file] = match c {
                    'x' => Cell::Taken(Seat(0)),
                    'o' => Cell::Taken(Seat(1)),
                    '.' => Cell::Empty,
                    _ => return Err(bad()),
                };
            }
        }
        let state = TicTacToe {
            rules: rules.clone(),
            cells,
        };
        let (x, o) = (state.count(Seat(0)), state.count(Seat(1)));
        if x != o && x != o + 1 {
            return Err(PositionError::Counts { x, o });
        }
        // Only the side that made the last mark can have a line.
        let last = if x == o { Seat(1) } else { Seat(0) };
        if state.has_line(Seat(1 - last.0)) {
            return Err(PositionError::Lines(pyramid_core::excerpt(text)));
        }
        Ok(state)
    }

    fn position(&self) -> String {
        let rows: Vec<String> = (0..3)
            .rev()
            .map(|rank| {
                self.cells[rank * 3..rank * 3 + 3]
                    .iter()
                    .map(|c| match c {
                        Cell::Empty => '.',
                        Cell::Taken(Seat(0)) => 'x',
                        Cell::Taken(_) => 'o',
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }
}

/// Nothing is hidden: every seat sees the whole board.
impl PerfectInformation for TicTacToe {}

/// Words for tools: seats are `x` and `o`, an action marks one square. The end of a game
/// and the moves in other notations keep the defaults (the outcome; none).
impl pyramid_core::Describe for TicTacToe {
    fn summary() -> &'static str {
        "Noughts and crosses: three in a row wins."
    }

    fn how_to_play() -> &'static str {
        "Players take turns marking an empty square of the 3x3 grid; the first with three \
         marks in a row, column or diagonal wins, and a full grid without one is a draw."
    }

    fn seat_name(&self, seat: Seat) -> String {
        if seat.0 == 0 { "x" } else { "o" }.to_owned()
    }

    fn describe_action(&self, action: Mark, _viewer: Option<Seat>) -> pyramid_core::ActionWords {
        let seat = self.to_act().unwrap_or(Seat(0));
        pyramid_core::ActionWords {
            words: format!("{} marked {action}", self.seat_name(seat)),
            squares: vec![action.to_string()],
            capture: false,
        }
    }
}

impl Evaluate for TicTacToe {
    /// A win 100, a loss -100; otherwise the lines `seat` can still complete less the
    /// other side's.
    fn evaluate(&self, seat: Seat) -> f64 {
        let other = Seat(1 - seat.0 % 2);
        match self.outcome() {
            Some(Outcome::Win(winner)) if winner == seat => 100.0,
            Some(Outcome::Win(_)) => -100.0,
            Some(Outcome::Draw) => 0.0,
            None => self.open_lines(seat) as f64 - self.open_lines(other) as f64,
        }
    }
}

impl Diagram for TicTacToe {
    /// The board, rank 3 on top, then who is to move or the result.
    fn diagram(&self, _viewer: Option<Seat>) -> String {
        let mut out: String = self.position().replace('/', "\n");
        out.push('\n');
        out.push_str(&match self.outcome() {
            Some(Outcome::Win(seat)) => format!("seat {seat} won\n"),
            Some(Outcome::Draw) => "draw\n".to_owned(),
            None => format!("seat {} to move\n", self.mover()),
        });
        out
    }
}

/// The text diagram as a picture (the trait's default drawing).
impl Svg for TicTacToe {}

/// The action id is the square: 9 ids.
impl ActionIds for TicTacToe {
    fn action_space(_rules: &TicTacToeRules) -> u64 {
        9
    }

    fn action_id(&self, action: Mark) -> u64 {
        u64::from(action.0)
    }

    fn action_from_id(&self, id: u64) -> Option<Mark> {
        u8::try_from(id).ok().and_then(Mark::new)
    }
}

/// One decision step per action, its square: a policy space of 9 indices.
impl PolicySpace for TicTacToe {
    fn policy_size(_rules: &TicTacToeRules) -> u32 {
        9
    }

    fn max_steps(_rules: &TicTacToeRules) -> usize {
        1
    }

    fn write_steps(&self, action: Mark, out: &mut Vec<u32>) {
        out.push(u32::from(action.0));
    }

    fn step_text(&self, step: u32) -> Option<String> {
        u8::try_from(step)
            .ok()
            .and_then(Mark::new)
            .map(|m| m.to_string())
    }
}

/// Three planes of 3x3 (rank 1 first): the observing seat's marks, the other side's, and
/// all ones when the observing seat is to move. Shape `[3, 3, 3]`.
impl Observation for TicTacToe {
    fn observation_shape(_rules: &TicTacToeRules) -> Vec<usize> {
        vec![3, 3, 3]
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let to_move = self.to_act() == Some(seat);
        for (square, cell) in self.cells.iter().enumerate() {
            let mut planes = Vec::with_capacity(2);
            match cell {
                Cell::Taken(owner) if *owner == seat => planes.push(0),
                Cell::Taken(_) => planes.push(1),
                Cell::Empty => {}
            }
            if to_move {
                planes.push(2);
            }
            for plane in planes {
                if let Some(entry) = out.get_mut(plane * 9 + square) {
                    *entry = 1.0;
                }
            }
        }
    }
}

/// One random key per square and mark.
const KEYS: [u64; 18] = zobrist_table(0x7_1C7A_C70E);

impl Zobrist for TicTacToe {
    fn key(&self) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .fold(0, |key, (square, cell)| match cell {
                Cell::Empty => key,
                Cell::Taken(seat) => key ^ KEYS[square * 2 + usize::from(seat.0 % 2)],
            })
    }
}
