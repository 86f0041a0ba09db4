//! The alpha-beta bot: iterative deepening, a transposition table on Zobrist keys, and
//! move ordering (the table's move, killer moves, the history heuristic).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::rand::seq::SliceRandom;
use pyramid_core::{Bot, ChaCha8Rng, Seat};

use crate::leaf_value::{Heuristic, LeafValue, outcome_value};
use crate::mcts::stop_requested;

/// How long the alpha-beta bot searches each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbBudget {
    /// Iterative deepening to this depth in decisions (reproducible).
    Depth(u32),
    /// Iterative deepening until this time is up; the last finished depth decides.
    Time(Duration),
}

/// The alpha-beta bot's settings (spec `ab:depth=N` or `ab:ms=N`, plus `tt=BITS`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// The search budget.
    pub budget: AbBudget,
    /// The transposition table holds `2^table_bits` entries (default 18).
    pub table_bits: u8,
}

impl Default for AlphaBetaConfig {
    /// Depth 3, a table of 2^18 entries.
    fn default() -> Self {
        AlphaBetaConfig {
            budget: AbBudget::Depth(3),
            table_bits: 18,
        }
    }
}

/// What a table entry says about the value it stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// One transposition table entry.
#[derive(Clone, Copy, Debug)]
struct Entry<A> {
    key: u64,
    depth: u32,
    bound: Bound,
    value: f64,
    best: Option<A>,
}

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AbStats {
    /// The deepest iteration finished.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The deepest finished iteration's score of the action chosen, for the searching
    /// seat (the leaf values' units; a won game `1e11` and more); `None` when nothing was
    /// searched (a single legal action).
    pub score: Option<f64>,
}

/// A depth-first alpha-beta search of the game tree for the seat to act, its leaves
/// valued by `V` ([`LeafValue`]): the game's own
/// [`Evaluate::evaluate`](pyramid_core::Evaluate::evaluate) by default ([`Heuristic`]), a
/// learned value with `ab:model=FILE` (the learning crate).
///
/// - **Iterative deepening** to a depth or within a time budget; with a time budget the
///   best action of the deepest finished iteration is played.
/// - **Decisions, not turns**: a depth counts decisions, and a node maximises when the
///   searching seat acts there and minimises otherwise (with more than two seats every
///   other seat is assumed to play against it: the paranoid reduction). So decisions
///   inside a turn (relocations, steals, evacuations) need no special case.
/// - **Transposition table** on [`Zobrist`](pyramid_core::Zobrist) keys, carried
///   incrementally with [`Zobrist::key_after`](pyramid_core::Zobrist::key_after):
///   bounds and the best action of each position searched.
/// - **Move ordering**: the table's action first, then the two killer actions of the
///   depth, then by the history heuristic; the root's order starts from a seeded shuffle,
///   so equal actions are chosen at random, reproducibly from the seed.
/// - Wins are worth more the sooner they come, losses less the later.
///
/// With hidden information it searches one state sampled from its seat's view
/// (Stacktrices: prefer `ismcts`, which searches the information set).
///
/// ```
/// use pyramid_bots::{AbBudget, AlphaBetaBot, AlphaBetaConfig};
/// use pyramid_core::{Bot, Seat, nim::Nim, prelude::*};
/// // Piles 1 and 3 (take 1 to 3): taking 2 from the second leaves 1,1, lost for the
/// // opponent.
/// let game = Nim::from_position("1,3 0 0", &Default::default()).expect("valid");
/// let config = AlphaBetaConfig { budget: AbBudget::Depth(4), ..Default::default() };
/// let mut bot = AlphaBetaBot::<Nim>::new(config, 1);
/// let action = bot.choose(&game.view(Seat(0)), Seat(0)).expect("not over");
/// assert_eq!(action.to_string(), "b-2");
/// assert!((1..=4).contains(&bot.stats().depth));
/// ```
pub struct AlphaBetaBot<G: Information + Evaluate + Zobrist, V: LeafValue<G> = Heuristic> {
    config: AlphaBetaConfig,
    leaf: V,
    rng: ChaCha8Rng,
    table: Vec<Option<Entry<G::Action>>>,
    killers: Vec<[Option<G::Action>; 2]>,
    history: HashMap<G::Action, u64>,
    stats: AbStats,
    root_seat: Seat,
    deadline: Option<Instant>,
    aborted: bool,
    /// Set from outside to end the search early ([`Bot::set_stop_flag`]).
    stop: Option<Arc<AtomicBool>>,
    /// Why the leaf values cannot serve this game ([`LeafValue::check`]), once found.
    failure: Option<String>,
}

impl<G: Information + Evaluate + Zobrist> AlphaBetaBot<G> {
    /// A bot with `config` valuing leaves by the game's own evaluation, its tie-breaks
    /// following from `seed`.
    pub fn new(config: AlphaBetaConfig, seed: u64) -> Self {
        AlphaBetaBot::with_leaf_value(config, seed, Heuristic)
    }
}

impl<G: Information + Evaluate + Zobrist, V: LeafValue<G>> AlphaBetaBot<G, V> {
    /// A bot with `config` valuing leaves by `leaf`, its tie-breaks following from `seed`.
    pub fn with_leaf_value(config: AlphaBetaConfig, seed: u64, leaf: V) -> Self {
        let bits = config.table_bits.clamp(4, 28);
        AlphaBetaBot {
            table: vec![None; 1 << bits],
            config,
            leaf,
            rng: ChaCha8Rng::seed_from_u64(seed),
            killers: Vec::new(),
            history: HashMap::new(),
            stats: AbStats::default(),
            root_seat: Seat(0),
            deadline: None,
            aborted: false,
            stop: None,
            failure: None,
        }
    }

    /// What the last search did.
    pub fn stats(&self) -> AbStats {
        self.stats
    }

    /// The best action for the seat to act in `state` (`None` once the game is over).
    pub fn search(&mut self, state: &G) -> Option<G::Action> {
        let started = Instant::now();
        let seat = state.to_act()?;
        self.root_seat = seat;
        self.stats = AbStats::default();
        self.aborted = false;
        let (max_depth, deadline) = match self.config.budget {
            AbBudget::Depth(d) => (d.max(1), None),
            AbBudget::Time(t) => (u32::MAX, Some(started + t)),
        };
        self.deadline = deadline;
        let mut root: Vec<G::Action> = state.legal_actions();
        root.shuffle(&mut self.rng);
        let mut chosen = *root.first()?;
        if root.len() == 1 {
            return Some(chosen);
        }
        let key = state.key();
        let mut depth = 1;
        while depth <= max_depth {
            let mut best_value = f64::NEG_INFINITY;
            let mut best = None;
            let mut alpha = f64::NEG_INFINITY;
            for &action in &root {
                let mut child = state.clone();
                child.play_unchecked(action);
                let child_key = state.key_after(key, &child);
                let value = self.value(&child, child_key, depth - 1, alpha, f64::INFINITY, 1);
                if self.aborted {
                    break;
                }
                if value > best_value {
                    best_value = value;
                    best = Some(action);
                }
                alpha = alpha.max(value);
            }
            if self.aborted {
                break;
            }
            if let Some(best) = best {
                chosen = best;
                self.stats.score = Some(best_value);
                // The best first at the next depth; the rest keep their order.
                if let Some(i) = root.iter().position(|&a| a == best) {
                    root[..=i].rotate_right(1);
                }
            }
            self.stats.depth = depth;
            // A decided game needs no deeper look.
            if best_value.abs() >= 1e11 {
                break;
            }
            depth += 1;
        }
        self.stats.elapsed = started.elapsed();
        Some(chosen)
    }

    /// The value of `state` for the searching seat, `depth` decisions deep.
    fn value(&mut self, state: &G, key: u64, depth: u32, alpha: f64, beta: f64, ply: u32) -> f64 {
        self.stats.nodes += 1;
        if self.stats.nodes % 1024 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d) || stop_requested(&self.stop))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0.0;
        }
        if state.is_over() || depth == 0 {
            return self.leaf_value(state, ply);
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let table_move = match self.probe(key, depth, &mut alpha, &mut beta) {
            Ok(table_move) => table_move,
            Err(known) => return known,
        };
        let (alpha_in, beta_in) = (alpha, beta);
        let maximising = state.to_act() == Some(self.root_seat);
        let actions = self.ordered(state, table_move, ply);
        let mut best_value = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best = None;
        for action in actions {
            let mut child = state.clone();
            child.play_unchecked(action);
            let child_key = state.key_after(key, &child);
            let value = self.value(&child, child_key, depth - 1, alpha, beta, ply + 1);
            if self.aborted {
                return 0.0;
            }
            let better = if maximising {
                value > best_value
            } else {
                value < best_value
            };
            if better || best.is_none() {
                best_value = value;
                best = Some(action);
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                self.remember_cutoff(action, ply, depth);
                break;
            }
        }
        self.remember(key, depth, (alpha_in, beta_in), best_value, best);
        best_value
    }

    /// The value of a position the search does not look past, for the searching seat:
    /// sooner wins and later losses score higher.
    fn leaf_value(&mut self, state: &G, ply: u32) -> f64 {
        let value = outcome_value(state, self.root_seat)
            .unwrap_or_else(|| self.leaf.value(state, self.root_seat));
        if value >= 1e11 {
            value - f64::from(ply)
        } else if value <= -1e11 {
            value + f64::from(ply)
        } else {
            value
        }
    }

    /// What the table knows of `key` searched `depth` deep: `Err(value)` when that
    /// settles the node, else the window narrowed by its bound and the move to try first.
    fn probe(
        &self,
        key: u64,
        depth: u32,
        alpha: &mut f64,
        beta: &mut f64,
    ) -> Result<Option<G::Action>, f64> {
        let slot = (key as usize) & (self.table.len() - 1);
        let Some(entry) = self.table[slot].filter(|e| e.key == key) else {
            return Ok(None);
        };
        if entry.depth >= depth {
            match entry.bound {
                Bound::Exact => return Err(entry.value),
                Bound::Lower => *alpha = alpha.max(entry.value),
                Bound::Upper => *beta = beta.min(entry.value),
            }
            if *alpha >= *beta {
                return Err(entry.value);
            }
        }
        Ok(entry.best)
    }

    /// Stores the value found for `key` at `depth`, bounded by the window it was searched
    /// with (`window`: alpha and beta on entry).
    fn remember(
        &mut self,
        key: u64,
        depth: u32,
        window: (f64, f64),
        value: f64,
        best: Option<G::Action>,
    ) {
        let bound = if value <= window.0 {
            Bound::Upper
        } else if value >= window.1 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let slot = (key as usize) & (self.table.len() - 1);
        self.table[slot] = Some(Entry {
            key,
            depth,
            bound,
            value,
            best,
        });
    }

    /// The actions of `state` in search order.
    fn ordered(&self, state: &G, table_move: Option<G::Action>, ply: u32) -> Vec<G::Action> {
        let killers = self
            .killers
            .get(ply as usize)
            .copied()
            .unwrap_or([None, None]);
        let mut keyed: Vec<(u64, G::Action)> = Vec::with_capacity(state.count_actions());
        state.for_each_action(|action| {
            let rank = if Some(action) == table_move {
                u64::MAX
            } else if Some(action) == killers[0] {
                u64::MAX - 1
            } else if Some(action) == killers[1] {
                u64::MAX - 2
            } else {
                self.history.get(&action).copied().unwrap_or(0)
            };
            keyed.push((rank, action));
        });
        // Stable: equal ranks keep the generation order.
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        keyed.into_iter().map(|(_, a)| a).collect()
    }

    /// A cut-off by `action` at `ply`: a killer there, and history credit.
    fn remember_cutoff(&mut self, action: G::Action, ply: u32, depth: u32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(action) {
            slot[1] = slot[0];
            slot[0] = Some(action);
        }
        *self.history.entry(action).or_insert(0) += u64::from(depth) * u64::from(depth);
    }
}

impl<G: Information + Evaluate + Zobrist, V: LeafValue<G>> Bot<G> for AlphaBetaBot<G, V> {
    fn name(&self) -> String {
        match self.leaf.spec_options() {
            leaf if leaf.is_empty() => format!("ab:{}", self.config.spec_options()),
            leaf => format!("ab:{leaf},{}", self.config.spec_options()),
        }
    }

    fn choose(&mut self, view: &G::View, _seat: Seat) -> Option<G::Action> {
        let state = G::sample_from_view(view, &mut self.rng);
        if let Err(reason) = self.leaf.check(&state) {
            self.failure = Some(reason);
            return None;
        }
        // Killers and history are per decision; the table carries over (keys hold the
        // ply count, so old entries are only ever hit by the same position).
        self.killers.clear();
        self.history.clear();
        self.search(&state)
    }

    fn failure(&mut self) -> Option<String> {
        self.failure.clone()
    }

    fn last_score(&self) -> Option<f64> {
        self.stats.score
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::nim::Nim;

    /// Every winning move of a position of the core's Nim (take 1 to 3 from a pile): those
    /// that leave a zero nim-sum of the piles modulo 4.
    fn winning(position: &str) -> Vec<String> {
        let game = Nim::from_position(position, &Default::default()).expect("valid");
        game.legal_actions()
            .into_iter()
            .filter(|&a| {
                let mut next = game.clone();
                next.play_unchecked(a);
                let sum = next.position();
                let piles = sum.split(' ').next().unwrap_or("");
                piles
                    .split(',')
                    .filter_map(|p| p.parse::<u32>().ok())
                    .fold(0, |x, p| x ^ (p % 4))
                    == 0
            })
            .map(|a| a.to_string())
            .collect()
    }

    #[test]
    fn deep_enough_alpha_beta_finds_the_nim_win() {
        for position in ["1,2,5 0 0", "3,5,7 0 0", "2,3 1 0"] {
            let game = Nim::from_position(position, &Default::default()).expect("valid");
            let seat = game.to_act().expect("running");
            let config = AlphaBetaConfig {
                budget: AbBudget::Depth(20),
                ..Default::default()
            };
            let mut bot = AlphaBetaBot::<Nim>::new(config, 7);
            let action = bot.choose(&game.view(seat), seat).expect("an action");
            assert!(
                winning(position).contains(&action.to_string()),
                "{position}: {action} is not a winning move"
            );
        }
    }

    #[test]
    fn a_set_stop_flag_ends_a_deep_search_at_once_with_a_legal_action() {
        let game = Nim::from_position("15,15,15,15 0 0", &Default::default()).expect("valid");
        let config = AlphaBetaConfig {
            budget: AbBudget::Depth(u32::MAX),
            ..Default::default()
        };
        let mut bot = AlphaBetaBot::<Nim>::new(config, 1);
        bot.set_stop_flag(Arc::new(AtomicBool::new(true)));
        let started = Instant::now();
        let action = bot.choose(&game.view(Seat(0)), Seat(0)).expect("an action");
        assert!(game.legal_actions().contains(&action));
        assert!(started.elapsed() < Duration::from_secs(1));
    }

    #[test]
    fn a_time_budget_stops_the_search() {
        let game = Nim::from_position("7,9,11 0 0", &Default::default()).expect("valid");
        let config = AlphaBetaConfig {
            budget: AbBudget::Time(Duration::from_millis(30)),
            ..Default::default()
        };
        let mut bot = AlphaBetaBot::<Nim>::new(config, 1);
        let started = Instant::now();
        assert!(bot.choose(&game.view(Seat(0)), Seat(0)).is_some());
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(bot.stats().depth >= 1);
    }
}
