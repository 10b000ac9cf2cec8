/* lower-calyx-to-hw (conversions/calyx-to-hw): compiled calyx components to
 * hw/comb/seq modules (docs/dialects/calyx.md). */
#ifndef STRATA_CONVERSIONS_CALYX_TO_HW_H
#define STRATA_CONVERSIONS_CALYX_TO_HW_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the conversion's passes in `ctx`. */
ST_API st_status st_register_calyx_to_hw_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
