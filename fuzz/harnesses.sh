# Shared by fuzz/smoke.sh and fuzz/long-run.sh (sourced): which harnesses
# exist, how to build them and the libFuzzer flags each one runs with.

# The harness names: fuzz/fuzz_<name>.c, one per line.
fuzz_harnesses() {
  local f
  for f in "$1"/fuzz/fuzz_*.c; do
    f=${f##*/fuzz_}
    f=${f%.c}
    [ "$f" = common ] || echo "$f"
  done
}

# fuzz_build ROOT BUILD: configures BUILD with clang-14 and STRATA_FUZZ=ON
# and builds the whole tree, the harnesses with the tools and the unit tests
# (a file clang-14 cannot compile, such as a _Float16 once was, fails here
# rather than in no build at all).  -O1 compiles about twice as fast as -O2
# and fuzzes nearly as fast; warnings are not errors here (the gcc builds
# hold that line).
fuzz_build() {
  local root=$1 build=$2
  mkdir -p "$build"
  CC=${STRATA_FUZZ_CC:-clang-14} cmake -S "$root" -B "$build" -DSTRATA_FUZZ=ON -DSTRATA_WERROR=OFF \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS=-O1 >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log"; return 1; }
  cmake --build "$build" -j2
}

# fuzz_flags ROOT NAME: the harness's libFuzzer options: its dictionary
# (fuzz/dict/<name>.dict, or the one named in fuzz/dict/<name>.use), the
# input size limit and the one-second hang limit of issue 13
# (FUZZ_TIMEOUT=S raises it for a run on a loaded machine, where a nice 19
# fuzzer waits seconds for the CPU: libFuzzer's limit is wall-clock time;
# the slowest input is still in the final statistics).
fuzz_flags() {
  local root=$1 h=$2 dict=
  if [ -f "$root/fuzz/dict/$h.dict" ]; then
    dict=$root/fuzz/dict/$h.dict
  elif [ -f "$root/fuzz/dict/$h.use" ]; then
    dict=$root/fuzz/dict/$(cat "$root/fuzz/dict/$h.use")
  fi
  echo -max_len="${FUZZ_MAX_LEN:-4096}" -timeout="${FUZZ_TIMEOUT:-1}" -rss_limit_mb=2048 -malloc_limit_mb=512 \
    -detect_leaks=1 -use_value_profile=1 ${dict:+-dict=$dict}
}
