/* The affine dialect: registration, typed accessors and builders of its
 * ops.  The expressions, maps and integer sets they carry are the core's
 * (strata/affine_map.h, included here).
 */
#ifndef STRATA_AFFINE_H
#define STRATA_AFFINE_H

#include "strata/affine_map.h"
#include "strata/rewrite.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ the ops
 *
 * Registration, typed accessors and builders of the affine ops.  They follow
 * MLIR's operand layout (AffineOps.td):
 *   affine.for      operands [lb operands][ub operands][iter inits], split
 *                   by the maps' input counts (MLIR 14's layout, no
 *                   operandSegmentSizes); attrs lowerBoundMap,
 *                   upperBoundMap, step (index); one block whose arguments
 *                   are the induction variable then the iter_args.
 *   affine.if       operands = dims then symbols of `condition` (a set).
 *   affine.load     operands [memref][map operands], attr `map`.
 *   affine.store    operands [value][memref][map operands], attr `map`.
 *   affine.apply, affine.min, affine.max: operands of `map`.
 *   affine.parallel operands [lb map operands][ub map operands]; attrs
 *                   lowerBoundsMap/Groups, upperBoundsMap/Groups, steps,
 *                   reductions.
 * In every map's operand list the dims come first, then the symbols. */

/* Registers the dialect (ops, interfaces, interpreter semantics, --mlir14
 * spellings) in `ctx`; registering twice is harmless. */
ST_API st_status st_register_affine_dialect(st_context *ctx);
/* The affine dialect's passes (lower-affine, affine-loop-tile, affine-loop-
 * unroll, the isl-backed affine-loop-interchange, -fusion, scalrep, ...). */
ST_API st_status st_register_affine_passes(st_context *ctx);
/* test-affine-isl, which prints the polyhedral model of each loop nest for
 * lit tests; strata-opt registers it only with --enable-test-passes. */
ST_API st_status st_register_affine_test_passes(st_context *ctx);

/* --------------------------------------------------------------- kinds */

/* Whether `op` is the affine op of that name. */
ST_API bool st_affine_is_for(const st_op *op);
ST_API bool st_affine_is_if(const st_op *op);
ST_API bool st_affine_is_load(const st_op *op);
ST_API bool st_affine_is_store(const st_op *op);
ST_API bool st_affine_is_apply(const st_op *op);
ST_API bool st_affine_is_min(const st_op *op);
ST_API bool st_affine_is_max(const st_op *op);
ST_API bool st_affine_is_parallel(const st_op *op);
ST_API bool st_affine_is_yield(const st_op *op);

/* ---------------------------------------------------------- affine.for */

/* The bound maps (each over its own operands). */
ST_API const st_affine_map *st_affine_for_lb_map(const st_op *op);
ST_API const st_affine_map *st_affine_for_ub_map(const st_op *op);
/* Operand ranges: [*start, *start + return value). */
ST_API size_t st_affine_for_lb_operands(const st_op *op, size_t *start);
ST_API size_t st_affine_for_ub_operands(const st_op *op, size_t *start);
ST_API size_t st_affine_for_inits(const st_op *op, size_t *start);
ST_API int64_t st_affine_for_step(const st_op *op);
ST_API st_block *st_affine_for_body(st_op *op);
ST_API st_value *st_affine_for_iv(st_op *op);
ST_API size_t st_affine_for_num_iter_args(st_op *op);
ST_API st_value *st_affine_for_iter_arg(st_op *op, size_t i); /* body argument i + 1 */
/* Both bounds are single-result constant maps (MLIR's hasConstant*Bound). */
ST_API bool st_affine_for_constant_bounds(const st_op *op, int64_t *lb, int64_t *ub);
/* The trip count when both bounds are constant, else -1. */
ST_API int64_t st_affine_for_const_trip_count(const st_op *op);

/* ---------------------------------------------------------- affine.if */

/* The condition and the two blocks. */
ST_API const st_integer_set *st_affine_if_set(const st_op *op);
ST_API st_block *st_affine_if_then(st_op *op);
ST_API st_block *st_affine_if_else(st_op *op); /* NULL when there is no else */

/* ------------------------------------------ load, store, apply, min, max */

/* The `map` of affine.load, affine.store, affine.apply, affine.min and
 * affine.max. */
ST_API const st_affine_map *st_affine_op_map(const st_op *op);
/* The operands of that map: [*start, *start + return value). */
ST_API size_t st_affine_op_map_operands(const st_op *op, size_t *start);
ST_API st_value *st_affine_access_memref(const st_op *op);    /* load, store */
ST_API st_value *st_affine_store_value(const st_op *op);      /* store */

/* ------------------------------------------------------ affine.parallel */

/* Its dimensions and their bound maps (a dimension may be bounded by a
 * max or min of several results: the groups below). */
ST_API size_t st_affine_parallel_num_dims(const st_op *op);
ST_API const st_affine_map *st_affine_parallel_lb_map(const st_op *op);
ST_API const st_affine_map *st_affine_parallel_ub_map(const st_op *op);
/* How many results of the lb/ub map bound dimension d (a max / a min of
 * them), and the first one. */
ST_API size_t st_affine_parallel_lb_group(const st_op *op, size_t d, size_t *first);
ST_API size_t st_affine_parallel_ub_group(const st_op *op, size_t d, size_t *first);
ST_API int64_t st_affine_parallel_step(const st_op *op, size_t d);
ST_API size_t st_affine_parallel_lb_operands(const st_op *op, size_t *start);
ST_API size_t st_affine_parallel_ub_operands(const st_op *op, size_t *start);
/* The reduction kind of result i, as MLIR's arith::AtomicRMWKind keyword
 * ("addf", "mulf", "maximumf", ...), or NULL. */
ST_API const char *st_affine_parallel_reduction(const st_op *op, size_t i);

/* ----------------------------------------------------------- loop nests */

/* The affine.for ops enclosing `op` (not `op` itself), outermost first;
 * writes up to `cap` and returns how many there are. */
ST_API size_t st_affine_enclosing_loops(st_op *op, st_op **out, size_t cap);
/* The perfectly nested band rooted at `outer` (an affine.for whose body
 * holds only the next affine.for and its terminator, and so on), outermost
 * first; writes up to `cap` loops and returns the band's depth. */
ST_API size_t st_affine_perfect_nest(st_op *outer, st_op **out, size_t cap);
/* Calls fn on every affine.for inside `root` (root included when it is
 * one), in the given order; ST_WALK_SKIP in pre-order skips a loop's body. */
ST_API st_walk_result st_affine_walk_loops(st_op *root, st_walk_order order, st_walk_fn fn, void *ud);

/* ------------------------------------------------------------- builders */

/* Each creates the op at the rewriter's insertion point; NULL on failure.
 * affine.for gets its body block (induction variable, then one argument per
 * init) and, when it has no inits, its affine.yield. */
ST_API st_op *st_affine_build_for(st_rewriter *rw, st_attr *loc, const st_affine_map *lb, size_t nlb,
                           st_value *const *lb_ops, const st_affine_map *ub, size_t nub, st_value *const *ub_ops,
                           int64_t step, size_t ninits, st_value *const *inits);
ST_API st_op *st_affine_build_const_for(st_rewriter *rw, st_attr *loc, int64_t lb, int64_t ub, int64_t step);
ST_API st_op *st_affine_build_apply(st_rewriter *rw, st_attr *loc, const st_affine_map *map, size_t n,
                             st_value *const *operands);
ST_API st_op *st_affine_build_load(st_rewriter *rw, st_attr *loc, st_value *memref, const st_affine_map *map, size_t n,
                            st_value *const *operands);
ST_API st_op *st_affine_build_store(st_rewriter *rw, st_attr *loc, st_value *value, st_value *memref,
                             const st_affine_map *map, size_t n, st_value *const *operands);
ST_API st_op *st_affine_build_yield(st_rewriter *rw, st_attr *loc, size_t n, st_value *const *operands);
/* affine.if with an empty then block (ending in affine.yield when it has
 * no results) and, when `with_else`, an else block likewise. */
ST_API st_op *st_affine_build_if(st_rewriter *rw, st_attr *loc, const st_integer_set *set, size_t n,
                          st_value *const *operands, size_t nresults, st_type *const *result_types, bool with_else);

#ifdef __cplusplus
}
#endif
#endif
