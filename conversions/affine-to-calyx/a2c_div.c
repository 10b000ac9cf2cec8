/* Division: by a constant power of two, shifts and masks (exact, no
 * divider, no cycle); unsigned and flooring division by another constant,
 * an exact multiply-and-shift on the multiplier (3 cycles, not a divider's
 * w); otherwise the std_div/rem pipes, and for flooring and ceiling
 * division (Halide's `/` on signed values) the quotient and the remainder
 * of one truncating divide, corrected where the remainder is nonzero and
 * its sign tells the truncation went the wrong way. */
#include "a2c.h"

enum { DIVU, REMU, DIVS, REMS, FLOORS, CEILS };

static const char *const div_ops[] = {"arith.divui", "arith.remui", "arith.divsi",
                                      "arith.remsi", "arith.floordivsi", "arith.ceildivsi"};

static int div_kind(st_op *op) {
	for (int i = 0; i < (int)(sizeof div_ops / sizeof *div_ops); i++)
		if (!strcmp(st_op_name_cstr(op), div_ops[i]))
			return i;
	return -1;
}

static a2c_val *konst(a2c_comp *c, unsigned w, int64_t v) { return a2c_val_new(c, a2c_const(c, w, v)); }

static a2c_val *bin(a2c_comp *c, st_attr *loc, const char *cell, a2c_val *a, a2c_val *b, unsigned w) {
	a2c_val *in[] = {a, b};
	unsigned ws[] = {w, w};
	bool cmp = !strncmp(cell, "std_s", 5) && strcmp(cell, "std_sub") && strcmp(cell, "std_srsh");
	return a && b ? a2c_comb(c, cell, loc, 2, in, ws, cmp || !strcmp(cell, "std_neq") ? 1 : w) : NULL;
}

/* The exponent k of a divisor that is the constant 2^k (positive as a
 * signed value for the signed ops), or -1. */
static int pow2_divisor(st_op *op, unsigned w, bool sign) {
	st_op *d = st_value_defining_op(st_op_operand(op, 1));
	if (!d || strcmp(st_op_name_cstr(d), "arith.constant"))
		return -1;
	uint64_t v = (uint64_t)st_attr_int_value(st_op_get_attr(d, "value"));
	if (w < 64)
		v &= (1ull << w) - 1;
	if (!v || (v & (v - 1)) || (sign && v >> (w - 1)))
		return -1;
	int k = 0;
	while ((1ull << k) != v)
		k++;
	return k;
}

/* x / 2^k and x % 2^k for every kind, from shifts (k < w). */
static a2c_val *by_pow2(a2c_comp *c, st_attr *loc, int kind, a2c_val *x, int k, unsigned w) {
	a2c_val *mask = konst(c, w, (int64_t)((1ull << k) - 1));
	switch (kind) {
	case DIVU: return bin(c, loc, "std_rsh", x, konst(c, w, k), w);
	case REMU: return bin(c, loc, "std_and", x, mask, w);
	case FLOORS: return bin(c, loc, "std_srsh", x, konst(c, w, k), w);
	case CEILS: {
		/* floor, plus one when bits were dropped */
		a2c_val *f = bin(c, loc, "std_srsh", x, konst(c, w, k), w);
		a2c_val *nz = bin(c, loc, "std_neq", bin(c, loc, "std_and", x, mask, w), konst(c, w, 0), w);
		return nz ? bin(c, loc, "std_add", f, a2c_resize(c, loc, nz, 1, w, false), w) : NULL;
	}
	default: {
		/* truncation: a negative x is biased by 2^k - 1 first */
		a2c_val *bias = k ? bin(c, loc, "std_and", bin(c, loc, "std_srsh", x, konst(c, w, w - 1), w), mask, w)
		                  : konst(c, w, 0);
		a2c_val *q = bin(c, loc, "std_srsh", bin(c, loc, "std_add", x, bias, w), konst(c, w, k), w);
		return kind == DIVS ? q : bin(c, loc, "std_sub", x, bin(c, loc, "std_lsh", q, konst(c, w, k), w), w);
	}
	}
}

bool a2c_lower_div_const(a2c_comp *c, st_op *op, bool *handled) {
	int kind = div_kind(op);
	unsigned w = kind >= 0 ? a2c_width(st_value_type(st_op_result(op, 0))) : 0;
	int k = kind >= 0 ? pow2_divisor(op, w, kind >= DIVS && kind != REMU) : -1;
	*handled = k >= 0 && k < (int)w;
	if (!*handled)
		return false;
	a2c_val *x = a2c_lookup(c, st_op_operand(op, 0));
	a2c_val *r = x ? by_pow2(c, st_op_loc(op), kind, x, k, w) : NULL;
	return r && a2c_bind(c, st_op_result(op, 0), r);
}

/* The constant divisor of `op` (its bits as unsigned), or 0. */
static uint64_t const_divisor(st_op *op, unsigned w) {
	st_op *d = st_value_defining_op(st_op_operand(op, 1));
	if (!d || strcmp(st_op_name_cstr(d), "arith.constant"))
		return 0;
	uint64_t v = (uint64_t)st_attr_int_value(st_op_get_attr(d, "value"));
	return w < 64 ? v & ((1ull << w) - 1) : v;
}

/* m and k with floor(x * m / 2^k) == floor(x / d) for every 0 <= x < 2^n
 * (Granlund and Montgomery): m = ceil(2^k / d) overshoots 2^k / d by
 * e / (d 2^k) with e = m d - 2^k, which moves x m / 2^k by less than 1/d,
 * never across an integer, when e x < 2^k.  The smallest such k >= n; *p
 * the bits of x * m.  False when that product needs more than 64 bits. */
static bool magic(uint64_t d, unsigned n, uint64_t *m, unsigned *k, unsigned *p) {
	if (n > 32 || d < 3 || d >= (1ull << n))
		return false;
	for (unsigned kk = n; kk < 64; kk++) {
		uint64_t pk = 1ull << kk, mm = pk / d + (pk % d != 0), e = mm * d - pk;
		unsigned mb = 0;
		while (mb < 64 && (mm >> mb))
			mb++;
		if (n + mb > 64)
			return false;
		if (e * ((1ull << n) - 1) < pk) {
			*m = mm, *k = kk, *p = n + mb;
			return true;
		}
	}
	return false;
}

/* floor(u / d) for 0 <= u < 2^n as (u * m) >> k on a multiplier of p bits
 * (a few cycles instead of a divider's w); NULL after an error. */
static a2c_val *by_magic(a2c_comp *c, st_attr *loc, a2c_val *u, unsigned w, uint64_t m, unsigned k, unsigned p,
                         st_block *ctl) {
	static const char *const mult = "std_mult_pipe";
	a2c_val *wide = a2c_resize(c, loc, u, w, p, false), *prod;
	if (!wide || !a2c_pipe_vals(c, loc, p, wide, konst(c, p, (int64_t)m), 1, &mult, ctl, &prod))
		return NULL;
	return a2c_resize(c, loc, bin(c, loc, "std_rsh", prod, konst(c, p, k), p), p, w, false);
}

bool a2c_lower_div(a2c_comp *c, st_op *op, st_block *ctl, bool *handled) {
	int kind = div_kind(op);
	*handled = kind >= 0;
	if (kind < 0)
		return false;
	static const char *const cells[] = {"std_divu_pipe", "std_remu_pipe", "std_divs_pipe", "std_rems_pipe"};
	st_attr *loc = st_op_loc(op);
	unsigned w = a2c_width(st_value_type(st_op_result(op, 0)));
	uint64_t d = const_divisor(op, w), m;
	unsigned k, p;
	if (kind == DIVU && magic(d, w, &m, &k, &p)) {
		a2c_val *x = a2c_lookup(c, st_op_operand(op, 0));
		return x && a2c_bind(c, st_op_result(op, 0), by_magic(c, loc, x, w, m, k, p, ctl));
	}
	if (kind == FLOORS && !(d >> (w - 1)) && magic(d, w - 1, &m, &k, &p)) {
		/* floor(x / d) = s ^ floor((s ^ x) / d) with s = x >> (w-1)
		 * arithmetic: for x < 0, s ^ x = -x - 1 >= 0. */
		a2c_val *x = a2c_lookup(c, st_op_operand(op, 0));
		a2c_val *s = bin(c, loc, "std_srsh", x, konst(c, w, w - 1), w);
		a2c_val *q = s ? by_magic(c, loc, bin(c, loc, "std_xor", s, x, w), w, m, k, p, ctl) : NULL;
		return q && a2c_bind(c, st_op_result(op, 0), bin(c, loc, "std_xor", s, q, w));
	}
	if (kind < FLOORS) {
		a2c_val *out;
		return a2c_pipe_units(c, op, 1, &cells[kind], ctl, &out) && a2c_bind(c, st_op_result(op, 0), out);
	}
	a2c_val *qr[2];
	if (!a2c_pipe_units(c, op, 2, &cells[DIVS], ctl, qr))
		return false;
	a2c_val *y = a2c_lookup(c, st_op_operand(op, 1));
	/* The truncated quotient is one too high (floor) or too low (ceil)
	 * when the remainder is nonzero with the sign that says so: r and y of
	 * different signs for floor, of the same sign for ceil. */
	a2c_val *nz = bin(c, loc, "std_neq", qr[1], konst(c, w, 0), w);
	a2c_val *sx = bin(c, loc, "std_xor", qr[1], y, w);
	a2c_val *wrong = bin(c, loc, kind == FLOORS ? "std_slt" : "std_sge", sx, konst(c, w, 0), w);
	a2c_val *fix = bin(c, loc, "std_and", nz, wrong, 1);
	a2c_val *r = fix ? bin(c, loc, kind == FLOORS ? "std_sub" : "std_add", qr[0], a2c_resize(c, loc, fix, 1, w, false), w)
	                 : NULL;
	return r && a2c_bind(c, st_op_result(op, 0), r);
}
