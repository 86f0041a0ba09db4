"""The example engines of examples/engines (Python and Rust) speak the protocol well
enough to finish real matches against our bots in every game, with no forfeit."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
PYRCTL = os.environ.get("PYRCTL", str(ROOT / "target" / "debug" / "pyrctl"))
RUST_ENGINE = os.environ.get(
    "RANDOM_ENGINE", str(ROOT / "target" / "debug" / "examples" / "random_engine")
)
GAMES = ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]


def run_match(game, engine, tmp_path):
    record = tmp_path / f"{game}.jsonl"
    out = subprocess.run(
        [PYRCTL, "match", game, "--bot", engine, "--bot", "greedy", "--games", "2",
         "--swap-seats", "--jobs", "2", "--seed", "5", "--record", str(record)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "forfeits" not in out.stderr + out.stdout, out.stderr
    records = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(records) == 2
    assert all(r["result"]["kind"] in ("win", "draw") for r in records)
    replay = subprocess.run([PYRCTL, "replay", str(record)], capture_output=True,
                            text=True, timeout=60, check=False)
    assert replay.returncode == 0, replay.stderr


@pytest.mark.parametrize("game", GAMES)
def test_python_example_engine_finishes_matches(game, tmp_path):
    engine = f"ext:{sys.executable} {ROOT / 'examples' / 'engines' / 'random_engine.py'}"
    run_match(game, engine, tmp_path)


@pytest.mark.parametrize("game", GAMES)
def test_rust_example_engine_finishes_matches(game, tmp_path):
    if not pathlib.Path(RUST_ENGINE).exists():
        pytest.fail(f"build it first: cargo build --example random_engine ({RUST_ENGINE})")
    run_match(game, f"ext:{RUST_ENGINE}", tmp_path)
