/* Constant tables (memref.global constant, read by memref.get_global): a
 * memory whose contents are the global's, marked read-only (calyx.init);
 * lower-calyx-to-hw turns it into a ROM.  A table written to, or a global
 * that is not constant, has no such memory and is refused. */
#include "a2c.h"

static st_op *global_of(st_op *get) {
	st_attr *ref = st_op_get_attr(get, "name");
	st_op *g = ref ? st_symbol_lookup_nearest(get, ref) : NULL;
	return g && !strcmp(st_op_name_cstr(g), "memref.global") ? g : NULL;
}

static bool from_get_global(st_value *memref) {
	st_op *d = st_value_defining_op(memref);
	return d && !strcmp(st_op_name_cstr(d), "memref.get_global");
}

const char *st__a2c_table_problem(st_op *op) {
	const char *name = st_op_name_cstr(op);
	if (!strcmp(name, "memref.store") || !strcmp(name, "affine.store"))
		return from_get_global(st_op_operand(op, 1))
		           ? "a store into a memref.global cannot be lowered to calyx (its tables are read-only memories)"
		           : NULL;
	if (strcmp(name, "memref.get_global") != 0)
		return NULL;
	st_op *g = global_of(op);
	st_attr *init = g ? st_op_get_attr(g, "initial_value") : NULL;
	if (!g || !st_op_get_attr(g, "constant"))
		return "only a constant memref.global (a table) can be lowered to calyx, as a read-only memory";
	if (!init || st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS)
		return "a memref.global without a dense initial value cannot be lowered to calyx (its memory would have "
		       "no contents)";
	return NULL;
}

bool st__a2c_lower_get_global(st__a2c_comp *c, st_op *op) {
	st_value *r = st_op_result(op, 0);
	st_type *t = st_value_type(r);
	st_attr *init = st_op_get_attr(global_of(op), "initial_value");
	int64_t n = st_type_num_elements_static(t);
	int64_t *vals = st_ctx_alloc(c->ctx, (size_t)n * sizeof *vals);
	if (!vals)
		return false;
	bool splat = st_attr_dense_is_splat(init);
	for (int64_t i = 0; i < n; i++)
		vals[i] = st_attr_dense_int(init, splat ? 0 : (size_t)i);
	char name[64];
	st__a2c_name(c, "rom", name);
	bool ok = st__a2c_mem_new(c, r, t, name, false, vals, st_op_loc(op)) != NULL;
	st_ctx_free(c->ctx, vals, (size_t)n * sizeof *vals);
	return ok;
}
