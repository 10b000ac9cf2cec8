#!/bin/bash
# The install tests: install the build into a temporary prefix and use it
# the way an outside project does.  Part `tutorial` (ctest install/tutorial):
#   1. the tutorial project (examples/tutorial) built with nothing but
#      find_package(Strata), its dialect and pass loaded as plugins into the
#      installed tools by its lit tests;
#   2. the same plugin built with pkg-config and the same lit tests;
#   3. a C program linked with the static libraries;
#   4. docs/tutorial run block by block (scripts/run-tutorial.py).
# Part `target` (ctest install/adding-a-target): docs/adding-a-target.md run
# block by block, which builds the toy target of test/install/toy-target as
# a plugin and runs it with the installed stratac.
# A sanitizer build installs a package that carries its -fsanitize flags, so
# the plugins are instrumented like the tools that load them.
# Usage: scripts/test-install.sh <build-dir> [tutorial|target]
set -euo pipefail

build=$(cd "${1:?usage: test-install.sh <build-dir> [tutorial|target]}" && pwd)
part=${2:-tutorial}
case $part in tutorial | target) ;; *) echo "test-install: unknown part '$part'" >&2; exit 2 ;; esac
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/strata-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
lit=/usr/lib/llvm-14/build/utils/lit/lit.py
llvm_tools=/usr/lib/llvm-14/bin
step() { echo "== $*"; }

step "cmake --install into a temporary prefix"
cmake --install "$build" --prefix "$prefix" > "$work/install.log"
# The package must not point back into the source or build tree: it is
# used after both are gone.
if grep -rlE "$src/|$build/" "$prefix/lib/cmake" "$prefix/lib/pkgconfig"; then
	echo "test-install: the installed package names the source or build tree (above)" >&2
	exit 1
fi
"$prefix/bin/strata-opt" --version

if [ "$part" = target ]; then
	step "docs/adding-a-target.md, every block in order"
	python3 "$src/scripts/run-tutorial.py" --docs "$src/docs/adding-a-target.md" \
		--example "$src/test/install/toy-target" --prefix "$prefix" --workdir "$work/target"
	exit 0
fi

step "examples/tutorial with find_package(Strata)"
cmake -S "$src/examples/tutorial" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
	-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF > "$work/cmake.log"
cmake --build "$work/cmake" -j2 > "$work/cmake-build.log" || { cat "$work/cmake-build.log"; exit 1; }
ctest --test-dir "$work/cmake" --output-on-failure

step "examples/tutorial with pkg-config"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
mkdir -p "$work/pc"
(cd "$src/examples/tutorial" &&
	cc -std=c11 -Wall -Wextra -Werror -fPIC -shared -Iinclude -Ilib $(pkg-config --cflags strata) \
		lib/*.c plugin/plugin.c -o "$work/pc/mod-plugin.so" $(pkg-config --libs strata))
"$lit" -sv "$src/examples/tutorial/test" --param strata_tools="$prefix/bin" \
	--param llvm_tools="$llvm_tools" --param mod_plugin="$work/pc/mod-plugin.so"

step "a program linked with the static libraries (Strata::strata_static)"
mkdir -p "$work/static"
cat > "$work/static/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(static_user C)
find_package(Strata REQUIRED)
add_executable(user user.c)
target_link_libraries(user PRIVATE Strata::strata_static)
EOF
cat > "$work/static/user.c" <<'EOF'
#include <strata/asm.h>
#include <strata/registry.h>
#include <stdio.h>
static void out(void *ud, const char *d, size_t n) { fwrite(d, 1, n, ud); }
int main(void) {
	if (!st_check_api_version(ST_API_VERSION))
		return 2;
	st_context *ctx = st_context_create();
	int rc = 1;
	if (ctx && st_succeeded(st_register_all_dialects(ctx))) {
		st_op *m = st_parse_source(ctx, st_str_c("func.func @f(%a: i32) -> i32 {\n"
		                                         "  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"),
		                           "user.mlir", NULL);
		if (m && st_succeeded(st_verify(m))) {
			st_print_op(m, NULL, out, stdout);
			rc = 0;
		}
		if (m)
			st_op_destroy(m);
	}
	st_context_destroy(ctx);
	return rc;
}
EOF
cmake -S "$work/static" -B "$work/static/build" -DCMAKE_PREFIX_PATH="$prefix" \
	-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF > "$work/static.log"
cmake --build "$work/static/build" > "$work/static-build.log" || { cat "$work/static-build.log"; exit 1; }
if readelf -d "$work/static/build/user" | grep -q 'NEEDED.*libstrata'; then
	echo "test-install: the static program needs a shared Strata library" >&2
	exit 1
fi
"$work/static/build/user" | grep -q 'arith.addi %arg0, %arg0 : i32'

step "docs/tutorial, every block in order"
python3 "$src/scripts/run-tutorial.py" --prefix "$prefix" --workdir "$work/docs"
