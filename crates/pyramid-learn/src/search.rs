//! PUCT tree search as in AlphaZero, one decision step at a time.
//!
//! A node is a decision point: a state and the steps of the action chosen so far in it
//! ([`PolicySpace`](pyramid_core::PolicySpace)). An edge is one step. A leaf is evaluated
//! by the network: its priors are the softmax of the policy logits over the legal next
//! steps, its value one reward per seat. Selection maximises
//! `Q + c * P * sqrt(N) / (1 + n)` for the seat to act, `Q` being that seat's mean reward
//! below the edge (an unvisited edge gets its parent's mean, less 0.1).
//!
//! Leaves are gathered in batches: each descent adds a virtual loss (a visit worth
//! nothing to the seats that chose the edges) so the next descent of the batch goes
//! elsewhere, and one pass of the network evaluates the whole batch, or the batches of
//! many games at once in self-play.
//!
//! Hidden information: the search only has the seat's view. Each descent starts from a
//! state sampled from it ([`Information::sample_from_view`](pyramid_core::Information::sample_from_view)),
//! and at each node only the steps legal in that sample are candidates. The root's steps
//! are the same in every sample, since a seat's legal steps depend only on what it sees.

use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{ChaCha8Rng, Seat, perfect_information};
use rand_distr::{Distribution, Gamma};

use crate::evaluation::Evaluation;
use crate::limits::MAX_SEATS;
use crate::model::seat_after;

/// Root noise for self-play: priors become `(1 - fraction) * P + fraction * Dir(alpha)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootNoise {
    /// The Dirichlet concentration.
    pub alpha: f32,
    /// The weight of the noise.
    pub fraction: f32,
}

/// The search's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// The exploration constant `c` of PUCT, rewards being in `[0, 1]` (default 1.5).
    pub c_puct: f32,
    /// Leaves gathered before one pass of the network (default 8).
    pub batch: usize,
    /// Dirichlet noise at the root, in self-play only (default none).
    pub noise: Option<RootNoise>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            c_puct: 1.5,
            batch: 8,
            noise: None,
        }
    }
}

/// A step of a tree node.
#[derive(Clone, Copy, Debug)]
struct Edge {
    step: u32,
    prior: f32,
    /// The child node; 0 while none (the root is never a child).
    child: u32,
}

/// A decision point of the tree.
#[derive(Clone, Debug, Default)]
struct Node {
    /// Finished descents through the node.
    visits: u32,
    /// Descents through it waiting for their leaf's evaluation (virtual losses).
    pending: u32,
    /// Summed rewards by seat.
    rewards: [f32; MAX_SEATS],
    /// Whether its edges are known.
    expanded: bool,
    /// The seat to act.
    actor: u8,
    /// Its steps, ascending.
    edges: Vec<Edge>,
}

/// A descent waiting for the network: the path from the root, and the state and steps
/// the leaf stands for.
#[derive(Clone, Debug)]
pub struct Leaf<G: Game> {
    path: Vec<u32>,
    state: G,
    prefix: Vec<u32>,
    actor: Seat,
}

impl<G: FullGame> Leaf<G> {
    /// Writes the observation the network evaluates for this leaf: the acting seat's.
    pub fn write_observation(&self, out: &mut [f32]) {
        self.state.write_observation(self.actor, out);
    }
}

/// What a search learned about one decision step: the visit share of each legal next
/// step after `prefix` (a training target of the policy head).
#[derive(Clone, Debug, PartialEq)]
pub struct StepTarget {
    /// The steps of the action chosen before this one.
    pub prefix: Vec<u32>,
    /// The legal next steps.
    pub steps: Vec<u32>,
    /// The share of visits of each, summing to 1.
    pub shares: Vec<f32>,
}

/// One search tree, rooted at a seat's view.
pub struct Search<G: FullGame> {
    nodes: Vec<Node>,
    view: G::View,
    /// A state of the view: the root state itself with perfect information.
    root: G,
    perfect: bool,
    seats: usize,
    config: SearchConfig,
    rng: ChaCha8Rng,
    iterations: u64,
}

impl<G: FullGame> Search<G> {
    /// A search of `seat`'s decision in `view` (the seat must be the one to act), its
    /// random choices following from `seed`.
    pub fn new(view: &G::View, config: SearchConfig, seed: u64) -> Search<G> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let root = G::sample_from_view(view, &mut rng);
        let seats = root.seats().min(MAX_SEATS);
        let actor = root.to_act().map_or(0, |s| s.0);
        Search {
            nodes: vec![Node {
                actor,
                ..Node::default()
            }],
            view: view.clone(),
            root,
            perfect: perfect_information::<G>(),
            seats,
            config,
            rng,
            iterations: 0,
        }
    }

    /// Descents finished so far (leaves evaluated and game ends reached).
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Nodes in the tree.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The leaves in flight cap: the batch size.
    pub fn batch(&self) -> usize {
        self.config.batch.max(1)
    }

    /// Descends up to `max` times, adding each leaf to evaluate to `leaves`; a descent
    /// that ends the game is counted at once. Stops early when a descent reaches a leaf
    /// already waiting (the batch has spread as far as it usefully can). Returns the
    /// descents made.
    pub fn gather(&mut self, max: usize, leaves: &mut Vec<Leaf<G>>) -> usize {
        let mut made = 0;
        // A batch may meet a finished game many times: bound the attempts.
        for _ in 0..max.saturating_mul(4).max(1) {
            if made >= max {
                break;
            }
            match self.descend() {
                Descent::Leaf(leaf) => {
                    leaves.push(leaf);
                    made += 1;
                }
                Descent::Ended => made += 1,
                Descent::Collision => break,
            }
        }
        made
    }

    /// One descent from the root.
    fn descend(&mut self) -> Descent<G> {
        let mut state = if self.perfect {
            self.root.clone()
        } else {
            G::sample_from_view(&self.view, &mut self.rng)
        };
        let mut prefix: Vec<u32> = Vec::new();
        let mut path = vec![0u32];
        let mut node = 0usize;
        loop {
            if let Some(outcome) = state.outcome() {
                let rewards = self.rewards_of(outcome);
                self.backup(&path, &rewards, false);
                self.iterations += 1;
                return Descent::Ended;
            }
            if !self.nodes[node].expanded {
                if self.nodes[node].pending > 0 {
                    return Descent::Collision;
                }
                for &n in &path {
                    self.nodes[n as usize].pending += 1;
                }
                let actor = state.to_act().unwrap_or(Seat(0));
                return Descent::Leaf(Leaf {
                    path,
                    state,
                    prefix,
                    actor,
                });
            }
            let Some(edge) = self.select(node, &state, &prefix) else {
                // No step is legal in this sample below a node another sample expanded:
                // score the sample by its end as the game's evaluation sees it.
                let rewards = self.evaluated_rewards(&state);
                self.backup(&path, &rewards, false);
                self.iterations += 1;
                return Descent::Ended;
            };
            let step = self.nodes[node].edges[edge].step;
            prefix.push(step);
            if let Some(action) = state.action_from_steps(&prefix) {
                state.play_unchecked(action);
                prefix.clear();
            }
            let child = match self.nodes[node].edges[edge].child {
                0 => {
                    let child = self.nodes.len() as u32;
                    self.nodes.push(Node {
                        actor: state.to_act().map_or(0, |s| s.0),
                        ..Node::default()
                    });
                    self.nodes[node].edges[edge].child = child;
                    child
                }
                child => child,
            };
            path.push(child);
            node = child as usize;
        }
    }

    /// The edge PUCT picks at `node` for `state` (after `prefix`), among the steps legal
    /// in `state`; with hidden information a legal step the tree has not met yet is added
    /// with a uniform prior.
    fn select(&mut self, node: usize, state: &G, prefix: &[u32]) -> Option<usize> {
        let legal = if self.perfect {
            None
        } else {
            let legal = legal_steps(state, prefix);
            let uniform = 1.0 / legal.len().max(1) as f32;
            for &step in &legal {
                let edges = &mut self.nodes[node].edges;
                if let Err(at) = edges.binary_search_by_key(&step, |e| e.step) {
                    edges.insert(
                        at,
                        Edge {
                            step,
                            prior: uniform,
                            child: 0,
                        },
                    );
                }
            }
            Some(legal)
        };
        let n = &self.nodes[node];
        let actor = usize::from(n.actor).min(MAX_SEATS - 1);
        let total = (n.visits + n.pending) as f32;
        let parent_mean = if n.visits > 0 {
            n.rewards[actor] / total.max(1.0)
        } else {
            0.5
        };
        let first_play = (parent_mean - 0.1).max(0.0);
        let scale = self.config.c_puct * total.max(1.0).sqrt();
        let mut best: Option<(usize, f32)> = None;
        for (i, edge) in n.edges.iter().enumerate() {
            if let Some(legal) = &legal
                && legal.binary_search(&edge.step).is_err()
            {
                continue;
            }
            let (q, visits) = match edge.child {
                0 => (first_play, 0.0),
                c => {
                    let child = &self.nodes[c as usize];
                    let visits = (child.visits + child.pending) as f32;
                    if visits > 0.0 {
                        (child.rewards[actor] / visits, visits)
                    } else {
                        (first_play, 0.0)
                    }
                }
            };
            let score = q + scale * edge.prior / (1.0 + visits);
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((i, score));
            }
        }
        best.map(|(i, _)| i)
    }

    /// Expands the leaf with the network's `evaluation` of it and backs its values up.
    pub fn expand(&mut self, leaf: Leaf<G>, evaluation: &Evaluation) {
        let Some(&last) = leaf.path.last() else {
            return;
        };
        let node = last as usize;
        let steps = legal_steps(&leaf.state, &leaf.prefix);
        let mut priors = softmax_at(&evaluation.logits, &steps);
        if node == 0
            && let Some(noise) = self.config.noise
        {
            add_noise(&mut priors, noise, &mut self.rng);
        }
        let actor = leaf.actor.index();
        let n = &mut self.nodes[node];
        n.edges = steps
            .iter()
            .zip(&priors)
            .map(|(&step, &prior)| Edge {
                step,
                prior,
                child: 0,
            })
            .collect();
        n.expanded = true;
        n.actor = leaf.actor.0;
        let mut rewards = [0.0; MAX_SEATS];
        for (offset, value) in evaluation.values.iter().take(self.seats).enumerate() {
            rewards[seat_after(actor, offset, self.seats)] = *value;
        }
        self.backup(&leaf.path, &rewards, true);
        self.iterations += 1;
    }

    /// Adds a visit with `rewards` to every node of `path`, taking back the virtual loss
    /// of a leaf's descent.
    fn backup(&mut self, path: &[u32], rewards: &[f32; MAX_SEATS], was_pending: bool) {
        for &n in path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            if was_pending {
                node.pending = node.pending.saturating_sub(1);
            }
            for (sum, r) in node.rewards.iter_mut().zip(rewards) {
                *sum += r;
            }
        }
    }

    /// Every seat's reward at the end of a game.
    fn rewards_of(&self, outcome: pyramid_core::Outcome) -> [f32; MAX_SEATS] {
        let mut rewards = [0.0; MAX_SEATS];
        for (s, r) in rewards.iter_mut().enumerate().take(self.seats) {
            *r = outcome.reward(Seat(s as u8)) as f32;
        }
        rewards
    }

    /// The rewards of a state scored by the game's evaluation: the best seats share a win.
    fn evaluated_rewards(&self, state: &G) -> [f32; MAX_SEATS] {
        evaluated_rewards(state, self.seats)
    }

    /// The visits of the root's steps.
    pub fn root_visits(&self) -> Vec<(u32, u32)> {
        self.edge_visits(0)
    }

    fn edge_visits(&self, node: usize) -> Vec<(u32, u32)> {
        self.nodes[node]
            .edges
            .iter()
            .map(|e| {
                (
                    e.step,
                    if e.child == 0 {
                        0
                    } else {
                        self.nodes[e.child as usize].visits
                    },
                )
            })
            .collect()
    }

    /// Keeps the subtree below `action` (an action of the root state) as the tree of
    /// the next decision, which then starts with the visits already made below it: its
    /// [`iterations`](Search::iterations) are the new root's visits. Returns `false`,
    /// leaving the tree as it was, where nothing below the action was searched or the
    /// game hides information (the next seat's view is not the state the tree was
    /// searched from).
    pub fn advance(&mut self, action: G::Action) -> bool {
        if !self.perfect {
            return false;
        }
        let mut node = 0usize;
        for step in self.root.steps(action) {
            match self.child_by_step(node, step) {
                Some(child) => node = child,
                None => return false,
            }
        }
        let mut state = self.root.clone();
        state.play_unchecked(action);
        self.keep_subtree(node, state);
        true
    }

    /// Re-roots the tree at `state`, a position reached from the root by at most
    /// `max_plies` actions the tree searched (a bot's own move and its opponents'
    /// replies): returns `false`, leaving the tree as it was, where `state` is not in
    /// the tree (another game, a move not searched, hidden information).
    pub fn reroot_at(&mut self, state: &G, max_plies: u32) -> bool {
        if !self.perfect || state.plies() < self.root.plies() {
            return false;
        }
        let depth = state.plies() - self.root.plies();
        if depth > max_plies {
            return false;
        }
        if depth == 0 {
            return *state == self.root;
        }
        let mut prefix = Vec::new();
        match self.find(0, self.root.clone(), &mut prefix, state) {
            Some(node) => {
                self.keep_subtree(node, state.clone());
                true
            }
            None => false,
        }
    }

    /// The node below `node` where `target` stands, searching the children the tree
    /// has (`state` being `node`'s state, `prefix` the steps chosen in it so far).
    fn find(&self, node: usize, state: G, prefix: &mut Vec<u32>, target: &G) -> Option<usize> {
        for edge in &self.nodes[node].edges {
            if edge.child == 0 {
                continue;
            }
            prefix.push(edge.step);
            let found = match state.action_from_steps(prefix) {
                Some(action) => {
                    let mut next = state.clone();
                    next.play_unchecked(action);
                    let saved = std::mem::take(prefix);
                    let found = if next.plies() == target.plies() {
                        (next == *target).then_some(edge.child as usize)
                    } else if next.plies() < target.plies() {
                        self.find(edge.child as usize, next, prefix, target)
                    } else {
                        None
                    };
                    *prefix = saved;
                    found
                }
                None => self.find(edge.child as usize, state.clone(), prefix, target),
            };
            prefix.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The child of `node` along `step`, if the tree has one.
    fn child_by_step(&self, node: usize, step: u32) -> Option<usize> {
        let n = &self.nodes[node];
        if !n.expanded {
            return None;
        }
        match n.edges.binary_search_by_key(&step, |e| e.step) {
            Ok(i) if n.edges[i].child != 0 => Some(n.edges[i].child as usize),
            _ => None,
        }
    }

    /// Makes `node` (standing for `state`) the root, dropping every node outside its
    /// subtree; a self-play search mixes fresh root noise into its priors.
    fn keep_subtree(&mut self, node: usize, state: G) {
        let mut kept: Vec<Node> = Vec::new();
        let mut new_index = vec![0u32; self.nodes.len()];
        let mut queue = std::collections::VecDeque::from([node]);
        while let Some(old) = queue.pop_front() {
            new_index[old] = kept.len() as u32;
            let mut copy = std::mem::take(&mut self.nodes[old]);
            copy.pending = 0;
            for edge in &copy.edges {
                if edge.child != 0 {
                    queue.push_back(edge.child as usize);
                }
            }
            kept.push(copy);
        }
        for n in &mut kept {
            for edge in &mut n.edges {
                if edge.child != 0 {
                    edge.child = new_index[edge.child as usize];
                }
            }
        }
        self.nodes = kept;
        let actor = state.to_act().unwrap_or(Seat(0));
        self.view = state.view(actor);
        self.root = state;
        self.iterations = u64::from(self.nodes[0].visits);
        if self.nodes[0].expanded
            && let Some(noise) = self.config.noise
        {
            let mut priors: Vec<f32> = self.nodes[0].edges.iter().map(|e| e.prior).collect();
            add_noise(&mut priors, noise, &mut self.rng);
            for (edge, prior) in self.nodes[0].edges.iter_mut().zip(priors) {
                edge.prior = prior;
            }
        }
    }

    /// The action the search recommends, step by step down the tree: the most visited
    /// step (ties: the higher prior), or with `temperature > 0` a step drawn with
    /// probability proportional to `visits^(1 / temperature)`. Also returns each step's
    /// visit shares (the policy targets). `None` if the root has no legal action.
    pub fn choose(&mut self, temperature: f32) -> Option<(G::Action, Vec<StepTarget>)> {
        let state = self.root.clone();
        let mut prefix = Vec::new();
        let mut node = 0usize;
        let mut targets = Vec::new();
        loop {
            let expanded = node != usize::MAX && self.nodes[node].expanded;
            let visits: Vec<(u32, u32)> = if expanded {
                let legal = legal_steps(&state, &prefix);
                self.edge_visits(node)
                    .into_iter()
                    .filter(|(s, _)| legal.binary_search(s).is_ok())
                    .collect()
            } else {
                legal_steps(&state, &prefix)
                    .into_iter()
                    .map(|s| (s, 0))
                    .collect()
            };
            if visits.is_empty() {
                return None;
            }
            let total: u32 = visits.iter().map(|v| v.1).sum();
            if total > 0 && visits.len() > 1 {
                targets.push(StepTarget {
                    prefix: prefix.clone(),
                    steps: visits.iter().map(|v| v.0).collect(),
                    shares: visits.iter().map(|v| v.1 as f32 / total as f32).collect(),
                });
            }
            let pick = if total == 0 {
                self.rng.random_range(0..visits.len())
            } else if temperature > 0.0 {
                let weights: Vec<f64> = visits
                    .iter()
                    .map(|v| f64::from(v.1).powf(1.0 / f64::from(temperature)))
                    .collect();
                draw(&weights, &mut self.rng)
            } else {
                let priors = if expanded {
                    let n = &self.nodes[node];
                    visits
                        .iter()
                        .map(|(s, _)| {
                            n.edges
                                .binary_search_by_key(s, |e| e.step)
                                .map_or(0.0, |i| n.edges[i].prior)
                        })
                        .collect()
                } else {
                    vec![0.0; visits.len()]
                };
                (0..visits.len())
                    .max_by(|&a, &b| {
                        visits[a]
                            .1
                            .cmp(&visits[b].1)
                            .then(priors[a].total_cmp(&priors[b]))
                    })
                    .unwrap_or(0)
            };
            let step = visits[pick].0;
            prefix.push(step);
            if let Some(action) = state.action_from_steps(&prefix) {
                return Some((action, targets));
            }
            node = if expanded {
                let n = &self.nodes[node];
                match n.edges.binary_search_by_key(&step, |e| e.step) {
                    Ok(i) if n.edges[i].child != 0 => n.edges[i].child as usize,
                    _ => usize::MAX,
                }
            } else {
                usize::MAX
            };
        }
    }
}

/// How a descent ended.
enum Descent<G: Game> {
    /// At a leaf to evaluate.
    Leaf(Leaf<G>),
    /// At the end of the game (counted at once).
    Ended,
    /// At a leaf already waiting for its evaluation.
    Collision,
}

/// The rewards of `state` by the game's evaluation: the seats with the best evaluation
/// share a win (how a game cut off by a ply cap is scored in self-play).
pub fn evaluated_rewards<G: FullGame>(state: &G, seats: usize) -> [f32; MAX_SEATS] {
    let mut rewards = [0.0; MAX_SEATS];
    if let Some(outcome) = state.outcome() {
        for (s, r) in rewards.iter_mut().enumerate().take(seats) {
            *r = outcome.reward(Seat(s as u8)) as f32;
        }
        return rewards;
    }
    let scores: Vec<f64> = (0..seats).map(|s| state.evaluate(Seat(s as u8))).collect();
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let winners = scores.iter().filter(|&&s| s == best).count().max(1);
    for (s, score) in scores.iter().enumerate().take(MAX_SEATS) {
        if *score == best {
            rewards[s] = 1.0 / winners as f32;
        }
    }
    rewards
}

/// The legal steps after `prefix` in `state`, ascending.
pub fn legal_steps<G: FullGame>(state: &G, prefix: &[u32]) -> Vec<u32> {
    let mut steps = state.legal_next_steps(prefix);
    steps.sort_unstable();
    steps.dedup();
    steps
}

/// The softmax of `logits` over the entries `steps`.
pub fn softmax_at(logits: &[f32], steps: &[u32]) -> Vec<f32> {
    let picked: Vec<f32> = steps
        .iter()
        .map(|&s| logits.get(s as usize).copied().unwrap_or(f32::NEG_INFINITY))
        .collect();
    let max = picked.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if !max.is_finite() {
        return vec![1.0 / steps.len().max(1) as f32; steps.len()];
    }
    let exp: Vec<f32> = picked.iter().map(|&x| (x - max).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.iter().map(|e| e / sum).collect()
}

/// Mixes Dirichlet noise into `priors`.
fn add_noise<R: Rng + ?Sized>(priors: &mut [f32], noise: RootNoise, rng: &mut R) {
    let Ok(gamma) = Gamma::new(noise.alpha.max(1e-3), 1.0) else {
        return;
    };
    let draws: Vec<f32> = priors.iter().map(|_| gamma.sample(rng)).collect();
    let sum: f32 = draws.iter().sum();
    if sum <= 0.0 || !sum.is_finite() {
        return;
    }
    for (p, d) in priors.iter_mut().zip(draws) {
        *p = (1.0 - noise.fraction) * *p + noise.fraction * d / sum;
    }
}

/// An index drawn with probability proportional to `weights`.
fn draw<R: Rng + ?Sized>(weights: &[f64], rng: &mut R) -> usize {
    let total: f64 = weights.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return rng.random_range(0..weights.len().max(1));
    }
    let mut x = rng.random_range(0.0..total);
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    weights.len() - 1
}
