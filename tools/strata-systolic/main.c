/* strata-systolic: the systolic target's programs outside a compiler flow
 * (docs/systolic.md, "The tool").
 *
 *   strata-systolic sim --acg=A.acg prog.sys [--input=NAME=f.npy]... [--seed=N] [--output=NAME=f.npy]... [--stats]
 *   strata-systolic disasm --acg=A.acg prog.sys
 *   strata-systolic asm --acg=A.acg prog.asm [-o prog.sys]
 *
 * The whole flow on a function of layer ops (systolic-map, code
 * generation, the simulator, the interpreter as the reference, the
 * comparison, the report) is stratac's (--target archs/genesys-systolic.acg). */
#include "strata/acg.h"
#include "strata/asm.h"
#include "strata/npy.h"
#include "strata/registry.h"
#include "strata/systolic.h"
#include "tool_acg.h"
#include "tool_io.h"

#include <stdlib.h>
#include <string.h>

#define TOOL "strata-systolic"
#define MAX_IO 32

static void usage(FILE *f) {
	fputs("usage: strata-systolic sim --acg=<file> <prog.sys> [--input=NAME=<file.npy>]... [--seed=<n>]\n"
	      "                           [--output=NAME=<file.npy>]... [--print] [--stats]\n"
	      "       strata-systolic disasm --acg=<file> <prog.sys> [-o <file>]\n"
	      "       strata-systolic asm --acg=<file> <prog.asm> [-o <file>]\n"
	      "every command takes --limit=<name>=<n> (systolic-program-words, systolic-dram-bytes,\n"
	      "systolic-sim-work, ...; docs/systolic.md)\n",
	      f);
}

typedef struct opts {
	const char *cmd, *acg, *input, *output;
	char in_names[MAX_IO][64], out_names[MAX_IO][64];
	const char *in_files[MAX_IO], *out_files[MAX_IO];
	size_t nin, nout;
	uint64_t seed;
	st_tool_limits limits;
	bool stats, print;
} opts;

/* xorshift: inputs drawn from the seed, the same for every run. */
static uint64_t next_rand(uint64_t *s) {
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int64_t count_of(const st_systolic_tensor *t) {
	int64_t n = 1;
	for (size_t d = 0; d < t->rank; d++)
		n *= t->dims[d];
	return n;
}

static void draw(uint64_t *seed, unsigned bits, int32_t *v, int64_t n) {
	for (int64_t i = 0; i < n; i++) {
		uint64_t r = next_rand(seed);
		v[i] = bits >= 32 ? (int32_t)(uint32_t)r : (int32_t)((int64_t)(r & ((UINT64_C(1) << bits) - 1)) - (INT64_C(1) << (bits - 1)));
	}
}

/* ------------------------------------------------------------- npy files */

static bool read_npy(st_context *ctx, const char *path, const st_systolic_tensor *t, int32_t *v) {
	st_tool_input in = {0};
	if (!st_tool_read_input(TOOL, path, &in))
		return false;
	st_npy_header h;
	char err[256];
	st_type *elt = st_integer_type(ctx, t->bits, ST_SIGNLESS);
	bool ok = st_npy_read_header((const unsigned char *)in.data, in.len, &h, err, sizeof err) &&
	          st_npy_check_element(ctx, &h.dtype, elt, err, sizeof err);
	if (ok && (int64_t)h.count != count_of(t)) {
		snprintf(err, sizeof err, "it has %llu elements, tensor '%s' %lld", (unsigned long long)h.count, t->name,
		         (long long)count_of(t));
		ok = false;
	}
	for (uint64_t k = 0; ok && k < h.count; k++) {
		uint64_t bits;
		if (!st_npy_get(&h, (const unsigned char *)in.data, k, elt, &bits)) {
			snprintf(err, sizeof err, "element %llu does not fit i%u", (unsigned long long)k, t->bits);
			ok = false;
		}
		v[k] = t->bits >= 32 ? (int32_t)bits : (int32_t)(((int64_t)bits << (64 - t->bits)) >> (64 - t->bits));
	}
	if (!ok)
		fprintf(stderr, TOOL ": error: %s: %s\n", path, err);
	st_tool_free_input(&in);
	return ok;
}

static bool write_npy(st_context *ctx, const char *path, const st_systolic_tensor *t, const int32_t *v) {
	st_tool_output out = {0};
	if (!st_tool_open_output(TOOL, path, &out))
		return false;
	st_type *elt = st_integer_type(ctx, t->bits, ST_SIGNLESS);
	st_npy_dtype dt;
	st_npy_dtype_of(elt, &dt);
	unsigned char hdr[ST_NPY_MAX_HEADER], e[8];
	size_t hl = st_npy_write_header(&dt, t->rank, t->dims, hdr);
	st_tool_write(&out, (const char *)hdr, hl);
	for (int64_t i = 0; i < count_of(t); i++) {
		st_npy_put(&dt, elt, (uint64_t)(int64_t)v[i], e);
		st_tool_write(&out, (const char *)e, dt.size);
	}
	return st_tool_close_output(&out, true);
}

/* ----------------------------------------------------------------- stats */

static void print_stats(const st_systolic_stats *s, FILE *f) {
	fprintf(f, "cycles: %llu\n", (unsigned long long)s->cycles);
	fprintf(f, "compute: %llu\n", (unsigned long long)s->compute);
	fprintf(f, "onchip-stall: %llu\n", (unsigned long long)s->onchip_stall);
	fprintf(f, "dram-stall: %llu\n", (unsigned long long)s->dram_stall);
	fprintf(f, "macs: %llu\n", (unsigned long long)s->macs);
	fprintf(f, "simd-ops: %llu\n", (unsigned long long)s->simd_ops);
	fprintf(f, "dram-read-bytes: %llu\n", (unsigned long long)s->dram_read_bytes);
	fprintf(f, "dram-write-bytes: %llu\n", (unsigned long long)s->dram_write_bytes);
	fprintf(f, "instructions: %llu\n", (unsigned long long)s->instructions);
	fprintf(f, "commands: %llu\n", (unsigned long long)s->commands);
	for (size_t i = 0; i < s->nbuffers; i++)
		fprintf(f, "buffer %s: reads %llu writes %llu used %lld of %lld\n", s->buffers[i].name,
		        (unsigned long long)s->buffers[i].reads, (unsigned long long)s->buffers[i].writes,
		        (long long)s->buffers[i].used, (long long)s->buffers[i].capacity);
}

/* -------------------------------------------------------------- commands */

/* The tensors the host gives (in) and reads (out), in table order. */
static bool host_visible(const st_systolic_tensor *t, bool out) {
	return out ? t->kind == ST_SYSTOLIC_OUTPUT || t->kind == ST_SYSTOLIC_INOUT
	           : t->kind == ST_SYSTOLIC_INPUT || t->kind == ST_SYSTOLIC_INOUT;
}

static int32_t **alloc_io(const st_systolic_program *p, bool out, size_t *n) {
	int32_t **v = calloc(ST_SYSTOLIC_MAX_TENSORS, sizeof *v);
	*n = 0;
	for (size_t i = 0; v && i < st_systolic_program_num_tensors(p); i++) {
		const st_systolic_tensor *t = st_systolic_program_tensor(p, i);
		if (host_visible(t, out))
			v[(*n)++] = calloc((size_t)count_of(t), sizeof **v);
	}
	return v;
}

static void free_io(int32_t **v, size_t n) {
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

static int cmd_sim(st_context *ctx, st_op *graph, opts *o) {
	st_tool_input in = {0};
	if (!st_tool_read_input(TOOL, o->input, &in))
		return 1;
	st_systolic_program *p = st_systolic_program_load(ctx, graph, st_str_make(in.data, in.len), o->input);
	int rc = 1;
	size_t nin = 0, nout = 0;
	int32_t **ins = p ? alloc_io(p, false, &nin) : NULL, **outs = p ? alloc_io(p, true, &nout) : NULL;
	bool ok = p != NULL;
	uint64_t seed = o->seed ? o->seed : 1;
	for (size_t i = 0, k = 0; ok && i < st_systolic_program_num_tensors(p); i++) {
		const st_systolic_tensor *t = st_systolic_program_tensor(p, i);
		if (!host_visible(t, false))
			continue;
		const char *file = NULL;
		for (size_t j = 0; j < o->nin; j++)
			if (!strcmp(o->in_names[j], t->name))
				file = o->in_files[j];
		if (file)
			ok = read_npy(ctx, file, t, ins[k]);
		else
			draw(&seed, t->bits, ins[k], count_of(t));
		k++;
	}
	st_systolic_sim_options so = {0};
	st_systolic_stats stats;
	ok = ok && st_succeeded(st_systolic_simulate(ctx, p, graph, (const int32_t *const *)ins, outs, &so, &stats));
	for (size_t i = 0, k = 0; ok && i < st_systolic_program_num_tensors(p); i++) {
		const st_systolic_tensor *t = st_systolic_program_tensor(p, i);
		if (!host_visible(t, true))
			continue;
		for (size_t j = 0; ok && j < o->nout; j++)
			if (!strcmp(o->out_names[j], t->name))
				ok = write_npy(ctx, o->out_files[j], t, outs[k]);
		k++;
	}
	for (size_t i = 0, k = 0; ok && o->print && i < st_systolic_program_num_tensors(p); i++) {
		const st_systolic_tensor *t = st_systolic_program_tensor(p, i);
		if (!host_visible(t, true))
			continue;
		printf("%s =", t->name);
		for (int64_t e = 0; e < count_of(t); e++)
			printf(" %d", outs[k][e]);
		printf("\n");
		k++;
	}
	if (ok) {
		if (o->stats)
			print_stats(&stats, stdout);
		rc = 0;
	}
	free_io(ins, nin);
	free_io(outs, nout);
	st_systolic_program_destroy(p);
	st_tool_free_input(&in);
	return rc;
}

static int cmd_text(st_context *ctx, st_op *graph, opts *o, bool assemble) {
	st_tool_input in = {0};
	if (!st_tool_read_input(TOOL, o->input, &in))
		return 1;
	st_str text = st_str_make(in.data, in.len);
	st_systolic_program *p = assemble ? st_systolic_assemble(ctx, graph, text, o->input)
	                                  : st_systolic_program_load(ctx, graph, text, o->input);
	st_tool_output out = {0};
	bool ok = p && st_tool_open_output(TOOL, o->output, &out);
	if (ok) {
		ok = st_succeeded(assemble ? st_systolic_program_write(p, st_tool_write, &out)
		                           : st_systolic_disasm(p, graph, st_tool_write, &out));
		ok = st_tool_close_output(&out, ok) && ok;
	}
	st_systolic_program_destroy(p);
	st_tool_free_input(&in);
	return ok ? 0 : 1;
}

/* ------------------------------------------------------------------- run */

/* ---------------------------------------------------------------- main */

/* `NAME=file` into name[64] and *file. */
static bool pair(const char *v, char *name, const char **file) {
	const char *eq = v ? strchr(v, '=') : NULL;
	if (!eq || eq == v || eq - v >= 64)
		return false;
	snprintf(name, 64, "%.*s", (int)(eq - v), v);
	*file = eq + 1;
	return true;
}

int main(int argc, char **argv) {
	opts o = {0};
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	o.cmd = argv[1];
	if (!strcmp(o.cmd, "--help")) {
		usage(stdout);
		return 0;
	}
	bool bad = false;
	for (int i = 2; i < argc; i++) {
		const char *v;
		if ((v = st_tool_flag_value(argv[i], "acg")))
			o.acg = v;
		else if ((v = st_tool_flag_value(argv[i], "input")) && o.nin < MAX_IO && pair(v, o.in_names[o.nin], &o.in_files[o.nin]))
			o.nin++;
		else if ((v = st_tool_flag_value(argv[i], "output")) && o.nout < MAX_IO &&
		         pair(v, o.out_names[o.nout], &o.out_files[o.nout]))
			o.nout++;
		else if ((v = st_tool_flag_value(argv[i], "seed")))
			o.seed = strtoull(v, NULL, 0);
		else if (st_tool_is_flag(argv[i], "stats"))
			o.stats = true;
		else if (st_tool_is_flag(argv[i], "print"))
			o.print = true;
		else if (st_tool_limit_flag(&o.limits, TOOL, argc, argv, &i, &bad)) {
			if (bad)
				return 2;
		} else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			o.output = argv[++i];
		else if (argv[i][0] != '-' && !o.input)
			o.input = argv[i];
		else {
			fprintf(stderr, TOOL ": error: unknown argument '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if (!o.acg || !o.input || (strcmp(o.cmd, "sim") && strcmp(o.cmd, "disasm") && strcmp(o.cmd, "asm"))) {
		usage(stderr);
		return 2;
	}
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx)) || st_failed(st_register_all_passes(ctx)) ||
	    st_failed(st_register_all_translations(ctx)) || !st_tool_limits_apply(&o.limits, TOOL, ctx))
		return 1;
	st_tool_input ain = {0};
	st_op *am = st_tool_load_acg(ctx, TOOL, o.acg, &ain);
	int rc = 1;
	if (am) {
		st_op *graph = st_region_first_block(st_op_region(am, 0)) ? st_block_first_op(st_region_first_block(st_op_region(am, 0)))
		                                                            : NULL;
		if (!strcmp(o.cmd, "sim"))
			rc = cmd_sim(ctx, graph, &o);
		else if (!strcmp(o.cmd, "disasm"))
			rc = cmd_text(ctx, graph, &o, false);
		else
			rc = cmd_text(ctx, graph, &o, true);
		st_op_destroy(am);
	}
	st_tool_free_input(&ain);
	st_context_destroy(ctx);
	return st_tool_exit(TOOL, rc);
}
