/* Building calyx IR by op name through the generic API (the ops are the
 * calyx dialect's, docs/dialects/calyx.md), and the pointer map the
 * lowering keys its tables with. */
#include "a2c.h"

/* ----------------------------------------------------------- pointer map */

/* A pointer map (strata/ptrmap.h) made when first written, so that a
 * table the lowering never fills costs nothing.  A NULL key (a value the
 * lowering has none for) is in no table. */
void st__a2c_map_init(st__a2c_map *m, st_context *ctx) { *m = (st__a2c_map){.ctx = ctx}; }

void st__a2c_map_free(st__a2c_map *m) {
	st_ptr_map_destroy(m->m);
	m->m = NULL;
}

void *st__a2c_map_get(const st__a2c_map *m, const void *key) {
	return m->m && key ? st_ptr_map_get(m->m, key) : NULL;
}

bool st__a2c_map_put(st__a2c_map *m, const void *key, void *val) {
	if (!key)
		return true;
	if (!m->m && !(m->m = st_ptr_map_create(m->ctx)))
		return false;
	return st_ptr_map_put(m->m, key, val);
}

/* ------------------------------------------------------------- building */

void st__a2c_name(st__a2c_comp *c, const char *prefix, char *buf) { snprintf(buf, 64, "%s_%u", prefix, c->next_name++); }

st_type *st__a2c_int(st__a2c_comp *c, unsigned width) { return st_integer_type(c->ctx, width, ST_SIGNLESS); }

unsigned st__a2c_width(const st_type *t) {
	if (st_type_is_index(t))
		return A2C_INDEX_WIDTH;
	if (st_type_is_integer(t))
		return st_type_int_width(t);
	return 0;
}

st_op *st__a2c_create(st__a2c_comp *c, const char *name, st_attr *loc, size_t nops, st_value *const *ops, size_t nres,
                  st_type *const *types, st_attr *attrs, size_t nregions) {
	st_op_state s = {.name = st_str_c(name), .loc = loc ? loc : st_loc_unknown(c->ctx), .noperands = nops,
	                 .operands = ops, .nresults = nres, .result_types = types, .attrs = attrs,
	                 .nregions = nregions};
	return st_op_create(c->ctx, &s);
}

st_attr *st__a2c_named(st__a2c_comp *c, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr e[8];
	size_t k = 0;
	for (size_t i = 0; i < n && k < 8; i++)
		if (vals[i])
			e[k].name = st_ident_get_c(c->ctx, names[i]), e[k++].value = vals[i];
	return st_dict_attr(c->ctx, k, e);
}

st_op *st__a2c_cell(st__a2c_comp *c, const char *kind, const char *prefix, st_attr *loc, size_t nports,
                st_type *const *types, st_attr *extra, char *name_out) {
	char name[64], opname[64];
	st__a2c_name(c, prefix, name);
	if (name_out)
		memcpy(name_out, name, sizeof name);
	snprintf(opname, sizeof opname, "calyx.%s", kind);
	st_named_attr e[8];
	size_t k = 0;
	e[k].name = st_ident_get_c(c->ctx, "sym_name"), e[k++].value = st_string_attr(c->ctx, st_str_c(name));
	for (size_t i = 0; extra && i < st_attr_dict_size(extra) && k < 8; i++)
		e[k++] = st_attr_dict_entry(extra, i);
	st_op *op = st__a2c_create(c, opname, loc, 0, NULL, nports, types, st_dict_attr(c->ctx, k, e), 0);
	if (op)
		st_block_insert_op_before(c->body, c->wires, op);
	return op;
}

st_value *st__a2c_const(st__a2c_comp *c, unsigned width, int64_t value) {
	st_type *t = st__a2c_int(c, width);
	st_attr *v = st_integer_attr(c->ctx, t, value);
	const char *n = "value";
	st_op *op = st__a2c_create(c, "hw.constant", NULL, 0, NULL, 1, &t, st__a2c_named(c, 1, &n, &v), 0);
	if (!op)
		return NULL;
	st_block_insert_op_before(c->body, c->wires, op);
	return st_op_result(op, 0);
}

st_value *st__a2c_true(st__a2c_comp *c) {
	if (!c->true_val)
		c->true_val = st__a2c_const(c, 1, 1);
	return c->true_val;
}

st_block *st__a2c_region_block(st__a2c_comp *c, st_op *op, size_t i) {
	st_region *r = st_op_region(op, i);
	if (!st_region_is_empty(r))
		return st_region_first_block(r);
	st_block *b = st_block_create(c->ctx);
	if (b)
		st_region_append_block(r, b);
	return b;
}

bool st__a2c_group_begin(st__a2c_comp *c, st__a2c_group *g, const char *kind, const char *prefix, st_attr *loc,
                     int64_t latency, char *name_out) {
	char name[64];
	st__a2c_name(c, prefix, name);
	if (name_out)
		memcpy(name_out, name, sizeof name);
	const char *names[] = {"sym_name", "latency"};
	st_attr *vals[] = {st_string_attr(c->ctx, st_str_c(name)),
	                   latency ? st_integer_attr(c->ctx, st__a2c_int(c, 64), latency) : NULL};
	g->op = st__a2c_create(c, kind, loc, 0, NULL, 0, NULL, st__a2c_named(c, 2, names, vals), 1);
	if (!g->op)
		return false;
	st_block_append_op(c->wires_body, g->op);
	g->body = st__a2c_region_block(c, g->op, 0);
	g->stamp = ++c->next_stamp;
	return g->body != NULL;
}

bool st__a2c_assign(st__a2c_comp *c, st_block *b, st_value *dst, st_value *src, st_value *guard) {
	if (!dst || !src)
		return false;
	st_value *ops[] = {dst, src, guard};
	st_op *op = st__a2c_create(c, "calyx.assign", NULL, guard ? 3 : 2, ops, 0, NULL, NULL, 0);
	if (!op)
		return false;
	st_block_append_op(b, op);
	return true;
}

bool st__a2c_group_done(st__a2c_comp *c, st__a2c_group *g, st_value *src) {
	if (!src)
		return false;
	st_op *op = st__a2c_create(c, "calyx.group_done", NULL, 1, &src, 0, NULL, NULL, 0);
	if (!op)
		return false;
	st_block_append_op(g->body, op);
	return true;
}

st_op *st__a2c_ctl(st__a2c_comp *c, st_block *b, const char *name, st_attr *loc, size_t nops, st_value *const *ops,
               st_attr *attrs, size_t nregions) {
	st_op *op = st__a2c_create(c, name, loc, nops, ops, 0, NULL, attrs, nregions);
	if (!op)
		return NULL;
	st_block_append_op(b, op);
	for (size_t i = 0; i < nregions && i < 1; i++)
		if (!st__a2c_region_block(c, op, i))
			return NULL;
	return op;
}

bool st__a2c_enable(st__a2c_comp *c, st_block *b, const char *group, st_attr *loc) {
	const char *n = "groupName";
	st_attr *v = st_symbol_ref_attr(c->ctx, st_str_c(group), 0, NULL);
	return st__a2c_ctl(c, b, "calyx.enable", loc, 0, NULL, st__a2c_named(c, 1, &n, &v), 0) != NULL;
}
