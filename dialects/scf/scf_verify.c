/* The verifiers of the scf ops, with MLIR's messages: loop-carried values
 * against results, the terminators each region must end with, the types
 * along every control-flow edge (RegionBranchOpInterface), scf.parallel's
 * reductions, and scf.index_switch's cases. */
#include "scf_internal.h"

#include <stdio.h>

static const char *type_str(st_op *op, st_type *t, char *buf, size_t n) {
	return st_type_str(st_op_context(op), t, buf, n);
}

st_op *st__scf_region_terminator(st_op *op, size_t r) {
	if (r >= st_op_num_regions(op))
		return NULL;
	/* The last block: where a multi-block scf.execute_region yields. */
	st_block *b = st_region_last_block(st_op_region(op, r));
	return b ? st_block_last_op(b) : NULL;
}

/* SingleBlock and SingleBlockImplicitTerminator<name>: every non-empty
 * region's block is non-empty and ends with `name`. */
static st_status check_terminators(st_op *op, const char *name) {
	for (size_t r = 0; r < st_op_num_regions(op); r++) {
		st_block *b = st_region_first_block(st_op_region(op, r));
		if (!b)
			continue;
		st_op *t = st_block_last_op(b);
		if (!t)
			return st_op_error(op, "expects a non-empty block");
		if (st__scf_is(t, name))
			continue;
		st_diag *d = st_op_diag(op, ST_SEV_ERROR, "expects regions to end with '%s', found '%s'", name,
		                        st_op_name_cstr(t));
		st_diag_note(d, st_op_loc(op), "in custom textual format, the absence of terminator implies '%s'", name);
		return st_diag_emit(d);
	}
	return ST_OK;
}

/* A constant integer operand (from a constant-like producer). */
static bool const_int(st_value *v, int64_t *out) {
	st_op *d = st_value_defining_op(v);
	const st_constant_like_iface *c = d ? st_op_interface(d, ST_IFACE_CONSTANT_LIKE) : NULL;
	st_attr *a = c ? c->value(d) : NULL;
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return false;
	*out = st_attr_int_value(a);
	return true;
}

static st_status check_steps(st_op *op, size_t start, size_t n) {
	for (size_t i = 0; i < n; i++) {
		int64_t c;
		if (const_int(st_op_operand(op, start + i), &c) && c <= 0)
			return st_op_error(op, "constant step operand must be positive");
	}
	return ST_OK;
}

/* ------------------------------------------------- control-flow edges */

/* "from Region #0 to parent results" */
static void edge_name(char *buf, size_t n, int from, int to) {
	char a[32], b[32];
	if (from < 0)
		snprintf(a, sizeof a, "parent operands");
	else
		snprintf(a, sizeof a, "Region #%d", from);
	if (to < 0)
		snprintf(b, sizeof b, "parent results");
	else
		snprintf(b, sizeof b, "Region #%d", to);
	snprintf(buf, n, "from %s to %s", a, b);
}

/* The values the region terminator `t` passes on (scf.condition keeps
 * its condition). */
static void forwarded(st_op *t, size_t *start, size_t *n) {
	*start = st__scf_is(t, "scf.condition") ? 1 : 0;
	*n = st_op_num_operands(t) - *start;
}

static st_status check_edge(st_op *op, int from, st_op *src, size_t sstart, size_t sn, int to) {
	/* The inputs of the successor: the op's results or the region's
	 * entry arguments. */
	size_t tn;
	st_block *tb = NULL;
	size_t tstart = 0;
	if (to < 0) {
		tn = st_op_num_results(op);
	} else {
		tb = st_region_first_block(st_op_region(op, (size_t)to));
		if (!tb)
			return ST_OK;
		tstart = st__scf_region_inputs_start(op, (size_t)to);
		tn = st_block_num_args(tb) > tstart ? st_block_num_args(tb) - tstart : 0;
	}
	char edge[96];
	edge_name(edge, sizeof edge, from, to);
	if (sn != tn)
		return st_op_error(op, " region control flow edge %s: source has %zu operands, but target successor needs %zu",
		                   edge, sn, tn);
	for (size_t i = 0; i < sn; i++) {
		st_type *a = st_value_type(st_op_operand(src, sstart + i));
		st_type *b = to < 0 ? st_value_type(st_op_result(op, i)) : st_value_type(st_block_arg(tb, tstart + i));
		if (a != b) {
			char x[128], y[128];
			return st_op_error(op, " along control flow edge %s: source type #%zu '%s' should match input type #%zu '%s'",
			                   edge, i, type_str(op, a, x, sizeof x), i, type_str(op, b, y, sizeof y));
		}
	}
	return ST_OK;
}

st_status st__scf_verify_edges(st_op *op) {
	const st_region_branch_iface *rb = st_op_interface(op, ST_IFACE_REGION_BRANCH);
	if (!rb)
		return ST_OK;
	st_region_successor succ[16];
	for (int from = -1; from < (int)st_op_num_regions(op); from++) {
		st_op *src = op;
		size_t sstart, sn;
		if (from < 0) {
			st__scf_entry_operands(op, &sstart, &sn);
		} else {
			src = st__scf_region_terminator(op, (size_t)from);
			/* A region without a return-like terminator checks itself. */
			if (!src || !(st__scf_is(src, "scf.yield") || st__scf_is(src, "scf.condition")))
				continue;
			forwarded(src, &sstart, &sn);
		}
		size_t n = rb->successors(op, from, succ, 16);
		for (size_t i = 0; i < n && i < 16; i++)
			if (st_failed(check_edge(op, from, src, sstart, sn, succ[i].region)))
				return ST_FAIL;
	}
	return ST_OK;
}

/* ------------------------------------------------------------ scf.for */

st_status st__scf_verify_for(st_op *op) {
	if (st_failed(check_steps(op, 2, 1)))
		return ST_FAIL;
	if (st_op_num_operands(op) - 3 != st_op_num_results(op))
		return st_op_error(op, "mismatch in number of loop-carried values and defined values");
	return check_terminators(op, "scf.yield");
}

st_status st__scf_verify_for_regions(st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	if (!b || st_block_num_args(b) == 0)
		return st_op_error(op, "expected body to have a single block argument for the induction variable");
	if (st_value_type(st_block_arg(b, 0)) != st_value_type(st_op_operand(op, 0)))
		return st_op_error(op, "expected induction variable to be same type as bounds and step");
	size_t nres = st_op_num_results(op);
	if (st_block_num_args(b) - 1 != nres)
		return st_op_error(op, "mismatch in number of basic block args and defined values");
	for (size_t i = 0; i < nres; i++) {
		st_type *rt = st_value_type(st_op_result(op, i));
		if (st_value_type(st_op_operand(op, 3 + i)) != rt)
			return st_op_error(op, "types mismatch between %zuth iter operand and defined value", i);
		if (st_value_type(st_block_arg(b, 1 + i)) != rt)
			return st_op_error(op, "types mismatch between %zuth iter region arg and defined value", i);
	}
	return st__scf_verify_edges(op);
}

/* ------------------------------------------------------------- scf.if */

st_status st__scf_verify_if(st_op *op) {
	if (st_op_num_results(op) && st_region_is_empty(st_op_region(op, 1)))
		return st_op_error(op, "must have an else block if defining values");
	for (size_t r = 0; r < 2; r++) {
		st_block *b = st_region_first_block(st_op_region(op, r));
		if (b && st_block_num_args(b))
			return st_op_error(op, "region #%zu should have no arguments", r);
	}
	return check_terminators(op, "scf.yield");
}

/* ---------------------------------------------------------- scf.while */

/* MLIR's verifyAndGetTerminator: the error `d` (about region `r` of `op`
 * not ending with the right terminator) gets a note at the terminator. */
static st_status terminator_error(st_op *op, size_t r, st_diag *d) {
	st_op *t = st__scf_region_terminator(op, r);
	if (t)
		st_diag_note(d, st_op_loc(t), "terminator here");
	return st_diag_emit(d);
}

st_status st__scf_verify_while(st_op *op) {
	if (!st__scf_is(st__scf_region_terminator(op, 0), "scf.condition"))
		return terminator_error(
			op, 0, st_op_diag(op, ST_SEV_ERROR, "expects the 'before' region to terminate with 'scf.condition'"));
	if (!st__scf_is(st__scf_region_terminator(op, 1), "scf.yield"))
		return terminator_error(
			op, 1, st_op_diag(op, ST_SEV_ERROR, "expects the 'after' region to terminate with 'scf.yield'"));
	return ST_OK;
}

/* -------------------------------------------------- scf.execute_region */

st_status st__scf_verify_execute_region(st_op *op) {
	st_region *r = st_op_region(op, 0);
	if (st_region_is_empty(r))
		return st_op_error(op, "region needs to have at least one block");
	if (st_block_num_args(st_region_first_block(r)))
		return st_op_error(op, "region cannot have any arguments");
	return ST_OK;
}

/* -------------------------------------------------------- scf.parallel */

/* The current form ends the body with scf.reduce, MLIR 14's with an empty
 * scf.yield after one scf.mlir14_reduce per result. */
static st_status verify_parallel_reductions(st_op *op, st_op *t) {
	size_t nres = st_op_num_results(op);
	char a[128], b[128];
	if (st__scf_is(t, "scf.reduce")) {
		size_t nred = st_op_num_operands(t);
		if (nres != nred)
			return st_op_error(op, "expects number of results: %zu to be the same as number of reductions: %zu", nres,
			                   nred);
		for (size_t i = 0; i < nres; i++) {
			st_type *rt = st_value_type(st_op_result(op, i)), *ot = st_value_type(st_op_operand(t, i));
			if (rt != ot)
				return st_op_error(t, "expects type of %zu-th reduction operand: '%s' to be the same as the %zu-th result type: '%s'",
				                   i, type_str(op, ot, a, sizeof a), i, type_str(op, rt, b, sizeof b));
		}
		return ST_OK;
	}
	if (st_op_num_operands(t))
		return st_op_error(t, "expects no operands in a parallel loop body, found %zu", st_op_num_operands(t));
	size_t k = 0;
	for (st_op *o = st_block_first_op(st_op_block(t)); o; o = st_op_next(o)) {
		if (!st__scf_is(o, "scf.mlir14_reduce"))
			continue;
		if (k < nres) {
			st_type *rt = st_value_type(st_op_result(op, k)), *ot = st_value_type(st_op_operand(o, 0));
			if (rt != ot)
				return st_op_error(o, "expects type of reduce: '%s' to be the same as result type: '%s'",
				                   type_str(op, ot, a, sizeof a), type_str(op, rt, b, sizeof b));
		}
		k++;
	}
	if (k != nres)
		return st_op_error(op, "expects number of results: %zu to be the same as number of reductions: %zu", nres, k);
	return ST_OK;
}

st_status st__scf_verify_parallel(st_op *op) {
	size_t s, n;
	if (st_failed(st_op_operand_group(op, 2, &s, &n)))
		return ST_FAIL;
	size_t ls, ln, us, un;
	if (st_failed(st_op_operand_group(op, 0, &ls, &ln)) || st_failed(st_op_operand_group(op, 1, &us, &un)))
		return ST_FAIL;
	if (ln != n || un != n)
		return st_op_error(op, "expects the same number of lower bounds (%zu), upper bounds (%zu) and steps (%zu)", ln,
		                   un, n);
	if (!n)
		return st_op_error(op, "needs at least one tuple element for lowerBound, upperBound and step");
	if (st_failed(check_steps(op, s, n)))
		return ST_FAIL;
	st_block *b = st_region_first_block(st_op_region(op, 0));
	if (!b)
		return st_op_error(op, "expects a non-empty block");
	if (st_block_num_args(b) != n)
		return st_op_error(op, "expects the same number of induction variables: %zu as bound and step values: %zu",
		                   st_block_num_args(b), n);
	for (size_t i = 0; i < n; i++)
		if (!st_type_is_index(st_value_type(st_block_arg(b, i))))
			return st_op_error(op, "expects arguments for the induction variable to be of index type");
	st_op *t = st_block_last_op(b);
	if (!t || !(st__scf_is(t, "scf.reduce") || st__scf_is(t, "scf.yield")))
		return terminator_error(op, 0, st_op_diag(op, ST_SEV_ERROR, "expects body to terminate with 'scf.reduce'"));
	size_t is, in;
	if (st_failed(st_op_operand_group(op, 3, &is, &in)))
		return ST_FAIL;
	if (st_op_num_results(op) != in)
		return st_op_error(op, "expects number of results: %zu to be the same as number of initial values: %zu",
		                   st_op_num_results(op), in);
	for (size_t i = 0; i < in; i++)
		if (st_value_type(st_op_operand(op, is + i)) != st_value_type(st_op_result(op, i))) {
			char a[128], c[128];
			return st_op_error(op, "expects type of initial value #%zu: '%s' to be the same as the result type: '%s'", i,
			                   type_str(op, st_value_type(st_op_operand(op, is + i)), a, sizeof a),
			                   type_str(op, st_value_type(st_op_result(op, i)), c, sizeof c));
		}
	return verify_parallel_reductions(op, t);
}

/* The reduction region `r` of a reduce op over a value of type `type`. */
static st_status verify_reduction_region(st_op *op, size_t i, st_type *type) {
	/* An empty block was reported with the region's contents. */
	st_block *b = st_region_first_block(st_op_region(op, i));
	if (!b)
		return st_op_error(op, "expects a non-empty block");
	char buf[128];
	if (st_block_num_args(b) != 2 || st_value_type(st_block_arg(b, 0)) != type ||
	    st_value_type(st_block_arg(b, 1)) != type)
		return st_op_error(op, "expected two block arguments with type '%s' in the %zu-th reduction region",
		                   type_str(op, type, buf, sizeof buf), i);
	if (!st__scf_is(st_block_last_op(b), "scf.reduce.return"))
		return st_op_error(op, "reduction bodies must be terminated with an 'scf.reduce.return' op");
	return ST_OK;
}

st_status st__scf_verify_reduce_regions(st_op *op) {
	if (st_op_num_regions(op) != st_op_num_operands(op))
		return st_op_error(op, "expects one reduction region per operand: %zu operands, %zu regions",
		                   st_op_num_operands(op), st_op_num_regions(op));
	for (size_t i = 0; i < st_op_num_regions(op); i++)
		if (st_failed(verify_reduction_region(op, i, st_value_type(st_op_operand(op, i)))))
			return ST_FAIL;
	return ST_OK;
}

st_status st__scf_verify_reduce14(st_op *op) {
	st_op *parent = st_op_parent_op(op);
	if (!st__scf_is(parent, "scf.parallel"))
		return st_op_error(op, "expects parent op 'scf.parallel'");
	return verify_reduction_region(op, 0, st_value_type(st_op_operand(op, 0)));
}

st_status st__scf_verify_reduce_return(st_op *op) {
	st_op *parent = st_op_parent_op(op);
	if (!st__scf_is(parent, "scf.reduce") && !st__scf_is(parent, "scf.mlir14_reduce"))
		return st_op_error(op, "expects parent op 'scf.reduce'");
	st_block *b = st_op_block(op);
	if (!st_block_num_args(b))
		return ST_OK; /* the reduce op reports its block */
	st_type *want = st_value_type(st_block_arg(b, 0));
	if (st_value_type(st_op_operand(op, 0)) != want) {
		char buf[128];
		return st_op_error(op, "must have type '%s' (the type of the reduction inputs)",
		                   type_str(op, want, buf, sizeof buf));
	}
	return ST_OK;
}

/* ---------------------------------------------------- scf.index_switch */

static st_status verify_switch_region(st_op *op, size_t r, const char *name) {
	st_op *t = st__scf_region_terminator(op, r);
	if (!t)
		return st_op_error(op, "expects a non-empty block");
	if (!st__scf_is(t, "scf.yield"))
		return st_op_error(op, "expected region to end with scf.yield, but got %s", st_op_name_cstr(t));
	size_t n = st_op_num_results(op);
	if (st_op_num_operands(t) != n) {
		st_diag *d = st_op_diag(op, ST_SEV_ERROR, "expected each region to return %zu values, but %s returns %zu", n,
		                        name, st_op_num_operands(t));
		st_diag_note(d, st_op_loc(t), "see yield operation here");
		return st_diag_emit(d);
	}
	for (size_t i = 0; i < n; i++) {
		st_type *rt = st_value_type(st_op_result(op, i)), *yt = st_value_type(st_op_operand(t, i));
		if (rt == yt)
			continue;
		char a[128], b[128];
		st_diag *d = st_op_diag(op, ST_SEV_ERROR, "expected result #%zu of each region to be '%s'", i,
		                        type_str(op, rt, a, sizeof a));
		st_diag_note(d, st_op_loc(t), "%s returns '%s' here", name, type_str(op, yt, b, sizeof b));
		return st_diag_emit(d);
	}
	return ST_OK;
}

st_status st__scf_verify_index_switch(st_op *op) {
	st_attr *cases = st_op_get_attr(op, "cases");
	size_t ncases = st_attr_dense_array_size(cases), nregions = st_op_num_regions(op) - 1;
	if (ncases != nregions)
		return st_op_error(op, "has %zu case regions but %zu case values", nregions, ncases);
	for (size_t i = 0; i < ncases; i++)
		for (size_t j = 0; j < i; j++)
			if (st_attr_dense_array_int(cases, i) == st_attr_dense_array_int(cases, j))
				return st_op_error(op, "has duplicate case value: %lld", (long long)st_attr_dense_array_int(cases, i));
	if (st_failed(verify_switch_region(op, 0, "default region")))
		return ST_FAIL;
	for (size_t i = 0; i < ncases; i++) {
		char name[48];
		snprintf(name, sizeof name, "case region #%zu", i);
		if (st_failed(verify_switch_region(op, i + 1, name)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* ----------------------------------------------------------- scf.yield */

st_status st__scf_verify_yield(st_op *op) {
	static const char *const parents[] = {"scf.execute_region", "scf.for",   "scf.if",
	                                      "scf.index_switch",   "scf.while", NULL};
	st_op *parent = st_op_parent_op(op);
	for (size_t i = 0; parents[i]; i++)
		if (st__scf_is(parent, parents[i]))
			return ST_OK;
	/* MLIR 14's parallel loops end with an empty scf.yield. */
	if (st__scf_is(parent, "scf.parallel"))
		return ST_OK;
	return st_op_error(op, "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, "
	                       "scf.parallel, scf.while'");
}
