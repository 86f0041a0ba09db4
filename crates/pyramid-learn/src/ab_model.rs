//! `ab:model=FILE`: the alpha-beta bot of `pyramid_bots` valuing its leaves by a learned
//! value instead of the game's hand-written evaluation ([`AbModelKind`]): a value net's
//! ([`ValueNetValue`], the file a [`ValueNet`]'s) or a model's value head ([`NetValue`]).

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use pyramid_bots::{
    AlphaBetaBot, AlphaBetaConfig, BotCaps, BotKind, CapError, LeafValue, SpecError,
};
use pyramid_core::prelude::*;
use pyramid_core::{Bot, Seat, SparseObservation};

use crate::error::ModelError;
use crate::model::Model;
use crate::shared::{Learned, shared_learned};
use crate::value_net::{ValueNet, ValueScratch};

/// A leaf's value by the model: the value head's expected reward for the searching seat,
/// from the observation of the seat to act (as the model was trained: every position it
/// learned from was seen by the seat acting there), scaled to `[-1, 1]`. A model that
/// fails on a position gives 0 (even).
///
/// ```
/// use pyramid_bots::LeafValue;
/// use pyramid_core::{Seat, nim::Nim, prelude::*};
/// use pyramid_learn::{Model, NetValue};
/// let model = Model::new::<Nim>(&Default::default(), 4, 1, 7)?;
/// let mut value = NetValue::new(std::sync::Arc::new(model), "nim.safetensors".into());
/// let start = Nim::new(&Default::default());
/// assert!(LeafValue::<Nim>::value(&mut value, &start, Seat(0)).abs() <= 1.0);
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
pub struct NetValue {
    model: Arc<Model>,
    file: PathBuf,
    observation: Vec<f32>,
}

impl NetValue {
    /// The value of `model`, read from `file` (named in the bot's spec).
    pub fn new(model: Arc<Model>, file: PathBuf) -> NetValue {
        let len = model.info().shape.observation_len();
        NetValue {
            model,
            file,
            observation: vec![0.0; len],
        }
    }
}

impl<G: FullGame> LeafValue<G> for NetValue {
    fn value(&mut self, state: &G, seat: Seat) -> f64 {
        let Some(actor) = state.to_act() else {
            return 0.0;
        };
        let seats = state.seats().max(1);
        state.write_observation(actor, &mut self.observation);
        let offset = (seat.index() + seats - actor.index()) % seats;
        self.model
            .evaluate(&self.observation)
            .ok()
            .and_then(|evaluations| evaluations.first()?.values.get(offset).copied())
            .map_or(0.0, |reward| (f64::from(reward) - 0.5) * 2.0)
    }

    fn check(&mut self, state: &G) -> Result<(), String> {
        self.model
            .check_game::<G>(state.rules())
            .map_err(|e| e.to_string())
    }

    fn spec_options(&self) -> String {
        format!("model={}", self.file.display())
    }
}

/// A leaf's value by a [`ValueNet`]: the net's expected reward for the searching seat,
/// from the observation of the seat to act, scaled to `[-1, 1]` (0 when the net fails on
/// a position). Allocates nothing per leaf.
///
/// ```
/// use pyramid_bots::LeafValue;
/// use pyramid_core::{Seat, nim::Nim, prelude::*};
/// use pyramid_learn::{ValueNet, ValueNetValue};
/// let net = ValueNet::new::<Nim>(&Default::default(), 8, 4, 7)?;
/// let mut value = ValueNetValue::new(std::sync::Arc::new(net), "nim.value.safetensors".into());
/// let start = Nim::new(&Default::default());
/// assert!(LeafValue::<Nim>::value(&mut value, &start, Seat(0)).abs() <= 1.0);
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
pub struct ValueNetValue {
    net: Arc<ValueNet>,
    file: PathBuf,
    observation: Vec<f32>,
    sparse: SparseObservation,
    scratch: ValueScratch,
    values: Vec<f32>,
}

impl ValueNetValue {
    /// The value of `net`, read from `file` (named in the bot's spec).
    pub fn new(net: Arc<ValueNet>, file: PathBuf) -> ValueNetValue {
        let shape = &net.info().shape;
        ValueNetValue {
            observation: vec![0.0; shape.inputs()],
            sparse: SparseObservation::new(shape.cells),
            values: vec![0.0; shape.seats],
            scratch: ValueScratch::default(),
            net,
            file,
        }
    }
}

impl<G: FullGame> LeafValue<G> for ValueNetValue {
    fn value(&mut self, state: &G, seat: Seat) -> f64 {
        let Some(actor) = state.to_act() else {
            return 0.0;
        };
        let seats = state.seats().max(1);
        let offset = (seat.index() + seats - actor.index()) % seats;
        // The game's sparse observation where it writes one (the same values, less work).
        let evaluated = if state.write_sparse_observation(actor, &mut self.sparse) {
            self.net
                .evaluate_sparse_with(&self.sparse, &mut self.scratch, &mut self.values)
        } else {
            state.write_observation(actor, &mut self.observation);
            self.net
                .evaluate_with(&self.observation, &mut self.scratch, &mut self.values)
        };
        match evaluated {
            Ok(()) => self
                .values
                .get(offset)
                .map_or(0.0, |&reward| (f64::from(reward) - 0.5) * 2.0),
            Err(_) => 0.0,
        }
    }

    fn check(&mut self, state: &G) -> Result<(), String> {
        self.net
            .check_game::<G>(state.rules())
            .map_err(|e| e.to_string())
    }

    fn spec_options(&self) -> String {
        format!("model={}", self.file.display())
    }
}

/// `ab:model=FILE` as a kind of `pyramid_bots` specs, added under the name `ab`: it reads
/// the `ab` specs that name a `model` (with `depth`/`ms` and `tt` as `ab` reads them).
///
/// ```
/// use pyramid_bots::{BotKinds, BotSpec};
/// use pyramid_core::nim::Nim;
/// use pyramid_learn::AbModelKind;
/// let mut kinds = BotKinds::new();
/// kinds.add::<AbModelKind, Nim>();
/// let spec = kinds.parse("ab:model=nim.safetensors,depth=2")?;
/// assert!(matches!(spec, BotSpec::Added(_)));
/// assert_eq!(spec.to_string(), "ab:model=nim.safetensors,depth=2");
/// // Without a model it is the plain alpha-beta bot.
/// assert!(matches!(kinds.parse("ab:depth=2")?, BotSpec::AlphaBeta(_)));
/// # Ok::<(), pyramid_bots::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct AbModelKind;

impl BotKind for AbModelKind {
    type Spec = AbModelSpec;
    const NAME: &'static str = "ab";
    const USAGE: &'static str = "ab:model=FILE";
    const ABOUT: &'static str = "alpha-beta search valued by a learned value net (or a model's value head) instead of the game's evaluation";

    fn parse(options: &[(&str, &str)]) -> Result<AbModelSpec, SpecError> {
        AbModelSpec::parse(options)
    }

    fn is_timed(spec: &AbModelSpec) -> bool {
        matches!(spec.config.budget, pyramid_bots::AbBudget::Time(_))
    }

    /// The operator's learned files only (its file put in for its name), within `ab`'s
    /// caps.
    fn within_caps(spec: &mut AbModelSpec, caps: &BotCaps) -> Result<(), CapError> {
        spec.model = caps.learned_file(&spec.model)?;
        spec.config.within_caps(caps)
    }

    fn build<G: FullGame>(spec: &AbModelSpec, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        spec.build::<G>(seed)
    }

    fn check_rules<G: FullGame>(spec: &AbModelSpec, rules: &G::Rules) -> Result<(), SpecError> {
        spec.check_rules::<G>(rules)
    }
}

/// What `ab:model=FILE,...` names: the model file and the search's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbModelSpec {
    /// The model file (safetensors, as `pyrctl train` writes it).
    pub model: PathBuf,
    /// The alpha-beta search's budget and table.
    pub config: AlphaBetaConfig,
}

impl AbModelSpec {
    /// Reads the options of `ab:model=FILE,...`: `model` is required and not empty; the
    /// rest are `ab`'s.
    pub fn parse(pairs: &[(&str, &str)]) -> Result<AbModelSpec, SpecError> {
        let models: Vec<&str> = pairs
            .iter()
            .filter(|(key, _)| *key == "model")
            .map(|(_, value)| *value)
            .collect();
        let model = match models[..] {
            [model] if !model.is_empty() => PathBuf::from(model),
            _ => {
                return Err(SpecError::BadValue {
                    key: "model",
                    value: String::new(),
                    expected: "one model file: ab:model=FILE",
                });
            }
        };
        let rest: Vec<(&str, &str)> = pairs
            .iter()
            .copied()
            .filter(|(key, _)| *key != "model")
            .collect();
        let config = AlphaBetaConfig::from_spec_options(&rest)?;
        Ok(AbModelSpec { model, config })
    }

    /// The bot for game `G`: reads the value net or the model (once per file and version,
    /// shared by every bot that names it: [`shared_value_net`](crate::shared_value_net),
    /// [`shared_model`](crate::shared_model)) and refuses another game's or a damaged file
    /// ([`SpecError::Build`]).
    pub fn build<G: FullGame>(&self, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        let bot: Box<dyn Bot<G>> = match self.learned::<G>()? {
            Learned::ValueNet(net) => {
                let value = ValueNetValue::new(net, self.model.clone());
                Box::new(AlphaBetaBot::<G, ValueNetValue>::with_leaf_value(
                    self.config.clone(),
                    seed,
                    value,
                ))
            }
            Learned::Model(model) => {
                let value = NetValue::new(model, self.model.clone());
                Box::new(AlphaBetaBot::<G, NetValue>::with_leaf_value(
                    self.config.clone(),
                    seed,
                    value,
                ))
            }
        };
        Ok(bot)
    }

    /// Checks that the value net or model plays game `G` under `rules`
    /// ([`ValueNet::check_game`], [`Model::check_game`]): one of another game, or of
    /// other rules (another observation size or seat count), is refused before any game
    /// ([`SpecError::Build`]) rather than forfeiting each.
    pub fn check_rules<G: FullGame>(&self, rules: &G::Rules) -> Result<(), SpecError> {
        match self.learned::<G>()? {
            Learned::ValueNet(net) => net.check_game::<G>(rules),
            Learned::Model(model) => model.check_game::<G>(rules),
        }
        .map_err(refused)
    }

    /// The file, read once and shared, refused when damaged or another game's.
    fn learned<G: FullGame>(&self) -> Result<Learned, SpecError> {
        let learned = shared_learned(&self.model).map_err(refused)?;
        let found = match &learned {
            Learned::ValueNet(net) => &net.info().game,
            Learned::Model(model) => &model.info().game,
        };
        if found != G::NAME {
            return Err(refused(ModelError::WrongGame {
                path: self.model.display().to_string(),
                expected: G::NAME.to_owned(),
                found: found.clone(),
            }));
        }
        Ok(learned)
    }
}

/// An `ab:model` bot refused for `error`.
fn refused(error: ModelError) -> SpecError {
    SpecError::Build {
        bot: "ab",
        reason: error.to_string(),
    }
}

impl fmt::Display for AbModelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ab:model={},{}",
            self.model.display(),
            self.config.spec_options()
        )
    }
}
