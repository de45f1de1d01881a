#!/usr/bin/env bash
# Type-checks every workspace with its own tsconfig (each has its own libs: DOM for web, node elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for project in tsconfig.json packages/domain packages/server packages/simulator packages/web e2e bench; do
  node_modules/.bin/tsc -p "$project" || status=1
done
exit $status
