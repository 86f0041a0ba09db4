#!/usr/bin/env bash
# Runs every test of the project: Rust (cargo test, and a compile check of every fuzz
# target in fuzz/) and Python (pytest on the
# pyramid_games package, with OpenSpiel), on a fresh machine with Rust and Python 3.
# It makes a virtualenv in .venv (or $PYRAMID_VENV), installs maturin, pytest, numpy and
# open_spiel, selenium and ray there (and Debian's chromium and chromium-driver, with apt-get),
# builds and installs the package, then runs the Python and browser suites.
set -euo pipefail
cd "$(dirname "$0")"

VENV="${PYRAMID_VENV:-.venv}"
PYTHON="${PYTHON:-python3}"

echo "== cargo test"
cargo test --workspace

echo "== fuzz targets: compile-check every one (fuzz/ is a workspace of its own)"
cargo check --manifest-path fuzz/Cargo.toml --bins --no-default-features

echo "== python: virtualenv $VENV"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "maturin>=1.5,<2" "pytest>=7" "numpy>=1.21" "open_spiel>=1.4" "selenium>=4.10" "ray>=2.60,<3"

echo "== browser: Debian's chromium and chromium-driver"
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
fi

echo "== python: build and install pyramid_games"
"$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps ./crates/pyramid-py

echo "== pyrctl and the example engine for the browser and engine tests"
cargo build -p pyrctl
cargo build -p pyramid-games --example random_engine
export PYRCTL="$PWD/target/debug/pyrctl"
export RANDOM_ENGINE="$PWD/target/debug/examples/random_engine"

echo "== pytest: the Python package, then the page in headless Chromium"
"$VENV/bin/python" -m pytest -q crates/pyramid-py/tests
"$VENV/bin/python" -m pytest -q crates/pyramid-web/browser
