/* Unit tests of st_blocklist (include/strata/blocklist.h): blocks leave the
 * list one at a time or all at once, blocks come zeroed, realloc keeps the
 * contents and zeroes what it adds, and an
 * allocation failure gives NULL and leaves the list as it was; the failing
 * allocator counts the live blocks, so a leak fails the test. */
#include "core_test.h"

#include "strata/blocklist.h"

static void test_basic(void) {
	fail_alloc fa = {0};
	st_context *ctx = st_context_create_with_alloc(fail_alloc_fn, &fa);
	CHECK(ctx != NULL);
	long base = fa.live;
	st_blocklist l = {ctx, NULL};
	char *a = st_blocklist_alloc(&l, 16), *b = st_blocklist_alloc(&l, 32), *c = st_blocklist_alloc(&l, 8);
	CHECK(a && b && c);
	CHECK(fa.live == base + 3);
	memcpy(b, "hello", 6);
	/* The middle block leaves the list alone. */
	st_blocklist_free(&l, a);
	CHECK(fa.live == base + 2);
	for (int i = 6; i < 32; i++)
		CHECK(b[i] == 0);
	char *b2 = st_blocklist_realloc(&l, b, 4096);
	CHECK(b2 && !strcmp(b2, "hello"));
	bool zero = true;
	for (int i = 6; i < 4096; i++)
		zero = zero && b2[i] == 0;
	CHECK(zero);
	CHECK(fa.live == base + 2);
	char *d = st_blocklist_realloc(&l, NULL, 10);
	CHECK(d != NULL);
	st_blocklist_free(&l, NULL);
	/* A refused allocation: NULL, and the old block stays on the list. */
	fa.counting = true;
	fa.fail_at = fa.attempts + 1;
	CHECK(st_blocklist_realloc(&l, b2, 100) == NULL);
	CHECK(st_blocklist_alloc(&l, (size_t)-1) == NULL);
	fa.counting = false;
	CHECK(!strcmp(b2, "hello"));
	CHECK(fa.live == base + 3);
	st_blocklist_free_all(&l);
	CHECK(l.head == NULL);
	CHECK(fa.live == base);
	st_context_destroy(ctx);
	CHECK(fa.live == 0);
}

int main(void) {
	test_basic();
	return test_summary();
}
