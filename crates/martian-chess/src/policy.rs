//! The policy space: [`PolicySpace`](pyramid_core::PolicySpace).
//!
//! Every action is one step, its dense state-free id ([`pyramid_core::ActionIds`]): a move
//! is `from * cells + to`, a pass `cells * cells`, so the policy space is the id space,
//! 1025 indices for two seats and 4097 for four.

pyramid_core::one_step_policy!(crate::MartianChess);

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_testkit::conformance::check_step_texts;

    use crate::{MartianChess, Rules};

    #[test]
    fn one_step_per_action_its_id() -> Result<(), Box<dyn std::error::Error>> {
        let four = MartianChess::new(&Rules::default().with_seats(4)?);
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
        check_step_texts(&MartianChess::new(&Rules::default()));
        Ok(())
    }
}
