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
/* The most --target files one command compiles for. */
#define STC_MAX_TARGETS 16

typedef struct stc_args {
	st_run_options run; /* run.target: the first --target */
	/* Every --target in order; with more than one, each run writes into
	 * -o DIR/<the .acg's name> and a side-by-side table ends the output. */
	const char *targets[STC_MAX_TARGETS];
	size_t ntargets;
	bool progress; /* --progress: a line per run on stderr even when it is no terminal */
	st_tool_plugins plugins;
	st_tool_limits limits; /* --limit=<name>=<n>, applied once all is registered */
	bool help, version;
} stc_args;

/* args.c.  The first pass reads what does not depend on the target:
 * returns 0, or the exit status after an error (2).  The second pass,
 * once the target is known (NULL: none), reads everything again and sets
 * the target's options in `opts` (options_size bytes, initialised); an
 * option only one of the `others` (the other --target's targets) has is
 * left to it.  Returns 0 or 2 after an error. */
int stc_args_generic(int argc, char **argv, stc_args *a);
int stc_args_target(int argc, char **argv, stc_args *a, st_context *ctx, const st_target_def *t, void *opts,
                    const st_target_def *const *others, size_t nothers);

/* table.c: the side-by-side table of several targets' runs, and the
 * progress line of one. */
typedef struct stc_row {
	const char *acg;   /* the --target file */
	const char *name;  /* the output folder's name: the file's name without .acg */
	const char *class_; /* NULL: no target was found for it */
	st_run_summary summary;
} stc_row;
void stc_print_table(FILE *f, const char *input, const stc_row *rows, size_t n);
void stc_print_progress(FILE *f, size_t i, size_t n, const char *input, const stc_row *row);

/* help.c: the usage, with every registered target and its options. */
void stc_usage(FILE *f, st_context *ctx);

#endif
