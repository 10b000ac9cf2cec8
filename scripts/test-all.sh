#!/usr/bin/env bash
# Sets up a Debian 12 machine and runs every Strata test twice: in the normal
# build (build/) and under ASan+UBSan (build-asan/). Every stage runs even
# when an earlier one failed, so one run shows everything that is broken; the
# exit status is non-zero when any stage failed. Ends with the time of every
# stage, the time per ctest label, and a "N passed, N failed" line.
#
#   bash scripts/test-all.sh               # everything (what CI runs)
#   STRATA_TEST_ASAN=0 bash scripts/test-all.sh   # skip the sanitizer build
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
JOBS=${STRATA_CTEST_JOBS:-2}
BUILD=$ROOT/build
BUILD_ASAN=$ROOT/build-asan

stage_names=()
stage_secs=()
stage_status=()
failed_stages=0
tested_dirs=()

now() { date +%s.%N; }

# run_stage NAME COMMAND...: runs and times one stage, records its outcome.
run_stage() {
  local name=$1
  shift
  echo
  echo "=== [$name] $*"
  local t0 t1 rc
  t0=$(now)
  "$@"
  rc=$?
  t1=$(now)
  stage_names+=("$name")
  stage_secs+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')")
  if [ $rc -eq 0 ]; then
    stage_status+=("ok")
  else
    stage_status+=("FAILED (exit $rc)")
    failed_stages=$((failed_stages + 1))
  fi
  return $rc
}

# configure_and_build DIR [cmake args...]
configure_and_build() {
  local dir=$1
  shift
  local gen=()
  # Keep whatever generator an existing build dir was made with.
  [ -f "$dir/CMakeCache.txt" ] || gen=(-G Ninja)
  cmake -S "$ROOT" -B "$dir" "${gen[@]}" "$@" && cmake --build "$dir"
}

# run_ctest DIR: the whole suite of one build, then its per-label table.
run_ctest() {
  local dir=$1 rc
  rm -rf "$dir/test/lit-results" "$dir/ctest-junit.xml" "$dir/ctest-report.json"
  ctest --test-dir "$dir" --output-on-failure -j"$JOBS" --output-junit "$dir/ctest-junit.xml"
  rc=$?
  tested_dirs+=("$dir")
  python3 "$ROOT/scripts/ctest-report.py" "$dir" "$dir/ctest-junit.xml" \
    --json "$dir/ctest-report.json" >"$dir/ctest-report.txt" || rc=1
  return $rc
}

run_ctest_sanitized() {
  (
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    run_ctest "$BUILD_ASAN"
  )
  local rc=$?
  tested_dirs+=("$BUILD_ASAN")  # the subshell's record is lost with it
  return $rc
}

run_stage deps bash "$ROOT/scripts/install-deps.sh"

if run_stage build configure_and_build "$BUILD"; then
  run_stage test run_ctest "$BUILD"
fi

if [ "${STRATA_TEST_ASAN:-1}" != 0 ]; then
  # RelWithDebInfo: -O2 -g with assert() kept, for readable sanitizer reports.
  if run_stage asan-build configure_and_build "$BUILD_ASAN" \
       -DSTRATA_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo; then
    run_stage asan-test run_ctest_sanitized
  fi
fi

echo
echo "=== time per stage"
for i in "${!stage_names[@]}"; do
  printf '%-12s %8s s  %s\n' "${stage_names[$i]}" "${stage_secs[$i]}" "${stage_status[$i]}"
done

passed=0
failed=0
for dir in "${tested_dirs[@]}"; do
  echo
  echo "=== time per ctest label: ${dir#"$ROOT"/}/"
  cat "$dir/ctest-report.txt" 2>/dev/null || echo "(no report)"
  if [ -f "$dir/ctest-report.json" ]; then
    read -r p f < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["passed"], d["failed"])' "$dir/ctest-report.json")
    passed=$((passed + p))
    failed=$((failed + f))
  fi
done

# A failed stage that is not a test run (packages, build) counts as a failure
# too, so the closing line never reads clean while the exit status is not.
for i in "${!stage_names[@]}"; do
  case "${stage_names[$i]}" in
    test | asan-test) ;;
    *) [ "${stage_status[$i]}" = ok ] || failed=$((failed + 1)) ;;
  esac
done
# ...and a test stage that failed without any failing test (ctest error).
for i in "${!stage_names[@]}"; do
  case "${stage_names[$i]}" in
    test | asan-test)
      if [ "${stage_status[$i]}" != ok ] && [ "$failed" -eq 0 ]; then failed=1; fi ;;
  esac
done

echo
# Kept for .ci/run, which adds its own stages to these counts.
mkdir -p "$BUILD"
echo "$passed $failed" >"$BUILD/test-all-counts.txt"
echo "test-all: $passed passed, $failed failed"
[ "$failed_stages" -eq 0 ]
