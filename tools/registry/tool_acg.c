/* Loading a tool's --acg/--target file and inserting it into a module. */
#include "tool_acg.h"

#include "strata/translate.h"

st_op *st_tool_load_acg(st_context *ctx, const char *tool, const char *path, st_tool_input *in) {
	const st_translation_def *t = st_context_lookup_translation(ctx, st_str_c("import-acg"));
	if (!t || !st_tool_read_input(tool, path, in))
		return NULL;
	return t->import(ctx, st_str_make(in->data, in->len), path);
}

/* The graph goes first in the module, so that target passes find it before
 * the pipeline runs. */
bool st_tool_insert_acg_target(st_op *m, st_op *acg_module, const char *flag) {
	if (st_symbol_lookup(m, st_str_c("target"))) {
		st_op_error(m, "already holds a symbol named @target; %s adds one", flag);
		return false;
	}
	st_op *g = st_op_clone(st_block_first_op(st_region_first_block(st_op_region(acg_module, 0))), NULL);
	if (!g)
		return false;
	st_op_set_attr(g, "sym_name", st_string_attr(st_op_context(m), st_str_c("target")));
	st_block_prepend_op(st_region_first_block(st_op_region(m, 0)), g);
	return true;
}
