//! Monte Carlo tree search: UCT with random playouts, per-seat rewards, determinization
//! for hidden information, and tree reuse across a seat's consecutive decisions.

mod tree;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{Bot, ChaCha8Rng, Seat};

use crate::visibility::perfect_information;
use tree::Tree;

/// How much search one decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (playouts): reproducible from the seed.
    Iterations(u64),
    /// Wall time: the number of iterations depends on the machine and its load, so
    /// games with such a bot are NOT reproducible from their seed.
    Time(Duration),
}

/// The settings of an [`MctsBot`].
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Search per decision.
    pub budget: Budget,
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln(n_parent) / n_child)`,
    /// rewards being in `[0, 1]` (default 0.5: measured better than 1.0 and 1.4 against
    /// the greedy bot, see docs/bots.md).
    pub exploration: f64,
    /// Plies after which a random playout stops and is scored by [`Evaluate::evaluate`](pyramid_core::Evaluate::evaluate)
    /// (the seats with the best evaluation share the win); 0 plays every playout to the
    /// end of the game (or the rules' ply limit). Default 20: short playouts scored by
    /// the evaluation were both faster and stronger than long ones in every game
    /// measured (docs/bots.md).
    pub playout_limit: u32,
    /// Keep the part of the tree that is still valid for the seat's next decision.
    pub reuse_tree: bool,
    /// Root tactics (decisive and anti-decisive moves): play an action that wins at
    /// once, and never choose an action after which the next seat can win at once when
    /// another action avoids it.
    pub tactics: bool,
    /// The most nodes the tree may hold (spec option `nodes=N`, default
    /// `DEFAULT_MAX_NODES`): a search that reaches it stops there and answers, so a long
    /// time budget cannot grow the tree without bound.
    pub max_nodes: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1000),
            exploration: 0.5,
            playout_limit: 20,
            reuse_tree: true,
            tactics: true,
            max_nodes: DEFAULT_MAX_NODES,
        }
    }
}

/// What the last search did (for speed measurements and curiosity).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations (one playout each) of the last decision.
    pub iterations: u64,
    /// Plies played in the playouts of the last decision.
    pub playout_plies: u64,
    /// Time the last decision took.
    pub elapsed: Duration,
    /// Visits of the root kept from the previous decision (tree reuse), 0 if none.
    pub reused_visits: u32,
    /// Nodes in the tree after the last decision.
    pub nodes: usize,
}

/// The default node cap ([`MctsConfig::max_nodes`]): about 100 MB of tree at most.
pub const DEFAULT_MAX_NODES: usize = 1_000_000;

/// A UCT Monte Carlo tree search bot.
///
/// Each iteration selects down the tree by UCB1 (`mean + c * sqrt(ln(n) / n_i)`, each
/// node's rewards counted for the seat that played into it, so 3 and 4 seat games work
/// with [`pyramid_core::Outcome::reward`]), expands one untried action, plays a random
/// playout and backs up every seat's reward.
///
/// **Hidden information.** The bot only ever gets its seat's [`Information::View`](pyramid_core::Information::View). Every
/// iteration starts from a fresh state sampled from that view
/// ([`Information::sample_from_view`](pyramid_core::Information::sample_from_view), determinization), and at each node only the actions legal
/// in that sample are candidates (single-observer information-set MCTS: a child's
/// "parent visits" in UCB count the iterations in which it was available). For a game
/// whose `View` is the state itself this is plain UCT.
///
/// **Tree reuse.** After choosing, the bot keeps its tree. At its next decision it looks
/// among the nodes as many plies below the old root as have been played since for the
/// one whose state matches what it now sees (equal states in perfect-information games;
/// equal views otherwise, found by replaying the tree's actions on a sample of the old
/// view). A unique match becomes the new root; if several nodes match (actions the seat
/// could not see, such as a hidden `hide=`) or none does, it starts afresh, so the tree
/// never encodes what the seat may not know.
///
/// ```
/// use pyramid_bots::{Budget, MctsBot, MctsConfig};
/// use pyramid_core::{Bot, Seat, nim::Nim, prelude::*};
/// let game = Nim::from_position("0,5 0 0", &Default::default()).expect("valid");
/// let config = MctsConfig { budget: Budget::Iterations(500), ..MctsConfig::default() };
/// let mut bot = MctsBot::<Nim>::new(config, 1);
/// let action = bot.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
/// assert_eq!(action.to_string(), "b-1"); // leaves 4: lost for the opponent
/// ```
pub struct MctsBot<G: Information + Evaluate> {
    config: MctsConfig,
    rng: ChaCha8Rng,
    tree: Tree<G::Action>,
    /// The view at the root of `tree`, and its ply count.
    root: Option<(G::View, u32)>,
    stats: SearchStats,
    actions: Vec<G::Action>,
    rewards: Vec<f64>,
    /// Set from outside to end the search early ([`Bot::set_stop_flag`]).
    stop: Option<Arc<AtomicBool>>,
}

impl<G: Information + Evaluate> std::fmt::Debug for MctsBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MctsBot")
            .field("config", &self.config)
            .field("nodes", &self.tree.len())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<G: Information + Evaluate> MctsBot<G> {
    /// An MCTS bot with `config`, its random choices following from `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        MctsBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            tree: Tree::new(),
            root: None,
            stats: SearchStats::default(),
            actions: Vec::new(),
            rewards: Vec::new(),
            stop: None,
        }
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// What the last decision's search did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Finds the node of the old tree matching the new view and makes it the root;
    /// otherwise clears the tree. Returns the reused root's visits.
    fn reuse(&mut self, view: &G::View, seat: Seat, now: &G) -> u32 {
        let Some((old_view, old_plies)) = self.root.take() else {
            self.tree.clear();
            return 0;
        };
        let found = if self.config.reuse_tree && now.plies() > old_plies {
            let depth = now.plies() - old_plies;
            let start = G::sample_from_view(&old_view, &mut self.rng);
            let target = if perfect_information::<G>() {
                Target::State(now)
            } else {
                Target::View(view)
            };
            let mut matches = Vec::new();
            self.find(0, &start, depth, seat, &target, &mut matches);
            match matches[..] {
                [one] => Some(one),
                [first, ..] if perfect_information::<G>() => Some(first),
                _ => None,
            }
        } else {
            None
        };
        match found {
            Some(node) => {
                self.tree.reroot(node);
                self.tree.nodes[0].visits
            }
            None => {
                self.tree.clear();
                0
            }
        }
    }

    /// Collects the nodes `depth` plies below `node` (whose state is `state`) that match
    /// `target` (at most two: one more than that only says "ambiguous").
    fn find(
        &self,
        node: u32,
        state: &G,
        depth: u32,
        seat: Seat,
        target: &Target<'_, G>,
        out: &mut Vec<u32>,
    ) {
        if out.len() >= 2 {
            return;
        }
        if depth == 0 {
            let same = match target {
                Target::State(now) => state == *now,
                Target::View(view) => state.view(seat) == **view,
            };
            if same {
                out.push(node);
            }
            return;
        }
        for &child in &self.tree.nodes[node as usize].children {
            let Some(action) = self.tree.nodes[child as usize].action else {
                continue;
            };
            let mut next = state.clone();
            if next.play(action).is_ok() {
                self.find(child, &next, depth - 1, seat, target, out);
            }
        }
    }

    /// One iteration from `start`: select, expand, play out, back up.
    fn iterate(&mut self, start: G, path: &mut Vec<u32>) -> u64 {
        let mut state = start;
        path.clear();
        path.push(0);
        let mut node = 0u32;
        while let Some(seat) = state.to_act() {
            self.actions.clear();
            state.append_actions(&mut self.actions);
            // An untried action, uniformly among them (reservoir sampling).
            let mut untried = None;
            let mut count = 0u32;
            for &a in &self.actions {
                if self.tree.child(node, a).is_none() {
                    count += 1;
                    if self.rng.random_range(0..count) == 0 {
                        untried = Some(a);
                    }
                }
            }
            if let Some(action) = untried {
                node = self.tree.add_child(node, action, seat.0);
                state.play_unchecked(action);
                path.push(node);
                break;
            }
            let mut best = f64::NEG_INFINITY;
            let mut chosen = None;
            for &a in &self.actions {
                let Some(child) = self.tree.child(node, a) else {
                    continue;
                };
                let n = &mut self.tree.nodes[child as usize];
                n.avail += 1;
                let visits = f64::from(n.visits.max(1));
                let ucb = n.reward / visits
                    + self.config.exploration * (f64::from(n.avail).ln() / visits).sqrt();
                if ucb > best {
                    best = ucb;
                    chosen = Some((child, a));
                }
            }
            let Some((child, action)) = chosen else { break };
            node = child;
            state.play_unchecked(action);
            path.push(node);
        }
        let plies = self.playout(&mut state);
        self.score(&state);
        for &id in path.iter() {
            let n = &mut self.tree.nodes[id as usize];
            n.visits += 1;
            if id != 0 {
                n.reward += self
                    .rewards
                    .get(usize::from(n.actor))
                    .copied()
                    .unwrap_or(0.0);
            }
        }
        plies
    }

    /// Random actions to the end, or to the playout limit. Returns the plies played.
    fn playout(&mut self, state: &mut G) -> u64 {
        let limit = self.config.playout_limit;
        u64::from(state.play_random(&mut self.rng, (limit != 0).then_some(limit)))
    }

    /// Every seat's reward for the end of a playout into `self.rewards`.
    fn score(&mut self, state: &G) {
        playout_rewards(state, &mut self.rewards);
    }
}

/// Every seat's reward at the end of a playout, into `rewards`: the outcome's rewards,
/// or for a cut-off playout a shared win of the best-evaluated seats.
pub(crate) fn playout_rewards<G: Information + Evaluate>(state: &G, rewards: &mut Vec<f64>) {
    let seats = state.seats();
    rewards.clear();
    match state.outcome() {
        Some(outcome) => rewards.extend(Seat::all(seats).map(|s| outcome.reward(s))),
        None => {
            let values: Vec<f64> = Seat::all(seats).map(|s| state.evaluate(s)).collect();
            let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let leaders = values.iter().filter(|&&v| v == best).count().max(1);
            rewards.extend(
                values
                    .iter()
                    .map(|&v| if v == best { 1.0 / leaders as f64 } else { 0.0 }),
            );
        }
    }
}

/// Plays tried by [`root_tactics`] at most (a guard for games with thousands of actions).
const TACTICS_BUDGET: usize = 40_000;

/// What the root tactics found.
enum Tactics<A> {
    /// This action wins at once.
    Win(A),
    /// These actions let the next seat win at once.
    Avoid(Vec<A>),
}

/// Decisive and anti-decisive moves for `seat` in `state` (Teytaud & Teytaud, 2010).
fn root_tactics<G: Information + Evaluate>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
) -> Tactics<G::Action> {
    let mut after = Vec::with_capacity(legal.len());
    for &action in legal {
        let mut next = state.clone();
        next.play_unchecked(action);
        if next.outcome().and_then(|o| o.winner()) == Some(seat) {
            return Tactics::Win(action);
        }
        after.push((action, next));
    }
    let mut plays = legal.len();
    let mut avoid = Vec::new();
    for (action, next) in after {
        let Some(other) = next.to_act().filter(|&o| o != seat) else {
            continue;
        };
        plays += next.count_actions();
        if plays > TACTICS_BUDGET {
            break;
        }
        let loses = next
            .try_for_each_action(|reply| {
                let mut last = next.clone();
                last.play_unchecked(reply);
                if last.outcome().and_then(|o| o.winner()) == Some(other) {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
            .is_break();
        if loses {
            avoid.push(action);
        }
    }
    Tactics::Avoid(avoid)
}

/// What a node of the old tree must match to become the new root.
enum Target<'a, G: Information + Evaluate> {
    /// Perfect information: the state itself.
    State(&'a G),
    /// Hidden information: the seat's view.
    View(&'a G::View),
}

impl<G: Information + Evaluate> MctsBot<G> {
    /// Answers `action` without a search (the only legal action, or a win in one): the
    /// tree is cleared, since it is of no use after it.
    fn answer_unsearched(&mut self, started: Instant, action: G::Action) -> G::Action {
        self.root = None;
        self.tree.clear();
        self.stats = SearchStats {
            elapsed: started.elapsed(),
            nodes: 1,
            ..SearchStats::default()
        };
        action
    }

    /// The most visited root child among `legal` and not in `unsafe_actions`; ties go to
    /// the better mean, then to the first expanded.
    fn most_visited(&self, legal: &[G::Action], unsafe_actions: &[G::Action]) -> Option<G::Action> {
        let mut best: Option<(u32, f64, G::Action)> = None;
        for &child in &self.tree.nodes[0].children {
            let n = &self.tree.nodes[child as usize];
            let Some(action) = n.action else { continue };
            if !legal.contains(&action) || unsafe_actions.contains(&action) {
                continue;
            }
            let mean = n.reward / f64::from(n.visits.max(1));
            if best.is_none_or(|(v, m, _)| n.visits > v || (n.visits == v && mean > m)) {
                best = Some((n.visits, mean, action));
            }
        }
        best.map(|(_, _, a)| a)
    }
}

impl<G: Information + Evaluate> Bot<G> for MctsBot<G> {
    fn name(&self) -> String {
        crate::BotSpec::Mcts(self.config.clone()).to_string()
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        let started = Instant::now();
        let now = G::sample_from_view(view, &mut self.rng);
        let legal = now.legal_actions();
        match legal[..] {
            [] => return None,
            // Nothing to think about; the tree is of no use after it either.
            [only] => return Some(self.answer_unsearched(started, only)),
            _ => {}
        }
        let mut unsafe_actions = Vec::new();
        if self.config.tactics {
            match root_tactics(&now, seat, &legal) {
                Tactics::Win(action) => return Some(self.answer_unsearched(started, action)),
                Tactics::Avoid(actions) if actions.len() < legal.len() => unsafe_actions = actions,
                Tactics::Avoid(_) => {}
            }
        }
        let reused_visits = self.reuse(view, seat, &now);
        let perfect = perfect_information::<G>();
        let mut path = Vec::new();
        let mut iterations = 0u64;
        let mut playout_plies = 0u64;
        loop {
            let done = match self.config.budget {
                Budget::Iterations(n) => iterations >= n,
                Budget::Time(limit) => iterations > 0 && started.elapsed() >= limit,
            };
            if done || self.tree.len() >= self.config.max_nodes || stop_requested(&self.stop) {
                break;
            }
            let start = if perfect {
                now.clone()
            } else {
                G::sample_from_view(view, &mut self.rng)
            };
            playout_plies += self.iterate(start, &mut path);
            iterations += 1;
        }
        let choice = self.most_visited(&legal, &unsafe_actions).or_else(|| {
            legal
                .iter()
                .find(|a| !unsafe_actions.contains(a))
                .or(legal.first())
                .copied()
        });
        self.root = Some((view.clone(), now.plies()));
        self.stats = SearchStats {
            iterations,
            playout_plies,
            elapsed: started.elapsed(),
            reused_visits,
            nodes: self.tree.len(),
        };
        choice
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }
}

/// Whether the stop flag a bot was given ([`Bot::set_stop_flag`]) is set.
pub(crate) fn stop_requested(flag: &Option<Arc<AtomicBool>>) -> bool {
    flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::nim::Nim;

    fn bot(iters: u64, seed: u64) -> MctsBot<Nim> {
        MctsBot::new(
            MctsConfig {
                budget: Budget::Iterations(iters),
                ..MctsConfig::default()
            },
            seed,
        )
    }

    #[test]
    fn mcts_finds_the_winning_nim_move() {
        // 3,4,5 mod 4 = 3,0,1: nim-sum 2; the only winning moves make it 0: a-2 (1,0,1).
        let game = Nim::new(&Default::default());
        let mut mcts = bot(3000, 4);
        let action = mcts.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
        assert_eq!(action.to_string(), "a-2");
        assert_eq!(mcts.stats().iterations, 3000);
    }

    #[test]
    fn the_same_seed_gives_the_same_choices() {
        let game = Nim::from_position("7,9,11 0 0", &Default::default()).expect("valid");
        let run = |seed| {
            let mut mcts = bot(200, seed);
            (0..3)
                .map(|_| mcts.choose(&game.view(Seat(0)), Seat(0)))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(9), run(9));
    }

    #[test]
    fn the_tree_is_reused_after_the_opponent_moves() {
        let mut game = Nim::from_position("7,9,11 0 0", &Default::default()).expect("valid");
        let mut mcts = bot(2000, 1);
        let mine = mcts.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
        game.play(mine).expect("legal");
        let theirs = game.legal_actions()[0];
        game.play(theirs).expect("legal");
        mcts.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
        assert!(mcts.stats().reused_visits > 0, "{:?}", mcts.stats());
    }

    #[test]
    fn no_reuse_when_the_game_changed_otherwise() {
        let game = Nim::from_position("7,9,11 0 0", &Default::default()).expect("valid");
        let other = Nim::from_position("6,9,11 0 2", &Default::default()).expect("valid");
        let mut mcts = bot(500, 1);
        mcts.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
        mcts.choose(&other.view(Seat(0)), Seat(0))
            .expect("not over");
        assert_eq!(mcts.stats().reused_visits, 0);
    }

    #[test]
    fn a_forced_action_is_played_without_search() {
        let game = Nim::from_position("0,1 0 0", &Default::default()).expect("valid");
        let mut mcts = bot(500, 1);
        assert_eq!(
            mcts.choose(&game.view(Seat(0)), Seat(0))
                .map(|a| a.to_string()),
            Some("b-1".to_owned())
        );
        assert_eq!(mcts.stats().iterations, 0);
    }

    #[test]
    fn a_set_stop_flag_ends_a_huge_search_at_once_with_a_legal_action() {
        let game = Nim::from_position("15,15,15,15 0 0", &Default::default()).expect("valid");
        let mut mcts = bot(u64::MAX, 1);
        let flag = Arc::new(AtomicBool::new(true));
        Bot::<Nim>::set_stop_flag(&mut mcts, flag);
        let started = Instant::now();
        let action = mcts.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
        assert!(game.legal_actions().contains(&action));
        assert_eq!(mcts.stats().iterations, 0);
        assert!(started.elapsed() < Duration::from_secs(1));
    }

    #[test]
    fn time_budget_stops_the_search() {
        let game = Nim::from_position("15,15,15,15 0 0", &Default::default()).expect("valid");
        let mut mcts = MctsBot::<Nim>::new(
            MctsConfig {
                budget: Budget::Time(Duration::from_millis(20)),
                ..MctsConfig::default()
            },
            1,
        );
        mcts.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
        let stats = mcts.stats();
        assert!(stats.iterations > 0);
        assert!(stats.elapsed < Duration::from_millis(500), "{stats:?}");
    }
}
