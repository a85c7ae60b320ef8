#!/usr/bin/env bash
# `npm test`: everything CI runs, in two stages, stopping after the first stage that fails:
#   1. PGlite's fresh cluster for the run (a few seconds), then unit + integration tests (vitest), with lint,
#      typecheck, Electronegativity and the e2e run's seeded sandbox beside them at a lower priority;
#   2. end-to-end tests (Playwright, two workers), with the packaged app (npm run package:check) and, in CI
#      (or with CC_FRESH_CLONE=1), the start check (tests/fresh-clone.mjs --here: `npm start` in this
#      checkout, which in CI is itself a fresh clone just set up) beside it at a lower priority.
#   Each step's output is printed whole, with its time, when it ends; a table of the steps' times closes the
#   run.
#
# 0. The set-up (scripts/setup.mjs test): system packages and npm ci when needed, so that `npm test` works as
#    the first command after a clone.
# 1. Unless CC_KEYRING_READY=1 (or CC_NO_KEYRING=1), re-runs itself under scripts/with-keyring.sh: a
#    private D-Bus session with an unlocked throwaway GNOME Keyring, so the keytar test talks to a real
#    Secret Service. Without dbus-run-session/gnome-keyring it says so in one line and goes on.
# 2. When PostgreSQL's binaries exist (and TEST_DATABASE_URL is not already set), starts a throwaway
#    cluster (scripts/pg-cluster.sh) and exports TEST_DATABASE_URL; it is stopped and removed on exit.
#    CC_NO_PG=1 skips this.
# 3. Runs the steps. Extra arguments are step names to run only those, one after the other (e.g.
#    `scripts/test.sh unit`).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ "${CC_KEYRING_TRIED:-}" != "1" ]; then
  node "$root/scripts/setup.mjs" test
fi

if [ "${CC_KEYRING_READY:-}" != "1" ] && [ "${CC_KEYRING_TRIED:-}" != "1" ] && [ "${CC_NO_KEYRING:-}" != "1" ]; then
  exec bash "$root/scripts/with-keyring.sh" bash "$root/scripts/test.sh" "$@"
fi

section() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

if [ "${CC_KEYRING_READY:-}" = "1" ]; then
  echo "test: Secret Service: private gnome-keyring on ${DBUS_SESSION_BUS_ADDRESS:-?}"
else
  echo "test: no Secret Service session (the keychain test will skip, or fail under CI=true)"
fi

pg_dir=""
cleanup() {
  [ -z "${E2E_SANDBOX_ROOT_MADE:-}" ] || rm -rf "$E2E_SANDBOX_ROOT_MADE"
  if [ -n "$pg_dir" ]; then
    bash "$root/scripts/pg-cluster.sh" stop "$pg_dir" || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "test: using the given TEST_DATABASE_URL"
elif [ "${CC_NO_PG:-}" = "1" ]; then
  echo "test: CC_NO_PG=1: database suites run against PGlite only"
elif bash "$root/scripts/pg-cluster.sh" available; then
  pg_dir="$(mktemp -d "${TMPDIR:-/tmp}/cc-pg.XXXXXX")"
  TEST_DATABASE_URL="$(bash "$root/scripts/pg-cluster.sh" start "$pg_dir")"
  export TEST_DATABASE_URL
  echo "test: PostgreSQL for the database suites: $TEST_DATABASE_URL"
else
  echo "test: PostgreSQL binaries not found (apt-get install postgresql): database suites run against PGlite only"
fi

# One step, its output on stdout/stderr; the exit code says whether it passed.
run_step() {
  case "$1" in
    lint) npm run --silent lint ;;
    typecheck) npm run --silent typecheck ;;
    unit) npm run --silent test:unit ;;
    e2e) npm run --silent test:e2e ;;
    electronegativity) node scripts/electronegativity.mjs ;;
    package) npm run --silent package:check ;;
    fresh-clone) node tests/fresh-clone.mjs --here ;;
    fresh-cluster) node --import tsx scripts/fresh-cluster.ts ;;
    seed) [ -n "${E2E_SANDBOX_ROOT:-}" ] || { echo "test: the seed step makes \$E2E_SANDBOX_ROOT/seeded-sandbox: set E2E_SANDBOX_ROOT" >&2; return 2; }
      # The folder must be there afterwards: a seed that silently did nothing would leave the seeding to the
      # walks' first host again, and nothing else would notice.
      node --import tsx scripts/sandbox-template.ts "$E2E_SANDBOX_ROOT/seeded-sandbox" &&
        { [ -d "$E2E_SANDBOX_ROOT/seeded-sandbox/pg" ] || { echo "test: no seeded sandbox in $E2E_SANDBOX_ROOT/seeded-sandbox" >&2; return 1; }; } ;;
    *) echo "test: unknown step '$1' (lint typecheck fresh-cluster unit e2e electronegativity package fresh-clone seed)" >&2; return 2 ;;
  esac
}
title_of() {
  case "$1" in
    unit) echo "unit + integration tests (vitest)" ;;
    e2e) echo "end-to-end tests (Playwright)" ;;
    package) echo "the packaged app (electron-builder around a stand-in Electron)" ;;
    fresh-clone) echo "the start check: npm start serves the app, its sandbox answers" ;;
    seed) echo "the e2e run's seeded sandbox (scripts/sandbox-template.ts)" ;;
    fresh-cluster) echo "PGlite's fresh cluster for the run (scripts/fresh-cluster.ts)" ;;
    *) echo "$1" ;;
  esac
}

# Steps started in the background write to a log of their own, printed whole when they end, so the output
# reads as if they had run one after the other. Each runs in its own process group (setsid), so that a
# failure elsewhere stops it with everything it started.
logs="$(mktemp -d "${TMPDIR:-/tmp}/cc-test-logs.XXXXXX")"
# PGlite's fresh cluster, shared by the run's processes (server/db.ts, reuseFreshCluster): made by the
# fresh-cluster step before vitest (with named steps, by the first process that needs it); it goes with the logs.
# Always the run's own: a file kept from an older PGlite would not load.
export PGLITE_FRESH_CLUSTER="$logs/pglite-fresh-cluster.tar"
# Steps in the background run timed_step in a shell of their own: it needs the folder too.
export logs
declare -A bg_pid=() step_wall=() step_cpu=() step_result=()
step_order=()
# Runs one step in a shell of its own that writes, when the step ends, its wall time and the CPU time (user +
# system) of everything it ran to $logs/<step>.time.
# The CPU time is counted by a cpuacct cgroup of the step's own where one can be made (root, cgroup v1): it
# sees every process the step started, Chromium's renderers included, which leave their parents. Elsewhere
# it comes from `times`, which counts only the processes their parents waited for.
timed_step() {
  local group="/sys/fs/cgroup/cpuacct/cc-test-$1-$$" code=0
  mkdir "$group" 2>/dev/null || group=""
  bash -c '[ -z "$3" ] || echo "$$" >"$3/cgroup.procs"; run_step "$1"; code=$?; { echo "$SECONDS"; times; [ -z "$3" ] || cat "$3/cpuacct.usage"; } >"$2"; exit "$code"' _ "$1" "$logs/$1.time" "$group" || code=$?
  [ -z "$group" ] || rmdir "$group" 2>/dev/null || true
  return "$code"
}
export -f timed_step
# Records a finished step for the closing table: its wall and CPU seconds, and passed or FAILED.
record_step() {
  local wall cpu_text cpu
  step_order+=("$1")
  # The file: the wall seconds, then what `times` printed: the shell's own user and system time, then its
  # children's, e.g. "1m2.345s 0m5.678s".
  wall="$(sed -n 1p "$logs/$1.time" 2>/dev/null)"
  cpu_text="$(sed -n 3p "$logs/$1.time" 2>/dev/null)"
  cpu="$(awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); s += p[1] * 60 + p[2] } printf "%.0f", s }' <<<"$cpu_text" 2>/dev/null || echo "?")"
  # The cgroup's count, in nanoseconds, when there was one.
  local usage
  usage="$(sed -n 4p "$logs/$1.time" 2>/dev/null)"
  [ -z "$usage" ] || cpu="$((usage / 1000000000))"
  step_wall[$1]="${wall:-?}"
  step_cpu[$1]="${cpu:-?}"
  step_result[$1]="$2"
}
# The suite's size, read from the steps' own reports: a faster suite must not run fewer tests.
print_counts() {
  local plain vitest walks axe
  plain() { sed 's/\x1b\[[0-9;]*m//g' "$logs/$1.log" 2>/dev/null; }
  # `|| true`: a step that did not run has no report, and grep's miss must not end the run (pipefail, set -e).
  vitest="$(plain unit | grep -E '^ +Tests +' | tail -1 | sed -E 's/^ +Tests +//' || true)"
  walks="$(plain e2e | grep -E '^ +[0-9]+ (passed|failed|skipped|flaky)' | tr -s ' ' | paste -sd, - || true)"
  axe="$(plain e2e | grep -E '^e2e: [0-9]+ axe passes' | sed -E 's/^e2e: //' || true)"
  [ -z "$vitest$walks$axe" ] && return 0
  printf '\ntest: the suite: vitest %s; Playwright%s; %s\n' "${vitest:-?}" "${walks:- ?}" "${axe:-? axe passes}"
}
print_table() {
  print_counts
  [ "${#step_order[@]}" -gt 0 ] || return 0
  printf '\ntest: each step (wall and CPU seconds; side-by-side steps overlap)\n'
  printf '  %-20s %8s %8s  %s\n' step wall cpu result
  local step
  for step in "${step_order[@]}"; do printf '  %-20s %8s %8s  %s\n' "$step" "${step_wall[$step]}" "${step_cpu[$step]}" "${step_result[$step]}"; done
  printf '  %-20s %8s\n' "all (wall)" "$((SECONDS - run_started))"
}

# Steps started in the background write to a log of their own, printed whole when they end, so the output
# reads as if they had run one after the other. Each runs in its own process group (setsid), so that a
# failure elsewhere stops it with everything it started.
# A second argument "below" runs the step at a lower priority (nice 10): it takes the cores only when the
# stage's main step leaves them idle, so it cannot slow that step's timed waits.
start_bg() {
  local nice=0
  [ "${2:-}" != "below" ] || nice=10
  setsid -w nice -n "$nice" bash -c 'timed_step "$1"' _ "$1" >"$logs/$1.log" 2>&1 </dev/null &
  bg_pid[$1]=$!
}
# Waits for a background step, prints its output and time; returns its exit code.
finish_bg() {
  local code=0
  wait "${bg_pid[$1]}" || code=$?
  unset "bg_pid[$1]"
  section "$(title_of "$1")"
  cat "$logs/$1.log"
  if [ "$code" -eq 0 ]; then record_step "$1" passed; else record_step "$1" "FAILED (exit $code)"; fi
  echo "test: $1 ${step_result[$1]} in ${step_wall[$1]} s (CPU ${step_cpu[$1]} s)"
  return "$code"
}
# A stage that failed stops the steps still running beside it. SIGINT first: Playwright then stops the
# preview hosts it started (on SIGTERM it leaves them holding their ports); whatever is left gets SIGTERM.
stop_bg() {
  local step waited
  for step in "${!bg_pid[@]}"; do kill -INT -- "-${bg_pid[$step]}" 2>/dev/null || true; done
  for step in "${!bg_pid[@]}"; do
    for waited in $(seq 1 100); do kill -0 -- "-${bg_pid[$step]}" 2>/dev/null || break; sleep 0.1; done
    kill -TERM -- "-${bg_pid[$step]}" 2>/dev/null || true
  done
}
run_started=$SECONDS
cleanup_all() {
  local code=$?
  stop_bg
  print_table
  [ "$code" -eq 0 ] || echo "test: FAILED (exit $code) after $((SECONDS - run_started)) s"
  rm -rf "$logs"
  cleanup
}
trap cleanup_all EXIT
export -f run_step

# A step in the foreground: its output as it comes.
run_fg() {
  local code=0
  section "$(title_of "$1")"
  # Its output as it comes, and in its log for the closing counts.
  timed_step "$1" 2>&1 | tee "$logs/$1.log" || code=$?
  if [ "$code" -eq 0 ]; then record_step "$1" passed; else record_step "$1" "FAILED (exit $code)"; fi
  echo "test: $1 ${step_result[$1]} in ${step_wall[$1]} s (CPU ${step_cpu[$1]} s)"
  return "$code"
}

if [ "$#" -gt 0 ]; then
  # Named steps run one after the other, in the order given.
  for step in "$@"; do run_fg "$step"; done
  section "all passed"
  exit 0
fi

# Everything, in two stages (docs/decisions/testing-and-ci.md, "CI in stages"). Each stage has one main step
# in the foreground (vitest, then the e2e walks: two workers each) and steps beside it at nice 10, which
# use the cores the main step leaves idle (a vitest worker between files, the e2e hosts' starts, the last
# walks on one worker): lint, typecheck, Electronegativity and the walks' seeded sandbox beside vitest; the
# package check and the start check (in CI, in this checkout: tests/fresh-clone.mjs --here) beside the walks,
# once the build they and the walks' hosts share is made. A stage ends when all its steps have; any failure
# ends the run there.
fresh_clone=0
if [ "${CI:-}" = "true" ] || [ "${CC_FRESH_CLONE:-}" = "1" ]; then fresh_clone=1; else echo "test: the start check skipped outside CI (CC_FRESH_CLONE=1 runs it)"; fi
# The e2e run's folder (playwright.config.ts takes it from E2E_SANDBOX_ROOT), made here so that its seeded
# sandbox is made beside vitest: the walks' first host then copies it (about 5 s) instead of seeding it (about
# 20 s) while no walk can start. A folder made here goes at the end of the run (cleanup); one given is kept.
if [ -z "${E2E_SANDBOX_ROOT:-}" ]; then
  E2E_SANDBOX_ROOT="$(mktemp -d "${TMPDIR:-/tmp}/cc-e2e.XXXXXX")"
  E2E_SANDBOX_ROOT_MADE="$E2E_SANDBOX_ROOT"
fi
export E2E_SANDBOX_ROOT
stage_steps=(lint typecheck electronegativity)
for step in "${stage_steps[@]}"; do start_bg "$step" below; done
failed=0
# PGlite's fresh cluster first (a few seconds of one core, the steps above using the other): vitest's processes
# and the seed step then copy it instead of each running initdb.
run_fg fresh-cluster || failed=1
if [ "$failed" = "0" ]; then
  start_bg seed below
  stage_steps+=(seed)
  run_fg unit || failed=1
fi
for step in "${stage_steps[@]}"; do finish_bg "$step" || failed=1; done
[ "$failed" = "0" ] || exit 1
# The build the walks' hosts, the package check and `npm start` all use: made once, here (a few seconds),
# so that none of them builds while another reads out/.
node scripts/build-stamp.mjs --build-unless-current
stage_steps=(package)
[ "$fresh_clone" = "0" ] || stage_steps+=(fresh-clone)
for step in "${stage_steps[@]}"; do start_bg "$step" below; done
run_fg e2e || failed=1
for step in "${stage_steps[@]}"; do finish_bg "$step" || failed=1; done
[ "$failed" = "0" ] || exit 1

echo "test: every step passed in $((SECONDS - run_started)) s"
section "all passed"
