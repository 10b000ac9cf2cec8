/* The declarative assembly format, interpreted at run time (MLIR's
 * assemblyFormat without TableGen).  Elements:
 *   `lit`                         a literal (punctuation or keyword)
 *   $name                         an operand group, attribute, region or successor
 *   attr-dict, attr-dict-with-keyword
 *   type($name), type(operands), type(results)
 *   functional-type(operands, results)
 *   operands, regions, successors
 *   ( ... )?                      an optional group; `^` marks its anchor
 * Spacing follows MLIR's generated printers.  See docs/assembly-format.md.
 */
#include "parser_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef enum el_kind {
	EL_LITERAL,
	EL_OPERAND,
	EL_RESULT, /* only inside type() */
	EL_ATTR,
	EL_REGION,
	EL_SUCCESSOR,
	EL_ATTR_DICT,
	EL_ATTR_DICT_KW,
	EL_TYPE,       /* type(X): sub is the element */
	EL_FUNC_TYPE,  /* functional-type(A, B) */
	EL_OPERANDS,   /* all operands */
	EL_RESULTS,    /* all results (inside type()) */
	EL_REGIONS,
	EL_SUCCESSORS,
	EL_OPTIONAL,
} el_kind;

#define MAX_ELS 48

typedef struct element {
	el_kind kind;
	int index;     /* operand/result/attr/region/successor index in the def */
	char lit[16];
	bool anchor;
	int sub[2];    /* type(): sub[0]; functional-type: both; optional: first, count */
	int nsub;
} element;

typedef struct format {
	element el[MAX_ELS];
	int n;
	int top[MAX_ELS]; /* indices of top-level elements */
	int ntop;
	int kids[MAX_ELS]; /* children of optional groups: el.sub[0] is the first, nsub the count */
	int nkids;
	bool attr_used[64];
} format;

/* ------------------------------------------------------------- compiling */

static int find_named(const st_opdef *def, const char *name, size_t len, el_kind *kind) {
	for (size_t i = 0; i < def->noperands; i++)
		if (strlen(def->operands[i].name) == len && memcmp(def->operands[i].name, name, len) == 0)
			return *kind = EL_OPERAND, (int)i;
	for (size_t i = 0; i < def->nresults; i++)
		if (strlen(def->results[i].name) == len && memcmp(def->results[i].name, name, len) == 0)
			return *kind = EL_RESULT, (int)i;
	for (size_t i = 0; i < def->nattrs; i++)
		if (strlen(def->attrs[i].name) == len && memcmp(def->attrs[i].name, name, len) == 0)
			return *kind = EL_ATTR, (int)i;
	for (size_t i = 0; i < def->nregions; i++)
		if (strlen(def->regions[i].name) == len && memcmp(def->regions[i].name, name, len) == 0)
			return *kind = EL_REGION, (int)i;
	return -1;
}

typedef struct fcursor {
	const char *s;
	const st_opdef *def;
	format *f;
	bool bad;
} fcursor;

static void skip_ws(fcursor *c) {
	while (*c->s == ' ' || *c->s == '\n' || *c->s == '\t')
		c->s++;
}

static int add_el(fcursor *c, el_kind k) {
	if (c->f->n == MAX_ELS) {
		c->bad = true;
		return 0;
	}
	element *e = &c->f->el[c->f->n];
	memset(e, 0, sizeof *e);
	e->kind = k;
	e->index = -1;
	return c->f->n++;
}

static int parse_el(fcursor *c);

static int parse_ref(fcursor *c) {
	/* $name | operands | results | regions | successors */
	skip_ws(c);
	if (*c->s == '$') {
		const char *b = ++c->s;
		while (isalnum((unsigned char)*c->s) || *c->s == '_')
			c->s++;
		el_kind k;
		int idx = find_named(c->def, b, (size_t)(c->s - b), &k);
		if (idx < 0) {
			c->bad = true;
			return 0;
		}
		int e = add_el(c, k);
		c->f->el[e].index = idx;
		return e;
	}
	static const struct {
		const char *w;
		el_kind k;
	} kw[] = {{"operands", EL_OPERANDS}, {"results", EL_RESULTS}, {"regions", EL_REGIONS}, {"successors", EL_SUCCESSORS}};
	for (size_t i = 0; i < 4; i++) {
		size_t n = strlen(kw[i].w);
		if (strncmp(c->s, kw[i].w, n) == 0 && !isalnum((unsigned char)c->s[n]) && c->s[n] != '-') {
			c->s += n;
			return add_el(c, kw[i].k);
		}
	}
	c->bad = true;
	return 0;
}

static int parse_el(fcursor *c) {
	skip_ws(c);
	const char *s = c->s;
	if (*s == '`') {
		const char *e = strchr(s + 1, '`');
		if (!e || e - s - 1 >= 16 || e == s + 1) {
			c->bad = true;
			return 0;
		}
		int i = add_el(c, EL_LITERAL);
		memcpy(c->f->el[i].lit, s + 1, (size_t)(e - s - 1));
		c->s = e + 1;
		return i;
	}
	if (strncmp(s, "attr-dict-with-keyword", 22) == 0) {
		c->s += 22;
		return add_el(c, EL_ATTR_DICT_KW);
	}
	if (strncmp(s, "attr-dict", 9) == 0) {
		c->s += 9;
		return add_el(c, EL_ATTR_DICT);
	}
	if (strncmp(s, "functional-type(", 16) == 0) {
		c->s += 16;
		int i = add_el(c, EL_FUNC_TYPE);
		int a = parse_ref(c);
		skip_ws(c);
		if (*c->s != ',') {
			c->bad = true;
			return 0;
		}
		c->s++;
		int b = parse_ref(c);
		skip_ws(c);
		if (*c->s != ')') {
			c->bad = true;
			return 0;
		}
		c->s++;
		c->f->el[i].sub[0] = a;
		c->f->el[i].sub[1] = b;
		c->f->el[i].nsub = 2;
		return i;
	}
	if (strncmp(s, "type(", 5) == 0 || strncmp(s, "qualified(", 10) == 0) {
		bool qual = s[0] == 'q';
		c->s += qual ? 10 : 5;
		if (qual) {
			skip_ws(c);
			if (strncmp(c->s, "type(", 5) == 0) {
				c->s += 5;
				int i = add_el(c, EL_TYPE);
				int a = parse_ref(c);
				skip_ws(c);
				if (*c->s++ != ')')
					c->bad = true;
				skip_ws(c);
				if (*c->s++ != ')')
					c->bad = true;
				c->f->el[i].sub[0] = a;
				c->f->el[i].nsub = 1;
				return i;
			}
			int a = parse_ref(c);
			skip_ws(c);
			if (*c->s++ != ')')
				c->bad = true;
			return a;
		}
		int i = add_el(c, EL_TYPE);
		int a = parse_ref(c);
		skip_ws(c);
		if (*c->s++ != ')')
			c->bad = true;
		c->f->el[i].sub[0] = a;
		c->f->el[i].nsub = 1;
		return i;
	}
	if (*s == '(') {
		c->s++;
		int i = add_el(c, EL_OPTIONAL);
		int kids[MAX_ELS];
		int nk = 0;
		for (;;) {
			skip_ws(c);
			if (*c->s == ')' || !*c->s || c->bad)
				break;
			int k = parse_el(c);
			skip_ws(c);
			if (*c->s == '^') {
				c->f->el[k].anchor = true;
				c->s++;
			}
			if (nk < MAX_ELS)
				kids[nk++] = k;
		}
		if (*c->s != ')' || c->s[1] != '?') {
			c->bad = true;
			return 0;
		}
		c->s += 2;
		if (c->f->nkids + nk > MAX_ELS) {
			c->bad = true;
			return 0;
		}
		memcpy(c->f->kids + c->f->nkids, kids, (size_t)nk * sizeof(int));
		c->f->el[i].sub[0] = c->f->nkids;
		c->f->nkids += nk;
		c->f->el[i].nsub = nk;
		return i;
	}
	return parse_ref(c);
}

static bool compile(const st_opdef *def, format *f) {
	memset(f, 0, sizeof *f);
	fcursor c = {def->format, def, f, false};
	for (;;) {
		skip_ws(&c);
		if (!*c.s || c.bad)
			break;
		int e = parse_el(&c);
		if (f->ntop < MAX_ELS)
			f->top[f->ntop++] = e;
	}
	for (int i = 0; i < f->n; i++)
		if (f->el[i].kind == EL_ATTR && f->el[i].index < 64)
			f->attr_used[f->el[i].index] = true;
	return !c.bad;
}

/* The compiled format of an op name, made on first use and kept in the
 * context's arena. */
static format *compiled(st__opname *on, const st_opdef *def) {
	if (on->format)
		return on->format;
	if (on->format_bad)
		return NULL;
	format *f = st__arena_alloc(on->ctx, sizeof *f);
	if (!f)
		return NULL;
	if (!compile(def, f)) {
		on->format_bad = true;
		return NULL;
	}
	on->format = f;
	return f;
}

/* -------------------------------------------------------------- printing */

typedef struct pstate {
	st_printer *p;
	st_op *op;
	const st_opdef *def;
	format *f;
	bool should_space;
	bool last_punct;
} pstate;

static void print_literal(pstate *ps, const char *v) {
	size_t n = strlen(v);
	bool space;
	if (n != 1 && strcmp(v, "->") != 0)
		space = true;
	else if (ps->last_punct)
		space = !strchr(">)}],", v[0]);
	else
		space = !strchr("<>(){}[],", v[0]);
	if (ps->should_space && space)
		st_printer_write(ps->p, " ", 1);
	st_printer_puts(ps->p, v);
	ps->should_space = n != 1 || !strchr("<({[", v[0]);
	ps->last_punct = v[0] != '_' && !isalpha((unsigned char)v[0]);
}

static void space_before(pstate *ps) {
	if (ps->should_space || !ps->last_punct)
		st_printer_write(ps->p, " ", 1);
	ps->last_punct = false;
	ps->should_space = true;
}

static void group_range(st_op *op, bool results, int idx, size_t *s, size_t *n) {
	if (st_failed(results ? st_op_result_group(op, (size_t)idx, s, n) : st_op_operand_group(op, (size_t)idx, s, n)))
		*s = 0, *n = 0;
}

static void print_types(pstate *ps, bool results, int idx) {
	size_t s, n;
	if (idx < 0) {
		s = 0;
		n = results ? st_op_num_results(ps->op) : st_op_num_operands(ps->op);
	} else {
		group_range(ps->op, results, idx, &s, &n);
	}
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(ps->p, ", ", 2);
		st_printer_type(ps->p, st_value_type(results ? st_op_result(ps->op, s + i) : st_op_operand(ps->op, s + i)));
	}
}

static bool element_present(pstate *ps, const element *e) {
	switch (e->kind) {
	case EL_OPERAND: {
		size_t s, n;
		group_range(ps->op, false, e->index, &s, &n);
		return n > 0;
	}
	case EL_RESULT: {
		size_t s, n;
		group_range(ps->op, true, e->index, &s, &n);
		return n > 0;
	}
	case EL_ATTR:
		return st_op_get_attr(ps->op, ps->def->attrs[e->index].name) != NULL;
	case EL_REGION:
		return !st_region_is_empty(st_op_region(ps->op, (size_t)e->index));
	case EL_TYPE:
		return element_present(ps, &ps->f->el[e->sub[0]]);
	default:
		return true;
	}
}

static void print_el(pstate *ps, int i);

/* The type an integer attribute of this definition must have (i64, i32 or
 * index constraints), or NULL: such attributes are written without it. */
static st_type *implied_int_type(st_context *ctx, const st_attr_def *ad) {
	if (ad->enum_cases)
		return NULL;
	if (ad->constraint == &st_ac_i64)
		return st_integer_type(ctx, 64, ST_SIGNLESS);
	if (ad->constraint == &st_ac_i32)
		return st_integer_type(ctx, 32, ST_SIGNLESS);
	if (ad->constraint == &st_ac_index)
		return st_index_type(ctx);
	return NULL;
}

static void print_attr_el(pstate *ps, const st_attr_def *ad, st_attr *a) {
	if (ad->enum_cases && st_attr_get_kind(a) == ST_ATTR_INTEGER) {
		int64_t v = st_attr_int_value(a);
		int64_t n = 0;
		while (ad->enum_cases[n])
			n++;
		if (v >= 0 && v < n) {
			st_printer_puts(ps->p, ad->enum_cases[v]);
			return;
		}
	}
	if (ad->constraint == &st_ac_symbol_name && st_attr_get_kind(a) == ST_ATTR_STRING) {
		st_printer_symbol_name(ps->p, st_attr_string(a));
		return;
	}
	if (st_attr_get_kind(a) == ST_ATTR_TYPE) {
		st_printer_type(ps->p, st_attr_type_value(a));
		return;
	}
	st_type *implied = implied_int_type(st_printer_context(ps->p), ad);
	if (implied && st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_type(a) == implied) {
		st_printer_attr_no_type(ps->p, a);
		return;
	}
	st_printer_attr(ps->p, a);
}

static void print_el(pstate *ps, int i) {
	const element *e = &ps->f->el[i];
	switch (e->kind) {
	case EL_LITERAL:
		print_literal(ps, e->lit);
		return;
	case EL_ATTR_DICT:
	case EL_ATTR_DICT_KW: {
		const char *elided[66];
		size_t k = 0;
		for (size_t a = 0; a < ps->def->nattrs && a < 64; a++)
			if (ps->f->attr_used[a])
				elided[k++] = ps->def->attrs[a].name;
		elided[k++] = "operandSegmentSizes";
		elided[k] = NULL;
		if (k < 65 && (ps->def->traits & ST_TRAIT_ATTR_SIZED_RESULT_SEGMENTS))
			elided[k++] = "resultSegmentSizes", elided[k] = NULL;
		st_printer_attr_dict(ps->p, ps->op, elided, e->kind == EL_ATTR_DICT_KW);
		ps->last_punct = false;
		return;
	}
	case EL_OPTIONAL: {
		const int *kids = ps->f->kids + e->sub[0];
		const element *anchor = NULL;
		for (int k = 0; k < e->nsub; k++)
			if (ps->f->el[kids[k]].anchor)
				anchor = &ps->f->el[kids[k]];
		if (!anchor && e->nsub)
			anchor = &ps->f->el[kids[0]];
		if (!anchor || !element_present(ps, anchor))
			return;
		for (int k = 0; k < e->nsub; k++) {
			const element *ke = &ps->f->el[kids[k]];
			/* A unit attribute anchor is spelled by the group's literal. */
			if (ke->kind == EL_ATTR && ke->anchor &&
			    st_attr_get_kind(st_op_get_attr(ps->op, ps->def->attrs[ke->index].name)) == ST_ATTR_UNIT)
				continue;
			print_el(ps, kids[k]);
		}
		return;
	}
	default:
		break;
	}
	space_before(ps);
	switch (e->kind) {
	case EL_OPERAND: {
		size_t s, n;
		group_range(ps->op, false, e->index, &s, &n);
		st_printer_operands(ps->p, ps->op, s, n);
		return;
	}
	case EL_OPERANDS:
		st_printer_operands(ps->p, ps->op, 0, st_op_num_operands(ps->op));
		return;
	case EL_ATTR: {
		st_attr *a = st_op_get_attr(ps->op, ps->def->attrs[e->index].name);
		if (a)
			print_attr_el(ps, &ps->def->attrs[e->index], a);
		return;
	}
	case EL_REGION:
		st_printer_region(ps->p, st_op_region(ps->op, (size_t)e->index), true, true);
		return;
	case EL_REGIONS:
		for (size_t r = 0; r < st_op_num_regions(ps->op); r++) {
			if (r)
				st_printer_write(ps->p, ", ", 2);
			st_printer_region(ps->p, st_op_region(ps->op, r), true, true);
		}
		return;
	case EL_SUCCESSORS:
		for (size_t s = 0; s < st_op_num_successors(ps->op); s++) {
			if (s)
				st_printer_write(ps->p, ", ", 2);
			st_printer_successor(ps->p, st_op_successor(ps->op, s));
		}
		return;
	case EL_TYPE: {
		const element *sub = &ps->f->el[e->sub[0]];
		if (sub->kind == EL_OPERANDS)
			print_types(ps, false, -1);
		else if (sub->kind == EL_RESULTS)
			print_types(ps, true, -1);
		else
			print_types(ps, sub->kind == EL_RESULT, sub->index);
		return;
	}
	case EL_FUNC_TYPE: {
		const element *a = &ps->f->el[e->sub[0]], *b = &ps->f->el[e->sub[1]];
		st_printer_write(ps->p, "(", 1);
		print_types(ps, a->kind == EL_RESULT || a->kind == EL_RESULTS, a->kind == EL_OPERANDS || a->kind == EL_RESULTS ? -1 : a->index);
		st_printer_write(ps->p, ") -> ", 5);
		size_t s = 0, n;
		bool res = b->kind == EL_RESULT || b->kind == EL_RESULTS;
		if (b->kind == EL_OPERANDS || b->kind == EL_RESULTS)
			n = res ? st_op_num_results(ps->op) : st_op_num_operands(ps->op);
		else
			group_range(ps->op, res, b->index, &s, &n);
		bool paren = n != 1 || st_type_get_kind(st_value_type(res ? st_op_result(ps->op, s) : st_op_operand(ps->op, s))) == ST_TYPE_FUNCTION;
		if (paren)
			st_printer_write(ps->p, "(", 1);
		print_types(ps, res, b->kind == EL_OPERANDS || b->kind == EL_RESULTS ? -1 : b->index);
		if (paren)
			st_printer_write(ps->p, ")", 1);
		return;
	}
	default:
		return;
	}
}

void st__format_print(st_printer *p, st_op *op, const st_opdef *def);
void st__format_print(st_printer *p, st_op *op, const st_opdef *def) {
	format *f = compiled(op->name, def);
	if (!f) {
		st_printer_puts(p, " <<invalid assembly format>>");
		return;
	}
	pstate ps = {p, op, def, f, true, false};
	for (int i = 0; i < f->ntop; i++)
		print_el(&ps, f->top[i]);
}

/* --------------------------------------------------------------- parsing */

#define MAX_GROUP_VALS 4096

/* Most groups hold one value: it lives inline, so that parsing an op
 * allocates nothing for its operand references and types. */
typedef struct group_vals {
	st_operand_ref *refs;
	size_t n, cap;
	st_type **types;
	size_t ntypes, tcap;
	bool has_types;
	bool seen;
	st_operand_ref ref1;
	st_type *type1;
} group_vals;

typedef struct rstate {
	st_parser *p;
	st_parse_state *s;
	const st_opdef *def;
	format *f;
	st__vec succs;
	bool all_operand_types;
	st__vec all_op_types, all_res_types;
	bool has_all_op_types, has_all_res_types;
	st__vec all_refs;
	bool has_all_refs;
	/* Where the op's types began: errors found once everything is read
	 * point there rather than at the token after the op. */
	st__token types_tok;
	bool have_types_tok;
	/* From here on, only the entries the definition has are initialised. */
	group_vals ops[16];
	group_vals res[16];
	st_attr *attrs[64];
	st_region *regions[16];
	bool regions_seen[16];
} rstate;

static bool push_ref(st_context *ctx, group_vals *g, st_operand_ref r) {
	if (g->n == g->cap &&
	    !st_ctx_grow(ctx, (void **)&g->refs, &g->cap, &g->ref1, sizeof *g->refs, g->n + 1))
		return false;
	g->refs[g->n++] = r;
	return true;
}

static bool push_type(st_context *ctx, group_vals *g, st_type *t) {
	if (g->ntypes == g->tcap &&
	    !st_ctx_grow(ctx, (void **)&g->types, &g->tcap, &g->type1, sizeof *g->types, g->ntypes + 1))
		return false;
	g->types[g->ntypes++] = t;
	return true;
}

static void group_init(group_vals *g) {
	memset(g, 0, offsetof(group_vals, ref1));
	g->refs = &g->ref1;
	g->cap = 1;
	g->types = &g->type1;
	g->tcap = 1;
}

static void group_fini(st_context *ctx, group_vals *g) {
	if (g->refs != &g->ref1)
		st_ctx_free(ctx, g->refs, g->cap * sizeof *g->refs);
	if (g->types != &g->type1)
		st_ctx_free(ctx, g->types, g->tcap * sizeof *g->types);
}

static st_status parse_operand_list(rstate *rs, group_vals *g, st_arity arity) {
	st_context *ctx = st_parser_context(rs->p);
	g->seen = true;
	if (arity == ST_ONE) {
		st_operand_ref r;
		if (st_failed(st_parser_operand(rs->p, &r)) || !push_ref(ctx, g, r))
			return ST_FAIL;
		return ST_OK;
	}
	if (!st_parser_peek_operand(rs->p))
		return ST_OK;
	do {
		st_operand_ref r;
		if (st_failed(st_parser_operand(rs->p, &r)) || !push_ref(ctx, g, r))
			return ST_FAIL;
	} while (arity == ST_VARIADIC && st_parser_optional_punct(rs->p, ","));
	return ST_OK;
}

static st_status parse_type_list(rstate *rs, group_vals *g, st_arity arity) {
	st_context *ctx = st_parser_context(rs->p);
	g->has_types = true;
	if (arity == ST_ONE) {
		st_type *t;
		if (st_failed(st_parser_type(rs->p, &t)) || !push_type(ctx, g, t))
			return ST_FAIL;
		return ST_OK;
	}
	if (!st_parser_peek_type(rs->p))
		return ST_OK;
	do {
		st_type *t;
		if (st_failed(st_parser_type(rs->p, &t)) || !push_type(ctx, g, t))
			return ST_FAIL;
	} while (arity == ST_VARIADIC && st_parser_optional_punct(rs->p, ","));
	return ST_OK;
}

static st_status parse_plain_type_list(rstate *rs, st__vec *v) {
	if (!st_parser_peek_type(rs->p))
		return ST_OK;
	do {
		st_type *t;
		if (st_failed(st_parser_type(rs->p, &t)) || !st__vec_push(st_parser_context(rs->p), v, t))
			return ST_FAIL;
	} while (st_parser_optional_punct(rs->p, ","));
	return ST_OK;
}

static st_status parse_attr_el(rstate *rs, int idx) {
	const st_attr_def *ad = &rs->def->attrs[idx];
	st_context *ctx = st_parser_context(rs->p);
	st_attr *a = NULL;
	if (ad->enum_cases) {
		/* A keyword, or (as MLIR also accepts) a string holding one. */
		st_str kw;
		st__token at = rs->p->tok; /* a location only if there is an error */
		bool ok = st_parser_peek_keyword(rs->p, NULL) ? st_succeeded(st_parser_keyword(rs->p, &kw))
		                                               : st_succeeded(st_parser_string(rs->p, &kw));
		for (int64_t i = 0; ok && ad->enum_cases[i]; i++)
			if (st_str_eq_c(kw, ad->enum_cases[i]))
				a = st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), i);
		if (!a) {
			/* MLIR's wording, listing the cases. */
			char list[512];
			size_t n = 0;
			for (int64_t i = 0; ad->enum_cases[i] && n < sizeof list - 32; i++)
				n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", ad->enum_cases[i]);
			return st_parser_error_at(rs->p, st__tok_loc(rs->p, &at),
			                          "expected string or keyword containing one of the following enum values "
			                          "for attribute '%s' [%s]",
			                          ad->name, list);
		}
	} else if (ad->constraint == &st_ac_symbol_name) {
		st_str name;
		if (st_failed(st_parser_symbol_name(rs->p, &name)))
			return ST_FAIL;
		a = st_string_attr(ctx, name);
	} else if (ad->constraint == &st_ac_type || ad->constraint == &st_ac_function_type) {
		st_type *t;
		if (st_failed(st_parser_type(rs->p, &t)))
			return ST_FAIL;
		a = st_type_attr(ctx, t);
	} else if (implied_int_type(ctx, ad)) {
		/* A bare integer, as MLIR's formats read I64Attr: the constraint
		 * gives the type, so a `:` after it is the format's own. */
		st_type *t = implied_int_type(ctx, ad);
		int64_t v;
		if (st_failed(st_parser_integer_of_width(rs->p, st_type_is_index(t) ? 64 : st_type_int_width(t), &v)))
			return ST_FAIL;
		a = st_integer_attr(ctx, t, v);
	} else if (st_failed(st_parser_attr(rs->p, NULL, &a))) {
		return ST_FAIL;
	}
	if (!a)
		return ST_FAIL;
	rs->attrs[idx] = a;
	return ST_OK;
}

static st_status parse_el_r(rstate *rs, int i);

/* Whether an optional group is present: its first element decides. */
static bool group_starts(rstate *rs, const element *first) {
	switch (first->kind) {
	case EL_LITERAL:
		if (isalpha((unsigned char)first->lit[0]) || first->lit[0] == '_')
			return st_parser_optional_keyword(rs->p, first->lit);
		return st_parser_optional_punct(rs->p, first->lit);
	case EL_OPERAND:
	case EL_OPERANDS:
		return st_parser_peek_operand(rs->p);
	case EL_REGION:
		return st_parser_peek_punct(rs->p, "{");
	case EL_ATTR: {
		/* A symbol name starts with `@`; an enum with a keyword; any other
		 * attribute with a token that can begin one. */
		const st_attr_def *ad = &rs->def->attrs[first->index];
		if (ad->constraint == &st_ac_symbol_name)
			return rs->p->tok.kind == T_AT;
		if (ad->enum_cases)
			return rs->p->tok.kind == T_BARE || rs->p->tok.kind == T_STRING;
		switch (rs->p->tok.kind) {
		case T_INT:
		case T_FLOAT:
		case T_MINUS:
		case T_STRING:
		case T_LSQ:
		case T_AT:
		case T_HASH:
		case T_BANG:
			return true;
		case T_BARE:
			return !st__tok_is(&rs->p->tok, "attributes");
		default:
			return false;
		}
	}
	case EL_TYPE:
		return st_parser_peek_type(rs->p);
	default:
		return false;
	}
}

static st_status parse_el_r(rstate *rs, int i) {
	const element *e = &rs->f->el[i];
	st_context *ctx = st_parser_context(rs->p);
	switch (e->kind) {
	case EL_LITERAL:
		if (isalpha((unsigned char)e->lit[0]) || e->lit[0] == '_')
			return st_parser_expect_keyword(rs->p, e->lit);
		return st_parser_expect_punct(rs->p, e->lit);
	case EL_ATTR_DICT:
		return st_parser_optional_attr_dict(rs->p, rs->s);
	case EL_ATTR_DICT_KW:
		if (st_parser_optional_keyword(rs->p, "attributes"))
			return st_parser_optional_attr_dict(rs->p, rs->s);
		return ST_OK;
	case EL_OPERAND:
		return parse_operand_list(rs, &rs->ops[e->index], rs->def->operands[e->index].arity);
	case EL_OPERANDS: {
		rs->has_all_refs = true;
		if (!st_parser_peek_operand(rs->p))
			return ST_OK;
		do {
			st_operand_ref *r = st_ctx_alloc(ctx, sizeof *r);
			if (!r || st_failed(st_parser_operand(rs->p, r)) || !st__vec_push(ctx, &rs->all_refs, r)) {
				st_ctx_free(ctx, r, sizeof *r);
				return ST_FAIL;
			}
		} while (st_parser_optional_punct(rs->p, ","));
		return ST_OK;
	}
	case EL_ATTR:
		return parse_attr_el(rs, e->index);
	case EL_REGION: {
		st_region *r = rs->regions[e->index];
		rs->regions_seen[e->index] = true;
		return st_parser_region(rs->p, r, 0, NULL);
	}
	case EL_SUCCESSORS:
	case EL_SUCCESSOR: {
		do {
			st_block *b;
			if (st_failed(st_parser_successor(rs->p, &b)) || !st__vec_push(ctx, &rs->succs, b))
				return ST_FAIL;
		} while (e->kind == EL_SUCCESSORS && st_parser_optional_punct(rs->p, ","));
		return ST_OK;
	}
	case EL_TYPE: {
		const element *sub = &rs->f->el[e->sub[0]];
		if (!rs->have_types_tok) {
			rs->types_tok = rs->p->tok;
			rs->have_types_tok = true;
		}
		if (sub->kind == EL_OPERANDS) {
			rs->has_all_op_types = true;
			return parse_plain_type_list(rs, &rs->all_op_types);
		}
		if (sub->kind == EL_RESULTS) {
			rs->has_all_res_types = true;
			return parse_plain_type_list(rs, &rs->all_res_types);
		}
		if (sub->kind == EL_RESULT)
			return parse_type_list(rs, &rs->res[sub->index], rs->def->results[sub->index].arity);
		return parse_type_list(rs, &rs->ops[sub->index], rs->def->operands[sub->index].arity);
	}
	case EL_FUNC_TYPE: {
		st_type *ft;
		st__token at = rs->p->tok;
		if (!rs->have_types_tok) {
			rs->types_tok = at;
			rs->have_types_tok = true;
		}
		if (st_failed(st_parser_type(rs->p, &ft)))
			return ST_FAIL;
		if (st_type_get_kind(ft) != ST_TYPE_FUNCTION)
			return st_parser_error_at(rs->p, st__tok_loc(rs->p, &at), "expected a function type");
		rs->has_all_op_types = rs->has_all_res_types = true;
		for (size_t k = 0; k < st_type_num_inputs(ft); k++)
			if (!st__vec_push(ctx, &rs->all_op_types, st_type_input(ft, k)))
				return ST_FAIL;
		for (size_t k = 0; k < st_type_num_results(ft); k++)
			if (!st__vec_push(ctx, &rs->all_res_types, st_type_result(ft, k)))
				return ST_FAIL;
		return ST_OK;
	}
	case EL_OPTIONAL: {
		const int *kids = rs->f->kids + e->sub[0];
		if (e->nsub == 0)
			return ST_OK;
		const element *first = &rs->f->el[kids[0]];
		bool consumed_first = first->kind == EL_LITERAL;
		if (!group_starts(rs, first))
			return ST_OK;
		for (int k = consumed_first ? 1 : 0; k < e->nsub; k++) {
			const element *ke = &rs->f->el[kids[k]];
			if (ke->kind == EL_ATTR && ke->anchor && rs->def->attrs[ke->index].constraint == &st_ac_unit) {
				rs->attrs[ke->index] = st_unit_attr(ctx);
				continue;
			}
			if (st_failed(parse_el_r(rs, kids[k])))
				return ST_FAIL;
		}
		/* A unit attribute anchored on a leading keyword. */
		for (int k = 0; k < e->nsub; k++) {
			const element *ke = &rs->f->el[kids[k]];
			if (ke->kind == EL_ATTR && ke->anchor && rs->def->attrs[ke->index].constraint == &st_ac_unit)
				rs->attrs[ke->index] = st_unit_attr(ctx);
		}
		return ST_OK;
	}
	default:
		return st_parser_error(rs->p, "unsupported element in assembly format");
	}
}

static st_type *infer_type(rstate *rs, const char *spec);

static st_type *group_type(rstate *rs, bool results, int idx, size_t k) {
	group_vals *g = results ? &rs->res[idx] : &rs->ops[idx];
	if (g->has_types)
		return k < g->ntypes ? g->types[k] : (g->ntypes ? g->types[g->ntypes - 1] : NULL);
	const st_value_def *vd = results ? &rs->def->results[idx] : &rs->def->operands[idx];
	if (vd->infer)
		return infer_type(rs, vd->infer);
	return NULL;
}

static int group_index(const st_opdef *def, const char *name, bool *results) {
	for (size_t i = 0; i < def->noperands; i++)
		if (strcmp(def->operands[i].name, name) == 0)
			return *results = false, (int)i;
	for (size_t i = 0; i < def->nresults; i++)
		if (strcmp(def->results[i].name, name) == 0)
			return *results = true, (int)i;
	return -1;
}

static st_type *infer_type(rstate *rs, const char *spec) {
	if (spec[0] == '$') {
		bool res;
		int gi = group_index(rs->def, spec + 1, &res);
		if (gi < 0) {
			assert(!"an infer spec names no operand or result group of its op");
			return NULL;
		}
		group_vals *g = res ? &rs->res[gi] : &rs->ops[gi];
		if (g->has_types && g->ntypes)
			return g->types[0];
		return NULL;
	}
	return st_parse_type_str(st_parser_context(rs->p), st_str_c(spec));
}

/* A type every operand/result shares, for SameOperandsAndResultType. */
static st_type *any_known_type(rstate *rs) {
	for (size_t i = 0; i < rs->def->nresults; i++)
		if (rs->res[i].has_types && rs->res[i].ntypes)
			return rs->res[i].types[0];
	for (size_t i = 0; i < rs->def->noperands; i++)
		if (rs->ops[i].has_types && rs->ops[i].ntypes)
			return rs->ops[i].types[0];
	if (rs->all_res_types.n)
		return rs->all_res_types.data[0];
	if (rs->all_op_types.n)
		return rs->all_op_types.data[0];
	return NULL;
}

static st_type *bool_like(st_context *ctx, st_type *t) {
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	if (!t)
		return i1;
	switch (st_type_get_kind(t)) {
	case ST_TYPE_VECTOR:
	case ST_TYPE_RANKED_TENSOR:
	case ST_TYPE_UNRANKED_TENSOR:
		return st_type_with_element(ctx, t, i1);
	default:
		return i1;
	}
}

/* An error found after the elements were read, at the op's types (or the
 * op itself when the format prints none). */
static st_status late_error(rstate *rs, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static st_status late_error(rstate *rs, const char *fmt, ...) {
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	st_attr *loc = rs->have_types_tok ? st__tok_loc(rs->p, &rs->types_tok) : st_parse_state_loc(rs->s);
	return st_parser_error_at(rs->p, loc, "%s", msg);
}

static st_status resolve(rstate *rs) {
	st_parser *p = rs->p;
	st_context *ctx = st_parser_context(p);
	const st_opdef *def = rs->def;
	bool same_all = def->traits & ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE;
	bool same_ops = def->traits & ST_TRAIT_SAME_TYPE_OPERANDS;
	/* Operands. */
	if (rs->has_all_refs) {
		if (!rs->has_all_op_types && !same_all)
			return late_error(rs, "'%s' format gives no operand types", def->name);
		for (size_t k = 0; k < rs->all_refs.n; k++) {
			st_type *t = rs->has_all_op_types ? (k < rs->all_op_types.n ? rs->all_op_types.data[k] : NULL) : any_known_type(rs);
			if (!t)
				return late_error(rs, "%zu operands present, but expected %zu", rs->all_refs.n, rs->all_op_types.n);
			st_value *v;
			if (st_failed(st_parser_resolve_operand(p, rs->all_refs.data[k], t, &v)) ||
			    st_failed(st_parse_state_add_operand(rs->s, v)))
				return ST_FAIL;
		}
		if (rs->has_all_op_types && rs->all_op_types.n != rs->all_refs.n)
			return late_error(rs, "%zu operands present, but expected %zu", rs->all_refs.n, rs->all_op_types.n);
	} else {
		size_t flat = 0, total_refs = 0;
		int32_t segs[16];
		for (size_t gi = 0; gi < def->noperands && gi < 16; gi++)
			total_refs += rs->ops[gi].n;
		for (size_t gi = 0; gi < def->noperands && gi < 16; gi++) {
			group_vals *g = &rs->ops[gi];
			segs[gi] = (int32_t)g->n;
			for (size_t k = 0; k < g->n; k++, flat++) {
				st_type *t = NULL;
				if (rs->has_all_op_types)
					t = flat < rs->all_op_types.n ? rs->all_op_types.data[flat] : NULL;
				else
					t = group_type(rs, false, (int)gi, k);
				if (!t && (same_all || same_ops))
					t = any_known_type(rs);
				if (!t && rs->has_all_op_types)
					return late_error(rs, "%zu operands present, but expected %zu", total_refs, rs->all_op_types.n);
				if (!t)
					return late_error(rs, "could not infer the type of operand '%s' of '%s'", def->operands[gi].name,
					                       def->name);
				st_value *v;
				if (st_failed(st_parser_resolve_operand(p, &g->refs[k], t, &v)) ||
				    st_failed(st_parse_state_add_operand(rs->s, v)))
					return ST_FAIL;
			}
			if (g->has_types && g->ntypes != g->n && def->operands[gi].arity != ST_ONE)
				return late_error(rs, "%zu operands present, but expected %zu", g->n, g->ntypes);
		}
		if (rs->has_all_op_types && flat != rs->all_op_types.n)
			return late_error(rs, "%zu operands present, but expected %zu", flat, rs->all_op_types.n);
		if (def->traits & ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS) {
			int64_t s64[16];
			for (size_t gi = 0; gi < def->noperands && gi < 16; gi++)
				s64[gi] = segs[gi];
			st_attr *a = st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), def->noperands, s64);
			if (!a || st_failed(st_parse_state_add_attr(rs->s, "operandSegmentSizes", a)))
				return ST_FAIL;
		}
	}
	/* Results. */
	if (rs->has_all_res_types) {
		for (size_t k = 0; k < rs->all_res_types.n; k++)
			if (st_failed(st_parse_state_add_result_type(rs->s, rs->all_res_types.data[k])))
				return ST_FAIL;
	} else {
		for (size_t gi = 0; gi < def->nresults; gi++) {
			group_vals *g = &rs->res[gi];
			if (g->has_types) {
				for (size_t k = 0; k < g->ntypes; k++)
					if (st_failed(st_parse_state_add_result_type(rs->s, g->types[k])))
						return ST_FAIL;
				continue;
			}
			if (def->results[gi].arity != ST_ONE)
				continue;
			st_type *t = group_type(rs, true, (int)gi, 0);
			if (!t && (def->traits & ST_TRAIT_SCALAR_OR_SAME_SHAPE_RESULT_I1))
				t = bool_like(ctx, any_known_type(rs));
			if (!t && same_all)
				t = any_known_type(rs);
			if (!t)
				return late_error(rs, "could not infer the type of result '%s' of '%s'", def->results[gi].name,
				                       def->name);
			if (st_failed(st_parse_state_add_result_type(rs->s, t)))
				return ST_FAIL;
		}
	}
	/* Attributes. */
	for (size_t i = 0; i < def->nattrs && i < 64; i++)
		if (rs->attrs[i] && st_failed(st_parse_state_add_attr(rs->s, def->attrs[i].name, rs->attrs[i])))
			return ST_FAIL;
	for (size_t i = 0; i < rs->succs.n; i++)
		if (st_failed(st_parse_state_add_successor(rs->s, rs->succs.data[i])))
			return ST_FAIL;
	return ST_OK;
}

st_status st__format_parse(st_parser *p, st_parse_state *s, st__opname *on);
st_status st__format_parse(st_parser *p, st_parse_state *s, st__opname *on) {
	const st_opdef *def = on->def;
	st_context *ctx = st_parser_context(p);
	if (def->noperands > 16 || def->nresults > 16 || def->nregions > 16 || def->nattrs > 64)
		return st_parser_error(p, "op definition of '%s' is too large for an assembly format", def->name);
	rstate *rs = p->format_spare;
	p->format_spare = NULL;
	if (!rs)
		rs = st_ctx_alloc(ctx, sizeof *rs);
	format *f = compiled(on, def);
	if (!rs)
		return ST_FAIL;
	/* Only what this op's definition uses is initialised: the state is
	 * sized for the largest definition and cleared once per op. */
	memset(rs, 0, offsetof(rstate, ops));
	for (size_t i = 0; i < def->noperands; i++)
		group_init(&rs->ops[i]);
	for (size_t i = 0; i < def->nresults; i++)
		group_init(&rs->res[i]);
	memset(rs->attrs, 0, def->nattrs * sizeof rs->attrs[0]);
	memset(rs->regions, 0, sizeof rs->regions);
	memset(rs->regions_seen, 0, sizeof rs->regions_seen);
	rs->p = p;
	rs->s = s;
	rs->def = def;
	rs->f = f;
	st_status st = ST_OK;
	if (!f)
		st = st_parser_error(p, "invalid assembly format for '%s'", def->name);
	/* Regions exist up front, in definition order. */
	for (size_t i = 0; st_succeeded(st) && i < def->nregions; i++) {
		rs->regions[i] = st_parse_state_add_region(s);
		if (!rs->regions[i])
			st = ST_FAIL;
	}
	for (int i = 0; st_succeeded(st) && i < f->ntop; i++)
		st = parse_el_r(rs, f->top[i]);
	if (st_succeeded(st))
		st = resolve(rs);
	for (size_t i = 0; i < def->noperands; i++)
		group_fini(ctx, &rs->ops[i]);
	for (size_t i = 0; i < def->nresults; i++)
		group_fini(ctx, &rs->res[i]);
	for (size_t i = 0; i < rs->all_refs.n; i++)
		st_ctx_free(ctx, rs->all_refs.data[i], sizeof(st_operand_ref));
	st__vec_free(ctx, &rs->all_refs);
	st__vec_free(ctx, &rs->all_op_types);
	st__vec_free(ctx, &rs->all_res_types);
	st__vec_free(ctx, &rs->succs);
	/* Nested ops (regions) take the spare, or allocate, and the outermost
	 * op finishing last keeps its state for the next op. */
	if (p->format_spare)
		st_ctx_free(ctx, rs, sizeof *rs);
	else
		p->format_spare = rs;
	return st;
}

void st__format_parser_fini(st_parser *p) {
	st_ctx_free(st_parser_context(p), p->format_spare, sizeof(rstate));
	p->format_spare = NULL;
}
