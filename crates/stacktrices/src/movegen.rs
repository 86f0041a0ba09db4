//! Action generation: main actions (moves, queen routes, warps) and the follow-up
//! decisions (hides, placements, steals, raids). Trades are in `trade.rs`.

use std::ops::ControlFlow;

use pyramid_core::bits::bits;
use pyramid_core::rand::Rng;
use pyramid_core::{Game, RuleSet};

use crate::action::{Action, PieceAt};
use crate::geometry::{NEIGHBOUR, OFF, Stack, StackKind, home_row, index, square};
use crate::piece::{Piece, Pieces};
use crate::state::{Decision, Stacktrices};

impl Stacktrices {
    /// Every legal action of the pending decision, in generation order
    /// ([`Game::try_for_each_action`]).
    pub(crate) fn try_for_each_action<B>(
        &self,
        f: &mut impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.over.is_some() || self.limit_reached() {
            return ControlFlow::Continue(());
        }
        match self.decision {
            Decision::Main => self.gen_main(f),
            Decision::Trade => self.gen_trades(f),
            Decision::SetupHide | Decision::VictimHide | Decision::Rehide => self.gen_hides(f),
            Decision::Place => self.gen_places(f),
            Decision::Steal | Decision::OptionalSteal => self.gen_steals(f),
            Decision::Raid => self.gen_raids(f),
            Decision::Over => ControlFlow::Continue(()),
        }
    }

    pub(crate) fn limit_reached(&self) -> bool {
        self.rules.common().limit_reached(self.plies)
    }

    /// Destinations of the stack on `from` (moves and captures), as a mask.
    pub(crate) fn destinations(&self, from: u8) -> u64 {
        let Some(st) = self.board[usize::from(from)] else {
            return 0;
        };
        let me = usize::from(st.owner);
        let enemy = self.occ[me ^ 1];
        let all = self.occ[0] | self.occ[1];
        let n = st.pieces.movement_pips();
        let nb = &NEIGHBOUR[usize::from(from)];
        if n == 0 {
            // Pupil: capture an adjacent enemy only.
            return nb
                .iter()
                .filter(|&&t| t != OFF && enemy >> t & 1 == 1)
                .fold(0, |m, &t| m | 1 << t);
        }
        if st.pieces.count(Piece::ClearQueen) > 0 {
            let mut dests = 0;
            for dir in 0..8 {
                self.queen_walk(from, dir, n, 1 << from, st.owner, &mut dests);
            }
            return dests;
        }
        let dirs = st.directions();
        let mut dests = 0u64;
        for dir in (0..8usize).filter(|d| dirs >> d & 1 == 1) {
            let mut t = from;
            for _ in 0..n {
                t = NEIGHBOUR[usize::from(t)][dir];
                if t == OFF {
                    break;
                }
                if all >> t & 1 == 0 {
                    dests |= 1 << t;
                    continue;
                }
                if enemy >> t & 1 == 1 {
                    dests |= 1 << t;
                }
                break;
            }
        }
        dests
    }

    /// The queen-skilled route search: from `at`, heading `dir`, with `left` steps left,
    /// never entering a square of `visited` again.
    fn queen_walk(&self, at: u8, dir: usize, left: u8, visited: u64, me: u8, dests: &mut u64) {
        let t = NEIGHBOUR[usize::from(at)][dir];
        if t == OFF || visited >> t & 1 == 1 {
            return;
        }
        match self.board[usize::from(t)] {
            None => {
                if left == 0 {
                    return;
                }
                *dests |= 1 << t;
                self.queen_walk(t, dir, left - 1, visited | 1 << t, me, dests);
            }
            Some(other) if other.owner != me => {
                if left > 0 {
                    *dests |= 1 << t;
                }
            }
            Some(friend) => match friend.kind() {
                StackKind::Pupil => {}
                StackKind::Adult => self.queen_walk(t, dir, left, visited | 1 << t, me, dests),
                StackKind::Skilled => {
                    let v = visited | 1 << t;
                    self.queen_walk(t, dir, left, v, me, dests);
                    self.queen_walk(t, (dir + 7) % 8, left, v, me, dests);
                    self.queen_walk(t, (dir + 1) % 8, left, v, me, dests);
                }
            },
        }
    }

    fn gen_main<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        let me = self.turn;
        let own = self.occ[usize::from(me)];
        for from in bits(own) {
            for to in bits(self.destinations(from)) {
                f(Action::Move {
                    from: square(from),
                    to: square(to),
                })?;
            }
        }
        let empty_home = home_row(me) & !(self.occ[0] | self.occ[1]);
        for from in bits(own & home_row(me ^ 1)) {
            for to in bits(empty_home) {
                f(Action::Warp {
                    from: square(from),
                    to: square(to),
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the seat on turn has a main action.
    pub(crate) fn has_main_action(&self) -> bool {
        let me = self.turn;
        let own = self.occ[usize::from(me)];
        if own & home_row(me ^ 1) != 0 && home_row(me) & !(self.occ[0] | self.occ[1]) != 0 {
            return true;
        }
        bits(own).any(|from| self.destinations(from) != 0)
    }

    fn gen_hides<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        let seat = self.actor();
        if self.decision == Decision::Rehide && self.exposed[usize::from(seat)] {
            // An exposed thief (Variant 1) cannot change its stack.
            if let Some(t) = self.thief[usize::from(seat)] {
                return f(Action::Hide(square(t)));
            }
        }
        for sq in bits(self.drones(seat)) {
            f(Action::Hide(square(sq)))?;
        }
        ControlFlow::Continue(())
    }

    /// Own stacks of `seat` that can take a piece of `kind`, as a mask.
    pub(crate) fn receivers(&self, seat: u8, kind: Piece) -> u64 {
        let several = self.several_movement();
        bits(self.occ[usize::from(seat)])
            .filter(|&i| self.board[usize::from(i)].is_some_and(|s| s.can_take(kind, several)))
            .fold(0, |m, i| m | 1 << i)
    }

    fn gen_places<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        let seat = self.turn;
        let hand = self.hand(pyramid_core::Seat(seat));
        for kind in hand.kinds() {
            for sq in bits(self.receivers(seat, kind)) {
                f(Action::Place(PieceAt::new(kind, square(sq))))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether some piece of `pieces` can be placed on a stack of `seat`.
    pub(crate) fn can_place_any(&self, seat: u8, pieces: Pieces) -> bool {
        pieces.kinds().any(|k| self.receivers(seat, k) != 0)
    }

    fn gen_steals<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        let seat = self.turn;
        if self.decision == Decision::OptionalSteal {
            f(Action::NoSteal)?;
            // Only the thief steals; any other capturing drone-base stack has `steal=none`.
            if self.lander.is_none() || self.thief[usize::from(seat)] != self.lander {
                return ControlFlow::Continue(());
            }
        }
        for kind in self.held.kinds() {
            for sq in bits(self.receivers(seat, kind)) {
                f(Action::Steal(PieceAt::new(kind, square(sq))))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the stacks of `seat` leave no room for a movement piece (the condition for
    /// an upgrade raid): no pupil, and Variant 2 off.
    pub(crate) fn no_room_for_movement(&self, seat: u8) -> bool {
        !self.several_movement()
            && bits(self.occ[usize::from(seat)])
                .all(|i| self.board[usize::from(i)].is_some_and(|s| s.pieces.movement() > 0))
    }

    /// The unprotected kinds of a stack: an adult's movement pieces, a skilled stack's
    /// skill pieces.
    pub(crate) fn unprotected(st: &Stack) -> Pieces {
        let mut p = st.pieces;
        match st.kind() {
            StackKind::Pupil => Pieces::EMPTY,
            StackKind::Adult => p,
            StackKind::Skilled => {
                p.0[0] = 0;
                p.0[1] = 0;
                p.0[2] = 0;
                p
            }
        }
    }

    fn gen_raids<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        let me = self.turn;
        f(Action::NoRaid)?;
        // Only the stack that ended its move here raids, and only as an unbarred thief.
        let raider = self.lander;
        if raider.is_none()
            || self.thief[usize::from(me)] != raider
            || self.bar[usize::from(me)] == raider
        {
            return ControlFlow::Continue(());
        }
        let mut recv = [0u64; 6];
        for k in Piece::ALL {
            recv[k.index()] = self.receivers(me, k);
        }
        for from in bits(self.occ[usize::from(me ^ 1)]) {
            let Some(st) = self.board[usize::from(from)] else {
                continue;
            };
            for kind in Self::unprotected(&st).kinds() {
                for to in bits(recv[kind.index()]) {
                    f(Action::RaidTake {
                        piece: kind,
                        from: square(from),
                        to: square(to),
                    })?;
                }
            }
        }
        for kind in self.store.kinds() {
            for to in bits(recv[kind.index()]) {
                f(Action::RaidStore(PieceAt::new(kind, square(to))))?;
            }
        }
        if self.no_room_for_movement(me) {
            for sq in bits(self.occ[usize::from(me)]) {
                let Some(st) = self.board[usize::from(sq)] else {
                    continue;
                };
                for kind in st.pieces.kinds() {
                    if kind.larger().is_some_and(|l| self.store.count(l) > 0) {
                        f(Action::RaidUpgrade(PieceAt::new(kind, square(sq))))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl Stacktrices {
    /// The `index`-th legal action in generation order (the order of
    /// [`Game::legal_actions`]), found without walking the trades before it
    /// ([`Game::nth_action`]).
    pub(crate) fn nth_action(&self, index: usize) -> Option<Action> {
        if self.decision == Decision::Trade && !self.is_over() {
            return if index == 0 {
                Some(Action::NoTrade)
            } else {
                self.nth_trade(index - 1)
            };
        }
        let mut i = 0;
        let mut found = None;
        let _ = self.try_for_each_action(&mut |a| {
            if i == index {
                found = Some(a);
                return ControlFlow::Break(());
            }
            i += 1;
            ControlFlow::Continue(())
        });
        found
    }

    /// A uniformly random legal action. Main actions and the rarer decisions are the same
    /// choice as [`pyramid_core::RandomBot::pick`] for the same random draw; trades are
    /// drawn by rejection (`trade_draw.rs`; uniform, but a different choice for the same
    /// random draw), or by rank with Variant 2.
    pub(crate) fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.is_over() {
            return None;
        }
        match self.decision {
            Decision::Trade => return Some(self.random_trade(rng)),
            Decision::Main => return self.random_main(rng),
            _ => {}
        }
        let n = self.count_actions();
        if n == 0 {
            return None;
        }
        self.nth_action(rng.random_range(0..n))
    }

    /// A uniformly random main action, the destinations of each stack computed once
    /// (same order as generation: moves by starting square, then warps).
    fn random_main<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let me = self.turn;
        let own = self.occ[usize::from(me)];
        let mut masks = [(0u8, 0u64); 7];
        let mut len = 0;
        let mut total = 0usize;
        for from in bits(own) {
            let dests = self.destinations(from);
            if dests != 0 && len < masks.len() {
                masks[len] = (from, dests);
                len += 1;
                total += dests.count_ones() as usize;
            }
        }
        let empty_home = home_row(me) & !(self.occ[0] | self.occ[1]);
        let warpers = own & home_row(me ^ 1);
        let warps = (warpers.count_ones() * empty_home.count_ones()) as usize;
        if total + warps == 0 {
            return None;
        }
        let mut r = rng.random_range(0..total + warps);
        for &(from, dests) in &masks[..len] {
            let n = dests.count_ones() as usize;
            if r < n {
                let to = bits(dests).nth(r)?;
                return Some(Action::Move {
                    from: square(from),
                    to: square(to),
                });
            }
            r -= n;
        }
        let per = empty_home.count_ones() as usize;
        let from = bits(warpers).nth(r / per)?;
        let to = bits(empty_home).nth(r % per)?;
        Some(Action::Warp {
            from: square(from),
            to: square(to),
        })
    }

    /// The number of legal actions ([`Game::count_actions`]): main actions and trades are
    /// counted without being listed.
    pub(crate) fn count_actions(&self) -> usize {
        if self.over.is_some() || self.limit_reached() {
            return 0;
        }
        match self.decision {
            Decision::Trade => self.count_trades(),
            Decision::Main => {
                let me = usize::from(self.turn);
                let own = self.occ[me];
                let mut n: u32 = bits(own).map(|s| self.destinations(s).count_ones()).sum();
                let empty_home = home_row(self.turn) & !(self.occ[0] | self.occ[1]);
                n += (own & home_row(self.turn ^ 1)).count_ones() * empty_home.count_ones();
                n as usize
            }
            _ => {
                let mut n = 0;
                let _ = self.try_for_each_action(&mut |_| {
                    n += 1;
                    ControlFlow::<()>::Continue(())
                });
                n
            }
        }
    }

    /// Whether `action` is legal ([`Game::is_legal`]): moves and trades are checked
    /// directly, the rest against generation.
    pub(crate) fn is_legal(&self, action: Action) -> bool {
        if self.over.is_some() || self.limit_reached() {
            return false;
        }
        match (self.decision, action) {
            (Decision::Main, Action::Move { from, to }) => {
                let (f, t) = (index(from), index(to));
                self.occ[usize::from(self.turn)] >> f & 1 == 1 && self.destinations(f) >> t & 1 == 1
            }
            (Decision::Trade, Action::NoTrade) => true,
            (Decision::Trade, Action::Trade(t)) => self.is_legal_trade(&t),
            (Decision::Trade, _) => false,
            _ => self
                .try_for_each_action(&mut |a| {
                    if a == action {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break(),
        }
    }
}
