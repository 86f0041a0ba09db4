//! Games played by a teacher: a search bot (`ab:ms=20`, `mcts:iters=800`) plays every seat,
//! and each of its decisions becomes a training position, the action it chose the policy
//! target (all the share on its decision steps) and the game's result the value target:
//! supervised learning from a search, as AlphaGo's first network learned from experts'
//! games, before (or instead of) self-play.

use std::time::Instant;

use pyramid_core::arena::game_seed;
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{Bot, ChaCha8Rng, Seat};

use crate::limits::MAX_SEATS;
use crate::model::seat_after;
use crate::opponent::Opponent;
use crate::search::{StepTarget, evaluated_rewards, legal_steps};
use crate::self_play::{Position, SelfPlayGame};

/// How teacher games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeacherConfig {
    /// Plies played at random at the start of each game, not learned from (default 2):
    /// a deterministic teacher would otherwise play the same few games.
    pub opening_random_plies: u32,
    /// Plies after which a game is cut off and scored by the game's evaluation (the
    /// best-evaluated seats share the win), as in self-play (default 200).
    pub max_plies: u32,
    /// The value target of a position: 0 (default), the game's result; `k`, who leads by
    /// the game's evaluation `k` plies later in the teacher's game (the result when the
    /// game ends sooner), for games whose result is decided so late that it says little
    /// about the early positions (Ataxx-ice's captures turn the board until the end).
    pub value_plies: u32,
    /// The value target from the teacher's own search instead (default `false`): the
    /// score its search gave the action it chose ([`Bot::last_score`], alpha-beta's root
    /// score), as a reward through a logistic curve fitted to the games' results
    /// ([`ScoreScale`](crate::ScoreScale)). Each label then says what a search of the
    /// teacher's depth sees from the position, not one game's outcome. Value nets only
    /// (`pyrctl train-value --teacher-value search`).
    pub search_value: bool,
}

impl Default for TeacherConfig {
    fn default() -> Self {
        TeacherConfig {
            opening_random_plies: 2,
            max_plies: 200,
            value_plies: 0,
            search_value: false,
        }
    }
}

/// Plays `games` games of `G` under `rules` with `teacher` in every seat, on `threads`
/// threads, game `i` dealt from `game_seed(seed, i)` and each seat's bot made from a seed
/// of its own; stops at `deadline` (when given), returning the games finished by then.
/// Every decision of the teacher is a [`Position`]: the acting seat's observation, the
/// teacher's action as one-hot targets of its decision steps, the game's result.
///
/// ```
/// use pyramid_core::{nim::Nim, prelude::*};
/// use pyramid_learn::{Opponent, TeacherConfig, play_teacher_games};
/// let teacher = Opponent::<Nim> {
///     name: "greedy".into(),
///     make: Box::new(|seed| pyramid_bots::bot_from_spec::<Nim>("greedy", seed).expect("a spec")),
/// };
/// let games = play_teacher_games(&teacher, &Default::default(), 4, 7, &TeacherConfig::default(), 2, None);
/// assert_eq!(games.len(), 4);
/// for position in games.iter().flat_map(|g| &g.positions) {
///     // The teacher's choice carries all the share.
///     assert!(position.targets.iter().all(|t| t.shares.iter().sum::<f32>() == 1.0));
/// }
/// ```
pub fn play_teacher_games<G: FullGame>(
    teacher: &Opponent<G>,
    rules: &G::Rules,
    games: usize,
    seed: u64,
    config: &TeacherConfig,
    threads: usize,
    deadline: Option<Instant>,
) -> Vec<SelfPlayGame> {
    play_teacher_round(teacher, rules, games, seed, config, threads, deadline).games
}

/// Teacher games ([`play_teacher_games`]) and, when the teacher made no move in one of
/// them, why (the first such game's reason): what tells a round without positions apart.
#[derive(Clone, Debug, Default)]
pub(crate) struct TeacherRound {
    /// The games finished, in order.
    pub(crate) games: Vec<SelfPlayGame>,
    /// For each game, each position's score by the teacher's search
    /// ([`Bot::last_score`]), `None` where it gave none.
    pub(crate) scores: Vec<Vec<Option<f64>>>,
    /// Why the teacher made no move in a game it had to move in (its bot's failure).
    pub(crate) forfeit: Option<String>,
}

impl TeacherRound {
    /// Why the round's games gave no position to learn from, naming `teacher`; `None`
    /// when they gave some, or when no game was played (the time was up).
    pub(crate) fn no_positions(&self, teacher: &str, config: &TeacherConfig) -> Option<String> {
        if self.games.is_empty() || self.games.iter().any(|g| !g.positions.is_empty()) {
            return None;
        }
        let n = self.games.len();
        let opening = config.opening_random_plies;
        Some(if config.max_plies <= opening {
            format!(
                "every game is cut off at {} plies (the ply limit), before the teacher's first \
                 move after {opening} random opening plies",
                config.max_plies
            )
        } else if let Some(reason) = &self.forfeit {
            format!("the teacher {teacher} made no move in {n} games: {reason}")
        } else {
            format!(
                "the {n} games of the teacher {teacher} ended within their {opening} random opening plies"
            )
        })
    }
}

/// [`play_teacher_games`], with why the teacher made no move where it had to.
pub(crate) fn play_teacher_round<G: FullGame>(
    teacher: &Opponent<G>,
    rules: &G::Rules,
    games: usize,
    seed: u64,
    config: &TeacherConfig,
    threads: usize,
    deadline: Option<Instant>,
) -> TeacherRound {
    let threads = threads.clamp(1, games.max(1));
    let mut all: Vec<(usize, TeacherGame)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    for i in (t..games).step_by(threads) {
                        let game_seed = game_seed(seed, i as u64);
                        match teacher_game(teacher, rules, game_seed, config, deadline) {
                            Some(game) => mine.push((i, game)),
                            None => break,
                        }
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    all.sort_by_key(|(i, _)| *i);
    let forfeit = all.iter().find_map(|(_, g)| g.forfeit.clone());
    let (games, scores) = all.into_iter().map(|(_, g)| (g.game, g.scores)).unzip();
    TeacherRound {
        games,
        scores,
        forfeit,
    }
}

/// A decision of the teacher before its value target: the ply, the seat, its observation
/// and the policy targets of its action.
type DecisionTaken = (u32, Seat, Vec<f32>, Vec<StepTarget>);

/// One game of the teacher against itself.
struct TeacherGame {
    game: SelfPlayGame,
    /// Each position's score by the teacher's search.
    scores: Vec<Option<f64>>,
    /// Why the teacher made no move, if it stopped the game so.
    forfeit: Option<String>,
}

/// One game of the teacher against itself, from `seed`; `None` when `deadline` came
/// first.
fn teacher_game<G: FullGame>(
    teacher: &Opponent<G>,
    rules: &G::Rules,
    seed: u64,
    config: &TeacherConfig,
    deadline: Option<Instant>,
) -> Option<TeacherGame> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = G::deal(rules, &mut rng);
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..state.seats())
        .map(|_| (teacher.make)(rng.random()))
        .collect();
    let len = G::observation_shape(rules).iter().product();
    let seats = state.seats().min(MAX_SEATS);
    let mut positions: Vec<DecisionTaken> = Vec::new();
    let mut scores = Vec::new();
    // Who leads after each ply (entry `p`: after `p` plies, the last: the game's end),
    // kept for `value_plies` only.
    let mut leads = Vec::new();
    // Search values are fitted to the results: the positions carry the result until then.
    let value_plies = if config.search_value {
        0
    } else {
        config.value_plies
    };
    let mut lead_after_ply = |state: &G| {
        if value_plies > 0 {
            leads.push(evaluated_rewards(state, seats));
        }
    };
    lead_after_ply(&state);
    let mut forfeit = None;
    while let Some(seat) = state.to_act() {
        if state.plies() >= config.max_plies {
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let action = if state.plies() < config.opening_random_plies {
            state.random_action(&mut rng)
        } else {
            let bot = bots.get_mut(seat.index())?;
            let chosen = bot.choose(&state.view(seat), seat);
            let legal = chosen.filter(|&action| state.is_legal(action));
            match legal {
                Some(action) => {
                    let mut observation = vec![0.0; len];
                    state.write_observation(seat, &mut observation);
                    let targets = teacher_targets(&state, action);
                    positions.push((state.plies(), seat, observation, targets));
                    scores.push(bot.last_score());
                }
                None => {
                    forfeit = Some(match (chosen, bot.failure()) {
                        (_, Some(reason)) => reason,
                        (Some(_), None) => "it chose an illegal action".to_owned(),
                        (None, None) => "it chose no action".to_owned(),
                    });
                }
            }
            legal
        };
        let Some(action) = action else { break };
        state.play_unchecked(action);
        lead_after_ply(&state);
    }
    let rewards = evaluated_rewards(&state, seats);
    let labelled = |(ply, seat, observation, targets): DecisionTaken| {
        let target = value_target(&leads, &rewards, ply, value_plies);
        Position {
            observation,
            targets,
            values: (0..seats)
                .map(|offset| target[seat_after(seat.index(), offset, seats)])
                .collect(),
        }
    };
    let game = SelfPlayGame {
        positions: positions.into_iter().map(labelled).collect(),
        plies: state.plies(),
        rewards: rewards[..seats].to_vec(),
    };
    Some(TeacherGame {
        game,
        scores,
        forfeit,
    })
}

/// The value target of the position after `ply` plies: with `value_plies` 0, the game's
/// result (`rewards`); else who leads `value_plies` plies later (`leads[p]`: after `p`
/// plies, its last entry the game's end), the result when the game ends sooner.
fn value_target<'a>(
    leads: &'a [[f32; MAX_SEATS]],
    rewards: &'a [f32; MAX_SEATS],
    ply: u32,
    value_plies: u32,
) -> &'a [f32; MAX_SEATS] {
    if value_plies == 0 {
        return rewards;
    }
    leads
        .get(ply as usize + value_plies as usize)
        .unwrap_or(rewards)
}

/// The policy targets of the teacher's `action` in `state`: for each of its decision
/// steps, the legal steps after the ones before it, all the share on its own.
pub fn teacher_targets<G: FullGame>(state: &G, action: G::Action) -> Vec<StepTarget> {
    let steps = state.steps(action);
    (0..steps.len())
        .map(|i| {
            let prefix = steps[..i].to_vec();
            let legal = legal_steps(state, &prefix);
            let shares = legal
                .iter()
                .map(|&s| if s == steps[i] { 1.0 } else { 0.0 })
                .collect();
            StepTarget {
                prefix,
                steps: legal,
                shares,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_target_is_the_lead_value_plies_later_or_the_result() {
        // A game of 4 plies: who led after 0, 1, 2, 3 and 4 plies (the end).
        let mut leads = [[0.0; MAX_SEATS]; 5];
        for (p, lead) in leads.iter_mut().enumerate() {
            lead[0] = p as f32;
        }
        let rewards = leads[4];
        assert_eq!(value_target(&leads, &rewards, 0, 2)[0], 2.0);
        assert_eq!(value_target(&leads, &rewards, 1, 3)[0], 4.0, "the end");
        assert_eq!(
            value_target(&leads, &rewards, 3, 2),
            &rewards,
            "past the end"
        );
        assert_eq!(value_target(&[], &rewards, 1, 0), &rewards, "0: the result");
    }
}
