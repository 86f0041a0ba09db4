//! [`Observation`]: a seat's view as a fixed-shape tensor, for learning.

use crate::{Information, Seat, SparseObservation};

/// A documented, fixed-shape numeric encoding of what one seat sees (its view), for neural
/// networks and OpenSpiel's observation tensors. Each game's page describes its planes.
///
/// The encoding depends only on the seat's view: two states the seat cannot tell apart give
/// the same tensor (the conformance harness checks it over random games).
///
/// ```
/// use pyramid_core::{Game, Observation, Seat, nim::Nim};
/// let game = Nim::new(&Default::default());
/// let shape = Nim::observation_shape(game.rules());
/// let mut tensor = vec![0.0; shape.iter().product()];
/// game.write_observation(Seat(0), &mut tensor);
/// assert_eq!(shape, [4, 16]);
/// assert_eq!(tensor[3], 1.0); // pile a holds 3 counters
/// ```
pub trait Observation: Information {
    /// The tensor's shape under `rules`, outermost dimension first (row-major).
    fn observation_shape(rules: &Self::Rules) -> Vec<usize>;

    /// Writes `seat`'s view of this state into `out`, whose length is the product of
    /// [`Observation::observation_shape`]; every entry is written.
    fn write_observation(&self, seat: Seat, out: &mut [f32]);

    /// Writes `seat`'s view into `out` as its non-zero entries (the tensor of
    /// [`Observation::write_observation`], its planes the shape's first dimension and
    /// `out`'s cells the product of the rest), and answers `true`; a game that writes only
    /// the dense tensor keeps the default, which writes nothing and answers `false`. A
    /// value net's leaf reads the sparse form where there is one: the conformance harness
    /// checks that it is the dense tensor's. Games write their planes once, through a
    /// [`PlaneWriter`](crate::PlaneWriter), for both forms.
    ///
    /// ```
    /// use pyramid_core::{Game, Observation, Seat, SparseObservation, nim::Nim};
    /// let game = Nim::new(&Default::default());
    /// let mut sparse = SparseObservation::new(16);
    /// assert!(!game.write_sparse_observation(Seat(0), &mut sparse), "Nim writes it dense");
    /// ```
    fn write_sparse_observation(&self, seat: Seat, out: &mut SparseObservation) -> bool {
        let _ = (seat, out);
        false
    }
}
