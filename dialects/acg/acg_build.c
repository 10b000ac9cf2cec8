/* The .acg importer's IR builder: the grammar's actions land here.  Each
 * item's op goes into the tree as soon as its name is read (so an error at
 * any point leaves nothing to free but the module), keys and values are
 * checked against one table with their own locations, and an item's
 * defaults are filled in when it closes, so that the IR states every
 * number explicitly. */
#include "acg_build.h"

#include <stdio.h>
#include <string.h>


static const char *const kind_names[] = {"graph", "compute node", "storage node", "comm node", "edge", "mnemonic",
                                         "grid"};
#define op_names st__acg_op_names

/* ------------------------------------------------------------- key table */

#define keys st__acg_keys
#define keydef st__acg_keydef

static const keydef *find_key(st_str key, int kind, bool *elsewhere) {
	*elsewhere = false;
	for (size_t i = 0; keys[i].key; i++) {
		if (!st_str_eq_c(key, keys[i].key))
			continue;
		if (keys[i].kinds & (1u << kind))
			return &keys[i];
		*elsewhere = true;
	}
	return NULL;
}

/* ----------------------------------------------------------------- helpers */

static void *grow(st__acg_parser *p, void *arr, size_t *cap, size_t need, size_t elt) {
	if (need <= *cap)
		return arr;
	size_t n = *cap ? *cap * 2 : 8;
	while (n < need)
		n *= 2;
	*cap = n;
	return st__acg_realloc(p, arr, n * elt);
}

static st__acg_scope *top(st__acg_parser *p) { return &p->scopes[p->depth - 1]; }

static st_attr *i64(st__acg_parser *p, int64_t v) {
	return st_integer_attr(p->ctx, st_integer_type(p->ctx, 64, ST_SIGNLESS), v);
}

/* A string token without its quotes, escapes undone. */
static st_attr *unquote(st__acg_parser *p, st_str s) {
	char *buf = st__acg_alloc(p, s.len);
	size_t n = 0;
	for (size_t i = 1; i + 1 < s.len; i++) {
		if (s.data[i] == '\\')
			i++;
		buf[n++] = s.data[i];
	}
	st_attr *a = st_string_attr(p->ctx, st_str_make(buf, n));
	st__acg_free(p, buf);
	return a;
}

static int clip(size_t n) { return n > 64 ? 64 : (int)n; }

static void words_list(char *buf, size_t n, const char *const *words) {
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; words[i] && k + 16 < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", words[i]);
}

/* ------------------------------------------------------------------ module */

st_op *st__acg_new_module(st__acg_parser *p) {
	st_op_state s = {.name = st_str_c("builtin.module"), .loc = st__acg_loc(p, 1, 1), .nregions = 1};
	st_op *m = st_op_create(p->ctx, &s);
	st_block *b = m ? st_block_create(p->ctx) : NULL;
	if (!b) {
		if (m)
			st_op_destroy(m);
		return NULL;
	}
	st_region_append_block(st_op_region(m, 0), b);
	return m;
}

bool st__acg_finish(st__acg_parser *p) { return !p->failed; }

/* ------------------------------------------------------------------ values */

st__acg_val *st__acg_val_new(st__acg_parser *p, st__acg_vkind k, const ST__ACG_YYLTYPE *loc) {
	st__acg_val *v = st__acg_alloc(p, sizeof *v);
	memset(v, 0, sizeof *v);
	v->kind = k;
	v->line = loc->first_line;
	v->col = loc->first_column;
	return v;
}

st__acg_val *st__acg_val_append(st__acg_val *list, st__acg_val *elt) {
	(list->tail ? list->tail : list)->next = elt;
	list->tail = elt;
	return list;
}

void st__acg_operand_dim(st__acg_operand *o, int64_t d) {
	if (o->ndims == sizeof o->dims / sizeof o->dims[0])
		o->too_many = true;
	else
		o->dims[o->ndims++] = d;
}

/* A free-form value (`param`, mnemonic attributes) as an attribute. */
static st_attr *value_attr(st__acg_parser *p, const st__acg_val *v) {
	switch (v->kind) {
	case ST__ACG_V_INT:
		return i64(p, v->i);
	case ST__ACG_V_BOOL:
		return st_bool_attr(p->ctx, v->i != 0);
	case ST__ACG_V_WORD:
	case ST__ACG_V_OPERAND: /* never a value: the grammar keeps them apart */
		return st_string_attr(p->ctx, v->s);
	case ST__ACG_V_STRING:
		return unquote(p, v->s);
	case ST__ACG_V_LIST:
		break;
	}
	size_t n = 0;
	for (const st__acg_val *e = v->elts; e; e = e->next)
		n++;
	st_attr **elts = st__acg_alloc(p, (n ? n : 1) * sizeof *elts);
	n = 0;
	for (const st__acg_val *e = v->elts; e; e = e->next)
		elts[n++] = value_attr(p, e);
	st_attr *a = st_array_attr(p->ctx, n, elts);
	st__acg_free(p, elts);
	return a;
}

/* ------------------------------------------------------------------ scopes */

static bool holds(int parent, int kind) {
	if (parent == ST__ACG_GRAPH)
		return true;
	if (parent == ST__ACG_GRID)
		return kind == ST__ACG_COMPUTE || kind == ST__ACG_STORAGE || kind == ST__ACG_COMM;
	return false;
}

/* Opens an item: checks where it may stand, puts its op into the tree. */
static st_op *open_item(st__acg_parser *p, int kind, const ST__ACG_YYLTYPE *kw, const ST__ACG_YYLTYPE *at,
                        st_attr *attrs) {
	if (p->depth == ST__ACG_MAX_DEPTH) {
		st__acg_error(p, kw->first_line, kw->first_column, "items nested deeper than %d levels", (int)ST__ACG_MAX_DEPTH);
		return NULL;
	}
	if (p->depth > 0 && !holds(top(p)->kind, kind)) {
		st__acg_scope *s = top(p);
		st__acg_error(p, kw->first_line, kw->first_column, "a %s cannot hold a %s%s", kind_names[s->kind], kind_names[kind],
		              s->kind == ST__ACG_COMPUTE ? " (a compute node names its sub-graph with 'subgraph = NAME')"
		                                         : "");
		return NULL;
	}
	st_op_state s = {.name = st_str_c(op_names[kind]),
	                 .loc = st__acg_loc(p, at->first_line, at->first_column),
	                 .attrs = attrs,
	                 .nregions = kind == ST__ACG_GRAPH || kind == ST__ACG_GRID};
	st_op *op = st_op_create(p->ctx, &s);
	if (!op) {
		st__acg_error(p, kw->first_line, kw->first_column, "out of memory");
		return NULL;
	}
	st_op *parent = p->depth ? top(p)->op : p->module;
	st_block_append_op(st__acg_body(parent), op);
	if (s.nregions) {
		st_block *b = st_block_create(p->ctx);
		if (!b) {
			st__acg_error(p, kw->first_line, kw->first_column, "out of memory");
			return NULL;
		}
		st_region_append_block(st_op_region(op, 0), b);
	}
	st__acg_scope *sc = &p->scopes[p->depth++];
	memset(sc, 0, sizeof *sc);
	sc->kind = kind;
	sc->op = op;
	sc->line = at->first_line;
	sc->col = at->first_column;
	return op;
}

static st_attr *name_dict(st__acg_parser *p, st_str name) {
	st_named_attr na = {st_ident_get_c(p->ctx, "sym_name"), st_string_attr(p->ctx, name)};
	return st_dict_attr(p->ctx, 1, &na);
}

bool st__acg_begin(st__acg_parser *p, int kind, st_str name, const ST__ACG_YYLTYPE *kw, const ST__ACG_YYLTYPE *at) {
	bool placed = p->nwhere || p->side.data;
	if (placed && (p->depth == 0 || top(p)->kind != ST__ACG_GRID)) {
		st__acg_error(p, p->place_line, p->place_col, "'where' and 'at' place tile kinds inside a grid only");
		return false;
	}
	st_op *op = open_item(p, kind, kw, at, name_dict(p, name));
	if (!op)
		return false;
	if (p->nwhere)
		st_op_set_attr(op, "where", st_dense_int_array_attr(p->ctx, st_integer_type(p->ctx, 64, ST_SIGNLESS),
		                                                    p->nwhere, p->where));
	if (p->side.data)
		st_op_set_attr(op, "side", st_string_attr(p->ctx, p->side));
	p->nwhere = 0;
	p->side = st_str_make(NULL, 0);
	return true;
}

bool st__acg_begin_edge(st__acg_parser *p, st_str src, const ST__ACG_YYLTYPE *sloc, bool bidir, st_str dst,
                        const ST__ACG_YYLTYPE *dloc, const ST__ACG_YYLTYPE *kw) {
	(void)sloc;
	(void)dloc;
	st_named_attr na[3] = {
		{st_ident_get_c(p->ctx, "src"), st_symbol_ref_attr(p->ctx, src, 0, NULL)},
		{st_ident_get_c(p->ctx, "dst"), st_symbol_ref_attr(p->ctx, dst, 0, NULL)},
		{st_ident_get_c(p->ctx, "bidirectional"), st_bool_attr(p->ctx, bidir)},
	};
	return open_item(p, ST__ACG_EDGE, kw, kw, st_dict_attr(p->ctx, 3, na)) != NULL;
}

bool st__acg_begin_mnemonic(st__acg_parser *p, st_str name, const ST__ACG_YYLTYPE *at, int64_t opcode) {
	st_op *op = open_item(p, ST__ACG_MNEMONIC, at, at, name_dict(p, name));
	if (op)
		st_op_set_attr(op, "opcode", i64(p, opcode));
	return op != NULL;
}

static bool fill_defaults(st__acg_parser *p, st__acg_scope *s) {
	for (size_t i = 0; keys[i].key; i++) {
		const keydef *k = &keys[i];
		if (!(k->kinds & (1u << s->kind)) || st_op_get_attr(s->op, k->key))
			continue;
		if (k->required && s->kind == ST__ACG_EDGE) {
			st__acg_error(p, s->line, s->col, "edge %s -> %s needs '%s'",
			              st_ident_cstr(st_attr_symbol_root(st_op_get_attr(s->op, "src"))),
			              st_ident_cstr(st_attr_symbol_root(st_op_get_attr(s->op, "dst"))), k->key);
			return false;
		}
		if (k->required) {
			st__acg_error(p, s->line, s->col, "%s '%s' needs '%s'", kind_names[s->kind], st__acg_sym(s->op),
			              k->key);
			return false;
		}
		if (k->dflt < 0)
			continue;
		st_attr *v = k->type == ST__ACG_T_WORD   ? st_string_attr(p->ctx, st_str_c(k->words[k->dflt]))
		             : k->type == ST__ACG_T_BOOL ? st_bool_attr(p->ctx, k->dflt != 0)
		                                 : i64(p, k->dflt);
		st_op_set_attr(s->op, k->key, v);
	}
	return true;
}

bool st__acg_end(st__acg_parser *p) {
	st__acg_scope *s = top(p);
	if (s->kind == ST__ACG_GRAPH && p->depth == 1 && !st_op_get_attr(s->op, "class")) {
		st__acg_error(p, s->line, s->col, "graph '%s' needs 'class' (one of cgra, rda, systolic, fpga, vliw, dnn, "
		              "cpu, generic)", st__acg_sym(s->op));
		return false;
	}
	if (s->kind == ST__ACG_GRID && !s->ntracks) {
		st__acg_error(p, s->line, s->col, "grid '%s' needs at least one 'track WIDTH x COUNT'", st__acg_sym(s->op));
		return false;
	}
	if (!fill_defaults(p, s))
		return false;
	if (s->kind == ST__ACG_COMPUTE)
		st_op_set_attr(s->op, "caps", st_array_attr(p->ctx, s->ncaps, s->caps));
	if (s->kind == ST__ACG_MNEMONIC)
		st_op_set_attr(s->op, "fields", st_array_attr(p->ctx, s->nfields, s->fields));
	if (s->kind == ST__ACG_GRID)
		st_op_set_attr(s->op, "tracks",
		               st_dense_int_array_attr(p->ctx, st_integer_type(p->ctx, 64, ST_SIGNLESS), s->ntracks, s->tracks));
	if (s->nparams)
		st_op_set_attr(s->op, "params", st_dict_attr(p->ctx, s->nparams, s->params));
	if (s->nbudgets)
		st_op_set_attr(s->op, "budgets", st_dict_attr(p->ctx, s->nbudgets, s->budgets));
	st__acg_free(p, s->caps);
	st__acg_free(p, s->params);
	st__acg_free(p, s->budgets);
	st__acg_free(p, s->fields);
	st__acg_free(p, s->tracks);
	p->depth--;
	return true;
}

/* ------------------------------------------------------------------- items */

/* Whether a number of `v` (well formed otherwise) is past the format's
 * range for `k`. */
static bool over_range(const keydef *k, const st__acg_val *v) {
	int64_t max = st__acg_range_max(k->key);
	if (v->kind == ST__ACG_V_INT)
		return v->i > max;
	for (const st__acg_val *e = v->kind == ST__ACG_V_LIST ? v->elts : NULL; e; e = e->next)
		if (e->kind == ST__ACG_V_INT && e->i > max)
			return true;
	return false;
}

static bool value_error(st__acg_parser *p, const st__acg_val *v, const keydef *k) {
	static const char *const what[] = {"a non-negative integer", "a positive integer", "true or false", "a word",
	                                   "a name", "a list of positive integers"};
	if (k->type == ST__ACG_T_WORD && k->words) {
		char buf[160];
		words_list(buf, sizeof buf, k->words);
		st__acg_error(p, v->line, v->col, "'%s' must be one of: %s", k->key, buf);
	} else if ((k->type == ST__ACG_T_POS || k->type == ST__ACG_T_NONNEG || k->type == ST__ACG_T_DIMS) &&
	           over_range(k, v)) {
		st__acg_error(p, v->line, v->col, "'%s' must be at most %lld%s", k->key,
		              (long long)st__acg_range_max(k->key), k->type == ST__ACG_T_DIMS ? " in each dimension" : "");
	} else {
		st__acg_error(p, v->line, v->col, "'%s' must be %s", k->key, what[k->type]);
	}
	return false;
}

static st_attr *typed_value(st__acg_parser *p, const keydef *k, const st__acg_val *v) {
	switch (k->type) {
	case ST__ACG_T_NONNEG:
	case ST__ACG_T_POS:
		if (v->kind != ST__ACG_V_INT || v->i < (k->type == ST__ACG_T_POS) || over_range(k, v))
			return NULL;
		return i64(p, v->i);
	case ST__ACG_T_BOOL:
		return v->kind == ST__ACG_V_BOOL ? st_bool_attr(p->ctx, v->i != 0) : NULL;
	case ST__ACG_T_WORD:
		if (v->kind != ST__ACG_V_WORD || (k->words && st__acg_find_word(k->words, v->s) < 0))
			return NULL;
		return st_string_attr(p->ctx, v->s);
	case ST__ACG_T_REF:
		return v->kind == ST__ACG_V_WORD ? st_symbol_ref_attr(p->ctx, v->s, 0, NULL) : NULL;
	case ST__ACG_T_DIMS: {
		if (v->kind != ST__ACG_V_LIST || !v->elts)
			return NULL;
		int64_t dims[8];
		size_t n = 0;
		for (const st__acg_val *e = v->elts; e; e = e->next) {
			if (e->kind != ST__ACG_V_INT || e->i <= 0 || e->i > st__acg_range_max(k->key) || n == 8)
				return NULL;
			dims[n++] = e->i;
		}
		return st_dense_int_array_attr(p->ctx, st_integer_type(p->ctx, 64, ST_SIGNLESS), n, dims);
	}
	}
	return NULL;
}

bool st__acg_prop(st__acg_parser *p, st_str key, const ST__ACG_YYLTYPE *at, st__acg_val *v) {
	st__acg_scope *s = top(p);
	bool elsewhere;
	const keydef *k = find_key(key, s->kind, &elsewhere);
	if (!k) {
		if (elsewhere)
			st__acg_error(p, at->first_line, at->first_column, "'%.*s' is not a property of a %s", clip(key.len), key.data,
			              kind_names[s->kind]);
		else
			st__acg_error(p, at->first_line, at->first_column, "unknown property '%.*s' (write 'param %.*s = ...' for a target-specific value)",
			              clip(key.len), key.data, clip(key.len), key.data);
		return false;
	}
	if (st_op_get_attr(s->op, k->key)) {
		st__acg_error(p, at->first_line, at->first_column, "'%s' is given twice", k->key);
		return false;
	}
	st_attr *a = typed_value(p, k, v);
	if (!a)
		return value_error(p, v, k);
	st_op_set_attr(s->op, k->key, a);
	return true;
}

static size_t hash_seen(const st_op *op, int list, const st_ident *id) {
	return (size_t)(((uintptr_t)op >> 4) * 31u ^ ((uintptr_t)id >> 3) * 131u ^ (uintptr_t)list);
}

/* Records (item, list, name) in the import's set of given names; false
 * when it was there.  Open addressing: many parameters stay linear. */
static bool first_time(st__acg_parser *p, const st_op *op, int list, const st_ident *id) {
	if (2 * (p->nseen + 1) > p->capseen) {
		size_t ncap = p->capseen ? 2 * p->capseen : 64;
		st__acg_seen *t = st__acg_alloc(p, ncap * sizeof *t);
		memset(t, 0, ncap * sizeof *t);
		for (size_t i = 0; i < p->capseen; i++) {
			size_t h = hash_seen(p->seen[i].op, p->seen[i].list, p->seen[i].id) & (ncap - 1);
			while (p->seen[i].id && t[h].id)
				h = (h + 1) & (ncap - 1);
			t[h] = p->seen[i];
		}
		st__acg_free(p, p->seen);
		p->seen = t;
		p->capseen = ncap;
	}
	size_t h = hash_seen(op, list, id) & (p->capseen - 1);
	for (; p->seen[h].id; h = (h + 1) & (p->capseen - 1))
		if (p->seen[h].op == op && p->seen[h].list == list && p->seen[h].id == id)
			return false;
	p->seen[h] = (st__acg_seen){op, list, id};
	p->nseen++;
	return true;
}

static bool add_named(st__acg_parser *p, st_named_attr **arr, size_t *n, size_t *cap, st_str key,
                      const ST__ACG_YYLTYPE *at, st_attr *value, const char *what) {
	st_ident *id = st_ident_get(p->ctx, key);
	if (!first_time(p, top(p)->op, what[0], id)) {
		st__acg_error(p, at->first_line, at->first_column, "%s '%.*s' is given twice", what, clip(key.len), key.data);
		return false;
	}
	*arr = grow(p, *arr, cap, *n + 1, sizeof **arr);
	(*arr)[(*n)++] = (st_named_attr){id, value};
	return true;
}

bool st__acg_param(st__acg_parser *p, st_str key, const ST__ACG_YYLTYPE *at, st__acg_val *v) {
	st__acg_scope *s = top(p);
	return add_named(p, &s->params, &s->nparams, &s->capparams, key, at, value_attr(p, v), "parameter");
}

bool st__acg_budget(st__acg_parser *p, st_str key, const ST__ACG_YYLTYPE *at, int64_t v) {
	st__acg_scope *s = top(p);
	if (s->kind != ST__ACG_GRAPH) {
		st__acg_error(p, at->first_line, at->first_column, "budgets belong to a graph, not to a %s", kind_names[s->kind]);
		return false;
	}
	return add_named(p, &s->budgets, &s->nbudgets, &s->capbudgets, key, at, i64(p, v), "budget");
}

/* `i16`, `u8`, `bf16`, `f32`, ... as a type, or NULL. */
static st_type *elt_type(st__acg_parser *p, st_str t) {
	static const struct {
		const char *name;
		st_type_kind kind;
	} floats[] = {{"bf16", ST_TYPE_BF16}, {"f16", ST_TYPE_F16}, {"f32", ST_TYPE_F32}, {"f64", ST_TYPE_F64}};
	for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++)
		if (st_str_eq_c(t, floats[i].name))
			return st_float_type(p->ctx, floats[i].kind);
	if (t.len < 2 || t.len > 5 || (t.data[0] != 'i' && t.data[0] != 'u') || t.data[1] == '0')
		return NULL;
	unsigned w = 0;
	for (size_t i = 1; i < t.len; i++) {
		if (t.data[i] < '0' || t.data[i] > '9')
			return NULL;
		w = w * 10 + (unsigned)(t.data[i] - '0');
	}
	if (w == 0 || w > 1024)
		return NULL;
	return st_integer_type(p->ctx, w, t.data[0] == 'u' ? ST_UNSIGNED : ST_SIGNLESS);
}

static st_attr *operand_attr(st__acg_parser *p, const st__acg_operand *o) {
	st_type *t = elt_type(p, o->s);
	if (!t) {
		st__acg_error(p, o->line, o->col, "unknown element type '%.*s' (expected iN, uN, bf16, f16, f32 or f64)",
		              clip(o->s.len), o->s.data);
		return NULL;
	}
	if (o->too_many) {
		st__acg_error(p, o->line, o->col, "an operand has at most 8 dimensions");
		return NULL;
	}
	st_attr *elts[9];
	elts[0] = st_type_attr(p->ctx, t);
	for (size_t i = 0; i < o->ndims; i++) {
		if (o->dims[i] <= 0) {
			st__acg_error(p, o->line, o->col, "operand dimensions must be positive");
			return NULL;
		}
		elts[i + 1] = i64(p, o->dims[i]);
	}
	return st_array_attr(p->ctx, o->ndims + 1, elts);
}

bool st__acg_cap(st__acg_parser *p, st__acg_operand *out, st__acg_opname *ops, st__acg_operand *ins) {
	st__acg_scope *s = top(p);
	if (s->kind != ST__ACG_COMPUTE) {
		st__acg_error(p, out->line, out->col, "capabilities belong to compute nodes, not to a %s",
		              kind_names[s->kind]);
		return false;
	}
	st_attr *elts[9];
	size_t n = 1;
	elts[n++] = operand_attr(p, out);
	for (const st__acg_operand *o = ins; o && !p->failed; o = o->next) {
		if (n == 9) {
			st__acg_error(p, o->line, o->col, "a capability takes at most 7 inputs");
			return false;
		}
		elts[n++] = operand_attr(p, o);
	}
	if (p->failed)
		return false;
	/* `ADD/SUB` is shorthand for one capability per op name. */
	for (const st__acg_opname *o = ops; o; o = o->next) {
		elts[0] = st_string_attr(p->ctx, o->s);
		s->caps = grow(p, s->caps, &s->capcaps, s->ncaps + 1, sizeof *s->caps);
		s->caps[s->ncaps++] = st_array_attr(p->ctx, n, elts);
	}
	return true;
}

bool st__acg_track(st__acg_parser *p, int64_t width, st_str x, const ST__ACG_YYLTYPE *xloc, int64_t count,
                   const ST__ACG_YYLTYPE *at) {
	st__acg_scope *s = top(p);
	if (s->kind != ST__ACG_GRID) {
		st__acg_error(p, at->first_line, at->first_column, "routing tracks belong to a grid, not to a %s", kind_names[s->kind]);
		return false;
	}
	if (!st_str_eq_c(x, "x")) {
		st__acg_error(p, xloc->first_line, xloc->first_column, "expected 'x' between the track width and count");
		return false;
	}
	if (width <= 0 || count <= 0) {
		st__acg_error(p, at->first_line, at->first_column, "track width and count must be positive");
		return false;
	}
	s->tracks = grow(p, s->tracks, &s->captracks, s->ntracks + 2, sizeof *s->tracks);
	s->tracks[s->ntracks++] = width;
	s->tracks[s->ntracks++] = count;
	return true;
}

bool st__acg_field(st__acg_parser *p, st_str name, const ST__ACG_YYLTYPE *at, int64_t bits, st__acg_val *values,
                   st_str access, const ST__ACG_YYLTYPE *aloc, bool fixed, int64_t value) {
	st__acg_scope *s = top(p);
	if (access.data && st__acg_find_word(st__acg_field_access, access) < 0) {
		st__acg_error(p, aloc->first_line, aloc->first_column, "field access must be read, write or readwrite");
		return false;
	}
	size_t nv = 0;
	for (const st__acg_val *v = values; v; v = v->next)
		nv++;
	st_attr **vals = st__acg_alloc(p, (nv ? nv : 1) * sizeof *vals);
	nv = 0;
	for (const st__acg_val *v = values; v; v = v->next)
		vals[nv++] = unquote(p, v->s);
	st_attr *elts[5] = {unquote(p, name), i64(p, bits), st_array_attr(p->ctx, nv, vals),
	                    st_string_attr(p->ctx, access.data ? access : st_str_c("")), i64(p, value)};
	st__acg_free(p, vals);
	(void)at;
	s->fields = grow(p, s->fields, &s->capfields, s->nfields + 1, sizeof *s->fields);
	s->fields[s->nfields++] = st_array_attr(p->ctx, fixed ? 5 : 4, elts);
	return true;
}

bool st__acg_where(st__acg_parser *p, st_str var, const ST__ACG_YYLTYPE *vloc, st_str var2, int64_t mod, int cmp,
                   int64_t value) {
	bool row = st_str_eq_c(var, "row"), col = st_str_eq_c(var, "col");
	if (!row && !col) {
		st__acg_error(p, vloc->first_line, vloc->first_column, "a 'where' term is about 'row' or 'col', not '%.*s'", clip(var.len), var.data);
		return false;
	}
	if (mod == 0) {
		st__acg_error(p, vloc->first_line, vloc->first_column, "the modulus of a 'where' term must be positive");
		return false;
	}
	int v = row ? ST__ACG_VAR_ROW : ST__ACG_VAR_COL;
	if (var2.data) {
		if (!st_str_eq_c(var2, row ? "col" : "row")) {
			st__acg_error(p, vloc->first_line, vloc->first_column, "only '(row + col)' may be summed in a 'where' term");
			return false;
		}
		v = ST__ACG_VAR_SUM;
	}
	if (!p->nwhere) {
		p->place_line = vloc->first_line;
		p->place_col = vloc->first_column;
	}
	p->where = grow(p, p->where, &p->capwhere, p->nwhere + 4, sizeof *p->where);
	p->where[p->nwhere++] = v;
	p->where[p->nwhere++] = mod < 0 ? 0 : mod;
	p->where[p->nwhere++] = cmp;
	p->where[p->nwhere++] = value;
	return true;
}

bool st__acg_at(st__acg_parser *p, st_str side, const ST__ACG_YYLTYPE *at) {
	if (st__acg_find_word(st__acg_sides, side) < 0) {
		st__acg_error(p, at->first_line, at->first_column, "an IO side is north, south, east or west, not '%.*s'", clip(side.len), side.data);
		return false;
	}
	p->side = side;
	p->place_line = at->first_line;
	p->place_col = at->first_column;
	return true;
}
