/* lower-calyx-to-hw: placeholder while the lowering is written. */
#include "strata/pass.h"
#include "strata/registry.h"

st_status st_register_calyx_to_hw_passes(st_context *ctx) {
	(void)ctx;
	return ST_OK;
}
