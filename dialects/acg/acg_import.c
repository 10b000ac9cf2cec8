/* The .acg importer's driver: one import's memory (every block on a list,
 * so that any way out frees everything), located errors, the scanner's
 * helpers, and st_acg_import, which runs the scanner and grammar and then
 * verifies the graph they built. */
#include "acg_build.h"
#define YYSTYPE ST__ACG_YYSTYPE
#define YYLTYPE ST__ACG_YYLTYPE
#include "acg_lex.h"

#include "strata/scan.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int st__acg_yyparse(st__acg_scanner scanner, st__acg_parser *p);

/* ----------------------------------------------------------------- memory */

/* Running out of memory leaves through the import's jump point. */
void *st__acg_alloc(st__acg_parser *p, size_t n) {
	void *q = st_blocklist_alloc(&p->mem, n);
	if (!q)
		st__acg_scanner_fatal(p, n > SIZE_MAX / 2 ? "input too large" : "out of memory");
	return q;
}

void st__acg_free(st__acg_parser *p, void *ptr) { st_blocklist_free(&p->mem, ptr); }

void *st__acg_realloc(st__acg_parser *p, void *ptr, size_t n) {
	void *q = st_blocklist_realloc(&p->mem, ptr, n);
	if (!q)
		st__acg_scanner_fatal(p, n > SIZE_MAX / 2 ? "input too large" : "out of memory");
	return q;
}

/* The scanner cannot go on (out of memory): report once and leave through
 * the import's jump point, which frees what the import holds. */
_Noreturn void st__acg_scanner_fatal(st__acg_parser *p, const char *msg) {
	st__acg_error(p, p->line, p->col, "%s", msg);
	longjmp(p->bail, 1);
}

/* ----------------------------------------------------------------- errors */

st_attr *st__acg_loc(st__acg_parser *p, int line, int col) { return st_scan_loc(p->ctx, p->fname, line, col); }

st_status st__acg_error(st__acg_parser *p, int line, int col, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_status s = st_scan_errorv(p->ctx, &p->failed, st__acg_loc(p, line, col), fmt, ap);
	va_end(ap);
	return s;
}

/* ---------------------------------------------------------------- scanner */

void st__acg_advance(st__acg_parser *p, ST__ACG_YYLTYPE *loc, const char *text, size_t len) {
	loc->first_line = p->line;
	loc->first_column = p->col;
	st_scan_advance(&p->line, &p->col, text, len);
	loc->last_line = p->line;
	loc->last_column = p->col;
}

bool st__acg_number(st__acg_parser *p, ST__ACG_YYLTYPE *loc, const char *text, size_t len, int64_t *out) {
	return st_succeeded(st_scan_int_literal(p->ctx, &p->failed, st__acg_loc(p, loc->first_line, loc->first_column),
	                                        text, len, INT64_MAX, 64, out));
}

const char *st__acg_char_name(st__acg_parser *p, unsigned char c) { return st_scan_char_name(p->charbuf, c); }

/* ----------------------------------------------------------------- import */

st_op *st_acg_import(st_context *ctx, st_str text, const char *filename) {
	if (!filename)
		filename = "<acg>";
	st_context_add_source(ctx, st_str_c(filename), text);
	/* volatile: read again after a longjmp out of the scanner. */
	st__acg_parser *volatile p = st_ctx_alloc(ctx, sizeof *p);
	if (!p)
		return NULL;
	memset(p, 0, sizeof *p);
	p->ctx = ctx;
	p->mem.ctx = ctx;
	p->fname = st_str_c(filename);
	p->line = p->col = 1;
	st__acg_scanner volatile scanner = NULL;
	bool ok = false;
	if (setjmp(p->bail) == 0) {
		p->module = st__acg_new_module(p);
		if (text.len > INT32_MAX)
			st__acg_error(p, 1, 1, "input too large (over 2 GiB)");
		else if (p->module && st__acg_yylex_init_extra(p, (yyscan_t *)&scanner) == 0) {
			st__acg_yy_scan_bytes(text.data, (int)text.len, scanner);
			ok = st__acg_yyparse(scanner, p) == 0 && !p->failed;
		}
	}
	/* The scanner's memory is on the import's list: freed below. */
	if (ok && st__acg_finish(p))
		ok = st_succeeded(st_verify(p->module));
	st_op *m = p->module;
	st_blocklist_free_all(&p->mem);
	st_ctx_free(ctx, p, sizeof *p);
	if (!ok && m) {
		st_op_destroy(m);
		m = NULL;
	}
	return m;
}
