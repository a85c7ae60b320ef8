#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests, on 127.0.0.1 with a free port, its files in one folder.
#
#   scripts/pg-cluster.sh available      exit 0 when PostgreSQL's server binaries are found
#   scripts/pg-cluster.sh start DIR      initdb + start in DIR (created if missing); prints the URL
#                                        postgres://postgres@127.0.0.1:PORT/content_console_test
#   scripts/pg-cluster.sh stop DIR       stops the cluster and removes DIR
#
# Binaries: $PG_BIN, else the newest /usr/lib/postgresql/*/bin, else `pg_config --bindir`, else PATH.
# As root the server runs as the `postgres` user (runuser -u postgres); otherwise as the current user.
# Trust authentication, local connections only; fsync off (test data only).
set -euo pipefail

DB_NAME="${PG_TEST_DB:-content_console_test}"

find_bin() {
  if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then echo "$PG_BIN"; return 0; fi
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
  if command -v pg_config >/dev/null 2>&1; then
    d="$(pg_config --bindir 2>/dev/null || true)"
    if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; return 0; fi
  fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"; return 0
  fi
  return 1
}

# Runs a command as the cluster's owner.
as_owner() {
  # From / so that the postgres user is not left in a folder it cannot read.
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

cmd="${1:-}"
case "$cmd" in
  available)
    find_bin >/dev/null || exit 1
    if [ "$(id -u)" -eq 0 ] && ! id -u postgres >/dev/null 2>&1; then exit 1; fi
    exit 0
    ;;

  start)
    dir="${2:?usage: $0 start DIR}"
    bin="$(find_bin)" || { echo "pg-cluster: PostgreSQL binaries not found (apt-get install postgresql)" >&2; exit 3; }
    if [ "$(id -u)" -eq 0 ] && ! id -u postgres >/dev/null 2>&1; then
      echo "pg-cluster: running as root but there is no 'postgres' user to run the server" >&2
      exit 3
    fi
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    chmod 700 "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
      >"$dir/initdb.log" 2>&1 || as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale \
      >"$dir/initdb.log" 2>&1 || { echo "pg-cluster: initdb failed:" >&2; cat "$dir/initdb.log" >&2; exit 1; }
    started=""
    for attempt in 1 2 3 4 5; do
      port="$(free_port)"
      if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        >/dev/null 2>&1; then
        started=1
        break
      fi
      echo "pg-cluster: start on port $port failed (attempt $attempt)" >&2
    done
    if [ -z "$started" ]; then
      echo "pg-cluster: could not start PostgreSQL; server log:" >&2
      tail -n 30 "$dir/server.log" >&2 || true
      exit 1
    fi
    echo "$port" >"$dir/port"
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/$DB_NAME"
    ;;

  stop)
    dir="${2:?usage: $0 stop DIR}"
    if [ -d "$dir/data" ]; then
      if bin="$(find_bin)"; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
      fi
    fi
    rm -rf "$dir"
    ;;

  *)
    echo "usage: $0 available | start DIR | stop DIR" >&2
    exit 2
    ;;
esac
