/* The translation registry of a context (strata/translate.h). */
#include "internal.h"
#include "strata/translate.h"

st_status st_context_register_translation(st_context *ctx, const st_translation_def *def) {
	if (!def->name || !def->name[0] || !def->import == !def->export_)
		return st_error(ctx, NULL, "a translation needs a name and exactly one of an import and an export hook");
	if ((def->extension || def->loop_pipeline) && (!def->import || !def->extension || def->extension[0] != '.'))
		return st_error(ctx, NULL, "translation '%s': only an import reads files of an extension (with its dot), "
		                           "and a loop pipeline needs one", def->name);
	const st_translation_def *other =
		def->extension ? st_context_lookup_import_by_extension(ctx, st_str_c(def->extension)) : NULL;
	if (other && other != def)
		return st_error(ctx, NULL, "translation '%s' reads '%s' files, which translation '%s' already reads",
		                def->name, def->extension, other->name);
	return st__named_table_add(ctx, &ctx->translations, def, "translation");
}

const st_translation_def *st_context_lookup_import_by_extension(st_context *ctx, st_str ext) {
	for (size_t i = 0; i < ctx->translations.n; i++) {
		const st_translation_def *t = ctx->translations.items[i];
		if (t->extension && st_str_eq_c(ext, t->extension))
			return t;
	}
	return NULL;
}

const st_translation_def *st_context_lookup_translation(st_context *ctx, st_str name) {
	return st__named_table_lookup(&ctx->translations, name);
}

size_t st_context_num_translations(const st_context *ctx) { return ctx->translations.n; }

const st_translation_def *st_context_translation_at(const st_context *ctx, size_t i) {
	return i < ctx->translations.n ? ctx->translations.items[i] : NULL;
}
