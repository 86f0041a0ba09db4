//! The network: a small residual convolutional net over a game's observation tensor, with a
//! policy head over the game's policy space and a value head with one value per seat.

use candle_core::{Module, Result as CandleResult, Tensor};
use candle_nn::init::{DEFAULT_KAIMING_NORMAL, Init};
use candle_nn::{Conv2d, Conv2dConfig, Linear, VarBuilder};
use pyramid_core::FullGame;
use serde::{Deserialize, Serialize};

/// Planes of the policy head's 1x1 convolution (AlphaZero uses 2).
pub(crate) const POLICY_PLANES: usize = 2;
/// Units of the value head's hidden layer.
pub(crate) const VALUE_HIDDEN: usize = 64;
/// The most channels a network's trunk may have.
pub const MAX_CHANNELS: usize = 1024;
/// The most residual blocks a network may have.
pub const MAX_BLOCKS: usize = 64;
/// The most entries an observation tensor (planes x rows x columns) or the policy space
/// may have: 2^20.
pub const MAX_ENTRIES: usize = 1 << 20;
/// The most activations one layer of the trunk may hold for one position (channels x
/// rows x columns): 2^20, 4 MiB of `f32`, so that one evaluation of a model that loads
/// stays within tens of megabytes a position (the games' networks hold a few thousand).
pub const MAX_ACTIVATIONS: usize = 1 << 20;
/// The most weights a network may have: 2^26, as many `f32`s as fit in a model file of
/// [`MAX_MODEL_BYTES`](crate::MAX_MODEL_BYTES) (256 MiB). A larger network could be
/// neither saved nor read back; a file that declares one is refused before anything of
/// its size is allocated.
pub const MAX_PARAMETERS: u64 = crate::limits::MAX_MODEL_BYTES / 4;

/// Everything that fixes a network's tensors: the game's observation and policy sizes,
/// its seat count, and the trunk's width and depth. Two networks with equal shapes have
/// tensors of equal names and sizes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetShape {
    /// Planes of the observation tensor.
    pub planes: usize,
    /// Rows of each plane.
    pub height: usize,
    /// Columns of each plane.
    pub width: usize,
    /// Entries of the policy head: the game's [`PolicySpace::policy_size`](pyramid_core::PolicySpace::policy_size).
    pub policy_size: usize,
    /// Seats, so values: one per seat.
    pub seats: usize,
    /// Channels of the residual trunk.
    pub channels: usize,
    /// Residual blocks (two 3x3 convolutions each).
    pub blocks: usize,
}

impl NetShape {
    /// The shape of a network for game `G` under `rules`, with `channels` and `blocks` in
    /// its trunk. An observation of shape `[C, H, W]` is read as it is; `[C, W]` as one
    /// row; `[W]` as one plane of one row.
    pub fn for_game<G: FullGame>(rules: &G::Rules, channels: usize, blocks: usize) -> NetShape {
        let shape = G::observation_shape(rules);
        let (planes, height, width) = match shape.as_slice() {
            [c, h, w] => (*c, *h, *w),
            [c, w] => (*c, 1, *w),
            [w] => (1, 1, *w),
            more => (more[0], more[1], more[2..].iter().product()),
        };
        NetShape {
            planes,
            height,
            width,
            policy_size: G::policy_size(rules) as usize,
            seats: G::new(rules).seats(),
            channels,
            blocks,
        }
    }

    /// Entries of one observation tensor (saturating: a shape that passed
    /// [`NetShape::tensors`] never comes near the bound).
    pub fn observation_len(&self) -> usize {
        self.planes
            .saturating_mul(self.height)
            .saturating_mul(self.width)
    }

    /// Every tensor of the network of this shape, layer by layer: each name as the model
    /// file has it and its dimensions. [`Network::new`] builds the network from
    /// this list and the model loader checks a file's tensor table against it, so the
    /// rule lives here once.
    ///
    /// Refuses, computing every size with checked arithmetic and allocating nothing of
    /// the network's size: a field out of its range ([`MAX_CHANNELS`], [`MAX_BLOCKS`],
    /// observations and policy of 1 to [`MAX_ENTRIES`] entries, 1 to
    /// [`MAX_SEATS`](crate::MAX_SEATS) seats, no zero dimension), a size that overflows,
    /// and a network of more than [`MAX_PARAMETERS`] weights.
    pub fn tensors(&self) -> Result<Vec<TensorSpec>, ShapeError> {
        self.check_ranges()?;
        let cells = checked(&[self.height, self.width], "rows x columns")?;
        let policy_in = checked(&[POLICY_PLANES, cells], "the policy head's inputs")?;
        let c = self.channels;
        let mut specs = Vec::with_capacity(2 * (2 * self.blocks + 6));
        let mut layer = |name: String, weight: Vec<usize>| {
            let bias = vec![weight[0]];
            specs.push(TensorSpec::new(format!("{name}.bias"), bias));
            specs.push(TensorSpec::new(format!("{name}.weight"), weight));
        };
        layer("stem".to_owned(), vec![c, self.planes, 3, 3]);
        for i in 0..self.blocks {
            layer(format!("block{i}.first"), vec![c, c, 3, 3]);
            layer(format!("block{i}.second"), vec![c, c, 3, 3]);
        }
        layer("policy_conv".to_owned(), vec![POLICY_PLANES, c, 1, 1]);
        layer("policy_out".to_owned(), vec![self.policy_size, policy_in]);
        layer("value_conv".to_owned(), vec![1, c, 1, 1]);
        layer("value_hidden".to_owned(), vec![VALUE_HIDDEN, cells]);
        layer("value_out".to_owned(), vec![self.seats, VALUE_HIDDEN]);
        let mut parameters: u64 = 0;
        for spec in &specs {
            parameters = spec
                .elements()
                .and_then(|n| parameters.checked_add(n))
                .ok_or_else(|| ShapeError::Overflow {
                    what: format!("the weight count (at tensor `{}`)", spec.name),
                })?;
        }
        if parameters > MAX_PARAMETERS {
            return Err(ShapeError::TooManyParameters { parameters });
        }
        Ok(specs)
    }

    /// Refuses a field outside the range this program builds networks of (a plane's
    /// sides are bounded through their product with the planes, checked).
    fn check_ranges(&self) -> Result<(), ShapeError> {
        let fields = [
            ("planes", self.planes, usize::MAX),
            ("height", self.height, usize::MAX),
            ("width", self.width, usize::MAX),
            ("policy_size", self.policy_size, MAX_ENTRIES),
            ("seats", self.seats, crate::limits::MAX_SEATS),
            ("channels", self.channels, MAX_CHANNELS),
        ];
        for (field, value, max) in fields {
            if !(1..=max).contains(&value) {
                return Err(ShapeError::OutOfRange {
                    field,
                    value,
                    min: 1,
                    max,
                });
            }
        }
        if self.blocks > MAX_BLOCKS {
            return Err(ShapeError::OutOfRange {
                field: "blocks",
                value: self.blocks,
                min: 0,
                max: MAX_BLOCKS,
            });
        }
        let observation = checked(
            &[self.planes, self.height, self.width],
            "planes x rows x columns",
        )?;
        if observation > MAX_ENTRIES {
            return Err(ShapeError::OutOfRange {
                field: "planes x height x width",
                value: observation,
                min: 1,
                max: MAX_ENTRIES,
            });
        }
        // What one evaluation holds per position, a layer's activations: bounded so
        // that a small, consistent file cannot ask for gigabytes per forward pass.
        let activations = checked(
            &[self.channels, self.height, self.width],
            "channels x rows x columns",
        )?;
        if activations > MAX_ACTIVATIONS {
            return Err(ShapeError::OutOfRange {
                field: "channels x height x width",
                value: activations,
                min: 1,
                max: MAX_ACTIVATIONS,
            });
        }
        Ok(())
    }
}

/// The product of `factors`, or [`ShapeError::Overflow`] naming `what`.
fn checked(factors: &[usize], what: &str) -> Result<usize, ShapeError> {
    factors
        .iter()
        .try_fold(1usize, |product, &factor| product.checked_mul(factor))
        .ok_or_else(|| ShapeError::Overflow {
            what: what.to_owned(),
        })
}

/// One tensor of a network: its name in the model file and its dimensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorSpec {
    /// The name (`stem.weight`, `block0.first.bias`, `value_out.weight`).
    pub name: String,
    /// The dimensions (a convolution's weight `[out, in, k, k]`, a linear layer's
    /// `[out, in]`, a bias `[out]`).
    pub dims: Vec<usize>,
}

impl TensorSpec {
    pub(crate) fn new(name: String, dims: Vec<usize>) -> TensorSpec {
        TensorSpec { name, dims }
    }

    /// Its number of entries, or `None` when that overflows a `u64`.
    pub fn elements(&self) -> Option<u64> {
        self.dims
            .iter()
            .try_fold(1u64, |product, &dim| product.checked_mul(dim as u64))
    }
}

/// Why [`NetShape::tensors`] refuses a shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// A field outside the range this program builds.
    #[error("{field} is {value}, not in {min}..={max}")]
    OutOfRange {
        /// The field (`channels`, `planes x height x width`).
        field: &'static str,
        /// Its value.
        value: usize,
        /// The least it may be.
        min: usize,
        /// The most it may be.
        max: usize,
    },
    /// A size computed from the shape overflows.
    #[error("{what} overflows")]
    Overflow {
        /// The size.
        what: String,
    },
    /// More weights than [`MAX_PARAMETERS`].
    #[error(
        "the network has {parameters} weights, more than the {MAX_PARAMETERS} a model may have"
    )]
    TooManyParameters {
        /// The network's weights.
        parameters: u64,
    },
}

/// One residual block: `x + conv(relu(conv(x)))`, then ReLU.
struct ResidualBlock {
    first: Conv2d,
    second: Conv2d,
}

impl ResidualBlock {
    fn forward(&self, x: &Tensor) -> CandleResult<Tensor> {
        let y = self.first.forward(x)?.relu()?;
        let y = self.second.forward(&y)?;
        (x + y)?.relu()
    }
}

/// The layers of a network, their tensors named and sized by [`NetShape::tensors`].
struct Layers<'a> {
    specs: &'a [TensorSpec],
    vb: VarBuilder<'a>,
}

impl Layers<'_> {
    /// The tensor `name` of the list, taken from or created in the var builder.
    fn get(&self, name: &str, init: Init) -> CandleResult<Tensor> {
        let spec = self
            .specs
            .iter()
            .find(|spec| spec.name == name)
            .ok_or_else(|| candle_core::Error::Msg(format!("no tensor `{name}` in the network")))?;
        self.vb.get_with_hints(spec.dims.clone(), name, init)
    }

    /// The weight and bias of layer `name`, initialised as candle's layers are.
    fn weight_and_bias(&self, name: &str) -> CandleResult<(Tensor, Tensor)> {
        let weight = self.get(&format!("{name}.weight"), DEFAULT_KAIMING_NORMAL)?;
        let fan_in = weight.dims().get(1).copied().unwrap_or(1).max(1);
        let bound = 1.0 / (fan_in as f64).sqrt();
        let bias = self.get(
            &format!("{name}.bias"),
            Init::Uniform {
                lo: -bound,
                up: bound,
            },
        )?;
        Ok((weight, bias))
    }

    /// The convolution `name` (its kernel and channels from its weight's dimensions).
    fn conv(&self, name: &str, config: Conv2dConfig) -> CandleResult<Conv2d> {
        let (weight, bias) = self.weight_and_bias(name)?;
        Ok(Conv2d::new(weight, Some(bias), config))
    }

    /// The linear layer `name`.
    fn linear(&self, name: &str) -> CandleResult<Linear> {
        let (weight, bias) = self.weight_and_bias(name)?;
        Ok(Linear::new(weight, Some(bias)))
    }
}

/// The network: a 3x3 convolution stem, [`NetShape::blocks`] residual blocks, a policy
/// head (1x1 convolution to 2 planes, then a linear layer to the policy logits) and a
/// value head (1x1 convolution to 1 plane, a hidden layer, then one sigmoid per seat:
/// each seat's expected reward in `[0, 1]`, seats counted from the observer).
pub struct Network {
    shape: NetShape,
    stem: Conv2d,
    blocks: Vec<ResidualBlock>,
    policy_conv: Conv2d,
    policy_out: Linear,
    value_conv: Conv2d,
    value_hidden: Linear,
    value_out: Linear,
}

impl Network {
    /// The network of `shape`, its tensors taken from (or created in) `vb`: those
    /// [`NetShape::tensors`] lists (a shape it refuses is an error here too). Weights
    /// created here start as candle's layers start them (Kaiming normal, biases uniform
    /// in `±1/sqrt(fan_in)`).
    pub fn new(shape: &NetShape, vb: VarBuilder<'_>) -> CandleResult<Network> {
        let specs = shape
            .tensors()
            .map_err(|e| candle_core::Error::Msg(format!("network shape: {e}")))?;
        let layers = Layers { specs: &specs, vb };
        let same = Conv2dConfig {
            padding: 1,
            ..Conv2dConfig::default()
        };
        let blocks = (0..shape.blocks)
            .map(|i| {
                Ok(ResidualBlock {
                    first: layers.conv(&format!("block{i}.first"), same)?,
                    second: layers.conv(&format!("block{i}.second"), same)?,
                })
            })
            .collect::<CandleResult<Vec<_>>>()?;
        Ok(Network {
            shape: shape.clone(),
            stem: layers.conv("stem", same)?,
            blocks,
            policy_conv: layers.conv("policy_conv", Conv2dConfig::default())?,
            policy_out: layers.linear("policy_out")?,
            value_conv: layers.conv("value_conv", Conv2dConfig::default())?,
            value_hidden: layers.linear("value_hidden")?,
            value_out: layers.linear("value_out")?,
        })
    }

    /// The network's shape.
    pub fn shape(&self) -> &NetShape {
        &self.shape
    }

    /// Policy logits `[batch, policy_size]` and values `[batch, seats]` (after the
    /// sigmoid) for observations `[batch, observation_len]`.
    pub fn forward(&self, observations: &Tensor) -> CandleResult<(Tensor, Tensor)> {
        let s = &self.shape;
        let batch = observations.dim(0)?;
        let x = observations.reshape((batch, s.planes, s.height, s.width))?;
        let mut x = self.stem.forward(&x)?.relu()?;
        for block in &self.blocks {
            x = block.forward(&x)?;
        }
        let p = self.policy_conv.forward(&x)?.relu()?.flatten_from(1)?;
        let logits = self.policy_out.forward(&p)?;
        let v = self.value_conv.forward(&x)?.relu()?.flatten_from(1)?;
        let v = self.value_hidden.forward(&v)?.relu()?;
        let values = candle_nn::ops::sigmoid(&self.value_out.forward(&v)?)?;
        Ok((logits, values))
    }
}
