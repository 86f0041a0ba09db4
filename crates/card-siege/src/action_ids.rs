//! Integer action ids: [`ActionIds`].
//!
//! Dense and state-free over the 45 squares (index `rank * 15 + file`, a1 = 0, o3 = 44):
//! a step (slide, ascent, evacuation) is `from * 45 + to` (0..2025), a capture (siege
//! answers included) `2025 + from * 45 + to` (2025..4050). The capture flag is part of
//! the action's text (`x`), so it is part of the id. Bound: 4050.

use pyramid_core::ActionIds;

use crate::action::Action;
use crate::geometry::SQUARES;
use crate::rules::Rules;
use crate::state::CardSiege;

/// The number of (from, to) pairs.
const PAIRS: u64 = (SQUARES * SQUARES) as u64;

impl ActionIds for CardSiege {
    fn action_space(_rules: &Rules) -> u64 {
        2 * PAIRS
    }

    fn action_id(&self, action: Action) -> u64 {
        let pair = (action.source_index() * SQUARES + action.to_index()) as u64;
        if action.is_capture() {
            PAIRS + pair
        } else {
            pair
        }
    }

    fn action_from_id(&self, id: u64) -> Option<Action> {
        if id >= 2 * PAIRS {
            return None;
        }
        let pair = (id % PAIRS) as usize;
        Some(Action::raw(pair / SQUARES, pair % SQUARES, id >= PAIRS))
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;

    use crate::{Action, CardSiege, Rules};

    #[test]
    fn ids_are_pinned() -> Result<(), Box<dyn std::error::Error>> {
        let game = CardSiege::new(&Rules::default());
        assert_eq!(CardSiege::action_space(game.rules()), 4050);
        // a1 is square 0, b1 square 1; i3 is 2 * 15 + 8 = 38.
        let step: Action = "a1-b1".parse()?;
        assert_eq!(game.action_id(step), 1);
        let capture: Action = "a1xi3".parse()?;
        assert_eq!(game.action_id(capture), 2025 + 38);
        assert_eq!(game.action_from_id(2025 + 38), Some(capture));
        assert_eq!(game.action_from_id(4050), None);
        Ok(())
    }
}
