#!/usr/bin/env bash
# npm run db:reset: drops the local `marine` database (or DATABASE_URL's, after a confirmation
# variable), creates it again, migrates and loads the demo data, as a fresh `npm start` would.
source "$(dirname "$0")/lib/setup.sh"
if [ -n "${DATABASE_URL:-}" ] && [ "${RESET_CONFIRM:-}" != "$DATABASE_URL" ]; then
  log "DATABASE_URL points at your own database; to drop it, run again with RESET_CONFIRM=\"\$DATABASE_URL\""
  exit 1
fi
setup_all >/dev/null
base=${DATABASE_URL%/*}
name=${DATABASE_URL##*/}
name=${name%%\?*}
log "dropping and creating $name"
psql "$base/postgres" -qc "drop database if exists \"$name\" with (force)" -c "create database \"$name\"" >/dev/null
tsc -p tsconfig.build.json
node dist/scripts/migrate.js
node dist/scripts/seed/load.js --size "${SEED_SIZE:-2000}"
