/* Translation validation by execution (tv.h).  Each trial draws one input
 * per argument, runs the original in a fresh interpreter, redraws when the
 * original is undefined there, runs the transformed function on copies of
 * the same input, and compares. */
#include "tv.h"

#include "strata/asm.h"

#include <math.h>
#include <stdarg.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_TRIALS 64
#define DEFAULT_STEPS 1000000
#define RETRIES_PER_TRIAL 16
/* Draws in a row the original may fail on before it is taken to fail on
 * every input. */
#define MAX_FAILED_IN_A_ROW 256
#define MAX_DYN_SIZE 8

/* ------------------------------------------------------------ randomness */

static uint64_t next(uint64_t *s) { /* splitmix64 */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t below(uint64_t *s, uint64_t n) { return next(s) % n; }

/* STRATA_TV_SEED as a number, false when it is set to something else than
 * a number or "random" (which *random says). */
static bool env_seed(const char *env, uint64_t *out, bool *random) {
	*random = !strcmp(env, "random");
	if (*random)
		return true;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(env, &end, 0);
	if (!*env || *env == '-' || *end || errno)
		return false;
	*out = v;
	return true;
}

bool st_tv_seed_env_ok(void) {
	const char *env = getenv("STRATA_TV_SEED");
	uint64_t v;
	bool random;
	return !env || !*env || env_seed(env, &v, &random);
}

uint64_t st_tv_seed(const char *entry, const st_tv_options *o) {
	const char *env = getenv("STRATA_TV_SEED");
	uint64_t v = 0;
	bool random;
	if (env && *env && env_seed(env, &v, &random)) {
		if (random) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			uint64_t s = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec;
			return next(&s);
		}
		return v;
	}
	if (o && o->seed_set)
		return o->seed;
	uint64_t h = 1469598103934665603ull; /* FNV-1a of the name */
	for (const char *p = entry; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	return h;
}

/* --------------------------------------------------------------- report */

typedef struct tv {
	st_context *ctx;
	const st_tv_options *o;
	st_write_fn out;
	void *out_ud;
	char first_error[512]; /* what the last run reported */
	char last_failure[512]; /* why the last redrawn input was undefined */
} tv;

static void say(tv *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(tv *t, const char *fmt, ...) {
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	t->out(t->out_ud, buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void write_stderr(void *ud, const char *d, size_t n) {
	(void)ud;
	fwrite(d, 1, n, stderr);
}

/* Keeps the first error of a run (its location and message) instead of
 * printing it: the validator decides what to report. */
static bool capture(void *ud, const st_diag_info *d) {
	tv *t = ud;
	if (d->severity == ST_SEV_ERROR && !t->first_error[0]) {
		const st_attr *loc = d->loc ? st_loc_find_file(d->loc) : NULL;
		if (loc)
			snprintf(t->first_error, sizeof t->first_error, "%s:%u:%u: %s", st_ident_cstr(st_loc_filename(loc)),
			         st_loc_line(loc), st_loc_col(loc), d->message);
		else
			snprintf(t->first_error, sizeof t->first_error, "%s", d->message);
	}
	return true;
}

/* ---------------------------------------------------------------- inputs */

static unsigned float_width(st_type_kind k) { return k == ST_TYPE_F64 ? 64 : k == ST_TYPE_F32 ? 32 : 16; }
static unsigned mant_bits(st_type_kind k) {
	return k == ST_TYPE_F64 ? 52 : k == ST_TYPE_F32 ? 23 : k == ST_TYPE_F16 ? 10 : 7;
}

#define NUM_INT_SPECIALS 5
#define NUM_FLOAT_SPECIALS 9

/* Special value `k` of an integer type as words: 0, 1, -1, min, max. */
static void int_special(unsigned w, unsigned k, uint64_t *words, size_t n) {
	memset(words, 0, n * sizeof *words);
	switch (k) {
	case 0:
		break;
	case 1:
		words[0] = 1;
		break;
	case 2:
		memset(words, 0xff, n * sizeof *words);
		break;
	case 3:
		words[(w - 1) / 64] = 1ull << ((w - 1) % 64);
		break;
	default:
		memset(words, 0xff, n * sizeof *words);
		words[(w - 1) / 64] &= ~(1ull << ((w - 1) % 64));
		break;
	}
}

/* 0, -0, 1, -1, inf, -inf, NaN, the largest finite, the lowest finite. */
static uint64_t float_special(st_type_kind k, unsigned i) {
	unsigned w = float_width(k), mb = mant_bits(k);
	uint64_t sign = 1ull << (w - 1), expo = ((1ull << (w - 1 - mb)) - 1) << mb;
	uint64_t maxf = (expo - (1ull << mb)) | ((1ull << mb) - 1);
	switch (i) {
	case 0:
		return 0;
	case 1:
		return sign;
	case 2:
		return st_float_bits_from_double(k, 1.0);
	case 3:
		return st_float_bits_from_double(k, -1.0);
	case 4:
		return expo;
	case 5:
		return expo | sign;
	case 6:
		return expo | (1ull << (mb - 1));
	case 7:
		return maxf;
	default:
		return maxf | sign;
	}
}

static unsigned num_specials(const st_type *t) {
	return st_type_is_float(t) ? NUM_FLOAT_SPECIALS : NUM_INT_SPECIALS;
}

/* A random scalar: small numbers often (loop bounds, shift amounts, indices
 * want them), random bits otherwise. */
static st_status draw_scalar(st_interp *it, st_type *t, uint64_t *rng, int special, st_ival *out) {
	if (st_type_is_float(t)) {
		st_type_kind k = st_type_get_kind(t);
		uint64_t bits;
		uint64_t r = below(rng, 10);
		if (special >= 0 || r < 2) {
			bits = float_special(k, special >= 0 ? (unsigned)special : (unsigned)below(rng, NUM_FLOAT_SPECIALS));
		} else if (r < 6) {
			double v = (double)((int64_t)below(rng, 257) - 128) / (double)(1u << below(rng, 5));
			bits = st_float_bits_from_double(k, v);
		} else {
			unsigned w = float_width(k);
			bits = next(rng) & (w == 64 ? ~0ull : (1ull << w) - 1);
		}
		*out = st_ival_bits(t, bits);
		return ST_OK;
	}
	unsigned w = st_interp_int_width(t);
	size_t n = (w + 63) / 64;
	uint64_t small[4], *words = n <= 4 ? small : malloc(n * sizeof *words);
	if (!words)
		return ST_FAIL;
	uint64_t r = below(rng, 10);
	bool index = st_type_is_index(t);
	if (special >= 0 || r < 1) {
		int_special(w, special >= 0 ? (unsigned)special : (unsigned)below(rng, NUM_INT_SPECIALS), words, n);
	} else if (r < (index ? 9u : 5u)) {
		int64_t v = (int64_t)below(rng, index ? 65 : 33) - (index ? 4 : 16);
		for (size_t i = 0; i < n; i++)
			words[i] = i ? (v < 0 ? ~0ull : 0) : (uint64_t)v;
	} else {
		for (size_t i = 0; i < n; i++)
			words[i] = next(rng);
	}
	st_status s = st_ival_from_words(it, t, words, n, out);
	if (words != small)
		free(words);
	return s;
}

/* One input of an argument, kept so that it can be rebuilt in the
 * interpreter of each side. */
typedef struct input {
	st_type *type;
	st_ival scalar;   /* scalars (owned by the validator's interpreter) */
	int64_t *sizes;   /* memrefs: the drawn sizes ... */
	st_ival *elts;    /* ... and elements, row-major */
	int64_t nelts;
} input;

static void input_free(st_interp *it, input *in) {
	st_ival_release(it, &in->scalar);
	for (int64_t i = 0; in->elts && i < in->nelts; i++)
		st_ival_release(it, &in->elts[i]);
	free(in->elts);
	free(in->sizes);
	memset(in, 0, sizeof *in);
}

static bool storable_memref(const st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_MEMREF && !st_type_memref_layout(t) &&
	       st_interp_elt_size(st_type_element(t)) > 0;
}

static bool scalar_type(const st_type *t) { return st_type_is_float(t) || st_interp_int_width(t) > 0; }

static st_status draw(st_interp *it, st_type *t, uint64_t *rng, int special, input *in) {
	in->type = t;
	if (scalar_type(t))
		return draw_scalar(it, t, rng, special, &in->scalar);
	size_t rank = st_type_rank(t);
	in->sizes = calloc(rank + 1, sizeof *in->sizes);
	if (!in->sizes)
		return ST_FAIL;
	in->nelts = 1;
	for (size_t i = 0; i < rank; i++) {
		int64_t d = st_type_dim(t, i);
		in->sizes[i] = d == ST_DYNAMIC ? 1 + (int64_t)below(rng, MAX_DYN_SIZE) : d;
		in->nelts *= in->sizes[i];
	}
	in->elts = calloc((size_t)in->nelts + 1, sizeof *in->elts);
	if (!in->elts)
		return ST_FAIL;
	for (int64_t i = 0; i < in->nelts; i++)
		if (st_failed(draw_scalar(it, st_type_element(t), rng, -1, &in->elts[i])))
			return ST_FAIL;
	return ST_OK;
}

/* The argument value in interpreter `it`. */
static st_status materialize(st_interp *it, const input *in, st_ival *out) {
	if (scalar_type(in->type)) {
		*out = st_ival_retain(&in->scalar);
		return ST_OK;
	}
	int64_t dyn[16];
	size_t nd = 0;
	for (size_t i = 0; i < st_type_rank(in->type) && nd < 16; i++)
		if (st_type_dim(in->type, i) == ST_DYNAMIC)
			dyn[nd++] = in->sizes[i];
	if (st_failed(st_interp_memref_alloc(it, NULL, in->type, dyn, ST_BUF_HEAP, true, out)))
		return ST_FAIL;
	for (int64_t i = 0; i < in->nelts; i++)
		st_interp_memref_set(it, out, i, &in->elts[i]);
	return ST_OK;
}

/* ------------------------------------------------------------------ runs */

typedef struct run {
	st_interp *it;
	st_ival *args, *res;
	size_t nargs, nres;
	bool ok;
	st_interp_failure failure;
	char error[512];
} run;

static void run_free(run *r) {
	for (size_t i = 0; r->args && i < r->nargs; i++)
		st_ival_release(r->it, &r->args[i]);
	for (size_t i = 0; r->res && i < r->nres; i++)
		st_ival_release(r->it, &r->res[i]);
	free(r->args);
	free(r->res);
	st_interp_destroy(r->it);
	memset(r, 0, sizeof *r);
}

static st_status run_one(tv *t, st_op *fn, const input *ins, size_t nargs, size_t nres, run *r) {
	memset(r, 0, sizeof *r);
	st_interp_options io = {
		.max_steps = t->o && t->o->max_steps ? t->o->max_steps : DEFAULT_STEPS,
		.allow_poison_results = true,
	};
	r->it = st_interp_create(t->ctx, &io);
	r->nargs = nargs;
	r->nres = nres;
	r->args = calloc(nargs + 1, sizeof *r->args);
	r->res = calloc(nres + 1, sizeof *r->res);
	if (!r->it || !r->args || !r->res)
		return ST_FAIL;
	for (size_t i = 0; i < nargs; i++)
		if (st_failed(materialize(r->it, &ins[i], &r->args[i])))
			return ST_FAIL;
	t->first_error[0] = 0;
	if (st_failed(st_context_push_diag_handler(t->ctx, capture, t)))
		return ST_FAIL;
	r->ok = st_succeeded(st_interp_call(r->it, fn, nargs, r->args, nres, r->res));
	st_context_pop_diag_handler(t->ctx);
	r->failure = st_interp_last_failure(r->it);
	snprintf(r->error, sizeof r->error, "%s", t->first_error);
	return ST_OK;
}

static void last_error_of(tv *t, const run *r) {
	snprintf(t->last_failure, sizeof t->last_failure, "%s", r->error[0] ? r->error : "no message");
}

static bool redraw(st_interp_failure f) {
	return f == ST_INTERP_UB || f == ST_INTERP_ABORT || f == ST_INTERP_STEPS;
}

/* The original's value matches: poison matches anything, elementwise in
 * memrefs too (an element the original never wrote). */
static bool matches(st_interp *it, const st_ival *before, const st_ival *after) {
	if (before->poison)
		return true;
	if (before->kind != ST_IVAL_MEMREF || after->kind != ST_IVAL_MEMREF || after->poison ||
	    !st_interp_memref_live(before) || !st_interp_memref_live(after))
		return st_ival_equal(it, before, after);
	const st_interp_memref *x = before->u.mem, *y = after->u.mem;
	if (x->rank != y->rank || memcmp(x->sizes, y->sizes, x->rank * sizeof *x->sizes) != 0)
		return false;
	int64_t n = st_interp_memref_num_elements(before);
	bool same = true;
	for (int64_t k = 0; same && k < n; k++) {
		st_ival eb, ea;
		if (!st_interp_memref_get(it, before, k, &eb))
			return false;
		if (!st_interp_memref_get(it, after, k, &ea)) {
			st_ival_release(it, &eb);
			return false;
		}
		same = matches(it, &eb, &ea);
		st_ival_release(it, &eb);
		st_ival_release(it, &ea);
	}
	return same;
}

static void print_val(tv *t, st_interp *it, const st_ival *v) {
	st_ival_print(it, v, t->out, t->out_ud);
}

static void report_inputs(tv *t, st_interp *it, const run *r) {
	for (size_t i = 0; i < r->nargs; i++) {
		say(t, "  arg #%zu = ", i);
		print_val(t, it, &r->args[i]);
		say(t, "\n");
	}
}

/* Compares one trial; reports and returns false on a mismatch. */
static bool compare(tv *t, const char *entry, uint64_t seed, unsigned trial, run *b, run *a, const input *ins) {
	bool same = a->ok;
	size_t bad = 0;
	bool bad_arg = false;
	for (size_t i = 0; same && i < b->nres; i++)
		if (!matches(b->it, &b->res[i], &a->res[i])) {
			same = false;
			bad = i;
		}
	for (size_t i = 0; same && i < b->nargs; i++)
		if (st_type_get_kind(ins[i].type) == ST_TYPE_MEMREF && !matches(b->it, &b->args[i], &a->args[i])) {
			same = false;
			bad = i;
			bad_arg = true;
		}
	if (same)
		return true;
	say(t, "strata-tv: @%s: the transformed function differs on input %u (seed %llu; rerun with STRATA_TV_SEED=%llu)\n",
	    entry, trial, (unsigned long long)seed, (unsigned long long)seed);
	/* The inputs as drawn (the arguments of the runs may have been written). */
	st_interp *fresh = st_interp_create(t->ctx, NULL);
	for (size_t i = 0; fresh && i < b->nargs; i++) {
		st_ival v;
		if (st_succeeded(materialize(fresh, &ins[i], &v))) {
			say(t, "  arg #%zu = ", i);
			print_val(t, fresh, &v);
			say(t, "\n");
			st_ival_release(fresh, &v);
		}
	}
	st_interp_destroy(fresh);
	if (!a->ok) {
		say(t, "  the original returned normally; the transformed one failed: %s\n", a->error);
		return false;
	}
	if (bad_arg) {
		say(t, "  memref argument #%zu after the original:    ", bad);
		print_val(t, b->it, &b->args[bad]);
		say(t, "\n  memref argument #%zu after the transformed: ", bad);
		print_val(t, a->it, &a->args[bad]);
		say(t, "\n");
		return false;
	}
	for (size_t i = 0; i < b->nres; i++) {
		say(t, "  result #%zu: original ", i);
		print_val(t, b->it, &b->res[i]);
		say(t, ", transformed ");
		print_val(t, a->it, &a->res[i]);
		say(t, "%s\n", i == bad ? "  <-- differs" : "");
	}
	return false;
}

static st_op *find_entry(tv *t, st_op *module, const char *entry, const char *which) {
	st_op *fn = st_symbol_lookup(module, st_str_c(entry));
	const st_callable_iface *ci = fn ? st_op_interface(fn, ST_IFACE_CALLABLE) : NULL;
	if (!ci || !ci->function_type) {
		say(t, "strata-tv: error: no function '@%s' in the %s module\n", entry, which);
		return NULL;
	}
	return fn;
}

st_status st_tv_check(st_context *ctx, st_op *before, st_op *after, const char *entry, const st_tv_options *o) {
	tv t = {.ctx = ctx, .o = o, .out = o && o->out ? o->out : write_stderr, .out_ud = o ? o->out_ud : NULL};
	st_op *fb = find_entry(&t, before, entry, "original"), *fa = fb ? find_entry(&t, after, entry, "transformed") : NULL;
	if (!fa)
		return ST_FAIL;
	const st_callable_iface *cb = st_op_interface(fb, ST_IFACE_CALLABLE), *ca = st_op_interface(fa, ST_IFACE_CALLABLE);
	st_type *ft = cb->function_type(fb), *fta = ca->function_type(fa);
	if (ft != fta) {
		char x[256], y[256];
		say(&t, "strata-tv: error: '@%s' has type %s before and %s after\n", entry, st_type_str(ctx, ft, x, sizeof x),
		    st_type_str(ctx, fta, y, sizeof y));
		return ST_FAIL;
	}
	size_t nargs = st_type_num_inputs(ft), nres = st_type_num_results(ft);
	for (size_t i = 0; i < nargs; i++) {
		st_type *at = st_type_input(ft, i);
		if (!scalar_type(at) && !storable_memref(at)) {
			char x[256];
			say(&t, "strata-tv: error: cannot draw inputs of type '%s' (argument #%zu of '@%s')\n",
			    st_type_str(ctx, at, x, sizeof x), i, entry);
			return ST_FAIL;
		}
	}
	if (!st_tv_seed_env_ok()) {
		say(&t, "strata-tv: error: STRATA_TV_SEED='%s' is neither a number nor 'random'\n", getenv("STRATA_TV_SEED"));
		return ST_FAIL;
	}
	unsigned trials = o && o->trials ? o->trials : DEFAULT_TRIALS;
	uint64_t seed = st_tv_seed(entry, o), rng = seed;
	st_interp *mine = st_interp_create(ctx, NULL); /* owns the drawn scalars */
	input *ins = calloc(nargs + 1, sizeof *ins);
	st_status status = mine && ins ? ST_OK : ST_FAIL;
	unsigned done = 0, attempts = 0, redrawn = 0, max_special = 0, failed_in_a_row = 0;
	for (size_t i = 0; i < nargs; i++)
		if (scalar_type(st_type_input(ft, i)) && num_specials(st_type_input(ft, i)) > max_special)
			max_special = num_specials(st_type_input(ft, i));
	while (st_succeeded(status) && done < trials) {
		if (attempts++ >= trials * RETRIES_PER_TRIAL) {
			say(&t,
			    "strata-tv: error: @%s: only %u of %u inputs were defined for the original after %u draws (seed "
			    "%llu); the last failure: %s\n",
			    entry, done, trials, attempts - 1, (unsigned long long)seed,
			    t.last_failure[0] ? t.last_failure : "no message");
			status = ST_FAIL;
			break;
		}
		/* The first draws go through each argument's special values. */
		bool specials = attempts <= max_special;
		for (size_t i = 0; i < nargs && st_succeeded(status); i++) {
			st_type *at = st_type_input(ft, i);
			int sp = specials && scalar_type(at) ? (int)((attempts - 1 + i) % num_specials(at)) : -1;
			input_free(mine, &ins[i]);
			status = draw(mine, at, &rng, sp, &ins[i]);
		}
		if (st_failed(status))
			break;
		run b, a;
		memset(&a, 0, sizeof a);
		status = run_one(&t, fb, ins, nargs, nres, &b);
		if (st_succeeded(status) && !b.ok && redraw(b.failure)) {
			/* Other inputs may be defined; but with nothing to draw every run
			 * is the same, and a long run of failures says the function fails
			 * whatever it gets: stop, and say why. */
			if (nargs == 0 || ++failed_in_a_row == MAX_FAILED_IN_A_ROW) {
				say(&t,
				    "strata-tv: error: the original '@%s' fails on %s (%u draw%s, seed %llu): %s\n", entry,
				    nargs ? "every input drawn" : "its only input (it takes no arguments)", attempts,
				    attempts == 1 ? "" : "s", (unsigned long long)seed, b.error[0] ? b.error : "no message");
				report_inputs(&t, b.it, &b);
				run_free(&b);
				status = ST_FAIL;
				break;
			}
			redrawn++;
			last_error_of(&t, &b);
			run_free(&b);
			continue;
		}
		failed_in_a_row = 0;
		if (st_succeeded(status) && !b.ok) {
			say(&t, "strata-tv: error: the original '@%s' cannot be interpreted: %s\n", entry, b.error);
			report_inputs(&t, b.it, &b);
			status = ST_FAIL;
		}
		if (st_succeeded(status))
			status = run_one(&t, fa, ins, nargs, nres, &a);
		if (st_succeeded(status) && !compare(&t, entry, seed, done, &b, &a, ins))
			status = ST_FAIL;
		run_free(&b);
		run_free(&a);
		done++;
	}
	if (st_succeeded(status) && !(o && o->quiet))
		say(&t, "strata-tv: @%s: %u inputs agree (%u redrawn; seed %llu)\n", entry, done, redrawn,
		    (unsigned long long)seed);
	for (size_t i = 0; ins && i < nargs; i++)
		input_free(mine, &ins[i]);
	free(ins);
	st_interp_destroy(mine);
	return status;
}

st_status st_tv_check_pass(st_context *ctx, st_op *module, st_pass_manager *pm, const char *entry,
                           const st_tv_options *o) {
	st_op *copy = st_op_clone(module, NULL);
	if (!copy)
		return ST_FAIL;
	st_status s = st_pass_manager_run(pm, copy);
	if (st_succeeded(s))
		s = st_verify(copy);
	if (st_succeeded(s))
		s = st_tv_check(ctx, module, copy, entry, o);
	st_op_destroy(copy);
	return s;
}
