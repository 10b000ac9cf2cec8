/* Registration of everything that ships with Strata, for the tools: every
 * dialect, pass and translation at once.  Only tools/ uses it; libraries
 * register what they need through the header of each dialect
 * (strata/<dialect>.h) or conversion (strata/conversions/<name>.h). */
#ifndef STRATA_REGISTRY_H
#define STRATA_REGISTRY_H

#include "strata/dialect.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every dialect linked into the tools, in dependency order. */
ST_API st_status st_register_all_dialects(st_context *ctx);
/* Every pass linked into the tools: the core's generic passes, then the
 * dialects' own. */
ST_API st_status st_register_all_passes(st_context *ctx);
/* Every translation that is not registered with its dialect: those of the
 * backends (Verilog export, the Verilator testbench). */
ST_API st_status st_register_all_translations(st_context *ctx);
/* Every target that ships (strata/target.h): the backends that serve an ACG
 * class, each registered by its st_register_<class>_target. */
ST_API st_status st_register_all_targets(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
