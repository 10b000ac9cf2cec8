/* The bridge between Strata's affine structures (include/strata/affine.h)
 * and isl: affine expressions and maps become isl_aff / isl_multi_aff,
 * integer sets become isl_set, and back.
 *
 * Every isl object lives in an isl_ctx that the caller owns: isl cannot use
 * the Strata context's allocator, so an analysis makes one isl_ctx
 * (st__isl_ctx_create), frees everything in it and then the isl_ctx itself.
 * Conversions follow isl's ownership annotations: arguments marked `take`
 * are consumed, results are new objects the caller frees.
 *
 * Not every Strata expression has an isl counterpart: semi-affine forms
 * (d0 * s0, d0 floordiv s0) and divisions or modulos by a constant < 1 are
 * outside Presburger arithmetic, so their conversion fails (NULL) and says
 * why through `why` (when not NULL).
 */
#ifndef STRATA_AFFINE_ISL_BRIDGE_H
#define STRATA_AFFINE_ISL_BRIDGE_H

#include "strata/affine.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/set.h>

/* An isl_ctx set up for analyses: errors are returned (NULL, isl_stat_error)
 * rather than aborting or printing, and every operation is bounded so that
 * a pathological input fails instead of running for ever.  NULL when out of
 * memory. */
isl_ctx *st__isl_ctx_create(void);
/* Whether the last failure in `ctx` was the operation bound. */
bool st__isl_ctx_exhausted(isl_ctx *ctx);

/* `e` with each dimension k replaced by dims[k] and each symbol k by
 * syms[k] (isl_affs on the domain `ls`; all kept, not consumed).  NULL when `e`
 * is not Presburger (see above) or on an isl error; `why` (if not NULL) then
 * points at a static explanation. */
isl_aff *st__isl_aff_from_expr(const st_affine_expr *e, isl_local_space *ls, isl_aff *const *dims,
                               isl_aff *const *syms, const char **why);

/* The space `[s0, ..., s(nsyms-1)] -> { [d0, ..., d(ndims-1)] }` (dimension
 * and parameter names as MLIR prints them), as a set space. */
isl_space *st__isl_space_for(isl_ctx *ctx, unsigned ndims, unsigned nsyms);
/* A map as `[s..] -> { [d..] -> [results] }`; NULL as st__isl_aff_from_expr. */
isl_multi_aff *st__isl_multi_aff_from_map(isl_ctx *ctx, const st_affine_map *m, const char **why);
/* An integer set as `[s..] -> { [d..] : constraints }`. */
isl_set *st__isl_set_from_integer_set(isl_ctx *ctx, const st_integer_set *s, const char **why);

/* Back to Strata.  Set dimensions (the domain of an aff) become dims,
 * parameters become symbols, isl's integer divisions become floordiv.  NULL
 * when a coefficient does not fit in 64 bits or the aff is not integral. */
st_affine_expr *st__isl_aff_to_expr(st_context *ctx, isl_aff *aff);
const st_affine_map *st__isl_multi_aff_to_map(st_context *ctx, isl_multi_aff *ma);
/* A set that is one conjunction of constraints (after coalescing); NULL
 * for a union that needs several (an affine.if holds one conjunction), and
 * for an empty set (MLIR has no canonical empty integer set: callers test
 * isl_set_is_empty first). */
const st_integer_set *st__isl_set_to_integer_set(st_context *ctx, isl_set *set);

/* An isl_val that is an integer in int64_t range, into *out. */
bool st__isl_val_to_i64(isl_val *v, int64_t *out);

#endif
