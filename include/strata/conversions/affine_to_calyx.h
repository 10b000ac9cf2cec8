/* lower-to-calyx (conversions/affine-to-calyx): func/affine/scf/arith/memref
 * to calyx components (docs/calyx-lowering.md), and div-by-constant. */
#ifndef STRATA_CONVERSIONS_AFFINE_TO_CALYX_H
#define STRATA_CONVERSIONS_AFFINE_TO_CALYX_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the conversion's passes in `ctx`. */
ST_API st_status st_register_affine_to_calyx_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
