#!/bin/bash
# Round-trip check used by the tests in test/IR (and anyone else):
#
#   bash fixed-point.sh OPT INPUT TMP [FLAGS...]
#
# OPT is strata-opt (write the bare word in the RUN line so lit substitutes
# the built tool), INPUT the test file, TMP a prefix for scratch files (%t),
# FLAGS what strata-opt gets on every run (--allow-unregistered-dialect,
# --split-input-file, --print-debuginfo, ...).  It checks that
#
#   1. custom form: print(parse(print(parse(INPUT)))) == print(parse(INPUT)),
#   2. generic form: the same with --print-op-generic,
#   3. the generic print read back and printed in custom form gives the
#      custom print of INPUT, so the generic form loses nothing either.
#
# A fixed point alone can hide data dropped on the first print: each test
# also checks that first print with FileCheck.
set -euo pipefail
opt=$1 in=$2 tmp=$3
shift 3
"$opt" "$@" "$in" > "$tmp.c1"
"$opt" "$@" "$tmp.c1" > "$tmp.c2"
diff -u "$tmp.c1" "$tmp.c2"
"$opt" "$@" --print-op-generic "$in" > "$tmp.g1"
"$opt" "$@" --print-op-generic "$tmp.g1" > "$tmp.g2"
diff -u "$tmp.g1" "$tmp.g2"
"$opt" "$@" "$tmp.g1" > "$tmp.gc"
diff -u "$tmp.c1" "$tmp.gc"
