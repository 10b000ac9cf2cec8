/* Affine expressions, maps and integer sets: construction (with MLIR's
 * simplifications), evaluation, replacement and composition.
 *
 * Every object is uniqued in the context, so the simplifications must be
 * deterministic functions of their operands: the same operands always give
 * the same pointer, which is what makes pointer equality value equality.
 * The rules and their order follow MLIR's AffineExpr operator overloads
 * (simplifyAdd, simplifyMul, ...), because printed maps must agree with
 * mlir-opt's byte for byte.
 *
 * st__hdr.aux of an expression caches two facts derived from its operands
 * (so they take part in uniquing harmlessly): the tree depth and whether a
 * dimension occurs in it.  Both are asked for on every construction, and
 * recomputing them would make building a long sum quadratic.
 */
#include "internal.h"

#include <stdlib.h>

#define AUX_HAS_DIM 0x80000000u
#define AUX_DEPTH_MASK 0x00ffffffu

/* ------------------------------------------------------------ arithmetic */

/* Wrapping arithmetic: MLIR folds constants with plain int64_t arithmetic;
 * doing it through uint64_t gives the same two's-complement results without
 * undefined behaviour. */
static int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wrap_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* Floor and ceiling division and a non-negative modulo; b >= 1. */
static int64_t floor_div(int64_t a, int64_t b) {
	int64_t q = a / b;
	if (a % b != 0 && a < 0)
		q--;
	return q;
}
static int64_t ceil_div(int64_t a, int64_t b) {
	int64_t q = a / b;
	if (a % b != 0 && a > 0)
		q++;
	return q;
}
static int64_t pos_mod(int64_t a, int64_t b) {
	int64_t r = a % b;
	return r < 0 ? r + b : r;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b) {
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* ------------------------------------------------------------- accessors */

static inline st_affine_kind kind_of(const st_affine_expr *e) {
	return (st_affine_kind)(e->h.tag - ST__AFFINE_EXPR_BASE);
}
static inline bool is_binary(const st_affine_expr *e) { return kind_of(e) <= ST_AFFINE_CEILDIV; }
static inline bool is_const(const st_affine_expr *e) { return kind_of(e) == ST_AFFINE_CONST; }
static inline bool is_kind(const st_affine_expr *e, st_affine_kind k) { return kind_of(e) == k; }
/* MLIR's isSymbolicOrConstant: no dimension occurs in it. */
static inline bool symbolic_or_const(const st_affine_expr *e) { return !(e->h.aux & AUX_HAS_DIM); }
static inline bool const_eq(const st_affine_expr *e, int64_t v) { return is_const(e) && e->value == v; }

st_affine_kind st_affine_expr_kind(const st_affine_expr *e) { return kind_of(e); }
st_affine_expr *st_affine_expr_lhs(const st_affine_expr *e) { return is_binary(e) ? e->lhs : NULL; }
st_affine_expr *st_affine_expr_rhs(const st_affine_expr *e) { return is_binary(e) ? e->rhs : NULL; }
int64_t st_affine_expr_value(const st_affine_expr *e) { return is_const(e) ? e->value : 0; }
unsigned st_affine_expr_position(const st_affine_expr *e) {
	return kind_of(e) == ST_AFFINE_DIM || kind_of(e) == ST_AFFINE_SYMBOL ? (unsigned)e->value : 0;
}
bool st_affine_expr_is_symbolic_or_constant(const st_affine_expr *e) { return symbolic_or_const(e); }

/* ------------------------------------------------------------- uniquing */

static st_affine_expr *make(st_context *ctx, st_affine_kind k, st_affine_expr *lhs, st_affine_expr *rhs,
                            int64_t value) {
	struct st_affine_expr key;
	memset(&key, 0, sizeof key);
	key.h.tag = ST__AFFINE_EXPR_BASE + (uint32_t)k;
	key.h.size = sizeof key;
	if (lhs) {
		uint32_t dl = lhs->h.aux & AUX_DEPTH_MASK, dr = rhs->h.aux & AUX_DEPTH_MASK;
		uint32_t d = (dl > dr ? dl : dr) + 1;
		if (d > AUX_DEPTH_MASK)
			d = AUX_DEPTH_MASK;
		key.h.aux = d | ((lhs->h.aux | rhs->h.aux) & AUX_HAS_DIM);
	} else if (k == ST_AFFINE_DIM) {
		key.h.aux = AUX_HAS_DIM;
	}
	key.lhs = lhs;
	key.rhs = rhs;
	key.value = value;
	return st__uniq(ctx, &key);
}

unsigned st__affine_expr_depth(const st_affine_expr *e) { return e->h.aux & AUX_DEPTH_MASK; }

st_affine_expr *st_affine_const(st_context *ctx, int64_t value) {
	return make(ctx, ST_AFFINE_CONST, NULL, NULL, value);
}
st_affine_expr *st_affine_dim(st_context *ctx, unsigned pos) { return make(ctx, ST_AFFINE_DIM, NULL, NULL, pos); }
st_affine_expr *st_affine_symbol(st_context *ctx, unsigned pos) {
	return make(ctx, ST_AFFINE_SYMBOL, NULL, NULL, pos);
}

/* ------------------------------------------------------- simplification */

/* MLIR's getLargestKnownDivisor, in uint64_t so that |INT64_MIN| and
 * overflowing products wrap instead of being undefined. */
static uint64_t largest_known_divisor(const st_affine_expr *e) {
	switch (kind_of(e)) {
	case ST_AFFINE_CONST:
		return e->value < 0 ? (uint64_t)0 - (uint64_t)e->value : (uint64_t)e->value;
	case ST_AFFINE_MUL:
		return largest_known_divisor(e->lhs) * largest_known_divisor(e->rhs);
	case ST_AFFINE_ADD:
	case ST_AFFINE_MOD:
		return gcd_u64(largest_known_divisor(e->lhs), largest_known_divisor(e->rhs));
	default: /* dims, symbols, floordiv, ceildiv */
		return 1;
	}
}

/* `divisor` is a positive constant. */
static bool known_multiple(const st_affine_expr *e, int64_t divisor) {
	return largest_known_divisor(e) % (uint64_t)divisor == 0;
}

/* Each simplify_* returns true when it produced *out (which may be NULL on
 * allocation failure) and false when the expression stays as written. */

static bool simplify_add(st_context *ctx, st_affine_expr *l, st_affine_expr *r, st_affine_expr **out) {
	if (is_const(l) && is_const(r)) {
		*out = st_affine_const(ctx, wrap_add(l->value, r->value));
		return true;
	}
	/* Constants go to the right; so does the symbolic side of a mixed sum. */
	if (is_const(l) || (symbolic_or_const(l) && !symbolic_or_const(r))) {
		*out = st_affine_add(ctx, r, l);
		return true;
	}
	if (const_eq(r, 0)) {
		*out = l;
		return true;
	}
	/* (x + c1) + c2 -> x + (c1 + c2) */
	if (is_const(r) && is_kind(l, ST_AFFINE_ADD) && is_const(l->rhs)) {
		*out = st_affine_add(ctx, l->lhs, st_affine_const(ctx, wrap_add(l->rhs->value, r->value)));
		return true;
	}
	/* c1 * x + c2 * x -> (c1 + c2) * x (a bare x counts as 1 * x) */
	int64_t c1 = 1, c2 = 1;
	st_affine_expr *first = l, *second = r;
	if (is_kind(l, ST_AFFINE_MUL) && is_const(l->rhs)) {
		c1 = l->rhs->value;
		first = l->lhs;
	}
	if (is_kind(r, ST_AFFINE_MUL) && is_const(r->rhs)) {
		c2 = r->rhs->value;
		second = r->lhs;
	}
	if (first == second) {
		*out = st_affine_mul(ctx, first, st_affine_const(ctx, wrap_add(c1, c2)));
		return true;
	}
	/* (x + c) + y -> (x + y) + c */
	if (is_kind(l, ST_AFFINE_ADD) && is_const(l->rhs)) {
		*out = st_affine_add(ctx, st_affine_add(ctx, l->lhs, r), l->rhs);
		return true;
	}
	/* x - q * (x floordiv q) -> x mod q, in its two shapes
	 * x + ((x floordiv q) * q) * -1 and x + (x floordiv c) * -c.
	 * (MLIR matches any binary expression on the right here, which turns
	 * d0 + (d0 floordiv 4) floordiv -4 into d0 mod 4; only a product has the
	 * meaning the rule assumes, so only a product is matched.) */
	if (!is_kind(r, ST_AFFINE_MUL))
		return false;
	st_affine_expr *lrhs = r->lhs, *rrhs = r->rhs;
	if (const_eq(rrhs, -1) && is_kind(lrhs, ST_AFFINE_MUL)) {
		st_affine_expr *llrhs = lrhs->lhs, *rlrhs = lrhs->rhs;
		if (!is_kind(llrhs, ST_AFFINE_FLOORDIV))
			return false;
		if (llrhs->rhs == rlrhs && l == llrhs->lhs) {
			*out = st_affine_mod(ctx, l, rlrhs);
			return true;
		}
	}
	if (!is_kind(lrhs, ST_AFFINE_FLOORDIV))
		return false;
	if (l == lrhs->lhs && lrhs->rhs == st_affine_neg(ctx, rrhs)) {
		*out = st_affine_mod(ctx, l, lrhs->rhs);
		return true;
	}
	return false;
}

static bool simplify_mul(st_context *ctx, st_affine_expr *l, st_affine_expr *r, st_affine_expr **out) {
	if (is_const(l) && is_const(r)) {
		*out = st_affine_const(ctx, wrap_mul(l->value, r->value));
		return true;
	}
	/* The constant (or else the symbolic) factor goes to the right. */
	if (!symbolic_or_const(r) || is_const(l)) {
		*out = st_affine_mul(ctx, r, l);
		return true;
	}
	if (is_const(r)) {
		if (r->value == 1) {
			*out = l;
			return true;
		}
		if (r->value == 0) {
			*out = r;
			return true;
		}
		/* (x * c1) * c2 -> x * (c1 * c2) */
		if (is_kind(l, ST_AFFINE_MUL) && is_const(l->rhs)) {
			*out = st_affine_mul(ctx, l->lhs, st_affine_const(ctx, wrap_mul(l->rhs->value, r->value)));
			return true;
		}
	}
	/* (x * c) * y -> (x * y) * c */
	if (is_kind(l, ST_AFFINE_MUL) && is_const(l->rhs)) {
		*out = st_affine_mul(ctx, st_affine_mul(ctx, l->lhs, r), l->rhs);
		return true;
	}
	return false;
}

/* floordiv (ceil false) and ceildiv by a positive constant. */
static bool simplify_division(st_context *ctx, bool ceil, st_affine_expr *l, st_affine_expr *r, st_affine_expr **out) {
	/* Division by zero or by a negative number stays as written. */
	if (!is_const(r) || r->value < 1)
		return false;
	int64_t c = r->value;
	if (is_const(l)) {
		*out = st_affine_const(ctx, ceil ? ceil_div(l->value, c) : floor_div(l->value, c));
		return true;
	}
	if (c == 1) {
		*out = l;
		return true;
	}
	/* (x * k) div c -> x * (k / c) when c divides k */
	if (is_kind(l, ST_AFFINE_MUL) && is_const(l->rhs) && l->rhs->value % c == 0) {
		*out = st_affine_mul(ctx, l->lhs, st_affine_const(ctx, l->rhs->value / c));
		return true;
	}
	/* (x + y) floordiv c -> x floordiv c + y floordiv c when c divides x or y */
	if (!ceil && is_kind(l, ST_AFFINE_ADD) && (known_multiple(l->lhs, c) || known_multiple(l->rhs, c))) {
		*out = st_affine_add(ctx, st_affine_floordiv(ctx, l->lhs, r), st_affine_floordiv(ctx, l->rhs, r));
		return true;
	}
	return false;
}

static bool simplify_floordiv(st_context *ctx, st_affine_expr *l, st_affine_expr *r, st_affine_expr **out) {
	return simplify_division(ctx, false, l, r, out);
}

static bool simplify_ceildiv(st_context *ctx, st_affine_expr *l, st_affine_expr *r, st_affine_expr **out) {
	return simplify_division(ctx, true, l, r, out);
}

static bool simplify_mod(st_context *ctx, st_affine_expr *l, st_affine_expr *r, st_affine_expr **out) {
	if (!is_const(r) || r->value < 1)
		return false;
	int64_t c = r->value;
	if (is_const(l)) {
		*out = st_affine_const(ctx, pos_mod(l->value, c));
		return true;
	}
	/* A known multiple of c (this covers x mod 1 and (x * k) mod c). */
	if (known_multiple(l, c)) {
		*out = st_affine_const(ctx, 0);
		return true;
	}
	/* (x + y) mod c -> y mod c when c divides x (and symmetrically) */
	if (is_kind(l, ST_AFFINE_ADD)) {
		if (known_multiple(l->lhs, c)) {
			*out = st_affine_mod(ctx, l->rhs, r);
			return true;
		}
		if (known_multiple(l->rhs, c)) {
			*out = st_affine_mod(ctx, l->lhs, r);
			return true;
		}
	}
	/* (x mod a) mod c -> x mod c when c divides a */
	if (is_kind(l, ST_AFFINE_MOD) && is_const(l->rhs) && l->rhs->value >= 1 && l->rhs->value % c == 0) {
		*out = st_affine_mod(ctx, l->lhs, r);
		return true;
	}
	return false;
}

/* ---------------------------------------------------------- constructors */

st_affine_expr *st_affine_add(st_context *ctx, st_affine_expr *a, st_affine_expr *b) {
	if (!a || !b)
		return NULL;
	st_affine_expr *out;
	if (simplify_add(ctx, a, b, &out))
		return out;
	return make(ctx, ST_AFFINE_ADD, a, b, 0);
}

st_affine_expr *st_affine_mul(st_context *ctx, st_affine_expr *a, st_affine_expr *b) {
	if (!a || !b)
		return NULL;
	/* MLIR's parser: "at least one of the multiply operands has to be either
	 * a constant or symbolic". */
	if (!symbolic_or_const(a) && !symbolic_or_const(b))
		return NULL;
	st_affine_expr *out;
	if (simplify_mul(ctx, a, b, &out))
		return out;
	return make(ctx, ST_AFFINE_MUL, a, b, 0);
}

/* floordiv, ceildiv and mod: the divisor must be symbolic or constant. */
static st_affine_expr *div_like(st_context *ctx, st_affine_kind kind, st_affine_expr *a, st_affine_expr *b,
                                bool (*simplify)(st_context *, st_affine_expr *, st_affine_expr *, st_affine_expr **)) {
	if (!a || !b || !symbolic_or_const(b))
		return NULL;
	st_affine_expr *out;
	if (simplify(ctx, a, b, &out))
		return out;
	return make(ctx, kind, a, b, 0);
}

st_affine_expr *st_affine_floordiv(st_context *ctx, st_affine_expr *a, st_affine_expr *b) {
	return div_like(ctx, ST_AFFINE_FLOORDIV, a, b, simplify_floordiv);
}

st_affine_expr *st_affine_ceildiv(st_context *ctx, st_affine_expr *a, st_affine_expr *b) {
	return div_like(ctx, ST_AFFINE_CEILDIV, a, b, simplify_ceildiv);
}

st_affine_expr *st_affine_mod(st_context *ctx, st_affine_expr *a, st_affine_expr *b) {
	return div_like(ctx, ST_AFFINE_MOD, a, b, simplify_mod);
}

st_affine_expr *st_affine_neg(st_context *ctx, st_affine_expr *a) {
	return st_affine_mul(ctx, a, st_affine_const(ctx, -1));
}

st_affine_expr *st_affine_sub(st_context *ctx, st_affine_expr *a, st_affine_expr *b) {
	return st_affine_add(ctx, a, st_affine_neg(ctx, b));
}

st_affine_expr *st_affine_binary(st_context *ctx, st_affine_kind kind, st_affine_expr *a, st_affine_expr *b) {
	switch (kind) {
	case ST_AFFINE_ADD:
		return st_affine_add(ctx, a, b);
	case ST_AFFINE_MUL:
		return st_affine_mul(ctx, a, b);
	case ST_AFFINE_MOD:
		return st_affine_mod(ctx, a, b);
	case ST_AFFINE_FLOORDIV:
		return st_affine_floordiv(ctx, a, b);
	case ST_AFFINE_CEILDIV:
		return st_affine_ceildiv(ctx, a, b);
	default:
		return NULL;
	}
}

/* --------------------------------------------------------------- queries */

bool st_affine_expr_is_pure_affine(const st_affine_expr *e) {
	switch (kind_of(e)) {
	case ST_AFFINE_ADD:
		return st_affine_expr_is_pure_affine(e->lhs) && st_affine_expr_is_pure_affine(e->rhs);
	case ST_AFFINE_MUL:
		return st_affine_expr_is_pure_affine(e->lhs) && st_affine_expr_is_pure_affine(e->rhs) &&
		       (is_const(e->lhs) || is_const(e->rhs));
	case ST_AFFINE_MOD:
	case ST_AFFINE_FLOORDIV:
	case ST_AFFINE_CEILDIV:
		return st_affine_expr_is_pure_affine(e->lhs) && is_const(e->rhs);
	default:
		return true;
	}
}

bool st_affine_expr_eval(const st_affine_expr *e, const int64_t *dims, const int64_t *syms, int64_t *out) {
	int64_t a, b;
	switch (kind_of(e)) {
	case ST_AFFINE_CONST:
		*out = e->value;
		return true;
	case ST_AFFINE_DIM:
		if (!dims)
			return false;
		*out = dims[e->value];
		return true;
	case ST_AFFINE_SYMBOL:
		if (!syms)
			return false;
		*out = syms[e->value];
		return true;
	default:
		break;
	}
	if (!st_affine_expr_eval(e->lhs, dims, syms, &a) || !st_affine_expr_eval(e->rhs, dims, syms, &b))
		return false;
	switch (kind_of(e)) {
	case ST_AFFINE_ADD:
		return !__builtin_add_overflow(a, b, out);
	case ST_AFFINE_MUL:
		return !__builtin_mul_overflow(a, b, out);
	case ST_AFFINE_FLOORDIV:
		if (b < 1)
			return false;
		*out = floor_div(a, b);
		return true;
	case ST_AFFINE_CEILDIV:
		if (b < 1)
			return false;
		*out = ceil_div(a, b);
		return true;
	case ST_AFFINE_MOD:
		if (b < 1)
			return false;
		*out = pos_mod(a, b);
		return true;
	default:
		return false;
	}
}

st_affine_expr *st_affine_expr_replace(st_context *ctx, st_affine_expr *e, st_affine_expr *const *dims,
                                       st_affine_expr *const *syms) {
	if (!e)
		return NULL;
	switch (kind_of(e)) {
	case ST_AFFINE_CONST:
		return e;
	case ST_AFFINE_DIM:
		return dims ? dims[e->value] : e;
	case ST_AFFINE_SYMBOL:
		return syms ? syms[e->value] : e;
	default:
		break;
	}
	st_affine_expr *l = st_affine_expr_replace(ctx, e->lhs, dims, syms);
	st_affine_expr *r = st_affine_expr_replace(ctx, e->rhs, dims, syms);
	if (l == e->lhs && r == e->rhs)
		return e;
	return st_affine_binary(ctx, kind_of(e), l, r);
}

/* ------------------------------------------------------------------ maps */

/* Keys of maps and sets are built here: zeroed, on the stack when small.
 * (Not st__scratch: callers may well pass arrays that live in it.) */
typedef struct keybuf {
	uint64_t local[40];
	void *p;
	size_t size;
} keybuf;

static void *key_alloc(st_context *ctx, keybuf *kb, size_t size) {
	kb->size = size;
	if (size <= sizeof kb->local) {
		memset(kb->local, 0, size);
		kb->p = kb->local;
	} else {
		kb->p = st_ctx_alloc(ctx, size);
		if (kb->p)
			memset(kb->p, 0, size);
	}
	return kb->p;
}

static void key_free(st_context *ctx, keybuf *kb) {
	if (kb->p && kb->p != (void *)kb->local)
		st_ctx_free(ctx, kb->p, kb->size);
}

/* Whether every dim and symbol of `e` is in range. */
static bool expr_fits(const st_affine_expr *e, unsigned ndims, unsigned nsyms) {
	switch (kind_of(e)) {
	case ST_AFFINE_CONST:
		return true;
	case ST_AFFINE_DIM:
		return (uint64_t)e->value < ndims;
	case ST_AFFINE_SYMBOL:
		return (uint64_t)e->value < nsyms;
	default:
		return expr_fits(e->lhs, ndims, nsyms) && expr_fits(e->rhs, ndims, nsyms);
	}
}

const st_affine_map *st_affine_map_get(st_context *ctx, unsigned ndims, unsigned nsyms, size_t nresults,
                                       st_affine_expr *const *results) {
	for (size_t i = 0; i < nresults; i++)
		if (!results[i] || !expr_fits(results[i], ndims, nsyms))
			return NULL;
	size_t size = sizeof(struct st_affine_map) + nresults * sizeof(st_affine_expr *);
	if (size > UINT32_MAX)
		return NULL;
	keybuf kb;
	struct st_affine_map *key = key_alloc(ctx, &kb, size);
	if (!key)
		return NULL;
	key->h.tag = ST__AFFINE_MAP;
	key->h.size = (uint32_t)size;
	key->ndims = ndims;
	key->nsyms = nsyms;
	key->nresults = nresults;
	if (nresults)
		memcpy(key->results, results, nresults * sizeof *results);
	const st_affine_map *m = st__uniq(ctx, key);
	key_free(ctx, &kb);
	return m;
}

const st_affine_map *st_affine_map_identity(st_context *ctx, unsigned ndims) {
	st_affine_expr *small[16];
	st_affine_expr **res = ndims <= 16 ? small : st_ctx_alloc(ctx, ndims * sizeof *res);
	if (!res)
		return NULL;
	const st_affine_map *m = NULL;
	unsigned i;
	for (i = 0; i < ndims; i++)
		if (!(res[i] = st_affine_dim(ctx, i)))
			break;
	if (i == ndims)
		m = st_affine_map_get(ctx, ndims, 0, ndims, res);
	if (res != small)
		st_ctx_free(ctx, res, ndims * sizeof *res);
	return m;
}

const st_affine_map *st_affine_map_constant(st_context *ctx, int64_t value) {
	st_affine_expr *c = st_affine_const(ctx, value);
	return c ? st_affine_map_get(ctx, 0, 0, 1, &c) : NULL;
}

unsigned st_affine_map_num_dims(const st_affine_map *m) { return m->ndims; }
unsigned st_affine_map_num_symbols(const st_affine_map *m) { return m->nsyms; }
size_t st_affine_map_num_results(const st_affine_map *m) { return m->nresults; }
st_affine_expr *st_affine_map_result(const st_affine_map *m, size_t i) {
	return i < m->nresults ? m->results[i] : NULL;
}

bool st_affine_map_is_identity(const st_affine_map *m) {
	if (m->ndims != m->nresults)
		return false;
	for (size_t i = 0; i < m->nresults; i++) {
		const st_affine_expr *e = m->results[i];
		if (!is_kind(e, ST_AFFINE_DIM) || (uint64_t)e->value != i)
			return false;
	}
	return true;
}

bool st_affine_map_eval(const st_affine_map *m, const int64_t *dims, const int64_t *syms, int64_t *out) {
	for (size_t i = 0; i < m->nresults; i++)
		if (!st_affine_expr_eval(m->results[i], dims, syms, &out[i]))
			return false;
	return true;
}

/* MLIR's AffineMap::compose: the result takes inner's dims; its symbols are
 * outer's symbols followed by inner's (shifted past outer's). */
const st_affine_map *st_affine_map_compose(st_context *ctx, const st_affine_map *outer,
                                           const st_affine_map *inner) {
	if (!outer || !inner || outer->ndims != inner->nresults)
		return NULL;
	unsigned ndims = inner->ndims, nsyms = outer->nsyms + inner->nsyms;
	size_t nres = outer->nresults;
	size_t nbuf = inner->nsyms + inner->nresults + nres;
	st_affine_expr *small[48];
	st_affine_expr **buf = nbuf <= 48 ? small : st_ctx_alloc(ctx, nbuf * sizeof *buf);
	if (!buf)
		return NULL;
	st_affine_expr **shifted = buf, **inner_res = buf + inner->nsyms, **res = inner_res + inner->nresults;
	const st_affine_map *m = NULL;
	bool ok = true;
	for (unsigned i = 0; i < inner->nsyms && ok; i++)
		ok = (shifted[i] = st_affine_symbol(ctx, outer->nsyms + i)) != NULL;
	for (size_t i = 0; i < inner->nresults && ok; i++)
		ok = (inner_res[i] = st_affine_expr_replace(ctx, inner->results[i], NULL, shifted)) != NULL;
	for (size_t i = 0; i < nres && ok; i++)
		ok = (res[i] = st_affine_expr_replace(ctx, outer->results[i], inner_res, NULL)) != NULL;
	if (ok)
		m = st_affine_map_get(ctx, ndims, nsyms, nres, res);
	if (buf != small)
		st_ctx_free(ctx, buf, nbuf * sizeof *buf);
	return m;
}

/* ---------------------------------------------------------- integer sets */

static inline const uint8_t *set_eq_flags(const st_integer_set *s) {
	return (const uint8_t *)(s->constraints + s->n);
}

const st_integer_set *st_integer_set_get(st_context *ctx, unsigned ndims, unsigned nsyms, size_t n,
                                         st_affine_expr *const *constraints, const bool *is_eq) {
	if (n == 0) {
		/* MLIR has no set without constraints; its parser reads `()` as the
		 * universe, 0 == 0, and so do we. */
		st_affine_expr *zero = st_affine_const(ctx, 0);
		bool t = true;
		return zero ? st_integer_set_get(ctx, ndims, nsyms, 1, &zero, &t) : NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (!constraints[i] || !expr_fits(constraints[i], ndims, nsyms))
			return NULL;
	size_t size = sizeof(struct st_integer_set) + n * sizeof(st_affine_expr *) + ((n + 7) & ~(size_t)7);
	if (size > UINT32_MAX)
		return NULL;
	keybuf kb;
	struct st_integer_set *key = key_alloc(ctx, &kb, size);
	if (!key)
		return NULL;
	key->h.tag = ST__INTEGER_SET;
	key->h.size = (uint32_t)size;
	key->ndims = ndims;
	key->nsyms = nsyms;
	key->n = n;
	memcpy(key->constraints, constraints, n * sizeof *constraints);
	uint8_t *flags = (uint8_t *)(key->constraints + n);
	for (size_t i = 0; i < n; i++)
		flags[i] = is_eq && is_eq[i] ? 1 : 0;
	const st_integer_set *s = st__uniq(ctx, key);
	key_free(ctx, &kb);
	return s;
}

unsigned st_integer_set_num_dims(const st_integer_set *s) { return s->ndims; }
unsigned st_integer_set_num_symbols(const st_integer_set *s) { return s->nsyms; }
size_t st_integer_set_num_constraints(const st_integer_set *s) { return s->n; }
st_affine_expr *st_integer_set_constraint(const st_integer_set *s, size_t i) {
	return i < s->n ? s->constraints[i] : NULL;
}
bool st_integer_set_is_eq(const st_integer_set *s, size_t i) { return i < s->n && set_eq_flags(s)[i]; }

bool st_integer_set_contains(const st_integer_set *s, const int64_t *dims, const int64_t *syms) {
	const uint8_t *eq = set_eq_flags(s);
	for (size_t i = 0; i < s->n; i++) {
		int64_t v;
		if (!st_affine_expr_eval(s->constraints[i], dims, syms, &v))
			return false;
		if (eq[i] ? v != 0 : v < 0)
			return false;
	}
	return true;
}
