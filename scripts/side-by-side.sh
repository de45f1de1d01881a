#!/usr/bin/env bash
# Runs each argument as a command at the same time (e.g. lint and typecheck, each on one core),
# then prints each one's output in turn, whole, and fails if any of them failed.
#   bash scripts/side-by-side.sh "npm run lint --silent" "npm run typecheck --silent"
set -uo pipefail
printf "Side by side (output when all have ended):"
printf " [%s]" "$@"
echo
outputs="$(mktemp -d)"
trap 'rm -rf "$outputs"' EXIT
pids=()
index=0
for command in "$@"; do
  bash -c "$command" >"$outputs/$index" 2>&1 &
  pids+=("$!")
  index=$((index + 1))
done
status=0
index=0
for command in "$@"; do
  if wait "${pids[$index]}"; then verdict=passed; else verdict=FAILED && status=1; fi
  printf '\n> %s (%s)\n' "$command" "$verdict"
  cat "$outputs/$index"
  index=$((index + 1))
done
exit $status
