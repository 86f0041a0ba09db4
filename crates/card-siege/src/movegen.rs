//! Legal action generation.
//!
//! Most actions are decided without playing them: a slide or capture needs a trial on a
//! copy only when the King moves (King safety), when the belt carries cards through the
//! passed files (collisions), or when the moving card would return to a square it held
//! in one of the two positions the loop rule compares with.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use pyramid_core::Bitboard;
#[cfg(doc)]
use pyramid_core::Game;
use pyramid_core::rand::Rng;

use crate::action::Action;
use crate::card::{KING, SLIDE_LIMIT, code_rank, code_suit};
use crate::geometry::{NEUTRAL, SQUARES, WIDTH, passed_files, targets};
use crate::state::{
    CardSiege, GONE, NO_SIEGE, ON_TOP, Phase, UNDER, attacked_on, entry_square, mark_siege,
};
use pyramid_core::RuleSet;

/// Per-node summary of the loop rule's two comparisons (one and two plies back): whether
/// each can still match, and which of the seat's cards stand elsewhere than they did.
#[derive(Clone, Copy)]
pub(crate) struct LoopFilter {
    active: [bool; 2],
    differ: [u64; 2],
}

impl CardSiege {
    /// Whether the ply limit has been reached.
    #[inline]
    pub(crate) fn limit_reached(&self) -> bool {
        self.rules.common().limit_reached(self.plies)
    }

    /// The squares of `suit`'s cards as a set (the King under a siege included).
    #[inline]
    pub(crate) fn own_squares(&self, suit: usize) -> u64 {
        // GONE (0xFF) lands on bit 63, which is no square.
        let mut m = 0u64;
        for &sq in &self.places[suit][..13] {
            m |= 1u64 << (sq & 63);
        }
        m & ((1u64 << SQUARES) - 1)
    }

    /// The squares the cards of `by` attack (a besieged King underneath attacks nothing).
    #[inline]
    fn attack_map(&self, by: usize) -> u64 {
        let mut map = 0u64;
        for (i, &sq) in self.places[by][..13].iter().enumerate() {
            if sq != GONE && !(i == 12 && sq == self.siege) {
                map |= targets(by, i as u8 + 1, usize::from(sq));
            }
        }
        map
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

    /// Narrows a home-row slide's file range `lo..=hi` (from `file`, in the row of suit
    /// `row_suit`, whose neutral-row cards are the file mask `carried`) to the targets the
    /// belt allows. A shifted card only meets a card of its own suit that did not shift
    /// in the `from` file's column (every other passed card of that suit shifts too), so
    /// both neighbours in the neutral row forbid that whole direction; and the row suit's
    /// King in the neutral row meets the other King only if that King stands one file
    /// nearer `from`, which forbids every slide passing the King's file.
    #[inline(always)]
    pub(crate) fn belt_clamp(
        &self,
        row_suit: usize,
        carried: u16,
        file: usize,
        lo: usize,
        hi: usize,
    ) -> (usize, usize) {
        let (mut lo, mut hi) = (lo, hi);
        if carried >> file & 1 != 0 {
            if file + 1 < WIDTH && carried >> (file + 1) & 1 != 0 {
                hi = file;
            }
            if file > 0 && carried >> (file - 1) & 1 != 0 {
                lo = file;
            }
        }
        let own_king = usize::from(self.places[row_suit][12]);
        let other_king = usize::from(self.places[1 - row_suit][12]);
        if own_king / WIDTH == NEUTRAL && other_king / WIDTH == NEUTRAL {
            let (k, e) = (own_king % WIDTH, other_king % WIDTH);
            if k > file && e + 1 == k {
                hi = hi.min(k - 1);
            }
            if k < file && e == k + 1 {
                lo = lo.max(k + 1);
            }
        }
        (lo, hi)
    }

    /// What the loop rule can still match at this node, for the seat to act.
    #[inline]
    fn loop_filter(&self) -> LoopFilter {
        let s = usize::from(self.to_move);
        let mut filter = LoopFilter {
            active: [false; 2],
            differ: [0; 2],
        };
        for (k, earlier) in [&self.hist1[s], &self.hist2].into_iter().enumerate() {
            let mut differ = 0u64;
            let mut possible = true;
            for (&now, &then) in self.places[s][..13].iter().zip(&earlier[..13]) {
                // Compared by square: a card that stood in a siege stack there is
                // checked exactly later ([`CardSiege::is_repeat`]).
                let then = entry_square(then);
                if now != then {
                    if now == GONE || then == GONE {
                        // A card gone now cannot come back; the earlier slot is empty.
                        possible = false;
                        break;
                    }
                    differ |= 1u64 << now;
                }
            }
            filter.active[k] = possible && differ != 0;
            filter.differ[k] = differ;
        }
        filter
    }

    /// A necessary condition for the loop rule to forbid an action that moves card `ci`
    /// (rank - 1) of the seat to act to `dest` and moves no card of that seat outside the
    /// squares `moved`: every card that stood elsewhere one or two plies back is among
    /// the moved ones, and the moving card stood on `dest`.
    #[inline(always)]
    fn may_repeat(&self, filter: &LoopFilter, ci: usize, dest: usize, moved: u64) -> bool {
        let s = usize::from(self.to_move);
        (filter.active[0]
            && filter.differ[0] & !moved == 0
            && usize::from(entry_square(self.hist1[s][ci])) == dest)
            || (filter.active[1]
                && filter.differ[1] & !moved == 0
                && usize::from(entry_square(self.hist2[ci])) == dest)
    }

    /// Whether `after` puts `suit`'s cards exactly as one or two plies back.
    #[cfg(test)]
    fn repeats(&self, after: &CardSiege, suit: usize) -> bool {
        let layout = after.marked_places()[suit];
        layout == self.hist1[suit] || layout == self.hist2
    }

    /// The board after a slide (conveyor and belt; a captured card is overwritten, a
    /// besieged King hidden under the card that lands on it), for King safety.
    #[inline]
    pub(crate) fn board_after_slide(&self, from: usize, to: usize) -> [u8; SQUARES] {
        let mut b = self.board;
        let mover = b[from];
        if to > from {
            b.copy_within(from + 1..=to, from);
        } else {
            b.copy_within(to..from, to + 1);
        }
        b[to] = mover;
        let row = from / WIDTH;
        if row != NEUTRAL {
            let row_suit = row / 2;
            let (ff, tf) = (from % WIDTH, to % WIDTH);
            let base = NEUTRAL * WIDTH;
            let mut file = ff;
            while file != tf {
                let next = if tf > ff { file + 1 } else { file - 1 };
                let c = b[base + next];
                if c != 0 && code_suit(c) == row_suit {
                    b[base + file] = c;
                    b[base + next] = 0;
                }
                file = next;
            }
        }
        b
    }

    /// The layout of `suit`'s cards after a slide (conveyor and belt, cards of `suit`
    /// captured by the other suit's belt gone), for the loop rule.
    #[inline]
    pub(crate) fn layout_after_slide(
        &self,
        from: usize,
        to: usize,
        suit: usize,
    ) -> crate::state::Layout {
        let mut layout = self.places[suit];
        let b = &self.board;
        let (lo, hi, back) = if to > from {
            (from + 1, to, -1isize)
        } else {
            (to, from - 1, 1)
        };
        for (sq, &c) in b.iter().enumerate().take(hi + 1).skip(lo) {
            if c != 0 && code_suit(c) == suit {
                layout[usize::from(code_rank(c)) - 1] = sq.wrapping_add_signed(back) as u8;
            }
        }
        let mover = b[from];
        layout[usize::from(code_rank(mover)) - 1] = to as u8;
        let row = from / WIDTH;
        if row != NEUTRAL {
            let row_suit = row / 2;
            let base = NEUTRAL * WIDTH;
            for file in lo % WIDTH..=hi % WIDTH {
                let c = b[base + file];
                if c == 0 || code_suit(c) != row_suit {
                    continue;
                }
                let land = (base + file).wrapping_add_signed(back);
                let hit = b[land];
                if row_suit == suit {
                    // Onto the enemy King: this card stands on top of a siege stack.
                    let on_king = hit != 0 && code_suit(hit) != suit && code_rank(hit) == KING;
                    layout[usize::from(code_rank(c)) - 1] =
                        land as u8 | if on_king { ON_TOP } else { 0 };
                } else if hit != 0 && code_suit(hit) == suit {
                    // An enemy card lands on ours: taken, or our King besieged under it.
                    layout[usize::from(code_rank(hit)) - 1] = if code_rank(hit) == KING {
                        land as u8 | UNDER
                    } else {
                        GONE
                    };
                }
            }
        }
        layout
    }

    /// Whether `layout` (the seat to act's cards after an action) stands as one or two
    /// plies back.
    #[inline]
    pub(crate) fn is_repeat(&self, layout: &crate::state::Layout, suit: usize) -> bool {
        *layout == self.hist1[suit] || *layout == self.hist2
    }

    /// The layout of `suit` after its card on `from` moves to `to` (ascent, capture,
    /// evacuation: no other card of `suit` moves).
    #[inline]
    pub(crate) fn layout_after_move(
        &self,
        from_code: u8,
        to: usize,
        suit: usize,
    ) -> crate::state::Layout {
        let mut layout = self.places[suit];
        layout[usize::from(code_rank(from_code)) - 1] = to as u8;
        // The siege stack after the action, if any: an answer keeps the siege, a capture
        // of the enemy King starts one, an evacuation ends it.
        let (siege, king) = match self.phase {
            Phase::Siege => (self.siege, self.king_under_siege()),
            Phase::Evacuate => (NO_SIEGE, suit),
            Phase::Normal => {
                let target = self.board[to];
                if target != 0 && code_suit(target) != suit && code_rank(target) == KING {
                    (to as u8, 1 - suit)
                } else {
                    (NO_SIEGE, suit)
                }
            }
        };
        mark_siege(&mut layout, siege, suit, king);
        layout
    }

    /// A slide that the belt allows: King safety (if the King slides; `danger` is the
    /// other seat's attack map now) and, if `loop_check`, the loop rule.
    fn slide_ok(&self, from: usize, to: usize, suit: usize, danger: u64, loop_check: bool) -> bool {
        // The attack map can only change if the slide moves (or captures) enemy cards;
        // otherwise `danger` decides, else the board after the slide does.
        if code_rank(self.board[from]) == KING
            && (danger >> to & 1 != 0 || self.slide_moves_enemy(from, to, suit))
            && attacked_on(&self.board_after_slide(from, to), to, 1 - suit)
        {
            return false;
        }
        !loop_check || !self.is_repeat(&self.layout_after_slide(from, to, suit), suit)
    }

    /// Whether a slide moves a card of the other suit (by the conveyor or the belt).
    #[inline]
    fn slide_moves_enemy(&self, from: usize, to: usize, suit: usize) -> bool {
        let (lo, hi) = if to > from {
            (from + 1, to)
        } else {
            (to, from - 1)
        };
        let row = from / WIDTH;
        (lo..=hi).any(|sq| {
            let c = self.board[sq];
            let belt = if row == NEUTRAL {
                0
            } else {
                self.board[NEUTRAL * WIDTH + sq % WIDTH]
            };
            (c != 0 && code_suit(c) != suit)
                || (belt != 0 && code_suit(belt) == row / 2 && row / 2 != suit)
        })
    }

    /// An ascent or a capture: the card on `from` goes to `to`. Enemy cards do not move
    /// (a captured card never attacks its own square), so the King is safe exactly when
    /// `to` is outside `danger`, the other seat's attack map now.
    fn move_ok(&self, from: usize, to: usize, suit: usize, danger: u64, loop_check: bool) -> bool {
        let code = self.board[from];
        if code_rank(code) == KING && danger >> to & 1 != 0 {
            return false;
        }
        !loop_check || !self.is_repeat(&self.layout_after_move(code, to, suit), suit)
    }

    fn evacuation_ok(&self, to: usize, suit: usize) -> bool {
        let king = ((suit as u8) << 4) | KING;
        self.attack_map(1 - suit) >> to & 1 == 0
            && !self.is_repeat(&self.layout_after_move(king, to, suit), suit)
    }

    /// The legal slides of the card on `sq` (which belongs to the seat to act); `danger`
    /// is the other seat's attack map when the card is the King.
    #[inline(always)]
    fn slide_actions<S: Sink>(
        &self,
        sq: usize,
        node: &Node,
        danger: u64,
        sink: &mut S,
    ) -> ControlFlow<S::Break> {
        let s = usize::from(self.to_move);
        let rank = code_rank(self.board[sq]);
        let ci = usize::from(rank) - 1;
        let (row, file) = (sq / WIDTH, sq % WIDTH);
        let is_king = rank == KING;
        let filter = &node.filter;
        let limit = usize::from(SLIDE_LIMIT[usize::from(rank)]);
        let mut lo = file.saturating_sub(limit);
        let mut hi = (file + limit).min(WIDTH - 1);
        if row != NEUTRAL {
            (lo, hi) = self.belt_clamp(row / 2, node.belt[row / 2], file, lo, hi);
        }
        let base = row * WIDTH;
        let range = (((1u32 << (hi + 1)) - (1u32 << lo)) as u16) & !(1u16 << file);
        // Targets where the loop rule might bite: the squares this card held one or
        // two plies back, if in range.
        let mut near = 0u16;
        for (active, held) in [
            (filter.active[0], entry_square(self.hist1[s][ci])),
            (filter.active[1], entry_square(self.hist2[ci])),
        ] {
            let held = usize::from(held);
            if active && held / WIDTH == row && held < 3 * WIDTH {
                near |= range & (1 << (held % WIDTH));
            }
        }
        if !is_king && near == 0 {
            // Every slide in range is legal: no King to keep safe, no loop possible.
            return sink.run(hi - lo, |i| {
                let t = lo + i;
                Action::raw(sq, base + if t >= file { t + 1 } else { t }, false)
            });
        }
        for t in lo..=hi {
            if t == file {
                continue;
            }
            let dest = base + t;
            let check = near >> t & 1 != 0 && {
                let (a, b) = if t > file { (file, t) } else { (t, file) };
                let segment = ((1u64 << (b + 1)) - (1u64 << a)) << base;
                let neutral = if row == NEUTRAL {
                    0
                } else {
                    u64::from(passed_files(file, t)) << (NEUTRAL * WIDTH)
                };
                self.may_repeat(filter, ci, dest, segment | neutral)
            };
            if (!check && !is_king) || self.slide_ok(sq, dest, s, danger, check) {
                sink.one(Action::raw(sq, dest, false))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The legal normal-turn actions of the card on `sq` (which belongs to the seat to
    /// act): its slides, then its ascent, then its captures. `node.enemy` is the set of
    /// squares holding the other suit's cards.
    #[inline(always)]
    fn card_actions<S: Sink>(&self, sq: usize, node: &Node, sink: &mut S) -> ControlFlow<S::Break> {
        let s = usize::from(self.to_move);
        let rank = code_rank(self.board[sq]);
        let ci = usize::from(rank) - 1;
        let (row, file) = (sq / WIDTH, sq % WIDTH);
        let home = if s == 0 { 0 } else { 2 };
        let restricted = self.opening[s] > 0;
        let is_king = rank == KING;
        let danger = if is_king { self.attack_map(1 - s) } else { 0 };
        let filter = &node.filter;
        // Whether the loop rule could forbid moving this card onto a square of `mask`.
        let loop_near = |mask: u64| {
            (filter.active[0] && (mask >> (self.hist1[s][ci] & 63)) & 1 != 0)
                || (filter.active[1] && (mask >> (self.hist2[ci] & 63)) & 1 != 0)
        };
        if !restricted || row == home {
            self.slide_actions(sq, node, danger, sink)?;
        }
        if restricted {
            return ControlFlow::Continue(());
        }
        if row == home {
            let dest = NEUTRAL * WIDTH + file;
            if self.board[dest] == 0 {
                let check = self.may_repeat(filter, ci, dest, 1u64 << sq);
                if (!check && !is_king) || self.move_ok(sq, dest, s, danger, check) {
                    sink.one(Action::raw(sq, dest, false))?;
                }
            }
        }
        let m = targets(s, rank, sq) & node.enemy;
        if !is_king && !loop_near(m) {
            return sink.run(m.count_ones() as usize, |i| {
                let to = Bitboard(m).nth(i as u32).unwrap_or(0);
                Action::raw(sq, to as usize, true)
            });
        }
        for t in Bitboard(m) {
            let t = t as usize;
            let check = self.may_repeat(filter, ci, t, 1u64 << sq);
            if (!check && !is_king) || self.move_ok(sq, t, s, danger, check) {
                sink.one(Action::raw(sq, t, true))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The legal answers to the siege: captures of the top card by the seat's cards (its
    /// King too, under King safety; a King underneath cannot answer).
    fn answers<S: Sink>(&self, sink: &mut S) -> ControlFlow<S::Break> {
        let s = usize::from(self.to_move);
        let siege = usize::from(self.siege);
        let top = self.board[siege];
        if top == 0 || code_suit(top) == s {
            return ControlFlow::Continue(());
        }
        let filter = self.loop_filter();
        for q in Bitboard(self.own_squares(s)) {
            let q = q as usize;
            let code = self.board[q];
            if q == siege || code == 0 || code_suit(code) != s {
                continue;
            }
            let rank = code_rank(code);
            if targets(s, rank, q) & (1u64 << siege) != 0 {
                let check = self.may_repeat(&filter, usize::from(rank) - 1, siege, 1u64 << q);
                let danger = if rank == KING {
                    self.attack_map(1 - s)
                } else {
                    0
                };
                if (!check && rank != KING) || self.move_ok(q, siege, s, danger, check) {
                    sink.one(Action::raw(q, siege, true))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the seat to act has a legal siege answer.
    pub(crate) fn has_answer(&self) -> bool {
        self.answers(&mut Emit::new(|_| ControlFlow::Break(())))
            .is_break()
    }

    /// The King's evacuations: an empty square beside the siege square in its rank that
    /// the besieging seat does not attack once the King stands there.
    fn evacuations<S: Sink>(&self, sink: &mut S) -> ControlFlow<S::Break> {
        let s = usize::from(self.to_move);
        let siege = usize::from(self.siege);
        let file = siege % WIDTH;
        for (ok, to) in [
            (file > 0, siege.wrapping_sub(1)),
            (file + 1 < WIDTH, siege + 1),
        ] {
            if ok && self.board[to] == 0 && self.evacuation_ok(to, s) {
                sink.one(Action::raw(siege, to, false))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// What every card's generation at this node shares.
    #[inline]
    fn node(&self) -> Node {
        let s = usize::from(self.to_move);
        Node {
            belt: self.belt_masks(),
            filter: self.loop_filter(),
            enemy: self.own_squares(1 - s),
        }
    }

    /// The legal actions of a normal turn.
    #[inline]
    fn normal_actions<S: Sink>(&self, node: &Node, sink: &mut S) -> ControlFlow<S::Break> {
        for sq in Bitboard(self.own_squares(usize::from(self.to_move))) {
            self.card_actions(sq as usize, node, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// A uniformly random legal action ([`Game::random_action`]): in a normal turn it
    /// counts each card's actions in bulk, draws one index and lists only the chosen
    /// card's actions. It picks what [`pyramid_core::random_action_by_walk`] picks for the
    /// same generator state.
    #[inline]
    pub(crate) fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.limit_reached() {
            return None;
        }
        if self.phase == Phase::Normal {
            // One shared node; count card by card, then list only the chosen card's
            // actions.
            let node = self.node();
            let mut per_card = [(0usize, 0usize); 13];
            let mut cards = 0;
            let mut total = 0;
            for sq in Bitboard(self.own_squares(usize::from(self.to_move))) {
                let sq = sq as usize;
                let mut count = Count(0);
                let _ = self.card_actions(sq, &node, &mut count);
                per_card[cards] = (sq, count.0);
                cards += 1;
                total += count.0;
            }
            if total == 0 {
                return None;
            }
            let mut index = rng.random_range(0..total);
            for &(sq, n) in &per_card[..cards] {
                if index < n {
                    return match self.card_actions(sq, &node, &mut Select(index)) {
                        ControlFlow::Break(action) => Some(action),
                        ControlFlow::Continue(()) => None,
                    };
                }
                index -= n;
            }
            return None;
        }
        let n = self.count_actions();
        if n == 0 {
            None
        } else {
            self.nth_action(rng.random_range(0..n))
        }
    }

    /// Every legal action, in generation order: normal turns by source square ascending
    /// (slides left to right, then the ascent, then captures by target square).
    #[inline]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) -> ControlFlow<S::Break> {
        if self.limit_reached() {
            return ControlFlow::Continue(());
        }
        match self.phase {
            Phase::Normal => self.normal_actions(&self.node(), sink),
            Phase::Siege => self.answers(sink),
            Phase::Evacuate => self.evacuations(sink),
        }
    }

    /// Calls `f` on every legal action: [`Game::try_for_each_action`].
    #[inline]
    pub(crate) fn try_for_each_action<B>(
        &self,
        f: impl FnMut(Action) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.generate(&mut Emit::new(f))
    }

    /// Whether `action` is legal, generating only what could match it: [`Game::is_legal`].
    pub(crate) fn is_legal(&self, action: Action) -> bool {
        if self.limit_reached() {
            return false;
        }
        let mut find = Emit::new(|a: Action| {
            if a == action {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match self.phase {
            Phase::Normal => {
                let from = action.source_index();
                let code = self.board[from];
                if code == 0 || code_suit(code) != usize::from(self.to_move) {
                    return false;
                }
                self.card_actions(from, &self.node(), &mut find).is_break()
            }
            Phase::Siege => {
                action.is_capture()
                    && action.to_index() == usize::from(self.siege)
                    && self.answers(&mut find).is_break()
            }
            Phase::Evacuate => !action.is_capture() && self.evacuations(&mut find).is_break(),
        }
    }

    /// The `index`-th legal action in generation order, skipping runs of actions
    /// without listing them: [`Game::nth_action`].
    pub(crate) fn nth_action(&self, index: usize) -> Option<Action> {
        match self.generate(&mut Select(index)) {
            ControlFlow::Break(action) => Some(action),
            ControlFlow::Continue(()) => None,
        }
    }

    /// Counts the legal actions (bulk counting for perft: runs of slides and captures
    /// that need no check are counted without being listed).
    #[inline]
    pub(crate) fn count_actions(&self) -> usize {
        let mut sink = Count(0);
        let _ = self.generate(&mut sink);
        sink.0
    }
}

/// Where generated actions go: one at a time, or as runs of legal actions that a sink
/// may count or index without listing them.
pub(crate) trait Sink {
    /// What an early stop carries.
    type Break;
    /// One action.
    fn one(&mut self, action: Action) -> ControlFlow<Self::Break>;
    /// `n` legal actions in generation order; `nth(i)` is the `i`-th of them.
    fn run(&mut self, n: usize, nth: impl Fn(usize) -> Action) -> ControlFlow<Self::Break>;
}

/// A sink calling a closure on every action.
pub(crate) struct Emit<F, B> {
    f: F,
    _break: PhantomData<fn() -> B>,
}

impl<F: FnMut(Action) -> ControlFlow<B>, B> Emit<F, B> {
    pub(crate) fn new(f: F) -> Self {
        Emit {
            f,
            _break: PhantomData,
        }
    }
}

impl<F: FnMut(Action) -> ControlFlow<B>, B> Sink for Emit<F, B> {
    type Break = B;
    #[inline(always)]
    fn one(&mut self, action: Action) -> ControlFlow<B> {
        (self.f)(action)
    }
    #[inline(always)]
    fn run(&mut self, n: usize, nth: impl Fn(usize) -> Action) -> ControlFlow<B> {
        for i in 0..n {
            (self.f)(nth(i))?;
        }
        ControlFlow::Continue(())
    }
}

/// A sink that only counts.
pub(crate) struct Count(pub(crate) usize);

impl Sink for Count {
    type Break = ();
    #[inline(always)]
    fn one(&mut self, _action: Action) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    #[inline(always)]
    fn run(&mut self, n: usize, _nth: impl Fn(usize) -> Action) -> ControlFlow<()> {
        self.0 += n;
        ControlFlow::Continue(())
    }
}

/// A sink that skips `0` actions and stops on the next one.
pub(crate) struct Select(pub(crate) usize);

impl Sink for Select {
    type Break = Action;
    #[inline(always)]
    fn one(&mut self, action: Action) -> ControlFlow<Action> {
        if self.0 == 0 {
            return ControlFlow::Break(action);
        }
        self.0 -= 1;
        ControlFlow::Continue(())
    }
    #[inline(always)]
    fn run(&mut self, n: usize, nth: impl Fn(usize) -> Action) -> ControlFlow<Action> {
        if self.0 < n {
            return ControlFlow::Break(nth(self.0));
        }
        self.0 -= n;
        ControlFlow::Continue(())
    }
}

/// Per-node data shared by every card's generation.
pub(crate) struct Node {
    belt: [u16; 2],
    filter: LoopFilter,
    enemy: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use pyramid_core::rand::{Rng, SeedableRng};
    use pyramid_core::{Game, Notation};

    /// The legal actions by brute force: every candidate is played on a copy and judged
    /// there (belt collisions, King safety, the loop rule), with no shortcut.
    fn reference(state: &CardSiege) -> Vec<Action> {
        let mut out = Vec::new();
        if state.limit_reached() {
            return out;
        }
        let s = usize::from(state.to_move);
        let repeats = |next: &CardSiege| state.repeats(next, s);
        match state.phase {
            Phase::Normal => {
                for sq in 0..crate::geometry::SQUARES {
                    let code = state.board[sq];
                    if code == 0 || code_suit(code) != s {
                        continue;
                    }
                    let rank = code_rank(code);
                    let (row, file) = (sq / WIDTH, sq % WIDTH);
                    let home = if s == 0 { 0 } else { 2 };
                    let restricted = state.opening[s] > 0;
                    let king_safe =
                        |next: &CardSiege, dest: usize| rank != KING || !next.attacked(dest, 1 - s);
                    if !restricted || row == home {
                        for t in 0..WIDTH {
                            let dist = t.abs_diff(file);
                            if dist == 0 || dist > usize::from(SLIDE_LIMIT[usize::from(rank)]) {
                                continue;
                            }
                            let dest = row * WIDTH + t;
                            let mut next = state.clone();
                            if next.apply_slide(sq, dest)
                                && king_safe(&next, dest)
                                && !repeats(&next)
                            {
                                out.push(Action::raw(sq, dest, false));
                            }
                        }
                    }
                    if restricted {
                        continue;
                    }
                    if row == home && state.board[NEUTRAL * WIDTH + file] == 0 {
                        let dest = NEUTRAL * WIDTH + file;
                        let mut next = state.clone();
                        next.apply_step(sq, dest);
                        if king_safe(&next, dest) && !repeats(&next) {
                            out.push(Action::raw(sq, dest, false));
                        }
                    }
                    for t in Bitboard(targets(s, rank, sq)) {
                        let t = t as usize;
                        let c = state.board[t];
                        if c == 0 || code_suit(c) == s {
                            continue;
                        }
                        let mut next = state.clone();
                        next.apply_capture(sq, t);
                        if king_safe(&next, t) && !repeats(&next) {
                            out.push(Action::raw(sq, t, true));
                        }
                    }
                }
            }
            Phase::Siege | Phase::Evacuate => state.for_each_action(|a| out.push(a)),
        }
        out
    }

    #[test]
    fn generation_agrees_with_brute_force_over_random_games() {
        let mut rng = pyramid_core::ChaCha8Rng::seed_from_u64(11);
        let mut positions = 0;
        for game in 0..300 {
            let mut rules = if game % 3 == 0 {
                Rules::default()
            } else {
                Rules::default().with_opening(false)
            };
            // Random games can wander for ever once few cards are left.
            rules = rules.with_ply_limit(Some(600));
            let mut state = CardSiege::new(&rules);
            loop {
                let mut fast = state.legal_actions();
                let mut slow = reference(&state);
                fast.sort_by_key(|a| (a.source_index(), a.to_index(), a.is_capture()));
                slow.sort_by_key(|a| (a.source_index(), a.to_index(), a.is_capture()));
                assert_eq!(fast, slow, "at `{}`", state.position());
                assert_eq!(
                    state.count_actions(),
                    slow.len(),
                    "count at `{}`",
                    state.position()
                );
                for (i, &a) in state.legal_actions().iter().enumerate() {
                    assert_eq!(state.nth_action(i), Some(a));
                }
                let mut same = rng.clone();
                let random = state.random_action(&mut rng);
                assert_eq!(random.is_some(), !fast.is_empty());
                assert!(random.is_none_or(|a| fast.contains(&a)));
                assert_eq!(
                    random,
                    pyramid_core::random_action_by_walk(&state, &mut same)
                );
                positions += 1;
                if fast.is_empty() {
                    break;
                }
                let a = fast[rng.random_range(0..fast.len())];
                state.play_unchecked(a);
            }
        }
        assert!(positions > 10_000);
    }
}
