/* The integer ops a soft-float lowering is made of, created before the op
 * being lowered, in the builder's format (binary32 or binary64: the
 * widths the helpers work at).  A failed creation (out of memory) makes
 * every later emitter return NULL, and the pass reports it. */
#include "sf.h"

void st__sf_builder(st__sf_b *b, st_context *ctx, st_block *block, st_op *before, st_attr *loc) {
	*b = (st__sf_b){.a = {.ctx = ctx, .block = block, .before = before, .loc = loc},
	            .i1 = st_integer_type(ctx, 1, ST_SIGNLESS), .i32 = st_integer_type(ctx, 32, ST_SIGNLESS),
	            .i64 = st_integer_type(ctx, 64, ST_SIGNLESS), .w = 32, .p = 24};
	b->t = b->i32;
}

void st__sf_set_format(st__sf_b *b, bool f64) {
	b->w = f64 ? 64 : 32;
	b->p = f64 ? 53 : 24;
	b->t = f64 ? b->i64 : b->i32;
	b->nk = 0;
}

int64_t st__sf_sign(const st__sf_b *b) { return (int64_t)(UINT64_C(1) << (b->w - 1)); }
int64_t st__sf_emax(const st__sf_b *b) { return (INT64_C(1) << (b->w - b->p)) - 1; }
int64_t st__sf_bias(const st__sf_b *b) { return st__sf_emax(b) >> 1; }
int64_t st__sf_inf(const st__sf_b *b) { return st__sf_emax(b) << (b->p - 1); }
int64_t st__sf_quiet(const st__sf_b *b) { return INT64_C(1) << (b->p - 2); }
int64_t st__sf_default_nan(const st__sf_b *b) { return st__sf_inf(b) | st__sf_quiet(b); }
unsigned st__sf_round_bits(const st__sf_b *b) { return b->w - 1 - b->p; }

st_value *st__sf_const(st__sf_b *b, st_type *t, int64_t v) {
	for (size_t i = 0; i < b->nk; i++)
		if (b->k[i].type == t && b->k[i].v == v)
			return b->k[i].val;
	st_value *c = st_arith_build_constant(&b->a, t, v);
	if (c && b->nk < sizeof b->k / sizeof b->k[0]) {
		b->k[b->nk].type = t;
		b->k[b->nk].v = v;
		b->k[b->nk++].val = c;
	}
	return c;
}

st_value *st__sf_k(st__sf_b *b, int64_t v) {
	return st__sf_const(b, b->t, b->w == 32 ? (int32_t)(uint32_t)v : v);
}

st_value *st__sf_bink(st__sf_b *b, const char *name, st_value *x, int64_t k) { return st__sf_bin(b, name, x, st__sf_k(b, k)); }

st_value *st__sf_cmpk(st__sf_b *b, int pred, st_value *x, int64_t k) { return st__sf_cmp(b, pred, x, st__sf_k(b, k)); }

st_value *st__sf_bit(st__sf_b *b, st_value *c) { return st__sf_cast(b, "arith.extui", c, b->t); }

/* Binary search: five or six selects instead of a math.ctlz that the
 * hardware conversions would have to learn. */
st_value *st__sf_clz(st__sf_b *b, st_value *x) {
	st_value *n = st__sf_k(b, 0);
	for (int s = (int)b->w / 2; s >= 1; s /= 2) {
		st_value *c = st__sf_cmpk(b, ST_CMPI_ULT, x, (int64_t)(UINT64_C(1) << (b->w - (unsigned)s)));
		x = st__sf_sel(b, c, st__sf_bink(b, "arith.shli", x, s), x);
		n = st__sf_sel(b, c, st__sf_bink(b, "arith.ori", n, s), n);
	}
	return n;
}

/* A shift by w or more is poison, so the distance is capped at w - 1: for
 * a value below 2^(w-1) that already leaves only the sticky bit. */
st_value *st__sf_shr_jam(st__sf_b *b, st_value *x, st_value *d) {
	st_value *k31 = st__sf_k(b, b->w - 1);
	st_value *dc = st__sf_sel(b, st__sf_cmp(b, ST_CMPI_UGT, d, k31), k31, d);
	st_value *r = st__sf_shr(b, x, dc);
	st_value *lost = st__sf_cmp(b, ST_CMPI_NE, st__sf_shl(b, r, dc), x);
	return st__sf_or(b, r, st__sf_bit(b, lost));
}
