#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked, throwaway GNOME Keyring
# (a real Secret Service, what keytar/libsecret talk to on Linux).
#
#   scripts/with-keyring.sh COMMAND [ARGS...]
#
# The keyring's files live in a temporary folder removed afterwards, so nothing touches the user's own
# keyrings. Sets CC_KEYRING_READY=1 for the command. When dbus-run-session or gnome-keyring-daemon is
# missing, prints one line and runs the command as it is (CC_KEYRING_READY stays unset; the keychain
# test then skips, or fails under CI=true).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

# Tells a caller that re-runs itself through this script (scripts/test.sh) that it has been here.
export CC_KEYRING_TRIED=1

if [ "${1:-}" = "--inside" ]; then
  # Second stage: we are inside dbus-run-session.
  shift
  keyring_home="$(mktemp -d "${TMPDIR:-/tmp}/cc-keyring.XXXXXX")"
  cleanup() {
    if [ -n "${GNOME_KEYRING_PID:-}" ]; then kill "$GNOME_KEYRING_PID" 2>/dev/null || true; fi
    rm -rf "$keyring_home"
  }
  trap cleanup EXIT
  mkdir -m 700 -p "$keyring_home/data" "$keyring_home/runtime"
  # gnome-keyring prints GNOME_KEYRING_CONTROL=... (and GNOME_KEYRING_PID=... in older versions).
  daemon_env="$(printf '%s' "cc-throwaway-$$-$RANDOM" |
    XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/runtime" \
      gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)" || {
    echo "with-keyring: gnome-keyring-daemon failed to start; running without a Secret Service" >&2
    exec "$@"
  }
  while IFS= read -r line; do
    case "$line" in
      GNOME_KEYRING_CONTROL=* | GNOME_KEYRING_PID=*) export "${line?}" ;;
    esac
  done <<<"$daemon_env"
  # Without a printed pid the daemon ends with the private bus when dbus-run-session returns.
  export CC_KEYRING_READY=1
  # Not exec: the trap must stop the daemon and remove its folder afterwards.
  set +e
  "$@"
  status=$?
  exit "$status"
fi

if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  echo "with-keyring: dbus-run-session or gnome-keyring-daemon not found (apt-get install dbus-x11 gnome-keyring); running without a Secret Service" >&2
  exec "$@"
fi

exec dbus-run-session -- bash "$0" --inside "$@"
