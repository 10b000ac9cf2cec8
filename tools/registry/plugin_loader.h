/* Loading plugins into a tool (--load-dialect-plugin, --load-pass-plugin,
 * --load-target-plugin; include/strata/plugin.h describes a plugin).  The tool collects the flags
 * while it parses its command line and loads every plugin into its context
 * once the built-in dialects are registered. */
#ifndef STRATA_PLUGIN_LOADER_H
#define STRATA_PLUGIN_LOADER_H

#include "strata/ir.h"

/* Which flag named the plugin: what it must have to register. */
typedef enum st_tool_plugin_kind {
	ST_TOOL_PLUGIN_PASSES,   /* --load-pass-plugin: its passes (and translations) */
	ST_TOOL_PLUGIN_DIALECTS, /* --load-dialect-plugin: its dialects */
	/* --load-target-plugin: its targets, after its dialects and passes
	 * when it has them (a target plugin is self-contained). */
	ST_TOOL_PLUGIN_TARGETS,
} st_tool_plugin_kind;

typedef struct st_tool_plugin {
	const char *path; /* as given on the command line */
	st_tool_plugin_kind kind;
} st_tool_plugin;

/* More than a command line will ever name; a fixed list keeps the tools
 * free of cleanup paths (plugins stay loaded until the process exits). */
#define ST_TOOL_MAX_PLUGINS 32

/* Zero-initialised before use. */
typedef struct st_tool_plugins {
	st_tool_plugin list[ST_TOOL_MAX_PLUGINS];
	size_t n;
} st_tool_plugins;

/* Whether `arg` is a plugin flag: --load-dialect-plugin[=<lib>],
 * --load-pass-plugin[=<lib>] or --load-target-plugin[=<lib>] (one dash
 * works too). */
ST_API bool st_tool_is_plugin_flag(const char *arg);
/* Records the plugin flag argv[*i] (the library after `=` or as the next
 * argument, which advances *i); false after printing "<tool>: error: ..."
 * (no library, too many plugins). */
ST_API bool st_tool_plugin_add(st_tool_plugins *p, const char *tool, int argc, char **argv, int *i);
/* Loads every plugin in command-line order and registers its dialects,
 * passes or targets in `ctx` (as its flag says); false after printing "<tool>: error: ..." for the first
 * plugin that is missing, is no Strata plugin, was built for another API
 * version or failed to register.  Plugins are never unloaded: contexts
 * point into their static data until the process ends. */
ST_API bool st_tool_plugins_load(st_tool_plugins *p, const char *tool, st_context *ctx);
/* The help lines of the flags. */
#define ST_TOOL_PLUGIN_USAGE                                                                       \
	"  --load-dialect-plugin=<lib>    load a plugin and register its dialects (docs/tutorial/)\n" \
	"  --load-pass-plugin=<lib>       load a plugin and register its passes\n"                    \
	"  --load-target-plugin=<lib>     load a plugin and register its targets, with its dialects\n" \
	"                                 and passes (docs/adding-a-target.md)\n"

#endif
