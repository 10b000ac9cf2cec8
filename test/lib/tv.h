/* Translation validation by execution: a function is interpreted before and
 * after a transformation on the same inputs and its results (and memref
 * arguments, as outputs) are compared bit for bit (docs/interpreter.md).
 *
 * Inputs are drawn from a seed (printed on failure; the STRATA_TV_SEED
 * environment variable overrides it).  Every scalar argument sees 0, 1, -1,
 * its minimum and maximum (floats also -0, +-inf and NaN) among the first
 * inputs; the rest are random.  Inputs on which the original program has
 * undefined behaviour, stops itself, or runs out of steps are redrawn; a
 * poison result of the original matches anything.
 */
#ifndef STRATA_TEST_TV_H
#define STRATA_TEST_TV_H

#include "strata/interp.h"
#include "strata/pass.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_tv_options {
	unsigned trials;    /* inputs both must agree on (0: 64) */
	uint64_t seed;      /* the seed when seed_set (STRATA_TV_SEED wins over it) */
	bool seed_set;
	uint64_t max_steps; /* per run (0: 1000000) */
	/* The report: the mismatch found, or a summary line (NULL: stderr). */
	st_write_fn out;
	void *out_ud;
	bool quiet; /* no summary line on success */
} st_tv_options;

/* Compares @entry of two modules (in one context). */
st_status st_tv_check(st_context *ctx, st_op *before, st_op *after, const char *entry, const st_tv_options *o);
/* Runs `pm` on a copy of `module`, then compares @entry before and after. */
st_status st_tv_check_pass(st_context *ctx, st_op *module, st_pass_manager *pm, const char *entry,
                           const st_tv_options *o);

/* The seed st_tv_check uses for `entry` under options `o`: STRATA_TV_SEED
 * when set (a number, or "random"), else o->seed, else one derived from the
 * entry's name (so that a test's inputs do not change from run to run). */
uint64_t st_tv_seed(const char *entry, const st_tv_options *o);
/* Whether STRATA_TV_SEED is unset, a number or "random" (st_tv_check
 * refuses anything else rather than taking it as 0). */
bool st_tv_seed_env_ok(void);

#ifdef __cplusplus
}
#endif
#endif
