/* The mod dialect as a Strata plugin: the one function strata-opt looks
 * up after loading the library (--load-dialect-plugin,
 * --load-pass-plugin).  The version tells the tool which headers the
 * plugin was compiled with; a tool of another API version refuses it. */
#include "mod/mod.h"

#include <strata/plugin.h>

const st_plugin_info *st_get_plugin_info(void) {
	static const st_plugin_info info = {
		.api_version = ST_API_VERSION,
		.name = "mod",
		.version = "1.0",
		.register_dialects = mod_register_dialect,
		.register_passes = mod_register_passes,
	};
	return &info;
}
