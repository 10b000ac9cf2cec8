/* The lexer of MLIR's text format: one token of lookahead, positions kept
 * incrementally (line and line start) so that locating a token is O(1). */
/* madvise(MADV_DONTNEED) is not POSIX: ask glibc for it. */
#define _DEFAULT_SOURCE
#include "parser_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* Character classes, one table lookup per character. */
enum { C_ID_START = 1, C_DIGIT = 2, C_ID = 4, C_SUFFIX = 8, C_BLANK = 16 };
/* 0-127 (the rest is 0): letters and '_' 13, digits 14, '$' and '.' 12, '-' 8,
 * blanks (space, tab, CR) 16. */
static const unsigned char char_class[256] = {
	 0,  0,  0,  0,  0,  0,  0,  0,  0, 16,  0,  0,  0, 16,  0,  0,
	 0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
	16,  0,  0,  0, 12,  0,  0,  0,  0,  0,  0,  0,  0,  8, 12,  0,
	14, 14, 14, 14, 14, 14, 14, 14, 14, 14,  0,  0,  0,  0,  0,  0,
	 0, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,
	13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,  0,  0,  0,  0, 13,
	 0, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,
	13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,  0,  0,  0,  0,  0,
};
static bool is_id_start(unsigned char c) { return char_class[c] & C_ID_START; }
static bool is_digit(unsigned char c) { return char_class[c] & C_DIGIT; }
static bool is_id_char(unsigned char c) { return char_class[c] & C_ID; }
/* suffix-id characters after a sigil: letters, digits and id-punct. */
static bool is_suffix_char(unsigned char c) { return char_class[c] & C_SUFFIX; }

st_attr *st__tok_loc(st_parser *p, const st__token *t) {
	return st_loc_file(p->ctx, st_ident_str(p->filename), t->line, t->col);
}

st_status st__err_at(st_parser *p, const st__token *t, const char *fmt, ...) {
	if (p->failed)
		return ST_FAIL; /* report only the first error of a parse */
	p->failed = true;
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(p->ctx, ST_SEV_ERROR, st__tok_loc(p, t), fmt, ap);
	va_end(ap);
	if (d)
		st_diag_emit(d);
	return ST_FAIL;
}

/* Return the pages behind the cursor to the kernel: the buffer is a file
 * mapping (re-read on demand if a diagnostic needs an old line), and big
 * inputs would otherwise stay resident for the whole run. */
static void release_behind(st_parser *p) {
	if (!p->release_base)
		return;
	const size_t window = 256u << 10, page = 4096;
	if ((size_t)(p->pos - p->released_to) < 2 * window)
		return;
	const char *to = p->pos - window;
	uintptr_t b = ((uintptr_t)p->released_to + page - 1) & ~(uintptr_t)(page - 1);
	uintptr_t e = (uintptr_t)to & ~(uintptr_t)(page - 1);
	if (e > b)
		madvise((void *)b, e - b, MADV_DONTNEED);
	p->released_to = to;
}

static void skip_space(st_parser *p) {
	const char *s = p->pos, *end = p->end;
	bool newline = false;
	for (;;) {
		while (s < end && (char_class[(unsigned char)*s] & C_BLANK))
			s++;
		if (s < end && *s == '\n') {
			s++;
			p->line++;
			p->line_start = s;
			newline = true;
			continue;
		}
		if (s + 1 < end && s[0] == '/' && s[1] == '/') {
			while (s < end && *s != '\n')
				s++;
			continue;
		}
		break;
	}
	p->pos = s;
	/* Checking once per line is often enough for the window. */
	if (newline)
		release_behind(p);
}

static void set_tok(st_parser *p, st__tok k, const char *start, const char *end) {
	p->tok.kind = k;
	p->tok.num = UINT32_MAX;
	p->tok.start = start;
	p->tok.len = (uint32_t)(end - start);
	p->pos = end;
}

static void lex_number(st_parser *p, const char *s) {
	const char *e = s;
	if (e[0] == '0' && e + 1 < p->end && e[1] == 'x' && e + 2 < p->end && isxdigit((unsigned char)e[2])) {
		e += 2;
		while (e < p->end && isxdigit((unsigned char)*e))
			e++;
		set_tok(p, T_INT, s, e);
		return;
	}
	while (e < p->end && is_digit((unsigned char)*e))
		e++;
	if (e < p->end && *e == '.') {
		e++;
		while (e < p->end && is_digit((unsigned char)*e))
			e++;
		if (e < p->end && (*e == 'e' || *e == 'E')) {
			const char *x = e + 1;
			if (x < p->end && (*x == '+' || *x == '-'))
				x++;
			if (x < p->end && is_digit((unsigned char)*x)) {
				e = x;
				while (e < p->end && is_digit((unsigned char)*e))
					e++;
			}
		}
		set_tok(p, T_FLOAT, s, e);
		return;
	}
	set_tok(p, T_INT, s, e);
}

static void lex_string(st_parser *p, const char *s) {
	const char *e = s + 1;
	while (e < p->end && *e != '"') {
		if (*e == '\n') {
			set_tok(p, T_ERROR, s, e);
			st__err_at(p, &p->tok, "expected '\"' in string literal");
			return;
		}
		if (*e == '\\' && e + 1 < p->end)
			e++;
		e++;
	}
	if (e >= p->end) {
		set_tok(p, T_ERROR, s, e);
		st__err_at(p, &p->tok, "expected '\"' in string literal");
		return;
	}
	set_tok(p, T_STRING, s, e + 1);
}

/* %foo, ^bb0, #map, !type, @sym: the sigil then a suffix id (or, for @, a
 * string). */
static void lex_sigil(st_parser *p, st__tok k, const char *s) {
	const char *e = s + 1;
	if (k == T_AT && e < p->end && *e == '"') {
		lex_string(p, e);
		if (p->tok.kind == T_ERROR)
			return;
		set_tok(p, T_AT, s, p->pos);
		return;
	}
	if (e < p->end && (is_digit((unsigned char)*e) && (k == T_PERCENT || k == T_CARET))) {
		/* The parser keys numeric SSA names by their value: compute it
		 * here, while the digits are in hand (no leading zeros, at most
		 * 10^8, as the parser's table allows). */
		uint64_t v = 0;
		while (e < p->end && is_digit((unsigned char)*e)) {
			if (v <= 100000000u)
				v = v * 10 + (uint64_t)(*e - '0');
			e++;
		}
		set_tok(p, k, s, e);
		if (k == T_PERCENT && v <= 100000000u && (s[1] != '0' || e - s == 2))
			p->tok.num = (uint32_t)v;
		return;
	}
	if (e >= p->end || !(is_id_start((unsigned char)*e) || *e == '$' || *e == '.' || *e == '-' ||
	                     (is_digit((unsigned char)*e)))) {
		set_tok(p, T_ERROR, s, e);
		st__err_at(p, &p->tok, "invalid identifier after '%c'", *s);
		return;
	}
	while (e < p->end && is_suffix_char((unsigned char)*e))
		e++;
	set_tok(p, k, s, e);
}

void st__lex(st_parser *p) {
	p->prev_end = p->pos;
	skip_space(p);
	const char *s = p->pos;
	p->tok.line = p->line;
	p->tok.col = (uint32_t)(s - p->line_start) + 1;
	if (s >= p->end) {
		set_tok(p, T_EOF, s, s);
		return;
	}
	unsigned char c = (unsigned char)*s;
	if (is_id_start(c)) {
		const char *e = s + 1;
		while (e < p->end && is_id_char((unsigned char)*e))
			e++;
		set_tok(p, T_BARE, s, e);
		return;
	}
	if (is_digit(c)) {
		lex_number(p, s);
		return;
	}
	switch (c) {
	case '%':
		lex_sigil(p, T_PERCENT, s);
		return;
	case '^':
		lex_sigil(p, T_CARET, s);
		return;
	case '@':
		lex_sigil(p, T_AT, s);
		return;
	case '!':
		lex_sigil(p, T_BANG, s);
		return;
	case '#':
		if (s + 1 < p->end && s[1] == '-' && s + 2 < p->end && s[2] == '}') {
			set_tok(p, T_META_END, s, s + 3);
			return;
		}
		lex_sigil(p, T_HASH, s);
		return;
	case '"':
		lex_string(p, s);
		return;
	case '(':
		set_tok(p, T_LPAREN, s, s + 1);
		return;
	case ')':
		set_tok(p, T_RPAREN, s, s + 1);
		return;
	case '[':
		set_tok(p, T_LSQ, s, s + 1);
		return;
	case ']':
		set_tok(p, T_RSQ, s, s + 1);
		return;
	case '{':
		if (s + 2 < p->end && s[1] == '-' && s[2] == '#') {
			set_tok(p, T_META_BEGIN, s, s + 3);
			return;
		}
		set_tok(p, T_LBRACE, s, s + 1);
		return;
	case '}':
		set_tok(p, T_RBRACE, s, s + 1);
		return;
	case '<':
		set_tok(p, T_LESS, s, s + 1);
		return;
	case '>':
		set_tok(p, T_GREATER, s, s + 1);
		return;
	case ',':
		set_tok(p, T_COMMA, s, s + 1);
		return;
	case ':':
		if (s + 1 < p->end && s[1] == ':') {
			set_tok(p, T_COLONCOLON, s, s + 2);
			return;
		}
		set_tok(p, T_COLON, s, s + 1);
		return;
	case '=':
		set_tok(p, T_EQUAL, s, s + 1);
		return;
	case '-':
		if (s + 1 < p->end && s[1] == '>') {
			set_tok(p, T_ARROW, s, s + 2);
			return;
		}
		set_tok(p, T_MINUS, s, s + 1);
		return;
	case '?':
		set_tok(p, T_QUESTION, s, s + 1);
		return;
	case '*':
		set_tok(p, T_STAR, s, s + 1);
		return;
	case '+':
		set_tok(p, T_PLUS, s, s + 1);
		return;
	case '|':
		set_tok(p, T_PIPE, s, s + 1);
		return;
	case '.':
		if (s + 2 < p->end && s[1] == '.' && s[2] == '.') {
			set_tok(p, T_ELLIPSIS, s, s + 3);
			return;
		}
		break;
	default:
		break;
	}
	set_tok(p, T_ERROR, s, s + 1);
	if (c < 32 || c >= 127)
		st__err_at(p, &p->tok, "unexpected character (byte 0x%02x)", c);
	else
		st__err_at(p, &p->tok, "unexpected character '%c'", c);
}

static int hexval(char c) {
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

st_status st__unescape(st_parser *p, const st__token *t, char **out, size_t *outlen) {
	const char *s = t->start + 1, *e = t->start + t->len - 1;
	char *buf = st_ctx_alloc(p->ctx, (size_t)(e - s) + 1);
	if (!buf)
		return ST_FAIL;
	size_t n = 0;
	while (s < e) {
		if (*s != '\\') {
			buf[n++] = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case 'n':
			buf[n++] = '\n';
			s++;
			break;
		case 't':
			buf[n++] = '\t';
			s++;
			break;
		case '"':
		case '\\':
			buf[n++] = *s++;
			break;
		default:
			if (s + 1 < e && hexval(s[0]) >= 0 && hexval(s[1]) >= 0) {
				buf[n++] = (char)(hexval(s[0]) * 16 + hexval(s[1]));
				s += 2;
			} else {
				st_ctx_free(p->ctx, buf, (size_t)(e - (t->start + 1)) + 1);
				st__token at = *t;
				at.col += (uint32_t)(s - t->start);
				return st__err_at(p, &at, "unknown escape in string literal");
			}
		}
	}
	buf[n] = 0;
	*out = buf;
	*outlen = n;
	return ST_OK;
}

bool st__vec_push(st_context *ctx, st__vec *v, void *x) {
	if (v->cap == 0) {
		v->data = v->small;
		v->cap = sizeof v->small / sizeof v->small[0];
	}
	if (v->n == v->cap) {
		size_t nc = v->cap * 2;
		void **nd = st_ctx_alloc(ctx, nc * sizeof(void *));
		if (!nd)
			return false;
		memcpy(nd, v->data, v->n * sizeof(void *));
		if (v->data != v->small)
			st_ctx_free(ctx, v->data, v->cap * sizeof(void *));
		v->data = nd;
		v->cap = nc;
	}
	v->data[v->n++] = x;
	return true;
}

void st__vec_free(st_context *ctx, st__vec *v) {
	if (v->data != v->small)
		st_ctx_free(ctx, v->data, v->cap * sizeof(void *));
	v->data = NULL;
	v->n = v->cap = 0;
}
