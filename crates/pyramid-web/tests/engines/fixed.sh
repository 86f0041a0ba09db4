#!/bin/sh
# An outside engine for tests/engines.rs:
#
#   fixed.sh ACTION PIDFILE
#
# writes its process id to PIDFILE, answers the protocol's handshakes and plays ACTION at
# every `go`; it exits on `quit` or at the end of its input.
echo $$ > "$2"
while IFS= read -r line; do
    case "$line" in
    pgi) echo "id name fixed"; echo pgiok ;;
    isready) echo readyok ;;
    go*) echo "bestaction $1" ;;
    quit) exit 0 ;;
    esac
done
