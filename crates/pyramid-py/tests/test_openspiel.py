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


def test_a_drawn_option_defaults_to_the_value_a_new_game_plays():
    # Who starts Martian Chess is drawn per game of a match (`first=random`); the game
    # says so, and OpenSpiel, with no draw of its own, starts with seat 0.
    assert pg.game_info("martian-chess")["drawn_options"] == {"first": "0"}
    assert pg.game_info("ataxx-ice")["drawn_options"] == {}
    game = pyspiel.load_game("pyramid_martian_chess")
    assert game.get_parameters()["first"] == 0
    assert game.new_initial_state().current_player() == 0
    game = pyspiel.load_game("pyramid_martian_chess", {"first": 1})
    assert game.new_initial_state().current_player() == 1
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().current_player() == 1


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
            for step in state.inner.action_steps(text):
                state.apply_action(step)
            continue
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)


def test_openspiel_actions_are_the_policy_space():
    sizes = {"pyramid_martian_chess": 1025, "pyramid_ataxx_ice": 8386,
             "pyramid_card_siege": 4050, "pyramid_stacktrices": 21026}
    for name, size in sizes.items():
        assert pyspiel.load_game(name).num_distinct_actions() == size


def test_a_relocating_jump_is_played_step_by_step_by_the_same_seat():
    game = pyspiel.load_game("pyramid_ataxx_ice", {"ply_limit": 50})
    assert game.max_game_length() == 50 * 17
    state = game.new_initial_state()
    # Seat 0 to move: smalls on d4, a1, b1, c1, h1; seat 1's on f7, g7, h8 (see test_api).
    state.inner = pg.from_position(
        "ataxx-ice", "7S1/5S1S11/8/8/3S04/8/8/S0S0S04S0 0 055,255 - 0")
    base = 4096 + 27 * 64 + 45  # d4-f6
    assert base in state.legal_actions()
    state.apply_action(base)
    assert state.current_player() == 0
    assert state.legal_actions() == [8321, 8322, 8323]
    assert str(state).endswith(f" steps={base}")
    assert state.information_state_string(0).endswith(f" steps={base}")
    copy = state.clone()
    state.apply_action(8321)
    assert copy.legal_actions() == [8321, 8322, 8323]
    with pytest.raises(Exception):
        state.apply_action(8321)
    state.apply_action(8328)
    assert state.legal_actions() == [8385]
    assert state.action_to_string(0, 8385) == "end"
    state.apply_action(8385)
    assert state.current_player() == 1
    assert state.inner.plies() == 1 and str(state) == state.inner.position()
    tensor = np.asarray(copy.observation_tensor(0))
    assert tensor.size == int(np.prod(game.observation_tensor_shape()))
    assert tensor[-8386 + base] == 1.0 and tensor[-8386:].sum() == 1.0


def test_an_unfinished_trade_shows_only_to_the_trader():
    game = pyspiel.load_game("pyramid_stacktrices", {"start": "standard"})
    state = game.new_initial_state()
    # White (seat 0) at the trading post: a1 P p, b1 D d, c1 a pupil, d1 Q.
    state.inner = pg.from_position(
        "stacktrices", "6,bqP/7/7/7/7/7/wdPp,wqDd,wd,wqQ,3 PPDDDQQpppdddqqq a1,- -,- trade 0 1",
        rules={"start": "standard"})
    give_drone_b1 = 20436 + 1 * 49 + 1
    state.apply_action(give_drone_b1)
    assert state.current_player() == 0
    assert state.information_state_string(0).endswith(f" steps={give_drone_b1}")
    assert "steps=" not in state.information_state_string(1)
    resampled = state.resample_from_infostate(0, None)
    assert resampled.legal_actions() == state.legal_actions()


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


def _tiny_model(tmp_path, game):
    """A tiny untrained model of `game` (4 channels, 1 block)."""
    from pyramid_games import learn
    out = tmp_path / game
    trainer = learn.Trainer(game, str(out), generations=1, channels=4, blocks=1, steps=0,
                            evaluate_every=0)
    trainer.end_generation()
    return out / "model.safetensors"


@pytest.mark.parametrize("game", ["ataxx-ice", "martian-chess"])
@pytest.mark.parametrize("spec", ["mcts:iters=10", "az:model={model},iters=8"])
def test_spec_bots_play_whole_openspiel_games(tmp_path, game, spec):
    from open_spiel.python.algorithms import evaluate_bots
    from pyramid_games.openspiel import SpecBot
    spec = spec.format(model=_tiny_model(tmp_path, game) if "{model}" in spec else "")
    osgame = pyspiel.load_game("pyramid_" + game.replace("-", "_"), {"ply_limit": 60})
    state = osgame.new_initial_state()
    bots = [SpecBot(spec, seed=1), SpecBot(spec, seed=2)]
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(1))
    assert state.is_terminal() and state.inner.is_over()
    assert sum(returns) == pytest.approx(0.0)
    assert len(state.history()) >= state.inner.plies() > 0
    if game == "ataxx-ice" and spec.startswith("mcts"):
        # These seeded searches play jumps with relocations: actions of several steps.
        assert len(state.history()) > state.inner.plies()


def test_spec_bot_plays_a_relocating_jump_step_by_step_as_the_native_bot_picks_it():
    from pyramid_games.openspiel import SpecBot
    game = pyspiel.load_game("pyramid_ataxx_ice", {"ply_limit": 50})
    state = game.new_initial_state()
    state.inner = pg.from_position(
        "ataxx-ice", "7S1/5S1S11/8/8/3S04/8/8/S0S0S04S0 0 055,255 - 0")
    # Seat 0 may jump d4-f6 or d4-e6, capturing and relocating; greedy seeded 1 does.
    steps = state.inner.action_steps(pg.bot("greedy", 1).pick(state.inner))
    assert len(steps) > 2
    bot = SpecBot("greedy", seed=1)
    played = []
    while state.current_player() == 0:
        step = bot.step(state)
        played.append(step)
        state.apply_action(step)
    assert played == steps
    assert state.inner.plies() == 1


def test_spec_bot_finishes_an_action_another_player_began():
    from pyramid_games.openspiel import SpecBot
    game = pyspiel.load_game("pyramid_ataxx_ice", {"ply_limit": 50})
    state = game.new_initial_state()
    state.inner = pg.from_position(
        "ataxx-ice", "7S1/5S1S11/8/8/3S04/8/8/S0S0S04S0 0 055,255 - 0")
    state.apply_action(4096 + 27 * 64 + 45)  # d4-f6, its relocations still to choose
    bot = SpecBot("mcts:iters=10", seed=1)
    while state.current_player() == 0:
        step = bot.step(state)
        assert step in state.legal_actions()
        state.apply_action(step)
    assert state.inner.plies() == 1
