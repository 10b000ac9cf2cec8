/* The isl-backed passes of the affine dialect and their registration:
 * affine-loop-interchange, affine-loop-fusion, affine-scalrep, and the
 * test pass test-affine-isl (registered by strata-opt only with
 * --enable-test-passes). */
#ifndef STRATA_AFFINE_ISL_PASSES_H
#define STRATA_AFFINE_ISL_PASSES_H

#include "strata/pass.h"

st_status st_affine_register_isl_passes(st_context *ctx);
st_status st_affine_register_isl_test_passes(st_context *ctx);

#endif
