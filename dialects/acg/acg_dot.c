/* acg-to-dot: a Graphviz picture of an acg.graph for architects.  Storage
 * nodes are cylinders labelled with their geometry and capacity, compute
 * nodes boxes with their capabilities, comm nodes hexagons; sub-graph
 * definitions and grids are clusters, grids drawn as their tile kinds with
 * counts (never expanded).  Node ids are scope-qualified paths. */
#include "acg_private.h"

#include <inttypes.h>

static void id(st__acg_out *o, const st_op *op) {
	st__acg_puts(o, "\"");
	const st_op *scope = st__acg_parent_scope(op);
	if (scope && st__acg_parent_scope(scope)) {
		/* The top graph's own name is left out of every path. */
		const st_op *chain[64];
		int n = 0;
		for (const st_op *s = scope; st__acg_parent_scope(s) && n < 64; s = st__acg_parent_scope(s))
			chain[n++] = s;
		while (n--) {
			st__acg_puts(o, st__acg_sym(chain[n]));
			st__acg_puts(o, "/");
		}
	}
	st__acg_puts(o, st__acg_sym(op));
	st__acg_puts(o, "\"");
}

static void cap_label(st__acg_out *o, const st_attr *c) {
	st_str op = st_attr_string(st_attr_array_elt(c, 0));
	st__acg_puts(o, "\\n");
	o->w(o->ud, op.data, op.len);
	st_attr *out = st_attr_array_elt(c, 1);
	st__acg_puts(o, " x");
	for (size_t i = 1; i < st_attr_array_size(out); i++)
		st__acg_printf(o, "%s%" PRId64, i > 1 ? "x" : "", st_attr_int_value(st_attr_array_elt(out, i)));
}

static void node(st__acg_out *o, st_op *op, int depth, int64_t count) {
	static const char *const shapes[] = {"box", "box", "cylinder", "hexagon"};
	st_acg_kind k = st_acg_node_kind(op);
	for (int i = 0; i < depth; i++)
		st__acg_puts(o, "  ");
	id(o, op);
	st__acg_printf(o, " [shape=%s, label=\"", shapes[k]);
	st__acg_puts(o, st__acg_sym(op));
	if (count >= 0)
		st__acg_printf(o, " x%" PRId64, count);
	if (k == ST_ACG_STORAGE)
		st__acg_printf(o, "\\n%" PRId64 "b x %" PRId64 " banks x %" PRId64 "\\n%" PRIu64 " B",
		               st_acg_int(op, "data_width", 0), st_acg_int(op, "banks", 0), st_acg_int(op, "depth", 0),
		               st_acg_capacity_bytes(op));
	else if (k == ST_ACG_COMM)
		st__acg_printf(o, "\\n%" PRId64 " b", st_acg_int(op, "bandwidth", 0));
	st_attr *caps = k == ST_ACG_COMPUTE ? st_op_get_attr(op, "caps") : NULL;
	for (size_t i = 0; caps && i < st_attr_array_size(caps); i++)
		cap_label(o, st_attr_array_elt(caps, i));
	st__acg_puts(o, "\"];\n");
}

static void scope(st__acg_out *o, st_op *g, int depth);

static void cluster(st__acg_out *o, st_op *op, int depth) {
	for (int i = 0; i < depth; i++)
		st__acg_puts(o, "  ");
	st__acg_puts(o, "subgraph ");
	id(o, op);
	st__acg_puts(o, st__acg_is_grid(op) ? " {\n  cluster=true;\n  label=\"grid " : " {\n  cluster=true;\n  label=\"graph ");
	st__acg_puts(o, st__acg_sym(op));
	if (st__acg_is_grid(op))
		st__acg_printf(o, " %" PRId64 "x%" PRId64, st_acg_int(op, "rows", 0), st_acg_int(op, "cols", 0));
	st__acg_puts(o, "\";\n");
	scope(o, op, depth + 1);
	for (int i = 0; i < depth; i++)
		st__acg_puts(o, "  ");
	st__acg_puts(o, "}\n");
}

static void edge(st__acg_out *o, st_symbol_table *t, st_op *e, int depth) {
	st_op *src = st_symbol_table_lookup(t, st_ident_str(st_attr_symbol_root(st_op_get_attr(e, "src"))));
	st_op *dst = st_symbol_table_lookup(t, st_ident_str(st_attr_symbol_root(st_op_get_attr(e, "dst"))));
	if (!src || !dst)
		return;
	for (int i = 0; i < depth; i++)
		st__acg_puts(o, "  ");
	id(o, src);
	st__acg_puts(o, " -> ");
	id(o, dst);
	st__acg_printf(o, " [label=\"%" PRId64 " b\"%s];\n", st_acg_int(e, "bandwidth", 0),
	               st_acg_int(e, "bidirectional", 0) ? ", dir=both" : "");
}

static void scope(st__acg_out *o, st_op *g, int depth) {
	st_block *b = st__acg_body(g);
	bool grid = st__acg_is_grid(g);
	/* Edges find their ends through one table per scope (a linear lookup
	 * per edge is quadratic on big graphs); out of memory: no edges. */
	st_symbol_table *t = grid ? NULL : st_symbol_table_create(g);
	for (st_op *c = b ? st_block_first_op(b) : NULL; c; c = st_op_next(c)) {
		if (st_acg_node_kind(c) != ST_ACG_NOT_NODE)
			node(o, c, depth, grid ? st_acg_grid_count(g, st__acg_sym(c)) : -1);
		else if (st__acg_is_graph(c) || st__acg_is_grid(c))
			cluster(o, c, depth);
		else if (st__acg_is_edge(c) && t)
			edge(o, t, c, depth);
	}
	if (t)
		st_symbol_table_destroy(t);
}

st_status st_acg_to_dot(st_op *module, st_write_fn w, void *ud) {
	st_op *g = st__acg_export_graph(module);
	if (!g)
		return ST_FAIL;
	st__acg_out o = {w, ud};
	st__acg_puts(&o, "digraph \"");
	st__acg_puts(&o, st__acg_sym(g));
	st__acg_puts(&o, "\" {\n  rankdir=LR;\n  node [fontname=\"Helvetica\"];\n");
	scope(&o, g, 1);
	st__acg_puts(&o, "}\n");
	return ST_OK;
}
