//! The uniformity check: [`Game::random_action`] and one ply of [`Game::play_random`]
//! choose uniformly among the legal actions, by one method for every game, a chi-square
//! goodness-of-fit test with fixed seeds.

use std::collections::HashMap;

use pyramid_core::ChaCha8Rng;
use pyramid_core::rand::SeedableRng;

use pyramid_core::{Game, Notation, RandomBot};

/// Draws per legal action the uniformity check makes where the actions are few (so each
/// count expects this many, or a multiple where several actions lead to one state).
pub const UNIFORM_DRAWS_PER_ACTION: usize = 200;

/// The most draws the uniformity check makes on one state with one method, whatever its
/// number of actions (but never fewer than [`UNIFORM_MIN_DRAWS_PER_ACTION`] per action):
/// keeps states with thousands of actions fast.
pub const UNIFORM_MAX_DRAWS: usize = 40_000;

/// The fewest draws per legal action the uniformity check makes, so every count expects
/// enough draws for the chi-square approximation.
pub const UNIFORM_MIN_DRAWS_PER_ACTION: usize = 20;

/// The draws the uniformity check makes with each method on a state with `actions`
/// legal actions.
fn uniform_draws(actions: usize) -> usize {
    (UNIFORM_DRAWS_PER_ACTION * actions)
        .min(UNIFORM_MAX_DRAWS)
        .max(UNIFORM_MIN_DRAWS_PER_ACTION * actions)
}

/// The most legal actions a state of a random game may have to be picked by
/// [`check_uniform_random_play`] (the draws grow with the actions).
pub const UNIFORM_MAX_ACTIONS: usize = 1500;

/// The standard normal deviate of the significance threshold: a uniform draw exceeds the
/// bound with probability about 3 in a million, so a correct engine does not fail with
/// the fixed seeds, while a bias such as one action twice as likely as the others in a
/// few dozen gives a statistic far above it.
const Z: f64 = 4.5;

/// The chi-square statistic of `observed` counts against `expected` ones (same length,
/// every expectation above zero).
pub fn chi_square(observed: &[usize], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(&o, &e)| {
            let d = o as f64 - e;
            d * d / e
        })
        .sum()
}

/// The upper critical value of the chi-square distribution with `df` degrees of freedom
/// at the threshold of the check (z = 4.5, about 3 in a million), by the Wilson-Hilferty
/// approximation (slightly above the exact value for one or two degrees of freedom).
///
/// ```
/// use pyramid_testkit::conformance::chi_square_bound;
/// assert!(chi_square_bound(1) > 20.0 && chi_square_bound(1) < 26.0);
/// assert!(chi_square_bound(100) > 150.0 && chi_square_bound(100) < 180.0);
/// ```
pub fn chi_square_bound(df: usize) -> f64 {
    let df = df.max(1) as f64;
    let h = 2.0 / (9.0 * df);
    df * (1.0 - h + Z * h.sqrt()).powi(3)
}

/// Panics (naming `what`) unless `counts` fit the `weights` (each outcome's share,
/// relative) by the chi-square test at [`chi_square_bound`]; outcomes with weight 0 must
/// never occur. `counts` and `weights` have one entry per outcome.
pub fn check_uniform_counts(what: &str, counts: &[usize], weights: &[f64]) {
    assert_eq!(counts.len(), weights.len(), "{what}: one weight per count");
    let total: usize = counts.iter().sum();
    let weight: f64 = weights.iter().sum();
    let expected: Vec<f64> = weights.iter().map(|w| w / weight * total as f64).collect();
    let chi = chi_square(counts, &expected);
    let bound = chi_square_bound(counts.len().saturating_sub(1));
    assert!(
        chi < bound,
        "{what} is not uniform over the legal actions: chi-square {chi:.1} over {} outcomes \
         ({total} draws) is above the bound {bound:.1}",
        counts.len()
    );
}

/// Checks that [`Game::random_action`] and one ply of [`Game::play_random`] choose
/// uniformly among the legal actions of `state` ([`UNIFORM_DRAWS_PER_ACTION`] draws per
/// action each, at most [`UNIFORM_MAX_DRAWS`] unless that leaves fewer than
/// [`UNIFORM_MIN_DRAWS_PER_ACTION`], from generators seeded by `seed`): the actions drawn, and the states one
/// ply of `play_random` reaches (several actions may lead to one state, which then
/// expects their share together), pass the chi-square test ([`check_uniform_counts`]),
/// and nothing else comes out. A state with fewer than two legal actions passes.
pub fn check_uniform_choice<G: Game + Notation>(state: &G, seed: u64) {
    let actions = state.legal_actions();
    if actions.len() < 2 {
        return;
    }
    let pos = state.position();
    let draws = uniform_draws(actions.len());

    let index: HashMap<G::Action, usize> =
        actions.iter().enumerate().map(|(i, &a)| (a, i)).collect();
    let mut counts = vec![0usize; actions.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..draws {
        let drawn = state
            .random_action(&mut rng)
            .unwrap_or_else(|| panic!("random_action found nothing at `{pos}`"));
        let i = *index
            .get(&drawn)
            .unwrap_or_else(|| panic!("random_action drew the illegal `{drawn}` at `{pos}`"));
        counts[i] += 1;
    }
    check_uniform_counts(
        &format!("random_action at `{pos}`"),
        &counts,
        &vec![1.0; actions.len()],
    );

    let mut children: HashMap<G, usize> = HashMap::new();
    let mut weights: Vec<f64> = Vec::new();
    for &a in &actions {
        let mut child = state.clone();
        child.play_unchecked(a);
        let next = children.len();
        let i = *children.entry(child).or_insert(next);
        if i == weights.len() {
            weights.push(0.0);
        }
        weights[i] += 1.0;
    }
    let mut counts = vec![0usize; weights.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0E5E_9A11);
    for _ in 0..draws {
        let mut next = state.clone();
        let played = next.play_random(&mut rng, Some(1));
        assert_eq!(
            played, 1,
            "play_random(Some(1)) played {played} plies at `{pos}`"
        );
        let i = *children.get(&next).unwrap_or_else(|| {
            panic!(
                "play_random reached `{}`, which no legal action leads to from `{pos}`",
                next.position()
            )
        });
        counts[i] += 1;
    }
    check_uniform_counts(
        &format!("one ply of play_random at `{pos}`"),
        &counts,
        &weights,
    );
}

/// Runs [`check_uniform_choice`] on states of seeded random games under `rules`: for
/// each seed, a game dealt from it ([`Game::deal`]) is played at random for at most
/// `max_plies` plies, and of its states with 2 to [`UNIFORM_MAX_ACTIONS`] legal actions
/// the one with the fewest and the one with the most are checked. Panics with the first
/// state that fails.
///
/// ```
/// use pyramid_testkit::conformance::check_uniform_random_play;
/// use pyramid_core::nim::{Nim, NimRules};
/// check_uniform_random_play::<Nim>(&NimRules::default(), 0..2, 60);
/// ```
pub fn check_uniform_random_play<G: Game + Notation>(
    rules: &G::Rules,
    seeds: impl IntoIterator<Item = u64>,
    max_plies: u32,
) {
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = G::deal(rules, &mut rng);
        let mut fewest: Option<(usize, G)> = None;
        let mut most: Option<(usize, G)> = None;
        for _ in 0..=max_plies {
            let n = state.count_actions();
            if (2..=UNIFORM_MAX_ACTIONS).contains(&n) {
                if fewest.as_ref().is_none_or(|(f, _)| n < *f) {
                    fewest = Some((n, state.clone()));
                }
                if most.as_ref().is_none_or(|(m, _)| n > *m) {
                    most = Some((n, state.clone()));
                }
            }
            let Some(action) = RandomBot::pick(&state, &mut rng) else {
                break;
            };
            state.play_unchecked(action);
        }
        for (_, picked) in fewest.into_iter().chain(most) {
            check_uniform_choice(&picked, seed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::nim::{Nim, NimRules, Take};
    use pyramid_core::{Outcome, PositionError, Seat};
    use std::ops::ControlFlow;

    /// Nim with a biased random choice on purpose: `random_action` (when `action` is set)
    /// or one ply of `play_random` (otherwise) takes the first legal action twice as
    /// often as each other one.
    #[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
    struct Biased {
        nim: Nim,
        action: bool,
    }

    impl Biased {
        /// The first legal action with weight 2, every other with weight 1.
        fn biased_draw<R: pyramid_core::rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Take> {
            let actions = self.nim.legal_actions();
            let i = rng.random_range(0..=actions.len());
            actions.get(i.saturating_sub(1)).copied()
        }
    }

    impl Game for Biased {
        type Action = Take;
        type Rules = NimRules;
        fn new(rules: &NimRules) -> Self {
            Biased {
                nim: Nim::new(rules),
                action: true,
            }
        }
        fn rules(&self) -> &NimRules {
            self.nim.rules()
        }
        fn to_act(&self) -> Option<Seat> {
            self.nim.to_act()
        }
        fn outcome(&self) -> Option<Outcome> {
            self.nim.outcome()
        }
        fn plies(&self) -> u32 {
            self.nim.plies()
        }
        fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
        where
            F: FnMut(Take) -> ControlFlow<B>,
        {
            self.nim.try_for_each_action(f)
        }
        fn play_unchecked(&mut self, action: Take) {
            self.nim.play_unchecked(action);
        }
        fn random_action<R: pyramid_core::rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Take> {
            if self.action {
                self.biased_draw(rng)
            } else {
                self.nim.random_action(rng)
            }
        }
        fn play_random<R: pyramid_core::rand::Rng + ?Sized>(
            &mut self,
            rng: &mut R,
            max: Option<u32>,
        ) -> u32 {
            if self.action {
                pyramid_core::play_random_by(self, rng, max, |s, r| s.nim.random_action(r))
            } else {
                pyramid_core::play_random_by(self, rng, max, |s, r| s.biased_draw(r))
            }
        }
    }

    impl Notation for Biased {
        type PositionError = PositionError;
        fn from_position(text: &str, rules: &NimRules) -> Result<Self, PositionError> {
            Ok(Biased {
                nim: Nim::from_position(text, rules)?,
                action: true,
            })
        }
        fn position(&self) -> String {
            self.nim.position()
        }
    }

    #[test]
    fn nim_passes_the_uniformity_check() {
        check_uniform_random_play::<Nim>(&NimRules::default(), 0..4, 60);
    }

    #[test]
    #[should_panic(expected = "random_action at `3,4,5 0 0` is not uniform")]
    fn uniformity_check_catches_a_biased_random_action() {
        let state = Biased::new(&NimRules::default());
        check_uniform_choice(&state, 1);
    }

    #[test]
    #[should_panic(expected = "one ply of play_random at `3,4,5 0 0` is not uniform")]
    fn uniformity_check_catches_a_biased_play_random() {
        let mut state = Biased::new(&NimRules::default());
        state.action = false;
        check_uniform_choice(&state, 1);
    }
}
