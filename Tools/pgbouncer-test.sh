#!/usr/bin/env bash
# A throwaway PgBouncer in transaction pooling mode on 127.0.0.1, in front of a PostgreSQL on
# this machine (Tools/pg-test.sh), for the tests and the benchmark: the pooler teams put in
# front of their hub (docs/hub.md, "Behind a pooler").
#   Tools/pgbouncer-test.sh start DIR PORT SERVER_PORT [USER…]   write the configuration in DIR,
#                                   start, print the URL; USERs may log in (postgres always)
#   Tools/pgbouncer-test.sh stop DIR                              stop it and remove DIR
# PgBouncer refuses to run as root, so as root it runs as the postgres user. Logins are not
# checked (auth_type trust): each user connects to the server as itself, which checks it.
set -euo pipefail
usage="usage: pgbouncer-test.sh start DIR PORT SERVER_PORT [USER…] | stop DIR"
command=${1:?$usage}
dir=${2:?$usage}
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$command" in
  start)
    port=${3:?$usage}
    server_port=${4:?$usage}
    shift 4
    command -v pgbouncer >/dev/null || { echo "pgbouncer-test.sh: pgbouncer not found (apt-get install pgbouncer)" >&2; exit 1; }
    mkdir -p "$dir"
    : > "$dir/users.txt"
    for user in postgres "$@"; do printf '"%s" ""\n' "$user" >> "$dir/users.txt"; done
    cat > "$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$server_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
; Server connections in all, whatever the number of users (each user has a pool of its own):
; below the server's max_connections, so that many roles at once wait here for a connection
; rather than being refused by the server (idle ones of other pools are closed to make room).
max_db_connections = 60
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
    [ "$(id -u)" -eq 0 ] && chown -R postgres "$dir"
    as_owner pgbouncer -d -q "$dir/pgbouncer.ini" || { cat "$dir/pgbouncer.log" >&2 2>/dev/null; exit 1; }
    # Ready once it accepts connections.
    for _ in $(seq 100); do
      (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
      sleep 0.05
    done
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
    rm -rf "$dir"
    ;;
  *) echo "$usage" >&2; exit 64 ;;
esac
