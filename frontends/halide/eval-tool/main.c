/* strata-hl-eval: runs the direct evaluator of a .hl program (the
 * algorithm alone, schedule ignored) on .npy inputs and writes or prints
 * its outputs.  Tests compare it with strata-run on the lowered IR.
 *
 *   strata-hl-eval prog.hl --arg=in.npy ... [--out=N:file.npy] [--check]
 *
 * Without --out the outputs are printed, one row per line.  Files are read
 * and written through strata/npy.h, as strata-run does, so the two tools
 * agree on what a .npy file holds. */
#include "strata/halide.h"
#include "strata/limit.h"
#include "strata/npy.h"
#include "strata/outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *read_file(const char *path, size_t *len) {
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	unsigned char *d = malloc(cap + 1);
	size_t k;
	while (d && (k = fread(d + n, 1, cap - n, f)) > 0) {
		n += k;
		if (n == cap) {
			unsigned char *nd = realloc(d, cap * 2 + 1);
			if (!nd) {
				free(d);
				d = NULL;
				break;
			}
			d = nd;
			cap *= 2;
		}
	}
	/* A read error (a folder given as a file: EISDIR) is no empty file. */
	int err = ferror(f) ? errno : 0;
	fclose(f);
	if (err) {
		free(d);
		errno = err;
		return NULL;
	}
	if (d)
		d[n] = 0;
	else
		errno = ENOMEM;
	*len = n;
	return d;
}

/* A buffer's element type three ways: the Strata type of its values in
 * the lowered IR (what strata/npy.h checks a file against), the .npy type
 * written for it (unsigned types as 'u', as numpy.save writes them), and the
 * bytes an element takes in the buffer. */
typedef struct elt_info {
	st_type *type;
	st_npy_dtype dtype;
	size_t mem;
} elt_info;

static bool elt_of(st_context *ctx, const char *name, elt_info *e) {
	bool uns = name[0] == 'u', is_bool = !strcmp(name, "bool");
	st_type *t = !strcmp(name, "f32")    ? st_float_type(ctx, ST_TYPE_F32)
	             : !strcmp(name, "bf16") ? st_float_type(ctx, ST_TYPE_BF16)
	             : is_bool               ? st_integer_type(ctx, 1, ST_SIGNLESS)
	             : uns || name[0] == 'i' ? st_integer_type(ctx, (unsigned)atoi(name + 1), uns ? ST_UNSIGNED : ST_SIGNLESS)
	                                     : NULL;
	if (!t || !st_npy_dtype_of(t, &e->dtype))
		return false;
	if (uns)
		e->dtype.kind = 'u';
	e->type = t;
	/* The evaluator keeps bools in 32-bit words (hl_eval.c's load/store). */
	e->mem = is_bool ? 4 : e->dtype.size;
	return true;
}

static uint64_t get_elt(const st_halide_buffer *b, const elt_info *e, int64_t k) {
	const unsigned char *d = b->data;
	return e->mem == 1 ? ((const uint8_t *)d)[k] : e->mem == 2 ? ((const uint16_t *)d)[k] : ((const uint32_t *)d)[k];
}

static void set_elt(st_halide_buffer *b, const elt_info *e, int64_t k, uint64_t bits) {
	unsigned char *d = b->data;
	if (e->mem == 1)
		((uint8_t *)d)[k] = (uint8_t)bits;
	else if (e->mem == 2)
		((uint16_t *)d)[k] = (uint16_t)bits;
	else
		((uint32_t *)d)[k] = (uint32_t)bits;
}

static int64_t count(const st_halide_buffer *b) {
	int64_t n = 1;
	for (size_t i = 0; i < b->rank; i++)
		n *= b->shape[i];
	return n;
}

/* Fills input `b` (type and rank set, named `name`, elements `e`) from
 * the `len` bytes of the .npy file at `d`: the shape is the file's. */
static bool read_npy(st_context *ctx, const unsigned char *d, size_t len, const char *name, const elt_info *e,
                     st_halide_buffer *b, char *err, size_t n) {
	st_npy_header h;
	if (!st_npy_read_header(d, len, &h, err, n) || !st_npy_check_element(ctx, &h.dtype, e->type, err, n))
		return false;
	if (h.rank != b->rank) {
		snprintf(err, n, "the file holds a rank-%zu array, input '%s' has rank %zu", h.rank, name, b->rank);
		return false;
	}
	memcpy(b->shape, h.shape, b->rank * sizeof *b->shape);
	b->data = malloc(h.count ? h.count * e->mem : 1);
	if (!b->data) {
		snprintf(err, n, "out of memory");
		return false;
	}
	for (uint64_t k = 0; k < h.count; k++) {
		uint64_t bits;
		if (!st_npy_get(&h, d, k, e->type, &bits)) {
			snprintf(err, n, "element %llu of the .npy file does not fit input '%s'", (unsigned long long)k, name);
			return false;
		}
		set_elt(b, e, (int64_t)k, bits);
	}
	return true;
}

/* Input `i` of `prog` from the file at `path`; false after an error naming
 * the file. */
static bool load_input(st_context *ctx, st_halide_program *prog, size_t i, const char *path, st_halide_buffer *b) {
	const char *name = st_halide_input_desc(prog, i, b);
	elt_info e;
	if (!elt_of(ctx, b->type, &e)) {
		fprintf(stderr, "strata-hl-eval: error: input '%s' has type %s, which no .npy file holds\n", name, b->type);
		return false;
	}
	size_t len;
	unsigned char *d = read_file(path, &len);
	if (!d) {
		fprintf(stderr, "strata-hl-eval: error: cannot read '%s': %s\n", path, strerror(errno));
		return false;
	}
	char err[256];
	bool ok = read_npy(ctx, d, len, name, &e, b, err, sizeof err);
	if (!ok)
		fprintf(stderr, "strata-hl-eval: error: '%s': %s\n", path, err);
	free(d);
	return ok;
}

/* Output `b` into the file at `path`, written as strata/outfile.h writes
 * (the destination keeps what it had when the file cannot be written whole). */
static bool store_output(const char *path, const elt_info *e, const st_halide_buffer *b) {
	unsigned char hdr[ST_NPY_MAX_HEADER];
	size_t hlen = st_npy_write_header(&e->dtype, b->rank, b->shape, hdr);
	st_outfile o;
	if (!st_outfile_open(&o, path, 0666)) {
		fprintf(stderr, "strata-hl-eval: error: cannot write '%s': %s\n", path, st_outfile_error(&o));
		return false;
	}
	st_outfile_write(&o, (const char *)hdr, hlen);
	for (int64_t k = 0, n = count(b); k < n && !o.err; k++) {
		unsigned char out[8];
		st_npy_put(&e->dtype, e->type, get_elt(b, e, k), out);
		st_outfile_write(&o, (const char *)out, e->dtype.size);
	}
	if (st_outfile_close(&o, hlen > 0))
		return true;
	fprintf(stderr, "strata-hl-eval: error: cannot write '%s': %s\n", path,
	        hlen ? st_outfile_error(&o) : "the shape has no .npy header");
	return false;
}

static void print_buffer(const char *name, const elt_info *e, const st_halide_buffer *b) {
	int64_t n = count(b), row = b->rank ? b->shape[b->rank - 1] : 1;
	printf("%s:\n", name);
	for (int64_t k = 0; k < n; k++) {
		uint64_t v = get_elt(b, e, k);
		if (st_type_get_kind(e->type) == ST_TYPE_BF16) {
			printf("0x%04x", (unsigned)v);
		} else if (e->dtype.kind == 'f') {
			float x;
			uint32_t w = (uint32_t)v;
			memcpy(&x, &w, sizeof x);
			printf("%.9g", x);
		} else if (e->dtype.kind == 'i') {
			/* Sign-extended from the element's width. */
			unsigned sh = 64 - 8 * e->dtype.size;
			printf("%lld", (long long)((int64_t)(v << sh) >> sh));
		} else {
			printf("%llu", (unsigned long long)v);
		}
		putchar((k + 1) % row ? ' ' : '\n');
	}
}

/* Evaluates `prog` on the files `args` and writes its outputs to `outs`
 * (printing those without a file); 0 or 1 as the tool exits. */
static int run(st_context *ctx, st_halide_program *prog, const char *const *args, size_t nargs,
               const char *const *outs) {
	size_t nin = st_halide_num_inputs(prog), nout = st_halide_num_outputs(prog);
	if (nin != nargs || nin > 16 || nout > 16) {
		fprintf(stderr, "strata-hl-eval: error: the program has %zu inputs, %zu given\n", nin, nargs);
		return 1;
	}
	for (size_t k = nout; k < 16; k++)
		if (outs[k]) {
			fprintf(stderr, "strata-hl-eval: error: --out=%zu:%s: the program has %zu output%s (0 to %zu)\n", k,
			        outs[k], nout, nout == 1 ? "" : "s", nout ? nout - 1 : 0);
			return 1;
		}
	st_halide_buffer in[16], out[16];
	elt_info eout[16];
	memset(in, 0, sizeof in);
	memset(out, 0, sizeof out);
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < nin; i++)
		if (!load_input(ctx, prog, i, args[i], &in[i]))
			rc = 1;
	for (size_t i = 0; rc == 0 && i < nout; i++) {
		const char *name = st_halide_output_desc(prog, i, &out[i]);
		if (!elt_of(ctx, out[i].type, &eout[i])) {
			fprintf(stderr, "strata-hl-eval: error: output '%s' has type %s, which no .npy file holds\n", name,
			        out[i].type);
			rc = 1;
		} else if (!(out[i].data = calloc((size_t)count(&out[i]) + 1, eout[i].mem))) {
			fprintf(stderr, "strata-hl-eval: error: out of memory for output '%s'\n", name);
			rc = 1;
		}
	}
	if (rc == 0 && st_failed(st_halide_eval(prog, in, out)))
		rc = 1;
	for (size_t i = 0; rc == 0 && i < nout; i++) {
		st_halide_buffer d;
		if (outs[i] && !store_output(outs[i], &eout[i], &out[i]))
			rc = 1;
		else if (!outs[i])
			print_buffer(st_halide_output_desc(prog, i, &d), &eout[i], &out[i]);
	}
	for (size_t i = 0; i < 16; i++) {
		free(in[i].data);
		free(out[i].data);
	}
	return rc;
}

static int tool_main(int argc, char **argv) {
	const char *file = NULL, *args[16], *outs[16] = {0}, *limits[16];
	size_t nargs = 0, nlimits = 0;
	bool check = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strncmp(a, "--arg=", 6) && nargs < 16) {
			args[nargs++] = a + 6;
		} else if (!strncmp(a, "--limit=", 8) && nlimits < 16) {
			limits[nlimits++] = a + 8;
		} else if (!strncmp(a, "--out=", 6)) {
			char *end;
			long k = strtol(a + 6, &end, 10);
			if (*end != ':' || k < 0 || k >= 16) {
				fprintf(stderr, "strata-hl-eval: error: --out=N:file expected: '%s'\n", a);
				return 2;
			}
			outs[k] = end + 1;
		} else if (!strcmp(a, "--check")) {
			check = true;
		} else if (a[0] != '-' && !file) {
			file = a;
		} else {
			fprintf(stderr, "usage: strata-hl-eval FILE.hl [--arg=in.npy]... [--out=N:out.npy] [--check] [--limit=NAME=N]\n");
			return 2;
		}
	}
	if (!file) {
		fprintf(stderr, "usage: strata-hl-eval FILE.hl [--arg=in.npy]... [--out=N:out.npy] [--check] [--limit=NAME=N]\n");
		return 2;
	}
	size_t len;
	unsigned char *text = read_file(file, &len);
	if (!text) {
		fprintf(stderr, "strata-hl-eval: error: cannot read '%s': %s\n", file, strerror(errno));
		return 1;
	}
	st_context *ctx = st_context_create();
	bool ok = ctx && st_succeeded(st_register_halide_translations(ctx));
	for (size_t k = 0; ok && k < nlimits; k++) {
		char err[512];
		if (!(ok = st_context_parse_limit(ctx, limits[k], err, sizeof err)))
			fprintf(stderr, "strata-hl-eval: error: --limit: %s\n", err);
	}
	st_halide_program *prog = ok ? st_halide_program_create(ctx, st_str_make((const char *)text, len), file) : NULL;
	int rc = !prog ? 1 : check ? 0 : run(ctx, prog, args, nargs, outs);
	st_halide_program_destroy(prog);
	st_context_destroy(ctx);
	free(text);
	return rc;
}

int main(int argc, char **argv) {
	int rc = tool_main(argc, argv);
	const char *why;
	if (st_stdout_flush(&why))
		return rc;
	fprintf(stderr, "strata-hl-eval: error: cannot write to standard output: %s\n", why);
	return 1;
}
