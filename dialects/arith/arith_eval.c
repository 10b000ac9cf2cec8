/* Constant evaluation for the arith folders: the exact results MLIR's
 * folders compute with APInt and APFloat, for integers of up to 64 bits
 * (index is 64 bits) and f16, bf16, f32, f64, applied element-wise to
 * scalars, splats and dense elements.  Wider scalar integers go to
 * arith_eval_wide.c.
 *
 * Integers are handled as their bit pattern (uint64_t, masked to the
 * width).  Floats are handled as their bit pattern; arithmetic goes
 * through double, which is exact for f64 and, for the narrower formats,
 * rounds once more to the target: double has more than 2p+2 bits for every
 * narrower p, so +, -, *, / and fmod still round correctly.  NaN results
 * follow APFloat: a NaN operand is returned quieted (the left one first),
 * an invalid operation gives the positive default quiet NaN. */
#include "arith_internal.h"
#include "strata/interp.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------ bit helpers */

static uint64_t mask_of(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static int64_t sext(uint64_t v, unsigned w) {
	if (w >= 64)
		return (int64_t)v;
	uint64_t m = 1ull << (w - 1);
	v &= mask_of(w);
	return (int64_t)((v ^ m) - m);
}

static uint64_t smin_bits(unsigned w) { return 1ull << (w - 1); }

/* Arithmetic shift right without relying on implementation-defined >>. */
static uint64_t ashr(uint64_t v, unsigned sh, unsigned w) {
	int64_t s = sext(v, w);
	uint64_t r = s < 0 ? ~(~(uint64_t)s >> sh) : (uint64_t)s >> sh;
	return r & mask_of(w);
}

/* The high 64 bits of a 64x64-bit unsigned product. */
static uint64_t mul_hi64(uint64_t a, uint64_t b) {
	uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* Bits [w, 2w) of the product of two w-bit unsigned values. */
static uint64_t mulhu(uint64_t a, uint64_t b, unsigned w) {
	uint64_t lo = a * b, hi = mul_hi64(a, b);
	if (w >= 64)
		return hi;
	return ((hi << (64 - w)) | (lo >> w)) & mask_of(w);
}

/* The signed high half from the unsigned one: a_s = a_u - 2^w [a < 0]. */
static uint64_t mulhs(uint64_t a, uint64_t b, unsigned w) {
	uint64_t h = mulhu(a, b, w);
	if (sext(a, w) < 0)
		h -= b;
	if (sext(b, w) < 0)
		h -= a;
	return h & mask_of(w);
}

/* -------------------------------------------------------------- floats */

typedef struct ffmt {
	int ebits, mbits;
} ffmt;

static ffmt fmt_of(const st_type *t) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_F16:
		return (ffmt){5, 10};
	case ST_TYPE_BF16:
		return (ffmt){8, 7};
	case ST_TYPE_F32:
		return (ffmt){8, 23};
	default:
		return (ffmt){11, 52};
	}
}

static uint64_t f_sign(ffmt f) { return 1ull << (f.ebits + f.mbits); }
static uint64_t f_emax(ffmt f) { return (1ull << f.ebits) - 1; }
static uint64_t f_mant(ffmt f, uint64_t b) { return b & ((1ull << f.mbits) - 1); }
static uint64_t f_exp(ffmt f, uint64_t b) { return (b >> f.mbits) & f_emax(f); }
static bool f_is_nan(ffmt f, uint64_t b) { return f_exp(f, b) == f_emax(f) && f_mant(f, b); }
static bool f_is_snan(ffmt f, uint64_t b) { return f_is_nan(f, b) && !(b & (1ull << (f.mbits - 1))); }
static uint64_t f_quiet(ffmt f, uint64_t b) { return b | (1ull << (f.mbits - 1)); }
static uint64_t f_default_nan(ffmt f) { return (f_emax(f) << f.mbits) | (1ull << (f.mbits - 1)); }
static bool f_is_zero(ffmt f, uint64_t b) { return (b & ~f_sign(f)) == 0; }
static bool f_is_neg(ffmt f, uint64_t b) { return (b & f_sign(f)) != 0; }

/* Exact: every supported format converts to double without loss. */
static bool to_double(st_context *ctx, st_type *t, uint64_t bits, double *d) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_F64:
		memcpy(d, &bits, 8);
		return true;
	case ST_TYPE_F32: {
		uint32_t b = (uint32_t)bits;
		float f;
		memcpy(&f, &b, 4);
		*d = f;
		return true;
	}
	default:
		(void)ctx;
		*d = st_float_bits_to_double(st_type_get_kind(t), bits);
		return true;
	}
}

/* Rounds to nearest even (the core's conversion for f16 and bf16). */
static bool from_double(st_context *ctx, st_type *t, double d, uint64_t *bits) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_F64:
		memcpy(bits, &d, 8);
		return true;
	case ST_TYPE_F32: {
		float f = (float)d;
		uint32_t b;
		memcpy(&b, &f, 4);
		*bits = b;
		return true;
	}
	default:
		(void)ctx;
		*bits = st_float_bits_from_double(st_type_get_kind(t), d);
		return true;
	}
}

/* An integer magnitude as the nearest float (ties to even), infinity when
 * it overflows the format: APFloat::convertFromAPInt. */
static uint64_t int_to_float_bits(ffmt f, bool neg, uint64_t mag) {
	if (!mag)
		return 0;
	uint64_t sign = neg ? f_sign(f) : 0;
	int e = 63 - __builtin_clzll(mag);
	uint64_t sig;
	if (e <= f.mbits) {
		sig = mag << (f.mbits - e);
	} else {
		int sh = e - f.mbits;
		sig = mag >> sh;
		uint64_t rem = mag & ((1ull << sh) - 1), half = 1ull << (sh - 1);
		if (rem > half || (rem == half && (sig & 1)))
			sig++;
		if (sig >> (f.mbits + 1)) {
			sig >>= 1;
			e++;
		}
	}
	uint64_t biased = (uint64_t)e + (f_emax(f) >> 1);
	if (biased >= f_emax(f))
		return sign | (f_emax(f) << f.mbits);
	return sign | (biased << f.mbits) | f_mant(f, sig);
}

/* -------------------------------------------------- per-element semantics */

typedef st__arith_scalar_ev ev;

static unsigned int_width(const st_type *t) { return st_type_is_index(t) ? 64 : st_type_int_width(t); }

static bool cmpi(int64_t pred, uint64_t a, uint64_t b, unsigned w) {
	int64_t sa = sext(a, w), sb = sext(b, w);
	switch (pred) {
	case ST__CMPI_EQ:
		return a == b;
	case ST__CMPI_NE:
		return a != b;
	case ST__CMPI_SLT:
		return sa < sb;
	case ST__CMPI_SLE:
		return sa <= sb;
	case ST__CMPI_SGT:
		return sa > sb;
	case ST__CMPI_SGE:
		return sa >= sb;
	case ST__CMPI_ULT:
		return a < b;
	case ST__CMPI_ULE:
		return a <= b;
	case ST__CMPI_UGT:
		return a > b;
	default:
		return a >= b;
	}
}

static bool cmpf(int64_t pred, double a, double b) {
	bool un = isnan(a) || isnan(b);
	bool eq = !un && a == b, lt = !un && a < b, gt = !un && a > b;
	switch (pred) {
	case ST__CMPF_FALSE:
		return false;
	case ST__CMPF_OEQ:
		return eq;
	case ST__CMPF_OGT:
		return gt;
	case ST__CMPF_OGE:
		return gt || eq;
	case ST__CMPF_OLT:
		return lt;
	case ST__CMPF_OLE:
		return lt || eq;
	case ST__CMPF_ONE:
		return !un && !eq;
	case ST__CMPF_ORD:
		return !un;
	case ST__CMPF_UEQ:
		return un || eq;
	case ST__CMPF_UGT:
		return un || gt;
	case ST__CMPF_UGE:
		return un || gt || eq;
	case ST__CMPF_ULT:
		return un || lt;
	case ST__CMPF_ULE:
		return un || lt || eq;
	case ST__CMPF_UNE:
		return !eq;
	case ST__CMPF_UNO:
		return un;
	default:
		return true;
	}
}

/* Two-operand integer operations on w-bit patterns; false: do not fold. */
static bool int2(const ev *e, uint64_t a, uint64_t b, uint64_t *r) {
	unsigned w = e->win;
	uint64_t m = mask_of(w);
	int64_t sa = sext(a, w), sb = sext(b, w);
	switch (e->op) {
	case ST__EV_ADD:
		*r = (a + b) & m;
		return true;
	case ST__EV_SUB:
		*r = (a - b) & m;
		return true;
	case ST__EV_MUL:
		*r = (a * b) & m;
		return true;
	case ST__EV_DIVUI:
		if (!b)
			return false;
		*r = a / b;
		return true;
	case ST__EV_DIVSI:
		if (!b || (a == smin_bits(w) && b == m))
			return false;
		*r = (uint64_t)(sa / sb) & m;
		return true;
	case ST__EV_CEILDIVUI:
		if (!b)
			return false;
		*r = a / b + (a % b != 0);
		return true;
	case ST__EV_CEILDIVSI: {
		/* MLIR's algorithm, including where it declines (a or b the
		 * minimum value with the other operand negative). */
		if (!b)
			return false;
		if (!a) {
			*r = 0;
			return true;
		}
		int64_t q;
		if (sa > 0 && sb > 0) {
			q = (sa - 1) / sb + 1;
		} else if (sa < 0 && sb < 0) {
			if (a == smin_bits(w) || b == smin_bits(w))
				return false;
			q = (-sa - 1) / -sb + 1;
		} else if (sa < 0) {
			if (a == smin_bits(w))
				return false;
			q = -(-sa / sb);
		} else {
			if (b == smin_bits(w))
				return false;
			q = -(sa / -sb);
		}
		*r = (uint64_t)q & m;
		return true;
	}
	case ST__EV_FLOORDIVSI: {
		if (!b || (a == smin_bits(w) && b == m))
			return false;
		int64_t q = sa / sb;
		if (sa % sb != 0 && ((sa < 0) != (sb < 0)))
			q--;
		*r = (uint64_t)q & m;
		return true;
	}
	case ST__EV_REMUI:
		if (!b)
			return false;
		*r = a % b;
		return true;
	case ST__EV_REMSI:
		if (!b)
			return false;
		*r = sb == -1 ? 0 : (uint64_t)(sa % sb) & m;
		return true;
	case ST__EV_AND:
		*r = a & b;
		return true;
	case ST__EV_OR:
		*r = a | b;
		return true;
	case ST__EV_XOR:
		*r = a ^ b;
		return true;
	case ST__EV_SHL:
		if (b >= w)
			return false;
		*r = (a << b) & m;
		return true;
	case ST__EV_SHRUI:
		if (b >= w)
			return false;
		*r = a >> b;
		return true;
	case ST__EV_SHRSI:
		if (b >= w)
			return false;
		*r = ashr(a, (unsigned)b, w);
		return true;
	case ST__EV_MAXSI:
		*r = sa >= sb ? a : b;
		return true;
	case ST__EV_MAXUI:
		*r = a >= b ? a : b;
		return true;
	case ST__EV_MINSI:
		*r = sa <= sb ? a : b;
		return true;
	case ST__EV_MINUI:
		*r = a <= b ? a : b;
		return true;
	case ST__EV_MULHS:
		*r = mulhs(a, b, w);
		return true;
	case ST__EV_MULHU:
		*r = mulhu(a, b, w);
		return true;
	case ST__EV_CARRY:
		*r = ((a + b) & m) < a;
		return true;
	case ST__EV_CMPI:
		*r = cmpi(e->pred, a, b, w);
		return true;
	default:
		return false;
	}
}

/* The NaN an operation with a NaN result gives, as APFloat does. */
static uint64_t nan_result(ffmt f, uint64_t a, uint64_t b, bool binary) {
	if (f_is_nan(f, a))
		return f_quiet(f, a);
	if (binary && f_is_nan(f, b))
		return f_quiet(f, b);
	return f_default_nan(f);
}

/* llvm::maximum/minimum: NaN wins; -0 < +0. */
static uint64_t max_min(ffmt f, uint64_t a, uint64_t b, double da, double db, bool max) {
	if (f_is_nan(f, a))
		return f_quiet(f, a);
	if (f_is_nan(f, b))
		return f_quiet(f, b);
	if (f_is_zero(f, a) && f_is_zero(f, b) && f_is_neg(f, a) != f_is_neg(f, b))
		return (f_is_neg(f, a) == max) ? b : a;
	if (max)
		return da < db ? b : a;
	return db < da ? b : a;
}

/* llvm::maxnum/minnum: a NaN operand yields the other one. */
static uint64_t maxnum_minnum(ffmt f, uint64_t a, uint64_t b, double da, double db, bool max) {
	if (f_is_nan(f, a))
		return b;
	if (f_is_nan(f, b))
		return a;
	return max_min(f, a, b, da, db, max);
}

static bool float2(const ev *e, uint64_t a, uint64_t b, uint64_t *r) {
	ffmt f = fmt_of(e->in);
	double da, db, dr;
	if (!to_double(e->ctx, e->in, a, &da) || !to_double(e->ctx, e->in, b, &db))
		return false;
	switch (e->op) {
	case ST__EV_ADDF:
		dr = da + db;
		break;
	case ST__EV_SUBF:
		dr = da - db;
		break;
	case ST__EV_MULF:
		dr = da * db;
		break;
	case ST__EV_DIVF:
		dr = da / db;
		break;
	case ST__EV_REMF:
		dr = fmod(da, db);
		break;
	case ST__EV_MAXIMUMF:
	case ST__EV_MINIMUMF:
		*r = max_min(f, a, b, da, db, e->op == ST__EV_MAXIMUMF);
		return true;
	case ST__EV_MAXNUMF:
	case ST__EV_MINNUMF:
		*r = maxnum_minnum(f, a, b, da, db, e->op == ST__EV_MAXNUMF);
		return true;
	case ST__EV_CMPF:
		*r = cmpf(e->pred, da, db);
		return true;
	default:
		return false;
	}
	if (isnan(dr)) {
		*r = nan_result(f, a, b, true);
		return true;
	}
	return from_double(e->ctx, e->in, dr, r);
}

/* A NaN carried to another format: sign and payload kept, as APFloat's
 * convert does; false when payload bits would be lost. */
static bool convert_nan(ffmt from, ffmt to, uint64_t a, uint64_t *r) {
	uint64_t mant = f_mant(from, a), sign = f_is_neg(from, a) ? f_sign(to) : 0;
	if (to.mbits >= from.mbits) {
		mant <<= to.mbits - from.mbits;
	} else {
		unsigned drop = (unsigned)(from.mbits - to.mbits);
		if (mant & ((1ull << drop) - 1))
			return false;
		mant >>= drop;
	}
	*r = sign | (f_emax(to) << to.mbits) | mant;
	return true;
}

static bool unary(const ev *e, uint64_t a, uint64_t *r) {
	uint64_t mout = mask_of(e->wout);
	switch (e->op) {
	case ST__EV_NEGF:
		*r = a ^ f_sign(fmt_of(e->in));
		return true;
	case ST__EV_EXTUI:
	case ST__EV_TRUNCI:
	case ST__EV_INDEX_CASTUI:
		*r = a & mout;
		return true;
	case ST__EV_EXTSI:
		*r = (uint64_t)sext(a, e->win) & mout;
		return true;
	case ST__EV_INDEX_CAST:
		*r = (e->wout > e->win ? (uint64_t)sext(a, e->win) : a) & mout;
		return true;
	case ST__EV_BITCAST:
		*r = a;
		return true;
	case ST__EV_UITOFP:
		*r = int_to_float_bits(fmt_of(e->out), false, a);
		return true;
	case ST__EV_SITOFP: {
		int64_t s = sext(a, e->win);
		*r = int_to_float_bits(fmt_of(e->out), s < 0, s < 0 ? 0 - (uint64_t)s : (uint64_t)s);
		return true;
	}
	case ST__EV_EXTF:
	case ST__EV_TRUNCF: {
		/* Folded only when exact (MLIR's convertFloatValue): a signaling
		 * NaN, a lost payload bit, rounding or overflow all decline. */
		ffmt fi = fmt_of(e->in), fo = fmt_of(e->out);
		if (f_is_nan(fi, a))
			return !f_is_snan(fi, a) && convert_nan(fi, fo, a, r);
		double d, back;
		if (!to_double(e->ctx, e->in, a, &d) || !from_double(e->ctx, e->out, d, r) ||
		    !to_double(e->ctx, e->out, *r, &back))
			return false;
		return back == d;
	}
	case ST__EV_FPTOUI:
	case ST__EV_FPTOSI: {
		double d;
		if (f_is_nan(fmt_of(e->in), a) || !to_double(e->ctx, e->in, a, &d) || isinf(d))
			return false;
		double t = trunc(d);
		if (e->op == ST__EV_FPTOSI) {
			double lim = ldexp(1.0, (int)e->wout - 1);
			if (!(t >= -lim && t < lim))
				return false;
			*r = (uint64_t)(int64_t)t & mout;
		} else {
			if (!(t > -1.0 && t < ldexp(1.0, (int)e->wout)))
				return false;
			*r = (uint64_t)t;
		}
		return true;
	}
	default:
		return false;
	}
}

/* ---------------------------------------------------- reading constants */

typedef struct elems {
	const st_attr *a;
	st_type *type; /* the attribute's type */
	st_type *elt;  /* its element type */
	size_t n;      /* values held: 1 for a scalar or a splat */
	bool shaped, is_float;
} elems;

static bool supported_elt(const st_type *t) {
	if (st_type_is_float(t) || st_type_is_index(t))
		return true;
	return st_type_is_integer(t) && st_type_int_width(t) <= 64 && st_type_int_width(t) > 0;
}

static bool read_elems(const st_attr *a, elems *e) {
	if (!a)
		return false;
	e->a = a;
	e->type = st_attr_type(a);
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_INTEGER:
	case ST_ATTR_FLOAT:
		e->elt = e->type;
		e->n = 1;
		e->shaped = false;
		break;
	case ST_ATTR_DENSE_ELEMENTS: {
		int64_t n = st_type_num_elements_static(e->type);
		if (n <= 0)
			return false;
		e->elt = st_type_element(e->type);
		e->n = st_attr_dense_is_splat(a) ? 1 : (size_t)n;
		e->shaped = true;
		break;
	}
	default:
		return false;
	}
	e->is_float = st_type_is_float(e->elt);
	return supported_elt(e->elt);
}

static bool read_bits(st_context *ctx, const elems *e, size_t i, uint64_t *out) {
	size_t k = e->n == 1 ? 0 : i;
	if (e->is_float) {
		if (!e->shaped) {
			*out = st_attr_float_bits(e->a);
			return true;
		}
		return from_double(ctx, e->elt, st_attr_dense_float(e->a, k), out);
	}
	uint64_t v = e->shaped ? (uint64_t)st_attr_dense_int(e->a, k) : st_attr_int_uvalue(e->a);
	*out = v & mask_of(int_width(e->elt));
	return true;
}

/* How dense integer elements hold a value: i1 as 0/1, others sign-extended
 * (what the parser stores). */
static int64_t dense_int(const st_type *elt, uint64_t v) {
	unsigned w = int_width(elt);
	return w == 1 ? (int64_t)(v & 1) : sext(v, w);
}

static bool static_shaped(const st_type *t) {
	st_type_kind k = st_type_get_kind(t);
	return (k == ST_TYPE_VECTOR || k == ST_TYPE_RANKED_TENSOR) && st_type_num_elements_static(t) >= 0;
}

/* Builds a constant of `type` from `n` element bit patterns. */
static st_attr *make_const(st_context *ctx, st_type *type, size_t n, const uint64_t *bits) {
	if (!st_type_is_shaped(type)) {
		if (st_type_is_float(type))
			return st_float_attr_bits(ctx, type, bits[0]);
		return st_integer_attr(ctx, type, sext(bits[0], int_width(type)));
	}
	if (!static_shaped(type))
		return NULL;
	st_type *elt = st_type_element(type);
	if (!supported_elt(elt))
		return NULL;
	st_attr *r = NULL;
	if (st_type_is_float(elt)) {
		double *v = st_ctx_alloc(ctx, n * sizeof *v);
		bool ok = v != NULL;
		for (size_t i = 0; ok && i < n; i++)
			ok = to_double(ctx, elt, bits[i], &v[i]);
		if (ok)
			r = st_dense_float_elements_attr(ctx, type, n, v);
		st_ctx_free(ctx, v, n * sizeof *v);
	} else {
		int64_t *v = st_ctx_alloc(ctx, n * sizeof *v);
		if (v) {
			for (size_t i = 0; i < n; i++)
				v[i] = dense_int(elt, bits[i]);
			r = st_dense_int_elements_attr(ctx, type, n, v);
		}
		st_ctx_free(ctx, v, n * sizeof *v);
	}
	return r;
}

/* ------------------------------------------------------------ the driver */

static bool is_float_op(st__arith_eval_op op) { return op >= ST__EV_ADDF && op <= ST__EV_CMPF; }

static bool apply(const ev *e, size_t arity, const uint64_t *in, uint64_t *out) {
	if (arity == 1)
		return unary(e, in[0], out);
	if (is_float_op(e->op))
		return float2(e, in[0], in[1], out);
	return int2(e, in[0], in[1], out);
}

st_attr *st__arith_eval(st_context *ctx, st__arith_eval_op op, int64_t pred, st_attr *const *ins, size_t arity,
                        st_type *rtype) {
	elems el[2];
	if (arity < 1 || arity > 2 || !rtype)
		return NULL;
	st_attr *wide = st__arith_eval_wide(ctx, op, pred, ins, arity, rtype);
	if (wide)
		return wide;
	for (size_t i = 0; i < arity; i++)
		if (!read_elems(ins[i], &el[i]) || el[i].type != el[0].type)
			return NULL;
	if (el[0].shaped != st_type_is_shaped(rtype))
		return NULL;
	st_type *rel = el[0].shaped ? st_type_element(rtype) : rtype;
	if (!supported_elt(rel))
		return NULL;
	/* Integer operations need integer operands, float ones floats. */
	bool float_in = op >= ST__EV_ADDF && op <= ST__EV_NEGF;
	if (op == ST__EV_EXTF || op == ST__EV_TRUNCF || op == ST__EV_FPTOUI || op == ST__EV_FPTOSI)
		float_in = true;
	if (op == ST__EV_BITCAST)
		float_in = el[0].is_float;
	if (float_in != el[0].is_float)
		return NULL;
	ev e = {ctx, op, pred, el[0].elt, rel, el[0].is_float ? 0 : int_width(el[0].elt),
	        st_type_is_float(rel) ? 0 : int_width(rel)};
	size_t n = 1;
	for (size_t i = 0; i < arity; i++)
		if (el[i].n > n)
			n = el[i].n;
	uint64_t one;
	uint64_t *out = n == 1 ? &one : st_ctx_alloc(ctx, n * sizeof *out);
	if (!out)
		return NULL;
	bool ok = true;
	for (size_t k = 0; ok && k < n; k++) {
		uint64_t in[2];
		for (size_t i = 0; ok && i < arity; i++)
			ok = read_bits(ctx, &el[i], k, &in[i]);
		ok = ok && apply(&e, arity, in, &out[k]);
	}
	st_attr *r = ok ? make_const(ctx, rtype, n, out) : NULL;
	if (out != &one)
		st_ctx_free(ctx, out, n * sizeof *out);
	return r;
}

void st__arith_scalar_ev_init(ev *e, st_context *ctx, st__arith_eval_op op, int64_t pred, st_type *in, st_type *out) {
	*e = (ev){ctx, op, pred, in, out, st_type_is_float(in) ? 0 : int_width(in), st_type_is_float(out) ? 0 : int_width(out)};
}

bool st__arith_eval_scalar(const ev *e, const uint64_t *ins, size_t n, uint64_t *res) { return apply(e, n, ins, res); }

st_attr *st__arith_eval_select(st_context *ctx, st_attr *cond, st_attr *t, st_attr *f) {
	elems c, et, ef;
	if (!read_elems(cond, &c) || !read_elems(t, &et) || !read_elems(f, &ef) || !c.shaped || !et.shaped ||
	    et.type != ef.type || st_type_num_elements_static(c.type) != st_type_num_elements_static(et.type))
		return NULL;
	size_t n = (size_t)st_type_num_elements_static(et.type);
	uint64_t *out = st_ctx_alloc(ctx, n * sizeof *out);
	if (!out)
		return NULL;
	bool ok = true;
	for (size_t k = 0; ok && k < n; k++) {
		uint64_t cv;
		ok = read_bits(ctx, &c, k, &cv) && read_bits(ctx, cv & 1 ? &et : &ef, k, &out[k]);
	}
	st_attr *r = ok ? make_const(ctx, et.type, n, out) : NULL;
	st_ctx_free(ctx, out, n * sizeof *out);
	return r;
}

/* ----------------------------------------------------------- matchers */

/* The value of a scalar integer (any width) or a splat, as words. */
static bool int_words(const st_attr *a, const uint64_t **words, unsigned *w, uint64_t *tmp) {
	if (!a)
		return false;
	if (st_attr_get_kind(a) == ST_ATTR_INTEGER) {
		*words = st_attr_int_words(a);
		*w = int_width(st_attr_type(a));
		return true;
	}
	if (st_attr_get_kind(a) == ST_ATTR_DENSE_ELEMENTS && st_attr_dense_is_splat(a)) {
		st_type *elt = st_type_element(st_attr_type(a));
		if (!(st_type_is_integer(elt) || st_type_is_index(elt)) || int_width(elt) > 64)
			return false;
		*w = int_width(elt);
		*tmp = (uint64_t)st_attr_dense_int(a, 0) & mask_of(*w);
		*words = tmp;
		return true;
	}
	return false;
}

bool st__arith_int_is(const st_attr *a, st__arith_int_kind k) {
	const uint64_t *words;
	unsigned w;
	uint64_t tmp;
	if (!int_words(a, &words, &w, &tmp) || w == 0)
		return false;
	/* Word by word against the pattern of the kind: the folders ask this
	 * several times per op, so no loop over bits. */
	size_t n = (w + 63) / 64, top = n - 1;
	uint64_t top_mask = mask_of(w - 64 * top), sign = 1ull << ((w - 1) % 64);
	for (size_t i = 0; i < n; i++) {
		uint64_t m = i == top ? top_mask : ~0ull, want;
		switch (k) {
		case ST__INT_ZERO:
			want = 0;
			break;
		case ST__INT_ONE:
			want = i == 0;
			break;
		case ST__INT_ALL_ONES:
			want = m;
			break;
		case ST__INT_SMAX:
			want = i == top ? m & ~sign : m;
			break;
		default:
			want = i == top ? sign : 0;
			break;
		}
		if ((words[i] & m) != want)
			return false;
	}
	return true;
}

bool st__arith_float_is(const st_attr *a, st__arith_float_kind k) {
	if (!a)
		return false;
	st_type *t;
	uint64_t b;
	double d;
	if (st_attr_get_kind(a) == ST_ATTR_FLOAT) {
		t = st_attr_type(a);
		b = st_attr_float_bits(a);
		d = st_attr_float_value(a);
	} else if (st_attr_get_kind(a) == ST_ATTR_DENSE_ELEMENTS && st_attr_dense_is_splat(a) &&
	           st_type_is_float(st_type_element(st_attr_type(a)))) {
		t = st_type_element(st_attr_type(a));
		d = st_attr_dense_float(a, 0);
		b = 0;
		if (signbit(d))
			b = f_sign(fmt_of(t));
	} else {
		return false;
	}
	ffmt f = fmt_of(t);
	switch (k) {
	case ST__FLT_POS_ZERO:
		return d == 0 && !f_is_neg(f, b);
	case ST__FLT_NEG_ZERO:
		return d == 0 && f_is_neg(f, b);
	case ST__FLT_ANY_ZERO:
		return d == 0;
	case ST__FLT_ONE:
		return d == 1.0;
	case ST__FLT_POS_INF:
		return isinf(d) && d > 0;
	case ST__FLT_NEG_INF:
		return isinf(d) && d < 0;
	default:
		return isnan(d);
	}
}

st_attr *st__arith_zero_attr(st_context *ctx, st_type *t) {
	st_type *elt = t;
	if (st_type_is_shaped(t)) {
		if (!static_shaped(t))
			return NULL;
		elt = st_type_element(t);
	}
	if (!st_type_is_float(elt) && !st_type_is_integer(elt) && !st_type_is_index(elt))
		return NULL;
	if (!st_type_is_shaped(t))
		return st_type_is_float(t) ? st_float_attr(ctx, t, 0.0) : st_integer_attr(ctx, t, 0);
	if (st_type_is_float(elt)) {
		double z = 0;
		return st_dense_float_elements_attr(ctx, t, 1, &z);
	}
	int64_t z = 0;
	return st_dense_int_elements_attr(ctx, t, 1, &z);
}

st_attr *st__arith_bool_attr(st_context *ctx, st_type *t, bool v) {
	if (!st_type_is_shaped(t))
		return st_bool_attr(ctx, v);
	if (!static_shaped(t))
		return NULL;
	int64_t x = v;
	return st_dense_int_elements_attr(ctx, t, 1, &x);
}
