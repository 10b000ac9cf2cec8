/* The memref dialect: buffers, their loads, stores, views and globals
 * (MLIR's memref), and its pass buffer-results-to-out-params. */
#ifndef STRATA_MEMREF_H
#define STRATA_MEMREF_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (ops, interfaces, interpreter semantics) in `ctx`;
 * registering twice is harmless. */
ST_API st_status st_register_memref_dialect(st_context *ctx);
/* buffer-results-to-out-params: memref results become out-parameters. */
ST_API st_status st_register_memref_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
