#!/usr/bin/env bash
# The one gate: type-check, lint, build, unit + integration tests (PGlite and PostgreSQL), a 10-second load
# check on both databases, then end to end in Chromium.
# The build comes before Vitest: the multi-process tests spawn the built server (node server/start.js).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type-check"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== build"; npm run -s build > /dev/null
echo "== unit and integration tests"; KAPRA_TEST_GATE=1 npx vitest run
# 10 s of the load mix on PGlite and on PostgreSQL against the build: 0 errors, no oversell, totals add up.
echo "== load check"; npx tsx scripts/bench-load.ts --check
echo "== end-to-end tests"; npx playwright test
