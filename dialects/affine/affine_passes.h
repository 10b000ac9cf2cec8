/* The pass definitions of the affine dialect (one file each), collected
 * by affine_passes.c. */
#ifndef STRATA_AFFINE_PASSES_H
#define STRATA_AFFINE_PASSES_H

#include "affine_internal.h"

extern const st_pass_def st__affine_lower_pass;
extern const st_pass_def st__affine_tile_pass;
extern const st_pass_def st__affine_unroll_pass;
extern const st_pass_def st__affine_unroll_jam_pass;
extern const st_pass_def st__affine_raise_pass;
extern const st_pass_def st__affine_normalize_pass;
extern const st_pass_def st__affine_simplify_pass;

#endif
