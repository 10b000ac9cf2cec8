#!/usr/bin/env bash
# Installs the Debian 12 packages that Strata's build, tests and benchmarks
# need (ARCHITECTURE.md section 8). Does nothing, quickly, when all of them
# are already installed, so every script can call it unconditionally.
set -euo pipefail

PACKAGES=(
  # build
  build-essential cmake ninja-build python3 flex bison libisl-dev coinor-libcbc-dev
  # tests: lit + FileCheck, RTL simulation, the sanitizer runtime for clang
  llvm-14-tools verilator clang-14 libclang-rt-14-dev coinor-cbc
  # fuzz/: llvm-symbolizer for the fuzzers' stack traces
  llvm-14
  # the install test builds the tutorial with pkg-config (scripts/test-install.sh)
  pkgconf
  # peers for interop tests and benchmarks, never linked into Strata
  mlir-14-tools libhalide14-0-dev yosys
  # /usr/bin/time for peak-RSS measurements in bench/
  time
  # strata-dse: sweep files (jansson), plots (gnuplot), and the one-node Slurm
  # cluster its test starts (test/lib/slurm-cluster.sh)
  libjansson-dev gnuplot-nox slurm-wlm slurmctld slurmd munge
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  if [ "$status" != "installed" ]; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

echo "install-deps: missing: ${missing[*]}"
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${PACKAGES[@]}" </dev/null
echo "install-deps: done"
