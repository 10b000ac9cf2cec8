/* The target registry of a context (strata/target.h). */
#include "internal.h"
#include "strata/target.h"

st_status st_context_register_target(st_context *ctx, const st_target_def *def) {
	if (!def->class_ || !def->class_[0] || !def->compile)
		return st_error(ctx, NULL, "a target needs an ACG class and a compile hook");
	if (def->noptions && (!def->options || !def->options_size))
		return st_error(ctx, NULL, "target '%s' has options but no options struct to hold them", def->class_);
	return st__named_table_add(ctx, &ctx->targets, def, "target class");
}

const st_target_def *st_context_lookup_target(st_context *ctx, st_str class_) {
	return st__named_table_lookup(&ctx->targets, class_);
}

size_t st_context_num_targets(const st_context *ctx) { return ctx->targets.n; }

const st_target_def *st_context_target_at(const st_context *ctx, size_t i) {
	return i < ctx->targets.n ? ctx->targets.items[i] : NULL;
}
