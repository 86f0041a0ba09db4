"""Gymnasium single-agent environments: one seat of a game against bots of any spec.

``import pyramid_games`` registers ``pyramid_games/<game>-v0`` for the four games when
Gymnasium is installed:

>>> import gymnasium, pyramid_games
>>> env = gymnasium.make("pyramid_games/martian-chess-v0", opponent="mcts:ms=20")
>>> obs, info = env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

Observations are the flat ``float32`` rows of ``pyramid_games._rl`` (the agent's own
observation tensor, then the steps chosen of an unfinished action in the multi-step
games); actions are decision steps (``Discrete(policy_size)``); ``info["action_mask"]``
(``int8``) marks the legal next steps. The opponents (every other seat, each a bot of
spec ``opponent`` seeded from the reset's seed) play whole actions between the agent's.
The reward is the agent's zero-sum return at the end, 0 before.
"""

from __future__ import annotations

from typing import Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _native, _rl

__all__ = ["PyramidEnv", "register_envs"]


class MaskedDiscrete(spaces.Discrete):
    """``Discrete(policy_size)`` whose ``sample()`` without a mask draws among the legal
    next steps of the environment's current state (with a mask, as ``Discrete``)."""

    def __init__(self, n: int, env: "PyramidEnv"):
        super().__init__(n)
        self._env = env

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self._env._started:
            current = self._env.decisions.mask()
            if current.any():
                mask = current
        return super().sample(mask=mask, probability=probability)


class PyramidEnv(gymnasium.Env):
    """One seat of a pyramid game against bots."""

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        opponent: str = "random",
        seat: Optional[int] = 0,
        illegal_action: str = "raise",
        render_mode: Optional[str] = None,
        players: Optional[int] = None,
        **rules,
    ):
        """`game` with `players` seats (its first seat count by default) and rule options
        as keywords; the agent plays `seat` (None: a seat drawn at each reset), every other
        seat a bot of spec `opponent` (``random``, ``mcts:ms=20``, ``az:model=FILE``).
        `illegal_action`: ``"raise"`` (``IllegalAction``, nothing changed) or ``"lose"``
        (the game ends as the agent's loss: reward -1, terminated)."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']} or None")
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action {illegal_action!r}: 'raise' or 'lose'")
        _native.bot(opponent)  # a malformed spec is refused now
        self.render_mode = render_mode
        self.opponent, self.illegal_action, self.fixed_seat = opponent, illegal_action, seat
        self.decisions = _rl.Decisions(game, players, _rl.rules_with_limit(rules))
        seats = self.decisions.state.num_seats()
        if seat is not None and not 0 <= seat < seats:
            raise ValueError(f"seat {seat} is not a seat of this game (it has {seats})")
        self.seat = seat or 0
        self.observation_space = spaces.Box(0.0, 1.0, (self.decisions.observation_len,), np.float32)
        self.action_space = MaskedDiscrete(self.decisions.policy_size, self)
        self._started = False
        self._bots: dict[int, _native.Bot] = {}
        self._lost = False

    def _opponents(self) -> None:
        """The bots play until the agent is to act or the game is over."""
        state = self.decisions.state
        while not state.is_over() and state.to_act() != self.seat:
            state.play(self._bots[state.to_act()].pick(state))

    def _info(self) -> dict:
        d = self.decisions
        info = {"action_mask": d.mask(), "to_play": d.state.to_act()}
        if d.state.is_over():
            info["returns"] = d.state.returns()
        return info

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        d = self.decisions
        d.deal(int(self.np_random.integers(0, 2**63)))
        seats = d.state.num_seats()
        self.seat = int(self.np_random.integers(seats)) if self.fixed_seat is None else self.fixed_seat
        self._bots = {
            s: _native.bot(self.opponent, seed=int(self.np_random.integers(0, 2**63)))
            for s in range(seats)
            if s != self.seat
        }
        self._started, self._lost = True, False
        self._opponents()
        return self.decisions.observation(self.seat), self._info()

    def step(self, action):
        if not self._started or self.decisions.state.is_over() or self._lost:
            raise RuntimeError("step() after the episode ended: call reset()")
        d = self.decisions
        if self.illegal_action == "lose" and not (
            isinstance(action, (int, np.integer)) and d.legal(action)
        ):
            self._lost = True
            info = self._info()
            info["illegal_action"] = True
            return d.observation(self.seat), -1.0, True, False, info
        if d.apply(action):
            self._opponents()
        reward, terminated, truncated = 0.0, False, False
        if d.state.is_over():
            reward = float(d.state.returns()[self.seat])
            truncated = d.truncated()
            terminated = not truncated
        return d.observation(self.seat), reward, terminated, truncated, self._info()

    def render(self):
        if self.render_mode == "svg":
            return self.decisions.state.svg()
        if self.render_mode == "ansi":
            return self.decisions.text()
        return None


def register_envs() -> None:
    """Registers ``pyramid_games/<game>-v0`` for every game (once)."""
    from gymnasium.envs.registration import register, registry

    for name in _native.games():
        env_id = f"pyramid_games/{name}-v0"
        if env_id not in registry:
            register(id=env_id, entry_point="pyramid_games.gymnasium_env:PyramidEnv", kwargs={"game": name})
