/* Strata plugins: a shared library that the tools load at run time with
 * --load-dialect-plugin=<lib> or --load-pass-plugin=<lib>, after mlir-opt's
 * flags of the same names, or --load-target-plugin=<lib> (a target for
 * stratac, strata/target.h, docs/adding-a-target.md).
 *
 * A plugin links the shared Strata libraries, so it works on the tool's own
 * context: its dialects, types and passes live in the same registry as the
 * built-in ones.  It exports one C function, named by ST_PLUGIN_ENTRY,
 * returning a description that starts with the API version the plugin was
 * compiled against; the tool refuses a plugin whose version it does not
 * speak before looking at anything else in the description.
 *
 *     const st_plugin_info *st_get_plugin_info(void) {
 *             static const st_plugin_info info = {
 *                     .api_version = ST_API_VERSION, .name = "mine",
 *                     .register_dialects = st_register_mine_dialect,
 *             };
 *             return &info;
 *     }
 *
 * docs/tutorial/ builds one from scratch.
 */
#ifndef STRATA_PLUGIN_H
#define STRATA_PLUGIN_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a plugin offers.  Only `api_version` keeps its place across API
 * versions: the loader reads it first and stops on a mismatch. */
typedef struct st_plugin_info {
	int api_version;     /* ST_API_VERSION of the headers the plugin was built with */
	const char *name;    /* for messages: "mod" */
	const char *version; /* the plugin's own version, free form; may be NULL */
	/* Registers the plugin's dialects in `ctx` (--load-dialect-plugin);
	 * NULL when it has none.  ST_FAIL after reporting a diagnostic. */
	st_status (*register_dialects)(st_context *ctx);
	/* Registers the plugin's passes (and translations) in `ctx`
	 * (--load-pass-plugin); NULL when it has none.  Passes whose IR needs
	 * the plugin's dialects expect them registered by a dialect plugin. */
	st_status (*register_passes)(st_context *ctx);
	/* Registers the plugin's targets (strata/target.h) in `ctx`
	 * (--load-target-plugin, which registers the plugin's dialects and
	 * passes first when it has them); NULL when it has none. */
	st_status (*register_targets)(st_context *ctx);
} st_plugin_info;

/* The symbol a loader looks up. */
#define ST_PLUGIN_ENTRY "st_get_plugin_info"

/* Gives the entry point default visibility in a library built with
 * -fvisibility=hidden (as Strata's own libraries are: strata/support.h). */
#define ST_PLUGIN_EXPORT ST_API

/* The entry point, defined by each plugin (never by Strata's libraries):
 * the description of the plugin, in static storage.  Declared exported
 * here, so that a plugin's definition is exported too. */
ST_PLUGIN_EXPORT const st_plugin_info *st_get_plugin_info(void);

#ifdef __cplusplus
}
#endif
#endif
