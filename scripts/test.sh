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
echo "== import boundaries"; node scripts/check-boundaries.ts
echo "== build"; vite build --logLevel warn && node scripts/compress-build.ts
echo "== OpenAPI lint"; node scripts/lint-openapi.ts
echo "== unused code and dependencies"; knip --no-progress --treat-config-hints-as-errors
echo "== migrations are append-only"; node scripts/check-migrations.ts
# The compose file against the Compose Specification's schema, with its variables and the names it uses;
# docker compose itself too where its client has the compose plugin (no engine is needed for either).
echo "== compose file"
compose_check_env=(SECRET=compose-config-check-secret-0123456789 POSTGRES_PASSWORD=check MINIO_ROOT_PASSWORD=check)
env "${compose_check_env[@]}" node scripts/check-compose.ts deploy/compose.yaml
if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
  env "${compose_check_env[@]}" docker compose -f deploy/compose.yaml config --quiet
fi
echo "== Dockerfile"; node scripts/check-dockerfile.ts Dockerfile

mkdir -p .tmp
rm -f .tmp/results-*.json .tmp/output-*.log
projects=(--project unit --project integration)
[ -n "${TEST_DATABASE_URL:-}" ] && projects+=(--project integration-postgres)
# Browser tests run after the others, so the shared app server and Chromium do not compete with them for the 2 cores.
# Each run's exit code is kept, not fatal, so the summary can report every run.
set +e
echo "== unit and integration tests"
vitest run "${projects[@]}" --reporter=default --reporter=json --outputFile.json=.tmp/results-api.json "$@" 2>&1 |
  tee .tmp/output-api.log
api_status=${PIPESTATUS[0]}
echo "== browser tests"
vitest run --project e2e --reporter=default --reporter=json --outputFile.json=.tmp/results-e2e.json "$@" 2>&1 |
  tee .tmp/output-e2e.log
e2e_status=${PIPESTATUS[0]}
set -e

node scripts/test-summary.ts "api:$api_status" "e2e:$e2e_status"
[ "$api_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
