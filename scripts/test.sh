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

# The type-check, the lint and the build read the sources and write nothing the others read (typegen
# writes .react-router/, which only tsc reads; the build writes build/, which neither the linters nor
# tsc look at), and each is mostly one process on one core: they run side by side, each one's output
# printed whole when it ends, and the gate stops after all three if any failed.
parallel_stages() {
  local dir names=() pids=() starts=() failed=0 i n
  dir=$(mktemp -d)
  while [ $# -gt 0 ]; do
    names+=("$1")
    starts+=("$SECONDS")
    n=${#names[@]}
    (
      status=0
      bash -c "$2" > "$dir/$n.log" 2>&1 || status=$?
      echo "$SECONDS $status" > "$dir/$n.end"
    ) &
    pids+=($!)
    shift 2
  done
  current="$(IFS=,; echo "${names[*]}")"
  stage_start=${starts[0]}
  for i in "${!pids[@]}"; do
    n=$((i + 1))
    wait "${pids[$i]}" || true
    local end status
    read -r end status < "$dir/$n.end" || { end=$SECONDS; status=1; }
    echo "== ${names[$i]}"
    cat "$dir/$n.log"
    if [ "$status" -ne 0 ]; then
      failed=1
      times+=("$(printf '%-28s %5d s  (failed; side by side)' "${names[$i]}" $((end - starts[i])))")
    else
      times+=("$(printf '%-28s %5d s  (side by side)' "${names[$i]}" $((end - starts[i])))")
    fi
  done
  times+=("$(printf '%-28s %5d s' "  (side by side, wall)" $((SECONDS - starts[0])))")
  rm -rf "$dir"
  current=""
  [ $failed -eq 0 ]
}

# Lint's results are cached for this run only, so the lint rules' test that lints the tree again
# (scripts/lint-rules.test.ts) reads them instead of parsing every file a second time.
KAPRA_ESLINT_CACHE="$(mktemp -d)/eslint-cache"
export KAPRA_ESLINT_CACHE
parallel_stages \
  "type-check" "npm run -s typecheck" \
  "lint" "npm run -s lint" \
  "build" "npm run -s build > /dev/null"
stage "PostgreSQL server" start_postgres
stage "unit and integration tests" env KAPRA_TEST_GATE=1 npx vitest run
# 10 s of the load mix on PGlite and on PostgreSQL against the build: 0 errors, no oversell, totals add up.
stage "load check" npx tsx scripts/bench-load.ts --check
# A small launch (300 shoppers, 48 pieces) on PostgreSQL with two processes: sold out exactly, nothing
# oversold, the limit held, no 5xx, every shopper let in and finished.
stage "launch check" npx tsx scripts/bench-launch.ts --check
stage "end-to-end tests" npx playwright test
