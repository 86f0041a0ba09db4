//! Legal move generation, counting and checking, on bitboards.

use pyramid_core::{Bitboard, Game};
use std::ops::ControlFlow;

use crate::layout::Layout;
use crate::{MartianAction, MartianChess};

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

impl MartianChess {
    /// The masks for the seat to move.
    #[inline(always)]
    pub(crate) fn masks(&self) -> MoveMasks {
        let layout = self.layout();
        let zone = layout.zones[usize::from(self.to_move) & 3];
        let [pawns, drones, queens] = self.pieces;
        let occ = pawns | drones | queens;
        let own = occ & zone;
        let open = layout.board & !own;
        let no_queen = queens & zone == 0;
        let no_drone = drones & zone == 0;
        // Field promotion, judged before the move: without a queen, drone + pawn merge
        // into a queen (either may be the mover); without a drone, pawn + pawn into a drone.
        let pawn = open
            | if no_queen { drones & zone } else { 0 }
            | if no_drone { pawns & zone } else { 0 };
        let drone = open | if no_queen { pawns & zone } else { 0 };
        let (ban_from, ban_to) = match self.crossing {
            Some((from, to)) => (usize::from(to), 1u64 << from),
            None => (64, 0),
        };
        MoveMasks {
            layout,
            occ,
            own,
            pawn,
            drone,
            queen: open,
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
    pub(crate) fn move_is_legal(&self, action: MartianAction) -> bool {
        match action {
            MartianAction::Pass => !self.has_move(),
            MartianAction::Move { call: true, .. } if !self.may_call_clock() => false,
            MartianAction::Move { from, to, .. } => {
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
    mut f: impl FnMut(MartianAction) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if state.is_over() {
        return ControlFlow::Continue(());
    }
    let mut any = false;
    let calls = state.may_call_clock();
    state.try_for_each_move(|from, to| {
        any = true;
        let (from, to) = (state.square_at(from), state.square_at(to));
        f(MartianAction::new(from, to))?;
        if calls {
            f(MartianAction::calling(from, to))?;
        }
        ControlFlow::Continue(())
    })?;
    if !any {
        f(MartianAction::Pass)?;
    }
    ControlFlow::Continue(())
}

/// The number of legal actions (a forced pass counts as one): [`Game::count_actions`].
/// Set-wise under the default rule options; move by move under `clock`, `target`, `undo`
/// or `variant` ([`MartianRules::fast_paths_apply`](crate::MartianRules::fast_paths_apply)).
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

    use crate::{MartianChess, MartianRules};

    /// The three ways of counting moves agree along random games of both sizes.
    #[test]
    fn set_wise_piece_wise_and_generated_counts_agree() {
        for seats in [2, 4] {
            let rules = MartianRules::default()
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
