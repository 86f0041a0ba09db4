//! Playing actions: the conveyor and the belt, ascents, captures and sieges, evacuations,
//! and the bookkeeping after every decision (turn, opening counters, loop history, and
//! the besieging seat that cannot answer).

use crate::action::Action;
use crate::card::{KING, code_rank, code_suit};
use crate::geometry::{NEUTRAL, WIDTH};
use crate::state::{CardSiege, GONE, NO_SIEGE, Phase};

impl CardSiege {
    /// Records that the card `code` now stands on `sq` (code 0 is ignored).
    #[inline(always)]
    fn set_place(&mut self, code: u8, sq: usize) {
        if code != 0 {
            self.places[code_suit(code)][usize::from(code_rank(code)) - 1] = sq as u8;
        }
    }

    /// Slides the card on `from` to `to` (same rank): the conveyor rotates the passed
    /// squares one file back toward `from`; on a home row the belt shifts that row's
    /// suit's cards in the neutral row's passed files one file back too, with their
    /// collisions. Returns `false` if a collision makes the slide illegal (the state is
    /// then meaningless; callers only test slides on copies).
    pub(crate) fn apply_slide(&mut self, from: usize, to: usize) -> bool {
        if from == to || from / WIDTH != to / WIDTH {
            return false;
        }
        let rank = from / WIDTH;
        let mover = self.board[from];
        if to > from {
            for sq in from..to {
                let c = self.board[sq + 1];
                self.board[sq] = c;
                self.set_place(c, sq);
            }
        } else {
            for sq in (to + 1..=from).rev() {
                let c = self.board[sq - 1];
                self.board[sq] = c;
                self.set_place(c, sq);
            }
        }
        self.board[to] = mover;
        self.set_place(mover, to);
        if rank == NEUTRAL {
            return true;
        }
        // The belt: cards of the row's suit in the neutral row's passed files.
        let row_suit = rank / 2;
        let (from_file, to_file) = (from % WIDTH, to % WIDTH);
        let base = NEUTRAL * WIDTH;
        let mut legal = true;
        // Walk the passed files from the `from` side, so that every landing square has
        // already been vacated if its own card shifted.
        let mut file = from_file;
        while file != to_file {
            let next = if to_file > from_file {
                file + 1
            } else {
                file - 1
            };
            let (src, land) = (base + next, base + file);
            let c = self.board[src];
            if c != 0 && code_suit(c) == row_suit {
                let occupant = self.board[land];
                if occupant != 0 {
                    if code_suit(occupant) == row_suit {
                        legal = false;
                    } else if code_rank(occupant) == KING {
                        if code_rank(c) == KING {
                            legal = false;
                        }
                        // The enemy King is besieged: the shifted card stands on top.
                        self.siege = land as u8;
                        self.phase = Phase::Siege;
                    } else {
                        self.places[code_suit(occupant)][usize::from(code_rank(occupant)) - 1] =
                            GONE;
                    }
                }
                self.board[land] = c;
                self.board[src] = 0;
                self.set_place(c, land);
            }
            file = next;
        }
        legal
    }

    /// Moves the card on `from` to the empty square `to` (an ascent).
    pub(crate) fn apply_step(&mut self, from: usize, to: usize) {
        let c = self.board[from];
        self.board[from] = 0;
        self.board[to] = c;
        self.set_place(c, to);
    }

    /// The card on `from` captures onto `to`: an enemy King is besieged (the capturer
    /// stands on top), any other card (a siege's top card included) leaves the game.
    pub(crate) fn apply_capture(&mut self, from: usize, to: usize) {
        let c = self.board[from];
        let target = self.board[to];
        if c == 0 || from == to {
            return;
        }
        if target != 0 {
            if code_rank(target) == KING && self.siege == NO_SIEGE {
                self.siege = to as u8;
                self.phase = Phase::Siege;
            } else {
                self.places[code_suit(target)][usize::from(code_rank(target)) - 1] = GONE;
            }
        }
        self.board[from] = 0;
        self.board[to] = c;
        self.set_place(c, to);
    }

    /// The besieged King leaves the siege square for `to`; the top card stays behind and
    /// the siege is over.
    pub(crate) fn apply_evacuation(&mut self, to: usize) {
        if self.siege == NO_SIEGE {
            return;
        }
        let king = self.king_under_siege();
        let code = ((king as u8) << 4) | KING;
        self.board[to] = code;
        self.set_place(code, to);
        self.siege = NO_SIEGE;
        self.phase = Phase::Normal;
    }

    /// Plays `action` for the seat to act, without checking it, then does the
    /// bookkeeping of a decision point.
    pub(crate) fn play_unchecked(&mut self, action: Action) {
        let s = usize::from(self.to_move);
        let old_hist1 = self.hist1;
        let before = self.marked_places();
        let (from, to) = (action.source_index(), action.to_index());
        match self.phase {
            Phase::Normal => {
                if action.is_capture() {
                    self.apply_capture(from, to);
                } else if from / WIDTH == to / WIDTH {
                    let _ = self.apply_slide(from, to);
                } else {
                    self.apply_step(from, to);
                }
                self.opening[s] = self.opening[s].saturating_sub(1);
            }
            Phase::Siege => self.apply_capture(from, to),
            Phase::Evacuate => self.apply_evacuation(to),
        }
        self.to_move = 1 - self.to_move;
        self.plies = self.plies.saturating_add(1);
        self.hist1 = before;
        self.hist2 = old_hist1[usize::from(self.to_move)];
        if self.phase == Phase::Siege {
            self.settle(&old_hist1);
        }
    }

    /// The moment the besieging seat is to move and cannot answer is not a decision
    /// point: the King's seat has won the stack and decides its evacuation next. The
    /// history then refers to the King's seat (`earlier` is the layout pair that was one
    /// ply back before the last decision, or `None` if unknown).
    pub(crate) fn settle(&mut self, earlier: &[crate::state::Layout; 2]) {
        if self.phase != Phase::Siege {
            return;
        }
        let king = self.king_under_siege();
        if usize::from(self.to_move) != king && !self.has_answer() {
            self.phase = Phase::Evacuate;
            self.to_move = king as u8;
            self.hist2 = earlier[king];
        }
    }
}
