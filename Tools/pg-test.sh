#!/usr/bin/env bash
# A throwaway PostgreSQL on 127.0.0.1 for tests.
#   Tools/pg-test.sh start DIR [PORT [CERT KEY]]   initdb in DIR (if new), start, print the URL;
#                                                  with CERT and KEY (PEM), TLS on with them
#   Tools/pg-test.sh stop DIR                      stop it (immediate) and remove DIR
# PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres user.
set -euo pipefail
command=${1:?usage: pg-test.sh start|stop DIR [PORT [CERT KEY]]}
dir=${2:?usage: pg-test.sh start|stop DIR [PORT [CERT KEY]]}
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
  stop)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: pg-test.sh start|stop DIR [PORT [CERT KEY]]" >&2; exit 64 ;;
esac
