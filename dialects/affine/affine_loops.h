/* What the loop transformations share (affine_loop_util.c). */
#ifndef STRATA_AFFINE_LOOPS_H
#define STRATA_AFFINE_LOOPS_H

#include "affine_internal.h"

/* A bound: its map and a context copy of its operands. */
typedef struct st__affine_bound {
	const st_affine_map *map;
	st_value **ops;
	size_t n;
} st__affine_bound;
st_status st__affine_for_bounds(st_op *op, st__affine_bound *lb, st__affine_bound *ub);
void st__affine_bound_free(st_context *ctx, st__affine_bound *b);

/* A loop's single-result lower bound L and its upper bounds U[r] over one
 * operand list [lb dims][ub dims][lb syms][ub syms] (nd dims, ns syms). */
typedef struct st__affine_joint {
	st_value **ops;
	size_t n, nr;
	unsigned nd, ns;
	st_affine_expr *L;
	st_affine_expr **U;
} st__affine_joint;
st_status st__affine_joint_bounds(st_context *ctx, const st__affine_bound *lb, const st__affine_bound *ub,
                                  st__affine_joint *j);
void st__affine_joint_free(st_context *ctx, st__affine_joint *j);

/* Operands [start, start + n) of op as a context array. */
st_value **st__affine_operands(st_context *ctx, st_op *op, size_t start, size_t n);
void st__affine_free_values(st_context *ctx, st_value **v, size_t n);

/* Clones the ops of `src` but its terminator before `before`, remapping
 * through `map` (which receives the new results). */
st_status st__affine_clone_body(st_rewriter *rw, st_block *src, st_op *before, st_value_map *map);

/* Whether a bound operand of a loop of the band is an induction
 * variable of the band (the band is not rectangular). */
bool st__affine_band_uses_ivs(st_op *const *band, size_t n);

/* Replaces the bounds of an affine.for, keeping its inits. */
st_status st__affine_set_for_bounds(st_op *op, const st_affine_map *lb, size_t nlb, st_value *const *lb_ops,
                                    const st_affine_map *ub, size_t nub, st_value *const *ub_ops);
/* `e` with dim i renamed dim i + by (i < ndims). */
st_affine_expr *st__affine_shift_dims(st_context *ctx, st_affine_expr *e, unsigned ndims, unsigned by);

typedef struct st__affine_oplist {
	st_context *ctx;
	st_op **v;
	size_t n, cap;
} st__affine_oplist;
bool st__affine_oplist_push(st__affine_oplist *l, st_op *op);
void st__affine_oplist_free(st__affine_oplist *l);
/* The affine.for ops inside root with no affine.for nested in them. */
st_status st__affine_collect_innermost(st_op *root, st__affine_oplist *out);
/* The affine.for ops inside root not nested in another one. */
st_status st__affine_collect_outermost(st_op *root, st__affine_oplist *out);

/* Calls fn on each innermost (or outermost) affine.for inside root, found
 * before any is transformed, with a simple rewriter; stops at a failure. */
typedef st_status (*st__affine_loop_fn)(st_rewriter *rw, st_op *loop, const void *data);
st_status st__affine_each_loop(st_pass *pass, st_op *root, bool innermost, st__affine_loop_fn fn, const void *data);

#endif
