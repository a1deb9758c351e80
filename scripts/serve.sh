#!/usr/bin/env bash
# Runs the built API with its memory bounds; npm start (scripts/start.sh) and the bench both start
# it here. Bounded old and young generations keep the API's RSS near its working set under load
# (docs/performance.md, "Memory"). The process started here is the supervisor (src/supervisor.ts):
# its HTTP workers and job worker are forked with these same flags.
exec node --max-old-space-size="${NODE_MAX_OLD_SPACE_MB:-128}" \
  --max-semi-space-size="${NODE_MAX_SEMI_SPACE_MB:-8}" "$(dirname "$0")/../dist/src/main.js"
