/* arith-soft-float (conversions/arith-soft-float): f32 arithmetic as integer
 * ops on its bits, for targets without floats (docs/soft-float.md). */
#ifndef STRATA_CONVERSIONS_ARITH_SOFT_FLOAT_H
#define STRATA_CONVERSIONS_ARITH_SOFT_FLOAT_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the conversion's passes in `ctx`. */
ST_API st_status st_register_arith_soft_float_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
