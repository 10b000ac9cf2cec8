/* The cf dialect: unstructured control flow between blocks (MLIR's cf). */
#ifndef STRATA_CF_H
#define STRATA_CF_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (ops, interfaces, interpreter semantics) in `ctx`;
 * registering twice is harmless. */
ST_API st_status st_register_cf_dialect(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
