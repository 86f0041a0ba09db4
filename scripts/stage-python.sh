#!/usr/bin/env bash
# Makes the Python package `pyramid_games` importable by a virtualenv's Python from the
# extension the test build made (target/debug/lib_native.so, built by
# `cargo build --workspace --profile dev --lib --tests`, whose features are those of
# `cargo test --workspace`: nothing of ours is compiled again), without building a wheel:
#
#   target/python/pyramid_games/           the package's Python files, and _native.abi3.so
#   target/python/pyramid_games-V.dist-info the distribution's name and version, so that
#                                          importlib.metadata finds it as installed
#   <venv site-packages>/pyramid-games-dev.pth  one line: target/python
#
# Users install the package with pip (maturin builds the wheel): README.md, docs/python.md.
#
# Usage: scripts/stage-python.sh VENV
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="$1"
EXTENSION=target/debug/lib_native.so
STAGE="$PWD/target/python"
test -f "$EXTENSION" || {
    echo "no $EXTENSION: run cargo build --workspace --profile dev --lib --tests first" >&2
    exit 1
}
VERSION="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"

SITE="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
# A wheel installed before (maturin) would shadow the staged package: out with it.
rm -f "$SITE/pyramid-games-dev.pth"
"$VENV/bin/python" -m pip uninstall --quiet --yes pyramid_games >/dev/null 2>&1 || true

rm -rf "$STAGE"
mkdir -p "$STAGE"
cp -r crates/pyramid-py/python/pyramid_games "$STAGE/pyramid_games"
cp "$EXTENSION" "$STAGE/pyramid_games/_native.abi3.so"
DIST="$STAGE/pyramid_games-$VERSION.dist-info"
mkdir -p "$DIST"
printf 'Metadata-Version: 2.1\nName: pyramid_games\nVersion: %s\nRequires-Python: >=3.9\nRequires-Dist: numpy>=1.21\nProvides-Extra: rl\nRequires-Dist: pettingzoo>=1.24; extra == "rl"\nRequires-Dist: gymnasium>=1.0; extra == "rl"\n' \
    "$VERSION" >"$DIST/METADATA"
printf 'stage-python.sh\n' >"$DIST/INSTALLER"
: >"$DIST/RECORD"

echo "$STAGE" >"$SITE/pyramid-games-dev.pth"
"$VENV/bin/python" -c 'import pyramid_games, importlib.metadata as m; print("pyramid_games", m.version("pyramid_games"), "from", pyramid_games.__file__)'
