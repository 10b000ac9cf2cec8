/* strata-hl-eval: runs the direct evaluator of a .hl program (the
 * algorithm alone, schedule ignored) on .npy inputs and writes or prints
 * its outputs.  Tests compare it with strata-run on the lowered IR.
 *
 *   strata-hl-eval prog.hl --arg=in.npy ... [--out=N:file.npy] [--check]
 *
 * Without --out the outputs are printed, one row per line. */
#include "strata/halide.h"

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
	fclose(f);
	if (d)
		d[n] = 0;
	*len = n;
	return d;
}

static size_t elt_size(const char *type) {
	return !strcmp(type, "u8") || !strcmp(type, "i8") ? 1 : !strcmp(type, "u16") || !strcmp(type, "i16") || !strcmp(type, "bf16") ? 2 : 4;
}

static const char *descr(const char *type) {
	static const char *const map[][2] = {{"u8", "|u1"}, {"i8", "|i1"}, {"u16", "<u2"}, {"i16", "<i2"}, {"u32", "<u4"},
	                                     {"i32", "<i4"}, {"f32", "<f4"}, {"bf16", "<u2"}};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i][0], type))
			return map[i][1];
	return "|u1";
}

static int64_t count(const st_halide_buffer *b) {
	int64_t n = 1;
	for (size_t i = 0; i < b->rank; i++)
		n *= b->shape[i];
	return n;
}

/* Reads a little-endian, C-ordered .npy whose element size matches. */
static bool read_npy(const char *path, st_halide_buffer *b) {
	size_t len;
	unsigned char *d = read_file(path, &len);
	if (!d || len < 10 || memcmp(d, "\x93NUMPY", 6) != 0) {
		fprintf(stderr, "strata-hl-eval: error: '%s' is not a readable .npy file\n", path);
		free(d);
		return false;
	}
	size_t hlen = d[6] == 1 ? (size_t)(d[8] | d[9] << 8) : (size_t)(d[8] | d[9] << 8 | d[10] << 16);
	size_t start = d[6] == 1 ? 10 : 12;
	char *h = (char *)d + start, *sh = start + hlen <= len ? strstr(h, "'shape': (") : NULL, *ds = strstr(h, "'descr': '");
	bool ok = sh && ds && !strstr(h, "'fortran_order': True");
	size_t rank = 0;
	int64_t shape[4] = {0};
	if (ok) {
		size_t esz = (size_t)atoi(ds + 12);
		ok = esz == elt_size(b->type) && ds[10] != '>';
		for (char *q = sh + 10; ok && *q != ')';) {
			while (*q == ' ' || *q == ',')
				q++;
			if (*q == ')')
				break;
			char *end;
			long long v = strtoll(q, &end, 10);
			ok = end != q && rank < 4 && v > 0;
			if (ok)
				shape[rank++] = v;
			q = end;
		}
	}
	if (!ok || rank != b->rank) {
		fprintf(stderr, "strata-hl-eval: error: '%s' does not hold a %zu-dimensional %s array\n", path, b->rank, b->type);
		free(d);
		return false;
	}
	memcpy(b->shape, shape, sizeof shape);
	size_t bytes = (size_t)count(b) * elt_size(b->type);
	if (start + hlen + bytes > len) {
		fprintf(stderr, "strata-hl-eval: error: '%s' is truncated\n", path);
		free(d);
		return false;
	}
	b->data = malloc(bytes ? bytes : 1);
	if (b->data)
		memcpy(b->data, d + start + hlen, bytes);
	free(d);
	return b->data != NULL;
}

static bool write_npy(const char *path, const st_halide_buffer *b) {
	FILE *f = fopen(path, "wb");
	if (!f)
		return false;
	char hdr[256], shape[128] = "";
	size_t used = 0;
	for (size_t i = 0; i < b->rank; i++)
		used += (size_t)snprintf(shape + used, sizeof shape - used, "%lld%s", (long long)b->shape[i],
		                         b->rank == 1 ? "," : i + 1 < b->rank ? ", " : "");
	int n = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr(b->type), shape);
	size_t total = 10 + (size_t)n + 1, pad = (64 - total % 64) % 64, hlen = (size_t)n + pad + 1;
	unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hlen & 0xff), (unsigned char)(hlen >> 8)};
	fwrite(pre, 1, 10, f);
	fwrite(hdr, 1, (size_t)n, f);
	for (size_t i = 0; i < pad; i++)
		fputc(' ', f);
	fputc('\n', f);
	fwrite(b->data, elt_size(b->type), (size_t)count(b), f);
	return fclose(f) == 0;
}

static void print_buffer(const char *name, const st_halide_buffer *b) {
	int64_t n = count(b), row = b->rank ? b->shape[b->rank - 1] : 1;
	printf("%s:\n", name);
	for (int64_t k = 0; k < n; k++) {
		const unsigned char *d = b->data;
		if (!strcmp(b->type, "u8"))
			printf("%u", ((const uint8_t *)d)[k]);
		else if (!strcmp(b->type, "i8"))
			printf("%d", ((const int8_t *)d)[k]);
		else if (!strcmp(b->type, "u16"))
			printf("%u", ((const uint16_t *)d)[k]);
		else if (!strcmp(b->type, "i16"))
			printf("%d", ((const int16_t *)d)[k]);
		else if (!strcmp(b->type, "u32"))
			printf("%u", ((const uint32_t *)d)[k]);
		else if (!strcmp(b->type, "i32"))
			printf("%d", ((const int32_t *)d)[k]);
		else if (!strcmp(b->type, "f32"))
			printf("%.9g", ((const float *)d)[k]);
		else
			printf("0x%04x", ((const uint16_t *)d)[k]);
		putchar((k + 1) % row ? ' ' : '\n');
	}
}

int main(int argc, char **argv) {
	const char *file = NULL, *args[16], *outs[16] = {0};
	size_t nargs = 0;
	bool check = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strncmp(a, "--arg=", 6) && nargs < 16) {
			args[nargs++] = a + 6;
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
			fprintf(stderr, "usage: strata-hl-eval FILE.hl [--arg=in.npy]... [--out=N:out.npy] [--check]\n");
			return 2;
		}
	}
	if (!file) {
		fprintf(stderr, "usage: strata-hl-eval FILE.hl [--arg=in.npy]... [--out=N:out.npy] [--check]\n");
		return 2;
	}
	size_t len;
	unsigned char *text = read_file(file, &len);
	if (!text) {
		fprintf(stderr, "strata-hl-eval: error: cannot read '%s'\n", file);
		return 1;
	}
	st_context *ctx = st_context_create();
	st_halide_program *prog = ctx ? st_halide_program_create(ctx, st_str_make((const char *)text, len), file) : NULL;
	int rc = prog ? 0 : 1;
	size_t nin = prog ? st_halide_num_inputs(prog) : 0, nout = prog ? st_halide_num_outputs(prog) : 0;
	st_halide_buffer in[16], out[16];
	memset(in, 0, sizeof in);
	memset(out, 0, sizeof out);
	if (prog && !check) {
		if (nin != nargs || nin > 16 || nout > 16) {
			fprintf(stderr, "strata-hl-eval: error: the program has %zu inputs, %zu given\n", nin, nargs);
			rc = 1;
		}
		for (size_t i = 0; rc == 0 && i < nin; i++) {
			st_halide_input_desc(prog, i, &in[i]);
			if (!read_npy(args[i], &in[i]))
				rc = 1;
		}
		for (size_t i = 0; rc == 0 && i < nout; i++) {
			st_halide_output_desc(prog, i, &out[i]);
			out[i].data = calloc((size_t)count(&out[i]), elt_size(out[i].type));
			if (!out[i].data)
				rc = 1;
		}
		if (rc == 0 && st_failed(st_halide_eval(prog, in, out)))
			rc = 1;
		for (size_t i = 0; rc == 0 && i < nout; i++) {
			if (outs[i] && !write_npy(outs[i], &out[i])) {
				fprintf(stderr, "strata-hl-eval: error: cannot write '%s'\n", outs[i]);
				rc = 1;
			} else if (!outs[i]) {
				st_halide_buffer d;
				print_buffer(st_halide_output_desc(prog, i, &d), &out[i]);
			}
		}
	}
	for (size_t i = 0; i < 16; i++) {
		free(in[i].data);
		free(out[i].data);
	}
	st_halide_program_destroy(prog);
	st_context_destroy(ctx);
	free(text);
	return rc;
}
