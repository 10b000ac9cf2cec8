/* The srdfg passes that reshape the hierarchy: srdfg-flatten inlines the
 * nodes below a chosen depth (the granularity a target wants: 0 keeps only
 * statements, the thesis's "scalar" level being convert-srdfg-to-affine),
 * and srdfg-dead-node-elim removes nodes, statements and reductions whose
 * values nothing reads (an srDFG node has no effect besides its results). */
#include "srdfg_internal.h"

#include "strata/pass.h"

#include <stddef.h>
#include <string.h>

static bool is(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

/* Moves the body of `node` before it, its arguments replaced by the node's
 * operands and its results by what the body yields. */
static void inline_node(st_op *node) {
	st_block *body = st_region_first_block(st_op_region(node, 0));
	for (size_t i = 0; i < st_block_num_args(body); i++)
		st_value_replace_all_uses(st_block_arg(body, i), st_op_operand(node, i));
	st_op *y = st_block_terminator(body);
	for (size_t i = 0; i < st_op_num_results(node); i++)
		st_value_replace_all_uses(st_op_result(node, i), st_op_operand(y, i));
	st_block *parent = st_op_block(node);
	for (st_op *op = st_block_first_op(body), *next; op && op != y; op = next) {
		next = st_op_next(op);
		st_op_remove(op);
		st_block_insert_op_before(parent, node, op);
		/* A statement's edge takes the modifier of the edge it now updates
		 * (an output of the instance may be a local of the caller). */
		if (is(op, "srdfg.compute"))
			st_value_set_type(st_op_result(op, 0), st_value_type(st_op_operand(op, 0)));
	}
	st_op_erase(node);
}

/* Inlines the nodes of `b` that sit `depth` or more levels down (`level`:
 * the depth of the nodes directly in `b`). */
static void flatten_block(st_block *b, int64_t level, int64_t depth) {
	for (st_op *op = st_block_first_op(b), *next; op; op = next) {
		next = st_op_next(op);
		if (!is(op, "srdfg.node"))
			continue;
		flatten_block(st_region_first_block(st_op_region(op, 0)), level + 1, depth);
		if (level >= depth)
			inline_node(op);
	}
}

typedef struct flatten_options {
	int64_t depth;
} flatten_options;

static st_status run_flatten(st_pass *pass, st_op *graph) {
	const flatten_options *o = st_pass_options(pass);
	if (o->depth < 0)
		return st_op_error(graph, "srdfg-flatten: depth must be 0 or more, not %lld", (long long)o->depth);
	flatten_block(st_region_first_block(st_op_region(graph, 0)), 0, o->depth);
	return ST_OK;
}

static const st_pass_option_def flatten_option_defs[] = {
	{"depth", "Levels of component nodes to keep (0: inline every node)", ST_PASS_OPT_INT, "0",
	 offsetof(flatten_options, depth), NULL},
};

static const st_pass_def flatten_pass = {
	.name = "srdfg-flatten",
	.summary = "Inline the component nodes below a depth (the granularity of the graph)",
	.anchor = "srdfg.graph",
	.options = flatten_option_defs,
	.noptions = 1,
	.options_size = sizeof(flatten_options),
	.run = run_flatten,
};

/* ------------------------------------------------------------ dead nodes */

static bool removable(const st_op *op) {
	return is(op, "srdfg.node") || is(op, "srdfg.compute") || is(op, "srdfg.reduce") || is(op, "srdfg.init") ||
	       is(op, "srdfg.constant") || is(op, "srdfg.load") || st_op_has_trait(op, ST_TRAIT_PURE);
}

/* Erases the dead ops of `b` from the bottom up (so a chain dies at once)
 * after cleaning the regions of the live ones. */
static bool dne_block(st_block *b) {
	bool changed = false;
	for (st_op *op = st_block_last_op(b), *prev; op; op = prev) {
		prev = st_op_prev(op);
		if (removable(op) && !st_op_has_trait(op, ST_TRAIT_TERMINATOR) && st_op_results_unused(op)) {
			st_op_erase(op);
			changed = true;
			continue;
		}
		for (size_t r = 0; r < st_op_num_regions(op); r++)
			for (st_block *ib = st_region_first_block(st_op_region(op, r)); ib; ib = st_block_next(ib))
				changed |= dne_block(ib);
	}
	return changed;
}

static st_status run_dne(st_pass *pass, st_op *graph) {
	(void)pass;
	while (dne_block(st_region_first_block(st_op_region(graph, 0))))
		;
	return ST_OK;
}

static const st_pass_def dne_pass = {
	.name = "srdfg-dead-node-elim",
	.summary = "Remove nodes, statements and reductions whose values nothing reads",
	.anchor = "srdfg.graph",
	.run = run_dne,
};

st_status st_register_srdfg_passes(st_context *ctx) {
	const st_pass_def *const defs[] = {&flatten_pass, &dne_pass, &st__srdfg_simplify_pass, &st__srdfg_bounds_pass,
	                                   &st__srdfg_raise_pass};
	for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
		if (st_failed(st_context_register_pass(ctx, defs[i])))
			return ST_FAIL;
	return ST_OK;
}
