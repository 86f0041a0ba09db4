//! The policy space: [`PolicySpace`].
//!
//! Every action is one step, its dense state-free id ([`pyramid_core::ActionIds`]): a move
//! is `from * cells + to`, a pass `cells * cells`, so the policy space is the id space,
//! 1025 indices for two seats and 4097 for four.

use pyramid_core::{ActionIds, Game, PolicySpace};

use crate::{MartianAction, MartianChess, MartianRules};

impl PolicySpace for MartianChess {
    fn policy_size(rules: &MartianRules) -> u32 {
        Self::action_space(rules) as u32
    }

    fn max_steps(_rules: &MartianRules) -> usize {
        1
    }

    fn write_steps(&self, action: MartianAction, out: &mut Vec<u32>) {
        out.push(self.action_id(action) as u32);
    }

    fn step_text(&self, step: u32) -> Option<String> {
        self.action_from_id(u64::from(step)).map(|a| a.to_string())
    }

    /// Decodes the one step as an id and asks whether the action is legal.
    fn action_from_steps(&self, steps: &[u32]) -> Option<MartianAction> {
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

    use crate::{MartianChess, MartianRules};

    #[test]
    fn one_step_per_action_its_id() -> Result<(), Box<dyn std::error::Error>> {
        let four = MartianChess::new(&MartianRules::default().with_seats(4)?);
        assert_eq!(MartianChess::policy_size(four.rules()), 4097);
        let first = four.legal_next_steps(&[]);
        let mut ids: Vec<u32> = four
            .legal_actions()
            .into_iter()
            .map(|a| four.action_id(a) as u32)
            .collect();
        ids.sort_unstable();
        assert_eq!(first, ids);
        assert!(four.legal_next_steps(&first[..1]).is_empty());
        check_step_texts(&four);
        check_step_texts(&MartianChess::new(&MartianRules::default()));
        Ok(())
    }
}
