#!/usr/bin/env bash
# Installs Debian packages (the arguments) for the tests, without touching what is already
# installed; scripts/install-chromium.sh and scripts/install-postgres.sh call it when what
# they need is missing:
# - new packages only, without the recommended extras (--no-install-recommends);
# - first from the package lists the machine already has; `apt-get update` only when
#   those cannot install them;
# - never an upgrade of an installed package: apt-get is asked first what it would do
#   (--simulate); if that includes upgrades, the script stops and names them, unless
#   PYRAMID_APT_UPGRADE=1 allows them.
# It says what it will install before it does.
set -euo pipefail

if [ "$#" = 0 ]; then
    echo "usage: $0 PACKAGE..." >&2
    exit 2
fi
PACKAGES=("$@")
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
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
        echo "refusing to upgrade them; install ${PACKAGES[*]} yourself, or" >&2
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
