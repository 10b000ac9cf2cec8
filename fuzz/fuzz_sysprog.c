/* Harness `sysprog`: the systolic target's program loader, mnemonic
 * decoder, disassembler, assembler and simulator (docs/systolic.md), on
 * the 16x16 GeneSys-like machine (archs/genesys-systolic-16x16.acg, read
 * once from the source tree: the encodings are the .acg's).
 *
 * The input is a program file.  It loads or fails with a located error; a
 * program that loads disassembles, assembles back to a program with the
 * same disassembly (a word may carry bits no field reads), and
 * simulates (within small limits on DRAM and work, so any program runs in
 * milliseconds) or fails with an error; never a crash or a hang.
 */
#include "fuzz_common.h"

#include "strata/acg.h"
#include "strata/limit.h"
#include "strata/systolic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef STRATA_SOURCE_DIR
#error "fuzz/CMakeLists.txt defines STRATA_SOURCE_DIR"
#endif

static char *acg_text;
static size_t acg_len;

static st_op *machine(st_context *ctx, st_op **module) {
	if (!acg_text) {
		FILE *f = fopen(STRATA_SOURCE_DIR "/archs/genesys-systolic-16x16.acg", "rb");
		if (!f || fseek(f, 0, SEEK_END) || (acg_len = (size_t)ftell(f), fseek(f, 0, SEEK_SET)) ||
		    !(acg_text = malloc(acg_len + 1)) || fread(acg_text, 1, acg_len, f) != acg_len)
			fz_fail("the harness cannot read archs/genesys-systolic-16x16.acg", NULL, NULL);
		fclose(f);
	}
	*module = st_acg_import(ctx, st_str_make(acg_text, acg_len), "genesys-systolic-16x16.acg");
	if (!*module)
		fz_fail("the harness's machine does not import", NULL, NULL);
	return st_block_first_op(st_region_first_block(st_op_region(*module, 0)));
}

static void set_limit(st_context *ctx, const char *spec) {
	char err[256];
	if (!st_context_parse_limit(ctx, spec, err, sizeof err))
		fz_fail("the harness cannot set a limit", spec, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	set_limit(ctx, "systolic-dram-bytes=65536");
	set_limit(ctx, "systolic-sim-work=65536");
	set_limit(ctx, "systolic-program-words=4096");
	st_op *am = NULL, *graph = machine(ctx, &am);
	size_t errors = st_context_num_errors(ctx);
	st_systolic_program *p = st_systolic_program_load(ctx, graph, st_str_make((const char *)data, size), "input.sys");
	if (!p) {
		fz_expect_error(ctx, errors, "a program that does not load");
	} else {
		fz_buf dis = {0}, b = {0};
		if (st_failed(st_systolic_disasm(p, graph, fz_buf_write, &dis)))
			fz_fail("a loaded program does not disassemble", NULL, NULL);
		st_systolic_program *q = st_systolic_assemble(ctx, graph, st_str_make(dis.data, dis.len), "input.asm");
		if (!q)
			fz_fail("the disassembly of a loaded program does not assemble", dis.data, NULL);
		st_systolic_disasm(q, graph, fz_buf_write, &b);
		if (dis.len != b.len || memcmp(dis.data, b.data, dis.len))
			fz_fail("a program's disassembly and that of its reassembly differ", dis.data, b.data);
		st_systolic_program_destroy(q);
		/* The simulator on zero inputs: every tensor the host sees. */
		size_t nt = st_systolic_program_num_tensors(p);
		int32_t **bufs = calloc(nt ? nt : 1, sizeof *bufs);
		const int32_t **ins = calloc(nt ? nt : 1, sizeof *ins);
		int32_t **outs = calloc(nt ? nt : 1, sizeof *outs);
		size_t ni = 0, no = 0;
		bool ok = bufs && ins && outs;
		for (size_t i = 0; ok && i < nt; i++) {
			const st_systolic_tensor *t = st_systolic_program_tensor(p, i);
			int64_t n = 1;
			for (size_t d = 0; d < t->rank; d++)
				n *= t->dims[d];
			ok = (bufs[i] = calloc((size_t)n, sizeof *bufs[i])) != NULL;
			if (t->kind == ST_SYSTOLIC_INPUT || t->kind == ST_SYSTOLIC_INOUT)
				ins[ni++] = bufs[i];
			if (t->kind == ST_SYSTOLIC_OUTPUT || t->kind == ST_SYSTOLIC_INOUT)
				outs[no++] = bufs[i];
		}
		errors = st_context_num_errors(ctx);
		st_systolic_stats stats;
		if (ok && st_failed(st_systolic_simulate(ctx, p, graph, ins, outs, NULL, &stats)))
			fz_expect_error(ctx, errors, "a program the simulator refuses");
		for (size_t i = 0; bufs && i < nt; i++)
			free(bufs[i]);
		free(bufs);
		free(ins);
		free(outs);
		fz_buf_free(&dis);
		fz_buf_free(&b);
		st_systolic_program_destroy(p);
	}
	st_op_destroy(am);
	fz_done(ctx);
	return 0;
}
