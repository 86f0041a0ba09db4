"""A two-node Ray cluster on this machine (`ray start --head` plus a second `ray start
--address`, loopback only), started once for the module and stopped at its end: a
tournament run as `python -m pyramid_games.tournament --address` equals `pyrctl match`,
`python -m pyramid_games.learn --address` trains with self-play workers on it, and the
RLlib example (`examples/rllib_ppo.py --address`) samples on it."""

import json
import os
import pathlib
import socket
import subprocess
import sys

import pytest

pytest.importorskip("ray", reason="install ray (test.sh does)")

ROOT = pathlib.Path(__file__).resolve().parents[3]
PYRCTL = os.environ.get("PYRCTL", str(ROOT / "target" / "debug" / "pyrctl"))
RAY = str(pathlib.Path(sys.executable).parent / "ray")
# Every process of the cluster (both nodes, the drivers) uses Ray's token authentication,
# with the token the head writes to ~/.ray/auth_token.
ENV = {**os.environ, "RAY_AUTH_MODE": "token"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ray_cli(*args, timeout=120):
    out = subprocess.run([RAY, *args], capture_output=True, text=True, timeout=timeout,
                         check=False, env=ENV)
    assert out.returncode == 0, out.stdout + out.stderr
    return out


@pytest.fixture(scope="module")
def two_nodes():
    port = free_port()
    address = f"127.0.0.1:{port}"
    common = ["--num-cpus=1", "--node-ip-address=127.0.0.1", "--disable-usage-stats"]
    try:
        ray_cli("get-auth-token", "--generate")  # a no-op when the token exists
        ray_cli("start", "--head", f"--port={port}", "--include-dashboard=false", *common)
        ray_cli("start", f"--address={address}", *common)
        yield address
    finally:
        subprocess.run([RAY, "stop", "--force"], capture_output=True, timeout=120,
                       check=False, env=ENV)


def test_a_two_node_cluster_plays_the_same_match_as_pyrctl(two_nodes, tmp_path):
    nodes = subprocess.run(
        [sys.executable, "-c",
         "import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False); "
         "print(sum(1 for n in ray.nodes() if n['Alive']))", two_nodes],
        capture_output=True, text=True, timeout=120, check=False, env=ENV,
    )
    assert nodes.stdout.strip().splitlines()[-1] == "2", nodes.stderr
    args = ["stacktrices", "--bot", "mcts:iters=30", "--bot", "greedy", "--games", "8",
            "--seed", "21", "--swap-seats"]
    local = tmp_path / "local.jsonl"
    expected = subprocess.run([PYRCTL, "match", *args, "--record", str(local)],
                              capture_output=True, text=True, timeout=300, check=False)
    assert expected.returncode == 0, expected.stderr
    cluster = tmp_path / "cluster.jsonl"
    got = subprocess.run(
        [sys.executable, "-m", "pyramid_games.tournament", *args, "--record", str(cluster),
         "--address", two_nodes, "--shard-size", "1", "--json", str(tmp_path / "s.json")],
        capture_output=True, text=True, timeout=300, check=False, env=ENV,
    )
    assert got.returncode == 0, got.stderr
    assert cluster.read_bytes() == local.read_bytes()
    assert got.stdout.replace(str(cluster), "FILE") == expected.stdout.replace(str(local), "FILE")
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["games"] == 8


def test_a_two_node_cluster_trains_a_model_with_the_learner_here(two_nodes, tmp_path):
    import pyramid_games as pg
    out = tmp_path / "run"
    got = subprocess.run(
        [sys.executable, "-m", "pyramid_games.learn", "martian-chess", "--out", str(out),
         "--address", two_nodes, "--generations", "2", "--workers", "2", "--games", "2",
         "--iters", "4", "--steps", "2", "--channels", "4", "--blocks", "1",
         "--eval-every", "0", "--max-plies", "20"],
        capture_output=True, text=True, timeout=300, check=False, env=ENV,
    )
    assert got.returncode == 0, got.stderr
    log = (out / "log.jsonl").read_text().splitlines()
    assert [json.loads(line)["generation"] for line in log] == [1, 2]
    assert json.loads(log[-1])["games"] == 4
    assert got.stdout.splitlines()[:2] == log
    bot = pg.bot(f"az:model={out / 'model.safetensors'},iters=8", 1)
    state = pg.new_game("martian-chess")
    assert bot.pick(state) in state.legal_actions()


def test_rllib_ppo_trains_on_the_cluster_a_game_whose_actions_take_several_steps(two_nodes):
    from test_rllib import check_iterations, run_example

    lines = run_example("--game", "ataxx-ice", "--players", "3", "--rule", "size=6",
                        "--rule", "ply_limit=40", "--iterations", "2", "--eval-every", "0",
                        "--eval-games", "3", "--address", two_nodes, env=ENV)
    check_iterations(lines, 2, 3, seats=3)
    assert "vs_random" in lines[1] and "vs_random" not in lines[0]
