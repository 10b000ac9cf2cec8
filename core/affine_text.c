/* Affine maps, integer sets and expressions as text: MLIR's syntax (the
 * contents of `affine_map<...>` and `affine_set<...>`) and MLIR's printed
 * form, so that a map printed by Strata and by mlir-opt is the same string.
 *
 * The parser builds expressions through the simplifying constructors in
 * the same order as MLIR's parser (left to right, `a - b` as a + b * -1,
 * `-a` as a * -1), which is what makes the printed forms agree.
 */
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>

/* Bounds that keep the recursive parser, printer and evaluator well inside
 * the stack whatever the input: nesting of parentheses and negations, and
 * the depth of the (simplified) expression tree. */
#define MAX_NESTING 256
#define MAX_TREE_DEPTH 4096

/* ------------------------------------------------------------------ lexer */

typedef enum tok_kind {
	T_EOF,
	T_IDENT,   /* bare identifier, including the keywords floordiv/ceildiv/mod */
	T_SSA,     /* %name */
	T_INT,
	T_LPAREN,
	T_RPAREN,
	T_LSQUARE,
	T_RSQUARE,
	T_COMMA,
	T_PLUS,
	T_MINUS,
	T_STAR,
	T_ARROW,
	T_COLON,
	T_GREATER,
	T_LESS,
	T_EQUAL,
	T_ERROR, /* a character no token starts with */
} tok_kind;

typedef struct ident_entry {
	const char *name;
	size_t len;
	st_affine_expr *expr;
} ident_entry;

typedef struct parser {
	st_context *ctx;
	const char *src;
	size_t len;
	size_t pos;      /* where lexing continues */
	tok_kind tok;    /* current token */
	size_t tok_start, tok_end;
	size_t prev_end; /* end of the last consumed token */
	/* Identifiers: the dim and symbol lists of a map or set ... */
	ident_entry local[16];
	ident_entry *ids;
	size_t nids, idcap;
	/* ... or a resolver (bare expressions). */
	st_affine_resolve_fn resolve;
	void *resolve_ud;
	unsigned nesting;
	bool failed;
	size_t err_off;
	char err[256];
} parser;

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

static void lex(parser *p) {
	const char *s = p->src;
	size_t n = p->len, i = p->pos;
	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
			i++;
		if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		break;
	}
	p->tok_start = i;
	if (i >= n) {
		p->tok = T_EOF;
		p->tok_end = p->pos = i;
		return;
	}
	char c = s[i++];
	tok_kind k;
	switch (c) {
	case '(': k = T_LPAREN; break;
	case ')': k = T_RPAREN; break;
	case '[': k = T_LSQUARE; break;
	case ']': k = T_RSQUARE; break;
	case ',': k = T_COMMA; break;
	case '+': k = T_PLUS; break;
	case '*': k = T_STAR; break;
	case ':': k = T_COLON; break;
	case '>': k = T_GREATER; break;
	case '<': k = T_LESS; break;
	case '=': k = T_EQUAL; break;
	case '-':
		if (i < n && s[i] == '>') {
			i++;
			k = T_ARROW;
		} else {
			k = T_MINUS;
		}
		break;
	case '%':
		/* suffix-id ::= digit+ | (letter|id-punct) (letter|id-punct|digit)*,
		 * optionally followed by #digits (a result number). */
		if (i < n && is_digit(s[i])) {
			while (i < n && is_digit(s[i]))
				i++;
		} else if (i < n && (is_letter(s[i]) || s[i] == '$' || s[i] == '.' || s[i] == '_' || s[i] == '-')) {
			while (i < n && (is_letter(s[i]) || is_digit(s[i]) || s[i] == '$' || s[i] == '.' || s[i] == '_' ||
			                 s[i] == '-'))
				i++;
		} else {
			k = T_ERROR;
			break;
		}
		if (i + 1 < n && s[i] == '#' && is_digit(s[i + 1])) {
			i++;
			while (i < n && is_digit(s[i]))
				i++;
		}
		k = T_SSA;
		break;
	default:
		if (is_letter(c) || c == '_') {
			while (i < n && (is_letter(s[i]) || is_digit(s[i]) || s[i] == '_' || s[i] == '$' || s[i] == '.'))
				i++;
			k = T_IDENT;
		} else if (is_digit(c)) {
			if (c == '0' && i + 1 < n && s[i] == 'x' && is_hex(s[i + 1])) {
				i++;
				while (i < n && is_hex(s[i]))
					i++;
			} else {
				while (i < n && is_digit(s[i]))
					i++;
			}
			k = T_INT;
		} else {
			k = T_ERROR;
		}
		break;
	}
	p->tok = k;
	p->tok_end = p->pos = i;
}

static void next(parser *p) {
	p->prev_end = p->tok_end;
	lex(p);
}

static bool tok_is_word(const parser *p, const char *w) {
	size_t l = strlen(w);
	return p->tok == T_IDENT && p->tok_end - p->tok_start == l && memcmp(p->src + p->tok_start, w, l) == 0;
}

static bool error_at(parser *p, size_t off, const char *msg) {
	if (!p->failed) {
		p->failed = true;
		p->err_off = off;
		snprintf(p->err, sizeof p->err, "%s", msg);
	}
	return false;
}

/* Errors at the current token; a stray character gets its own message. */
static bool error_here(parser *p, const char *msg) {
	if (p->tok == T_ERROR)
		return error_at(p, p->tok_start, "unexpected character");
	return error_at(p, p->tok_start, msg);
}

static bool expect(parser *p, tok_kind k, const char *msg) {
	if (p->tok != k)
		return error_here(p, msg);
	next(p);
	return true;
}

static bool oom(parser *p) { return error_at(p, p->tok_start, "out of memory"); }

/* ------------------------------------------------------------ expressions */

static st_affine_expr *parse_expr(parser *p);

static st_affine_expr *checked(parser *p, st_affine_expr *e) {
	if (!e) {
		oom(p);
		return NULL;
	}
	if (st__affine_expr_depth(e) > MAX_TREE_DEPTH) {
		error_at(p, p->prev_end, "affine expression is nested too deeply");
		return NULL;
	}
	return e;
}

static st_affine_expr *lookup_ident(parser *p, size_t start, size_t len, bool is_symbol) {
	const char *name = p->src + start;
	if (p->resolve) {
		char buf[256];
		buf[0] = 0;
		st_affine_expr *e = p->resolve(p->resolve_ud, st_str_make(name, len), is_symbol, start, buf, sizeof buf);
		if (!e)
			error_at(p, start, buf[0] ? buf : "use of undeclared identifier");
		return e;
	}
	for (size_t i = 0; i < p->nids; i++)
		if (p->ids[i].len == len && memcmp(p->ids[i].name, name, len) == 0)
			return p->ids[i].expr;
	error_at(p, start, "use of undeclared identifier");
	return NULL;
}

static bool is_op_keyword(const parser *p) {
	return tok_is_word(p, "floordiv") || tok_is_word(p, "ceildiv") || tok_is_word(p, "mod");
}

/* An operand: identifier, integer, parenthesised expression or negation.
 * `after_op` says whether a binary operator precedes it (for messages). */
static st_affine_expr *parse_operand(parser *p, bool after_op) {
	switch (p->tok) {
	case T_INT: {
		uint64_t v = 0;
		bool big = false;
		const char *s = p->src + p->tok_start;
		size_t n = p->tok_end - p->tok_start;
		if (n > 2 && s[1] == 'x') {
			for (size_t i = 2; i < n; i++) {
				unsigned d = is_digit(s[i]) ? (unsigned)(s[i] - '0') : (unsigned)((s[i] | 0x20) - 'a' + 10);
				if (v > (UINT64_MAX >> 4))
					big = true;
				v = v << 4 | d;
			}
		} else {
			for (size_t i = 0; i < n; i++) {
				unsigned d = (unsigned)(s[i] - '0');
				if (v > (UINT64_MAX - d) / 10)
					big = true;
				v = v * 10 + d;
			}
		}
		/* 2^63 is allowed: it is how `d0 + INT64_MIN` prints (d0 - 9223372036854775808). */
		if (big || v > (uint64_t)INT64_MAX + 1) {
			error_here(p, "constant too large for index");
			return NULL;
		}
		next(p);
		return checked(p, st_affine_const(p->ctx, (int64_t)v));
	}
	case T_LPAREN: {
		if (++p->nesting > MAX_NESTING) {
			error_here(p, "affine expression is nested too deeply");
			return NULL;
		}
		next(p);
		if (p->tok == T_RPAREN) {
			error_here(p, "no expression inside parentheses");
			return NULL;
		}
		st_affine_expr *e = parse_expr(p);
		if (!e || !expect(p, T_RPAREN, "expected ')'"))
			return NULL;
		p->nesting--;
		return e;
	}
	case T_MINUS: {
		if (++p->nesting > MAX_NESTING) {
			error_here(p, "affine expression is nested too deeply");
			return NULL;
		}
		next(p);
		st_affine_expr *e = parse_operand(p, after_op);
		if (!e)
			return NULL;
		p->nesting--;
		return checked(p, st_affine_neg(p->ctx, e));
	}
	case T_SSA: {
		size_t start = p->tok_start, len = p->tok_end - p->tok_start;
		if (!p->resolve) {
			error_here(p, "unexpected ssa identifier");
			return NULL;
		}
		next(p);
		return lookup_ident(p, start, len, false);
	}
	case T_IDENT: {
		size_t start = p->tok_start, len = p->tok_end - p->tok_start;
		if (p->resolve && tok_is_word(p, "symbol")) {
			/* symbol(%id) */
			next(p);
			if (!expect(p, T_LPAREN, "expected '(' at start of SSA symbol"))
				return NULL;
			if (p->tok != T_SSA) {
				error_here(p, "expected ssa identifier");
				return NULL;
			}
			start = p->tok_start;
			len = p->tok_end - p->tok_start;
			next(p);
			st_affine_expr *e = lookup_ident(p, start, len, true);
			if (!e || !expect(p, T_RPAREN, "expected ')' at end of SSA symbol"))
				return NULL;
			return e;
		}
		if (is_op_keyword(p)) {
			/* floordiv/ceildiv/mod name an identifier only if declared so. */
			bool declared = false;
			for (size_t i = 0; i < p->nids && !declared; i++)
				declared = p->ids[i].len == len && memcmp(p->ids[i].name, p->src + start, len) == 0;
			if (!declared && !p->resolve) {
				error_here(p, after_op ? "missing right operand of binary operator"
				                       : "missing left operand of binary operator");
				return NULL;
			}
		}
		next(p);
		return lookup_ident(p, start, len, false);
	}
	case T_PLUS:
	case T_STAR:
		error_here(p, after_op ? "missing right operand of binary operator" : "missing left operand of binary operator");
		return NULL;
	default:
		error_here(p, after_op ? "missing right operand of binary operator" : "expected affine expression");
		return NULL;
	}
}

/* The high-precedence operator at the current token, or -1. */
static int high_prec_op(const parser *p) {
	if (p->tok == T_STAR)
		return ST_AFFINE_MUL;
	if (tok_is_word(p, "floordiv"))
		return ST_AFFINE_FLOORDIV;
	if (tok_is_word(p, "ceildiv"))
		return ST_AFFINE_CEILDIV;
	if (tok_is_word(p, "mod"))
		return ST_AFFINE_MOD;
	return -1;
}

static st_affine_expr *high_prec_expr(parser *p, st_affine_kind op, st_affine_expr *l, st_affine_expr *r,
                                      size_t op_off) {
	bool lsym = st_affine_expr_is_symbolic_or_constant(l), rsym = st_affine_expr_is_symbolic_or_constant(r);
	const char *msg = NULL;
	switch (op) {
	case ST_AFFINE_MUL:
		if (!lsym && !rsym)
			msg = "non-affine expression: at least one of the multiply operands has to be either a constant or "
			      "symbolic";
		break;
	case ST_AFFINE_FLOORDIV:
		if (!rsym)
			msg = "non-affine expression: right operand of floordiv has to be either a constant or symbolic";
		break;
	case ST_AFFINE_CEILDIV:
		if (!rsym)
			msg = "non-affine expression: right operand of ceildiv has to be either a constant or symbolic";
		break;
	default:
		if (!rsym)
			msg = "non-affine expression: right operand of mod has to be either a constant or symbolic";
		break;
	}
	if (msg) {
		error_at(p, op_off, msg);
		return NULL;
	}
	return checked(p, st_affine_binary(p->ctx, op, l, r));
}

/* term ::= operand (high-prec-op operand)*, left associative */
static st_affine_expr *parse_term(parser *p, bool after_op) {
	st_affine_expr *lhs = parse_operand(p, after_op);
	int op;
	while (lhs && (op = high_prec_op(p)) >= 0) {
		size_t op_off = p->tok_start;
		next(p);
		st_affine_expr *rhs = parse_operand(p, true);
		if (!rhs)
			return NULL;
		lhs = high_prec_expr(p, (st_affine_kind)op, lhs, rhs, op_off);
	}
	return lhs;
}

/* expr ::= term ((`+` | `-`) term)*, left associative */
static st_affine_expr *parse_expr(parser *p) {
	st_affine_expr *lhs = parse_term(p, false);
	while (lhs && (p->tok == T_PLUS || p->tok == T_MINUS)) {
		bool sub = p->tok == T_MINUS;
		next(p);
		st_affine_expr *rhs = parse_term(p, true);
		if (!rhs)
			return NULL;
		lhs = checked(p, sub ? st_affine_sub(p->ctx, lhs, rhs) : st_affine_add(p->ctx, lhs, rhs));
	}
	return lhs;
}

/* ------------------------------------------------------- maps and sets */

static bool add_ident(parser *p, st_affine_expr *e) {
	if (p->tok != T_IDENT)
		return error_here(p, "expected bare identifier");
	const char *name = p->src + p->tok_start;
	size_t len = p->tok_end - p->tok_start;
	for (size_t i = 0; i < p->nids; i++)
		if (p->ids[i].len == len && memcmp(p->ids[i].name, name, len) == 0) {
			char msg[160];
			snprintf(msg, sizeof msg, "redefinition of identifier '%.*s'", len > 100 ? 100 : (int)len, name);
			return error_at(p, p->tok_start, msg);
		}
	if (!e)
		return oom(p);
	if (p->nids == p->idcap) {
		size_t ncap = p->idcap * 2;
		ident_entry *n;
		if (p->ids == p->local) {
			n = st_ctx_alloc(p->ctx, ncap * sizeof *n);
			if (n)
				memcpy(n, p->ids, p->nids * sizeof *n);
		} else {
			n = st_ctx_realloc(p->ctx, p->ids, p->idcap * sizeof *n, ncap * sizeof *n);
		}
		if (!n)
			return oom(p);
		p->ids = n;
		p->idcap = ncap;
	}
	p->ids[p->nids].name = name;
	p->ids[p->nids].len = len;
	p->ids[p->nids].expr = e;
	p->nids++;
	next(p);
	return true;
}

/* A growable array of expressions (and constraint kinds). */
typedef struct exprvec {
	st_affine_expr *local[16];
	bool local_eq[16];
	st_affine_expr **v;
	bool *eq;
	size_t n, cap;
} exprvec;

static void vec_init(exprvec *v) {
	v->v = v->local;
	v->eq = v->local_eq;
	v->n = 0;
	v->cap = 16;
}

static bool vec_push(parser *p, exprvec *v, st_affine_expr *e, bool eq) {
	if (v->n == v->cap) {
		size_t ncap = v->cap * 2;
		st_affine_expr **nv = st_ctx_alloc(p->ctx, ncap * sizeof *nv);
		bool *ne = st_ctx_alloc(p->ctx, ncap * sizeof *ne);
		if (!nv || !ne) {
			st_ctx_free(p->ctx, nv, ncap * sizeof *nv);
			st_ctx_free(p->ctx, ne, ncap * sizeof *ne);
			return oom(p);
		}
		memcpy(nv, v->v, v->n * sizeof *nv);
		memcpy(ne, v->eq, v->n * sizeof *ne);
		if (v->v != v->local) {
			st_ctx_free(p->ctx, v->v, v->cap * sizeof *v->v);
			st_ctx_free(p->ctx, v->eq, v->cap * sizeof *v->eq);
		}
		v->v = nv;
		v->eq = ne;
		v->cap = ncap;
	}
	v->v[v->n] = e;
	v->eq[v->n] = eq;
	v->n++;
	return true;
}

static void vec_free(parser *p, exprvec *v) {
	if (v->v != v->local) {
		st_ctx_free(p->ctx, v->v, v->cap * sizeof *v->v);
		st_ctx_free(p->ctx, v->eq, v->cap * sizeof *v->eq);
	}
}

/* affine-constraint ::= expr (`>=` | `<=` | `==`) expr, normalised to
 * `e >= 0` / `e == 0` as MLIR does. */
static st_affine_expr *parse_constraint(parser *p, bool *is_eq) {
	st_affine_expr *lhs = parse_expr(p);
	if (!lhs)
		return NULL;
	tok_kind first = p->tok;
	if (first == T_GREATER || first == T_LESS || first == T_EQUAL) {
		next(p);
		if (p->tok == T_EQUAL) {
			next(p);
			st_affine_expr *rhs = parse_expr(p);
			if (!rhs)
				return NULL;
			*is_eq = first == T_EQUAL;
			return checked(p, first == T_LESS ? st_affine_sub(p->ctx, rhs, lhs) : st_affine_sub(p->ctx, lhs, rhs));
		}
	}
	error_here(p, "expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
	return NULL;
}

static void parser_init(parser *p, st_context *ctx, st_str text) {
	memset(p, 0, sizeof *p);
	p->ctx = ctx;
	p->src = text.data;
	p->len = text.data ? text.len : 0;
	p->ids = p->local;
	p->idcap = 16;
	lex(p);
}

static void parser_fini(parser *p) {
	if (p->ids != p->local)
		st_ctx_free(p->ctx, p->ids, p->idcap * sizeof *p->ids);
}

static st_status finish(parser *p, size_t *err_off, char *errbuf, size_t errlen) {
	if (!p->failed)
		return ST_OK;
	if (err_off)
		*err_off = p->err_off;
	if (errbuf && errlen)
		snprintf(errbuf, errlen, "%s", p->err);
	return ST_FAIL;
}

/* Parses `(dims)[syms] -> (results)` or `(dims)[syms] : (constraints)`. */
static void parse_map_or_set(parser *p, bool want_map, const st_affine_map **map, const st_integer_set **set) {
	unsigned ndims = 0, nsyms = 0;
	if (!expect(p, T_LPAREN, "expected '(' in dimensional identifier list"))
		return;
	if (p->tok != T_RPAREN) {
		do {
			if (!add_ident(p, st_affine_dim(p->ctx, ndims++)))
				return;
		} while (p->tok == T_COMMA && (next(p), true));
	}
	if (!expect(p, T_RPAREN, "expected ')' in dimensional identifier list"))
		return;
	if (p->tok == T_LSQUARE) {
		next(p);
		if (p->tok != T_RSQUARE) {
			do {
				if (!add_ident(p, st_affine_symbol(p->ctx, nsyms++)))
					return;
			} while (p->tok == T_COMMA && (next(p), true));
		}
		if (!expect(p, T_RSQUARE, "expected ']' in symbol list"))
			return;
	}
	bool is_map;
	if (p->tok == T_ARROW)
		is_map = true;
	else if (p->tok == T_COLON)
		is_map = false;
	else {
		error_here(p, "expected '->' or ':'");
		return;
	}
	next(p);
	const char *ctxmsg = is_map ? " in affine map range" : " in integer set constraint list";
	char msg[64];
	snprintf(msg, sizeof msg, "expected '('%s", ctxmsg);
	if (!expect(p, T_LPAREN, msg))
		return;
	exprvec v;
	vec_init(&v);
	if (p->tok != T_RPAREN) {
		for (;;) {
			bool eq = false;
			st_affine_expr *e = is_map ? parse_expr(p) : parse_constraint(p, &eq);
			if (!e || !vec_push(p, &v, e, eq))
				goto done;
			if (p->tok != T_COMMA)
				break;
			next(p);
		}
	}
	snprintf(msg, sizeof msg, "expected ')'%s", ctxmsg);
	if (!expect(p, T_RPAREN, msg))
		goto done;
	if (is_map != want_map) {
		error_at(p, 0, want_map ? "expected AffineMap, but got IntegerSet" : "expected IntegerSet, but got AffineMap");
		goto done;
	}
	if (is_map) {
		*map = st_affine_map_get(p->ctx, ndims, nsyms, v.n, v.v);
		if (!*map)
			oom(p);
	} else {
		*set = st_integer_set_get(p->ctx, ndims, nsyms, v.n, v.v, v.eq);
		if (!*set)
			oom(p);
	}
done:
	vec_free(p, &v);
}

static st_status parse_entry(st_context *ctx, st_str text, bool want_map, bool prefix, const st_affine_map **map,
                             const st_integer_set **set, size_t *consumed, size_t *err_off, char *errbuf,
                             size_t errlen) {
	parser p;
	parser_init(&p, ctx, text);
	const st_affine_map *m = NULL;
	const st_integer_set *s = NULL;
	parse_map_or_set(&p, want_map, &m, &s);
	if (!p.failed && !prefix && p.tok != T_EOF)
		error_here(&p, "encountered unexpected token");
	parser_fini(&p);
	if (consumed)
		*consumed = p.prev_end;
	if (p.failed)
		m = NULL, s = NULL;
	if (map)
		*map = m;
	if (set)
		*set = s;
	return finish(&p, err_off, errbuf, errlen);
}

st_status st_affine_map_parse(st_context *ctx, st_str text, const st_affine_map **out, size_t *err_off, char *errbuf,
                              size_t errlen) {
	return parse_entry(ctx, text, true, false, out, NULL, NULL, err_off, errbuf, errlen);
}

st_status st_integer_set_parse(st_context *ctx, st_str text, const st_integer_set **out, size_t *err_off,
                               char *errbuf, size_t errlen) {
	return parse_entry(ctx, text, false, false, NULL, out, NULL, err_off, errbuf, errlen);
}

st_status st_affine_map_parse_prefix(st_context *ctx, st_str text, const st_affine_map **out, size_t *consumed,
                                     size_t *err_off, char *errbuf, size_t errlen) {
	return parse_entry(ctx, text, true, true, out, NULL, consumed, err_off, errbuf, errlen);
}

st_status st_integer_set_parse_prefix(st_context *ctx, st_str text, const st_integer_set **out, size_t *consumed,
                                      size_t *err_off, char *errbuf, size_t errlen) {
	return parse_entry(ctx, text, false, true, NULL, out, consumed, err_off, errbuf, errlen);
}

st_status st_affine_expr_parse(st_context *ctx, st_str text, st_affine_resolve_fn resolve, void *resolve_ud,
                               st_affine_expr **out, size_t *consumed, size_t *err_off, char *errbuf,
                               size_t errlen) {
	parser p;
	parser_init(&p, ctx, text);
	p.resolve = resolve;
	p.resolve_ud = resolve_ud;
	st_affine_expr *e = resolve ? parse_expr(&p) : (error_at(&p, 0, "no identifier resolver"), NULL);
	parser_fini(&p);
	if (consumed)
		*consumed = p.prev_end;
	if (out)
		*out = p.failed ? NULL : e;
	return finish(&p, err_off, errbuf, errlen);
}

/* --------------------------------------------------------------- printing */

typedef struct printer {
	st_write_fn w;
	void *ud;
	st_affine_print_id_fn id;
	void *id_ud;
} printer;

static void put(const printer *p, const char *s) { p->w(p->ud, s, strlen(s)); }

static void put_i64(const printer *p, int64_t v) {
	char buf[32];
	int n = snprintf(buf, sizeof buf, "%" PRId64, v);
	p->w(p->ud, buf, (size_t)n);
}

/* |v|, correct for INT64_MIN too. */
static void put_magnitude(const printer *p, int64_t v) {
	char buf[32];
	uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	int n = snprintf(buf, sizeof buf, "%" PRIu64, m);
	p->w(p->ud, buf, (size_t)n);
}

static void put_id(const printer *p, bool is_symbol, unsigned pos) {
	if (p->id) {
		p->id(p->id_ud, is_symbol, pos, p->w, p->ud);
		return;
	}
	char buf[16];
	int n = snprintf(buf, sizeof buf, "%c%u", is_symbol ? 's' : 'd', pos);
	p->w(p->ud, buf, (size_t)n);
}

/* MLIR's printAffineExprInternal: `strong` is true where the enclosing
 * operator binds tighter than `+` (an operand of * floordiv ceildiv mod),
 * and then a binary expression gets parentheses. */
static void print_expr(const printer *p, const st_affine_expr *e, bool strong) {
	const char *op;
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_CONST:
		put_i64(p, e->value);
		return;
	case ST_AFFINE_DIM:
		put_id(p, false, (unsigned)e->value);
		return;
	case ST_AFFINE_SYMBOL:
		put_id(p, true, (unsigned)e->value);
		return;
	case ST_AFFINE_MUL: op = " * "; break;
	case ST_AFFINE_FLOORDIV: op = " floordiv "; break;
	case ST_AFFINE_CEILDIV: op = " ceildiv "; break;
	case ST_AFFINE_MOD: op = " mod "; break;
	default: op = NULL; break; /* add */
	}
	const st_affine_expr *l = e->lhs, *r = e->rhs;
	if (strong)
		put(p, "(");
	if (op) {
		if (st_affine_expr_kind(e) == ST_AFFINE_MUL && st_affine_expr_kind(r) == ST_AFFINE_CONST && r->value == -1) {
			put(p, "-");
			print_expr(p, l, true);
		} else {
			print_expr(p, l, true);
			put(p, op);
			print_expr(p, r, true);
		}
	} else if (st_affine_expr_kind(r) == ST_AFFINE_MUL && st_affine_expr_kind(r->rhs) == ST_AFFINE_CONST &&
	           r->rhs->value <= -1) {
		/* x + y * -1 prints as x - y, x + y * -c as x - y * c */
		print_expr(p, l, false);
		put(p, " - ");
		if (r->rhs->value == -1) {
			print_expr(p, r->lhs, st_affine_expr_kind(r->lhs) == ST_AFFINE_ADD);
		} else {
			print_expr(p, r->lhs, true);
			put(p, " * ");
			put_magnitude(p, r->rhs->value);
		}
	} else if (st_affine_expr_kind(r) == ST_AFFINE_CONST && r->value < 0) {
		print_expr(p, l, false);
		put(p, " - ");
		put_magnitude(p, r->value);
	} else {
		print_expr(p, l, false);
		put(p, " + ");
		print_expr(p, r, false);
	}
	if (strong)
		put(p, ")");
}

void st_affine_expr_print(const st_affine_expr *e, st_write_fn w, void *ud) {
	printer p = {w, ud, NULL, NULL};
	print_expr(&p, e, false);
}

void st_affine_expr_print_ids(const st_affine_expr *e, st_affine_print_id_fn id, void *id_ud, st_write_fn w,
                              void *ud) {
	printer p = {w, ud, id, id_ud};
	print_expr(&p, e, false);
}

static void print_lists(const printer *p, unsigned ndims, unsigned nsyms) {
	put(p, "(");
	for (unsigned i = 0; i < ndims; i++) {
		if (i)
			put(p, ", ");
		put_id(p, false, i);
	}
	put(p, ")");
	if (nsyms) {
		put(p, "[");
		for (unsigned i = 0; i < nsyms; i++) {
			if (i)
				put(p, ", ");
			put_id(p, true, i);
		}
		put(p, "]");
	}
}

void st_affine_map_print(const st_affine_map *m, st_write_fn w, void *ud) {
	printer p = {w, ud, NULL, NULL};
	print_lists(&p, m->ndims, m->nsyms);
	put(&p, " -> (");
	for (size_t i = 0; i < m->nresults; i++) {
		if (i)
			put(&p, ", ");
		print_expr(&p, m->results[i], false);
	}
	put(&p, ")");
}

void st_integer_set_print(const st_integer_set *s, st_write_fn w, void *ud) {
	printer p = {w, ud, NULL, NULL};
	print_lists(&p, s->ndims, s->nsyms);
	put(&p, " : (");
	for (size_t i = 0; i < s->n; i++) {
		if (i)
			put(&p, ", ");
		print_expr(&p, s->constraints[i], false);
		put(&p, st_integer_set_is_eq(s, i) ? " == 0" : " >= 0");
	}
	put(&p, ")");
}
