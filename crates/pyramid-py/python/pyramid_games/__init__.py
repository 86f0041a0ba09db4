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
    __version__,
    bot,
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
    "bot",
    "from_position",
    "from_ron",
    "game_info",
    "games",
    "new_game",
    "play_match",
    "sample_from_view",
]
