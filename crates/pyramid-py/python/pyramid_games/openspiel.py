"""OpenSpiel bindings: ``import pyramid_games.openspiel`` registers the four games.

Registered names: ``pyramid_martian_chess``, ``pyramid_ataxx_ice``,
``pyramid_card_siege``, ``pyramid_stacktrices``. Game parameters: ``players`` and every
rule option of the game (numbers as ints, words as strings, e.g. ``{"players": 3,
"size": 6, "ply_limit": 300}``; ``ply_limit`` defaults to 1000, 0 meaning that default), so
``pyspiel.load_game("pyramid_ataxx_ice", {"players": 3})`` works.

Actions. OpenSpiel's tests allocate a mask of ``num_distinct_actions()`` entries per
state, so its action space must be small and dense:

- martian-chess and card-siege: the OpenSpiel action is the game's own action id
  (``State.legal_action_ids()``), dense and state-free;
- ataxx-ice and stacktrices, whose id spaces are large (relocation sets, trades): the
  OpenSpiel action is the rank of the action among the legal actions sorted by their ids,
  below ``MAX_RANKED_ACTIONS``. The acting seat has the same legal actions in every state
  of its information set, so ranks mean the same action across them (what ISMCTS needs).

Returns are zero-sum: +1 for the winner, -1/(players-1) for each loser, 0 for a draw.
Martian Chess starts with seat 0 unless the ``first`` option says otherwise (the random
draw of who starts is a match tool's, not part of the game tree). Stacktrices is an
imperfect-information game: information states are the seat's view string and
``resample_from_infostate`` draws a full state consistent with it (ISMCTS can play it).
"""

from __future__ import annotations

import random
from typing import Optional

import numpy as np
import pyspiel

from . import _native

#: The bound on ranked OpenSpiel actions (ataxx-ice, stacktrices): no state of these games
#: has this many legal actions (a state that had would raise).
MAX_RANKED_ACTIONS = 1 << 16

#: The ply limit OpenSpiel games use when the parameters set none, so every game ends
#: (OpenSpiel needs a maximum game length).
DEFAULT_PLY_LIMIT = 1000

_RANKED = {"ataxx-ice", "stacktrices"}


def _short_name(game: str) -> str:
    return "pyramid_" + game.replace("-", "_")


def _typed_default(key: str, default: str):
    """The OpenSpiel parameter default of a rule option, typed the way OpenSpiel reads a
    game string (``name(size=6)`` gives an int), so a game rebuilt from its string (deep
    copies, pickling) has parameters of the declared types: numbers are ints, words stay
    strings. ``ply_limit`` defaults to ``DEFAULT_PLY_LIMIT`` (OpenSpiel needs a maximum
    game length) and Martian Chess's ``first`` to seat 0 (the draw of who starts belongs
    to the tool running a match, not to the game tree)."""
    if key == "ply_limit":
        return DEFAULT_PLY_LIMIT
    if key == "first":
        return 0
    try:
        return int(default)
    except ValueError:
        return str(default)


def _rules_from_params(info: dict, params: dict) -> tuple[int, dict]:
    players = int(params.get("players", info["seat_counts"][0]))
    rules = {}
    for option in info["rule_options"]:
        key = option["key"]
        if key == "seats":
            continue
        value = params.get(key)
        if value is not None and str(value) != "":
            rules[key] = str(value)
    if rules.get("ply_limit", "none") in ("none", "0"):
        rules["ply_limit"] = str(DEFAULT_PLY_LIMIT)
    return players, rules


class PyramidGame(pyspiel.Game):
    """One of the pyramid games, as an OpenSpiel game."""

    def __init__(self, game: str, game_type: pyspiel.GameType, params: Optional[dict] = None):
        params = dict(params or {})
        self._fields(game, params)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=int(self.distinct_actions),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=int(self.rules["ply_limit"]),
        )
        super().__init__(game_type, game_info, params)

    def _fields(self, game: str, params: dict) -> None:
        """Sets the Python-side fields from the game name and its parameters."""
        self.pyramid_name = game
        info = _native.game_info(game)
        self.players, self.rules = _rules_from_params(info, params)
        start = _native.new_game(game, players=self.players, rules=self.rules)
        self._ranked = game in _RANKED
        self.distinct_actions = MAX_RANKED_ACTIONS if self._ranked else start.action_space()
        self.observation_shape = list(start.observation_shape())

    def __getattr__(self, name):
        # A game rebuilt by copy or pickle gets only its C++ part back (from its game
        # string); rebuild the Python fields from the parameters on first use.
        if name in ("pyramid_name", "players", "rules", "_ranked", "distinct_actions", "observation_shape"):
            game = GAMES[self.get_type().short_name]
            self._fields(game, dict(self.get_parameters()))
            return object.__getattribute__(self, name)
        raise AttributeError(name)

    def new_initial_state(self):
        return PyramidState(self, _native.new_game(self.pyramid_name, players=self.players, rules=self.rules))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return PyramidObserver(self, iig_obs_type, params)


class PyramidState(pyspiel.State):
    """A state of a pyramid game, as an OpenSpiel state."""

    def __init__(self, game: PyramidGame, inner: _native.State):
        super().__init__(game)
        self._game = game
        self.inner = inner

    # --- actions -------------------------------------------------------------------------
    def _sorted_ids(self) -> list[int]:
        return sorted(self.inner.legal_action_ids())

    def _to_openspiel(self, ids: list[int]) -> list[int]:
        if not self._game._ranked:
            return ids
        if len(ids) > MAX_RANKED_ACTIONS:
            raise RuntimeError(f"{len(ids)} legal actions exceed MAX_RANKED_ACTIONS")
        return list(range(len(ids)))

    def _native_id(self, action: int) -> int:
        if not self._game._ranked:
            return int(action)
        ids = self._sorted_ids()
        if not 0 <= action < len(ids):
            raise _native.IllegalAction(f"no legal action of rank {action} here")
        return ids[action]

    def current_player(self):
        seat = self.inner.to_act()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        if self.inner.is_over() or player != self.inner.to_act():
            return []
        return self._to_openspiel(self._sorted_ids())

    def _apply_action(self, action):
        self.inner.play(self._native_id(action))

    def _action_to_string(self, player, action):
        try:
            return self.inner.action_text(self._native_id(action))
        except ValueError:
            return f"action {action}"

    def is_terminal(self):
        return self.inner.is_over()

    def returns(self):
        return self.inner.returns()

    def __str__(self):
        return self.inner.position()

    def clone(self):
        copy = super().clone()
        copy.inner = self.inner.clone()
        return copy

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state drawn from `player_id`'s information set (its view), keeping the history."""
        del probability_sampler
        view = self.inner.view(player_id)
        sampled = _native.sample_from_view(self._game.pyramid_name, view, self.inner.rules(), random.getrandbits(64))
        copy = self.clone()
        copy.inner = sampled
        return copy


class PyramidObserver:
    """Observation and information-state strings and tensors, from the seat's view."""

    def __init__(self, game: PyramidGame, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        shape = tuple(game.observation_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: PyramidState, player: int):
        self.tensor[:] = state.inner.observation(player).reshape(-1)

    def string_from(self, state: PyramidState, player: int):
        return state.inner.view(player)


def _register(game: str) -> None:
    info = _native.game_info(game)
    parameters = {"players": int(info["seat_counts"][0])}
    for option in info["rule_options"]:
        if option["key"] not in ("seats",):
            parameters[option["key"]] = _typed_default(option["key"], str(option["default"]))
    game_type = pyspiel.GameType(
        short_name=_short_name(game),
        long_name=f"pyramid-games {game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info["perfect_information"]
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info["seat_counts"]),
        min_num_players=min(info["seat_counts"]),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )

    def __init__(self, params=None):
        PyramidGame.__init__(self, game, game_type, params)

    # A class, as OpenSpiel's own Python games register: OpenSpiel's registry keeps it until
    # the process ends, after Python has finalised, and a class (unlike a plain function)
    # is never freed there.
    game_class = type(
        "Pyramid" + "".join(part.title() for part in game.split("-")),
        (PyramidGame,),
        {"__init__": __init__, "__doc__": f"{game}, as an OpenSpiel game."},
    )
    pyspiel.register_game(game_type, game_class)


GAMES = {_short_name(g): g for g in _native.games()}

for _game in _native.games():
    if _short_name(_game) not in pyspiel.registered_names():
        _register(_game)
