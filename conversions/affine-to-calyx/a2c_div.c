/* Division: by a constant power of two, shifts and masks (exact, no
 * divider, no cycle); by another constant, st__a2c_div_magic.c has already made
 * it a multiply-and-shift where that is exact; otherwise the std_div/rem
 * pipes, and for flooring and ceiling division (Halide's `/` on signed
 * values) the quotient and the remainder of one truncating divide,
 * corrected where the remainder is nonzero and its sign tells the
 * truncation went the wrong way. */
#include "a2c.h"

enum { DIVU = A2C_DIVU, REMU, DIVS, REMS, FLOORS, CEILS };

static const char *const div_ops[] = {"arith.divui", "arith.remui", "arith.divsi",
                                      "arith.remsi", "arith.floordivsi", "arith.ceildivsi"};

int st__a2c_div_kind(st_op *op) {
	for (int i = 0; i < (int)(sizeof div_ops / sizeof *div_ops); i++)
		if (!strcmp(st_op_name_cstr(op), div_ops[i]))
			return i;
	return -1;
}

bool st__a2c_div_const(st_op *op, unsigned w, uint64_t *d) {
	st_op *def = st_value_defining_op(st_op_operand(op, 1));
	if (!def || strcmp(st_op_name_cstr(def), "arith.constant"))
		return false;
	uint64_t v = (uint64_t)st_attr_int_value(st_op_get_attr(def, "value"));
	*d = w < 64 ? v & ((1ull << w) - 1) : v;
	return true;
}

static st__a2c_val *konst(st__a2c_comp *c, unsigned w, int64_t v) { return st__a2c_val_new(c, st__a2c_const(c, w, v)); }

static st__a2c_val *bin(st__a2c_comp *c, st_attr *loc, const char *cell, st__a2c_val *a, st__a2c_val *b, unsigned w) {
	st__a2c_val *in[] = {a, b};
	unsigned ws[] = {w, w};
	bool cmp = !strncmp(cell, "std_s", 5) && strcmp(cell, "std_sub") && strcmp(cell, "std_srsh");
	return a && b ? st__a2c_comb(c, cell, loc, 2, in, ws, cmp || !strcmp(cell, "std_neq") ? 1 : w) : NULL;
}

/* The exponent k of a divisor that is the constant 2^k (positive as a
 * signed value for the signed ops), or -1. */
static int pow2_divisor(st_op *op, unsigned w, bool sign) {
	uint64_t v;
	if (!st__a2c_div_const(op, w, &v) || !v || (v & (v - 1)) || (sign && v >> (w - 1)))
		return -1;
	int k = 0;
	while ((1ull << k) != v)
		k++;
	return k;
}

/* x / 2^k and x % 2^k for every kind, from shifts (k < w). */
static st__a2c_val *by_pow2(st__a2c_comp *c, st_attr *loc, int kind, st__a2c_val *x, int k, unsigned w) {
	st__a2c_val *mask = konst(c, w, (int64_t)((1ull << k) - 1));
	switch (kind) {
	case DIVU: return bin(c, loc, "std_rsh", x, konst(c, w, k), w);
	case REMU: return bin(c, loc, "std_and", x, mask, w);
	case FLOORS: return bin(c, loc, "std_srsh", x, konst(c, w, k), w);
	case CEILS: {
		/* floor, plus one when bits were dropped */
		st__a2c_val *f = bin(c, loc, "std_srsh", x, konst(c, w, k), w);
		st__a2c_val *nz = bin(c, loc, "std_neq", bin(c, loc, "std_and", x, mask, w), konst(c, w, 0), w);
		return nz ? bin(c, loc, "std_add", f, st__a2c_resize(c, loc, nz, 1, w, false), w) : NULL;
	}
	default: {
		/* truncation: a negative x is biased by 2^k - 1 first */
		st__a2c_val *bias = k ? bin(c, loc, "std_and", bin(c, loc, "std_srsh", x, konst(c, w, w - 1), w), mask, w)
		                  : konst(c, w, 0);
		st__a2c_val *q = bin(c, loc, "std_srsh", bin(c, loc, "std_add", x, bias, w), konst(c, w, k), w);
		return kind == DIVS ? q : bin(c, loc, "std_sub", x, bin(c, loc, "std_lsh", q, konst(c, w, k), w), w);
	}
	}
}

/* The exponent of `op`'s divisor when st__a2c_lower_div_const takes it, or -1. */
static int shift_of(st_op *op, int kind, unsigned *w) {
	*w = kind >= 0 ? st__a2c_width(st_value_type(st_op_result(op, 0))) : 0;
	int k = kind >= 0 ? pow2_divisor(op, *w, kind >= DIVS) : -1;
	return k < (int)*w ? k : -1;
}

bool st__a2c_div_by_shift(st_op *op) {
	unsigned w;
	return shift_of(op, st__a2c_div_kind(op), &w) >= 0;
}

bool st__a2c_lower_div_const(st__a2c_comp *c, st_op *op, bool *handled) {
	int kind = st__a2c_div_kind(op);
	unsigned w;
	int k = shift_of(op, kind, &w);
	*handled = k >= 0;
	if (!*handled)
		return false;
	st__a2c_val *x = st__a2c_lookup(c, st_op_operand(op, 0));
	st__a2c_val *r = x ? by_pow2(c, st_op_loc(op), kind, x, k, w) : NULL;
	return r && st__a2c_bind(c, st_op_result(op, 0), r);
}

bool st__a2c_lower_div(st__a2c_comp *c, st_op *op, st_block *ctl, bool *handled) {
	int kind = st__a2c_div_kind(op);
	*handled = kind >= 0;
	if (kind < 0)
		return false;
	static const char *const cells[] = {"std_divu_pipe", "std_remu_pipe", "std_divs_pipe", "std_rems_pipe"};
	st_attr *loc = st_op_loc(op);
	unsigned w = st__a2c_width(st_value_type(st_op_result(op, 0)));
	if (kind < FLOORS) {
		st__a2c_val *out;
		return st__a2c_pipe_units(c, op, 1, &cells[kind], ctl, &out) && st__a2c_bind(c, st_op_result(op, 0), out);
	}
	st__a2c_val *qr[2];
	if (!st__a2c_pipe_units(c, op, 2, &cells[DIVS], ctl, qr))
		return false;
	st__a2c_val *y = st__a2c_lookup(c, st_op_operand(op, 1));
	/* The truncated quotient is one too high (floor) or too low (ceil)
	 * when the remainder is nonzero with the sign that says so: r and y of
	 * different signs for floor, of the same sign for ceil. */
	st__a2c_val *nz = bin(c, loc, "std_neq", qr[1], konst(c, w, 0), w);
	st__a2c_val *sx = bin(c, loc, "std_xor", qr[1], y, w);
	st__a2c_val *wrong = bin(c, loc, kind == FLOORS ? "std_slt" : "std_sge", sx, konst(c, w, 0), w);
	st__a2c_val *fix = bin(c, loc, "std_and", nz, wrong, 1);
	st__a2c_val *r = fix ? bin(c, loc, kind == FLOORS ? "std_sub" : "std_add", qr[0], st__a2c_resize(c, loc, fix, 1, w, false), w)
	                 : NULL;
	return r && st__a2c_bind(c, st_op_result(op, 0), r);
}
