/* The stratac driver (docs/stratac.md): the command line and the help,
 * read from the registry of targets; what a run does is the flow kit's
 * (strata/backend.h) and the target's (strata/target.h). */
#ifndef STRATAC_H
#define STRATAC_H

#include "plugin_loader.h"
#include "strata/backend.h"
#include "tool_io.h"

/* The command line: the generic options, the plugins, and where the
 * target's options start being known. */
typedef struct stc_args {
	st_run_options run;
	st_tool_plugins plugins;
	st_tool_limits limits; /* --limit=<name>=<n>, applied once all is registered */
	bool help, version;
} stc_args;

/* args.c.  The first pass reads what does not depend on the target:
 * returns 0, or the exit status after an error (2).  The second pass,
 * once the target is known (NULL: none), reads everything again and sets
 * the target's options in `opts` (options_size bytes, initialised); it
 * returns 0 or 2 after an error. */
int stc_args_generic(int argc, char **argv, stc_args *a);
int stc_args_target(int argc, char **argv, stc_args *a, st_context *ctx, const st_target_def *t, void *opts);

/* help.c: the usage, with every registered target and its options. */
void stc_usage(FILE *f, st_context *ctx);

#endif
