/* convert-affine-to-rda (conversions/affine-to-rda): a func/affine/scf/
 * memref kernel to an rda.design of virtual units (docs/rda.md). */
#ifndef STRATA_CONVERSIONS_AFFINE_TO_RDA_H
#define STRATA_CONVERSIONS_AFFINE_TO_RDA_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the conversion's passes in `ctx`. */
ST_API st_status st_register_affine_to_rda_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
