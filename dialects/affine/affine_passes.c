/* Registration of the affine dialect's passes with their mlir-opt names
 * and options. */
#include "affine_passes.h"
#include "isl_passes.h"

st_status st_register_affine_passes(st_context *ctx) {
	const st_pass_def *const defs[] = {&st__affine_lower_pass, &st__affine_tile_pass, &st__affine_unroll_pass, &st__affine_unroll_jam_pass,
	                                   &st__affine_raise_pass, &st__affine_normalize_pass,
	                                   &st__affine_simplify_pass, NULL};
	for (size_t i = 0; defs[i]; i++)
		if (st_failed(st_context_register_pass(ctx, defs[i])))
			return ST_FAIL;
	return st__affine_register_isl_passes(ctx);
}
