//! The greedy one-ply bot.

use crate::leaf_value::{Heuristic, LeafValue, outcome_value};
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{Bot, ChaCha8Rng, Seat};

/// Plays the action whose resulting state [`Evaluate::evaluate`](pyramid_core::Evaluate::evaluate)s best for its seat, looking
/// one ply ahead. A move that wins at once is always taken and one that loses at once is
/// avoided; ties are broken uniformly at random, reproducibly from the seed.
///
/// It plays from its seat's view: in a game with hidden information it evaluates one
/// state sampled from that view ([`Information::sample_from_view`](pyramid_core::Information::sample_from_view)) per decision.
///
/// ```
/// use pyramid_bots::GreedyBot;
/// use pyramid_core::{Bot, Seat, nim::Nim, prelude::*};
/// let game = Nim::from_position("0,5 0 0", &Default::default()).expect("valid");
/// let mut bot = GreedyBot::new(3);
/// // Taking one counter leaves four, a lost pile for the opponent.
/// let action = Bot::<Nim>::choose(&mut bot, &game.view(Seat(0)), Seat(0)).expect("not over");
/// assert_eq!(action.to_string(), "b-1");
/// ```
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: ChaCha8Rng,
}

impl GreedyBot {
    /// A greedy bot whose tie-breaks follow from `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The best action of `state` for `seat` by one-ply evaluation (ties broken with
    /// `rng`), or `None` if the game is over.
    pub fn pick<G: Information + Evaluate, R: Rng + ?Sized>(
        state: &G,
        seat: Seat,
        rng: &mut R,
    ) -> Option<G::Action> {
        let mut best = f64::NEG_INFINITY;
        let mut chosen = None;
        let mut ties = 0u32;
        state.for_each_action(|action| {
            let mut next = state.clone();
            next.play_unchecked(action);
            let score = score(&next, seat);
            if chosen.is_none() || score > best {
                best = score;
                chosen = Some(action);
                ties = 1;
            } else if score == best {
                // Reservoir sampling: each of the `ties` equal actions is kept with
                // probability 1/ties.
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    chosen = Some(action);
                }
            }
        });
        chosen
    }
}

/// The evaluation of `state` for `seat`: a finished game is worth more (or less) than any
/// evaluation; otherwise [`Evaluate::evaluate`](pyramid_core::Evaluate::evaluate).
pub(crate) fn score<G: Information + Evaluate>(state: &G, seat: Seat) -> f64 {
    outcome_value(state, seat).unwrap_or_else(|| Heuristic.value(state, seat))
}

impl<G: Information + Evaluate> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        let state = G::sample_from_view(view, &mut self.rng);
        Self::pick(&state, seat, &mut self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::nim::Nim;

    #[test]
    fn greedy_takes_an_immediate_win() {
        let game = Nim::from_position("0,3,0 1 4", &Default::default()).expect("valid");
        let mut bot = GreedyBot::new(1);
        let action = Bot::<Nim>::choose(&mut bot, &game.view(Seat(1)), Seat(1));
        assert_eq!(action.map(|a| a.to_string()), Some("b-3".to_owned()));
    }

    #[test]
    fn greedy_ties_follow_the_seed() {
        // Every move from 5,5 leaves a non-zero nim-sum: all tie.
        let game = Nim::from_position("5,5 0 0", &Default::default()).expect("valid");
        let picks = |seed| {
            let mut bot = GreedyBot::new(seed);
            (0..20)
                .map(|_| Bot::<Nim>::choose(&mut bot, &game.view(Seat(0)), Seat(0)))
                .collect::<Vec<_>>()
        };
        assert_eq!(picks(5), picks(5));
        let distinct: std::collections::HashSet<_> = picks(5).into_iter().collect();
        assert!(distinct.len() > 1, "ties are broken at random");
    }

    #[test]
    fn finished_game_has_no_choice() {
        let game = Nim::from_position("0,0 0 6", &Default::default()).expect("valid");
        let mut bot = GreedyBot::new(1);
        assert_eq!(
            Bot::<Nim>::choose(&mut bot, &game.view(Seat(0)), Seat(0)),
            None
        );
    }
}
