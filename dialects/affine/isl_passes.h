/* The registration of the isl-backed passes of the affine dialect
 * (affine-loop-interchange, affine-loop-fusion, affine-scalrep), called by
 * st_register_affine_passes; test-affine-isl is registered through
 * strata/affine.h. */
#ifndef STRATA_AFFINE_ISL_PASSES_H
#define STRATA_AFFINE_ISL_PASSES_H

#include "strata/pass.h"

st_status st__affine_register_isl_passes(st_context *ctx);

#endif
