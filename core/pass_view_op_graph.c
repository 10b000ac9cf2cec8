/* view-op-graph: the op as a Graphviz dot graph, as MLIR's -view-op-graph
 * writes it: a node per op (its name, result types and attributes), a
 * cluster per op with regions and per block (with an invisible anchor node
 * that edges to the cluster attach to), data-flow edges from each operand's
 * definition to its user, and optionally control-flow edges between
 * consecutive ops.  Written to the pass output (stderr by default). */
#include "passes_internal.h"
#include "strata/asm.h"

#include <stdio.h>

typedef struct options {
	int64_t max_label_len;
	bool print_attrs;
	bool print_control_flow_edges;
	bool print_data_flow_edges;
	bool print_result_types;
} options;

typedef struct strbuf {
	st_context *ctx;
	char *data;
	size_t len, cap;
	bool oom;
} strbuf;

static void sb_add(strbuf *b, const char *s, size_t n) {
	if (b->oom || !st_ctx_grow(b->ctx, (void **)&b->data, &b->cap, NULL, 1, b->len + n + 1)) {
		b->oom = true;
		return;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = 0;
}
static void sb_puts(strbuf *b, const char *s) { sb_add(b, s, strlen(s)); }
static void sb_write(void *ud, const char *s, size_t n) { sb_add(ud, s, n); }

typedef struct node {
	int id;
	int cluster; /* 0: a plain node */
} node;

typedef struct graph {
	st_pass *pass;
	st_context *ctx;
	const options *o;
	int counter;
	int indent;
	strbuf edges;
	/* Values inside the op carry their node id in their scratch field;
	 * the cluster of each node id (0: none) is here. */
	int *cluster_of;
	size_t cluster_cap;
	/* Data-flow edges wait until every node exists: in a graph region a
	 * value may be used before its definition. */
	struct pending {
		const st_value *v;
		node to;
		size_t index, nops;
	} *pending;
	size_t npending, pending_cap;
	st_op *root;
	bool oom;
} graph;

static void out(graph *g, const char *s, size_t n) { st_pass_write(g->pass, s, n); }
static void outs(graph *g, const char *s) { out(g, s, strlen(s)); }
static void out_indent(graph *g) {
	for (int i = 0; i < g->indent; i++)
		out(g, "  ", 2);
}

/* A dot string literal. */
static void out_quoted(graph *g, const char *s) {
	out(g, "\"", 1);
	for (const char *p = s; *p; p++) {
		if (*p == '"' || *p == '\\') {
			out(g, "\\", 1);
			out(g, p, 1);
		} else if (*p == '\n') {
			out(g, "\\n", 2);
		} else {
			out(g, p, 1);
		}
	}
	out(g, "\"", 1);
}

/* Appends `s` cut to max-label-len characters (then "..."). */
static void add_truncated(graph *g, strbuf *label, const char *s, size_t n) {
	size_t max = g->o->max_label_len < 0 ? 0 : (size_t)g->o->max_label_len;
	if (n <= max) {
		sb_add(label, s, n);
		return;
	}
	sb_add(label, s, max);
	sb_puts(label, "...");
}

static void op_label(graph *g, st_op *op, strbuf *label) {
	sb_puts(label, st_op_name_cstr(op));
	if (g->o->print_result_types) {
		strbuf types = {.ctx = g->ctx};
		for (size_t i = 0; i < st_op_num_results(op); i++) {
			if (i)
				sb_puts(&types, ", ");
			st_print_type(g->ctx, st_value_type(st_op_result(op, i)), sb_write, &types);
		}
		sb_puts(label, " : (");
		add_truncated(g, label, types.data ? types.data : "", types.len);
		sb_puts(label, ")");
		g->oom |= types.oom;
		st_ctx_free(g->ctx, types.data, types.cap);
	}
	if (g->o->print_attrs) {
		sb_puts(label, "\n");
		st_attr *d = st_op_attrs(op);
		for (size_t i = 0; i < st_attr_dict_size(d); i++) {
			st_named_attr e = st_attr_dict_entry(d, i);
			strbuf v = {.ctx = g->ctx};
			st_print_attr(g->ctx, e.value, sb_write, &v);
			sb_puts(label, "\n");
			sb_puts(label, st_ident_cstr(e.name));
			sb_puts(label, ": ");
			add_truncated(g, label, v.data ? v.data : "", v.len);
			g->oom |= v.oom;
			st_ctx_free(g->ctx, v.data, v.cap);
		}
	}
}

static node emit_node(graph *g, const char *label, const char *shape) {
	node n = {++g->counter, 0};
	char buf[32];
	snprintf(buf, sizeof buf, "v%d [label = ", n.id);
	out_indent(g);
	outs(g, buf);
	out_quoted(g, label);
	outs(g, ", shape = ");
	outs(g, shape);
	outs(g, "];\n");
	return n;
}

static void edge(graph *g, node from, node to, const char *label, const char *style) {
	char buf[96];
	snprintf(buf, sizeof buf, "  v%d -> v%d [", from.id, to.id);
	sb_puts(&g->edges, buf);
	/* Labels of edges clipped at a cluster's boundary would float free. */
	if (!from.cluster && !to.cluster) {
		sb_puts(&g->edges, "label = \"");
		sb_puts(&g->edges, label);
		sb_puts(&g->edges, "\", ");
	}
	if (from.cluster) {
		snprintf(buf, sizeof buf, "ltail = cluster_%d, ", from.cluster);
		sb_puts(&g->edges, buf);
	}
	if (to.cluster) {
		snprintf(buf, sizeof buf, "lhead = cluster_%d, ", to.cluster);
		sb_puts(&g->edges, buf);
	}
	sb_puts(&g->edges, "style = ");
	sb_puts(&g->edges, style);
	sb_puts(&g->edges, "];\n");
}

static void map_value(graph *g, st_value *v, node n) {
	v->aux = (uint32_t)n.id;
	if (!st_ctx_grow(g->ctx, (void **)&g->cluster_of, &g->cluster_cap, NULL, sizeof *g->cluster_of, (size_t)n.id + 1)) {
		g->oom = true;
		return;
	}
	g->cluster_of[n.id] = n.cluster;
}

/* Whether `v` is defined inside the op the pass runs on (only those have
 * nodes; the scratch field of the others belongs to nobody here). */
static bool inside(const graph *g, const st_value *v) {
	st_op *def = st_value_is_block_arg(v) ? st_block_parent_op(st_value_owner_block(v)) : st_value_defining_op(v);
	return def && st_op_is_ancestor(g->root, def);
}

static bool lookup_value(graph *g, const st_value *v, node *n) {
	if (!inside(g, v) || !v->aux || v->aux >= g->cluster_cap)
		return false;
	*n = (node){(int)v->aux, g->cluster_of[v->aux]};
	return true;
}

static st_walk_result clear_aux(st_op *op, void *ud) {
	(void)ud;
	for (size_t i = 0; i < st_op_num_results(op); i++)
		st_op_result(op, i)->aux = 0;
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (size_t i = 0; i < st_block_num_args(b); i++)
				st_block_arg(b, i)->aux = 0;
	return ST_WALK_ADVANCE;
}

typedef void (*cluster_body)(graph *g, void *ud);

static node emit_cluster(graph *g, const char *label, cluster_body body, void *ud) {
	int cluster = ++g->counter;
	char buf[48];
	snprintf(buf, sizeof buf, "subgraph cluster_%d {\n", cluster);
	out_indent(g);
	outs(g, buf);
	g->indent++;
	node anchor = emit_node(g, " ", "plain");
	out_indent(g);
	outs(g, "label = ");
	out_quoted(g, label);
	outs(g, ";\n");
	body(g, ud);
	g->indent--;
	out_indent(g);
	outs(g, "}\n");
	return (node){anchor.id, cluster};
}

static node process_op(graph *g, st_op *op);

static void block_body(graph *g, void *ud) {
	st_block *b = ud;
	for (size_t i = 0; i < st_block_num_args(b); i++) {
		char label[32];
		snprintf(label, sizeof label, "arg%zu", i);
		map_value(g, st_block_arg(b, i), emit_node(g, label, "ellipse"));
	}
	node prev = {0, 0};
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o)) {
		node n = process_op(g, o);
		if (g->o->print_control_flow_edges && prev.id)
			edge(g, prev, n, "", "dashed");
		prev = n;
	}
}

static void op_body(graph *g, void *ud) {
	st_op *op = ud;
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			emit_cluster(g, "", block_body, b);
}

static node process_op(graph *g, st_op *op) {
	strbuf label = {.ctx = g->ctx};
	op_label(g, op, &label);
	g->oom |= label.oom;
	const char *l = label.data ? label.data : "";
	node n = st_op_num_regions(op) ? emit_cluster(g, l, op_body, op) : emit_node(g, l, "ellipse");
	st_ctx_free(g->ctx, label.data, label.cap);
	size_t nops = g->o->print_data_flow_edges ? st_op_num_operands(op) : 0;
	for (size_t i = 0; i < nops; i++) {
		if (!st_ctx_grow(g->ctx, (void **)&g->pending, &g->pending_cap, NULL, sizeof *g->pending, g->npending + 1)) {
			g->oom = true;
			break;
		}
		g->pending[g->npending++] = (struct pending){st_op_operand(op, i), n, i, nops};
	}
	for (size_t i = 0; i < st_op_num_results(op); i++)
		map_value(g, st_op_result(op, i), n);
	return n;
}

static st_status run(st_pass *pass, st_op *op) {
	graph g = {.pass = pass, .ctx = st_pass_context(pass), .o = st_pass_options(pass)};
	g.edges.ctx = g.ctx;
	g.root = op;
	st_walk(op, ST_WALK_PRE, clear_aux, NULL);
	outs(&g, "digraph G {\n");
	g.indent = 1;
	out_indent(&g);
	outs(&g, "compound = true;\n");
	process_op(&g, op);
	for (size_t i = 0; i < g.npending; i++) {
		struct pending *e = &g.pending[i];
		node from;
		char idx[24] = "";
		if (e->nops != 1)
			snprintf(idx, sizeof idx, "%zu", e->index);
		/* A value defined outside the op the pass runs on has no node. */
		if (lookup_value(&g, e->v, &from))
			edge(&g, from, e->to, idx, "solid");
	}
	if (g.edges.data)
		out(&g, g.edges.data, g.edges.len);
	outs(&g, "}\n");
	g.oom |= g.edges.oom;
	st_ctx_free(g.ctx, g.edges.data, g.edges.cap);
	st_ctx_free(g.ctx, g.cluster_of, g.cluster_cap * sizeof *g.cluster_of);
	st_ctx_free(g.ctx, g.pending, g.pending_cap * sizeof *g.pending);
	st_pass_preserve_all_analyses(pass);
	return g.oom ? ST_FAIL : ST_OK;
}

static const st_pass_option_def opts[] = {
	{"max-label-len", "Cut labels (types, attributes) longer than this", ST_PASS_OPT_INT, "20",
	 offsetof(options, max_label_len), NULL},
	{"print-attrs", "Show the attributes of each op", ST_PASS_OPT_BOOL, "true", offsetof(options, print_attrs), NULL},
	{"print-control-flow-edges", "Draw dashed edges between consecutive ops", ST_PASS_OPT_BOOL, "false",
	 offsetof(options, print_control_flow_edges), NULL},
	{"print-data-flow-edges", "Draw edges from each operand's definition to its user", ST_PASS_OPT_BOOL, "true",
	 offsetof(options, print_data_flow_edges), NULL},
	{"print-result-types", "Show the result types of each op", ST_PASS_OPT_BOOL, "true",
	 offsetof(options, print_result_types), NULL},
};

const st_pass_def st__pass_view_op_graph = {
	.name = "view-op-graph",
	.summary = "Print the op as a Graphviz dot graph",
	.options = opts,
	.noptions = sizeof opts / sizeof opts[0],
	.options_size = sizeof(options),
	.run = run,
	.display_name = "PrintOpGraph",
};
