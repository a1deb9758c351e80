#!/usr/bin/env bash
# npm run psql [-- psql arguments]: psql on the database npm start uses (the local cluster's
# `marine` database unless DATABASE_URL says otherwise), as its owner.
source "$(dirname "$0")/lib/setup.sh"
setup_all >/dev/null
exec psql "$DATABASE_URL" "$@"
