/* The codelet passes, registered by st_register_codelet_passes: layer
 * mapping (codelet-expand) and Covenant's scheduling steps on an ACG
 * (docs/dialects/codelet.md, "Passes"). */
#include "codelet_internal.h"

#include "strata/pass.h"

extern const st_pass_def st__codelet_expand_pass;
extern const st_pass_def st__codelet_schedule_pass;

st_status st_register_codelet_passes(st_context *ctx) {
	const st_pass_def *const defs[] = {&st__codelet_expand_pass, &st__codelet_schedule_pass};
	for (size_t i = 0; i < ST__CDLT_N(defs); i++)
		if (st_failed(st_context_register_pass(ctx, defs[i])))
			return ST_FAIL;
	return ST_OK;
}
