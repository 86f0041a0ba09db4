//! A [`Setup`](crate::Setup) checked and made a state (every rule a position must keep,
//! each refusal naming its field), and a state written back as a setup: next to the
//! state, so that the setup stays pure data.

use crate::geometry::{bit_of, board_mask, square_of};
use crate::state::{
    AtaxxIce, NOBODY, ONGOING, PIECES_PER_SEAT, PIECES_PER_SIZE, board_result, size_name, size_of,
};
use pyramid_core::Bitboard;
use pyramid_core::{RuleSet, Seat};

use crate::setup::{PlacedPiece, PositionError, Setup};

impl TryFrom<Setup> for AtaxxIce {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Self, PositionError> {
        let rules = setup.rules;
        let seats = rules.seats();
        let pieces = place_pieces(&setup.pieces, seats, rules.size())?;
        check_piece_counts(&pieces, seats)?;
        if let Some(stashes) = &setup.stashes {
            check_stashes(&pieces, stashes, seats)?;
        }
        let full = full_boards(&pieces, seats);
        if let [a, b, ..] = full[..] {
            return Err(PositionError::invariant(
                "stashes",
                format!("seats {a} and {b}"),
                "both have empty stashes; the game ends when the first one empties",
            ));
        }
        let out: Vec<u8> = (0..seats)
            .filter(|&s| pieces[s].iter().all(|&b| b == 0))
            .map(|s| s as u8)
            .collect();
        if let Some(listed) = &setup.eliminated {
            check_eliminated(listed, &out)?;
        }
        let (result, _) = board_result(&pieces, seats, None);
        let to_move = check_to_move(setup.to_move, seats, &out, &full, result)?;
        Ok(AtaxxIce {
            rules,
            pieces,
            to_move,
            result,
            plies: setup.plies,
        })
    }
}

/// The pieces as bitboards: every piece on the board, of an existing seat, one per square.
fn place_pieces(
    placed: &[PlacedPiece],
    seats: usize,
    size: u8,
) -> Result<[[u64; 3]; 4], PositionError> {
    let board = board_mask(size);
    let mut pieces = [[0u64; 3]; 4];
    let mut occupied = 0u64;
    for p in placed {
        let Some(b) = bit_of(p.square).filter(|&b| board & (1 << b) != 0) else {
            return Err(PositionError::off_board("board", p.square, size, size));
        };
        if usize::from(p.seat) >= seats {
            return Err(PositionError::out_of_range(
                "board",
                format!("the seat of the piece on {}", p.square),
                u64::from(p.seat),
                0..=(seats as u64).saturating_sub(1),
            ));
        }
        if occupied & (1 << b) != 0 {
            return Err(PositionError::occupied("board", p.square, "pieces"));
        }
        occupied |= 1 << b;
        pieces[usize::from(p.seat)][p.size.index()] |= 1 << b;
    }
    Ok(pieces)
}

/// No seat has more pieces of a size on the board than it owns.
fn check_piece_counts(pieces: &[[u64; 3]; 4], seats: usize) -> Result<(), PositionError> {
    for (seat, p) in pieces.iter().enumerate().take(seats) {
        for (s, b) in p.iter().enumerate() {
            if b.count_ones() > u32::from(PIECES_PER_SIZE) {
                return Err(PositionError::count(
                    "board",
                    format!(
                        "{} pieces of seat {seat} on the board (a seat owns 5 of each size)",
                        size_name(s)
                    ),
                    b.count_ones() as usize,
                    0..=usize::from(PIECES_PER_SIZE),
                ));
            }
        }
    }
    Ok(())
}

/// Given stashes: one per seat, and board plus stash is every piece of each size.
fn check_stashes(
    pieces: &[[u64; 3]; 4],
    stashes: &[[u8; 3]],
    seats: usize,
) -> Result<(), PositionError> {
    if stashes.len() != seats {
        return Err(PositionError::count(
            "stashes",
            format!("stashes for a game of {seats} seats (one per seat)"),
            stashes.len(),
            seats..=seats,
        ));
    }
    for (seat, stash) in stashes.iter().enumerate() {
        for s in 0..3 {
            let on_board = pieces[seat][s].count_ones();
            if on_board + u32::from(stash[s]) != u32::from(PIECES_PER_SIZE) {
                return Err(PositionError::count(
                    "stashes",
                    format!(
                        "{} pieces of seat {seat}: {on_board} on the board and {} in its stash \
                         (every piece is on the board or in its owner's stash)",
                        size_name(s),
                        stash[s]
                    ),
                    on_board as usize + usize::from(stash[s]),
                    usize::from(PIECES_PER_SIZE)..=usize::from(PIECES_PER_SIZE),
                ));
            }
        }
    }
    Ok(())
}

/// The seats with all their pieces on the board (an empty stash ends the game).
fn full_boards(pieces: &[[u64; 3]; 4], seats: usize) -> Vec<u8> {
    (0..seats)
        .filter(|&s| {
            pieces[s].iter().map(|b| b.count_ones()).sum::<u32>() == u32::from(PIECES_PER_SEAT)
        })
        .map(|s| s as u8)
        .collect()
}

/// Given eliminated seats must be exactly the seats without pieces on the board.
fn check_eliminated(listed: &[u8], out: &[u8]) -> Result<(), PositionError> {
    let mut listed = listed.to_vec();
    listed.sort_unstable();
    listed.dedup();
    if listed == out {
        return Ok(());
    }
    let show = |v: &[u8]| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
        }
    };
    Err(PositionError::mismatch(
        "eliminated",
        "eliminated seats (those without pieces on the board)",
        show(out),
        show(&listed),
    ))
}

/// The seat to move: an existing seat still in the game while the game goes on, none
/// once the board has decided it.
fn check_to_move(
    to_move: Option<u8>,
    seats: usize,
    out: &[u8],
    full: &[u8],
    result: u8,
) -> Result<u8, PositionError> {
    let refused = |seat: Option<u8>, reason: String| {
        Err(PositionError::seat_to_act(
            "to-move",
            seat.map(Seat),
            reason,
        ))
    };
    match to_move {
        Some(seat) if usize::from(seat) >= seats => Err(PositionError::out_of_range(
            "to-move",
            "the seat to move",
            u64::from(seat),
            0..=(seats as u64).saturating_sub(1),
        )),
        Some(seat) if out.contains(&seat) => refused(
            Some(seat),
            "it is eliminated (it has no piece on the board)".to_owned(),
        ),
        Some(seat) if result != ONGOING => {
            let why = match full.first() {
                Some(s) => format!("seat {s} has all its pieces on the board"),
                None if out.len() == seats => "no seat has a piece on the board".to_owned(),
                None => "only one seat has pieces on the board".to_owned(),
            };
            refused(
                Some(seat),
                format!("the game is over ({why}), so no seat is to move: write `-`"),
            )
        }
        Some(seat) => Ok(seat),
        None if result == ONGOING => refused(None, "the game is not over".to_owned()),
        None => Ok(NOBODY),
    }
}

impl From<AtaxxIce> for Setup {
    fn from(state: AtaxxIce) -> Self {
        let seats = state.rules.seats();
        let mut pieces = Vec::new();
        for (seat, p) in state.pieces.iter().enumerate().take(seats) {
            for (s, &b) in p.iter().enumerate() {
                for sq in Bitboard(b) {
                    pieces.push(PlacedPiece {
                        square: square_of(sq as u8),
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
