/* strata-cgrasim: runs a CGRA configuration bitstream on input arrays in
 * the cycle-accurate fabric simulator (docs/cgra.md, "Simulator").  It
 * reads the target's .acg (the hardware), the bitstream (its
 * configuration) and the input arrays, nothing of the IR the design came
 * from, and writes the output arrays as .npy files. */
#include "tool_acg.h"
#include "tool_io.h"

#include "strata/cgra_backend.h"
#include "strata/npy.h"
#include "strata/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct file_arg {
	int arg;
	const char *path;
} file_arg;

static void usage(FILE *f) {
	fputs("usage: strata-cgrasim --target=<file.acg> [options] <bitstream>\n"
	      "\n"
	      "Runs a CGRA bitstream (strata-translate --cgra-to-bitstream) on the fabric the\n"
	      "target describes, cycle by cycle.\n"
	      "\n"
	      "options:\n"
	      "  --target=<file.acg>     the fabric (required)\n"
	      "  --input=<n>:<file>      host array n from a .npy or binary .pgm file\n"
	      "  --output=<n>:<file>     after the run, host array n to a .npy file\n"
	      "  --max-cycles=<n>        stop with an error after n cycles (default: the limit\n"
	      "                          cgra-sim-cycles)\n"
	      "  --limit=<name>=<n>      raise a named limit (cgra-bitstream-writes, ...)\n"
	      "  --report                print cycles, stalls and per-tile activity\n"
	      "  -q                      print nothing but errors\n",
	      f);
}

static bool parse_file_arg(const char *v, file_arg *out) {
	char *end;
	long n = strtol(v, &end, 10);
	if (end == v || *end != ':' || n < 0 || n > 1023 || !end[1])
		return false;
	out->arg = (int)n;
	out->path = end + 1;
	return true;
}

static st_type *elt_type(st_context *ctx, const st_cgra_host_array *a) {
	if (!a->is_float)
		return st_integer_type(ctx, a->bits, ST_SIGNLESS);
	return st_float_type(ctx, a->bits == 16 ? ST_TYPE_BF16 : a->bits == 32 ? ST_TYPE_F32 : ST_TYPE_F64);
}

/* A binary PGM of the array's shape (H x W), 8 or 16 bits a pixel. */
static bool read_pgm(const unsigned char *d, size_t len, const st_cgra_host_array *a, uint64_t *out, char *err, size_t n) {
	size_t pos = 2;
	long v[3];
	if (len < 2 || d[0] != 'P' || d[1] != '5')
		return snprintf(err, n, "not a binary PGM (P5)"), false;
	for (int k = 0; k < 3; k++) {
		while (pos < len && (d[pos] == ' ' || d[pos] == '\n' || d[pos] == '\r' || d[pos] == '\t' || d[pos] == '#')) {
			if (d[pos] == '#')
				while (pos < len && d[pos] != '\n')
					pos++;
			else
				pos++;
		}
		v[k] = 0;
		if (pos >= len || d[pos] < '0' || d[pos] > '9')
			return snprintf(err, n, "cannot read the PGM header"), false;
		while (pos < len && d[pos] >= '0' && d[pos] <= '9' && v[k] < 100000)
			v[k] = v[k] * 10 + (d[pos++] - '0');
	}
	pos++;
	int bytes = v[2] > 255 ? 2 : 1;
	if (a->rank != 2 || a->shape[0] != v[1] || a->shape[1] != v[0] || v[2] < 1 || v[2] > 65535)
		return snprintf(err, n, "a %ldx%ld PGM does not fill the array", v[0], v[1]), false;
	if (len < pos || (len - pos) / (size_t)bytes < (size_t)a->count)
		return snprintf(err, n, "the PGM is truncated"), false;
	for (int64_t k = 0; k < a->count; k++)
		out[k] = bytes == 1 ? d[pos + (size_t)k] : (uint64_t)d[pos + 2 * (size_t)k] << 8 | d[pos + 2 * (size_t)k + 1];
	return true;
}

static bool load_input(st_context *ctx, const file_arg *fa, const st_cgra_host_array *a, st_cgra_sim *sim) {
	st_tool_input in;
	if (!st_tool_read_input("strata-cgrasim", fa->path, &in))
		return false;
	uint64_t *vals = malloc(((size_t)a->count + 1) * sizeof *vals);
	char err[256] = "";
	bool ok = vals != NULL;
	const unsigned char *d = (const unsigned char *)in.data;
	size_t plen = strlen(fa->path);
	if (ok && plen > 4 && !strcmp(fa->path + plen - 4, ".pgm")) {
		ok = read_pgm(d, in.len, a, vals, err, sizeof err);
	} else if (ok) {
		st_npy_header h;
		st_type *elt = elt_type(ctx, a);
		ok = st_npy_read_header(d, in.len, &h, err, sizeof err) && st_npy_check_element(ctx, &h.dtype, elt, err, sizeof err);
		if (ok && (int64_t)h.count != a->count) {
			snprintf(err, sizeof err, "it holds %llu elements, the array %lld", (unsigned long long)h.count,
			         (long long)a->count);
			ok = false;
		}
		for (int64_t k = 0; ok && k < a->count; k++)
			if (!st_npy_get(&h, d, (uint64_t)k, elt, &vals[k])) {
				snprintf(err, sizeof err, "element %lld does not fit the array's type", (long long)k);
				ok = false;
			}
	}
	if (!ok && err[0])
		fprintf(stderr, "strata-cgrasim: error: '%s': %s\n", fa->path, err);
	if (ok)
		ok = st_succeeded(st_cgra_sim_set_input(sim, a->arg, vals, (size_t)a->count));
	free(vals);
	st_tool_free_input(&in);
	return ok;
}

static bool save_output(st_context *ctx, const file_arg *fa, const st_cgra_host_array *a, const st_cgra_sim *sim) {
	size_t n;
	const uint64_t *vals = st_cgra_sim_output(sim, a->arg, &n);
	st_type *elt = elt_type(ctx, a);
	st_npy_dtype dt;
	unsigned char hdr[ST_NPY_MAX_HEADER];
	size_t hl = st_npy_dtype_of(elt, &dt) ? st_npy_write_header(&dt, a->rank, a->shape, hdr) : 0;
	st_tool_output o;
	if (!hl || !st_tool_open_output("strata-cgrasim", fa->path, &o))
		return false;
	st_tool_write(&o, (const char *)hdr, hl);
	for (size_t k = 0; k < n; k++) {
		unsigned char e[8];
		st_npy_put(&dt, elt, vals[k], e);
		st_tool_write(&o, (const char *)e, dt.size);
	}
	return st_tool_close_output(&o, true);
}

static void err_write(void *ud, const char *d, size_t n) {
	(void)ud;
	fwrite(d, 1, n, stdout);
}

int main(int argc, char **argv) {
	const char *target = NULL, *path = NULL;
	file_arg ins[32], outs[32];
	size_t nin = 0, nout = 0;
	bool report = false, quiet = false;
	long long max_cycles = 0;
	st_tool_limits limits = {0};
	for (int i = 1; i < argc; i++) {
		const char *v;
		bool bad = false;
		if (st_tool_limit_flag(&limits, "strata-cgrasim", argc, argv, &i, &bad)) {
			if (bad)
				return 1;
		} else if (st_tool_is_flag(argv[i], "help") || st_tool_is_flag(argv[i], "h")) {
			usage(stdout);
			return 0;
		} else if ((v = st_tool_flag_value(argv[i], "target")))
			target = v;
		else if ((v = st_tool_flag_value(argv[i], "input"))) {
			if (nin == 32 || !parse_file_arg(v, &ins[nin++])) {
				fprintf(stderr, "strata-cgrasim: error: --input wants <n>:<file> (at most 32)\n");
				return 1;
			}
		} else if ((v = st_tool_flag_value(argv[i], "output"))) {
			if (nout == 32 || !parse_file_arg(v, &outs[nout++])) {
				fprintf(stderr, "strata-cgrasim: error: --output wants <n>:<file> (at most 32)\n");
				return 1;
			}
		} else if ((v = st_tool_flag_value(argv[i], "max-cycles"))) {
			char *end;
			max_cycles = strtoll(v, &end, 10);
			if (*end || max_cycles < 0) {
				fprintf(stderr, "strata-cgrasim: error: --max-cycles wants a non-negative number\n");
				return 1;
			}
		} else if (st_tool_is_flag(argv[i], "report"))
			report = true;
		else if (st_tool_is_flag(argv[i], "q"))
			quiet = true;
		else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "strata-cgrasim: error: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return 1;
		} else if (path) {
			fprintf(stderr, "strata-cgrasim: error: one bitstream at a time\n");
			return 1;
		} else
			path = argv[i];
	}
	if (!target || !path) {
		usage(stderr);
		return 1;
	}
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx)) || st_failed(st_register_all_passes(ctx))) {
		st_context_destroy(ctx);
		return 1;
	}
	if (!st_tool_limits_apply(&limits, "strata-cgrasim", ctx)) {
		st_context_destroy(ctx);
		return 1;
	}
	st_tool_input acg_in = {0}, bs_in = {0};
	st_op *acg = st_tool_load_acg(ctx, "strata-cgrasim", target, &acg_in);
	st_cgra_fabric *f = NULL;
	st_cgra_bitstream *bs = NULL;
	st_cgra_sim *sim = NULL;
	bool ok = acg != NULL;
	if (ok) {
		st_op *g = st_block_first_op(st_region_first_block(st_op_region(acg, 0)));
		ok = (f = st_cgra_fabric_create(g)) != NULL;
	}
	if (ok && (ok = st_tool_read_input("strata-cgrasim", path, &bs_in))) {
		st_context_add_source(ctx, st_str_c(path), st_str_make(bs_in.data, bs_in.len));
		ok = (bs = st_cgra_bitstream_read(ctx, st_str_make(bs_in.data, bs_in.len), path)) != NULL;
	}
	if (ok)
		ok = (sim = st_cgra_sim_create(f, bs)) != NULL;
	for (size_t i = 0; ok && i < st_cgra_bitstream_num_arrays(bs); i++) {
		const st_cgra_host_array *a = st_cgra_bitstream_array(bs, i);
		if (a->out)
			continue;
		size_t k = 0;
		while (k < nin && ins[k].arg != a->arg)
			k++;
		if (k == nin) {
			fprintf(stderr, "strata-cgrasim: error: no --input for host array %d\n", a->arg);
			ok = false;
		} else
			ok = load_input(ctx, &ins[k], a, sim);
	}
	if (ok)
		ok = st_succeeded(st_cgra_sim_run(sim, max_cycles));
	for (size_t k = 0; ok && k < nout; k++) {
		const st_cgra_host_array *a = NULL;
		for (size_t i = 0; i < st_cgra_bitstream_num_arrays(bs); i++)
			if (st_cgra_bitstream_array(bs, i)->arg == outs[k].arg)
				a = st_cgra_bitstream_array(bs, i);
		if (!a || !a->out) {
			fprintf(stderr, "strata-cgrasim: error: host array %d is no output of the bitstream\n", outs[k].arg);
			ok = false;
		} else
			ok = save_output(ctx, &outs[k], a, sim);
	}
	if (ok && report && !quiet)
		st_cgra_sim_report(sim, err_write, NULL);
	else if (ok && !quiet)
		printf("cgra-sim: %lld cycles\n", (long long)st_cgra_sim_cycles(sim));
	st_cgra_sim_destroy(sim);
	st_cgra_bitstream_free(bs);
	st_cgra_fabric_destroy(f);
	if (acg)
		st_op_destroy(acg);
	if (acg_in.data)
		st_tool_free_input(&acg_in);
	if (bs_in.data)
		st_tool_free_input(&bs_in);
	st_context_destroy(ctx);
	return ok ? 0 : 1;
}
