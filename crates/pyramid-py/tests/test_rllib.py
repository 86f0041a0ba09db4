"""RLlib's PPO (new API stack, PyTorch on CPU) trains on the games' PettingZoo environments:
`crates/pyramid-py/examples/rllib_ppo.py` run as a user runs it, on a local Ray instance it
starts on loopback and stops, for two iterations. Needs torch and ray[rllib]: ./test.sh
installs them and sets PYRAMID_REQUIRE_RLLIB=1, so that there a missing one fails rather
than skips. The same example on a two-node cluster (`--address`): test_tournament_cluster.py."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "crates" / "pyramid-py" / "examples" / "rllib_ppo.py"


def require_rllib():
    """Skips (fails under PYRAMID_REQUIRE_RLLIB=1) where torch or RLlib is missing."""
    for module in ["torch", "ray.rllib"]:
        try:
            __import__(module)
        except ImportError as e:
            if os.environ.get("PYRAMID_REQUIRE_RLLIB") == "1":
                pytest.fail(f"{module} is missing: {e}")
            pytest.skip(f"install torch and ray[rllib] (test.sh does): {e}")


def run_example(*args, env=None, timeout=400):
    """Runs the example with small batches; its JSON lines, parsed."""
    require_rllib()
    command = [sys.executable, str(EXAMPLE), "--batch-size", "300", "--minibatch-size", "100",
               "--epochs", "2", "--hidden", "32", *args]
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False,
                         env=env)
    assert out.returncode == 0, out.stderr[-6000:]
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def check_iterations(lines, iterations, eval_games, seats):
    assert [line["iteration"] for line in lines] == list(range(1, iterations + 1))
    for line in lines:
        assert line["env_steps"] >= 300
        assert line["seconds"] > 0
    assert sum(line["episodes"] for line in lines) >= 1
    returns = [line["agent_return_mean"] for line in lines if line["agent_return_mean"]]
    assert returns, lines
    for agents in returns:
        assert len(agents) == seats
        assert all(-1.0 <= r <= 1.0 for r in agents.values())
    last = lines[-1]["vs_random"]
    assert last["games"] == eval_games
    assert last["wins"] + last["draws"] + last["losses"] == eval_games
    assert last["win_rate"] == last["wins"] / eval_games


def test_ppo_trains_two_iterations_on_martian_chess_by_self_play():
    # Sampling in the driver (--env-runners 0): no actor to start; the cluster test samples
    # on Ray actors.
    lines = run_example("--game", "martian-chess", "--iterations", "2", "--rule", "ply_limit=60",
                        "--env-runners", "0",
                        "--eval-every", "1", "--eval-games", "2")
    check_iterations(lines, 2, 2, seats=2)
    assert "vs_random" in lines[0]
    # Zero-sum games of at most 60 plies: an iteration of 300 steps ends several.
    assert all(line["episodes"] >= 4 for line in lines)


def test_bad_arguments_are_refused_before_ray_starts():
    out = subprocess.run([sys.executable, str(EXAMPLE), "--iterations", "0"],
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 2
    assert "--iterations" in out.stderr


def test_a_missing_package_is_named_before_ray_starts(tmp_path):
    # A Python whose path hides torch: the example says what to install and stops.
    (tmp_path / "torch.py").write_text("raise ImportError('no torch here')\n")
    out = subprocess.run([sys.executable, str(EXAMPLE), "--iterations", "1"], capture_output=True,
                         text=True, timeout=120, check=False,
                         env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert out.returncode == 1
    assert "pip install torch" in out.stderr
