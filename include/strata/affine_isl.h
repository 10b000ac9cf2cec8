/* Affine structures and loop nests in isl (Presburger arithmetic), for code
 * that plans memories and tiles (unified buffers, CGRA/RDA/FPGA mapping)
 * and for the isl-backed affine passes.  Two parts: the bridge between
 * Strata's affine expressions, maps and sets (strata/affine.h) and isl's,
 * and polyhedral queries on affine loop nests.  Needs isl's headers (the
 * affine dialect links isl).
 *
 * The bridge.  Affine expressions and maps become isl_aff / isl_multi_aff,
 * integer sets become isl_set, and back.
 *
 * Every isl object lives in an isl_ctx that the caller owns: isl cannot use
 * the Strata context's allocator, so an analysis makes one isl_ctx
 * (st_isl_ctx_create), frees everything in it and then the isl_ctx itself.
 * Conversions follow isl's ownership annotations: arguments marked `take`
 * are consumed, results are new objects the caller frees.
 *
 * Not every Strata expression has an isl counterpart: semi-affine forms
 * (d0 * s0, d0 floordiv s0) and divisions or modulos by a constant < 1 are
 * outside Presburger arithmetic, so their conversion fails (NULL) and says
 * why through `why` (when not NULL).
 *
 * The queries: which
 * elements of a memref a nest or a tile touches, as an isl set and as
 * boxes, how many there are, and at what iteration distance an element is
 * used again.
 *
 * An analysis covers one loop nest (an affine.for, normally outermost) and
 * owns an isl_ctx; every isl object it returns lives in that isl_ctx and is
 * the caller's to free, before st_isl_analysis_destroy.  Values defined
 * outside the nest (sizes, enclosing loops' indices) are isl parameters,
 * named as the nest model names them (argN for function arguments, P0,
 * P1, ... otherwise).  The model is described in docs/polyhedral.md.
 */
#ifndef STRATA_AFFINE_ISL_H
#define STRATA_AFFINE_ISL_H

#include "strata/affine.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/fixed_box.h>
#include <isl/set.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------- the bridge */

/* The bound on isl's operations in one analysis (a named limit,
 * strata/limit.h: `--limit=isl-operations=<n>`), registered with the
 * affine dialect. */
ST_API extern const struct st_limit_def st_isl_operations_limit;

/* An isl_ctx set up for analyses: errors are returned (NULL, isl_stat_error)
 * rather than aborting or printing, and isl's operations are bounded by
 * `ctx`'s isl-operations limit so that a pathological input (nested
 * floordiv and mod in access maps) fails instead of running for minutes.
 * NULL when out of memory. */
ST_API isl_ctx *st_isl_ctx_create(st_context *ctx);
/* Whether the last failure in `ictx` was the operation bound. */
ST_API bool st_isl_ctx_exhausted(isl_ctx *ictx);
/* When `ictx` stopped at its operation bound: reports at `op` "<what>: the
 * polyhedral analysis stopped at its operation bound (limit isl-operations
 * = N; raise it with --limit=isl-operations=<n>)" with severity `sev`, and
 * returns true; false (nothing reported) for any other failure. */
ST_API bool st_isl_report_exhausted(isl_ctx *ictx, st_op *op, st_severity sev, const char *what);

/* `e` with each dimension k replaced by dims[k] and each symbol k by
 * syms[k] (isl_affs on the domain `ls`; all kept, not consumed).  NULL when `e`
 * is not Presburger (see above) or on an isl error; `why` (if not NULL) then
 * points at a static explanation. */
ST_API isl_aff *st_isl_aff_from_expr(const st_affine_expr *e, isl_local_space *ls, isl_aff *const *dims,
                               isl_aff *const *syms, const char **why);

/* The space `[s0, ..., s(nsyms-1)] -> { [d0, ..., d(ndims-1)] }` (dimension
 * and parameter names as MLIR prints them), as a set space. */
ST_API isl_space *st_isl_space_for(isl_ctx *ctx, unsigned ndims, unsigned nsyms);
/* A map as `[s..] -> { [d..] -> [results] }`; NULL as st_isl_aff_from_expr. */
ST_API isl_multi_aff *st_isl_multi_aff_from_map(isl_ctx *ctx, const st_affine_map *m, const char **why);
/* An integer set as `[s..] -> { [d..] : constraints }`. */
ST_API isl_set *st_isl_set_from_integer_set(isl_ctx *ctx, const st_integer_set *s, const char **why);

/* Back to Strata.  Set dimensions (the domain of an aff) become dims,
 * parameters become symbols, isl's integer divisions become floordiv.  NULL
 * when a coefficient does not fit in 64 bits or the aff is not integral. */
ST_API st_affine_expr *st_isl_aff_to_expr(st_context *ctx, isl_aff *aff);
ST_API const st_affine_map *st_isl_multi_aff_to_map(st_context *ctx, isl_multi_aff *ma);
/* A set that is one conjunction of constraints (after coalescing); NULL
 * for a union that needs several (an affine.if holds one conjunction), and
 * for an empty set (MLIR has no canonical empty integer set: callers test
 * isl_set_is_empty first). */
ST_API const st_integer_set *st_isl_set_to_integer_set(st_context *ctx, isl_set *set);

/* An isl_val that is an integer in int64_t range, into *out. */
ST_API bool st_isl_val_to_i64(isl_val *v, int64_t *out);

/* ------------------------------------------------------------ the queries */

typedef struct st_isl_analysis st_isl_analysis;

/* Models `nest`; NULL after an error diagnostic at the op that the model
 * cannot describe (an op with unknown memory effects, a non-affine
 * subscript, ...). */
ST_API st_isl_analysis *st_isl_analysis_create(st_op *nest);
ST_API void st_isl_analysis_destroy(st_isl_analysis *a);
ST_API isl_ctx *st_isl_analysis_isl_ctx(st_isl_analysis *a);

typedef enum st_isl_access_kind {
	ST_ISL_READ = 1,
	ST_ISL_WRITE = 2,
	ST_ISL_ACCESS = 3, /* either */
} st_isl_access_kind;

/* The elements of `memref` that the accesses of the given kinds inside
 * `loop` (the nest or an affine.for in it) touch over all iterations of
 * `loop`, the loops around `loop` being held at one iteration: their
 * indices become parameters named i0, i1, ... (outermost first).  With
 * `loop` the first point loop of a tiled nest this is the footprint of one
 * tile, as a function of the tile loops' indices.  The set is empty when
 * nothing there touches the memref; NULL when `loop` is not in the nest or
 * isl fails. */
ST_API isl_set *st_isl_region(st_isl_analysis *a, st_op *loop, st_value *memref, st_isl_access_kind kinds);

/* Constant bounds of a region: for each dimension d, lo[d] <= index <=
 * hi[d] for every value of the parameters.  ST_FAIL when a dimension is
 * unbounded (a size that is a parameter) or the region is empty. */
ST_API st_status st_isl_region_bounds(isl_set *region, int64_t *lo, int64_t *hi);
/* The box of constant size that holds the region for each value of the
 * parameters (isl's simple fixed box hull): the size of a tile's buffer.
 * ST_FAIL when the size depends on the parameters. */
ST_API st_status st_isl_region_box_size(isl_set *region, int64_t *sizes);
/* The number of elements of a region without parameters (its footprint);
 * ST_FAIL with parameters or past `limit` elements. */
ST_API st_status st_isl_region_count(isl_set *region, int64_t limit, int64_t *count);

/* A reuse: two accesses of the same memref element (reads included), the
 * later one at `dst`, the last one before it at `src`, and their distance
 * (later minus earlier iteration) on each loop enclosing both, as a range
 * over every value of the parameters (has_min/has_max false: unbounded). */
typedef struct st_isl_reuse {
	st_op *src, *dst;
	unsigned nloops;
	const int64_t *dmin, *dmax;
	const bool *has_min, *has_max;
} st_isl_reuse;
/* The reuses of `memref` in the nest, source then sink in program order;
 * writes up to `cap` and returns how many there are (0 on failure too: a
 * nest without reuse has none).  Valid until the analysis is destroyed. */
ST_API size_t st_isl_reuses(st_isl_analysis *a, st_value *memref, st_isl_reuse *out, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
