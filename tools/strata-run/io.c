/* Reading and writing memref arguments: NumPy .npy (format versions 1-3,
 * C order, little- or big-endian; the header and the element rules are
 * strata/npy.h's, shared with ub-simulate) and binary Netpbm (P5 PGM as [H, W],
 * P6 PPM as [H, W, 3], samples of 8 bits, or 16 bits big-endian when the
 * maximum value is above 255).  The element type comes from the function's
 * signature; a file's data type must fit it (docs/interpreter.md). */
#include "io.h"
#include "strata/npy.h"
#include "strata/outfile.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static bool fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t n, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
	return false;
}

io_format io_format_of(const char *path) {
	const char *dot = strrchr(path, '.');
	if (!dot)
		return IO_NONE;
	if (!strcmp(dot, ".npy"))
		return IO_NPY;
	if (!strcmp(dot, ".pgm"))
		return IO_PGM;
	if (!strcmp(dot, ".ppm"))
		return IO_PPM;
	return IO_NONE;
}

bool io_read_file(const char *path, unsigned char **data, size_t *len, char *err, size_t n) {
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f)
		return fail(err, n, "cannot open '%s': %s", path, strerror(errno));
	size_t cap = 1 << 16, used = 0;
	unsigned char *buf = malloc(cap);
	while (buf) {
		if (used == cap) {
			unsigned char *nb = realloc(buf, cap *= 2);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		size_t r = fread(buf + used, 1, cap - used, f);
		used += r;
		if (r == 0)
			break;
	}
	bool bad = ferror(f);
	if (f != stdin)
		fclose(f);
	if (!buf || bad) {
		free(buf);
		return fail(err, n, "cannot read '%s'", path);
	}
	*data = buf;
	*len = used;
	return true;
}

/* ------------------------------------------------------------ elements */

/* An element of `elt` from an image sample (unsigned); false when the
 * value does not fit. */
static bool sample_elt(st_interp *it, st_type *elt, uint64_t v, st_ival *out) {
	if (st_type_is_float(elt)) {
		*out = st_ival_bits(elt, st_float_bits_from_double(st_type_get_kind(elt), (double)v));
		return true;
	}
	unsigned w = st_interp_int_width(elt);
	if (w < 64 && v >> w)
		return false;
	return st_succeeded(st_ival_from_words(it, elt, &v, 1, out));
}

/* The sizes of the memref: static dims must match the file's. */
static bool match_shape(st_type *t, size_t rank, const int64_t *shape, int64_t *dyn, size_t *ndyn, char *err,
                        size_t n) {
	if (rank != st_type_rank(t))
		return fail(err, n, "the file holds a rank-%zu array, the argument has rank %zu", rank, st_type_rank(t));
	*ndyn = 0;
	for (size_t i = 0; i < rank; i++) {
		int64_t d = st_type_dim(t, i);
		if (d == ST_DYNAMIC)
			dyn[(*ndyn)++] = shape[i];
		else if (d != shape[i])
			return fail(err, n, "dimension %zu of the file is %lld, the argument's is %lld", i, (long long)shape[i],
			            (long long)d);
	}
	return true;
}

static bool alloc_arg(st_interp *it, st_type *t, const int64_t *dyn, st_ival *out, char *err, size_t n) {
	if (st_failed(st_interp_memref_alloc(it, NULL, t, dyn, ST_BUF_HEAP, true, out)))
		return fail(err, n, "cannot make a buffer for the argument");
	return true;
}

/* A new memref of type `t` from the `len` bytes of a whole .npy file. */
static bool read_npy(st_interp *it, const unsigned char *d, size_t len, st_type *t, st_ival *out, char *err,
                     size_t n) {
	st_npy_header h;
	st_type *elt = st_type_element(t);
	if (!st_npy_read_header(d, len, &h, err, n) ||
	    !st_npy_check_element(st_interp_context(it), &h.dtype, elt, err, n))
		return false;
	int64_t dyn[ST_NPY_MAX_RANK];
	size_t ndyn;
	if (!match_shape(t, h.rank, h.shape, dyn, &ndyn, err, n) || !alloc_arg(it, t, dyn, out, err, n))
		return false;
	for (uint64_t k = 0; k < h.count; k++) {
		uint64_t bits;
		if (!st_npy_get(&h, d, k, elt, &bits)) {
			st_ival_release(it, out);
			return fail(err, n, "element %llu of the .npy file does not fit the element type", (unsigned long long)k);
		}
		st_ival v = st_ival_bits(elt, bits);
		st_interp_memref_set(it, out, (int64_t)k, &v);
	}
	return true;
}

static bool write_npy(st_interp *it, FILE *f, const st_ival *m, char *err, size_t n) {
	st_type *elt = st_type_element(m->type);
	st_npy_dtype dt;
	if (!st_npy_dtype_of(elt, &dt)) {
		char tb[32];
		return fail(err, n, "no .npy data type holds '%s'", st_type_str(st_interp_context(it), elt, tb, sizeof tb));
	}
	unsigned char hdr[ST_NPY_MAX_HEADER];
	size_t hlen = st_npy_write_header(&dt, m->u.mem->rank, m->u.mem->sizes, hdr);
	if (!hlen)
		return fail(err, n, "a .npy file holds at most %d dimensions", ST_NPY_MAX_RANK);
	fwrite(hdr, 1, hlen, f);
	int64_t count = st_interp_memref_num_elements(m);
	for (int64_t k = 0; k < count; k++) {
		st_ival v;
		if (!st_interp_memref_get(it, m, k, &v))
			return fail(err, n, "cannot read element %lld", (long long)k);
		unsigned char e[8];
		st_npy_put(&dt, elt, v.poison ? 0 : v.u.bits, e);
		fwrite(e, 1, dt.size, f);
	}
	return true;
}

/* ------------------------------------------------------------- netpbm */

static bool pnm_number(const unsigned char *d, size_t len, size_t *pos, long *out) {
	for (;;) {
		while (*pos < len && (d[*pos] == ' ' || d[*pos] == '\t' || d[*pos] == '\n' || d[*pos] == '\r'))
			(*pos)++;
		if (*pos < len && d[*pos] == '#') {
			while (*pos < len && d[*pos] != '\n')
				(*pos)++;
			continue;
		}
		break;
	}
	long v = 0;
	size_t start = *pos;
	while (*pos < len && d[*pos] >= '0' && d[*pos] <= '9' && v < 100000000)
		v = v * 10 + (d[(*pos)++] - '0');
	*out = v;
	return *pos > start;
}

static bool read_pnm(st_interp *it, const unsigned char *d, size_t len, bool color, st_type *t, st_ival *out,
                     char *err, size_t n) {
	if (len < 2 || d[0] != 'P' || d[1] != (color ? '6' : '5'))
		return fail(err, n, "not a binary %s file (P%c)", color ? "PPM" : "PGM", color ? '6' : '5');
	size_t pos = 2;
	long w, h, maxval;
	if (!pnm_number(d, len, &pos, &w) || !pnm_number(d, len, &pos, &h) || !pnm_number(d, len, &pos, &maxval) ||
	    pos >= len || w <= 0 || h <= 0 || maxval <= 0 || maxval > 65535)
		return fail(err, n, "cannot read the %s header", color ? "PPM" : "PGM");
	pos++; /* the single whitespace before the samples */
	int64_t shape[3] = {h, w, 3};
	size_t rank = color ? 3 : 2;
	int64_t dyn[3];
	size_t ndyn;
	if (!match_shape(t, rank, shape, dyn, &ndyn, err, n))
		return false;
	unsigned bytes = maxval > 255 ? 2 : 1;
	int64_t count = h * w * (color ? 3 : 1);
	if ((len - pos) / bytes < (size_t)count)
		return fail(err, n, "the image holds fewer than %lld samples", (long long)count);
	st_type *elt = st_type_element(t);
	if (!alloc_arg(it, t, dyn, out, err, n))
		return false;
	for (int64_t k = 0; k < count; k++) {
		const unsigned char *p = d + pos + (size_t)k * bytes;
		int64_t v = bytes == 2 ? (p[0] << 8 | p[1]) : p[0];
		st_ival e;
		if (!sample_elt(it, elt, (uint64_t)v, &e)) {
			st_ival_release(it, out);
			char tb[32];
			return fail(err, n, "sample value %lld does not fit '%s'", (long long)v,
			            st_type_str(st_interp_context(it), elt, tb, sizeof tb));
		}
		st_interp_memref_set(it, out, k, &e);
		st_ival_release(it, &e);
	}
	return true;
}

/* Samples: ints of up to 8 bits as their unsigned bit pattern (maxval 255),
 * of up to 16 bits likewise (65535), wider ints must lie in [0, 65535];
 * floats round to nearest and clamp to [0, 255]. */
static bool write_pnm(st_interp *it, FILE *f, const st_ival *m, bool color, char *err, size_t n) {
	const st_interp_memref *d = m->u.mem;
	size_t rank = color ? 3 : 2;
	if (d->rank != rank || (color && d->sizes[2] != 3))
		return fail(err, n, "a %s needs a memref of shape %s", color ? "PPM" : "PGM", color ? "HxWx3" : "HxW");
	st_type *elt = st_type_element(m->type);
	unsigned w = st_interp_int_width(elt);
	long maxval = st_type_is_float(elt) || (w && w <= 8) ? 255 : 65535;
	if (!st_type_is_float(elt) && (w == 0 || w > 64))
		return fail(err, n, "cannot write '%s' elements as image samples",
		            st_type_str(st_interp_context(it), elt, (char[32]){0}, 32));
	fprintf(f, "P%c\n%lld %lld\n%ld\n", color ? '6' : '5', (long long)d->sizes[1], (long long)d->sizes[0], maxval);
	int64_t count = st_interp_memref_num_elements(m);
	for (int64_t k = 0; k < count; k++) {
		st_ival v;
		if (!st_interp_memref_get(it, m, k, &v) || v.poison)
			return fail(err, n, "element %lld was never written", (long long)k);
		long s;
		if (st_type_is_float(elt)) {
			double x = st_float_bits_to_double(st_type_get_kind(elt), v.u.bits);
			x = isnan(x) ? 0 : x < 0 ? 0 : x > maxval ? (double)maxval : x;
			s = lround(x);
		} else if (w <= 16) {
			s = (long)v.u.bits;
		} else {
			int64_t sv = w < 64 && (v.u.bits >> (w - 1)) ? (int64_t)(v.u.bits | ~0ull << w) : (int64_t)v.u.bits;
			if (sv < 0 || sv > 65535)
				return fail(err, n, "element %lld (%lld) is outside [0, 65535]", (long long)k, (long long)sv);
			s = (long)sv;
		}
		if (maxval > 255)
			fputc((int)(s >> 8), f);
		fputc((int)(s & 0xff), f);
	}
	return true;
}

/* ------------------------------------------------------------ entries */

bool io_read_memref(st_interp *it, const char *path, st_type *t, st_ival *out, char *err, size_t errlen) {
	io_format fmt = io_format_of(path);
	if (fmt == IO_NONE)
		return fail(err, errlen, "'%s': unknown file type (expected .npy, .pgm or .ppm)", path);
	unsigned char *d = NULL;
	size_t len = 0;
	if (!io_read_file(path, &d, &len, err, errlen))
		return false;
	bool ok = fmt == IO_NPY ? read_npy(it, d, len, t, out, err, errlen)
	                        : read_pnm(it, d, len, fmt == IO_PPM, t, out, err, errlen);
	free(d);
	if (!ok && strncmp(err, "cannot", 6) != 0) {
		char tmp[512];
		snprintf(tmp, sizeof tmp, "'%s': %s", path, err);
		snprintf(err, errlen, "%s", tmp);
	}
	return ok;
}

bool io_write_memref(st_interp *it, const char *path, const st_ival *m, char *err, size_t errlen) {
	io_format fmt = io_format_of(path);
	if (fmt == IO_NONE)
		return fail(err, errlen, "'%s': unknown file type (expected .npy, .pgm or .ppm)", path);
	if (!st_interp_memref_live(m))
		return fail(err, errlen, "the memref written to '%s' was deallocated", path);
	st_outfile o;
	if (!st_outfile_open(&o, path, 0666))
		return fail(err, errlen, "cannot write '%s': %s", path, st_outfile_error(&o));
	bool ok = fmt == IO_NPY ? write_npy(it, o.f, m, err, errlen) : write_pnm(it, o.f, m, fmt == IO_PPM, err, errlen);
	/* A failure leaves the destination as it was (a regular file is only
	 * replaced on success; a device or FIFO is never removed). */
	if (!st_outfile_close(&o, ok) && ok)
		ok = fail(err, errlen, "cannot write '%s': %s", path, st_outfile_error(&o));
	return ok;
}
