#!/usr/bin/env bash
# npm start: set up what is missing, migrate, load demo data into an empty directory, serve.
source "$(dirname "$0")/lib/setup.sh"
setup_all
if [ -n "${LOCAL_PG_URL_BASE:-}" ]; then
  export AUTH_DATABASE_URL="${AUTH_DATABASE_URL:-${LOCAL_PG_URL_BASE/postgres@/marine_authenticator@}/marine}"
fi
log "building"
tsc -p tsconfig.build.json
node dist/scripts/migrate.js
node dist/scripts/seed/load.js --if-empty --size "${SEED_SIZE:-2000}"
exec bash "$(dirname "$0")/serve.sh"
