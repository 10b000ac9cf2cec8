/* The accessors and builders of strata/srdfg.h: where each op keeps its
 * index box, map, kind and component, and each op created at an
 * st_builder's place with the attributes its text would parse to (boxes
 * as i64 dense arrays, a map only when one is given). */
#include "strata/srdfg.h"

#include <string.h>

static bool is(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static st_attr *box_attr(const st_op *op, const char *which) {
	if (!is(op, "srdfg.compute") && !is(op, "srdfg.reduce"))
		return NULL;
	st_attr *a = st_op_get_attr(op, which);
	return a && st_attr_get_kind(a) == ST_ATTR_DENSE_ARRAY ? a : NULL;
}

size_t st_srdfg_box_rank(const st_op *op) {
	st_attr *a = box_attr(op, "lb");
	return a ? st_attr_dense_array_size(a) : 0;
}

int64_t st_srdfg_box_lb(const st_op *op, size_t i) { return st_attr_dense_array_int(box_attr(op, "lb"), i); }
int64_t st_srdfg_box_ub(const st_op *op, size_t i) { return st_attr_dense_array_int(box_attr(op, "ub"), i); }

const st_affine_map *st_srdfg_map(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "map");
	return a && st_attr_get_kind(a) == ST_ATTR_AFFINE_MAP ? st_attr_affine_map(a) : NULL;
}

static st_str string_attr(const st_op *op, const char *name) {
	st_attr *a = st_op_get_attr(op, name);
	return a && st_attr_get_kind(a) == ST_ATTR_STRING ? st_attr_string(a) : st_str_c("");
}

st_str st_srdfg_reduce_kind(const st_op *op) { return string_attr(op, "kind"); }
st_str st_srdfg_node_component(const st_op *op) { return string_attr(op, "component"); }
st_attr *st_srdfg_constant_value(const st_op *op) { return st_op_get_attr(op, "value"); }

/* ---------------------------------------------------------------- builders */

/* A dictionary of the entries whose value is not NULL. */
static st_attr *dict(st_builder *b, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr e[4];
	size_t k = 0;
	for (size_t i = 0; i < n && i < 4; i++)
		if (vals[i])
			e[k++] = (st_named_attr){st_ident_get_c(b->ctx, names[i]), vals[i]};
	return st_dict_attr(b->ctx, k, e);
}

static st_value *result(st_op *op) { return op ? st_op_result(op, 0) : NULL; }

st_op *st_srdfg_build_graph(st_builder *b, st_str name) {
	static const char *const names[] = {"sym_name"};
	st_attr *v = st_string_attr(b->ctx, name);
	return st_build_op(b, "srdfg.graph", 0, NULL, 0, NULL, dict(b, 1, names, &v), 1);
}

st_op *st_srdfg_build_node(st_builder *b, st_str component, const char *domain, size_t nargs, st_value *const *args,
                           size_t nouts, st_type *const *outs) {
	static const char *const names[] = {"component", "domain"};
	st_attr *v[2] = {st_string_attr(b->ctx, component), domain ? st_string_attr(b->ctx, st_str_c(domain)) : NULL};
	return st_build_op(b, "srdfg.node", nargs, args, nouts, outs, dict(b, 2, names, v), 1);
}

/* The lb and ub arrays of a box (NULL entries when rank is 0 and the
 * arrays are NULL: an empty box is still two empty arrays). */
static void box(st_builder *b, size_t rank, const int64_t *lb, const int64_t *ub, st_attr **out) {
	st_type *i64 = st_integer_type(b->ctx, 64, ST_SIGNLESS);
	out[0] = st_dense_int_array_attr(b->ctx, i64, rank, lb);
	out[1] = st_dense_int_array_attr(b->ctx, i64, rank, ub);
}

st_op *st_srdfg_build_compute(st_builder *b, st_value *init, size_t rank, const int64_t *lb, const int64_t *ub,
                              const st_affine_map *map) {
	static const char *const names[] = {"lb", "ub", "map"};
	st_attr *v[3] = {NULL, NULL, map ? st_affine_map_attr(b->ctx, map) : NULL};
	box(b, rank, lb, ub, v);
	st_type *t = init ? st_value_type(init) : NULL;
	return st_build_op(b, "srdfg.compute", 1, &init, 1, &t, dict(b, 3, names, v), 1);
}

st_op *st_srdfg_build_reduce(st_builder *b, st_str kind, size_t rank, const int64_t *lb, const int64_t *ub,
                             st_type *result_type) {
	static const char *const names[] = {"kind", "lb", "ub"};
	st_attr *v[3] = {st_string_attr(b->ctx, kind), NULL, NULL};
	box(b, rank, lb, ub, v + 1);
	return st_build_op(b, "srdfg.reduce", 0, NULL, 1, &result_type, dict(b, 3, names, v), 2);
}

st_value *st_srdfg_build_load(st_builder *b, st_value *source, size_t n, st_value *const *indices,
                              const st_affine_map *map, st_type *result_type) {
	static const char *const names[] = {"map"};
	st_value *small[9], **ops = n < 9 ? small : st_ctx_alloc(b->ctx, (n + 1) * sizeof *ops);
	if (!ops) {
		b->failed = true;
		return NULL;
	}
	ops[0] = source;
	for (size_t i = 0; i < n; i++)
		ops[1 + i] = indices[i];
	st_attr *m = map ? st_affine_map_attr(b->ctx, map) : NULL;
	st_value *r = result(st_build_op(b, "srdfg.load", 1 + n, ops, 1, &result_type, m ? dict(b, 1, names, &m) : NULL, 0));
	if (ops != small)
		st_ctx_free(b->ctx, ops, (n + 1) * sizeof *ops);
	return r;
}

st_value *st_srdfg_build_init(st_builder *b, st_type *edge) {
	return result(st_build_op(b, "srdfg.init", 0, NULL, 1, &edge, NULL, 0));
}

st_value *st_srdfg_build_constant(st_builder *b, st_attr *value, st_type *edge) {
	static const char *const names[] = {"value"};
	return result(st_build_op(b, "srdfg.constant", 0, NULL, 1, &edge, value ? dict(b, 1, names, &value) : NULL, 0));
}

st_op *st_srdfg_build_yield(st_builder *b, size_t n, st_value *const *values) {
	return st_build_op(b, "srdfg.yield", n, values, 0, NULL, NULL, 0);
}

st_op *st_srdfg_build_return(st_builder *b, size_t n, st_value *const *values) {
	return st_build_op(b, "srdfg.return", n, values, 0, NULL, NULL, 0);
}
