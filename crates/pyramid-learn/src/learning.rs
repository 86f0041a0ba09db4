//! One training step and one loop of steps for every network that learns: an AlphaZero
//! [`Model`](crate::Model) (policy and value) and a [`ValueNet`](crate::ValueNet) (value
//! only) alike. A network says what it trains ([`Trainable`]: its candle variables, its
//! losses on a [`TensorBatch`], what follows a change of its weights); the [`Optimiser`]
//! (AdamW) steps it, and [`Optimiser::train_steps`] takes a run of steps, totalling the
//! losses.

use candle_core::{Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};

use crate::error::ModelError;
use crate::replay_buffer::Batch;
use crate::self_play::Position;

/// A training batch as candle tensors, one row a position.
pub(crate) struct TensorBatch {
    /// Rows.
    pub(crate) rows: usize,
    /// Observations, `rows x observation_len`.
    pub(crate) observations: Tensor,
    /// Value targets, `rows x seats`.
    pub(crate) values: Tensor,
    /// Policy targets, for a network that has a policy.
    pub(crate) policy: Option<PolicyTargets>,
}

/// A batch's policy targets.
pub(crate) struct PolicyTargets {
    /// 0 on each row's legal steps, a large negative number elsewhere, `rows x policy_size`.
    pub(crate) mask: Tensor,
    /// Each row's visit shares, `rows x policy_size`.
    pub(crate) shares: Tensor,
}

impl TensorBatch {
    /// `batch` on `device`, as a network of `observation_len` inputs and `seats` values
    /// learns it, with its policy targets when `policy_size` is given.
    pub(crate) fn new(
        batch: Batch,
        observation_len: usize,
        seats: usize,
        policy_size: Option<usize>,
        device: &Device,
    ) -> Result<TensorBatch, ModelError> {
        let rows = batch.rows;
        let policy = match policy_size {
            Some(size) => Some(PolicyTargets {
                mask: Tensor::from_vec(batch.mask, (rows, size), device)?,
                shares: Tensor::from_vec(batch.policy, (rows, size), device)?,
            }),
            None => None,
        };
        Ok(TensorBatch {
            rows,
            observations: Tensor::from_vec(batch.observations, (rows, observation_len), device)?,
            values: Tensor::from_vec(batch.values, (rows, seats), device)?,
            policy,
        })
    }

    /// The rows at `index`, in its order.
    pub(crate) fn rows_at(&self, index: &[u32]) -> Result<TensorBatch, ModelError> {
        let index = Tensor::from_slice(index, index.len(), self.observations.device())?;
        let policy = match &self.policy {
            Some(p) => Some(PolicyTargets {
                mask: p.mask.index_select(&index, 0)?,
                shares: p.shares.index_select(&index, 0)?,
            }),
            None => None,
        };
        Ok(TensorBatch {
            rows: index.dim(0)?,
            observations: self.observations.index_select(&index, 0)?,
            values: self.values.index_select(&index, 0)?,
            policy,
        })
    }
}

/// The observations and value targets of `positions` (no policy targets), each checked
/// against a network of `observation_len` inputs and `seats` values.
pub(crate) fn value_batch(
    positions: &[&Position],
    observation_len: usize,
    seats: usize,
) -> Result<Batch, ModelError> {
    let mut observations = Vec::with_capacity(positions.len() * observation_len);
    let mut values = Vec::with_capacity(positions.len() * seats);
    for p in positions {
        if p.observation.len() != observation_len || p.values.len() != seats {
            return Err(ModelError::Network(candle_core::Error::Msg(format!(
                "a position of {} values and {} seats for a value net of {observation_len} \
                 and {seats}",
                p.observation.len(),
                p.values.len()
            ))));
        }
        observations.extend_from_slice(&p.observation);
        values.extend_from_slice(&p.values);
    }
    Ok(Batch {
        rows: positions.len(),
        observations,
        mask: Vec::new(),
        policy: Vec::new(),
        values,
    })
}

/// A network that training steps differentiate.
pub(crate) trait Trainable {
    /// Its trainable candle variables.
    fn vars(&self) -> Vec<Var>;

    /// Its losses on `batch` (a row or more), each a scalar tensor; a step descends
    /// their sum.
    fn losses(&self, batch: &TensorBatch) -> Result<Vec<Tensor>, ModelError>;

    /// What to do once a step has changed its weights (forget what was derived from
    /// them).
    fn weights_changed(&self) {}
}

/// The values' squared error summed over the seats, averaged over the rows: the value
/// loss of every network.
pub(crate) fn squared_error(predicted: &Tensor, target: &Tensor) -> candle_core::Result<Tensor> {
    let rows = predicted.dim(0)?.max(1);
    (predicted - target)?.sqr()?.sum_all()? / rows as f64
}

/// AdamW over a network's variables: the one optimiser of every training run.
pub(crate) struct Optimiser {
    adamw: AdamW,
}

/// The losses of a run of steps, totalled.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct StepTotals {
    /// Steps taken (an empty batch counts, with no loss).
    pub(crate) steps: usize,
    /// Each loss summed over the steps.
    pub(crate) per_step: Vec<f64>,
    /// Each loss summed over the rows (a step's loss times its rows).
    pub(crate) per_row: Vec<f64>,
}

impl StepTotals {
    /// Each loss averaged over the steps (0 with no step).
    pub(crate) fn mean_per_step(&self) -> Vec<f64> {
        let steps = self.steps.max(1) as f64;
        self.per_step.iter().map(|sum| sum / steps).collect()
    }

    /// Loss `i` summed over the rows (0 when no step gave it).
    pub(crate) fn row_sum(&self, i: usize) -> f64 {
        self.per_row.get(i).copied().unwrap_or(0.0)
    }

    /// Adds a step's `losses` on `rows` rows.
    fn add(&mut self, losses: &[f64], rows: usize) {
        self.steps += 1;
        if self.per_step.len() < losses.len() {
            self.per_step.resize(losses.len(), 0.0);
            self.per_row.resize(losses.len(), 0.0);
        }
        for (i, loss) in losses.iter().enumerate() {
            self.per_step[i] += loss;
            self.per_row[i] += loss * rows as f64;
        }
    }
}

impl Optimiser {
    /// AdamW over `net`'s variables with `learning_rate` and `weight_decay`.
    pub(crate) fn new(
        net: &impl Trainable,
        learning_rate: f64,
        weight_decay: f64,
    ) -> Result<Optimiser, ModelError> {
        let adamw = AdamW::new(
            net.vars(),
            ParamsAdamW {
                lr: learning_rate,
                weight_decay,
                ..ParamsAdamW::default()
            },
        )?;
        Ok(Optimiser { adamw })
    }

    /// Sets the learning rate of the steps to come.
    pub(crate) fn set_learning_rate(&mut self, learning_rate: f64) {
        self.adamw.set_learning_rate(learning_rate);
    }

    /// One step of `net` on `batch`: descends the sum of its losses, then tells it its
    /// weights changed. Returns each loss; an empty batch takes no step and returns none.
    pub(crate) fn step(
        &mut self,
        net: &impl Trainable,
        batch: &TensorBatch,
    ) -> Result<Vec<f64>, ModelError> {
        if batch.rows == 0 {
            return Ok(Vec::new());
        }
        let losses = net.losses(batch)?;
        let Some((first, rest)) = losses.split_first() else {
            return Ok(Vec::new());
        };
        let mut total = first.clone();
        for loss in rest {
            total = (&total + loss)?;
        }
        self.adamw.backward_step(&total)?;
        net.weights_changed();
        losses
            .iter()
            .map(|loss| Ok(f64::from(loss.to_scalar::<f32>()?)))
            .collect()
    }

    /// A step of `net` on each of `batches`, in order: the training loop of every run.
    /// Returns the losses totalled.
    pub(crate) fn train_steps(
        &mut self,
        net: &impl Trainable,
        batches: impl Iterator<Item = Result<TensorBatch, ModelError>>,
    ) -> Result<StepTotals, ModelError> {
        let mut totals = StepTotals::default();
        for batch in batches {
            let batch = batch?;
            let losses = self.step(net, &batch)?;
            totals.add(&losses, batch.rows);
        }
        Ok(totals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_average_over_steps_and_weight_by_rows() {
        let mut totals = StepTotals::default();
        totals.add(&[1.0, 2.0], 4);
        totals.add(&[], 0);
        totals.add(&[3.0, 4.0], 2);
        assert_eq!(totals.steps, 3);
        assert_eq!(totals.mean_per_step(), vec![4.0 / 3.0, 2.0]);
        assert_eq!(totals.row_sum(0), 10.0);
        assert_eq!(totals.row_sum(1), 16.0);
        assert_eq!(totals.row_sum(2), 0.0);
    }

    #[test]
    fn a_value_batch_refuses_a_position_of_another_shape() {
        let position = Position {
            observation: vec![0.0; 3],
            targets: Vec::new(),
            values: vec![1.0, 0.0],
        };
        assert!(value_batch(&[&position], 3, 2).is_ok());
        let error = value_batch(&[&position], 4, 2).expect_err("another shape");
        assert!(error.to_string().contains("value net of 4"), "{error}");
    }
}
