/* Translations between Strata IR and other formats (MLIR's
 * TranslateRegistration): an import reads a foreign text into a module, an
 * export writes a module in a foreign format.  Dialects register them by
 * name in a context; strata-translate offers each as `--<name>`. */
#ifndef STRATA_TRANSLATE_H
#define STRATA_TRANSLATE_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_translation_def {
	const char *name;    /* the flag without dashes: "export-verilog" */
	const char *summary; /* one line for --help */
	/* Exactly one of the two hooks is set.
	 *
	 * import: parses `buffer` (named `filename` in diagnostics) and returns a
	 * new builtin.module the caller destroys; NULL after reporting located
	 * errors through the context's diagnostics.
	 *
	 * export: writes `module` (already verified) through `w`.  It must not
	 * change the IR; ST_FAIL after reporting why.  Output is only shown to
	 * the user when the export succeeds. */
	st_op *(*import)(st_context *ctx, st_str buffer, const char *filename);
	st_status (*export_)(st_op *module, st_write_fn w, void *ud);
	/* Imports of a kernel language only (NULL otherwise): the extension of
	 * its files (".hl"), by which a driver picks the import for an input
	 * file (stratac, strata/backend.h), and the pass pipeline, anchored on
	 * builtin.module, that takes what the import makes to the loop level
	 * (func/affine/scf/memref) every target starts from; NULL when the
	 * import already gives that level. */
	const char *extension;
	const char *loop_pipeline;
} st_translation_def;

/* Registers `def` (kept by pointer; static storage is typical).  Registering
 * the same definition twice is a no-op; another one under a taken name, or
 * an import of an extension another import reads, is an error. */
ST_API st_status st_context_register_translation(st_context *ctx, const st_translation_def *def);
/* The translation called `name`, or NULL. */
ST_API const st_translation_def *st_context_lookup_translation(st_context *ctx, st_str name);
/* The import that reads files with extension `ext` (".pm", with the dot),
 * or NULL. */
ST_API const st_translation_def *st_context_lookup_import_by_extension(st_context *ctx, st_str ext);
/* The registered translations, sorted by name. */
ST_API size_t st_context_num_translations(const st_context *ctx);
ST_API const st_translation_def *st_context_translation_at(const st_context *ctx, size_t i);

#ifdef __cplusplus
}
#endif
#endif
