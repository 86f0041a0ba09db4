//! The Elo ladder of a round robin: Bradley–Terry ratings fitted to the crosstable by
//! maximum likelihood, with 95% error bars.

use crate::matches::Tally;

/// One bot's rating on the ladder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo, relative to the mean of all the bots (which is 0).
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo.
    pub error: f64,
}

/// Elo per natural unit of the logistic model (`400 / ln 10`).
const ELO_PER_UNIT: f64 = 173.717_792_761_245_4;
/// The 97.5% quantile of the normal distribution.
const Z95: f64 = 1.959_964;

/// The ratings of bots whose results against each other are `pairs` (`pairs[a][b]`: bot
/// `a`'s tally against bot `b`), under the Bradley–Terry (Elo) model: bot `a` scores
/// `1 / (1 + 10^((r_b - r_a) / 400))` against `b`, a draw counting half a win.
///
/// The fit is the maximum of the likelihood with one virtual draw added to every pairing
/// that played (the prior BayesElo uses), so a bot that won or lost every game still gets
/// a finite rating. Ratings average 0; the error bars come from the inverse of the
/// Fisher information (the curvature of the likelihood at its maximum).
///
/// ```
/// use pyramid_bots::{Tally, ladder};
/// let t = |wins, draws, losses| Tally { wins, draws, losses };
/// // Bot 0 beats bot 1 three games in four, bot 1 beats bot 2 as often.
/// let pairs = vec![
///     vec![t(0, 0, 0), t(30, 0, 10), t(36, 0, 4)],
///     vec![t(10, 0, 30), t(0, 0, 0), t(30, 0, 10)],
///     vec![t(4, 0, 36), t(10, 0, 30), t(0, 0, 0)],
/// ];
/// let ratings = ladder(&pairs);
/// assert!(ratings[0].elo > ratings[1].elo && ratings[1].elo > ratings[2].elo);
/// assert!(ratings.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6);
/// assert!(ratings.iter().all(|r| r.error > 0.0 && r.error < 200.0));
/// ```
pub fn ladder(pairs: &[Vec<Tally>]) -> Vec<Rating> {
    let n = pairs.len();
    if n == 0 {
        return Vec::new();
    }
    // Games and points of each pair, with the virtual draw.
    let mut games = vec![vec![0.0; n]; n];
    let mut points = vec![vec![0.0; n]; n];
    for a in 0..n {
        for b in 0..n {
            let tally = pairs[a].get(b).copied().unwrap_or_default();
            let played = tally.games() + pairs[b].get(a).map_or(0, |t| t.games());
            if a != b && played > 0 {
                games[a][b] = tally.games().max(pairs[b][a].games()) as f64 + 1.0;
                points[a][b] = tally.wins as f64 + tally.draws as f64 / 2.0 + 0.5;
            }
        }
    }
    let mut theta = vec![0.0; n];
    let mut covariance = vec![vec![0.0; n]; n];
    for _ in 0..100 {
        let (gradient, information) = derivatives(&theta, &games, &points);
        covariance = pseudo_inverse(&information);
        let step: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|j| covariance[i][j] * gradient[j]).sum())
            .collect();
        for (t, s) in theta.iter_mut().zip(&step) {
            *t += s;
        }
        let mean = theta.iter().sum::<f64>() / n as f64;
        theta.iter_mut().for_each(|t| *t -= mean);
        if step.iter().all(|s| s.abs() < 1e-10) {
            let (_, information) = derivatives(&theta, &games, &points);
            covariance = pseudo_inverse(&information);
            break;
        }
    }
    (0..n)
        .map(|i| Rating {
            elo: theta[i] * ELO_PER_UNIT,
            error: Z95 * covariance[i][i].max(0.0).sqrt() * ELO_PER_UNIT,
        })
        .collect()
}

/// The gradient of the log-likelihood and the Fisher information at `theta`.
fn derivatives(
    theta: &[f64],
    games: &[Vec<f64>],
    points: &[Vec<f64>],
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = theta.len();
    let mut gradient = vec![0.0; n];
    let mut information = vec![vec![0.0; n]; n];
    for a in 0..n {
        for b in 0..n {
            if a == b || games[a][b] == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + (theta[b] - theta[a]).exp());
            gradient[a] += points[a][b] - games[a][b] * p;
            let w = games[a][b] * p * (1.0 - p);
            information[a][a] += w;
            information[a][b] -= w;
        }
    }
    (gradient, information)
}

/// The pseudo-inverse of a symmetric matrix whose rows sum to zero (null space: the
/// all-ones vector, when every bot is connected to every other through games):
/// `(F + J/n)^-1 - J/n`.
fn pseudo_inverse(f: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = f.len();
    let shift = 1.0 / n as f64;
    let shifted: Vec<Vec<f64>> = f
        .iter()
        .map(|row| row.iter().map(|x| x + shift).collect())
        .collect();
    let mut inverse = invert(shifted);
    for row in &mut inverse {
        for x in row.iter_mut() {
            *x -= shift;
        }
    }
    inverse
}

/// The inverse of a small square matrix by Gauss–Jordan elimination with partial
/// pivoting; a singular matrix gives infinite entries.
fn invert(mut m: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .unwrap_or(col);
        if m[pivot][col].abs() < 1e-12 {
            return vec![vec![f64::INFINITY; n]; n];
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let d = m[col][col];
        for j in 0..n {
            m[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..n {
            if row != col {
                let factor = m[row][col];
                if factor != 0.0 {
                    for j in 0..n {
                        m[row][j] -= factor * m[col][j];
                        inv[row][j] -= factor * inv[col][j];
                    }
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn two_even_bots_rate_equal_and_one_sided_results_stay_finite() {
        let even = ladder(&[vec![t(0, 0, 0), t(5, 2, 5)], vec![t(5, 2, 5), t(0, 0, 0)]]);
        assert!(even[0].elo.abs() < 1e-9 && even[1].elo.abs() < 1e-9);
        let sweep = ladder(&[vec![t(0, 0, 0), t(10, 0, 0)], vec![t(0, 0, 10), t(0, 0, 0)]]);
        assert!(sweep[0].elo.is_finite() && sweep[0].elo > 200.0);
        assert!((sweep[0].elo + sweep[1].elo).abs() < 1e-6);
        // With two bots the fit is the Elo of the score with the virtual draw (10.5 of 11
        // points), half of it above the mean and half below.
        let expected = -400.0 * (11.0 / 10.5 - 1.0_f64).log10() / 2.0;
        assert!((sweep[0].elo - expected).abs() < 1e-6, "{sweep:?}");
    }

    #[test]
    fn inverting_a_matrix_gives_the_identity_back() {
        let m = vec![
            vec![4.0, 1.0, 0.5],
            vec![1.0, 3.0, 0.2],
            vec![0.5, 0.2, 2.0],
        ];
        let inv = invert(m.clone());
        for (i, row) in m.iter().enumerate() {
            for j in 0..3 {
                let product: f64 = row.iter().zip(&inv).map(|(x, r)| x * r[j]).sum();
                assert!((product - f64::from(u8::from(i == j))).abs() < 1e-12);
            }
        }
    }
}
