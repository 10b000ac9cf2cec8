/* The affine ops' verifiers (MLIR's wording), on top of what the op table
 * states, and MLIR's rules for which values may be dims and symbols:
 * a symbol is fixed for the whole affine scope (func.func's body) — a
 * value defined at its top level, a constant, or an affine.apply/min/max of
 * symbols; a dim may also vary with enclosing affine loops. */
#include "affine_internal.h"

/* The op whose region holds `v` directly (its block's parent). */
static st_op *holder(const st_value *v) {
	st_op *d = st_value_defining_op(v);
	return d ? st_op_parent_op(d) : st_block_parent_op(st_value_owner_block(v));
}

static bool top_level(const st_value *v) {
	st_op *h = holder(v);
	return h && st_op_has_trait(h, ST_TRAIT_AFFINE_SCOPE);
}

static bool is_map_op(const st_op *d) {
	return st_affine_is_apply(d) || st_affine_is_min(d) || st_affine_is_max(d);
}

static bool all_operands(st_op *d, bool (*ok)(st_value *)) {
	for (size_t i = 0; i < st_op_num_operands(d); i++)
		if (!ok(st_op_operand(d, i)))
			return false;
	return true;
}

bool st__affine_valid_symbol(st_value *v) {
	if (!st_type_is_index(st_value_type(v)))
		return false;
	if (top_level(v))
		return true;
	st_op *d = st_value_defining_op(v);
	if (!d)
		return false;
	if (st_op_has_trait(d, ST_TRAIT_CONSTANT_LIKE) || st__affine_is(d, "memref.dim"))
		return true;
	return is_map_op(d) && all_operands(d, st__affine_valid_symbol);
}

bool st__affine_valid_dim(st_value *v) {
	if (!st_type_is_index(st_value_type(v)))
		return false;
	if (st__affine_valid_symbol(v))
		return true;
	st_op *d = st_value_defining_op(v);
	if (!d) {
		st_op *parent = st_block_parent_op(st_value_owner_block(v));
		return parent && (st_affine_is_for(parent) || st_affine_is_parallel(parent));
	}
	return is_map_op(d) && all_operands(d, st__affine_valid_dim);
}

/* Operands [start, start + ndims) must be valid dims, the next nsyms
 * valid symbols. */
static st_status check_dims_syms(st_op *op, size_t start, unsigned ndims, unsigned nsyms) {
	for (size_t i = 0; i < ndims; i++)
		if (!st__affine_valid_dim(st_op_operand(op, start + i)))
			return st_op_error(op, "operand cannot be used as a dimension id");
	for (size_t i = 0; i < nsyms; i++)
		if (!st__affine_valid_symbol(st_op_operand(op, start + ndims + i)))
			return st_op_error(op, "operand cannot be used as a symbol");
	return ST_OK;
}

static st_status check_map_operands(st_op *op, const st_affine_map *m, size_t start, size_t n, const char *msg) {
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	if (n != (size_t)nd + ns)
		return st_op_error(op, "%s", msg);
	return check_dims_syms(op, start, nd, ns);
}

st_status st__affine_verify_for(st_op *op) {
	st_block *b = st_affine_for_body(op);
	size_t lbs, ubs, inits;
	size_t nlb = st_affine_for_lb_operands(op, &lbs), nub = st_affine_for_ub_operands(op, &ubs);
	size_t ninit = st_affine_for_inits(op, &inits);
	const st_affine_map *lbm = st_affine_for_lb_map(op), *ubm = st_affine_for_ub_map(op);
	if (nlb + nub != (size_t)st_affine_map_num_dims(lbm) + st_affine_map_num_symbols(lbm) +
	                     st_affine_map_num_dims(ubm) + st_affine_map_num_symbols(ubm))
		return st_op_error(op, "operand count must match affine map dimension and symbol count");
	if (!b || st_block_num_args(b) < 1 || !st_type_is_index(st_value_type(st_block_arg(b, 0))))
		return st_op_error(op, "expected body to have a single index argument for the induction variable");
	if (st_affine_for_step(op) <= 0)
		return st_op_error(op, "expected step to be representable as a positive signed integer");
	const char *msg = "operand count must match affine map dimension and symbol count";
	if (st_failed(check_map_operands(op, st_affine_for_lb_map(op), lbs, nlb, msg)) ||
	    st_failed(check_map_operands(op, st_affine_for_ub_map(op), ubs, nub, msg)))
		return ST_FAIL;
	if (st_affine_map_num_results(st_affine_for_lb_map(op)) == 0 ||
	    st_affine_map_num_results(st_affine_for_ub_map(op)) == 0)
		return st_op_error(op, "loop bound maps must have at least one result");
	if (ninit != st_op_num_results(op))
		return st_op_error(op, "mismatch between the number of loop-carried values and results");
	if (st_block_num_args(b) != ninit + 1)
		return st_op_error(op, "mismatch between the number of basic block args and results");
	for (size_t i = 0; i < ninit; i++) {
		st_type *t = st_value_type(st_op_operand(op, inits + i));
		if (st_value_type(st_block_arg(b, i + 1)) != t || st_value_type(st_op_result(op, i)) != t)
			return st_op_error(op, "types mismatch between iter operand %zu, its region argument and result", i);
	}
	return ST_OK;
}

st_status st__affine_verify_if(st_op *op) {
	const st_integer_set *set = st_affine_if_set(op);
	unsigned nd = st_integer_set_num_dims(set), ns = st_integer_set_num_symbols(set);
	if (st_op_num_operands(op) != (size_t)nd + ns)
		return st_op_error(op, "operand count and condition integer set dimension and symbol count must match");
	if (st_op_num_results(op) && st_region_is_empty(st_op_region(op, 1)))
		return st_op_error(op, "must have an else block if defining values");
	return check_dims_syms(op, 0, nd, ns);
}

static st_status verify_access(st_op *op) {
	size_t start, n = st_affine_op_map_operands(op, &start);
	const st_affine_map *m = st_affine_op_map(op);
	st_type *t = st_value_type(st_affine_access_memref(op));
	if (st_affine_map_num_results(m) != st_type_rank(t))
		return st_op_error(op, "affine map num results must equal memref rank");
	if (n != (size_t)st_affine_map_num_dims(m) + st_affine_map_num_symbols(m))
		return st_op_error(op, "expects as many subscripts as affine map inputs");
	for (size_t i = 0; i < n; i++) {
		st_value *v = st_op_operand(op, start + i);
		bool ok = i < st_affine_map_num_dims(m) ? st__affine_valid_dim(v) : st__affine_valid_symbol(v);
		if (!ok)
			return st_op_error(op, "index must be a dimension or symbol identifier");
	}
	return ST_OK;
}

st_status st__affine_verify_load(st_op *op) {
	if (st_failed(verify_access(op)))
		return ST_FAIL;
	if (st_value_type(st_op_result(op, 0)) != st_type_element(st_value_type(st_affine_access_memref(op))))
		return st_op_error(op, "result type must match element type of memref");
	return ST_OK;
}

st_status st__affine_verify_store(st_op *op) {
	if (st_failed(verify_access(op)))
		return ST_FAIL;
	if (st_value_type(st_affine_store_value(op)) != st_type_element(st_value_type(st_affine_access_memref(op))))
		return st_op_error(op, "value to store must have the same type as memref element type");
	return ST_OK;
}

st_status st__affine_verify_map_op(st_op *op) {
	const st_affine_map *m = st_affine_op_map(op);
	if (st_failed(check_map_operands(op, m, 0, st_op_num_operands(op),
	                                 "operand count and affine map dimension and symbol count must match")))
		return ST_FAIL;
	size_t nres = st_affine_map_num_results(m);
	if (st_affine_is_apply(op) && nres != 1)
		return st_op_error(op, "mapping must produce one value");
	if (nres == 0)
		return st_op_error(op, "map must have at least one result");
	return ST_OK;
}

static st_status check_groups(st_op *op, const char *name, size_t nd, size_t nresults) {
	st_attr *g = st_op_get_attr(op, name);
	if (!g || st_attr_get_kind(g) != ST_ATTR_DENSE_ELEMENTS)
		return st_op_error(op, "requires attribute '%s' of 32-bit integer elements", name);
	size_t total = 0;
	bool splat = st_attr_dense_is_splat(g);
	int64_t count = st_type_num_elements_static(st_attr_type(g));
	size_t n = count < 0 ? 0 : (size_t)count;
	if (n != nd)
		return st_op_error(op, "the number of region arguments (%zu) and the number of map groups for %s bound (%zu) "
		                       "must match",
		                   nd, name[0] == 'l' ? "lower" : "upper", n);
	for (size_t i = 0; i < n; i++) {
		int64_t k = st_attr_dense_int(g, splat ? 0 : i);
		if (k < 1)
			return st_op_error(op, "expected every group of '%s' to hold at least one bound", name);
		total += (size_t)k;
	}
	if (total != nresults)
		return st_op_error(op, "'%s' covers %zu results but the map has %zu", name, total, nresults);
	return ST_OK;
}

st_status st__affine_verify_parallel(st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	size_t nd = st_affine_parallel_num_dims(op);
	if (!b || st_block_num_args(b) != nd)
		return st_op_error(op, "the number of region arguments (%zu) and the number of steps (%zu) must match",
		                   b ? st_block_num_args(b) : 0, nd);
	for (size_t i = 0; i < nd; i++) {
		if (!st_type_is_index(st_value_type(st_block_arg(b, i))))
			return st_op_error(op, "expected index region arguments");
		st_attr *s = st_attr_array_elt(st_op_get_attr(op, "steps"), i);
		if (st_attr_get_kind(s) != ST_ATTR_INTEGER || st_attr_int_value(s) <= 0)
			return st_op_error(op, "expected positive integer steps");
	}
	const st_affine_map *lb = st_affine_parallel_lb_map(op), *ub = st_affine_parallel_ub_map(op);
	if (st_failed(check_groups(op, "lowerBoundsGroups", nd, st_affine_map_num_results(lb))) ||
	    st_failed(check_groups(op, "upperBoundsGroups", nd, st_affine_map_num_results(ub))))
		return ST_FAIL;
	size_t lbs, ubs, nlb = st_affine_parallel_lb_operands(op, &lbs);
	if (nlb > st_op_num_operands(op))
		return st_op_error(op, "operand count must match affine map dimension and symbol count");
	size_t nub = st_affine_parallel_ub_operands(op, &ubs);
	const char *msg = "operand count must match affine map dimension and symbol count";
	if (st_failed(check_map_operands(op, lb, lbs, nlb, msg)) || st_failed(check_map_operands(op, ub, ubs, nub, msg)))
		return ST_FAIL;
	st_attr *red = st_op_get_attr(op, "reductions");
	if (st_attr_array_size(red) != st_op_num_results(op))
		return st_op_error(op, "a reduction must be specified for each output");
	for (size_t i = 0; i < st_op_num_results(op); i++)
		if (!st_affine_parallel_reduction(op, i))
			return st_op_error(op, "invalid reduction attribute");
	return ST_OK;
}

st_status st__affine_verify_yield(st_op *op) {
	st_op *parent = st_op_parent_op(op);
	if (!parent || !(st_affine_is_for(parent) || st_affine_is_if(parent) || st_affine_is_parallel(parent)))
		return st_op_error(op, "expects parent op to be one of 'affine.for', 'affine.if', 'affine.parallel'");
	if (st_op_num_operands(op) != st_op_num_results(parent))
		return st_op_error(op, "parent of yield must have same number of results as the yield operands");
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (st_value_type(st_op_operand(op, i)) != st_value_type(st_op_result(parent, i)))
			return st_op_error(op, "types mismatch between yield op and its parent");
	return ST_OK;
}
