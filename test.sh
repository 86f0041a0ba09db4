#!/usr/bin/env bash
# Runs every test of the project: Rust (cargo test) and Python (pytest on the
# pyramid_games package, with OpenSpiel), on a fresh machine with Rust and Python 3.
# It makes a virtualenv in .venv (or $PYRAMID_VENV), installs maturin, pytest, numpy and
# open_spiel there, builds and installs the package, then runs both suites.
set -euo pipefail
cd "$(dirname "$0")"

VENV="${PYRAMID_VENV:-.venv}"
PYTHON="${PYTHON:-python3}"

echo "== cargo test"
cargo test --workspace

echo "== python: virtualenv $VENV"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "maturin>=1.5,<2" "pytest>=7" "numpy>=1.21" "open_spiel>=1.4"

echo "== python: build and install pyramid_games"
"$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps ./crates/pyramid-py

echo "== pytest"
"$VENV/bin/python" -m pytest -q crates/pyramid-py/tests
