/* Input and output files of the Strata tools: inputs are mapped when they
 * can be (the parser may release consumed pages); outputs are written as
 * strata/outfile.h writes them (a temporary file renamed over a regular file
 * only on success, devices and FIFOs in place, every write checked), and
 * each failure is reported as "<tool>: error: cannot write '<path>': ...". */
#ifndef STRATA_TOOL_IO_H
#define STRATA_TOOL_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "strata/ir.h"
#include "strata/outfile.h"

typedef struct st_tool_input {
	char *data;
	size_t len;
	bool mapped;
} st_tool_input;

/* Reads `path` ("-": standard input); false after printing
 * "<tool>: error: ..." to stderr. */
ST_API bool st_tool_read_input(const char *tool, const char *path, st_tool_input *in);
ST_API void st_tool_free_input(st_tool_input *in);

typedef struct st_tool_output {
	st_outfile file;
	const char *tool;
} st_tool_output;

/* `path` NULL or "-": standard output.  False after printing why. */
ST_API bool st_tool_open_output(const char *tool, const char *path, st_tool_output *o);
/* An st_write_fn writing to an st_tool_output. */
ST_API void st_tool_write(void *output, const char *data, size_t len);
/* Commits the output when `ok` and every write succeeded, discards it
 * otherwise; returns whether it was committed, after printing why not
 * when a write failed. */
ST_API bool st_tool_close_output(st_tool_output *o, bool ok);

/* What a tool's main returns: `status`, or 1 after a message when
 * anything written to standard output did not reach it (the C library's
 * flush at exit would drop the error). */
ST_API int st_tool_exit(const char *tool, int status);

/* The --limit=<name>=<n> flags of a command line (strata/limit.h), applied
 * to the context once everything is registered.  Zero-initialised. */
#define ST_TOOL_MAX_LIMITS 32
typedef struct st_tool_limits {
	const char *spec[ST_TOOL_MAX_LIMITS]; /* "<name>=<n>" */
	size_t n;
} st_tool_limits;
/* Whether argv[*i] is --limit (or -limit), with "=<name>=<n>" or the next
 * argument; records it (advancing *i) or prints "<tool>: error: ..." and
 * sets *bad. */
ST_API bool st_tool_limit_flag(st_tool_limits *l, const char *tool, int argc, char **argv, int *i, bool *bad);
/* Sets every recorded limit; false after "<tool>: error: ..." naming the
 * known limits when one is unknown or its value is no positive integer. */
ST_API bool st_tool_limits_apply(const st_tool_limits *l, const char *tool, st_context *ctx);
#define ST_TOOL_LIMIT_USAGE                                                                          \
	"  --limit=<name>=<n>             change a size limit (docs/reliability.md, \"Limits\"; an\n" \
	"                                 unknown name lists them)\n"

/* `--name` or `-name` (as mlir-opt, both spellings); `name` without dashes. */
ST_API bool st_tool_is_flag(const char *arg, const char *name);
/* `--name=value` (or `-name=value`): the value, or NULL. */
ST_API const char *st_tool_flag_value(const char *arg, const char *name);
/* A decimal number, not negative, into *out; false (and *out unchanged)
 * for anything else, or a number over 64 bits. */
ST_API bool st_tool_parse_u64(const char *s, uint64_t *out);

#endif
