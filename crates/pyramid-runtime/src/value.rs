//! A value net for a game chosen by name ([`train_value`], as `pyrctl train-value` drives
//! it): `pyramid_learn::train_value_net` from a teacher's games, saved to a file that
//! `ab:model=FILE` reads.

use std::path::Path;
use std::time::{Duration, Instant};

use pyramid_bots::BotSpec;
use pyramid_core::FullGame;
use pyramid_learn::{ModelError, ValueEpoch, ValueProgress, ValueTrainConfig, train_value_net};

use crate::games::{GameVisitor, visit};
use crate::learn::teacher;
use crate::{Error, RuleOptions};

/// What a value net's training is given.
#[derive(Clone, Debug)]
pub struct ValueTrainSetup<'a> {
    /// The file the net is written to.
    pub out: &'a Path,
    /// The bot whose games against itself the positions come from.
    pub teacher: &'a BotSpec,
    /// The settings.
    pub config: &'a ValueTrainConfig,
    /// Stop playing the teacher's games after this long (and train on what was played).
    pub play_time: Option<Duration>,
}

/// What a value net's training did.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueTrained {
    /// The teacher's games played.
    pub games: usize,
    /// Positions trained on.
    pub train_positions: usize,
    /// Positions held out.
    pub holdout_positions: usize,
    /// The epoch whose weights were kept (least held-out loss).
    pub best_epoch: u64,
    /// Every epoch's losses.
    pub epochs: Vec<ValueEpoch>,
}

struct TrainValue<'a> {
    options: &'a RuleOptions,
    setup: ValueTrainSetup<'a>,
    progress: &'a mut dyn FnMut(&ValueProgress),
}

impl GameVisitor for TrainValue<'_> {
    type Output = Result<ValueTrained, Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let rules = self.options.rules::<G::Rules>()?;
        pyramid_learn::check_target(self.setup.out).map_err(|source| ModelError::Io {
            path: self.setup.out.display().to_string(),
            source,
        })?;
        let teacher = teacher::<G>(self.setup.teacher, &rules)?;
        let deadline = self.setup.play_time.map(|t| Instant::now() + t);
        let trained =
            train_value_net(&teacher, &rules, self.setup.config, deadline, self.progress)?;
        trained.net.save(self.setup.out)?;
        Ok(ValueTrained {
            games: trained.games,
            train_positions: trained.train_positions,
            holdout_positions: trained.holdout_positions,
            best_epoch: trained.best_epoch,
            epochs: trained.epochs,
        })
    }
}

/// Trains a value net of game `name` from the teacher's games
/// (`pyramid_learn::train_value_net`) and writes it to `setup.out`, reporting the games
/// played and each epoch to `progress`. Refused before any game: an `out` that is not a
/// regular file or absent (a symbolic link, a directory, a device: [`Error::Model`]), and
/// a teacher spec that cannot be built for the game or cannot play its rules
/// ([`Error::Opponent`]). Teacher games that give no position end the run with an error
/// saying why.
pub fn train_value(
    name: &str,
    options: &RuleOptions,
    setup: ValueTrainSetup<'_>,
    progress: &mut dyn FnMut(&ValueProgress),
) -> Result<ValueTrained, Error> {
    visit(
        name,
        TrainValue {
            options,
            setup,
            progress,
        },
    )?
}
