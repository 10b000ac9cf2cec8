/* The math dialect: elementary functions on floats and integers (MLIR's math). */
#ifndef STRATA_MATH_H
#define STRATA_MATH_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (ops, interfaces, interpreter semantics) in `ctx`;
 * registering twice is harmless. */
ST_API st_status st_register_math_dialect(st_context *ctx);

/* Strata's definition of math.exp and math.log on f32 (dialects/math/
 * math_elem.c, docs/elementary-functions.md): a fixed sequence of IEEE
 * binary32 operations, within 1 ulp, the same bits on every machine.  The
 * interpreter and every simulator evaluate the ops with these; the
 * soft-float lowering builds the same operations from the constants below
 * (bit patterns, in the order the definition uses them). */
ST_API float st_math_expf(float x);
ST_API float st_math_logf(float x);
#define ST_MATH_EXP_NCONSTS 13
#define ST_MATH_LOG_NCONSTS 9
ST_API extern const uint32_t st_math_exp_consts[ST_MATH_EXP_NCONSTS];
ST_API extern const uint32_t st_math_log_consts[ST_MATH_LOG_NCONSTS];

#ifdef __cplusplus
}
#endif
#endif
