//! Playing an action: moves, captures, field promotions, passes.

use pyramid_core::Size;

use crate::geometry::Layout;
use crate::rules::CLOCK_PLIES;
use crate::{Action, MartianChess};

/// Field promotion, its result: a piece of kind `mover` (0 pawn, 1 drone, 2 queen)
/// moving onto a piece of kind `target` of its own zone merges with it into one piece of
/// their pips (pawn + pawn = drone, drone + pawn = queen). Which merges are legal is
/// [`crate::movegen::field_promotion`].
#[inline(always)]
pub(crate) const fn promoted_kind(mover: usize, target: usize) -> usize {
    let merged = mover + target + 1;
    if merged > 2 { 2 } else { merged }
}

/// A capture: the captured piece (of kind `taken`: 0 pawn, 1 drone, 2 queen) leaves the
/// board and its pips go to the mover's `score`.
#[inline(always)]
pub(crate) const fn capture_score(score: u16, taken: usize) -> u16 {
    score.saturating_add(taken as u16 + 1)
}

/// No undo, its trigger: whether a move records its canal crossing, which bans the move
/// straight back on the next ply ([`crate::movegen::no_undo_after_crossing`]). Only with
/// two seats, for a move that ends in another zone (`crossed`); under
/// `undo=capture-allowed` (`capture_undo_allowed`) not for a capture.
#[inline(always)]
pub(crate) const fn crossing_recorded(
    seats: u8,
    crossed: bool,
    captured: bool,
    capture_undo_allowed: bool,
) -> bool {
    seats == 2 && crossed && !(captured && capture_undo_allowed)
}

/// The end: the game ends at once when, after a move, a zone is empty (`zone` holds none
/// of the `occupied` squares).
#[inline(always)]
pub(crate) const fn zone_emptied(occupied: u64, zone: u64) -> bool {
    occupied & zone == 0
}

impl MartianChess {
    /// Plays `action` without checking it. An illegal action never panics; it may leave
    /// a state the rules could not reach.
    #[inline]
    pub(crate) fn play_impl(&mut self, action: Action) {
        let seats = self.rules.seat_count();
        match action {
            Action::Pass => {
                self.passes = self.passes.saturating_add(1);
                self.crossing = None;
                if self.rules.clock() {
                    self.tick_clock(false, false);
                }
            }
            Action::Move { from, to, call } => {
                self.passes = 0;
                self.crossing = None;
                let mut captured = false;
                if let (Some(f), Some(t)) = (self.index_of(from), self.index_of(to)) {
                    captured = self.move_piece(f, t);
                }
                if self.rules.clock() {
                    self.tick_clock(captured, call);
                }
            }
        }
        self.to_move = next_seat(self.to_move, seats);
        self.plies = self.plies.saturating_add(1);
    }

    /// Plays a sampled legal move whose mover's kind (0 pawn, 1 drone, 2 queen) is known.
    #[inline(always)]
    /// Returns the piece that stood on `to` (captured or merged), and the piece that
    /// ends there.
    pub(crate) fn play_sampled(
        &mut self,
        layout: &Layout,
        from: usize,
        to: usize,
        kind: u8,
    ) -> (Option<Size>, Size) {
        self.passes = 0;
        self.crossing = None;
        let mover = Size::from_index(usize::from(kind)).unwrap_or(Size::Queen);
        let result = self.move_known(layout, from, to, mover);
        self.to_move = next_seat(self.to_move, self.rules.seat_count());
        self.plies = self.plies.saturating_add(1);
        result
    }

    /// Moves the piece on `from` to `to`; returns whether it captured.
    #[inline(always)]
    fn move_piece(&mut self, from: usize, to: usize) -> bool {
        let Some(mover) = self.size_at(from) else {
            return false;
        };
        let zone = self.layout().zones[usize::from(self.to_move) & 3];
        let (target, _) = self.move_known(self.layout(), from, to, mover);
        target.is_some() && zone & (1u64 << to) == 0
    }

    /// The clock after a ply (rule option `clock=on`), as AbstractPlay counts it: a
    /// capture resets the plies without a capture and cancels a running countdown; any
    /// other ply (a pass included) adds one to the first and takes one off the second.
    /// Then a move that calls the clock starts the countdown at 7.
    fn tick_clock(&mut self, captured: bool, call: bool) {
        if captured {
            self.quiet = 0;
            self.countdown = None;
        } else {
            self.quiet = self.quiet.saturating_add(1);
            self.countdown = self.countdown.map(|c| c.saturating_sub(1));
        }
        if call && self.countdown.is_none() {
            self.countdown = Some(CLOCK_PLIES);
        }
    }

    #[inline(always)]
    fn move_known(
        &mut self,
        layout: &Layout,
        from: usize,
        to: usize,
        mover: Size,
    ) -> (Option<Size>, Size) {
        let zone = layout.zones[usize::from(self.to_move) & 3];
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        self.pieces[mover.index()] &= !from_bit;
        let target = self.size_at(to);
        let landed = match target {
            None => mover,
            Some(target) => {
                self.pieces[target.index()] &= !to_bit;
                if zone & to_bit != 0 {
                    // Field promotion: the two merge into one piece.
                    let kind = promoted_kind(mover.index(), target.index());
                    Size::from_index(kind).unwrap_or(Size::Queen)
                } else {
                    // Capture: the captured pips go to the mover's score.
                    let seat = usize::from(self.to_move) & 3;
                    self.scores[seat] = capture_score(self.scores[seat], target.index());
                    mover
                }
            }
        };
        self.pieces[landed.index()] |= to_bit;
        if crossing_recorded(
            self.rules.seat_count(),
            zone & to_bit == 0,
            target.is_some(),
            self.rules.capture_undo_allowed(),
        ) {
            self.crossing = Some((from as u8, to as u8));
        }
        (target, landed)
    }
}

/// The seat after `seat` among `seats` (no division on the hot path).
#[inline(always)]
fn next_seat(seat: u8, seats: u8) -> u8 {
    let next = seat + 1;
    if next >= seats { 0 } else { next }
}
