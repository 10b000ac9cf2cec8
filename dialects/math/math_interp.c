/* The math dialect's semantics for the interpreter (docs/interpreter.md).
 *
 * f64 goes through the C library's double functions, f32 through its float
 * functions (what compiled code calls), but for exp and log, which are
 * Strata's own definition (st_math_expf/logf, math_elem.c: the same bits
 * as the soft-float hardware); f16 and bf16 compute in float and round to
 * nearest even.  A NaN result keeps the first NaN operand (quiet)
 * or is the positive default NaN, so that the C library's choice of NaN
 * never shows.  nnan/ninf make NaN or infinite operands and results poison,
 * as for arith.  Integer ops count bits at any width; math.ipowi raises to
 * a power with wrap-around, and zero to a negative power is undefined. */
#include "math_interp.h"

#include "strata/dialect.h"
#include "strata/math.h"

#include <math.h>
#include <string.h>

typedef enum kind {
	K_ABSF, K_ATAN, K_ATAN2, K_CBRT, K_CEIL, K_COPYSIGN, K_COS, K_ERF, K_EXP, K_EXP2, K_EXPM1, K_FLOOR, K_FMA,
	K_LOG, K_LOG10, K_LOG1P, K_LOG2, K_POWF, K_ROUND, K_ROUNDEVEN, K_RSQRT, K_SIN, K_SQRT, K_TAN, K_TANH,
	K_TRUNC,
	K_ABSI, K_CTLZ, K_CTPOP, K_CTTZ, K_IPOWI,
	K_NONE,
} kind;

static const char *const names[] = {
	"math.absf", "math.atan", "math.atan2", "math.cbrt", "math.ceil", "math.copysign", "math.cos", "math.erf",
	"math.exp", "math.exp2", "math.expm1", "math.floor", "math.fma", "math.log", "math.log10", "math.log1p",
	"math.log2", "math.powf", "math.round", "math.roundeven", "math.rsqrt", "math.sin", "math.sqrt", "math.tan",
	"math.tanh", "math.trunc", "math.absi", "math.ctlz", "math.ctpop", "math.cttz", "math.ipowi",
};

#define IMM_SHAPED (1ll << 16)
#define FM_NNAN 2
#define FM_NINF 4

/* #arith.fastmath<...>: a dialect attribute holding the flag bits. */
static uint32_t fastmath_bits(const st_attr *a) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_DIALECT || st_attr_num_params(a) != 1 ||
	    st_attr_get_kind(st_attr_param(a, 0)) != ST_ATTR_INTEGER)
		return 0;
	return (uint32_t)st_attr_int_uvalue(st_attr_param(a, 0));
}

static st_status prepare(st_interp *it, st_interp_op *iop) {
	(void)it;
	const char *name = st_op_name_cstr(iop->op);
	int64_t k = 0;
	while (k < K_NONE && strcmp(names[k], name) != 0)
		k++;
	for (size_t i = 0; i < st_op_num_operands(iop->op); i++)
		if (st_type_is_shaped(st_value_type(st_op_operand(iop->op, i))))
			k |= IMM_SHAPED;
	iop->imm = k | (int64_t)(fastmath_bits(st_op_get_attr(iop->op, "fastmath")) & 0xff) << 8;
	return ST_OK;
}

/* ------------------------------------------------------------- floats */

/* IEEE roundToIntegralTiesToEven. */
static double round_even(double x) {
	double r = round(x);
	if (fabs(x - trunc(x)) == 0.5)
		r = 2.0 * round(x / 2.0);
	return r;
}
static float round_evenf(float x) { return (float)round_even(x); }

static double eval_d(kind k, double a, double b, double c) {
	switch (k) {
	case K_ABSF: return fabs(a);
	case K_ATAN: return atan(a);
	case K_ATAN2: return atan2(a, b);
	case K_CBRT: return cbrt(a);
	case K_CEIL: return ceil(a);
	case K_COPYSIGN: return copysign(a, b);
	case K_COS: return cos(a);
	case K_ERF: return erf(a);
	case K_EXP: return exp(a);
	case K_EXP2: return exp2(a);
	case K_EXPM1: return expm1(a);
	case K_FLOOR: return floor(a);
	case K_FMA: return fma(a, b, c);
	case K_LOG: return log(a);
	case K_LOG10: return log10(a);
	case K_LOG1P: return log1p(a);
	case K_LOG2: return log2(a);
	case K_POWF: return pow(a, b);
	case K_ROUND: return round(a);
	case K_ROUNDEVEN: return round_even(a);
	case K_RSQRT: return 1.0 / sqrt(a);
	case K_SIN: return sin(a);
	case K_SQRT: return sqrt(a);
	case K_TAN: return tan(a);
	case K_TANH: return tanh(a);
	default: return trunc(a);
	}
}

static float eval_f(kind k, float a, float b, float c) {
	switch (k) {
	case K_ABSF: return fabsf(a);
	case K_ATAN: return atanf(a);
	case K_ATAN2: return atan2f(a, b);
	case K_CBRT: return cbrtf(a);
	case K_CEIL: return ceilf(a);
	case K_COPYSIGN: return copysignf(a, b);
	case K_COS: return cosf(a);
	case K_ERF: return erff(a);
	case K_EXP: return st_math_expf(a);
	case K_EXP2: return exp2f(a);
	case K_EXPM1: return expm1f(a);
	case K_FLOOR: return floorf(a);
	case K_FMA: return fmaf(a, b, c);
	case K_LOG: return st_math_logf(a);
	case K_LOG10: return log10f(a);
	case K_LOG1P: return log1pf(a);
	case K_LOG2: return log2f(a);
	case K_POWF: return powf(a, b);
	case K_ROUND: return roundf(a);
	case K_ROUNDEVEN: return round_evenf(a);
	case K_RSQRT: return 1.0f / sqrtf(a);
	case K_SIN: return sinf(a);
	case K_SQRT: return sqrtf(a);
	case K_TAN: return tanf(a);
	case K_TANH: return tanhf(a);
	default: return truncf(a);
	}
}

static bool fm_poison(uint32_t fm, st_type_kind tk, uint64_t bits) {
	if (!(fm & (FM_NNAN | FM_NINF)))
		return false;
	double d = st_float_bits_to_double(tk, bits);
	return ((fm & FM_NNAN) && isnan(d)) || ((fm & FM_NINF) && isinf(d));
}

static unsigned mant_bits(st_type_kind k) {
	return k == ST_TYPE_F64 ? 52 : k == ST_TYPE_F32 ? 23 : k == ST_TYPE_F16 ? 10 : 7;
}

static st_status float_op(st_interp_exec *x, kind k, uint32_t fm) {
	st_type *t = st_interp_result_type(x, 0);
	st_type_kind tk = st_type_get_kind(t);
	double in[3] = {0, 0, 0};
	const st_ival *nan_in = NULL;
	for (uint32_t i = 0; i < x->iop->noperands; i++) {
		const st_ival *v = st_interp_operand(x, i);
		if (v->poison || fm_poison(fm, tk, v->u.bits)) {
			st_interp_set_result(x, 0, st_ival_poison(t));
			return ST_OK;
		}
		in[i] = st_float_bits_to_double(tk, v->u.bits);
		if (!nan_in && isnan(in[i]))
			nan_in = v;
	}
	uint64_t bits;
	if (k == K_ABSF || k == K_COPYSIGN) {
		/* Sign operations: exact on the bits, NaN payload included. */
		uint64_t sign = 1ull << (st_type_float_width(t) - 1);
		uint64_t a = st_interp_operand(x, 0)->u.bits;
		bits = k == K_ABSF ? a & ~sign : (a & ~sign) | (st_interp_operand(x, 1)->u.bits & sign);
	} else {
		double r = tk == ST_TYPE_F64 ? eval_d(k, in[0], in[1], in[2])
		                             : (double)eval_f(k, (float)in[0], (float)in[1], (float)in[2]);
		if (isnan(r)) {
			unsigned mb = mant_bits(tk);
			uint64_t quiet = 1ull << (mb - 1);
			bits = nan_in ? nan_in->u.bits | quiet : (((1ull << (st_type_float_width(t) - 1 - mb)) - 1) << mb) | quiet;
		} else {
			bits = st_float_bits_from_double(tk, r);
		}
	}
	st_interp_set_result(x, 0, fm_poison(fm, tk, bits) ? st_ival_poison(t) : st_ival_bits(t, bits));
	return ST_OK;
}

/* ----------------------------------------------------------- integers */

static st_status int_op(st_interp_exec *x, kind k) {
	st_type *t = st_interp_result_type(x, 0);
	unsigned w = st_interp_int_width(t);
	for (uint32_t i = 0; i < x->iop->noperands; i++)
		if (st_interp_operand(x, i)->poison) {
			st_interp_set_result(x, 0, st_ival_poison(t));
			return ST_OK;
		}
	const uint64_t *a = st_ival_words(st_interp_operand(x, 0));
	if (k == K_CTLZ || k == K_CTTZ || k == K_CTPOP) {
		uint64_t count = 0;
		for (unsigned i = 0; i < w; i++) {
			unsigned bit = k == K_CTLZ ? w - 1 - i : i;
			bool set = (a[bit / 64] >> (bit % 64)) & 1;
			if (k == K_CTPOP)
				count += set;
			else if (set)
				break;
			else
				count++;
		}
		uint64_t words[1] = {count};
		st_ival v;
		if (st_failed(st_ival_from_words(x->interp, t, words, 1, &v)))
			return ST_FAIL;
		st_interp_set_result(x, 0, v);
		return ST_OK;
	}
	if (w > 64)
		return st_interp_error(x, "no interpreter semantics for '%s' on integers wider than 64 bits",
		                       st_op_name_cstr(st_interp_exec_op(x)));
	uint64_t mask = w < 64 ? (1ull << w) - 1 : ~0ull;
	int64_t base = w < 64 && (a[0] >> (w - 1)) ? (int64_t)(a[0] | ~mask) : (int64_t)a[0];
	uint64_t r;
	if (k == K_ABSI) {
		r = base < 0 ? 0 - (uint64_t)base : (uint64_t)base; /* |MIN| wraps to MIN */
	} else {
		uint64_t e = st_interp_operand(x, 1)->u.bits;
		bool neg = (e >> (w - 1)) & 1;
		if (neg) {
			/* MLIR's folder: 1 and -1 keep their magnitude, others give 0. */
			if (base == 0)
				return st_interp_ub(x, "zero raised to a negative power in '%s'",
				                    st_op_name_cstr(st_interp_exec_op(x)));
			r = base == 1 ? 1 : base == -1 ? ((e & 1) ? mask : 1) : 0;
		} else {
			uint64_t acc = 1, b = (uint64_t)base;
			for (; e; e >>= 1, b *= b)
				if (e & 1)
					acc *= b;
			r = acc;
		}
	}
	st_interp_set_result(x, 0, st_ival_bits(t, r & mask));
	return ST_OK;
}

static st_status exec(st_interp_exec *x) {
	int64_t imm = x->iop->imm;
	kind k = (kind)(imm & 0xff);
	if (imm & IMM_SHAPED)
		return st_interp_error(x, "no interpreter semantics for '%s' on vectors or tensors",
		                       st_op_name_cstr(st_interp_exec_op(x)));
	if (k >= K_NONE)
		return st_interp_error(x, "no interpreter semantics for '%s'", st_op_name_cstr(st_interp_exec_op(x)));
	if (k >= K_ABSI)
		return int_op(x, k);
	return float_op(x, k, (uint32_t)(imm >> 8) & 0xff);
}

const st_interp_hook st__math_interp = {.exec = exec, .prepare = prepare};
