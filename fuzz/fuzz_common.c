/* Shared setup of the fuzz harnesses (fuzz_common.h). */
#include "fuzz_common.h"

#include "strata/limit.h"
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
		if (!shared || st_failed(st_register_all_dialects(shared)) || st_failed(st_register_all_passes(shared)) ||
		    st_failed(st_register_all_translations(shared))) {
			fprintf(stderr, "fuzz: cannot set up a context\n");
			abort();
		}
		if (st_failed(st_context_set_limit(shared, st_str_c("isl-operations"), FZ_ISL_OPERATIONS))) {
			fprintf(stderr, "fuzz: cannot set the isl-operations limit\n");
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

void fz_expect_error(st_context *ctx, size_t errors_before, const char *what) {
	if (st_context_num_errors(ctx) == errors_before && !st_context_out_of_memory(ctx))
		fz_fail(what, NULL, NULL);
}

/* Fails with "<what>: <property>". */
static void fail_about(const char *what, const char *property, const char *text_a, const char *text_b) {
	char msg[512];
	snprintf(msg, sizeof msg, "%s: %s", what, property);
	fz_fail(msg, text_a, text_b);
}

void fz_check_reads_back(st_context *ctx, st_op *m, const char *what, bool exact) {
	fz_buf text = {0}, again = {0};
	st_print_options custom = {0}, generic = {.generic = true};
	if (st_failed(st_verify(m))) {
		fz_print(m, &generic, &text);
		fail_about(what, "the module does not verify", text.data, NULL);
	}
	fz_print(m, &custom, &text);
	for (int round = exact ? 1 : 0; round < 2; round++) {
		st_op *m2 = fz_parse(ctx, (const uint8_t *)text.data, text.len, "output.mlir");
		if (!m2 || st_failed(st_verify(m2)))
			fail_about(what, "the module's print does not parse and verify", text.data, NULL);
		fz_print(m2, &custom, &again);
		st_op_destroy(m2);
		if (round == 0) {
			fz_buf t = text;
			text = again;
			again = t;
		} else if (again.len != text.len || memcmp(again.data, text.data, text.len)) {
			fail_about(what, "the module's print reads back as another module", text.data, again.data);
		}
	}
	fz_buf_free(&text);
	fz_buf_free(&again);
}

static void drop_text(void *ud, const char *data, size_t len) {
	(void)ud;
	(void)data;
	(void)len;
}

bool fz_check_pipeline(st_context *ctx, st_op *m, const char *pipeline, bool exact) {
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	if (!pm || st_failed(st_pass_manager_parse_pipeline(pm, st_str_c(pipeline), "<pipeline>")))
		fz_fail("a pipeline of the harness does not parse", pipeline, NULL);
	st_pass_instrument ins = {.out = drop_text};
	st_pass_manager_set_instrument(pm, &ins);
	size_t errors = st_context_num_errors(ctx);
	bool ok = st_succeeded(st_pass_manager_run(pm, m));
	if (ok)
		fz_check_reads_back(ctx, m, pipeline, exact);
	else
		fz_expect_error(ctx, errors, "a pipeline failed without an error");
	st_pass_manager_destroy(pm);
	return ok;
}
