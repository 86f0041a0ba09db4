#!/usr/bin/env bash
# Installs Debian's chromium and chromium-driver for the browser tests when missing, the
# way scripts/apt-install.sh installs packages: new packages only, no upgrade of an
# installed one unless PYRAMID_APT_UPGRADE=1, saying what it installs first.
set -euo pipefail

if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    echo "chromium and chromedriver are installed: $(command -v chromium), $(command -v chromedriver)"
    exit 0
fi
"$(dirname "$0")/apt-install.sh" chromium chromium-driver
command -v chromium >/dev/null && command -v chromedriver >/dev/null
echo "installed: $(chromium --version 2>/dev/null || echo chromium), $(chromedriver --version 2>/dev/null | head -1)"
