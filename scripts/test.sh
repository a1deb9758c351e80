#!/usr/bin/env bash
# npm test: the same set-up as npm start, a type-check, a fresh template database (migrated,
# demo data loaded), then every jest test. Each test file clones the template (test/helpers/db.ts).
source "$(dirname "$0")/lib/setup.sh"
setup_all
ensure_chromium
ensure_pgbouncer
ensure_prometheus

# Test databases live beside the main one: on the local cluster, or on TEST_DATABASE_URL's server.
base=${TEST_DATABASE_URL:-$DATABASE_URL}
export TEST_PG_BASE="${base%/*}"
# TEST_TEMPLATE names this run's template; per-file clones are <template>_t_*, so two runs with
# different templates never touch each other's databases.
template=${TEST_TEMPLATE:-marine_test_template}
export TEST_TEMPLATE=$template

log "type-checking and linting"
tsc --noEmit -p tsconfig.json
eslint .
prettier --check . >/dev/null || { log "formatting differs from Prettier's: run npm run format"; prettier --check . ; exit 1; }
tsc -p tsconfig.build.json

log "building the test template database"
psql "$TEST_PG_BASE/postgres" -qtA -v ON_ERROR_STOP=1 >/dev/null <<SQL
select pg_terminate_backend(pid) from pg_stat_activity where datname like '${template}\_t\_%' or datname = '$template';
SQL
for db in $(psql "$TEST_PG_BASE/postgres" -qtAc "select datname from pg_database where datname like '${template}\_t\_%' or datname = '$template'"); do
  psql "$TEST_PG_BASE/postgres" -qc "alter database \"$db\" is_template false" -c "drop database \"$db\"" >/dev/null
done
psql "$TEST_PG_BASE/postgres" -qc "create database $template" >/dev/null
DATABASE_URL="$TEST_PG_BASE/$template" node dist/scripts/migrate.js
DATABASE_URL="$TEST_PG_BASE/$template" node dist/scripts/seed/load.js --size "${TEST_SEED_SIZE:-2000}"
psql "$TEST_PG_BASE/postgres" -qc "alter database $template is_template true" >/dev/null

export PG_TEST_URL="$TEST_PG_BASE/$template"
jest "$@"
