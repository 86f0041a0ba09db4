#!/usr/bin/env bash
# Installs Debian's nginx (the reverse proxy in front of two servers in the web server's
# test of several servers as one service) when missing, the way scripts/apt-install.sh
# installs packages: new packages only, no upgrade of an installed one unless
# PYRAMID_APT_UPGRADE=1, saying what it installs first. The test starts nginx itself, on
# loopback, with a configuration of its own; the package's service is not used.
set -euo pipefail

found() {
    command -v nginx 2>/dev/null || { test -x /usr/sbin/nginx && echo /usr/sbin/nginx; }
}

if where="$(found)"; then
    echo "nginx is installed: $where"
    exit 0
fi
"$(dirname "$0")/apt-install.sh" nginx-light 2>/dev/null || "$(dirname "$0")/apt-install.sh" nginx
# Debian starts the packaged service on port 80 when it can: the tests need none of it.
if command -v systemctl >/dev/null; then systemctl stop nginx 2>/dev/null || true; fi
if [ -f /run/nginx.pid ]; then kill "$(cat /run/nginx.pid)" 2>/dev/null || true; fi
where="$(found)"
echo "installed: $where"
