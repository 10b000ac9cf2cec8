/* The sizes a systolic program or its input controls, as named limits
 * (strata/limit.h; docs/systolic.md, "Limits"): the words of a program
 * (generated, assembled or loaded), the DRAM a program declares (the
 * simulator holds all of it), and the work the simulator does (array
 * points, SIMD vectors, DMA elements), so that a corrupt or hostile
 * program is a located error naming the limit, never an exhausted machine
 * or a run of hours. */
#include "sys_internal.h"

#include "strata/limit.h"

#include <stdio.h>

const st_limit_def sys_words_limit = {
	.name = "systolic-program-words",
	.summary = "instruction words of a systolic program",
	.value = INT64_C(1) << 24,
};

const st_limit_def sys_dram_limit = {
	.name = "systolic-dram-bytes",
	.summary = "bytes of DRAM a systolic program declares (the simulator holds them all)",
	.value = INT64_C(1) << 32,
};

const st_limit_def sys_work_limit = {
	.name = "systolic-sim-work",
	.summary = "array points, SIMD vectors and DMA elements the systolic simulator runs",
	.value = INT64_C(1) << 36,
};

st_status sys_register_limits(st_context *ctx) {
	if (st_failed(st_context_register_limit(ctx, &sys_words_limit)) ||
	    st_failed(st_context_register_limit(ctx, &sys_dram_limit)) ||
	    st_failed(st_context_register_limit(ctx, &sys_work_limit)))
		return ST_FAIL;
	return ST_OK;
}

uint64_t sys_limit(st_context *ctx, const st_limit_def *def) { return (uint64_t)st_context_limit(ctx, def); }

const char *sys_limit_hint(st_context *ctx, const st_limit_def *def, char *buf, size_t n) {
	return st_limit_hint(ctx, def, buf, n);
}
