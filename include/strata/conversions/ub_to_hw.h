/* convert-ub-to-hw (conversions/ub-to-hw): scheduled, sized ub graphs to
 * streaming hw/comb/seq modules (docs/streaming-hw.md). */
#ifndef STRATA_CONVERSIONS_UB_TO_HW_H
#define STRATA_CONVERSIONS_UB_TO_HW_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the conversion's passes in `ctx`. */
ST_API st_status st_register_ub_to_hw_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
