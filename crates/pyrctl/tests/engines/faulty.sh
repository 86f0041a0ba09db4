#!/usr/bin/env bash
# A faulty engine for the tests of outside engines (tests/engines.rs).
#
#   faulty.sh MODE [N]
#
# It passes every command on to `$PYRCTL engine ataxx-ice --bot random` (a correct engine)
# and its answers back, until the Nth `go` (default 1), where it fails by MODE:
#   crash    exits with status 3
#   hang     stops answering (sleeps a minute)
#   illegal  answers `bestaction a1-g7`, well formed but not a legal Ataxx move
#   garbage  answers a line that is not in the protocol
#   none     answers `bestaction none`
#   nopgiok  never answers `pgi` with `pgiok` (from the start; N is ignored)
#   fine     never fails
# It writes to standard error, which the tool must send to the engine log.
set -u
mode=${1:?mode}
at=${2:-1}
echo "faulty engine: $mode at move $at" >&2
coproc ENGINE { "${PYRCTL:?set PYRCTL to the pyrctl binary}" engine ataxx-ice --bot random; }
moves=0

# Passes one command on and copies the answers up to a line starting with $2 (if any).
relay() {
    echo "$1" >&"${ENGINE[1]}"
    [ -z "$2" ] && return
    while IFS= read -r reply <&"${ENGINE[0]}"; do
        echo "$reply"
        case "$reply" in "$2"*) return ;; esac
    done
}

while IFS= read -r line; do
    case "$line" in
    pgi)
        if [ "$mode" = nopgiok ]; then
            echo "id name silent"
        else
            relay pgi pgiok
        fi
        ;;
    isready) relay isready readyok ;;
    go*)
        moves=$((moves + 1))
        if [ "$moves" -ge "$at" ]; then
            case "$mode" in
            crash) exit 3 ;;
            hang) exec sleep 60 ;;
            illegal) echo "bestaction a1-g7"; continue ;;
            garbage) echo "the answer is 42"; continue ;;
            none) echo "bestaction none"; continue ;;
            esac
        fi
        relay "$line" bestaction
        ;;
    quit) relay quit ""; exit 0 ;;
    *) relay "$line" "" ;;
    esac
done
