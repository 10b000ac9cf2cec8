/* Lowered values: each source value becomes a port, plus the combinational
 * cell inputs that must be driven for the port to be valid.  Calyx drives a
 * cell's inputs only inside the group that runs, so a group that reads a
 * combinational value re-drives its whole cone (st__a2c_read), as CIRCT does by
 * inlining comb groups into their users. */
#include "a2c.h"

st__a2c_val *st__a2c_val_new(st__a2c_comp *c, st_value *port) {
	if (!port)
		return NULL;
	st__a2c_val *v = st_ctx_alloc(c->ctx, sizeof *v);
	if (!v)
		return NULL;
	memset(v, 0, sizeof *v);
	v->port = port;
	v->next = c->all_vals;
	c->all_vals = v;
	return v;
}

bool st__a2c_val_dep(st__a2c_val *v, st_value *dst, st__a2c_val *src) {
	if (!v || !src || v->ndeps == 3)
		return false;
	v->dst[v->ndeps] = dst;
	v->src[v->ndeps++] = src;
	return true;
}

st__a2c_val *st__a2c_lookup(st__a2c_comp *c, st_value *v) {
	st__a2c_val *lv = st__a2c_map_get(&c->vals, v);
	if (!lv) {
		st_op *def = st_value_defining_op(v);
		st_attr *loc = def ? st_op_loc(def) : st_value_loc(v);
		st_error(c->ctx, loc, "lower-to-calyx: a value this op defines has no hardware form here");
	}
	return lv;
}

bool st__a2c_bind(st__a2c_comp *c, st_value *v, st__a2c_val *lv) { return lv && st__a2c_map_put(&c->vals, v, lv); }

st_value *st__a2c_read(st__a2c_comp *c, st__a2c_group *g, st__a2c_val *v) {
	if (!v)
		return NULL;
	if (v->stamp == g->stamp)
		return v->port;
	v->stamp = g->stamp;
	for (size_t i = 0; i < v->ndeps; i++) {
		st_value *p = st__a2c_read(c, g, v->src[i]);
		if (!p || (v->dst[i] && !st__a2c_assign(c, g->body, v->dst[i], p, NULL)))
			return NULL;
	}
	return v->port;
}

st__a2c_val *st__a2c_comb(st__a2c_comp *c, const char *kind, st_attr *loc, size_t n, st__a2c_val *const *in,
                  const unsigned *in_widths, unsigned width) {
	st_type *types[4];
	for (size_t i = 0; i < n; i++)
		types[i] = st__a2c_int(c, in_widths[i]);
	types[n] = st__a2c_int(c, width);
	st_op *cell = st__a2c_cell(c, kind, kind + (strncmp(kind, "std_", 4) ? 0 : 4), loc, n + 1, types, NULL, NULL);
	if (!cell)
		return NULL;
	st__a2c_val *v = st__a2c_val_new(c, st_op_result(cell, n));
	for (size_t i = 0; v && i < n; i++)
		if (!st__a2c_val_dep(v, st_op_result(cell, i), in[i]))
			return NULL;
	return v;
}

st__a2c_val *st__a2c_resize(st__a2c_comp *c, st_attr *loc, st__a2c_val *v, unsigned from, unsigned to, bool sign) {
	if (from == to)
		return v;
	if (to < from)
		return st__a2c_comb(c, "std_slice", loc, 1, &v, &from, to);
	st__a2c_val *z = st__a2c_comb(c, "std_pad", loc, 1, &v, &from, to);
	if (!sign || !z)
		return z;
	/* No sign-extension primitive: (zext(x) ^ m) - m with m the sign bit. */
	st__a2c_val *m = st__a2c_val_new(c, st__a2c_const(c, to, (int64_t)((uint64_t)1 << (from - 1))));
	unsigned w2[] = {to, to};
	st__a2c_val *x[] = {z, m};
	st__a2c_val *f = st__a2c_comb(c, "std_xor", loc, 2, x, w2, to);
	st__a2c_val *y[] = {f, m};
	return f ? st__a2c_comb(c, "std_sub", loc, 2, y, w2, to) : NULL;
}

st_op *st__a2c_reg(st__a2c_comp *c, const char *prefix, st_attr *loc, unsigned width) {
	st_type *w = st__a2c_int(c, width), *b = st__a2c_int(c, 1);
	st_type *types[] = {w, b, b, b, w, b};
	return st__a2c_cell(c, "register", prefix, loc, 6, types, NULL, NULL);
}
