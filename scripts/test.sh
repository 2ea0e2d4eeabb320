#!/usr/bin/env bash
# The one gate: type-check, lint, build, unit + integration tests (PGlite and PostgreSQL), then end to end in Chromium.
# The build comes before Vitest: the multi-process tests spawn the built server (node server/start.js).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type-check"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== build"; npm run -s build > /dev/null
echo "== unit and integration tests"; KAPRA_TEST_GATE=1 npx vitest run
echo "== end-to-end tests"; npx playwright test
