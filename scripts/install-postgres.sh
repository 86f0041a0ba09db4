#!/usr/bin/env bash
# Installs Debian's postgresql (the server binaries: initdb, pg_ctl, postgres) for the
# web server's Postgres tests, which start a throwaway cluster of their own; when missing,
# without touching what is already installed:
# - new packages only, without the recommended extras (--no-install-recommends);
# - first from the package lists the machine already has; `apt-get update` only when
#   those cannot install them;
# - never an upgrade of an installed package: apt-get is asked first what it would do
#   (--simulate); if that includes upgrades, the script stops and names them, unless
#   PYRAMID_APT_UPGRADE=1 allows them.
# It says what it will install before it does.
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

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
PACKAGES=(postgresql)
APT=(apt-get -y -q --no-install-recommends -o Dpkg::Use-Pty=0)

# The plan apt-get would carry out, one line per package: "Inst NAME [OLD] (NEW ...)" for
# an upgrade, "Inst NAME (NEW ...)" for a new package. Empty when it cannot install.
plan() {
    DEBIAN_FRONTEND=noninteractive $SUDO "${APT[@]}" --simulate install "${PACKAGES[@]}" 2>/dev/null \
        | grep '^Inst ' || true
}

try_install() {
    local lines upgrades
    lines="$(plan)"
    if [ -z "$lines" ]; then
        return 1
    fi
    upgrades="$(grep -E '^Inst [^ ]+ \[' <<<"$lines" | awk '{print $2}' || true)"
    if [ -n "$upgrades" ] && [ "${PYRAMID_APT_UPGRADE:-0}" != 1 ]; then
        echo "installing ${PACKAGES[*]} would upgrade these installed packages:" >&2
        echo "$upgrades" | sed 's/^/    /' >&2
        echo "refusing to upgrade them; install postgresql yourself, or" >&2
        echo "run again with PYRAMID_APT_UPGRADE=1 to allow the upgrades" >&2
        exit 1
    fi
    echo "installing with apt-get (--no-install-recommends): $(wc -l <<<"$lines") new packages, no upgrades:"
    awk '{print $2}' <<<"$lines" | tr '\n' ' ' | fold -s -w 88 | sed 's/^/    /'
    echo
    DEBIAN_FRONTEND=noninteractive $SUDO "${APT[@]}" install "${PACKAGES[@]}" >/dev/null
}

if ! try_install; then
    echo "the package lists on this machine cannot install ${PACKAGES[*]}: apt-get update"
    $SUDO apt-get update -qq
    if ! try_install; then
        echo "apt-get cannot install ${PACKAGES[*]}" >&2
        exit 1
    fi
fi
where="$(found)"
echo "installed: $where"
