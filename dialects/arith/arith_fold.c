/* The fold hooks of the arith ops: MLIR's folders (ArithOps.cpp), rule for
 * rule.  Identities return an existing value, constant operands go through
 * arith_eval.c, and a few folders rewrite their op in place (ext/trunc
 * chains, constants moved to the right of cmpi) and report success with no
 * result, as MLIR's folders do by returning the op's own result. */
#include "arith_internal.h"

#include <string.h>

/* ------------------------------------------------------------- helpers */

static st_value *opd(const st_op *op, size_t i) { return st_op_operand(op, i); }
static st_type *res_type(const st_op *op) { return st_value_type(st_op_result(op, 0)); }

static bool ret_value(st_fold_result *r, st_value *v) {
	r[0].value = v;
	return true;
}

static bool ret_attr(st_fold_result *r, st_attr *a) {
	if (!a)
		return false;
	r[0].attr = a;
	return true;
}

/* The op defining `v` when it is named `name`. */
static st_op *def_named(st_value *v, const char *name) {
	st_op *d = st_value_defining_op(v);
	return d && strcmp(st_op_name_cstr(d), name) == 0 ? d : NULL;
}

/* The constant `v` holds when a constant-like op defines it. */
static st_attr *const_of(st_value *v) {
	st_op *d = st_value_defining_op(v);
	if (!d)
		return NULL;
	const st_constant_like_iface *c = st_op_interface(d, ST_IFACE_CONSTANT_LIKE);
	return c ? c->value(d) : NULL;
}

static uint32_t flags_of(const st_op *op, const char *attr, const char *kind) {
	uint32_t f = 0;
	if (!st__arith_is_flags_attr(st_op_get_attr(op, attr), kind, &f))
		f = 0;
	return f;
}

static bool eval(st_op *op, st__arith_eval_op code, st_attr *const *operands, size_t n, st_fold_result *r) {
	return ret_attr(r, st__arith_eval(st_op_context(op), code, 0, operands, n, res_type(op)));
}

static bool zero_of(st_op *op, st_fold_result *r) {
	return ret_attr(r, st__arith_zero_attr(st_op_context(op), res_type(op)));
}

/* ------------------------------------------------------------- constant */

bool st__arith_fold_constant(st_op *op, st_attr *const *operands, st_fold_result *r) {
	(void)operands;
	return ret_attr(r, st_op_get_attr(op, "value"));
}

/* ------------------------------------------------------ integer binary */

bool st__arith_fold_addi(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_value *lhs = opd(op, 0), *rhs = opd(op, 1);
	if (st__arith_int_is(c[1], ST__INT_ZERO))
		return ret_value(r, lhs);
	st_op *sub;
	/* addi(subi(a, b), b) -> a;  addi(b, subi(a, b)) -> a */
	if ((sub = def_named(lhs, "arith.subi")) && rhs == opd(sub, 1))
		return ret_value(r, opd(sub, 0));
	if ((sub = def_named(rhs, "arith.subi")) && lhs == opd(sub, 1))
		return ret_value(r, opd(sub, 0));
	return eval(op, ST__EV_ADD, c, 2, r);
}

bool st__arith_fold_subi(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_value *lhs = opd(op, 0), *rhs = opd(op, 1);
	/* subi(x, x) -> 0, unless the zero would need a dynamic shape */
	if (lhs == rhs && zero_of(op, r))
		return true;
	if (st__arith_int_is(c[1], ST__INT_ZERO))
		return ret_value(r, lhs);
	st_op *add = def_named(lhs, "arith.addi");
	if (add && rhs == opd(add, 1))
		return ret_value(r, opd(add, 0));
	if (add && rhs == opd(add, 0))
		return ret_value(r, opd(add, 1));
	return eval(op, ST__EV_SUB, c, 2, r);
}

bool st__arith_fold_muli(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (st__arith_int_is(c[1], ST__INT_ZERO))
		return ret_value(r, opd(op, 1));
	if (st__arith_int_is(c[1], ST__INT_ONE))
		return ret_value(r, opd(op, 0));
	return eval(op, ST__EV_MUL, c, 2, r);
}

/* (a * b) / b -> a when the multiplication carries the flag that makes
 * the division exact. */
static st_value *div_of_mul(st_value *lhs, st_value *rhs, uint32_t flag) {
	st_op *mul = def_named(lhs, "arith.muli");
	if (!mul || (flags_of(mul, "overflowFlags", "overflow") & flag) != flag)
		return NULL;
	if (opd(mul, 0) == rhs)
		return opd(mul, 1);
	if (opd(mul, 1) == rhs)
		return opd(mul, 0);
	return NULL;
}

static bool fold_div(st_op *op, st_attr *const *c, st_fold_result *r, st__arith_eval_op code, uint32_t mul_flag) {
	if (st__arith_int_is(c[1], ST__INT_ONE))
		return ret_value(r, opd(op, 0));
	st_value *v = mul_flag ? div_of_mul(opd(op, 0), opd(op, 1), mul_flag) : NULL;
	if (v)
		return ret_value(r, v);
	return eval(op, code, c, 2, r);
}

bool st__arith_fold_divui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_div(op, c, r, ST__EV_DIVUI, ST__ARITH_OVF_NUW);
}
bool st__arith_fold_divsi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_div(op, c, r, ST__EV_DIVSI, ST__ARITH_OVF_NSW);
}
bool st__arith_fold_ceildivui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_div(op, c, r, ST__EV_CEILDIVUI, 0);
}
bool st__arith_fold_ceildivsi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_div(op, c, r, ST__EV_CEILDIVSI, 0);
}
bool st__arith_fold_floordivsi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_div(op, c, r, ST__EV_FLOORDIVSI, 0);
}

static bool fold_rem(st_op *op, st_attr *const *c, st_fold_result *r, st__arith_eval_op code) {
	if (st__arith_int_is(c[1], ST__INT_ONE))
		return zero_of(op, r);
	return eval(op, code, c, 2, r);
}

bool st__arith_fold_remui(st_op *op, st_attr *const *c, st_fold_result *r) { return fold_rem(op, c, r, ST__EV_REMUI); }
bool st__arith_fold_remsi(st_op *op, st_attr *const *c, st_fold_result *r) { return fold_rem(op, c, r, ST__EV_REMSI); }

/* `v` is xori(x, all-ones), i.e. not(x). */
static bool is_not_of(st_value *v, st_value *x) {
	st_op *x_op = def_named(v, "arith.xori");
	return x_op && opd(x_op, 0) == x && st__arith_int_is(const_of(opd(x_op, 1)), ST__INT_ALL_ONES);
}

bool st__arith_fold_andi(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_value *lhs = opd(op, 0), *rhs = opd(op, 1);
	if (lhs == rhs)
		return ret_value(r, lhs);
	if (st__arith_int_is(c[1], ST__INT_ZERO))
		return ret_value(r, rhs);
	if (st__arith_int_is(c[1], ST__INT_ALL_ONES))
		return ret_value(r, lhs);
	/* and(x, not(x)) -> 0;  and(not(x), x) -> 0 */
	if (is_not_of(rhs, lhs) || is_not_of(lhs, rhs))
		return zero_of(op, r);
	/* and(a, and(a, b)) -> and(a, b), either side */
	for (int rev = 0; rev < 2; rev++) {
		st_op *prev = def_named(rev ? rhs : lhs, "arith.andi");
		st_value *other = rev ? lhs : rhs;
		if (prev && (other == opd(prev, 0) || other == opd(prev, 1)))
			return ret_value(r, st_op_result(prev, 0));
	}
	return eval(op, ST__EV_AND, c, 2, r);
}

bool st__arith_fold_ori(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_value *lhs = opd(op, 0), *rhs = opd(op, 1);
	if (lhs == rhs)
		return ret_value(r, lhs);
	if (st__arith_int_is(c[1], ST__INT_ZERO))
		return ret_value(r, lhs);
	if (st__arith_int_is(c[1], ST__INT_ALL_ONES))
		return ret_attr(r, c[1]);
	/* or(x, not(x)) -> all-ones (the xori's constant), either side */
	if (is_not_of(rhs, lhs))
		return ret_value(r, opd(st_value_defining_op(rhs), 1));
	if (is_not_of(lhs, rhs))
		return ret_value(r, opd(st_value_defining_op(lhs), 1));
	return eval(op, ST__EV_OR, c, 2, r);
}

bool st__arith_fold_xori(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_value *lhs = opd(op, 0), *rhs = opd(op, 1);
	if (st__arith_int_is(c[1], ST__INT_ZERO))
		return ret_value(r, lhs);
	if (lhs == rhs)
		return zero_of(op, r);
	st_op *prev = def_named(lhs, "arith.xori");
	/* xor(xor(x, a), a) -> x;  xor(xor(a, x), a) -> x */
	if (prev && opd(prev, 1) == rhs)
		return ret_value(r, opd(prev, 0));
	if (prev && opd(prev, 0) == rhs)
		return ret_value(r, opd(prev, 1));
	/* xor(a, xor(x, a)) -> x;  xor(a, xor(a, x)) -> x */
	prev = def_named(rhs, "arith.xori");
	if (prev && opd(prev, 1) == lhs)
		return ret_value(r, opd(prev, 0));
	if (prev && opd(prev, 0) == lhs)
		return ret_value(r, opd(prev, 1));
	return eval(op, ST__EV_XOR, c, 2, r);
}

static bool fold_shift(st_op *op, st_attr *const *c, st_fold_result *r, st__arith_eval_op code) {
	if (st__arith_int_is(c[1], ST__INT_ZERO))
		return ret_value(r, opd(op, 0));
	return eval(op, code, c, 2, r);
}

bool st__arith_fold_shli(st_op *op, st_attr *const *c, st_fold_result *r) { return fold_shift(op, c, r, ST__EV_SHL); }
bool st__arith_fold_shrui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_shift(op, c, r, ST__EV_SHRUI);
}
bool st__arith_fold_shrsi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_shift(op, c, r, ST__EV_SHRSI);
}

/* max/min: x op x -> x; the bound that absorbs gives rhs, the neutral one
 * gives lhs. */
static bool fold_minmax(st_op *op, st_attr *const *c, st_fold_result *r, st__arith_eval_op code,
                        st__arith_int_kind absorbing, st__arith_int_kind neutral) {
	if (opd(op, 0) == opd(op, 1))
		return ret_value(r, opd(op, 1));
	if (st__arith_int_is(c[1], absorbing))
		return ret_value(r, opd(op, 1));
	if (st__arith_int_is(c[1], neutral))
		return ret_value(r, opd(op, 0));
	return eval(op, code, c, 2, r);
}

bool st__arith_fold_maxsi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_minmax(op, c, r, ST__EV_MAXSI, ST__INT_SMAX, ST__INT_SMIN);
}
bool st__arith_fold_maxui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_minmax(op, c, r, ST__EV_MAXUI, ST__INT_ALL_ONES, ST__INT_ZERO);
}
bool st__arith_fold_minsi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_minmax(op, c, r, ST__EV_MINSI, ST__INT_SMIN, ST__INT_SMAX);
}
bool st__arith_fold_minui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_minmax(op, c, r, ST__EV_MINUI, ST__INT_ZERO, ST__INT_ALL_ONES);
}

/* ------------------------------------------------- extended arithmetic */

bool st__arith_fold_addui_extended(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_context *ctx = st_op_context(op);
	st_type *ovf_t = st_value_type(st_op_result(op, 1));
	if (st__arith_int_is(c[1], ST__INT_ZERO)) {
		st_attr *f = st__arith_zero_attr(ctx, ovf_t);
		if (!f)
			return false;
		r[0].value = opd(op, 0);
		r[1].attr = f;
		return true;
	}
	st_attr *sum = st__arith_eval(ctx, ST__EV_ADD, 0, c, 2, res_type(op));
	if (!sum)
		return false;
	/* The carry out is sum < lhs (unsigned), computed from the operands. */
	st_attr *carry = st__arith_eval(ctx, ST__EV_CARRY, 0, c, 2, st__arith_i1_same_shape(ctx, st_attr_type(sum)));
	if (!carry)
		return false;
	r[0].attr = sum;
	r[1].attr = carry;
	return true;
}

static bool fold_mul_extended(st_op *op, st_attr *const *c, st_fold_result *r, st__arith_eval_op high,
                              bool one_rule) {
	st_context *ctx = st_op_context(op);
	if (st__arith_int_is(c[1], ST__INT_ZERO)) {
		r[0].attr = r[1].attr = c[1];
		return true;
	}
	if (one_rule && st__arith_int_is(c[1], ST__INT_ONE)) {
		st_attr *z = st__arith_zero_attr(ctx, st_value_type(opd(op, 0)));
		if (!z)
			return false;
		r[0].value = opd(op, 0);
		r[1].attr = z;
		return true;
	}
	st_attr *lo = st__arith_eval(ctx, ST__EV_MUL, 0, c, 2, res_type(op));
	st_attr *hi = lo ? st__arith_eval(ctx, high, 0, c, 2, res_type(op)) : NULL;
	if (!hi)
		return false;
	r[0].attr = lo;
	r[1].attr = hi;
	return true;
}

bool st__arith_fold_mulsi_extended(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_mul_extended(op, c, r, ST__EV_MULHS, false);
}
bool st__arith_fold_mului_extended(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_mul_extended(op, c, r, ST__EV_MULHU, true);
}

/* ------------------------------------------------------------- floats */

bool st__arith_fold_negf(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_op *inner = def_named(opd(op, 0), "arith.negf");
	if (inner)
		return ret_value(r, opd(inner, 0));
	return eval(op, ST__EV_NEGF, c, 1, r);
}

bool st__arith_fold_addf(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (st__arith_float_is(c[1], ST__FLT_NEG_ZERO))
		return ret_value(r, opd(op, 0));
	return eval(op, ST__EV_ADDF, c, 2, r);
}

bool st__arith_fold_subf(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (st__arith_float_is(c[1], ST__FLT_POS_ZERO))
		return ret_value(r, opd(op, 0));
	return eval(op, ST__EV_SUBF, c, 2, r);
}

bool st__arith_fold_mulf(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (st__arith_float_is(c[1], ST__FLT_ONE))
		return ret_value(r, opd(op, 0));
	uint32_t fm = flags_of(op, "fastmath", "fastmath");
	uint32_t need = ST__ARITH_FM_NNAN | ST__ARITH_FM_NSZ;
	if ((fm & need) == need && st__arith_float_is(c[1], ST__FLT_ANY_ZERO))
		return ret_value(r, opd(op, 1));
	return eval(op, ST__EV_MULF, c, 2, r);
}

bool st__arith_fold_divf(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (st__arith_float_is(c[1], ST__FLT_ONE))
		return ret_value(r, opd(op, 0));
	return eval(op, ST__EV_DIVF, c, 2, r);
}

bool st__arith_fold_remf(st_op *op, st_attr *const *c, st_fold_result *r) { return eval(op, ST__EV_REMF, c, 2, r); }

static bool fold_fminmax(st_op *op, st_attr *const *c, st_fold_result *r, st__arith_eval_op code,
                         st__arith_float_kind neutral) {
	if (opd(op, 0) == opd(op, 1))
		return ret_value(r, opd(op, 1));
	if (st__arith_float_is(c[1], neutral))
		return ret_value(r, opd(op, 0));
	return eval(op, code, c, 2, r);
}

bool st__arith_fold_maximumf(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_fminmax(op, c, r, ST__EV_MAXIMUMF, ST__FLT_NEG_INF);
}
bool st__arith_fold_minimumf(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_fminmax(op, c, r, ST__EV_MINIMUMF, ST__FLT_POS_INF);
}
bool st__arith_fold_maxnumf(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_fminmax(op, c, r, ST__EV_MAXNUMF, ST__FLT_NAN);
}
bool st__arith_fold_minnumf(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_fminmax(op, c, r, ST__EV_MINNUMF, ST__FLT_NAN);
}

/* ---------------------------------------------------------------- casts */

static unsigned elt_width(st_type *t) {
	t = st__arith_elt(t);
	if (st_type_is_float(t))
		return st_type_float_width(t);
	return st_type_is_index(t) ? 64 : st_type_int_width(t);
}

/* ext(ext(x)) -> ext(x), in place. */
static bool fold_ext(st_op *op, st_attr *const *c, st_fold_result *r, const char *name, st__arith_eval_op code) {
	st_op *inner = def_named(opd(op, 0), name);
	if (inner) {
		st_op_set_operand(op, 0, opd(inner, 0));
		return true;
	}
	return eval(op, code, c, 1, r);
}

bool st__arith_fold_extui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_ext(op, c, r, "arith.extui", ST__EV_EXTUI);
}
bool st__arith_fold_extsi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_ext(op, c, r, "arith.extsi", ST__EV_EXTSI);
}

bool st__arith_fold_extf(st_op *op, st_attr *const *c, st_fold_result *r) {
	/* extf(truncf(x)) -> x when both allow contraction. */
	st_op *t = def_named(opd(op, 0), "arith.truncf");
	if (t && st_value_type(opd(t, 0)) == res_type(op) &&
	    (flags_of(t, "fastmath", "fastmath") & ST__ARITH_FM_CONTRACT) &&
	    (flags_of(op, "fastmath", "fastmath") & ST__ARITH_FM_CONTRACT))
		return ret_value(r, opd(t, 0));
	return eval(op, ST__EV_EXTF, c, 1, r);
}

bool st__arith_fold_trunci(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_op *ext = def_named(opd(op, 0), "arith.extui");
	if (!ext)
		ext = def_named(opd(op, 0), "arith.extsi");
	if (ext) {
		st_value *src = opd(ext, 0);
		/* trunci(ext(a)) -> trunci(a) when a is still wider, -> a when it
		 * has the result's type. */
		if (elt_width(st_value_type(src)) > elt_width(res_type(op))) {
			st_op_set_operand(op, 0, src);
			return true;
		}
		if (st__arith_elt(st_value_type(src)) == st__arith_elt(res_type(op)))
			return ret_value(r, src);
	}
	st_op *inner = def_named(opd(op, 0), "arith.trunci");
	if (inner) {
		st_op_set_operand(op, 0, opd(inner, 0));
		return true;
	}
	return eval(op, ST__EV_TRUNCI, c, 1, r);
}

bool st__arith_fold_truncf(st_op *op, st_attr *const *c, st_fold_result *r) {
	/* truncf(extf(a)): every valid extf is exact, so a survives it. */
	st_op *ext = def_named(opd(op, 0), "arith.extf");
	if (ext) {
		st_value *src = opd(ext, 0);
		if (elt_width(st_value_type(src)) > elt_width(res_type(op))) {
			st_op_set_operand(op, 0, src);
			return true;
		}
		if (st__arith_elt(st_value_type(src)) == st__arith_elt(res_type(op)))
			return ret_value(r, src);
	}
	return eval(op, ST__EV_TRUNCF, c, 1, r);
}

bool st__arith_fold_uitofp(st_op *op, st_attr *const *c, st_fold_result *r) {
	return eval(op, ST__EV_UITOFP, c, 1, r);
}
bool st__arith_fold_sitofp(st_op *op, st_attr *const *c, st_fold_result *r) {
	return eval(op, ST__EV_SITOFP, c, 1, r);
}
bool st__arith_fold_fptoui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return eval(op, ST__EV_FPTOUI, c, 1, r);
}
bool st__arith_fold_fptosi(st_op *op, st_attr *const *c, st_fold_result *r) {
	return eval(op, ST__EV_FPTOSI, c, 1, r);
}

/* index_cast(index_cast(x : A) : B) : A -> x when B is at least as wide
 * as A (the round trip loses nothing). */
static bool fold_index_cast(st_op *op, st_attr *const *c, st_fold_result *r, const char *name,
                            st__arith_eval_op code) {
	if (eval(op, code, c, 1, r))
		return true;
	st_op *inner = def_named(opd(op, 0), name);
	if (inner) {
		st_value *x = opd(inner, 0);
		if (st_value_type(x) == res_type(op) &&
		    elt_width(st_value_type(opd(op, 0))) >= elt_width(st_value_type(x)))
			return ret_value(r, x);
	}
	return false;
}

bool st__arith_fold_index_cast(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_index_cast(op, c, r, "arith.index_cast", ST__EV_INDEX_CAST);
}
bool st__arith_fold_index_castui(st_op *op, st_attr *const *c, st_fold_result *r) {
	return fold_index_cast(op, c, r, "arith.index_castui", ST__EV_INDEX_CASTUI);
}

/* bitcast(x : T) : T -> x;  bitcast(bitcast(x)) -> bitcast(x), in place
 * (MLIR's BitcastOfBitcast pattern, which creates the same op). */
bool st__arith_fold_bitcast(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (st_value_type(opd(op, 0)) == res_type(op))
		return ret_value(r, opd(op, 0));
	st_op *inner = def_named(opd(op, 0), "arith.bitcast");
	if (inner) {
		st_op_set_operand(op, 0, opd(inner, 0));
		return true;
	}
	return eval(op, ST__EV_BITCAST, c, 1, r);
}

/* ---------------------------------------------------------- comparisons */

/* The i1 (or vector of i1) a value of type `t` is extended from, if any;
 * cmpi's folder looks through ext of integers and vectors only. */
static bool is_i1_or_vector_of_i1(st_type *t) {
	if (st_type_get_kind(t) == ST_TYPE_VECTOR)
		t = st_type_element(t);
	return st_type_is_signless_integer(t, 1);
}

/* The predicate of a cmpi/cmpf, or -1 when it is missing (unverified IR). */
static int64_t pred_of(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "predicate");
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : -1;
}

bool st__arith_fold_cmpi(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_context *ctx = st_op_context(op);
	st_value *lhs = opd(op, 0), *rhs = opd(op, 1);
	int64_t pred = pred_of(op);
	if (pred < ST__CMPI_EQ || pred > ST__CMPI_UGE)
		return false;
	if (lhs == rhs) {
		bool v = pred == ST__CMPI_EQ || pred == ST__CMPI_SLE || pred == ST__CMPI_SGE || pred == ST__CMPI_ULE ||
		         pred == ST__CMPI_UGE;
		return ret_attr(r, st__arith_bool_attr(ctx, res_type(op), v));
	}
	bool i1_operands = st_type_is_signless_integer(st__arith_elt(st_value_type(lhs)), 1);
	if (st__arith_int_is(c[1], ST__INT_ZERO)) {
		/* ext(x : i1) != 0 -> x;  x != 0 -> x for i1 */
		st_op *ext = def_named(lhs, "arith.extsi");
		if (!ext)
			ext = def_named(lhs, "arith.extui");
		if (ext && pred == ST__CMPI_NE && is_i1_or_vector_of_i1(st_value_type(opd(ext, 0))))
			return ret_value(r, opd(ext, 0));
		if (i1_operands && pred == ST__CMPI_NE)
			return ret_value(r, lhs);
	}
	if (st__arith_int_is(c[1], ST__INT_ONE) && i1_operands && pred == ST__CMPI_EQ)
		return ret_value(r, lhs);
	if (c[0] && !c[1]) {
		/* Move the constant to the right, mirroring the predicate. */
		static const int64_t swapped[] = {ST__CMPI_EQ,  ST__CMPI_NE,  ST__CMPI_SGT, ST__CMPI_SGE, ST__CMPI_SLT,
		                                  ST__CMPI_SLE, ST__CMPI_UGT, ST__CMPI_UGE, ST__CMPI_ULT, ST__CMPI_ULE};
		st_attr *p = st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), swapped[pred]);
		if (!p)
			return false;
		st_op_set_attr(op, "predicate", p);
		st_op_set_operand(op, 0, rhs);
		st_op_set_operand(op, 1, lhs);
		return true;
	}
	if (!c[0])
		return false;
	return ret_attr(r, st__arith_eval(ctx, ST__EV_CMPI, pred, c, 2,
	                                  st__arith_i1_same_shape(ctx, st_attr_type(c[0]))));
}

bool st__arith_fold_cmpf(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_attr *lhs = c[0] && st_attr_get_kind(c[0]) == ST_ATTR_FLOAT ? c[0] : NULL;
	st_attr *rhs = c[1] && st_attr_get_kind(c[1]) == ST_ATTR_FLOAT ? c[1] : NULL;
	/* A NaN operand decides alone: make both operands that NaN. */
	if (lhs && st__arith_float_is(lhs, ST__FLT_NAN))
		rhs = lhs;
	if (rhs && st__arith_float_is(rhs, ST__FLT_NAN))
		lhs = rhs;
	if (!lhs || !rhs || pred_of(op) < 0)
		return false;
	st_attr *in[2] = {lhs, rhs};
	st_context *ctx = st_op_context(op);
	return ret_attr(r, st__arith_eval(ctx, ST__EV_CMPF, pred_of(op), in, 2, st_integer_type(ctx, 1, ST_SIGNLESS)));
}

/* --------------------------------------------------------------- select */

bool st__arith_fold_select(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_value *cond = opd(op, 0), *t = opd(op, 1), *f = opd(op, 2);
	if (t == f)
		return ret_value(r, t);
	if (st__arith_int_is(c[0], ST__INT_ONE))
		return ret_value(r, t);
	if (st__arith_int_is(c[0], ST__INT_ZERO))
		return ret_value(r, f);
	/* select(x, true, false) -> x for i1 */
	if (st_type_is_signless_integer(res_type(op), 1) && st__arith_int_is(c[1], ST__INT_ONE) &&
	    st__arith_int_is(c[2], ST__INT_ZERO))
		return ret_value(r, cond);
	/* select(cmpi eq/ne a, b; a; b) picks b (eq) or a (ne) either way. */
	st_op *cmp = def_named(cond, "arith.cmpi");
	if (cmp && (pred_of(cmp) == ST__CMPI_EQ || pred_of(cmp) == ST__CMPI_NE)) {
		st_value *a = opd(cmp, 0), *b = opd(cmp, 1);
		if ((a == t && b == f) || (b == t && a == f))
			return ret_value(r, pred_of(cmp) == ST__CMPI_NE ? t : f);
	}
	if (c[0] && st_attr_get_kind(c[0]) == ST_ATTR_DENSE_ELEMENTS && c[1] && c[2])
		return ret_attr(r, st__arith_eval_select(st_op_context(op), c[0], c[1], c[2]));
	return false;
}
