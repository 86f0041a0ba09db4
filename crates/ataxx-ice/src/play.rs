//! Playing an action: clone, jump, grow, shrink, and the capture resolution.

use crate::action::{Action, ActionKind};
use crate::fast::Pick;
use crate::geometry::ADJ;
use crate::movegen::Ctx;
use crate::state::AtaxxIce;
use pyramid_core::Game;
use pyramid_core::bits::bits;

impl AtaxxIce {
    /// Plays `a` for the seat to move ([`Game::play_unchecked`]). Assumes `a` is legal; an illegal action leaves
    /// some state (never a panic, never a lost or duplicated piece).
    pub(crate) fn play_unchecked(&mut self, a: Action) {
        if self.is_over() || a.to >= 64 || a.from >= 64 {
            return;
        }
        let mover = usize::from(self.to_move);
        match a.kind {
            ActionKind::Pass => {}
            ActionKind::Clone => self.apply_clone(mover, a),
            ActionKind::Jump => self.apply_jump(mover, a),
            ActionKind::Grow => self.apply_grow(mover, a.to),
            ActionKind::Shrink => self.apply_shrink(mover, a.to, a.relocs),
        }
        self.finish_action(mover);
    }

    /// Plays a legal action picked in the context `c` of this state for `mover` (the
    /// seat to move), skipping the checks and look-ups of [`AtaxxIce::play_unchecked`].
    #[inline]
    pub(crate) fn play_picked(&mut self, c: &Ctx, mover: usize, pick: Pick) {
        let a = pick.action;
        match a.kind {
            ActionKind::Pass => {}
            ActionKind::Clone => self.clone_sized(mover, c, a, pick.size),
            ActionKind::Jump => self.jump_sized(mover, c, a, pick.size),
            ActionKind::Grow => self.apply_grow(mover, a.to),
            ActionKind::Shrink => self.apply_shrink(mover, a.to, a.relocs),
        }
        // One action puts at most 9 pieces from the stash on the board (a clone and 8
        // captured squares filled): with more in the stash the mover cannot win yet.
        let may_win = c.stash.iter().sum::<u32>() <= 9;
        self.finish_action_as(mover, may_win);
    }

    fn apply_clone(&mut self, mover: usize, a: Action) {
        let c = Ctx::new(self, mover);
        let Some(size) = c.own_size(a.from).and_then(|p| c.clone_size(p)) else {
            return;
        };
        if c.empty & (1u64 << a.to) != 0 {
            self.clone_sized(mover, &c, a, size);
        }
    }

    /// A clone placing a piece of `size` on the empty square `a.to`.
    #[inline]
    fn clone_sized(&mut self, mover: usize, c: &Ctx, a: Action, size: usize) {
        self.pieces[mover][size] |= 1u64 << a.to;
        self.capture_and_resolve(mover, c, a.to, size, a.relocs);
    }

    fn apply_jump(&mut self, mover: usize, a: Action) {
        let c = Ctx::new(self, mover);
        let Some(size) = c.own_size(a.from) else {
            return;
        };
        if c.empty & (1u64 << a.to) != 0 {
            self.jump_sized(mover, &c, a, size);
        }
    }

    /// A jump of the mover's piece of `size` from `a.from` to the empty square `a.to`.
    #[inline]
    fn jump_sized(&mut self, mover: usize, c: &Ctx, a: Action, size: usize) {
        self.pieces[mover][size] ^= (1u64 << a.from) | (1u64 << a.to);
        self.capture_and_resolve(mover, c, a.to, size, a.relocs);
    }

    /// Captures every enemy piece next to `to` of `size` or smaller, then resolves.
    fn capture_and_resolve(&mut self, mover: usize, c: &Ctx, to: u8, size: usize, relocs: u64) {
        let adj = ADJ[usize::from(to)];
        if adj & c.enemy_le[size] == 0 {
            return;
        }
        let mut captured = [0u64; 3];
        for (s, cap) in captured.iter_mut().enumerate().take(size + 1) {
            *cap = adj & c.enemy[s];
        }
        self.resolve(mover, captured, 1u64 << to, relocs);
    }

    fn apply_grow(&mut self, mover: usize, sq: u8) {
        let m = 1u64 << sq;
        let Some(size) = (0..2).find(|&s| self.pieces[mover][s] & m != 0) else {
            return;
        };
        if self.stash_of(mover, size + 1) == 0 {
            return;
        }
        self.pieces[mover][size] ^= m;
        self.pieces[mover][size + 1] |= m;
        let seats = self.rules_seats();
        // Reduce every adjacent piece, of any seat, in ascending square order.
        for q in bits(ADJ[usize::from(sq)] & self.occupied()) {
            let qm = 1u64 << q;
            let Some((owner, s)) = (0..seats)
                .flat_map(|o| (0..3).map(move |s| (o, s)))
                .find(|&(o, s)| self.pieces[o][s] & qm != 0)
            else {
                continue;
            };
            if s == 0 {
                self.pieces[owner][0] ^= qm;
            } else if self.stash_of(owner, s - 1) > 0 {
                self.pieces[owner][s] ^= qm;
                self.pieces[owner][s - 1] |= qm;
            }
        }
    }

    fn apply_shrink(&mut self, mover: usize, sq: u8, relocs: u64) {
        let m = 1u64 << sq;
        let Some(size) = (0..3).find(|&s| self.pieces[mover][s] & m != 0) else {
            return;
        };
        let mut acting = 0;
        if size > 0 {
            if self.stash_of(mover, size - 1) == 0 {
                return;
            }
            self.pieces[mover][size - 1] |= m;
            acting = m;
        }
        self.pieces[mover][size] ^= m;
        let adj = ADJ[usize::from(sq)];
        // First the mover's own neighbours are destroyed...
        for b in &mut self.pieces[mover] {
            *b &= !adj;
        }
        // ...then every enemy neighbour is captured, whatever its size.
        let mut captured = [0u64; 3];
        for (seat, p) in self.pieces.iter().enumerate().take(self.rules_seats()) {
            if seat != mover {
                for s in 0..3 {
                    captured[s] |= p[s] & adj;
                }
            }
        }
        if captured.iter().any(|&b| b != 0) {
            self.resolve(mover, captured, acting, relocs);
        }
    }

    /// The capture resolution. `captured[s]` holds the captured squares whose piece had
    /// size `s`; they go back to their owners, then are filled larger size first, in
    /// ascending square order: a stash piece of the size, else a piece of the size from
    /// `relocs` (never `acting` nor a square filled here), else the smallest larger
    /// stash piece, else nothing.
    pub(crate) fn resolve(&mut self, mover: usize, captured: [u64; 3], acting: u64, relocs: u64) {
        let all = captured[0] | captured[1] | captured[2];
        let seats = self.rules_seats();
        for (seat, p) in self.pieces.iter_mut().enumerate().take(seats) {
            if seat != mover {
                for b in p.iter_mut() {
                    *b &= !all;
                }
            }
        }
        let mut placed = 0u64;
        for s in (0..3).rev() {
            for q in bits(captured[s]) {
                let qm = 1u64 << q;
                if self.stash_of(mover, s) > 0 {
                    self.pieces[mover][s] |= qm;
                } else {
                    let sources = relocs & self.pieces[mover][s] & !acting & !placed;
                    if sources != 0 {
                        let src = sources & sources.wrapping_neg();
                        self.pieces[mover][s] ^= src | qm;
                    } else if let Some(t) = (s + 1..3).find(|&t| self.stash_of(mover, t) > 0) {
                        self.pieces[mover][t] |= qm;
                    }
                }
                placed |= qm;
            }
        }
    }
}
