#!/usr/bin/env bash
# A throwaway PostgreSQL on 127.0.0.1 for tests.
#   Tools/pg-test.sh start DIR [PORT [CERT KEY]]   initdb in DIR (if new), start, print the URL;
#                                                  with CERT and KEY (PEM), TLS on with them
#   Tools/pg-test.sh standby DIR PORT PRIMARY_PORT a hot standby of the server on PRIMARY_PORT,
#                                                  fed by streaming replication (pg_basebackup -R)
#                                                  in DIR: start it, print its URL
#   Tools/pg-test.sh promote DIR                   promote the standby in DIR to a primary (waits)
#   Tools/pg-test.sh kill DIR                      kill -9 the server's postmaster (a crash)
#   Tools/pg-test.sh stop DIR                      stop it (immediate) and remove DIR
# PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres user.
set -euo pipefail
usage="usage: pg-test.sh start DIR [PORT [CERT KEY]] | standby DIR PORT PRIMARY_PORT | promote DIR | kill DIR | stop DIR"
command=${1:?$usage}
dir=${2:?$usage}
port=${3:-54329}
cert=${4:-}
key=${5:-}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "pg-test.sh: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$command" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_owner "$bin/initdb" -D "$dir/data" --auth=trust -U postgres >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    options="-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
    if [ -n "$cert" ]; then
      # The server reads its key only when the key belongs to it and no one else may read it.
      cp "$cert" "$dir/server.crt" && cp "$key" "$dir/server.key" && chmod 600 "$dir/server.key"
      [ "$(id -u)" -eq 0 ] && chown postgres "$dir/server.crt" "$dir/server.key"
      options="$options -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key"
    fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "$options" start >/dev/null 2>&1 \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  standby)
    primary_port=${4:?$usage}
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    # -R writes standby.signal and the primary's address: the copy starts as its standby.
    as_owner "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$dir/data" -R -X stream -c fast \
      >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100 -c hot_standby=on" start >/dev/null 2>&1 \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  promote)
    as_owner "$bin/pg_ctl" -D "$dir/data" -w promote >/dev/null 2>&1 || { tail -n 20 "$dir/server.log" >&2; exit 1; }
    ;;
  kill)
    pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null) || { echo "pg-test.sh: no server running in $dir" >&2; exit 1; }
    kill -9 "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.02; done
    ;;
  stop)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "$usage" >&2; exit 64 ;;
esac
