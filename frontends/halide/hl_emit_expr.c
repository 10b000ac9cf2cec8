/* Stage bodies and expressions of the lowering: a point of a stage is
 * computed with Halide's scalar semantics spelled out in arith and math
 * (Euclidean division with x / 0 == 0, shifts that go the other way for a
 * negative amount, bf16 computed in f32 and rounded back, ...: the rules of
 * hl_scalar.c, which the direct evaluator follows), calls of inlined funcs
 * are expanded in place, and reads of realized funcs, inputs and tables
 * become affine.load (or memref.load when a coordinate is data-dependent). */
#include "hl_emit.h"
#include "hl_scalar.h"

#include <stdio.h>
#include <string.h>

#define S(x) (int)(x).len, (x).data

/* Where vars come from: a stage's iteration, or an inlined call's
 * arguments (an i32 value, and its affine form when it has one). */
typedef struct xenv {
	const st__hl_func *f;
	const st__hl_iter *it;
	st_value *vals[ST__HL_MAX_DIMS];
	st_affine_expr *aff[ST__HL_MAX_DIMS];
} xenv;

static st_value *emit(st__hl_em *m, const xenv *en, const st__hl_expr *e);

static st_attr *eloc(st__hl_em *m, const st__hl_expr *e) { return st__hl_em_loc(m, e->line, e->col); }

static st_value *cmpi(st__hl_em *m, st_attr *loc, int pred, st_value *a, st_value *b) {
	return st__hl_em_cmp(m, "arith.cmpi", loc, pred, a, b);
}

static st_value *cmpf(st__hl_em *m, st_attr *loc, int pred, st_value *a, st_value *b) {
	return st__hl_em_cmp(m, "arith.cmpf", loc, pred, a, b);
}

enum { EQ = 0, NE = 1, SLT = 2, SLE = 3, SGT = 4, SGE = 5, ULT = 6, ULE = 7, UGT = 8, UGE = 9 };
enum { F_OEQ = 1, F_OGT = 2, F_OGE = 3, F_OLT = 4, F_OLE = 5, F_UNE = 13 };

static st_type *f32(st__hl_em *m) { return st_float_type(m->ctx, ST_TYPE_F32); }

/* bf16 is computed in f32 (Halide's emulation). */
static st_value *widen(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *v) {
	return t.code == ST__HL_BFLOAT ? st__hl_em_op1(m, "arith.extf", loc, f32(m), v) : v;
}

static st_value *narrow(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *v) {
	return t.code == ST__HL_BFLOAT ? st__hl_em_op1(m, "arith.truncf", loc, st__hl_ir_type(m->ctx, t), v) : v;
}

/* ------------------------------------------------------------- integers */

static st_value *int_div(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *a, st_value *b, bool mod) {
	st_type *it = st_value_type(a);
	st_value *zero = st__hl_em_iconst(m, loc, it, 0), *one = st__hl_em_iconst(m, loc, it, 1);
	st_value *isz = cmpi(m, loc, EQ, b, zero);
	if (t.code == ST__HL_UINT) {
		st_value *bs = st__hl_em_sel(m, loc, isz, one, b);
		st_value *q = st__hl_em_op2(m, mod ? "arith.remui" : "arith.divui", loc, a, bs);
		return st__hl_em_sel(m, loc, isz, zero, q);
	}
	/* Signed: a safe divisor (not 0, not -1), then Euclid's adjustment. */
	st_value *m1 = st__hl_em_iconst(m, loc, it, -1);
	st_value *ism1 = cmpi(m, loc, EQ, b, m1);
	st_value *bad = st__hl_em_op2(m, "arith.ori", loc, isz, ism1);
	st_value *bs = st__hl_em_sel(m, loc, bad, one, b);
	st_value *r = st__hl_em_op2(m, "arith.remsi", loc, a, bs);
	st_value *rneg = cmpi(m, loc, SLT, r, zero);
	if (mod) {
		st_value *negb = st__hl_em_op2(m, "arith.subi", loc, zero, b);
		st_value *absb = st__hl_em_sel(m, loc, cmpi(m, loc, SLT, b, zero), negb, b);
		st_value *r2 = st__hl_em_sel(m, loc, rneg, st__hl_em_op2(m, "arith.addi", loc, r, absb), r);
		return st__hl_em_sel(m, loc, bad, zero, r2);
	}
	st_value *q = st__hl_em_op2(m, "arith.divsi", loc, a, bs);
	st_value *adj = st__hl_em_sel(m, loc, cmpi(m, loc, SGT, b, zero), m1, one);
	st_value *q2 = st__hl_em_sel(m, loc, rneg, st__hl_em_op2(m, "arith.addi", loc, q, adj), q);
	st_value *q3 = st__hl_em_sel(m, loc, ism1, st__hl_em_op2(m, "arith.subi", loc, zero, a), q2);
	return st__hl_em_sel(m, loc, isz, zero, q3);
}

/* Division by a positive constant needs no guard: Euclid's quotient is
 * the floor. */
static st_value *int_div_pos(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *a, st_value *b, bool mod) {
	if (t.code == ST__HL_UINT)
		return st__hl_em_op2(m, mod ? "arith.remui" : "arith.divui", loc, a, b);
	if (!mod)
		return st__hl_em_op2(m, "arith.floordivsi", loc, a, b);
	st_value *r = st__hl_em_op2(m, "arith.remsi", loc, a, b);
	st_value *neg = cmpi(m, loc, SLT, r, st__hl_em_iconst(m, loc, st_value_type(a), 0));
	return st__hl_em_sel(m, loc, neg, st__hl_em_op2(m, "arith.addi", loc, r, b), r);
}

/* a shifted by s >= 0 (as unsigned); past the width: 0, or the sign. */
static st_value *shift_nonneg(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *a, st_value *s, bool left) {
	st_type *it = st_value_type(a);
	st_value *w = st__hl_em_iconst(m, loc, it, t.bits);
	st_value *ovf = cmpi(m, loc, UGE, s, w);
	st_value *safe = st__hl_em_sel(m, loc, ovf, st__hl_em_iconst(m, loc, it, 0), s);
	const char *name = left ? "arith.shli" : t.code == ST__HL_INT ? "arith.shrsi" : "arith.shrui";
	st_value *r = st__hl_em_op2(m, name, loc, a, safe);
	st_value *past = left || t.code != ST__HL_INT
	                     ? st__hl_em_iconst(m, loc, it, 0)
	                     : st__hl_em_op2(m, "arith.shrsi", loc, a, st__hl_em_iconst(m, loc, it, t.bits - 1));
	return st__hl_em_sel(m, loc, ovf, past, r);
}

static st_value *int_shift(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *a, st_value *b, bool left) {
	st_value *pos = shift_nonneg(m, loc, t, a, b, left);
	if (t.code != ST__HL_INT)
		return pos;
	st_type *it = st_value_type(a);
	st_value *zero = st__hl_em_iconst(m, loc, it, 0);
	st_value *neg = shift_nonneg(m, loc, t, a, st__hl_em_op2(m, "arith.subi", loc, zero, b), !left);
	return st__hl_em_sel(m, loc, cmpi(m, loc, SLT, b, zero), neg, pos);
}

static int int_pred(int op, bool is_signed) {
	switch (op) {
	case ST__HL_LT: return is_signed ? SLT : ULT;
	case ST__HL_LE: return is_signed ? SLE : ULE;
	case ST__HL_GT: return is_signed ? SGT : UGT;
	case ST__HL_GE: return is_signed ? SGE : UGE;
	case ST__HL_EQ: return EQ;
	default: return NE;
	}
}

static int float_pred(int op) {
	switch (op) {
	case ST__HL_LT: return F_OLT;
	case ST__HL_LE: return F_OLE;
	case ST__HL_GT: return F_OGT;
	case ST__HL_GE: return F_OGE;
	case ST__HL_EQ: return F_OEQ;
	default: return F_UNE;
	}
}

/* a op b for operands of type t (already emitted); `pos_const`: b is a
 * positive constant. */
static st_value *arith(st__hl_em *m, st_attr *loc, st__hl_type t, int op, st_value *a, st_value *b, bool pos_const) {
	bool cmp = op >= ST__HL_LT && op <= ST__HL_NE;
	if (st__hl_is_float(t)) {
		a = widen(m, loc, t, a);
		b = widen(m, loc, t, b);
		if (cmp)
			return cmpf(m, loc, float_pred(op), a, b);
		st_value *r;
		switch (op) {
		case ST__HL_ADD: r = st__hl_em_op2(m, "arith.addf", loc, a, b); break;
		case ST__HL_SUB: r = st__hl_em_op2(m, "arith.subf", loc, a, b); break;
		case ST__HL_MUL: r = st__hl_em_op2(m, "arith.mulf", loc, a, b); break;
		case ST__HL_DIV: r = st__hl_em_op2(m, "arith.divf", loc, a, b); break;
		default: {
			/* a - b * floor(a / b) */
			st_value *q = st__hl_em_op1(m, "math.floor", loc, f32(m), st__hl_em_op2(m, "arith.divf", loc, a, b));
			r = st__hl_em_op2(m, "arith.subf", loc, a, st__hl_em_op2(m, "arith.mulf", loc, b, q));
		}
		}
		return narrow(m, loc, t, r);
	}
	if (cmp)
		return cmpi(m, loc, int_pred(op, t.code == ST__HL_INT), a, b);
	switch (op) {
	case ST__HL_ADD: return st__hl_em_op2(m, "arith.addi", loc, a, b);
	case ST__HL_SUB: return st__hl_em_op2(m, "arith.subi", loc, a, b);
	case ST__HL_MUL: return st__hl_em_op2(m, "arith.muli", loc, a, b);
	case ST__HL_DIV:
	case ST__HL_MOD:
		if (pos_const)
			return int_div_pos(m, loc, t, a, b, op == ST__HL_MOD);
		return int_div(m, loc, t, a, b, op == ST__HL_MOD);
	case ST__HL_SHL: return int_shift(m, loc, t, a, b, true);
	case ST__HL_SHR: return int_shift(m, loc, t, a, b, false);
	case ST__HL_AND:
	case ST__HL_LAND: return st__hl_em_op2(m, "arith.andi", loc, a, b);
	case ST__HL_OR:
	case ST__HL_LOR: return st__hl_em_op2(m, "arith.ori", loc, a, b);
	default: return st__hl_em_op2(m, "arith.xori", loc, a, b);
	}
}

static st_value *binary(st__hl_em *m, const xenv *en, const st__hl_expr *e) {
	st_value *a = emit(m, en, e->args[0]), *b = emit(m, en, e->args[1]);
	bool pos_const = e->args[1]->kind == ST__HL_E_INT && e->args[1]->i > 0;
	return arith(m, eloc(m, e), e->args[0]->type, e->op, a, b, pos_const);
}

/* pow(a, n) for an integer constant n, multiplied out as Halide does:
 * a^n = h * h (* a if n is odd) with h = a^(n/2), and 1 / a^-n for n < 0
 * (Halide's division: of integers, Euclidean with x / 0 == 0). */
static st_value *int_pow(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *a, int64_t n) {
	if (n <= 0) {
		st_type *it = st__hl_ir_type(m->ctx, t);
		st_value *one = st__hl_is_float(t) ? st__hl_em_const(m, loc, it, st_float_attr(m->ctx, it, 1.0))
		                                   : st__hl_em_iconst(m, loc, it, 1);
		return n == 0 ? one : arith(m, loc, t, ST__HL_DIV, one, int_pow(m, loc, t, a, -n), false);
	}
	if (n == 1)
		return a;
	st_value *h = int_pow(m, loc, t, a, n / 2), *sq = arith(m, loc, t, ST__HL_MUL, h, h, false);
	return n % 2 ? arith(m, loc, t, ST__HL_MUL, sq, a, false) : sq;
}

/* ---------------------------------------------------------------- casts */

static st_value *convert(st__hl_em *m, st_attr *loc, st__hl_type from, st__hl_type to, st_value *v) {
	st_context *ctx = m->ctx;
	st_type *rt = st__hl_ir_type(ctx, to);
	if (st__hl_type_eq(from, to))
		return v;
	if (st__hl_is_bool(to)) {
		if (st__hl_is_float(from))
			return cmpf(m, loc, F_UNE, widen(m, loc, from, v),
			            st__hl_em_const(m, loc, f32(m), st_float_attr(ctx, f32(m), 0)));
		return cmpi(m, loc, NE, v, st__hl_em_iconst(m, loc, st_value_type(v), 0));
	}
	if (st__hl_is_float(to)) {
		st_value *f;
		if (st__hl_is_float(from))
			f = widen(m, loc, from, v);
		else
			f = st__hl_em_op1(m, from.code == ST__HL_INT ? "arith.sitofp" : "arith.uitofp", loc, f32(m), v);
		return narrow(m, loc, to, f);
	}
	if (st__hl_is_float(from))
		return st__hl_em_op1(m, to.code == ST__HL_INT ? "arith.fptosi" : "arith.fptoui", loc, rt,
		                     widen(m, loc, from, v));
	if (to.bits == from.bits)
		return v;
	if (to.bits < from.bits)
		return st__hl_em_op1(m, "arith.trunci", loc, rt, v);
	return st__hl_em_op1(m, from.code == ST__HL_INT ? "arith.extsi" : "arith.extui", loc, rt, v);
}

/* ------------------------------------------------------------ intrinsics */

static st_value *minmax(st__hl_em *m, st_attr *loc, st__hl_type t, st_value *a, st_value *b, bool mn) {
	if (st__hl_is_float(t)) {
		st_value *c = cmpf(m, loc, mn ? F_OLT : F_OGT, widen(m, loc, t, a), widen(m, loc, t, b));
		return st__hl_em_sel(m, loc, c, a, b);
	}
	bool sg = t.code == ST__HL_INT;
	return st__hl_em_op2(m, mn ? (sg ? "arith.minsi" : "arith.minui") : (sg ? "arith.maxsi" : "arith.maxui"), loc, a,
	                     b);
}

static st_value *fmath(st__hl_em *m, st_attr *loc, const char *name, st__hl_type t, st_value *a) {
	return narrow(m, loc, t, st__hl_em_op1(m, name, loc, f32(m), widen(m, loc, t, a)));
}

static st_value *intrinsic(st__hl_em *m, const xenv *en, const st__hl_expr *e) {
	st_attr *loc = eloc(m, e);
	st__hl_type at = e->args[e->nargs - 1]->type;
	if (e->op == ST__HL_SELECT) {
		st_value *c = emit(m, en, e->args[0]);
		return st__hl_em_sel(m, loc, c, emit(m, en, e->args[1]), emit(m, en, e->args[2]));
	}
	st_value *a[3] = {NULL, NULL, NULL};
	for (size_t i = 0; i < e->nargs; i++)
		a[i] = emit(m, en, e->args[i]);
	st_type *it = st_value_type(a[0]);
	switch (e->op) {
	case ST__HL_MIN: return minmax(m, loc, at, a[0], a[1], true);
	case ST__HL_MAX: return minmax(m, loc, at, a[0], a[1], false);
	case ST__HL_CLAMP: return minmax(m, loc, at, minmax(m, loc, at, a[0], a[2], true), a[1], false);
	case ST__HL_ABS:
		if (st__hl_is_float(at))
			return fmath(m, loc, "math.absf", at, a[0]);
		if (at.code != ST__HL_INT)
			return a[0];
		return st__hl_em_sel(m, loc, cmpi(m, loc, SLT, a[0], st__hl_em_iconst(m, loc, it, 0)),
		                     st__hl_em_op2(m, "arith.subi", loc, st__hl_em_iconst(m, loc, it, 0), a[0]), a[0]);
	case ST__HL_ABSD:
		if (st__hl_is_float(at)) {
			st_value *d = st__hl_em_op2(m, "arith.subf", loc, widen(m, loc, at, a[0]), widen(m, loc, at, a[1]));
			return narrow(m, loc, at, st__hl_em_op1(m, "math.absf", loc, f32(m), d));
		}
		return st__hl_em_sel(m, loc, cmpi(m, loc, at.code == ST__HL_INT ? SGT : UGT, a[0], a[1]),
		                     st__hl_em_op2(m, "arith.subi", loc, a[0], a[1]),
		                     st__hl_em_op2(m, "arith.subi", loc, a[1], a[0]));
	case ST__HL_SQRT: return fmath(m, loc, "math.sqrt", at, a[0]);
	case ST__HL_EXP: return narrow(m, loc, at, st__hl_em_exp(m, loc, widen(m, loc, at, a[0])));
	case ST__HL_LOG: return narrow(m, loc, at, st__hl_em_log(m, loc, widen(m, loc, at, a[0])));
	case ST__HL_POW: return narrow(m, loc, at, st__hl_em_pow(m, loc, widen(m, loc, at, a[0]), widen(m, loc, at, a[1])));
	case ST__HL_POWI: return int_pow(m, loc, at, a[0], e->i);
	case ST__HL_FLOOR: return fmath(m, loc, "math.floor", at, a[0]);
	case ST__HL_CEIL: return fmath(m, loc, "math.ceil", at, a[0]);
	case ST__HL_ROUND: return fmath(m, loc, "math.roundeven", at, a[0]);
	case ST__HL_NEG:
		if (st__hl_is_float(at)) { /* Halide negates as 0 - a: -(0.0) is +0.0 */
			st_value *zero = st__hl_em_const(m, loc, it, st_float_attr(m->ctx, it, 0.0));
			return arith(m, loc, at, ST__HL_SUB, zero, a[0], false);
		}
		return st__hl_em_op2(m, "arith.subi", loc, st__hl_em_iconst(m, loc, it, 0), a[0]);
	case ST__HL_NOT: return st__hl_em_op2(m, "arith.xori", loc, a[0], st__hl_em_iconst(m, loc, it, 1));
	default: return st__hl_em_op2(m, "arith.xori", loc, a[0], st__hl_em_iconst(m, loc, it, -1));
	}
}

/* ---------------------------------------------------------------- reads */

static st_str rvar_name(st__hl_parser *p, const st__hl_expr *e, char *buf, size_t n) {
	int k = snprintf(buf, n, "%.*s.%c", S(p->rdoms[e->ref].name), "xyzw"[e->dim]);
	return st_str_make(buf, (size_t)k);
}

/* The affine form of an index expression, or NULL. */
static st_affine_expr *affine_of(st__hl_em *m, const xenv *en, const st__hl_expr *e) {
	st_context *ctx = m->ctx;
	st__hl_parser *p = m->L->p;
	char buf[80];
	switch (e->kind) {
	case ST__HL_E_INT: return st_affine_const(ctx, e->i);
	case ST__HL_E_VAR:
		if (en->it)
			return st__hl_iter_value(en->it, p->vars[e->ref].name);
		for (int i = 0; i < en->f->ndims; i++)
			if (en->f->args[i] == e->ref)
				return en->aff[i];
		return NULL;
	case ST__HL_E_RVAR: return en->it ? st__hl_iter_value(en->it, rvar_name(p, e, buf, sizeof buf)) : NULL;
	case ST__HL_E_BIN: {
		st_affine_expr *a = affine_of(m, en, e->args[0]), *b = affine_of(m, en, e->args[1]);
		if (!a || !b)
			return NULL;
		bool bc = st_affine_expr_kind(b) == ST_AFFINE_CONST, ac = st_affine_expr_kind(a) == ST_AFFINE_CONST;
		switch (e->op) {
		case ST__HL_ADD: return st_affine_add(ctx, a, b);
		case ST__HL_SUB: return st_affine_sub(ctx, a, b);
		case ST__HL_MUL: return ac || bc ? st_affine_mul(ctx, a, b) : NULL;
		case ST__HL_DIV: return bc && st_affine_expr_value(b) > 0 ? st_affine_floordiv(ctx, a, b) : NULL;
		case ST__HL_MOD: return bc && st_affine_expr_value(b) > 0 ? st_affine_mod(ctx, a, b) : NULL;
		default: return NULL;
		}
	}
	default: return NULL;
	}
}

static st_value *index_cast(st__hl_em *m, st_attr *loc, st_value *v, bool to_index) {
	return st__hl_em_op1(m, "arith.index_cast", loc,
	                     to_index ? st_index_type(m->ctx) : st_integer_type(m->ctx, 32, ST_SIGNLESS), v);
}

static st_value *table_buffer(st__hl_em *m, int fi, st_attr *loc);

/* Reads (or, with `store`, writes) func fi's buffer at coordinates given as
 * affine forms where possible and i32 values otherwise. */
static st_value *access(st__hl_em *m, int fi, st_affine_expr *const *aff, st_value *const *vals, st_attr *loc,
                        st_value *store) {
	st__hl_lower *L = m->L;
	st__hl_func *f = &L->p->funcs[fi];
	st__hl_lfunc *lf = &L->lf[fi];
	st_value *buf = f->kind == ST__HL_F_TABLE ? table_buffer(m, fi, loc) : lf->buffer;
	st_context *ctx = m->ctx;
	int nd = f->ndims;
	bool affine = true;
	st_affine_expr *idx[ST__HL_MAX_DIMS];
	for (int d = 0; d < nd; d++) {
		st_affine_expr *mn = f->kind == ST__HL_F_TABLE || f->kind == ST__HL_F_IMAGE ? st_affine_const(ctx, 0)
		                                                                            : lf->storage.min[d];
		/* memref order: the last argument first. */
		idx[nd - 1 - d] = aff[d] ? st_affine_sub(ctx, aff[d], mn) : NULL;
		if (!aff[d]) {
			affine = false;
			/* The min is an index: the data-dependent coordinate becomes one. */
			st_value *c = index_cast(m, loc, vals[d], true);
			st_value *mv = st__hl_em_apply(m, mn, loc);
			st_value *ops[2] = {c, mv};
			idx[nd - 1 - d] = NULL;
			((st_value **)vals)[d] = st_op_result(st__hl_em_op(m, "arith.subi", loc, 2, ops, st_index_type(ctx), NULL, 0), 0);
		}
	}
	if (affine) {
		st_value **ops;
		size_t n;
		const st_affine_map *map = st__hl_em_map(m, (size_t)nd, idx, &ops, &n);
		st_value **all = st__hl_alloc(L->p, (n + 2) * sizeof *all);
		size_t k = 0;
		if (store)
			all[k++] = store;
		all[k++] = buf;
		for (size_t i = 0; i < n; i++)
			all[k++] = ops[i];
		const char *names[] = {"map"};
		st_attr *mv[] = {st_affine_map_attr(ctx, map)};
		st_op *op = st__hl_em_op(m, store ? "affine.store" : "affine.load", loc, k, all,
		                         store ? NULL : st_type_element(st_value_type(buf)), st__hl_em_attrs(m, 1, names, mv), 0);
		return store ? NULL : st_op_result(op, 0);
	}
	st_value *all[8];
	size_t k = 0;
	if (store)
		all[k++] = store;
	all[k++] = buf;
	for (int d = nd - 1; d >= 0; d--)
		all[k++] = idx[nd - 1 - d] ? st__hl_em_apply(m, idx[nd - 1 - d], loc) : vals[d];
	st_op *op = st__hl_em_op(m, store ? "memref.store" : "memref.load", loc, k, all,
	                         store ? NULL : st_type_element(st_value_type(buf)), NULL, 0);
	return store ? NULL : st_op_result(op, 0);
}

static st_value *call(st__hl_em *m, const xenv *en, const st__hl_expr *e) {
	st__hl_lower *L = m->L;
	st__hl_func *g = &L->p->funcs[e->ref];
	st_attr *loc = eloc(m, e);
	st_affine_expr *aff[ST__HL_MAX_DIMS];
	st_value *vals[ST__HL_MAX_DIMS];
	bool inl = (g->kind == ST__HL_F_FUNC || g->kind == ST__HL_F_WRAPPER) && !L->lf[e->ref].realized;
	for (size_t i = 0; i < e->nargs; i++) {
		aff[i] = affine_of(m, en, e->args[i]);
		vals[i] = aff[i] ? NULL : emit(m, en, e->args[i]);
	}
	if (inl) {
		xenv inner = {.f = g};
		for (size_t i = 0; i < e->nargs; i++) {
			inner.aff[i] = aff[i];
			inner.vals[i] = vals[i];
		}
		return emit(m, &inner, g->pure);
	}
	return access(m, e->ref, aff, vals, loc, NULL);
}

/* A global holding a table's entries, and its buffer. */
static st_value *table_buffer(st__hl_em *m, int fi, st_attr *loc) {
	st__hl_func *f = &m->L->p->funcs[fi];
	st_context *ctx = m->ctx;
	char name[96];
	int n = snprintf(name, sizeof name, "%.*s", S(f->name));
	st_str sym = st_str_make(name, (size_t)n);
	int64_t shape[ST__HL_MAX_DIMS], count = 1;
	for (int d = 0; d < f->ndims; d++) {
		shape[f->ndims - 1 - d] = f->size[d];
		count *= f->size[d];
	}
	st_type *elt = st__hl_ir_type(ctx, f->type);
	st_type *mt = st_memref_type(ctx, (size_t)f->ndims, shape, elt, NULL, NULL);
	if (!st_symbol_lookup(m->module, sym)) {
		st_type *tt = st_tensor_type(ctx, (size_t)f->ndims, shape, elt, NULL);
		st_attr *init = f->ivals ? st_dense_int_elements_attr(ctx, tt, (size_t)count, f->ivals)
		                         : st_dense_float_elements_attr(ctx, tt, (size_t)count, f->fvals);
		const char *names[] = {"constant", "initial_value", "sym_name", "sym_visibility", "type"};
		st_attr *vals[] = {st_unit_attr(ctx), init, st_string_attr(ctx, sym), st_string_attr(ctx, st_str_c("private")),
		                   st_type_attr(ctx, mt)};
		st_op_state s = {.name = st_str_c("memref.global"), .loc = st__hl_em_loc(m, f->line, f->col),
		                 .attrs = st__hl_em_attrs(m, 5, names, vals)};
		st_op *g = st_op_create(ctx, &s);
		if (!g)
			st__hl_fatal(m->L->p, "out of memory");
		st_block_insert_op_before(m->mblk, st_block_first_op(m->mblk), g);
	}
	const char *names[] = {"name"};
	st_attr *vals[] = {st_symbol_ref_attr(ctx, sym, 0, NULL)};
	return st_op_result(st__hl_em_op(m, "memref.get_global", loc, 0, NULL, mt, st__hl_em_attrs(m, 1, names, vals), 0),
	                    0);
}

/* ----------------------------------------------------------- expressions */

static st_value *var_value(st__hl_em *m, const xenv *en, const st__hl_expr *e) {
	st_attr *loc = eloc(m, e);
	if (!en->it) {
		for (int i = 0; i < en->f->ndims; i++)
			if (en->f->args[i] == e->ref)
				return en->vals[i] ? en->vals[i] : index_cast(m, loc, st__hl_em_apply(m, en->aff[i], loc), false);
		st__hl_fatal(m->L->p, "internal error: unbound var");
	}
	st_affine_expr *a = affine_of(m, en, e);
	if (!a)
		st__hl_fatal(m->L->p, "internal error: a var without a loop");
	return index_cast(m, loc, st__hl_em_apply(m, a, loc), false);
}

static st_value *emit(st__hl_em *m, const xenv *en, const st__hl_expr *e) {
	st_context *ctx = m->ctx;
	st_attr *loc = eloc(m, e);
	switch (e->kind) {
	case ST__HL_E_INT:
		if (st__hl_is_float(e->type))
			return st__hl_em_const(m, loc, st__hl_ir_type(ctx, e->type),
			                       st_float_attr(ctx, st__hl_ir_type(ctx, e->type), (double)e->i));
		return st__hl_em_iconst(m, loc, st__hl_ir_type(ctx, e->type), e->i);
	case ST__HL_E_FLOAT: {
		st_type *t = st__hl_ir_type(ctx, e->type);
		double v = e->type.code == ST__HL_BFLOAT ? st__hl_bf16_round((float)e->f) : (float)e->f;
		return st__hl_em_const(m, loc, t, st_float_attr(ctx, t, v));
	}
	case ST__HL_E_VAR:
	case ST__HL_E_RVAR: return var_value(m, en, e);
	case ST__HL_E_FCALL: return call(m, en, e);
	case ST__HL_E_CAST: return convert(m, loc, e->args[0]->type, e->type, emit(m, en, e->args[0]));
	case ST__HL_E_BIN: return binary(m, en, e);
	case ST__HL_E_INTRIN: return intrinsic(m, en, e);
	default: st__hl_fatal(m->L->p, "internal error: unexpected expression");
	}
}

/* ------------------------------------------------------------------ body */

void st__hl_em_body(st__hl_em *m, int fi, int stage, st_attr *loc) {
	st__hl_lower *L = m->L;
	st__hl_func *f = &L->p->funcs[fi];
	st__hl_iter *it = &L->lf[fi].iters[stage];
	st_context *ctx = m->ctx;
	st_block *saved = m->blk;
	/* Guards that unrolled loops made constant: true ones go, a false one
	 * drops the point from this copy. */
	size_t n = 0;
	st_affine_expr **cs = st__hl_alloc(L->p, (it->nguards + 1) * sizeof *cs);
	for (size_t i = 0; i < it->nguards; i++) {
		st_affine_expr *c = st_affine_sub(ctx, st_affine_const(ctx, it->guards[i].max), it->guards[i].val);
		int64_t v;
		if (!st__hl_em_const_value(m, c, &v))
			cs[n++] = c;
		else if (v < 0)
			return;
	}
	if (n) {
		st_affine_expr **res = st__hl_alloc(L->p, n * sizeof *res);
		st_value **ops;
		size_t nops;
		const st_affine_map *map = st__hl_em_map(m, n, cs, &ops, &nops);
		for (size_t i = 0; i < n; i++)
			res[i] = st_affine_map_result(map, i);
		const st_integer_set *set = st_integer_set_get(ctx, (unsigned)nops, 0, n, res, NULL);
		const char *names[] = {"condition"};
		st_attr *vals[] = {st_integer_set_attr(ctx, set)};
		st_op *iff = st__hl_em_op(m, "affine.if", loc, nops, ops, NULL, st__hl_em_attrs(m, 1, names, vals), 2);
		st_block *then = st_block_create(ctx);
		if (!then)
			st__hl_fatal(L->p, "out of memory");
		st_region_append_block(st_op_region(iff, 0), then);
		m->blk = then;
	}
	xenv en = {.f = f, .it = it};
	st_affine_expr *aff[ST__HL_MAX_DIMS];
	st_value *vals[ST__HL_MAX_DIMS];
	const st__hl_expr *rhs;
	if (stage == 0) {
		for (int d = 0; d < f->ndims; d++) {
			aff[d] = st__hl_iter_value(it, L->p->vars[f->args[d]].name);
			vals[d] = NULL;
		}
		rhs = f->pure;
	} else {
		const st__hl_update *u = &f->updates[stage - 1];
		for (int d = 0; d < f->ndims; d++) {
			aff[d] = affine_of(m, &en, u->lhs[d]);
			vals[d] = aff[d] ? NULL : emit(m, &en, u->lhs[d]);
		}
		rhs = u->rhs;
	}
	st_value *v = emit(m, &en, rhs);
	access(m, fi, aff, vals, st__hl_em_loc(m, rhs->line, rhs->col), v);
	if (n) {
		st__hl_em_op(m, "affine.yield", loc, 0, NULL, NULL, NULL, 0);
		m->blk = saved;
	}
}
