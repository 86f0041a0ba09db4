"""pyramid_games: rules engines for four abstract games played with Looney pyramids.

Martian Chess, Ataxx-ice, card-siege and Stacktrices at native speed (Rust), behind one
API, with bots, matches identical to ``pyrctl match``, observation tensors for learning,
and OpenSpiel bindings (``import pyramid_games.openspiel``).

>>> import pyramid_games as pg
>>> state = pg.new_game("martian-chess")
>>> len(state.legal_actions())
10
>>> state.play("b3-a4")
'b3-a4'
>>> pg.bot("mcts:iters=100", seed=1).pick(state) in state.legal_actions()
True

Games and their rule options: ``games()``, ``game_info(name)``. States: ``new_game``,
``from_position``; every action is text in the game's notation or an integer id
(``legal_action_ids()``, ``action_space()``). Refused input raises a ``ValueError``
subclass: ``IllegalAction``, ``InvalidPosition``, ``InvalidRules``, ``UnknownGame``,
``InvalidModel`` (a model file that is damaged or of another game).
Training (AlphaZero-style self-play, on Ray): ``pyramid_games.learn``.
Reinforcement learning: ``VectorEnv`` (a batch of games stepped in Rust; as a
``gymnasium.vector.VectorEnv``: ``pyramid_games.gymnasium_vector``),
``pyramid_games.pettingzoo.env(game)`` and ``gymnasium.make("pyramid_games/<game>-v0")``
(registered here when Gymnasium is installed; ``pip install pyramid_games[rl]``).
"""

from ._native import (
    Bot,
    IllegalAction,
    InvalidModel,
    InvalidPosition,
    InvalidRules,
    Match,
    State,
    UnknownGame,
    VectorEnv,
    __version__,
    bot,
    deal,
    from_position,
    from_ron,
    game_info,
    games,
    new_game,
    play_match,
    sample_from_view,
)

__all__ = [
    "__version__",
    "Bot",
    "IllegalAction",
    "InvalidModel",
    "InvalidPosition",
    "InvalidRules",
    "Match",
    "State",
    "UnknownGame",
    "VectorEnv",
    "bot",
    "deal",
    "from_position",
    "from_ron",
    "game_info",
    "games",
    "new_game",
    "play_match",
    "sample_from_view",
]


def _register_gymnasium() -> None:
    """Registers the Gymnasium ids when Gymnasium is installed; nothing otherwise (and
    nothing that fails: a broken Gymnasium must not break this package's import)."""
    import importlib.util

    try:
        if importlib.util.find_spec("gymnasium") is None:
            return
        from .gymnasium_env import register_envs

        register_envs()
    except Exception:  # noqa: BLE001 - registration is a convenience, never a failure
        pass


_register_gymnasium()
