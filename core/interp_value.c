/* Interpreter values: references, wide integers, float formats, and the
 * literal syntax (`i32:-5`, `f32:1.5`, `bf16:0x3f80`) that strata-run reads
 * and prints, the trace shows and the translation validator reports. */
#include "interp_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t st__float_to_bits(st_type_kind kind, double v);
double st__float_from_bits(st_type_kind kind, uint64_t bits);

void st__interp_memref_release(st_interp *it, st_interp_memref *m);

void st_ival_release(st_interp *it, st_ival *v) {
	if (v->kind == ST_IVAL_WIDE && v->u.wide) {
		st_interp_words *w = v->u.wide;
		if (--w->refs == 0)
			st_ctx_free(it->ctx, w, sizeof *w + w->nwords * sizeof(uint64_t));
	} else if (v->kind == ST_IVAL_MEMREF && v->u.mem) {
		st__interp_memref_release(it, v->u.mem);
	}
	memset(v, 0, sizeof *v);
}

unsigned st_interp_int_width(const st_type *t) {
	if (st_type_is_index(t))
		return 64;
	return st_type_is_integer(t) ? st_type_int_width(t) : 0;
}

static size_t nwords_of(unsigned w) { return (w + 63) / 64; }

static uint64_t top_mask(unsigned w) { return w % 64 ? (1ull << (w % 64)) - 1 : ~0ull; }

st_status st_ival_from_words(st_interp *it, st_type *t, const uint64_t *words, size_t n, st_ival *out) {
	unsigned w = st_interp_int_width(t);
	if (w <= 64) {
		*out = st_ival_bits(t, n ? words[0] & top_mask(w) : 0);
		return ST_OK;
	}
	size_t nw = nwords_of(w);
	st_interp_words *x = st_ctx_alloc(it->ctx, sizeof *x + nw * sizeof(uint64_t));
	if (!x)
		return st__interp_oom(it);
	x->refs = 1;
	x->nwords = (uint32_t)nw;
	for (size_t i = 0; i < nw; i++)
		x->w[i] = i < n ? words[i] : 0;
	x->w[nw - 1] &= top_mask(w);
	*out = (st_ival){.type = t, .kind = ST_IVAL_WIDE, .u.wide = x};
	return ST_OK;
}

/* ------------------------------------------------------------ floats */

uint64_t st_float_bits_from_double(st_type_kind kind, double d) { return st__float_to_bits(kind, d); }
double st_float_bits_to_double(st_type_kind kind, uint64_t bits) { return st__float_from_bits(kind, bits); }

static unsigned float_width(st_type_kind k) {
	return k == ST_TYPE_F64 ? 64 : k == ST_TYPE_F32 ? 32 : 16;
}
static unsigned mant_bits(st_type_kind k) {
	return k == ST_TYPE_F64 ? 52 : k == ST_TYPE_F32 ? 23 : k == ST_TYPE_F16 ? 10 : 7;
}

/* How literals are read back: f32 straight from the decimal text, f16 and
 * bf16 through double (the rounding the core's float attributes use). */
static uint64_t decimal_bits(st_type_kind k, const char *s) {
	if (k == ST_TYPE_F32) {
		float f = strtof(s, NULL);
		uint32_t b;
		memcpy(&b, &f, 4);
		return b;
	}
	return st__float_to_bits(k, strtod(s, NULL));
}

static void print_float(st_type_kind k, uint64_t bits, char *buf, size_t n) {
	unsigned mb = mant_bits(k), w = float_width(k);
	uint64_t sign = 1ull << (w - 1), expo = ((1ull << (w - 1 - mb)) - 1) << mb;
	uint64_t qnan = expo | (1ull << (mb - 1));
	if ((bits & expo) == expo) {
		if (bits == qnan || bits == (qnan | sign))
			snprintf(buf, n, "%snan", bits & sign ? "-" : "");
		else if ((bits & ~sign) == expo)
			snprintf(buf, n, "%sinf", bits & sign ? "-" : "");
		else
			snprintf(buf, n, "0x%0*llx", (int)(w / 4), (unsigned long long)bits);
		return;
	}
	double d = st__float_from_bits(k, bits);
	for (int p = 1; p <= 17; p++) {
		snprintf(buf, n, "%.*g", p, d);
		if (decimal_bits(k, buf) == bits)
			return;
	}
}

/* -------------------------------------------------------- printing */

typedef struct sink {
	st_write_fn w;
	void *ud;
} sink;

static void put(const sink *s, const char *str) { s->w(s->ud, str, strlen(str)); }

/* Signed decimal of a wide integer: repeated division by 10^18. */
static void print_wide(st_interp *it, const sink *s, const uint64_t *words, unsigned w) {
	size_t n = nwords_of(w);
	uint64_t *mag = st_ctx_alloc(it->ctx, n * sizeof *mag);
	size_t cap = (w / 3 + 4) / 18 + 2;
	uint64_t *chunks = st_ctx_alloc(it->ctx, cap * sizeof *chunks);
	if (!mag || !chunks) {
		st_ctx_free(it->ctx, mag, mag ? n * sizeof *mag : 0);
		st_ctx_free(it->ctx, chunks, chunks ? cap * sizeof *chunks : 0);
		put(s, "?");
		return;
	}
	bool neg = (words[n - 1] >> ((w - 1) % 64)) & 1;
	uint64_t carry = 1;
	for (size_t i = 0; i < n; i++) {
		uint64_t v = neg ? ~words[i] : words[i];
		if (neg) {
			v += carry;
			carry = carry && v == 0;
		}
		mag[i] = v;
	}
	mag[n - 1] &= top_mask(w);
	size_t nc = 0;
	for (;;) {
		bool zero = true;
		unsigned __int128 rem = 0;
		for (size_t i = n; i-- > 0;) {
			unsigned __int128 cur = (rem << 64) | mag[i];
			mag[i] = (uint64_t)(cur / 1000000000000000000ull);
			rem = cur % 1000000000000000000ull;
			zero = zero && mag[i] == 0;
		}
		chunks[nc++] = (uint64_t)rem;
		if (zero)
			break;
	}
	char buf[32];
	if (neg)
		put(s, "-");
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)chunks[nc - 1]);
	put(s, buf);
	for (size_t i = nc - 1; i-- > 0;) {
		snprintf(buf, sizeof buf, "%018llu", (unsigned long long)chunks[i]);
		put(s, buf);
	}
	st_ctx_free(it->ctx, mag, n * sizeof *mag);
	st_ctx_free(it->ctx, chunks, cap * sizeof *chunks);
}

static void print_scalar(st_interp *it, const sink *s, const st_ival *v) {
	char buf[64];
	st_type *t = v->type;
	if (v->poison) {
		put(s, "poison");
	} else if (st_type_is_float(t)) {
		print_float(st_type_get_kind(t), v->u.bits, buf, sizeof buf);
		put(s, buf);
	} else if (v->kind == ST_IVAL_WIDE) {
		print_wide(it, s, v->u.wide->w, st_interp_int_width(t));
	} else {
		unsigned w = st_interp_int_width(t);
		uint64_t b = v->u.bits;
		if (w == 1 || w == 0) {
			snprintf(buf, sizeof buf, "%llu", (unsigned long long)b);
		} else {
			int64_t sv = w < 64 && (b >> (w - 1)) ? (int64_t)(b | ~top_mask(w)) : (int64_t)b;
			snprintf(buf, sizeof buf, "%lld", (long long)sv);
		}
		put(s, buf);
	}
}

static void print_elt(st_interp *it, const sink *s, const st_ival *v, int64_t k) {
	st_ival e;
	if (!st_interp_memref_get(it, v, k, &e)) {
		put(s, "?");
		return;
	}
	print_scalar(it, s, &e);
	st_ival_release(it, &e);
}

/* Nested brackets in row-major order; *k counts the elements printed. */
static void print_dims(st_interp *it, const sink *s, const st_ival *v, uint32_t d, int64_t *k) {
	const st_interp_memref *m = v->u.mem;
	put(s, "[");
	for (int64_t i = 0; i < m->sizes[d]; i++) {
		if (i)
			put(s, ", ");
		if (d + 1 < m->rank)
			print_dims(it, s, v, d + 1, k);
		else
			print_elt(it, s, v, (*k)++);
	}
	put(s, "]");
}

static void print_memref(st_interp *it, const sink *s, const st_ival *v) {
	int64_t k = 0;
	if (!st_interp_memref_live(v))
		put(s, "<deallocated>");
	else if (v->u.mem->rank == 0)
		print_elt(it, s, v, 0);
	else
		print_dims(it, s, v, 0, &k);
}

void st_ival_print(st_interp *it, const st_ival *v, st_write_fn w, void *ud) {
	sink s = {w, ud};
	if (!v->type) {
		put(&s, "<none>");
		return;
	}
	st_print_type(it->ctx, v->type, w, ud);
	put(&s, ":");
	if (v->poison)
		put(&s, "poison");
	else if (v->kind == ST_IVAL_MEMREF)
		print_memref(it, &s, v);
	else if (v->kind == ST_IVAL_FUNC) {
		st_ident *n = st_symbol_name(v->u.fn);
		put(&s, "@");
		put(&s, n ? st_ident_cstr(n) : "?");
	} else
		print_scalar(it, &s, v);
}

typedef struct strbuf {
	char *buf;
	size_t n, len;
} strbuf;

static void str_write(void *ud, const char *data, size_t len) {
	strbuf *b = ud;
	for (size_t i = 0; i < len && b->len + 1 < b->n; i++)
		b->buf[b->len++] = data[i];
	b->buf[b->len] = 0;
}

const char *st_ival_str(st_interp *it, const st_ival *v, char *buf, size_t n) {
	strbuf b = {buf, n, 0};
	if (n)
		buf[0] = 0;
	if (n)
		st_ival_print(it, v, str_write, &b);
	return buf;
}

/* --------------------------------------------------------- parsing */

/* A scalar type name: iN, index, f16, bf16, f32, f64. */
static st_type *scalar_type(st_context *ctx, const char *s, size_t n) {
	if (n == 5 && !memcmp(s, "index", 5))
		return st_index_type(ctx);
	static const struct {
		const char *name;
		st_type_kind kind;
	} floats[] = {{"f16", ST_TYPE_F16}, {"bf16", ST_TYPE_BF16}, {"f32", ST_TYPE_F32}, {"f64", ST_TYPE_F64}};
	for (size_t i = 0; i < 4; i++)
		if (strlen(floats[i].name) == n && !memcmp(s, floats[i].name, n))
			return st_float_type(ctx, floats[i].kind);
	if (n < 2 || n > 9 || s[0] != 'i')
		return NULL;
	unsigned long w = 0;
	for (size_t i = 1; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return NULL;
		w = w * 10 + (unsigned long)(s[i] - '0');
	}
	if (w == 0 || w > ST_MAX_INT_WIDTH)
		return NULL;
	return st_integer_type(ctx, (unsigned)w, ST_SIGNLESS);
}

static int digit_of(char c, unsigned base) {
	int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
	return d < (int)base ? d : -1;
}

/* mag = mag * base + d over n words; false when it overflows them. */
static bool mul_add(uint64_t *mag, size_t n, unsigned base, unsigned d) {
	unsigned __int128 carry = d;
	for (size_t i = 0; i < n; i++) {
		unsigned __int128 cur = (unsigned __int128)mag[i] * base + carry;
		mag[i] = (uint64_t)cur;
		carry = cur >> 64;
	}
	return carry == 0;
}

static st_status parse_int(st_interp *it, st_type *t, const char *s, size_t len, st_ival *out, char *err,
                           size_t errlen) {
	unsigned w = st_interp_int_width(t);
	bool neg = len && s[0] == '-';
	size_t i = neg || (len && s[0] == '+') ? 1 : 0;
	unsigned base = 10;
	if (w == 1 && !neg && len == 4 && !memcmp(s, "true", 4)) {
		*out = st_ival_bits(t, 1);
		return ST_OK;
	}
	if (w == 1 && !neg && len == 5 && !memcmp(s, "false", 5)) {
		*out = st_ival_bits(t, 0);
		return ST_OK;
	}
	if (len - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
		base = 16;
		i += 2;
	}
	if (i == len) {
		snprintf(err, errlen, "expected an integer");
		return ST_FAIL;
	}
	size_t n = nwords_of(w) + 1;
	uint64_t small[4] = {0};
	uint64_t *mag = n <= 4 ? small : st_ctx_alloc(it->ctx, n * sizeof *mag);
	if (!mag)
		return st__interp_oom(it);
	if (mag != small)
		memset(mag, 0, n * sizeof *mag);
	bool ok = true;
	for (; ok && i < len; i++) {
		int d = digit_of(s[i], base);
		if (d < 0) {
			snprintf(err, errlen, "invalid digit '%c' in an integer", s[i]);
			ok = false;
		} else if (!mul_add(mag, n, base, (unsigned)d)) {
			ok = false;
		}
	}
	if (ok) {
		/* In range: [-2^(w-1), 2^w): MLIR reads a literal as signed or unsigned. */
		size_t top = w / 64;
		bool over = false;
		for (size_t k = top + 1; k < n; k++)
			over = over || mag[k];
		uint64_t above = w % 64 ? mag[top] >> (w % 64) : (top < n ? mag[top] : 0);
		over = over || above;
		if (neg && !over) {
			/* |value| <= 2^(w-1) */
			bool is_half = ((mag[(w - 1) / 64] >> ((w - 1) % 64)) & 1) != 0;
			if (is_half) {
				uint64_t rest = mag[(w - 1) / 64] & ((1ull << ((w - 1) % 64)) - 1);
				for (size_t k = 0; k < (w - 1) / 64; k++)
					rest |= mag[k];
				over = rest != 0;
			}
		}
		if (over) {
			char tb[32];
			snprintf(err, errlen, "integer literal out of range for '%s'", st_type_str(it->ctx, t, tb, sizeof tb));
			ok = false;
		}
	} else if (err[0] == 0) {
		char tb[32];
		snprintf(err, errlen, "integer literal out of range for '%s'", st_type_str(it->ctx, t, tb, sizeof tb));
	}
	if (ok && neg) {
		uint64_t carry = 1;
		for (size_t k = 0; k < n; k++) {
			mag[k] = ~mag[k] + carry;
			carry = carry && mag[k] == 0;
		}
	}
	st_status st = ok ? st_ival_from_words(it, t, mag, n, out) : ST_FAIL;
	if (mag != small)
		st_ctx_free(it->ctx, mag, n * sizeof *mag);
	return st;
}

static st_status parse_float(st_type *t, const char *s, size_t len, st_ival *out, char *err, size_t errlen) {
	st_type_kind k = st_type_get_kind(t);
	unsigned w = float_width(k), mb = mant_bits(k);
	uint64_t sign = 1ull << (w - 1), expo = ((1ull << (w - 1 - mb)) - 1) << mb;
	char buf[128];
	if (len >= sizeof buf) {
		snprintf(err, errlen, "float literal too long");
		return ST_FAIL;
	}
	memcpy(buf, s, len);
	buf[len] = 0;
	const char *p = buf;
	bool neg = *p == '-';
	if (*p == '-' || *p == '+')
		p++;
	if (!strcmp(p, "nan") || !strcmp(p, "inf")) {
		uint64_t b = p[0] == 'n' ? expo | (1ull << (mb - 1)) : expo;
		*out = st_ival_bits(t, b | (neg ? sign : 0));
		return ST_OK;
	}
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p != buf) {
		snprintf(err, errlen, "a bit pattern takes no sign");
		return ST_FAIL;
	}
	if (len > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')) {
		char *end;
		errno = 0;
		unsigned long long b = strtoull(buf + 2, &end, 16);
		if (*end || errno || (w < 64 && b >> w)) {
			snprintf(err, errlen, "invalid bit pattern '%s' for a %u-bit float", buf, w);
			return ST_FAIL;
		}
		*out = st_ival_bits(t, b);
		return ST_OK;
	}
	char *end;
	double d = strtod(buf, &end);
	if (end == buf || *end || isnan(d)) {
		snprintf(err, errlen, "expected a float, 'inf', 'nan' or a 0x bit pattern");
		return ST_FAIL;
	}
	*out = st_ival_bits(t, decimal_bits(k, buf));
	return ST_OK;
}

st_status st_ival_parse(st_interp *it, st_str text, st_ival *out, char *err, size_t errlen) {
	if (errlen)
		err[0] = 0;
	const char *colon = memchr(text.data, ':', text.len);
	if (!colon) {
		snprintf(err, errlen, "expected 'type:value'");
		return ST_FAIL;
	}
	size_t tn = (size_t)(colon - text.data);
	st_type *t = scalar_type(it->ctx, text.data, tn);
	if (!t) {
		snprintf(err, errlen, "unknown scalar type '%.*s' (expected iN, index, f16, bf16, f32 or f64)", (int)tn,
		         text.data);
		return ST_FAIL;
	}
	const char *v = colon + 1;
	size_t vn = text.len - tn - 1;
	if (vn == 6 && !memcmp(v, "poison", 6)) {
		*out = st_ival_poison(t);
		return ST_OK;
	}
	if (st_type_is_float(t))
		return parse_float(t, v, vn, out, err, errlen);
	return parse_int(it, t, v, vn, out, err, errlen);
}

/* ----------------------------------------------------------- equality */

bool st_ival_equal(st_interp *it, const st_ival *a, const st_ival *b) {
	if (a->type != b->type || a->poison != b->poison || a->kind != b->kind)
		return false;
	if (a->poison)
		return true;
	switch (a->kind) {
	case ST_IVAL_BITS:
		return a->u.bits == b->u.bits;
	case ST_IVAL_WIDE:
		return !memcmp(a->u.wide->w, b->u.wide->w, a->u.wide->nwords * sizeof(uint64_t));
	case ST_IVAL_FUNC:
		return a->u.fn == b->u.fn;
	case ST_IVAL_MEMREF: {
		const st_interp_memref *x = a->u.mem, *y = b->u.mem;
		if (x->rank != y->rank || st_interp_memref_live(a) != st_interp_memref_live(b))
			return false;
		for (uint32_t i = 0; i < x->rank; i++)
			if (x->sizes[i] != y->sizes[i])
				return false;
		if (!st_interp_memref_live(a))
			return true;
		int64_t n = st_interp_memref_num_elements(a);
		for (int64_t k = 0; k < n; k++) {
			st_ival ea, eb;
			if (!st_interp_memref_get(it, a, k, &ea))
				return false;
			if (!st_interp_memref_get(it, b, k, &eb)) {
				st_ival_release(it, &ea);
				return false;
			}
			bool same = st_ival_equal(it, &ea, &eb);
			st_ival_release(it, &ea);
			st_ival_release(it, &eb);
			if (!same)
				return false;
		}
		return true;
	}
	default:
		return true;
	}
}
