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
    /// Every legal action of the state, walked once per decision point (a multi-step
    /// action's later steps narrow the candidates instead of walking the actions again).
    actions: Vec<G::Action>,
    /// Each action's steps: `(start, len)` in `flat`.
    spans: Vec<(u32, u32)>,
    /// The steps of every action, one after the other.
    flat: Vec<u32>,
    /// The actions (indices) whose steps begin with `prefix`, once a step is chosen; with
    /// no step chosen every action is one, and this list is not used.
    candidates: Vec<u32>,
    /// Whether `actions` holds every action whose steps begin with `prefix` (false at a
    /// decision point whose first steps came from the game, until a step is chosen).
    listed: bool,
    /// One bit per policy index, all clear between calls: the legal next steps are set
    /// here and read back in ascending order (no sort).
    seen: Vec<u64>,
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
        let words = (G::policy_size(rules) as usize).div_ceil(64);
        let mut slot = Slot {
            state: G::new(rules),
            prefix: Vec::with_capacity(G::max_steps(rules) + 1),
            legal: Vec::new(),
            actions: Vec::new(),
            spans: Vec::new(),
            flat: Vec::new(),
            candidates: Vec::new(),
            listed: false,
            seen: vec![0; words],
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
        self.decision_point();
    }

    /// A new decision point (no step chosen): the legal first steps, from the game where
    /// it finds them without listing the actions ([`pyramid_core::PolicySpace::write_first_steps`]:
    /// the actions of the first step chosen are listed then), else from every legal
    /// action walked once with its steps.
    fn decision_point(&mut self) {
        self.prefix.clear();
        self.actions.clear();
        self.spans.clear();
        self.flat.clear();
        self.legal.clear();
        self.listed = !self.state.write_first_steps(&mut self.legal);
        if self.listed {
            let Slot {
                state,
                actions,
                spans,
                flat,
                ..
            } = self;
            state.for_each_action(|action| {
                let start = flat.len();
                state.write_steps(action, flat);
                actions.push(action);
                spans.push((start as u32, (flat.len() - start) as u32));
            });
            self.refresh_legal();
        }
    }

    /// Lists the legal actions whose first step is `first`, with their steps, as the
    /// candidates (the first step of a decision point whose actions were not listed).
    fn list_from(&mut self, first: u32) {
        let Slot {
            state,
            actions,
            spans,
            flat,
            candidates,
            ..
        } = self;
        candidates.clear();
        state.for_each_action_from(first, |action| {
            let start = flat.len();
            state.write_steps(action, flat);
            candidates.push(actions.len() as u32);
            actions.push(action);
            spans.push((start as u32, (flat.len() - start) as u32));
        });
        self.listed = true;
    }

    /// The steps of action `index`.
    fn steps_of(&self, index: u32) -> &[u32] {
        let (start, len) = self.spans[index as usize];
        &self.flat[start as usize..(start + len) as usize]
    }

    /// The actions whose steps begin with `prefix`.
    fn for_each_candidate(&self, mut f: impl FnMut(u32)) {
        if self.prefix.is_empty() {
            (0..self.actions.len() as u32).for_each(f);
        } else {
            self.candidates.iter().for_each(|&i| f(i));
        }
    }

    /// Recomputes the legal next steps after `prefix` from the candidates: each step's bit
    /// is set, then the set bits are read back in ascending order and cleared.
    fn refresh_legal(&mut self) {
        let depth = self.prefix.len();
        let mut seen = std::mem::take(&mut self.seen);
        let (mut low, mut high) = (usize::MAX, 0);
        self.for_each_candidate(|i| {
            let Some(&step) = self.steps_of(i).get(depth) else {
                return;
            };
            let w = step as usize / 64;
            if let Some(word) = seen.get_mut(w) {
                *word |= 1 << (step % 64);
                low = low.min(w);
                high = high.max(w);
            }
        });
        self.legal.clear();
        if low <= high {
            for (w, word) in seen[low..=high].iter_mut().enumerate() {
                let base = ((low + w) * 64) as u32;
                let mut bits = std::mem::take(word);
                while bits != 0 {
                    self.legal.push(base + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
        }
        self.seen = seen;
    }

    /// Whether `step` may follow the steps chosen so far.
    pub(super) fn is_legal(&self, step: u32) -> bool {
        self.legal.binary_search(&step).is_ok()
    }

    /// Plays the decision step `step` (legal: [`Slot::is_legal`]): it completes an action,
    /// which is played, or continues the action under way. Says whether the game ended.
    pub(super) fn apply(&mut self, step: u32) -> Ending {
        if !self.listed {
            self.list_from(step);
        }
        let depth = self.prefix.len();
        // The steps are a prefix code: an action whose steps end with this one is the
        // only action they begin.
        let mut first = None;
        self.for_each_candidate(|i| {
            if first.is_none() && self.steps_of(i).get(depth) == Some(&step) {
                first = Some(i);
            }
        });
        match first {
            Some(i) if self.steps_of(i).len() == depth + 1 => {
                self.state.play_unchecked(self.actions[i as usize]);
                self.decision_point();
            }
            _ => {
                let mut candidates = std::mem::take(&mut self.candidates);
                let continues = |i: u32| self.steps_of(i).get(depth) == Some(&step);
                if depth == 0 {
                    candidates.clear();
                    candidates.extend((0..self.actions.len() as u32).filter(|&i| continues(i)));
                } else {
                    candidates.retain(|&i| continues(i));
                }
                self.candidates = candidates;
                self.prefix.push(step);
                self.refresh_legal();
            }
        }
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
