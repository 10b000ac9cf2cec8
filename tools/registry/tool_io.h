/* Input and output files of the Strata tools: inputs are mapped when they
 * can be (the parser may release consumed pages), outputs are written to a
 * temporary file renamed over the target only on success, so that a failing
 * run never clobbers what the user had. */
#ifndef STRATA_TOOL_IO_H
#define STRATA_TOOL_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct st_tool_input {
	char *data;
	size_t len;
	bool mapped;
} st_tool_input;

/* Reads `path` ("-": standard input); false after printing
 * "<tool>: error: ..." to stderr. */
bool st_tool_read_input(const char *tool, const char *path, st_tool_input *in);
void st_tool_free_input(st_tool_input *in);

typedef struct st_tool_output {
	FILE *f;
	char *tmp_path;
	const char *path;
	const char *tool;
	bool failed;
} st_tool_output;

/* `path` NULL or "-": standard output. */
bool st_tool_open_output(const char *tool, const char *path, st_tool_output *o);
/* An st_write_fn writing to an st_tool_output. */
void st_tool_write(void *output, const char *data, size_t len);
/* Commits the output when `ok` and every write succeeded, discards it
 * otherwise; returns whether it was committed. */
bool st_tool_close_output(st_tool_output *o, bool ok);

/* `--name` or `-name` (as mlir-opt, both spellings); `name` without dashes. */
bool st_tool_is_flag(const char *arg, const char *name);
/* `--name=value` (or `-name=value`): the value, or NULL. */
const char *st_tool_flag_value(const char *arg, const char *name);

#endif
