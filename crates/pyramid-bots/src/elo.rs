//! The Elo difference of a two-bot match, with its 95% error bar.

use std::fmt;

/// An Elo difference estimated from a score, with the half-width of its 95% confidence
/// interval (normal approximation of the per-game score, as cutechess-cli reports it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimated difference (first bot minus second); infinite when one bot scored
    /// every point.
    pub diff: f64,
    /// Half the width of the 95% interval, in Elo; infinite when an end of the interval
    /// reaches a score of 0 or 1.
    pub error: f64,
}

/// The Elo difference for a score fraction `p` in `[0, 1]`.
pub fn elo_from_score(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

impl Elo {
    /// The estimate for the first bot from its wins, draws and losses against the second.
    /// `None` without games.
    ///
    /// ```
    /// use pyramid_bots::Elo;
    /// let even = Elo::from_results(40, 20, 40).expect("games");
    /// assert!(even.diff.abs() < 1e-9);
    /// let strong = Elo::from_results(75, 0, 25).expect("games");
    /// assert!((strong.diff - 190.8).abs() < 0.1);
    /// assert!(strong.error > 50.0 && strong.error < 150.0);
    /// ```
    pub fn from_results(wins: u64, draws: u64, losses: u64) -> Option<Elo> {
        let n = (wins + draws + losses) as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (wins as f64 / n, draws as f64 / n, losses as f64 / n);
        let p = w + d / 2.0;
        let variance = w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * (0.0 - p).powi(2);
        let margin = 1.959_964 * (variance / n).sqrt();
        let high = elo_from_score(p + margin);
        let low = elo_from_score(p - margin);
        Some(Elo {
            diff: elo_from_score(p),
            error: (high - low) / 2.0,
        })
    }
}

impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.diff.is_infinite() {
            let sign = if self.diff > 0.0 { "+" } else { "-" };
            return write!(f, "{sign}inf (one bot scored every point)");
        }
        // Rounded first, so that nothing at all does not print as -0.0.
        let diff = (self.diff * 10.0).round() / 10.0 + 0.0;
        if self.error.is_finite() {
            write!(f, "{diff:+.1} +/- {:.1} (95%)", self.error)
        } else {
            write!(f, "{diff:+.1} +/- inf (95%)")
        }
    }
}
