/* The PMLang importer's driver: one import's memory (every block on a list,
 * so that any way out frees everything), located errors, the scanner's
 * helpers and the tree constructors the grammar calls, and the
 * `--import-pmlang` translation, which parses, builds the srDFG of `main`
 * and verifies it. */
#include "pm_parse.h"
#define YYSTYPE ST__PM_YYSTYPE
#define YYLTYPE ST__PM_YYLTYPE
#include "pm_lex.h"

#include "strata/limit.h"
#include "strata/pmlang.h"
#include "strata/scan.h"
#include "strata/translate.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int st__pm_yyparse(st__pm_scanner scanner, pm_parser *p);

/* ----------------------------------------------------------------- memory */

/* Out of memory in the scanner, the grammar or the builder ends the import
 * through its jump point (st__pm_fatal). */
void *st__pm_alloc(pm_parser *p, size_t n) {
	void *q = st_blocklist_alloc(&p->mem, n);
	if (!q)
		st__pm_fatal(p, n > SIZE_MAX / 2 ? "input too large" : "out of memory");
	return q;
}

void st__pm_free(pm_parser *p, void *ptr) { st_blocklist_free(&p->mem, ptr); }

void *st__pm_realloc(pm_parser *p, void *ptr, size_t n) {
	void *q = st_blocklist_realloc(&p->mem, ptr, n);
	if (!q)
		st__pm_fatal(p, "out of memory");
	return q;
}

void *st__pm_new(pm_parser *p, size_t n) {
	void *q = st__pm_alloc(p, n);
	memset(q, 0, n);
	return q;
}

/* The import cannot go on (out of memory): report once and leave through
 * the import's jump point, which frees what the import holds. */
_Noreturn void st__pm_fatal(pm_parser *p, const char *msg) {
	st__pm_error(p, (pm_loc){p->line, p->col}, "%s", msg);
	longjmp(p->bail, 1);
}

/* ----------------------------------------------------------------- errors */

st_attr *st__pm_loc(pm_parser *p, pm_loc at) { return st_scan_loc(p->ctx, p->fname, at.line, at.col); }

bool st__pm_error(pm_parser *p, pm_loc at, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_scan_errorv(p->ctx, &p->failed, st__pm_loc(p, at), fmt, ap);
	va_end(ap);
	return false;
}

/* ---------------------------------------------------------------- scanner */

void st__pm_advance(pm_parser *p, pm_loc *first, const char *text, size_t len) {
	first->line = p->line;
	first->col = p->col;
	st_scan_advance(&p->line, &p->col, text, len);
}

const char *st__pm_char_name(pm_parser *p, unsigned char c) { return st_scan_char_name(p->charbuf, c); }

/* ------------------------------------------------------------------- tree */

pm_expr *st__pm_expr(pm_parser *p, pm_ekind k, pm_loc at) {
	pm_expr *e = st__pm_new(p, sizeof *e);
	e->kind = k;
	e->loc = at;
	return e;
}

pm_expr *st__pm_binary(pm_parser *p, int op, pm_expr *a, pm_expr *b, pm_loc at) {
	pm_expr *e = st__pm_expr(p, PM_E_BIN, at);
	e->op = op;
	e->a = a;
	e->b = b;
	return e;
}

pm_sub *st__pm_sub(pm_parser *p, pm_expr *e, pm_expr *filter, pm_loc at) {
	pm_sub *s = st__pm_new(p, sizeof *s);
	s->e = e;
	s->filter = filter;
	s->loc = at;
	return s;
}

/* Lists are short (arguments, subscripts, statements of one component):
 * appending walks them. */
#define APPEND(T, list, x)                      \
	do {                                    \
		if (!(list))                    \
			return (x);             \
		T *t_ = (list);                 \
		while (t_->next)                \
			t_ = t_->next;          \
		t_->next = (x);                 \
		return (list);                  \
	} while (0)

pm_sub *st__pm_sub_append(pm_sub *list, pm_sub *s) { APPEND(pm_sub, list, s); }
pm_expr *st__pm_expr_append(pm_expr *list, pm_expr *e) { APPEND(pm_expr, list, e); }
pm_dim *st__pm_dim_append(pm_dim *list, pm_dim *d) { APPEND(pm_dim, list, d); }
pm_formal *st__pm_formal_append(pm_formal *list, pm_formal *f) { APPEND(pm_formal, list, f); }
pm_item *st__pm_item_append(pm_item *list, pm_item *it) { APPEND(pm_item, list, it); }
pm_stmt *st__pm_stmt_append(pm_stmt *list, pm_stmt *s) { APPEND(pm_stmt, list, s); }

void st__pm_add_component(pm_parser *p, pm_component *c) {
	if (p->prog.last_component)
		p->prog.last_component->next = c;
	else
		p->prog.components = c;
	p->prog.last_component = c;
}

void st__pm_add_reduction(pm_parser *p, pm_reduction *r) {
	if (p->prog.last_reduction)
		p->prog.last_reduction->next = r;
	else
		p->prog.reductions = r;
	p->prog.last_reduction = r;
}

const char *st__pm_dtype_name(pm_dtype t) {
	static const char *const names[] = {"?", "bin", "int", "float", "bool", "str", "complex", "fxp"};
	return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

/* ------------------------------------------------------------ nesting */

const st_limit_def st__pm_depth_limit = {
	.name = "pm-expr-depth",
	.summary = "operators, calls and subscripts nested in one .pm expression (a sum of n terms nests n deep)",
	/* The builder recurses once per level: 8 MB of stack held about
	 * 12,000 levels in a release build and 2,700 under ASan. */
	.value = 1000,
	.max = 2000,
};

/* Whether `e` nests at most `left` deep, else an error at the node that
 * goes past it.  Every later walk of the tree (types, the IR builder)
 * recurses once per level; this one's frames are small and it stops at
 * the limit, so a deep tree is refused here instead of overflowing the
 * stack later. */
static bool depth_ok(pm_parser *p, const pm_expr *e, int64_t left, int64_t cap) {
	for (; e; e = e->next) {
		if (left <= 0) {
			char hint[160];
			return st__pm_error(p, e->loc, "expression nested more than %lld deep %s", (long long)cap,
			                    st_limit_hint(p->ctx, &st__pm_depth_limit, hint, sizeof hint));
		}
		if (!depth_ok(p, e->a, left - 1, cap) || !depth_ok(p, e->b, left - 1, cap) ||
		    !depth_ok(p, e->c, left - 1, cap) || !depth_ok(p, e->args, left - 1, cap))
			return false;
		for (const pm_sub *u = e->subs; u; u = u->next)
			if (!depth_ok(p, u->e, left - 1, cap) || !depth_ok(p, u->filter, left - 1, cap))
				return false;
		/* Only argument lists chain through `next`: siblings, same depth. */
	}
	return true;
}

static bool program_depth_ok(pm_parser *p) {
	int64_t cap = st_context_limit(p->ctx, &st__pm_depth_limit);
	for (const pm_component *c = p->prog.components; c; c = c->next) {
		for (const pm_formal *f = c->formals; f; f = f->next)
			if (!depth_ok(p, f->dflt, cap, cap))
				return false;
		for (const pm_stmt *st = c->body; st; st = st->next) {
			if (!depth_ok(p, st->lhs, cap, cap) || !depth_ok(p, st->rhs, cap, cap) || !depth_ok(p, st->call, cap, cap))
				return false;
			for (const pm_item *it = st->items; it; it = it->next) {
				if (!depth_ok(p, it->lo, cap, cap) || !depth_ok(p, it->hi, cap, cap))
					return false;
				for (const pm_sub *u = it->dims; u; u = u->next)
					if (!depth_ok(p, u->e, cap, cap))
						return false;
			}
		}
	}
	for (const pm_reduction *r = p->prog.reductions; r; r = r->next)
		if (!depth_ok(p, r->body, cap, cap))
			return false;
	return true;
}

/* ----------------------------------------------------------------- import */

st_op *st_pmlang_import(st_context *ctx, st_str text, const char *filename) {
	if (!filename)
		filename = "<pmlang>";
	st_context_add_source(ctx, st_str_c(filename), text);
	if (st_failed(st_register_srdfg_dialect(ctx)))
		return NULL;
	/* volatile: read again after a longjmp out of the scanner. */
	pm_parser *volatile p = st_ctx_alloc(ctx, sizeof *p);
	if (!p)
		return NULL;
	memset(p, 0, sizeof *p);
	p->ctx = ctx;
	p->mem.ctx = ctx;
	p->fname = st_str_c(filename);
	p->line = p->col = 1;
	st__pm_scanner volatile scanner = NULL;
	st_op *volatile module = NULL;
	bool ok = false;
	if (setjmp(p->bail) == 0) {
		st_op_state ms = {.name = st_str_c("builtin.module"), .loc = st__pm_loc(p, (pm_loc){1, 1}), .nregions = 1};
		module = st_op_create(ctx, &ms);
		if (module)
			st_region_append_block(st_op_region(module, 0), st_block_create(ctx));
		if (text.len > INT32_MAX)
			st__pm_error(p, (pm_loc){1, 1}, "input too large (over 2 GiB)");
		else if (module && st__pm_yylex_init_extra(p, (yyscan_t *)&scanner) == 0) {
			st__pm_yy_scan_bytes(text.data, (int)text.len, scanner);
			ok = st__pm_yyparse(scanner, p) == 0 && !p->failed;
		}
		if (ok)
			ok = program_depth_ok(p) && st__pm_build(p, module);
	}
	/* The scanner's memory is on the import's list: freed below. */
	if (ok)
		ok = st_succeeded(st_verify(module));
	st_op *m = module;
	st_blocklist_free_all(&p->mem);
	st_ctx_free(ctx, p, sizeof *p);
	if (!ok && m) {
		st_op_destroy(m);
		m = NULL;
	}
	return m;
}

static st_op *import_hook(st_context *ctx, st_str buffer, const char *filename) {
	return st_pmlang_import(ctx, buffer, filename);
}

static const st_translation_def import_pmlang = {
	.name = "import-pmlang",
	.summary = "PMLang source (.pm) to the srdfg dialect",
	.import = import_hook,
	.extension = ".pm",
	/* Flattened, then as loops; memref results become out-parameters, so
	 * that a kernel's memories are all arguments (docs/pmlang.md). */
	.loop_pipeline = "srdfg.graph(srdfg-flatten),convert-srdfg-to-affine,buffer-results-to-out-params",
};

st_status st_register_pmlang_translations(st_context *ctx) {
	if (st_failed(st_context_register_limit(ctx, &st__pm_instances_limit)) ||
	    st_failed(st_context_register_limit(ctx, &st__pm_depth_limit)))
		return ST_FAIL;
	return st_context_register_translation(ctx, &import_pmlang);
}
