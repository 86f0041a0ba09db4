"""The Rust batch behind Gymnasium's vector API (`pyramid_games.gymnasium_vector`): its
spaces against `gymnasium.vector.utils.batch_space`, the autoreset mode in its metadata,
the `info` keys with their `_key` masks read by Gymnasium's own vector wrappers
(`DictInfoToList`, `RecordEpisodeStatistics`), masks Gymnasium's `MultiDiscrete.sample`
takes, determinism by Gymnasium's `data_equivalence`. Gymnasium has no checker for vector
environments (`check_env` takes one environment); these are its conventions, checked."""

import numpy as np
import pytest

import pyramid_games as pg

gymnasium = pytest.importorskip("gymnasium")

from gymnasium import spaces  # noqa: E402
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space, iterate  # noqa: E402
from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics  # noqa: E402

from pyramid_games.gymnasium_vector import GymnasiumVectorEnv  # noqa: E402
from rl_configs import CONFIGS  # noqa: E402



def legal_actions(envs, info):
    """Gymnasium's own masked sample: one legal next step per game."""
    return envs.action_space.sample(mask=tuple(info["action_mask"].view(np.int8)))


@pytest.mark.parametrize("game,rules", CONFIGS)
def test_spaces_metadata_and_info_keys(game, rules):
    envs = GymnasiumVectorEnv(game, num_envs=3, seed=2, ply_limit=30, **rules)
    batch = pg.VectorEnv(game, num_envs=1, **rules)
    assert isinstance(envs, VectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.single_observation_space == spaces.Box(0.0, 1.0, (batch.observation_len,), np.float32)
    assert envs.single_action_space == spaces.Discrete(batch.policy_size)
    assert envs.observation_space == batch_space(envs.single_observation_space, 3)
    assert envs.action_space == batch_space(envs.single_action_space, 3)
    assert envs.action_space == spaces.MultiDiscrete([batch.policy_size] * 3)
    envs.action_space.seed(5)
    obs, info = envs.reset(seed=4)
    ended = 0
    for _ in range(600):
        if ended >= 3:
            break
        assert envs.observation_space.contains(obs)
        assert set(info) >= {"action_mask", "_action_mask", "to_play", "_to_play"}
        assert info["action_mask"].shape == (3, batch.policy_size) and info["_action_mask"].all()
        assert info["to_play"].shape == (3,) and info["_to_play"].all()
        assert info["action_mask"].any(axis=1).all()
        movers = info["to_play"].copy()
        obs, rewards, terminations, truncations, info = envs.step(legal_actions(envs, info))
        assert rewards.shape == terminations.shape == truncations.shape == (3,)
        done = terminations | truncations
        if not done.any():
            assert "returns" not in info and "_returns" not in info
            assert not rewards.any()
            continue
        ended += int(done.sum())
        assert (info["_returns"] == done).all()
        returns = info["returns"]
        assert np.allclose(returns[done].sum(axis=1), 0.0, atol=1e-6)
        assert not returns[~done].any()
        assert (rewards == returns[np.arange(3), movers]).all()
    assert ended > 0


def test_gymnasiums_vector_wrappers_read_its_info_and_ends():
    envs = RecordEpisodeStatistics(GymnasiumVectorEnv("martian-chess", num_envs=4, seed=0, ply_limit=30))
    listed = DictInfoToList(envs)
    obs, infos = listed.reset(seed=1)
    assert isinstance(infos, list) and len(infos) == 4
    assert all(set(i) == {"action_mask", "to_play"} for i in infos)
    ended = 0
    for _ in range(100):
        masks = np.stack([i["action_mask"] for i in infos])
        actions = listed.action_space.sample(mask=tuple(masks.view(np.int8)))
        obs, rewards, terminations, truncations, infos = listed.step(actions)
        for i, done in enumerate(terminations | truncations):
            assert ("returns" in infos[i]) == bool(done)
            assert ("episode" in infos[i]) == bool(done)
            if done:
                ended += 1
                assert infos[i]["episode"]["l"] <= 30
                assert infos[i]["returns"].shape == (2,)
    assert ended >= 4 and envs.episode_count == ended
    assert len(envs.length_queue) == ended


def test_the_same_seed_and_actions_give_the_same_games():
    def run(seed):
        envs = GymnasiumVectorEnv("ataxx-ice", num_envs=4, seed=9, players=3, size="6", ply_limit=50)
        out = [envs.reset(seed=seed)]
        for _ in range(80):
            out.append(envs.step(envs.sample_legal()))
        return out

    assert data_equivalence(run(3), run(3), exact=True)
    assert not data_equivalence(run(3), run(4))


def test_same_step_autoreset_starts_the_next_game_in_the_row():
    envs = GymnasiumVectorEnv("martian-chess", num_envs=2, seed=0, ply_limit=20, copy=False)
    obs, info = envs.reset(seed=0)
    for _ in range(25):
        obs, rewards, terminations, truncations, info = envs.step(envs.sample_legal())
        if (terminations | truncations).any():
            break
    done = np.flatnonzero(terminations | truncations)
    assert done.size
    for i in done:
        state, prefix = envs.batch.state(int(i))
        assert state.plies() == 0 and prefix == []
        assert info["to_play"][i] == state.to_act()
        assert np.array_equal(obs[i], state.observation(state.to_act()).reshape(-1))
        assert sorted(np.flatnonzero(info["action_mask"][i])) == state.legal_steps()


def test_copies_are_the_callers_unless_copy_is_false():
    copied = GymnasiumVectorEnv("card-siege", num_envs=2, seed=1)
    obs, info = copied.reset(seed=1)
    kept_obs, kept_mask = obs.copy(), info["action_mask"].copy()
    copied.step(copied.sample_legal())
    assert np.array_equal(obs, kept_obs) and np.array_equal(info["action_mask"], kept_mask)

    shared = GymnasiumVectorEnv("card-siege", num_envs=2, seed=1, copy=False)
    obs, info = shared.reset(seed=1)
    after, _, _, _, info_after = shared.step(shared.sample_legal())
    assert after is obs and info_after["action_mask"] is info["action_mask"]


def test_multi_step_actions_through_the_vector_api():
    envs = GymnasiumVectorEnv("stacktrices", num_envs=2, seed=3, start="standard", ply_limit=60)
    obs, info = envs.reset(seed=3)
    tensor = int(np.prod(envs.batch.observation_shape))
    continued = 0
    for _ in range(300):
        actions = legal_actions(envs, info)
        obs, rewards, terminations, truncations, info = envs.step(actions)
        for i in range(2):
            _, prefix = envs.batch.state(i)
            shown = np.flatnonzero(obs[i, tensor:])
            assert sorted(shown) == sorted(set(prefix))  # a trade may give two of a kind
            continued += bool(prefix)
    assert continued > 0
    assert all(envs.single_action_space.contains(int(a)) for a in iterate(envs.action_space, actions))


def test_refused_input():
    envs = GymnasiumVectorEnv("martian-chess", num_envs=2, seed=0)
    obs, info = envs.reset(seed=0)
    illegal = np.array([int(np.flatnonzero(~info["action_mask"][0])[0]), 0])
    with pytest.raises(pg.IllegalAction):
        envs.step(illegal)
    with pytest.raises(ValueError, match="options"):
        envs.reset(options={"reset_mask": np.array([True, False])})
    with pytest.raises(TypeError, match="seed"):
        envs.reset(seed=[1, 2])
    again, _ = envs.reset(seed=0)
    assert np.array_equal(again, obs)
