/* srdfg-simplify: algebraic simplification inside statements and
 * reductions.  Reads of a zero-filled local or of a literal argument become
 * constants; exact identities disappear (x * 1, x / 1 and x - 0 on floats,
 * where x + 0 is not one because -0 + 0 = +0; x + 0, x - 0, x * 1, x / 1
 * and x * 0 on integers); a statement that writes back what its init holds
 * at the same place is its init.  Nothing changes the bits of a result.
 * Constants left unused go too; other dead code is srdfg-dead-node-elim's. */
#include "srdfg_internal.h"

#include "strata/pass.h"

#include <string.h>

static bool is(const st_op *op, const char *name) { return op && !strcmp(st_op_name_cstr(op), name); }

/* Whether `v` is an arith.constant equal to `k` (floats: its exact bits). */
static bool const_is(st_value *v, int64_t k) {
	st_op *d = st_value_defining_op(v);
	if (!is(d, "arith.constant"))
		return false;
	st_attr *a = st_op_get_attr(d, "value");
	st_type *t = st_attr_type(a);
	if (st_type_is_float(t))
		return st_attr_float_bits(a) == st_float_bits_from_double(st_type_get_kind(t), (double)k);
	return st_type_is_signless_integer(t, 0) && st_attr_int_value(a) == k;
}

static st_value *make_const(st_op *before, st_attr *value) {
	st_context *ctx = st_op_context(before);
	st_type *t = st_attr_type(value);
	st_named_attr e = {st_ident_get_c(ctx, "value"), value};
	st_op_state s = {.name = st_str_c("arith.constant"), .loc = st_op_loc(before), .nresults = 1,
	                 .result_types = &t, .attrs = st_dict_attr(ctx, 1, &e)};
	st_op *c = st_op_create(ctx, &s);
	if (!c)
		return NULL;
	st_block_insert_op_before(st_op_block(before), before, c);
	return st_op_result(c, 0);
}

/* The value `op` simplifies to, or NULL. */
static st_value *simplify(st_op *op) {
	const char *n = st_op_name_cstr(op);
	if (is(op, "srdfg.load")) {
		st_op *src = st_value_defining_op(st_op_operand(op, 0));
		st_type *t = st_value_type(st_op_result(op, 0));
		if (is(src, "srdfg.init"))
			return make_const(op, st_type_is_float(t) ? st_float_attr(st_op_context(op), t, 0.0)
			                                          : st_integer_attr(st_op_context(op), t, 0));
		if (is(src, "srdfg.constant"))
			return make_const(op, st_op_get_attr(src, "value"));
		return NULL;
	}
	if (is(op, "srdfg.compute")) {
		/* A copy of the init edge to itself: the same map, same indices. */
		st_block *b = st_region_first_block(st_op_region(op, 0));
		st_op *y = st_block_terminator(b), *ld = st_value_defining_op(st_op_operand(y, 0));
		if (!is(ld, "srdfg.load") || st_op_operand(ld, 0) != st_op_operand(op, 0) ||
		    st_op_get_attr(ld, "map") != st_op_get_attr(op, "map") ||
		    st_op_num_operands(ld) != 1 + st_block_num_args(b))
			return NULL;
		for (size_t i = 0; i < st_block_num_args(b); i++)
			if (st_op_operand(ld, 1 + i) != st_block_arg(b, i))
				return NULL;
		return st_op_operand(op, 0);
	}
	if (strncmp(n, "arith.", 6) || st_op_num_operands(op) != 2)
		return NULL;
	st_value *x = st_op_operand(op, 0), *y = st_op_operand(op, 1);
	if ((is(op, "arith.mulf") || is(op, "arith.muli")) && const_is(x, 1))
		return y;
	if ((is(op, "arith.mulf") || is(op, "arith.muli") || is(op, "arith.divf") || is(op, "arith.divsi")) &&
	    const_is(y, 1))
		return x;
	if ((is(op, "arith.subf") || is(op, "arith.subi") || is(op, "arith.addi")) && const_is(y, 0))
		return x;
	if (is(op, "arith.addi") && const_is(x, 0))
		return y;
	if (is(op, "arith.muli") && (const_is(x, 0) || const_is(y, 0)))
		return const_is(x, 0) ? x : y;
	return NULL;
}

static bool simplify_block(st_block *b) {
	bool changed = false;
	for (st_op *op = st_block_first_op(b), *next; op; op = next) {
		next = st_op_next(op);
		for (size_t r = 0; r < st_op_num_regions(op); r++)
			for (st_block *ib = st_region_first_block(st_op_region(op, r)); ib; ib = st_block_next(ib))
				changed |= simplify_block(ib);
		st_value *v = st_op_num_results(op) == 1 ? simplify(op) : NULL;
		if (v) {
			st_value_replace_all_uses(st_op_result(op, 0), v);
			st_op_erase(op);
			changed = true;
		}
	}
	return changed;
}

/* Constants the rewrites left without uses (their own, or the operands of
 * the identities they removed). */
static void drop_constants(st_block *b) {
	for (st_op *op = st_block_last_op(b), *prev; op; op = prev) {
		prev = st_op_prev(op);
		for (size_t r = 0; r < st_op_num_regions(op); r++)
			for (st_block *ib = st_region_first_block(st_op_region(op, r)); ib; ib = st_block_next(ib))
				drop_constants(ib);
		if (is(op, "arith.constant") && st_op_results_unused(op))
			st_op_erase(op);
	}
}

static st_status run(st_pass *pass, st_op *graph) {
	(void)pass;
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	while (simplify_block(b))
		;
	drop_constants(b);
	return ST_OK;
}

const st_pass_def st__srdfg_simplify_pass = {
	.name = "srdfg-simplify",
	.summary = "Algebraic simplification of statements (constant reads, exact identities, copies)",
	.anchor = "srdfg.graph",
	.run = run,
};
