/* The typed contract of calyx.memories (strata/calyx.h): an info made into
 * a #calyx.memory attribute reads back the same, invalid infos make none,
 * and a module's memories are read in order from its attribute. */
#include "core_test.h"
#include "strata/calyx.h"

static bool same(const st_calyx_memory_info *a, const st_calyx_memory_info *b) {
	if (!st_str_eq(a->name, b->name) || a->seq != b->seq || a->width != b->width || a->rank != b->rank ||
	    a->banks != b->banks || a->bank_dim != b->bank_dim)
		return false;
	for (unsigned i = 0; i < a->rank; i++)
		if (a->shape[i] != b->shape[i])
			return false;
	return true;
}

int main(void) {
	st_context *ctx = new_ctx();
	st_calyx_memory_info a = {.name = st_str_c("A"), .width = 32, .rank = 2, .shape = {16, 8}, .banks = 4, .bank_dim = 1};
	st_attr *attr = st_calyx_memory_attr(ctx, &a);
	st_calyx_memory_info back;
	CHECK(attr && st_calyx_memory_attr_read(attr, &back) && same(&a, &back));
	CHECK(!st_calyx_memory_attr_read(st_string_attr(ctx, st_str_c("A:comb:32:8")), &back));
	/* Invalid: no name, width 0, no dimension, a zero dimension, banks not dividing. */
	st_calyx_memory_info bad[] = {
		{.name = st_str_c(""), .width = 8, .rank = 1, .shape = {4}, .banks = 1},
		{.name = st_str_c("B"), .width = 0, .rank = 1, .shape = {4}, .banks = 1},
		{.name = st_str_c("B"), .width = 8, .rank = 0, .banks = 1},
		{.name = st_str_c("B"), .width = 8, .rank = 2, .shape = {4, 0}, .banks = 1},
		{.name = st_str_c("B"), .width = 8, .rank = 1, .shape = {4}, .banks = 3, .bank_dim = 0},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK(st_calyx_memory_attr(ctx, &bad[i]) == NULL);
	st_op *m = parse(ctx, "hw.module @m() attributes {calyx.memories = [#calyx.memory<\"A\", comb, 32, [16, 8], "
	                      "banks = 4, bank_dim = 1>, #calyx.memory<\"S\", seq, 1, [3]>]} {}\n");
	st_op *hm = m ? st_block_first_op(module_body(m)) : NULL;
	CHECK(hm && st_calyx_module_num_memories(hm) == 2);
	CHECK(hm && st_calyx_module_memory(hm, 0, &back) && same(&a, &back));
	st_calyx_memory_info s = {.name = st_str_c("S"), .seq = true, .width = 1, .rank = 1, .shape = {3}, .banks = 1};
	CHECK(hm && st_calyx_module_memory(hm, 1, &back) && same(&s, &back));
	CHECK(hm && !st_calyx_module_memory(hm, 2, &back));
	if (m)
		st_op_destroy(m);
	st_context_destroy(ctx);
	return test_summary();
}
