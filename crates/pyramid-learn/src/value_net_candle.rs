//! A [`ValueNet`]'s layers in candle: what training differentiates ([`Trainable`]), and
//! the reference forward pass the fast path must agree with ([`value_net_candle`]).

use std::collections::HashMap;

use candle_core::{DType, Device, Module, Tensor, Var};
use candle_nn::{Linear, VarBuilder, VarMap};

use crate::error::ModelError;
use crate::learning::{TensorBatch, Trainable, squared_error};
use crate::model::poisoned;
use crate::value_net::{ValueNet, ValueNetShape};

/// The value net's layers in candle, as training differentiates them.
struct Mlp {
    first: Linear,
    second: Linear,
    out: Linear,
}

impl Mlp {
    fn new(shape: &ValueNetShape, vb: &VarBuilder<'_>) -> candle_core::Result<Mlp> {
        Ok(Mlp {
            first: candle_nn::linear(shape.inputs(), shape.hidden, vb.pp("first"))?,
            second: candle_nn::linear(shape.hidden, shape.hidden2, vb.pp("second"))?,
            out: candle_nn::linear(shape.hidden2, shape.seats, vb.pp("out"))?,
        })
    }
}

impl Module for Mlp {
    fn forward(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        let h = self.first.forward(x)?.relu()?;
        let h = self.second.forward(&h)?.relu()?;
        candle_nn::ops::sigmoid(&self.out.forward(&h)?)
    }
}

/// A value net in candle: its variables and its layers over them.
pub(crate) struct CandleValueNet {
    vars: VarMap,
    mlp: Mlp,
}

impl CandleValueNet {
    /// `net`'s layers on `device`, their variables set to its weights.
    pub(crate) fn new(net: &ValueNet, device: &Device) -> Result<CandleValueNet, ModelError> {
        let vars = VarMap::new();
        let vb = VarBuilder::from_varmap(&vars, DType::F32, device);
        let mlp = Mlp::new(&net.info().shape, &vb)?;
        {
            let data = vars.data().lock().map_err(|_| poisoned())?;
            for (name, var) in data.iter() {
                let values = net
                    .tensor(name)
                    .ok_or_else(|| candle_core::Error::Msg(format!("no tensor `{name}`")))?;
                var.set(&Tensor::from_slice(values, var.dims(), device)?)?;
            }
        }
        Ok(CandleValueNet { vars, mlp })
    }

    /// The variables' current values, by name.
    pub(crate) fn weights(&self) -> Result<HashMap<String, Vec<f32>>, ModelError> {
        let data = self.vars.data().lock().map_err(|_| poisoned())?;
        let mut tensors = HashMap::new();
        for (name, var) in data.iter() {
            tensors.insert(name.clone(), var.flatten_all()?.to_vec1::<f32>()?);
        }
        Ok(tensors)
    }
}

/// A value net learns the value targets alone: its one loss is their squared error.
impl Trainable for CandleValueNet {
    fn vars(&self) -> Vec<Var> {
        self.vars.all_vars()
    }

    fn losses(&self, batch: &TensorBatch) -> Result<Vec<Tensor>, ModelError> {
        let predicted = self.mlp.forward(&batch.observations)?;
        Ok(vec![squared_error(&predicted, &batch.values)?])
    }
}

/// The values candle's forward pass gives for `observations` (each of the net's input
/// length, end to end): what the fast path must agree with.
pub fn value_net_candle(net: &ValueNet, observations: &[f32]) -> Result<Vec<Vec<f32>>, ModelError> {
    let device = Device::Cpu;
    let candle = CandleValueNet::new(net, &device)?;
    let inputs = net.info().shape.inputs();
    let rows = observations.len() / inputs.max(1);
    let x = Tensor::from_slice(&observations[..rows * inputs], (rows, inputs), &device)?;
    Ok(candle.mlp.forward(&x)?.to_vec2::<f32>()?)
}
