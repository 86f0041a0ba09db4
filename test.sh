#!/usr/bin/env bash
# Runs every test of the project: Rust (cargo test, and a compile check of every fuzz
# target in fuzz/) and Python (pytest on the
# pyramid_games package, with OpenSpiel, Ray and the page in headless Chromium), on a
# fresh machine with Rust and Python 3.
#
# `cargo test --profile dev` builds the libraries, `pyrctl` and the example engines
# (optimised: the tests walk game trees; the dev profile has the test profile's settings).
# The Python extension is built by the same resolution of features (`cargo build
# --workspace --lib --tests`), so nothing of ours is compiled twice, and staged for the
# virtualenv by scripts/stage-python.sh (users build the wheel with pip and maturin).
#
# What it installs, and where:
# - a virtualenv in .venv (or $PYRAMID_VENV) with pytest, numpy, open_spiel, selenium,
#   ray, pettingzoo and gymnasium, PyTorch (CPU) and ray[rllib], and the package staged
#   from target/python: nothing outside the checkout;
# - Debian's postgresql and nginx (for the web server's tests) and chromium and chromium-driver,
#   with apt-get, only when they are missing: new
#   packages only (--no-install-recommends), and never an upgrade of a package already
#   installed: if the only way in is to upgrade some, it stops and names them (set
#   PYRAMID_APT_UPGRADE=1 to allow it).
set -euo pipefail
cd "$(dirname "$0")"

VENV="${PYRAMID_VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
START=$SECONDS

stage() {
    echo
    echo "== [$(((SECONDS - START) / 60))m$(((SECONDS - START) % 60))s] $*"
}

stage "postgres: Debian's postgresql, for the web server's Postgres tests (each starts a throwaway cluster on loopback)"
./scripts/install-postgres.sh
stage "nginx: Debian's nginx, the reverse proxy in front of two servers in the web server's test of several servers as one service (started by the test on loopback)"
./scripts/install-nginx.sh
# The Postgres tests fail, rather than skip, without it.
export PYRAMID_REQUIRE_POSTGRES=1

# The virtualenv's packages install in the background while Rust compiles (pip waits
# mostly on the network and the disk, cargo on the CPUs); the Python stages wait for it.
# pip's output goes to target/python-install.log, printed if it fails.
stage "python, in the background while Rust compiles: virtualenv $VENV with pytest, numpy, open_spiel, selenium, ray, pettingzoo, gymnasium, PyTorch (CPU) and ray[rllib] (pip; a few minutes the first time)"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
VENV="$(cd "$VENV" && pwd)"
PIP=("$VENV/bin/python" -m pip install --quiet --disable-pip-version-check)
install_python_packages() {
    "${PIP[@]}" "pytest>=7" "numpy>=1.21" "open_spiel>=1.4" "selenium>=4.10" "ray>=2.60,<3" \
        "pettingzoo>=1.24" "gymnasium>=1.0" || return 1
    # PyTorch's CPU wheels (about 200 MB) from PyTorch's own index; where that index cannot
    # be reached, PyPI's (whose Linux wheels depend on the CUDA libraries, about 3 GB; they
    # run without a GPU too). For RLlib's PPO on the games (examples/rllib_ppo.py).
    if ! "$VENV/bin/python" -c "import torch" 2>/dev/null; then
        "${PIP[@]}" --retries 1 --timeout 30 --index-url https://download.pytorch.org/whl/cpu \
            "torch>=2.4,<3" || "${PIP[@]}" "torch>=2.4,<3" || return 1
    fi
    "${PIP[@]}" "ray[rllib]>=2.60,<3"
}
mkdir -p target
PIP_LOG="$PWD/target/python-install.log"
install_python_packages >"$PIP_LOG" 2>&1 &
PIP_JOB=$!
# Never leave it running behind us (a failed Rust stage waits for it to end).
trap 'wait "$PIP_JOB" 2>/dev/null || true' EXIT

stage "cargo test: compiles the workspace once (dev profile, optimised; the compile times of every crate go to target/cargo-timings/), then runs every Rust test"
cargo test --workspace --profile dev --timings

stage "fuzz targets: compile-check every one (fuzz/ is a workspace of its own)"
cargo check --manifest-path fuzz/Cargo.toml --bins --no-default-features

stage "pyrctl, the example engine and the Python extension: the test build's (the extension is the one crate compiled here)"
cargo build --workspace --profile dev --lib --tests --examples --bins
test -x target/debug/pyrctl && test -x target/debug/examples/random_engine && test -f target/debug/lib_native.so
export PYRCTL="$PWD/target/debug/pyrctl"
export RANDOM_ENGINE="$PWD/target/debug/examples/random_engine"

stage "python: waiting for the virtualenv's packages (installing since before cargo test)"
if ! wait "$PIP_JOB"; then
    cat "$PIP_LOG" >&2
    echo "pip failed to install the virtualenv's packages (above; also in $PIP_LOG)" >&2
    exit 1
fi
# The RLlib test fails, rather than skips, without torch and ray[rllib].
export PYRAMID_REQUIRE_RLLIB=1

stage "browser: Debian's chromium and chromium-driver"
./scripts/install-chromium.sh

stage "python: pyramid_games from the test build's extension, staged for $VENV"
./scripts/stage-python.sh "$VENV"

# The two suites run side by side: the browser's mostly waits on the page and its
# server, the package's on Ray's processes; together they take about the time of the
# longer one. The package's output is printed when both are done.
stage "pytest: the Python package (API, OpenSpiel, RL environments, RLlib's PPO, engines, Ray tournaments) beside the page in headless Chromium"
PACKAGE_LOG="$(mktemp)"
"$VENV/bin/python" -m pytest -q crates/pyramid-py/tests > "$PACKAGE_LOG" 2>&1 &
PACKAGE=$!
BROWSER_STATUS=0
"$VENV/bin/python" -m pytest -q crates/pyramid-web/browser || BROWSER_STATUS=$?
PACKAGE_STATUS=0
wait "$PACKAGE" || PACKAGE_STATUS=$?
echo "-- the Python package's tests:"
cat "$PACKAGE_LOG"
rm -f "$PACKAGE_LOG"
if [ "$BROWSER_STATUS" -ne 0 ] || [ "$PACKAGE_STATUS" -ne 0 ]; then
    echo "pytest failed: the page's tests exit $BROWSER_STATUS, the package's $PACKAGE_STATUS" >&2
    exit 1
fi

stage "every test passed"
