//! The typed batch: every game of a [`VectorEnv`](super::VectorEnv) of one game type,
//! stepped and written into the caller's buffers, on one thread or several.

use pyramid_core::dynamic::{DynState, StateBox};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, FullGame, RuleSet, Seat};

use super::slot::{Ending, Slot, zero_sum};
use super::{Outputs, VectorError};

/// What [`VectorEnv`](super::VectorEnv) asks of its batch, whatever the game.
pub(super) trait Batch: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The size of the game's observation tensor (without the steps part).
    fn tensor_len(&self) -> usize;
    /// The shape of the game's observation tensor.
    fn observation_shape(&self) -> Vec<usize>;
    /// The size of the policy space.
    fn policy_size(&self) -> u32;
    /// The most steps an action has.
    fn max_steps(&self) -> usize;
    /// New games (reseeded first when `seed` is given), written into `out`.
    fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>);
    /// Refuses actions that are not one legal step per game, changing nothing.
    fn check(&self, actions: &[i64]) -> Result<(), VectorError>;
    /// Plays checked actions and writes `out` (same-step autoreset), on `threads` threads.
    fn step(&mut self, actions: &[i64], out: Outputs<'_>, threads: usize);
    /// One uniformly drawn legal next step per game.
    fn sample_legal(&mut self, out: &mut [i64]);
    /// A copy of game `env`'s state, and the steps chosen so far.
    fn state(&self, env: usize) -> Option<(Box<dyn DynState>, Vec<u32>)>;
}

/// The games of one type.
pub(super) struct Games<G: FullGame> {
    rules: G::Rules,
    slots: Vec<Slot<G>>,
    /// The size of the game's tensor.
    tensor: usize,
    /// The length of one observation row (the tensor, plus the steps part).
    row: usize,
    policy: usize,
    /// The generator of `sample_legal`.
    sampler: ChaCha8Rng,
}

impl<G: FullGame> Games<G> {
    /// `count` games under `rules`, dealt from `seed`; observations carry the steps part
    /// when actions may take several steps.
    pub(super) fn new(rules: G::Rules, count: usize, seed: u64) -> Games<G> {
        let tensor = G::observation_shape(&rules).iter().product();
        let policy = G::policy_size(&rules) as usize;
        let row = tensor + if G::max_steps(&rules) > 1 { policy } else { 0 };
        let slots = (0..count)
            .map(|i| Slot::new(&rules, seed, i as u64))
            .collect();
        Games {
            rules,
            slots,
            tensor,
            row,
            policy,
            sampler: sampler(seed),
        }
    }
}

/// The generator of `sample_legal` for `seed` (a stream of its own).
fn sampler(seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::MAX);
    rng
}

/// Plays one step in each slot of `slots` and writes their rows of `out`.
fn step_rows<G: FullGame>(
    rules: &G::Rules,
    slots: &mut [Slot<G>],
    actions: &[i64],
    mut out: Outputs<'_>,
    (tensor, row, policy): (usize, usize, usize),
) {
    let seats = rules.seats();
    for (i, (slot, &action)) in slots.iter_mut().zip(actions).enumerate() {
        let mover = slot.state.to_act().unwrap_or(Seat(0));
        let step = u32::try_from(action).unwrap_or(0);
        let returns = &mut out.returns[i * seats..(i + 1) * seats];
        let (reward, terminated, truncated) = match slot.apply(step) {
            Ending::Running => {
                returns.fill(0.0);
                (0.0, false, false)
            }
            ending @ (Ending::Terminated(outcome) | Ending::Truncated(outcome)) => {
                for (s, r) in returns.iter_mut().enumerate() {
                    *r = zero_sum(outcome, Seat(s as u8), seats);
                }
                slot.reset(rules);
                let truncated = matches!(ending, Ending::Truncated(_));
                (zero_sum(outcome, mover, seats), !truncated, truncated)
            }
        };
        out.rewards[i] = reward;
        out.terminations[i] = terminated;
        out.truncations[i] = truncated;
        write_row(slot, &mut out, i, (tensor, row, policy), false);
    }
}

/// Writes slot `i`'s observation, mask and seat to act.
/// `whole`: every entry of the row is written (a reset), else only those that change.
fn write_row<G: FullGame>(
    slot: &mut Slot<G>,
    out: &mut Outputs<'_>,
    i: usize,
    (tensor, row, policy): (usize, usize, usize),
    whole: bool,
) {
    slot.write(
        &mut out.observations[i * row..(i + 1) * row],
        &mut out.masks[i * policy..(i + 1) * policy],
        tensor,
        whole,
    );
    out.to_play[i] = slot.state.to_act().map_or(-1, |s| s.index() as i64);
}

impl<G: FullGame> Batch for Games<G> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn seats(&self) -> usize {
        self.rules.seats()
    }

    fn tensor_len(&self) -> usize {
        self.tensor
    }

    fn observation_shape(&self) -> Vec<usize> {
        G::observation_shape(&self.rules)
    }

    fn policy_size(&self) -> u32 {
        G::policy_size(&self.rules)
    }

    fn max_steps(&self) -> usize {
        G::max_steps(&self.rules)
    }

    fn reset(&mut self, seed: Option<u64>, mut out: Outputs<'_>) {
        if let Some(seed) = seed {
            self.sampler = sampler(seed);
        }
        let shape = (self.tensor, self.row, self.policy);
        for (i, slot) in self.slots.iter_mut().enumerate() {
            if let Some(seed) = seed {
                slot.reseed(seed, i as u64);
            }
            slot.reset(&self.rules);
            out.rewards[i] = 0.0;
            out.terminations[i] = false;
            out.truncations[i] = false;
            write_row(slot, &mut out, i, shape, true);
        }
        out.returns.fill(0.0);
    }

    fn check(&self, actions: &[i64]) -> Result<(), VectorError> {
        if actions.len() != self.slots.len() {
            return Err(VectorError::WrongLength {
                expected: self.slots.len(),
                got: actions.len(),
            });
        }
        for (env, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            let step = u32::try_from(action)
                .ok()
                .filter(|&s| (s as usize) < self.policy)
                .ok_or(VectorError::OutOfRange {
                    env,
                    step: action,
                    size: self.policy,
                })?;
            if !slot.is_legal(step) {
                return Err(VectorError::Illegal {
                    env,
                    step,
                    text: slot.state.step_text(step).unwrap_or_default(),
                    legal: slot.legal.clone(),
                });
            }
        }
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: Outputs<'_>, threads: usize) {
        let shape = (self.tensor, self.row, self.policy);
        let rules = &self.rules;
        let threads = threads.clamp(1, self.slots.len().max(1));
        if threads == 1 {
            step_rows(rules, &mut self.slots, actions, out, shape);
            return;
        }
        let per = self.slots.len().div_ceil(threads);
        let seats = self.seats();
        std::thread::scope(|scope| {
            let parts = out.split(per, self.row, self.policy, seats);
            for ((slots, actions), part) in self
                .slots
                .chunks_mut(per)
                .zip(actions.chunks(per))
                .zip(parts)
            {
                scope.spawn(move || step_rows(rules, slots, actions, part, shape));
            }
        });
    }

    fn sample_legal(&mut self, out: &mut [i64]) {
        for (slot, entry) in self.slots.iter().zip(out.iter_mut()) {
            *entry = i64::from(slot.sample(&mut self.sampler));
        }
    }

    fn state(&self, env: usize) -> Option<(Box<dyn DynState>, Vec<u32>)> {
        self.slots
            .get(env)
            .map(|slot| (StateBox::boxed(slot.state.clone()), slot.prefix.clone()))
    }
}
