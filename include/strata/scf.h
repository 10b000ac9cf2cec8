/* The scf dialect: structured control flow, for/while/if/parallel (MLIR's scf). */
#ifndef STRATA_SCF_H
#define STRATA_SCF_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (ops, interfaces, interpreter semantics) in `ctx`;
 * registering twice is harmless. */
ST_API st_status st_register_scf_dialect(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
