#!/usr/bin/env bash
# `npm run bench` after the build: runs out/bench/run.js on the Node our server runs on in the
# editor, VS Code 1.139's extension host's Node 24 (test/e2e/node24.sh installs it, as the
# end-to-end tests do). Every process the benchmark starts (server, CLI, `node -e 0`) runs on it
# too. WEI7_BENCH_NODE=/path/to/node measures another Node (e.g. `WEI7_BENCH_NODE=node`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${WEI7_BENCH_NODE:-}" ]; then
  node_bin="$WEI7_BENCH_NODE"
else
  node_bin="$(bash test/e2e/node24.sh)/bin/node"
fi
echo "bench: $("$node_bin" --version) ($node_bin)"
exec "$node_bin" out/bench/run.js "$@"
