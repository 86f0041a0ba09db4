//! `VectorEnv`: the runtime's batch of games (`pyramid_runtime::VectorEnv`) with its
//! outputs in numpy arrays owned here and written in place by Rust, without the GIL.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use pyramid_runtime::{Outputs, VectorError};

use crate::errors::{self, to_py};
use crate::options::options;
use crate::state::State;

/// A batch of `num_envs` games of one kind stepped together, one decision step per game
/// per call (docs/python.md, "Reinforcement learning"). The arrays `reset` and `step`
/// return are the environment's own, overwritten by the next call (copy them to keep them).
#[pyclass(module = "pyramid_games._native", name = "VectorEnv")]
pub struct VectorEnv {
    core: pyramid_runtime::VectorEnv,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray1<f32>>,
    terminations: Py<PyArray1<bool>>,
    truncations: Py<PyArray1<bool>>,
    to_play: Py<PyArray1<i64>>,
    returns: Py<PyArray2<f32>>,
    sampled: Py<PyArray1<i64>>,
}

/// The Python exception for a refused call: `IllegalAction` for a step that is no legal
/// step, the runtime's for the game and rules, `ValueError` for sizes.
fn vector_to_py(error: VectorError) -> PyErr {
    match error {
        VectorError::Runtime(e) => to_py(e),
        e @ (VectorError::Illegal { .. } | VectorError::OutOfRange { .. }) => {
            errors::IllegalAction::new_err(e.to_string())
        }
        e => PyValueError::new_err(e.to_string()),
    }
}

/// Actions from Python: a 1-D array (or sequence) of integers, as int64.
fn actions_array<'py>(actions: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArray1<'py, i64>> {
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'py, i64>>() {
        return Ok(array);
    }
    let py = actions.py();
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (actions,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "actions are integers (policy steps), one per game: got an array of dtype {}",
            array.getattr("dtype")?.str()?
        )));
    }
    let ndim: usize = array.getattr("ndim")?.extract()?;
    if ndim != 1 {
        return Err(PyValueError::new_err(format!(
            "actions are a 1-D array, one policy step per game: got {ndim} dimensions"
        )));
    }
    let converted = array.call_method1("astype", (numpy.getattr("int64")?,))?;
    Ok(converted.extract::<PyReadonlyArray1<'py, i64>>()?)
}

impl VectorEnv {
    /// Runs `write` on the output arrays as slices, without the GIL.
    fn with_outputs<'py, T: Send>(
        &mut self,
        py: Python<'py>,
        write: impl FnOnce(&mut pyramid_runtime::VectorEnv, Outputs<'_>) -> T + Send,
    ) -> PyResult<T> {
        let mut observations = self.observations.bind(py).try_readwrite()?;
        let mut masks = self.masks.bind(py).try_readwrite()?;
        let mut rewards = self.rewards.bind(py).try_readwrite()?;
        let mut terminations = self.terminations.bind(py).try_readwrite()?;
        let mut truncations = self.truncations.bind(py).try_readwrite()?;
        let mut to_play = self.to_play.bind(py).try_readwrite()?;
        let mut returns = self.returns.bind(py).try_readwrite()?;
        let out = Outputs {
            observations: observations.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminations: terminations.as_slice_mut()?,
            truncations: truncations.as_slice_mut()?,
            to_play: to_play.as_slice_mut()?,
            returns: returns.as_slice_mut()?,
        };
        let core = &mut self.core;
        Ok(py.detach(move || write(core, out)))
    }

    fn arrays<'py>(&self, py: Python<'py>, step: bool) -> PyResult<Bound<'py, PyTuple>> {
        let (obs, masks) = (self.observations.bind(py), self.masks.bind(py));
        if step {
            PyTuple::new(
                py,
                [
                    obs.as_any(),
                    masks.as_any(),
                    self.rewards.bind(py).as_any(),
                    self.terminations.bind(py).as_any(),
                    self.truncations.bind(py).as_any(),
                    self.to_play.bind(py).as_any(),
                ],
            )
        } else {
            let info = PyDict::new(py);
            info.set_item("to_play", self.to_play.bind(py))?;
            PyTuple::new(py, [obs.as_any(), masks.as_any(), info.as_any()])
        }
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game` with `players` seats and rule options `rules` (as
    /// keywords; `ply_limit` defaults to 1000), dealt from `seed`, stepped on `threads`
    /// threads. Call `reset` before the first `step`.
    #[new]
    #[pyo3(signature = (game, num_envs=1, seed=0, threads=1, players=None, **rules))]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        seed: u64,
        threads: usize,
        players: Option<usize>,
        rules: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VectorEnv> {
        let options = options(players, rules)?;
        let core = pyramid_runtime::VectorEnv::new(game, &options, num_envs, seed)
            .map_err(vector_to_py)?
            .with_threads(threads);
        let (n, row, policy, seats) = (
            num_envs,
            core.observation_len(),
            core.policy_size(),
            core.seats(),
        );
        Ok(VectorEnv {
            observations: PyArray2::zeros(py, [n, row], false).unbind(),
            masks: PyArray1::from_vec(py, vec![false; n * policy])
                .reshape([n, policy])?
                .unbind(),
            rewards: PyArray1::zeros(py, n, false).unbind(),
            terminations: PyArray1::from_vec(py, vec![false; n]).unbind(),
            truncations: PyArray1::from_vec(py, vec![false; n]).unbind(),
            to_play: PyArray1::zeros(py, n, false).unbind(),
            returns: PyArray2::zeros(py, [n, seats], false).unbind(),
            sampled: PyArray1::zeros(py, n, false).unbind(),
            core,
        })
    }

    /// Starts every game again (their deals drawn again from `seed` when given) and
    /// returns `(observations, masks, info)`, `info["to_play"]` the seat to act in each.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        self.with_outputs(py, move |core, out| core.reset(seed, out))?
            .map_err(vector_to_py)?;
        self.arrays(py, false)
    }

    /// Plays `actions` (one policy step per game, a 1-D integer array) and returns
    /// `(observations, masks, rewards, terminations, truncations, to_play)`; finished
    /// games start again in the same step. Steps that are not legal raise
    /// `IllegalAction` and no game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions_array(actions)?;
        let actions = actions.as_slice()?;
        self.with_outputs(py, move |core, out| core.step(actions, out))?
            .map_err(vector_to_py)?;
        self.arrays(py, true)
    }

    /// One legal next step per game, drawn uniformly by the environment's own generator
    /// (an int64 array, overwritten by the next call).
    fn sample_legal<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let array = self.sampled.bind(py).clone();
        {
            let mut sampled = array.try_readwrite()?;
            self.core
                .sample_legal(sampled.as_slice_mut()?)
                .map_err(vector_to_py)?;
        }
        Ok(array)
    }

    /// A copy of game `env`'s state and the steps already chosen of its action under way.
    fn state(&self, env: usize) -> PyResult<(State, Vec<u32>)> {
        let (inner, prefix) = self.core.state(env).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "game {env} out of range ({} games)",
                self.core.num_envs()
            ))
        })?;
        Ok((State { inner }, prefix))
    }

    /// Every seat's return of the games that ended in the last step (games x seats; 0 for
    /// games that go on).
    #[getter]
    fn returns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.returns.bind(py).clone()
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.core.game()
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.core.num_envs()
    }

    /// The number of seats.
    #[getter]
    fn num_seats(&self) -> usize {
        self.core.seats()
    }

    /// The number of threads a step uses.
    #[getter]
    fn threads(&self) -> usize {
        self.core.threads()
    }

    /// The length of an observation row.
    #[getter]
    fn observation_len(&self) -> usize {
        self.core.observation_len()
    }

    /// The shape of the game's observation tensor (the first entries of a row).
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.core.observation_shape()
    }

    /// The size of the policy space (the mask's width).
    #[getter]
    fn policy_size(&self) -> usize {
        self.core.policy_size()
    }

    /// The most steps an action takes.
    #[getter]
    fn max_steps(&self) -> usize {
        self.core.max_steps()
    }

    fn __len__(&self) -> usize {
        self.core.num_envs()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let shape = self.observations.bind(py).shape().to_vec();
        format!(
            "VectorEnv({:?}, num_envs={}, threads={}, observations={:?})",
            self.core.game(),
            self.core.num_envs(),
            self.core.threads(),
            shape
        )
    }
}
