/* The target description of a tool run: strata-opt --acg=FILE and stratac
 * --target FILE import an `.acg` file once and insert it as
 * `acg.graph @target` into the module they work on (docs/acg.md). */
#ifndef STRATA_TOOL_ACG_H
#define STRATA_TOOL_ACG_H

#include "tool_io.h"

#include "strata/ir.h"

/* Imports `path` through the registered import-acg translation: a new
 * module holding one acg.graph, or NULL after an error ("<tool>: error:"
 * for an unreadable file, located errors for bad text).  `in` keeps the
 * text (diagnostics show its lines); free it after the module. */
ST_API st_op *st_tool_load_acg(st_context *ctx, const char *tool, const char *path, st_tool_input *in);
/* Inserts a copy of the graph of `acg_module`, renamed @target, first in
 * module `m`; false after an error at `m` when `m` already has a @target
 * (`flag` names the option that adds it, for the message). */
ST_API bool st_tool_insert_acg_target(st_op *m, st_op *acg_module, const char *flag);

#endif
