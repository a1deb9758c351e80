# Set-up shared by `npm start` and `npm test` (sourced, not run): npm packages, PostgreSQL with
# PostGIS, and, without DATABASE_URL, a project-local cluster under .data/. Idempotent: a second
# run only checks and reuses what exists.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
PG_MAJOR=15
PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
DATA_DIR="$ROOT/.data"

log() { printf 'setup: %s\n' "$*" >&2; }
is_root() { [ "$(id -u)" = 0 ]; }

ensure_npm_packages() {
  # The `node` package in the dependencies brings Node 22; npm puts node_modules/.bin first on
  # PATH for scripts, so everything after this runs on it.
  if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm packages (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
  fi
  export PATH="$ROOT/node_modules/.bin:$PATH"
}

# Installs Debian packages when running as root; otherwise prints the command and stops.
install_debian_packages() {
  local what=$1; shift
  local cmd="apt-get update && apt-get install -y $*"
  if is_root; then
    log "installing $what from Debian's packages"
    DEBIAN_FRONTEND=noninteractive bash -c "$cmd" >"${TMPDIR:-/tmp}/marine-apt.log" 2>&1 ||
      { log "apt-get failed; see ${TMPDIR:-/tmp}/marine-apt.log"; exit 1; }
  else
    log "$what is missing. Install it with:"
    log "  sudo sh -c '$cmd'"
    exit 1
  fi
}

ensure_postgis_packages() {
  [ -x "$PG_BIN/initdb" ] && [ -f /usr/share/postgresql/$PG_MAJOR/extension/postgis.control ] && return
  install_debian_packages "PostgreSQL $PG_MAJOR with PostGIS" postgresql-$PG_MAJOR postgresql-$PG_MAJOR-postgis-3
}

# Browser tests drive Debian's Chromium (playwright-core downloads no browser here).
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return
  install_debian_packages "Chromium (for the browser tests)" chromium
}

# The scale-out test puts PgBouncer (transaction mode) in front of a throwaway cluster.
ensure_pgbouncer() {
  [ -x /usr/sbin/pgbouncer ] && return
  install_debian_packages "PgBouncer (for the scale-out test)" pgbouncer
}

# The metrics test has Prometheus scrape the service and queries what it scraped.
ensure_prometheus() {
  [ -x /usr/bin/prometheus ] && return
  install_debian_packages "Prometheus (for the metrics test)" prometheus
}

# Runs a PostgreSQL server binary as the cluster's owner (initdb refuses root).
as_pg_owner() {
  if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_is_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Starts (or reuses) the project-local cluster and exports LOCAL_PG_URL_BASE.
ensure_local_cluster() {
  local pgdata="$DATA_DIR/pg" port_file="$DATA_DIR/pg.port"
  mkdir -p "$DATA_DIR"
  if [ ! -f "$pgdata/PG_VERSION" ]; then
    local port=54329
    while ! port_is_free "$port"; do port=$((port + 1)); done
    log "creating a local PostgreSQL cluster in .data/pg (port $port)"
    mkdir -p "$pgdata"
    if is_root; then
      chown postgres:postgres "$pgdata"
      if ! runuser -u postgres -- test -w "$pgdata"; then
        log "the postgres user cannot write $pgdata (a parent folder is private)."
        log "Clone the project somewhere the postgres user can reach, or set DATABASE_URL."
        exit 1
      fi
    fi
    as_pg_owner "$PG_BIN/initdb" -D "$pgdata" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DATA_DIR/initdb.log"
    # TCP on loopback only, no socket file: socket paths have a short length limit.
    cat >>"$pgdata/postgresql.conf" <<EOF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 200
shared_buffers = 256MB
EOF
    echo "$port" >"$port_file"
  fi
  local port; port=$(cat "$port_file")
  if ! as_pg_owner "$PG_BIN/pg_ctl" status -D "$pgdata" >/dev/null 2>&1; then
    # The server log may hold statement text: readable by its owner only.
    touch "$DATA_DIR/pg.log"; chmod 600 "$DATA_DIR/pg.log"; is_root && chown postgres "$DATA_DIR/pg.log"
    as_pg_owner "$PG_BIN/pg_ctl" start -w -t 60 -D "$pgdata" -l "$DATA_DIR/pg.log" >/dev/null ||
      { log "PostgreSQL did not start; see .data/pg.log"; tail -20 "$DATA_DIR/pg.log" >&2; exit 1; }
  fi
  export LOCAL_PG_URL_BASE="postgres://postgres@127.0.0.1:$port"
}

# Creates database $2 on the server at URL base $1 when it does not exist.
ensure_database() {
  local base=$1 name=$2
  if ! psql "$base/postgres" -tAc "select 1 from pg_database where datname = '$name'" | grep -q 1; then
    psql "$base/postgres" -qc "create database \"$name\"" >/dev/null
  fi
}

# Everything: after it, DATABASE_URL names a migratable database.
setup_all() {
  ensure_npm_packages
  ensure_postgis_packages
  if [ -z "${DATABASE_URL:-}" ]; then
    ensure_local_cluster
    ensure_database "$LOCAL_PG_URL_BASE" marine
    export DATABASE_URL="$LOCAL_PG_URL_BASE/marine"
  fi
}
