/* The translation registry: lookup by name and by the extension an import
 * reads, sorted listing, and the definitions it refuses. */
#include "core_test.h"
#include "strata/translate.h"

static st_op *import_nothing(st_context *ctx, st_str buffer, const char *filename) {
	(void)ctx, (void)buffer, (void)filename;
	return NULL;
}

static st_status export_nothing(st_op *module, st_write_fn w, void *ud) {
	(void)module, (void)w, (void)ud;
	return ST_OK;
}

int main(void) {
	st_context *ctx = st_context_create();
	static const st_translation_def b = {"export-b", "b", NULL, export_nothing, NULL, NULL};
	static const st_translation_def a = {"import-a", "a", import_nothing, NULL, NULL, NULL};
	static const st_translation_def b2 = {"export-b", "another b", NULL, export_nothing, NULL, NULL};
	static const st_translation_def both = {"both", NULL, import_nothing, export_nothing, NULL, NULL};
	static const st_translation_def neither = {"neither", NULL, NULL, NULL, NULL, NULL};
	static const st_translation_def unnamed = {"", NULL, NULL, export_nothing, NULL, NULL};

	CHECK(st_succeeded(st_context_register_translation(ctx, &b)));
	CHECK(st_succeeded(st_context_register_translation(ctx, &a)));
	CHECK(st_succeeded(st_context_register_translation(ctx, &b))); /* again: no-op */
	CHECK(st_context_num_translations(ctx) == 2);
	CHECK(st_context_translation_at(ctx, 0) == &b);
	CHECK(st_context_translation_at(ctx, 1) == &a);
	CHECK(st_context_translation_at(ctx, 2) == NULL);
	CHECK(st_context_lookup_translation(ctx, st_str_c("import-a")) == &a);
	CHECK(st_context_lookup_translation(ctx, st_str_c("import")) == NULL);

	diag_sink ds;
	diag_sink_install(&ds, ctx);
	CHECK(st_failed(st_context_register_translation(ctx, &b2)));
	CHECK_CONTAINS("duplicate", sbuf_str(&ds.text), "translation 'export-b' is already registered");
	CHECK(st_failed(st_context_register_translation(ctx, &both)));
	CHECK(st_failed(st_context_register_translation(ctx, &neither)));
	CHECK(st_failed(st_context_register_translation(ctx, &unnamed)));
	CHECK(st_context_num_translations(ctx) == 2);
	CHECK(ds.nerrors == 4);

	/* Kernel languages: an import reads files of an extension. */
	static const st_translation_def hl = {"import-hl", "hl", import_nothing, NULL, ".hl", NULL};
	static const st_translation_def pm = {"import-pm", "pm", import_nothing, NULL, ".pm", "cse"};
	static const st_translation_def hl2 = {"import-hl2", "hl again", import_nothing, NULL, ".hl", NULL};
	static const st_translation_def ext_export = {"export-x", NULL, NULL, export_nothing, ".x", NULL};
	static const st_translation_def no_dot = {"import-y", NULL, import_nothing, NULL, "y", NULL};
	static const st_translation_def pipeline_only = {"import-z", NULL, import_nothing, NULL, NULL, "cse"};
	CHECK(st_succeeded(st_context_register_translation(ctx, &hl)));
	CHECK(st_succeeded(st_context_register_translation(ctx, &pm)));
	CHECK(st_succeeded(st_context_register_translation(ctx, &hl))); /* again: no-op */
	CHECK(st_context_lookup_import_by_extension(ctx, st_str_c(".hl")) == &hl);
	CHECK(st_context_lookup_import_by_extension(ctx, st_str_c(".pm")) == &pm);
	CHECK(st_context_lookup_import_by_extension(ctx, st_str_c(".h")) == NULL);
	CHECK(st_context_lookup_import_by_extension(ctx, st_str_c("hl")) == NULL);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_context_register_translation(ctx, &hl2)));
	CHECK_CONTAINS("ext clash", sbuf_str(&ds.text),
	               "translation 'import-hl2' reads '.hl' files, which translation 'import-hl' already reads");
	CHECK(st_failed(st_context_register_translation(ctx, &ext_export)));
	CHECK(st_failed(st_context_register_translation(ctx, &no_dot)));
	CHECK(st_failed(st_context_register_translation(ctx, &pipeline_only)));
	CHECK_CONTAINS("ext export", sbuf_str(&ds.text), "translation 'export-x': only an import reads files of an extension");
	CHECK(ds.nerrors == 4);
	CHECK(st_context_num_translations(ctx) == 4);
	diag_sink_remove(&ds);
	sbuf_free(&ds.text);
	st_context_destroy(ctx);
	return test_summary();
}
