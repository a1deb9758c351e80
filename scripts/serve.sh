#!/usr/bin/env bash
# npm run serve: the production command. Runs the built API (dist/, from `npm run build`) with its
# memory bounds against DATABASE_URL as it is: it neither sets anything up, builds, migrates nor
# loads data (docs/deploy.md). npm start (scripts/start.sh) and the bench start the API here too.
# Bounded old and young generations keep the API's RSS near its working set under load
# (docs/performance.md, "Memory"). The process started here is the supervisor (src/supervisor.ts):
# its HTTP workers and job worker are forked with these same flags.
main="$(dirname "$0")/../dist/src/main.js"
if [ ! -f "$main" ]; then
  echo "serve: no built tree ($main): run npm run build first" >&2
  exit 1
fi
exec node --max-old-space-size="${NODE_MAX_OLD_SPACE_MB:-128}" \
  --max-semi-space-size="${NODE_MAX_SEMI_SPACE_MB:-8}" "$main"
