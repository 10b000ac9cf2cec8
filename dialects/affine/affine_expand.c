/* Affine expressions as arith ops on index values (MLIR's
 * expandAffineExpr): floordiv, ceildiv and mod round towards minus
 * infinity through a sign test and a select around arith.divsi/remsi, as
 * MLIR lowers them; min and max of several results are chains of cmpi and
 * select. */
#include "affine_expand.h"

/* arith.cmpi predicates (MLIR's order). */
enum { PRED_EQ = 0, PRED_SLT = 2, PRED_SLE = 3, PRED_SGT = 4, PRED_SGE = 5 };

static st_value *binop(st_rewriter *rw, const char *name, st_attr *loc, st_value *a, st_value *b) {
	if (!a || !b)
		return NULL;
	st_value *ops[2] = {a, b};
	st_type *t = st_value_type(a);
	st_op *op = st__affine_create(rw, name, loc, 2, ops, 1, &t, NULL, 0);
	return op ? st_op_result(op, 0) : NULL;
}

st_value *st__affine_cmpi(st_rewriter *rw, st_attr *loc, int pred, st_value *a, st_value *b) {
	if (!a || !b)
		return NULL;
	st_context *ctx = st_rewriter_context(rw);
	st_value *ops[2] = {a, b};
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	st_named_attr p = {st_ident_get_c(ctx, "predicate"), st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), pred)};
	st_op *op = st__affine_create(rw, "arith.cmpi", loc, 2, ops, 1, &i1, st_dict_attr(ctx, 1, &p), 0);
	return op ? st_op_result(op, 0) : NULL;
}

st_value *st__affine_select(st_rewriter *rw, st_attr *loc, st_value *c, st_value *a, st_value *b) {
	if (!c || !a || !b)
		return NULL;
	st_value *ops[3] = {c, a, b};
	st_type *t = st_value_type(a);
	st_op *op = st__affine_create(rw, "arith.select", loc, 3, ops, 1, &t, NULL, 0);
	return op ? st_op_result(op, 0) : NULL;
}

static st_value *cst(st_rewriter *rw, st_attr *loc, int64_t v) { return st__affine_const_index(rw, loc, v); }

st_value *st__affine_expand(st_rewriter *rw, st_attr *loc, st_affine_expr *e, st_value *const *dims,
                            st_value *const *syms) {
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_CONST:
		return cst(rw, loc, st_affine_expr_value(e));
	case ST_AFFINE_DIM:
		return dims[st_affine_expr_position(e)];
	case ST_AFFINE_SYMBOL:
		return syms[st_affine_expr_position(e)];
	default:
		break;
	}
	st_value *a = st__affine_expand(rw, loc, st_affine_expr_lhs(e), dims, syms);
	st_value *b = st__affine_expand(rw, loc, st_affine_expr_rhs(e), dims, syms);
	if (!a || !b)
		return NULL;
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_ADD:
		return binop(rw, "arith.addi", loc, a, b);
	case ST_AFFINE_MUL:
		return binop(rw, "arith.muli", loc, a, b);
	case ST_AFFINE_MOD: {
		/* r = a remsi b; r < 0 ? r + b : r */
		st_value *r = binop(rw, "arith.remsi", loc, a, b);
		st_value *neg = st__affine_cmpi(rw, loc, PRED_SLT, r, cst(rw, loc, 0));
		return st__affine_select(rw, loc, neg, binop(rw, "arith.addi", loc, r, b), r);
	}
	case ST_AFFINE_FLOORDIV: {
		/* a < 0 ? -1 - ((-1 - a) divsi b) : a divsi b */
		st_value *m1 = cst(rw, loc, -1);
		st_value *neg = st__affine_cmpi(rw, loc, PRED_SLT, a, cst(rw, loc, 0));
		st_value *dividend = st__affine_select(rw, loc, neg, binop(rw, "arith.subi", loc, m1, a), a);
		st_value *q = binop(rw, "arith.divsi", loc, dividend, b);
		return st__affine_select(rw, loc, neg, binop(rw, "arith.subi", loc, m1, q), q);
	}
	case ST_AFFINE_CEILDIV: {
		/* a <= 0 ? -((-a) divsi b) : ((a - 1) divsi b) + 1 */
		st_value *zero = cst(rw, loc, 0), *one = cst(rw, loc, 1);
		st_value *nonpos = st__affine_cmpi(rw, loc, PRED_SLE, a, zero);
		st_value *dividend = st__affine_select(rw, loc, nonpos, binop(rw, "arith.subi", loc, zero, a),
		                                       binop(rw, "arith.subi", loc, a, one));
		st_value *q = binop(rw, "arith.divsi", loc, dividend, b);
		return st__affine_select(rw, loc, nonpos, binop(rw, "arith.subi", loc, zero, q),
		                         binop(rw, "arith.addi", loc, q, one));
	}
	default:
		return NULL;
	}
}

st_value *st__affine_expand_result(st_rewriter *rw, st_attr *loc, const st_affine_map *m, size_t r,
                                   st_value *const *operands) {
	return st__affine_expand(rw, loc, st_affine_map_result(m, r), operands, operands + st_affine_map_num_dims(m));
}

st_value *st__affine_expand_min_max(st_rewriter *rw, st_attr *loc, const st_affine_map *m, size_t first, size_t n,
                                    st_value *const *operands, bool is_max) {
	st_value *acc = st__affine_expand_result(rw, loc, m, first, operands);
	for (size_t i = 1; i < n && acc; i++) {
		st_value *v = st__affine_expand_result(rw, loc, m, first + i, operands);
		st_value *c = st__affine_cmpi(rw, loc, is_max ? PRED_SGT : PRED_SLT, v, acc);
		acc = st__affine_select(rw, loc, c, v, acc);
	}
	return acc;
}

st_value *st__affine_expand_set(st_rewriter *rw, st_attr *loc, const st_integer_set *set,
                                st_value *const *operands) {
	st_context *ctx = st_rewriter_context(rw);
	st_value *acc = NULL;
	st_value *const *syms = operands + st_integer_set_num_dims(set);
	for (size_t c = 0; c < st_integer_set_num_constraints(set); c++) {
		st_value *v = st__affine_expand(rw, loc, st_integer_set_constraint(set, c), operands, syms);
		st_value *t = st__affine_cmpi(rw, loc, st_integer_set_is_eq(set, c) ? PRED_EQ : PRED_SGE, v, cst(rw, loc, 0));
		acc = acc ? binop(rw, "arith.andi", loc, acc, t) : t;
		if (!acc)
			return NULL;
	}
	if (acc)
		return acc;
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	st_named_attr a = {st_ident_get_c(ctx, "value"), st_integer_attr(ctx, i1, 1)};
	st_op *op = st__affine_create(rw, "arith.constant", loc, 0, NULL, 1, &i1, st_dict_attr(ctx, 1, &a), 0);
	return op ? st_op_result(op, 0) : NULL;
}
