#!/usr/bin/env bash
# Generates the next migration from the Drizzle tables. Serialised with a lock so parallel work cannot interleave.
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/pilgrim-soul-migrations.lock npx drizzle-kit generate "$@"
