//! Observation tensors as what is not zero: [`SparseObservation`], and [`PlaneWriter`],
//! what a game writes its planes into once for both the dense and the sparse form.

/// What a game writes its observation planes into: entries of a tensor of `planes x
/// cells` values, everything not written zero. A game that writes its planes once through
/// this trait gets both forms from one function: the dense tensor ([`DensePlanes`], for
/// [`Observation::write_observation`](crate::Observation::write_observation)) and the
/// non-zero entries ([`SparseObservation`], for
/// [`Observation::write_sparse_observation`](crate::Observation::write_sparse_observation)).
pub trait PlaneWriter {
    /// Entry `cell` of `plane` holds `value`. Each entry is written at most once.
    fn set(&mut self, plane: usize, cell: usize, value: f32);

    /// Every cell of `plane` holds `value`; nothing else of the plane is written.
    fn fill(&mut self, plane: usize, value: f32);
}

/// A dense tensor of `cells` values a plane, written through [`PlaneWriter`]; entries
/// outside it are ignored.
///
/// ```
/// use pyramid_core::{DensePlanes, PlaneWriter};
/// let mut tensor = vec![9.0; 2 * 3];
/// let mut planes = DensePlanes::new(&mut tensor, 3);
/// planes.set(0, 1, 1.0);
/// planes.fill(1, 0.5);
/// assert_eq!(tensor, [0.0, 1.0, 0.0, 0.5, 0.5, 0.5]);
/// ```
pub struct DensePlanes<'a> {
    out: &'a mut [f32],
    cells: usize,
}

impl<'a> DensePlanes<'a> {
    /// The tensor `out`, `cells` values a plane, every entry set to zero.
    pub fn new(out: &'a mut [f32], cells: usize) -> Self {
        out.fill(0.0);
        DensePlanes { out, cells }
    }
}

impl PlaneWriter for DensePlanes<'_> {
    fn set(&mut self, plane: usize, cell: usize, value: f32) {
        if cell < self.cells
            && let Some(entry) = self.out.get_mut(plane * self.cells + cell)
        {
            *entry = value;
        }
    }

    fn fill(&mut self, plane: usize, value: f32) {
        let start = plane * self.cells;
        if let Some(entries) = self.out.get_mut(start..start + self.cells) {
            entries.fill(value);
        }
    }
}

/// An observation tensor of `planes x cells` values kept as what is not zero: the
/// planes holding one value on every cell, and single entries (index `plane x cells +
/// cell` of the dense tensor). A value net's first layer needs nothing else, so it is
/// spared writing and scanning the thousands of zeros of a dense tensor.
///
/// ```
/// use pyramid_core::{PlaneWriter, SparseObservation};
/// let mut sparse = SparseObservation::new(3);
/// sparse.set(0, 1, 1.0);
/// sparse.fill(1, 0.5);
/// sparse.set(0, 2, 0.0); // zeros are not kept
/// assert_eq!(sparse.entries(), &[(1, 1.0)]);
/// assert_eq!(sparse.constant_planes(), &[(1, 0.5)]);
/// let mut tensor = vec![9.0; 6];
/// sparse.write_dense(&mut tensor);
/// assert_eq!(tensor, [0.0, 1.0, 0.0, 0.5, 0.5, 0.5]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SparseObservation {
    cells: usize,
    constant: Vec<(u32, f32)>,
    entries: Vec<(u32, f32)>,
}

impl SparseObservation {
    /// An empty observation of `cells` values a plane.
    pub fn new(cells: usize) -> Self {
        SparseObservation {
            cells,
            ..SparseObservation::default()
        }
    }

    /// Forgets every entry, keeping the buffers (and the cells a plane).
    pub fn clear(&mut self) {
        self.constant.clear();
        self.entries.clear();
    }

    /// The values a plane.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The planes holding one value (not zero) on every cell: `(plane, value)`.
    pub fn constant_planes(&self) -> &[(u32, f32)] {
        &self.constant
    }

    /// The other non-zero entries: `(index in the dense tensor, value)`.
    pub fn entries(&self) -> &[(u32, f32)] {
        &self.entries
    }

    /// Writes the dense tensor into `out` (every entry of it; entries beyond it ignored).
    pub fn write_dense(&self, out: &mut [f32]) {
        let mut dense = DensePlanes::new(out, self.cells);
        for &(plane, value) in &self.constant {
            dense.fill(plane as usize, value);
        }
        for &(index, value) in &self.entries {
            if let Some(entry) = out.get_mut(index as usize) {
                *entry = value;
            }
        }
    }
}

impl PlaneWriter for SparseObservation {
    fn set(&mut self, plane: usize, cell: usize, value: f32) {
        if value != 0.0 && cell < self.cells {
            let index = plane * self.cells + cell;
            if let Ok(index) = u32::try_from(index) {
                self.entries.push((index, value));
            }
        }
    }

    fn fill(&mut self, plane: usize, value: f32) {
        if value != 0.0
            && let Ok(plane) = u32::try_from(plane)
        {
            self.constant.push((plane, value));
        }
    }
}
