/* The public pointer map (strata/ptrmap.h): put, get, remove and clear,
 * keys that are small integers cast to pointers (1 included), NULL refused,
 * growth past many deletions, and a walk over every entry. */
#include "core_test.h"
#include "strata/ptrmap.h"

static void sum(void *ud, const void *key, void *val) {
	uintptr_t *acc = ud;
	acc[0] += (uintptr_t)key;
	acc[1] += (uintptr_t)val;
}

int main(void) {
	st_context *ctx = st_context_create();
	st_ptr_map *m = st_ptr_map_create(ctx);
	CHECK(m && st_ptr_map_size(m) == 0 && st_ptr_map_get(m, (void *)1) == NULL);
	CHECK(!st_ptr_map_put(m, NULL, (void *)5) && st_ptr_map_get(m, NULL) == NULL);
	/* Keys 1..1000 (small integers), values key * 3, then every odd one removed. */
	bool ok = true;
	for (uintptr_t k = 1; k <= 1000; k++)
		ok = ok && st_ptr_map_put(m, (void *)k, (void *)(k * 3));
	CHECK(ok && st_ptr_map_size(m) == 1000);
	for (uintptr_t k = 1; k <= 1000; k += 2)
		ok = ok && st_ptr_map_remove(m, (void *)k);
	CHECK(ok && st_ptr_map_size(m) == 500 && !st_ptr_map_remove(m, (void *)1));
	CHECK(st_ptr_map_get(m, (void *)1) == NULL && st_ptr_map_get(m, (void *)2) == (void *)6);
	/* Put again over the tombstones, and overwrite. */
	for (uintptr_t k = 1; k <= 2000; k += 2)
		ok = ok && st_ptr_map_put(m, (void *)k, (void *)k);
	CHECK(ok && st_ptr_map_put(m, (void *)2, (void *)7) && st_ptr_map_get(m, (void *)2) == (void *)7);
	CHECK(st_ptr_map_size(m) == 1500);
	uintptr_t acc[2] = {0, 0};
	st_ptr_map_each(m, sum, acc);
	uintptr_t keys = 0, vals = 0;
	for (uintptr_t k = 2; k <= 1000; k += 2)
		keys += k, vals += k == 2 ? 7 : k * 3;
	for (uintptr_t k = 1; k <= 2000; k += 2)
		keys += k, vals += k;
	CHECK(acc[0] == keys && acc[1] == vals);
	st_ptr_map_clear(m);
	CHECK(st_ptr_map_size(m) == 0 && st_ptr_map_get(m, (void *)2) == NULL);
	st_ptr_map_destroy(m);
	st_ptr_map_destroy(NULL);
	st_context_destroy(ctx);
	return test_summary();
}
