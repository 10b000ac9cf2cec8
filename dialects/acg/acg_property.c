/* Numeric properties of a target by path, so that a design-space sweep
 * (strata-dse) can vary any number an .acg file gives without knowing its
 * grammar: the sweep names `BRAM.depth`, `fabric.rows`, `DSP.dims[0]`,
 * `GLB.param.banks` or `budget.lut`, and the variant is this IR with one
 * attribute replaced, written back as .acg text by st_acg_export.
 *
 * Only properties the file already has can be set: a misspelt path must be
 * an error, not a new attribute that nothing reads. */
#include "acg_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum prop_kind { PROP_ATTR, PROP_ELEMENT, PROP_PARAM, PROP_BUDGET } prop_kind;

typedef struct prop {
	st_op *op;        /* the graph, node, grid, tile kind or edge that holds it */
	prop_kind kind;
	char name[64];    /* attribute, param or budget name */
	size_t index;     /* PROP_ELEMENT: the element of the array */
	st_attr *current; /* the attribute holding the value (the dictionary for params and budgets) */
} prop;

/* The edge `a->b` or `a<->b` of `scope` (as the file wrote it), or NULL. */
static st_op *find_edge(st_op *scope, const char *seg) {
	const char *arrow = strstr(seg, "->");
	if (!arrow)
		return NULL;
	bool bidir = arrow > seg && arrow[-1] == '<';
	size_t alen = (size_t)(arrow - seg) - (bidir ? 1 : 0);
	const char *b = arrow + 2;
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(scope, 0))); op; op = st_op_next(op)) {
		if (!st__acg_is_edge(op))
			continue;
		st_attr *src = st_op_get_attr(op, "src"), *dst = st_op_get_attr(op, "dst");
		st_attr *bd = st_op_get_attr(op, "bidirectional");
		if (!src || !dst || (bd && st_attr_int_value(bd)) != bidir)
			continue;
		st_str s = st_ident_str(st_attr_symbol_root(src)), d = st_ident_str(st_attr_symbol_root(dst));
		if (s.len == alen && !memcmp(s.data, seg, alen) && st_str_eq_c(d, b))
			return op;
	}
	return NULL;
}

/* "storage 'BRAM'", "graph 'fpga'", "edge": what a message calls `op`. */
static const char *describe(const st_op *op, char *buf, size_t n) {
	const char *kind = st_op_name_cstr(op);
	kind = strncmp(kind, "acg.", 4) ? kind : kind + 4;
	st_attr *name = st_op_get_attr(op, "sym_name");
	st_str s = name ? st_attr_string(name) : st_str_c("");
	if (s.len)
		snprintf(buf, n, "%s '%.*s'", kind, (int)s.len, s.data);
	else
		snprintf(buf, n, "%s", kind);
	return buf;
}

/* Copies the segment of `path` starting at `*p` into `seg`; false when it
 * is empty or too long. */
static bool next_segment(const char **p, char *seg, size_t n) {
	const char *dot = strchr(*p, '.');
	size_t len = dot ? (size_t)(dot - *p) : strlen(*p);
	if (!len || len >= n)
		return false;
	memcpy(seg, *p, len);
	seg[len] = 0;
	*p += len + (dot ? 1 : 0);
	return true;
}

static bool is_dict_entry(st_op *op, const char *dict, const char *key, st_attr **out) {
	st_attr *d = st_op_get_attr(op, dict);
	*out = d;
	return d && st_attr_get_kind(d) == ST_ATTR_DICTIONARY && st_attr_dict_get_c(d, key);
}

/* Resolves `path` below `graph`; false with the reason in `why`. */
static bool resolve(st_op *graph, const char *path, prop *out, char *why, size_t n) {
	char seg[128], what[160];
	const char *p = path;
	st_op *scope = graph;
	memset(out, 0, sizeof *out);
	if (!path || !*path) {
		snprintf(why, n, "empty property path");
		return false;
	}
	for (;;) {
		if (!next_segment(&p, seg, sizeof seg)) {
			snprintf(why, n, "malformed property path '%s' (an empty or overlong segment)", path);
			return false;
		}
		if (!*p)
			break; /* the last segment names the property */
		if (!strcmp(seg, "param") || !strcmp(seg, "budget")) {
			char key[64];
			bool budget = seg[0] == 'b';
			if (!next_segment(&p, key, sizeof key) || *p) {
				snprintf(why, n, "'%s' wants one name after '%s.'", path, seg);
				return false;
			}
			if (budget && !st__acg_is_graph(scope)) {
				snprintf(why, n, "'%s': only a graph has budgets", path);
				return false;
			}
			if (!is_dict_entry(scope, budget ? "budgets" : "params", key, &out->current)) {
				snprintf(why, n, "'%s': %s has no %s '%s'", path, describe(scope, what, sizeof what), seg, key);
				return false;
			}
			out->op = scope;
			out->kind = budget ? PROP_BUDGET : PROP_PARAM;
			snprintf(out->name, sizeof out->name, "%s", key);
			return true;
		}
		st_op *child = strstr(seg, "->") ? find_edge(scope, seg) : st_acg_lookup(scope, seg);
		if (!child) {
			snprintf(why, n, "'%s': no node, grid, graph or edge '%s' in %s", path, seg, describe(scope, what, sizeof what));
			return false;
		}
		scope = child;
	}
	char *br = strchr(seg, '[');
	if (br) {
		char *end = NULL;
		long long idx = strtoll(br + 1, &end, 10);
		if (end == br + 1 || strcmp(end, "]") || idx < 0) {
			snprintf(why, n, "'%s': an element is written NAME[INDEX]", path);
			return false;
		}
		*br = 0;
		out->kind = PROP_ELEMENT;
		out->index = (size_t)idx;
	}
	if (strlen(seg) >= sizeof out->name) {
		snprintf(why, n, "'%s': property name too long", path);
		return false;
	}
	snprintf(out->name, sizeof out->name, "%s", seg);
	out->op = scope;
	out->current = st_op_get_attr(scope, seg);
	st_attr_kind k = out->current ? st_attr_get_kind(out->current) : ST_ATTR_UNIT;
	if (!out->current) {
		snprintf(why, n, "'%s': %s has no property '%s'", path, describe(scope, what, sizeof what), seg);
		return false;
	}
	if (out->kind == PROP_ELEMENT) {
		if (k != ST_ATTR_DENSE_ARRAY) {
			snprintf(why, n, "'%s': '%s' is not an array of integers", path, seg);
			return false;
		}
		if (out->index >= st_attr_dense_array_size(out->current)) {
			snprintf(why, n, "'%s': '%s' has %zu elements", path, seg, st_attr_dense_array_size(out->current));
			return false;
		}
		return true;
	}
	if (k != ST_ATTR_INTEGER || st_attr_is_bool(out->current)) {
		snprintf(why, n, "'%s': '%s' is not an integer property", path, seg);
		return false;
	}
	return true;
}

/* The integer a param or budget entry holds. */
static bool entry_value(const prop *pr, int64_t *value) {
	st_attr *v = st_attr_dict_get_c(pr->current, pr->name);
	if (st_attr_get_kind(v) != ST_ATTR_INTEGER)
		return false;
	*value = st_attr_int_value(v);
	return true;
}

st_status st_acg_property_get(st_op *graph, const char *path, int64_t *value, char *why, size_t n) {
	prop pr;
	if (!resolve(graph, path, &pr, why, n))
		return ST_FAIL;
	switch (pr.kind) {
	case PROP_ATTR:
		*value = st_attr_int_value(pr.current);
		return ST_OK;
	case PROP_ELEMENT:
		*value = st_attr_dense_array_int(pr.current, pr.index);
		return ST_OK;
	case PROP_PARAM:
	case PROP_BUDGET:
		if (entry_value(&pr, value))
			return ST_OK;
		snprintf(why, n, "'%s' is not an integer", path);
		return ST_FAIL;
	}
	return ST_FAIL;
}

/* `dict` with the entry `key` holding `value` (same type as before). */
static st_attr *dict_with(st_context *ctx, st_attr *dict, const char *key, int64_t value) {
	size_t n = st_attr_dict_size(dict);
	st_named_attr *e = malloc(n * sizeof *e);
	if (!e)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		e[i] = st_attr_dict_entry(dict, i);
		if (st_str_eq_c(st_ident_str(e[i].name), key))
			e[i].value = st_integer_attr(ctx, st_attr_type(e[i].value), value);
	}
	st_attr *out = st_dict_attr(ctx, n, e);
	free(e);
	return out;
}

st_status st_acg_property_set(st_op *graph, const char *path, int64_t value, char *why, size_t n) {
	prop pr;
	int64_t old;
	if (st_failed(st_acg_property_get(graph, path, &old, why, n)) || !resolve(graph, path, &pr, why, n))
		return ST_FAIL;
	st_context *ctx = st_op_context(graph);
	st_attr *next = NULL;
	switch (pr.kind) {
	case PROP_ATTR:
		next = st_integer_attr(ctx, st_attr_type(pr.current), value);
		break;
	case PROP_ELEMENT: {
		size_t len = st_attr_dense_array_size(pr.current);
		int64_t *vals = malloc(len * sizeof *vals);
		if (!vals)
			break;
		for (size_t i = 0; i < len; i++)
			vals[i] = i == pr.index ? value : st_attr_dense_array_int(pr.current, i);
		next = st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), len, vals);
		free(vals);
		break;
	}
	case PROP_PARAM:
	case PROP_BUDGET:
		next = dict_with(ctx, pr.current, pr.name, value);
		break;
	}
	if (!next) {
		snprintf(why, n, "out of memory");
		return ST_FAIL;
	}
	st_op_set_attr(pr.op, pr.kind == PROP_PARAM ? "params" : pr.kind == PROP_BUDGET ? "budgets" : pr.name, next);
	return ST_OK;
}
