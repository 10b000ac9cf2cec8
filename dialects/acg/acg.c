/* The acg dialect: the op table (graphs, the three node kinds, edges,
 * mnemonics, grids), the word lists the text format and IR share, and the
 * registration of the dialect with its translations. */
#include "acg_private.h"
#include "strata/translate.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define ATTRS(a) .attrs = a, .nattrs = N(a)

const char *const st__acg_access[] = {"ram", "rom", "fifo", "regfile", NULL};
const char *const st__acg_topologies[] = {"bus", "crossbar", "mesh", "torus", "ring", "p2p", "noc", NULL};
const char *const st__acg_switchboxes[] = {"disjoint", "wilton", "imran", NULL};
const char *const st__acg_sides[] = {"north", "south", "east", "west", NULL};
const char *const st__acg_field_access[] = {"read", "write", "readwrite", NULL};

const char *const st__acg_item_words[] = {"graph", "compute", "storage", "comm", "edge", "mnemonic", "grid", NULL};
const char *const st__acg_op_names[] = {"acg.graph", "acg.compute",  "acg.storage", "acg.comm",
                                        "acg.edge",  "acg.mnemonic", "acg.grid",    NULL};

#define G (1u << ST__ACG_GRAPH)
#define C (1u << ST__ACG_COMPUTE)
#define S (1u << ST__ACG_STORAGE)
#define M (1u << ST__ACG_COMM)
#define E (1u << ST__ACG_EDGE)
#define R (1u << ST__ACG_GRID)
const st__acg_keydef st__acg_keys[] = {
	/* Any word: a class is what a registered target serves (strata/target.h),
	 * and a plugin's target may serve a class of its own. */
	{"class", G, ST__ACG_T_WORD, NULL, false, -1},
	{"opcode_bits", G, ST__ACG_T_POS, NULL, false, -1},
	{"clock_mhz", G, ST__ACG_T_POS, NULL, false, -1},
	{"vliw_slots", G, ST__ACG_T_POS, NULL, false, -1},
	{"rows", R, ST__ACG_T_POS, NULL, true, -1},
	{"cols", R, ST__ACG_T_POS, NULL, true, -1},
	{"switchbox", R, ST__ACG_T_WORD, st__acg_switchboxes, false, 1},
	{"dims", C, ST__ACG_T_DIMS, NULL, false, -1},
	{"subgraph", C, ST__ACG_T_REF, NULL, false, -1},
	{"data_width", S, ST__ACG_T_POS, NULL, true, -1},
	{"banks", S, ST__ACG_T_POS, NULL, false, 1},
	{"depth", S, ST__ACG_T_POS, NULL, true, -1},
	{"bandwidth", M | E, ST__ACG_T_POS, NULL, true, -1},
	{"ports_in", S | M, ST__ACG_T_NONNEG, NULL, false, 1},
	{"ports_out", S | M, ST__ACG_T_NONNEG, NULL, false, 1},
	{"latency", C | S | M | E, ST__ACG_T_NONNEG, NULL, false, 1},
	{"on_chip", S, ST__ACG_T_BOOL, NULL, false, 1},
	{"double_buffer", S, ST__ACG_T_BOOL, NULL, false, 0},
	{"access", S, ST__ACG_T_WORD, st__acg_access, false, 0},
	{"topology", M, ST__ACG_T_WORD, st__acg_topologies, false, 0},
	{NULL, 0, 0, NULL, false, 0},
};

int st__acg_item_of(const st_op *op) {
	for (int i = 0; st__acg_op_names[i]; i++)
		if (op && strcmp(st_op_name_cstr(op), st__acg_op_names[i]) == 0)
			return i;
	return -1;
}

int st__acg_find_word(const char *const *list, st_str s) {
	for (int i = 0; list[i]; i++)
		if (st_str_eq_c(s, list[i]))
			return i;
	return -1;
}

/* ----------------------------------------------------------- constraints */

static bool is_i64(const st_attr *a) {
	return st_attr_get_kind(a) == ST_ATTR_INTEGER && st_type_is_signless_integer(st_attr_type(a), 64);
}
static bool nonneg(const st_attr *a) { return is_i64(a) && st_attr_int_value(a) >= 0; }
static bool positive(const st_attr *a) { return is_i64(a) && st_attr_int_value(a) > 0; }
static const st_attr_constraint ac_nonneg = {"non-negative 64-bit integer attribute", nonneg};
static const st_attr_constraint ac_positive = {"positive 64-bit integer attribute", positive};

/* ------------------------------------------------------------------ ops */

static const st_region_def body_region[] = {{"body", ST_REGION_GRAPH, ST_ONE, true, false}};

static const st_attr_def graph_attrs[] = {
	{"sym_name", &st_ac_symbol_name, false, NULL},
	{"class", &st_ac_string, true, NULL},
	{"opcode_bits", &ac_positive, true, NULL},
	{"clock_mhz", &ac_positive, true, NULL},
	{"vliw_slots", &ac_positive, true, NULL},
	{"budgets", &st_ac_dict, true, NULL},
	{"params", &st_ac_dict, true, NULL},
};

/* Attributes every node kind has: placement in a grid and free parameters. */
#define NODE_COMMON                                                                                                    \
	{"sym_name", &st_ac_symbol_name, false, NULL}, {"latency", &ac_nonneg, false, NULL},                           \
	    {"where", &st_ac_dense_i64_array, true, NULL}, {"side", &st_ac_string, true, NULL},                        \
	    {"params", &st_ac_dict, true, NULL}

static const st_attr_def compute_attrs[] = {
	NODE_COMMON,
	{"caps", &st_ac_array, false, NULL},
	{"dims", &st_ac_dense_i64_array, true, NULL},
	{"subgraph", &st_ac_flat_symbol_ref, true, NULL},
};

static const st_attr_def storage_attrs[] = {
	NODE_COMMON,
	{"data_width", &ac_positive, false, NULL},
	{"banks", &ac_positive, false, NULL},
	{"depth", &ac_positive, false, NULL},
	{"ports_in", &ac_nonneg, false, NULL},
	{"ports_out", &ac_nonneg, false, NULL},
	{"on_chip", &st_ac_bool, false, NULL},
	{"double_buffer", &st_ac_bool, false, NULL},
	{"access", &st_ac_string, false, NULL},
};

static const st_attr_def comm_attrs[] = {
	NODE_COMMON,
	{"bandwidth", &ac_positive, false, NULL},
	{"ports_in", &ac_nonneg, false, NULL},
	{"ports_out", &ac_nonneg, false, NULL},
	{"topology", &st_ac_string, false, NULL},
};

static const st_attr_def edge_attrs[] = {
	{"src", &st_ac_flat_symbol_ref, false, NULL},
	{"dst", &st_ac_flat_symbol_ref, false, NULL},
	{"bidirectional", &st_ac_bool, false, NULL},
	{"bandwidth", &ac_positive, false, NULL},
	{"latency", &ac_nonneg, false, NULL},
	{"params", &st_ac_dict, true, NULL},
};

static const st_attr_def mnemonic_attrs[] = {
	{"sym_name", &st_ac_symbol_name, false, NULL},
	{"opcode", &ac_nonneg, false, NULL},
	{"fields", &st_ac_array, false, NULL},
	{"params", &st_ac_dict, true, NULL},
};

static const st_attr_def grid_attrs[] = {
	{"sym_name", &st_ac_symbol_name, false, NULL},
	{"rows", &ac_positive, false, NULL},
	{"cols", &ac_positive, false, NULL},
	{"tracks", &st_ac_dense_i64_array, false, NULL},
	{"switchbox", &st_ac_string, false, NULL},
	{"params", &st_ac_dict, true, NULL},
};

#define NODE_OP(n, a, s)                                                                                               \
	{                                                                                                              \
		.name = n, .summary = s, ATTRS(a), .traits = ST_TRAIT_SYMBOL, .verify = st__acg_verify_node,           \
	}

static const st_opdef acg_ops[] = {
	{.name = "acg.graph",
	 .summary = "an architecture covenant graph (a target, or a sub-graph a compute node holds)",
	 ATTRS(graph_attrs),
	 .regions = body_region,
	 .nregions = 1,
	 .traits = ST_TRAIT_SYMBOL | ST_TRAIT_SYMBOL_TABLE | ST_TRAIT_NO_TERMINATOR | ST_TRAIT_SINGLE_BLOCK,
	 .verify = st__acg_verify_graph,
	 .verify_regions = st__acg_verify_graph_regions},
	NODE_OP("acg.compute", compute_attrs, "a compute node and its capabilities"),
	NODE_OP("acg.storage", storage_attrs, "a programmable memory"),
	NODE_OP("acg.comm", comm_attrs, "a communication node (bus, network, IO tile)"),
	{.name = "acg.edge",
	 .summary = "a data path between two nodes of one graph",
	 ATTRS(edge_attrs),
	 .verify = st__acg_verify_edge},
	{.name = "acg.mnemonic",
	 .summary = "a machine instruction: opcode and ordered fields",
	 ATTRS(mnemonic_attrs),
	 .traits = ST_TRAIT_SYMBOL,
	 .verify = st__acg_verify_mnemonic},
	{.name = "acg.grid",
	 .summary = "a parametric array of tiles, expanded on demand",
	 ATTRS(grid_attrs),
	 .regions = body_region,
	 .nregions = 1,
	 .traits = ST_TRAIT_SYMBOL | ST_TRAIT_SYMBOL_TABLE | ST_TRAIT_NO_TERMINATOR | ST_TRAIT_SINGLE_BLOCK,
	 .verify = st__acg_verify_grid},
};

static const st_dialect_def acg_dialect = {
	.name = "acg",
	.summary = "architecture covenant graphs: target descriptions",
	.ops = acg_ops,
	.nops = N(acg_ops),
};

/* ---------------------------------------------------------- translations */

static st_op *import_acg(st_context *ctx, st_str buffer, const char *filename) {
	return st_acg_import(ctx, buffer, filename);
}

static const st_translation_def translations[] = {
	{.name = "import-acg", .summary = "read an .acg architecture description", .import = import_acg},
	{.name = "export-acg", .summary = "write the acg.graph of a module as .acg text", .export_ = st_acg_export},
	{.name = "acg-to-dot", .summary = "draw the acg.graph of a module with Graphviz", .export_ = st_acg_to_dot},
};

st_status st_register_acg_dialect(st_context *ctx) {
	if (st_failed(st_context_register_dialect(ctx, &acg_dialect)))
		return ST_FAIL;
	for (size_t i = 0; i < N(translations); i++)
		if (st_failed(st_context_register_translation(ctx, &translations[i])))
			return ST_FAIL;
	return ST_OK;
}

/* ---------------------------------------------------------------- helpers */

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }
bool st__acg_is_graph(const st_op *op) { return named(op, "acg.graph"); }
bool st__acg_is_grid(const st_op *op) { return named(op, "acg.grid"); }
bool st__acg_is_edge(const st_op *op) { return named(op, "acg.edge"); }
bool st__acg_is_mnemonic(const st_op *op) { return named(op, "acg.mnemonic"); }

st_acg_kind st_acg_node_kind(const st_op *op) {
	if (named(op, "acg.compute"))
		return ST_ACG_COMPUTE;
	if (named(op, "acg.storage"))
		return ST_ACG_STORAGE;
	if (named(op, "acg.comm"))
		return ST_ACG_COMM;
	return ST_ACG_NOT_NODE;
}

st_block *st__acg_body(st_op *op) {
	if (!op || st_op_num_regions(op) != 1)
		return NULL;
	return st_region_first_block(st_op_region(op, 0));
}

const char *st__acg_sym(const st_op *op) {
	st_ident *id = st_symbol_name(op);
	return id ? st_ident_cstr(id) : "";
}

st_op *st__acg_parent_scope(const st_op *op) {
	st_op *p = st_op_parent_op(op);
	return st__acg_is_graph(p) || st__acg_is_grid(p) ? p : NULL;
}

st_op *st__acg_lookup_graph(const st_op *from, st_ident *name) {
	for (st_op *s = st__acg_parent_scope(from); s; s = st__acg_parent_scope(s)) {
		st_op *hit = st_symbol_lookup(s, st_ident_str(name));
		if (hit)
			return st__acg_is_graph(hit) ? hit : NULL;
	}
	return NULL;
}

st_op *st_acg_lookup(st_op *graph, const char *name) {
	if (!st__acg_is_graph(graph) && !st__acg_is_grid(graph))
		return NULL;
	return st_symbol_lookup(graph, st_str_c(name));
}

int64_t st_acg_int(const st_op *op, const char *attr, int64_t dflt) {
	st_attr *a = st_op_get_attr(op, attr);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : dflt;
}

st_attr *st_acg_param(const st_op *op, const char *key) {
	st_attr *d = st_op_get_attr(op, "params");
	return d && st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? st_attr_dict_get_c(d, key) : NULL;
}

int64_t st__acg_opcode_bits(const st_op *mn) {
	for (st_op *s = st__acg_parent_scope(mn); s; s = st__acg_parent_scope(s))
		if (st__acg_is_graph(s) && st_op_get_attr(s, "opcode_bits"))
			return st_acg_int(s, "opcode_bits", -1);
	return -1;
}

unsigned st__acg_type_bits(const st_type *t) {
	if (st_type_is_integer(t))
		return st_type_int_width(t);
	if (st_type_is_float(t))
		return st_type_float_width(t);
	return 0;
}

bool st__acg_where_holds(const st_attr *where, int64_t row, int64_t col) {
	size_t n = st_attr_dense_array_size(where);
	for (size_t i = 0; i + 4 <= n; i += 4) {
		int64_t var = st_attr_dense_array_int(where, i), mod = st_attr_dense_array_int(where, i + 1);
		int64_t cmp = st_attr_dense_array_int(where, i + 2), val = st_attr_dense_array_int(where, i + 3);
		int64_t x = var == ST__ACG_VAR_ROW ? row : var == ST__ACG_VAR_COL ? col : row + col;
		if (mod > 0)
			x = ((x % mod) + mod) % mod;
		bool ok = cmp == ST__ACG_EQ   ? x == val
		          : cmp == ST__ACG_NE ? x != val
		          : cmp == ST__ACG_LT ? x < val
		          : cmp == ST__ACG_LE ? x <= val
		          : cmp == ST__ACG_GT ? x > val
		                              : x >= val;
		if (!ok)
			return false;
	}
	return true;
}

void st__acg_puts(st__acg_out *o, const char *s) { o->w(o->ud, s, strlen(s)); }

/* Numbers and the format's own words only: names go through st__acg_puts,
 * so a line never outgrows the buffer. */
void st__acg_printf(st__acg_out *o, const char *fmt, ...) {
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	assert(n >= 0 && (size_t)n < sizeof buf);
	if (n > 0)
		o->w(o->ud, buf, (size_t)n);
}
