#!/usr/bin/env bash
# npm run test:quick [-- jest arguments]: the fast loop. Reuses the template database the last
# `npm test` built (no type-check, no rebuild of the template), so a test file runs in seconds.
# Run `npm test` again after changing migrations, db/functions or the seed.
source "$(dirname "$0")/lib/setup.sh"
setup_all >/dev/null
base=${TEST_DATABASE_URL:-$DATABASE_URL}
export TEST_PG_BASE="${base%/*}"
export TEST_TEMPLATE=${TEST_TEMPLATE:-marine_test_template}
if ! psql "$TEST_PG_BASE/postgres" -tAc "select 1 from pg_database where datname = '$TEST_TEMPLATE' and datistemplate" | grep -q 1; then
  log "no template database $TEST_TEMPLATE yet: run npm test once"
  exit 1
fi
# Some tests start the built service (dist/): keep it current with the sources.
tsc -p tsconfig.build.json
export PG_TEST_URL="$TEST_PG_BASE/$TEST_TEMPLATE"
exec jest "$@"
