/* The interfaces of the scf ops: where control goes between their regions
 * (RegionBranchOpInterface) and what their loops iterate
 * (LoopLikeOpInterface). */
#include "scf_internal.h"

static size_t put(st_region_successor *out, size_t cap, size_t n, int region) {
	if (n < cap)
		out[n].region = region;
	return n + 1;
}

/* scf.for: the body runs zero or more times, from the op or from itself. */
static size_t for_successors(const st_op *op, int from, st_region_successor *out, size_t cap) {
	(void)op;
	(void)from;
	return put(out, cap, put(out, cap, 0, 0), -1);
}

/* scf.while: before -> after or out; after -> before. */
static size_t while_successors(const st_op *op, int from, st_region_successor *out, size_t cap) {
	(void)op;
	if (from == 0)
		return put(out, cap, put(out, cap, 0, 1), -1);
	return put(out, cap, 0, 0);
}

/* scf.if: either branch, or straight to the results when there is no
 * else; both branches end at the results. */
static size_t if_successors(const st_op *op, int from, st_region_successor *out, size_t cap) {
	if (from >= 0)
		return put(out, cap, 0, -1);
	bool has_else = !st_region_is_empty(st_op_region((st_op *)op, 1));
	return put(out, cap, put(out, cap, 0, 0), has_else ? 1 : -1);
}

static size_t execute_region_successors(const st_op *op, int from, st_region_successor *out, size_t cap) {
	(void)op;
	return put(out, cap, 0, from < 0 ? 0 : -1);
}

/* scf.index_switch: one of the regions, then the results. */
static size_t index_switch_successors(const st_op *op, int from, st_region_successor *out, size_t cap) {
	if (from >= 0)
		return put(out, cap, 0, -1);
	size_t n = 0;
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		n = put(out, cap, n, (int)r);
	return n;
}

const st_region_branch_iface st__scf_for_branch = {.successors = for_successors};
const st_region_branch_iface st__scf_while_branch = {.successors = while_successors};
const st_region_branch_iface st__scf_if_branch = {.successors = if_successors};
const st_region_branch_iface st__scf_execute_region_branch = {.successors = execute_region_successors};
const st_region_branch_iface st__scf_index_switch_branch = {.successors = index_switch_successors};

void st__scf_entry_operands(const st_op *op, size_t *start, size_t *n) {
	*start = *n = 0;
	if (st__scf_is(op, "scf.for")) {
		*start = 3;
		*n = st_op_num_operands(op) - 3;
	} else if (st__scf_is(op, "scf.while")) {
		*n = st_op_num_operands(op);
	}
}

size_t st__scf_region_inputs_start(const st_op *op, size_t r) {
	(void)r;
	return st__scf_is(op, "scf.for") ? 1 : 0;
}

/* ------------------------------------------------------------ loops */

static st_region *region0(st_op *op) { return st_op_region(op, 0); }
static st_region *region1(st_op *op) { return st_op_region(op, 1); }

static st_value *first_arg(st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	return b && st_block_num_args(b) ? st_block_arg(b, 0) : NULL;
}

static st_value *no_iv(st_op *op) {
	(void)op;
	return NULL;
}

/* A parallel loop has one induction variable per dimension; the
 * interface can name one only when there is one. */
static st_value *parallel_iv(st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	return b && st_block_num_args(b) == 1 ? st_block_arg(b, 0) : NULL;
}

const st_loop_like_iface st__scf_for_loop = {.body = region0, .induction_var = first_arg};
/* MLIR's WhileOp::getLoopBody: the `after` region. */
const st_loop_like_iface st__scf_while_loop = {.body = region1, .induction_var = no_iv};
const st_loop_like_iface st__scf_parallel_loop = {.body = region0, .induction_var = parallel_iv};
