/* Harness `interp`: the reference interpreter on whatever verifies.
 *
 * Every function of a module that parses and verifies is called, with
 * scalar arguments drawn from a hash of the input and memref arguments of
 * static shape zero-filled.  A step budget and a call-depth limit keep
 * every run short; the property is that a run ends (results, undefined
 * behaviour, an error) without a crash, a leak or a sanitizer report.
 */
#include "fuzz_common.h"

#include "strata/dialect.h"
#include "strata/interp.h"

#include <stdlib.h>

enum { MAX_STEPS = 20000, MAX_DEPTH = 64, MAX_ARG_ELEMENTS = 4096 };

/* splitmix64: argument values that differ per input but repeat per run. */
static uint64_t next_word(uint64_t *s) {
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Small values are more interesting to loops and indexing than random
 * 64-bit ones. */
static uint64_t draw(uint64_t *s) {
	uint64_t w = next_word(s);
	switch (w & 3) {
	case 0:
		return (w >> 8) & 7;
	case 1:
		return (uint64_t)-(int64_t)((w >> 8) & 3);
	default:
		return w >> 2;
	}
}

static bool make_arg(st_interp *it, st_type *t, uint64_t *seed, st_ival *out) {
	if (st_type_get_kind(t) == ST_TYPE_MEMREF) {
		int64_t n = st_type_num_elements_static(t);
		if (n < 0 || n > MAX_ARG_ELEMENTS)
			return false;
		return st_succeeded(st_interp_memref_alloc(it, NULL, t, NULL, ST_BUF_HEAP, true, out));
	}
	if (st_type_is_float(t)) {
		double d = (double)(int64_t)draw(seed) / 4.0;
		*out = st_ival_bits(t, st_float_bits_from_double(st_type_get_kind(t), d));
		return true;
	}
	if (st_interp_int_width(t)) {
		uint64_t w[2] = {draw(seed), draw(seed)};
		return st_succeeded(st_ival_from_words(it, t, w, 2, out));
	}
	return false;
}

static void call_each_function(st_context *ctx, st_op *module, uint64_t seed) {
	st_interp_options o = {.max_steps = MAX_STEPS, .max_depth = MAX_DEPTH, .allow_poison_results = true};
	st_interp *it = st_interp_create(ctx, &o);
	if (!it)
		abort();
	st_block *body = st_region_first_block(st_op_region(module, 0));
	for (st_op *fn = body ? st_block_first_op(body) : NULL; fn; fn = st_op_next(fn)) {
		const st_callable_iface *ci = st_op_interface(fn, ST_IFACE_CALLABLE);
		st_region *r = ci ? ci->body(fn) : NULL;
		if (!r || st_region_is_empty(r))
			continue;
		st_type *ft = ci->function_type(fn);
		size_t nargs = st_type_num_inputs(ft), nres = st_type_num_results(ft), made = 0;
		st_ival *args = calloc(nargs + 1, sizeof *args), *res = calloc(nres + 1, sizeof *res);
		if (!args || !res)
			abort();
		while (made < nargs && make_arg(it, st_type_input(ft, made), &seed, &args[made]))
			made++;
		if (made == nargs && st_succeeded(st_interp_call(it, fn, nargs, args, nres, res)))
			for (size_t i = 0; i < nres; i++)
				st_ival_release(it, &res[i]);
		for (size_t i = 0; i < made; i++)
			st_ival_release(it, &args[i]);
		free(args);
		free(res);
	}
	st_interp_destroy(it);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_op *m = fz_parse(ctx, data, size, "input.mlir");
	if (m && st_succeeded(st_verify(m))) {
		uint64_t seed = size;
		for (size_t i = 0; i < size; i++)
			seed = seed * 131 + data[i];
		call_each_function(ctx, m, seed);
	}
	if (m)
		st_op_destroy(m);
	fz_done(ctx);
	return 0;
}
