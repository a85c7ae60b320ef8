#!/usr/bin/env bash
# `npm test`: everything CI runs, in stages, stopping after the first stage that fails:
#   lint, typecheck and Electronegativity side by side; unit + integration tests (vitest); end-to-end tests
#   (Playwright, two workers); the packaged app (npm run package:check); and in CI (or with CC_FRESH_CLONE=1)
#   the fresh-clone check (tests/fresh-clone.mjs), in the background from the start. Each step's output is
#   printed whole, with its time, when it ends.
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
    fresh-clone) node tests/fresh-clone.mjs ;;
    *) echo "test: unknown step '$1' (lint typecheck unit e2e electronegativity package fresh-clone)" >&2; return 2 ;;
  esac
}
title_of() {
  case "$1" in
    unit) echo "unit + integration tests (vitest)" ;;
    e2e) echo "end-to-end tests (Playwright)" ;;
    package) echo "the packaged app (electron-builder around a stand-in Electron)" ;;
    fresh-clone) echo "fresh clone: setup, npm start, the sandbox answers" ;;
    *) echo "$1" ;;
  esac
}

# Steps started in the background write to a log of their own, printed whole when they end, so the output
# reads as if they had run one after the other. Each runs in its own process group (setsid), so that a
# failure elsewhere stops it with everything it started.
logs="$(mktemp -d "${TMPDIR:-/tmp}/cc-test-logs.XXXXXX")"
declare -A bg_pid=() bg_started=()
start_bg() {
  bg_started[$1]=$SECONDS
  # The step's own time is written when it ends: it may end well before its turn to be printed.
  setsid -w bash -c 'run_step "$1"; code=$?; echo "$SECONDS" >"$2"; exit "$code"' _ "$1" "$logs/$1.time" >"$logs/$1.log" 2>&1 </dev/null &
  bg_pid[$1]=$!
}
# Waits for a background step, prints its output and time; returns its exit code.
finish_bg() {
  local code=0 took
  wait "${bg_pid[$1]}" || code=$?
  unset "bg_pid[$1]"
  took="$(cat "$logs/$1.time" 2>/dev/null || echo "$((SECONDS - bg_started[$1]))")"
  section "$(title_of "$1")"
  cat "$logs/$1.log"
  if [ "$code" -eq 0 ]; then echo "test: $1 passed in $took s"; else echo "test: $1 FAILED (exit $code) after $took s"; fi
  return "$code"
}
stop_bg() {
  local step
  for step in "${!bg_pid[@]}"; do kill -TERM -- "-${bg_pid[$step]}" 2>/dev/null || true; done
}
cleanup_all() {
  stop_bg
  rm -rf "$logs"
  cleanup
}
trap cleanup_all EXIT
export -f run_step

run_fg() {
  local started=$SECONDS
  section "$(title_of "$1")"
  run_step "$1"
  echo "test: $1 passed in $((SECONDS - started)) s"
}

if [ "$#" -gt 0 ]; then
  # Named steps run one after the other, in the order given.
  for step in "$@"; do run_fg "$step"; done
  section "all passed"
  exit 0
fi

# Everything, in stages (docs/decisions.md, "CI in stages"). Steps of a stage share the two cores: lint,
# typecheck and Electronegativity are one thread each; the fresh-clone check (mostly npm ci: network and
# disk) runs beside all the rest. The e2e walks (two workers) and vitest have the machine to themselves.
fresh_clone=0
# The fresh-clone check installs a second copy of everything: on a fresh machine (CI) it is the point.
if [ "${CI:-}" = "true" ] || [ "${CC_FRESH_CLONE:-}" = "1" ]; then fresh_clone=1; else echo "test: fresh-clone check skipped outside CI (CC_FRESH_CLONE=1 runs it)"; fi
run_started=$SECONDS
if [ "$fresh_clone" = "1" ]; then start_bg fresh-clone; echo "test: fresh-clone check started in the background (its output comes at the end)"; fi
for step in lint typecheck electronegativity; do start_bg "$step"; done
failed=0
for step in lint typecheck electronegativity; do finish_bg "$step" || failed=1; done
[ "$failed" = "0" ] || exit 1
run_fg unit
run_fg e2e
# After the e2e step: the package check reuses its build (out/ is current then).
run_fg package
if [ "$fresh_clone" = "1" ]; then finish_bg fresh-clone; fi

echo "test: every step passed in $((SECONDS - run_started)) s"
section "all passed"
