/* What every fuzz harness shares: a context with every shipped dialect,
 * pass and translation, diagnostics rendered into a sink that drops them (rendering is
 * part of what is fuzzed), a growable text buffer for
 * the printer, and the check that turns a broken property into a crash
 * libFuzzer reports.
 *
 * A harness is one file fuzz/fuzz_<name>.c defining
 * LLVMFuzzerTestOneInput; fuzz/CMakeLists.txt finds it, builds it as a
 * libFuzzer binary (STRATA_FUZZ=ON) and as a corpus replayer for ctest
 * (every build), and fuzz/smoke.sh runs it (docs/reliability.md).
 */
#ifndef STRATA_FUZZ_COMMON_H
#define STRATA_FUZZ_COMMON_H

#include "strata/asm.h"
#include "strata/ir.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The context for one input, with every dialect, pass and translation
 * registered and diagnostics swallowed; aborts when even that fails (not an input's
 * fault).  Registering everything costs several times more than a typical
 * input, so a context serves up to FZ_CONTEXT_INPUTS inputs in a row (and
 * is made afresh after one ran out of memory); end each input with
 * fz_done.  Nothing an input leaves in it (uniqued types, attributes,
 * identifiers) changes the meaning of the next one. */
enum { FZ_CONTEXT_INPUTS = 500 };
/* The largest block the context's allocator hands out (64 MiB). */
enum { FZ_MAX_BLOCK = 64 << 20 };
/* The context's isl-operations limit (strata/limit.h; 200,000 by
 * default): the polyhedral analysis of a 2 KB nest of nested floordiv/mod
 * maps (test/Dialect/affine/isl/limit-operations.mlir) reaches the default
 * bound only after 3 s of CPU in a release build, 15-18 s of wall time in
 * the fuzzing build on a loaded machine (each operation slower as isl's
 * numbers grow), which the 1 s limit of a run reports as a hang; 10,000
 * operations take 0.15 s of CPU there and still end the analysis with the
 * limit's error. */
enum { FZ_ISL_OPERATIONS = 10000 };
st_context *fz_context(bool allow_unregistered);
void fz_done(st_context *ctx);
/* Parses an input without registering it as a diagnostic source: the
 * buffer dies with the input, the context lives on. */
st_op *fz_parse(st_context *ctx, const uint8_t *data, size_t size, const char *filename);

/* A malloc'd, NUL-terminated text buffer (the printer's sink). */
typedef struct fz_buf {
	char *data;
	size_t len, cap;
} fz_buf;
void fz_buf_write(void *ud, const char *data, size_t len);
void fz_buf_free(fz_buf *b);
/* Prints `op` into `b` (emptied first). */
void fz_print(st_op *op, const st_print_options *o, fz_buf *b);

/* Reports a broken property with the texts involved and aborts, so that
 * libFuzzer (or the replayer) saves and names the input. */
void fz_fail(const char *what, const char *text_a, const char *text_b) __attribute__((noreturn));

/* For a step that failed: fails with `what` unless it reported an error
 * since `errors_before` (st_context_num_errors) or memory ran out. */
void fz_expect_error(st_context *ctx, size_t errors_before, const char *what);

/* A module that verifies must print as text that parses, verifies and
 * prints the same; `what` names the module's origin in the failure.
 * Not `exact`: the first print need only reach that fixpoint after one
 * round, for IR built by a lowering rather than parsed: it may hold
 * affine maps with unused dimensions, which the custom form of the affine
 * ops drops (as MLIR's does), so its first print can name maps the second
 * no longer needs. */
void fz_check_reads_back(st_context *ctx, st_op *m, const char *what, bool exact);

/* Runs `pipeline` (text) on a module that verifies: on success the
 * result verifies and reads back (`exact`: as for fz_check_reads_back),
 * on failure an error was reported.
 * Returns whether the pipeline succeeded. */
bool fz_check_pipeline(st_context *ctx, st_op *m, const char *pipeline, bool exact);

#endif
