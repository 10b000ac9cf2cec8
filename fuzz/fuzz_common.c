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

st_context *fz_context(bool allow_unregistered) {
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx)) || st_failed(st_register_all_passes(ctx))) {
		fprintf(stderr, "fuzz: cannot set up a context\n");
		abort();
	}
	st_context_set_allow_unregistered(ctx, allow_unregistered);
	st_context_set_diag_output(ctx, drop, NULL);
	return ctx;
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
