/* The acg verifier: what the op table cannot say.  Names resolve (edges to
 * nodes of their own graph, sub-graphs to a graph in scope), the hierarchy
 * is acyclic, capabilities and mnemonic fields are well formed and every
 * value fits its field, grid placements and words are known.  The .acg
 * importer runs it too, so these are also its errors, at the item's name. */
#include "acg_private.h"

#include <string.h>

static bool is_word(const st_op *op, const char *attr, const char *const *words) {
	st_attr *a = st_op_get_attr(op, attr);
	return !a || (st_attr_get_kind(a) == ST_ATTR_STRING && st__acg_find_word(words, st_attr_string(a)) >= 0);
}

/* A class is any identifier (the registry of targets says which ones
 * stratac compiles for). */
static bool is_identifier(const st_attr *a) {
	if (!a)
		return true;
	if (st_attr_get_kind(a) != ST_ATTR_STRING)
		return false;
	st_str s = st_attr_string(a);
	for (size_t i = 0; i < s.len; i++)
		if (!(s.data[i] == '_' || (s.data[i] >= 'a' && s.data[i] <= 'z') || (s.data[i] >= 'A' && s.data[i] <= 'Z') ||
		      (i && s.data[i] >= '0' && s.data[i] <= '9')))
			return false;
	return s.len > 0;
}

static bool is_int(const st_attr *a) { return a && st_attr_get_kind(a) == ST_ATTR_INTEGER; }

/* ------------------------------------------------------------------ graphs */

static bool allowed_in(const st_op *o, bool grid) {
	if (st_acg_node_kind(o) != ST_ACG_NOT_NODE)
		return true;
	return !grid && (st__acg_is_graph(o) || st__acg_is_grid(o) || st__acg_is_edge(o) || st__acg_is_mnemonic(o));
}

static st_status check_body(st_op *op, bool grid) {
	st_block *b = st__acg_body(op);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (!allowed_in(o, grid))
			return st_op_error(op, "may not hold '%s'", st_op_name_cstr(o));
	return ST_OK;
}

st_status st__acg_verify_graph(st_op *op) {
	if (st_failed(st__acg_check_ranges(op)))
		return ST_FAIL;
	st_op *parent = st_op_parent_op(op);
	bool nested = st__acg_is_graph(parent);
	if (parent && !nested && strcmp(st_op_name_cstr(parent), "builtin.module") != 0)
		return st_op_error(op, "must be in a module or in another acg.graph");
	if (!nested && !st_op_get_attr(op, "class"))
		return st_op_error(op, "needs a 'class'");
	if (!is_identifier(st_op_get_attr(op, "class")))
		return st_op_error(op, "has a class that is no identifier");
	st_attr *budgets = st_op_get_attr(op, "budgets");
	for (size_t i = 0; budgets && i < st_attr_dict_size(budgets); i++) {
		st_attr *v = st_attr_dict_entry(budgets, i).value;
		if (!is_int(v) || st_attr_int_value(v) < 0)
			return st_op_error(op, "budget '%s' must be a non-negative integer",
			                   st_ident_cstr(st_attr_dict_entry(budgets, i).name));
	}
	return check_body(op, false);
}

/* Every graph under `top` and the compute nodes holding each as a
 * sub-graph: a cycle of "graph holds node holds graph" is an error. */
typedef struct hier {
	st_context *ctx;
	st_op **graphs;
	size_t n, cap;
} hier;

static st_walk_result collect_graph(st_op *op, void *ud) {
	hier *h = ud;
	if (st__acg_is_graph(op)) {
		if (!st_ctx_grow(h->ctx, (void **)&h->graphs, &h->cap, NULL, sizeof *h->graphs, h->n + 1))
			return ST_WALK_INTERRUPT;
		h->graphs[h->n++] = op;
	}
	return ST_WALK_ADVANCE;
}

static size_t graph_index(const hier *h, const st_op *g) {
	for (size_t i = 0; i < h->n; i++)
		if (h->graphs[i] == g)
			return i;
	return h->n;
}

/* The graph held by a compute node, or NULL. */
static st_op *held(const st_op *node) {
	if (st_acg_node_kind(node) != ST_ACG_COMPUTE)
		return NULL;
	st_attr *ref = st_op_get_attr(node, "subgraph");
	return ref ? st__acg_lookup_graph(node, st_attr_symbol_root(ref)) : NULL;
}

/* Depth-first from graph `g` along held sub-graphs; state 1 = on the path,
 * 2 = done.  An iterative walk: a chain of graphs may be long. */
static st_status dfs(hier *h, unsigned char *state, st_op **stack, size_t g) {
	size_t sp = 0;
	stack[sp++] = h->graphs[g];
	state[g] = 1;
	/* Each frame resumes at the node after the one it descended through. */
	st_op **resume = stack + h->n;
	resume[0] = st_block_first_op(st__acg_body(h->graphs[g]));
	while (sp) {
		st_op *node = resume[sp - 1];
		if (!node) {
			state[graph_index(h, stack[--sp])] = 2;
			continue;
		}
		resume[sp - 1] = st_op_next(node);
		st_op *sub = held(node);
		size_t k = sub ? graph_index(h, sub) : h->n;
		if (k == h->n || state[k] == 2)
			continue;
		if (state[k] == 1)
			return st_op_error(node, "holds sub-graph '%s', which holds this node: the hierarchy is cyclic",
			                   st__acg_sym(sub));
		state[k] = 1;
		stack[sp] = sub;
		resume[sp++] = st_block_first_op(st__acg_body(sub));
	}
	return ST_OK;
}

st_status st__acg_verify_graph_regions(st_op *op) {
	if (st__acg_is_graph(st_op_parent_op(op)))
		return ST_OK; /* the top graph checks the whole hierarchy once */
	st_context *ctx = st_op_context(op);
	hier h = {.ctx = ctx};
	st_status s = ST_FAIL;
	if (st_walk(op, ST_WALK_PRE, collect_graph, &h) != ST_WALK_INTERRUPT) {
		unsigned char *state = st_ctx_alloc(ctx, h.n);
		st_op **stack = st_ctx_alloc(ctx, 2 * h.n * sizeof *stack);
		if (state && stack) {
			memset(state, 0, h.n);
			s = ST_OK;
			for (size_t i = 0; i < h.n && st_succeeded(s); i++)
				if (!state[i])
					s = dfs(&h, state, stack, i);
		}
		if (state)
			st_ctx_free(ctx, state, h.n);
		if (stack)
			st_ctx_free(ctx, stack, 2 * h.n * sizeof *stack);
	}
	if (h.graphs)
		st_ctx_free(ctx, h.graphs, h.cap * sizeof *h.graphs);
	return s;
}

/* ------------------------------------------------------------------- nodes */

/* A capability: ["OP", [type, dims...] (output), [type, dims...]...]. */
static bool cap_ok(const st_attr *c) {
	if (st_attr_get_kind(c) != ST_ATTR_ARRAY || st_attr_array_size(c) < 2 || st_attr_array_size(c) > 9)
		return false;
	st_attr *name = st_attr_array_elt(c, 0);
	if (st_attr_get_kind(name) != ST_ATTR_STRING || !st_attr_string(name).len)
		return false;
	for (size_t i = 1; i < st_attr_array_size(c); i++) {
		st_attr *o = st_attr_array_elt(c, i);
		if (st_attr_get_kind(o) != ST_ATTR_ARRAY || st_attr_array_size(o) < 2 || st_attr_array_size(o) > 9)
			return false;
		st_attr *t = st_attr_array_elt(o, 0);
		if (st_attr_get_kind(t) != ST_ATTR_TYPE || !st__acg_type_bits(st_attr_type_value(t)))
			return false;
		for (size_t k = 1; k < st_attr_array_size(o); k++)
			if (!is_int(st_attr_array_elt(o, k)) || st_attr_int_value(st_attr_array_elt(o, k)) <= 0)
				return false;
	}
	return true;
}

static st_status check_where(st_op *op) {
	st_attr *w = st_op_get_attr(op, "where");
	if (!w)
		return ST_OK;
	size_t n = st_attr_dense_array_size(w);
	if (n == 0 || n % 4)
		return st_op_error(op, "'where' must hold terms of four integers");
	for (size_t i = 0; i < n; i += 4) {
		int64_t var = st_attr_dense_array_int(w, i), mod = st_attr_dense_array_int(w, i + 1);
		int64_t cmp = st_attr_dense_array_int(w, i + 2);
		if (var < 0 || var > ST__ACG_VAR_SUM || mod < 0 || cmp < 0 || cmp >= ST__ACG_NCMP)
			return st_op_error(op, "'where' term %zu is malformed", i / 4);
	}
	return ST_OK;
}

st_status st__acg_verify_node(st_op *op) {
	if (st_failed(st__acg_check_ranges(op)))
		return ST_FAIL;
	st_op *scope = st__acg_parent_scope(op);
	if (!scope)
		return st_op_error(op, "must be inside an acg.graph or acg.grid");
	bool placed = st_op_get_attr(op, "where") || st_op_get_attr(op, "side");
	if (placed && !st__acg_is_grid(scope))
		return st_op_error(op, "'where' and 'side' place tile kinds of a grid only");
	if (st_op_get_attr(op, "where") && st_op_get_attr(op, "side"))
		return st_op_error(op, "a tile kind has either 'where' or 'side'");
	if (st_failed(check_where(op)))
		return ST_FAIL;
	if (!is_word(op, "side", st__acg_sides))
		return st_op_error(op, "has an unknown IO side");
	if (!is_word(op, "access", st__acg_access))
		return st_op_error(op, "has an unknown access type");
	if (!is_word(op, "topology", st__acg_topologies))
		return st_op_error(op, "has an unknown topology");
	if (st_acg_node_kind(op) != ST_ACG_COMPUTE)
		return ST_OK;
	st_attr *caps = st_op_get_attr(op, "caps");
	for (size_t i = 0; i < st_attr_array_size(caps); i++)
		if (!cap_ok(st_attr_array_elt(caps, i)))
			return st_op_error(op, "capability %zu is malformed", i);
	st_attr *dims = st_op_get_attr(op, "dims");
	for (size_t i = 0; dims && i < st_attr_dense_array_size(dims); i++)
		if (st_attr_dense_array_int(dims, i) <= 0)
			return st_op_error(op, "'dims' must be positive");
	st_attr *sub = st_op_get_attr(op, "subgraph");
	if (sub && !st__acg_lookup_graph(op, st_attr_symbol_root(sub)))
		return st_op_error(op, "sub-graph '%s' is not a graph in scope", st_ident_cstr(st_attr_symbol_root(sub)));
	return ST_OK;
}

/* ------------------------------------------------------------------- edges */

static st_status check_end(st_op *edge, st_op *graph, const char *attr, const char *dir) {
	st_ident *name = st_attr_symbol_root(st_op_get_attr(edge, attr));
	st_op *n = st_symbol_lookup(graph, st_ident_str(name));
	if (!n || (st_acg_node_kind(n) == ST_ACG_NOT_NODE && !st__acg_is_grid(n)))
		return st_op_error(edge, "edge %s unknown node '%s'", dir, st_ident_cstr(name));
	return ST_OK;
}

st_status st__acg_verify_edge(st_op *op) {
	if (st_failed(st__acg_check_ranges(op)))
		return ST_FAIL;
	st_op *scope = st__acg_parent_scope(op);
	if (!st__acg_is_graph(scope))
		return st_op_error(op, "must be inside an acg.graph");
	if (st_failed(check_end(op, scope, "src", "from")) || st_failed(check_end(op, scope, "dst", "to")))
		return ST_FAIL;
	if (st_attr_symbol_root(st_op_get_attr(op, "src")) == st_attr_symbol_root(st_op_get_attr(op, "dst")))
		return st_op_error(op, "edge from '%s' to itself", st_ident_cstr(st_attr_symbol_root(st_op_get_attr(op, "src"))));
	return ST_OK;
}

/* --------------------------------------------------------------- mnemonics */

/* A field: [name, bits, [enumerators], access] and, when fixed, its value. */
static bool field_ok(const st_attr *f) {
	size_t n = st_attr_get_kind(f) == ST_ATTR_ARRAY ? st_attr_array_size(f) : 0;
	if (n != 4 && n != 5)
		return false;
	st_attr *bits = st_attr_array_elt(f, 1), *vals = st_attr_array_elt(f, 2);
	if (st_attr_get_kind(st_attr_array_elt(f, 0)) != ST_ATTR_STRING || !is_int(bits) ||
	    st_attr_get_kind(vals) != ST_ATTR_ARRAY || st_attr_get_kind(st_attr_array_elt(f, 3)) != ST_ATTR_STRING)
		return false;
	for (size_t i = 0; i < st_attr_array_size(vals); i++)
		if (st_attr_get_kind(st_attr_array_elt(vals, i)) != ST_ATTR_STRING)
			return false;
	return n == 4 || is_int(st_attr_array_elt(f, 4));
}

static bool fits(int64_t v, int64_t bits) { return v >= 0 && (bits >= 63 || v < ((int64_t)1 << bits)); }

/* Field i, whose shape and width were checked; the fields before it are
 * few (the instruction is at most 512 bits long). */
static st_status check_field(st_op *op, st_attr *fields, size_t i) {
	st_attr *f = st_attr_array_elt(fields, i);
	st_str name = st_attr_string(st_attr_array_elt(f, 0));
	int64_t bits = st_attr_int_value(st_attr_array_elt(f, 1));
	size_t nvals = st_attr_array_size(st_attr_array_elt(f, 2));
	st_str access = st_attr_string(st_attr_array_elt(f, 3));
	for (size_t k = 0; k < i; k++)
		if (st_str_eq(name, st_attr_string(st_attr_array_elt(st_attr_array_elt(fields, k), 0))))
			return st_op_error(op, "field '%.*s' is given twice", (int)name.len, name.data);
	if (nvals && !fits((int64_t)nvals - 1, bits))
		return st_op_error(op, "%zu values of field '%.*s' do not fit in %lld bits", nvals, (int)name.len,
		                   name.data, (long long)bits);
	if (access.len && st__acg_find_word(st__acg_field_access, access) < 0)
		return st_op_error(op, "field '%.*s' has an unknown access", (int)name.len, name.data);
	if (st_attr_array_size(f) == 5) {
		int64_t v = st_attr_int_value(st_attr_array_elt(f, 4));
		if (nvals)
			return st_op_error(op, "field '%.*s' enumerates values and cannot be fixed", (int)name.len, name.data);
		if (!fits(v, bits))
			return st_op_error(op, "value %lld does not fit in the %lld-bit field '%.*s'", (long long)v,
			                   (long long)bits, (int)name.len, name.data);
	}
	return ST_OK;
}

st_status st__acg_verify_mnemonic(st_op *op) {
	if (!st__acg_is_graph(st__acg_parent_scope(op)))
		return st_op_error(op, "must be inside an acg.graph");
	int64_t obits = st__acg_opcode_bits(op);
	if (obits < 0)
		return st_op_error(op, "needs 'opcode_bits' on its graph");
	int64_t opcode = st_acg_int(op, "opcode", 0);
	if (obits > 63 || !fits(opcode, obits))
		return st_op_error(op, "opcode %lld does not fit in %lld opcode bits", (long long)opcode, (long long)obits);
	st_attr *fields = st_op_get_attr(op, "fields");
	size_t n = st_attr_array_size(fields);
	int64_t total = obits;
	for (size_t i = 0; i < n; i++) {
		st_attr *f = st_attr_array_elt(fields, i);
		if (!field_ok(f))
			return st_op_error(op, "field %zu is malformed", i);
		int64_t bits = st_attr_int_value(st_attr_array_elt(f, 1));
		st_str name = st_attr_string(st_attr_array_elt(f, 0));
		if (bits < 1 || bits > 64)
			return st_op_error(op, "field '%.*s' must be 1 to 64 bits wide", (int)name.len, name.data);
		total += bits;
	}
	if (total > 512)
		return st_op_error(op, "is %lld bits long; at most 512 are supported", (long long)total);
	for (size_t i = 0; i < n; i++)
		if (st_failed(check_field(op, fields, i)))
			return ST_FAIL;
	return ST_OK;
}

/* ------------------------------------------------------------------- grids */

st_status st__acg_verify_grid(st_op *op) {
	if (st_failed(st__acg_check_ranges(op)))
		return ST_FAIL;
	if (!st__acg_is_graph(st__acg_parent_scope(op)))
		return st_op_error(op, "must be inside an acg.graph");
	if (st_acg_int(op, "rows", 0) > 4096 || st_acg_int(op, "cols", 0) > 4096)
		return st_op_error(op, "has more than 4096 rows or columns");
	st_attr *t = st_op_get_attr(op, "tracks");
	size_t n = st_attr_dense_array_size(t);
	if (n == 0 || n % 2)
		return st_op_error(op, "'tracks' must hold (width, count) pairs");
	for (size_t i = 0; i < n; i++)
		if (st_attr_dense_array_int(t, i) <= 0)
			return st_op_error(op, "track widths and counts must be positive");
	if (!is_word(op, "switchbox", st__acg_switchboxes))
		return st_op_error(op, "has an unknown switch-box topology");
	if (st_failed(check_body(op, true)))
		return ST_FAIL;
	st_block *b = st__acg_body(op);
	if (!b || !st_block_first_op(b))
		return st_op_error(op, "has no tile kinds");
	return ST_OK;
}
