//! One game of a [`VectorEnv`](super::VectorEnv): its state, the steps chosen so far of
//! the action under way, and the legal next steps, kept in buffers reused from step to
//! step (no allocation once the first steps have sized them).

use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, FullGame, Outcome, RuleSet, Seat};

/// How a step ended a game (or did not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    /// The game goes on.
    Running,
    /// The game ended by its rules (a win, or a draw that is not the ply limit's).
    Terminated(Outcome),
    /// The game reached its ply limit (a draw by that rule).
    Truncated(Outcome),
}

/// One game of the batch.
#[derive(Clone, Debug)]
pub(super) struct Slot<G: FullGame> {
    /// The state.
    pub(super) state: G,
    /// The decision steps chosen so far of the action under way (empty between actions).
    pub(super) prefix: Vec<u32>,
    /// The steps that may follow `prefix` toward a legal action, ascending, no repeats.
    pub(super) legal: Vec<u32>,
    /// The legal actions that one more step completes, with that step.
    completing: Vec<(u32, G::Action)>,
    /// Every legal action of the state, walked once per decision point (a multi-step
    /// action's later steps narrow this list instead of walking the actions again).
    actions: Vec<G::Action>,
    /// Each action's steps: `(start, len)` in `flat`.
    spans: Vec<(u32, u32)>,
    /// The steps of every action, one after the other.
    flat: Vec<u32>,
    /// The actions (indices) whose steps begin with `prefix`.
    candidates: Vec<u32>,
    /// The mask entries and the steps-part entries this slot set in its row last time
    /// (cleared one by one on the next write: the rows of the big policy spaces are tens of
    /// kilobytes, mostly zeros).
    shown: (Vec<u32>, Vec<u32>),
    /// The generator of this game's deals (who starts, where the rules leave it open).
    rng: ChaCha8Rng,
}

impl<G: FullGame> Slot<G> {
    /// A slot whose deals come from `seed`, stream `stream` (one stream per game).
    pub(super) fn new(rules: &G::Rules, seed: u64, stream: u64) -> Slot<G> {
        let mut slot = Slot {
            state: G::new(rules),
            prefix: Vec::with_capacity(G::max_steps(rules) + 1),
            legal: Vec::new(),
            completing: Vec::new(),
            actions: Vec::new(),
            spans: Vec::new(),
            flat: Vec::new(),
            candidates: Vec::new(),
            shown: (Vec::new(), Vec::new()),
            rng: Self::generator(seed, stream),
        };
        slot.reset(rules);
        slot
    }

    fn generator(seed: u64, stream: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        rng
    }

    /// Starts the draws again from `seed` (stream `stream`).
    pub(super) fn reseed(&mut self, seed: u64, stream: u64) {
        self.rng = Self::generator(seed, stream);
    }

    /// A new game, dealt from this slot's generator.
    pub(super) fn reset(&mut self, rules: &G::Rules) {
        self.state = G::deal(rules, &mut self.rng);
        self.prefix.clear();
        self.walk_actions();
        self.refresh_legal();
    }

    /// Walks the state's legal actions once, keeping each with its steps; every one is a
    /// candidate (no step chosen yet).
    fn walk_actions(&mut self) {
        let Slot {
            state,
            actions,
            spans,
            flat,
            candidates,
            ..
        } = self;
        actions.clear();
        spans.clear();
        flat.clear();
        candidates.clear();
        state.for_each_action(|action| {
            let start = flat.len();
            state.write_steps(action, flat);
            candidates.push(actions.len() as u32);
            actions.push(action);
            spans.push((start as u32, (flat.len() - start) as u32));
        });
    }

    /// The steps of candidate action `index`.
    fn steps_of(&self, index: u32) -> &[u32] {
        let (start, len) = self.spans[index as usize];
        &self.flat[start as usize..(start + len) as usize]
    }

    /// Recomputes the legal next steps after `prefix` (and the actions one more step
    /// completes) from the candidates.
    fn refresh_legal(&mut self) {
        let depth = self.prefix.len();
        let mut legal = std::mem::take(&mut self.legal);
        let mut completing = std::mem::take(&mut self.completing);
        legal.clear();
        completing.clear();
        for &i in &self.candidates {
            let steps = self.steps_of(i);
            if steps.len() > depth {
                legal.push(steps[depth]);
                if steps.len() == depth + 1 {
                    completing.push((steps[depth], self.actions[i as usize]));
                }
            }
        }
        legal.sort_unstable();
        legal.dedup();
        self.legal = legal;
        self.completing = completing;
    }

    /// Whether `step` may follow the steps chosen so far.
    pub(super) fn is_legal(&self, step: u32) -> bool {
        self.legal.binary_search(&step).is_ok()
    }

    /// Plays the decision step `step` (legal: [`Slot::is_legal`]): it completes an action,
    /// which is played, or continues the action under way. Says whether the game ended.
    pub(super) fn apply(&mut self, step: u32) -> Ending {
        let completed = self.completing.iter().find(|&&(s, _)| s == step);
        if let Some(&(_, action)) = completed {
            self.state.play_unchecked(action);
            self.prefix.clear();
            self.walk_actions();
        } else {
            let depth = self.prefix.len();
            self.prefix.push(step);
            let mut candidates = std::mem::take(&mut self.candidates);
            candidates.retain(|&i| self.steps_of(i).get(depth) == Some(&step));
            self.candidates = candidates;
        }
        self.refresh_legal();
        match self.state.outcome() {
            None => Ending::Running,
            Some(outcome @ Outcome::Draw)
                if self
                    .state
                    .rules()
                    .common()
                    .limit_reached(self.state.plies()) =>
            {
                Ending::Truncated(outcome)
            }
            Some(outcome) => Ending::Terminated(outcome),
        }
    }

    /// Writes the acting seat's observation (the game's tensor, then, when the row is
    /// longer, one entry per policy index, 1 at each step chosen so far) and the mask of
    /// the legal next steps. `whole`: every entry is written; otherwise the row is the one
    /// this slot wrote last, and only the entries it set then are cleared.
    pub(super) fn write(
        &mut self,
        observation: &mut [f32],
        mask: &mut [bool],
        tensor: usize,
        whole: bool,
    ) {
        let seat = self.state.to_act().unwrap_or(Seat(0));
        let (own, steps) = observation.split_at_mut(tensor.min(observation.len()));
        self.state.write_observation(seat, own);
        let (shown_mask, shown_steps) = &mut self.shown;
        if whole {
            steps.fill(0.0);
            mask.fill(false);
        } else {
            for &step in shown_steps.iter() {
                if let Some(entry) = steps.get_mut(step as usize) {
                    *entry = 0.0;
                }
            }
            for &step in shown_mask.iter() {
                if let Some(entry) = mask.get_mut(step as usize) {
                    *entry = false;
                }
            }
        }
        shown_steps.clear();
        if !steps.is_empty() {
            for &step in &self.prefix {
                if let Some(entry) = steps.get_mut(step as usize) {
                    *entry = 1.0;
                    shown_steps.push(step);
                }
            }
        }
        shown_mask.clear();
        for &step in &self.legal {
            if let Some(entry) = mask.get_mut(step as usize) {
                *entry = true;
                shown_mask.push(step);
            }
        }
    }

    /// A legal next step drawn uniformly from `rng` (0 when there is none).
    pub(super) fn sample(&self, rng: &mut ChaCha8Rng) -> u32 {
        use pyramid_core::rand::Rng;
        if self.legal.is_empty() {
            return 0;
        }
        self.legal[rng.random_range(0..self.legal.len())]
    }
}

/// `seat`'s zero-sum return under `outcome` among `seats` seats: +1 to the winner,
/// `-1/(seats-1)` to each loser, 0 in a draw ([`Outcome::zero_sum_returns`], without the
/// list).
pub(super) fn zero_sum(outcome: Outcome, seat: Seat, seats: usize) -> f32 {
    match outcome {
        Outcome::Win(w) if w == seat => 1.0,
        Outcome::Win(_) => -1.0 / seats.saturating_sub(1).max(1) as f32,
        Outcome::Draw => 0.0,
    }
}
