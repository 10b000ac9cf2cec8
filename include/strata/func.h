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

/* The function a pass works on, as a pass option `top` names it: the
 * func.func with a body called `name`, or with `name` "" the module's only
 * public one.  NULL after an error at the module, prefixed with the pass
 * `who` and naming the option (`what` says what the function is: "the
 * kernel", "the top one"). */
ST_API st_op *st_func_find_top(st_op *module, const char *name, const char *who, const char *what);

#ifdef __cplusplus
}
#endif
#endif
