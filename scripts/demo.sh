#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds Strata and runs its main job on a
# shipped example: strata-opt parses, verifies and prints the IR back.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

bash scripts/install-deps.sh

gen=()
[ -f build/CMakeCache.txt ] || gen=(-G Ninja)
cmake -S . -B build "${gen[@]}"
cmake --build build

example=examples/ir/demo.mlir
echo
echo "=== build/bin/strata-opt $example"
build/bin/strata-opt "$example"
