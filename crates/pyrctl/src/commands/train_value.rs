//! `pyrctl train-value`: a value net for `ab:model=FILE` from a teacher's games, with a
//! progress line (the work is the runtime's [`train_value`]).

use std::path::Path;

use anyhow::{Context, Result};
use pyramid_runtime::pyramid_learn::{
    TeacherConfig, ValueProgress, ValueTrainConfig, check_target,
};
use pyramid_runtime::{Error, ValueTrainSetup, train_value};

use crate::cli::{TeacherValue, TrainValueArgs};
use crate::commands::training;
use crate::setup;

/// The settings the arguments name; `--positions 0` is a usage error.
fn config(args: &TrainValueArgs) -> Result<ValueTrainConfig> {
    if args.positions == 0 {
        return Err(setup::UsageError::new(
            "--positions 0: a value net is trained on at least 1 position",
        )
        .into());
    }
    let search_value = args.teacher_value == TeacherValue::Search;
    if search_value && args.teacher_value_plies > 0 {
        return Err(setup::UsageError::new(
            "--teacher-value search takes the teacher's score, not a lead plies later: \
             leave out --teacher-value-plies",
        )
        .into());
    }
    Ok(ValueTrainConfig {
        hidden: args.hidden.into(),
        hidden2: args.hidden2.into(),
        positions: args.positions,
        epochs: args.epochs,
        teacher: TeacherConfig {
            opening_random_plies: args.teacher_random_plies,
            max_plies: args.max_plies,
            value_plies: args.teacher_value_plies,
            search_value,
        },
        threads: args.threads.map_or_else(setup::all_cores, usize::from),
        seed: args.seed,
        ..ValueTrainConfig::default()
    })
}

/// Refuses, before any work, an `--out` that is not a regular file or absent (a
/// symbolic link, a directory, a device, a FIFO): a usage error naming what is there.
fn check_out(out: &Path) -> Result<()> {
    check_target(out)
        .map_err(|e| setup::UsageError::new(format!("--out {}: {e}", out.display())).into())
}

/// Trains the value net, printing each epoch as a JSON line and a summary.
pub fn command(args: &TrainValueArgs) -> Result<()> {
    let play_time = training::time_limit(args.hours)?;
    let config = config(args)?;
    check_out(&args.out)?;
    let options = setup::options(&args.rules)?;
    let bar = training::progress_line(None, "{msg}");
    let setup = ValueTrainSetup {
        out: &args.out,
        teacher: &args.teacher,
        config: &config,
        play_time,
    };
    let result = train_value(
        &args.game,
        &options,
        setup,
        &mut |progress| match progress {
            ValueProgress::Played { games, positions } => bar.set_message(format!(
                "{games} teacher games, {positions} of {} positions",
                config.positions
            )),
            ValueProgress::Epoch(epoch) => {
                bar.set_message(format!(
                    "epoch {}: loss {:.4}, held out {:.4}",
                    epoch.epoch, epoch.train_loss, epoch.holdout_loss
                ));
                training::print_json_line(&bar, epoch);
            }
        },
    );
    bar.finish_and_clear();
    let trained = match result {
        Ok(trained) => trained,
        Err(Error::Opponent { spec, error }) => {
            return Err(anyhow::Error::new(error).context(format!("--teacher {spec}")));
        }
        Err(e @ Error::Model(_)) => {
            return Err(anyhow::Error::new(e))
                .with_context(|| format!("training a value net of {}", args.game));
        }
        Err(e) => return Err(setup::runtime_error(e)),
    };
    println!(
        "{}: {} teacher games, {} positions ({} held out), epoch {} kept; value net in {}",
        args.game,
        trained.games,
        trained.train_positions + trained.holdout_positions,
        trained.holdout_positions,
        trained.best_epoch,
        args.out.display()
    );
    Ok(())
}
