"""Tournaments on Ray (python -m pyramid_games.tournament) against `pyrctl match`: the
same summary, JSON and records byte for byte for any shard size, round robins, resumed
runs, and a worker killed mid-task. One local Ray instance (2 CPUs, loopback), started
here and stopped at the end of the module."""

import io
import os
import pathlib
import signal
import subprocess
import threading
import time

import pytest

ray = pytest.importorskip("ray", reason="install ray (test.sh does)")

from pyramid_games import tournament  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]
PYRCTL = os.environ.get("PYRCTL", str(ROOT / "target" / "debug" / "pyrctl"))


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1")
    yield
    ray.shutdown()


def pyrctl_match(args, record, json_file=None):
    """`pyrctl match ARGS --record FILE`: (stdout, record bytes, JSON text)."""
    extra = ["--record", str(record), "--force"]
    if json_file:
        extra += ["--json", str(json_file)]
    out = subprocess.run([PYRCTL, "match", *args, *extra], capture_output=True, text=True,
                         timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout, record.read_bytes(), json_file.read_text() if json_file else None


def ray_match(args, record, json_file=None, extra=()):
    """The tournament in this process on the module's Ray: (stdout, record bytes, JSON)."""
    argv = [*args, "--record", str(record), *extra]
    if json_file:
        argv += ["--json", str(json_file)]
    out, err = io.StringIO(), io.StringIO()
    tournament.run(tournament.parse_args(argv), out=out, err=err)
    return out.getvalue(), record.read_bytes(), json_file.read_text() if json_file else None


def test_two_bots_match_pyrctl_byte_for_byte_for_any_shard_size(tmp_path):
    args = ["martian-chess", "--bot", "mcts:iters=20", "--bot", "greedy", "--games", "13",
            "--seed", "8", "--swap-seats", "--max-plies", "200"]
    record = tmp_path / "games.jsonl"
    expected = pyrctl_match(args, record, tmp_path / "summary.json")
    assert expected[0].startswith("martian-chess with 2 seats: 13 games, seed 8")
    for shard_size in ["1", "4", "13", "50"]:
        record.unlink()
        got = ray_match(args, record, tmp_path / "summary.json",
                        extra=["--shard-size", shard_size])
        assert got == expected, f"shard size {shard_size}"


def test_round_robin_matches_pyrctl_with_crosstable_and_ladder(tmp_path):
    args = ["ataxx-ice", "--bot", "random", "--bot", "greedy", "--bot", "mcts:iters=20",
            "--games", "4", "--seed", "3", "--rule", "size=6"]
    record = tmp_path / "rr.jsonl"
    expected = pyrctl_match(args, record, tmp_path / "rr.json")
    record.unlink()
    got = ray_match(args, record, tmp_path / "rr.json", extra=["--shard-size", "5"])
    assert got == expected
    text, lines, summary = got
    assert "round robin of 3 bots, 4 games a pairing (12 games)" in text
    assert "crosstable" in text and "Elo ladder" in text
    assert len(lines.splitlines()) == 12
    import json
    parsed = json.loads(summary)
    assert parsed["round_robin"] is True
    assert [row["bot"] for row in parsed["ladder"]] == ["random", "greedy", "mcts:iters=20"]
    # Pairing (0, 1) plays first, seats alternating.
    bots = [json.loads(line)["bots"] for line in lines.splitlines()[:2]]
    assert bots == [["random", "greedy"], ["greedy", "random"]]


def test_resume_keeps_checked_games_and_ends_equal_to_an_uninterrupted_run(tmp_path):
    args = ["card-siege", "--bot", "greedy", "--bot", "random", "--games", "9", "--seed", "5",
            "--swap-seats"]
    record = tmp_path / "games.jsonl"
    full_text, full, _ = ray_match(args, record, extra=["--shard-size", "2"])
    lines = full.splitlines(keepends=True)
    # A run killed while writing game 6: five games and half a line.
    record.write_bytes(b"".join(lines[:5]) + lines[5][: len(lines[5]) // 2])
    text, resumed, _ = ray_match(args, record, extra=["--shard-size", "3", "--resume"])
    assert resumed == full
    assert text == full_text
    # A game that is not this match's game is refused and the file left alone.
    tampered = b"".join(lines[:3]).replace(b'"match_seed":5', b'"match_seed":6')
    record.write_bytes(tampered)
    with pytest.raises(tournament.TournamentError, match="line 1"):
        ray_match(args, record, extra=["--resume"])
    assert record.read_bytes() == tampered
    # Without --resume or --force an existing file is refused.
    with pytest.raises(tournament.TournamentError, match="exists"):
        ray_match(args, record)


def test_a_resumed_crlf_file_goes_on_in_crlf(tmp_path):
    args = ["card-siege", "--bot", "greedy", "--bot", "random", "--games", "4", "--seed", "5"]
    record = tmp_path / "games.jsonl"
    _, full, _ = ray_match(args, record)
    crlf = [line + b"\r\n" for line in full.split(b"\n")[:-1]]
    record.write_bytes(crlf[0] + crlf[1][:25])
    ray_match(args, record, extra=["--resume"])
    assert record.read_bytes() == b"".join(crlf)


def worker_pids():
    """Ray workers running a shard now (Ray names them after the task)."""
    out = subprocess.run(["pgrep", "-f", "ray::play_shard"], capture_output=True, text=True,
                         check=False)
    return [int(p) for p in out.stdout.split()]


def test_a_worker_killed_mid_task_is_retried_and_every_game_is_recorded_once(tmp_path):
    args = ["ataxx-ice", "--bot", "mcts:iters=150", "--bot", "greedy", "--games", "16",
            "--seed", "2", "--swap-seats", "--max-plies", "120"]
    record = tmp_path / "games.jsonl"
    expected = pyrctl_match(args, tmp_path / "local.jsonl")
    result = {}

    def play():
        try:
            result["got"] = ray_match(args, record, extra=["--shard-size", "2"])
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            result["error"] = error

    runner = threading.Thread(target=play)
    runner.start()
    killed = None
    deadline = time.monotonic() + 120
    while killed is None and runner.is_alive() and time.monotonic() < deadline:
        pids = worker_pids()
        if pids:
            os.kill(pids[0], signal.SIGKILL)
            killed = pids[0]
        time.sleep(0.05)
    runner.join(timeout=300)
    assert not runner.is_alive(), "the tournament did not finish"
    assert killed is not None, "no worker was seen running a shard"
    assert "error" not in result, result.get("error")
    text, lines, _ = result["got"]
    local_lines = expected[1]
    assert lines == local_lines
    indices = [line.split(b'"index":')[1].split(b",")[0] for line in lines.splitlines()]
    assert indices == [str(i).encode() for i in range(16)]
    assert text.replace(str(record), "FILE") == expected[0].replace(
        str(tmp_path / "local.jsonl"), "FILE")
