/* The translations of the CGRA backend, from a cgra.design: its
 * configuration bitstream (cgra-to-bitstream), an SVG of the placed and
 * routed fabric (cgra-to-svg) and the netlist in Graphviz (cgra-to-dot). */
#include "cgra_internal.h"

#include "strata/translate.h"

static const st_translation_def defs[] = {
	{.name = "cgra-to-bitstream", .summary = "the configuration bitstream of a cgra.design (docs/cgra.md)",
	 .export_ = st_cgra_write_bitstream},
	{.name = "cgra-to-svg", .summary = "an SVG of a cgra.design placed and routed on its fabric",
	 .export_ = st_cgra_write_svg},
	{.name = "cgra-to-dot", .summary = "the netlist of a cgra.design in Graphviz", .export_ = st_cgra_write_dot},
};

st_status st_register_cgra_translations(st_context *ctx) {
	for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
		if (st_failed(st_context_register_translation(ctx, &defs[i])))
			return ST_FAIL;
	return ST_OK;
}
