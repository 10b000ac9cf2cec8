/* st_register_core_passes: every generic pass of the core.  A new core
 * pass adds its st_pass_def here (declared in passes_internal.h). */
#include "passes_internal.h"

st_status st_register_core_passes(st_context *ctx) {
	static const st_pass_def *const defs[] = {
		&st__pass_canonicalize,
		&st__pass_cse,
		&st__pass_dce,
		&st__pass_inline,
		&st__pass_licm,
		&st__pass_print_op_stats,
		&st__pass_sccp,
		&st__pass_strip_debuginfo,
		&st__pass_symbol_dce,
		&st__pass_view_op_graph,
		/* canonicalize, inline, loop-invariant-code-motion, sccp: */
	};
	for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
		if (st_failed(st_context_register_pass(ctx, defs[i])))
			return ST_FAIL;
	return ST_OK;
}
