/* srdfg-raise-to-codelet: the hook where DNN and linear-algebra components
 * will be raised to codelet-level ops.  Each entry of `patterns` recognises
 * a component node by the shape of its graph (not by its name) and the pass
 * marks the node with `codelet = "<pattern>"`; a codelet lowering will
 * replace marked nodes with its ops, and a new pattern is one more entry.
 * Recognised now: matmul (one statement C[j..] = sum[i](A[..] * B[..])),
 * conv (the same with a window: a subscript adding an output index and a
 * reduced one) and elementwise (statements without reductions whose reads
 * all use the statement's own point). */
#include "srdfg_internal.h"

#include "strata/affine.h"
#include "strata/pass.h"

#include <string.h>

static bool is(const st_op *op, const char *name) { return op && !strcmp(st_op_name_cstr(op), name); }

static st_block *body(st_op *op) { return st_region_first_block(st_op_region(op, 0)); }

/* The only op of `b` before its terminator, or NULL. */
static st_op *single(st_block *b) {
	st_op *first = st_block_first_op(b);
	return first && st_op_next(first) == st_block_terminator(b) ? first : NULL;
}

/* The reduce producing the value a statement yields, through nothing else. */
static st_op *sum_of_products(st_op *compute) {
	st_op *y = st_block_terminator(body(compute));
	st_op *red = st_value_defining_op(st_op_operand(y, 0));
	if (!is(red, "srdfg.reduce") || !st_region_is_empty(st_op_region(red, 1)) ||
	    !st_str_eq_c(st_attr_string(st_op_get_attr(red, "kind")), "sum"))
		return NULL;
	st_op *ry = st_block_terminator(body(red));
	st_op *mul = st_op_num_operands(ry) == 1 ? st_value_defining_op(st_op_operand(ry, 0)) : NULL;
	if (!is(mul, "arith.mulf") && !is(mul, "arith.muli"))
		return NULL;
	for (size_t i = 0; i < 2; i++)
		if (!is(st_value_defining_op(st_op_operand(mul, i)), "srdfg.load"))
			return NULL;
	return red;
}

/* Whether some result of a load's map adds an outer index and a reduced one
 * (a sliding window); `nouter`: the indices of the statement. */
static bool windowed(st_op *red, size_t nouter) {
	st_op *mul = st_value_defining_op(st_op_operand(st_block_terminator(body(red)), 0));
	for (size_t i = 0; i < 2; i++) {
		const st_affine_map *m = st_attr_affine_map(st_op_get_attr(st_value_defining_op(st_op_operand(mul, i)), "map"));
		for (size_t r = 0; r < st_affine_map_num_results(m); r++) {
			st_affine_expr *e = st_affine_map_result(m, r);
			if (st_affine_expr_kind(e) != ST_AFFINE_ADD)
				continue;
			st_affine_expr *a = st_affine_expr_lhs(e), *b = st_affine_expr_rhs(e);
			if (st_affine_expr_kind(a) == ST_AFFINE_DIM && st_affine_expr_kind(b) == ST_AFFINE_DIM &&
			    (st_affine_expr_position(a) < nouter) != (st_affine_expr_position(b) < nouter))
				return true;
		}
	}
	return false;
}

static bool match_matmul(st_op *node) {
	st_op *c = single(body(node));
	st_op *red = is(c, "srdfg.compute") ? sum_of_products(c) : NULL;
	return red && !windowed(red, st_block_num_args(body(c)));
}

static bool match_conv(st_op *node) {
	st_op *c = single(body(node));
	st_op *red = is(c, "srdfg.compute") ? sum_of_products(c) : NULL;
	return red && windowed(red, st_block_num_args(body(c)));
}

static bool match_elementwise(st_op *node) {
	bool any = false;
	for (st_op *op = st_block_first_op(body(node)); op != st_block_terminator(body(node)); op = st_op_next(op)) {
		if (!is(op, "srdfg.compute"))
			return false;
		st_block *b = body(op);
		for (st_op *in = st_block_first_op(b); in; in = st_op_next(in)) {
			if (is(in, "srdfg.reduce"))
				return false;
			st_attr *m = is(in, "srdfg.load") ? st_op_get_attr(in, "map") : NULL;
			if (m && !st_affine_map_is_identity(st_attr_affine_map(m)))
				return false;
		}
		any = true;
	}
	return any;
}

typedef struct pattern {
	const char *name;
	bool (*match)(st_op *node);
} pattern;

static const pattern patterns[] = {
	{"matmul", match_matmul},
	{"conv", match_conv},
	{"elementwise", match_elementwise},
};

static void raise_block(st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (!is(op, "srdfg.node"))
			continue;
		const pattern *hit = NULL;
		for (size_t i = 0; i < sizeof patterns / sizeof patterns[0] && !hit; i++)
			if (patterns[i].match(op))
				hit = &patterns[i];
		if (hit)
			st_op_set_attr(op, "codelet", st_string_attr(st_op_context(op), st_str_c(hit->name)));
		else
			raise_block(body(op));
	}
}

static st_status run(st_pass *pass, st_op *graph) {
	(void)pass;
	raise_block(body(graph));
	return ST_OK;
}

const st_pass_def st__srdfg_raise_pass = {
	.name = "srdfg-raise-to-codelet",
	.summary = "Mark the component nodes a codelet op will replace (matmul, conv, elementwise)",
	.anchor = "srdfg.graph",
	.run = run,
};
