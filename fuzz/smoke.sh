#!/usr/bin/env bash
# CI's fuzz smoke (.ci/run): builds the libFuzzer harnesses with clang-14
# (ASan + UBSan + fuzzer coverage) in build-fuzz/ and runs each for a fixed
# time from its committed corpus (new finds go to a scratch directory, the
# committed corpus stays as it is).  Any crash, leak, timeout (-timeout)
# or sanitizer report fails the run; the reproducer is left in
# build-fuzz/smoke/ with libFuzzer's log.  Budget: 5 minutes on 2 cores
# including the build.
#
#   bash fuzz/smoke.sh                 # every harness, FUZZ_SECONDS each (20)
#   FUZZ_SECONDS=5 bash fuzz/smoke.sh ir pass
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${STRATA_FUZZ_BUILD:-$ROOT/build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-20}
# shellcheck source=fuzz/harnesses.sh
. "$ROOT/fuzz/harnesses.sh"

harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || mapfile -t harnesses < <(fuzz_harnesses "$ROOT")

fuzz_build "$ROOT" "$BUILD" || exit 1

status=0
for h in "${harnesses[@]}"; do
  out=$BUILD/smoke/$h
  rm -rf "$out"
  mkdir -p "$out/new"
  echo "=== fuzz smoke: $h (${SECONDS_EACH} s)"
  # The regression inputs run here too: the only replay with the
  # one-second limit that catches a slow path coming back.
  dirs=("$ROOT/fuzz/corpus/$h")
  [ -d "$ROOT/fuzz/regress/$h" ] && dirs+=("$ROOT/fuzz/regress/$h")
  # -fork is not used: one process keeps the run on one core per harness.
  if nice -n 5 "$BUILD/fuzz/fuzz-$h" $(fuzz_flags "$ROOT" "$h") -max_total_time="$SECONDS_EACH" \
       -artifact_prefix="$out/" -print_final_stats=1 "$out/new" "${dirs[@]}" \
       >"$out/log" 2>&1; then
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units)' "$out/log" | tr '\n' ' '
    echo
  else
    status=1
    echo "fuzz smoke: $h FAILED; the log ends:"
    tail -40 "$out/log"
    ls "$out" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | sed "s|^|  reproducer: $out/|"
  fi
done
exit $status
