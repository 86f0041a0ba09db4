//! Integer action ids: [`ActionIds`].
//!
//! Dense and state-free over the board's cells (`cells` = 32 on the two-seat 4x8 board,
//! 64 on the four-seat 8x8 board; a cell's index is `rank * width + file`, a1 = 0):
//! a move is `from * cells + to`, a pass is `cells * cells`. The space is
//! `cells * cells + 1` (1025 for two seats, 4097 for four). Under the rule option
//! `clock=on` a move that calls the clock (`from-to*`) is its plain id plus that space,
//! `cells * cells + 1 + from * cells + to`, and the space grows to `2 * cells * cells + 1`
//! (2049 for two seats, 8193 for four).

use pyramid_core::{ActionIds, RuleSet};

use crate::{Action, MartianChess, Rules};

/// The number of cells of the board `rules` play on.
fn cells(rules: &Rules) -> u64 {
    if rules.seats() == 4 { 64 } else { 32 }
}

impl ActionIds for MartianChess {
    fn action_space(rules: &Rules) -> u64 {
        let cells = cells(rules);
        let plain = cells * cells + 1;
        if rules.clock() {
            plain + cells * cells
        } else {
            plain
        }
    }

    /// The id of `action`; a move with a square off this board (never legal), or one
    /// calling the clock while the `clock` option is off, gets the bound
    /// [`ActionIds::action_space`], which names no action.
    fn action_id(&self, action: Action) -> u64 {
        let cells = cells(&self.rules);
        let plain = cells * cells + 1;
        let bound = Self::action_space(&self.rules);
        match action {
            Action::Pass => cells * cells,
            Action::Move { from, to, call } => match (self.index_of(from), self.index_of(to)) {
                (Some(f), Some(t)) if !call => f as u64 * cells + t as u64,
                (Some(f), Some(t)) if self.rules.clock() => plain + f as u64 * cells + t as u64,
                _ => bound,
            },
        }
    }

    fn action_from_id(&self, id: u64) -> Option<Action> {
        let cells = cells(&self.rules);
        let plain = cells * cells + 1;
        if id == cells * cells {
            return Some(Action::Pass);
        }
        let (cell_pair, call) = if id < cells * cells {
            (id, false)
        } else if id >= plain && id < Self::action_space(&self.rules) {
            (id - plain, true)
        } else {
            return None;
        };
        Some(Action::Move {
            from: self.square_at((cell_pair / cells) as usize),
            to: self.square_at((cell_pair % cells) as usize),
            call,
        })
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;

    use crate::{Action, MartianChess, Rules};

    #[test]
    fn ids_are_pinned() -> Result<(), Box<dyn std::error::Error>> {
        let two = MartianChess::new(&Rules::default());
        assert_eq!(MartianChess::action_space(two.rules()), 1025);
        // b3 is cell 2 * 4 + 1 = 9, a4 is cell 12.
        let b3a4: Action = "b3-a4".parse()?;
        assert_eq!(two.action_id(b3a4), 9 * 32 + 12);
        assert_eq!(two.action_id(Action::Pass), 1024);
        assert_eq!(two.action_from_id(9 * 32 + 12), Some(b3a4));
        assert_eq!(two.action_from_id(1025), None);
        let four = MartianChess::new(&Rules::default().with_seats(4)?);
        assert_eq!(MartianChess::action_space(four.rules()), 4097);
        // On the 8x8 board b3 is cell 2 * 8 + 1 = 17.
        assert_eq!(four.action_id(b3a4), 17 * 64 + 24);
        // A square off the two-seat board has no id there.
        assert_eq!(two.action_id("e1-e2".parse()?), 1025);
        // Without the clock, calling it has no id either.
        assert_eq!(two.action_id("b3-a4*".parse()?), 1025);
        Ok(())
    }

    #[test]
    fn clock_calls_have_their_own_ids_past_the_plain_space()
    -> Result<(), Box<dyn std::error::Error>> {
        let rules = Rules::default().with_clock(true);
        let two = MartianChess::new(&rules);
        assert_eq!(MartianChess::action_space(&rules), 2049);
        let b3a4: Action = "b3-a4".parse()?;
        let call: Action = "b3-a4*".parse()?;
        assert_eq!(two.action_id(b3a4), 300);
        assert_eq!(two.action_id(call), 1025 + 300);
        assert_eq!(two.action_from_id(1325), Some(call));
        assert_eq!(two.action_from_id(1024), Some(Action::Pass));
        assert_eq!(two.action_from_id(2049), None);
        // Every id below the bound names an action.
        assert!((0..2049).all(|id| two.action_from_id(id).is_some()));
        let four_rules = rules.with_seats(4)?;
        assert_eq!(MartianChess::action_space(&four_rules), 8193);
        Ok(())
    }
}
