/* The cgra verifier: a design's instances and nets checked against the
 * fabric its target `.acg` describes.  An instance must sit on a tile of
 * its kind (a register on a site the switch box has) with nothing else
 * there, a PE's operation must be one of its tile's capabilities; a net
 * must run from an output to inputs of its width through routing edges
 * that exist, each node driven from one place, no node shared by two nets. */
#include "cgra_private.h"

#include <string.h>

static const char *const kind_names[] = {"", "PE", "MEM", "IO"};

static st_str attr_str(const st_op *op, const char *name) { return st_attr_string(st_op_get_attr(op, name)); }

st_status st__cgra_verify_inst(st_op *op) {
	st_str k = attr_str(op, "kind");
	bool reg = st_str_eq_c(k, "REG");
	if (!reg && !st_str_eq_c(k, "PE") && !st_str_eq_c(k, "MEM") && !st_str_eq_c(k, "IO"))
		return st_op_error(op, "kind must be PE, MEM, IO or REG, not '%.*s'", (int)k.len, k.data);
	if (reg != (st_op_get_attr(op, "site") != NULL) || reg != (st_op_get_attr(op, "width") != NULL))
		return st_op_error(op, "a register and only a register has a 'site' and a 'width'");
	/* The design verifier matches a PE's `op` against the .acg's capability
	 * names: anything but a string would be read as one. */
	st_attr *cfg = st_op_get_attr(op, "config");
	st_attr *name = cfg ? st_attr_dict_get_c(cfg, "op") : NULL;
	if (name && st_attr_get_kind(name) != ST_ATTR_STRING)
		return st_op_error(op, "config's 'op' must be a capability name (a string)");
	return ST_OK;
}

st_status st__cgra_verify_net(st_op *op) {
	st_attr *sinks = st_op_get_attr(op, "sinks"), *route = st_op_get_attr(op, "route");
	for (size_t i = 0; i < st_attr_array_size(sinks); i++)
		if (st_attr_get_kind(st_attr_array_elt(sinks, i)) != ST_ATTR_STRING)
			return st_op_error(op, "'sinks' must be an array of node names");
	for (size_t i = 0; route && i < st_attr_array_size(route); i++) {
		st_attr *p = st_attr_array_elt(route, i);
		if (st_attr_get_kind(p) != ST_ATTR_ARRAY || st_attr_array_size(p) < 2)
			return st_op_error(op, "'route' must be an array of paths of at least two node names");
		for (size_t j = 0; j < st_attr_array_size(p); j++)
			if (st_attr_get_kind(st_attr_array_elt(p, j)) != ST_ATTR_STRING)
				return st_op_error(op, "'route' must be an array of paths of at least two node names");
	}
	return ST_OK;
}

/* ----------------------------------------------------------------- design */

typedef struct vstate {
	st_cgra_fabric *f;
	st_op **tile_inst; /* per tile: the PE/MEM/IO instance on it */
	st_op **node_inst; /* per node: the instance a pin or register site belongs to */
	st_op **node_net;  /* per node: the net using it */
	int32_t *pred;     /* per node: its driver in its net (-1: the source) */
} vstate;

static st_status check_caps(st_op *op, const st_cgra_tile *t) {
	st_attr *cfg = st_op_get_attr(op, "config");
	st_attr *name = cfg ? st_attr_dict_get_c(cfg, "op") : NULL;
	if (!name || t->kind != ST_CGRA_PE)
		return ST_OK;
	st_str s = st_attr_string(name);
	st_acg_cap c;
	for (size_t i = 0; st_acg_get_cap(t->node, i, &c); i++)
		if (st_str_eq_c(s, c.op))
			return ST_OK;
	return st_op_error(op, "the PE at (%lld,%lld) has no capability '%.*s'", (long long)t->row, (long long)t->col,
	                   (int)s.len, s.data);
}

static st_status place_inst(vstate *v, st_op *op) {
	int64_t r = st_acg_int(op, "row", -2), c = st_acg_int(op, "col", -2);
	int32_t t = st_cgra_fabric_tile_at(v->f, r, c);
	if (t < 0)
		return st_op_error(op, "no tile at (%lld,%lld)", (long long)r, (long long)c);
	const st_cgra_tile *tl = st_cgra_fabric_tile(v->f, (size_t)t);
	st_str k = attr_str(op, "kind");
	if (st_str_eq_c(k, "REG")) {
		int32_t w = (int32_t)st_acg_int(op, "width", 0), s = (int32_t)st_acg_int(op, "site", -1);
		int32_t d = st_cgra_fabric_reg(v->f, t, w, s, false);
		if (d < 0)
			return st_op_error(op, "the switch box at (%lld,%lld) has no %d-bit register site %d", (long long)r,
			                   (long long)c, w, s);
		if (v->node_inst[d])
			return st_op_error(op, "register site %d of %d bits at (%lld,%lld) is taken by @%s", s, w, (long long)r,
			                   (long long)c, st_ident_cstr(st_symbol_name(v->node_inst[d])));
		v->node_inst[d] = v->node_inst[d + 1] = op;
		return ST_OK;
	}
	if (!st_str_eq_c(k, kind_names[tl->kind]))
		return st_op_error(op, "(%lld,%lld) is a %s tile, not %.*s", (long long)r, (long long)c, kind_names[tl->kind],
		                   (int)k.len, k.data);
	if (v->tile_inst[t])
		return st_op_error(op, "(%lld,%lld) is taken by @%s", (long long)r, (long long)c,
		                   st_ident_cstr(st_symbol_name(v->tile_inst[t])));
	v->tile_inst[t] = op;
	const int32_t widths[2] = {st_cgra_fabric_data_width(v->f), 1};
	for (int in = 0; in < 2; in++)
		for (int w = 0; w < 2; w++)
			for (int32_t i = 0;; i++) {
				int32_t p = st_cgra_fabric_pin(v->f, t, in, widths[w], i);
				if (p < 0)
					break;
				v->node_inst[p] = op;
			}
	return check_caps(op, tl);
}

static int32_t node_of(vstate *v, st_op *net, st_attr *name, const char *what) {
	st_str s = st_attr_string(name);
	int32_t id = st_cgra_fabric_lookup(v->f, s);
	if (id < 0)
		st_op_error(net, "%s '%.*s' is no routing node of the fabric", what, (int)s.len, s.data);
	return id;
}

static st_status check_pin(vstate *v, st_op *net, int32_t id, st_str name, bool sink, int64_t width) {
	const st_cgra_node *nd = st_cgra_fabric_node(v->f, id);
	bool ok = sink ? nd->kind == ST_CGRA_PIN_IN || nd->kind == ST_CGRA_REG_D
	               : nd->kind == ST_CGRA_PIN_OUT || nd->kind == ST_CGRA_REG_Q;
	if (!ok)
		return st_op_error(net, "'%.*s' must be %s", (int)name.len, name.data,
		                   sink ? "an input pin or a register's d" : "an output pin or a register's q");
	if (nd->width != width)
		return st_op_error(net, "'%.*s' is %d bits wide, the net %lld", (int)name.len, name.data, nd->width,
		                   (long long)width);
	if (!v->node_inst[id])
		return st_op_error(net, "no instance is placed at '%.*s'", (int)name.len, name.data);
	return ST_OK;
}

static st_status use_node(vstate *v, st_op *net, int32_t id, int32_t from, st_str name) {
	if (v->node_net[id] && v->node_net[id] != net)
		return st_op_error(net, "nets @%s and @%s both use '%.*s'", st_ident_cstr(st_symbol_name(v->node_net[id])),
		                   st_ident_cstr(st_symbol_name(net)), (int)name.len, name.data);
	if (v->node_net[id] && v->pred[id] != from)
		return st_op_error(net, "'%.*s' is driven from two places", (int)name.len, name.data);
	v->node_net[id] = net;
	v->pred[id] = from;
	return ST_OK;
}

static st_status check_net(vstate *v, st_op *net) {
	int64_t width = st_acg_int(net, "width", 0);
	st_attr *sinks = st_op_get_attr(net, "sinks"), *route = st_op_get_attr(net, "route");
	st_attr *src_name = st_op_get_attr(net, "source");
	int32_t src = node_of(v, net, src_name, "source");
	if (src < 0 || st_failed(check_pin(v, net, src, st_attr_string(src_name), false, width)) ||
	    st_failed(use_node(v, net, src, -1, st_attr_string(src_name))))
		return ST_FAIL;
	size_t ns = st_attr_array_size(sinks);
	for (size_t i = 0; i < ns; i++) {
		st_attr *nm = st_attr_array_elt(sinks, i);
		int32_t id = node_of(v, net, nm, "sink");
		if (id < 0 || st_failed(check_pin(v, net, id, st_attr_string(nm), true, width)))
			return ST_FAIL;
		for (size_t j = 0; j < i; j++)
			if (st_str_eq(st_attr_string(st_attr_array_elt(sinks, j)), st_attr_string(nm)))
				return st_op_error(net, "sink '%.*s' is listed twice", (int)st_attr_string(nm).len,
				                   st_attr_string(nm).data);
	}
	if (!route)
		return ST_OK;
	size_t reached = 0;
	for (size_t p = 0; p < st_attr_array_size(route); p++) {
		st_attr *path = st_attr_array_elt(route, p);
		size_t n = st_attr_array_size(path);
		int32_t prev = node_of(v, net, st_attr_array_elt(path, 0), "route node");
		if (prev < 0)
			return ST_FAIL;
		if (v->node_net[prev] != net)
			return st_op_error(net, "path #%zu starts at '%.*s', which is neither the source nor on an earlier path",
			                   p, (int)st_attr_string(st_attr_array_elt(path, 0)).len,
			                   st_attr_string(st_attr_array_elt(path, 0)).data);
		for (size_t i = 1; i < n; i++) {
			st_str nm = st_attr_string(st_attr_array_elt(path, i));
			int32_t id = node_of(v, net, st_attr_array_elt(path, i), "route node");
			if (id < 0)
				return ST_FAIL;
			if (st_cgra_fabric_edge_index(v->f, prev, id) < 0) {
				st_str pn = st_attr_string(st_attr_array_elt(path, i - 1));
				return st_op_error(net, "no routing edge joins '%.*s' to '%.*s'", (int)pn.len, pn.data, (int)nm.len,
				                   nm.data);
			}
			if (st_failed(use_node(v, net, id, prev, nm)))
				return ST_FAIL;
			prev = id;
		}
		st_str last = st_attr_string(st_attr_array_elt(path, n - 1));
		bool is_sink = false;
		for (size_t j = 0; j < ns && !is_sink; j++)
			is_sink = st_str_eq(st_attr_string(st_attr_array_elt(sinks, j)), last);
		if (!is_sink)
			return st_op_error(net, "path #%zu ends at '%.*s', which is not a sink of the net", p, (int)last.len,
			                   last.data);
		reached++;
	}
	if (reached != ns)
		return st_op_error(net, "the route has %zu paths for %zu sinks", reached, ns);
	return ST_OK;
}

st_status st__cgra_verify_design(st_op *op) {
	st_op *g = st_cgra_design_target(op);
	if (!g)
		return ST_FAIL;
	st_context *ctx = st_op_context(op);
	vstate v = {.f = st_cgra_fabric_create(g)};
	if (!v.f)
		return st_op_error(op, "the fabric of target @%s cannot be built", st_ident_cstr(st_symbol_name(g)));
	size_t T = st_cgra_fabric_num_tiles(v.f), V = st_cgra_fabric_num_nodes(v.f);
	v.tile_inst = st_ctx_alloc(ctx, (T + 1) * sizeof *v.tile_inst);
	v.node_inst = st_ctx_alloc(ctx, (V + 1) * sizeof *v.node_inst);
	v.node_net = st_ctx_alloc(ctx, (V + 1) * sizeof *v.node_net);
	v.pred = st_ctx_alloc(ctx, (V + 1) * sizeof *v.pred);
	st_status st = v.tile_inst && v.node_inst && v.node_net && v.pred ? ST_OK : ST_FAIL;
	if (st == ST_OK) {
		memset(v.tile_inst, 0, (T + 1) * sizeof *v.tile_inst);
		memset(v.node_inst, 0, (V + 1) * sizeof *v.node_inst);
		memset(v.node_net, 0, (V + 1) * sizeof *v.node_net);
	}
	st_block *b = st_region_first_block(st_op_region(op, 0));
	for (st_op *o = b ? st_block_first_op(b) : NULL; st == ST_OK && o; o = st_op_next(o))
		if (!strcmp(st_op_name_cstr(o), "cgra.inst"))
			st = place_inst(&v, o);
	for (st_op *o = b ? st_block_first_op(b) : NULL; st == ST_OK && o; o = st_op_next(o))
		if (!strcmp(st_op_name_cstr(o), "cgra.net"))
			st = check_net(&v, o);
	if (v.tile_inst)
		st_ctx_free(ctx, v.tile_inst, (T + 1) * sizeof *v.tile_inst);
	if (v.node_inst)
		st_ctx_free(ctx, v.node_inst, (V + 1) * sizeof *v.node_inst);
	if (v.node_net)
		st_ctx_free(ctx, v.node_net, (V + 1) * sizeof *v.node_net);
	if (v.pred)
		st_ctx_free(ctx, v.pred, (V + 1) * sizeof *v.pred);
	st_cgra_fabric_destroy(v.f);
	return st;
}
