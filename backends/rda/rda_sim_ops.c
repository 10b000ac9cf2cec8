/* What each capability computes on one lane: integers wrap at their width,
 * floats round to nearest even with the NaNs the interpreter gives (a NaN
 * operand comes back quieted, the left one first; an invalid operation
 * gives the default quiet NaN; math functions use the C library's float
 * versions, as the interpreter's math dialect does), so a simulated design
 * computes the bits the interpreter does.  Where the interpreter would
 * stop with undefined behaviour (a division by zero, a shift past the
 * width, a float out of an integer's range) the hardware gives 0: such a
 * lane is one a predicate or a select drops. */
#include "rda_sim_internal.h"

#include "strata/interp.h"
#include "strata/math.h"

#include <math.h>
#include <string.h>

unsigned st__rda_sim_bits(sim_ty t) {
	static const unsigned bits[] = {1, 8, 16, 32, 64, 64, 16, 32, 64, 0};
	return bits[t];
}

uint64_t st__rda_sim_mask(sim_ty t, uint64_t v) {
	unsigned w = st__rda_sim_bits(t);
	return w >= 64 ? v : v & ((1ull << w) - 1);
}

static int64_t sext(uint64_t v, unsigned w) {
	if (w >= 64)
		return (int64_t)v;
	uint64_t m = 1ull << (w - 1);
	v &= (1ull << w) - 1;
	return (int64_t)((v ^ m) - m);
}

static bool is_float(sim_ty t) { return t == TY_F32 || t == TY_F64 || t == TY_F16; }

static st_type_kind fkind(sim_ty t) { return t == TY_F64 ? ST_TYPE_F64 : t == TY_F16 ? ST_TYPE_F16 : ST_TYPE_F32; }

static unsigned mant_bits(sim_ty t) { return t == TY_F64 ? 52 : t == TY_F16 ? 10 : 23; }

static bool f_is_nan(sim_ty t, uint64_t b) {
	unsigned w = st__rda_sim_bits(t), mb = mant_bits(t);
	uint64_t exp = (b >> mb) & ((1ull << (w - 1 - mb)) - 1);
	return exp == (1ull << (w - 1 - mb)) - 1 && (b & ((1ull << mb) - 1));
}

static uint64_t f_quiet(sim_ty t, uint64_t b) { return b | (1ull << (mant_bits(t) - 1)); }

static uint64_t f_default_nan(sim_ty t) {
	unsigned w = st__rda_sim_bits(t), mb = mant_bits(t);
	return (((1ull << (w - 1 - mb)) - 1) << mb) | (1ull << (mb - 1));
}

static bool f_is_zero(sim_ty t, uint64_t b) { return (b & ~(1ull << (st__rda_sim_bits(t) - 1))) == 0; }
static bool f_is_neg(sim_ty t, uint64_t b) { return (b >> (st__rda_sim_bits(t) - 1)) & 1; }

static double to_d(sim_ty t, uint64_t b) { return st_float_bits_to_double(fkind(t), b); }
static uint64_t from_d(sim_ty t, double d) { return st_float_bits_from_double(fkind(t), d); }

static uint64_t nan_result(sim_ty t, uint64_t a, uint64_t b, bool binary) {
	if (f_is_nan(t, a))
		return f_quiet(t, a);
	if (binary && f_is_nan(t, b))
		return f_quiet(t, b);
	return f_default_nan(t);
}

static uint64_t max_min(sim_ty t, uint64_t a, uint64_t b, bool max) {
	if (f_is_nan(t, a))
		return f_quiet(t, a);
	if (f_is_nan(t, b))
		return f_quiet(t, b);
	if (f_is_zero(t, a) && f_is_zero(t, b) && f_is_neg(t, a) != f_is_neg(t, b))
		return (f_is_neg(t, a) == max) ? b : a;
	double da = to_d(t, a), db = to_d(t, b);
	if (max)
		return da < db ? b : a;
	return db < da ? b : a;
}

static uint64_t float_bin(sim_opc op, sim_ty t, uint64_t a, uint64_t b) {
	double da = to_d(t, a), db = to_d(t, b), r;
	switch (op) {
	case OP_ADD: r = da + db; break;
	case OP_SUB: r = da - db; break;
	case OP_MUL: r = da * db; break;
	case OP_DIV: r = da / db; break;
	case OP_MAXF: return max_min(t, a, b, true);
	case OP_MINF: return max_min(t, a, b, false);
	case OP_MAXNUM: return f_is_nan(t, a) ? b : f_is_nan(t, b) ? a : max_min(t, a, b, true);
	case OP_MINNUM: return f_is_nan(t, a) ? b : f_is_nan(t, b) ? a : max_min(t, a, b, false);
	default: return 0;
	}
	return isnan(r) ? nan_result(t, a, b, true) : from_d(t, r);
}

/* math functions: the float versions for f32 (exp and log: Strata's
 * definition, strata/math.h, which the interpreter uses too), NaN from the
 * first NaN operand or the default one. */
static uint64_t float_math(sim_opc op, sim_ty t, uint64_t a, uint64_t b, uint64_t c) {
	if (op == OP_ABS)
		return a & ~(1ull << (st__rda_sim_bits(t) - 1));
	if (op == OP_NEG)
		return a ^ (1ull << (st__rda_sim_bits(t) - 1));
	double r;
	if (t == TY_F32) {
		float x = (float)to_d(t, a), y = (float)to_d(t, b), z = (float)to_d(t, c);
		r = op == OP_EXP ? st_math_expf(x) : op == OP_LOG ? st_math_logf(x) : op == OP_SQRT ? sqrtf(x) : op == OP_FLOOR ? floorf(x) : fmaf(x, y, z);
	} else {
		double x = to_d(t, a), y = to_d(t, b), z = to_d(t, c);
		r = op == OP_EXP ? exp(x) : op == OP_LOG ? log(x) : op == OP_SQRT ? sqrt(x) : op == OP_FLOOR ? floor(x) : fma(x, y, z);
	}
	if (isnan(r)) {
		uint64_t in[3] = {a, b, c};
		int n = op == OP_FMA ? 3 : 1;
		for (int i = 0; i < n; i++)
			if (f_is_nan(t, in[i]))
				return f_quiet(t, in[i]);
		return f_default_nan(t);
	}
	return from_d(t, r);
}

static bool cmp_int(int p, uint64_t a, uint64_t b, unsigned w) {
	int64_t sa = sext(a, w), sb = sext(b, w);
	uint64_t ua = w >= 64 ? a : a & ((1ull << w) - 1), ub = w >= 64 ? b : b & ((1ull << w) - 1);
	switch (p) {
	case 0: return ua == ub;
	case 1: return ua != ub;
	case 2: return sa < sb;
	case 3: return sa <= sb;
	case 4: return sa > sb;
	case 5: return sa >= sb;
	case 6: return ua < ub;
	case 7: return ua <= ub;
	case 8: return ua > ub;
	default: return ua >= ub;
	}
}

static bool cmp_float(int p, double a, double b) {
	bool un = isnan(a) || isnan(b);
	bool eq = !un && a == b, lt = !un && a < b, gt = !un && a > b;
	switch (p) {
	case 0: return false;
	case 1: return eq;
	case 2: return gt;
	case 3: return gt || eq;
	case 4: return lt;
	case 5: return lt || eq;
	case 6: return !un && !eq;
	case 7: return !un;
	case 8: return un || eq;
	case 9: return un || gt;
	case 10: return un || gt || eq;
	case 11: return un || lt;
	case 12: return un || lt || eq;
	case 13: return un || !eq;
	case 14: return un;
	default: return true;
	}
}

static int64_t floordiv(int64_t a, int64_t b) {
	int64_t q = a / b;
	return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t ceildiv(int64_t a, int64_t b) {
	int64_t q = a / b;
	return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

static uint64_t int_op(sim_opc op, sim_ty t, uint64_t a, uint64_t b) {
	unsigned w = st__rda_sim_bits(t);
	int64_t sa = sext(a, w), sb = sext(b, w);
	uint64_t ua = st__rda_sim_mask(t, a), ub = st__rda_sim_mask(t, b);
	int64_t min = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
	switch (op) {
	case OP_ADD: return ua + ub;
	case OP_SUB: return ua - ub;
	case OP_MUL: return ua * ub;
	case OP_DIVS: return sb == 0 ? 0 : (sa == min && sb == -1) ? (uint64_t)sa : (uint64_t)(sa / sb);
	case OP_DIVU: return ub == 0 ? 0 : ua / ub;
	case OP_DIVFLOOR: return sb == 0 || (sa == min && sb == -1) ? 0 : (uint64_t)floordiv(sa, sb);
	case OP_DIVCEIL: return sb == 0 || (sa == min && sb == -1) ? 0 : (uint64_t)ceildiv(sa, sb);
	case OP_DIVCEILU: return ub == 0 ? 0 : ua / ub + (ua % ub != 0);
	case OP_REMS: return sb == 0 || (sa == min && sb == -1) ? 0 : (uint64_t)(sa % sb);
	case OP_REMU: return ub == 0 ? 0 : ua % ub;
	case OP_AND: return ua & ub;
	case OP_OR: return ua | ub;
	case OP_XOR: return ua ^ ub;
	case OP_SHL: return ub >= w ? 0 : ua << ub;
	case OP_SHRS: return ub >= w ? 0 : (uint64_t)(sa >> ub);
	case OP_SHRU: return ub >= w ? 0 : ua >> ub;
	case OP_MAXS: return sa > sb ? ua : ub;
	case OP_MINS: return sa < sb ? ua : ub;
	case OP_MAXU: return ua > ub ? ua : ub;
	case OP_MINU: return ua < ub ? ua : ub;
	case OP_ABS: return (uint64_t)(sa < 0 ? -(uint64_t)sa : (uint64_t)sa);
	default: return 0;
	}
}

static uint64_t convert(sim_opc op, sim_ty to, sim_ty from, uint64_t a) {
	unsigned wf = st__rda_sim_bits(from);
	switch (op) {
	case OP_SEXT:
		/* index_cast: sign-extends up, truncates down. */
		return st__rda_sim_bits(to) >= wf ? (uint64_t)sext(a, wf) : a;
	case OP_ZEXT:
		return st__rda_sim_mask(from, a);
	case OP_TRUNC:
	case OP_BITS:
		return a;
	case OP_SITOFP:
		return from_d(to, (double)sext(a, wf));
	case OP_UITOFP:
		return from_d(to, (double)st__rda_sim_mask(from, a));
	case OP_FPTOSI:
	case OP_FPTOUI: {
		double d = trunc(to_d(from, a));
		unsigned w = st__rda_sim_bits(to);
		if (isnan(d))
			return 0;
		if (op == OP_FPTOSI) {
			double lim = ldexp(1.0, (int)w - 1);
			return d >= -lim && d < lim ? (uint64_t)(int64_t)d : 0;
		}
		return d >= 0 && d < ldexp(1.0, (int)w) ? (uint64_t)d : 0;
	}
	default:
		return 0;
	}
}

uint64_t st__rda_sim_op(const sim_instr *in, uint64_t a, uint64_t b, uint64_t c) {
	sim_ty t = (sim_ty)in->ty, it = (sim_ty)in->ity;
	sim_opc op = (sim_opc)in->opc;
	uint64_t r;
	switch (op) {
	case OP_CMP:
		r = is_float(it) ? cmp_float(in->pred_code, to_d(it, a), to_d(it, b))
		                 : cmp_int(in->pred_code, a, b, st__rda_sim_bits(it));
		break;
	case OP_SELECT:
		r = (a & 1) ? b : c;
		break;
	case OP_SEXT:
	case OP_ZEXT:
	case OP_TRUNC:
	case OP_BITS:
	case OP_SITOFP:
	case OP_UITOFP:
	case OP_FPTOSI:
	case OP_FPTOUI:
		r = convert(op, t, it, a);
		break;
	case OP_EXP:
	case OP_LOG:
	case OP_SQRT:
	case OP_FMA:
	case OP_FLOOR:
	case OP_NEG:
		r = float_math(op, t, a, b, c);
		break;
	case OP_ABS:
		r = is_float(t) ? float_math(op, t, a, b, c) : int_op(op, t, a, b);
		break;
	default:
		r = is_float(t) ? float_bin(op == OP_DIVS ? OP_DIV : op, t, a, b) : int_op(op, t, a, b);
		break;
	}
	return st__rda_sim_mask(t, r);
}

uint64_t st__rda_sim_fold(const char *kind, sim_ty ty, uint64_t acc, uint64_t v) {
	static const struct {
		const char *kind;
		sim_opc op;
	} map[] = {{"addi", OP_ADD},  {"addf", OP_ADD},  {"muli", OP_MUL},     {"mulf", OP_MUL},     {"maxsi", OP_MAXS},
	           {"minsi", OP_MINS}, {"maxui", OP_MAXU}, {"minui", OP_MINU}, {"maximumf", OP_MAXF}, {"minimumf", OP_MINF},
	           {"andi", OP_AND},  {"ori", OP_OR},    {"xori", OP_XOR}};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i].kind, kind)) {
			sim_instr in = {.ty = (uint8_t)ty, .ity = (uint8_t)ty, .opc = (uint8_t)map[i].op};
			return st__rda_sim_op(&in, acc, v, 0);
		}
	return acc;
}
