"""Reinforcement-learning environments: PettingZoo (api_test), Gymnasium (check_env),
and the Rust VectorEnv (determinism, autoreset, masks, refused input)."""

import numpy as np
import pytest

import pyramid_games as pg

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from pyramid_games import pettingzoo as pz  # noqa: E402
from rl_configs import CONFIGS  # noqa: E402



@pytest.mark.parametrize("game,rules", CONFIGS)
def test_pettingzoo_api(game, rules):
    env = pz.env(game, ply_limit=60, **rules)
    api_test(env, num_cycles=60)


def play_out(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] = rewards.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return rewards


def test_pettingzoo_rewards_at_the_end_and_seeded():
    env = pz.env("ataxx-ice", players=3, size="5", ply_limit=400)
    first = play_out(env, 3)
    assert sorted(first) == sorted(env.possible_agents)
    assert abs(sum(first.values())) < 1e-9
    assert play_out(env, 3) == first
    assert env.unwrapped.decisions.state.is_over()


def test_pettingzoo_render():
    env = pz.env("martian-chess", render_mode="ansi")
    env.reset(seed=0)
    assert isinstance(env.render(), str) and "\n" in env.render()
    env = pz.env("card-siege", render_mode="svg")
    env.reset(seed=0)
    assert env.render().lstrip().startswith("<")


def test_pettingzoo_illegal_step_raises_and_changes_nothing():
    env = pz.env("martian-chess")
    env.reset(seed=1)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    position = env.unwrapped.decisions.state.position()
    with pytest.raises(pg.IllegalAction):
        env.step(illegal)
    with pytest.raises(TypeError):
        env.step(1.5)
    assert env.unwrapped.decisions.state.position() == position
    assert env.agent_selection == agent


def stacktrices_pair():
    """Two Stacktrices states that differ only in seat 1's hidden thief."""
    base = pg.new_game("stacktrices", rules={"start": "standard"})
    view = base.view(0)
    for seed in range(200):
        other = pg.sample_from_view("stacktrices", view, rules=base.rules(), seed=seed)
        if other.position() != base.position():
            return base, other
    raise AssertionError("no second state with the same view for seat 0")


def test_stacktrices_observations_do_not_leak_the_other_thief():
    base, other = stacktrices_pair()
    envs = []
    for state in (base, other):
        env = pz.raw_env("stacktrices", start="standard")
        env.reset(seed=0)
        env.decisions.state = state.clone()
        envs.append(env)
    seat0 = envs[0].possible_agents[0]
    a, b = envs[0].observe(seat0), envs[1].observe(seat0)
    np.testing.assert_array_equal(a["observation"], b["observation"])
    np.testing.assert_array_equal(a["action_mask"], b["action_mask"])
    # Seat 1 sees its own thief: the two states look different to it.
    seat1 = envs[0].possible_agents[1]
    assert not np.array_equal(envs[0].observe(seat1)["observation"], envs[1].observe(seat1)["observation"])


@pytest.mark.parametrize("game", pg.games())
def test_gymnasium_check_env(game):
    env = gymnasium.make(f"pyramid_games/{game}-v0", illegal_action="lose", ply_limit=40)
    check_env(env.unwrapped)


def test_gymnasium_plays_against_a_searching_bot():
    env = gymnasium.make("pyramid_games/martian-chess-v0", opponent="mcts:iters=20", seat=None)
    obs, info = env.reset(seed=5)
    done, total = False, 0.0
    while not done:
        assert obs.dtype == np.float32 and info["action_mask"].any()
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    assert total in (-1.0, 0.0, 1.0)
    assert "returns" in info
    with pytest.raises(RuntimeError):
        env.step(0)


def test_gymnasium_illegal_action_raises():
    env = gymnasium.make("pyramid_games/card-siege-v0").unwrapped
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(pg.IllegalAction):
        env.step(illegal)
    with pytest.raises(ValueError):
        gymnasium.make("pyramid_games/card-siege-v0", opponent="mcts:iters=lots")


# --- VectorEnv ---------------------------------------------------------------------


def run(env, steps):
    trace = []
    for _ in range(steps):
        obs, masks, rewards, term, trunc, to_play = env.step(env.sample_legal())
        trace.append((obs.copy(), masks.copy(), rewards.copy(), term.copy(), trunc.copy(), to_play.copy()))
    return trace


@pytest.mark.parametrize("game", pg.games())
def test_vector_env_masks_agree_with_legal_steps(game):
    env = pg.VectorEnv(game, num_envs=3, seed=4)
    obs, masks, info = env.reset()
    to_play = info["to_play"]
    assert obs.dtype == np.float32 and obs.shape == (3, env.observation_len)
    assert masks.dtype == np.bool_ and masks.shape == (3, env.policy_size)
    tensor = int(np.prod(env.observation_shape))
    for _ in range(15):
        for i in range(3):
            state, prefix = env.state(i)
            np.testing.assert_array_equal(masks[i], state.legal_steps_mask(prefix))
            assert to_play[i] == state.to_act()
            np.testing.assert_array_equal(obs[i, :tensor], state.observation(state.to_act()).reshape(-1))
        obs, masks, _, _, _, to_play = env.step(env.sample_legal())


def test_vector_env_masks_agree_with_legal_steps_through_stacktrices_trades():
    # Trade decisions list their first steps from the game's counts and only the trades
    # of the first step chosen: the masks must still be the legal steps at every step.
    env = pg.VectorEnv("stacktrices", num_envs=4, seed=2, start="standard", ply_limit=120)
    _, masks, _ = env.reset()
    trading = 0
    for _ in range(600):
        for i in range(4):
            state, prefix = env.state(i)
            np.testing.assert_array_equal(masks[i], state.legal_steps_mask(prefix))
            trading += bool(prefix)
        _, masks, _, _, _, _ = env.step(env.sample_legal())
    assert trading > 50


def test_vector_env_is_seeded_and_threads_agree():
    a = pg.VectorEnv("martian-chess", num_envs=8, seed=7)
    b = pg.VectorEnv("martian-chess", num_envs=8, seed=7, threads=2)
    a.reset(seed=7)
    b.reset(seed=7)
    for x, y in zip(run(a, 50), run(b, 50)):
        for u, v in zip(x, y):
            np.testing.assert_array_equal(u, v)
    first = a.reset(seed=7)[0].copy()
    np.testing.assert_array_equal(first, pg.VectorEnv("martian-chess", num_envs=8, seed=7).reset(seed=7)[0])


def test_vector_env_autoresets_in_the_same_step():
    env = pg.VectorEnv("ataxx-ice", num_envs=4, seed=1, size="5", ply_limit=8)
    env.reset()
    ended = 0
    for _ in range(40):
        obs, masks, rewards, term, trunc, to_play = env.step(env.sample_legal())
        for i in np.flatnonzero(term | trunc):
            ended += 1
            state, prefix = env.state(int(i))
            assert state.plies() == 0 and prefix == []
            assert masks[i].any() and to_play[i] == state.to_act()
            assert abs(env.returns[i].sum()) < 1e-6
        assert not (term & trunc).any()
    assert ended >= 4


def test_vector_env_rewards_the_seat_that_acted():
    env = pg.VectorEnv("martian-chess", num_envs=16, seed=3, ply_limit=400)
    env.reset()
    seen = 0
    for _ in range(400):
        mover = env.state(0)[0].to_act(), [env.state(i)[0].to_act() for i in range(16)]
        obs, masks, rewards, term, trunc, to_play = env.step(env.sample_legal())
        for i in np.flatnonzero(term):
            seen += 1
            assert rewards[i] == env.returns[i][mover[1][i]]
    assert seen > 0


def test_vector_env_refuses_bad_input_and_changes_nothing():
    env = pg.VectorEnv("martian-chess", num_envs=2, seed=0)
    obs, masks, _ = env.reset()
    before = (obs.copy(), env.state(0)[0].position())
    legal = env.sample_legal().copy()
    illegal = legal.copy()
    illegal[1] = int(np.flatnonzero(~masks[1])[0])
    for bad, error in [
        (illegal, pg.IllegalAction),
        (np.array([-1, legal[1]]), pg.IllegalAction),
        (np.array([env.policy_size, legal[1]]), pg.IllegalAction),
        (legal[:1], ValueError),
        (legal.astype(np.float32), TypeError),
        (legal.reshape(2, 1), ValueError),
        ("ab", TypeError),
    ]:
        with pytest.raises(error):
            env.step(bad)
        np.testing.assert_array_equal(obs, before[0])
        assert env.state(0)[0].position() == before[1]
    env.step(legal.astype(np.int32))  # any integer dtype
    env.step(list(env.sample_legal()))
    with pytest.raises(pg.UnknownGame):
        pg.VectorEnv("martian-chez")
    with pytest.raises(pg.InvalidRules):
        pg.VectorEnv("ataxx-ice", size="99")
    with pytest.raises(ValueError):
        pg.VectorEnv("ataxx-ice", num_envs=0)


def test_vector_env_multi_step_observation_shows_the_steps_chosen():
    env = pg.VectorEnv("stacktrices", num_envs=1, seed=2, start="standard")
    obs, masks, _ = env.reset()
    tensor = int(np.prod(env.observation_shape))
    assert env.observation_len == tensor + env.policy_size
    for _ in range(300):
        obs, masks, *_ = env.step(env.sample_legal())
        state, prefix = env.state(0)
        np.testing.assert_array_equal(np.flatnonzero(obs[0, tensor:]), sorted(set(prefix)))
        if prefix:
            return
    pytest.fail("no trade under way in 300 steps")
