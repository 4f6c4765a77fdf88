#!/usr/bin/env bash
# The `vscodeExecutablePath` that test/e2e/runTests.ts gives @vscode/test-electron's runTests when
# no desktop VS Code can be had: it takes the Electron-style arguments runTests passes to VS Code
# and runs the extension tests in code-server instead (out/e2e/driver.js does the work; it needs
# `node esbuild.mjs --e2e` and `bash test/e2e/setup.sh` first). Exits with the tests' exit code.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DRIVER="$REPO/out/e2e/driver.js"
[ -f "$DRIVER" ] || { echo "code-server-shim: $DRIVER is missing: run node esbuild.mjs --e2e" >&2; exit 1; }
# The runner passes the Node it runs on; any Node >= 20 runs the driver (code-server gets Node 24).
exec "${WEI7_E2E_NODE:-node}" "$DRIVER" --shim "$@"
