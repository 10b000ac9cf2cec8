/* The typed contract of ub.streams (strata/ub.h): an info made into a
 * #ub.stream attribute reads back the same, invalid infos make none, and a
 * module's streams are read in order from its attribute. */
#include "core_test.h"
#include "strata/ub.h"

static bool same(const st_ub_stream_info *a, const st_ub_stream_info *b) {
	if (a->in != b->in || !st_str_eq(a->name, b->name) || a->arg != b->arg || a->width != b->width ||
	    a->rank != b->rank || a->lanes != b->lanes)
		return false;
	for (unsigned i = 0; i < a->rank; i++)
		if (a->shape[i] != b->shape[i])
			return false;
	return true;
}

int main(void) {
	st_context *ctx = new_ctx();
	st_ub_stream_info a = {.in = true, .name = st_str_c("img"), .arg = 0, .width = 16, .rank = 3,
	                       .shape = {8, 8, 3}, .lanes = 3};
	st_attr *attr = st_ub_stream_attr(ctx, &a);
	st_ub_stream_info back;
	CHECK(attr && st_ub_stream_attr_read(attr, &back) && same(&a, &back));
	CHECK(!st_ub_stream_attr_read(st_string_attr(ctx, st_str_c("in:img:0:16:8x8x3:3")), &back));
	/* Invalid: no name, width 0, no dimension, a zero dimension, lanes not dividing. */
	st_ub_stream_info bad[] = {
		{.name = st_str_c(""), .width = 8, .rank = 1, .shape = {4}, .lanes = 1},
		{.name = st_str_c("b"), .width = 0, .rank = 1, .shape = {4}, .lanes = 1},
		{.name = st_str_c("b"), .width = 8, .rank = 0, .lanes = 1},
		{.name = st_str_c("b"), .width = 8, .rank = 2, .shape = {4, 0}, .lanes = 1},
		{.name = st_str_c("b"), .width = 8, .rank = 1, .shape = {4}, .lanes = 3},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK(st_ub_stream_attr(ctx, &bad[i]) == NULL);
	st_op *m = parse(ctx, "hw.module @m() attributes {ub.streams = [#ub.stream<in, \"img\", 0, 16, [8, 8, 3], "
	                      "lanes = 3>, #ub.stream<out, \"o\", 1, 1, [5]>]} {}\n");
	st_op *hm = m ? st_block_first_op(module_body(m)) : NULL;
	CHECK(hm && st_ub_module_num_streams(hm) == 2);
	CHECK(hm && st_ub_module_stream(hm, 0, &back) && same(&a, &back));
	st_ub_stream_info o = {.name = st_str_c("o"), .arg = 1, .width = 1, .rank = 1, .shape = {5}, .lanes = 1};
	CHECK(hm && st_ub_module_stream(hm, 1, &back) && same(&o, &back));
	CHECK(hm && !st_ub_module_stream(hm, 2, &back));
	if (m)
		st_op_destroy(m);
	st_context_destroy(ctx);
	return test_summary();
}
