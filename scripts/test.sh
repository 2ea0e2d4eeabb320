#!/usr/bin/env bash
# The one gate: type-check, lint, unit + integration tests (PGlite and PostgreSQL), then end to end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type-check"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== unit and integration tests"; npx vitest run
echo "== build"; npm run -s build > /dev/null
echo "== end-to-end tests"; npx playwright test
