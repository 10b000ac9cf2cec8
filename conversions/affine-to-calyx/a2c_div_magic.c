/* div-by-constant: a division or remainder by a constant that is not a
 * power of two becomes a multiply-and-shift in arith, before lower-to-calyx
 * lowers the function (it runs this first).  A divider is as many cycles
 * deep as its data width, the multiplier 3; as arith ops the plain lowering
 * puts the product in one group and a pipelined loop schedules the muli
 * like any other (the divider would make its depth w + a few).  Powers of
 * two are left to st__a2c_div.c (shifts, no cycle), and so is what the
 * multiplier cannot do exactly within 64 bits (i64) or a negative divisor
 * of a signed op: those keep the divider.  An index is
 * A2C_INDEX_WIDTH bits, as in calyx. */
#include "a2c.h"
#include "strata/arith.h"
#include "strata/pass.h"

static st_value *konst(st_arith_builder *b, st_type *t, int64_t v) { return st_arith_build_constant(b, t, v); }

static st_value *op2(st_arith_builder *b, const char *name, st_value *x, st_value *y) {
	return st_arith_build_binary(b, name, x, y);
}

static st_value *cast(st_arith_builder *b, const char *name, st_value *x, st_type *t) {
	return st_arith_build_cast(b, name, x, t);
}

static st_value *sgt0(st_arith_builder *b, st_value *x) {
	return st_arith_build_cmpi(b, ST_CMPI_SGT, x, x ? konst(b, st_value_type(x), 0) : NULL);
}

static st_value *sel(st_arith_builder *b, st_value *c, st_value *x, st_value *y) {
	return st_arith_build_select(b, c, x, y);
}

static unsigned bits(uint64_t v) {
	unsigned n = 0;
	while (n < 64 && v >> n)
		n++;
	return n;
}

/* m and k with floor(x * m / 2^k) == floor(x / d) for every 0 <= x <= xmax
 * (Granlund and Montgomery): m = ceil(2^k / d) overshoots 2^k / d by
 * e / (d 2^k) with e = m d - 2^k, which moves x m / 2^k by less than 1/d,
 * never across an integer, when e x < 2^k.  The smallest such k; *p the
 * bits of xmax * m.  When that product needs more than 64 bits but xmax is
 * 2^n - 1 and m has n + 1 bits (unsigned i32 by 7), *p is 0 and *m is
 * m - 2^n (udiv's other form); else false. */
static bool magic(uint64_t d, uint64_t xmax, uint64_t *m, unsigned *k, unsigned *p) {
	if (d < 3 || !(d & (d - 1)) || d > xmax || xmax >> 32)
		return false;
	unsigned n = bits(xmax);
	for (unsigned kk = n; kk < 64; kk++) {
		uint64_t pk = 1ull << kk, mm = pk / d + (pk % d != 0), e = mm * d - pk;
		if (e * xmax >= pk) /* e < d and xmax below 2^32: no overflow */
			continue;
		if (mm <= UINT64_MAX / xmax)
			*m = mm, *p = bits(xmax * mm);
		else if (xmax == (1ull << n) - 1 && mm >> n == 1 && 2 * n <= 64)
			*m = mm - (1ull << n), *p = 0;
		else
			return false;
		*k = kk;
		return true;
	}
	return false;
}

/* What the multiplier computes for one division. */
typedef struct plan {
	uint64_t d, m;
	unsigned w, k, p;
} plan;

/* floor(a / d) for 0 <= a <= the plan's xmax, a of w bits: (a * m) >> k on
 * p bits (more than w, so that the ext and trunc are well formed). */
static st_value *udiv(st_arith_builder *b, const plan *pl, st_value *a) {
	if (!a)
		return NULL;
	if (!pl->p) {
		/* m = 2^w + m': with t = (a m') >> w, (a m) >> k is (a + t) >> (k - w)
		 * (the bits t drops are less than one), computed without a + t's
		 * carry as (((a - t) >> 1) + t) >> (k - w - 1), t <= a. */
		st_type *t2 = st_integer_type(b->ctx, 2 * pl->w, ST_SIGNLESS), *tw = st_value_type(a);
		st_value *prod = op2(b, "arith.muli", cast(b, "arith.extui", a, t2), konst(b, t2, (int64_t)pl->m));
		st_value *t = cast(b, "arith.trunci", op2(b, "arith.shrui", prod, konst(b, t2, pl->w)), tw);
		st_value *h = op2(b, "arith.shrui", op2(b, "arith.subi", a, t), konst(b, tw, 1));
		return op2(b, "arith.shrui", op2(b, "arith.addi", h, t), konst(b, tw, pl->k - pl->w - 1));
	}
	unsigned p = pl->p > pl->w ? pl->p : pl->w + 1;
	st_type *tp = st_integer_type(b->ctx, p, ST_SIGNLESS);
	st_value *prod = op2(b, "arith.muli", cast(b, "arith.extui", a, tp), konst(b, tp, (int64_t)pl->m));
	return cast(b, "arith.trunci", op2(b, "arith.shrui", prod, konst(b, tp, pl->k)), st_value_type(a));
}

/* x - q d: the remainder of a quotient (on a w-bit multiplier). */
static st_value *rem(st_arith_builder *b, const plan *pl, st_value *x, st_value *q) {
	return x ? op2(b, "arith.subi", x, op2(b, "arith.muli", q, konst(b, st_value_type(x), (int64_t)pl->d))) : NULL;
}

/* The largest value the multiplier divides for each kind: x itself
 * (unsigned), x ^ (x >>s (w-1)) (floor), |x| or the like (the others). */
static uint64_t xmax_of(int kind, unsigned w) {
	if (kind == A2C_DIVU || kind == A2C_REMU)
		return w < 64 ? (1ull << w) - 1 : UINT64_MAX;
	return kind == A2C_FLOORS ? (1ull << (w - 1)) - 1 : 1ull << (w - 1);
}

/* The ops computing `kind` of x by the plan's d, x of w bits. */
static st_value *expand(st_arith_builder *b, const plan *pl, int kind, st_value *x) {
	unsigned w = pl->w;
	st_type *t = st_value_type(x);
	st_value *s = NULL;
	if (kind == A2C_DIVS || kind == A2C_REMS || kind == A2C_FLOORS)
		s = op2(b, "arith.shrsi", x, konst(b, t, w - 1)); /* 0 or -1 */
	switch (kind) {
	case A2C_DIVU: return udiv(b, pl, x);
	case A2C_REMU: return rem(b, pl, x, udiv(b, pl, x));
	case A2C_FLOORS:
		/* floor(x / d) = s ^ floor((s ^ x) / d): for x < 0, s ^ x = -x - 1 */
		return op2(b, "arith.xori", s, udiv(b, pl, op2(b, "arith.xori", s, x)));
	case A2C_CEILS: {
		/* x > 0: floor((x - 1) / d) + 1; else -floor(-x / d), where -x of
		 * the smallest x is 2^(w-1) as an unsigned w-bit value */
		st_value *pos = sgt0(b, x), *zero = konst(b, t, 0), *one = konst(b, t, 1);
		st_value *q = udiv(b, pl, sel(b, pos, op2(b, "arith.subi", x, one), op2(b, "arith.subi", zero, x)));
		return sel(b, pos, op2(b, "arith.addi", q, one), op2(b, "arith.subi", zero, q));
	}
	default: {
		/* truncation: |x| = (x ^ s) - s (2^(w-1) for the smallest x)
		 * divided, the sign put back the same way */
		st_value *q = udiv(b, pl, op2(b, "arith.subi", op2(b, "arith.xori", x, s), s));
		q = op2(b, "arith.subi", op2(b, "arith.xori", q, s), s);
		return kind == A2C_DIVS ? q : rem(b, pl, x, q);
	}
	}
}

/* Rewrites `op` when the multiplier does it exactly; false when out of
 * memory (the op then stays, with unused ops before it). */
static bool rewrite(st_op *op) {
	int kind = st__a2c_div_kind(op);
	st_type *t = kind >= 0 ? st_value_type(st_op_result(op, 0)) : NULL;
	plan pl = {.w = t ? st__a2c_width(t) : 0};
	if (!pl.w || pl.w > 32 || !st__a2c_div_const(op, pl.w, &pl.d) || (kind >= A2C_DIVS && pl.d >> (pl.w - 1)) ||
	    !magic(pl.d, xmax_of(kind, pl.w), &pl.m, &pl.k, &pl.p))
		return true;
	st_context *ctx = st_op_context(op);
	st_arith_builder b = st_arith_builder_before(op);
	st_value *x = st_op_operand(op, 0), *r;
	if (st_type_is_index(t)) {
		st_type *tw = st_integer_type(ctx, pl.w, ST_SIGNLESS);
		bool sign = kind >= A2C_DIVS;
		r = cast(&b, sign ? "arith.index_cast" : "arith.index_castui",
		         expand(&b, &pl, kind, cast(&b, "arith.index_cast", x, tw)), t);
	} else {
		r = expand(&b, &pl, kind, x);
	}
	if (!r)
		return false;
	st_value_replace_all_uses(st_op_result(op, 0), r);
	st_op_erase(op);
	return true;
}

typedef struct found {
	st_context *ctx;
	st_op **ops;
	size_t n, cap;
	bool failed;
} found;

static st_walk_result collect(st_op *op, void *ud) {
	found *f = ud;
	uint64_t d;
	if (st__a2c_div_kind(op) < 0 || st__a2c_div_by_shift(op) || !st__a2c_div_const(op, 64, &d))
		return ST_WALK_ADVANCE;
	if (!st_ctx_grow(f->ctx, (void **)&f->ops, &f->cap, NULL, sizeof *f->ops, f->n + 1)) {
		f->failed = true;
		return ST_WALK_INTERRUPT;
	}
	f->ops[f->n++] = op;
	return ST_WALK_ADVANCE;
}

static st_status run(st_pass *pass, st_op *root) {
	found f = {.ctx = st_pass_context(pass)};
	st_walk(root, ST_WALK_PRE, collect, &f);
	for (size_t i = 0; !f.failed && i < f.n; i++)
		f.failed = !rewrite(f.ops[i]);
	if (f.ops)
		st_ctx_free(f.ctx, f.ops, f.cap * sizeof *f.ops);
	return f.failed ? ST_FAIL : ST_OK;
}

static const st_pass_def div_by_constant = {
	.name = "div-by-constant",
	.summary = "arith division and remainder by a constant (not a power of two) as an exact multiply-and-shift "
	           "(index taken as 32 bits, calyx's width), as lower-to-calyx does first",
	.run = run,
	.display_name = "DivByConstant",
};

st_status st__a2c_register_div_pass(st_context *ctx) { return st_context_register_pass(ctx, &div_by_constant); }
