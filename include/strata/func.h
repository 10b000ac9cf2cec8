/* The func dialect: functions, calls and returns (MLIR's func). */
#ifndef STRATA_FUNC_H
#define STRATA_FUNC_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (ops, interfaces, interpreter semantics) in `ctx`;
 * registering twice is harmless. */
ST_API st_status st_register_func_dialect(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
