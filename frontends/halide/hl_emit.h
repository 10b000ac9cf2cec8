/* What the emission files share (hl_emit.c: function, buffers, loops;
 * hl_emit_expr.c: stage bodies and expressions). */
#ifndef STRATA_HL_EMIT_H
#define STRATA_HL_EMIT_H

#include "hl_lower.h"

typedef struct st__hl_em {
	st__hl_lower *L;
	st_context *ctx;
	st_op *module;
	st_block *mblk; /* the module's body (tables become globals there) */
	st_block *blk;  /* where ops are appended */
} st__hl_em;

st_attr *st__hl_em_loc(st__hl_em *m, int line, int col);
/* Creates an op with at most one result (rt NULL: none) at the end of
 * m->blk; out of memory leaves through the import's bail. */
st_op *st__hl_em_op(st__hl_em *m, const char *name, st_attr *loc, size_t n, st_value *const *ops, st_type *rt,
                    st_attr *attrs, size_t nregions);
/* One-result ops: a unary op of result type t, a binary op of a's type, an
 * arith.constant, arith.cmpi/arith.cmpf with a predicate, arith.select. */
st_value *st__hl_em_op1(st__hl_em *m, const char *name, st_attr *loc, st_type *t, st_value *a);
st_value *st__hl_em_op2(st__hl_em *m, const char *name, st_attr *loc, st_value *a, st_value *b);
st_value *st__hl_em_const(st__hl_em *m, st_attr *loc, st_type *t, st_attr *v);
st_value *st__hl_em_iconst(st__hl_em *m, st_attr *loc, st_type *t, int64_t v);
st_value *st__hl_em_cmp(st__hl_em *m, const char *name, st_attr *loc, int pred, st_value *a, st_value *b);
st_value *st__hl_em_sel(st__hl_em *m, st_attr *loc, st_value *c, st_value *a, st_value *b);
/* Halide's f32 exp, log and pow(x, y), and pow(x, n) for an integer
 * constant n in t (hl_emit_math.c). */
st_value *st__hl_em_exp(st__hl_em *m, st_attr *loc, st_value *x);
st_value *st__hl_em_log(st__hl_em *m, st_attr *loc, st_value *x);
st_value *st__hl_em_pow(st__hl_em *m, st_attr *loc, st_value *x, st_value *y);
/* A dictionary of the non-NULL values. */
st_attr *st__hl_em_attrs(st__hl_em *m, size_t n, const char *const *names, st_attr *const *vals);
/* A map of expressions over placeholders, and its operands. */
const st_affine_map *st__hl_em_map(st__hl_em *m, size_t n, st_affine_expr *const *es, st_value ***ops, size_t *nops);
/* The value of an affine expression over placeholders when it is constant
 * (its placeholders are fixed by unrolled loops, or it has none). */
bool st__hl_em_const_value(st__hl_em *m, st_affine_expr *e, int64_t *out);
/* An index value for an affine expression over placeholders. */
st_value *st__hl_em_apply(st__hl_em *m, st_affine_expr *e, st_attr *loc);
st_type *st__hl_ir_type(st_context *ctx, st__hl_type t);
/* The innermost body of a stage: compute and store one point. */
void st__hl_em_body(st__hl_em *m, int fi, int stage, st_attr *loc);

#endif
