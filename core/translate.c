/* The translation registry of a context (strata/translate.h). */
#include "internal.h"
#include "strata/translate.h"

st_status st_context_register_translation(st_context *ctx, const st_translation_def *def) {
	if (!def->name || !def->name[0] || !def->import == !def->export_)
		return st_error(ctx, NULL, "a translation needs a name and exactly one of an import and an export hook");
	return st__named_table_add(ctx, &ctx->translations, def, "translation");
}

const st_translation_def *st_context_lookup_translation(st_context *ctx, st_str name) {
	return st__named_table_lookup(&ctx->translations, name);
}

size_t st_context_num_translations(const st_context *ctx) { return ctx->translations.n; }

const st_translation_def *st_context_translation_at(const st_context *ctx, size_t i) {
	return i < ctx->translations.n ? ctx->translations.items[i] : NULL;
}
