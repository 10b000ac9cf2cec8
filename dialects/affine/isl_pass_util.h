/* What the isl-backed passes share: the outermost affine loops of an op,
 * and the diagnostic that names a dependence (kind, statements, array,
 * distance) with notes at its source and sink accesses. */
#ifndef STRATA_AFFINE_ISL_PASS_UTIL_H
#define STRATA_AFFINE_ISL_PASS_UTIL_H

#include "deps.h"
#include "strata/pass.h"

/* The affine.for and affine.parallel ops in `root` that no affine.for,
 * affine.if or affine.parallel encloses (the roots of loop nests), in
 * pre-order, into a context array (*out,
 * freed by the caller with st_ctx_free(ctx, *out, sizeof **out * *cap)). */
st_status st__isl_outermost_loops(st_context *ctx, st_op *root, st_op ***out, size_t *n, size_t *cap);
/* The same with every affine.for in `root`, nested ones included. */
st_status st__isl_all_loops(st_context *ctx, st_op *root, st_op ***out, size_t *n, size_t *cap);

/* `prefix` then the description of dependence `d` (deps.h), as a
 * diagnostic of severity `sev` at `at`, with notes at the source and the
 * sink. */
st_status st__isl_report_dep(st_op *at, st_severity sev, const char *prefix, const st__isl_model *m,
                             const st__dep *d);

/* Reports why a scope could not be modelled (a diagnostic of `sev`). */
st_status st__isl_report_model_error(st_op *at, st_severity sev, const char *prefix,
                                     const st__isl_model_error *err);

#endif
