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

#ifdef __cplusplus
}
#endif
#endif
