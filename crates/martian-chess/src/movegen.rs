//! Legal move generation, counting and checking, on bitboards.

use pyramid_core::{Bitboard, Game};
use std::ops::ControlFlow;

use crate::geometry::Layout;
use crate::{Action, MartianChess};

/// What every move of the seat to move depends on, computed once per position.
pub(crate) struct MoveMasks {
    layout: &'static Layout,
    occ: u64,
    /// Occupied squares of the mover's zone (the pieces it may move).
    pub own: u64,
    /// Where a pawn may end: empty squares, other zones' pieces, and own pieces it may
    /// merge with.
    pawn: u64,
    /// Where a drone may end.
    drone: u64,
    /// Where a queen may end (queens never merge).
    queen: u64,
    /// The no-undo ban: the piece on `ban_from` may not move to `ban_to` (a bit mask);
    /// `ban_from` is 64 when there is no ban.
    ban_from: usize,
    ban_to: u64,
    /// `variant=ofkk`: pawns step like kings, drones jump like knights.
    ofkk: bool,
}

/// Field promotion (judged before the move): by kind of the moving piece (pawn, drone,
/// queen), the pieces of its own zone it may move onto, merging with them. Without a
/// queen, a drone and a pawn merge into a queen (either may be the mover); without a
/// drone, two pawns merge into a drone; nothing else merges. `pawns`, `drones` and
/// `queens` are the mover's (those in its zone).
#[inline(always)]
pub(crate) const fn field_promotion(pawns: u64, drones: u64, queens: u64) -> [u64; 3] {
    let (no_queen, no_drone) = promotion_triggers(drones, queens);
    [
        select(no_queen, drones) | select(no_drone, pawns),
        select(no_queen, pawns),
        0,
    ]
}

/// What opens [`field_promotion`]: whether the mover (with `drones` and `queens` in its
/// zone) controls no queen, and whether it controls no drone.
#[inline(always)]
const fn promotion_triggers(drones: u64, queens: u64) -> (bool, bool) {
    (queens == 0, drones == 0)
}

/// Whether [`field_promotion`] may allow a merge at all (the mover lacks a queen or a
/// drone): a cheap test that lets the hot loops skip the merge masks.
#[inline(always)]
pub(crate) const fn may_promote(drones: u64, queens: u64) -> bool {
    let (no_queen, no_drone) = promotion_triggers(drones, queens);
    no_queen | no_drone
}

/// Where a piece may end its move, by kind (pawn, drone, queen), for the seat whose
/// zone is `zone`: an empty square, a piece in another zone (a capture), or a
/// [`field_promotion`]; never another piece of its own zone.
#[inline(always)]
pub(crate) const fn may_end_on(board: u64, zone: u64, pieces: &[u64; 3]) -> [u64; 3] {
    let [pawns, drones, queens] = *pieces;
    let open = board & !((pawns | drones | queens) & zone);
    let merges = field_promotion(pawns & zone, drones & zone, queens & zone);
    [open | merges[0], open | merges[1], open | merges[2]]
}

/// No undo (two seats): after the previous ply moved a piece across the canal from X to
/// Y (`crossing`, recorded by [`crate::play::crossing_recorded`]), the move from Y back to
/// X is banned for this ply. Returns the banned move `(from, to)`.
#[inline(always)]
pub(crate) const fn no_undo_after_crossing(crossing: Option<(u8, u8)>) -> Option<(usize, usize)> {
    match crossing {
        Some((from, to)) => Some((to as usize, from as usize)),
        None => None,
    }
}

/// `bits` if `flag`, else 0, without a branch.
#[inline(always)]
const fn select(flag: bool, bits: u64) -> u64 {
    bits & (flag as u64).wrapping_neg()
}

impl MartianChess {
    /// The masks for the seat to move.
    #[inline(always)]
    pub(crate) fn masks(&self) -> MoveMasks {
        let layout = self.layout();
        let zone = layout.zones[usize::from(self.to_move) & 3];
        let occ = self.occupied();
        let [pawn, drone, queen] = may_end_on(layout.board, zone, &self.pieces);
        let (ban_from, ban_to) = match no_undo_after_crossing(self.crossing) {
            Some((from, to)) => (from, 1u64 << to),
            None => (64, 0),
        };
        MoveMasks {
            layout,
            occ,
            own: occ & zone,
            pawn,
            drone,
            queen,
            ban_from,
            ban_to,
            ofkk: self.rules.ofkk(),
        }
    }

    /// The legal destinations of the piece on `sq` (which must be in the mover's zone).
    #[inline(always)]
    pub(crate) fn targets(&self, m: &MoveMasks, sq: usize) -> u64 {
        let bit = 1u64 << sq;
        let raw = if self.pieces[0] & bit != 0 {
            let steps = if m.ofkk {
                m.layout.king[sq]
            } else {
                m.layout.pawn[sq]
            };
            steps & m.pawn
        } else if self.pieces[1] & bit != 0 {
            let reach = if m.ofkk {
                m.layout.knight[sq]
            } else {
                m.layout.drone_attacks(sq, m.occ)
            };
            reach & m.drone
        } else {
            m.layout.queen_attacks(sq, m.occ) & m.queen
        };
        if sq == m.ban_from {
            raw & !m.ban_to
        } else {
            raw
        }
    }

    /// Calls `f(from, to)` for every legal move (passes excluded), in ascending order of
    /// `from`, then of `to`.
    #[inline(always)]
    pub(crate) fn try_for_each_move<B>(
        &self,
        mut f: impl FnMut(usize, usize) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let m = self.masks();
        for from in Bitboard(m.own) {
            let from = from as usize;
            for to in Bitboard(self.targets(&m, from)) {
                f(from, to as usize)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The number of legal moves (passes excluded), piece by piece, standard movement
    /// only: a cross-check of the set-wise count.
    #[cfg(test)]
    pub(crate) fn count_moves(&self) -> usize {
        let m = self.masks();
        let layout = m.layout;
        let mut n = 0;
        for sq in Bitboard(self.pieces[0] & m.own) {
            n += (layout.pawn[sq as usize] & m.pawn).count_ones();
        }
        for sq in Bitboard(self.pieces[1] & m.own) {
            n += (layout.drone_attacks(sq as usize, m.occ) & m.drone).count_ones();
        }
        for sq in Bitboard(self.pieces[2] & m.own) {
            n += (layout.queen_attacks(sq as usize, m.occ) & m.queen).count_ones();
        }
        if m.ban_from < 64 && m.own & (1u64 << m.ban_from) != 0 {
            // Remove the banned move if the piece could otherwise make it.
            let (sq, ban_to) = (m.ban_from, m.ban_to);
            let unbanned = MoveMasks { ban_from: 64, ..m };
            if self.targets(&unbanned, sq) & ban_to != 0 {
                n -= 1;
            }
        }
        n as usize
    }

    /// Whether the seat to move has at least one legal move.
    pub(crate) fn has_move(&self) -> bool {
        self.try_for_each_move(|_, _| ControlFlow::Break(()))
            .is_break()
    }

    /// Whether `action` is legal (the game must not be over).
    pub(crate) fn move_is_legal(&self, action: Action) -> bool {
        match action {
            Action::Pass => !self.has_move(),
            Action::Move { call: true, .. } if !self.may_call_clock() => false,
            Action::Move { from, to, .. } => {
                let (Some(f), Some(t)) = (self.index_of(from), self.index_of(to)) else {
                    return false;
                };
                let m = self.masks();
                m.own & (1u64 << f) != 0 && self.targets(&m, f) & (1u64 << t) != 0
            }
        }
    }
}

/// Every legal action, passes included: [`Game::try_for_each_action`]. When the clock
/// may be called, each move comes twice: plain, then calling the clock.
#[inline(always)]
pub(crate) fn try_for_each_action<B>(
    state: &MartianChess,
    mut f: impl FnMut(Action) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if state.is_over() {
        return ControlFlow::Continue(());
    }
    let mut any = false;
    let calls = state.may_call_clock();
    state.try_for_each_move(|from, to| {
        any = true;
        let (from, to) = (state.square_at(from), state.square_at(to));
        f(Action::new(from, to))?;
        if calls {
            f(Action::calling(from, to))?;
        }
        ControlFlow::Continue(())
    })?;
    if !any {
        f(Action::Pass)?;
    }
    ControlFlow::Continue(())
}

/// The number of legal actions (a forced pass counts as one): [`Game::count_actions`].
/// Set-wise under the default rule options; move by move under `clock`, `target`, `undo`
/// or `variant` ([`Rules::fast_paths_apply`](crate::Rules::fast_paths_apply)).
#[inline]
pub(crate) fn count_actions(state: &MartianChess) -> usize {
    if state.is_over() {
        return 0;
    }
    let moves = if state.rules.fast_paths_apply() {
        state.count_moves_fast()
    } else {
        let mut n = 0usize;
        let _ = state.try_for_each_move(|_, _| {
            n += 1;
            ControlFlow::<()>::Continue(())
        });
        if state.may_call_clock() { 2 * n } else { n }
    };
    match moves {
        0 => 1,
        n => n,
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_core::rand::SeedableRng;
    use pyramid_core::{ChaCha8Rng, RandomBot};

    use super::{field_promotion, may_promote, no_undo_after_crossing};
    use crate::{MartianChess, Rules};

    /// Field promotion by the rulings: without a queen a pawn and a drone merge (either
    /// moving), without a drone two pawns; with both, nothing merges.
    #[test]
    fn field_promotion_merges_as_the_rulings_say() {
        let (pawns, drones, queens) = (0b0011, 0b0100, 0b1000);
        assert_eq!(field_promotion(pawns, drones, queens), [0, 0, 0]);
        assert_eq!(field_promotion(pawns, drones, 0), [drones, pawns, 0]);
        assert_eq!(field_promotion(pawns, 0, queens), [pawns, 0, 0]);
        assert_eq!(field_promotion(pawns, 0, 0), [pawns, pawns, 0]);
    }

    /// The hot loops' shortcut agrees with the rule: a merge is possible for some pawns
    /// exactly when `may_promote` says so.
    #[test]
    fn may_promote_says_whether_field_promotion_can_merge() {
        for drones in [0, 0b0100] {
            for queens in [0, 0b1000] {
                let merges = field_promotion(u64::MAX, drones, queens);
                assert_eq!(may_promote(drones, queens), merges != [0; 3]);
            }
        }
    }

    /// No undo: the crossing from X to Y bans the move from Y to X, and nothing else.
    #[test]
    fn no_undo_bans_the_move_straight_back() {
        assert_eq!(no_undo_after_crossing(Some((9, 17))), Some((17, 9)));
        assert_eq!(no_undo_after_crossing(None), None);
    }

    /// The three ways of counting moves agree along random games of both sizes.
    #[test]
    fn set_wise_piece_wise_and_generated_counts_agree() {
        for seats in [2, 4] {
            let rules = Rules::default()
                .with_seats(seats)
                .expect("valid seat count");
            for seed in 0..40 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut state = MartianChess::new(&rules);
                while let Some(action) = RandomBot::pick(&state, &mut rng) {
                    let generated = state.legal_actions().len();
                    assert_eq!(state.count_moves(), generated, "{}", state.position());
                    assert_eq!(state.count_moves_fast(), generated, "{}", state.position());
                    state.play_unchecked(action);
                }
            }
        }
    }
}
