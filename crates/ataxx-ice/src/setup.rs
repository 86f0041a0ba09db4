//! The unvalidated form of a state ([`Setup`], what serde reads and writes) and its
//! validation, shared by RON and the position string.

use pyramid_core::{RuleSet, Size, Square};
use serde::{Deserialize, Serialize};

use crate::error::PositionError;
use crate::geometry::{bit_of, bits, board_mask, square_of};
use crate::rules::AtaxxIceRules;
use crate::state::{
    AtaxxIce, NOBODY, ONGOING, PIECES_PER_SEAT, PIECES_PER_SIZE, board_result, size_name, size_of,
};

/// One piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedPiece {
    /// Where it stands.
    pub square: Square,
    /// Its owner.
    pub seat: u8,
    /// Its size.
    pub size: Size,
}

/// A state as plain data, not yet checked: what the RON form holds, and what
/// [`AtaxxIce::try_from`] validates.
///
/// `stashes` and `eliminated` follow from the board (every piece is on the board or in
/// its owner's stash; a seat without pieces on the board is eliminated); when given they
/// must agree with it, when `None` they are derived.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rule options (seats, board size, ply limit).
    pub rules: AtaxxIceRules,
    /// The pieces on the board, in any order.
    pub pieces: Vec<PlacedPiece>,
    /// Each seat's stash: how many small, medium and large pieces.
    #[serde(default)]
    pub stashes: Option<Vec<[u8; 3]>>,
    /// The eliminated seats.
    #[serde(default)]
    pub eliminated: Option<Vec<u8>>,
    /// The seat to move; `None` once the board has decided the game.
    pub to_move: Option<u8>,
    /// Decision points played so far.
    pub plies: u32,
}

impl TryFrom<Setup> for AtaxxIce {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Self, PositionError> {
        let rules = setup.rules;
        let seats = rules.seats();
        let size = rules.size();
        let board = board_mask(size);
        let mut pieces = [[0u64; 3]; 4];
        let mut occupied = 0u64;
        for p in &setup.pieces {
            let Some(b) = bit_of(p.square).filter(|&b| board & (1 << b) != 0) else {
                return Err(PositionError::OffBoard {
                    square: p.square,
                    size,
                });
            };
            if usize::from(p.seat) >= seats {
                return Err(PositionError::NoSuchSeat {
                    square: p.square,
                    seat: p.seat,
                    seats,
                });
            }
            if occupied & (1 << b) != 0 {
                return Err(PositionError::SquareTaken { square: p.square });
            }
            occupied |= 1 << b;
            pieces[usize::from(p.seat)][p.size.index()] |= 1 << b;
        }
        for (seat, p) in pieces.iter().enumerate().take(seats) {
            for (s, b) in p.iter().enumerate() {
                if b.count_ones() > u32::from(PIECES_PER_SIZE) {
                    return Err(PositionError::TooManyPieces {
                        seat: seat as u8,
                        size: size_name(s),
                        count: b.count_ones(),
                    });
                }
            }
        }
        if let Some(stashes) = &setup.stashes {
            if stashes.len() != seats {
                return Err(PositionError::StashCount {
                    found: stashes.len(),
                    seats,
                });
            }
            for (seat, stash) in stashes.iter().enumerate() {
                for s in 0..3 {
                    let on_board = pieces[seat][s].count_ones();
                    if on_board + u32::from(stash[s]) != u32::from(PIECES_PER_SIZE) {
                        return Err(PositionError::StashMismatch {
                            seat: seat as u8,
                            size: size_name(s),
                            on_board,
                            in_stash: u32::from(stash[s]),
                        });
                    }
                }
            }
        }
        let full: Vec<u8> = (0..seats)
            .filter(|&s| {
                pieces[s].iter().map(|b| b.count_ones()).sum::<u32>() == u32::from(PIECES_PER_SEAT)
            })
            .map(|s| s as u8)
            .collect();
        if let [a, b, ..] = full[..] {
            return Err(PositionError::TwoEmptyStashes(a, b));
        }
        let out: Vec<u8> = (0..seats)
            .filter(|&s| pieces[s].iter().all(|&b| b == 0))
            .map(|s| s as u8)
            .collect();
        if let Some(listed) = &setup.eliminated {
            let mut listed = listed.clone();
            listed.sort_unstable();
            listed.dedup();
            if listed != out {
                let show = |v: &[u8]| {
                    if v.is_empty() {
                        "none".to_owned()
                    } else {
                        v.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
                    }
                };
                return Err(PositionError::EliminatedMismatch(format!(
                    "lists {} but the seats without pieces on the board are {}",
                    show(&listed),
                    show(&out)
                )));
            }
        }
        let (result, _) = board_result(&pieces, seats, None);
        let to_move = match setup.to_move {
            Some(seat) if usize::from(seat) >= seats => {
                return Err(PositionError::ToMoveOutOfRange { seat, seats });
            }
            Some(seat) if out.contains(&seat) => return Err(PositionError::ToMoveEliminated(seat)),
            Some(_) if result != ONGOING => {
                let why = match full.first() {
                    Some(s) => format!("seat {s} has all its pieces on the board"),
                    None if out.len() == seats => "no seat has a piece on the board".to_owned(),
                    None => "only one seat has pieces on the board".to_owned(),
                };
                return Err(PositionError::ToMoveAfterEnd(why));
            }
            Some(seat) => seat,
            None if result == ONGOING => return Err(PositionError::NobodyToMove),
            None => NOBODY,
        };
        Ok(AtaxxIce {
            rules,
            pieces,
            to_move,
            result,
            plies: setup.plies,
        })
    }
}

impl From<AtaxxIce> for Setup {
    fn from(state: AtaxxIce) -> Self {
        let seats = state.rules.seats();
        let mut pieces = Vec::new();
        for (seat, p) in state.pieces.iter().enumerate().take(seats) {
            for (s, &b) in p.iter().enumerate() {
                for sq in bits(b) {
                    pieces.push(PlacedPiece {
                        square: square_of(sq),
                        seat: seat as u8,
                        size: size_of(s),
                    });
                }
            }
        }
        pieces.sort_by_key(|p| (p.square.rank(), p.square.file()));
        let stashes = (0..seats)
            .map(|seat| [0, 1, 2].map(|s| state.stash_of(seat, s) as u8))
            .collect();
        let eliminated = (0..seats)
            .filter(|&s| state.pieces[s].iter().all(|&b| b == 0))
            .map(|s| s as u8)
            .collect();
        Setup {
            to_move: (state.to_move != NOBODY).then_some(state.to_move),
            rules: state.rules,
            pieces,
            stashes: Some(stashes),
            eliminated: Some(eliminated),
            plies: state.plies,
        }
    }
}
