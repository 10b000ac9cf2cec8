/* The PMLang frontend (docs/pmlang.md): .pm source text to the srdfg
 * dialect.  Every component instance reached from `main` becomes an
 * srdfg.node holding its own graph; ops carry their .pm locations. */
#ifndef STRATA_PMLANG_H
#define STRATA_PMLANG_H

#include "strata/srdfg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parses `text` (named `filename` in diagnostics) and returns a new
 * builtin.module holding `srdfg.graph @main`, or NULL after reporting
 * located errors through the context's diagnostics. */
ST_API st_op *st_pmlang_import(st_context *ctx, st_str text, const char *filename);
/* Registers `--import-pmlang` (strata-translate). */
ST_API st_status st_register_pmlang_translations(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
