#!/usr/bin/env bash
# Stops the project-local PostgreSQL cluster (npm start and npm test leave it running for reuse).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .data/pg/PG_VERSION ] || { echo "no local cluster"; exit 0; }
if [ "$(id -u)" = 0 ]; then
  runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl stop -D .data/pg -m fast
else
  /usr/lib/postgresql/15/bin/pg_ctl stop -D .data/pg -m fast
fi
