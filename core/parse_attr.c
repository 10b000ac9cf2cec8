/* Parsing of builtin types, attributes, locations and aliases. */
#include "parser_internal.h"
#include "strided_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

struct st__alias {
	st_ident *name; /* with its sigil: "#map" or "!ty" */
	void *value;    /* st_attr* or st_type* */
};

void st__free_aliases(st_parser *p) {
	st_ctx_free(p->ctx, p->aliases, p->alias_cap * sizeof *p->aliases);
	p->aliases = NULL;
	p->naliases = p->alias_cap = 0;
}

void *st__alias_lookup(st_parser *p, st_ident *id) {
	for (size_t i = 0; id && i < p->naliases; i++)
		if (p->aliases[i].name == id)
			return p->aliases[i].value;
	return NULL;
}

static void *alias_lookup(st_parser *p, const st__token *t) {
	return st__alias_lookup(p, st_ident_get(p->ctx, st_str_make(t->start, t->len)));
}

static bool expect(st_parser *p, st__tok k, const char *what) {
	if (p->tok.kind != k) {
		if (p->tok.kind != T_ERROR)
			st__err_at(p, &p->tok, "expected %s", what);
		else
			p->failed = true;
		return false;
	}
	st__lex(p);
	return true;
}

static bool accept(st_parser *p, st__tok k) {
	if (p->tok.kind != k)
		return false;
	st__lex(p);
	return true;
}

const char *st__dialect_body_end(const char *s, const char *end, char *bad) {
	char stack[256];
	int depth = 0;
	stack[depth++] = '>';
	for (const char *e = s; e < end; e++) {
		char c = *e;
		if (c == '"') {
			e++;
			while (e < end && *e != '"') {
				if (*e == '\\')
					e++;
				e++;
			}
		} else if (c == '<' || c == '(' || c == '[' || c == '{') {
			if (depth == 256) {
				*bad = 0;
				return NULL;
			}
			stack[depth++] = c == '<' ? '>' : c == '(' ? ')' : c == '[' ? ']' : '}';
		} else if (c == '>' && ((e > s && e[-1] == '-') || stack[depth - 1] != '>')) {
			/* an arrow, or a comparison inside brackets */
		} else if (c == '>' || c == ')' || c == ']' || c == '}') {
			if (stack[depth - 1] != c) {
				*bad = c;
				return NULL;
			}
			if (--depth == 0)
				return e;
		}
	}
	*bad = '<';
	return NULL;
}

/* Balanced text between `<` and `>` (the current token is `<`), for opaque
 * dialect bodies and affine maps.  Leaves the lexer after the `>`. */
static st_status balanced_body(st_parser *p, st_str *out) {
	assert(p->tok.kind == T_LESS);
	const char *s = p->tok.start + 1;
	char bad;
	const char *e = st__dialect_body_end(s, p->end, &bad);
	if (!e && bad == 0)
		return st__err_at(p, &p->tok, "nesting too deep in dialect body");
	if (!e)
		return st__err_at(p, &p->tok, "unbalanced '%c' in dialect body", bad);
	for (const char *c = s; c < e; c++)
		if (*c == '\n') {
			p->line++;
			p->line_start = c + 1;
		}
	*out = st_str_make(s, (size_t)(e - s));
	p->pos = e + 1;
	st__lex(p);
	return ST_OK;
}

/* ----------------------------------------------------------------- types */

bool st__starts_type(st_parser *p) {
	switch (p->tok.kind) {
	case T_BANG:
	case T_LPAREN:
		return true;
	case T_BARE: {
		const st__token *t = &p->tok;
		static const char *const kws[] = {"index", "f16", "bf16", "f32", "f64", "none", "tuple", "vector",
		                                  "tensor", "memref", "complex", NULL};
		for (int i = 0; kws[i]; i++)
			if (st__tok_is(t, kws[i]))
				return true;
		const char *s = t->start;
		size_t n = t->len, k = 0;
		if (n > 1 && s[0] == 'i')
			k = 1;
		else if (n > 2 && (s[0] == 's' || s[0] == 'u') && s[1] == 'i')
			k = 2;
		else
			return false;
		for (size_t i = k; i < n; i++)
			if (!isdigit((unsigned char)s[i]))
				return false;
		return true;
	}
	default:
		return false;
	}
}

static st_status parse_type_list_parens(st_parser *p, st__vec *v) {
	if (!expect(p, T_LPAREN, "'('"))
		return ST_FAIL;
	if (accept(p, T_RPAREN))
		return ST_OK;
	do {
		st_type *t;
		if (st_failed(st__parse_type(p, &t)) || !st__vec_push(p->ctx, v, t))
			return ST_FAIL;
	} while (accept(p, T_COMMA));
	return expect(p, T_RPAREN, "')'") ? ST_OK : ST_FAIL;
}

/* Function results: a single non-function type, or a parenthesised list. */
static st_status parse_results(st_parser *p, st__vec *v) {
	if (p->tok.kind == T_LPAREN) {
		/* `(i32) -> (i32) -> i32` would be ambiguous; MLIR parses a
		 * parenthesised list here. */
		return parse_type_list_parens(p, v);
	}
	st_type *t;
	if (st_failed(st__parse_type(p, &t)) || !st__vec_push(p->ctx, v, t))
		return ST_FAIL;
	return ST_OK;
}


static st_status parse_function_type(st_parser *p, st_type **out);

/* A type ends where the text continues with a separator (a longer type
 * could otherwise share the cached one's prefix). */
static bool ends_type(const st_parser *p, const char *c) {
	return c >= p->end || *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r' || *c == ',' || *c == ')' ||
	       *c == '}' || *c == ']';
}

static st_status parse_function_type_cached(st_parser *p, st_type **out) {
	const char *start = p->tok.start;
	size_t avail = (size_t)(p->end - start);
	for (unsigned i = 0; i < 8; i++) {
		uint32_t n = p->ftcache[i].len;
		if (n && n <= avail && memcmp(start, p->ftcache[i].text, n) == 0 && ends_type(p, start + n)) {
			*out = p->ftcache[i].type;
			p->pos = start + n;
			st__lex(p);
			return ST_OK;
		}
	}
	if (st_failed(parse_function_type(p, out)))
		return ST_FAIL;
	/* The type's own text, up to its last token (an op usually ends with
	 * its type, so the current token is on the next line).  Only
	 * single-line types: skipping text must not skip line breaks. */
	const char *end = p->prev_end;
	if (end > start && (size_t)(end - start) < UINT32_MAX && !memchr(start, '\n', (size_t)(end - start)) &&
	    ends_type(p, end)) {
		unsigned k = p->ftnext++ & 7;
		p->ftcache[k].text = start;
		p->ftcache[k].len = (uint32_t)(end - start);
		p->ftcache[k].type = *out;
	}
	return ST_OK;
}

static st_status parse_function_type(st_parser *p, st_type **out) {
	st__vec in = {0}, res = {0};
	st_status s = parse_type_list_parens(p, &in);
	if (st_succeeded(s) && !expect(p, T_ARROW, "'->' in function type"))
		s = ST_FAIL;
	if (st_succeeded(s))
		s = parse_results(p, &res);
	if (st_succeeded(s)) {
		*out = st_function_type(p->ctx, in.n, (st_type *const *)in.data, res.n, (st_type *const *)res.data);
		if (!*out)
			s = ST_FAIL;
	}
	st__vec_free(p->ctx, &in);
	st__vec_free(p->ctx, &res);
	return s;
}

/* Dimension list `4x?x[8]x` before an element type, read character by
 * character because the lexer would take `4x8xf32` as one number and an
 * identifier.  `allow_scalable` for vectors, `allow_dynamic` for tensors
 * and memrefs.  Stops at the element type. */
static st_status parse_dims(st_parser *p, bool allow_dynamic, bool allow_scalable, int64_t *dims, bool *scalable,
                            size_t *rank, size_t cap) {
	const char *s = p->tok.start;
	size_t n = 0;
	for (;;) {
		const char *q = s;
		bool sc = false;
		if (allow_scalable && q < p->end && *q == '[') {
			sc = true;
			q++;
		}
		int64_t d;
		if (q < p->end && *q == '?') {
			if (!allow_dynamic) {
				p->tok.col += (uint32_t)(q - p->tok.start);
				return st__err_at(p, &p->tok, "expected static shape");
			}
			d = ST_DYNAMIC;
			q++;
		} else if (q < p->end && isdigit((unsigned char)*q)) {
			d = 0;
			while (q < p->end && isdigit((unsigned char)*q)) {
				if (d > (INT64_MAX - 9) / 10) {
					p->tok.col += (uint32_t)(s - p->tok.start);
					return st__err_at(p, &p->tok, "dimension too large");
				}
				d = d * 10 + (*q++ - '0');
			}
		} else {
			if (sc) {
				p->tok.col += (uint32_t)(q - p->tok.start);
				return st__err_at(p, &p->tok, "expected dimension size in scalable dimension");
			}
			break;
		}
		if (sc) {
			if (q >= p->end || *q != ']') {
				p->tok.col += (uint32_t)(q - p->tok.start);
				return st__err_at(p, &p->tok, "missing ']' closing scalable dimension");
			}
			q++;
		}
		if (q >= p->end || *q != 'x') {
			/* A number not followed by 'x' is not a dimension. */
			break;
		}
		if (n == cap) {
			return st__err_at(p, &p->tok, "too many dimensions (at most %zu)", cap);
		}
		dims[n] = d;
		scalable[n] = sc;
		n++;
		s = q + 1;
	}
	*rank = n;
	/* Re-lex from the element type. */
	p->tok.col += (uint32_t)(s - p->tok.start);
	uint32_t line = p->tok.line, col = p->tok.col;
	p->pos = s;
	st__lex(p);
	p->tok.line = line;
	p->tok.col = col;
	return ST_OK;
}

#define MAX_RANK 64

static st_status parse_shaped(st_parser *p, st_type_kind kind, st_type **out) {
	st__token kwtok = p->tok;
	st__lex(p);
	if (p->tok.kind != T_LESS)
		return st__err_at(p, &p->tok, "expected '<' in %.*s type", (int)kwtok.len, kwtok.start);
	st__lex(p);
	int64_t dims[MAX_RANK];
	bool scal[MAX_RANK];
	size_t rank = 0;
	bool unranked = false;
	if (kind != ST_TYPE_VECTOR && p->tok.kind == T_STAR) {
		const char *after = p->tok.start + 1;
		if (after < p->end && *after == 'x') {
			unranked = true;
			p->pos = after + 1;
			st__lex(p);
		} else {
			return st__err_at(p, &p->tok, "expected 'x' in unranked shape");
		}
	} else if (p->tok.kind == T_INT || p->tok.kind == T_QUESTION || p->tok.kind == T_LSQ) {
		if (st_failed(parse_dims(p, kind != ST_TYPE_VECTOR, kind == ST_TYPE_VECTOR, dims, scal, &rank, MAX_RANK)))
			return ST_FAIL;
	}
	st__token elt_tok = p->tok;
	st_type *elt;
	if (st_failed(st__parse_type(p, &elt)))
		return ST_FAIL;
	st_attr *a1 = NULL, *a2 = NULL;
	switch (kind) {
	case ST_TYPE_VECTOR:
		/* Rank 0 is fine (vector<f32>); every dimension must be positive. */
		for (size_t i = 0; i < rank; i++)
			if (dims[i] <= 0)
				return st__err_at(p, &kwtok, "vector types must have positive constant sizes");
		if (!st_type_is_integer(elt) && !st_type_is_float(elt) && !st_type_is_index(elt))
			return st__err_at(p, &elt_tok, "vector elements must be int/index/float type");
		if (!expect(p, T_GREATER, "'>' in vector type"))
			return ST_FAIL;
		*out = st_vector_type(p->ctx, rank, dims, scal, elt);
		break;
	case ST_TYPE_RANKED_TENSOR:
		if (accept(p, T_COMMA)) {
			if (unranked)
				return st__err_at(p, &p->tok, "cannot apply encoding to unranked tensor");
			if (st_failed(st__parse_attr(p, NULL, &a1)))
				return ST_FAIL;
		}
		if (!expect(p, T_GREATER, "'>' in tensor type"))
			return ST_FAIL;
		/* MLIR's TensorType::isValidElementType: of the builtin types
		 * only scalars, complex, vector and opaque types. */
		if (st_type_get_kind(elt) == ST_TYPE_FUNCTION || st_type_get_kind(elt) == ST_TYPE_NONE ||
		    st_type_get_kind(elt) == ST_TYPE_TUPLE ||
		    (st_type_is_shaped(elt) && st_type_get_kind(elt) != ST_TYPE_VECTOR))
			return st__err_at(p, &elt_tok, "invalid tensor element type");
		*out = unranked ? st_unranked_tensor_type(p->ctx, elt) : st_tensor_type(p->ctx, rank, dims, elt, a1);
		break;
	default: { /* memref */
		while (accept(p, T_COMMA)) {
			st__token at = p->tok;
			st_attr *a;
			if (st_failed(st__parse_attr(p, NULL, &a)))
				return ST_FAIL;
			if (!a1 && !a2 && !unranked && st_attr_is_strided_layout(a)) {
				if (st_strided_layout_rank(a) != rank)
					return st__err_at(p, &at, "expected the number of strides to match the rank");
				a1 = a;
			} else if (!a1 && !a2 && !unranked && st_attr_get_kind(a) == ST_ATTR_AFFINE_MAP) {
				const st_affine_map *m = st_attr_affine_map(a);
				if (st_affine_map_num_dims(m) != rank)
					return st__err_at(p, &at, "memref layout mismatch between rank and affine map: %zu != %u",
					                  rank, st_affine_map_num_dims(m));
				a1 = p->mlir14 ? st__strided_from_mlir14(p->ctx, a, rank) : a;
			} else if (!a2) {
				a2 = a;
			} else {
				return st__err_at(p, &at, "multiple memory spaces specified in memref type");
			}
		}
		if (!expect(p, T_GREATER, "'>' in memref type"))
			return ST_FAIL;
		/* MLIR's MemRefType::isValidElementType: an opaque type cannot
		 * say it may be a memref element, so it may not. */
		if (st_type_get_kind(elt) == ST_TYPE_FUNCTION || st_type_get_kind(elt) == ST_TYPE_NONE ||
		    st_type_get_kind(elt) == ST_TYPE_RANKED_TENSOR || st_type_get_kind(elt) == ST_TYPE_UNRANKED_TENSOR ||
		    st_type_get_kind(elt) == ST_TYPE_TUPLE || st_type_get_kind(elt) == ST_TYPE_OPAQUE)
			return st__err_at(p, &elt_tok, "invalid memref element type");
		*out = unranked ? st_unranked_memref_type(p->ctx, elt, a2)
		                : st_memref_type(p->ctx, rank, dims, elt, a1, a2);
		break;
	}
	}
	return *out ? ST_OK : ST_FAIL;
}

static st_status parse_int_type(st_parser *p, st_type **out) {
	const st__token t = p->tok;
	const char *s = t.start;
	st_signedness sg = ST_SIGNLESS;
	size_t k = 1;
	if (s[0] == 's')
		sg = ST_SIGNED, k = 2;
	else if (s[0] == 'u')
		sg = ST_UNSIGNED, k = 2;
	uint64_t w = 0;
	for (size_t i = k; i < t.len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return st__err_at(p, &t, "expected non-function type");
		w = w * 10 + (uint64_t)(s[i] - '0');
		if (w > ST_MAX_INT_WIDTH)
			return st__err_at(p, &t, "integer bitwidth is limited to %u bits", ST_MAX_INT_WIDTH);
	}
	st__lex(p);
	*out = st_integer_type(p->ctx, (unsigned)w, sg);
	return *out ? ST_OK : ST_FAIL;
}

/* The symbol data of an opaque dialect type or attribute, as MLIR keeps
 * it: `x<...>` of the pretty form !d.x<...>, and the text between the
 * brackets of the verbose form !d<...> (MLIR 14 wrote a string literal
 * there whose value is the data: with --mlir14 it is unescaped into
 * `*owned`, `*owned_size` bytes of context memory).  The current token is
 * the one after `t`. */
static st_status opaque_data(st_parser *p, const st__token *t, const char *dot, st_str *data, char **owned,
                             size_t *owned_size) {
	const char *name = t->start + 1;
	size_t nlen = t->len - 1;
	*owned = NULL;
	*owned_size = 0;
	*data = dot ? st_str_make(dot + 1, (size_t)(name + nlen - dot - 1)) : st_str_make(NULL, 0);
	if (p->tok.kind != T_LESS || p->tok.start != t->start + t->len)
		return ST_OK;
	st__token lt = p->tok;
	st_str inner;
	if (st_failed(balanced_body(p, &inner)))
		return ST_FAIL;
	if (dot) {
		*data = st_str_make(dot + 1, (size_t)(inner.data + inner.len + 1 - (dot + 1)));
		return ST_OK;
	}
	*data = inner;
	bool one_string = inner.len >= 2 && inner.data[0] == '"' && inner.data[inner.len - 1] == '"';
	for (size_t i = 1; one_string && i + 1 < inner.len; i++) {
		if (inner.data[i] == '\\')
			i++;
		else if (inner.data[i] == '"')
			one_string = false;
	}
	if (p->mlir14 && one_string) {
		st__token str = lt;
		str.kind = T_STRING;
		str.start = inner.data;
		str.len = (uint32_t)inner.len;
		size_t len;
		if (st_failed(st__unescape(p, &str, owned, &len)))
			return ST_FAIL;
		*owned_size = inner.len - 1;
		*data = st_str_make(*owned, len);
	}
	return ST_OK;
}

static st_status parse_dialect_type(st_parser *p, st_type **out) {
	st__token t = p->tok;
	void *alias = alias_lookup(p, &t);
	const char *name = t.start + 1;
	size_t nlen = t.len - 1;
	const char *dot = memchr(name, '.', nlen);
	if (!dot && p->pos < p->end && *p->pos == '<') {
		/* !dialect<"body"> */
	} else if (!dot) {
		if (alias) {
			st__lex(p);
			*out = alias;
			return ST_OK;
		}
		return st__err_at(p, &t, "undefined symbol alias id '%.*s'", (int)nlen, name);
	}
	size_t dlen = dot ? (size_t)(dot - name) : nlen;
	st_dialect *d = st_context_get_dialect(p->ctx, st_str_make(name, dlen));
	if (d && d->def->parse_type) {
		/* Re-lex from just after `!dialect.` so the hook sees the body. */
		p->pos = dot ? dot + 1 : name + dlen;
		st__lex(p);
		st_type *ty = d->def->parse_type(p, d);
		if (!ty)
			return p->failed ? ST_FAIL : st__err_at(p, &t, "invalid '%.*s' type", (int)dlen, name);
		*out = ty;
		return ST_OK;
	}
	if (!st_context_allows_unregistered(p->ctx) && d == NULL) {
		/* Unknown dialect types are kept opaque, like unregistered ops. */
	}
	/* Opaque: the identifier after the dot plus an optional <...> body. */
	st__lex(p);
	st_str body;
	char *full;
	size_t flen;
	if (st_failed(opaque_data(p, &t, dot, &body, &full, &flen)))
		return ST_FAIL;
	if (d && !d->def->parse_type) {
		st_ctx_free(p->ctx, full, flen);
		return st__err_at(p, &t, "dialect '%.*s' provides no type parsing hook", (int)dlen, name);
	}
	if (!d && !st_context_allows_unregistered(p->ctx)) {
		st_ctx_free(p->ctx, full, flen);
		return st__err_at(p, &t, "dialect '%.*s' is not registered (use --allow-unregistered-dialect)", (int)dlen,
		                  name);
	}
	*out = st_opaque_type(p->ctx, st_str_make(name, dlen), body);
	st_ctx_free(p->ctx, full, flen);
	return *out ? ST_OK : ST_FAIL;
}

st_status st__parse_type(st_parser *p, st_type **out) {
	if (p->depth > 256)
		return st__err_at(p, &p->tok, "type nesting too deep");
	st__token t = p->tok;
	st_status s = ST_OK;
	p->depth++;
	switch (t.kind) {
	case T_LPAREN:
		s = parse_function_type_cached(p, out);
		break;
	case T_BANG:
		s = parse_dialect_type(p, out);
		break;
	case T_BARE:
		if (t.start[0] == 'i' && t.len > 1 && isdigit((unsigned char)t.start[1])) {
			s = parse_int_type(p, out); /* the common case first */
		} else if (st__tok_is(&t, "index")) {
			st__lex(p);
			*out = st_index_type(p->ctx);
		} else if (st__tok_is(&t, "f16") || st__tok_is(&t, "bf16") || st__tok_is(&t, "f32") ||
		           st__tok_is(&t, "f64")) {
			st_type_kind k = t.start[0] == 'b' ? ST_TYPE_BF16
			                 : t.start[1] == '1' ? ST_TYPE_F16
			                 : t.start[1] == '3' ? ST_TYPE_F32
			                                     : ST_TYPE_F64;
			st__lex(p);
			*out = st_float_type(p->ctx, k);
		} else if (st__tok_is(&t, "none")) {
			st__lex(p);
			*out = st_none_type(p->ctx);
		} else if (st__tok_is(&t, "tuple")) {
			st__lex(p);
			st__vec v = {0};
			if (!expect(p, T_LESS, "'<' in tuple type")) {
				s = ST_FAIL;
				break;
			}
			if (p->tok.kind != T_GREATER) {
				do {
					st_type *e;
					if (st_failed(st__parse_type(p, &e)) || !st__vec_push(p->ctx, &v, e)) {
						s = ST_FAIL;
						break;
					}
				} while (accept(p, T_COMMA));
			}
			if (st_succeeded(s) && !expect(p, T_GREATER, "'>' in tuple type"))
				s = ST_FAIL;
			if (st_succeeded(s))
				*out = st_tuple_type(p->ctx, v.n, (st_type *const *)v.data);
			st__vec_free(p->ctx, &v);
		} else if (st__tok_is(&t, "vector")) {
			s = parse_shaped(p, ST_TYPE_VECTOR, out);
		} else if (st__tok_is(&t, "tensor")) {
			s = parse_shaped(p, ST_TYPE_RANKED_TENSOR, out);
		} else if (st__tok_is(&t, "memref")) {
			s = parse_shaped(p, ST_TYPE_MEMREF, out);
		} else if (st__tok_is(&t, "complex")) {
			st__lex(p);
			st_type *e;
			if (!expect(p, T_LESS, "'<' in complex type") || st_failed(st__parse_type(p, &e)) ||
			    !expect(p, T_GREATER, "'>' in complex type"))
				s = ST_FAIL;
			else if (!st_type_is_integer(e) && !st_type_is_float(e))
				s = st__err_at(p, &t, "invalid element type for complex");
			else
				*out = st_complex_type(p->ctx, e);
		} else if (st__starts_type(p)) {
			s = parse_int_type(p, out);
		} else {
			s = st__err_at(p, &t, "expected non-function type");
		}
		break;
	default:
		s = st__err_at(p, &t, "expected type");
		break;
	}
	p->depth--;
	if (st_succeeded(s) && !*out)
		s = ST_FAIL;
	return s;
}

/* ------------------------------------------------------------ attributes */

/* Parses the magnitude of an integer token (decimal or 0x hex) into
 * `nwords` 64-bit words.  Returns false when it needs more than `width`
 * bits. */
static bool parse_int_words(const char *s, size_t n, uint64_t *w, size_t nwords, unsigned width) {
	memset(w, 0, nwords * sizeof *w);
	bool hex = n > 2 && s[0] == '0' && s[1] == 'x';
	unsigned base = hex ? 16 : 10;
	/* Only the words reached so far take part in each step: a literal of
	 * an i16777215 otherwise cost one pass over 262144 words per digit. */
	size_t used = 0;
	for (size_t i = hex ? 2 : 0; i < n; i++) {
		unsigned dv = (unsigned)(isdigit((unsigned char)s[i]) ? s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10));
		unsigned __int128 carry = dv;
		for (size_t k = 0; k < used; k++) {
			unsigned __int128 v = (unsigned __int128)w[k] * base + carry;
			w[k] = (uint64_t)v;
			carry = v >> 64;
		}
		if (carry) {
			if (used == nwords)
				return false;
			w[used++] = (uint64_t)carry;
		}
	}
	for (size_t k = 0; k < used; k++) {
		uint64_t mask = k * 64 >= width ? 0 : (k + 1) * 64 <= width ? ~0ull : (1ull << (width - k * 64)) - 1;
		if (w[k] & ~mask)
			return false;
	}
	return true;
}

/* The bits of an integer literal of `width` bits, as MLIR's
 * buildAttributeAPInt reads them: the magnitude must fit in the width; a
 * negative literal must have its sign bit set once negated (so -0 is out of
 * range, as in MLIR); a positive one must have it clear for signed types and
 * index.  Signless types take both readings, so 255 : i8 is -1 : i8. */
static bool int_literal_bits(const char *s, size_t n, bool neg, unsigned width, bool is_signed, uint64_t *w,
                             size_t nwords) {
	if (!parse_int_words(s, n, w, nwords, width))
		return false;
	if (width == 0)
		return !neg;
	uint64_t sign = (w[(width - 1) / 64] >> ((width - 1) % 64)) & 1;
	if (neg) {
		uint64_t c = 1;
		for (size_t k = 0; k < nwords; k++) {
			uint64_t v = ~w[k] + c;
			c = (c && v == 0) ? 1 : 0;
			w[k] = v;
		}
		for (size_t k = 0; k < nwords; k++)
			if (k * 64 >= width)
				w[k] = 0;
			else if ((k + 1) * 64 > width)
				w[k] &= (1ull << (width - k * 64)) - 1;
		return (w[(width - 1) / 64] >> ((width - 1) % 64)) & 1;
	}
	return !(is_signed && sign);
}

/* Where an integer literal is read: MLIR words its errors differently for
 * attributes, dense elements and dense arrays. */
typedef enum int_site { INT_ATTR, INT_DENSE, INT_ARRAY } int_site;

static st_status make_int_attr(st_parser *p, const st__token *t, bool neg, st_type *type, int_site site,
                               st_attr **out) {
	unsigned width = st_type_is_integer(type) ? st_type_int_width(type) : 64;
	bool is_signed = !st_type_is_integer(type) || st_type_int_signedness(type) == ST_SIGNED;
	if (st_type_is_integer(type) && st_type_int_signedness(type) == ST_UNSIGNED && neg)
		return st__err_at(p, t, site == INT_DENSE ? "expected unsigned integer elements, but parsed negative value"
		                                          : "negative integer literal not valid for unsigned integer type");
	size_t nwords = width / 64 + 1;
	uint64_t small[8];
	uint64_t *w = nwords <= 8 ? small : st_ctx_alloc(p->ctx, nwords * sizeof *w);
	if (!w)
		return ST_FAIL;
	bool ok = int_literal_bits(t->start, t->len, neg, width, is_signed, w, nwords);
	if (ok)
		*out = st_integer_attr_words(p->ctx, type, nwords, w);
	if (w != small)
		st_ctx_free(p->ctx, w, nwords * sizeof *w);
	if (!ok)
		return st__err_at(p, t, "integer constant out of range%s",
		                  site == INT_ATTR ? " for attribute" : site == INT_DENSE ? " for type" : "");
	return *out ? ST_OK : ST_FAIL;
}

/* A float of `type` from an integer token: only a hex bit pattern is one;
 * MLIR rejects a decimal integer (it would read 1 as 1.0 silently). */
static st_status float_from_int_tok(st_parser *p, const st__token *t, bool neg, st_type *type, uint64_t *bits) {
	bool hex = t->len > 2 && t->start[0] == '0' && t->start[1] == 'x';
	if (!hex) {
		if (p->failed)
			return ST_FAIL;
		p->failed = true;
		st_attr *loc = st__tok_loc(p, t);
		st_diag *d = st_diag_create(p->ctx, ST_SEV_ERROR, loc,
		                            "unexpected decimal integer literal for a floating point value");
		if (d) {
			st_diag_note(d, loc, "add a trailing dot to make the literal a float");
			st_diag_emit(d);
		}
		return ST_FAIL;
	}
	if (neg)
		return st__err_at(p, t, "hexadecimal float literal should not have a leading minus");
	uint64_t w[2];
	if (!parse_int_words(t->start, t->len, w, 2, st_type_float_width(type)))
		return st__err_at(p, t, "hexadecimal float constant out of range for type");
	*bits = w[0];
	return ST_OK;
}

static st_status parse_float_tok(st_parser *p, const st__token *t, bool neg, double *out) {
	char buf[128];
	if (t->len >= sizeof buf)
		return st__err_at(p, t, "floating point literal too long");
	memcpy(buf, t->start, t->len);
	buf[t->len] = 0;
	errno = 0;
	double d = strtod(buf, NULL);
	*out = neg ? -d : d;
	return ST_OK;
}

/* A number literal followed by an optional `: type`. */
static st_status parse_number_attr(st_parser *p, st_type *hint, st_attr **out) {
	bool neg = false;
	st__token start = p->tok;
	if (p->tok.kind == T_MINUS) {
		neg = true;
		st__lex(p);
	}
	st__token t = p->tok;
	if (t.kind != T_INT && t.kind != T_FLOAT)
		return st__err_at(p, &t, "expected integer or floating point literal");
	st__lex(p);
	st_type *type = hint;
	if (accept(p, T_COLON)) {
		if (st_failed(st__parse_type(p, &type)))
			return ST_FAIL;
	}
	if (t.kind == T_FLOAT) {
		if (!type)
			type = st_float_type(p->ctx, ST_TYPE_F64);
		if (!st_type_is_float(type))
			return st__err_at(p, &start, "floating point value not valid for specified type");
		double d;
		if (st_failed(parse_float_tok(p, &t, neg, &d)))
			return ST_FAIL;
		*out = st_float_attr(p->ctx, type, d);
		return *out ? ST_OK : ST_FAIL;
	}
	if (!type)
		type = p->ctx->i64;
	if (st_type_is_float(type)) {
		uint64_t bits;
		if (st_failed(float_from_int_tok(p, &t, neg, type, &bits)))
			return ST_FAIL;
		*out = st_float_attr_bits(p->ctx, type, bits);
		return *out ? ST_OK : ST_FAIL;
	}
	if (!st_type_is_integer(type) && !st_type_is_index(type))
		return st__err_at(p, &start, "integer literal not valid for specified type");
	return make_int_attr(p, &t, neg, type, INT_ATTR, out);
}

static st_status parse_array_attr(st_parser *p, st_attr **out) {
	st__lex(p); /* [ */
	st__vec v = {0};
	st_status s = ST_OK;
	if (p->tok.kind != T_RSQ) {
		do {
			st_attr *a;
			if (st_failed(st__parse_attr(p, NULL, &a)) || !st__vec_push(p->ctx, &v, a)) {
				s = ST_FAIL;
				break;
			}
		} while (accept(p, T_COMMA));
	}
	if (st_succeeded(s) && !expect(p, T_RSQ, "']' in array attribute"))
		s = ST_FAIL;
	if (st_succeeded(s)) {
		*out = st_array_attr(p->ctx, v.n, (st_attr *const *)v.data);
		if (!*out)
			s = ST_FAIL;
	}
	st__vec_free(p->ctx, &v);
	return s;
}

st_status st__parse_dict(st_parser *p, st_attr **out) {
	if (!expect(p, T_LBRACE, "'{'"))
		return ST_FAIL;
	st__vec v = {0}; /* pairs: name ident, value */
	st_status s = ST_OK;
	if (p->tok.kind != T_RBRACE) {
		do {
			st__token nt = p->tok;
			st_ident *name = NULL;
			if (nt.kind == T_BARE) {
				name = st_ident_get(p->ctx, st_str_make(nt.start, nt.len));
			} else if (nt.kind == T_STRING) {
				char *str;
				size_t len;
				if (st_failed(st__unescape(p, &nt, &str, &len))) {
					s = ST_FAIL;
					break;
				}
				if (len == 0) {
					st_ctx_free(p->ctx, str, nt.len - 1);
					s = st__err_at(p, &nt, "expected valid attribute name");
					break;
				}
				name = st_ident_get(p->ctx, st_str_make(str, len));
				st_ctx_free(p->ctx, str, nt.len - 1);
			} else {
				s = st__err_at(p, &nt, "expected attribute name");
				break;
			}
			if (!name) {
				s = ST_FAIL;
				break;
			}
			st__lex(p);
			for (size_t i = 0; i < v.n; i += 2)
				if (v.data[i] == name) {
					s = st__err_at(p, &nt, "duplicate key '%s' in dictionary attribute", st_ident_cstr(name));
					break;
				}
			if (st_failed(s))
				break;
			st_attr *val = p->ctx->unit;
			if (accept(p, T_EQUAL) && st_failed(st__parse_attr(p, NULL, &val))) {
				s = ST_FAIL;
				break;
			}
			if (!st__vec_push(p->ctx, &v, name) || !st__vec_push(p->ctx, &v, val)) {
				s = ST_FAIL;
				break;
			}
		} while (accept(p, T_COMMA));
	}
	if (st_succeeded(s) && !expect(p, T_RBRACE, "'}' in attribute dictionary"))
		s = ST_FAIL;
	if (st_succeeded(s)) {
		size_t n = v.n / 2;
		st_named_attr *e = st_ctx_alloc(p->ctx, (n ? n : 1) * sizeof *e);
		if (!e) {
			s = ST_FAIL;
		} else {
			for (size_t i = 0; i < n; i++)
				e[i] = (st_named_attr){v.data[2 * i], v.data[2 * i + 1]};
			*out = st_dict_attr(p->ctx, n, e);
			st_ctx_free(p->ctx, e, (n ? n : 1) * sizeof *e);
			if (!*out)
				s = ST_FAIL;
		}
	}
	st__vec_free(p->ctx, &v);
	return s;
}

static st_status parse_symref(st_parser *p, st_attr **out) {
	st_status s = ST_OK;
	char *bufs[17] = {0};
	size_t lens[17] = {0}, sizes[17] = {0};
	st_str parts[17];
	size_t n = 0;
	for (;;) {
		st__token t = p->tok;
		if (t.kind != T_AT) {
			s = st__err_at(p, &t, "expected symbol reference");
			break;
		}
		if (n == 17) {
			s = st__err_at(p, &t, "symbol reference nested too deeply (at most 16 levels)");
			break;
		}
		if (t.start[1] == '"') {
			st__token inner = t;
			inner.start++;
			inner.len--;
			if (st_failed(st__unescape(p, &inner, &bufs[n], &lens[n]))) {
				s = ST_FAIL;
				break;
			}
			sizes[n] = inner.len - 1; /* what st__unescape allocated */
			parts[n] = st_str_make(bufs[n], lens[n]);
		} else {
			parts[n] = st_str_make(t.start + 1, t.len - 1);
		}
		n++;
		st__lex(p);
		if (!accept(p, T_COLONCOLON))
			break;
	}
	if (st_succeeded(s)) {
		*out = st_symbol_ref_attr(p->ctx, parts[0], n - 1, parts + 1);
		if (!*out)
			s = ST_FAIL;
	}
	for (size_t i = 0; i < 17; i++)
		if (bufs[i])
			st_ctx_free(p->ctx, bufs[i], sizes[i]);
	return s;
}

/* affine_map<...> and affine_set<...>: the affine parser reads the body
 * (it contains `->` and `>=`, so no bracket scan can find its end). */
static st_status parse_affine_body(st_parser *p, bool is_set, st_attr **out) {
	st__lex(p);
	if (p->tok.kind != T_LESS)
		return st__err_at(p, &p->tok, "expected '<'");
	st__token lt = p->tok;
	const char *body = lt.start + 1;
	st_str text = st_str_make(body, (size_t)(p->end - body));
	size_t off = 0, used = 0;
	char msg[256] = "";
	st_status s;
	if (is_set) {
		const st_integer_set *set;
		s = st_integer_set_parse_prefix(p->ctx, text, &set, &used, &off, msg, sizeof msg);
		if (st_succeeded(s))
			*out = st_integer_set_attr(p->ctx, set);
	} else {
		const st_affine_map *m;
		s = st_affine_map_parse_prefix(p->ctx, text, &m, &used, &off, msg, sizeof msg);
		if (st_succeeded(s))
			*out = st_affine_map_attr(p->ctx, m);
	}
	const char *stop = body + (st_succeeded(s) ? used : (off <= text.len ? off : text.len));
	/* Keep line tracking right across a multi-line body. */
	uint32_t line = lt.line, col = lt.col + 1;
	const char *ls = p->line_start;
	for (const char *c = body; c < stop; c++) {
		if (*c == '\n')
			line++, col = 1, ls = c + 1;
		else
			col++;
	}
	if (st_failed(s)) {
		st__token at = lt;
		at.line = line;
		at.col = col;
		return st__err_at(p, &at, "%s", msg[0] ? msg : "invalid affine expression");
	}
	p->line = line;
	p->line_start = ls;
	p->pos = stop;
	st__lex(p);
	if (p->tok.kind != T_GREATER)
		return st__err_at(p, &p->tok, "expected '>' to close %s", is_set ? "affine_set" : "affine_map");
	st__lex(p);
	return *out ? ST_OK : ST_FAIL;
}

/* dense<...>: a splat literal or nested lists matching the shape. */
typedef struct dense_acc {
	int64_t *iv;
	double *fv;
	size_t n, cap;
	bool is_float;
	bool is_complex;
	bool is_array; /* array<...>, not dense<...> */
	int64_t shape[MAX_RANK];
	size_t rank;
	bool shape_set;
} dense_acc;

static bool dense_push(st_parser *p, dense_acc *d, int64_t i, double f) {
	if (d->n == d->cap) {
		size_t nc = d->cap ? d->cap * 2 : 16;
		void *np = st_ctx_realloc(p->ctx, d->is_float ? (void *)d->fv : (void *)d->iv, d->cap * 8, nc * 8);
		if (!np)
			return false;
		if (d->is_float)
			d->fv = np;
		else
			d->iv = np;
		d->cap = nc;
	}
	if (d->is_float)
		d->fv[d->n++] = f;
	else
		d->iv[d->n++] = i;
	return true;
}

uint64_t st__float_to_bits(st_type_kind kind, double v);
double st__float_from_bits(st_type_kind kind, uint64_t bits);

/* One number of a dense literal, already lexed into `v` (after an optional
 * minus): `scalar` is the element type, or the part type of a complex. */
static st_status dense_number(st_parser *p, dense_acc *d, st_type *scalar, bool neg, const st__token *v) {
	if (d->is_float) {
		double f;
		if (v->kind == T_INT) {
			/* A decimal integer is no float element; dense arrays say so
			 * the way MLIR's float attributes do. */
			bool hex = v->len > 2 && v->start[1] == 'x';
			if (!hex && !d->is_array)
				return st__err_at(p, v, "expected floating-point elements, but parsed integer");
			uint64_t bits;
			if (st_failed(float_from_int_tok(p, v, neg, scalar, &bits)))
				return ST_FAIL;
			st_attr *fa = st_float_attr_bits(p->ctx, scalar, bits);
			if (!fa)
				return ST_FAIL;
			f = st_attr_float_value(fa);
		} else if (st_failed(parse_float_tok(p, v, neg, &f))) {
			return ST_FAIL;
		} else {
			/* Rounded to the element type now, so that 0.1 and
			 * 0.100000001 make one f32 attribute and splat. */
			st_type_kind k = st_type_get_kind(scalar);
			f = st__float_from_bits(k, st__float_to_bits(k, f));
		}
		return dense_push(p, d, 0, f) ? ST_OK : ST_FAIL;
	}
	if (v->kind == T_FLOAT)
		return st__err_at(p, v, "expected integer elements, but parsed floating-point");
	if (st_type_is_integer(scalar) && st_type_int_width(scalar) > 64)
		return st__err_at(p, v, "dense elements wider than 64 bits are not supported");
	st_attr *ia;
	if (st_failed(make_int_attr(p, v, neg, scalar, d->is_array ? INT_ARRAY : INT_DENSE, &ia)))
		return ST_FAIL;
	return dense_push(p, d, st_attr_int_value(ia), 0) ? ST_OK : ST_FAIL;
}

/* One element; `elt` is the element type, or the part type of complex
 * elements. */
static st_status dense_scalar(st_parser *p, dense_acc *d, st_type *elt) {
	st__token t = p->tok;
	if (d->is_complex) {
		/* (re, im) */
		if (!expect(p, T_LPAREN, "'(' for complex element"))
			return ST_FAIL;
		for (int k = 0; k < 2; k++) {
			if (k && !expect(p, T_COMMA, "','"))
				return ST_FAIL;
			bool neg = accept(p, T_MINUS);
			st__token v = p->tok;
			if (v.kind != T_INT && v.kind != T_FLOAT)
				return st__err_at(p, &v, "expected element literal of primitive type");
			st__lex(p);
			if (st_failed(dense_number(p, d, elt, neg, &v)))
				return ST_FAIL;
		}
		return expect(p, T_RPAREN, "')'") ? ST_OK : ST_FAIL;
	}
	if (t.kind == T_BARE && (st__tok_is(&t, "true") || st__tok_is(&t, "false"))) {
		if (!st_type_is_signless_integer(elt, 1))
			return st__err_at(p, &t, "expected i1 type for 'true' or 'false' values");
		st__lex(p);
		return dense_push(p, d, t.start[0] == 't', 0) ? ST_OK : ST_FAIL;
	}
	bool neg = accept(p, T_MINUS);
	st__token v = p->tok;
	if (v.kind != T_INT && v.kind != T_FLOAT)
		return st__err_at(p, &v, "expected element literal of primitive type");
	st__lex(p);
	return dense_number(p, d, elt, neg, &v);
}

static st_status dense_list(st_parser *p, dense_acc *d, st_type *elt, size_t dim, int64_t *shape, size_t *rank) {
	if (p->tok.kind != T_LSQ) {
		*rank = dim;
		return dense_scalar(p, d, elt);
	}
	if (dim >= MAX_RANK)
		return st__err_at(p, &p->tok, "dense literal nested too deeply");
	st__lex(p);
	int64_t count = 0;
	size_t sub_rank = dim + 1;
	bool first = true;
	if (p->tok.kind != T_RSQ) {
		do {
			size_t r;
			if (st_failed(dense_list(p, d, elt, dim + 1, shape, &r)))
				return ST_FAIL;
			if (!first && r != sub_rank)
				return st__err_at(p, &p->tok, "tensor literal is invalid; ranks are not consistent between elements");
			sub_rank = r;
			first = false;
			count++;
		} while (accept(p, T_COMMA));
	}
	if (!expect(p, T_RSQ, "']'"))
		return ST_FAIL;
	*rank = first ? dim + 1 : sub_rank;
	if (shape[dim] == -1)
		shape[dim] = count;
	else if (shape[dim] != count)
		return st__err_at(p, &p->tok, "tensor literal is invalid; ranks are not consistent between elements");
	return ST_OK;
}

/* "2, 3" for a shape, cut short (with "...") when it does not fit. */
static void dims_str(char *buf, size_t cap, const int64_t *dims, size_t rank) {
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; i < rank; i++) {
		int k = snprintf(buf + n, cap - n, "%s%lld", i ? ", " : "", (long long)dims[i]);
		if (k < 0 || (size_t)k >= cap - n) {
			snprintf(buf + (cap > 4 ? cap - 4 : 0), cap > 4 ? 4 : cap, "...");
			return;
		}
		n += (size_t)k;
	}
}

/* `hint` (may be NULL): the type of a literal written without `: type`,
 * where the context gives it (memref.global's initial value). */
static st_status parse_dense(st_parser *p, st_type *hint, st_attr **out) {
	st__token kw = p->tok;
	st__lex(p);
	if (!expect(p, T_LESS, "'<' after 'dense'"))
		return ST_FAIL;
	/* The element type is only known after the literal: collect the
	 * literal's tokens by re-parsing once the type is known. */
	const char *lit_pos = p->tok.start;
	uint32_t lit_line = p->tok.line;
	const char *lit_line_start = p->line_start;
	int depth = 0;
	bool is_hex_string = p->tok.kind == T_STRING;
	while (!(depth == 0 && p->tok.kind == T_GREATER)) {
		if (p->tok.kind == T_EOF || p->tok.kind == T_ERROR)
			return st__err_at(p, &p->tok, "expected '>' to close dense literal");
		if (p->tok.kind == T_LSQ || p->tok.kind == T_LPAREN)
			depth++;
		if (p->tok.kind == T_RSQ || p->tok.kind == T_RPAREN)
			depth--;
		st__lex(p);
	}
	st__lex(p);
	st__token colon = p->tok;
	st__token tt = p->tok;
	st_type *type = hint;
	bool shaped_hint = hint && (st_type_get_kind(hint) == ST_TYPE_VECTOR || st_type_get_kind(hint) == ST_TYPE_RANKED_TENSOR);
	if (!shaped_hint || p->tok.kind == T_COLON) {
		if (!expect(p, T_COLON, "':' after dense literal"))
			return ST_FAIL;
		tt = p->tok;
		if (st_failed(st__parse_type(p, &type)))
			return ST_FAIL;
	}
	st_type_kind tk = st_type_get_kind(type);
	if (tk != ST_TYPE_VECTOR && tk != ST_TYPE_RANKED_TENSOR)
		return st__err_at(p, &tt, "elements literal must be a ranked tensor or vector type");
	int64_t nelts = st_type_num_elements_static(type);
	if (nelts < 0)
		return st__err_at(p, &tt, "elements literal type must have static shape");
	st_type *elt = st_type_element(type);
	bool is_complex = st_type_get_kind(elt) == ST_TYPE_COMPLEX;
	st_type *scalar = is_complex ? st_type_element(elt) : elt;
	if (!st_type_is_integer(scalar) && !st_type_is_float(scalar) && !st_type_is_index(scalar))
		return st__err_at(p, &tt, "dense elements of type '%s' are not supported",
		                  st_type_get_kind(scalar) == ST_TYPE_NONE ? "none" : "this kind");
	/* Save where we are, re-parse the literal. */
	st__token after = p->tok;
	const char *after_pos = p->pos;
	uint32_t after_line = p->line;
	const char *after_ls = p->line_start;
	p->pos = lit_pos;
	p->line = lit_line;
	p->line_start = lit_line_start;
	st__lex(p);
	dense_acc d;
	memset(&d, 0, sizeof d);
	d.is_float = st_type_is_float(scalar);
	d.is_complex = is_complex;
	int64_t shape[MAX_RANK];
	for (int i = 0; i < MAX_RANK; i++)
		shape[i] = -1;
	size_t rank = 0;
	st_status s = ST_OK;
	if (is_hex_string) {
		/* dense<"0x..."> : raw little-endian element bytes */
		st__token t = p->tok;
		if (t.len < 4 || t.start[1] != '0' || t.start[2] != 'x') {
			s = st__err_at(p, &t, "expected hex string in dense literal");
		} else {
			size_t nhex = t.len - 4;
			unsigned bits = st_type_is_index(scalar) ? 64
			                : st_type_is_integer(scalar) ? st_type_int_width(scalar)
			                                             : st_type_float_width(scalar);
			size_t eb = bits <= 8 ? 1 : (bits + 7) / 8;
			size_t nbytes = nhex / 2;
			if (is_complex)
				eb *= 2;
			if (nhex % 2 || eb > 8 * (is_complex ? 2u : 1u) || (nbytes != eb * (size_t)nelts && nbytes != eb))
				s = st__err_at(p, &t, "elements hex data size is invalid for provided type");
			for (size_t e = 0; st_succeeded(s) && e < nbytes / eb * (is_complex ? 2 : 1); e++) {
				size_t sb = is_complex ? eb / 2 : eb;
				uint64_t v = 0;
				for (size_t b = 0; b < sb; b++) {
					const char *h = t.start + 3 + 2 * (e * sb + b);
					int hi = isdigit((unsigned char)h[0]) ? h[0] - '0' : tolower((unsigned char)h[0]) - 'a' + 10;
					int lo = isdigit((unsigned char)h[1]) ? h[1] - '0' : tolower((unsigned char)h[1]) - 'a' + 10;
					if (hi < 0 || hi > 15 || lo < 0 || lo > 15) {
						s = st__err_at(p, &t, "invalid hex digit in dense literal");
						break;
					}
					v |= (uint64_t)(hi * 16 + lo) << (8 * b);
				}
				if (st_failed(s))
					break;
				if (d.is_float) {
					st_attr *fa = st_float_attr_bits(p->ctx, scalar, v);
					if (!fa || !dense_push(p, &d, 0, st_attr_float_value(fa)))
						s = ST_FAIL;
				} else {
					int64_t iv = (int64_t)v;
					/* Stored as the literal form reads: unsigned
					 * elements zero-extended, others sign-extended. */
					bool is_unsigned = st_type_is_integer(scalar) &&
					                   st_type_int_signedness(scalar) == ST_UNSIGNED;
					if (bits < 64 && bits > 1 && !is_unsigned && (v >> (bits - 1)) & 1)
						iv = (int64_t)(v | (~0ull << bits));
					if (!dense_push(p, &d, iv, 0))
						s = ST_FAIL;
				}
			}
			if (st_succeeded(s))
				st__lex(p);
		}
	} else if (p->tok.kind == T_GREATER) {
		/* dense<> : tensor<0xi32> */
		rank = st_type_rank(type);
		for (size_t i = 0; i < rank; i++)
			shape[i] = st_type_dim(type, i);
		if (nelts != 0)
			s = st__err_at(p, &kw, "expected %lld elements for dense literal, got 0", (long long)nelts);
	} else {
		s = dense_list(p, &d, scalar, 0, shape, &rank);
	}
	if (st_succeeded(s) && !is_hex_string && p->tok.kind != T_GREATER)
		s = st__err_at(p, &p->tok, "expected '>' to close dense literal");
	/* Check the literal's shape. */
	size_t per = is_complex ? 2 : 1;
	if (st_succeeded(s) && !is_hex_string && !(rank == 0 && d.n == per)) {
		bool ok = rank == st_type_rank(type);
		for (size_t i = 0; ok && i < rank; i++)
			ok = shape[i] == st_type_dim(type, i);
		if (!ok && !(rank == 0 && nelts == 0)) {
			/* MLIR's message shows both shapes, at the colon. */
			char lit[128], ty[128];
			dims_str(lit, sizeof lit, shape, rank);
			dims_str(ty, sizeof ty, st_type_shape(type), st_type_rank(type));
			s = st__err_at(p, &colon, "inferred shape of elements literal ([%s]) does not match type ([%s])", lit,
			               ty);
		}
	}
	if (st_succeeded(s)) {
		if (d.is_float)
			*out = st_dense_float_elements_attr(p->ctx, type, d.n, d.fv);
		else
			*out = st_dense_int_elements_attr(p->ctx, type, d.n, d.iv);
		if (!*out)
			s = ST_FAIL;
	}
	st_ctx_free(p->ctx, d.is_float ? (void *)d.fv : (void *)d.iv, d.cap * 8);
	if (st_failed(s))
		return ST_FAIL;
	p->pos = after_pos;
	p->line = after_line;
	p->line_start = after_ls;
	p->tok = after;
	return ST_OK;
}

/* array<i32: 1, 2, 3> */
static st_status parse_dense_array(st_parser *p, st_attr **out) {
	st__lex(p);
	if (!expect(p, T_LESS, "'<' after 'array'"))
		return ST_FAIL;
	st__token tt = p->tok;
	st_type *elt;
	if (st_failed(st__parse_type(p, &elt)))
		return ST_FAIL;
	bool is_float = st_type_is_float(elt);
	if (!is_float && !(st_type_is_signless_integer(elt, 0) && st_type_int_width(elt) <= 64 &&
	                   (st_type_int_width(elt) == 1 || st_type_int_width(elt) % 8 == 0)))
		return st__err_at(p, &tt, "expected integer or float type, got: unsupported element type");
	dense_acc d;
	memset(&d, 0, sizeof d);
	d.is_float = is_float;
	d.is_array = true;
	st_status s = ST_OK;
	/* array<i32> is empty; after a colon at least one value follows. */
	bool more = p->tok.kind != T_GREATER;
	if (more && !expect(p, T_COLON, "':' after dense array type"))
		s = ST_FAIL;
	while (st_succeeded(s) && more) {
		s = dense_scalar(p, &d, elt);
		more = accept(p, T_COMMA);
	}
	if (st_succeeded(s) && !expect(p, T_GREATER, "'>' to close an array attribute"))
		s = ST_FAIL;
	if (st_succeeded(s)) {
		*out = is_float ? st_dense_float_array_attr(p->ctx, elt, d.n, d.fv)
		                : st_dense_int_array_attr(p->ctx, elt, d.n, d.iv);
		if (!*out)
			s = ST_FAIL;
	}
	st_ctx_free(p->ctx, d.is_float ? (void *)d.fv : (void *)d.iv, d.cap * 8);
	return s;
}

static st_status parse_hash_attr(st_parser *p, st_type *hint, st_attr **out) {
	st__token t = p->tok;
	const char *name = t.start + 1;
	size_t nlen = t.len - 1;
	const char *dot = memchr(name, '.', nlen);
	bool body_follows = p->pos < p->end && *p->pos == '<';
	if (!dot && !body_follows) {
		void *alias = alias_lookup(p, &t);
		if (!alias)
			return st__err_at(p, &t, "undefined symbol alias id '%.*s'", (int)nlen, name);
		st__lex(p);
		*out = alias;
		return ST_OK;
	}
	size_t dlen = dot ? (size_t)(dot - name) : nlen;
	st_dialect *d = st_context_get_dialect(p->ctx, st_str_make(name, dlen));
	if (d && d->def->parse_attr) {
		p->pos = dot ? dot + 1 : name + dlen;
		st__lex(p);
		st_attr *a = d->def->parse_attr(p, d, hint);
		if (!a)
			return p->failed ? ST_FAIL : st__err_at(p, &t, "invalid '%.*s' attribute", (int)dlen, name);
		*out = a;
		return ST_OK;
	}
	if (d)
		return st__err_at(p, &t, "dialect '%.*s' provides no attribute parsing hook", (int)dlen, name);
	if (!st_context_allows_unregistered(p->ctx))
		return st__err_at(p, &t, "dialect '%.*s' is not registered (use --allow-unregistered-dialect)", (int)dlen,
		                  name);
	st__lex(p);
	st_str body;
	char *full;
	size_t flen;
	if (st_failed(opaque_data(p, &t, dot, &body, &full, &flen)))
		return ST_FAIL;
	st_type *type = NULL;
	st_status s = ST_OK;
	if (accept(p, T_COLON))
		s = st__parse_type(p, &type);
	if (st_succeeded(s)) {
		*out = st_opaque_attr(p->ctx, st_str_make(name, dlen), body, type);
		if (!*out)
			s = ST_FAIL;
	}
	st_ctx_free(p->ctx, full, flen);
	return s;
}

st_status st__parse_attr(st_parser *p, st_type *hint, st_attr **out) {
	if (p->depth > 256)
		return st__err_at(p, &p->tok, "attribute nesting too deep");
	p->depth++;
	st__token t = p->tok;
	st_status s = ST_OK;
	*out = NULL;
	switch (t.kind) {
	case T_INT:
	case T_FLOAT:
	case T_MINUS:
		s = parse_number_attr(p, hint, out);
		break;
	case T_STRING: {
		char *str;
		size_t len;
		if (st_failed(st__unescape(p, &t, &str, &len))) {
			s = ST_FAIL;
			break;
		}
		st__lex(p);
		st_type *type = NULL;
		if (accept(p, T_COLON))
			s = st__parse_type(p, &type);
		if (st_succeeded(s))
			*out = st_typed_string_attr(p->ctx, st_str_make(str, len), type);
		st_ctx_free(p->ctx, str, t.len - 1);
		break;
	}
	case T_LSQ:
		s = parse_array_attr(p, out);
		break;
	case T_LBRACE:
		s = st__parse_dict(p, out);
		break;
	case T_AT:
		s = parse_symref(p, out);
		break;
	case T_HASH:
		s = parse_hash_attr(p, hint, out);
		break;
	case T_BARE:
		if (st__tok_is(&t, "true") || st__tok_is(&t, "false")) {
			st__lex(p);
			*out = st_bool_attr(p->ctx, t.start[0] == 't');
		} else if (st__tok_is(&t, "unit")) {
			st__lex(p);
			*out = p->ctx->unit;
		} else if (st__tok_is(&t, "affine_map")) {
			s = parse_affine_body(p, false, out);
		} else if (st__tok_is(&t, "affine_set")) {
			s = parse_affine_body(p, true, out);
		} else if (st__tok_is(&t, "dense")) {
			s = parse_dense(p, hint, out);
		} else if (st__tok_is(&t, "array")) {
			s = parse_dense_array(p, out);
		} else if (st__tok_is(&t, "strided")) {
			st__lex(p);
			s = st__parse_strided_body(p, out);
		} else if (st__tok_is(&t, "loc")) {
			st__lex(p);
			if (!expect(p, T_LPAREN, "'(' in inline location"))
				s = ST_FAIL;
			else if (st_succeeded(s = st__parse_loc_body(p, out)) && !expect(p, T_RPAREN, "')' in inline location"))
				s = ST_FAIL;
		} else if (st__starts_type(p)) {
			st_type *ty;
			s = st__parse_type(p, &ty);
			if (st_succeeded(s))
				*out = st_type_attr(p->ctx, ty);
		} else {
			s = st__err_at(p, &t, "expected attribute value");
		}
		break;
	case T_BANG:
	case T_LPAREN: {
		st_type *ty;
		s = st__parse_type(p, &ty);
		if (st_succeeded(s))
			*out = st_type_attr(p->ctx, ty);
		break;
	}
	default:
		s = t.kind == T_ERROR ? ST_FAIL : st__err_at(p, &t, "expected attribute value");
		if (t.kind == T_ERROR)
			p->failed = true;
		break;
	}
	p->depth--;
	if (st_succeeded(s) && !*out)
		s = ST_FAIL;
	return s;
}

/* ------------------------------------------------------------- locations */

static st_status parse_loc_list(st_parser *p, st__vec *v) {
	if (!expect(p, T_LSQ, "'[' in fused location"))
		return ST_FAIL;
	if (p->tok.kind != T_RSQ) {
		do {
			st_attr *l;
			if (st_failed(st__parse_loc_body(p, &l)) || !st__vec_push(p->ctx, v, l))
				return ST_FAIL;
		} while (accept(p, T_COMMA));
	}
	return expect(p, T_RSQ, "']' in fused location") ? ST_OK : ST_FAIL;
}

static st_status parse_uint(st_parser *p, unsigned *out, const char *what) {
	st__token t = p->tok;
	if (t.kind != T_INT)
		return st__err_at(p, &t, "expected integer %s number in FileLineColLoc", what);
	uint64_t v = 0;
	for (uint32_t i = 0; i < t.len; i++) {
		if (!isdigit((unsigned char)t.start[i]) || (v = v * 10 + (uint64_t)(t.start[i] - '0')) > UINT32_MAX)
			return st__err_at(p, &t, "expected integer %s number in FileLineColLoc", what);
	}
	st__lex(p);
	*out = (unsigned)v;
	return ST_OK;
}

st_status st__parse_loc_body(st_parser *p, st_attr **out) {
	if (p->depth > 256)
		return st__err_at(p, &p->tok, "location nesting too deep");
	st__token t = p->tok;
	st_status s = ST_OK;
	p->depth++;
	if (t.kind == T_HASH) {
		void *a = alias_lookup(p, &t);
		if (!a)
			a = st__defer_loc_alias(p, &t); /* may be defined further down */
		if (!a || !st_attr_is_loc(a))
			s = st__err_at(p, &t, "expected location, but found '%.*s'", (int)t.len, t.start);
		else {
			st__lex(p);
			*out = a;
		}
	} else if (st__tok_is(&t, "unknown")) {
		st__lex(p);
		*out = p->ctx->unknown_loc;
	} else if (st__tok_is(&t, "callsite")) {
		st__lex(p);
		st_attr *callee, *caller;
		if (!expect(p, T_LPAREN, "'(' in callsite location") || st_failed(st__parse_loc_body(p, &callee)))
			s = ST_FAIL;
		else if (!st__tok_is(&p->tok, "at"))
			s = st__err_at(p, &p->tok, "expected 'at' in callsite location");
		else {
			st__lex(p);
			if (st_failed(st__parse_loc_body(p, &caller)) || !expect(p, T_RPAREN, "')' in callsite location"))
				s = ST_FAIL;
			else
				*out = st_loc_callsite(p->ctx, callee, caller);
		}
	} else if (st__tok_is(&t, "fused")) {
		st__lex(p);
		st_attr *meta = NULL;
		if (accept(p, T_LESS)) {
			if (st_failed(st__parse_attr(p, NULL, &meta)) || !expect(p, T_GREATER, "'>' after fused location metadata"))
				s = ST_FAIL;
		}
		st__vec v = {0};
		if (st_succeeded(s) && st_succeeded(s = parse_loc_list(p, &v)))
			*out = st_loc_fused(p->ctx, v.n, (st_attr *const *)v.data, meta);
		st__vec_free(p->ctx, &v);
	} else if (t.kind == T_STRING) {
		char *str;
		size_t len;
		if (st_failed(st__unescape(p, &t, &str, &len))) {
			s = ST_FAIL;
		} else {
			st__lex(p);
			st_str name = st_str_make(str, len);
			if (accept(p, T_COLON)) {
				unsigned line, col, eline = 0, ecol = 0;
				if (st_failed(parse_uint(p, &line, "line")) || !expect(p, T_COLON, "':' in FileLineColLoc") ||
				    st_failed(parse_uint(p, &col, "column")))
					s = ST_FAIL;
				else if (st__tok_is(&p->tok, "to")) {
					st__lex(p);
					if (p->tok.kind == T_COLON) {
						st__lex(p);
						eline = line;
						s = parse_uint(p, &ecol, "column");
					} else if (st_succeeded(s = parse_uint(p, &eline, "line"))) {
						if (!expect(p, T_COLON, "':' in FileLineColRange"))
							s = ST_FAIL;
						else
							s = parse_uint(p, &ecol, "column");
					}
				}
				if (st_succeeded(s))
					*out = eline ? st_loc_file_range(p->ctx, name, line, col, eline, ecol)
					             : st_loc_file(p->ctx, name, line, col);
			} else {
				st_attr *child = NULL;
				if (accept(p, T_LPAREN)) {
					if (st_failed(st__parse_loc_body(p, &child)) || !expect(p, T_RPAREN, "')' after child location of NameLoc"))
						s = ST_FAIL;
				}
				if (st_succeeded(s))
					*out = st_loc_name(p->ctx, name, child);
			}
			st_ctx_free(p->ctx, str, t.len - 1);
		}
	} else {
		s = st__err_at(p, &t, "expected location instance");
	}
	p->depth--;
	if (st_succeeded(s) && !*out)
		s = ST_FAIL;
	return s;
}

/* ---------------------------------------------------------------- aliases */

st_status st__parse_alias_def(st_parser *p) {
	st__token t = p->tok;
	bool is_type = t.kind == T_BANG;
	const char *name = t.start + 1;
	if (memchr(name, '.', t.len - 1))
		return st__err_at(p, &t, "expected alias name without a '.'");
	st_ident *id = st_ident_get(p->ctx, st_str_make(t.start, t.len));
	if (!id)
		return ST_FAIL;
	for (size_t i = 0; i < p->naliases; i++)
		if (p->aliases[i].name == id)
			return st__err_at(p, &t, "redefinition of %s alias id '%.*s'", is_type ? "type" : "attribute",
			                  (int)t.len - 1, name);
	st__lex(p);
	if (!expect(p, T_EQUAL, "'=' in alias definition"))
		return ST_FAIL;
	void *val;
	/* MLIR 14 spelled a type alias `!name = type <type>`. */
	if (is_type && p->mlir14 && st__tok_is(&p->tok, "type"))
		st__lex(p);
	if (is_type) {
		st_type *ty;
		if (st_failed(st__parse_type(p, &ty)))
			return ST_FAIL;
		val = ty;
	} else {
		st_attr *a;
		if (st_failed(st__parse_attr(p, NULL, &a)))
			return ST_FAIL;
		val = a;
	}
	if (p->naliases == p->alias_cap) {
		size_t nc = p->alias_cap ? p->alias_cap * 2 : 8;
		st__alias *na = st_ctx_realloc(p->ctx, p->aliases, p->alias_cap * sizeof *na, nc * sizeof *na);
		if (!na)
			return ST_FAIL;
		p->aliases = na;
		p->alias_cap = nc;
	}
	p->aliases[p->naliases++] = (st__alias){id, val};
	return ST_OK;
}
