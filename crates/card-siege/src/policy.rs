//! The policy space: [`PolicySpace`].
//!
//! Every action is one step, its dense state-free id ([`pyramid_core::ActionIds`]): a step
//! is `from * 45 + to`, a capture `2025 + from * 45 + to`, so the policy space is the id
//! space, 4050 indices.

use pyramid_core::{ActionIds, PolicySpace};

use crate::action::Action;
use crate::rules::CardSiegeRules;
use crate::state::CardSiege;

impl PolicySpace for CardSiege {
    fn policy_size(rules: &CardSiegeRules) -> u32 {
        Self::action_space(rules) as u32
    }

    fn max_steps(_rules: &CardSiegeRules) -> usize {
        1
    }

    fn write_steps(&self, action: Action, out: &mut Vec<u32>) {
        out.push(self.action_id(action) as u32);
    }

    fn step_text(&self, step: u32) -> Option<String> {
        self.action_from_id(u64::from(step)).map(|a| a.to_string())
    }

    /// Decodes the one step as an id and asks whether the action is legal.
    fn action_from_steps(&self, steps: &[u32]) -> Option<Action> {
        match *steps {
            [id] => self
                .action_from_id(u64::from(id))
                .filter(|&a| self.is_legal(a)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::conformance::check_step_texts;
    use pyramid_core::prelude::*;

    use crate::{CardSiege, CardSiegeRules};

    #[test]
    fn one_step_per_action_its_id() -> Result<(), Box<dyn std::error::Error>> {
        let game = CardSiege::new(&CardSiegeRules::default());
        assert_eq!(CardSiege::policy_size(game.rules()), 4050);
        let step = game.legal_actions()[0];
        assert_eq!(game.steps(step), [game.action_id(step) as u32]);
        assert_eq!(game.action_from_steps(&game.steps(step)), Some(step));
        assert_eq!(game.step_text(2025 + 38).as_deref(), Some("a1xi3"));
        check_step_texts(&game);
        Ok(())
    }
}
