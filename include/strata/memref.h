/* The memref dialect: buffers, their loads, stores, views and globals
 * (MLIR's memref), its pass buffer-results-to-out-params, and compile-time
 * tables. */
#ifndef STRATA_MEMREF_H
#define STRATA_MEMREF_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (ops, interfaces, interpreter semantics) in `ctx`;
 * registering twice is harmless. */
ST_API st_status st_register_memref_dialect(st_context *ctx);
/* buffer-results-to-out-params: memref results become out-parameters. */
ST_API st_status st_register_memref_passes(st_context *ctx);

/* A compile-time table: runs loop nests `nests` of function `fn`, which
 * write memref `mem`, once in order in the interpreter (the index values
 * `fixed` defined outside the nests taking `vals`; constants defined
 * outside them are copied) and returns a constant memref.global @gname
 * holding what they wrote, inserted before `fn`.  NULL when a nest reads
 * a value from outside (other than `mem`, `fixed` and constants), the
 * elements are neither integers nor f32, or the run fails (its
 * diagnostics reported). */
ST_API st_op *st_memref_eval_table(st_op *fn, st_op *const *nests, size_t nnests, st_value *mem, size_t nfixed,
                                   st_value *const *fixed, const int64_t *vals, const char *gname);

#ifdef __cplusplus
}
#endif
#endif
