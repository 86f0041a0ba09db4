//! The `az` bot by spec ([`AzKind`], the kind of bot this crate adds to
//! `pyramid_bots::BotKinds`): `az:model=FILE,iters=N` or `az:model=FILE,ms=T`, with
//! `threads`, `batch` and `c`; its model read once per file and shared by every bot that
//! names it ([`shared_model`](crate::shared_model)).

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use pyramid_bots::kinds::{known_option, number_in};
use pyramid_bots::{BotCaps, BotKind, CapError, SpecError};
use pyramid_core::Bot;
use pyramid_core::prelude::*;

use crate::bot::{AzBot, AzBudget, AzConfig};
use crate::error::ModelError;
use crate::model::Model;
use crate::shared::shared_model;

/// The `az` bot as a kind of `pyramid_bots` specs: add it to a `BotKinds` for each game
/// type it is to play, and `az:model=FILE,...` parses and builds.
///
/// ```
/// use martian_chess::MartianChess;
/// use pyramid_bots::{BotKinds, BotSpec};
/// use pyramid_learn::{AzKind, AzSpec};
/// let mut kinds = BotKinds::new();
/// kinds.add::<AzKind, MartianChess>();
/// let spec = kinds.parse("az:model=mc.safetensors,iters=50")?;
/// let BotSpec::Added(ref az) = spec else { panic!("an added kind") };
/// assert_eq!(az.get::<AzKind>().map(|s| s.model.clone()), Some("mc.safetensors".into()));
/// assert!(!spec.is_timed());
/// // The model is read when the bot is built.
/// assert!(spec.build::<MartianChess>(1).is_err());
/// # Ok::<(), pyramid_bots::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct AzKind;

impl BotKind for AzKind {
    type Spec = AzSpec;
    const NAME: &'static str = "az";
    const USAGE: &'static str = "az:model=FILE";
    const ABOUT: &'static str =
        "AlphaZero-style search (PUCT) guided by a trained model's policy and value";

    fn parse(options: &[(&str, &str)]) -> Result<AzSpec, SpecError> {
        AzSpec::parse(options)
    }

    fn is_timed(spec: &AzSpec) -> bool {
        matches!(spec.config.budget, AzBudget::Time(_))
    }

    /// The operator's models only (its file put in for its name), within the time caps
    /// of `mcts`, and at most the caps' search threads.
    fn within_caps(spec: &mut AzSpec, caps: &BotCaps) -> Result<(), CapError> {
        spec.model = caps.learned_file(&spec.model)?;
        caps.refuse_unless(match spec.config.budget {
            AzBudget::Time(time) => time <= caps.max_time,
            AzBudget::Iterations(n) => n <= caps.max_iterations,
        })?;
        spec.config.threads = spec.config.threads.min(caps.max_threads.max(1));
        Ok(())
    }

    fn build<G: FullGame>(spec: &AzSpec, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        spec.build::<G>(seed)
    }

    fn check_rules<G: FullGame>(spec: &AzSpec, rules: &G::Rules) -> Result<(), SpecError> {
        spec.check_rules::<G>(rules)
    }
}

/// What `az:...` names: the model file and the search's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct AzSpec {
    /// The model file (safetensors, as `pyrctl train` writes it).
    pub model: PathBuf,
    /// The search's budget, threads, batch and exploration.
    pub config: AzConfig,
}

const AZ_OPTIONS: &str = "model, iters, ms, threads, batch, c";

impl AzSpec {
    /// Parses the options of `az:`: `model` is required.
    pub fn parse(pairs: &[(&str, &str)]) -> Result<AzSpec, SpecError> {
        let mut config = AzConfig::default();
        let mut model = None;
        let mut seen: Vec<&'static str> = Vec::new();
        let mut seen_budget = false;
        for &(key, value) in pairs {
            let options = ["model", "iters", "ms", "threads", "batch", "c"];
            let key = known_option("az", key, &options, AZ_OPTIONS, &mut seen)?;
            let number = |low, high, expected| number_in(key, value, low, high, expected);
            match key {
                "model" => {
                    if value.is_empty() {
                        return Err(SpecError::BadValue {
                            key,
                            value: String::new(),
                            expected: "a model file",
                        });
                    }
                    model = Some(PathBuf::from(value));
                }
                "iters" | "ms" => {
                    if seen_budget {
                        return Err(SpecError::TwoBudgets);
                    }
                    seen_budget = true;
                    let n = number(1, u64::MAX, "a whole number above 0")?;
                    config.budget = if key == "iters" {
                        AzBudget::Iterations(n)
                    } else {
                        AzBudget::Time(Duration::from_millis(n))
                    };
                }
                "threads" => config.threads = number(1, 64, "threads from 1 to 64")? as usize,
                "batch" => config.search.batch = number(1, 256, "a batch from 1 to 256")? as usize,
                _ => {
                    config.search.c_puct = value
                        .parse::<f32>()
                        .ok()
                        .filter(|c| c.is_finite() && *c > 0.0 && *c <= 100.0)
                        .ok_or_else(|| SpecError::BadValue {
                            key,
                            value: pyramid_core::excerpt(value),
                            expected: "a number above 0, at most 100",
                        })?;
                }
            }
        }
        let model = model.ok_or(SpecError::BadValue {
            key: "model",
            value: String::new(),
            expected: "a model file: az:model=FILE",
        })?;
        Ok(AzSpec { model, config })
    }

    /// The bot for game `G`: reads the model (once per file and version) and refuses
    /// another game's model or a damaged file ([`SpecError::Build`]).
    pub fn build<G: FullGame>(&self, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        let model = model_of_game::<G>(&self.model, "az")?;
        Ok(Box::new(AzBot::<G>::new(model, self.config.clone(), seed)))
    }

    /// Checks that the model plays game `G` under `rules` ([`Model::check_game`]): a
    /// model of other rules is refused before any game ([`SpecError::Build`]).
    pub fn check_rules<G: FullGame>(&self, rules: &G::Rules) -> Result<(), SpecError> {
        model_of_game::<G>(&self.model, "az")?
            .check_game::<G>(rules)
            .map_err(|e| SpecError::Build {
                bot: "az",
                reason: e.to_string(),
            })
    }
}

impl fmt::Display for AzSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "az:model={}", self.model.display())?;
        match self.config.budget {
            AzBudget::Iterations(n) => write!(f, ",iters={n}")?,
            AzBudget::Time(t) => write!(f, ",ms={}", t.as_millis())?,
        }
        let default = AzConfig::default();
        if self.config.threads != default.threads {
            write!(f, ",threads={}", self.config.threads)?;
        }
        if self.config.search.batch != default.search.batch {
            write!(f, ",batch={}", self.config.search.batch)?;
        }
        if self.config.search.c_puct != default.search.c_puct {
            write!(f, ",c={}", self.config.search.c_puct)?;
        }
        Ok(())
    }
}

/// The model in `path` for a bot of kind `bot` playing game `G`: read once per file and
/// version ([`shared_model`]); a damaged file or another game's model is refused
/// ([`SpecError::Build`] naming the bot).
fn model_of_game<G: FullGame>(path: &Path, bot: &'static str) -> Result<Arc<Model>, SpecError> {
    let refused = |e: ModelError| SpecError::Build {
        bot,
        reason: e.to_string(),
    };
    let model = shared_model(path).map_err(refused)?;
    if model.info().game != G::NAME {
        return Err(refused(ModelError::WrongGame {
            path: path.display().to_string(),
            expected: G::NAME.to_owned(),
            found: model.info().game.clone(),
        }));
    }
    Ok(model)
}

#[cfg(test)]
mod tests {
    use pyramid_bots::{BotKinds, BotSpec};
    use pyramid_core::nim::Nim;

    use super::*;

    fn kinds() -> BotKinds {
        let mut kinds = BotKinds::new();
        kinds.add::<AzKind, Nim>();
        kinds.add::<AzKind, martian_chess::MartianChess>();
        kinds
    }

    #[test]
    fn az_specs_parse_print_back_and_need_a_model() {
        let kinds = kinds();
        let spec: BotSpec = kinds
            .parse("az:model=m.safetensors,ms=100,threads=2,batch=16,c=2")
            .expect("valid");
        assert_eq!(
            spec.to_string(),
            "az:model=m.safetensors,ms=100,threads=2,batch=16,c=2"
        );
        assert!(spec.is_timed());
        let spec: BotSpec = kinds.parse("az:model=m.safetensors").expect("valid");
        assert_eq!(spec.to_string(), "az:model=m.safetensors,iters=200");
        assert!(!spec.is_timed());
        for bad in [
            "az",
            "az:iters=5",
            "az:model=",
            "az:model=m,iters=0",
            "az:model=m,iters=5,ms=5",
            "az:model=m,threads=0",
            "az:model=m,c=-1",
            "az:model=m,depth=3",
        ] {
            assert!(kinds.parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_unreadable_or_other_games_model_is_refused_when_the_bot_is_built() {
        let dir = std::env::temp_dir().join(format!("pyramid-learn-az-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        let file = dir.join("nim.safetensors");
        Model::new::<Nim>(&Default::default(), 4, 1, 1)
            .expect("a model")
            .save(&file)
            .expect("saved");
        let kinds = kinds();
        let spec: BotSpec = kinds
            .parse(&format!("az:model={},iters=4", file.display()))
            .expect("valid");
        assert!(spec.build::<Nim>(1).is_ok());
        let error = spec
            .build::<martian_chess::MartianChess>(1)
            .err()
            .expect("another game's model");
        assert!(error.to_string().contains("a model of nim"), "{error}");
        let missing: BotSpec = kinds
            .parse("az:model=/nonexistent/m.safetensors")
            .expect("valid");
        assert!(matches!(
            missing.build::<Nim>(1),
            Err(SpecError::Build { bot: "az", .. })
        ));
        // A game type the kind was not added for.
        let error = spec
            .build::<ataxx_ice::AtaxxIce>(1)
            .err()
            .expect("not added");
        assert!(error.to_string().contains("no `az` bot"), "{error}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
