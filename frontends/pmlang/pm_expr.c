/* PMLang expressions: constant folding of sizes and bounds, subscripts as
 * linear forms over the bound indices, and scalar code (arith, math,
 * srdfg.load, srdfg.reduce) for right-hand sides.  Types follow C's usual
 * promotion on PMLang's few types: an index used as a value is an int, an
 * int meeting a float becomes a float, a literal takes the type of the
 * other operand, a condition is an i1. */
#include "pm_build.h"

#include "strata/affine.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

#define ERR(at, ...) st__pm_error(b->p, at, __VA_ARGS__)
#define emit1 st__pm_emit1
#define emit2 st__pm_emit2
#define constant st__pm_constant
#define cmp st__pm_cmp
#define select_ st__pm_select
#define convert st__pm_convert

static const char *cstr(pm_builder *b, st_str s) {
	char *q = st__pm_alloc(b->p, s.len + 1);
	memcpy(q, s.data, s.len);
	q[s.len] = 0;
	return q;
}

int st__pm_env_index(const pm_env *env, st_str name) {
	for (size_t i = env ? env->nidx : 0; i-- > 0;)
		if (st_str_eq(env->names[i], name))
			return (int)i;
	return -1;
}

/* ---------------------------------------------------------------- constants */

static bool mul_ok(int64_t a, int64_t b, int64_t *out) { return !__builtin_mul_overflow(a, b, out); }
static bool add_ok(int64_t a, int64_t b, int64_t *out) { return !__builtin_add_overflow(a, b, out); }

bool st__pm_const_int(pm_builder *b, pm_scope *s, pm_expr *e, int64_t *out) {
	int64_t x, y;
	switch (e->kind) {
	case PM_E_INT: *out = e->i; return true;
	case PM_E_NAME: {
		pm_var *v = st__pm_lookup(s, e->name);
		if (!v)
			return ERR(e->loc, "use of undeclared name '%s'", cstr(b, e->name));
		if (v->kind == PM_V_SYM) {
			*out = v->lo;
			return true;
		}
		if (v->kind == PM_V_EDGE && v->has_const && !v->const_float) {
			*out = v->ci;
			return true;
		}
		return ERR(e->loc, "'%s' is not a constant integer here (sizes, index bounds and subscript factors are)",
		           cstr(b, e->name));
	}
	case PM_E_UN:
		if (e->op != '-' || !st__pm_const_int(b, s, e->a, &x))
			return e->op == '-' ? false : ERR(e->loc, "expected a constant integer expression");
		if (x == INT64_MIN)
			return ERR(e->loc, "constant arithmetic overflows");
		*out = -x;
		return true;
	case PM_E_BIN:
		if (e->op >= 128 || !e->op || !strchr("+-*/%", e->op))
			return ERR(e->loc, "expected a constant integer expression");
		if (!st__pm_const_int(b, s, e->a, &x) || !st__pm_const_int(b, s, e->b, &y))
			return false;
		switch (e->op) {
		case '+': if (add_ok(x, y, out)) return true; break;
		case '-': if (!__builtin_sub_overflow(x, y, out)) return true; break;
		case '*': if (mul_ok(x, y, out)) return true; break;
		default:
			if (y == 0)
				return ERR(e->loc, "division by zero in a constant expression");
			if (x == INT64_MIN && y == -1)
				break;
			*out = e->op == '/' ? x / y : x % y;
			return true;
		}
		return ERR(e->loc, "constant arithmetic overflows");
	default: return ERR(e->loc, "expected a constant integer expression");
	}
}

/* ------------------------------------------------------------- linear forms */

static bool lin_scale(pm_lin *l, int64_t k, size_t n) {
	if (!mul_ok(l->c0, k, &l->c0))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!mul_ok(l->c[i], k, &l->c[i]))
			return false;
	return true;
}

static bool lin_is_const(const pm_lin *l, size_t n) {
	for (size_t i = 0; i < n; i++)
		if (l->c[i])
			return false;
	return true;
}

bool st__pm_linear(pm_builder *b, pm_scope *s, const pm_env *env, pm_expr *e, pm_lin *out) {
	size_t n = env->nidx;
	memset(out, 0, sizeof *out);
	pm_lin x, y;
	switch (e->kind) {
	case PM_E_NAME: {
		int k = st__pm_env_index(env, e->name);
		if (k >= 0) {
			out->c[k] = 1;
			return true;
		}
		pm_var *v = st__pm_lookup(s, e->name);
		if (v && v->kind == PM_V_INDEX)
			return ERR(e->loc,
			           "index '%s' is not bound here: it is neither on the left-hand side nor reduced over",
			           cstr(b, e->name));
		return st__pm_const_int(b, s, e, &out->c0);
	}
	case PM_E_INT: out->c0 = e->i; return true;
	case PM_E_UN:
		if (e->op != '-' || !st__pm_linear(b, s, env, e->a, out))
			return e->op == '-' ? false : ERR(e->loc, "a subscript must be affine in the indices");
		if (!lin_scale(out, -1, n))
			return ERR(e->loc, "subscript arithmetic overflows");
		return true;
	case PM_E_BIN:
		if (e->op != '+' && e->op != '-' && e->op != '*')
			break;
		if (!st__pm_linear(b, s, env, e->a, &x) || !st__pm_linear(b, s, env, e->b, &y))
			return false;
		if (e->op == '*') {
			if (!lin_is_const(&x, n) && !lin_is_const(&y, n))
				return ERR(e->loc, "a subscript must be affine in the indices: a product of two indices");
			pm_lin *v = lin_is_const(&x, n) ? &y : &x;
			int64_t k = lin_is_const(&x, n) ? x.c0 : y.c0;
			if (!lin_scale(v, k, n))
				return ERR(e->loc, "subscript arithmetic overflows");
			*out = *v;
			return true;
		}
		if (e->op == '-' && !lin_scale(&y, -1, n))
			return ERR(e->loc, "subscript arithmetic overflows");
		if (!add_ok(x.c0, y.c0, &out->c0))
			return ERR(e->loc, "subscript arithmetic overflows");
		for (size_t i = 0; i < n; i++)
			if (!add_ok(x.c[i], y.c[i], &out->c[i]))
				return ERR(e->loc, "subscript arithmetic overflows");
		return true;
	default: break;
	}
	return ERR(e->loc, "a subscript must be affine in the indices (sums of indices times constants)");
}

/* ------------------------------------------------------------------ scalars */

static st_type *i1(pm_builder *b) { return st_integer_type(b->ctx, 1, ST_SIGNLESS); }
static st_type *i32(pm_builder *b) { return st_integer_type(b->ctx, 32, ST_SIGNLESS); }
static st_type *f32(pm_builder *b) { return st_float_type(b->ctx, ST_TYPE_F32); }

static st_value *res(st_op *op) { return op ? st_op_result(op, 0) : NULL; }

st_value *st__pm_emit1(pm_builder *b, st_block *blk, const char *name, st_value *x, st_type *t, pm_loc at) {
	return res(st__pm_emit(b, blk, name, 1, &x, t, NULL, 0, at));
}

st_value *st__pm_emit2(pm_builder *b, st_block *blk, const char *name, st_value *x, st_value *y, pm_loc at) {
	st_value *ops[2] = {x, y};
	return res(st__pm_emit(b, blk, name, 2, ops, st_value_type(x), NULL, 0, at));
}

st_value *st__pm_constant(pm_builder *b, st_block *blk, st_type *t, int64_t i, double f, pm_loc at) {
	st_attr *v = st_type_is_float(t) ? st_float_attr(b->ctx, t, f) : st_integer_attr(b->ctx, t, i);
	const char *names[] = {"value"};
	return res(st__pm_emit(b, blk, "arith.constant", 0, NULL, t, st__pm_attrs(b, 1, names, &v), 0, at));
}

st_value *st__pm_cmp(pm_builder *b, st_block *blk, int op, st_value *x, st_value *y, pm_loc at) {
	/* arith's predicate numbering (st__arith_cmpi_cases / _cmpf_cases). */
	bool fl = st_type_is_float(st_value_type(x));
	int64_t pred;
	switch (op) {
	case PM_OP_EQ: pred = fl ? 1 : 0; break;
	case PM_OP_NE: pred = fl ? 13 : 1; break;
	case '<': pred = fl ? 4 : 2; break;
	case PM_OP_LE: pred = fl ? 5 : 3; break;
	case '>': pred = fl ? 2 : 4; break;
	default: pred = fl ? 3 : 5; break;
	}
	st_attr *a = st_integer_attr(b->ctx, st_integer_type(b->ctx, 64, ST_SIGNLESS), pred);
	const char *names[] = {"predicate"};
	st_value *ops[2] = {x, y};
	return res(st__pm_emit(b, blk, fl ? "arith.cmpf" : "arith.cmpi", 2, ops, i1(b), st__pm_attrs(b, 1, names, &a), 0,
	                       at));
}

st_value *st__pm_select(pm_builder *b, st_block *blk, st_value *c, st_value *x, st_value *y, pm_loc at) {
	st_value *ops[3] = {c, x, y};
	return res(st__pm_emit(b, blk, "arith.select", 3, ops, st_value_type(x), NULL, 0, at));
}

/* Converts `v` to `t` (index, iN, f32/f64; i1 from and to numbers). */
st_value *st__pm_convert(pm_builder *b, st_block *blk, st_value *v, st_type *t, pm_loc at) {
	st_type *from = v ? st_value_type(v) : NULL;
	if (v && st__pm_is_complex(st__pm_type_of_value(b, v))) {
		ERR(at, "a complex value cannot become a %s; take real(), imag() or abs() of it",
		    st_type_is_float(t) ? "float" : st_type_is_signless_integer(t, 1) ? "condition" : "number");
		return NULL;
	}
	if (!v || from == t)
		return v;
	if (st__pm_is_fxp(st__pm_type_of_value(b, v)))
		return st__pm_fxp_to(b, blk, v, t, at);
	if (st_type_is_signless_integer(t, 1)) {
		st_value *z = constant(b, blk, from, 0, 0.0, at);
		return cmp(b, blk, PM_OP_NE, v, z, at);
	}
	if (st_type_is_index(from)) {
		v = emit1(b, blk, "arith.index_cast", v, st_type_is_float(t) ? i32(b) : t, at);
		return convert(b, blk, v, t, at);
	}
	if (st_type_is_signless_integer(from, 1))
		return emit1(b, blk, st_type_is_float(t) ? "arith.uitofp" : "arith.extui", v, t, at);
	if (st_type_is_float(from) && st_type_is_float(t))
		return emit1(b, blk, st_type_float_width(t) > st_type_float_width(from) ? "arith.extf" : "arith.truncf", v, t,
		             at);
	if (st_type_is_float(from))
		return emit1(b, blk, "arith.fptosi", v, t, at);
	if (st_type_is_float(t))
		return emit1(b, blk, "arith.sitofp", v, t, at);
	if (st_type_is_index(t))
		return emit1(b, blk, "arith.index_cast", v, t, at);
	unsigned wf = st_type_int_width(from), wt = st_type_int_width(t);
	return emit1(b, blk, wt > wf ? "arith.extsi" : "arith.trunci", v, t, at);
}

/* The common type of two operands of arithmetic. */
static st_type *join(pm_builder *b, st_type *x, st_type *y) {
	if (st_type_is_float(x) || st_type_is_float(y)) {
		unsigned w = 0;
		if (st_type_is_float(x))
			w = st_type_float_width(x);
		if (st_type_is_float(y) && st_type_float_width(y) > w)
			w = st_type_float_width(y);
		return w > 32 ? st_float_type(b->ctx, ST_TYPE_F64) : f32(b);
	}
	unsigned w = 32;
	if (!st_type_is_index(x) && st_type_int_width(x) > w)
		w = st_type_int_width(x);
	if (!st_type_is_index(y) && st_type_int_width(y) > w)
		w = st_type_int_width(y);
	return st_integer_type(b->ctx, w, ST_SIGNLESS);
}

static bool is_literal(const pm_expr *e) {
	return e->kind == PM_E_INT || e->kind == PM_E_FLOAT ||
	       (e->kind == PM_E_UN && e->op == '-' && (e->a->kind == PM_E_INT || e->a->kind == PM_E_FLOAT));
}

st_type *st__pm_ir_type(pm_builder *b, pm_type t) {
	switch (t.kind) {
	case PM_T_BIN:
	case PM_T_BOOL: return i1(b);
	case PM_T_INT: return i32(b);
	case PM_T_FLOAT: return f32(b);
	case PM_T_FXP: return st_integer_type(b->ctx, (unsigned)t.fxp_int, ST_SIGNLESS);
	case PM_T_COMPLEX: return f32(b);
	default: return NULL;
	}
}

static const pm_type T_INT = {PM_T_INT, 0, 0}, T_FLOAT = {PM_T_FLOAT, 0, 0}, T_BOOL = {PM_T_BOOL, 0, 0},
                     T_COMPLEX = {PM_T_COMPLEX, 0, 0};

static const char *const float_fns[] = {"exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "atan", "floor", "ceil",
                                        "log2", "log10", "erf", "sigmoid", "gaussian", "pow", "relu", "rsqrt"};

static bool is_float_fn(st_str n) {
	for (size_t i = 0; i < N(float_fns); i++)
		if (st_str_eq_c(n, float_fns[i]))
			return true;
	return false;
}

static pm_type type_of(pm_builder *b, pm_scope *s, pm_env *env, pm_expr *e);

/* The type of arithmetic on `x` and `y`: a float wins, then fixed point
 * (a float literal beside a fixed-point value takes its type), else int. */
static pm_type join_types(pm_builder *b, pm_scope *s, pm_env *env, pm_expr *x, pm_expr *y) {
	pm_type a = type_of(b, s, env, x), c = type_of(b, s, env, y);
	if (st__pm_is_complex(a) || st__pm_is_complex(c))
		return T_COMPLEX;
	if (st__pm_is_fxp(a) && is_literal(y))
		return a;
	if (st__pm_is_fxp(c) && is_literal(x))
		return c;
	if (a.kind == PM_T_FLOAT || c.kind == PM_T_FLOAT)
		return T_FLOAT;
	return st__pm_is_fxp(a) ? a : st__pm_is_fxp(c) ? c : T_INT;
}

static pm_type compute_type(pm_builder *b, pm_scope *s, pm_env *env, pm_expr *e);

/* The type a non-literal operand would have, so that the literal beside it
 * is made in that type.  Remembered in the expression: building `a + b`
 * asks for the types of both operands, and a sum of n terms nests n deep,
 * so without the memo a long sum took time quadratic in its length. */
static pm_type type_of(pm_builder *b, pm_scope *s, pm_env *env, pm_expr *e) {
	if (e->type_epoch == b->type_epoch && e->type_env == env)
		return e->type_memo;
	pm_type t = compute_type(b, s, env, e);
	e->type_epoch = b->type_epoch;
	e->type_env = env;
	e->type_memo = t;
	return t;
}

static pm_type compute_type(pm_builder *b, pm_scope *s, pm_env *env, pm_expr *e) {
	switch (e->kind) {
	case PM_E_INT: return T_INT;
	case PM_E_FLOAT: return T_FLOAT;
	case PM_E_IMAG: return T_COMPLEX;
	case PM_E_NAME:
	case PM_E_ACCESS: {
		if (st__pm_env_index(env, e->name) >= 0)
			return T_INT;
		for (size_t i = 0; i < env->nscalars; i++)
			if (st_str_eq(env->scalar_names[i], e->name))
				return st__pm_type_of_value(b, env->scalar_vals[i]);
		pm_var *v = st__pm_lookup(s, e->name);
		if (v && v->kind == PM_V_EDGE)
			return v->sem;
		return T_INT;
	}
	case PM_E_GROUP: return type_of(b, s, env, e->a);
	case PM_E_CALL:
		if (e->cast.kind)
			return e->cast;
		if (is_float_fn(e->name) || st_str_eq_c(e->name, "real") || st_str_eq_c(e->name, "imag"))
			return T_FLOAT;
		if (e->args && st_str_eq_c(e->name, "abs") && st__pm_is_complex(type_of(b, s, env, e->args)))
			return T_FLOAT;
		if (e->args)
			return type_of(b, s, env, e->args);
		return T_INT;
	case PM_E_UN: return e->op == '!' ? T_BOOL : type_of(b, s, env, e->a);
	case PM_E_BIN:
		if (e->op == '+' || e->op == '-' || e->op == '*' || e->op == '/' || e->op == '%' || e->op == '^')
			return join_types(b, s, env, e->a, e->b);
		return T_BOOL;
	case PM_E_COND: return join_types(b, s, env, e->b, e->c);
	default: return (pm_type){0};
	}
}

static st_type *value_type_of(pm_builder *b, pm_scope *s, pm_env *env, pm_expr *e) {
	return st__pm_ir_type(b, type_of(b, s, env, e));
}

pm_type st__pm_type_of(pm_builder *b, pm_scope *s, pm_expr *e) {
	b->type_epoch++;
	pm_env none = {0};
	return type_of(b, s, &none, e);
}

/* `v` converted to the PMLang type `want`. */
static st_value *to_type(pm_builder *b, st_block *blk, st_value *v, pm_type want, pm_loc at) {
	if (!v)
		return NULL;
	if (st__pm_is_fxp(want))
		return st__pm_fxp_from(b, blk, v, want, at);
	if (st__pm_is_complex(want))
		return st__pm_complex_from(b, blk, v, at);
	st_type *t = st__pm_ir_type(b, want);
	if (st__pm_is_fxp(st__pm_type_of_value(b, v)))
		return st__pm_fxp_to(b, blk, v, t, at);
	return convert(b, blk, v, t, at);
}

static pm_expr *strip_literal(pm_expr *e, bool *neg) {
	*neg = e->kind == PM_E_UN;
	return *neg ? e->a : e;
}

/* A literal in the fixed-point type `t`. */
static st_value *fxp_literal(pm_builder *b, st_block *blk, pm_expr *e, pm_type t) {
	bool neg;
	pm_expr *l = strip_literal(e, &neg);
	double f = l->kind == PM_E_FLOAT ? l->f : 0.0;
	int64_t i = l->kind == PM_E_FLOAT ? 0 : l->i;
	return st__pm_fxp_literal(b, blk, l->kind == PM_E_FLOAT, neg ? (int64_t)(0 - (uint64_t)i) : i, neg ? -f : f, t,
	                          e->loc);
}

static st_value *literal(pm_builder *b, st_block *blk, pm_expr *e, st_type *t) {
	bool neg;
	pm_expr *l = strip_literal(e, &neg);
	if (!t)
		t = l->kind == PM_E_FLOAT ? f32(b) : i32(b);
	if (st_type_is_index(t) || st_type_is_signless_integer(t, 1))
		t = i32(b);
	double f = l->kind == PM_E_FLOAT ? l->f : (double)l->i;
	int64_t i = l->kind == PM_E_FLOAT ? (int64_t)l->f : l->i;
	if (st_type_is_float(t))
		return constant(b, blk, t, 0, neg ? -f : f, e->loc);
	if (l->kind == PM_E_FLOAT)
		return constant(b, blk, f32(b), 0, neg ? -f : f, e->loc);
	return constant(b, blk, t, neg ? (int64_t)(0 - (uint64_t)i) : i, 0.0, e->loc);
}

static st_value *build(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, st_type *hint);

/* Both operands of arithmetic, in their common type. */
static bool operands(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, st_type *hint, st_value **x,
                     st_value **y) {
	bool la = is_literal(e->a), lb = is_literal(e->b);
	if (la && !lb) {
		*y = build(b, s, env, blk, e->b, NULL);
		if (!*y)
			return false;
		st_type *t = st_type_is_index(st_value_type(*y)) ? i32(b) : st_value_type(*y);
		*y = convert(b, blk, *y, t, e->loc);
		*x = literal(b, blk, e->a, t);
	} else if (lb && !la) {
		*x = build(b, s, env, blk, e->a, NULL);
		if (!*x)
			return false;
		st_type *t = st_type_is_index(st_value_type(*x)) ? i32(b) : st_value_type(*x);
		*x = convert(b, blk, *x, t, e->loc);
		*y = literal(b, blk, e->b, t);
	} else {
		*x = build(b, s, env, blk, e->a, la ? hint : NULL);
		*y = *x ? build(b, s, env, blk, e->b, la ? hint : NULL) : NULL;
	}
	if (!*x || !*y)
		return false;
	st_type *t = join(b, st_value_type(*x), st_value_type(*y));
	*x = convert(b, blk, *x, t, e->loc);
	*y = convert(b, blk, *y, t, e->loc);
	return *x && *y;
}

/* Both operands of fixed-point arithmetic in their common type `*t`
 * (literals are converted when the program is read). */
static bool fxp_operands(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *ea, pm_expr *eb, pm_loc at,
                         pm_type *t, st_value **x, st_value **y) {
	pm_type ta = type_of(b, s, env, ea), tb = type_of(b, s, env, eb);
	if (st__pm_is_fxp(ta) && st__pm_is_fxp(tb) && (ta.fxp_int != tb.fxp_int || ta.fxp_frac != tb.fxp_frac))
		return ERR(at, "fxp%d_%d and fxp%d_%d values are mixed; convert one, e.g. fxp%d_%d(x)", ta.fxp_int,
		           ta.fxp_frac, tb.fxp_int, tb.fxp_frac, ta.fxp_int, ta.fxp_frac);
	*t = st__pm_is_fxp(ta) ? ta : tb;
	if (!st__pm_fxp_check(b, *t, at))
		return false;
	*x = is_literal(ea) ? fxp_literal(b, blk, ea, *t) : to_type(b, blk, build(b, s, env, blk, ea, NULL), *t, at);
	*y = !*x ? NULL
	         : is_literal(eb) ? fxp_literal(b, blk, eb, *t) : to_type(b, blk, build(b, s, env, blk, eb, NULL), *t, at);
	return *x && *y;
}

static st_value *fxp_binary(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e) {
	if (e->op == '%' || e->op == '^') {
		ERR(e->loc, "'%c' is not defined on fixed-point values", e->op);
		return NULL;
	}
	pm_type t;
	st_value *x, *y;
	if (!fxp_operands(b, s, env, blk, e->a, e->b, e->loc, &t, &x, &y))
		return NULL;
	return st__pm_fxp_binary(b, blk, e->op, x, y, t, e->loc);
}

/* An operand of complex arithmetic: literals are floats, others convert. */
static st_value *complex_operand(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e) {
	return st__pm_complex_from(b, blk, build(b, s, env, blk, e, is_literal(e) ? f32(b) : NULL), e->loc);
}

static st_value *complex_binary(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e) {
	if (e->op == '%' || e->op == '^') {
		ERR(e->loc, "'%c' is not defined on complex values", e->op);
		return NULL;
	}
	st_value *x = complex_operand(b, s, env, blk, e->a);
	st_value *y = x ? complex_operand(b, s, env, blk, e->b) : NULL;
	return y ? st__pm_complex_binary(b, blk, e->op, x, y, e->loc) : NULL;
}

static st_value *arith(pm_builder *b, st_block *blk, int op, st_value *x, st_value *y, pm_loc at) {
	bool fl = st_type_is_float(st_value_type(x));
	switch (op) {
	case '+': return emit2(b, blk, fl ? "arith.addf" : "arith.addi", x, y, at);
	case '-': return emit2(b, blk, fl ? "arith.subf" : "arith.subi", x, y, at);
	case '*': return emit2(b, blk, fl ? "arith.mulf" : "arith.muli", x, y, at);
	case '/': return emit2(b, blk, fl ? "arith.divf" : "arith.divsi", x, y, at);
	case '%': return emit2(b, blk, fl ? "arith.remf" : "arith.remsi", x, y, at);
	default: return emit2(b, blk, fl ? "math.powf" : "math.ipowi", x, y, at);
	}
}

/* Reads `x` or `x[subs]` (subscripts affine in the bound indices). */
static st_value *access(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e) {
	for (size_t i = 0; i < env->nscalars; i++)
		if (st_str_eq(env->scalar_names[i], e->name) && e->kind == PM_E_NAME)
			return env->scalar_vals[i];
	if (env->combiner) {
		ERR(e->loc, "a reduction's expression can only use its two operands, not '%s'", cstr(b, e->name));
		return NULL;
	}
	int k = st__pm_env_index(env, e->name);
	if (k >= 0) {
		if (e->kind == PM_E_ACCESS) {
			ERR(e->loc, "index '%s' cannot be subscripted", cstr(b, e->name));
			return NULL;
		}
		return env->vals[k];
	}
	pm_var *v = st__pm_lookup(s, e->name);
	if (!v) {
		ERR(e->loc, "use of undeclared name '%s'", cstr(b, e->name));
		return NULL;
	}
	if (v->kind == PM_V_INDEX) {
		ERR(e->loc, "index '%s' is not bound here: it is neither on the left-hand side nor reduced over",
		    cstr(b, e->name));
		return NULL;
	}
	if (v->kind == PM_V_SYM) {
		if (e->kind == PM_E_ACCESS) {
			ERR(e->loc, "size '%s' cannot be subscripted", cstr(b, e->name));
			return NULL;
		}
		return constant(b, blk, i32(b), v->lo, 0.0, e->loc);
	}
	size_t nsubs = 0;
	for (pm_sub *u = e->subs; u; u = u->next)
		nsubs++;
	if (nsubs != v->rank) {
		char buf[96];
		snprintf(buf, sizeof buf, "%zu subscript%s", v->rank, v->rank == 1 ? "" : "s");
		ERR(e->loc, "'%s' needs %s", cstr(b, e->name), buf);
		return NULL;
	}
	if (!v->rank && v->has_const) {
		st_value *c = constant(b, blk, v->elt, v->ci, v->cf, e->loc);
		st__pm_set_type(b, c, v->sem);
		return c;
	}
	st_value *idx[PM_MAX_IDX];
	st_affine_expr *res_e[PM_MAX_RANK + 1];
	size_t k2 = 0;
	for (pm_sub *u = e->subs; u; u = u->next, k2++) {
		pm_lin l;
		if (u->filter) {
			ERR(u->loc, "an index filter ':' is only allowed in a reduction's subscripts");
			return NULL;
		}
		if (!st__pm_linear(b, s, env, u->e, &l) ||
		    !st__pm_check_bounds(b, env, &l, u->loc, e->name, k2, v->shape[k2]))
			return NULL;
		st_affine_expr *a = st_affine_const(b->ctx, l.c0);
		for (size_t i = 0; i < env->nidx; i++)
			if (l.c[i])
				a = st_affine_add(b->ctx, a,
				                  st_affine_mul(b->ctx, st_affine_dim(b->ctx, (unsigned)i), st_affine_const(b->ctx, l.c[i])));
		res_e[k2] = a;
	}
	for (size_t i = 0; i < env->nidx; i++)
		idx[i] = env->vals[i];
	st_value *ops[1 + PM_MAX_IDX];
	ops[0] = v->val;
	size_t nops = 1;
	/* A complex element is two floats: [..., 0] and [..., 1]. */
	bool cx = st__pm_is_complex(v->sem);
	if (v->rank || cx)
		for (size_t i = 0; i < env->nidx; i++)
			ops[nops++] = idx[i];
	st_value *part[2] = {NULL, NULL};
	for (int c = 0; c < (cx ? 2 : 1); c++) {
		const st_affine_map *m = NULL;
		if (cx)
			res_e[v->rank] = st_affine_const(b->ctx, c);
		if (v->rank || cx)
			m = st_affine_map_get(b->ctx, (unsigned)env->nidx, 0, v->rank + cx, res_e);
		st_builder sb = st__pm_at(b, blk, e->loc);
		part[c] = st_srdfg_build_load(&sb, ops[0], nops - 1, ops + 1, m, v->elt);
		if (!st__pm_built(b, part[c], e->loc))
			return NULL;
	}
	if (cx)
		return st__pm_complex_make(b, part[0], part[1]);
	st__pm_set_type(b, part[0], v->sem);
	return part[0];
}

/* `sum[i][j: j != i](body)` and user reductions: an srdfg.reduce whose
 * body binds the indices; the filters' conjunction is its second yield. */
static st_value *group(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, st_type *hint);

static st_value *call(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e) {
	size_t n = 0;
	for (pm_expr *a = e->args; a; a = a->next)
		n++;
	if (e->cast.kind) {
		st_type *t = st__pm_ir_type(b, e->cast);
		if (!t) {
			ERR(e->loc, "cannot convert to '%s'", st__pm_dtype_name(e->cast.kind));
			return NULL;
		}
		if (st__pm_is_complex(e->cast) && n == 2) {
			/* complex(re, im) */
			st_value *re = to_type(b, blk, build(b, s, env, blk, e->args, f32(b)), T_FLOAT, e->loc);
			st_value *im = re ? to_type(b, blk, build(b, s, env, blk, e->args->next, f32(b)), T_FLOAT, e->loc) : NULL;
			return st__pm_complex_make(b, re, im);
		}
		if (n != 1) {
			ERR(e->loc, "a conversion to '%s' takes %s", st__pm_dtype_name(e->cast.kind),
			    st__pm_is_complex(e->cast) ? "one or two arguments (the real and imaginary parts)" : "one argument");
			return NULL;
		}
		if (st__pm_is_complex(e->cast))
			return complex_operand(b, s, env, blk, e->args);
		if (st__pm_is_fxp(e->cast) && !st__pm_fxp_check(b, e->cast, e->loc))
			return NULL;
		if (st__pm_is_fxp(e->cast) && is_literal(e->args))
			return fxp_literal(b, blk, e->args, e->cast);
		return to_type(b, blk, build(b, s, env, blk, e->args, st__pm_is_fxp(e->cast) ? NULL : t), e->cast, e->loc);
	}
	const char *name = cstr(b, e->name);
	static const char *const unary[][2] = {
		{"exp", "math.exp"},     {"log", "math.log"},     {"sqrt", "math.sqrt"},   {"sin", "math.sin"},
		{"cos", "math.cos"},     {"tan", "math.tan"},     {"tanh", "math.tanh"},   {"atan", "math.atan"},
		{"floor", "math.floor"}, {"ceil", "math.ceil"},   {"log2", "math.log2"},   {"log10", "math.log10"},
		{"erf", "math.erf"},     {"rsqrt", "math.rsqrt"},
	};
	bool two = !strcmp(name, "pow") || !strcmp(name, "max") || !strcmp(name, "min");
	bool parts = !strcmp(name, "real") || !strcmp(name, "imag") || !strcmp(name, "conj");
	bool known = two || parts || !strcmp(name, "sigmoid") || !strcmp(name, "relu") || !strcmp(name, "gaussian") ||
	             !strcmp(name, "abs");
	const char *op = NULL;
	for (size_t i = 0; i < N(unary); i++)
		if (!strcmp(name, unary[i][0]))
			op = unary[i][1];
	if (!op && !known) {
		for (pm_component *c = b->p->prog.components; c; c = c->next)
			if (st_str_eq(c->name, e->name)) {
				ERR(e->loc, "component '%s' cannot be used in an expression; instantiate it as a statement", name);
				return NULL;
			}
		ERR(e->loc, "unknown function '%s'", name);
		return NULL;
	}
	if (n != (two ? 2u : 1u)) {
		ERR(e->loc, "'%s' takes %s", name, two ? "two arguments" : "one argument");
		return NULL;
	}
	pm_loc at = e->loc;
	if (two && strcmp(name, "pow")) {
		pm_expr tmp = {.kind = PM_E_BIN, .loc = at, .op = '+', .a = e->args, .b = e->args->next};
		st_value *x, *y;
		pm_type t = type_of(b, s, env, &tmp);
		if (st__pm_is_complex(t)) {
			ERR(at, "complex values are not ordered: '%s' does not take them", name);
			return NULL;
		}
		if (st__pm_is_fxp(t) ? !fxp_operands(b, s, env, blk, tmp.a, tmp.b, at, &t, &x, &y)
		                     : !operands(b, s, env, blk, &tmp, NULL, &x, &y))
			return NULL;
		/* max(a, b) = b > a ? b : a, as srdfg.reduce folds max. */
		st_value *c = cmp(b, blk, name[1] == 'a' ? '>' : '<', y, x, at);
		st_value *r = select_(b, blk, c, y, x, at);
		st__pm_set_type(b, r, t);
		return r;
	}
	st_value *x = build(b, s, env, blk, e->args, f32(b));
	if (!x)
		return NULL;
	bool cx = st__pm_is_complex(st__pm_type_of_value(b, x));
	if (cx && (parts || !strcmp(name, "abs")))
		return st__pm_complex_unary(b, blk, name, x, at);
	if (!strcmp(name, "conj"))
		return x;
	if (!strcmp(name, "real"))
		return to_type(b, blk, x, T_FLOAT, at);
	if (!strcmp(name, "imag"))
		return constant(b, blk, f32(b), 0, 0.0, at);
	if (!strcmp(name, "abs") && st__pm_is_fxp(st__pm_type_of_value(b, x))) {
		/* Saturating: the most negative value has no opposite. */
		st_value *neg = cmp(b, blk, '<', x, constant(b, blk, st_value_type(x), 0, 0.0, at), at);
		st_value *r = select_(b, blk, neg, st__pm_fxp_neg(b, blk, x, at), x, at);
		st__pm_set_type(b, r, st__pm_type_of_value(b, x));
		return r;
	}
	if (!strcmp(name, "abs"))
		return emit1(b, blk, st_type_is_float(st_value_type(x)) ? "math.absf" : "math.absi", x, st_value_type(x), at);
	st_type *ft = st_type_is_float(st_value_type(x)) ? st_value_type(x) : f32(b);
	x = convert(b, blk, x, ft, at);
	if (!strcmp(name, "pow")) {
		st_value *y = convert(b, blk, build(b, s, env, blk, e->args->next, ft), ft, at);
		return y ? emit2(b, blk, "math.powf", x, y, at) : NULL;
	}
	if (op)
		return emit1(b, blk, op, x, ft, at);
	st_value *zero = constant(b, blk, ft, 0, 0.0, at);
	if (!strcmp(name, "relu"))
		return select_(b, blk, cmp(b, blk, '>', x, zero, at), x, zero, at);
	st_value *one = constant(b, blk, ft, 0, 1.0, at);
	if (!strcmp(name, "sigmoid")) {
		/* 1 / (1 + exp(-x)) */
		st_value *ex = emit1(b, blk, "math.exp", emit1(b, blk, "arith.negf", x, ft, at), ft, at);
		return emit2(b, blk, "arith.divf", one, emit2(b, blk, "arith.addf", one, ex, at), at);
	}
	/* gaussian(x) = exp(-x*x / 2) */
	st_value *sq = emit2(b, blk, "arith.mulf", x, x, at);
	st_value *half = emit2(b, blk, "arith.divf", sq, emit2(b, blk, "arith.addf", one, one, at), at);
	return emit1(b, blk, "math.exp", emit1(b, blk, "arith.negf", half, ft, at), ft, at);
}

static st_value *build(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, st_type *hint) {
	st_value *x, *y;
	switch (e->kind) {
	case PM_E_INT:
	case PM_E_FLOAT: return literal(b, blk, e, hint && !st_type_is_signless_integer(hint, 1) ? hint : NULL);
	case PM_E_IMAG:
		return st__pm_complex_make(b, constant(b, blk, f32(b), 0, 0.0, e->loc), constant(b, blk, f32(b), 0, e->f, e->loc));
	case PM_E_STR: ERR(e->loc, "a string cannot be computed with"); return NULL;
	case PM_E_NAME:
	case PM_E_ACCESS: return access(b, s, env, blk, e);
	case PM_E_GROUP:
		if (st__pm_is_complex(type_of(b, s, env, e))) {
			/* Two sums, of the real and of the imaginary parts. */
			if (!st_str_eq_c(e->name, "sum")) {
				ERR(e->loc, "only sum reduces complex values");
				return NULL;
			}
			b->cpart = 1;
			x = group(b, s, env, blk, e, hint);
			b->cpart = 2;
			y = x ? group(b, s, env, blk, e, hint) : NULL;
			return st__pm_complex_make(b, x, y);
		}
		return group(b, s, env, blk, e, hint);
	case PM_E_CALL: return call(b, s, env, blk, e);
	case PM_E_UN:
		if (is_literal(e))
			return literal(b, blk, e, hint);
		x = build(b, s, env, blk, e->a, hint);
		if (!x)
			return NULL;
		if (e->op == '!')
			return emit2(b, blk, "arith.xori", convert(b, blk, x, i1(b), e->loc),
			             constant(b, blk, i1(b), 1, 0.0, e->loc), e->loc);
		if (st__pm_is_complex(st__pm_type_of_value(b, x)))
			return st__pm_complex_unary(b, blk, "-", x, e->loc);
		if (st_type_is_float(st_value_type(x)))
			return emit1(b, blk, "arith.negf", x, st_value_type(x), e->loc);
		if (st__pm_is_fxp(st__pm_type_of_value(b, x)))
			return st__pm_fxp_neg(b, blk, x, e->loc);
		x = convert(b, blk, x, st_type_is_index(st_value_type(x)) ? i32(b) : st_value_type(x), e->loc);
		return emit2(b, blk, "arith.subi", constant(b, blk, st_value_type(x), 0, 0.0, e->loc), x, e->loc);
	case PM_E_BIN:
		if (e->op == PM_OP_AND || e->op == PM_OP_OR) {
			x = build(b, s, env, blk, e->a, NULL);
			y = x ? build(b, s, env, blk, e->b, NULL) : NULL;
			if (!y)
				return NULL;
			return emit2(b, blk, e->op == PM_OP_AND ? "arith.andi" : "arith.ori", convert(b, blk, x, i1(b), e->loc),
			             convert(b, blk, y, i1(b), e->loc), e->loc);
		}
		if (st__pm_is_fxp(join_types(b, s, env, e->a, e->b)))
			return fxp_binary(b, s, env, blk, e);
		if (st__pm_is_complex(join_types(b, s, env, e->a, e->b)))
			return complex_binary(b, s, env, blk, e);
		if (!operands(b, s, env, blk, e, hint, &x, &y))
			return NULL;
		if (e->op < 128 && strchr("+-*/%^", e->op))
			return arith(b, blk, e->op, x, y, e->loc);
		return cmp(b, blk, e->op, x, y, e->loc);
	case PM_E_COND: {
		st_value *c = build(b, s, env, blk, e->a, NULL);
		if (!c)
			return NULL;
		c = convert(b, blk, c, i1(b), e->loc);
		pm_expr tmp = {.kind = PM_E_BIN, .loc = e->loc, .op = '+', .a = e->b, .b = e->c};
		pm_type t = join_types(b, s, env, e->b, e->c);
		if (st__pm_is_complex(t)) {
			x = complex_operand(b, s, env, blk, e->b);
			y = x ? complex_operand(b, s, env, blk, e->c) : NULL;
			if (!y)
				return NULL;
			return st__pm_complex_make(b, select_(b, blk, c, x, y, e->loc),
			                           select_(b, blk, c, st__pm_complex_im(b, x), st__pm_complex_im(b, y), e->loc));
		}
		if (st__pm_is_fxp(t) ? !fxp_operands(b, s, env, blk, e->b, e->c, e->loc, &t, &x, &y)
		                     : !operands(b, s, env, blk, &tmp, hint, &x, &y))
			return NULL;
		st_value *r = select_(b, blk, c, x, y, e->loc);
		st__pm_set_type(b, r, t);
		return r;
	}
	}
	return NULL;
}

/* Whether `e` has the shape of a linear form (indices, numbers and names of
 * constants combined by + and -, and * with a number or a name that is not
 * an index), so that st__pm_linear will not refuse it. */
static bool affine_shape(pm_scope *s, const pm_env *env, const pm_expr *e) {
	switch (e->kind) {
	case PM_E_INT: return true;
	case PM_E_NAME: {
		pm_var *v = st__pm_env_index(env, e->name) >= 0 ? NULL : st__pm_lookup(s, e->name);
		return st__pm_env_index(env, e->name) >= 0 ||
		       (v && (v->kind == PM_V_SYM || (v->kind == PM_V_EDGE && v->has_const && !v->const_float)));
	}
	case PM_E_UN: return e->op == '-' && affine_shape(s, env, e->a);
	case PM_E_BIN:
		if (e->op == '*') {
			bool ka = e->a->kind == PM_E_INT || (e->a->kind == PM_E_NAME && st__pm_env_index(env, e->a->name) < 0);
			bool kb = e->b->kind == PM_E_INT || (e->b->kind == PM_E_NAME && st__pm_env_index(env, e->b->name) < 0);
			return (ka || kb) && affine_shape(s, env, e->a) && affine_shape(s, env, e->b);
		}
		return (e->op == '+' || e->op == '-') && affine_shape(s, env, e->a) && affine_shape(s, env, e->b);
	default: return false;
	}
}

static st_value *group(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, st_type *hint) {
	const char *name = cstr(b, e->name);
	/* The part of a complex sum this reduction computes (1: real, 2:
	 * imaginary), not passed on to groups in its body. */
	int part = b->cpart;
	b->cpart = 0;
	pm_reduction *user = NULL;
	for (pm_reduction *r = b->p->prog.reductions; r; r = r->next)
		if (st_str_eq(r->name, e->name))
			user = r;
	bool arg = !user && (!strcmp(name, "argmax") || !strcmp(name, "argmin"));
	bool builtin = arg || !strcmp(name, "sum") || !strcmp(name, "prod") || !strcmp(name, "max") || !strcmp(name, "min");
	if (!user && !builtin) {
		ERR(e->loc, "'%s' is not a reduction (sum, prod, max, min, argmax, argmin or a 'reduction' definition)", name);
		return NULL;
	}
	if (arg && (!e->subs || e->subs->next)) {
		ERR(e->loc, "'%s' reduces over exactly one index", name);
		return NULL;
	}
	if (env->combiner) {
		ERR(e->loc, "a reduction's expression cannot contain a group operation");
		return NULL;
	}
	pm_env inner = *env;
	size_t first = env->nidx;
	/* `inner` may sit where an earlier reduction's environment was. */
	b->type_epoch++;
	for (pm_sub *u = e->subs; u; u = u->next) {
		if (u->e->kind != PM_E_NAME) {
			ERR(u->loc, "a reduction's subscripts name the indices it reduces over");
			return NULL;
		}
		pm_var *v = st__pm_lookup(s, u->e->name);
		if (!v || v->kind != PM_V_INDEX) {
			ERR(u->loc, "'%s' is not a declared index", cstr(b, u->e->name));
			return NULL;
		}
		if (st__pm_env_index(&inner, u->e->name) >= 0) {
			ERR(u->loc, "index '%s' is already bound here", cstr(b, u->e->name));
			return NULL;
		}
		if (inner.nidx == PM_MAX_IDX) {
			ERR(u->loc, "more than 16 indices in one statement");
			return NULL;
		}
		inner.names[inner.nidx] = u->e->name;
		inner.lo[inner.nidx] = v->lo;
		inner.hi[inner.nidx] = v->hi;
		inner.nidx++;
	}
	st_context *ctx = b->ctx;
	int64_t lb[PM_MAX_IDX], ub[PM_MAX_IDX];
	for (size_t i = first; i < inner.nidx; i++) {
		lb[i - first] = inner.lo[i];
		ub[i - first] = inner.hi[i];
	}
	st_type *rt = part ? f32(b) : value_type_of(b, s, &inner, e->a);
	if (hint && !st_type_is_signless_integer(hint, 1) && !st_type_is_index(hint) && is_literal(e->a))
		rt = hint;
	if (st_type_is_index(rt) || st_type_is_signless_integer(rt, 1))
		rt = i32(b);
	/* argmax/argmin: the body yields elements of `rt`, the result is the
	 * position, an int. */
	st_type *et = rt;
	if (arg)
		rt = i32(b);
	/* Fixed point: sum and prod saturate, so they fold with a combiner. */
	pm_type ft = type_of(b, s, &inner, e->a);
	bool fx = st__pm_is_fxp(ft) && !arg;
	if (fx && !st__pm_fxp_check(b, ft, e->loc))
		return NULL;
	st_builder sb = st__pm_at(b, blk, e->loc);
	st_op *op = st_srdfg_build_reduce(&sb, e->name, inner.nidx - first, lb, ub, rt);
	if (!st__pm_built(b, op, e->loc))
		return NULL;
	if (fx)
		st__pm_set_type(b, st_op_result(op, 0), ft);
	st_block *body = st_block_create(ctx);
	st_region_append_block(st_op_region(op, 0), body);
	for (size_t i = first; i < inner.nidx; i++)
		inner.vals[i] = st_block_add_arg(body, st_index_type(ctx), st__pm_loc(b->p, e->loc));
	/* Filters, as linear forms for the bounds check and as code. */
	st_value *keep = NULL;
	for (pm_sub *u = e->subs; u; u = u->next) {
		if (!u->filter)
			continue;
		pm_expr *f = u->filter;
		if (f->kind == PM_E_BIN && inner.nfilters < PM_MAX_IDX &&
		    (f->op == '<' || f->op == '>' || f->op == PM_OP_LE || f->op == PM_OP_GE || f->op == PM_OP_EQ ||
		     f->op == PM_OP_NE)) {
			pm_filter *pf = &inner.filters[inner.nfilters];
			/* A filter that is not affine (i % 2 == 0) only narrows the
			 * points at run time; the bounds check then uses the box. */
			if (affine_shape(s, &inner, f->a) && affine_shape(s, &inner, f->b)) {
				if (!st__pm_linear(b, s, &inner, f->a, &pf->a) || !st__pm_linear(b, s, &inner, f->b, &pf->b))
					return NULL;
				pf->op = f->op;
				inner.nfilters++;
			}
		}
		st_value *c = build(b, s, &inner, body, f, NULL);
		if (!c)
			return NULL;
		c = convert(b, body, c, i1(b), f->loc);
		keep = keep ? emit2(b, body, "arith.andi", keep, c, f->loc) : c;
	}
	st_value *v = build(b, s, &inner, body, e->a, et);
	if (part && v)
		v = st__pm_complex_unary(b, body, part == 1 ? "real" : "imag", st__pm_complex_from(b, body, v, e->loc), e->loc);
	if (!v)
		return NULL;
	v = convert(b, body, v, et, e->a->loc);
	st_value *ys[2] = {v, keep};
	sb = st__pm_at(b, body, e->loc);
	if (!st__pm_built(b, st_srdfg_build_yield(&sb, keep ? 2 : 1, ys), e->loc))
		return NULL;
	bool fold = fx && (!strcmp(name, "sum") || !strcmp(name, "prod"));
	if (!user && !fold)
		return st_op_result(op, 0);
	st_block *cb = st_block_create(ctx);
	st_region_append_block(st_op_region(op, 1), cb);
	pm_env cenv = {.nscalars = 2, .combiner = true};
	pm_loc cl = user ? user->loc : e->loc;
	for (size_t i = 0; i < 2; i++) {
		cenv.scalar_vals[i] = st_block_add_arg(cb, rt, st__pm_loc(b->p, cl));
		if (fx)
			st__pm_set_type(b, cenv.scalar_vals[i], ft);
	}
	st_value *cv;
	if (!user) {
		cv = st__pm_fxp_binary(b, cb, name[0] == 's' ? '+' : '*', cenv.scalar_vals[0], cenv.scalar_vals[1], ft, cl);
	} else {
		cenv.scalar_names[0] = user->a;
		cenv.scalar_names[1] = user->b;
		cv = build(b, s, &cenv, cb, user->body, rt);
		cv = fx ? to_type(b, cb, cv, ft, cl) : cv;
	}
	if (!cv)
		return NULL;
	cv = convert(b, cb, cv, rt, cl);
	st__pm_emit(b, cb, "srdfg.yield", 1, &cv, NULL, NULL, 0, cl);
	return st_op_result(op, 0);
}

st_value *st__pm_value(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, pm_type want) {
	/* The values of one statement only meet each other. */
	b->nsems = 0;
	b->type_epoch++;
	if (st__pm_is_fxp(want)) {
		if (!st__pm_fxp_check(b, want, e->loc))
			return NULL;
		if (is_literal(e))
			return fxp_literal(b, blk, e, want);
		return to_type(b, blk, build(b, s, env, blk, e, NULL), want, e->loc);
	}
	st_type *t = st__pm_ir_type(b, want);
	st_value *v = build(b, s, env, blk, e, t);
	if (!v || !t)
		return v;
	return to_type(b, blk, v, want, e->loc);
}
