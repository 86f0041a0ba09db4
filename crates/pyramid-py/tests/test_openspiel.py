"""The four games in OpenSpiel: its own random simulation test, its MCTS against ours,
and its ISMCTS on Stacktrices."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import pyramid_games as pg
import pyramid_games.openspiel  # noqa: F401  (registers the games)
from open_spiel.python.algorithms import ismcts, mcts

SEAT_COUNTS = {
    "pyramid_martian_chess": [2, 4],
    "pyramid_ataxx_ice": [2, 3, 4],
    "pyramid_card_siege": [2],
    "pyramid_stacktrices": [2],
}


def test_the_four_games_are_registered():
    names = pyspiel.registered_names()
    for name in SEAT_COUNTS:
        assert name in names


@pytest.mark.parametrize(
    "name,players", [(n, p) for n, counts in SEAT_COUNTS.items() for p in counts]
)
def test_random_sim_test(name, players):
    game = pyspiel.load_game(name, {"players": players, "ply_limit": 150})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_load_game_with_rule_options():
    game = pyspiel.load_game("pyramid_ataxx_ice", {"players": 3})
    assert game.num_players() == 3
    state = game.new_initial_state()
    assert state.current_player() == 0
    tensor = np.asarray(state.observation_tensor(0))
    assert tensor.size == int(np.prod(game.observation_tensor_shape()))


def _play(game, bots, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        bot = bots[state.current_player()]
        action = bot.step(state) if bot is not None else rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


@pytest.mark.parametrize(
    "name", ["pyramid_martian_chess", "pyramid_ataxx_ice", "pyramid_card_siege"]
)
def test_openspiel_mcts_plays_our_mcts(name):
    game = pyspiel.load_game(name, {"ply_limit": 120})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    theirs = mcts.MCTSBot(game, uct_c=2, max_simulations=20, evaluator=evaluator,
                          random_state=np.random.RandomState(2))
    ours = pg.bot("mcts:iters=50", seed=3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = theirs.step(state)
        else:
            text = ours.pick(state.inner)
            action = next(a for a in state.legal_actions()
                          if state.action_to_string(state.current_player(), a) == text)
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)


def test_openspiel_ismcts_plays_stacktrices_to_the_end():
    game = pyspiel.load_game("pyramid_stacktrices", {"start": "standard", "ply_limit": 80})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(4))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=10,
                           random_state=np.random.RandomState(5))
    rng = np.random.RandomState(6)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert state.is_terminal()
