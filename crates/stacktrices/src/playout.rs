//! Fast uniform random actions and random playouts.

use std::ops::ControlFlow;

use pyramid_core::Game;
use pyramid_core::rand::Rng;

use crate::action::Action;
use crate::board::{bits, home_row, square};
use crate::state::{Decision, Stacktrices};

impl Stacktrices {
    /// The `index`-th legal action in generation order (the order of
    /// [`Game::legal_actions`]), found without walking the trades before it.
    pub fn nth_action(&self, index: usize) -> Option<Action> {
        if self.decision == Decision::Trade && !self.is_over() {
            return if index == 0 {
                Some(Action::NoTrade)
            } else {
                self.nth_trade(index - 1)
            };
        }
        let mut i = 0;
        let mut found = None;
        let _ = self.try_for_each_action(|a| {
            if i == index {
                found = Some(a);
                return ControlFlow::Break(());
            }
            i += 1;
            ControlFlow::Continue(())
        });
        found
    }

    /// A uniformly random legal action: the same choice as
    /// [`pyramid_core::RandomBot::pick`] for the same random draw, but trades are picked
    /// by rank instead of by walking the list.
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
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

    /// Plays uniformly random actions until the game ends or `max_plies` more plies have
    /// been played; returns the number of plies played.
    ///
    /// ```
    /// use pyramid_core::{ChaCha8Rng, Game, rand::SeedableRng};
    /// use stacktrices::{Stacktrices, StacktricesRules};
    /// let mut game = Stacktrices::new(&StacktricesRules::standard());
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// game.random_playout(&mut rng, 10_000);
    /// assert!(game.is_over());
    /// ```
    pub fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: u32) -> u32 {
        let mut played = 0;
        while played < max_plies {
            let Some(action) = self.random_action(rng) else {
                break;
            };
            self.play_unchecked(action);
            played += 1;
        }
        played
    }
}
