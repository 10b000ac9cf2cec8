/* --view-srdfg: a Graphviz picture of the hierarchy.  Each graph and node is
 * a cluster holding its sub-graph, each statement or reduction a box, and
 * each SSA edge an arrow labelled with its modifier and value type, so the
 * picture shows every granularity at once, as the srDFG does. */
#include "srdfg_internal.h"

#include "strata/asm.h"
#include "strata/translate.h"

#include <stdio.h>
#include <string.h>

typedef struct dot {
	st_write_fn w;
	void *ud;
	st_context *ctx;
	/* Node numbers in the order ops are drawn, so that the output does not
	 * depend on addresses; looked up linearly (pictures are small). */
	const void **ids;
	size_t nids, cap;
} dot;

static void put(dot *d, const char *s) { d->w(d->ud, s, strlen(s)); }

/* The number of `p` (a new one the first time). */
static size_t id_of(dot *d, const void *p) {
	for (size_t i = 0; i < d->nids; i++)
		if (d->ids[i] == p)
			return i;
	if (!st_ctx_grow(d->ctx, (void **)&d->ids, &d->cap, NULL, sizeof *d->ids, d->nids + 1))
		return (size_t)-1;
	d->ids[d->nids] = p;
	return d->nids++;
}

/* `fmt` holds one %zu (the number of `a`) and optionally one %s. */
static void putf(dot *d, const char *fmt, const void *a, const char *b) {
	char buf[512];
	snprintf(buf, sizeof buf, fmt, id_of(d, a), b);
	put(d, buf);
}

static bool is_cluster(st_op *op) {
	const char *n = st_op_name_cstr(op);
	return !strcmp(n, "srdfg.graph") || !strcmp(n, "srdfg.node");
}

static void edge_label(dot *d, st_value *v, char *buf, size_t n) {
	st_type *t = st_value_type(v);
	char tb[160];
	if (st_srdfg_is_edge(t))
		snprintf(buf, n, "%s %s", st_srdfg_mod_name(st_srdfg_edge_mod(t)),
		         st_type_str(d->ctx, st_srdfg_edge_value(t), tb, sizeof tb));
	else
		snprintf(buf, n, "%s", st_type_str(d->ctx, t, tb, sizeof tb));
}

/* The op a value comes from, or the cluster whose argument it is. */
static const void *source_of(st_value *v) {
	st_op *def = st_value_defining_op(v);
	return def ? (const void *)def : (const void *)st_block_parent_op(st_value_owner_block(v));
}

static void emit_block(dot *d, st_block *b);

/* The edges a statement reads inside its regions (its reductions' too) are
 * its inputs as well: dashed arrows. */
static void emit_reads(dot *d, st_op *stmt, st_op *op) {
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (st_op *in = st_block_first_op(b); in; in = st_op_next(in)) {
				if (!strcmp(st_op_name_cstr(in), "srdfg.load")) {
					char lb[256];
					edge_label(d, st_op_operand(in, 0), lb, sizeof lb);
					putf(d, "n%zu -> ", source_of(st_op_operand(in, 0)), "");
					putf(d, "n%zu [label=\"%s\", style=dashed];\n", stmt, lb);
				}
				emit_reads(d, stmt, in);
			}
}

static void emit_op(dot *d, st_op *op) {
	const char *name = st_op_name_cstr(op);
	if (is_cluster(op)) {
		st_attr *c = st_op_get_attr(op, "component");
		st_attr *s = st_op_get_attr(op, "sym_name");
		st_attr *dom = st_op_get_attr(op, "domain");
		st_str label = c ? st_attr_string(c) : s ? st_attr_string(s) : st_str_c(name);
		char lb[256];
		snprintf(lb, sizeof lb, "%.*s%s%.*s", (int)label.len, label.data, dom ? " : " : "",
		         dom ? (int)st_attr_string(dom).len : 0, dom ? st_attr_string(dom).data : "");
		putf(d, "subgraph cluster_%zu {\nlabel=\"%s\";\n", op, lb);
		putf(d, "n%zu [label=\"%s\", shape=point];\n", op, "");
		emit_block(d, st_region_first_block(st_op_region(op, 0)));
		put(d, "}\n");
	} else if (!strcmp(name, "srdfg.compute") || !strcmp(name, "srdfg.init") || !strcmp(name, "srdfg.constant")) {
		putf(d, "n%zu [label=\"%s\", shape=box];\n", op, name + 6);
	} else {
		return;
	}
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		char lb[256];
		st_value *v = st_op_operand(op, i);
		edge_label(d, v, lb, sizeof lb);
		putf(d, "n%zu -> ", source_of(v), "");
		putf(d, "n%zu [label=\"%s\"];\n", op, lb);
	}
	if (!strcmp(name, "srdfg.compute"))
		emit_reads(d, op, op);
}

static void emit_block(dot *d, st_block *b) {
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op))
		emit_op(d, op);
}

static st_status export_dot(st_op *module, st_write_fn w, void *ud) {
	dot d = {w, ud, st_op_context(module), NULL, 0, 0};
	put(&d, "digraph srdfg {\ncompound=true;\n");
	emit_block(&d, st_region_first_block(st_op_region(module, 0)));
	put(&d, "}\n");
	st_ctx_free(d.ctx, d.ids, d.cap * sizeof *d.ids);
	return ST_OK;
}

static const st_translation_def view_srdfg = {
	.name = "view-srdfg",
	.summary = "Graphviz picture of the srdfg hierarchy",
	.export_ = export_dot,
};

st_status st__srdfg_register_translations(st_context *ctx) { return st_context_register_translation(ctx, &view_srdfg); }
