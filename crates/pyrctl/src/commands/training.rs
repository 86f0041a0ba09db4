//! What `pyrctl train` and `pyrctl train-value` share: the `--hours` limit, the progress
//! line, and the JSON lines printed above it.

use std::time::Duration;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::setup;

/// The time limit `--hours` names, if any: a usage error unless a number of hours above
/// 0 (and below 10,000).
pub fn time_limit(hours: Option<f64>) -> Result<Option<Duration>> {
    match hours {
        Some(h) if h.is_finite() && h > 0.0 && h < 10_000.0 => {
            Ok(Some(Duration::from_secs_f64(h * 3600.0)))
        }
        Some(h) => {
            Err(setup::UsageError::new(format!("--hours {h}: a number of hours above 0")).into())
        }
        None => Ok(None),
    }
}

/// A progress line of `len` steps (a spinner alone without) drawn by `template` after
/// the spinner and the time elapsed, ticking on its own.
pub fn progress_line(len: Option<u64>, template: &str) -> ProgressBar {
    let bar = len.map_or_else(ProgressBar::new_spinner, ProgressBar::new);
    bar.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} [{{elapsed_precise}}] {template}"))
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// Prints `record` as a JSON line above the progress line.
pub fn print_json_line(bar: &ProgressBar, record: &impl Serialize) {
    bar.suspend(|| println!("{}", serde_json::to_string(record).unwrap_or_default()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_above_zero_are_a_time_limit_and_others_a_usage_error() {
        assert_eq!(time_limit(None).ok(), Some(None));
        assert_eq!(
            time_limit(Some(0.5)).ok(),
            Some(Some(Duration::from_secs(1800)))
        );
        for hours in [0.0, -1.0, f64::NAN, f64::INFINITY, 10_000.0] {
            let error = time_limit(Some(hours)).expect_err("not a limit");
            assert!(error.is::<setup::UsageError>(), "{error}");
            assert!(error.to_string().contains("hours above 0"), "{error}");
        }
    }
}
