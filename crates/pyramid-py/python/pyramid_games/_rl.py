"""What the PettingZoo and Gymnasium environments share: one game played by decision
steps of the policy space, its observation rows and masks. Imports neither library.

Conventions (docs/python.md, "Reinforcement learning"), the same as ``VectorEnv``'s:

- an action is one decision step (an index below ``policy_size``); an action of the game
  that takes several steps (Ataxx-ice relocations, Stacktrices trades) is played by the
  same seat over consecutive decisions, as the OpenSpiel binding plays it;
- an observation is a flat ``float32`` row of values in [0, 1]: the game's observation tensor for that seat
  (``observation_shape``, row-major), then, for games whose actions may take several
  steps, ``policy_size`` entries, 1 at each step already chosen of the action under way
  (zeros for a seat that may not see them: the other seat in Stacktrices);
- the mask is 1 at each legal next step (``int8``), all zeros for a seat not to act;
- rewards come at the end: each seat's zero-sum return (+1 to the winner, -1/(seats-1)
  to each loser, 0 for a draw); a game ended by its rules is terminated, one that
  reached its ply limit (1000 plies unless ``ply_limit`` is given) is truncated.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from . import _native

#: The ply limit of a learning environment whose rules set none (an episode must end).
DEFAULT_PLY_LIMIT = 1000


def rules_with_limit(rules: dict) -> dict:
    """The rule options as strings, with the default ply limit when none is given."""
    rules = {k: (v if isinstance(v, bool) else str(v)) for k, v in rules.items()}
    rules.setdefault("ply_limit", str(DEFAULT_PLY_LIMIT))
    return rules


def agent_names(state: _native.State) -> list[str]:
    """Agent names after the seats, numbered as PettingZoo advises: ``south_0``,
    ``north_1`` (``State.seat_names()`` in lower case, then the seat)."""
    return [f"{'_'.join(name.lower().split()) or 'seat'}_{i}" for i, name in enumerate(state.seat_names())]


class Decisions:
    """One game played step by step: the state and the steps chosen so far."""

    def __init__(self, game: str, players: Optional[int], rules: dict):
        self.game, self.players, self.rules = game, players, rules
        self.state = _native.new_game(game, players=players, rules=rules)
        self.prefix: list[int] = []
        self.policy_size = self.state.policy_size()
        self.max_steps = self.state.max_steps()
        self.observation_shape = tuple(self.state.observation_shape())
        self.tensor_len = int(np.prod(self.observation_shape))
        self.observation_len = self.tensor_len + (self.policy_size if self.max_steps > 1 else 0)
        self.hidden = not _native.game_info(game)["perfect_information"]
        limit = self.state.rules().get("ply_limit", "none")
        self.ply_limit = int(limit) if limit.isdigit() else None

    def deal(self, seed: int) -> None:
        """A new game, its random draws (who starts) made from `seed`."""
        self.state = _native.deal(self.game, seed=seed, players=self.players, rules=self.rules)
        self.prefix = []

    def observation(self, seat: int) -> np.ndarray:
        """`seat`'s observation row."""
        row = np.zeros(self.observation_len, np.float32)
        row[: self.tensor_len] = self.state.observation(seat).reshape(-1)
        if self.max_steps > 1 and self.prefix and (not self.hidden or seat == self.state.to_act()):
            row[self.tensor_len + np.asarray(self.prefix)] = 1.0
        return row

    def mask(self, seat: Optional[int] = None) -> np.ndarray:
        """The legal next steps of the seat to act (zeros for another `seat`)."""
        if self.state.is_over() or (seat is not None and seat != self.state.to_act()):
            return np.zeros(self.policy_size, np.int8)
        return self.state.legal_steps_mask(self.prefix).astype(np.int8)

    def legal(self, step) -> bool:
        """Whether `step` may follow the steps chosen so far."""
        return not self.state.is_over() and int(step) in self.state.legal_steps(self.prefix)

    def apply(self, step) -> bool:
        """Plays the step (it raises ``IllegalAction``, changing nothing, for a step that
        continues no legal action); says whether it completed an action."""
        if isinstance(step, (bool, np.bool_)) or not isinstance(step, (int, np.integer)):
            raise TypeError(f"an action is an int (a policy step), not {type(step).__name__}")
        step = int(step)
        if not self.legal(step):
            raise _native.IllegalAction(
                f"step {step} continues no legal action after steps {self.prefix} "
                f"(legal steps: {self.state.legal_steps(self.prefix) if not self.state.is_over() else 'none, the game is over'})"
            )
        steps = self.prefix + [step]
        if self.state.steps_action(steps) is not None:
            self.state.play_steps(steps)
            self.prefix = []
            return True
        self.prefix = steps
        return False

    def truncated(self) -> bool:
        """Whether the game ended at its ply limit (a draw by that rule)."""
        return (
            self.state.is_over()
            and self.state.winner() is None
            and self.ply_limit is not None
            and self.state.plies() >= self.ply_limit
        )

    def text(self) -> str:
        """The board as text, with the steps chosen so far."""
        suffix = f"\nsteps chosen: {','.join(map(str, self.prefix))}" if self.prefix else ""
        return self.state.diagram() + suffix
