/* Shared setup of the fuzz harnesses (fuzz_common.h). */
#include "fuzz_common.h"

#include "strata/pass.h"
#include "strata/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void drop(void *ud, const char *data, size_t len) {
	(void)ud;
	(void)data;
	(void)len;
}

/* Blocks over FZ_MAX_BLOCK are refused, which the context reports as out
 * of memory: the interpreter accepts buffers up to 1 GiB, and zeroing one
 * takes seconds under ASan (a 4 KB input would pass for a hang). */
static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
	(void)ud;
	(void)osize;
	if (nsize == 0) {
		free(ptr);
		return NULL;
	}
	return nsize > FZ_MAX_BLOCK ? NULL : realloc(ptr, nsize);
}

/* libFuzzer's entry point has no state argument: the shared context can
 * only live in a static (this is a test program, not the library). */
static st_context *shared;
static bool shared_unregistered;
static unsigned shared_inputs;

st_context *fz_context(bool allow_unregistered) {
	if (shared && (shared_inputs >= FZ_CONTEXT_INPUTS || shared_unregistered != allow_unregistered ||
	               st_context_out_of_memory(shared))) {
		st_context_destroy(shared);
		shared = NULL;
	}
	if (!shared) {
		shared = st_context_create_with_alloc(capped_alloc, NULL);
		if (!shared || st_failed(st_register_all_dialects(shared)) || st_failed(st_register_all_passes(shared))) {
			fprintf(stderr, "fuzz: cannot set up a context\n");
			abort();
		}
		st_context_set_allow_unregistered(shared, allow_unregistered);
		st_context_set_diag_output(shared, drop, NULL);
		shared_unregistered = allow_unregistered;
		shared_inputs = 0;
	}
	shared_inputs++;
	return shared;
}

void fz_done(st_context *ctx) {
	(void)ctx;
	/* FUZZ_FRESH_CONTEXT=1: one context per input, to tell whether a
	 * failure depends on what earlier inputs left in the context. */
	if (getenv("FUZZ_FRESH_CONTEXT"))
		shared_inputs = FZ_CONTEXT_INPUTS;
}

st_op *fz_parse(st_context *ctx, const uint8_t *data, size_t size, const char *filename) {
	st_parse_options o = {.no_register_source = true};
	return st_parse_source(ctx, st_str_make((const char *)data, size), filename, &o);
}

void fz_buf_write(void *ud, const char *data, size_t len) {
	fz_buf *b = ud;
	if (b->len + len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->len + len + 1)
			cap *= 2;
		char *n = realloc(b->data, cap);
		if (!n)
			abort();
		b->data = n;
		b->cap = cap;
	}
	memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = 0;
}

void fz_buf_free(fz_buf *b) {
	free(b->data);
	memset(b, 0, sizeof *b);
}

void fz_print(st_op *op, const st_print_options *o, fz_buf *b) {
	b->len = 0;
	fz_buf_write(b, "", 0);
	st_print_op(op, o, fz_buf_write, b);
}

void fz_fail(const char *what, const char *text_a, const char *text_b) {
	fprintf(stderr, "fuzz: property broken: %s\n", what);
	if (text_a)
		fprintf(stderr, "--- first text:\n%s\n", text_a);
	if (text_b)
		fprintf(stderr, "--- second text:\n%s\n", text_b);
	abort();
}
