/* Lowered values: each source value becomes a port, plus the combinational
 * cell inputs that must be driven for the port to be valid.  Calyx drives a
 * cell's inputs only inside the group that runs, so a group that reads a
 * combinational value re-drives its whole cone (a2c_read), as CIRCT does by
 * inlining comb groups into their users. */
#include "a2c.h"

a2c_val *a2c_val_new(a2c_comp *c, st_value *port) {
	if (!port)
		return NULL;
	a2c_val *v = st_ctx_alloc(c->ctx, sizeof *v);
	if (!v)
		return NULL;
	memset(v, 0, sizeof *v);
	v->port = port;
	v->next = c->all_vals;
	c->all_vals = v;
	return v;
}

bool a2c_val_dep(a2c_val *v, st_value *dst, a2c_val *src) {
	if (!v || !src || v->ndeps == 3)
		return false;
	v->dst[v->ndeps] = dst;
	v->src[v->ndeps++] = src;
	return true;
}

a2c_val *a2c_lookup(a2c_comp *c, st_value *v) {
	a2c_val *lv = a2c_map_get(&c->vals, v);
	if (!lv) {
		st_op *def = st_value_defining_op(v);
		st_attr *loc = def ? st_op_loc(def) : st_value_loc(v);
		st_error(c->ctx, loc, "lower-to-calyx: a value this op defines has no hardware form here");
	}
	return lv;
}

bool a2c_bind(a2c_comp *c, st_value *v, a2c_val *lv) { return lv && a2c_map_put(&c->vals, v, lv); }

st_value *a2c_read(a2c_comp *c, a2c_group *g, a2c_val *v) {
	if (!v)
		return NULL;
	if (v->stamp == g->stamp)
		return v->port;
	v->stamp = g->stamp;
	for (size_t i = 0; i < v->ndeps; i++) {
		st_value *p = a2c_read(c, g, v->src[i]);
		if (!p || (v->dst[i] && !a2c_assign(c, g->body, v->dst[i], p, NULL)))
			return NULL;
	}
	return v->port;
}

a2c_val *a2c_comb(a2c_comp *c, const char *kind, st_attr *loc, size_t n, a2c_val *const *in,
                  const unsigned *in_widths, unsigned width) {
	st_type *types[4];
	for (size_t i = 0; i < n; i++)
		types[i] = a2c_int(c, in_widths[i]);
	types[n] = a2c_int(c, width);
	st_op *cell = a2c_cell(c, kind, kind + (strncmp(kind, "std_", 4) ? 0 : 4), loc, n + 1, types, NULL, NULL);
	if (!cell)
		return NULL;
	a2c_val *v = a2c_val_new(c, st_op_result(cell, n));
	for (size_t i = 0; v && i < n; i++)
		if (!a2c_val_dep(v, st_op_result(cell, i), in[i]))
			return NULL;
	return v;
}

a2c_val *a2c_resize(a2c_comp *c, st_attr *loc, a2c_val *v, unsigned from, unsigned to, bool sign) {
	if (from == to)
		return v;
	if (to < from)
		return a2c_comb(c, "std_slice", loc, 1, &v, &from, to);
	a2c_val *z = a2c_comb(c, "std_pad", loc, 1, &v, &from, to);
	if (!sign || !z)
		return z;
	/* No sign-extension primitive: (zext(x) ^ m) - m with m the sign bit. */
	a2c_val *m = a2c_val_new(c, a2c_const(c, to, (int64_t)((uint64_t)1 << (from - 1))));
	unsigned w2[] = {to, to};
	a2c_val *x[] = {z, m};
	a2c_val *f = a2c_comb(c, "std_xor", loc, 2, x, w2, to);
	a2c_val *y[] = {f, m};
	return f ? a2c_comb(c, "std_sub", loc, 2, y, w2, to) : NULL;
}

st_op *a2c_reg(a2c_comp *c, const char *prefix, st_attr *loc, unsigned width) {
	st_type *w = a2c_int(c, width), *b = a2c_int(c, 1);
	st_type *types[] = {w, b, b, b, w, b};
	return a2c_cell(c, "register", prefix, loc, 6, types, NULL, NULL);
}
