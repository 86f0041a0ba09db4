//! The network: a small residual convolutional net over a game's observation tensor, with a
//! policy head over the game's policy space and a value head with one value per seat.

use candle_core::{Module, Result as CandleResult, Tensor};
use candle_nn::{Conv2d, Conv2dConfig, Linear, VarBuilder, conv2d, linear};
use pyramid_core::FullGame;
use serde::{Deserialize, Serialize};

/// Planes of the policy head's 1x1 convolution (AlphaZero uses 2).
const POLICY_PLANES: usize = 2;
/// Units of the value head's hidden layer.
const VALUE_HIDDEN: usize = 64;

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

    /// Entries of one observation tensor.
    pub fn observation_len(&self) -> usize {
        self.planes * self.height * self.width
    }

    /// Cells of one plane.
    fn cells(&self) -> usize {
        self.height * self.width
    }
}

/// One residual block: `x + conv(relu(conv(x)))`, then ReLU.
struct ResidualBlock {
    first: Conv2d,
    second: Conv2d,
}

impl ResidualBlock {
    fn new(channels: usize, vb: VarBuilder<'_>) -> CandleResult<Self> {
        let same = Conv2dConfig {
            padding: 1,
            ..Conv2dConfig::default()
        };
        Ok(ResidualBlock {
            first: conv2d(channels, channels, 3, same, vb.pp("first"))?,
            second: conv2d(channels, channels, 3, same, vb.pp("second"))?,
        })
    }

    fn forward(&self, x: &Tensor) -> CandleResult<Tensor> {
        let y = self.first.forward(x)?.relu()?;
        let y = self.second.forward(&y)?;
        (x + y)?.relu()
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
    /// The network of `shape`, its tensors taken from (or created in) `vb`.
    pub fn new(shape: &NetShape, vb: VarBuilder<'_>) -> CandleResult<Network> {
        let same = Conv2dConfig {
            padding: 1,
            ..Conv2dConfig::default()
        };
        let c = shape.channels;
        let blocks = (0..shape.blocks)
            .map(|i| ResidualBlock::new(c, vb.pp(format!("block{i}"))))
            .collect::<CandleResult<Vec<_>>>()?;
        Ok(Network {
            shape: shape.clone(),
            stem: conv2d(shape.planes, c, 3, same, vb.pp("stem"))?,
            blocks,
            policy_conv: conv2d(
                c,
                POLICY_PLANES,
                1,
                Conv2dConfig::default(),
                vb.pp("policy_conv"),
            )?,
            policy_out: linear(
                POLICY_PLANES * shape.cells(),
                shape.policy_size,
                vb.pp("policy_out"),
            )?,
            value_conv: conv2d(c, 1, 1, Conv2dConfig::default(), vb.pp("value_conv"))?,
            value_hidden: linear(shape.cells(), VALUE_HIDDEN, vb.pp("value_hidden"))?,
            value_out: linear(VALUE_HIDDEN, shape.seats, vb.pp("value_out"))?,
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
