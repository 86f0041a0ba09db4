//! `pyrctl train`: self-play training with a progress bar (the work is
//! `pyramid_learn::train`).

use std::time::Duration;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use pyramid_bots::BotSpec;
use pyramid_bots::pyramid_learn::{Opponent, Progress, SelfPlayConfig, TrainConfig, train};
use pyramid_core::FullGame;
use pyramid_games::GameVisitor;

use crate::cli::Command;
use crate::setup;

/// Trains for the game the visit picks.
pub struct Visitor<'a> {
    /// The `train` command and its arguments.
    pub command: &'a Command,
}

impl GameVisitor for Visitor<'_> {
    type Output = Result<()>;

    fn visit<G: FullGame>(self) -> Result<()> {
        let Command::Train {
            out,
            hours,
            generations,
            resume,
            threads,
            seed,
            games,
            iters,
            steps,
            channels,
            blocks,
            max_plies,
            opponents,
            eval_every,
            eval_games,
            rules,
            ..
        } = self.command
        else {
            bail!("not a train command");
        };
        if hours.is_none() && generations.is_none() {
            return Err(setup::UsageError::new("--hours or --generations is needed").into());
        }
        if let Some(h) = hours
            && !(h.is_finite() && *h > 0.0 && *h < 10_000.0)
        {
            return Err(
                setup::UsageError::new(format!("--hours {h}: a number of hours above 0")).into(),
            );
        }
        let rules = setup::rules::<G>(rules)?;
        let threads = threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        );
        let config = TrainConfig {
            channels: *channels,
            blocks: *blocks,
            games_per_generation: (*games).max(1),
            self_play: SelfPlayConfig {
                iterations: (*iters).max(1),
                max_plies: *max_plies,
                ..SelfPlayConfig::default()
            },
            steps_per_generation: *steps,
            threads,
            seed: *seed,
            time_limit: hours.map(|h| Duration::from_secs_f64(h * 3600.0)),
            generations: *generations,
            evaluate_every: *eval_every,
            evaluation_games: *eval_games,
            ..TrainConfig::default()
        };
        let specs: Vec<BotSpec> = if opponents.is_empty() {
            vec!["mcts:iters=200".parse()?]
        } else {
            opponents.clone()
        };
        let mut measured = Vec::new();
        for spec in specs {
            // Checked now: a bad opponent fails before any training.
            spec.build::<G>(0)
                .with_context(|| format!("--opponent {spec}"))?;
            let name = spec.to_string();
            measured.push(Opponent::<G> {
                name,
                make: Box::new(move |seed| spec.build_or_forfeit::<G>(seed)),
            });
        }
        let bar = ProgressBar::new(generations.unwrap_or(0));
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] generation {pos}{msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(250));
        let last = train::<G>(&rules, out, &config, *resume, &measured, &mut |p| match p {
            Progress::SelfPlayed {
                generation,
                games,
                positions_per_s,
            } => {
                bar.set_position(generation.saturating_sub(1));
                bar.set_message(format!(
                    ": {games} self-play games done ({positions_per_s:.0} positions/s), training"
                ));
            }
            Progress::Generation(log) => {
                bar.set_position(log.generation);
                let scores: Vec<String> = log
                    .evaluations
                    .iter()
                    .map(|e| format!(", {:.0}% vs {}", 100.0 * e.score, e.opponent))
                    .collect();
                bar.set_message(format!(
                    ": {} games, {:.0} positions/s, loss {:.3} + {:.3}{}",
                    log.games,
                    log.positions_per_s,
                    log.policy_loss,
                    log.value_loss,
                    scores.concat()
                ));
                bar.println(serde_json::to_string(&log).unwrap_or_default());
            }
        })
        .with_context(|| format!("training {} in {}", G::NAME, out.display()))?;
        bar.finish_and_clear();
        println!(
            "{}: generation {}, {} games, {} steps; model in {}",
            G::NAME,
            last.generation,
            last.games,
            last.steps,
            out.join(pyramid_bots::pyramid_learn::MODEL_FILE).display()
        );
        Ok(())
    }
}
