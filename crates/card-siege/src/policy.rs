//! The policy space: [`PolicySpace`](pyramid_core::PolicySpace).
//!
//! Every action is one step, its dense state-free id ([`pyramid_core::ActionIds`]): a step
//! is `from * 45 + to`, a capture `2025 + from * 45 + to`, so the policy space is the id
//! space, 4050 indices.

pyramid_core::one_step_policy!(crate::CardSiege);

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_testkit::conformance::check_step_texts;

    use crate::{CardSiege, Rules};

    #[test]
    fn one_step_per_action_its_id() -> Result<(), Box<dyn std::error::Error>> {
        let game = CardSiege::new(&Rules::default());
        assert_eq!(CardSiege::policy_size(game.rules()), 4050);
        let step = game.legal_actions()[0];
        assert_eq!(game.steps(step), [game.action_id(step) as u32]);
        assert_eq!(game.action_from_steps(&game.steps(step)), Some(step));
        assert_eq!(game.step_text(2025 + 38).as_deref(), Some("a1xi3"));
        check_step_texts(&game);
        Ok(())
    }
}
