//! Value targets from a teacher's search ([`TeacherConfig::search_value`]): each position
//! labelled with the score the teacher's search gave its choice there, turned into a
//! reward by a logistic curve whose scale is fitted to the games' results, as Texel's
//! tuning fits a chess evaluation's scale. A net trained on them learns what a search of
//! the teacher's depth sees from a position, so a shallow search over the net sees about
//! as far as a deeper one over the hand-written evaluation.
//!
//! [`TeacherConfig::search_value`]: crate::TeacherConfig::search_value

use crate::self_play::SelfPlayGame;

/// Scores at least this large are decided games (alpha-beta scores a won game `1e11`
/// less the plies to it).
const DECIDED: f64 = 1e10;

/// A logistic curve from a search's scores to a seat's expected reward: a score `x` is
/// worth `1 / (1 + e^(-x / scale))`, a won game 1 and a lost one 0.
///
/// ```
/// use pyramid_learn::ScoreScale;
/// // Scores of 2 won three games in four, scores of -2 one in four.
/// let pairs = [(2.0, 1.0), (2.0, 1.0), (2.0, 1.0), (2.0, 0.0),
///              (-2.0, 0.0), (-2.0, 0.0), (-2.0, 0.0), (-2.0, 1.0)];
/// let curve = ScoreScale::fit(&pairs).expect("undecided scores");
/// assert!((curve.reward(2.0) - 0.75).abs() < 0.02);
/// assert_eq!(curve.reward(1e11), 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreScale {
    /// The score worth `e / (1 + e)` (about 0.73) of a win.
    pub scale: f64,
}

impl ScoreScale {
    /// The expected reward of a seat whose search scored `score`.
    pub fn reward(&self, score: f64) -> f32 {
        if score >= DECIDED {
            1.0
        } else if score <= -DECIDED {
            0.0
        } else {
            (1.0 / (1.0 + (-score / self.scale).exp())) as f32
        }
    }

    /// The curve that best predicts `pairs` of a score and the reward the game then gave
    /// its seat (least cross-entropy, the scale searched from `1e-3` to `1e7` on a
    /// logarithmic grid of 20 steps a decade); `None` when no score is undecided.
    pub fn fit(pairs: &[(f64, f32)]) -> Option<ScoreScale> {
        let undecided: Vec<(f64, f64)> = pairs
            .iter()
            .filter(|(score, _)| score.abs() < DECIDED)
            .map(|&(score, reward)| (score, f64::from(reward.clamp(0.0, 1.0))))
            .collect();
        if undecided.is_empty() {
            return None;
        }
        let loss = |scale: f64| {
            undecided
                .iter()
                .map(|&(score, reward)| {
                    let p = (1.0 / (1.0 + (-score / scale).exp())).clamp(1e-6, 1.0 - 1e-6);
                    -(reward * p.ln() + (1.0 - reward) * (1.0 - p).ln())
                })
                .sum::<f64>()
        };
        let scale = (-60..=140)
            .map(|step| 10f64.powf(f64::from(step) / 20.0))
            .map(|scale| (loss(scale), scale))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, scale)| scale)?;
        Some(ScoreScale { scale })
    }
}

/// Labels the positions of `games` by their teacher's scores (`scores[g][p]` for
/// position `p` of game `g`), positions whose search gave no score dropped: the acting
/// seat's target is the score's reward, the other seats share the rest. The curve is
/// fitted on the games `fit_on` names, from each position's value target for the seat
/// to act as it stands (the game's result). `None` when no game it names has an
/// undecided score to fit.
pub(crate) fn label_by_search(
    games: &mut [SelfPlayGame],
    scores: &[Vec<Option<f64>>],
    fit_on: impl Fn(usize) -> bool,
) -> Option<ScoreScale> {
    let pairs: Vec<(f64, f32)> = games
        .iter()
        .zip(scores)
        .enumerate()
        .filter(|(i, _)| fit_on(*i))
        .flat_map(|(_, (game, scores))| game.positions.iter().zip(scores))
        .filter_map(|(position, score)| Some(((*score)?, *position.values.first()?)))
        .collect();
    let curve = ScoreScale::fit(&pairs)?;
    for (game, scores) in games.iter_mut().zip(scores) {
        let positions = std::mem::take(&mut game.positions);
        game.positions = positions
            .into_iter()
            .zip(scores)
            .filter_map(|(mut position, score)| {
                let reward = curve.reward((*score)?);
                let others = position.values.len().saturating_sub(1).max(1) as f32;
                for (offset, value) in position.values.iter_mut().enumerate() {
                    *value = if offset == 0 {
                        reward
                    } else {
                        (1.0 - reward) / others
                    };
                }
                Some(position)
            })
            .collect();
    }
    Some(curve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::self_play::Position;

    fn position(result: f32) -> Position {
        Position {
            observation: vec![0.0],
            targets: Vec::new(),
            values: vec![result, 1.0 - result],
        }
    }

    #[test]
    fn a_fitted_curve_gives_the_share_of_games_won_at_a_score() {
        // Score 10: 9 wins in 10; score -10: 1 in 10.
        let mut pairs = Vec::new();
        for i in 0..10 {
            pairs.push((10.0, if i < 9 { 1.0 } else { 0.0 }));
            pairs.push((-10.0, if i < 1 { 1.0 } else { 0.0 }));
        }
        let curve = ScoreScale::fit(&pairs).expect("undecided");
        assert!((curve.reward(10.0) - 0.9).abs() < 0.02, "{curve:?}");
        assert!((curve.reward(-10.0) - 0.1).abs() < 0.02, "{curve:?}");
        assert!((curve.reward(0.0) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn decided_scores_are_wins_and_losses_and_do_not_fit() {
        assert_eq!(ScoreScale::fit(&[(1e11, 1.0), (-1e11 + 3.0, 0.0)]), None);
        let curve = ScoreScale { scale: 1.0 };
        assert_eq!(curve.reward(1e11 - 40.0), 1.0);
        assert_eq!(curve.reward(-1e11 + 40.0), 0.0);
    }

    #[test]
    fn positions_are_labelled_by_their_scores_and_unscored_ones_dropped() {
        let mut games = vec![SelfPlayGame {
            positions: vec![position(1.0), position(0.0), position(1.0), position(0.0)],
            plies: 4,
            rewards: vec![1.0, 0.0],
        }];
        let scores = vec![vec![Some(5.0), Some(-5.0), None, Some(0.0)]];
        let curve = label_by_search(&mut games, &scores, |_| true).expect("fitted");
        let values: Vec<&[f32]> = games[0].positions.iter().map(|p| &p.values[..]).collect();
        assert_eq!(values.len(), 3, "the unscored position dropped");
        assert_eq!(values[0][0], curve.reward(5.0));
        assert!((values[0][0] + values[0][1] - 1.0).abs() < 1e-6);
        assert_eq!(values[2], &[0.5, 0.5]);
        assert!(values[0][0] > 0.5 && values[1][0] < 0.5);
    }

    #[test]
    fn no_curve_without_a_game_to_fit_on() {
        let mut games = vec![SelfPlayGame {
            positions: vec![position(1.0)],
            plies: 1,
            rewards: vec![1.0, 0.0],
        }];
        assert_eq!(
            label_by_search(&mut games, &[vec![Some(1.0)]], |_| false),
            None
        );
        assert_eq!(
            games[0].positions[0].values,
            vec![1.0, 0.0],
            "left as it was"
        );
    }
}
