#!/usr/bin/env bash
# The one test command: installs what is missing, then typecheck, lint and format check, build, and every test.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-deps.sh
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

export PATH="$PWD/node_modules/.bin:$PATH"
node -e 'if (process.versions.node.split(".")[0] !== "24") { console.error("Node 24 is required, found " + process.versions.node); process.exit(1) }'

echo "== typecheck"; tsc --noEmit -p tsconfig.json
echo "== lint and format"; biome check .
echo "== build"; vite build --logLevel warn
echo "== tests"; vitest run "$@"
