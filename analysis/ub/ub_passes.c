/* Registration of the ub analysis passes (docs/unified-buffers.md). */
#include "ub_analysis_private.h"

st_status st_register_ub_analysis_passes(st_context *ctx) {
	const st_pass_def *const defs[] = {
		&st__ub_capacity_pass, &st__ub_map_pass,      &st__ub_map_check_pass,
		&st__ub_schedule_pass, &st__ub_simulate_pass, &st__ub_schedule_ilp_pass,
	};
	if (st_failed(st_context_register_limit(ctx, &st__ub_enumerated_limit)))
		return ST_FAIL;
	for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
		if (st_failed(st_context_register_pass(ctx, defs[i])))
			return ST_FAIL;
	return ST_OK;
}
