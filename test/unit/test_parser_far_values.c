/* The parser keeps %N names in a table of 32-bit handles relative to a few
 * base addresses, and widens it to pointers when values come from more
 * areas than it can reach.  An allocator that hands out memory from areas
 * terabytes apart drives that path: the printed IR must be the same as with
 * the ordinary allocator.
 */
/* MAP_ANONYMOUS is not POSIX: ask glibc for it. */
#define _DEFAULT_SOURCE
#include "core_test.h"

#include <sys/mman.h>

#define NAREAS 6
#define AREA_SIZE (16u << 20)

typedef struct far_alloc {
	char *area[NAREAS];
	size_t used[NAREAS];
	unsigned next;
} far_alloc;

/* Round-robin over the areas; frees are ignored (the areas go at the end). */
static void *far_fn(void *ud, void *ptr, size_t osize, size_t nsize) {
	far_alloc *fa = ud;
	if (nsize == 0)
		return NULL;
	unsigned a = fa->next++ % NAREAS;
	size_t n = (nsize + 15) & ~(size_t)15;
	if (fa->used[a] + n > AREA_SIZE)
		return NULL;
	void *p = fa->area[a] + fa->used[a];
	fa->used[a] += n;
	if (ptr)
		memcpy(p, ptr, osize < nsize ? osize : nsize);
	return p;
}

/* Enough ops to fill several of the context's op-pool chunks, so that the
 * values come from every area. */
#define NOPS 12000

static char *make_source(void) {
	sbuf b = {0};
	sbuf_write(&b, "func.func @f(%arg0: i32) -> i32 {\n", 34);
	char line[96];
	for (int i = 0; i < NOPS; i++) {
		int n = i == 0 ? snprintf(line, sizeof line, "  %%0 = arith.addi %%arg0, %%arg0 : i32\n")
		               : snprintf(line, sizeof line, "  %%%d = arith.addi %%%d, %%%d : i32\n", i, i - 1, i / 2);
		sbuf_write(&b, line, (size_t)n);
	}
	int n = snprintf(line, sizeof line, "  return %%%d : i32\n}\n", NOPS - 1);
	sbuf_write(&b, line, (size_t)n);
	return b.data;
}

static char *parse_and_print(st_context *ctx, const char *source) {
	if (st_failed(st_register_all_dialects(ctx)))
		return NULL;
	st_op *m = st_parse_source(ctx, st_str_c(source), "far.mlir", NULL);
	if (!m)
		return NULL;
	sbuf out = {0};
	st_print_op(m, NULL, sbuf_write, &out);
	st_op_destroy(m);
	return out.data;
}

int main(void) {
	char *source = make_source();
	st_context *plain = st_context_create();
	char *want = parse_and_print(plain, source);
	st_context_destroy(plain);
	CHECK(want != NULL);

	far_alloc fa = {0};
	bool mapped = true;
	for (unsigned i = 0; i < NAREAS; i++) {
		/* 2 TiB apart: far beyond the handles' 4 GiB reach. */
		void *hint = (void *)((uintptr_t)0x100000000000ull + (uintptr_t)i * 0x20000000000ull);
		void *p = mmap(hint, AREA_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		fa.area[i] = p == MAP_FAILED ? NULL : p;
		mapped = mapped && fa.area[i];
	}
	CHECK(mapped);
	bool spread = true;
	for (unsigned i = 1; mapped && i < NAREAS; i++) {
		intptr_t d = (intptr_t)fa.area[i] - (intptr_t)fa.area[i - 1];
		spread = spread && (d > ((intptr_t)1 << 34) || d < -((intptr_t)1 << 34));
	}
	/* The kernel honours the hints on Linux x86-64; if it did not, this
	 * test would not exercise what it is for, so it says so. */
	CHECK(spread);
	if (mapped) {
		st_context *far = st_context_create_with_alloc(far_fn, &fa);
		char *got = parse_and_print(far, source);
		st_context_destroy(far);
		CHECK_STR("IR parsed through far-apart allocations", got, want ? want : "");
		free(got);
	}
	for (unsigned i = 0; i < NAREAS; i++)
		if (fa.area[i])
			munmap(fa.area[i], AREA_SIZE);
	free(want);
	free(source);
	return test_summary();
}
