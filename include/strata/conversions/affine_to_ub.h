/* The affine-to-ub conversion (conversions/affine-to-ub,
 * docs/unified-buffers.md): the accelerated part of an affine function (a
 * func.func marked accel.kernel, or the loop marked accel.launch inside one,
 * strata/accel.h) becomes a ub.graph beside it, with the sequential
 * schedule; the ub analyses (strata/ub_analysis.h) take it from there. */
#ifndef STRATA_CONVERSIONS_AFFINE_TO_UB_H
#define STRATA_CONVERSIONS_AFFINE_TO_UB_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the conversion's pass, `ub-extract` (anchored on builtin.module). */
ST_API st_status st_register_affine_to_ub_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
