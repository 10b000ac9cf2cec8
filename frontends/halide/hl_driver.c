/* The .hl parser's driver: one import's memory (every block on a list, so
 * that any way out frees everything), located errors, the scanner's
 * helpers, the statement and expression builders the grammar calls, and
 * st__hl_parse, which runs the scanner and grammar. */
#include "hl_parse_state.h"
#define YYSTYPE ST__HL_YYSTYPE
#define YYLTYPE ST__HL_YYLTYPE
#include "hl_lex.h"

#include "strata/scan.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int st__hl_yyparse(st__hl_scanner scanner, st__hl_parser *p);

/* ----------------------------------------------------------------- memory */

/* Blocks come zeroed (the tree's nodes rely on it); running out of
 * memory leaves through the import's jump point. */
void *st__hl_alloc(st__hl_parser *p, size_t n) {
	void *q = st_blocklist_alloc(&p->mem, n);
	if (!q)
		st__hl_fatal(p, n > SIZE_MAX / 2 ? "input too large" : "out of memory");
	return q;
}

void st__hl_free(st__hl_parser *p, void *ptr) { st_blocklist_free(&p->mem, ptr); }

void *st__hl_realloc(st__hl_parser *p, void *ptr, size_t n) {
	void *q = st_blocklist_realloc(&p->mem, ptr, n);
	if (!q)
		st__hl_fatal(p, n > SIZE_MAX / 2 ? "input too large" : "out of memory");
	return q;
}

void st__hl_free_all(st__hl_parser *p) { st_blocklist_free_all(&p->mem); }

void st__hl_grow(st__hl_parser *p, void **arr, size_t *cap, size_t elt, size_t need) {
	if (need <= *cap)
		return;
	size_t ncap = *cap ? *cap * 2 : 8;
	while (ncap < need)
		ncap *= 2;
	*arr = st__hl_realloc(p, *arr, ncap * elt);
	*cap = ncap;
}

st_str st__hl_strdup(st__hl_parser *p, const char *s, size_t n) {
	char *d = st__hl_alloc(p, n + 1);
	memcpy(d, s, n);
	d[n] = 0;
	return st_str_make(d, n);
}

/* The import cannot go on (out of memory): report once and leave through
 * the import's jump point, which frees what the import holds. */
_Noreturn void st__hl_fatal(st__hl_parser *p, const char *msg) {
	st__hl_error(p, p->line, p->col, "%s", msg);
	longjmp(p->bail, 1);
}

/* ----------------------------------------------------------------- errors */

st_attr *st__hl_loc(st__hl_parser *p, int line, int col) { return st_scan_loc(p->ctx, p->fname, line, col); }

st_status st__hl_error(st__hl_parser *p, int line, int col, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_status s = st_scan_errorv(p->ctx, &p->failed, st__hl_loc(p, line, col), fmt, ap);
	va_end(ap);
	return s;
}

/* ---------------------------------------------------------------- scanner */

void st__hl_advance(st__hl_parser *p, ST__HL_YYLTYPE *loc, const char *text, size_t len) {
	loc->first_line = p->line;
	loc->first_column = p->col;
	st_scan_advance(&p->line, &p->col, text, len);
	loc->last_line = p->line;
	loc->last_column = p->col;
}

bool st__hl_number(st__hl_parser *p, ST__HL_YYLTYPE *loc, const char *text, size_t len, int64_t *out) {
	/* Literals are Halide's Int(32) or UInt(32) constants. */
	return st_succeeded(st_scan_int_literal(p->ctx, &p->failed, st__hl_loc(p, loc->first_line, loc->first_column),
	                                        text, len, UINT32_MAX, 32, out));
}

bool st__hl_float(st__hl_parser *p, ST__HL_YYLTYPE *loc, const char *text, double *out) {
	errno = 0;
	char *end;
	double v = strtod(text, &end);
	if (errno == ERANGE && isinf(v)) {
		st__hl_error(p, loc->first_line, loc->first_column, "float '%s' is out of range", text);
		return false;
	}
	/* A float literal is Halide's Float(32) constant. */
	*out = (double)(float)v;
	return true;
}

const char *st__hl_char_name(st__hl_parser *p, unsigned char c) { return st_scan_char_name(p->charbuf, c); }

/* --------------------------------------------------------------- builders */

st__hl_stmt *st__hl_stmt_begin(st__hl_parser *p, st__hl_skind kind, const ST__HL_YYLTYPE *at) {
	st__hl_stmt *s = st__hl_alloc(p, sizeof *s);
	s->kind = kind;
	s->line = at->first_line;
	s->col = at->first_column;
	if (p->last)
		p->last->next = s;
	else
		p->first = s;
	p->last = s;
	return s;
}

void st__hl_stmt_name(st__hl_parser *p, st__hl_stmt *s, st_str name, const ST__HL_YYLTYPE *at) {
	st__hl_grow(p, (void **)&s->names, &s->ncap, sizeof *s->names, s->nnames + 1);
	st__hl_name n = {name, at->first_line, at->first_column};
	s->names[s->nnames++] = n;
}

st__hl_expr *st__hl_expr_new(st__hl_parser *p, st__hl_ekind kind, int line, int col) {
	st__hl_expr *e = st__hl_alloc(p, sizeof *e);
	e->kind = kind;
	e->line = line;
	e->col = col;
	e->ref = e->dim = -1;
	return e;
}

void st__hl_expr_push(st__hl_parser *p, st__hl_expr *list, st__hl_expr *arg) {
	st__hl_grow(p, (void **)&list->args, &list->cap, sizeof *list->args, list->nargs + 1);
	list->args[list->nargs++] = arg;
}

/* ------------------------------------------------------------------ parse */

bool st__hl_parse(st__hl_parser *p) {
	if (p->text.len > INT32_MAX)
		return st_succeeded(st__hl_error(p, 1, 1, "input too large (over 2 GiB)"));
	yyscan_t scanner;
	if (st__hl_yylex_init_extra(p, &scanner) != 0)
		return st_succeeded(st__hl_error(p, 1, 1, "out of memory"));
	st__hl_yy_scan_bytes(p->text.data, (int)p->text.len, scanner);
	bool ok = st__hl_yyparse(scanner, p) == 0 && !p->failed;
	st__hl_yylex_destroy(scanner);
	return ok;
}
