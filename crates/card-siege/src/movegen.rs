//! Legal action generation.
//!
//! Most actions are decided without playing them: a slide or capture needs a trial on a
//! copy only when the King moves (King safety), when the belt carries cards through the
//! passed files (collisions), or when the moving card would return to a square it held
//! in one of the two positions the loop rule compares with.

use std::ops::ControlFlow;

use crate::action::Action;
use crate::card::{KING, SLIDE_LIMIT, code_rank, code_suit};
use crate::geometry::{NEUTRAL, WIDTH, passed_files, targets};
use crate::state::{CardSiege, GONE, Phase};

impl CardSiege {
    /// Whether the ply limit has been reached.
    #[inline]
    pub(crate) fn limit_reached(&self) -> bool {
        self.rules.ply_limit.is_some_and(|limit| self.plies >= limit)
    }

    /// The squares of `suit`'s cards as a set (the King under a siege included).
    #[inline]
    fn own_squares(&self, suit: usize) -> u64 {
        let mut m = 0u64;
        for &sq in &self.places[suit][..13] {
            if sq != GONE {
                m |= 1u64 << sq;
            }
        }
        m
    }

    /// File masks of each suit's cards in the neutral row (what a belt may carry).
    #[inline]
    fn belt_masks(&self) -> [u16; 2] {
        let mut belt = [0u16; 2];
        for file in 0..WIDTH {
            let c = self.board[NEUTRAL * WIDTH + file];
            if c != 0 {
                belt[code_suit(c)] |= 1 << file;
            }
        }
        belt
    }

    /// A necessary condition for the loop rule to forbid a move of card `ci` (rank - 1)
    /// of `suit` ending on `dest`: the card stood on `dest` one or two plies back.
    #[inline(always)]
    fn may_repeat(&self, suit: usize, ci: usize, dest: usize) -> bool {
        usize::from(self.hist1[suit][ci]) == dest || usize::from(self.hist2[ci]) == dest
    }

    /// Whether `after` puts `suit`'s cards exactly as one or two plies back.
    #[inline]
    fn repeats(&self, after: &CardSiege, suit: usize) -> bool {
        after.places[suit] == self.hist1[suit] || after.places[suit] == self.hist2
    }

    fn slide_ok(&self, from: usize, to: usize, suit: usize) -> bool {
        let mut next = self.clone();
        if !next.apply_slide(from, to) {
            return false;
        }
        if code_rank(self.board[from]) == KING && next.attacked(to, 1 - suit) {
            return false;
        }
        !self.repeats(&next, suit)
    }

    fn step_ok(&self, from: usize, to: usize, suit: usize) -> bool {
        let mut next = self.clone();
        next.apply_step(from, to);
        if code_rank(self.board[from]) == KING && next.attacked(to, 1 - suit) {
            return false;
        }
        !self.repeats(&next, suit)
    }

    fn capture_ok(&self, from: usize, to: usize, suit: usize) -> bool {
        let mut next = self.clone();
        next.apply_capture(from, to);
        if code_rank(self.board[from]) == KING && next.attacked(to, 1 - suit) {
            return false;
        }
        !self.repeats(&next, suit)
    }

    fn evacuation_ok(&self, to: usize, suit: usize) -> bool {
        let mut next = self.clone();
        next.apply_evacuation(to);
        !next.attacked(to, 1 - suit) && !self.repeats(&next, suit)
    }

    /// The legal normal-turn actions of the card on `sq` (which belongs to the seat to act).
    #[inline]
    fn card_actions<B>(
        &self,
        sq: usize,
        belt: [u16; 2],
        f: &mut impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let s = usize::from(self.to_move);
        let code = self.board[sq];
        let rank = code_rank(code);
        let ci = usize::from(rank) - 1;
        let (row, file) = (sq / WIDTH, sq % WIDTH);
        let home = if s == 0 { 0 } else { 2 };
        let restricted = self.opening[s] > 0;
        let is_king = rank == KING;
        if !restricted || row == home {
            let limit = usize::from(SLIDE_LIMIT[usize::from(rank)]);
            let lo = file.saturating_sub(limit);
            let hi = (file + limit).min(WIDTH - 1);
            let carried = if row == NEUTRAL { 0 } else { belt[row / 2] };
            let base = row * WIDTH;
            for t in lo..=hi {
                if t == file {
                    continue;
                }
                let dest = base + t;
                let check = is_king
                    || carried & passed_files(file, t) != 0
                    || self.may_repeat(s, ci, dest);
                if !check || self.slide_ok(sq, dest, s) {
                    f(Action::raw(sq, dest, false))?;
                }
            }
        }
        if restricted {
            return ControlFlow::Continue(());
        }
        if row == home {
            let dest = NEUTRAL * WIDTH + file;
            if self.board[dest] == 0 {
                let check = is_king || self.may_repeat(s, ci, dest);
                if !check || self.step_ok(sq, dest, s) {
                    f(Action::raw(sq, dest, false))?;
                }
            }
        }
        let mut m = targets(s, rank, sq);
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = self.board[t];
            if c == 0 || code_suit(c) == s || (is_king && code_rank(c) == KING) {
                continue;
            }
            let check = is_king || self.may_repeat(s, ci, t);
            if !check || self.capture_ok(sq, t, s) {
                f(Action::raw(sq, t, true))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The legal answers to the siege: captures of the top card (Kings never answer).
    fn answers<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        let s = usize::from(self.to_move);
        let siege = usize::from(self.siege);
        let top = self.board[siege];
        if top == 0 || code_suit(top) == s {
            return ControlFlow::Continue(());
        }
        let mut own = self.own_squares(s);
        while own != 0 {
            let q = own.trailing_zeros() as usize;
            own &= own - 1;
            let code = self.board[q];
            if q == siege || code == 0 || code_suit(code) != s || code_rank(code) == KING {
                continue;
            }
            let rank = code_rank(code);
            if targets(s, rank, q) & (1u64 << siege) != 0 {
                let check = self.may_repeat(s, usize::from(rank) - 1, siege);
                if !check || self.capture_ok(q, siege, s) {
                    f(Action::raw(q, siege, true))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the seat to act has a legal siege answer.
    pub(crate) fn has_answer(&self) -> bool {
        self.answers(&mut |_| ControlFlow::Break(())).is_break()
    }

    /// The King's evacuations: an empty square beside the siege square in its rank that
    /// the besieging seat does not attack once the King stands there.
    fn evacuations<B>(&self, f: &mut impl FnMut(Action) -> ControlFlow<B>) -> ControlFlow<B> {
        let s = usize::from(self.to_move);
        let siege = usize::from(self.siege);
        let file = siege % WIDTH;
        for (ok, to) in [(file > 0, siege.wrapping_sub(1)), (file + 1 < WIDTH, siege + 1)] {
            if ok && self.board[to] == 0 && self.evacuation_ok(to, s) {
                f(Action::raw(siege, to, false))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every legal action, in generation order: normal turns by source square ascending
    /// (slides left to right, then the ascent, then captures by target square).
    #[inline]
    pub(crate) fn generate<B>(
        &self,
        f: &mut impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.limit_reached() {
            return ControlFlow::Continue(());
        }
        match self.phase {
            Phase::Normal => {
                let belt = self.belt_masks();
                let mut own = self.own_squares(usize::from(self.to_move));
                while own != 0 {
                    let sq = own.trailing_zeros() as usize;
                    own &= own - 1;
                    self.card_actions(sq, belt, f)?;
                }
                ControlFlow::Continue(())
            }
            Phase::Siege => self.answers(f),
            Phase::Evacuate => self.evacuations(f),
        }
    }

    /// Whether `action` is legal, generating only what could match it.
    pub(crate) fn legal(&self, action: Action) -> bool {
        if self.limit_reached() {
            return false;
        }
        let mut find = |a: Action| {
            if a == action { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        match self.phase {
            Phase::Normal => {
                let from = action.from_index();
                let code = self.board[from];
                if code == 0 || code_suit(code) != usize::from(self.to_move) {
                    return false;
                }
                self.card_actions(from, self.belt_masks(), &mut find).is_break()
            }
            Phase::Siege => {
                action.is_capture()
                    && action.to_index() == usize::from(self.siege)
                    && self.answers(&mut find).is_break()
            }
            Phase::Evacuate => !action.is_capture() && self.evacuations(&mut find).is_break(),
        }
    }

    /// Counts the legal actions (bulk counting for perft).
    #[inline]
    pub(crate) fn count(&self) -> usize {
        let mut n = 0usize;
        let _ = self.generate(&mut |_| {
            n += 1;
            ControlFlow::<()>::Continue(())
        });
        n
    }
}
