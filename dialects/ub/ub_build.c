/* The typed face of the ub ops (strata/ub.h): predicates, accessors of
 * their attributes and operands, and builders, so that a conversion or an
 * analysis never spells an op or attribute name itself. */
#include "ub_private.h"

bool st__ub_op_is(const st_op *op, const char *name) { return op && st_str_eq_c(st_ident_str(st_op_name(op)), name); }

bool st_ub_is_graph(const st_op *op) { return st__ub_op_is(op, "ub.graph"); }
bool st_ub_is_buffer(const st_op *op) { return st__ub_op_is(op, "ub.buffer"); }
bool st_ub_is_write(const st_op *op) { return st__ub_op_is(op, "ub.write"); }
bool st_ub_is_read(const st_op *op) { return st__ub_op_is(op, "ub.read"); }
bool st_ub_is_kernel(const st_op *op) { return st__ub_op_is(op, "ub.kernel"); }
bool st_ub_is_mem(const st_op *op) { return st__ub_op_is(op, "ub.mem"); }
bool st_ub_is_param(const st_op *op) { return st__ub_op_is(op, "ub.param"); }
bool st_ub_is_port(const st_op *op) { return st_ub_is_write(op) || st_ub_is_read(op); }

st_block *st_ub_graph_body(st_op *graph) { return st_region_first_block(st_op_region(graph, 0)); }

static int64_t int_attr(const st_op *op, const char *name, int64_t absent) {
	st_attr *a = st_op_get_attr(op, name);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : absent;
}

static st_str str_attr(const st_op *op, const char *name) {
	st_attr *a = st_op_get_attr(op, name);
	return a && st_attr_get_kind(a) == ST_ATTR_STRING ? st_attr_string(a) : st_str_c("");
}

st_str st_ub_buffer_name(const st_op *buffer) { return str_attr(buffer, "name"); }
st_str st_ub_param_name(const st_op *param) { return str_attr(param, "name"); }
int64_t st_ub_param_arg(const st_op *param) { return int_attr(param, "arg", -1); }
st_type *st_ub_buffer_type(const st_op *buffer) { return st_value_type(st_op_result(buffer, 0)); }
unsigned st_ub_graph_tiles(const st_op *graph, int64_t *tiles) {
	st_attr *a = st_op_get_attr(graph, "tiles");
	if (!a || st_attr_get_kind(a) != ST_ATTR_DENSE_ARRAY || st_attr_dense_array_size(a) > ST_UB_MAX_TILE_LOOPS)
		return 0;
	unsigned n = (unsigned)st_attr_dense_array_size(a);
	for (unsigned j = 0; j < n; j++)
		tiles[j] = st_attr_dense_array_int(a, j);
	return n;
}

bool st_ub_buffer_tiling(const st_op *buffer, unsigned ntiles, int64_t *host_shape, int64_t *offset) {
	st_attr *h = st_op_get_attr(buffer, "host_shape"), *o = st_op_get_attr(buffer, "tile_offset");
	size_t rank = st_type_rank(st_value_type(st_op_result((st_op *)buffer, 0)));
	if (!h || !o || st_attr_get_kind(h) != ST_ATTR_DENSE_ARRAY || st_attr_get_kind(o) != ST_ATTR_DENSE_ARRAY ||
	    st_attr_dense_array_size(h) != rank || st_attr_dense_array_size(o) != rank * (1 + ntiles))
		return false;
	for (size_t d = 0; d < rank; d++)
		host_shape[d] = st_attr_dense_array_int(h, d);
	for (size_t i = 0; i < rank * (1 + ntiles); i++)
		offset[i] = st_attr_dense_array_int(o, i);
	return true;
}

int64_t st_ub_buffer_arg(const st_op *buffer) { return int_attr(buffer, "arg", -1); }
int64_t st_ub_buffer_capacity(const st_op *buffer) { return int_attr(buffer, "capacity", -1); }

st_op *st_ub_port_buffer(const st_op *port) {
	st_op *b = st_value_defining_op(st_op_operand(port, 0));
	return st_ub_is_buffer(b) ? b : NULL;
}

st_value *st_ub_port_value(const st_op *port) {
	if (st_ub_is_read(port))
		return st_op_result(port, 0);
	return st_op_num_operands(port) > 1 ? st_op_operand(port, 1) : NULL;
}

int64_t st_ub_port_tap(const st_op *port) { return int_attr(port, "tap", -1); }

st_str st_ub_kernel_name(const st_op *kernel) { return str_attr(kernel, "name"); }
int64_t st_ub_kernel_latency(const st_op *kernel) { return int_attr(kernel, "latency", 0); }
st_block *st_ub_kernel_body(st_op *kernel) { return st_region_first_block(st_op_region(kernel, 0)); }

/* ------------------------------------------------------------- builders */

static st_attr *i64_attr(st_context *ctx, int64_t v) {
	return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v);
}

static st_named_attr named(st_context *ctx, const char *name, st_attr *value) {
	return (st_named_attr){st_ident_get_c(ctx, name), value};
}

st_op *st_ub_build_graph(st_builder *b, st_str sym_name) {
	st_named_attr na = named(b->ctx, "sym_name", st_string_attr(b->ctx, sym_name));
	st_op *g = st_build_op(b, "ub.graph", 0, NULL, 0, NULL, st_dict_attr(b->ctx, 1, &na), 1);
	st_block *body = g ? st_block_create(b->ctx) : NULL;
	if (g && !body)
		b->failed = true;
	if (body)
		st_region_append_block(st_op_region(g, 0), body);
	return body ? g : NULL;
}

st_op *st_ub_build_buffer(st_builder *b, st_str name, st_type *type, int64_t arg, const char *kind) {
	st_context *ctx = b->ctx;
	st_named_attr na[3];
	size_t n = 0;
	na[n++] = named(ctx, "name", st_string_attr(ctx, name));
	if (arg >= 0)
		na[n++] = named(ctx, "arg", i64_attr(ctx, arg));
	if (kind)
		na[n++] = named(ctx, "kind", st_string_attr(ctx, st_str_c(kind)));
	return st_build_op(b, "ub.buffer", 0, NULL, 1, &type, st_dict_attr(ctx, n, na), 0);
}

static st_op *build_port(st_builder *b, const char *name, size_t nops, st_value *const *ops, st_type *result,
                         st_str domain, st_str access, st_str schedule) {
	st_context *ctx = b->ctx;
	st_named_attr na[3] = {named(ctx, "access", st_string_attr(ctx, access)),
	                       named(ctx, "domain", st_string_attr(ctx, domain)),
	                       named(ctx, "schedule", st_string_attr(ctx, schedule))};
	return st_build_op(b, name, nops, ops, result ? 1 : 0, &result, st_dict_attr(ctx, 3, na), 0);
}

st_op *st_ub_build_write(st_builder *b, st_value *buffer, st_value *value, st_str domain, st_str access,
                         st_str schedule) {
	st_value *ops[2] = {buffer, value};
	return build_port(b, "ub.write", value ? 2 : 1, ops, NULL, domain, access, schedule);
}

st_op *st_ub_build_read(st_builder *b, st_value *buffer, st_str domain, st_str access, st_str schedule) {
	st_type *elt = buffer ? st_type_element(st_value_type(buffer)) : NULL;
	if (!elt) {
		b->failed = true;
		return NULL;
	}
	return build_port(b, "ub.read", 1, &buffer, elt, domain, access, schedule);
}

st_op *st_ub_build_kernel(st_builder *b, st_str name, int64_t latency, size_t ninputs, st_value *const *inputs,
                          size_t nresults, st_type *const *result_types, size_t ncoords, const int64_t *coords,
                          st_block *body) {
	st_context *ctx = b->ctx;
	st_attr *dims[ST_UB_MAX_DIMS];
	if (ncoords > ST_UB_MAX_DIMS || !body) {
		b->failed = true;
		return NULL;
	}
	for (size_t c = 0; c < ncoords; c++)
		dims[c] = i64_attr(ctx, coords[c]);
	st_named_attr na[3] = {named(ctx, "latency", i64_attr(ctx, latency)), named(ctx, "name", st_string_attr(ctx, name)),
	                       named(ctx, "coords", st_array_attr(ctx, ncoords, dims))};
	st_op *k = st_build_op(b, "ub.kernel", ninputs, inputs, nresults, result_types,
	                       st_dict_attr(ctx, ncoords ? 3 : 2, na), 1);
	if (k)
		st_region_append_block(st_op_region(k, 0), body);
	return k;
}

st_op *st_ub_build_param(st_builder *b, st_str name, int64_t arg, st_type *type) {
	st_context *ctx = b->ctx;
	st_named_attr na[2] = {named(ctx, "arg", i64_attr(ctx, arg)), named(ctx, "name", st_string_attr(ctx, name))};
	return st_build_op(b, "ub.param", 0, NULL, 1, &type, st_dict_attr(ctx, 2, na), 0);
}

st_op *st_ub_build_yield(st_builder *b, size_t n, st_value *const *values) {
	return st_build_op(b, "ub.yield", n, values, 0, NULL, NULL, 0);
}

st_op *st_ub_build_mem(st_builder *b, st_str name, st_str buffer, const char *kind, st_str node, int64_t words,
                       size_t nctrls, st_attr *const *ctrls, size_t nextra, const st_named_attr *extra) {
	st_context *ctx = b->ctx;
	st_named_attr stack[24], *na = stack;
	size_t n = 6 + nextra;
	if (n > sizeof stack / sizeof stack[0] && !(na = st_ctx_alloc(ctx, n * sizeof *na))) {
		b->failed = true;
		return NULL;
	}
	na[0] = named(ctx, "name", st_string_attr(ctx, name));
	na[1] = named(ctx, "buffer", st_string_attr(ctx, buffer));
	na[2] = named(ctx, "kind", st_string_attr(ctx, st_str_c(kind)));
	na[3] = named(ctx, "node", st_string_attr(ctx, node));
	na[4] = named(ctx, "words", i64_attr(ctx, words));
	na[5] = named(ctx, "ctrls", st_array_attr(ctx, nctrls, ctrls));
	for (size_t i = 0; i < nextra; i++)
		na[6 + i] = extra[i];
	st_op *op = st_build_op(b, "ub.mem", 0, NULL, 0, NULL, st_dict_attr(ctx, n, na), 0);
	if (na != stack)
		st_ctx_free(ctx, na, n * sizeof *na);
	return op;
}
