//! [`PolicySpace`]: a fixed set of indices (a policy network's outputs), each action a
//! short sequence of them (its decision steps).

use crate::Game;

/// A policy space: a fixed, documented set of indices below [`PolicySpace::policy_size`]
/// whose meaning never depends on the state, and, in every state, a bijection between the
/// legal actions and short sequences of indices, their **decision steps**.
///
/// [`ActionIds`](crate::ActionIds) may be large or number part of an action relative to
/// the state (Ataxx-ice relocations, Stacktrices trades); a learning bot needs each output
/// index to name the same decision in every state. Games with a small dense id space use
/// the id as the one step; the others split their big actions into steps, each a fixed
/// index. Each game's page under `docs/` ("Policy space") gives the indices and the steps.
///
/// The steps of the legal actions of a state form a prefix code: no two legal actions have
/// the same steps, and no action's steps are a proper prefix of another's. So a search can
/// expand one step at a time ([`PolicySpace::legal_next_steps`]) and knows an action is
/// complete when [`PolicySpace::action_from_steps`] names it. The conformance harness
/// checks all of it on every state of its random games.
///
/// ```
/// use pyramid_core::{Game, PolicySpace, nim::Nim};
/// let game = Nim::new(&Default::default());
/// let first = game.legal_next_steps(&[]);
/// assert!(!first.is_empty());
/// for action in game.legal_actions() {
///     let steps = game.steps(action);
///     assert!(steps.iter().all(|&s| s < Nim::policy_size(game.rules())));
///     assert!(first.contains(&steps[0]));
///     assert_eq!(game.action_from_steps(&steps), Some(action));
/// }
/// ```
pub trait PolicySpace: Game {
    /// Every index under `rules` is below this bound (at most a few tens of thousands).
    fn policy_size(rules: &Self::Rules) -> u32;

    /// No legal action under `rules` has more steps than this.
    fn max_steps(rules: &Self::Rules) -> usize;

    /// Appends the decision steps of `action`, a legal action of this state, to `out`.
    fn write_steps(&self, action: Self::Action, out: &mut Vec<u32>);

    /// The decision steps of `action`, a legal action of this state.
    fn steps(&self, action: Self::Action) -> Vec<u32> {
        let mut out = Vec::new();
        self.write_steps(action, &mut out);
        out
    }

    /// What index `step` means, in words, the same in every state (the action text of a
    /// one-step action); `None` when `step` is not below [`PolicySpace::policy_size`].
    fn step_text(&self, step: u32) -> Option<String>;

    /// The legal action whose decision steps are exactly `steps`, or `None` (an
    /// incomplete prefix, or steps no legal action has). The default searches the legal
    /// actions; games may decode directly.
    fn action_from_steps(&self, steps: &[u32]) -> Option<Self::Action> {
        let mut buf = Vec::new();
        let mut found = None;
        self.for_each_action(|a| {
            if found.is_none() {
                buf.clear();
                self.write_steps(a, &mut buf);
                if buf == steps {
                    found = Some(a);
                }
            }
        });
        found
    }

    /// Writes the legal first steps (ascending, without repeats) into `out` and returns
    /// `true` where the game finds them without walking every legal action with its steps
    /// (Stacktrices' trades: one walk over what is given, counting what may be taken);
    /// returns `false`, writing nothing, where it would walk them anyway (the default). A
    /// caller that gets `true` lists only the actions of the first step chosen
    /// ([`PolicySpace::for_each_action_from`]).
    fn write_first_steps(&self, out: &mut Vec<u32>) -> bool {
        let _ = out;
        false
    }

    /// Calls `f` with every legal action whose first step is `first`. The default walks
    /// the legal actions ([`for_each_action_from_walk`]); games whose
    /// [`PolicySpace::write_first_steps`] says `true` list them directly.
    fn for_each_action_from(&self, first: u32, f: impl FnMut(Self::Action)) {
        for_each_action_from_walk(self, first, f);
    }

    /// The indices that may follow `prefix` (steps already chosen) toward a legal action,
    /// ascending and without repeats: empty when the game is over, when `prefix` is a
    /// complete action, or when no legal action starts with it. The default walks the
    /// legal actions.
    fn legal_next_steps(&self, prefix: &[u32]) -> Vec<u32> {
        let mut buf = Vec::new();
        let mut next = Vec::new();
        self.for_each_action(|a| {
            buf.clear();
            self.write_steps(a, &mut buf);
            if buf.len() > prefix.len() && buf.starts_with(prefix) {
                next.push(buf[prefix.len()]);
            }
        });
        next.sort_unstable();
        next.dedup();
        next
    }
}

/// [`PolicySpace::for_each_action_from`] by walking every legal action and its steps (the
/// default, and what a game's own version falls back to).
pub fn for_each_action_from_walk<G: PolicySpace>(
    game: &G,
    first: u32,
    mut f: impl FnMut(G::Action),
) {
    let mut buf = Vec::new();
    game.for_each_action(|a| {
        buf.clear();
        game.write_steps(a, &mut buf);
        if buf.first() == Some(&first) {
            f(a);
        }
    });
}

/// The indices that may follow `prefix` among `sorted`, the decision steps of every legal
/// action in ascending order: the continuing step lists are one run of `sorted`, so this is
/// a binary search and a walk over that run. Ascending, without repeats; empty when
/// `prefix` is complete or nothing starts with it. (The object-safe layer's states keep
/// their legal step lists sorted and answer with it.)
#[cfg(feature = "dynamic")]
pub(crate) fn next_steps_in_sorted(sorted: &[Vec<u32>], prefix: &[u32]) -> Vec<u32> {
    let from = sorted.partition_point(|s| s.as_slice() < prefix);
    let mut next: Vec<u32> = sorted[from..]
        .iter()
        .take_while(|s| s.starts_with(prefix))
        .filter_map(|s| s.get(prefix.len()).copied())
        .collect();
    next.dedup();
    next
}

/// Implements [`PolicySpace`] for a game whose [`ActionIds`](crate::ActionIds) are dense and
/// state-free (Martian Chess, card-siege, Nim): every action is one step, its id, so the
/// policy space is the id space. The one rule of such games, written once.
///
/// ```ignore
/// pyramid_core::one_step_policy!(MartianChess);
/// ```
#[macro_export]
macro_rules! one_step_policy {
    ($game:ty) => {
        impl $crate::PolicySpace for $game {
            fn policy_size(rules: &<$game as $crate::Game>::Rules) -> u32 {
                u32::try_from(<$game as $crate::ActionIds>::action_space(rules)).unwrap_or(u32::MAX)
            }

            fn max_steps(_rules: &<$game as $crate::Game>::Rules) -> usize {
                1
            }

            fn write_steps(&self, action: <$game as $crate::Game>::Action, out: &mut Vec<u32>) {
                let id = $crate::ActionIds::action_id(self, action);
                out.push(u32::try_from(id).unwrap_or(u32::MAX));
            }

            fn step_text(&self, step: u32) -> Option<String> {
                $crate::ActionIds::action_from_id(self, u64::from(step)).map(|a| a.to_string())
            }

            /// Decodes the one step as an id and asks whether the action is legal.
            fn action_from_steps(&self, steps: &[u32]) -> Option<<$game as $crate::Game>::Action> {
                match *steps {
                    [id] => $crate::ActionIds::action_from_id(self, u64::from(id))
                        .filter(|&a| $crate::Game::is_legal(self, a)),
                    _ => None,
                }
            }
        }
    };
}
