/* The interpreter's arith semantics against C on random operands: integers
 * of 32, 64, 100 and 128 bits against int64_t / __int128 arithmetic (wrapped
 * to the width), float conversions against the C compiler's conversions
 * (including truncf's rounding modes through fesetround and f16 through
 * _Float16, or its rounding spelled out where the compiler has no
 * _Float16), and the literal syntax read back after printing.
 * STRATA_TEST_SEED sets the seed of the operands. */
#include "core_test.h"

#include "strata/interp.h"

#include <fenv.h>
#include <math.h>

typedef unsigned __int128 u128;
typedef __int128 s128;

static uint64_t rng_state = 12345;
static uint64_t rnd(void) {
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Operands that reach the edges: random bits, small values, powers of two. */
static u128 draw(unsigned w) {
	u128 v;
	switch (rnd() % 4) {
	case 0:
		v = (u128)(int64_t)(rnd() % 33) - 16;
		break;
	case 1:
		v = (u128)1 << (rnd() % w);
		v += (u128)(int64_t)(rnd() % 3) - 1;
		break;
	default:
		v = ((u128)rnd() << 64) | rnd();
		break;
	}
	return w == 128 ? v : v & (((u128)1 << w) - 1);
}

static s128 sext(u128 v, unsigned w) {
	if (w == 128)
		return (s128)v;
	u128 m = (u128)1 << (w - 1);
	v &= ((u128)1 << w) - 1;
	return (s128)((v ^ m) - m);
}
static u128 wrap(u128 v, unsigned w) { return w == 128 ? v : v & (((u128)1 << w) - 1); }

/* ------------------------------------------------------- the module */

static const char *const int_ops[] = {"addi", "subi", "muli", "divui", "divsi", "remui", "remsi", "ceildivui",
                                      "ceildivsi", "floordivsi", "andi", "ori", "xori", "shli", "shrui", "shrsi",
                                      "maxsi", "maxui", "minsi", "minui"};
#define NINT (sizeof int_ops / sizeof int_ops[0])
static const unsigned widths[] = {32, 64, 100, 128};

static char module_text[1 << 16];

static void build_text(void) {
	size_t n = 0;
	for (size_t w = 0; w < 4; w++)
		for (size_t k = 0; k < NINT; k++)
			n += (size_t)snprintf(module_text + n, sizeof module_text - n,
			                      "func.func @%s_%u(%%a: i%u, %%b: i%u) -> i%u {\n"
			                      "  %%r = arith.%s %%a, %%b : i%u\n  return %%r : i%u\n}\n",
			                      int_ops[k], widths[w], widths[w], widths[w], widths[w], int_ops[k], widths[w],
			                      widths[w]);
	n += (size_t)snprintf(module_text + n, sizeof module_text - n, "%s",
	                      "func.func @trunc(%a: f64) -> (f32, f32, f32, f32, f32, f16) {\n"
	                      "  %0 = arith.truncf %a : f64 to f32\n"
	                      "  %1 = arith.truncf %a downward : f64 to f32\n"
	                      "  %2 = arith.truncf %a upward : f64 to f32\n"
	                      "  %3 = arith.truncf %a toward_zero : f64 to f32\n"
	                      "  %4 = arith.truncf %a to_nearest_away : f64 to f32\n"
	                      "  %5 = arith.truncf %a : f64 to f16\n"
	                      "  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f16\n}\n"
	                      "func.func @i2f(%a: i64, %b: i128) -> (f32, f32, f64, f64) {\n"
	                      "  %0 = arith.sitofp %a : i64 to f32\n"
	                      "  %1 = arith.uitofp %a : i64 to f32\n"
	                      "  %2 = arith.sitofp %b : i128 to f64\n"
	                      "  %3 = arith.uitofp %b : i128 to f64\n"
	                      "  return %0, %1, %2, %3 : f32, f32, f64, f64\n}\n"
	                      "func.func @f2i(%a: f64) -> (i64, i64, i128, i128) {\n"
	                      "  %0 = arith.fptosi %a : f64 to i64\n"
	                      "  %1 = arith.fptoui %a : f64 to i64\n"
	                      "  %2 = arith.fptosi %a : f64 to i128\n"
	                      "  %3 = arith.fptoui %a : f64 to i128\n"
	                      "  return %0, %1, %2, %3 : i64, i64, i128, i128\n}\n");
}

/* ------------------------------------------------------- running */

static st_context *ctx;
static st_op *module;
static st_interp *it;

static st_ival int_val(unsigned w, u128 v) {
	uint64_t words[2] = {(uint64_t)v, (uint64_t)(v >> 64)};
	st_ival r;
	if (st_failed(st_ival_from_words(it, st_integer_type(ctx, w, ST_SIGNLESS), words, 2, &r)))
		abort();
	return r;
}

static u128 int_of(const st_ival *v) {
	const uint64_t *w = st_ival_words(v);
	unsigned width = st_interp_int_width(v->type);
	return width > 64 ? ((u128)w[1] << 64) | w[0] : w[0];
}

/* Calls @name; false when the call failed. */
static bool call(const char *name, size_t nargs, st_ival *args, size_t nres, st_ival *res) {
	st_op *fn = st_symbol_lookup(module, st_str_c(name));
	if (!fn)
		abort();
	bool ok = st_succeeded(st_interp_call(it, fn, nargs, args, nres, res));
	for (size_t i = 0; i < nargs; i++)
		st_ival_release(it, &args[i]);
	return ok;
}

/* What C says op(a, b) is at width w; false when it is undefined or poison
 * (then the interpreter must not return a value). */
static bool reference(const char *op, unsigned w, u128 a, u128 b, u128 *r) {
	s128 sa = sext(a, w), sb = sext(b, w);
	bool smin_m1 = sa == sext((u128)1 << (w - 1), w) && sb == -1;
	if (!strcmp(op, "addi"))
		*r = a + b;
	else if (!strcmp(op, "subi"))
		*r = a - b;
	else if (!strcmp(op, "muli"))
		*r = a * b;
	else if (!strcmp(op, "andi"))
		*r = a & b;
	else if (!strcmp(op, "ori"))
		*r = a | b;
	else if (!strcmp(op, "xori"))
		*r = a ^ b;
	else if (!strcmp(op, "maxsi"))
		*r = sa > sb ? a : b;
	else if (!strcmp(op, "minsi"))
		*r = sa < sb ? a : b;
	else if (!strcmp(op, "maxui"))
		*r = a > b ? a : b;
	else if (!strcmp(op, "minui"))
		*r = a < b ? a : b;
	else if (!strncmp(op, "sh", 2)) {
		if (b >= w)
			return false;
		unsigned s = (unsigned)b;
		*r = !strcmp(op, "shli") ? a << s : !strcmp(op, "shrui") ? a >> s : (u128)(sa >> s);
	} else {
		if (b == 0 || (op[strlen(op) - 2] == 's' && smin_m1))
			return false;
		if (!strcmp(op, "divui"))
			*r = a / b;
		else if (!strcmp(op, "remui"))
			*r = a % b;
		else if (!strcmp(op, "ceildivui"))
			*r = a / b + (a % b != 0);
		else {
			s128 q = sa / sb, m = sa % sb;
			if (!strcmp(op, "remsi"))
				q = m;
			else if (!strcmp(op, "ceildivsi") && m != 0 && ((sa < 0) == (sb < 0)))
				q++;
			else if (!strcmp(op, "floordivsi") && m != 0 && ((sa < 0) != (sb < 0)))
				q--;
			*r = (u128)q;
		}
	}
	*r = wrap(*r, w);
	return true;
}

static void test_int_ops(void) {
	char name[64];
	int mismatches = 0;
	for (size_t wi = 0; wi < 4; wi++) {
		unsigned w = widths[wi];
		for (size_t k = 0; k < NINT; k++) {
			snprintf(name, sizeof name, "%s_%u", int_ops[k], w);
			for (int trial = 0; trial < 300; trial++) {
				u128 a = draw(w), b = draw(w);
				if (!strncmp(int_ops[k], "sh", 2) && trial % 4)
					b = rnd() % (w + 2); /* mostly amounts near the width */
				u128 want = 0;
				bool defined = reference(int_ops[k], w, a, b, &want);
				st_ival args[2] = {int_val(w, a), int_val(w, b)}, res;
				bool ok = call(name, 2, args, 1, &res);
				bool good;
				if (!defined)
					good = !ok || res.poison; /* UB is an error, a bad shift poison */
				else
					good = ok && !res.poison && int_of(&res) == want;
				if (!good && mismatches++ < 10)
					fprintf(stderr, "%s(%#llx%016llx, %#llx%016llx): want %#llx%016llx%s\n", name,
					        (unsigned long long)(a >> 64), (unsigned long long)a, (unsigned long long)(b >> 64),
					        (unsigned long long)b, (unsigned long long)(want >> 64), (unsigned long long)want,
					        defined ? "" : " (undefined)");
				CHECK(good);
				if (ok)
					st_ival_release(it, &res);
			}
		}
	}
}

/* ------------------------------------------------------- floats */

static uint32_t f32_bits(float f) {
	uint32_t b;
	memcpy(&b, &f, 4);
	return b;
}

/* (float)d under each rounding mode, as the C compiler converts. */
static uint32_t c_round(double d, int mode) {
	volatile double v = d;
	fesetround(mode);
	volatile float f = (float)v;
	fesetround(FE_TONEAREST);
	return f32_bits(f);
}

/* Ties away from zero: nearest, and on a tie the one of larger magnitude. */
static uint32_t c_round_away(double d) {
	uint32_t lo = c_round(d, FE_TOWARDZERO), hi = c_round(d, d < 0 ? FE_DOWNWARD : FE_UPWARD);
	float fl, fh;
	memcpy(&fl, &lo, 4);
	memcpy(&fh, &hi, 4);
	if (isinf(fh) && !isinf(d)) {
		/* Past the largest finite: nearest is infinity once halfway to the next binade step. */
		return c_round(d, FE_TONEAREST);
	}
	double dl = fabs(d - fl), dh = fabs((double)fh - d);
	return dh <= dl ? hi : lo;
}

static double draw_double(void) {
	uint64_t b = rnd();
	switch (rnd() % 4) {
	case 0: {
		/* Exactly halfway between two floats: the tie cases. */
		float f = (float)((double)(int64_t)(rnd() % 2000000 - 1000000) / 1024.0);
		double next = nextafterf(f, INFINITY);
		return ((double)f + next) / 2;
	}
	case 1:
		return ldexp((double)(rnd() % 100000), (int)(rnd() % 400) - 200);
	default: {
		double d;
		memcpy(&d, &b, 8);
		return isnan(d) ? 1.5 : d;
	}
	}
}

/* The binary16 bits of `d` rounded to nearest, ties to even, spelled out:
 * scaled to an integer count of the result's last place (exact, a power of
 * two) and rounded by nearbyint in the default rounding mode. */
static uint16_t f16_spelled(double d) {
	uint16_t sign = signbit(d) ? 0x8000 : 0;
	double a = fabs(d);
	if (isnan(d))
		return sign | 0x7e00;
	if (a == 0)
		return sign;
	int e;
	frexp(a, &e); /* a = m * 2^e, m in [0.5, 1): the leading bit is 2^(e-1) */
	if (e - 1 < -14) /* below the smallest normal: units of 2^-24 (1024 of them make the smallest normal) */
		return sign | (uint16_t)nearbyint(ldexp(a, 24));
	double r = nearbyint(ldexp(a, 11 - e)); /* 11 significant bits: [1024, 2048] */
	if (r == 2048) {
		r = 1024;
		e++;
	}
	if (isinf(a) || e - 1 > 15)
		return sign | 0x7c00;
	return sign | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)(r - 1024);
}

/* The reference of truncf to f16: the compiler's _Float16 where it has one
 * (gcc 12; clang 14 has none on x86-64, and the fuzzing configuration
 * builds this file with it), checked against the spelled-out rounding;
 * else the spelled-out rounding. */
static uint16_t f16_bits(double d) {
#ifdef __FLT16_MANT_DIG__
	volatile double vd = d;
	_Float16 h = (_Float16)vd;
	uint16_t hb;
	memcpy(&hb, &h, 2);
	if (f16_spelled(d) != hb)
		fprintf(stderr, "f16 of %a: spelled out %#x, _Float16 %#x\n", d, f16_spelled(d), hb);
	CHECK(f16_spelled(d) == hb);
	return hb;
#else
	return f16_spelled(d);
#endif
}

/* The spelled-out rounding against _Float16 where the range of f16 is:
 * the largest finite, the halfway points to infinity and between
 * subnormals, and random values of both scales. */
static void test_f16_reference(void) {
#ifdef __FLT16_MANT_DIG__
	static const double edges[] = {65504, 65519.99, 65520, 65536, 0x1p-24, 0x1p-25, 0x1.8p-25, 0x1p-26,
	                               0x1.ffcp-15, 0x1.ffep-15, 0x1.ffdp-15, 0x1p-14, 1 + 0x1p-11, 1 + 0x3p-11,
	                               2047, 2049, 4097, -0.0, 0.0, INFINITY, -INFINITY};
	for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
		f16_bits(edges[i]);
		f16_bits(-edges[i]);
	}
	for (int trial = 0; trial < 20000; trial++) {
		double big = ((double)(rnd() % 140000000) - 70000000) / 1000, tiny = ldexp((double)(rnd() % 1000000), -40);
		f16_bits(big);
		f16_bits(rnd() & 1 ? -tiny : tiny);
	}
#endif
}

static void test_truncf(void) {
	int bad = 0;
	for (int trial = 0; trial < 3000; trial++) {
		double d = draw_double();
		uint64_t bits;
		memcpy(&bits, &d, 8);
		st_ival arg = st_ival_bits(st_float_type(ctx, ST_TYPE_F64), bits), res[6];
		CHECK(call("trunc", 1, &arg, 6, res));
		uint32_t want[5] = {c_round(d, FE_TONEAREST), c_round(d, FE_DOWNWARD), c_round(d, FE_UPWARD),
		                    c_round(d, FE_TOWARDZERO), c_round_away(d)};
		uint16_t hb = f16_bits(d);
		for (int m = 0; m < 5; m++) {
			if (res[m].u.bits != want[m] && bad++ < 10)
				fprintf(stderr, "truncf mode %d of %a: got %#llx want %#x\n", m, d,
				        (unsigned long long)res[m].u.bits, want[m]);
			CHECK(res[m].u.bits == want[m]);
		}
		if (res[5].u.bits != hb && bad++ < 10)
			fprintf(stderr, "truncf to f16 of %a: got %#llx want %#x\n", d, (unsigned long long)res[5].u.bits, hb);
		CHECK(res[5].u.bits == hb);
	}
}

static void test_int_float(void) {
	int bad = 0;
	for (int trial = 0; trial < 3000; trial++) {
		int64_t a = (int64_t)draw(64);
		u128 b = draw(128);
		st_ival args[2] = {int_val(64, (u128)(uint64_t)a), int_val(128, b)}, res[4];
		CHECK(call("i2f", 2, args, 4, res));
		volatile int64_t va = a;
		volatile uint64_t ua = (uint64_t)a;
		volatile s128 sb = (s128)b;
		volatile u128 ub = b;
		double w2 = (double)sb, w3 = (double)ub;
		uint64_t b2, b3;
		memcpy(&b2, &w2, 8);
		memcpy(&b3, &w3, 8);
		bool good = res[0].u.bits == f32_bits((float)va) && res[1].u.bits == f32_bits((float)ua) &&
		            res[2].u.bits == b2 && res[3].u.bits == b3;
		if (!good && bad++ < 10)
			fprintf(stderr, "int to float of %lld / %#llx%016llx\n", (long long)a, (unsigned long long)(b >> 64),
			        (unsigned long long)b);
		CHECK(good);
	}
	for (int trial = 0; trial < 3000; trial++) {
		double d = trial % 2 ? draw_double() : ldexp((double)(int64_t)rnd(), (int)(rnd() % 80) - 60);
		uint64_t bits;
		memcpy(&bits, &d, 8);
		st_ival arg = st_ival_bits(st_float_type(ctx, ST_TYPE_F64), bits), res[4];
		CHECK(call("f2i", 1, &arg, 4, res));
		double t = trunc(d);
		bool in_s64 = t >= -0x1p63 && t < 0x1p63, in_u64 = t > -1.0 && t < 0x1p64;
		bool in_s128 = t >= -0x1p127 && t < 0x1p127, in_u128 = t > -1.0 && t < 0x1p128;
		bool good = res[0].poison == !in_s64 && res[1].poison == !in_u64 && res[2].poison == !in_s128 &&
		            res[3].poison == !in_u128;
		if (good && in_s64)
			good = res[0].u.bits == (uint64_t)(int64_t)t;
		if (good && in_u64)
			good = res[1].u.bits == (uint64_t)t;
		if (good && in_s128)
			good = int_of(&res[2]) == (u128)(s128)t;
		if (good && in_u128)
			good = int_of(&res[3]) == (u128)t;
		if (!good && bad++ < 10)
			fprintf(stderr, "float to int of %a\n", d);
		CHECK(good);
		for (int i = 0; i < 4; i++)
			st_ival_release(it, &res[i]);
	}
}

/* ------------------------------------------------------- literals */

static void test_literals(void) {
	static const st_type_kind kinds[] = {ST_TYPE_F16, ST_TYPE_BF16, ST_TYPE_F32, ST_TYPE_F64};
	char buf[256], err[128];
	int bad = 0;
	for (int trial = 0; trial < 20000; trial++) {
		st_type_kind k = kinds[trial % 4];
		unsigned w = k == ST_TYPE_F64 ? 64 : k == ST_TYPE_F32 ? 32 : 16;
		uint64_t b = rnd() & (w == 64 ? ~0ull : (1ull << w) - 1);
		st_ival v = st_ival_bits(st_float_type(ctx, k), b), back;
		st_ival_str(it, &v, buf, sizeof buf);
		bool ok = st_succeeded(st_ival_parse(it, st_str_c(buf), &back, err, sizeof err)) && back.u.bits == b &&
		          back.type == v.type;
		if (!ok && bad++ < 10)
			fprintf(stderr, "float literal %s does not read back as %#llx\n", buf, (unsigned long long)b);
		CHECK(ok);
	}
	for (int trial = 0; trial < 3000; trial++) {
		unsigned w = 1 + (unsigned)(rnd() % 300);
		uint64_t words[5];
		for (int i = 0; i < 5; i++)
			words[i] = rnd();
		st_ival v, back;
		CHECK(st_succeeded(st_ival_from_words(it, st_integer_type(ctx, w, ST_SIGNLESS), words, 5, &v)));
		st_ival_str(it, &v, buf, sizeof buf);
		bool ok = st_succeeded(st_ival_parse(it, st_str_c(buf), &back, err, sizeof err)) && st_ival_equal(it, &v, &back);
		if (!ok && bad++ < 10)
			fprintf(stderr, "integer literal %s does not read back (%s)\n", buf, err);
		CHECK(ok);
		st_ival_release(it, &v);
		if (ok)
			st_ival_release(it, &back);
	}
}

int main(void) {
	const char *seed = getenv("STRATA_TEST_SEED");
	if (seed)
		rng_state = strtoull(seed, NULL, 0);
	ctx = new_ctx();
	build_text();
	module = st_parse_source(ctx, st_str_c(module_text), "arith.mlir", NULL);
	if (!module || st_failed(st_verify(module)))
		return 1;
	st_interp_options o = {.allow_poison_results = true};
	it = st_interp_create(ctx, &o);
	diag_sink diags;
	diag_sink_install(&diags, ctx); /* undefined cases report; keep them quiet */
	test_int_ops();
	test_f16_reference();
	test_truncf();
	test_int_float();
	test_literals();
	diag_sink_remove(&diags);
	st_interp_destroy(it);
	st_op_destroy(module);
	st_context_destroy(ctx);
	return test_summary();
}
