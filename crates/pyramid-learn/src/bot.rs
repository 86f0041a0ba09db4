//! The `az` bot: PUCT search guided by a trained model.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyramid_core::prelude::*;
use pyramid_core::rand::{RngCore, SeedableRng};
use pyramid_core::{Bot, ChaCha8Rng, Seat};

use crate::error::ModelError;
use crate::evaluator::{Evaluator, check_evaluator};
use crate::search::{Leaf, Search, SearchConfig};

/// How much search one decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AzBudget {
    /// Leaves evaluated (and game ends reached): reproducible from the seed with one
    /// thread.
    Iterations(u64),
    /// Wall time: not reproducible.
    Time(Duration),
}

/// The `az` bot's settings (spec `az:model=FILE,iters=N` or `az:model=FILE,ms=T`, plus
/// `threads=N`, `batch=N` and `c=X`).
#[derive(Clone, Debug, PartialEq)]
pub struct AzConfig {
    /// Search per decision (default 200 iterations).
    pub budget: AzBudget,
    /// Search threads sharing the tree (default 1). Each gathers its own batch of leaves
    /// and evaluates it while the others select.
    pub threads: usize,
    /// The search's settings (batch size, exploration).
    pub search: SearchConfig,
}

impl Default for AzConfig {
    fn default() -> Self {
        AzConfig {
            budget: AzBudget::Iterations(200),
            threads: 1,
            search: SearchConfig::default(),
        }
    }
}

/// AlphaZero's player: a PUCT search ([`Search`]) whose leaves the model evaluates,
/// playing the most visited action. It only ever reads its own seat's view.
///
/// At its first decision it checks that the model fits the game's rules
/// ([`check_evaluator`]); if not it chooses nothing and [`Bot::failure`] says why (a
/// match then counts the game as lost by forfeit).
///
/// ```
/// use std::sync::Arc;
/// use martian_chess::MartianChess;
/// use pyramid_core::{Bot, Seat, prelude::*};
/// use pyramid_learn::{AzBot, AzBudget, AzConfig, Model};
/// let rules = Default::default();
/// let model = Arc::new(Model::new::<MartianChess>(&rules, 8, 1, 1)?);
/// let config = AzConfig { budget: AzBudget::Iterations(32), ..AzConfig::default() };
/// let mut bot = AzBot::<MartianChess>::new(model, config, 5);
/// let state = MartianChess::new(&rules);
/// let action = bot.choose(&state.view(Seat(0)), Seat(0)).expect("not over");
/// assert!(state.is_legal(action));
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
pub struct AzBot<G: FullGame> {
    model: Arc<dyn Evaluator>,
    config: AzConfig,
    rng: ChaCha8Rng,
    failure: Option<String>,
    last_iterations: u64,
    /// Whether the model was found to fit the game's rules (checked at the first
    /// decision, when the rules are known).
    checked: bool,
    /// The tree below the bot's last action, kept for its next decision.
    kept: Option<Search<G>>,
    game: PhantomData<fn() -> G>,
}

/// The plies between two decisions of a bot across which its tree is kept: its own
/// action and up to three opponents' replies.
const KEPT_ACROSS_PLIES: u32 = 4;

impl<G: FullGame> AzBot<G> {
    /// A bot playing with `model` (a model of `G`, or any [`Evaluator`] of it: see
    /// [`check_evaluator`]), its random choices following from `seed`.
    pub fn new(model: Arc<dyn Evaluator>, config: AzConfig, seed: u64) -> Self {
        AzBot {
            model,
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            failure: None,
            last_iterations: 0,
            checked: false,
            kept: None,
            game: PhantomData,
        }
    }

    /// Iterations of the last decision.
    pub fn last_iterations(&self) -> u64 {
        self.last_iterations
    }

    /// Searches `view` (of which `sample` is a state) within the budget and returns the
    /// tree: the tree kept from the last decision where `sample` is in it (perfect
    /// information), its visits counting towards the budget.
    fn search(&mut self, view: &G::View, sample: &G) -> Result<Search<G>, ModelError> {
        let kept = self
            .kept
            .take()
            .and_then(|mut kept| kept.reroot_at(sample, KEPT_ACROSS_PLIES).then_some(kept));
        let search = match kept {
            Some(kept) => kept,
            None => Search::<G>::new(view, self.config.search.clone(), self.rng.next_u64()),
        };
        let start = Instant::now();
        let budget = self.config.budget;
        let threads = self.config.threads.clamp(1, 64);
        let done = |search: &Search<G>| match budget {
            AzBudget::Iterations(n) => search.iterations() >= n.max(1),
            AzBudget::Time(t) => search.iterations() > 0 && start.elapsed() >= t,
        };
        let shared = Mutex::new(search);
        let model = &*self.model;
        let outcome: Result<(), ModelError> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| scope.spawn(|| search_worker(&shared, model, &done, budget)))
                .collect();
            workers
                .into_iter()
                .try_for_each(|w| w.join().unwrap_or_else(|_| Err(thread_panicked())))
        });
        outcome?;
        shared.into_inner().map_err(|_| thread_panicked())
    }
}

/// One search thread: gathers a batch under the lock, evaluates it outside, expands it
/// under the lock, until `done`.
fn search_worker<G: FullGame>(
    shared: &Mutex<Search<G>>,
    model: &dyn Evaluator,
    done: &(dyn Fn(&Search<G>) -> bool + Sync),
    budget: AzBudget,
) -> Result<(), ModelError> {
    let len = model.shape().observation_len();
    let mut leaves: Vec<Leaf<G>> = Vec::new();
    let mut observations: Vec<f32> = Vec::new();
    loop {
        {
            let mut search = shared.lock().map_err(|_| thread_panicked())?;
            if done(&search) {
                return Ok(());
            }
            let room = match budget {
                AzBudget::Iterations(n) => n.saturating_sub(search.iterations()).max(1) as usize,
                AzBudget::Time(_) => usize::MAX,
            };
            let batch = search.batch().min(room);
            let made = search.gather(batch, &mut leaves);
            if made == 0 && leaves.is_empty() {
                // Every leaf is waiting on another thread: let it finish.
                drop(search);
                std::thread::yield_now();
                continue;
            }
        }
        if leaves.is_empty() {
            continue;
        }
        observations.clear();
        observations.resize(leaves.len() * len, 0.0);
        for (leaf, out) in leaves.iter().zip(observations.chunks_mut(len)) {
            leaf.write_observation(out);
        }
        let evaluations = model.evaluate_batch(&observations)?;
        let mut search = shared.lock().map_err(|_| thread_panicked())?;
        for (leaf, evaluation) in leaves.drain(..).zip(&evaluations) {
            search.expand(leaf, evaluation);
        }
    }
}

fn thread_panicked() -> ModelError {
    ModelError::Network(candle_core::Error::Msg(
        "a search thread panicked".to_owned(),
    ))
}

impl<G: FullGame> Bot<G> for AzBot<G> {
    fn name(&self) -> String {
        "az".to_owned()
    }

    fn choose(&mut self, view: &G::View, _seat: Seat) -> Option<G::Action> {
        let sample = G::sample_from_view(view, &mut self.rng);
        if sample.is_over() {
            return None;
        }
        if !self.checked {
            if let Err(error) = check_evaluator::<G>(&*self.model, sample.rules()) {
                self.failure = Some(error.to_string());
                return None;
            }
            self.checked = true;
        }
        // A forced action needs no search.
        if sample.count_actions() == 1 {
            return sample.nth_action(0);
        }
        match self.search(view, &sample) {
            Ok(mut search) => {
                self.last_iterations = search.iterations();
                let action = search.choose(0.0).map(|(action, _)| action)?;
                if search.advance(action) {
                    self.kept = Some(search);
                }
                Some(action)
            }
            Err(error) => {
                self.failure = Some(error.to_string());
                None
            }
        }
    }

    fn failure(&mut self) -> Option<String> {
        self.failure.take()
    }
}
