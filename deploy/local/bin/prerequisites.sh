#!/usr/bin/env bash
# Installs what the tests need beyond a JDK and Maven Central: Debian's Chromium and ChromeDriver for
# the feed's browser tests. Does nothing when they are present. Needs root (or sudo) and apt-get;
# otherwise it says what to install and the browser tests will fail with the same advice.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "torneo: the browser tests need Chromium and ChromeDriver (chromium, chromedriver on PATH); install them" >&2
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo -n"; else
    echo "torneo: run as root or install chromium and chromium-driver for the browser tests" >&2
    exit 0
  fi
fi
echo "torneo: installing chromium and chromium-driver for the browser tests ..." >&2
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >&2
