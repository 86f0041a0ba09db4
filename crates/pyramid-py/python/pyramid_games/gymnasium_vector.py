"""The Rust batch of games (``pyramid_games.VectorEnv``) as a ``gymnasium.vector.VectorEnv``,
for trainers written against Gymnasium's vector API:

>>> from pyramid_games.gymnasium_vector import GymnasiumVectorEnv
>>> envs = GymnasiumVectorEnv("martian-chess", num_envs=8, seed=0)
>>> obs, info = envs.reset(seed=1)
>>> mask = tuple(info["action_mask"].view(np.int8))   # one int8 mask per game
>>> obs, rewards, terminations, truncations, info = envs.step(envs.action_space.sample(mask=mask))

The caller plays every seat (self-play): each step is one decision step of the seat to
act in each game (``info["to_play"]``), and ``rewards[i]`` is the return of the seat that
made the step, 0 unless the step ended the game. Conventions (docs/python.md,
"Reinforcement learning"):

- ``single_observation_space`` is ``Box(0, 1, (observation_len,), float32)`` (the row of
  the seat to act), ``single_action_space`` ``Discrete(policy_size)``;
  ``observation_space`` and ``action_space`` are their batches (``Box`` of
  ``(num_envs, observation_len)``, ``MultiDiscrete``), as ``gymnasium.vector.utils.batch_space``
  makes them.
- ``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``: a game that ends is
  dealt again within the step, so the observation, mask and seat to act of its row are
  already the next game's. No ``final_obs`` is given: a finished game (terminated by its
  rules, or truncated: a draw at its ply limit) has nothing left to bootstrap from.
- ``info`` holds arrays, one entry per game, each key ``k`` with its boolean mask ``_k``
  (Gymnasium's convention: which games have it): ``action_mask`` (``bool``, games x
  ``policy_size``: the legal next steps; ``.view(np.int8)`` gives Gymnasium's mask dtype
  without a copy) and ``to_play`` (``int64``), for every game at every step; ``returns``
  (``float32``, games x seats: every seat's return), only for the games that ended in
  this step (``_returns``), and only when one did.
- ``copy=True`` (the default, as ``SyncVectorEnv``): the arrays returned are the caller's.
  ``copy=False`` returns the batch's own arrays, overwritten in place by the next call
  (no copy: a Stacktrices row is 92 KB).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _native, _rl

__all__ = ["GymnasiumVectorEnv"]


class GymnasiumVectorEnv(VectorEnv):
    """``num_envs`` games of `game` stepped together in Rust (``pyramid_games.VectorEnv``),
    behind Gymnasium's vector API."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str, num_envs: int = 1, seed: int = 0, threads: int = 1,
                 players: Optional[int] = None, copy: bool = True, **rules):
        rules = _rl.rules_with_limit(rules)
        self.batch = _native.VectorEnv(game, num_envs=num_envs, seed=seed, threads=threads,
                                       players=players, **rules)
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = spaces.Box(0.0, 1.0, (self.batch.observation_len,), np.float32)
        self.single_action_space = spaces.Discrete(self.batch.policy_size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = dict(self.metadata, name=f"pyramid_{game.replace('-', '_')}_vector")
        self._every = np.ones(num_envs, dtype=np.bool_)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None):
        """Deals every game again (from `seed` when given: an int; the same seed and
        actions give the same games) and returns ``(observations, info)``."""
        if options:
            raise ValueError(f"reset takes no options (got {sorted(options)}): every game is dealt again")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"seed is an int or None (one seed for the batch), not {type(seed).__name__}")
        super().reset(seed=None if seed is None else int(seed))
        observations, masks, info = self.batch.reset(None if seed is None else int(seed))
        return self._out(observations), self._info(masks, info["to_play"], None)

    def step(self, actions):
        """One decision step per game (``actions[i]`` in game `i`, an integer array):
        ``(observations, rewards, terminations, truncations, info)``. A step that is no
        legal next step raises ``IllegalAction`` and no game moves."""
        observations, masks, rewards, terminations, truncations, to_play = self.batch.step(actions)
        ended = terminations | truncations
        info = self._info(masks, to_play, ended if ended.any() else None)
        return (self._out(observations), self._out(rewards), self._out(terminations),
                self._out(truncations), info)

    def sample_legal(self) -> np.ndarray:
        """One uniformly drawn legal next step per game (the batch's own generator)."""
        return self._out(self.batch.sample_legal())

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _info(self, masks: np.ndarray, to_play: np.ndarray, ended: Optional[np.ndarray]) -> dict:
        every = self._every.copy() if self.copy else self._every
        info = {"action_mask": self._out(masks), "_action_mask": every,
                "to_play": self._out(to_play), "_to_play": every}
        if ended is not None:
            info["returns"] = self.batch.returns.copy()
            info["_returns"] = ended.copy()
        return info

    def __repr__(self) -> str:
        return f"GymnasiumVectorEnv({self.batch.game!r}, num_envs={self.num_envs})"
