/* Counter coalescing: a context of a memory unit or an address generator
 * holds a copy of the counter chain of the loops around its access (SARA
 * section 3.2), and a PMU's counters are shared by all its contexts (16 on
 * plasticine-rda.acg, Zhang section 1.4: "counters shared across contexts;
 * software must keep aggregate usage within PMU limits").  Two adjacent
 * counters whose values nothing reads (the address came in a stream, or
 * moved to a compute unit) and whose boundary no token, stream or register
 * level names run through the same firings as one counter of the product
 * of their trip counts: the chain y(6) x(6) c r.y(3) r.x(3) of an
 * accumulation whose address moved out, with tokens only per firing and per
 * run, needs three counters instead of five.  Counters with data-dependent
 * bounds, vectorised ones and empty loops stay as they are. */
#include "rda_backend_internal.h"

#include "strata/arith.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static int64_t int_attr(const st_op *op, const char *name, int64_t dflt) {
	st_attr *a = st_op_get_attr(op, name);
	return a ? st_attr_int_value(a) : dflt;
}

/* The iterations of a counter with constant bounds that is not vectorised
 * and whose value nothing reads; -1 for any other. */
static int64_t plain_trip(st_op *ctr) {
	int64_t lo, hi, step = int_attr(ctr, "step", 1), stride = int_attr(ctr, "stride", step);
	if (st_op_get_attr(ctr, "vec") || st_value_has_uses(st_op_result(ctr, 0)) || stride < 1 ||
	    !st_arith_constant_int(st_op_operand(ctr, 0), &lo) || !st_arith_constant_int(st_op_operand(ctr, 1), &hi))
		return -1;
	return hi > lo ? (hi - lo + stride - 1) / stride : 0;
}

/* Calls `fn` on every level an op of the context names (deq, wait, enq,
 * signal: `level`; a register's `reset`; a DRAM request's `ack_levels`):
 * `fn` returns the new level. */
typedef int64_t (*level_fn)(int64_t level, int64_t arg, bool *seen);

static void each_level(st_op *context, level_fn fn, int64_t arg, bool *seen) {
	st_context *ctx = st_op_context(context);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	for (st_op *o = st_block_first_op(st_rda_body(context)); o; o = st_op_next(o)) {
		static const char *const names[] = {"level", "reset"};
		for (size_t k = 0; k < 2; k++) {
			st_attr *a = st_op_get_attr(o, names[k]);
			if (a && st_attr_get_kind(a) == ST_ATTR_INTEGER) {
				int64_t l = st_attr_int_value(a), n = fn(l, arg, seen);
				if (n != l)
					st_op_set_attr(o, names[k], st_integer_attr(ctx, i64, n));
			}
		}
		st_attr *acks = st_op_get_attr(o, "ack_levels");
		size_t n = acks ? st_attr_dense_array_size(acks) : 0;
		if (!n || n > 16)
			continue;
		int64_t vals[16];
		bool changed = false;
		for (size_t i = 0; i < n; i++) {
			int64_t l = st_attr_dense_array_int(acks, i);
			vals[i] = fn(l, arg, seen);
			changed |= vals[i] != l;
		}
		if (changed)
			st_op_set_attr(o, "ack_levels", st_dense_int_array_attr(ctx, i64, n, vals));
	}
}

static int64_t find_level(int64_t level, int64_t arg, bool *seen) {
	*seen |= level == arg;
	return level;
}

static int64_t drop_level(int64_t level, int64_t arg, bool *seen) {
	(void)seen;
	return level > arg ? level - 1 : level;
}

int64_t st__rda_coalesce_context(st_op *context) {
	int64_t removed = 0;
	for (bool again = true; again;) {
		again = false;
		st_op *ctrs[32];
		size_t n = st_rda_context_counters(context, ctrs, 32);
		for (size_t k = 0; k + 1 < n && n <= 32 && !again; k++) {
			int64_t ta = plain_trip(ctrs[k]), tb = plain_trip(ctrs[k + 1]);
			bool seen = false;
			if (ta < 1 || tb < 1 || ta > ((int64_t)1 << 31) / tb)
				continue;
			/* Level k + 1 is the iterations of counter k: merged away. */
			each_level(context, find_level, (int64_t)k + 1, &seen);
			if (seen)
				continue;
			st_builder b = st_builder_before(ctrs[k]);
			st_type *it = st_index_type(st_op_context(context));
			st_value *lo = st_rda_build_constant(&b, it, 0, 0), *hi = st_rda_build_constant(&b, it, ta * tb, 0);
			if (!st_rda_build_counter(&b, lo, hi, 1, 0, false))
				return -1;
			st_op_erase(ctrs[k]);
			st_op_erase(ctrs[k + 1]);
			each_level(context, drop_level, (int64_t)k + 1, &seen);
			removed++, again = true;
		}
	}
	/* Bounds nothing reads any more. */
	for (st_op *o = st_block_first_op(st_rda_body(context)), *next; o; o = next) {
		next = st_op_next(o);
		if (named(o, "arith.constant") && st_op_results_unused(o))
			st_op_erase(o);
	}
	return removed;
}
