/* The verifiers of the memref ops, with MLIR's messages: dynamic sizes and
 * layout symbols of allocations, index counts and element types of loads
 * and stores, globals and their initial values, cast compatibility. */
#include "memref_internal.h"

static const char *type_str(st_op *op, const st_type *t, char *buf, size_t n) {
	return st_type_str(st_op_context(op), t, buf, n);
}

static bool is_memref(const st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_MEMREF || st_type_get_kind(t) == ST_TYPE_UNRANKED_MEMREF;
}

/* ---------------------------------------------------------- allocation */

st_status st__memref_verify_alloc(st_op *op) {
	/* The result is a ranked memref: the table says so. */
	st_type *t = st_value_type(st_op_result(op, 0));
	size_t ds, dn, ss, sn, ndyn = 0;
	if (st_failed(st_op_operand_group(op, 0, &ds, &dn)) || st_failed(st_op_operand_group(op, 1, &ss, &sn)))
		return ST_FAIL;
	for (size_t i = 0; i < st_type_rank(t); i++)
		ndyn += st_type_dim(t, i) == ST_DYNAMIC;
	if (dn != ndyn)
		return st_op_error(op, "dimension operand count does not equal memref dynamic dimension count");
	st_attr *layout = st_type_memref_layout(t);
	unsigned nsyms = 0;
	if (layout && st_attr_get_kind(layout) == ST_ATTR_AFFINE_MAP)
		nsyms = st_affine_map_num_symbols(st_attr_affine_map(layout));
	else if (st_attr_is_strided_layout(layout))
		nsyms = st_affine_map_num_symbols(st_strided_layout_map(st_op_context(op), layout));
	if (sn != nsyms)
		return st_op_error(op, "symbol operand count does not equal memref symbol count: expected %u, got %zu", nsyms,
		                   sn);
	return ST_OK;
}

/* An alloca lives until its enclosing allocation scope returns: a
 * function (MLIR's AutomaticAllocationScope). */
st_status st__memref_verify_alloca(st_op *op) {
	st_op *p = st_op_parent_op(op);
	while (p && !st_op_interface(p, ST_IFACE_CALLABLE))
		p = st_op_parent_op(p);
	if (!p)
		return st_op_error(op, "requires an ancestor op with AutomaticAllocationScope trait");
	return st__memref_verify_alloc(op);
}

/* ------------------------------------------------------ load and store */

static st_status check_indices(st_op *op, size_t mem, const char *fmt_is_load) {
	st_type *t = st_value_type(st_op_operand(op, mem));
	size_t n = st_op_num_operands(op) - mem - 1;
	if (st_type_get_kind(t) != ST_TYPE_MEMREF || n == st_type_rank(t))
		return ST_OK;
	if (fmt_is_load)
		return st_op_error(op, "incorrect number of indices for load, expected %zu but got %zu", st_type_rank(t), n);
	return st_op_error(op, "store index operand count not equal to memref rank");
}

st_status st__memref_verify_load(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	if (st_type_element(t) != st_value_type(st_op_result(op, 0)))
		return st_op_error(op, "failed to verify that result type matches element type of 'memref'");
	return check_indices(op, 0, "load");
}

st_status st__memref_verify_store(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 1));
	if (st_type_element(t) != st_value_type(st_op_operand(op, 0)))
		return st_op_error(op, "failed to verify that type of 'value' matches element type of 'memref'");
	return check_indices(op, 1, NULL);
}

/* ------------------------------------------------------------- globals */

st_status st__memref_verify_global(st_op *op) {
	st_context *ctx = st_op_context(op);
	st_type *t = st_attr_type_value(st_op_get_attr(op, "type"));
	char a[256], b[256];
	if (st_type_get_kind(t) != ST_TYPE_MEMREF || st_type_num_elements_static(t) < 0)
		return st_op_error(op, "type should be static shaped memref, but got '%s'", type_str(op, t, a, sizeof a));
	st_attr *init = st_op_get_attr(op, "initial_value");
	if (init && st_attr_get_kind(init) != ST_ATTR_UNIT) {
		if (st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS)
			return st_op_error(op, "initial value should be a unit or elements attribute, but got %s",
			                   st_attr_str(ctx, init, a, sizeof a));
		st_type *want = st_tensor_type(ctx, st_type_rank(t), st_type_shape(t), st_type_element(t), NULL);
		if (st_attr_type(init) != want)
			return st_op_error(op, "initial value expected to be of type '%s', but was of type '%s'",
			                   type_str(op, want, a, sizeof a), type_str(op, st_attr_type(init), b, sizeof b));
	}
	st_attr *align = st_op_get_attr(op, "alignment");
	if (align) {
		uint64_t v = st_attr_int_uvalue(align);
		if (v == 0 || (v & (v - 1)))
			return st_error(ctx, st_op_loc(op), "alignment attribute value %llu is not a power of 2",
			                (unsigned long long)v);
	}
	return ST_OK;
}

st_status st__memref_verify_get_global(st_op *op) {
	st_attr *ref = st_op_get_attr(op, "name");
	st_op *g = st_symbol_lookup_nearest(op, ref);
	const char *name = st_ident_cstr(st_attr_symbol_leaf(ref));
	if (!g || !st__memref_is(g, "memref.global"))
		return st_op_error(op, "'%s' does not reference a valid global memref", name);
	st_attr *gt = st_op_get_attr(g, "type");
	st_type *rt = st_value_type(st_op_result(op, 0));
	if (!gt || st_attr_get_kind(gt) != ST_ATTR_TYPE || st_attr_type_value(gt) != rt) {
		char a[256], b[256];
		return st_op_error(op, "result type '%s' does not match type '%s' of the global memref @%s",
		                   type_str(op, rt, a, sizeof a),
		                   gt && st_attr_get_kind(gt) == ST_ATTR_TYPE ? type_str(op, st_attr_type_value(gt), b, sizeof b)
		                                                              : "?",
		                   name);
	}
	return ST_OK;
}

/* --------------------------------------------------------------- casts */

static bool compatible_value(int64_t a, int64_t b) { return a == ST_DYNAMIC || b == ST_DYNAMIC || a == b; }

bool st__memref_cast_compatible(st_type *a, st_type *b) {
	bool ar = st_type_get_kind(a) == ST_TYPE_MEMREF, br = st_type_get_kind(b) == ST_TYPE_MEMREF;
	if (!is_memref(a) || !is_memref(b) || st_type_element(a) != st_type_element(b) ||
	    st_type_memory_space(a) != st_type_memory_space(b))
		return false;
	if (!ar || !br)
		return ar || br; /* unranked to unranked is not a cast */
	size_t rank = st_type_rank(a);
	if (rank != st_type_rank(b))
		return false;
	if (st_type_memref_layout(a) != st_type_memref_layout(b)) {
		int64_t sa[16], sb[16], oa, ob;
		if (rank > 16 || st_failed(st_memref_strides_and_offset(a, sa, &oa)) ||
		    st_failed(st_memref_strides_and_offset(b, sb, &ob)) || !compatible_value(oa, ob))
			return false;
		for (size_t i = 0; i < rank; i++)
			if (!compatible_value(sa[i], sb[i]))
				return false;
	}
	for (size_t i = 0; i < rank; i++)
		if (!compatible_value(st_type_dim(a, i), st_type_dim(b, i)))
			return false;
	return true;
}

st_status st__memref_verify_cast(st_op *op) {
	st_type *a = st_value_type(st_op_operand(op, 0)), *b = st_value_type(st_op_result(op, 0));
	if (st__memref_cast_compatible(a, b))
		return ST_OK;
	char x[256], y[256];
	return st_op_error(op, "operand type '%s' and result type '%s' are cast incompatible", type_str(op, a, x, sizeof x),
	                   type_str(op, b, y, sizeof y));
}

/* ---------------------------------------------------------- copy, dim */

/* SameOperandsElementType and SameOperandsShape. */
st_status st__memref_verify_copy(st_op *op) {
	st_type *a = st_value_type(st_op_operand(op, 0)), *b = st_value_type(st_op_operand(op, 1));
	if (st_type_element(a) != st_type_element(b))
		return st_op_error(op, "requires the same element type for all operands");
	if (st_type_has_rank(a) && st_type_has_rank(b)) {
		bool same = st_type_rank(a) == st_type_rank(b);
		for (size_t i = 0; same && i < st_type_rank(a); i++)
			same = compatible_value(st_type_dim(a, i), st_type_dim(b, i));
		if (!same)
			return st_op_error(op, "requires the same shape for all operands");
	}
	return ST_OK;
}

/* MLIR 14: a constant index must be below the rank. */
st_status st__memref_verify_dim(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	st_attr *c = st__memref_const(st_op_operand(op, 1));
	if (!c || st_attr_get_kind(c) != ST_ATTR_INTEGER || st_type_get_kind(t) != ST_TYPE_MEMREF)
		return ST_OK;
	int64_t i = st_attr_int_value(c);
	if (i < 0 || (uint64_t)i >= st_type_rank(t))
		return st_op_error(op, "index is out of range");
	return ST_OK;
}
