/* Building calyx IR through the calyx builders (strata/calyx.h) at the
 * places the lowering keeps (cells and constants before the wires, groups
 * in the wires, control in its blocks), and the pointer map the lowering
 * keys its tables with. */
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

/* The place of the lowering's ops: `loc` (unknown when NULL) before
 * `before` in block `b` (at its end when NULL). */
static st_builder at(st__a2c_comp *c, st_block *b, st_op *before, st_attr *loc) {
	st_builder bl = st_builder_at_end(c->ctx, b, loc ? loc : st_loc_unknown(c->ctx));
	bl.before = before;
	return bl;
}

st_op *st__a2c_cell(st__a2c_comp *c, const char *kind, const char *prefix, st_attr *loc, size_t nports,
                st_type *const *types, st_attr *extra, char *name_out) {
	char name[64];
	st__a2c_name(c, prefix, name);
	if (name_out)
		memcpy(name_out, name, sizeof name);
	st_builder b = at(c, c->body, c->wires, loc);
	return st_calyx_build_cell(&b, kind, st_str_c(name), nports, types, extra);
}

st_value *st__a2c_const(st__a2c_comp *c, unsigned width, int64_t value) {
	st_builder b = at(c, c->body, c->wires, NULL);
	return st_hw_build_constant(&b, st__a2c_int(c, width), value);
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
	st_builder b = at(c, c->wires_body, NULL, loc);
	g->op = st_calyx_build_group(&b, kind, st_str_c(name), latency);
	if (!g->op)
		return false;
	g->body = st__a2c_region_block(c, g->op, 0);
	g->stamp = ++c->next_stamp;
	return g->body != NULL;
}

bool st__a2c_assign(st__a2c_comp *c, st_block *b, st_value *dst, st_value *src, st_value *guard) {
	st_builder bl = at(c, b, NULL, NULL);
	return st_calyx_build_assign(&bl, dst, src, guard) != NULL;
}

bool st__a2c_group_done(st__a2c_comp *c, st__a2c_group *g, st_value *src) {
	st_builder b = at(c, g->body, NULL, NULL);
	return st_calyx_build_group_done(&b, src) != NULL;
}

st_op *st__a2c_ctl(st__a2c_comp *c, st_block *b, const char *name, st_attr *loc, size_t nops, st_value *const *ops,
               st_attr *attrs, size_t nregions) {
	st_builder bl = at(c, b, NULL, loc);
	st_op *op = st_calyx_build_control(&bl, name, nops, ops, attrs, nregions);
	if (op && nregions && !st__a2c_region_block(c, op, 0))
		return NULL;
	return op;
}

bool st__a2c_enable(st__a2c_comp *c, st_block *b, const char *group, st_attr *loc) {
	st_builder bl = at(c, b, NULL, loc);
	return st_calyx_build_enable(&bl, st_str_c(group)) != NULL;
}
