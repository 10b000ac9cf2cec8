/* convert-srdfg-to-affine (conversions/srdfg-to-affine): PMLang's srDFG to
 * affine loop nests over memrefs (docs/dialects/srdfg.md). */
#ifndef STRATA_CONVERSIONS_SRDFG_TO_AFFINE_H
#define STRATA_CONVERSIONS_SRDFG_TO_AFFINE_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the conversion's passes in `ctx`. */
ST_API st_status st_register_srdfg_to_affine_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
