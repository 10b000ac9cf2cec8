/* The ub dialect (docs/dialects/ub.md): unified buffers, the kernels that
 * read and write them, and their passes. */
#ifndef STRATA_UB_H
#define STRATA_UB_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (with arith) in `ctx`; registering twice is
 * harmless. */
st_status st_register_ub_dialect(st_context *ctx);
/* Its passes: extraction from affine, scheduling, capacities, mapping,
 * simulation. */
st_status st_register_ub_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
