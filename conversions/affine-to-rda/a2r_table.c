/* Compile-time tables: a loop nest at the top of the kernel that fills a
 * local memory from its loop indices and constants alone, and computes
 * something no unit of the target has a capability for (fft.pm's twiddles
 * w[k] = cos(pi k / 4) - i sin(pi k / 4)), is run once at compile time in
 * the interpreter (st_memref_eval_table, as ub-extract makes its ROMs) and
 * the memory becomes a constant table the configuration loads into a
 * memory unit: the values are the interpreter's, so the design computes
 * the reference's bits.  The memory must be written by such nests only
 * (PMLang zero-fills a local first: both run, in order) and read after
 * them; each nest runs at most A2R_TABLE_ITERATIONS iterations.
 * A nest the target can compute stays (the fabric computes it). */
#include "a2r.h"

#include "strata/arith.h"
#include "strata/memref.h"

#include <stdio.h>
#include <string.h>

/* Loop iterations of a nest run at compile time, at most. */
#define A2R_TABLE_ITERATIONS ((int64_t)1 << 20)

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

typedef struct scan {
	a2r *a;
	st_value *mem;    /* the one memory stored to */
	bool ok;          /* loops, arith, math, ifs and stores to one memory only */
	bool needs_fold;  /* an op the target cannot compute */
	int64_t iterations;
} scan;

static int64_t trip(st_op *loop) {
	int64_t lo, hi, step;
	if (!st_arith_constant_int(st_op_operand(loop, 0), &lo) || !st_arith_constant_int(st_op_operand(loop, 1), &hi) ||
	    !st_arith_constant_int(st_op_operand(loop, 2), &step) || step <= 0)
		return -1;
	return hi > lo ? (hi - lo + step - 1) / step : 0;
}

static st_walk_result visit(st_op *op, void *ud) {
	scan *s = ud;
	const char *n = st_op_name_cstr(op);
	st_rda_cap cap;
	if (named(op, "scf.for")) {
		int64_t t = trip(op);
		if (t < 0 || (t && s->iterations > A2R_TABLE_ITERATIONS / t))
			s->ok = false;
		else
			s->iterations *= t ? t : 1;
	} else if (named(op, "memref.store")) {
		st_value *m = st_op_operand(op, 1);
		s->ok &= !s->mem || s->mem == m;
		s->mem = m;
	} else if (!strncmp(n, "arith.", 6) || !strncmp(n, "math.", 5)) {
		if (st_rda_takes_stage(op) && (!st_rda_op_cap(op, &cap) || !st_rda_machine_computes(s->a->m, &cap)))
			s->needs_fold = true;
	} else if (!named(op, "scf.if") && !named(op, "scf.yield")) {
		s->ok = false;
	}
	return s->ok ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

/* The nests writing `mem`, in program order, into `out` (up to 16): every
 * store to it is in a top-level loop nest no later than `last` that
 * stores to it alone from its indices and constants, every other use is a
 * load or a dealloc after `last`.  0 when that is not so. */
static size_t writers(a2r *a, st_value *mem, st_op *last, st_op **out) {
	size_t n = 0;
	for (st_use *u = st_value_first_use(mem); u; u = st_use_next(u)) {
		st_op *user = st_use_owner(u), *top = st__a2r_top_of(user, a->func);
		if (!top)
			return 0;
		if (!named(user, "memref.store")) {
			if ((!named(user, "memref.load") && !named(user, "memref.dealloc")) || !st_op_is_before_in_block(last, top))
				return 0;
			continue;
		}
		if (top != last && !st_op_is_before_in_block(top, last))
			return 0;
		bool seen = false;
		for (size_t k = 0; k < n && !seen; k++)
			seen = out[k] == top;
		if (seen)
			continue;
		scan s = {a, NULL, true, false, 1};
		if (!named(top, "scf.for") || n == 16)
			return 0;
		st_walk(top, ST_WALK_PRE, visit, &s);
		if (!s.ok || s.mem != mem)
			return 0;
		size_t k = n++;
		for (; k > 0 && st_op_is_before_in_block(top, out[k - 1]); k--)
			out[k] = out[k - 1];
		out[k] = top;
	}
	return n;
}

/* The nests' memory becomes a memref.get_global of table `g`. */
static st_status use_table(a2r *a, st_op *alloc, st_op *g, st_op *const *nests, size_t nnests) {
	st_context *ctx = a->ctx;
	st_value *mem = st_op_result(alloc, 0);
	st_type *mt = st_value_type(mem);
	for (st_use *u = st_value_first_use(mem), *next; u; u = next) {
		next = st_use_next(u);
		if (named(st_use_owner(u), "memref.dealloc"))
			st_op_erase(st_use_owner(u));
	}
	st_builder b = st_builder_before(alloc);
	st_named_attr e = {st_ident_get_c(ctx, "name"),
	                   st_symbol_ref_attr(ctx, st_ident_str(st_symbol_name(g)), 0, NULL)};
	st_op *get = st_build_op(&b, "memref.get_global", 0, NULL, 1, &mt, st_dict_attr(ctx, 1, &e), 0);
	if (!get)
		return ST_FAIL;
	for (size_t i = 0; i < nnests; i++)
		st_op_erase(nests[i]);
	st_value_replace_all_uses(mem, st_op_result(get, 0));
	st_op_erase(alloc);
	return ST_OK;
}

st_status st__a2r_fold_tables(a2r *a) {
	st_block *body = st_region_first_block(st_op_region(a->func, 0));
	st_op *module = st_op_parent_op(a->func);
	size_t made = 0;
	for (st_op *op = st_block_first_op(body), *next; op; op = next) {
		next = st_op_next(op);
		if (!named(op, "scf.for"))
			continue;
		scan s = {a, NULL, true, false, 1};
		st_walk(op, ST_WALK_PRE, visit, &s);
		st_op *alloc = s.mem ? st_value_defining_op(s.mem) : NULL, *nests[16];
		if (!s.ok || !s.needs_fold || !(named(alloc, "memref.alloc") || named(alloc, "memref.alloca")) ||
		    st_op_parent_op(alloc) != a->func)
			continue;
		size_t n = writers(a, s.mem, op, nests);
		if (!n)
			continue;
		char name[64];
		do
			snprintf(name, sizeof name, "rda_table%zu", made++);
		while (st_symbol_lookup(module, st_str_c(name)));
		st_op *g = st_memref_eval_table(a->func, nests, n, s.mem, 0, NULL, NULL, name);
		if (g && st_failed(use_table(a, alloc, g, nests, n)))
			return ST_FAIL;
	}
	return ST_OK;
}
