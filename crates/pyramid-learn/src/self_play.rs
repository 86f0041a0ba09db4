//! Self-play: the model plays every seat, many games at once, each search's leaves
//! evaluated together with those of the other games in one pass of the network.

use pyramid_core::arena::game_seed;
use pyramid_core::prelude::*;
use pyramid_core::rand::{RngCore, SeedableRng};
use pyramid_core::{ChaCha8Rng, Seat};

use crate::error::ModelError;
use std::time::Instant;

use crate::evaluator::Evaluator;
use crate::limits::MAX_SEATS;
use crate::model::seat_after;
use crate::search::{Leaf, RootNoise, Search, SearchConfig, StepTarget, evaluated_rewards};

/// How self-play games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayConfig {
    /// Search iterations per decision (default 100).
    pub iterations: u64,
    /// The search's settings; self-play adds root noise (Dirichlet 0.3, weight 0.25).
    pub search: SearchConfig,
    /// Plies played with temperature 1 (actions drawn by visit share) before the most
    /// visited action is played (default 12).
    pub temperature_plies: u32,
    /// Plies after which a game is cut off and scored by the game's evaluation (the
    /// best-evaluated seats share the win); the rules' own ply limit applies too
    /// (default 200).
    pub max_plies: u32,
    /// Games each thread plays at once (default 16): their leaves share network passes.
    pub concurrent_games: usize,
    /// Whether the tree below the action played is kept for the next decision (perfect
    /// information only; default off). Off is AlphaZero's way: each decision searches
    /// afresh, its root noise weighing fully. Measured on this project's short Martian
    /// Chess run (3 generations of 12 games, 16 iterations a decision): with the tree
    /// kept, the model beat a random player in 18 or 32 of 50 games (its visits counted
    /// towards the budget, or not), against 40 or more searching afresh.
    pub keep_tree: bool,
}

impl Default for SelfPlayConfig {
    fn default() -> Self {
        SelfPlayConfig {
            iterations: 100,
            search: SearchConfig {
                noise: Some(RootNoise {
                    alpha: 0.3,
                    fraction: 0.25,
                }),
                ..SearchConfig::default()
            },
            temperature_plies: 12,
            max_plies: 200,
            concurrent_games: 16,
            keep_tree: false,
        }
    }
}

/// One decision of a self-play game: what the network will learn from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The acting seat's observation.
    pub observation: Vec<f32>,
    /// The search's visit shares, one target per decision step of the chosen action.
    pub targets: Vec<StepTarget>,
    /// The game's result for each seat, counted from the acting seat (entry 0 is it).
    pub values: Vec<f32>,
}

/// A finished self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayGame {
    /// Its decisions.
    pub positions: Vec<Position>,
    /// Plies played.
    pub plies: u32,
    /// Every seat's reward.
    pub rewards: Vec<f32>,
}

/// A game in progress in one slot of a thread.
struct Slot<G: FullGame> {
    state: G,
    search: Search<G>,
    positions: Vec<(Seat, Vec<f32>, Vec<StepTarget>)>,
    rng: ChaCha8Rng,
}

impl<G: FullGame> Slot<G> {
    fn start(rules: &G::Rules, config: &SelfPlayConfig, seed: u64) -> Slot<G> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = G::deal(rules, &mut rng);
        let search = new_search(&state, config, &mut rng);
        Slot {
            state,
            search,
            positions: Vec::new(),
            rng,
        }
    }
}

fn new_search<G: FullGame>(state: &G, config: &SelfPlayConfig, rng: &mut ChaCha8Rng) -> Search<G> {
    let seat = state.to_act().unwrap_or(Seat(0));
    Search::new(&state.view(seat), config.search.clone(), rng.next_u64())
}

/// Plays `games` self-play games of `G` under `rules` with `model` on `threads` threads,
/// game `i` dealt and searched from `game_seed(seed, i)`: the same seed gives the same
/// games, whatever the thread count.
pub fn play_games<G: FullGame>(
    model: &dyn Evaluator,
    rules: &G::Rules,
    games: usize,
    seed: u64,
    config: &SelfPlayConfig,
    threads: usize,
) -> Result<Vec<SelfPlayGame>, ModelError> {
    play_games_until::<G>(model, rules, games, seed, config, threads, None)
}

/// [`play_games`], stopping at `deadline` (when given): the games finished by then are
/// returned, those still being played are dropped (a training run's time limit, honoured
/// within the generation).
pub fn play_games_until<G: FullGame>(
    model: &dyn Evaluator,
    rules: &G::Rules,
    games: usize,
    seed: u64,
    config: &SelfPlayConfig,
    threads: usize,
    deadline: Option<Instant>,
) -> Result<Vec<SelfPlayGame>, ModelError> {
    let threads = threads.clamp(1, games.max(1));
    let indices: Vec<Vec<u64>> = (0..threads)
        .map(|t| (t..games).step_by(threads).map(|i| i as u64).collect())
        .collect();
    let results: Vec<Result<Vec<(u64, SelfPlayGame)>, ModelError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = indices
            .iter()
            .map(|mine| {
                scope.spawn(move || {
                    play_on_one_thread::<G>(model, rules, mine, seed, config, deadline)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join().unwrap_or_else(|_| {
                    Err(ModelError::Network(candle_core::Error::Msg(
                        "a self-play thread panicked".to_owned(),
                    )))
                })
            })
            .collect()
    });
    let mut all = Vec::with_capacity(games);
    for result in results {
        all.extend(result?);
    }
    all.sort_by_key(|(i, _)| *i);
    Ok(all.into_iter().map(|(_, g)| g).collect())
}

/// Plays the games `indices`, [`SelfPlayConfig::concurrent_games`] at a time.
fn play_on_one_thread<G: FullGame>(
    model: &dyn Evaluator,
    rules: &G::Rules,
    indices: &[u64],
    seed: u64,
    config: &SelfPlayConfig,
    deadline: Option<Instant>,
) -> Result<Vec<(u64, SelfPlayGame)>, ModelError> {
    let len = model.shape().observation_len();
    let mut waiting = indices.iter().copied();
    let mut slots: Vec<(u64, Slot<G>)> = waiting
        .by_ref()
        .take(config.concurrent_games.max(1))
        .map(|i| (i, Slot::start(rules, config, game_seed(seed, i))))
        .collect();
    let mut finished = Vec::new();
    let mut leaves: Vec<(usize, Leaf<G>)> = Vec::new();
    let mut batch: Vec<Leaf<G>> = Vec::new();
    let mut observations: Vec<f32> = Vec::new();
    while !slots.is_empty() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        // Gather every game's batch of leaves, evaluate them in one pass.
        for (s, (_, slot)) in slots.iter_mut().enumerate() {
            let room = config
                .iterations
                .saturating_sub(slot.search.iterations())
                .max(1) as usize;
            slot.search
                .gather(slot.search.batch().min(room), &mut batch);
            leaves.extend(batch.drain(..).map(|leaf| (s, leaf)));
        }
        observations.clear();
        observations.resize(leaves.len() * len, 0.0);
        for ((_, leaf), out) in leaves.iter().zip(observations.chunks_mut(len)) {
            leaf.write_observation(out);
        }
        let evaluations = model.evaluate_batch(&observations)?;
        for ((s, leaf), evaluation) in leaves.drain(..).zip(&evaluations) {
            slots[s].1.search.expand(leaf, evaluation);
        }
        // Play where the search is done.
        let mut s = 0;
        while s < slots.len() {
            let slot = &mut slots[s].1;
            if slot.search.iterations() < config.iterations {
                s += 1;
                continue;
            }
            let temperature = if slot.state.plies() < config.temperature_plies {
                1.0
            } else {
                0.0
            };
            let seat = slot.state.to_act().unwrap_or(Seat(0));
            let chosen = slot.search.choose(temperature);
            let mut kept = false;
            if let Some((action, targets)) = chosen {
                let mut observation = vec![0.0; len];
                slot.state.write_observation(seat, &mut observation);
                slot.positions.push((seat, observation, targets));
                slot.state.play_unchecked(action);
                kept = config.keep_tree && slot.search.advance(action);
            }
            let over = chosen_none_or_over(&slot.state, config.max_plies);
            if over {
                let (index, slot) = slots.swap_remove(s);
                finished.push((index, finish(slot)));
                if let Some(next) = waiting.next() {
                    slots.push((next, Slot::start(rules, config, game_seed(seed, next))));
                }
                continue;
            }
            // The tree below the action played goes on (perfect information).
            if !kept {
                slot.search = new_search(&slot.state, config, &mut slot.rng);
            }
            s += 1;
        }
    }
    Ok(finished)
}

fn chosen_none_or_over<G: FullGame>(state: &G, max_plies: u32) -> bool {
    state.is_over() || state.plies() >= max_plies || state.to_act().is_none()
}

/// The game's positions with their value targets.
fn finish<G: FullGame>(slot: Slot<G>) -> SelfPlayGame {
    let seats = slot.state.seats().min(MAX_SEATS);
    let rewards = evaluated_rewards(&slot.state, seats);
    let positions = slot
        .positions
        .into_iter()
        .map(|(seat, observation, targets)| Position {
            observation,
            targets,
            values: (0..seats)
                .map(|offset| rewards[seat_after(seat.index(), offset, seats)])
                .collect(),
        })
        .collect();
    SelfPlayGame {
        positions,
        plies: slot.state.plies(),
        rewards: rewards[..seats].to_vec(),
    }
}
