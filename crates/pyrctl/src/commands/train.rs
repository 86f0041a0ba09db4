//! `pyrctl train`: training by self-play or from a teacher, with a progress bar (the
//! work is the runtime's [`train`], `pyramid_learn::train` for the game chosen by name).

use anyhow::{Context, Result};
use indicatif::ProgressBar;
use pyramid_bots::BotSpec;
use pyramid_runtime::pyramid_learn::{
    MODEL_FILE, Progress, SelfPlayConfig, TrainConfig, check_run_dir,
};
use pyramid_runtime::{Error, TrainSetup, train};

use crate::cli::TrainArgs;
use crate::commands::training;
use crate::setup;

/// The training settings the arguments name, checked.
fn config(args: &TrainArgs) -> Result<TrainConfig> {
    if args.hours.is_none() && args.generations.is_none() {
        return Err(setup::UsageError::new("--hours or --generations is needed").into());
    }
    let time_limit = training::time_limit(args.hours)?;
    Ok(TrainConfig {
        channels: args.channels,
        blocks: args.blocks,
        games_per_generation: args.games.max(1),
        self_play: SelfPlayConfig {
            iterations: args.iters.max(1),
            max_plies: args.max_plies,
            ..SelfPlayConfig::default()
        },
        steps_per_generation: args.steps,
        threads: args.threads.map_or_else(setup::all_cores, usize::from),
        seed: args.seed,
        time_limit,
        generations: args.generations,
        evaluate_every: args.eval_every,
        evaluation_games: args.eval_games,
        teacher_opening_plies: args.teacher_random_plies,
        teacher_value_plies: args.teacher_value_plies,
        ..TrainConfig::default()
    })
}

/// The progress bar's line for a step of the run.
fn show(bar: &ProgressBar, progress: &Progress) {
    match progress {
        Progress::SelfPlayed {
            generation,
            games,
            positions_per_s,
        } => {
            bar.set_position(generation.saturating_sub(1));
            bar.set_message(format!(
                ": {games} games played ({positions_per_s:.0} positions/s), training"
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
            training::print_json_line(bar, log);
        }
    }
}

/// Trains the game named, printing each generation's log line and the last generation.
pub fn command(args: &TrainArgs) -> Result<()> {
    let config = config(args)?;
    // A directory that cannot hold a run (a symbolic link, a device, a file; a run file
    // in it that is not a regular file) is refused before any work.
    check_run_dir(&args.out).map_err(|e| setup::UsageError::new(format!("--out {e}")))?;
    let options = setup::options(&args.rules)?;
    let opponents: Vec<BotSpec> = if args.opponents.is_empty() {
        vec!["mcts:iters=200".parse()?]
    } else {
        args.opponents.clone()
    };
    let bar = training::progress_line(Some(args.generations.unwrap_or(0)), "generation {pos}{msg}");
    let setup = TrainSetup {
        out: &args.out,
        config: &config,
        resume: args.resume,
        opponents: &opponents,
        teacher: args.teacher.as_ref(),
    };
    let result = train(&args.game, &options, setup, &mut |p| show(&bar, p));
    bar.finish_and_clear();
    let last = match result {
        Ok(last) => last,
        Err(Error::Opponent { spec, error }) => {
            let flag = match &args.teacher {
                Some(teacher) if teacher.to_string() == spec => "--teacher",
                _ => "--opponent",
            };
            return Err(anyhow::Error::new(error).context(format!("{flag} {spec}")));
        }
        Err(e @ (Error::Train(_) | Error::Model(_))) => {
            return Err(anyhow::Error::new(e))
                .with_context(|| format!("training {} in {}", args.game, args.out.display()));
        }
        Err(e) => return Err(setup::runtime_error(e)),
    };
    println!(
        "{}: generation {}, {} games, {} steps; model in {}",
        args.game,
        last.generation,
        last.games,
        last.steps,
        args.out.join(MODEL_FILE).display()
    );
    Ok(())
}
