/* The rda target's pieces (class `rda`, docs/rda.md): its options, what its
 * hooks keep between them, and the files that fill them: rda_flow.c
 * (compile), target.c (the definition, simulate), rda_qor.c (report). */
#ifndef STRATA_BACKENDS_RDA_TARGET_H
#define STRATA_BACKENDS_RDA_TARGET_H

#include "rda_backend_internal.h"

#include "strata/backend.h"

typedef struct rda_options {
	int64_t vec, par;    /* convert-affine-to-rda's */
	int onchip;          /* index into rda_onchip_cases */
	int alloc;           /* 0 heuristic, 1 ilp */
	int64_t ilp_seconds; /* the time limit of each ILP */
} rda_options;

typedef struct rda_state {
	st_op *module;        /* the lowering copy, holding the mapped design */
	st_op *design;        /* its rda.design */
	st_rda_machine m;     /* the target, read from the copy's acg.graph */
	st_rda_alloc_result alloc;
	bool simulated;
	st_rda_sim_stats stats;
	double unit_activity; /* mean over units of their active cycles / cycles */
} rda_state;

/* convert-affine-to-rda's onchip keywords, the target's option's too. */
extern const char *const rda_onchip_cases[];
bool rda_compile(st_target_run *run, rda_state *st);
/* What the mapped design takes of the target: units per kind, links. */
void rda_report_usage(st_target_run *run, const rda_state *st);
/* ideal_cycles and the `rda` object of the report. */
st_status rda_report(st_target_run *run);

#endif
