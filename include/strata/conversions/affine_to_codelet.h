/* The affine-to-codelet conversion (conversions/affine-to-codelet,
 * docs/conversion.md): `affine-raise-to-codelet` replaces a function's
 * affine loop nests by the codelet layer ops (strata/codelet.h) they
 * compute, recognised whatever the schedule did to the loops, so that the
 * systolic target maps programs of the .hl and .pm frontends. */
#ifndef STRATA_CONVERSIONS_AFFINE_TO_CODELET_H
#define STRATA_CONVERSIONS_AFFINE_TO_CODELET_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the pass `affine-raise-to-codelet` (anchored on builtin.module;
 * option `func`) and its limit codelet-raise-steps. */
ST_API st_status st_register_affine_to_codelet_passes(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
