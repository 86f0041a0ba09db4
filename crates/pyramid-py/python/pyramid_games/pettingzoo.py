"""PettingZoo AEC environments of the four games: ``env(game, **rules)``.

>>> from pyramid_games import pettingzoo
>>> env = pettingzoo.env("ataxx-ice", players=3, size="6")
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
...     env.step(action)

Agents are named after the seats, numbered: ``south_0``, ``north_1``. Observations are
dicts: ``observation``, a flat ``float32`` row of the agent's own observation tensor (and
the steps chosen of an unfinished action, for the multi-step games), and ``action_mask``
(``int8``, 1 at each legal next step; zeros for an agent not to act). Actions are
decision steps of the policy space (``Discrete(policy_size)``); Ataxx-ice relocations
and Stacktrices trades take several consecutive decisions of the same agent. Rewards
come at the end, each seat's zero-sum return. ``render_mode``: ``"ansi"`` (the text
diagram) or ``"svg"`` (the SVG picture, a string). Conventions: ``pyramid_games._rl``.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _rl

__all__ = ["PyramidAECEnv", "env", "raw_env"]


class PyramidAECEnv(AECEnv):
    """One of the pyramid games as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi", "svg"], "name": "pyramid_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: Optional[str] = None, players: Optional[int] = None, **rules):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"pyramid_{game.replace('-', '_')}_v0")
        self.decisions = _rl.Decisions(game, players, _rl.rules_with_limit(rules))
        self.possible_agents = _rl.agent_names(self.decisions.state)
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        d = self.decisions
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (d.observation_len,), np.float32),
                    "action_mask": spaces.Box(0, 1, (d.policy_size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(d.policy_size) for agent in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            for i, agent in enumerate(self.possible_agents):
                self._action_spaces[agent].seed(seed + i)
        self.decisions.deal(int(self._rng.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self.decisions.state.to_act()]

    def observe(self, agent):
        seat = self._seat[agent]
        return {"observation": self.decisions.observation(seat), "action_mask": self.decisions.mask(seat)}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.decisions
        d.apply(action)  # IllegalAction (nothing changed) for a step that is not legal
        self._cumulative_rewards[agent] = 0.0
        if d.state.is_over():
            returns = d.state.returns()
            truncated = d.truncated()
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = float(returns[seat])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
                self.infos[a] = {"returns": list(returns), "winner": d.state.winner()}
        else:
            self.agent_selection = self.agents[d.state.to_act()]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode (\"ansi\" or \"svg\")")
            return None
        if self.render_mode == "svg":
            return self.decisions.state.svg()
        return self.decisions.text()

    def close(self) -> None:
        pass


def raw_env(game: str, render_mode: Optional[str] = None, players: Optional[int] = None, **rules) -> PyramidAECEnv:
    """The environment without PettingZoo's wrappers."""
    return PyramidAECEnv(game, render_mode=render_mode, players=players, **rules)


def env(game: str, render_mode: Optional[str] = None, players: Optional[int] = None, **rules):
    """The AEC environment of `game` with `players` seats (the game's first seat count by
    default) and rule options as keywords (``size="6"``, ``ply_limit=300``), wrapped in
    PettingZoo's order-enforcing wrapper (an illegal step raises ``IllegalAction``)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, players=players, **rules))
