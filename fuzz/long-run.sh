#!/usr/bin/env bash
# Long fuzz runs (docs/reliability.md): one harness at a time, at the lowest
# CPU priority, until a number of executions or a time limit, from the
# committed corpus (new finds go to build-fuzz/long/<harness>/new).  Prints
# and appends to build-fuzz/long/stats.txt one line per run: date, harness,
# the command and libFuzzer's final statistics line (`Done N runs in S
# second(s)`, with the `#N DONE cov: ... exec/s: ... rss: ...` line before
# it), or FAILED with the reproducer's path.
#
#   bash fuzz/long-run.sh [--runs N] [--time S] [HARNESS...]
#       defaults: --runs 1000000 --time 1800 (whichever comes first)
#   bash fuzz/long-run.sh --merge HARNESS...
#       minimises build-fuzz/long/<harness>/new together with the committed
#       corpus back into fuzz/corpus/<harness>/ (libFuzzer -merge=1, edges
#       only: -use_counters=0 keeps the corpus to a few hundred files)
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${STRATA_FUZZ_BUILD:-$ROOT/build-fuzz}
# shellcheck source=fuzz/harnesses.sh
. "$ROOT/fuzz/harnesses.sh"

runs=1000000
secs=1800
merge=0
harnesses=()
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --time) secs=$2; shift 2 ;;
    --merge) merge=1; shift ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || mapfile -t harnesses < <(fuzz_harnesses "$ROOT")

fuzz_build "$ROOT" "$BUILD" || exit 1
mkdir -p "$BUILD/long"

status=0
for h in "${harnesses[@]}"; do
  out=$BUILD/long/$h
  mkdir -p "$out/new"
  if [ $merge = 1 ]; then
    tmp=$(mktemp -d)
    "$BUILD/fuzz/fuzz-$h" -merge=1 -use_counters=0 -max_len=8192 -timeout=5 "$tmp" \
      "$ROOT/fuzz/corpus/$h" "$out/new" >"$out/merge.log" 2>&1 || { tail -20 "$out/merge.log"; exit 1; }
    rm -rf "$ROOT/fuzz/corpus/$h"
    mv "$tmp" "$ROOT/fuzz/corpus/$h"
    chmod 755 "$ROOT/fuzz/corpus/$h"
    echo "$h: $(ls "$ROOT/fuzz/corpus/$h" | wc -l) files in fuzz/corpus/$h"
    continue
  fi
  flags=$(fuzz_flags "$ROOT" "$h")
  cmd="fuzz-$h $flags -runs=$runs -max_total_time=$secs -print_final_stats=1"
  echo "=== $(date -u '+%Y-%m-%d %H:%M UTC') $cmd"
  # shellcheck disable=SC2086
  nice -n 19 "$BUILD/fuzz/fuzz-$h" $flags -runs="$runs" -max_total_time="$secs" -print_final_stats=1 \
    -artifact_prefix="$out/" "$out/new" "$ROOT/fuzz/corpus/$h" >"$out/log" 2>&1
  rc=$?
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$out/log" | tail -1)
  final=$(grep -E '^Done [0-9]+ runs' "$out/log" | tail -1)
  if [ $rc -eq 0 ]; then
    line="$(date -u '+%Y-%m-%d %H:%M UTC')  $h  ok  $done_line | $final"
  else
    status=1
    repro=$(ls "$out" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | head -1)
    line="$(date -u '+%Y-%m-%d %H:%M UTC')  $h  FAILED (exit $rc) ${repro:+$out/$repro}"
    tail -40 "$out/log"
  fi
  echo "$line  [$cmd]" | tee -a "$BUILD/long/stats.txt"
done
exit $status
