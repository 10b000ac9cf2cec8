/* Registration of the isl-backed affine passes (isl_passes.h). */
#include "isl_passes.h"

extern const st_pass_def st__affine_interchange_pass;
extern const st_pass_def st__affine_scalrep_pass;
extern const st_pass_def st__affine_fusion_pass;

st_status st__affine_register_isl_passes(st_context *ctx) {
	const st_pass_def *const defs[] = {&st__affine_interchange_pass, &st__affine_scalrep_pass, &st__affine_fusion_pass};
	for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
		if (st_failed(st_context_register_pass(ctx, defs[i])))
			return ST_FAIL;
	return ST_OK;
}
