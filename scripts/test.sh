#!/usr/bin/env bash
# The one gate: type-check, lint, build, unit + integration tests (PGlite and PostgreSQL), a 10-second load
# check on both databases, then end to end in Chromium. One PostgreSQL server serves the whole run
# (KAPRA_TEST_PG_URL: Vitest's databases and the load check's); tests that stop their server start their own.
# The build comes before Vitest: the multi-process tests spawn the built server (node server/start.js).
# The time of each stage is printed at the end, whether the run passed or not.
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
current=""
started_at=$SECONDS
pg_dir=""
finish() {
  local status=$?
  [ -n "$current" ] && times+=("$(printf '%-28s %5d s  (failed)' "$current" $((SECONDS - stage_start)))")
  [ -n "$pg_dir" ] && npx tsx tests/setup/shared-postgres.ts stop "$pg_dir" || true
  echo
  echo "== stage times"
  for line in "${times[@]}"; do echo "  $line"; done
  printf '  %-28s %5d s\n' "total" $((SECONDS - started_at))
  exit $status
}
trap finish EXIT

stage() {
  current="$1"; shift
  stage_start=$SECONDS
  echo "== $current"
  "$@"
  times+=("$(printf '%-28s %5d s' "$current" $((SECONDS - stage_start)))")
  current=""
}

start_postgres() {
  local line
  line=$(npx tsx tests/setup/shared-postgres.ts start)
  pg_dir=${line%% *}
  export KAPRA_TEST_PG_URL=${line#* }
}

stage "type-check" npm run -s typecheck
stage "lint" npm run -s lint
stage "build" sh -c 'npm run -s build > /dev/null'
stage "PostgreSQL server" start_postgres
stage "unit and integration tests" env KAPRA_TEST_GATE=1 npx vitest run
# 10 s of the load mix on PGlite and on PostgreSQL against the build: 0 errors, no oversell, totals add up.
stage "load check" npx tsx scripts/bench-load.ts --check
stage "end-to-end tests" npx playwright test
