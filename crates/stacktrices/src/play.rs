//! Playing actions: the turn's sequence of decision points.

#[cfg(doc)]
use pyramid_core::Game;
use pyramid_core::Outcome;

use crate::action::Action;
use crate::geometry::{Base, home_rank, index};
use crate::piece::Pieces;
use crate::state::{Decision, Stacktrices};

impl Stacktrices {
    /// Applies `action` ([`Game::play_unchecked`]; assumed legal, an illegal one never
    /// panics but may break the rules).
    pub(crate) fn play_unchecked(&mut self, action: Action) {
        self.plies = self.plies.saturating_add(1);
        self.apply_action(action);
        // The stack that moved is remembered only while a follow-up depends on it.
        if !(self.raid_due || matches!(self.decision, Decision::Raid | Decision::OptionalSteal)) {
            self.lander = None;
        }
    }

    fn apply_action(&mut self, action: Action) {
        match action {
            Action::Move { from, to } => self.apply_move(index(from), index(to)),
            Action::Warp { from, to } => self.apply_warp(index(from), index(to)),
            Action::Hide(sq) => self.apply_hide(index(sq)),
            Action::Place(p) => {
                self.add_piece(index(p.square), p.piece);
                self.next_placer();
            }
            Action::Steal(p) => {
                self.add_piece(index(p.square), p.piece);
                self.held.remove(p.piece);
                let compulsory = self.decision == Decision::Steal;
                if !compulsory {
                    self.exposed[usize::from(self.turn)] = true;
                }
                self.after_steal(compulsory);
            }
            Action::NoSteal => self.after_steal(false),
            Action::RaidTake { piece, from, to } => {
                self.remove_piece(index(from), piece);
                self.add_piece(index(to), piece);
                self.after_raid();
            }
            Action::RaidStore(p) => {
                self.store.remove(p.piece);
                self.add_piece(index(p.square), p.piece);
                self.after_raid();
            }
            Action::RaidUpgrade(p) => {
                let sq = index(p.square);
                if let Some(larger) = p.piece.larger() {
                    self.remove_piece(sq, p.piece);
                    self.store.add(p.piece);
                    self.store.remove(larger);
                    self.add_piece(sq, larger);
                }
                self.after_raid();
            }
            Action::NoRaid => {
                self.raid_due = false;
                self.decision = Decision::Trade;
            }
            Action::Trade(t) => {
                let mut given = Pieces::EMPTY;
                for g in t.given() {
                    self.remove_piece(index(g.square), g.piece);
                    given.add(g.piece);
                }
                for k in t.taken() {
                    self.store.remove(k.piece);
                    self.add_piece(index(k.square), k.piece);
                }
                self.store.add_all(given);
                self.end_turn();
            }
            Action::NoTrade => self.end_turn(),
        }
    }

    fn add_piece(&mut self, sq: u8, kind: crate::Piece) {
        if let Some(st) = self.board.get_mut(usize::from(sq)).and_then(Option::as_mut) {
            st.pieces.add(kind);
        }
    }

    fn remove_piece(&mut self, sq: u8, kind: crate::Piece) {
        if let Some(st) = self.board.get_mut(usize::from(sq)).and_then(Option::as_mut) {
            st.pieces.remove(kind);
        }
    }

    fn apply_move(&mut self, from: u8, to: u8) {
        let me = usize::from(self.turn);
        let opp = me ^ 1;
        let Some(stack) = self.take(from) else { return };
        let mover_thief = self.thief[me] == Some(from);
        let drone = stack.base == Base::Drone;
        let mut captured = Pieces::EMPTY;
        let mut thief_captured = false;
        let mut any_capture = false;
        if let Some(victim) = self.take(to) {
            any_capture = true;
            captured = victim.pieces;
            if self.thief[opp] == Some(to) && victim.base == Base::Drone {
                thief_captured = true;
                self.thief[opp] = None;
                self.exposed[opp] = false;
                self.bar[opp] = None;
            }
            if self.bar[opp] == Some(to) {
                self.bar[opp] = None;
            }
        }
        self.put(to, stack);
        if mover_thief {
            self.thief[me] = Some(to);
        }
        if self.bar[me] == Some(from) {
            self.bar[me] = Some(to);
        }
        if self.occ[opp] == 0 {
            self.store.add_all(captured);
            self.decision = Decision::Over;
            self.over = Some(Outcome::Win(pyramid_core::Seat(self.turn)));
            return;
        }
        // The raid decision and Variant 1's optional steal arise for every drone-base
        // stack, thief or not, so that they tell the opponent nothing.
        self.raid_due = drone && to / 7 == home_rank(self.turn ^ 1);
        self.lander = Some(to);
        let me8 = self.turn;
        if thief_captured && self.can_place_any(me8, captured) {
            self.held = captured;
            self.decision = Decision::Steal;
            return;
        }
        if any_capture && !thief_captured && self.rules.variant1() && drone {
            self.held = captured;
            self.decision = Decision::OptionalSteal;
            return;
        }
        self.store.add_all(captured);
        self.after_steal(thief_captured);
    }

    fn apply_warp(&mut self, from: u8, to: u8) {
        let me = usize::from(self.turn);
        let Some(stack) = self.take(from) else { return };
        self.put(to, stack);
        if self.thief[me] == Some(from) {
            self.thief[me] = Some(to);
        }
        if self.bar[me] == Some(from) {
            self.bar[me] = Some(to);
        }
        self.raid_due = false;
        self.lander = None;
        self.decision = Decision::Trade;
    }

    /// After the steal (or its absence): held pieces to the store, then the victim's hide
    /// if its thief was captured, then the raid or the trade.
    fn after_steal(&mut self, victim_hides: bool) {
        self.store.add_all(self.held);
        self.held = Pieces::EMPTY;
        let victim = self.turn ^ 1;
        if victim_hides && self.drones(victim) != 0 {
            self.decision = Decision::VictimHide;
            return;
        }
        self.after_victim_hide();
    }

    fn after_victim_hide(&mut self) {
        self.decision = if self.raid_due {
            Decision::Raid
        } else {
            Decision::Trade
        };
        self.raid_due = false;
    }

    fn after_raid(&mut self) {
        let me = usize::from(self.turn);
        self.raid_due = false;
        self.bar[me] = self.thief[me];
        self.decision = Decision::Rehide;
    }

    fn apply_hide(&mut self, sq: u8) {
        match self.decision {
            Decision::SetupHide => {
                self.thief[usize::from(self.turn)] = Some(sq);
                if self.turn == 0 {
                    self.turn = 1;
                } else {
                    self.turn = 0;
                    self.decision = Decision::Place;
                }
            }
            Decision::VictimHide => {
                // Only a re-hide after a raid bars a stack; this hide never does.
                let victim = usize::from(self.turn ^ 1);
                self.thief[victim] = Some(sq);
                self.bar[victim] = None;
                self.after_victim_hide();
            }
            _ => {
                self.thief[usize::from(self.turn)] = Some(sq);
                self.decision = Decision::Trade;
            }
        }
    }

    fn next_placer(&mut self) {
        let other = pyramid_core::Seat(self.turn ^ 1);
        if !self.hand(other).is_empty() {
            self.turn ^= 1;
        } else if self.hand(pyramid_core::Seat(self.turn)).is_empty() {
            self.turn = 0;
            self.enter_main();
        }
    }

    fn end_turn(&mut self) {
        let me = usize::from(self.turn);
        if let Some(b) = self.bar[me]
            && b / 7 == home_rank(self.turn)
        {
            self.bar[me] = None;
        }
        self.turn ^= 1;
        self.enter_main();
    }

    /// Enters the main action of the seat on turn; a side without one loses.
    pub(crate) fn enter_main(&mut self) {
        self.decision = Decision::Main;
        self.raid_due = false;
        if !self.has_main_action() {
            self.over = Some(Outcome::Win(pyramid_core::Seat(self.turn ^ 1)));
        }
    }
}
