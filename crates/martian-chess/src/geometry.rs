//! Board geometry: the two boards (4x8 for two seats, 8x8 for four), their zones, how
//! each kind of piece moves ([`MOVEMENT`]), and the move tables built from it, all as
//! `u64` bitboards with bit `i` = square index `i` (`rank * width + file`, `a1` = bit 0).

/// Direction steps `(dx, dy)` in the order the ray tables use. The first four raise the
/// square index (north, north-east, east, north-west), the last four lower it.
pub(crate) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];

/// Indices into [`DIRS`] of the four orthogonal directions.
pub(crate) const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
/// Indices into [`DIRS`] of the four diagonal directions.
pub(crate) const DIAGONAL: [usize; 4] = [1, 3, 5, 7];
/// Indices into [`DIRS`] of all eight directions.
const ALL_DIRECTIONS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// How one kind of piece moves: the directions it may take and how far along one.
#[derive(Debug)]
pub(crate) struct Movement {
    /// Indices into [`DIRS`].
    pub directions: &'static [usize],
    /// The most squares it travels in one move.
    pub steps: u8,
}

/// The movement rule, by kind (0 pawn, 1 drone, 2 queen): a pawn one square diagonally,
/// a drone one or two squares orthogonally, a queen any distance in a straight line.
/// No piece passes over another: a move ends at the latest on the first piece in its
/// way ([`Layout::between`] holds the squares that must be empty). Every table of
/// moves below ([`Layout::pawn`], [`Layout::drone_reach`], [`Layout::queen_reach`], the
/// reach lists) and the set-wise shifts of `fast.rs` are built from this table.
pub(crate) const MOVEMENT: [Movement; 3] = [
    Movement {
        directions: &DIAGONAL,
        steps: 1,
    },
    Movement {
        directions: &ORTHOGONAL,
        steps: 2,
    },
    Movement {
        directions: &ALL_DIRECTIONS,
        steps: 7,
    },
];

/// Whether [`MOVEMENT`] lets a piece of `kind` travel `step` squares in direction `dir`
/// (on an empty board).
const fn moves_along(kind: usize, dir: usize, step: u8) -> bool {
    let movement = &MOVEMENT[kind];
    let mut i = 0;
    while i < movement.directions.len() {
        if movement.directions[i] == dir {
            return step <= movement.steps;
        }
        i += 1;
    }
    false
}

/// The geometry of one board.
#[derive(Debug)]
pub(crate) struct Layout {
    /// Number of files (4 or 8).
    pub width: u8,
    /// Number of ranks (always 8).
    pub height: u8,
    /// log2 of the width, to split an index into file and rank.
    pub shift: u8,
    /// Every square of the board.
    pub board: u64,
    /// The zone of each seat (unused entries are 0).
    pub zones: [u64; 4],
    /// The seat whose zone holds each square.
    pub zone_index: [u8; 64],
    /// A pawn's reach from each square ([`MOVEMENT`]): its diagonal neighbours.
    pub pawn: [u64; 64],
    /// A drone's reach on an empty board ([`MOVEMENT`]): squares one or two steps away
    /// orthogonally.
    pub drone_reach: [u64; 64],
    /// The eight neighbours of each square (a pawn's moves under `variant=ofkk`).
    pub king: [u64; 64],
    /// The chess-knight jumps from each square (a drone's moves under `variant=ofkk`).
    pub knight: [u64; 64],
    /// The squares from each square to the board's edge in each direction, the square
    /// itself excluded.
    pub rays: [[u64; 64]; 8],
    /// Every square a queen on an empty board reaches from each square ([`MOVEMENT`]).
    pub queen_reach: [u64; 64],
    /// The squares strictly between two squares on one line (0 if not on a line).
    pub between: [[u64; 64]; 64],
    /// By kind (0 pawn, 1 drone, 2 queen) and square: how many squares [`Layout::reach`]
    /// holds, and those squares in ascending order.
    pub reach_count: [[u8; 64]; 3],
    /// See `reach_count`.
    pub reach_list: [[[u8; 28]; 64]; 3],
}

/// The two-seat board: 4 files, 8 ranks, zones ranks 1-4 (seat 0) and 5-8 (seat 1).
pub(crate) static TWO_SEATS: Layout = Layout::build(4);
/// The four-seat board: 8x8, zones SW (seat 0), NW (1), NE (2), SE (3).
pub(crate) static FOUR_SEATS: Layout = Layout::build(8);

/// The layout for a seat count (4 seats: the 8x8 board; anything else: 4x8).
#[inline(always)]
pub(crate) fn for_seats(seats: u8) -> &'static Layout {
    if seats == 4 { &FOUR_SEATS } else { &TWO_SEATS }
}

const fn on_board(width: i8, file: i8, rank: i8) -> bool {
    file >= 0 && file < width && rank >= 0 && rank < 8
}

impl Layout {
    const fn build(width: u8) -> Layout {
        let squares = width as usize * 8;
        let mut layout = Layout {
            width,
            height: 8,
            shift: if width == 4 { 2 } else { 3 },
            board: if squares == 64 {
                u64::MAX
            } else {
                (1u64 << squares) - 1
            },
            zones: [0; 4],
            zone_index: [0; 64],
            pawn: [0; 64],
            drone_reach: [0; 64],
            king: [0; 64],
            knight: [0; 64],
            rays: [[0; 64]; 8],
            queen_reach: [0; 64],
            between: [[0; 64]; 64],
            reach_count: [[0; 64]; 3],
            reach_list: [[[0; 28]; 64]; 3],
        };
        let mut sq = 0;
        while sq < squares {
            layout.add_zone(sq);
            layout.add_ofkk_steps(sq);
            layout.add_rays(sq);
            sq += 1;
        }
        layout.build_reach_lists();
        layout
    }

    /// Puts square `sq` in its seat's zone.
    const fn add_zone(&mut self, sq: usize) {
        let width = self.width as usize;
        let (file, rank) = (sq % width, sq / width);
        let seat = if width == 4 {
            if rank < 4 { 0 } else { 1 }
        } else {
            match (file < 4, rank < 4) {
                (true, true) => 0,
                (true, false) => 1,
                (false, false) => 2,
                (false, true) => 3,
            }
        };
        self.zones[seat] |= 1u64 << sq;
        self.zone_index[sq] = seat as u8;
    }

    /// The file and rank of `sq`, signed for stepping off the board.
    const fn coords(&self, sq: usize) -> (i8, i8) {
        let width = self.width as usize;
        ((sq % width) as i8, (sq / width) as i8)
    }

    /// The king steps and knight jumps from `sq` (`variant=ofkk`).
    const fn add_ofkk_steps(&mut self, sq: usize) {
        let w = self.width as i8;
        let (file, rank) = self.coords(sq);
        let mut dx = -2;
        while dx <= 2 {
            let mut dy = -2;
            while dy <= 2 {
                let (f, r) = (file + dx, rank + dy);
                if on_board(w, f, r) {
                    let target = 1u64 << (r as usize * w as usize + f as usize);
                    let (ax, ay) = (dx.abs(), dy.abs());
                    if ax <= 1 && ay <= 1 && ax + ay > 0 {
                        self.king[sq] |= target;
                    }
                    if ax + ay == 3 && ax > 0 && ay > 0 {
                        self.knight[sq] |= target;
                    }
                }
                dy += 1;
            }
            dx += 1;
        }
    }

    /// The rays and between-squares from `sq`, and the empty-board reach of each kind
    /// there ([`MOVEMENT`]).
    const fn add_rays(&mut self, sq: usize) {
        let w = self.width as i8;
        let (file, rank) = self.coords(sq);
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRS[d];
            let mut step = 1;
            let (mut f, mut r) = (file + dx, rank + dy);
            let mut passed = 0u64;
            while on_board(w, f, r) {
                let to = r as usize * w as usize + f as usize;
                let target = 1u64 << to;
                self.rays[d][sq] |= target;
                self.between[sq][to] = passed;
                passed |= target;
                if moves_along(0, d, step) {
                    self.pawn[sq] |= target;
                }
                if moves_along(1, d, step) {
                    self.drone_reach[sq] |= target;
                }
                if moves_along(2, d, step) {
                    self.queen_reach[sq] |= target;
                }
                step += 1;
                f += dx;
                r += dy;
            }
            d += 1;
        }
    }

    /// The reach lists and counts of every kind on every square.
    const fn build_reach_lists(&mut self) {
        let squares = self.width as usize * 8;
        let mut sq = 0;
        while sq < squares {
            let mut kind = 0;
            while kind < 3 {
                let mut bits = match kind {
                    0 => self.pawn[sq],
                    1 => self.drone_reach[sq],
                    _ => self.queen_reach[sq],
                };
                let mut n = 0;
                while bits != 0 {
                    self.reach_list[kind][sq][n] = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    n += 1;
                }
                self.reach_count[kind][sq] = n as u8;
                kind += 1;
            }
            sq += 1;
        }
    }

    /// Squares reachable from `sq` in direction `dir` with `occ` occupied: the ray up to
    /// and including the first occupied square. Branch-free: with no blocker the search
    /// lands on a corner square whose ray in that direction is empty.
    #[inline(always)]
    pub fn ray_attacks(&self, dir: usize, sq: usize, occ: u64) -> u64 {
        let ray = self.rays[dir][sq];
        let blockers = ray & occ;
        let first = if dir < 4 {
            (blockers | 1 << 63).trailing_zeros()
        } else {
            63 - (blockers | 1).leading_zeros()
        };
        ray ^ self.rays[dir][first as usize]
    }

    /// A queen's reach from `sq` (all eight lines, up to and including the first piece).
    #[inline(always)]
    pub fn queen_attacks(&self, sq: usize, occ: u64) -> u64 {
        let mut out = 0;
        let mut d = 0;
        while d < 8 {
            out |= self.ray_attacks(d, sq, occ);
            d += 1;
        }
        out
    }

    /// A drone's reach from `sq`: one or two orthogonal steps, the first one empty for
    /// a two-step move.
    #[inline(always)]
    pub fn drone_attacks(&self, sq: usize, occ: u64) -> u64 {
        let mut out = 0;
        for &d in MOVEMENT[1].directions {
            out |= self.ray_attacks(d, sq, occ);
        }
        out & self.drone_reach[sq]
    }

    /// The index of the square on `file`, `rank`, if it is on this board.
    #[inline(always)]
    pub const fn index(&self, file: u8, rank: u8) -> Option<usize> {
        if file < self.width && rank < self.height {
            Some(rank as usize * self.width as usize + file as usize)
        } else {
            None
        }
    }

    /// The file and rank of square index `sq`.
    #[inline(always)]
    pub const fn file_rank(&self, sq: usize) -> (u8, u8) {
        (
            (sq & (self.width as usize - 1)) as u8,
            (sq >> self.shift) as u8,
        )
    }

    /// The zone holding square `sq` (its seat), if any.
    #[inline(always)]
    pub fn zone_of(&self, sq: usize, seats: u8) -> Option<u8> {
        let bit = 1u64 << sq;
        (0..seats).find(|&s| self.zones[usize::from(s)] & bit != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_partition_the_board() {
        for (layout, seats) in [(&TWO_SEATS, 2usize), (&FOUR_SEATS, 4)] {
            let mut all = 0;
            for s in 0..seats {
                assert_eq!(layout.zones[s].count_ones(), 16);
                assert_eq!(all & layout.zones[s], 0);
                all |= layout.zones[s];
            }
            assert_eq!(all, layout.board);
        }
    }

    #[test]
    fn move_tables_match_hand_counts() {
        // a1 on the 4x8 board: one diagonal, drone reach b1 c1 a2 a3.
        assert_eq!(TWO_SEATS.pawn[0].count_ones(), 1);
        assert_eq!(TWO_SEATS.drone_reach[0].count_ones(), 4);
        // b2 (index 5): four diagonals.
        assert_eq!(TWO_SEATS.pawn[5].count_ones(), 4);
        // A queen on d4 of the empty 8x8 board reaches 27 squares.
        assert_eq!(FOUR_SEATS.queen_attacks(27, 0).count_ones(), 27);
        // a1 on the 4x8 board: king steps a2 b1 b2, knight jumps b3 c2.
        assert_eq!(TWO_SEATS.king[0], (1 << 4) | (1 << 1) | (1 << 5));
        assert_eq!(TWO_SEATS.knight[0], (1 << 9) | (1 << 6));
        // A knight in the middle of the 8x8 board (d4) has 8 jumps, a king 8 steps.
        assert_eq!(FOUR_SEATS.knight[27].count_ones(), 8);
        assert_eq!(FOUR_SEATS.king[27].count_ones(), 8);
        // A drone on a3 (index 8) with a4 blocked reaches a4 but not a5.
        let a4 = 1u64 << 12;
        assert_eq!(
            TWO_SEATS.drone_attacks(8, a4),
            a4 | (1 << 9) | (1 << 10) | (1 << 4) | 1
        );
    }
}
