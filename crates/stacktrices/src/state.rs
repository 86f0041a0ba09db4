//! The game state and its accessors.

use pyramid_core::bits::bits;
use pyramid_core::{Outcome, Seat, Square};
use serde::{Deserialize, Serialize};

pub use crate::decision::Decision;
use crate::geometry::{Base, GRID, SQUARES, Stack, index, square};
use crate::piece::{Piece, Pieces};
use crate::rules::{Rules, Start};
use crate::setup::Setup;

/// The pieces each side receives for the setup phase: `P P D D Q` and `p p d d q`.
pub const RECEIVED: Pieces = Pieces([2, 2, 1, 2, 2, 1]);
/// The store at the start: one `Q` and one `q`.
pub const START_STORE: Pieces = Pieces([0, 0, 1, 0, 0, 1]);

/// A Stacktrices state: the full position, hidden information included.
///
/// ```
/// use pyramid_core::prelude::*;
/// use pyramid_core::{perft};
/// use stacktrices::{Stacktrices, Rules, Start};
/// let start = Stacktrices::new(&Rules::default().with_start(Start::Standard));
/// assert_eq!(perft(&start, 1), 21);
/// let setup = Stacktrices::new(&Rules::default());
/// assert_eq!(perft(&setup, 2), 16);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
pub struct Stacktrices {
    pub(crate) rules: Rules,
    pub(crate) board: [Option<Stack>; SQUARES],
    /// Occupancy per seat.
    pub(crate) occ: [u64; 2],
    pub(crate) store: Pieces,
    /// Pieces of a captured stack held apart during a steal.
    pub(crate) held: Pieces,
    pub(crate) thief: [Option<u8>; 2],
    /// Per seat: the stack that raided last (barred while it is the thief).
    pub(crate) bar: [Option<u8>; 2],
    /// Variant 1: the thief is exposed.
    pub(crate) exposed: [bool; 2],
    pub(crate) decision: Decision,
    /// A raid follows the pending steal / victim hide.
    pub(crate) raid_due: bool,
    /// Where the stack of this turn's main action (a move) stands, while a follow-up
    /// depends on it: an optional steal (Variant 1), a raid, or a pending `+raid`. Only
    /// that stack, when it is the thief, has steals or raids besides `none`.
    pub(crate) lander: Option<u8>,
    /// The seat whose turn it is.
    pub(crate) turn: u8,
    pub(crate) plies: u32,
    /// Set when the game ended by the rules (not by the ply limit).
    pub(crate) over: Option<Outcome>,
}

impl Stacktrices {
    pub(crate) fn empty(rules: &Rules) -> Stacktrices {
        Stacktrices {
            rules: rules.clone(),
            board: [None; SQUARES],
            occ: [0; 2],
            store: START_STORE,
            held: Pieces::EMPTY,
            thief: [None; 2],
            bar: [None; 2],
            exposed: [false; 2],
            decision: Decision::Main,
            raid_due: false,
            lander: None,
            turn: 0,
            plies: 0,
            over: None,
        }
    }

    pub(crate) fn put(&mut self, sq: u8, stack: Stack) {
        self.board[usize::from(sq)] = Some(stack);
        self.occ[usize::from(stack.owner)] |= 1 << sq;
    }

    pub(crate) fn take(&mut self, sq: u8) -> Option<Stack> {
        let stack = self.board[usize::from(sq)].take()?;
        self.occ[usize::from(stack.owner)] &= !(1 << sq);
        Some(stack)
    }

    /// The bases of one home row, files a to g: drone, queen, drone, queen, ...
    pub(crate) fn home_base(file: u8) -> Base {
        if file % 2 == 0 {
            Base::Drone
        } else {
            Base::Queen
        }
    }

    /// The start of the setup phase: bases only, White to hide its vulnerability.
    pub(crate) fn setup_start(rules: &Rules) -> Stacktrices {
        let mut s = Stacktrices::empty(rules);
        for file in 0..7u8 {
            let base = Self::home_base(file);
            s.put(
                file,
                Stack {
                    owner: 0,
                    base,
                    pieces: Pieces::EMPTY,
                },
            );
            s.put(
                42 + file,
                Stack {
                    owner: 1,
                    base,
                    pieces: Pieces::EMPTY,
                },
            );
        }
        s.decision = Decision::SetupHide;
        s
    }

    /// The standard arrangement, White to move.
    pub(crate) fn standard_start(rules: &Rules) -> Stacktrices {
        let mut s = Stacktrices::empty(rules);
        let white: [&str; 7] = ["Pp", "Dd", "", "Qq", "", "Dd", "Pp"];
        for (file, letters) in white.iter().enumerate() {
            let file = file as u8;
            let pieces = Pieces::from_letters(letters).unwrap_or_default();
            let base = Self::home_base(file);
            s.put(
                file,
                Stack {
                    owner: 0,
                    base,
                    pieces,
                },
            );
            s.put(
                48 - file,
                Stack {
                    owner: 1,
                    base,
                    pieces,
                },
            );
        }
        s.thief = [Some(0), Some(48)];
        s.decision = Decision::Main;
        s
    }

    pub(crate) fn start(rules: &Rules) -> Stacktrices {
        match rules.start() {
            Start::Setup => Self::setup_start(rules),
            Start::Standard => Self::standard_start(rules),
        }
    }

    /// The stack on `sq`, if any.
    pub fn stack(&self, sq: Square) -> Option<Stack> {
        if GRID.contains(sq) {
            self.board[usize::from(index(sq))]
        } else {
            None
        }
    }

    /// Every stack with its square, in ascending square order.
    pub fn stacks(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        bits(self.occ[0] | self.occ[1])
            .filter_map(|i| self.board[usize::from(i)].map(|s| (square(i), s)))
    }

    /// The store (the trading post).
    pub fn store(&self) -> Pieces {
        self.store
    }

    /// Pieces of a captured thief held apart while its capturer steals.
    pub fn held(&self) -> Pieces {
        self.held
    }

    /// The stack hiding `seat`'s vulnerability (its thief), if any. Hidden information:
    /// the other seat's [`crate::StacktricesView`] does not hold it.
    pub fn thief(&self, seat: Seat) -> Option<Square> {
        self.thief.get(seat.index()).copied().flatten().map(square)
    }

    /// The stack of `seat` that raided last (until it ends a turn on its home row); it is
    /// barred from raiding while it is `seat`'s thief.
    pub fn raider(&self, seat: Seat) -> Option<Square> {
        self.bar.get(seat.index()).copied().flatten().map(square)
    }

    /// Whether `seat`'s thief is barred from raiding.
    pub fn is_barred(&self, seat: Seat) -> bool {
        let i = seat.index() & 1;
        self.thief[i].is_some() && self.thief[i] == self.bar[i]
    }

    /// Variant 1: whether `seat`'s thief is exposed.
    pub fn is_exposed(&self, seat: Seat) -> bool {
        self.exposed.get(seat.index()).copied().unwrap_or(false)
    }

    /// The pending decision.
    pub fn decision(&self) -> Decision {
        self.decision
    }

    /// The seat whose turn it is, also once the game is over (during a victim's hide,
    /// the other seat acts). [`pyramid_core::Game::to_act`] gives the seat that acts, and
    /// `None` when over.
    pub fn seat_to_move(&self) -> Seat {
        Seat(self.turn)
    }

    /// During the setup phase: the pieces `seat` has still to place.
    pub fn hand(&self, seat: Seat) -> Pieces {
        if !matches!(self.decision, Decision::SetupHide | Decision::Place) {
            return Pieces::EMPTY;
        }
        let mut hand = RECEIVED;
        for i in bits(self.occ[seat.index() & 1]) {
            if let Some(st) = self.board[usize::from(i)] {
                for k in Piece::ALL {
                    hand.0[k.index()] = hand.0[k.index()].saturating_sub(st.pieces.count(k));
                }
            }
        }
        hand
    }

    /// Every piece of the game counted once: stacks, store, held pieces and setup hands.
    /// Always equals [`Piece::TOTALS`].
    pub fn piece_census(&self) -> Pieces {
        let mut all = self.store;
        all.add_all(self.held);
        for (_, st) in self.stacks() {
            all.add_all(st.pieces);
        }
        all.add_all(self.hand(Seat(0)));
        all.add_all(self.hand(Seat(1)));
        all
    }

    pub(crate) fn actor(&self) -> u8 {
        if self.decision == Decision::VictimHide {
            self.turn ^ 1
        } else {
            self.turn
        }
    }

    pub(crate) fn several_movement(&self) -> bool {
        self.rules.variant2() && !matches!(self.decision, Decision::SetupHide | Decision::Place)
    }

    /// Drone-base stacks of `seat` as a mask.
    pub(crate) fn drones(&self, seat: u8) -> u64 {
        bits(self.occ[usize::from(seat)])
            .filter(|&i| self.board[usize::from(i)].is_some_and(|s| s.base == Base::Drone))
            .fold(0, |m, i| m | 1 << i)
    }
}
