/* The srdfg verifiers: what ties an op to its regions and to the edges it
 * reads (index boxes, maps, the values regions yield). */
#include "srdfg_internal.h"

#include "strata/affine.h"

#include <string.h>

st_type *st__srdfg_elt(const st_type *edge) {
	st_type *v = st_srdfg_edge_value(edge);
	return st_type_get_kind(v) == ST_TYPE_RANKED_TENSOR ? st_type_element(v) : v;
}

size_t st__srdfg_rank(const st_type *edge) {
	st_type *v = st_srdfg_edge_value(edge);
	return st_type_get_kind(v) == ST_TYPE_RANKED_TENSOR ? st_type_rank(v) : 0;
}

static st_block *body_block(st_op *op, size_t r) { return st_region_first_block(st_op_region(op, r)); }

static bool is_op(const st_op *op, const char *name) { return op && !strcmp(st_op_name_cstr(op), name); }

/* The yield ending region `r` of `op`, checked to carry `n` values. */
static st_status yield_of(st_op *op, size_t r, const char *what, size_t lo, size_t hi, st_op **out) {
	st_op *y = st_block_terminator(body_block(op, r));
	if (!is_op(y, "srdfg.yield"))
		return st_op_error(op, "the %s must end in srdfg.yield", what);
	size_t n = st_op_num_operands(y);
	if (n < lo || n > hi)
		return st_op_error(op, "the %s yields %zu values, expected %zu%s", what, n, lo, hi > lo ? " or 2" : "");
	*out = y;
	return ST_OK;
}

/* The index box: one `lb`/`ub` pair per index argument of the body. */
static st_status check_box(st_op *op, st_block *b) {
	st_attr *lb = st_op_get_attr(op, "lb"), *ub = st_op_get_attr(op, "ub");
	size_t n = st_attr_dense_array_size(lb);
	if (n > ST__SRDFG_MAX_IDX)
		return st_op_error(op, "supports at most 16 indices");
	if (st_attr_dense_array_size(ub) != n || st_block_num_args(b) != n)
		return st_op_error(op, "needs one lb, one ub and one index argument per index (%zu, %zu and %zu)", n,
		                   st_attr_dense_array_size(ub), st_block_num_args(b));
	for (size_t i = 0; i < n; i++)
		if (!st_type_is_index(st_value_type(st_block_arg(b, i))))
			return st_op_error(op, "index argument #%zu must have type 'index'", i);
	return ST_OK;
}

static st_status check_map(st_op *op, const st_affine_map *m, size_t ndims, size_t rank) {
	if (!m)
		return rank ? st_op_error(op, "needs a map to address an edge of rank %zu", rank) : ST_OK;
	if (st_affine_map_num_dims(m) != ndims || st_affine_map_num_symbols(m) || st_affine_map_num_results(m) != rank)
		return st_op_error(op, "map must take %zu dimensions and give %zu results", ndims, rank);
	return ST_OK;
}

static const st_affine_map *map_attr(st_op *op) {
	st_attr *a = st_op_get_attr(op, "map");
	return a ? st_attr_affine_map(a) : NULL;
}

st_status st__srdfg_verify_graph(st_op *op) {
	st_block *b = body_block(op, 0);
	for (size_t i = 0; i < st_block_num_args(b); i++) {
		st_type *t = st_value_type(st_block_arg(b, i));
		if (!st_srdfg_is_edge(t) || st_srdfg_edge_mod(t) == ST_SRDFG_LOCAL)
			return st_op_error(op, "argument #%zu must be an input, output, state or param edge", i);
	}
	if (!is_op(st_block_terminator(b), "srdfg.return"))
		return st_op_error(op, "the body must end in srdfg.return");
	return ST_OK;
}

st_status st__srdfg_verify_node(st_op *op) {
	st_block *b = body_block(op, 0);
	size_t n = st_op_num_operands(op);
	if (st_block_num_args(b) != n)
		return st_op_error(op, "the body takes %zu arguments, the node has %zu operands", st_block_num_args(b), n);
	for (size_t i = 0; i < n; i++)
		if (st_srdfg_edge_value(st_value_type(st_block_arg(b, i))) !=
		    st_srdfg_edge_value(st_value_type(st_op_operand(op, i))))
			return st_op_error(op, "argument #%zu of the body carries another value type than its operand", i);
	st_op *y;
	size_t nr = st_op_num_results(op);
	if (st_failed(yield_of(op, 0, "body", nr, nr, &y)))
		return ST_FAIL;
	for (size_t i = 0; i < nr; i++) {
		st_type *t = st_value_type(st_op_operand(y, i));
		if (!st_srdfg_is_edge(t) || st_srdfg_edge_value(t) != st_srdfg_edge_value(st_value_type(st_op_result(op, i))))
			return st_op_error(op, "result #%zu carries another value type than the body yields", i);
	}
	return ST_OK;
}

st_status st__srdfg_verify_yield(st_op *op) {
	st_op *parent = st_block_parent_op(st_op_block(op));
	if (!is_op(parent, "srdfg.node") && !is_op(parent, "srdfg.compute") && !is_op(parent, "srdfg.reduce"))
		return st_op_error(op, "expects parent op 'srdfg.node', 'srdfg.compute' or 'srdfg.reduce'");
	return ST_OK;
}

/* The final values, then the graph arguments they go to: every output and
 * state argument once, in order. */
st_status st__srdfg_verify_return(st_op *op) {
	st_block *b = st_op_block(op);
	size_t n = st_op_num_operands(op), k = 0;
	if (n % 2)
		return st_op_error(op, "expects the final values followed by the arguments they are written to");
	for (size_t i = 0; i < st_block_num_args(b); i++) {
		st_value *a = st_block_arg(b, i);
		st_srdfg_mod m = st_srdfg_edge_mod(st_value_type(a));
		if (m != ST_SRDFG_OUTPUT && m != ST_SRDFG_STATE)
			continue;
		if (k >= n / 2 || st_op_operand(op, n / 2 + k) != a)
			return st_op_error(op, "must write every output and state argument of the graph, in order");
		st_type *t = st_value_type(st_op_operand(op, k));
		if (!st_srdfg_is_edge(t) || st_srdfg_edge_value(t) != st_srdfg_edge_value(st_value_type(a)))
			return st_op_error(op, "value #%zu carries another value type than its argument", k);
		k++;
	}
	if (k != n / 2)
		return st_op_error(op, "must write every output and state argument of the graph, in order");
	return ST_OK;
}

st_status st__srdfg_verify_compute(st_op *op) {
	st_block *b = body_block(op, 0);
	st_type *t = st_value_type(st_op_result(op, 0));
	st_op *y;
	if (st_failed(check_box(op, b)) || st_failed(check_map(op, map_attr(op), st_block_num_args(b), st__srdfg_rank(t))) ||
	    st_failed(yield_of(op, 0, "body", 1, 1, &y)))
		return ST_FAIL;
	if (st_value_type(st_op_operand(y, 0)) != st__srdfg_elt(t))
		return st_op_error(op, "the body must yield the element type of the edge");
	return ST_OK;
}

static bool arg_kind(st_str k) { return st_str_eq_c(k, "argmax") || st_str_eq_c(k, "argmin"); }

static bool builtin_kind(st_str k) {
	return st_str_eq_c(k, "sum") || st_str_eq_c(k, "prod") || st_str_eq_c(k, "max") || st_str_eq_c(k, "min") ||
	       arg_kind(k);
}

st_status st__srdfg_verify_reduce(st_op *op) {
	st_block *b = body_block(op, 0);
	st_type *t = st_value_type(st_op_result(op, 0));
	st_op *y;
	if (st_failed(check_box(op, b)) || st_failed(yield_of(op, 0, "body", 1, 2, &y)))
		return ST_FAIL;
	/* argmax and argmin give the position (an i32) of the best element. */
	bool arg = arg_kind(st_attr_string(st_op_get_attr(op, "kind"))) && st_region_is_empty(st_op_region(op, 1));
	if (arg && (st_attr_dense_array_size(st_op_get_attr(op, "lb")) != 1 || !st_type_is_signless_integer(t, 32)))
		return st_op_error(op, "argmax and argmin reduce over one index and give an i32");
	if (!arg && st_value_type(st_op_operand(y, 0)) != t)
		return st_op_error(op, "the body must yield the result type first");
	if (st_op_num_operands(y) == 2 && !st_type_is_signless_integer(st_value_type(st_op_operand(y, 1)), 1))
		return st_op_error(op, "the body's second value (the index filter) must be an i1");
	/* A combiner overrides a built-in kind (a user `reduction min`). */
	st_region *c = st_op_region(op, 1);
	if (st_region_is_empty(c)) {
		if (!builtin_kind(st_attr_string(st_op_get_attr(op, "kind"))))
			return st_op_error(op, "a reduction other than sum, prod, max, min, argmax and argmin needs a combiner region");
		return ST_OK;
	}
	st_block *cb = st_region_first_block(c);
	if (st_block_num_args(cb) != 2 || st_value_type(st_block_arg(cb, 0)) != t || st_value_type(st_block_arg(cb, 1)) != t)
		return st_op_error(op, "the combiner takes two values of the result type");
	if (st_failed(yield_of(op, 1, "combiner", 1, 1, &y)))
		return ST_FAIL;
	if (st_value_type(st_op_operand(y, 0)) != t)
		return st_op_error(op, "the combiner must yield the result type");
	return ST_OK;
}

st_status st__srdfg_verify_load(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	if (st_op_num_operands(op) - 1 > ST__SRDFG_MAX_IDX)
		return st_op_error(op, "supports at most 16 indices");
	if (st_failed(check_map(op, map_attr(op), st_op_num_operands(op) - 1, st__srdfg_rank(t))))
		return ST_FAIL;
	if (st_value_type(st_op_result(op, 0)) != st__srdfg_elt(t))
		return st_op_error(op, "result must be the element type of the edge");
	return ST_OK;
}

st_status st__srdfg_verify_constant(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	st_attr *v = st_op_get_attr(op, "value");
	if (st__srdfg_rank(t) || st_attr_type(v) != st_srdfg_edge_value(t))
		return st_op_error(op, "value must have the scalar type the edge carries");
	return ST_OK;
}
