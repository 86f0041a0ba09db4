//! The policy space: [`PolicySpace`].
//!
//! 21026 indices, the same in every state (squares by index `rank * 7 + file`, a1 = 0;
//! pieces `P D Q p d q` = 0..6; `pq = piece * 49 + square`, 294 values):
//!
//! | index | meaning |
//! |---|---|
//! | 0..20436 | every action but a trade, by its id ([`pyramid_core::ActionIds`]): moves, warps, hides, places, steals, raids, `raid=none`, `trade=none` |
//! | `20436 + pq` (20436..20730) | a trade gives piece `pq` |
//! | 20730 | end of the pieces given |
//! | `20731 + pq` (20731..21025) | a trade takes piece `pq` from the store |
//! | 21025 | end of the pieces taken |
//!
//! Every action but a trade is one step, its id. A trade is its given pieces in ascending
//! `pq` order (a piece given twice is two steps), the end of the given list, its taken
//! pieces in ascending `pq` order and the end of the taken list: 4 to 8 steps.

use pyramid_core::{ActionIds, Game, PolicySpace, for_each_action_from_walk};

use crate::action::{Action, PieceAt, Trade};
use crate::action_ids::{PIECE_SQUARES, TRADE, piece_at, piece_square};
use crate::rules::Rules;
use crate::state::{Decision, Stacktrices};

/// The first trade index (a given piece); the one-step actions are below it.
pub(crate) const GIVE: u32 = TRADE as u32;
/// The end of the given pieces.
pub(crate) const GIVEN_END: u32 = GIVE + PIECE_SQUARES as u32;
/// The first taken-piece index.
pub(crate) const TAKE: u32 = GIVEN_END + 1;
/// The end of the taken pieces.
pub(crate) const TAKEN_END: u32 = TAKE + PIECE_SQUARES as u32;
/// The number of indices.
const SIZE: u32 = TAKEN_END + 1;

/// Appends one trade list as steps from `first`, ascending, then `end`.
fn write_list(list: &[PieceAt], first: u32, end: u32, out: &mut Vec<u32>) {
    let start = out.len();
    out.extend(list.iter().map(|&p| first + piece_square(p) as u32));
    out[start..].sort_unstable();
    out.push(end);
}

/// Reads one trade list (1 to 3 pieces, ascending, from `first` up to `end`) off the
/// front of `steps`; returns the pieces and the steps after the end.
fn read_list(steps: &[u32], first: u32, end: u32) -> Option<(Vec<PieceAt>, &[u32])> {
    let stop = steps.iter().position(|&s| s == end)?;
    let (list, rest) = (&steps[..stop], &steps[stop + 1..]);
    if !(1..=3).contains(&list.len()) || list.windows(2).any(|w| w[0] > w[1]) {
        return None;
    }
    let pieces = list
        .iter()
        .map(|&s| {
            s.checked_sub(first)
                .filter(|&pq| pq < end - first)
                .and_then(|pq| piece_at(u64::from(pq)))
        })
        .collect::<Option<Vec<_>>>()?;
    Some((pieces, rest))
}

impl PolicySpace for Stacktrices {
    fn policy_size(_rules: &Rules) -> u32 {
        SIZE
    }

    /// Three pieces given, the end, three taken, the end.
    fn max_steps(_rules: &Rules) -> usize {
        8
    }

    fn write_steps(&self, action: Action, out: &mut Vec<u32>) {
        match action {
            Action::Trade(t) => {
                write_list(t.given(), GIVE, GIVEN_END, out);
                write_list(t.taken(), TAKE, TAKEN_END, out);
            }
            other => out.push(self.action_id(other) as u32),
        }
    }

    /// At a trade decision: `trade=none` and each give multiset's lowest given piece that
    /// has a legal trade, from the trade counts (no trade is built). Elsewhere: `false`.
    fn write_first_steps(&self, out: &mut Vec<u32>) -> bool {
        if self.decision != Decision::Trade || self.is_over() {
            return false;
        }
        out.clear();
        out.push(self.action_id(Action::NoTrade) as u32);
        self.first_given_pieces(|pq| out.push(GIVE + pq as u32));
        out.sort_unstable();
        out.dedup();
        true
    }

    /// At a trade decision, a trade's first step (its lowest given piece) lists the trades
    /// of the give multisets that start with it only; otherwise the legal actions are walked.
    fn for_each_action_from(&self, first: u32, mut f: impl FnMut(Action)) {
        let trading = self.decision == Decision::Trade && !self.is_over();
        if trading && (GIVE..GIVEN_END).contains(&first) {
            self.trades_giving_lowest(u64::from(first - GIVE), f);
        } else if trading && u64::from(first) == self.action_id(Action::NoTrade) {
            f(Action::NoTrade);
        } else {
            for_each_action_from_walk(self, first, f);
        }
    }

    fn step_text(&self, step: u32) -> Option<String> {
        let piece = |first: u32| piece_at(u64::from(step - first)).map(|p| p.to_string());
        match step {
            0..GIVE => self.action_from_id(u64::from(step)).map(|a| a.to_string()),
            GIVE..GIVEN_END => piece(GIVE).map(|p| format!("give={p}")),
            GIVEN_END => Some("give=end".to_owned()),
            TAKE..TAKEN_END => piece(TAKE).map(|p| format!("take={p}")),
            TAKEN_END => Some("take=end".to_owned()),
            _ => None,
        }
    }

    /// Decodes the steps (a one-step id, or a trade's two ascending lists each closed by
    /// its end) and asks whether the action is legal.
    fn action_from_steps(&self, steps: &[u32]) -> Option<Action> {
        let action = match steps {
            [] => return None,
            &[id] if id < GIVE => self.action_from_id(u64::from(id))?,
            _ => {
                let (given, rest) = read_list(steps, GIVE, GIVEN_END)?;
                let (taken, rest) = read_list(rest, TAKE, TAKEN_END)?;
                if !rest.is_empty() {
                    return None;
                }
                Action::Trade(Trade::new(&given, &taken)?)
            }
        };
        self.is_legal(action).then_some(action)
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_testkit::conformance::check_step_texts;

    use crate::{Decision, Rules, Stacktrices, Start};

    /// White at the trading post: a1 P p (thief), b1 D d, c1 a pupil, d1 Q; black far
    /// away; every other piece in the store.
    const TRADING: &str = "6,bqP/7/7/7/7/7/wdPp,wqDd,wd,wqQ,3 PPDDDQQpppdddqqq a1,- -,- trade 0 1";

    #[test]
    fn a_trade_is_its_given_then_its_taken_pieces() -> Result<(), Box<dyn std::error::Error>> {
        let rules = Rules::default().with_start(Start::Standard);
        let game = Stacktrices::from_position(TRADING, &rules)?;
        assert_eq!(Stacktrices::policy_size(&rules), 21026);
        // D@b1 is pq 1 * 49 + 1 = 50, d@b1 4 * 49 + 1 = 197, Q@b1 2 * 49 + 1 = 99.
        let trade = game.parse_action("trade=D@b1,d@b1>Q@b1")?;
        let steps = [20436 + 50, 20436 + 197, 20730, 20731 + 99, 21025];
        assert_eq!(game.steps(trade), steps);
        assert_eq!(game.action_from_steps(&steps), Some(trade));
        // Given out of order, or the lists' ends missing, name nothing.
        assert_eq!(
            game.action_from_steps(&[20436 + 197, 20436 + 50, 20730, 20731 + 99, 21025]),
            None
        );
        assert_eq!(game.action_from_steps(&steps[..4]), None);
        // After D@b1 and d@b1 the list may end; after the end, a taken piece comes next.
        let next = game.legal_next_steps(&steps[..2]);
        assert!(next.contains(&20730), "{next:?}");
        let next = game.legal_next_steps(&steps[..3]);
        assert!(!next.is_empty() && next.iter().all(|s| (20731..21025).contains(s)));
        // trade=none is one step, its id.
        let none = game.parse_action("trade=none")?;
        assert_eq!(game.steps(none), [20435]);
        assert_eq!(game.step_text(20436 + 50).as_deref(), Some("give=D@b1"));
        assert_eq!(game.step_text(20730).as_deref(), Some("give=end"));
        assert_eq!(game.step_text(20731 + 99).as_deref(), Some("take=Q@b1"));
        assert_eq!(game.step_text(21025).as_deref(), Some("take=end"));
        Ok(())
    }

    /// At every trade decision of random games from the standard start and from the
    /// setup phase, the first steps found from the trade counts are the walk's, and the
    /// actions listed for each first step are the walk's actions that begin with it, in
    /// the same order; elsewhere the game walks.
    #[test]
    fn first_steps_and_their_actions_agree_with_the_walk() -> Result<(), Box<dyn std::error::Error>>
    {
        use pyramid_core::rand::SeedableRng;
        use pyramid_core::{ChaCha8Rng, for_each_action_from_walk};

        let mut trade_decisions = 0;
        for (seed, rules) in [
            Rules::default().with_start(Start::Standard),
            Rules::default(),
        ]
        .into_iter()
        .cycle()
        .take(8)
        .enumerate()
        {
            let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
            let mut game = Stacktrices::new(&rules);
            while game.plies() < 200 {
                let mut first = Vec::new();
                let found = game.write_first_steps(&mut first);
                assert_eq!(found, game.decision() == Decision::Trade && !game.is_over());
                if found {
                    trade_decisions += 1;
                    assert_eq!(first, game.legal_next_steps(&[]));
                }
                for &step in &game.legal_next_steps(&[]) {
                    let (mut listed, mut walked) = (Vec::new(), Vec::new());
                    game.for_each_action_from(step, |a| listed.push(a));
                    for_each_action_from_walk(&game, step, |a| walked.push(a));
                    assert!(!listed.is_empty());
                    assert_eq!(listed, walked, "first step {step}");
                }
                let Some(action) = game.random_action(&mut rng) else {
                    break;
                };
                game.play(action)?;
            }
        }
        assert!(trade_decisions >= 20, "{trade_decisions} trade decisions");
        Ok(())
    }

    #[test]
    fn step_texts_are_distinct() {
        check_step_texts(&Stacktrices::new(
            &Rules::default().with_start(Start::Standard),
        ));
    }
}
