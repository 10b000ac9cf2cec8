/* Affine expressions over SSA values inside custom op syntax
 * (`affine.load %A[%i + 1, symbol(%n)]`): the affine parser reads the raw
 * text from the current token, each `%name` it meets becomes an operand
 * reference handed to the op's resolver, and the lexer resumes after the
 * expression. */
#include "parser_internal.h"

#include <ctype.h>

typedef struct ssa_resolver {
	st_parser *p;
	const char *text;     /* where the expression starts */
	uint32_t line, col;   /* of `text` */
	st_parser_affine_id_fn fn;
	void *ud;
} ssa_resolver;

/* Line and column of byte `off` of the expression text. */
static void position(const ssa_resolver *r, size_t off, uint32_t *line, uint32_t *col) {
	*line = r->line;
	*col = r->col;
	for (size_t i = 0; i < off; i++) {
		if (r->text[i] == '\n')
			++*line, *col = 1;
		else
			++*col;
	}
}

static st_affine_expr *resolve(void *ud, st_str name, bool is_symbol, size_t off, char *errbuf, size_t errlen) {
	ssa_resolver *r = ud;
	if (name.len < 2 || name.data[0] != '%')
		return NULL;
	st_operand_ref ref;
	memset(&ref, 0, sizeof ref);
	ref.name = name;
	uint64_t v = 0;
	bool digits = true;
	for (size_t i = 1; i < name.len && digits; i++) {
		digits = isdigit((unsigned char)name.data[i]) && (v = v * 10 + (uint64_t)(name.data[i] - '0')) < UINT32_MAX;
	}
	ref.numeric = digits ? (uint32_t)v + 1 : 0;
	/* `off` is where the identifier (or `symbol(`) starts. */
	position(r, (size_t)(name.data - r->text), &ref.line, &ref.col);
	(void)off;
	return r->fn(r->ud, &ref, is_symbol, errbuf, errlen);
}

st_status st_parser_affine_expr(st_parser *p, st_parser_affine_id_fn fn, void *ud, st_affine_expr **out) {
	st__token start = p->tok;
	if (start.kind == T_EOF || start.kind == T_ERROR)
		return st__err_at(p, &start, "expected affine expression");
	ssa_resolver r = {p, start.start, start.line, start.col, fn, ud};
	st_str text = st_str_make(start.start, (size_t)(p->end - start.start));
	size_t used = 0, off = 0;
	char msg[256] = "";
	st_status s = st_affine_expr_parse(p->ctx, text, resolve, &r, out, &used, &off, msg, sizeof msg);
	if (st_failed(s)) {
		if (p->failed)
			return ST_FAIL;
		st__token at = start;
		position(&r, off <= text.len ? off : text.len, &at.line, &at.col);
		return st__err_at(p, &at, "%s", msg[0] ? msg : "expected affine expression");
	}
	/* Keep line tracking right across a multi-line expression. */
	const char *stop = start.start + used, *ls = p->line_start;
	uint32_t line = start.line;
	for (const char *c = start.start; c < stop; c++)
		if (*c == '\n')
			line++, ls = c + 1;
	p->line = line;
	p->line_start = ls;
	p->pos = stop;
	st__lex(p);
	return ST_OK;
}
