//! The evaluator seam: what the search, self-play and the `az` bot ask of a network.
//! Behind it: a [`Model`](crate::Model) (its fast CPU path, or candle on a GPU), the
//! fast path itself ([`Inference`]), candle's forward pass ([`CandleEvaluator`]) and, for
//! tests, an evaluator that knows nothing ([`UniformEvaluator`]).

use pyramid_core::FullGame;

use crate::error::ModelError;
use crate::evaluation::Evaluation;
use crate::inference::Inference;
use crate::model::Model;
use crate::network::NetShape;

/// Evaluates batches of observations into policy logits and values, as kZero's
/// `Network` does. Shared by the search threads: `evaluate_batch` takes `&self`.
pub trait Evaluator: Send + Sync {
    /// The game it evaluates (`martian-chess`).
    fn game(&self) -> &str;

    /// The shape of the observations it reads and of the answers it gives (seats,
    /// policy size).
    fn shape(&self) -> &NetShape;

    /// Where it comes from, for errors (a model file's path).
    fn origin(&self) -> &str;

    /// Evaluates the observations laid end to end in `observations` (each
    /// [`NetShape::observation_len`] long; a shorter rest is ignored): one
    /// [`Evaluation`] each, in order.
    fn evaluate_batch(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError>;
}

/// Checks that `evaluator` was made for game `G` under `rules`: its game, seats,
/// observation shape and policy size ([`ModelError::WrongGame`],
/// [`ModelError::WrongRules`]).
pub fn check_evaluator<G: FullGame>(
    evaluator: &dyn Evaluator,
    rules: &G::Rules,
) -> Result<(), ModelError> {
    crate::learned_format::check_fit::<NetShape, G>(
        "model",
        evaluator.game(),
        evaluator.shape(),
        evaluator.origin(),
        rules,
    )
}

impl Evaluator for Model {
    fn game(&self) -> &str {
        &self.info().game
    }

    fn shape(&self) -> &NetShape {
        &self.info().shape
    }

    fn origin(&self) -> &str {
        Model::origin(self)
    }

    /// [`Model::evaluate`]: the fast path on the CPU, candle on a GPU.
    fn evaluate_batch(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError> {
        self.evaluate(observations)
    }
}

impl Evaluator for Inference {
    fn game(&self) -> &str {
        Inference::game(self)
    }

    fn shape(&self) -> &NetShape {
        Inference::shape(self)
    }

    fn origin(&self) -> &str {
        "the fast inference path"
    }

    fn evaluate_batch(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError> {
        self.evaluate(observations)
    }
}

/// A model evaluated by candle's forward pass (the training path), whatever its device:
/// the reference the fast path is checked against, and the "before" of the network bench.
#[derive(Clone, Copy, Debug)]
pub struct CandleEvaluator<'a>(pub &'a Model);

impl Evaluator for CandleEvaluator<'_> {
    fn game(&self) -> &str {
        &self.0.info().game
    }

    fn shape(&self) -> &NetShape {
        &self.0.info().shape
    }

    fn origin(&self) -> &str {
        self.0.origin()
    }

    fn evaluate_batch(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError> {
        self.0.evaluate_candle(observations)
    }
}

/// An evaluator that knows nothing: every logit 0 (uniform priors) and every value 0.5,
/// for tests of the search, self-play and the bot without a network.
#[derive(Clone, Debug)]
pub struct UniformEvaluator {
    game: String,
    shape: NetShape,
}

impl UniformEvaluator {
    /// The uniform evaluator of game `G` under `rules`.
    pub fn new<G: FullGame>(rules: &G::Rules) -> UniformEvaluator {
        UniformEvaluator {
            game: G::NAME.to_owned(),
            shape: NetShape::for_game::<G>(rules, 1, 0),
        }
    }
}

impl Evaluator for UniformEvaluator {
    fn game(&self) -> &str {
        &self.game
    }

    fn shape(&self) -> &NetShape {
        &self.shape
    }

    fn origin(&self) -> &str {
        "the uniform evaluator"
    }

    fn evaluate_batch(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError> {
        let batch = observations.len() / self.shape.observation_len().max(1);
        let answer = Evaluation {
            logits: vec![0.0; self.shape.policy_size],
            values: vec![0.5; self.shape.seats],
        };
        Ok(vec![answer; batch])
    }
}
