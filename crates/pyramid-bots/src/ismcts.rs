//! Information set MCTS with partially observable moves (SO-ISMCTS+POM, Cowling, Powley
//! and Whitehouse, 2012): one tree over what the searching seat can tell apart.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use pyramid_core::prelude::*;
use pyramid_core::rand::seq::IndexedRandom;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{Bot, ChaCha8Rng, Seat};

use crate::mcts::{Budget, playout_rewards, stop_requested};

/// The ISMCTS bot's settings (spec `ismcts:iters=N` or `ismcts:ms=N`, plus `c` and
/// `playout`).
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations or time per decision.
    pub budget: Budget,
    /// The UCB exploration constant (default 0.7).
    pub exploration: f64,
    /// Random plies per playout before the evaluation decides (default 20; 0: to the end).
    pub playout_limit: u32,
}

impl Default for IsmctsConfig {
    /// 1000 iterations, `c = 0.7`, 20-ply playouts.
    fn default() -> Self {
        IsmctsConfig {
            budget: Budget::Iterations(1000),
            exploration: 0.7,
            playout_limit: 20,
        }
    }
}

/// One node: an information set of the searching seat, reached by an edge.
#[derive(Clone, Debug, Default)]
struct Node {
    /// Iterations through this node.
    visits: u32,
    /// Iterations in which its edge was available from its parent.
    available: u32,
    /// Summed reward of the seat that acted into it.
    reward: f64,
    /// That seat.
    actor: u8,
    /// Children by edge: the action (the searching seat's own, or any seat's action it
    /// sees in full) or how the searching seat sees another seat's action.
    children: HashMap<u64, u32>,
}

/// Searches the searching seat's information sets: every iteration samples a state from
/// its view (determinization) and walks one shared tree, in which the other seats'
/// actions are edges **as the searching seat sees them**
/// ([`Information::action_view`](pyramid_core::Information::action_view)): a hidden
/// `hide=` of the other thief is one edge whatever square it names, and below it the tree
/// does not know the square. At such an edge the acting seat's real action is drawn
/// uniformly among those the sample allows that look alike (the POM rule). Selection is
/// UCB over the children available in the sample; playouts are random, cut off after
/// `playout` plies and scored by the evaluation (the best-evaluated seats share the win).
///
/// So the tree never holds what the seat cannot know, unlike determinized MCTS (`mcts`)
/// whose nodes below an unseen action are told that action. For games without hidden
/// information it is plain UCT.
///
/// ```
/// use pyramid_bots::{Budget, IsmctsBot, IsmctsConfig};
/// use pyramid_core::{Bot, Seat, nim::Nim, prelude::*};
/// let game = Nim::from_position("0,5 0 0", &Default::default()).expect("valid");
/// let config = IsmctsConfig { budget: Budget::Iterations(2000), ..IsmctsConfig::default() };
/// let mut bot = IsmctsBot::new(config, 1);
/// let action = Bot::<Nim>::choose(&mut bot, &game.view(Seat(0)), Seat(0)).expect("not over");
/// assert_eq!(action.to_string(), "b-1");
/// ```
#[derive(Clone, Debug)]
pub struct IsmctsBot {
    config: IsmctsConfig,
    rng: ChaCha8Rng,
    /// Iterations of the last decision.
    iterations: u64,
    /// Set from outside to end the search early ([`Bot::set_stop_flag`]).
    stop: Option<Arc<AtomicBool>>,
}

impl IsmctsBot {
    /// A bot with `config`, its random choices following from `seed`.
    pub fn new(config: IsmctsConfig, seed: u64) -> Self {
        IsmctsBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            iterations: 0,
            stop: None,
        }
    }

    /// Iterations of the last decision.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The action for `seat`, to act in `view`.
    fn search<G: Information + Evaluate>(
        &mut self,
        view: &G::View,
        seat: Seat,
    ) -> Option<G::Action> {
        let started = Instant::now();
        let probe = G::sample_from_view(view, &mut self.rng);
        let legal = probe.legal_actions();
        if legal.len() <= 1 {
            self.iterations = 0;
            return legal.first().copied();
        }
        let mut nodes = vec![Node::default()];
        let mut iterations = 0u64;
        let mut path = Vec::new();
        let mut groups: HashMap<u64, Vec<G::Action>> = HashMap::new();
        let mut rewards = Vec::new();
        loop {
            let done = match self.config.budget {
                Budget::Iterations(n) => iterations >= n,
                Budget::Time(t) => iterations > 0 && started.elapsed() >= t,
            };
            if done || stop_requested(&self.stop) {
                break;
            }
            iterations += 1;
            let mut state = G::sample_from_view(view, &mut self.rng);
            path.clear();
            path.push(0u32);
            let mut node = 0u32;
            // Selection and expansion.
            while let Some(actor) = state.to_act() {
                groups.clear();
                state.for_each_action(|a| {
                    groups
                        .entry(edge(&state, a, actor, seat))
                        .or_default()
                        .push(a);
                });
                let mut untried = Vec::new();
                for key in groups.keys() {
                    match nodes[node as usize].children.get(key) {
                        Some(&child) => nodes[child as usize].available += 1,
                        None => untried.push(*key),
                    }
                }
                let (key, expand) = if untried.is_empty() {
                    (self.select(&nodes, node, &groups), false)
                } else {
                    untried.sort_unstable();
                    (untried[self.rng.random_range(0..untried.len())], true)
                };
                let Some(&action) = groups.get(&key).and_then(|g| g.choose(&mut self.rng)) else {
                    break;
                };
                state.play_unchecked(action);
                if expand {
                    let child = nodes.len() as u32;
                    nodes.push(Node {
                        actor: actor.0,
                        available: 1,
                        ..Node::default()
                    });
                    nodes[node as usize].children.insert(key, child);
                    path.push(child);
                    break;
                }
                node = nodes[node as usize].children[&key];
                path.push(node);
            }
            // Playout and backup.
            let limit = self.config.playout_limit;
            state.play_random(&mut self.rng, (limit != 0).then_some(limit));
            playout_rewards(&state, &mut rewards);
            for &n in &path {
                let n = &mut nodes[n as usize];
                n.visits += 1;
                n.reward += rewards.get(usize::from(n.actor)).copied().unwrap_or(0.0);
            }
        }
        self.iterations = iterations;
        // The most visited of the seat's own actions (its edges are its actions).
        let root = &nodes[0];
        legal.iter().copied().max_by_key(|&a| {
            root.children
                .get(&edge(&probe, a, seat, seat))
                .map_or(0, |&c| nodes[c as usize].visits)
        })
    }

    /// The child of `node` with the best UCB among the edges of this sample.
    fn select(&self, nodes: &[Node], node: u32, groups: &HashMap<u64, Vec<impl Copy>>) -> u64 {
        let c = self.config.exploration;
        let mut best = (f64::NEG_INFINITY, 0u64);
        let mut keys: Vec<u64> = groups.keys().copied().collect();
        keys.sort_unstable();
        for key in keys {
            let Some(&child) = nodes[node as usize].children.get(&key) else {
                continue;
            };
            let n = &nodes[child as usize];
            let visits = f64::from(n.visits.max(1));
            let ucb = n.reward / visits + c * (f64::from(n.available.max(1)).ln() / visits).sqrt();
            if ucb > best.0 {
                best = (ucb, key);
            }
        }
        best.1
    }
}

/// The edge an action is in the searching seat's tree: its own actions (and every action
/// it sees in full) by themselves, another seat's action by how the searcher sees it.
fn edge<G: Information + Evaluate>(
    state: &G,
    action: G::Action,
    actor: Seat,
    searcher: Seat,
) -> u64 {
    let mut hasher = DefaultHasher::new();
    if actor == searcher {
        action.hash(&mut hasher);
    } else {
        actor.0.hash(&mut hasher);
        state.action_view(action, searcher).hash(&mut hasher);
    }
    hasher.finish()
}

impl<G: Information + Evaluate> Bot<G> for IsmctsBot {
    fn name(&self) -> String {
        match self.config.budget {
            Budget::Iterations(n) => format!("ismcts:iters={n}"),
            Budget::Time(t) => format!("ismcts:ms={}", t.as_millis()),
        }
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        self.search::<G>(view, seat)
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }
}
