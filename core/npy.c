/* The .npy header shared by every reader and writer of memref contents
 * (include/strata/npy.h): parsing it strictly enough that a file NumPy
 * would read differently is refused with a message, and writing it as
 * numpy.save does. */
#include "strata/asm.h"
#include "strata/interp.h"
#include "strata/npy.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t n, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	if (n)
		vsnprintf(err, n, fmt, ap);
	va_end(ap);
	return false;
}

/* ------------------------------------------------------------- reading */

/* The dictionary literal, read by a cursor that never passes `end`. */
typedef struct dict_cursor {
	const char *p, *end;
} dict_cursor;

static void skip_space(dict_cursor *c) {
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

/* Skips space, then `ch` if it comes next. */
static bool eat(dict_cursor *c, char ch) {
	skip_space(c);
	if (c->p < c->end && *c->p == ch) {
		c->p++;
		return true;
	}
	return false;
}

/* A quoted string (either quote, no escapes: no key or descr has one). */
static bool string_lit(dict_cursor *c, const char **s, size_t *len) {
	skip_space(c);
	if (c->p == c->end || (*c->p != '\'' && *c->p != '"'))
		return false;
	char q = *c->p++;
	const char *start = c->p;
	while (c->p < c->end && *c->p != q)
		c->p++;
	if (c->p == c->end)
		return false;
	*s = start;
	*len = (size_t)(c->p++ - start);
	return true;
}

/* Skips space, then the word `w` if it comes next. */
static bool word(dict_cursor *c, const char *w) {
	skip_space(c);
	size_t n = strlen(w);
	if ((size_t)(c->end - c->p) < n || memcmp(c->p, w, n) != 0)
		return false;
	c->p += n;
	return true;
}

/* '<f4' and the like: the string's `len` characters at `s`. */
static bool parse_descr(const char *s, size_t len, st_npy_dtype *dt) {
	if (len < 3 || (s[0] != '<' && s[0] != '>' && s[0] != '|') || !s[1] || !strchr("biuf", s[1]))
		return false;
	unsigned size = 0;
	for (size_t i = 2; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || size > 8)
			return false;
		size = size * 10 + (unsigned)(s[i] - '0');
	}
	bool ok = s[1] == 'b' ? size == 1 : s[1] == 'f' ? size == 2 || size == 4 || size == 8
	                                                : size == 1 || size == 2 || size == 4 || size == 8;
	*dt = (st_npy_dtype){.kind = s[1], .size = size, .big_endian = s[0] == '>' && size > 1};
	return ok;
}

/* A tuple of non-negative integers: "()", "(5,)", "(4, 5)" ("(5)" is no
 * tuple in Python, so not a shape either). */
static bool parse_shape(dict_cursor *c, st_npy_header *h, char *err, size_t n) {
	h->rank = 0;
	if (!eat(c, '('))
		return fail(err, n, "the .npy 'shape' is not a tuple");
	if (eat(c, ')'))
		return true;
	for (;;) {
		skip_space(c);
		uint64_t v = 0;
		const char *start = c->p;
		while (c->p < c->end && *c->p >= '0' && *c->p <= '9' && v <= INT64_MAX / 10)
			v = v * 10 + (uint64_t)(*c->p++ - '0');
		if (c->p == start || v > INT64_MAX || (c->p < c->end && *c->p >= '0' && *c->p <= '9'))
			return fail(err, n, "the .npy 'shape' holds something other than sizes");
		if (h->rank == ST_NPY_MAX_RANK)
			return fail(err, n, "the .npy array has more than %d dimensions", ST_NPY_MAX_RANK);
		h->shape[h->rank++] = (int64_t)v;
		bool comma = eat(c, ',');
		if (eat(c, ')')) {
			if (h->rank == 1 && !comma)
				break;
			return true;
		}
		if (!comma)
			break;
	}
	return fail(err, n, "the .npy 'shape' is not a tuple");
}

/* Whether a header string can be quoted in a message as it is: a corrupt
 * file's bytes would otherwise reach the terminal. */
static bool printable(const char *s, size_t len) {
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			return false;
	return true;
}

/* The dictionary: exactly the three keys, in any order, a trailing comma
 * allowed; then only the padding. */
static bool parse_dict(const char *text, size_t len, st_npy_header *h, char *err, size_t n) {
	dict_cursor c = {text, text + len};
	bool seen[3] = {false, false, false};
	if (!eat(&c, '{'))
		return fail(err, n, "the .npy header is not a dictionary");
	while (!eat(&c, '}')) {
		const char *key;
		size_t klen;
		if (!string_lit(&c, &key, &klen) || !eat(&c, ':'))
			return fail(err, n, "the .npy header is not a dictionary");
		int which = klen == 5 && !memcmp(key, "descr", 5)          ? 0
		            : klen == 13 && !memcmp(key, "fortran_order", 13) ? 1
		            : klen == 5 && !memcmp(key, "shape", 5)          ? 2
		                                                              : -1;
		if (which < 0 && !printable(key, klen))
			return fail(err, n, "unknown key (not printable) in the .npy header");
		if (which < 0)
			return fail(err, n, "unknown key '%.*s' in the .npy header", (int)(klen > 40 ? 40 : klen), key);
		if (seen[which])
			return fail(err, n, "the .npy header gives '%.*s' twice", (int)klen, key);
		seen[which] = true;
		if (which == 0) {
			const char *s;
			size_t slen;
			if (!string_lit(&c, &s, &slen))
				return fail(err, n, "the .npy 'descr' is not a string (structured arrays are not supported)");
			if (!parse_descr(s, slen, &h->dtype) && !printable(s, slen))
				return fail(err, n, "unsupported .npy data type (not printable; expected b1, i1-i8, u1-u8 or "
				                    "f2-f8)");
			if (!parse_descr(s, slen, &h->dtype))
				return fail(err, n, "unsupported .npy data type '%.*s' (expected b1, i1-i8, u1-u8 or f2-f8)",
				            (int)(slen > 40 ? 40 : slen), s);
		} else if (which == 1) {
			if (word(&c, "True"))
				return fail(err, n, "Fortran-ordered .npy arrays are not supported");
			if (!word(&c, "False"))
				return fail(err, n, "the .npy 'fortran_order' is neither True nor False");
		} else if (!parse_shape(&c, h, err, n)) {
			return false;
		}
		if (!eat(&c, ',')) {
			if (!eat(&c, '}'))
				return fail(err, n, "the .npy header is not a dictionary");
			break;
		}
	}
	skip_space(&c);
	if (c.p != c.end)
		return fail(err, n, "the .npy header has text after its dictionary");
	for (int i = 0; i < 3; i++)
		if (!seen[i])
			return fail(err, n, "the .npy header has no '%s'", (const char *[]){"descr", "fortran_order", "shape"}[i]);
	return true;
}

bool st_npy_read_header(const unsigned char *d, size_t len, st_npy_header *h, char *err, size_t n) {
	memset(h, 0, sizeof *h);
	if (len < 8 || memcmp(d, "\x93NUMPY", 6) != 0)
		return fail(err, n, "not a .npy file");
	if (d[6] < 1 || d[6] > 3 || d[7] != 0)
		return fail(err, n, "unsupported .npy format version %u.%u (expected 1.0, 2.0 or 3.0)", d[6], d[7]);
	/* Version 1 gives the length in 2 bytes, later versions in 4. */
	size_t hstart = d[6] == 1 ? 10 : 12;
	if (len < hstart)
		return fail(err, n, "truncated .npy header");
	size_t hlen = d[8] | (size_t)d[9] << 8;
	if (hstart == 12)
		hlen |= (size_t)d[10] << 16 | (size_t)d[11] << 24;
	if (hlen > len - hstart)
		return fail(err, n, "truncated .npy header");
	if (!parse_dict((const char *)d + hstart, hlen, h, err, n))
		return false;
	h->data_offset = hstart + hlen;
	uint64_t count = 1;
	for (size_t i = 0; i < h->rank; i++) {
		uint64_t s = (uint64_t)h->shape[i];
		if (s && count > UINT64_MAX / 8 / s)
			return fail(err, n, "the .npy array is too large");
		count *= s;
	}
	h->count = count;
	if ((len - h->data_offset) / h->dtype.size < count)
		return fail(err, n, "the .npy file holds fewer than %llu elements", (unsigned long long)count);
	return true;
}

/* Bytes an element of `elt` takes in memory and in a file; 0 when no
 * .npy type is that wide. */
static unsigned storage_size(const st_type *elt) {
	size_t size = st_interp_elt_size(elt);
	return size <= 8 ? (unsigned)size : 0;
}

bool st_npy_check_element(st_context *ctx, const st_npy_dtype *dt, st_type *elt, char *err, size_t n) {
	unsigned es = storage_size(elt);
	bool ok;
	if (st_type_get_kind(elt) == ST_TYPE_BF16)
		ok = (dt->kind == 'u' || dt->kind == 'i') && dt->size == 2;
	else if (st_type_is_float(elt))
		ok = dt->kind == 'f' && dt->size == es;
	else
		ok = es && dt->kind != 'f' && (dt->size == es || (dt->kind == 'b' && st_interp_int_width(elt) == 1));
	if (!ok) {
		char tb[32];
		return fail(err, n, "a .npy array of '%c%u' cannot hold '%s' elements", dt->kind, dt->size,
		            st_type_str(ctx, elt, tb, sizeof tb));
	}
	return true;
}

bool st_npy_get(const st_npy_header *h, const unsigned char *file, uint64_t k, st_type *elt, uint64_t *bits) {
	unsigned size = h->dtype.size;
	const unsigned char *p = file + h->data_offset + k * size;
	uint64_t raw = 0;
	for (unsigned i = 0; i < size; i++)
		raw |= (uint64_t)p[h->dtype.big_endian ? size - 1 - i : i] << (8 * i);
	unsigned w = st_interp_int_width(elt);
	if (!w) {
		*bits = raw;
		return true;
	}
	bool sgn = h->dtype.kind == 'i';
	int64_t v = sgn && size < 8 && (raw >> (8 * size - 1)) ? (int64_t)(raw | ~0ull << (8 * size)) : (int64_t)raw;
	if (w < 64) {
		/* A value fits when it reads as w-bit signed or unsigned. */
		int64_t lo = -(1ll << (w - 1)), hi = (int64_t)((1ull << w) - 1);
		if (sgn ? (v < lo || v > hi) : ((uint64_t)v > (uint64_t)hi))
			return false;
	}
	*bits = w < 64 ? (uint64_t)v & ((1ull << w) - 1) : (uint64_t)v;
	return true;
}

/* ------------------------------------------------------------- writing */

bool st_npy_dtype_of(st_type *elt, st_npy_dtype *dt) {
	st_type_kind k = st_type_get_kind(elt);
	unsigned size = storage_size(elt);
	if (!size)
		return false;
	char kind = k == ST_TYPE_BF16 ? 'u' : st_type_is_float(elt) ? 'f' : st_interp_int_width(elt) == 1 ? 'b' : 'i';
	*dt = (st_npy_dtype){.kind = kind, .size = size, .big_endian = false};
	return true;
}

size_t st_npy_write_header(const st_npy_dtype *dt, size_t rank, const int64_t *shape, unsigned char *buf) {
	if (rank > ST_NPY_MAX_RANK)
		return 0;
	char *dict = (char *)buf + 10;
	size_t cap = ST_NPY_MAX_HEADER - 10, used;
	used = (size_t)snprintf(dict, cap, "{'descr': '%c%c%u', 'fortran_order': False, 'shape': (",
	                        dt->size == 1 ? '|' : dt->big_endian ? '>' : '<', dt->kind, dt->size);
	for (size_t i = 0; i < rank; i++)
		used += (size_t)snprintf(dict + used, cap - used, "%lld%s", (long long)shape[i],
		                         rank == 1 ? "," : i + 1 < rank ? ", " : "");
	used += (size_t)snprintf(dict + used, cap - used, "), }");
	/* Spaces, then a newline, up to a multiple of 64 for the whole header. */
	size_t total = (10 + used + 1 + 63) / 64 * 64, hlen = total - 10;
	memset(dict + used, ' ', hlen - 1 - used);
	dict[hlen - 1] = '\n';
	memcpy(buf, "\x93NUMPY\x01\x00", 8);
	buf[8] = (unsigned char)(hlen & 0xff);
	buf[9] = (unsigned char)(hlen >> 8);
	return total;
}

void st_npy_put(const st_npy_dtype *dt, st_type *elt, uint64_t bits, unsigned char *out) {
	unsigned w = st_interp_int_width(elt);
	if (w > 1 && w < 64 && (bits >> (w - 1)) & 1)
		bits |= ~0ull << w;
	for (unsigned i = 0; i < dt->size; i++)
		out[dt->big_endian ? dt->size - 1 - i : i] = (unsigned char)(bits >> (8 * i));
}
