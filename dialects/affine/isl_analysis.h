/* Polyhedral queries on affine loop nests for the code that plans
 * memories and tiles (unified buffers, CGRA/RDA/FPGA mapping): which
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
#ifndef STRATA_AFFINE_ISL_ANALYSIS_H
#define STRATA_AFFINE_ISL_ANALYSIS_H

#include "strata/ir.h"

#include <isl/ctx.h>
#include <isl/fixed_box.h>
#include <isl/set.h>

typedef struct st_isl_analysis st_isl_analysis;

/* Models `nest`; NULL after an error diagnostic at the op that the model
 * cannot describe (an op with unknown memory effects, a non-affine
 * subscript, ...). */
st_isl_analysis *st_isl_analysis_create(st_op *nest);
void st_isl_analysis_destroy(st_isl_analysis *a);
isl_ctx *st_isl_analysis_isl_ctx(st_isl_analysis *a);

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
isl_set *st_isl_region(st_isl_analysis *a, st_op *loop, st_value *memref, st_isl_access_kind kinds);

/* Constant bounds of a region: for each dimension d, lo[d] <= index <=
 * hi[d] for every value of the parameters.  ST_FAIL when a dimension is
 * unbounded (a size that is a parameter) or the region is empty. */
st_status st_isl_region_bounds(isl_set *region, int64_t *lo, int64_t *hi);
/* The box of constant size that holds the region for each value of the
 * parameters (isl's simple fixed box hull): the size of a tile's buffer.
 * ST_FAIL when the size depends on the parameters. */
st_status st_isl_region_box_size(isl_set *region, int64_t *sizes);
/* The number of elements of a region without parameters (its footprint);
 * ST_FAIL with parameters or past `limit` elements. */
st_status st_isl_region_count(isl_set *region, int64_t limit, int64_t *count);

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
size_t st_isl_reuses(st_isl_analysis *a, st_value *memref, st_isl_reuse *out, size_t cap);

#endif
