/* div-by-constant: a division or remainder by a constant that is not a
 * power of two becomes a multiply-and-shift in arith, before lower-to-calyx
 * lowers the function (it runs this first).  A divider is as many cycles
 * deep as its data width, the multiplier 3; as arith ops the plain lowering
 * puts the product in one group and a pipelined loop schedules the muli
 * like any other (the divider would make its depth w + a few).  Powers of
 * two are left to st__a2c_div.c (shifts, no cycle) unless `shifts` asks for
 * them here as arith shifts and masks (the stream flow, whose lowering has
 * no such case), and so is what the multiplier cannot do exactly within 64
 * bits (i64) or a negative divisor of a signed op: those keep the divider.
 * An index is A2C_INDEX_WIDTH bits, as in calyx.
 *
 * arith-expand: a flooring or ceiling division by a value that is not a
 * constant becomes one truncating arith.divsi and its correction, q - 1
 * (or q + 1) when q * b differs from a and the signs call for it, as MLIR's
 * arith-expand writes them, and a remainder whose quotient the block
 * computes too (Halide's `/` on signed values) a - q * b: comb would
 * otherwise build two dividers, each as deep as its width. */
#include "a2c.h"
#include "strata/arith.h"
#include "strata/pass.h"

#include <stddef.h>

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

/* x / 2^k and x % 2^k for every kind as arith shifts and masks (k < w),
 * what st__a2c_div.c builds from calyx cells. */
static st_value *by_pow2(st_arith_builder *b, int kind, st_value *x, unsigned k, unsigned w) {
	st_type *t = st_value_type(x);
	st_value *mask = konst(b, t, (int64_t)((1ull << k) - 1)), *kk = konst(b, t, k);
	switch (kind) {
	case A2C_DIVU: return op2(b, "arith.shrui", x, kk);
	case A2C_REMU: return op2(b, "arith.andi", x, mask);
	case A2C_FLOORS: return op2(b, "arith.shrsi", x, kk);
	case A2C_CEILS: {
		/* floor, plus one when bits were dropped */
		st_value *nz = st_arith_build_cmpi(b, ST_CMPI_NE, op2(b, "arith.andi", x, mask), konst(b, t, 0));
		return op2(b, "arith.addi", op2(b, "arith.shrsi", x, kk), cast(b, "arith.extui", nz, t));
	}
	default: {
		/* truncation: a negative x is biased by 2^k - 1 first */
		st_value *bias = op2(b, "arith.andi", op2(b, "arith.shrsi", x, konst(b, t, w - 1)), mask);
		st_value *q = op2(b, "arith.shrsi", op2(b, "arith.addi", x, bias), kk);
		return kind == A2C_DIVS ? q : op2(b, "arith.subi", x, op2(b, "arith.shli", q, kk));
	}
	}
}

/* The exponent k of a constant divisor 2^k (k < w, positive as a signed
 * value for the signed kinds), or -1. */
static int pow2_of(st_op *op, int kind, unsigned w) {
	uint64_t v;
	if (!w || w > 64 || !st__a2c_div_const(op, w, &v) || !v || (v & (v - 1)) || (kind >= A2C_DIVS && v >> (w - 1)))
		return -1;
	int k = 0;
	while ((1ull << k) != v)
		k++;
	return k;
}

/* Rewrites a division by a power of two of an integer (not index) type;
 * false when out of memory. */
static bool rewrite_pow2(st_op *op) {
	int kind = st__a2c_div_kind(op);
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!st_type_is_integer(t))
		return true;
	unsigned w = st_type_int_width(t);
	int k = pow2_of(op, kind, w);
	if (k < 0 || k >= (int)w)
		return true;
	st_arith_builder b = st_arith_builder_before(op);
	st_value *r = by_pow2(&b, kind, st_op_operand(op, 0), (unsigned)k, w);
	if (!r)
		return false;
	st_value_replace_all_uses(st_op_result(op, 0), r);
	st_op_erase(op);
	return true;
}

/* Rewrites `op` when the multiplier does it exactly; false when out of
 * memory (the op then stays, with unused ops before it). */
static bool rewrite(st_op *op) {
	int kind = st__a2c_div_kind(op);
	if (st__a2c_div_by_shift(op))
		return rewrite_pow2(op);
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
	bool shifts; /* div-by-constant{shifts}: powers of two too */
	bool expand; /* arith-expand: flooring and ceiling divisions by a variable */
	st_op **ops;
	size_t n, cap;
	bool failed;
} found;

/* The truncating division of the same operands as the remainder `op`, in
 * its block, or NULL. */
static st_op *quotient_of(st_op *op) {
	const char *div = st__a2c_div_kind(op) == A2C_REMS ? "arith.divsi" : "arith.divui";
	for (st_op *o = st_block_first_op(st_op_block(op)); o; o = st_op_next(o))
		if (!strcmp(st_op_name_cstr(o), div) && st_op_operand(o, 0) == st_op_operand(op, 0) &&
		    st_op_operand(o, 1) == st_op_operand(op, 1))
			return o;
	return NULL;
}

/* The ops arith-expand rewrites, of integers (not index, which calyx takes
 * as 32 bits) with a divisor that is no constant: floordivsi, ceildivsi,
 * and a remainder whose quotient is computed too. */
static bool expanded(st_op *op) {
	int kind = st__a2c_div_kind(op);
	uint64_t d;
	if (kind < 0 || !st_type_is_integer(st_value_type(st_op_result(op, 0))) || st__a2c_div_const(op, 64, &d))
		return false;
	return kind == A2C_FLOORS || kind == A2C_CEILS || ((kind == A2C_REMS || kind == A2C_REMU) && quotient_of(op));
}

static st_walk_result collect(st_op *op, void *ud) {
	found *f = ud;
	uint64_t d;
	if (f->expand ? !expanded(op)
	              : st__a2c_div_kind(op) < 0 || (!f->shifts && st__a2c_div_by_shift(op)) ||
	                    !st__a2c_div_const(op, 64, &d))
		return ST_WALK_ADVANCE;
	if (!st_ctx_grow(f->ctx, (void **)&f->ops, &f->cap, NULL, sizeof *f->ops, f->n + 1)) {
		f->failed = true;
		return ST_WALK_INTERRUPT;
	}
	f->ops[f->n++] = op;
	return ST_WALK_ADVANCE;
}

/* floor(a / b) or ceil(a / b) from q = a / b truncated: one step towards
 * -inf (+inf) when the division was inexact (q b != a) and the exact
 * quotient is negative (positive), i.e. the signs of a and b differ
 * (agree). */
static bool expand_floor(st_op *op) {
	st_arith_builder b = st_arith_builder_before(op);
	int kind = st__a2c_div_kind(op);
	if (kind == A2C_REMS || kind == A2C_REMU) {
		/* a - q b with the quotient the program computes anyway (moved
		 * before the remainder when it came after: its operands are the
		 * remainder's, so they dominate it there). */
		st_op *q = quotient_of(op);
		if (!st_op_is_before_in_block(q, op))
			st_op_move_before(q, op);
		st_value *r = op2(&b, "arith.subi", st_op_operand(op, 0),
		                  op2(&b, "arith.muli", st_op_result(q, 0), st_op_operand(op, 1)));
		if (!r)
			return false;
		st_value_replace_all_uses(st_op_result(op, 0), r);
		st_op_erase(op);
		return true;
	}
	st_value *a = st_op_operand(op, 0), *d = st_op_operand(op, 1);
	st_type *t = st_value_type(a);
	bool floor = st__a2c_div_kind(op) == A2C_FLOORS;
	st_value *zero = konst(&b, t, 0);
	st_value *q = op2(&b, "arith.divsi", a, d);
	st_value *inexact = st_arith_build_cmpi(&b, ST_CMPI_NE, a, op2(&b, "arith.muli", q, d));
	st_value *differ = op2(&b, "arith.xori", st_arith_build_cmpi(&b, ST_CMPI_SLT, a, zero),
	                       st_arith_build_cmpi(&b, ST_CMPI_SLT, d, zero));
	st_value *wrong = op2(&b, "arith.andi", inexact,
	                      floor ? differ : op2(&b, "arith.xori", differ, konst(&b, st_value_type(differ), 1)));
	st_value *r = sel(&b, wrong, op2(&b, floor ? "arith.subi" : "arith.addi", q, konst(&b, t, 1)), q);
	if (!r)
		return false;
	st_value_replace_all_uses(st_op_result(op, 0), r);
	st_op_erase(op);
	return true;
}

static st_status rewrite_all(st_pass *pass, st_op *root, found f) {
	f.ctx = st_pass_context(pass);
	st_walk(root, ST_WALK_PRE, collect, &f);
	for (size_t i = 0; !f.failed && i < f.n; i++)
		f.failed = !(f.expand ? expand_floor(f.ops[i]) : rewrite(f.ops[i]));
	if (f.ops)
		st_ctx_free(f.ctx, f.ops, f.cap * sizeof *f.ops);
	return f.failed ? ST_FAIL : ST_OK;
}

typedef struct options {
	bool shifts;
} options;

static st_status run(st_pass *pass, st_op *root) {
	const options *o = st_pass_options(pass);
	return rewrite_all(pass, root, (found){.shifts = o->shifts});
}

static st_status run_expand(st_pass *pass, st_op *root) { return rewrite_all(pass, root, (found){.expand = true}); }

static const st_pass_option_def opts[] = {
	{.name = "shifts",
	 .summary = "also divisions by a power of two, as arith shifts and masks (for lowerings without that case: "
	            "the stream flow's)",
	 .kind = ST_PASS_OPT_BOOL,
	 .offset = offsetof(options, shifts)},
};

static const st_pass_def div_by_constant = {
	.name = "div-by-constant",
	.summary = "arith division and remainder by a constant (not a power of two) as an exact multiply-and-shift "
	           "(index taken as 32 bits, calyx's width), as lower-to-calyx does first",
	.options = opts,
	.noptions = 1,
	.options_size = sizeof(options),
	.run = run,
	.display_name = "DivByConstant",
};

static const st_pass_def arith_expand = {
	.name = "arith-expand",
	.summary = "arith.floordivsi and arith.ceildivsi by a non-constant divisor as one arith.divsi and its "
	           "correction (MLIR's arith-expand; one divider instead of a quotient and a remainder)",
	.run = run_expand,
	.display_name = "ArithExpand",
};

st_status st__a2c_register_div_pass(st_context *ctx) {
	st_status s = st_context_register_pass(ctx, &div_by_constant);
	return st_succeeded(s) ? st_context_register_pass(ctx, &arith_expand) : s;
}
