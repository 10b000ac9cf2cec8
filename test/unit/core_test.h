/* Shared helpers of the core API unit tests (test_context.c, test_ops.c,
 * ...): check macros that count instead of aborting, a string sink for the
 * printer and the diagnostic renderer, a diagnostic collector, and a few
 * shortcuts for building IR.  Header-only (every function static) because
 * each file under test/unit is its own executable.
 */
#ifndef STRATA_TEST_CORE_TEST_H
#define STRATA_TEST_CORE_TEST_H

#include "strata/asm.h"
#include "strata/dialect.h"
#include "strata/ir.h"
#include "strata/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int npassed, nfailed;

#define CHECK(cond)                                                                                                \
	do {                                                                                                           \
		if (cond)                                                                                                  \
			npassed++;                                                                                             \
		else {                                                                                                     \
			nfailed++;                                                                                             \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                               \
		}                                                                                                          \
	} while (0)

static inline void check_str_at(const char *file, int line, const char *what, const char *got, const char *want) {
	if (got && strcmp(got, want) == 0) {
		npassed++;
		return;
	}
	nfailed++;
	fprintf(stderr, "%s:%d: %s\n  got:  %s\n  want: %s\n", file, line, what, got ? got : "(null)", want);
}
#define CHECK_STR(what, got, want) check_str_at(__FILE__, __LINE__, what, got, want)

/* `got` must contain `needle`. */
static inline void check_contains_at(const char *file, int line, const char *what, const char *got,
                                     const char *needle) {
	if (got && strstr(got, needle)) {
		npassed++;
		return;
	}
	nfailed++;
	fprintf(stderr, "%s:%d: %s\n  got:  %s\n  want substring: %s\n", file, line, what, got ? got : "(null)",
	        needle);
}
#define CHECK_CONTAINS(what, got, needle) check_contains_at(__FILE__, __LINE__, what, got, needle)

static inline int test_summary(void) {
	printf("%d passed, %d failed\n", npassed, nfailed);
	return nfailed ? 1 : 0;
}

/* ------------------------------------------------------------ strings */

/* A growable buffer (plain malloc: it is the test's, not the context's). */
typedef struct sbuf {
	char *data;
	size_t len, cap;
} sbuf;

static inline void sbuf_write(void *ud, const char *d, size_t n) {
	sbuf *b = ud;
	if (b->len + n + 1 > b->cap) {
		size_t nc = (b->len + n + 1) * 2;
		char *p = realloc(b->data, nc);
		if (!p)
			abort();
		b->data = p;
		b->cap = nc;
	}
	memcpy(b->data + b->len, d, n);
	b->len += n;
	b->data[b->len] = 0;
}

static inline void sbuf_clear(sbuf *b) {
	b->len = 0;
	if (b->data)
		b->data[0] = 0;
}

static inline void sbuf_free(sbuf *b) {
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

static inline const char *sbuf_str(sbuf *b) { return b->data ? b->data : ""; }

/* Prints `op` (generic form when `generic`) into a fresh malloc'd string. */
static inline char *print_op_str(st_op *op, bool generic) {
	sbuf b = {0};
	st_print_options o = {.generic = generic};
	st_print_op(op, &o, sbuf_write, &b);
	if (!b.data)
		sbuf_write(&b, "", 0);
	return b.data;
}

/* --------------------------------------------------------- diagnostics */

/* Collects every diagnostic (rendered, notes included) into `text`, and
 * counts them; installed as the newest handler, so it consumes all. */
typedef struct diag_sink {
	st_context *ctx;
	sbuf text;
	int count;
	int nerrors;
	int nnotes;
} diag_sink;

static inline bool diag_sink_handler(void *ud, const st_diag_info *d) {
	diag_sink *s = ud;
	s->count++;
	if (d->severity == ST_SEV_ERROR)
		s->nerrors++;
	s->nnotes += (int)d->nnotes;
	st_diag_render(s->ctx, d, sbuf_write, &s->text);
	return true;
}

static inline void diag_sink_install(diag_sink *s, st_context *ctx) {
	memset(s, 0, sizeof *s);
	s->ctx = ctx;
	st_context_push_diag_handler(ctx, diag_sink_handler, s);
}

static inline void diag_sink_reset(diag_sink *s) {
	sbuf_clear(&s->text);
	s->count = s->nerrors = s->nnotes = 0;
}

static inline void diag_sink_remove(diag_sink *s) {
	st_context_pop_diag_handler(s->ctx);
	sbuf_free(&s->text);
}

/* Where a test under allocation failures looks for the "out of memory"
 * diagnostic: the default output when a single allocation fails, a
 * handler installed beforehand when every later one fails too (rendering
 * through the default output may itself need memory then). */
typedef struct oom_diags {
	st_context *ctx;
	sbuf out;
	diag_sink sink;
	bool handler;
} oom_diags;

static inline void oom_diags_install(oom_diags *d, st_context *ctx, bool handler) {
	memset(&d->out, 0, sizeof d->out);
	d->ctx = ctx;
	d->handler = handler;
	st_context_set_diag_output(ctx, sbuf_write, &d->out);
	if (handler)
		diag_sink_install(&d->sink, ctx);
}

/* Whether "out of memory" was reported; restores the default output,
 * removes the handler and frees. */
static inline bool oom_diags_finish(oom_diags *d) {
	bool seen = strstr(sbuf_str(d->handler ? &d->sink.text : &d->out), "out of memory") != NULL;
	if (d->handler)
		diag_sink_remove(&d->sink);
	st_context_set_diag_output(d->ctx, NULL, NULL);
	sbuf_free(&d->out);
	return seen;
}

/* ------------------------------------------------------------ building */

/* A context with func and cf registered and unregistered ops allowed. */
static inline st_context *new_ctx(void) {
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx)))
		abort();
	st_context_set_allow_unregistered(ctx, true);
	return ctx;
}

/* Parses `text` (which must outlive the context's diagnostics). */
static inline st_op *parse(st_context *ctx, const char *text) {
	return st_parse_source(ctx, st_str_c(text), "test.mlir", NULL);
}

/* The body block of a module (created when the module has none: `module {}`
 * parses to a region without blocks). */
static inline st_block *module_body(st_op *m) {
	st_region *r = st_op_region(m, 0);
	if (st_region_is_empty(r))
		st_region_append_block(r, st_block_create(st_op_context(m)));
	return st_region_first_block(r);
}

/* Creates a detached unregistered op `name` with the given operands and
 * result types. */
static inline st_op *mk_op(st_context *ctx, const char *name, size_t nops, st_value *const *ops, size_t nres,
                           st_type *const *types) {
	st_op_state s = {.name = st_str_c(name),
	                 .noperands = nops,
	                 .operands = ops,
	                 .nresults = nres,
	                 .result_types = types};
	return st_op_create(ctx, &s);
}

/* The same with regions. */
static inline st_op *mk_op_regions(st_context *ctx, const char *name, size_t nops, st_value *const *ops,
                                   size_t nres, st_type *const *types, size_t nregions) {
	st_op_state s = {.name = st_str_c(name),
	                 .noperands = nops,
	                 .operands = ops,
	                 .nresults = nres,
	                 .result_types = types,
	                 .nregions = nregions};
	return st_op_create(ctx, &s);
}

/* Number of uses of `v`, walking its use-list. */
static inline size_t count_uses(const st_value *v) {
	size_t n = 0;
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u))
		n++;
	return n;
}

/* Whether every use on `v`'s list points back at `v` from the slot the
 * owner reports (use-list consistency). */
static inline bool uses_consistent(st_value *v) {
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
		st_op *o = st_use_owner(u);
		unsigned i = st_use_operand_index(u);
		if (st_use_value(u) != v || i >= st_op_num_operands(o) || st_op_operand(o, i) != v ||
		    st_op_operand_use(o, i) != u)
			return false;
	}
	return true;
}

/* Whether every operand of `op` is on its value's use-list exactly once. */
static inline bool operands_consistent(st_op *op) {
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		if (!v)
			continue;
		size_t seen = 0;
		for (st_use *u = st_value_first_use(v); u; u = st_use_next(u))
			if (u == st_op_operand_use(op, i))
				seen++;
		if (seen != 1)
			return false;
	}
	return true;
}

/* The first op named `name` in a pre-order walk of `root`. */
typedef struct find_ctx {
	const char *name;
	int skip;
	st_op *found;
} find_ctx;

static inline st_walk_result find_cb(st_op *op, void *ud) {
	find_ctx *f = ud;
	if (strcmp(st_op_name_cstr(op), f->name) == 0) {
		if (f->skip-- == 0) {
			f->found = op;
			return ST_WALK_INTERRUPT;
		}
	}
	return ST_WALK_ADVANCE;
}

/* The `nth` (0-based) op named `name` under `root`, pre-order. */
static inline st_op *find_op(st_op *root, const char *name, int nth) {
	find_ctx f = {name, nth, NULL};
	st_walk(root, ST_WALK_PRE, find_cb, &f);
	return f.found;
}

/* ------------------------------------------------- failing allocator */

/* A context allocator for allocation-failure sweeps: counts live blocks
 * and their bytes (as the callers state the sizes), and while `counting`
 * counts attempts and fails the fail_at-th (1-based; 0: none) and, with
 * fail_after, every later one; `failures` counts the refusals. */
typedef struct fail_alloc {
	long live, attempts, fail_at, failures;
	long long bytes;
	bool fail_after, counting;
} fail_alloc;

static inline void *fail_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize) {
	fail_alloc *t = ud;
	if (nsize == 0) {
		if (ptr) {
			t->live--;
			t->bytes -= (long long)osize;
		}
		free(ptr);
		return NULL;
	}
	if (t->counting && ++t->attempts && t->fail_at &&
	    (t->attempts == t->fail_at || (t->fail_after && t->attempts > t->fail_at))) {
		t->failures++;
		return NULL;
	}
	void *p = realloc(ptr, nsize);
	if (!p)
		return NULL;
	if (!ptr)
		t->live++;
	t->bytes += (long long)nsize - (long long)(ptr ? osize : 0);
	return p;
}

#endif
