"""OpenSpiel bindings: ``import pyramid_games.openspiel`` registers the four games.

Registered names: ``pyramid_martian_chess``, ``pyramid_ataxx_ice``,
``pyramid_card_siege``, ``pyramid_stacktrices``. Game parameters: ``players`` and every
rule option of the game (numbers as ints, words as strings, e.g. ``{"players": 3,
"size": 6, "ply_limit": 300}``; ``ply_limit`` (an int) defaults to 1000 when left out,
and 0 is refused, as every tool reads a ply limit), so
``pyspiel.load_game("pyramid_ataxx_ice", {"players": 3})`` works.

Actions are decision steps of the game's policy space (``State.policy_size()``,
each game's page, "Policy space"): every OpenSpiel action is an index whose meaning never
depends on the state, and ``num_distinct_actions()`` is the policy-space size.

- martian-chess and card-siege: every action is one step, the game's own action id
  (``State.legal_action_ids()``);
- ataxx-ice and stacktrices: an action with relocations (ataxx-ice) or a trade
  (stacktrices) takes several steps. The steps chosen so far (the partial action) are
  part of the OpenSpiel state, which the same seat acts in again until the action is
  complete; then the game's action is played. ``max_game_length()`` is the ply limit
  times the most steps an action has.

The partial action shows in ``str(state)`` (``position steps=i,j``), in the acting seat's
information-state and observation strings, and, for the multi-step games, in the
observation tensor's ``steps`` part (``policy_size()`` entries, 1 at each chosen step).
Other seats of Stacktrices do not see an unfinished trade's steps.

``SpecBot(spec, seed)`` plays any bot spec of this package (``mcts:iters=200``,
``az:model=FILE,iters=400``) as a ``pyspiel.Bot`` in these games, a whole action at a
time, its steps one by one.

Returns are zero-sum: +1 for the winner, -1/(players-1) for each loser, 0 for a draw.
Options whose default is a draw left to a match tool (``game_info(name)["drawn_options"]``)
default to the value a new game plays them as: Martian Chess starts with seat 0 unless
the ``first`` option says otherwise (the random draw of who starts is a match tool's,
not part of the game tree). Stacktrices is an
imperfect-information game: information states are the seat's view string and
``resample_from_infostate`` draws a full state consistent with it (ISMCTS can play it).
"""

from __future__ import annotations

import random
from typing import Optional

import numpy as np
import pyspiel

from . import _native

#: The ply limit OpenSpiel games use when the parameters set none, so every game ends
#: (OpenSpiel needs a maximum game length).
DEFAULT_PLY_LIMIT = 1000


def _short_name(game: str) -> str:
    return "pyramid_" + game.replace("-", "_")


def _typed_default(key: str, default: str, drawn: dict):
    """The OpenSpiel parameter default of a rule option, typed the way OpenSpiel reads a
    game string (``name(size=6)`` gives an int), so a game rebuilt from its string (deep
    copies, pickling) has parameters of the declared types: numbers are ints, words stay
    strings. ``ply_limit`` defaults to ``DEFAULT_PLY_LIMIT`` (OpenSpiel needs a maximum
    game length). An option whose default is a draw left to the tool running a match
    (``game_info``'s ``drawn_options``: Martian Chess's ``first=random``) defaults to the
    value a new game plays it as (seat 0): a game tree has no draw of its own."""
    if key == "ply_limit":
        return DEFAULT_PLY_LIMIT
    default = drawn.get(key, default)
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
    # "No limit", as the engines spell it: OpenSpiel needs one, so the default.
    if rules.get("ply_limit", "none") in ("none", "off"):
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
            max_game_length=int(self.rules["ply_limit"]) * self.max_steps,
        )
        super().__init__(game_type, game_info, params)

    def _fields(self, game: str, params: dict) -> None:
        """Sets the Python-side fields from the game name and its parameters."""
        self.pyramid_name = game
        info = _native.game_info(game)
        self.players, self.rules = _rules_from_params(info, params)
        start = _native.new_game(game, players=self.players, rules=self.rules)
        self.distinct_actions = start.policy_size()
        self.max_steps = start.max_steps()
        self.observation_shape = list(start.observation_shape())

    def __getattr__(self, name):
        # A game rebuilt by copy or pickle gets only its C++ part back (from its game
        # string); rebuild the Python fields from the parameters on first use.
        if name in ("pyramid_name", "players", "rules", "distinct_actions", "max_steps", "observation_shape"):
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
        #: The decision steps of the acting seat's unfinished action (empty between actions).
        self.prefix: list[int] = []

    def steps_suffix(self, player: Optional[int] = None) -> str:
        """`` steps=i,j`` for the unfinished action, when there is one and `player` (None:
        everyone) may see it: the acting seat, or anyone in a perfect-information game."""
        if not self.prefix:
            return ""
        hidden = not self._game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
        if player is not None and hidden and player != self.inner.to_act():
            return ""
        return " steps=" + ",".join(map(str, self.prefix))

    # --- actions: decision steps of the policy space ------------------------------------
    def current_player(self):
        seat = self.inner.to_act()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        if self.inner.is_over() or player != self.inner.to_act():
            return []
        return self.inner.legal_steps(self.prefix)

    def _apply_action(self, action):
        steps = self.prefix + [int(action)]
        if self.inner.steps_action(steps) is not None:
            self.inner.play_steps(steps)
            self.prefix = []
        elif self.inner.legal_steps(steps):
            self.prefix = steps  # a legal action continues them
        else:
            raise _native.IllegalAction(
                f"step {action} does not continue a legal action after steps {self.prefix}"
            )

    def _action_to_string(self, player, action):
        try:
            return self.inner.step_text(int(action))
        except ValueError:
            return f"action {action}"

    def is_terminal(self):
        return self.inner.is_over()

    def returns(self):
        return self.inner.returns()

    def __str__(self):
        return self.inner.position() + self.steps_suffix()

    def clone(self):
        copy = super().clone()
        copy.inner = self.inner.clone()
        copy.prefix = list(self.prefix)
        return copy

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state drawn from `player_id`'s information set (its view), keeping the history
        and the unfinished action's steps. The seat to act has the same legal steps in every
        state of its information set; for another seat, states where the unfinished action
        could not go on are drawn again."""
        del probability_sampler
        view = self.inner.view(player_id)
        for _ in range(64):
            sampled = _native.sample_from_view(
                self._game.pyramid_name, view, self.inner.rules(), random.getrandbits(64))
            if not self.prefix or sampled.legal_steps(self.prefix):
                break
        else:
            raise RuntimeError(f"no state drawn from seat {player_id}'s view continues steps {self.prefix}")
        copy = self.clone()
        copy.inner = sampled
        return copy


class PyramidObserver:
    """Observation and information-state strings and tensors, from the seat's view, with
    the unfinished action's steps where the seat may see them. The tensor is the game's
    observation (``observation``) and, for games whose actions may take several steps,
    a ``steps`` part of ``policy_size()`` entries, 1 at each step chosen so far."""

    def __init__(self, game: PyramidGame, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        shape = tuple(game.observation_shape)
        size = int(np.prod(shape))
        steps = int(game.distinct_actions) if game.max_steps > 1 else 0
        self.tensor = np.zeros(size + steps, np.float32)
        self.dict = {"observation": self.tensor[:size].reshape(shape)}
        if steps:
            self.dict["steps"] = self.tensor[size:]
        self._size = size

    def set_from(self, state: PyramidState, player: int):
        self.tensor[: self._size] = state.inner.observation(player).reshape(-1)
        if "steps" in self.dict:
            steps = self.dict["steps"]
            steps[:] = 0.0
            if state.steps_suffix(player):
                steps[state.prefix] = 1.0

    def string_from(self, state: PyramidState, player: int):
        return state.inner.view(player) + state.steps_suffix(player)


class SpecBot(pyspiel.Bot):
    """A bot of this package by spec (``mcts:iters=200``, ``az:model=FILE,iters=400``, any
    spec ``pyramid_games.bot`` takes) as an OpenSpiel bot, for the games this module
    registers: it plays in ``pyspiel.evaluate_bots``, OpenSpiel's own Python loops, or
    beside OpenSpiel's bots.

    ``step(state)`` picks a whole action with the native bot on the game state
    (``state.inner``; the bot sees only the acting seat's view) and returns its first
    decision step after the state's unfinished steps (``state.prefix``). It keeps the
    rest of the action, so the next steps of the same action continue it without a new
    search. A state part way through an action it did not plan (another player chose
    the first steps for this seat) is finished with the first legal action that
    continues those steps.

    >>> import pyspiel, pyramid_games.openspiel as pos
    >>> game = pyspiel.load_game("pyramid_martian_chess")
    >>> bot = pos.SpecBot("mcts:iters=20", seed=1)
    >>> state = game.new_initial_state()
    >>> bot.step(state) in state.legal_actions()
    True
    """

    def __init__(self, spec: str, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self._bot = _native.bot(spec, seed)
        #: The game state the planned action was chosen in, and the action's steps.
        self._planned: Optional[tuple[_native.State, list[int]]] = None

    @property
    def spec(self) -> str:
        """The bot's spec, in canonical form."""
        return self._bot.spec

    def _plan(self, state: PyramidState) -> list[int]:
        """The steps of the action to play from ``state``: the plan when it was made in
        this game state and continues the unfinished steps, otherwise a new one."""
        prefix = list(state.prefix)
        if self._planned is not None:
            inner, steps = self._planned
            if inner == state.inner and len(steps) > len(prefix) and steps[: len(prefix)] == prefix:
                return steps
        steps = state.inner.action_steps(self._bot.pick(state.inner))
        if steps[: len(prefix)] != prefix or len(steps) <= len(prefix):
            steps = next(
                (s for s in map(state.inner.action_steps, state.inner.legal_actions())
                 if s[: len(prefix)] == prefix and len(s) > len(prefix)),
                None,
            )
            if steps is None:
                raise _native.IllegalAction(
                    f"no legal action continues the steps {prefix} in this state")
        self._planned = (state.inner.clone(), steps)
        return steps

    def step(self, state: PyramidState) -> int:
        """The next decision step for the seat to act in ``state``."""
        return self._plan(state)[len(state.prefix)]

    def restart_at(self, state: PyramidState) -> None:
        """Forgets the planned action (a new game, or a jump to another state)."""
        del state
        self._planned = None

    def restart(self) -> None:
        """Forgets the planned action."""
        self._planned = None

    def inform_action(self, state: PyramidState, player_id: int, action: int) -> None:
        """Nothing to do: a plan holds only for the game state it was made in."""
        del state, player_id, action

    def inform_actions(self, state: PyramidState, actions: list[int]) -> None:
        """Nothing to do (the games are sequential)."""
        del state, actions

    def provides_force_action(self) -> bool:
        return False

    def provides_policy(self) -> bool:
        return False

    def is_clonable(self) -> bool:
        return False


def _register(game: str) -> None:
    info = _native.game_info(game)
    parameters = {"players": int(info["seat_counts"][0])}
    for option in info["rule_options"]:
        if option["key"] not in ("seats",):
            parameters[option["key"]] = _typed_default(
                option["key"], str(option["default"]), info["drawn_options"]
            )
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
