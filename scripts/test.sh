#!/usr/bin/env bash
# `npm test`: everything CI runs, in order, stopping at the first failure:
#   lint, typecheck, unit + integration tests (vitest), end-to-end tests (Playwright), Electronegativity, the
#   packaged app (npm run package:check), and
#   in CI (or with CC_FRESH_CLONE=1) the fresh-clone check (tests/fresh-clone.mjs).
#
# 0. The set-up (scripts/setup.mjs test): system packages and npm ci when needed, so that `npm test` works as
#    the first command after a clone.
# 1. Unless CC_KEYRING_READY=1 (or CC_NO_KEYRING=1), re-runs itself under scripts/with-keyring.sh: a
#    private D-Bus session with an unlocked throwaway GNOME Keyring, so the keytar test talks to a real
#    Secret Service. Without dbus-run-session/gnome-keyring it says so in one line and goes on.
# 2. When PostgreSQL's binaries exist (and TEST_DATABASE_URL is not already set), starts a throwaway
#    cluster (scripts/pg-cluster.sh) and exports TEST_DATABASE_URL; it is stopped and removed on exit.
#    CC_NO_PG=1 skips this.
# 3. Runs the steps. Extra arguments are step names to run only those (e.g. `scripts/test.sh unit`).
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

steps=("$@")
if [ "${#steps[@]}" -eq 0 ]; then
  steps=(lint typecheck unit e2e electronegativity package)
  # The fresh-clone check installs a second copy of everything: on a fresh machine (CI) it is the point.
  if [ "${CI:-}" = "true" ] || [ "${CC_FRESH_CLONE:-}" = "1" ]; then steps+=(fresh-clone); else echo "test: fresh-clone check skipped outside CI (CC_FRESH_CLONE=1 runs it)"; fi
fi

for step in "${steps[@]}"; do
  started=$SECONDS
  case "$step" in
    lint) section "lint"; npm run --silent lint ;;
    typecheck) section "typecheck"; npm run --silent typecheck ;;
    unit) section "unit + integration tests (vitest)"; npm run --silent test:unit ;;
    e2e) section "end-to-end tests (Playwright)"; npm run --silent test:e2e ;;
    electronegativity) section "Electronegativity"; node scripts/electronegativity.mjs ;;
    package) section "the packaged app (electron-builder around a stand-in Electron)"; npm run --silent package:check ;;
    fresh-clone) section "fresh clone: setup, npm start, the sandbox answers"; node tests/fresh-clone.mjs ;;
    *) echo "test: unknown step '$step' (lint typecheck unit e2e electronegativity package fresh-clone)" >&2; exit 2 ;;
  esac
  echo "test: $step passed in $((SECONDS - started)) s"
done

section "all passed"
