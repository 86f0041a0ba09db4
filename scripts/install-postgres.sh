#!/usr/bin/env bash
# Installs Debian's postgresql (the server binaries: initdb, pg_ctl, postgres) for the
# web server's Postgres tests, which start a throwaway cluster of their own, when missing,
# the way scripts/apt-install.sh installs packages: new packages only, no upgrade of an
# installed one unless PYRAMID_APT_UPGRADE=1, saying what it installs first.
set -euo pipefail

# Where the binaries are: on the PATH, or Debian's /usr/lib/postgresql/VERSION/bin.
found() {
    if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
        command -v initdb
        return 0
    fi
    ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 | grep . || return 1
}

if where="$(found)"; then
    echo "postgres is installed: $where"
    exit 0
fi
"$(dirname "$0")/apt-install.sh" postgresql
where="$(found)"
echo "installed: $where"
