"""Learning from Python: the `az` bot by spec, the learner (`Trainer`) and the workers'
`self_play`, and `pyramid_games.learn.train` on a local Ray instance. Every model here is
tiny (4 channels, 1 block) and every run a few games of a few plies."""

import json

import pytest

import pyramid_games as pg
from pyramid_games import learn

TINY = {"channels": 4, "blocks": 1, "steps": 2, "evaluate_every": 0}


def tiny_model(tmp_path, game, options=None):
    """A tiny untrained model of `game`: a run's first generation without self-play."""
    out = tmp_path / f"{game}-model"
    trainer = learn.Trainer(game, str(out), options=options, generations=1, **TINY)
    trainer.learn()
    trainer.end_generation()
    return out / "model.safetensors"


def test_az_bot_by_spec_picks_legal_actions(tmp_path):
    for game in ["martian-chess", "ataxx-ice"]:
        bot = pg.bot(f"az:model={tiny_model(tmp_path, game)},iters=8", 1)
        state = pg.new_game(game)
        for _ in range(4):
            action = bot.pick(state)
            assert action in state.legal_actions()
            state.play(action)


def test_az_bot_refuses_a_model_of_another_game_naming_both(tmp_path):
    bot = pg.bot(f"az:model={tiny_model(tmp_path, 'martian-chess')},iters=8", 1)
    state = pg.new_game("ataxx-ice")
    with pytest.raises(ValueError, match="model of martian-chess, not of ataxx-ice"):
        bot.pick(state)
    assert state.plies() == 0


def test_az_bot_refuses_a_garbage_file(tmp_path):
    garbage = tmp_path / "garbage.safetensors"
    garbage.write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00not a model at all")
    bot = pg.bot(f"az:model={garbage},iters=8", 1)
    with pytest.raises(ValueError, match="damaged or not a safetensors file"):
        bot.pick(pg.new_game("martian-chess"))


def test_self_play_refuses_another_games_model_garbage_and_misfit_rules(tmp_path):
    model = tiny_model(tmp_path, "martian-chess").read_bytes()
    with pytest.raises(pg.InvalidModel, match="model of martian-chess, not of ataxx-ice"):
        learn.self_play("ataxx-ice", None, model, 1, 1)
    with pytest.raises(pg.InvalidModel, match="damaged"):
        learn.self_play("martian-chess", None, b"garbage", 1, 1)
    # The clock doubles Martian Chess's policy space: the network does not fit.
    with pytest.raises(pg.InvalidModel, match="other rules of martian-chess"):
        learn.self_play("martian-chess", {"clock": True}, model, 1, 1)
    with pytest.raises(pg.InvalidRules, match="no rule option `bogus`"):
        learn.self_play("martian-chess", {"bogus": "1"}, model, 1, 1)
    with pytest.raises(pg.UnknownGame):
        learn.self_play("martian-chess2", None, model, 1, 1)
    with pytest.raises(ValueError, match="threads=0: from 1 to 256"):
        learn.self_play("martian-chess", None, model, 1, 1, threads=0)


def test_a_workers_self_play_stops_with_the_runs_time(tmp_path):
    timed = learn.Trainer("martian-chess", str(tmp_path / "timed"), hours=1.0, **TINY)
    left = timed.seconds_left()
    assert left is not None and 3500 < left <= 3600
    untimed = learn.Trainer("martian-chess", str(tmp_path / "untimed"), generations=1, **TINY)
    assert untimed.seconds_left() is None
    # No time left: no game is played to its end, and none is counted.
    data, games, count, plies = learn.self_play(
        "martian-chess", None, timed.model_bytes(), 4, 1, iterations=4, max_plies=10,
        seconds=0.0)
    assert (games, count, plies) == (0, 0, 0)
    assert timed.add_positions(data, games) == 0
    with pytest.raises(ValueError, match="seconds=-1"):
        learn.self_play("martian-chess", None, timed.model_bytes(), 1, 1, seconds=-1.0)


def test_trainer_adds_a_workers_positions_and_refuses_another_games(tmp_path):
    trainer = learn.Trainer("martian-chess", str(tmp_path / "run"), generations=1, **TINY)
    data, games, count, plies = learn.self_play(
        "martian-chess", None, trainer.model_bytes(), 2, trainer.next_seed,
        iterations=4, max_plies=10, threads=2)
    assert (games, count, plies) == (2, 20, 20)
    other = learn.Trainer("ataxx-ice", str(tmp_path / "other"), generations=1, **TINY)
    foreign, *_ = learn.self_play("ataxx-ice", None, other.model_bytes(), 1, 1,
                                  iterations=2, max_plies=2)
    with pytest.raises(pg.InvalidModel, match="does not fit the model of martian-chess"):
        trainer.add_positions(foreign, 1)
    with pytest.raises(pg.InvalidModel, match="not a replay buffer"):
        trainer.add_positions(b"garbage", 1)
    assert trainer.add_positions(data, games) == count
    trainer.self_played(count, plies, 0.5)
    trainer.learn()
    line = json.loads(trainer.end_generation())
    assert (line["generation"], line["games"], line["buffer"]) == (1, 2, 20)
    assert line["mean_plies"] == 10.0 and line["positions_per_s"] == 40.0
    assert trainer.finished()
    with pytest.raises(FileExistsError):
        learn.Trainer("martian-chess", str(tmp_path / "run"), generations=2, **TINY)
    with pytest.raises(FileNotFoundError):
        learn.Trainer("martian-chess", str(tmp_path / "none"), resume=True, generations=2)
    with pytest.raises(pg.InvalidModel, match="model of martian-chess, not of ataxx-ice"):
        learn.Trainer("ataxx-ice", str(tmp_path / "run"), resume=True, generations=2)


@pytest.fixture
def local_ray():
    """One local Ray instance (2 CPUs, loopback) for both runs of the test: `train` uses
    the Ray it finds (and leaves it running), as with `address=None` it would start one."""
    ray = pytest.importorskip("ray", reason="install ray (test.sh does)")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1")
    yield
    ray.shutdown()


def test_train_on_local_ray_makes_a_model_and_resume_goes_on(tmp_path, local_ray):
    out = tmp_path / "run"
    settings = dict(workers=2, games_per_generation=3, iterations=4, steps=2, channels=4,
                    blocks=1, max_plies=12, evaluate_every=0)
    lines = learn.train("ataxx-ice", str(out), generations=1, **settings)
    assert [l["generation"] for l in lines] == [1]
    assert lines[0]["games"] == 3 and lines[0]["mean_plies"] > 0
    with pytest.raises(FileExistsError):
        learn.train("ataxx-ice", str(out), generations=2, **settings)
    printed = []
    lines = learn.train("ataxx-ice", str(out), generations=2, resume=True,
                        progress=printed.append, **settings)
    assert [l["generation"] for l in lines] == [2]
    assert lines[0]["games"] == 6 and lines[0]["steps"] == 4
    log = (out / "log.jsonl").read_text().splitlines()
    assert [json.loads(l)["generation"] for l in log] == [1, 2] and printed == log[1:]
    assert learn.train("ataxx-ice", str(out), generations=2, resume=True, **settings) == []
    bot = pg.bot(f"az:model={out / 'model.safetensors'},iters=8", 1)
    state = pg.new_game("ataxx-ice")
    assert bot.pick(state) in state.legal_actions()


def test_train_needs_a_limit_and_refuses_bad_settings_before_starting_ray(tmp_path):
    with pytest.raises(ValueError, match="hours= or generations="):
        learn.train("martian-chess", str(tmp_path / "a"))
    with pytest.raises(ValueError, match="workers=0"):
        learn.train("martian-chess", str(tmp_path / "a"), generations=1, workers=0)
    with pytest.raises(ValueError, match="hours=-1"):
        learn.train("martian-chess", str(tmp_path / "a"), hours=-1)
    with pytest.raises(pg.InvalidRules):
        learn.train("martian-chess", str(tmp_path / "a"), generations=1,
                    options={"bogus": 1})
    with pytest.raises(ValueError, match="channels=4096: from 1 to 1024"):
        learn.train("martian-chess", str(tmp_path / "a"), generations=1, channels=4096)
    with pytest.raises(ValueError, match="opponent"):
        learn.train("martian-chess", str(tmp_path / "a"), generations=1,
                    opponents=["mcts:iters=zero"])


def test_worker_seeds_differ_and_games_split_evenly():
    assert len({learn.worker_seed(7, i) for i in range(64)}) == 64
    assert learn.worker_seed(7, 0) != learn.worker_seed(8, 0)
    assert learn.split_games(7, 3) == [3, 2, 2] and learn.split_games(1, 2) == [1, 0]
