#!/usr/bin/env bash
# npm run bench -- --size 100000: the same set-up as npm start (packages, local PostgreSQL), the
# production build, then the bench (dist/bench/main.js). Databases bench_<size> are its own.
source "$(dirname "$0")/../scripts/lib/setup.sh"
setup_all >/dev/null
# wrk, the load generator (bench/load.ts), from Debian's packages.
command -v "${WRK:-wrk}" >/dev/null || install_debian_packages "wrk (the bench's load generator)" wrk
tsc -p tsconfig.build.json
# --replica: the one-replica bench (bench/replica.ts) instead.
if [ "${1:-}" = --replica ]; then shift; exec node dist/bench/replica.js "$@"; fi
exec node dist/bench/main.js "$@"
