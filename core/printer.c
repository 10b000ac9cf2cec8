/* The printer: MLIR's generic form, custom forms through op definitions,
 * value/block numbering as MLIR does it, and aliases for affine maps and
 * integer sets.  Output goes through a buffer to a write callback.
 *
 * Value names live in each value's `aux` scratch field while printing:
 * 0 is unnamed, N+1 is the numeric name %N, and with the top bit set the
 * low bits index the printer's table of hinted names (%c0, %arg3).
 */
#include "parser_internal.h"
#include "strided_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define NAMED_BIT 0x80000000u

typedef struct alias_entry {
	const st_attr *attr;
	unsigned number;
	bool is_set;
} alias_entry;

struct st_printer {
	st_context *ctx;
	st_print_options opts;
	st_write_fn w;
	void *ud;
	char buf[1 << 16];
	size_t len;
	int indent;
	/* Hinted names: a string pool and offsets. */
	char *pool;
	size_t pool_len, pool_cap;
	uint32_t *name_off;
	size_t nnames, names_cap;
	/* Used hinted names (hash set of name indices) with a log for scopes. */
	uint32_t *used;
	size_t used_cap, used_count;
	uint32_t *used_log;
	size_t nused_log, used_log_cap;
	/* Aliases. */
	alias_entry *aliases;
	size_t naliases, alias_cap;
	unsigned nmaps, nsets;
	bool in_alias_def;
	/* Default dialect of the op whose regions are being printed. */
	const char *default_dialect;
	st_op *root; /* the op being printed: values outside it have no number */
	/* The last block found inside root: most operands come from it. */
	const st_block *inside_block;
};

/* ---------------------------------------------------------------- output */

static void flush(st_printer *p) {
	if (p->len) {
		p->w(p->ud, p->buf, p->len);
		p->len = 0;
	}
}

void st_printer_write(st_printer *p, const char *data, size_t len) {
	if (len > sizeof p->buf - p->len) {
		flush(p);
		if (len > sizeof p->buf) {
			p->w(p->ud, data, len);
			return;
		}
	}
	memcpy(p->buf + p->len, data, len);
	p->len += len;
}

void st_printer_puts(st_printer *p, const char *s) { st_printer_write(p, s, strlen(s)); }

static inline void putc_(st_printer *p, char c) {
	if (p->len == sizeof p->buf)
		flush(p);
	p->buf[p->len++] = c;
}

void st_printer_printf(st_printer *p, const char *fmt, ...) {
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		st_printer_write(p, small, (size_t)n);
		return;
	}
	char *big = st_ctx_alloc(p->ctx, (size_t)n + 1);
	if (!big)
		return;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	st_printer_write(p, big, (size_t)n);
	st_ctx_free(p->ctx, big, (size_t)n + 1);
}

/* Value numbers dominate big outputs: two digits per division. */
static void put_uint(st_printer *p, uint64_t v) {
	static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	                            "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	                            "8081828384858687888990919293949596979899";
	char tmp[24];
	char *e = tmp + sizeof tmp, *q = e;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		*--q = pairs[2 * r + 1];
		*--q = pairs[2 * r];
	}
	if (v >= 10) {
		*--q = pairs[2 * v + 1];
		*--q = pairs[2 * v];
	} else {
		*--q = (char)('0' + v);
	}
	size_t n = (size_t)(e - q);
	if (p->len + n > sizeof p->buf)
		flush(p);
	memcpy(p->buf + p->len, q, n);
	p->len += n;
}

static void put_int(st_printer *p, int64_t v) {
	if (v < 0) {
		putc_(p, '-');
		put_uint(p, (uint64_t)0 - (uint64_t)v);
	} else {
		put_uint(p, (uint64_t)v);
	}
}

static void newline(st_printer *p) {
	putc_(p, '\n');
	for (int i = 0; i < p->indent; i++)
		putc_(p, ' ');
}

void st_printer_newline(st_printer *p, int extra) {
	putc_(p, '\n');
	for (int i = 0; i < p->indent + extra; i++)
		putc_(p, ' ');
}

void st__bounded_write(void *ud, const char *data, size_t len) {
	st__bounded *b = ud;
	if (b->len + 1 < b->cap) {
		size_t k = len < b->cap - 1 - b->len ? len : b->cap - 1 - b->len;
		memcpy(b->buf + b->len, data, k);
	}
	b->len += len;
}

bool st_printer_debuginfo(const st_printer *p) { return p->opts.debuginfo; }
st_context *st_printer_context(const st_printer *p) { return p->ctx; }

/* --------------------------------------------------------------- strings */

void st_printer_string(st_printer *p, st_str s) {
	putc_(p, '"');
	/* llvm::printEscapedString: only the backslash is escaped by itself;
	 * '"' and everything unprintable print as two hex digits. */
	for (size_t i = 0; i < s.len; i++) {
		unsigned char c = (unsigned char)s.data[i];
		if (c == '\\') {
			putc_(p, '\\');
			putc_(p, (char)c);
		} else if (c >= 0x20 && c < 0x7f && c != '"') {
			putc_(p, (char)c);
		} else {
			static const char hex[] = "0123456789ABCDEF";
			putc_(p, '\\');
			putc_(p, hex[c >> 4]);
			putc_(p, hex[c & 15]);
		}
	}
	putc_(p, '"');
}

static bool is_bare_id(st_str s) {
	if (s.len == 0 || !(isalpha((unsigned char)s.data[0]) || s.data[0] == '_'))
		return false;
	for (size_t i = 1; i < s.len; i++) {
		unsigned char c = (unsigned char)s.data[i];
		if (!(isalnum(c) || c == '_' || c == '$' || c == '.'))
			return false;
	}
	return true;
}

void st_printer_symbol_name(st_printer *p, st_str name) {
	putc_(p, '@');
	if (is_bare_id(name))
		st_printer_write(p, name.data, name.len);
	else
		st_printer_string(p, name);
}

/* ------------------------------------------------------------------ types */

/* The data of an opaque dialect symbol prints in the pretty form !d.data
 * when it is an identifier optionally followed by one <...> that the
 * parser reads as a whole (`x<a>y<b>` is not), else in the verbose form
 * !d<data> (MLIR 14: !d<"data">, a string literal). */
static void print_dialect_symbol(st_printer *p, char sigil, st_str dialect, st_str data) {
	putc_(p, sigil);
	st_printer_write(p, dialect.data, dialect.len);
	size_t i = 0;
	bool pretty = data.len && isalpha((unsigned char)data.data[0]);
	while (pretty && i < data.len &&
	       (isalnum((unsigned char)data.data[i]) || data.data[i] == '.' || data.data[i] == '_'))
		i++;
	if (pretty && i < data.len) {
		char bad;
		pretty = data.data[i] == '<' &&
		         st__dialect_body_end(data.data + i + 1, data.data + data.len, &bad) == data.data + data.len - 1;
	}
	if (pretty) {
		putc_(p, '.');
		st_printer_write(p, data.data, data.len);
	} else if (p->opts.mlir14) {
		putc_(p, '<');
		st_printer_string(p, data);
		putc_(p, '>');
	} else {
		putc_(p, '<');
		st_printer_write(p, data.data, data.len);
		putc_(p, '>');
	}
}

static void print_attr_impl(st_printer *p, const st_attr *a, bool elide_type);

static void print_dims(st_printer *p, const st_type *t) {
	for (size_t i = 0; i < st_type_rank(t); i++) {
		int64_t d = st_type_dim(t, i);
		bool sc = st_type_dim_scalable(t, i);
		if (sc)
			putc_(p, '[');
		if (d == ST_DYNAMIC)
			putc_(p, '?');
		else
			put_int(p, d);
		if (sc)
			putc_(p, ']');
		putc_(p, 'x');
	}
}

static void print_type_list(st_printer *p, size_t n, st_type *(*get)(const st_type *, size_t), const st_type *t) {
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_type(p, get(t, i));
	}
}

void st_printer_type(st_printer *p, const st_type *t) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_INTEGER: {
		st_signedness s = st_type_int_signedness(t);
		if (s == ST_SIGNED)
			putc_(p, 's');
		else if (s == ST_UNSIGNED)
			putc_(p, 'u');
		putc_(p, 'i');
		put_uint(p, st_type_int_width(t));
		return;
	}
	case ST_TYPE_INDEX:
		st_printer_write(p, "index", 5);
		return;
	case ST_TYPE_BF16:
		st_printer_write(p, "bf16", 4);
		return;
	case ST_TYPE_F16:
		st_printer_write(p, "f16", 3);
		return;
	case ST_TYPE_F32:
		st_printer_write(p, "f32", 3);
		return;
	case ST_TYPE_F64:
		st_printer_write(p, "f64", 3);
		return;
	case ST_TYPE_NONE:
		st_printer_write(p, "none", 4);
		return;
	case ST_TYPE_FUNCTION: {
		putc_(p, '(');
		print_type_list(p, st_type_num_inputs(t), st_type_input, t);
		st_printer_write(p, ") -> ", 5);
		size_t nr = st_type_num_results(t);
		bool paren = nr != 1 || st_type_get_kind(st_type_result(t, 0)) == ST_TYPE_FUNCTION;
		if (paren)
			putc_(p, '(');
		print_type_list(p, nr, st_type_result, t);
		if (paren)
			putc_(p, ')');
		return;
	}
	case ST_TYPE_TUPLE:
		st_printer_write(p, "tuple<", 6);
		print_type_list(p, st_type_num_elements(t), st_type_tuple_element, t);
		putc_(p, '>');
		return;
	case ST_TYPE_VECTOR:
		st_printer_write(p, "vector<", 7);
		print_dims(p, t);
		st_printer_type(p, st_type_element(t));
		putc_(p, '>');
		return;
	case ST_TYPE_RANKED_TENSOR:
		st_printer_write(p, "tensor<", 7);
		print_dims(p, t);
		st_printer_type(p, st_type_element(t));
		if (st_type_encoding(t)) {
			st_printer_write(p, ", ", 2);
			print_attr_impl(p, st_type_encoding(t), false);
		}
		putc_(p, '>');
		return;
	case ST_TYPE_UNRANKED_TENSOR:
		st_printer_write(p, "tensor<*x", 9);
		st_printer_type(p, st_type_element(t));
		putc_(p, '>');
		return;
	case ST_TYPE_MEMREF: {
		st_printer_write(p, "memref<", 7);
		print_dims(p, t);
		st_printer_type(p, st_type_element(t));
		/* MLIR 14 wrote strided layouts as their affine maps. */
		st_attr *layout = st_type_memref_layout(t);
		if (layout && p->opts.mlir14)
			layout = st__strided_as_mlir14(p->ctx, layout);
		if (layout) {
			st_printer_write(p, ", ", 2);
			print_attr_impl(p, layout, false);
		}
		if (st_type_memory_space(t)) {
			st_printer_write(p, ", ", 2);
			print_attr_impl(p, st_type_memory_space(t), true);
		}
		putc_(p, '>');
		return;
	}
	case ST_TYPE_UNRANKED_MEMREF:
		st_printer_write(p, "memref<*x", 9);
		st_printer_type(p, st_type_element(t));
		if (st_type_memory_space(t)) {
			st_printer_write(p, ", ", 2);
			print_attr_impl(p, st_type_memory_space(t), true);
		}
		putc_(p, '>');
		return;
	case ST_TYPE_COMPLEX:
		st_printer_write(p, "complex<", 8);
		st_printer_type(p, st_type_element(t));
		putc_(p, '>');
		return;
	case ST_TYPE_OPAQUE:
		print_dialect_symbol(p, '!', st_ident_str(st_type_dialect_name(t)), st_type_opaque_body(t));
		return;
	case ST_TYPE_DIALECT: {
		st_dialect *d = st_type_dialect(t);
		putc_(p, '!');
		st_printer_puts(p, st_ident_cstr(d->name));
		putc_(p, '.');
		if (d->def->print_type)
			d->def->print_type(p, t);
		else
			st_printer_puts(p, st_ident_cstr(st_type_mnemonic(t)));
		return;
	}
	}
}

/* ------------------------------------------------------------ attributes */

/* Decimal of an arbitrary-width two's-complement integer. */
static void print_apint(st_printer *p, const uint64_t *words, size_t n, unsigned width, bool is_signed) {
	if (n == 1 || width <= 64) {
		uint64_t w = words[0];
		if (is_signed && width > 0 && width < 64 && (w >> (width - 1)) & 1)
			w |= ~0ull << width;
		if (is_signed && width > 0)
			put_int(p, (int64_t)w);
		else
			put_uint(p, w);
		return;
	}
	uint64_t small[8];
	uint64_t *v = n <= 8 ? small : st_ctx_alloc(p->ctx, n * sizeof *v);
	if (!v)
		return;
	memcpy(v, words, n * sizeof *v);
	bool neg = is_signed && (v[(width - 1) / 64] >> ((width - 1) % 64)) & 1;
	if (neg) {
		/* negate within `width` bits */
		uint64_t c = 1;
		for (size_t k = 0; k < n; k++) {
			uint64_t x = ~v[k] + c;
			c = (c && x == 0);
			v[k] = x;
		}
		if (width % 64)
			v[n - 1] &= (1ull << (width % 64)) - 1;
	}
	/* Only the words up to the highest non-zero one take part, and each
	 * pass over them takes 19 digits off: 42 of an i16777215 used to run
	 * two passes over 262144 words (a second per attribute under ASan). */
	size_t top = n;
	while (top && !v[top - 1])
		top--;
	size_t digits_cap = top * 20 + 2;
	char *digits = st_ctx_alloc(p->ctx, digits_cap);
	if (digits) {
		const uint64_t chunk = 10000000000000000000ull; /* 10^19 */
		size_t nd = 0;
		for (;;) {
			unsigned __int128 rem = 0;
			for (size_t k = top; k-- > 0;) {
				unsigned __int128 cur = (rem << 64) | v[k];
				v[k] = (uint64_t)(cur / chunk);
				rem = cur % chunk;
			}
			while (top && !v[top - 1])
				top--;
			uint64_t r = (uint64_t)rem;
			/* Inner chunks keep their zeros, the leading one does not. */
			for (int i = 0; i < 19 && (top || r); i++, r /= 10)
				digits[nd++] = (char)('0' + (int)(r % 10));
			if (!top)
				break;
		}
		if (nd == 0)
			digits[nd++] = '0';
		if (neg)
			putc_(p, '-');
		while (nd)
			putc_(p, digits[--nd]);
		st_ctx_free(p->ctx, digits, digits_cap);
	}
	if (v != small)
		st_ctx_free(p->ctx, v, n * sizeof *v);
}

static void print_int_value(st_printer *p, const st_attr *a) {
	st_type *t = st_attr_type(a);
	if (st_type_is_index(t)) {
		put_int(p, st_attr_int_value(a));
		return;
	}
	/* As MLIR: unsigned, and signless i1, print unsigned (si1 is -1). */
	unsigned w = st_type_int_width(t);
	st_signedness s = st_type_int_signedness(t);
	bool sgn = s == ST_SIGNED || (s == ST_SIGNLESS && w != 1);
	print_apint(p, st_attr_int_words(a), st_attr_int_num_words(a), w, sgn);
}

uint64_t st__float_to_bits(st_type_kind kind, double v);
double st__float_from_bits(st_type_kind kind, uint64_t bits);

size_t st__float_to_string(st_type_kind kind, uint64_t bits, unsigned prec, unsigned max_pad, bool trunc_zero,
                           char *out);

/* Whether `s` reads back as `bits` in the format of `k`.  MLIR reads it
 * straight into the target format; f16 and bf16 go through double here,
 * which rounds twice, but a string of at most 17 digits never lands within
 * 2^-53 of a narrow format's midpoint without being exactly on it. */
static bool reads_back(st_type_kind k, const char *s, uint64_t bits) {
	if (k == ST_TYPE_F32) {
		float f = strtof(s, NULL);
		uint32_t b;
		memcpy(&b, &f, 4);
		return b == bits;
	}
	return st__float_to_bits(k, strtod(s, NULL)) == bits;
}

/* MLIR's printFloatValue: APFloat's 6-digit scientific form if it reads
 * back exactly, else APFloat's default form (up to 17 significant digits
 * for f64, 9 for f32, 5 for f16, 4 for bf16) if it has a '.', else the bit
 * pattern in hex (always so for inf and NaN).  Returns whether it printed
 * hex. */
static bool print_float(st_printer *p, st_type *t, uint64_t bits) {
	st_type_kind k = st_type_get_kind(t);
	double d = st__float_from_bits(k, bits);
	if (isfinite(d)) {
		char buf[64];
		st__float_to_string(k, bits, 6, 0, false, buf);
		if (reads_back(k, buf, bits)) {
			st_printer_puts(p, buf);
			return false;
		}
		st__float_to_string(k, bits, 0, 3, true, buf);
		if (strchr(buf, '.')) {
			st_printer_puts(p, buf);
			return false;
		}
	}
	/* APInt::toString(16) as a C literal: no leading zeros. */
	st_printer_printf(p, "0x%llX", (unsigned long long)bits);
	return true;
}

static void print_dense_value(st_printer *p, const st_attr *a, size_t i, st_type *elt) {
	if (st_type_get_kind(elt) == ST_TYPE_COMPLEX) {
		st_type *s = st_type_element(elt);
		putc_(p, '(');
		for (int k = 0; k < 2; k++) {
			if (k)
				st_printer_write(p, ",", 1);
			if (st_type_is_float(s))
				print_float(p, s, st__float_to_bits(st_type_get_kind(s), st_attr_dense_float(a, 2 * i + (size_t)k)));
			else
				put_int(p, st_attr_dense_int(a, 2 * i + (size_t)k));
		}
		putc_(p, ')');
		return;
	}
	if (st_type_is_float(elt)) {
		print_float(p, elt, st__float_to_bits(st_type_get_kind(elt), st_attr_dense_float(a, i)));
	} else if (st_type_is_signless_integer(elt, 1)) {
		st_printer_puts(p, st_attr_dense_int(a, i) ? "true" : "false");
	} else if (st_type_is_integer(elt) && st_type_int_signedness(elt) == ST_UNSIGNED) {
		put_uint(p, (uint64_t)st_attr_dense_int(a, i));
	} else {
		put_int(p, st_attr_dense_int(a, i));
	}
}

static void print_dense_nested(st_printer *p, const st_attr *a, const st_type *t, size_t dim, size_t *idx) {
	size_t rank = st_type_rank(t);
	st_type *elt = st_type_element(t);
	if (dim == rank) {
		print_dense_value(p, a, (*idx)++, elt);
		return;
	}
	putc_(p, '[');
	for (int64_t i = 0; i < st_type_dim(t, dim); i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		print_dense_nested(p, a, t, dim + 1, idx);
	}
	putc_(p, ']');
}

/* More than 100 elements print as MLIR does, as the hex string of the raw
 * little-endian storage: each element (each half of a complex) in whole
 * bytes.  MLIR packs i1 elements eight to a byte, a form MLIR 14 cannot read
 * back, so i1 keeps the list form. */
static void print_dense_hex(st_printer *p, const st_attr *a, const st_type *t, size_t nelts) {
	static const char hex[] = "0123456789ABCDEF";
	st_type *elt = st_type_element(t);
	bool is_complex = st_type_get_kind(elt) == ST_TYPE_COMPLEX;
	st_type *s = is_complex ? st_type_element(elt) : elt;
	bool is_float = st_type_is_float(s);
	unsigned bits = st_type_is_index(s) ? 64 : is_float ? st_type_float_width(s) : st_type_int_width(s);
	size_t nbytes = (bits + 7) / 8;
	size_t nvals = nelts * (is_complex ? 2 : 1);
	st_printer_write(p, "\"0x", 3);
	for (size_t i = 0; i < nvals; i++) {
		uint64_t v = is_float ? st__float_to_bits(st_type_get_kind(s), st_attr_dense_float(a, i))
		                      : (uint64_t)st_attr_dense_int(a, i);
		if (bits < 64)
			v &= (1ull << bits) - 1;
		for (size_t k = 0; k < nbytes; k++) {
			unsigned byte = (unsigned)(v >> (8 * k)) & 0xff;
			putc_(p, hex[byte >> 4]);
			putc_(p, hex[byte & 15]);
		}
	}
	putc_(p, '"');
}

static void print_loc(st_printer *p, const st_attr *l);

static const alias_entry *find_alias(const st_printer *p, const st_attr *a) {
	for (size_t i = 0; i < p->naliases; i++)
		if (p->aliases[i].attr == a)
			return &p->aliases[i];
	return NULL;
}

static void print_alias_name(st_printer *p, const alias_entry *e) {
	st_printer_puts(p, e->is_set ? "#set" : "#map");
	unsigned total = e->is_set ? p->nsets : p->nmaps;
	if (p->opts.mlir14) {
		if (total > 1)
			put_uint(p, e->number);
	} else if (e->number) {
		put_uint(p, e->number);
	}
}

/* dense<...> with its `: type`, or without where the context gives the
 * type (memref.global's initial value). */
static void print_dense(st_printer *p, const st_attr *a, bool with_type) {
	st_type *t = st_attr_type(a);
	st_printer_write(p, "dense<", 6);
	size_t nelts = (size_t)st_type_num_elements_static(t);
	/* A splat prints its value even when the shape has no elements,
	 * as MLIR does: dense<1.0> : tensor<0xf32> is not dense<>. */
	if (st_attr_dense_is_splat(a)) {
		print_dense_value(p, a, 0, st_type_element(t));
	} else if (nelts > 100 && !st_type_is_signless_integer(st_type_element(t), 1)) {
		print_dense_hex(p, a, t, nelts);
	} else if (nelts) {
		size_t idx = 0;
		print_dense_nested(p, a, t, 0, &idx);
	}
	st_printer_write(p, ">", 1);
	if (with_type) {
		st_printer_write(p, " : ", 3);
		st_printer_type(p, t);
	}
}

static void print_attr_impl(st_printer *p, const st_attr *a, bool elide_type) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_INTEGER: {
		st_type *t = st_attr_type(a);
		if (st_attr_is_bool(a)) {
			st_printer_puts(p, st_attr_int_uvalue(a) ? "true" : "false");
			return;
		}
		print_int_value(p, a);
		if (!(elide_type && st_type_is_signless_integer(t, 64))) {
			st_printer_write(p, " : ", 3);
			st_printer_type(p, t);
		}
		return;
	}
	case ST_ATTR_FLOAT: {
		st_type *t = st_attr_type(a);
		/* A hex f64 keeps its type even where f64 is elided: without
		 * it the literal reads back as an i64.  MLIR 14 drops it there
		 * and loses the value on the next read. */
		bool hex = print_float(p, t, st_attr_float_bits(a));
		if (!(elide_type && st_type_get_kind(t) == ST_TYPE_F64 && !hex)) {
			st_printer_write(p, " : ", 3);
			st_printer_type(p, t);
		}
		return;
	}
	case ST_ATTR_STRING:
		st_printer_string(p, st_attr_string(a));
		if (st_attr_type(a)) {
			st_printer_write(p, " : ", 3);
			st_printer_type(p, st_attr_type(a));
		}
		return;
	case ST_ATTR_UNIT:
		st_printer_write(p, "unit", 4);
		return;
	case ST_ATTR_ARRAY:
		putc_(p, '[');
		for (size_t i = 0; i < st_attr_array_size(a); i++) {
			if (i)
				st_printer_write(p, ", ", 2);
			print_attr_impl(p, st_attr_array_elt(a, i), true);
		}
		putc_(p, ']');
		return;
	case ST_ATTR_DENSE_ARRAY: {
		const st__dense_attr *d = (const st__dense_attr *)a;
		st_printer_write(p, "array<", 6);
		st_printer_type(p, d->type);
		if (d->n) {
			st_printer_write(p, ": ", 2);
			for (size_t i = 0; i < d->n; i++) {
				if (i)
					st_printer_write(p, ", ", 2);
				if (d->is_float)
					print_float(p, d->type, st__float_to_bits(st_type_get_kind(d->type), d->vals[i].f));
				else if (st_type_is_signless_integer(d->type, 1))
					st_printer_puts(p, d->vals[i].i ? "true" : "false");
				else
					put_int(p, d->vals[i].i);
			}
		}
		putc_(p, '>');
		return;
	}
	case ST_ATTR_DICTIONARY:
		putc_(p, '{');
		for (size_t i = 0; i < st_attr_dict_size(a); i++) {
			st_named_attr e = st_attr_dict_entry(a, i);
			if (i)
				st_printer_write(p, ", ", 2);
			st_str n = st_ident_str(e.name);
			if (is_bare_id(n))
				st_printer_write(p, n.data, n.len);
			else
				st_printer_string(p, n);
			if (st_attr_get_kind(e.value) != ST_ATTR_UNIT) {
				st_printer_write(p, " = ", 3);
				print_attr_impl(p, e.value, false);
			}
		}
		putc_(p, '}');
		return;
	case ST_ATTR_TYPE:
		st_printer_type(p, st_attr_type_value(a));
		return;
	case ST_ATTR_SYMBOL_REF:
		st_printer_symbol_name(p, st_ident_str(st_attr_symbol_root(a)));
		for (size_t i = 0; i < st_attr_symbol_num_nested(a); i++) {
			st_printer_write(p, "::", 2);
			st_printer_symbol_name(p, st_ident_str(st_attr_symbol_nested(a, i)));
		}
		return;
	case ST_ATTR_AFFINE_MAP:
	case ST_ATTR_INTEGER_SET: {
		const alias_entry *e = p->in_alias_def ? NULL : find_alias(p, a);
		if (e) {
			print_alias_name(p, e);
			return;
		}
		flush(p);
		if (st_attr_get_kind(a) == ST_ATTR_AFFINE_MAP) {
			st_printer_write(p, "affine_map<", 11);
			flush(p);
			st_affine_map_print(st_attr_affine_map(a), p->w, p->ud);
		} else {
			st_printer_write(p, "affine_set<", 11);
			flush(p);
			st_integer_set_print(st_attr_integer_set(a), p->w, p->ud);
		}
		putc_(p, '>');
		return;
	}
	case ST_ATTR_DENSE_ELEMENTS:
		print_dense(p, a, true);
		return;
	case ST_ATTR_OPAQUE: {
		print_dialect_symbol(p, '#', st_ident_str(st_attr_dialect_name(a)), st_attr_opaque_body(a));
		if (st_attr_type(a)) {
			st_printer_write(p, " : ", 3);
			st_printer_type(p, st_attr_type(a));
		}
		return;
	}
	case ST_ATTR_DIALECT: {
		st_dialect *d = st_attr_dialect(a);
		if (st_attr_is_strided_layout(a)) {
			st__print_strided(p, a);
			return;
		}
		putc_(p, '#');
		st_printer_puts(p, st_ident_cstr(d->name));
		putc_(p, '.');
		if (d->def->print_attr)
			d->def->print_attr(p, a);
		else
			st_printer_puts(p, st_ident_cstr(st_attr_mnemonic(a)));
		return;
	}
	default:
		st_printer_write(p, "loc(", 4);
		print_loc(p, a);
		putc_(p, ')');
		return;
	}
}

void st_printer_attr(st_printer *p, const st_attr *a) { print_attr_impl(p, a, false); }

void st_printer_attr_no_type(st_printer *p, const st_attr *a) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_INTEGER:
		if (st_attr_is_bool(a))
			st_printer_puts(p, st_attr_int_uvalue(a) ? "true" : "false");
		else
			print_int_value(p, a);
		return;
	case ST_ATTR_FLOAT:
		print_float(p, st_attr_type(a), st_attr_float_bits(a));
		return;
	case ST_ATTR_STRING:
		st_printer_string(p, st_attr_string(a));
		return;
	case ST_ATTR_DENSE_ELEMENTS:
		print_dense(p, a, false);
		return;
	default:
		print_attr_impl(p, a, false);
	}
}

static void print_loc(st_printer *p, const st_attr *l) {
	switch (st_attr_get_kind(l)) {
	case ST_ATTR_LOC_UNKNOWN:
		st_printer_write(p, "unknown", 7);
		return;
	case ST_ATTR_LOC_FILE: {
		const st__file_loc *f = (const st__file_loc *)l;
		st_printer_string(p, st_ident_str(f->file));
		putc_(p, ':');
		put_uint(p, f->line);
		putc_(p, ':');
		put_uint(p, f->col);
		if (f->end_line) {
			st_printer_write(p, " to ", 4);
			if (f->end_line != f->line) {
				put_uint(p, f->end_line);
			}
			putc_(p, ':');
			put_uint(p, f->end_col);
		}
		return;
	}
	case ST_ATTR_LOC_NAME: {
		const st__name_loc *n = (const st__name_loc *)l;
		st_printer_string(p, st_ident_str(n->name));
		if (st_attr_get_kind(n->child) != ST_ATTR_LOC_UNKNOWN) {
			putc_(p, '(');
			print_loc(p, n->child);
			putc_(p, ')');
		}
		return;
	}
	case ST_ATTR_LOC_CALLSITE: {
		const st__callsite_loc *c = (const st__callsite_loc *)l;
		st_printer_write(p, "callsite(", 9);
		print_loc(p, c->callee);
		st_printer_write(p, " at ", 4);
		print_loc(p, c->caller);
		putc_(p, ')');
		return;
	}
	case ST_ATTR_LOC_FUSED: {
		const st__list_attr *f = (const st__list_attr *)l;
		st_printer_write(p, "fused", 5);
		if (f->meta) {
			putc_(p, '<');
			print_attr_impl(p, f->meta, false);
			putc_(p, '>');
		}
		putc_(p, '[');
		for (size_t i = 0; i < f->n; i++) {
			if (i)
				st_printer_write(p, ", ", 2);
			print_loc(p, f->elts[i]);
		}
		putc_(p, ']');
		return;
	}
	default:
		print_attr_impl(p, l, false);
	}
}

static void print_trailing_loc(st_printer *p, const st_attr *loc) {
	if (!p->opts.debuginfo || !loc)
		return;
	st_printer_write(p, " loc(", 5);
	print_loc(p, loc);
	putc_(p, ')');
}

/* ---------------------------------------------------------------- naming */

static uint32_t pool_add(st_printer *p, const char *s, size_t n) {
	if (p->pool_len + n + 1 > p->pool_cap) {
		size_t nc = p->pool_cap ? p->pool_cap * 2 : 4096;
		while (nc < p->pool_len + n + 1)
			nc *= 2;
		char *np = st_ctx_realloc(p->ctx, p->pool, p->pool_cap, nc);
		if (!np)
			return UINT32_MAX;
		p->pool = np;
		p->pool_cap = nc;
	}
	if (p->nnames == p->names_cap) {
		size_t nc = p->names_cap ? p->names_cap * 2 : 256;
		uint32_t *no = st_ctx_realloc(p->ctx, p->name_off, p->names_cap * sizeof *no, nc * sizeof *no);
		if (!no)
			return UINT32_MAX;
		p->name_off = no;
		p->names_cap = nc;
	}
	memcpy(p->pool + p->pool_len, s, n);
	p->pool[p->pool_len + n] = 0;
	p->name_off[p->nnames] = (uint32_t)p->pool_len;
	p->pool_len += n + 1;
	return (uint32_t)p->nnames++;
}

static const char *name_str(const st_printer *p, uint32_t idx) { return p->pool + p->name_off[idx]; }

static bool used_find(st_printer *p, const char *s, uint32_t h, size_t *slot) {
	if (!p->used_cap)
		return false;
	size_t j = h & (p->used_cap - 1);
	while (p->used[j] != UINT32_MAX) {
		if (strcmp(name_str(p, p->used[j]), s) == 0) {
			*slot = j;
			return true;
		}
		j = (j + 1) & (p->used_cap - 1);
	}
	*slot = j;
	return false;
}

static bool used_grow(st_printer *p) {
	size_t ncap = p->used_cap ? p->used_cap * 2 : 64;
	uint32_t *nu = st_ctx_alloc(p->ctx, ncap * sizeof *nu);
	if (!nu)
		return false;
	memset(nu, 0xff, ncap * sizeof *nu);
	for (size_t i = 0; i < p->used_cap; i++) {
		if (p->used[i] == UINT32_MAX)
			continue;
		const char *s = name_str(p, p->used[i]);
		size_t j = st__hash_bytes(s, strlen(s), 0) & (ncap - 1);
		while (nu[j] != UINT32_MAX)
			j = (j + 1) & (ncap - 1);
		nu[j] = p->used[i];
	}
	st_ctx_free(p->ctx, p->used, p->used_cap * sizeof *p->used);
	p->used = nu;
	p->used_cap = ncap;
	return true;
}

static bool used_add(st_printer *p, uint32_t idx) {
	if ((p->used_count + 1) * 2 > p->used_cap && !used_grow(p))
		return false;
	const char *s = name_str(p, idx);
	size_t slot;
	if (used_find(p, s, st__hash_bytes(s, strlen(s), 0), &slot))
		return true;
	p->used[slot] = idx;
	p->used_count++;
	if (p->nused_log == p->used_log_cap) {
		size_t nc = p->used_log_cap ? p->used_log_cap * 2 : 64;
		uint32_t *nl = st_ctx_realloc(p->ctx, p->used_log, p->used_log_cap * sizeof *nl, nc * sizeof *nl);
		if (!nl)
			return false;
		p->used_log = nl;
		p->used_log_cap = nc;
	}
	p->used_log[p->nused_log++] = idx;
	return true;
}

/* Removing from open addressing: rebuild the table from the log. */
static void used_pop(st_printer *p, size_t mark) {
	if (mark == p->nused_log)
		return;
	p->nused_log = mark;
	memset(p->used, 0xff, p->used_cap * sizeof *p->used);
	p->used_count = 0;
	size_t n = p->nused_log;
	p->nused_log = 0;
	for (size_t i = 0; i < n; i++)
		used_add(p, p->used_log[i]);
}

typedef struct counters {
	uint32_t next_value, next_arg, next_conflict;
} counters;

/* Sanitises a hint as MLIR's sanitizeIdentifier does: letters, digits and
 * $._- stay, a space becomes '_', any other byte its hex digits, and a
 * leading digit -- written or made by escaping, as "*x" gives "2Ax" -- gets a
 * '_' before it (%0x would look numbered).  A name in use then takes _N
 * suffixes, N from the scope's counter, until unique. */
static void set_hint_name(st_printer *p, st_value *v, const char *hint, counters *c) {
	static const char hex[] = "0123456789ABCDEF";
	char buf[512];
	size_t n = 1; /* buf[0] is kept for that '_' */
	for (const char *s = hint; *s && n < sizeof buf - 24; s++) {
		unsigned char ch = (unsigned char)*s;
		if (isalnum(ch) || ch == '_' || ch == '$' || ch == '.' || ch == '-') {
			buf[n++] = (char)ch;
		} else if (ch == ' ') {
			buf[n++] = '_';
		} else {
			if (ch >> 4)
				buf[n++] = hex[ch >> 4];
			buf[n++] = hex[ch & 15];
		}
	}
	if (n == 1) {
		v->aux = ++c->next_value; /* numbered instead */
		return;
	}
	char *name = buf + 1;
	n--;
	if (isdigit((unsigned char)name[0])) {
		buf[0] = '_';
		name = buf;
		n++;
	}
	name[n] = 0;
	size_t room = sizeof buf - (size_t)(name - buf);
	size_t slot;
	if (!used_find(p, name, st__hash_bytes(name, n, 0), &slot)) {
		uint32_t idx = pool_add(p, name, n);
		if (idx != UINT32_MAX && used_add(p, idx)) {
			v->aux = NAMED_BIT | idx;
			return;
		}
	}
	for (;;) {
		int k = snprintf(name + n, room - n, "_%u", c->next_conflict++);
		if (!used_find(p, name, st__hash_bytes(name, n + (size_t)k, 0), &slot)) {
			uint32_t idx = pool_add(p, name, n + (size_t)k);
			if (idx != UINT32_MAX && used_add(p, idx))
				v->aux = NAMED_BIT | idx;
			return;
		}
	}
}

typedef struct hint_ctx {
	st_printer *p;
	counters *c;
	st_op *op;
	bool args; /* naming entry-block arguments, not results */
} hint_ctx;

static void hint_cb(void *ud, const st_value *v, const char *name) {
	hint_ctx *h = ud;
	st_value *mv = (st_value *)v;
	if ((mv->kind == ST__VAL_ARG) != h->args)
		return;
	if (mv->aux == 0)
		set_hint_name(h->p, mv, name, h->c);
}

static void number_op(st_printer *p, st_op *op, counters *c) {
	for (uint32_t i = 0; i < op->nresults; i++)
		st__result(op, i)->aux = 0;
	const st_opdef *def = op->name->def;
	if (def && def->result_names && !p->opts.generic) {
		hint_ctx h = {p, c, op, false};
		def->result_names(op, hint_cb, &h);
	}
	/* Result groups as MLIR's SSANameState makes them: a hinted result
	 * starts a group, an unhinted one joins the group before it, and an
	 * unhinted first result gets a number.  A group shares one name
	 * (equal aux): %x:2, used as %x#0 and %x#1. */
	for (uint32_t i = 0; i < op->nresults; i++) {
		st_value *v = st__result(op, i);
		if (!v->aux)
			v->aux = i ? st__result(op, i - 1)->aux : ++c->next_value;
	}
}

static void number_region(st_printer *p, st_region *r, counters *c);

static void number_block(st_printer *p, st_block *b, counters *c, bool entry) {
	for (uint32_t i = 0; i < b->nargs; i++)
		b->args[i]->v.aux = 0;
	/* The parent op's result_names hook may name entry arguments too
	 * (hw.module names them after its input ports). */
	st_op *parent = entry ? st_block_parent_op(b) : NULL;
	const st_opdef *pdef = parent ? parent->name->def : NULL;
	if (pdef && pdef->result_names && !p->opts.generic && b->nargs) {
		hint_ctx h = {p, c, parent, true};
		pdef->result_names(parent, hint_cb, &h);
	}
	for (uint32_t i = 0; i < b->nargs; i++) {
		st_value *v = &b->args[i]->v;
		if (v->aux)
			continue;
		if (entry) {
			char buf[32];
			snprintf(buf, sizeof buf, "arg%u", c->next_arg++);
			uint32_t idx = pool_add(p, buf, strlen(buf));
			if (idx != UINT32_MAX) {
				used_add(p, idx);
				v->aux = NAMED_BIT | idx;
			}
		} else {
			v->aux = ++c->next_value;
		}
	}
	for (st_op *o = b->first; o; o = o->next)
		number_op(p, o, c);
}

static void number_region(st_printer *p, st_region *r, counters *c) {
	uint32_t bid = 0;
	for (st_block *b = r->first; b; b = b->next) {
		b->aux = bid++;
		number_block(p, b, c, b == r->first);
	}
	/* Nested regions start from the counters as they are once the whole
	 * region is numbered, so sibling regions reuse numbers. */
	for (st_block *b = r->first; b; b = b->next)
		for (st_op *o = b->first; o; o = o->next)
			for (uint32_t i = 0; i < o->nregions; i++) {
				counters saved = *c;
				size_t mark = p->nused_log;
				number_region(p, &st__regions(o)[i], c);
				*c = saved;
				used_pop(p, mark);
			}
}

/* Whether the printer numbered `v`: it is defined inside the printed op (or
 * is one of its results).  Other values' scratch fields are stale. */
static bool numbered(const st_printer *p, const st_value *v) {
	const st_block *b;
	if (v->kind == ST__VAL_RESULT) {
		const st_op *d = st_value_defining_op(v);
		if (d == p->root)
			return true;
		b = d->block;
	} else if (v->kind == ST__VAL_ARG) {
		b = ((const st__block_arg *)v)->owner;
	} else {
		return false;
	}
	if (b && b == p->inside_block)
		return true;
	for (const st_op *o = b ? st_block_parent_op(b) : NULL; o; o = st_op_parent_op(o))
		if (o == p->root) {
			((st_printer *)p)->inside_block = b;
			return true;
		}
	return false;
}

static void print_value_name(st_printer *p, const st_value *v) {
	if (!v) {
		st_printer_write(p, "<<NULL VALUE>>", 14);
		return;
	}
	uint32_t a = numbered(p, v) ? v->aux : 0;
	putc_(p, '%');
	if (a & NAMED_BIT)
		st_printer_puts(p, name_str(p, a & ~NAMED_BIT));
	else if (a)
		put_uint(p, a - 1);
	else
		st_printer_write(p, "<<UNKNOWN SSA VALUE>>", 21);
}

/* A result of a multi-result group prints as %N#i. */
static void print_value_use(st_printer *p, const st_value *v) {
	print_value_name(p, v);
	if (v->kind == ST__VAL_RESULT) {
		st_op *op = st_value_defining_op(v);
		if (op->nresults > 1) {
			/* The index within the result's group, if it has others. */
			uint32_t first = v->index, end = v->index + 1;
			while (first > 0 && st__result(op, first - 1)->aux == v->aux)
				first--;
			while (end < op->nresults && st__result(op, end)->aux == v->aux)
				end++;
			if (end - first > 1) {
				putc_(p, '#');
				put_uint(p, v->index - first);
			}
		}
	}
}

void st_printer_operand(st_printer *p, const st_value *v) { print_value_use(p, v); }

void st_printer_operands(st_printer *p, st_op *op, size_t start, size_t n) {
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		print_value_use(p, st__uses(op)[start + i].value);
	}
}

void st_printer_successor(st_printer *p, const st_block *b) {
	if (!b) {
		st_printer_write(p, "<<NULL BLOCK>>", 14);
		return;
	}
	st_printer_write(p, "^bb", 3);
	put_uint(p, b->aux);
}

void st_printer_block_arg_decl(st_printer *p, const st_value *v) {
	print_value_name(p, v);
	st_printer_write(p, ": ", 2);
	st_printer_type(p, v->type);
	if (p->opts.debuginfo)
		print_trailing_loc(p, st_value_loc(v));
}

/* ---------------------------------------------------------------- aliases */

static void collect_attr(st_printer *p, const st_attr *a);

static void collect_type(st_printer *p, const st_type *t) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_FUNCTION:
		for (size_t i = 0; i < st_type_num_inputs(t); i++)
			collect_type(p, st_type_input(t, i));
		for (size_t i = 0; i < st_type_num_results(t); i++)
			collect_type(p, st_type_result(t, i));
		return;
	case ST_TYPE_TUPLE:
		for (size_t i = 0; i < st_type_num_elements(t); i++)
			collect_type(p, st_type_tuple_element(t, i));
		return;
	/* Element types, tensor encodings and memory spaces may hold maps
	 * too: tensor<4xi32, affine_map<...>> prints its encoding as #map. */
	case ST_TYPE_VECTOR:
	case ST_TYPE_UNRANKED_TENSOR:
	case ST_TYPE_COMPLEX:
		collect_type(p, st_type_element(t));
		return;
	case ST_TYPE_RANKED_TENSOR:
		collect_type(p, st_type_element(t));
		if (st_type_encoding(t))
			collect_attr(p, st_type_encoding(t));
		return;
	case ST_TYPE_MEMREF:
	case ST_TYPE_UNRANKED_MEMREF:
		collect_type(p, st_type_element(t));
		if (st_type_memref_layout(t)) {
			st_attr *layout = st_type_memref_layout(t);
			if (p->opts.mlir14)
				layout = st__strided_as_mlir14(p->ctx, layout);
			if (layout)
				collect_attr(p, layout);
		}
		if (st_type_memory_space(t))
			collect_attr(p, st_type_memory_space(t));
		return;
	case ST_TYPE_DIALECT:
		for (size_t i = 0; i < st_type_num_params(t); i++)
			collect_attr(p, st_type_param(t, i));
		return;
	default:
		return;
	}
}

static void collect_attr(st_printer *p, const st_attr *a) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_AFFINE_MAP:
	case ST_ATTR_INTEGER_SET: {
		if (find_alias(p, a))
			return;
		if (p->naliases == p->alias_cap) {
			size_t nc = p->alias_cap ? p->alias_cap * 2 : 8;
			alias_entry *na = st_ctx_realloc(p->ctx, p->aliases, p->alias_cap * sizeof *na, nc * sizeof *na);
			if (!na)
				return;
			p->aliases = na;
			p->alias_cap = nc;
		}
		bool is_set = st_attr_get_kind(a) == ST_ATTR_INTEGER_SET;
		unsigned num = is_set ? p->nsets++ : p->nmaps++;
		p->aliases[p->naliases++] = (alias_entry){a, num, is_set};
		return;
	}
	case ST_ATTR_ARRAY:
		for (size_t i = 0; i < st_attr_array_size(a); i++)
			collect_attr(p, st_attr_array_elt(a, i));
		return;
	case ST_ATTR_DICTIONARY:
		for (size_t i = 0; i < st_attr_dict_size(a); i++)
			collect_attr(p, st_attr_dict_entry(a, i).value);
		return;
	case ST_ATTR_TYPE:
		collect_type(p, st_attr_type_value(a));
		return;
	case ST_ATTR_DENSE_ELEMENTS:
	case ST_ATTR_STRING:
	case ST_ATTR_OPAQUE:
		if (st_attr_type(a))
			collect_type(p, st_attr_type(a));
		return;
	case ST_ATTR_DIALECT:
		for (size_t i = 0; i < st_attr_num_params(a); i++)
			collect_attr(p, st_attr_param(a, i));
		return;
	default:
		return;
	}
}

static st_walk_result collect_walk(st_op *op, void *ud) {
	st_printer *p = ud;
	collect_attr(p, op->attrs);
	for (uint32_t i = 0; i < op->nresults; i++)
		collect_type(p, st__result(op, i)->type);
	for (uint32_t r = 0; r < op->nregions; r++)
		for (st_block *b = st__regions(op)[r].first; b; b = b->next)
			for (uint32_t i = 0; i < b->nargs; i++)
				collect_type(p, b->args[i]->v.type);
	return ST_WALK_ADVANCE;
}

static void print_alias_defs(st_printer *p) {
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < p->naliases; i++) {
			const alias_entry *e = &p->aliases[i];
			if (e->is_set != (pass == 1))
				continue;
			print_alias_name(p, e);
			st_printer_write(p, " = ", 3);
			p->in_alias_def = true;
			print_attr_impl(p, e->attr, false);
			p->in_alias_def = false;
			putc_(p, '\n');
		}
}

/* ------------------------------------------------------------ operations */

static void print_op(st_printer *p, st_op *op);

static const char *printed_op_name(st_printer *p, st_op *op, bool custom) {
	const char *name = op->name->name->data;
	if (p->opts.mlir14) {
		st__opname *on = op->name;
		if (!on->mlir14_known) {
			const char *old = st__current_to_mlir14(on->def);
			on->mlir14_name = old ? old : name;
			on->mlir14_known = true;
		}
		name = on->mlir14_name;
	}
	if (custom) {
		/* As MLIR's printOpName: the enclosing op's default dialect is
		 * dropped from a name with one dot.  That is builtin at the top
		 * and in a module, func in func.func (std in MLIR 14's func), and
		 * nothing elsewhere: builtin.unrealized_conversion_cast keeps its
		 * prefix in a function. */
		const char *dd = p->default_dialect;
		if (dd && p->opts.mlir14 && strcmp(dd, "func") == 0)
			dd = "std";
		size_t n = dd ? strlen(dd) : 0;
		if (dd && strncmp(name, dd, n) == 0 && name[n] == '.' && !strchr(name + n + 1, '.'))
			return name + n + 1;
	}
	return name;
}

/* `// pred: ^bb0` or `// 2 preds: ^bb0, ^bb1`, as MLIR writes it: one
 * entry per use, sorted by block number. */
static void print_pred_comment(st_printer *p, st_block *b) {
	size_t n = 0;
	bool single = true;
	for (st_use *u = b->first_use; u; u = u->next)
		n++;
	/* Two edges from one block are two predecessors, as in MLIR's
	 * Block::getSinglePredecessor. */
	single = n == 1;
	if (n == 0) {
		if (b->parent && b != b->parent->first)
			st_printer_write(p, "  // no predecessors", 20);
		return;
	}
	st_printer_write(p, "  // ", 5);
	if (single) {
		st_printer_write(p, "pred: ", 6);
		st_printer_successor(p, b->first_use->owner->block);
		return;
	}
	put_uint(p, n);
	st_printer_write(p, " preds: ", 8);
	uint32_t small[64];
	uint32_t *ids = n <= 64 ? small : st_ctx_alloc(p->ctx, n * sizeof *ids);
	if (!ids)
		return;
	size_t k = 0;
	for (st_use *u = b->first_use; u; u = u->next)
		ids[k++] = u->owner->block ? u->owner->block->aux : 0;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
			uint32_t t = ids[j];
			ids[j] = ids[j - 1];
			ids[j - 1] = t;
		}
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_write(p, "^bb", 3);
		put_uint(p, ids[i]);
	}
	if (ids != small)
		st_ctx_free(p->ctx, ids, n * sizeof *ids);
}

static void print_block(st_printer *p, st_block *b, bool print_header, bool print_terminator) {
	if (print_header) {
		p->indent -= 2;
		newline(p);
		st_printer_write(p, "^bb", 3);
		put_uint(p, b->aux);
		if (b->nargs) {
			putc_(p, '(');
			for (uint32_t i = 0; i < b->nargs; i++) {
				if (i)
					st_printer_write(p, ", ", 2);
				st_printer_block_arg_decl(p, &b->args[i]->v);
			}
			putc_(p, ')');
		}
		putc_(p, ':');
		print_pred_comment(p, b);
		p->indent += 2;
	}
	for (st_op *o = b->first; o; o = o->next) {
		if (!print_terminator && !o->next && st_op_has_trait(o, ST_TRAIT_TERMINATOR))
			break;
		newline(p);
		print_op(p, o);
	}
}

/* As MLIR's printRegion: an empty entry block shows its `^bb0:` header only
 * in the generic form (`empty_block`), so `module {}` prints as it reads. */
static void print_region(st_printer *p, st_region *r, bool print_entry_args, bool print_terminators,
                         bool empty_block) {
	putc_(p, '{');
	p->indent += 2;
	for (st_block *b = r->first; b; b = b->next) {
		bool entry = b == r->first;
		bool header = !entry || (print_entry_args && b->nargs) || b->first_use || (empty_block && !b->first);
		print_block(p, b, header, print_terminators);
	}
	p->indent -= 2;
	newline(p);
	putc_(p, '}');
}

void st_printer_region(st_printer *p, st_region *r, bool print_entry_args, bool print_terminators) {
	print_region(p, r, print_entry_args, print_terminators, false);
}

void st_printer_attr_dict(st_printer *p, const st_op *op, const char *const *elided, bool with_keyword) {
	size_t n = st_attr_dict_size(op->attrs), shown = 0;
	for (size_t i = 0; i < n; i++) {
		st_named_attr e = st_attr_dict_entry(op->attrs, i);
		bool skip = false;
		for (const char *const *el = elided; el && *el && !skip; el++)
			skip = strcmp(*el, e.name->data) == 0;
		if (skip)
			continue;
		if (shown++ == 0) {
			st_printer_puts(p, with_keyword ? " attributes {" : " {");
		} else {
			st_printer_write(p, ", ", 2);
		}
		st_str nm = st_ident_str(e.name);
		if (is_bare_id(nm))
			st_printer_write(p, nm.data, nm.len);
		else
			st_printer_string(p, nm);
		if (st_attr_get_kind(e.value) != ST_ATTR_UNIT) {
			st_printer_write(p, " = ", 3);
			print_attr_impl(p, e.value, false);
		}
	}
	if (shown)
		putc_(p, '}');
}

/* MLIR 14 named some attributes differently and stored some as dense
 * elements; the attribute dictionary is printed through this filter. */
static void print_generic_attrs(st_printer *p, st_op *op) {
	st_attr *d = op->attrs;
	if (!p->opts.mlir14) {
		if (st_attr_dict_size(d)) {
			putc_(p, ' ');
			print_attr_impl(p, d, false);
		}
		return;
	}
	size_t n = st_attr_dict_size(d);
	if (!n)
		return;
	/* Rename keys and convert values (core/mlir14.c), keeping MLIR's sorted
	 * order of the renamed keys. */
	typedef struct {
		const char *name;
		const st_attr *val;
	} ent;
	ent small[32];
	ent *e = n <= 32 ? small : st_ctx_alloc(p->ctx, n * sizeof *e);
	if (!e)
		return;
	for (size_t i = 0; i < n; i++) {
		st_named_attr na = st_attr_dict_entry(d, i);
		st_named_attr old = st__mlir14_attr_export(p->ctx, op->name->def, na);
		if (old.value)
			na = old;
		e[i].name = na.name->data;
		e[i].val = na.value;
	}
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0 && strcmp(e[k - 1].name, e[k].name) > 0; k--) {
			ent t = e[k];
			e[k] = e[k - 1];
			e[k - 1] = t;
		}
	st_printer_write(p, " {", 2);
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_str nm = st_str_c(e[i].name);
		if (is_bare_id(nm))
			st_printer_write(p, nm.data, nm.len);
		else
			st_printer_string(p, nm);
		if (st_attr_get_kind(e[i].val) != ST_ATTR_UNIT) {
			st_printer_write(p, " = ", 3);
			print_attr_impl(p, e[i].val, false);
		}
	}
	putc_(p, '}');
	if (e != small)
		st_ctx_free(p->ctx, e, n * sizeof *e);
}

static void print_generic(st_printer *p, st_op *op) {
	/* Escaped, with its full length, as MLIR's printGenericOp: an
	 * unregistered name may hold quotes, backslashes or NUL bytes. */
	const char *name = printed_op_name(p, op, false);
	st_printer_string(p, name == op->name->name->data ? st_ident_str(op->name->name) : st_str_c(name));
	putc_(p, '(');
	st_printer_operands(p, op, 0, op->noperands);
	putc_(p, ')');
	if (op->nsuccs) {
		putc_(p, '[');
		for (uint32_t i = 0; i < op->nsuccs; i++) {
			if (i)
				st_printer_write(p, ", ", 2);
			st_printer_successor(p, st__succs(op)[i].block);
		}
		putc_(p, ']');
	}
	if (op->nregions) {
		const char *saved = p->default_dialect;
		p->default_dialect = NULL;
		st_printer_write(p, " (", 2);
		for (uint32_t i = 0; i < op->nregions; i++) {
			if (i)
				st_printer_write(p, ", ", 2);
			print_region(p, &st__regions(op)[i], true, true, true);
		}
		putc_(p, ')');
		p->default_dialect = saved;
	}
	print_generic_attrs(p, op);
	st_printer_write(p, " : (", 4);
	for (uint32_t i = 0; i < op->noperands; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_type(p, st__uses(op)[i].value->type);
	}
	st_printer_write(p, ") -> ", 5);
	bool paren = op->nresults != 1 || st_type_get_kind(st__result(op, 0)->type) == ST_TYPE_FUNCTION;
	if (paren)
		putc_(p, '(');
	for (uint32_t i = 0; i < op->nresults; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_type(p, st__result(op, i)->type);
	}
	if (paren)
		putc_(p, ')');
}

void st__format_print(st_printer *p, st_op *op, const st_opdef *def);

static void print_result_names(st_printer *p, st_op *op) {
	if (!op->nresults)
		return;
	/* A group of k results with one name prints as %name:k. */
	for (uint32_t i = 0; i < op->nresults;) {
		st_value *v = st__result(op, i);
		uint32_t k = 1;
		while (i + k < op->nresults && st__result(op, i + k)->aux == v->aux)
			k++;
		if (i)
			st_printer_write(p, ", ", 2);
		print_value_name(p, v);
		if (k > 1) {
			putc_(p, ':');
			put_uint(p, k);
		}
		i += k;
	}
	st_printer_write(p, " = ", 3);
}

static void print_op(st_printer *p, st_op *op) {
	print_result_names(p, op);
	const st_opdef *def = op->name->def;
	bool custom = !p->opts.generic && def && (def->format || def->print);
	if (custom) {
		st_printer_puts(p, printed_op_name(p, op, true));
		const char *saved = p->default_dialect;
		p->default_dialect = def->default_dialect;
		/* builtin.module's definition names no default dialect; MLIR's
		 * module has builtin. */
		if (!def->default_dialect && strcmp(op->name->name->data, "builtin.module") == 0)
			p->default_dialect = "builtin";
		if (def->format)
			st__format_print(p, op, def);
		else
			def->print(p, op);
		p->default_dialect = saved;
	} else {
		print_generic(p, op);
	}
	print_trailing_loc(p, p->opts.debuginfo ? st__op_loc(op) : NULL);
}

/* -------------------------------------------------------------- entries */

static void printer_init(st_printer *p, st_context *ctx, const st_print_options *o, st_write_fn w, void *ud) {
	memset(p, 0, offsetof(st_printer, buf));
	p->len = 0;
	p->indent = 0;
	p->pool = NULL;
	p->pool_len = p->pool_cap = 0;
	p->name_off = NULL;
	p->nnames = p->names_cap = 0;
	p->used = NULL;
	p->used_cap = p->used_count = 0;
	p->used_log = NULL;
	p->nused_log = p->used_log_cap = 0;
	p->aliases = NULL;
	p->naliases = p->alias_cap = 0;
	p->nmaps = p->nsets = 0;
	p->in_alias_def = false;
	p->default_dialect = "builtin"; /* the top level, as in MLIR */
	p->ctx = ctx;
	if (o)
		p->opts = *o;
	p->w = w;
	p->ud = ud;
}

static void printer_fini(st_printer *p) {
	flush(p);
	st_ctx_free(p->ctx, p->pool, p->pool_cap);
	st_ctx_free(p->ctx, p->name_off, p->names_cap * sizeof *p->name_off);
	st_ctx_free(p->ctx, p->used, p->used_cap * sizeof *p->used);
	st_ctx_free(p->ctx, p->used_log, p->used_log_cap * sizeof *p->used_log);
	st_ctx_free(p->ctx, p->aliases, p->alias_cap * sizeof *p->aliases);
}

/* Swallows the check's diagnostics, but not running out of memory, which
 * the caller must hear about. */
static bool swallow(void *ud, const st_diag_info *d) {
	(void)ud;
	return strcmp(d->message, "out of memory") != 0;
}

static bool verifies_quietly(st_op *op) {
	st_context *ctx = op->name->ctx;
	if (st_failed(st_context_push_diag_handler(ctx, swallow, NULL)))
		return false; /* out of memory: print generically */
	size_t errors = st_context_num_errors(ctx);
	bool ok = st_succeeded(st_verify(op));
	st_context_pop_diag_handler(ctx);
	/* The check must not count as errors the caller sees. */
	if (!ctx->oom)
		ctx->nerrors = errors;
	return ok;
}

void st_print_op(st_op *op, const st_print_options *opts, st_write_fn w, void *ud) {
	st_context *ctx = op->name->ctx;
	st_printer *p = st_ctx_alloc(ctx, sizeof *p);
	if (!p)
		return;
	printer_init(p, ctx, opts, w, ud);
	p->root = op;
	p->inside_block = NULL;
	/* Custom printers may rely on what the verifier checks; IR that does
	 * not verify is printed generically, as MLIR does. */
	if (!p->opts.generic && !p->opts.assume_verified && !verifies_quietly(op))
		p->opts.generic = true;
	if (!p->opts.no_aliases) {
		st_walk(op, ST_WALK_PRE, collect_walk, p);
		print_alias_defs(p);
	}
	/* Number values: the op itself is a scope of its own. */
	counters c = {0, 0, 0};
	number_op(p, op, &c);
	for (uint32_t i = 0; i < op->nregions; i++) {
		counters saved = c;
		size_t mark = p->nused_log;
		number_region(p, &st__regions(op)[i], &c);
		c = saved;
		used_pop(p, mark);
	}
	print_op(p, op);
	putc_(p, '\n');
	printer_fini(p);
	st_ctx_free(ctx, p, sizeof *p);
}

static st_printer *small_printer(st_context *ctx, st_write_fn w, void *ud) {
	st_printer *p = st_ctx_alloc(ctx, sizeof *p);
	if (p)
		printer_init(p, ctx, NULL, w, ud);
	return p;
}

void st_print_type(st_context *ctx, const st_type *t, st_write_fn w, void *ud) {
	st_printer *p = small_printer(ctx, w, ud);
	if (!p)
		return;
	p->opts.no_aliases = true;
	st_printer_type(p, t);
	printer_fini(p);
	st_ctx_free(ctx, p, sizeof *p);
}

void st_print_attr(st_context *ctx, const st_attr *a, st_write_fn w, void *ud) {
	st_printer *p = small_printer(ctx, w, ud);
	if (!p)
		return;
	print_attr_impl(p, a, false);
	printer_fini(p);
	st_ctx_free(ctx, p, sizeof *p);
}

static void stderr_write(void *ud, const char *d, size_t n) {
	(void)ud;
	fwrite(d, 1, n, stderr);
}

void st_op_dump(st_op *op) { st_print_op(op, NULL, stderr_write, NULL); }

const char *st_type_str(st_context *ctx, const st_type *t, char *buf, size_t n) {
	st__bounded b = {buf, n, 0};
	st_print_type(ctx, t, st__bounded_write, &b);
	buf[b.len < n ? b.len : n - 1] = 0;
	return buf;
}

const char *st_attr_str(st_context *ctx, const st_attr *a, char *buf, size_t n) {
	st__bounded b = {buf, n, 0};
	st_print_attr(ctx, a, st__bounded_write, &b);
	buf[b.len < n ? b.len : n - 1] = 0;
	return buf;
}
