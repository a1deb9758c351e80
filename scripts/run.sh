#!/usr/bin/env bash
# npm run migrate | db:schema | db:stored-functions | seed | admin | worker | search:eval: the same set-up as npm start, then one script from dist/.
source "$(dirname "$0")/lib/setup.sh"
setup_all >/dev/null
tsc -p tsconfig.build.json
name=$1; shift
case "$name" in
  migrate) exec node dist/scripts/migrate.js "$@" ;;
  db-schema) exec node dist/scripts/db/write-schema.js "$@" ;;
  db-stored-functions) exec node dist/scripts/db/extract-definitions.js --stored "$@" ;;
  seed) exec node dist/scripts/seed/load.js "$@" ;;
  admin) exec node dist/scripts/admin.js "$@" ;;
  worker) exec node dist/worker/main.js "$@" ;;
  search-eval) exec node dist/bench/search-eval/run.js "$@" ;;
  *) echo "unknown script: $name" >&2; exit 2 ;;
esac
