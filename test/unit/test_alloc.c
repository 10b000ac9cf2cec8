/* Unit tests of the pluggable allocator.
 *
 * A tracking allocator checks that every allocation of a context goes
 * through it, that each free and resize is told the size the block really
 * has, and that nothing is left after st_context_destroy.  A failing
 * allocator then fails the N-th allocation (or every one from the N-th on),
 * for every N:
 *   - over context creation: NULL, and everything freed;
 *   - over IR work through the API on a parsed module (clone, region
 *     clone, symbol tables and renaming, operand growth, block arguments,
 *     attributes, value maps, printing, diagnostics): every call whose
 *     allocation failed reports it (NULL / ST_FAIL), the context says
 *     st_context_out_of_memory with an "out of memory" diagnostic, nothing
 *     crashes and everything is freed;
 *   - over parse -> verify -> print of the same module, with the same
 *     requirements.
 * Under the sanitizer build this also checks every error path for reads of
 * freed or uninitialised memory.  STRATA_ALLOC_TRACE=1 prints each N (the
 * last one printed is the culprit of a crash); STRATA_ALLOC_ABORT=1 aborts
 * at the first free told a wrong size (for a stack trace under ASan with
 * ASAN_OPTIONS=handle_abort=1).
 */
#include "core_test.h"

/* ------------------------------------------------------------ tracking */

/* Each block carries a header with its size and a canary, so frees and
 * resizes can be checked against what was allocated. */
typedef struct hdr {
	size_t size;
	uint64_t canary;
} hdr;
#define CANARY 0x5eedf00dcafe1234ull

typedef struct tracker {
	long live;          /* blocks */
	long long bytes;    /* live bytes */
	long nallocs;       /* successful allocations and resizes */
	long bad_size;      /* frees/resizes told a wrong old size */
	long bad_ptr;       /* frees/resizes of something not ours */
	long fail_at;       /* fail the allocation with this number (1-based; 0: never) */
	bool fail_after;    /* ... and every one after it */
	long attempts;      /* allocations and resizes attempted */
	long failures;
} tracker;

static void *track_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
	tracker *t = ud;
	hdr *h = ptr ? (hdr *)ptr - 1 : NULL;
	if (h && h->canary != CANARY) {
		t->bad_ptr++;
		return NULL;
	}
	if (h && h->size != osize) {
		t->bad_size++;
		if (getenv("STRATA_ALLOC_ABORT")) {
			fprintf(stderr, "block of %zu bytes freed/resized as %zu\n", h->size, osize);
			abort();
		}
	}
	if (nsize == 0) {
		if (h) {
			t->live--;
			t->bytes -= (long long)h->size;
			h->canary = 0;
			free(h);
		}
		return NULL;
	}
	t->attempts++;
	if (t->fail_at && (t->attempts == t->fail_at || (t->fail_after && t->attempts > t->fail_at))) {
		t->failures++;
		return NULL;
	}
	hdr *n = realloc(h, sizeof(hdr) + nsize);
	if (!n)
		return NULL;
	if (h) {
		t->bytes -= (long long)n->size;
	} else {
		t->live++;
		n->canary = CANARY;
	}
	n->size = nsize;
	t->bytes += (long long)nsize;
	t->nallocs++;
	return n + 1;
}

/* ---------------------------------------------------------- the pipeline */

static const char *module_src =
	"func.func private @g(i32) -> i32\n"
	"func.func @f(%a: i32, %c: i1) -> i32 attributes {note = \"x\", arr = [1, 2.5, @g]} {\n"
	"  %0 = func.call @g(%a) : (i32) -> i32\n"
	"  cf.cond_br %c, ^bb2, ^bb3(%0 : i32)\n"
	"^bb1(%p: i32):\n"
	"  %1 = \"t.op\"(%p, %x) {d = dense<[1, 2]> : tensor<2xi32>, m = affine_map<(d0) -> (d0 + 1)>}"
	" : (i32, i32) -> i32 loc(\"f.mlir\":3:4)\n"
	"  return %1 : i32\n"
	"^bb2:\n"
	"  %x = \"t.op\"(%a) ({\n"
	"    \"t.inner\"(%a) : (i32) -> ()\n"
	"  }) : (i32) -> i32\n"
	"  cf.br ^bb1(%x : i32)\n"
	"^bb3(%q: i32):\n"
	"  return %q : i32\n"
	"}\n";

static const char *bad_src = "func.func @f(%a: i32) -> i32 {\n"
                              "  %0 = \"t.op\"(%a, %b) : (i32, i32) -> i32\n"
                              "  return %0 : f32\n"
                              "}\n";

typedef struct outcome {
	bool parsed, verified, printed_fully, cloned, renamed;
	bool oom;        /* st_context_out_of_memory at the end */
	bool oom_diag;   /* "out of memory" was reported */
	bool silent;     /* a stage succeeded although its allocation failed */
	size_t print_len;
} outcome;

static size_t full_print_len;

static void count_write(void *ud, const char *d, size_t n) {
	(void)d;
	*(size_t *)ud += n;
}

/* Runs the pipeline on a context using `t` and reports what happened.
 * Returns false when the context could not be created. */
static bool run_pipeline(tracker *t, long fail_at, bool fail_after, outcome *out) {
	memset(out, 0, sizeof *out);
	t->fail_at = 0;
	t->attempts = 0;
	st_context *ctx = st_context_create_with_alloc(track_alloc, t);
	if (!ctx)
		return false;
	if (st_failed(st_register_all_dialects(ctx))) {
		st_context_destroy(ctx);
		return false;
	}
	st_context_set_allow_unregistered(ctx, true);
	oom_diags diag;
	oom_diags_install(&diag, ctx, fail_after);
	/* Failures are counted from here. */
	t->attempts = 0;
	t->fail_at = fail_at;
	t->fail_after = fail_after;

	st_op *m = st_parse_source(ctx, st_str_c(module_src), "alloc.mlir", NULL);
	out->parsed = m != NULL;
	if (m && st_context_out_of_memory(ctx))
		out->silent = true;
	if (m) {
		st_status vs = st_verify(m);
		out->verified = st_succeeded(vs);
		if (out->verified && st_context_out_of_memory(ctx))
			out->silent = true;
	}
	if (m && out->verified) {
		size_t len = 0;
		st_print_options o = {0};
		st_print_op(m, &o, count_write, &len);
		out->print_len = len;
		out->printed_fully = full_print_len == 0 || len == full_print_len;
		st_op *f = st_symbol_lookup(m, st_str_c("f"));
		st_op *c = f ? st_op_clone(f, NULL) : NULL;
		out->cloned = c != NULL;
		if (c) {
			/* The clone is complete or the context knows it ran out. */
			st_op_destroy(c);
		}
		out->renamed = f && st_succeeded(st_symbol_rename(f, st_str_c("renamed")));
		/* One more module through the cached table. */
		st_symbol_table *tab = st_symbol_table_create(m);
		if (tab) {
			st_op *sym = st_op_clone(st_symbol_lookup(m, st_str_c("g")), NULL);
			if (sym) {
				if (!st_symbol_table_insert(tab, sym) && !st_op_block(sym))
					st_op_destroy(sym);
			}
			st_symbol_table_destroy(tab);
		}
		st_value_map *vm = st_value_map_create(ctx);
		st_value_map_destroy(vm);
		/* The other printing modes. */
		st_print_options og = {.generic = true, .debuginfo = true};
		len = 0;
		st_print_op(m, &og, count_write, &len);
		st_print_options o14 = {.mlir14 = true};
		st_print_op(m, &o14, count_write, &len);
	}
	if (m)
		st_op_destroy(m);
	/* An erroneous source: its error path under allocation failures. */
	st_op *bad = st_parse_source(ctx, st_str_c(bad_src), "bad.mlir", NULL);
	if (bad) {
		out->silent = true; /* it must never parse */
		st_op_destroy(bad);
	}
	/* A diagnostic with notes. */
	st_diag *d = st_diag_create(ctx, ST_SEV_WARNING, st_loc_file(ctx, st_str_c("alloc.mlir"), 2, 3), "w %d", 1);
	st_diag_note(d, NULL, "n");
	st_diag_emit(d);
	out->oom = st_context_out_of_memory(ctx);
	out->oom_diag = oom_diags_finish(&diag);
	st_context_destroy(ctx);
	return true;
}

static void test_tracking(void) {
	tracker t = {0};
	st_context *ctx = st_context_create_with_alloc(track_alloc, &t);
	CHECK(ctx != NULL && t.live > 0);
	CHECK(st_succeeded(st_register_all_dialects(ctx)));
	st_context_set_allow_unregistered(ctx, true);
	st_op *m = st_parse_source(ctx, st_str_c(module_src), "alloc.mlir", NULL);
	CHECK(m != NULL && st_succeeded(st_verify(m)));
	size_t len = 0;
	st_print_options o = {0};
	st_print_op(m, &o, count_write, &len);
	CHECK(len > 100);
	full_print_len = len;
	st_op *c = st_op_clone(m, NULL);
	CHECK(c != NULL);
	st_op_destroy(c);
	st_op_destroy(m);
	CHECK(!st_context_out_of_memory(ctx));
	st_context_destroy(ctx);
	CHECK(t.live == 0 && t.bytes == 0);
	CHECK(t.bad_size == 0 && t.bad_ptr == 0);
	if (t.live || t.bad_size)
		fprintf(stderr, "live %ld bytes %lld bad sizes %ld\n", t.live, t.bytes, t.bad_size);

	/* A full pipeline run for reference. */
	outcome out;
	CHECK(run_pipeline(&t, 0, false, &out));
	CHECK(out.parsed && out.verified && out.printed_fully && out.cloned && out.renamed && !out.oom);
	CHECK(t.live == 0 && t.bad_size == 0 && t.bad_ptr == 0);
}

/* Context creation with each of its allocations failing. */
static void test_create_failures(void) {
	tracker t = {0};
	t.fail_at = 0;
	st_context *ctx = st_context_create_with_alloc(track_alloc, &t);
	long n = t.attempts;
	st_context_destroy(ctx);
	CHECK(n > 0 && t.live == 0);
	int bad = 0;
	for (long i = 1; i <= n + 1; i++) {
		tracker f = {0};
		f.fail_at = i;
		st_context *c = st_context_create_with_alloc(track_alloc, &f);
		if (i <= n && c)
			bad++; /* an allocation failed, yet a context came back */
		st_context_destroy(c);
		if (f.live || f.bad_size || f.bad_ptr)
			bad++;
	}
	CHECK(bad == 0);
}

/* The pipeline with the N-th allocation failing, for every N it makes. */
static void test_pipeline_failures(bool fail_after) {
	tracker t = {0};
	outcome ref;
	run_pipeline(&t, 0, false, &ref);
	long total = t.attempts;
	CHECK(total > 20);
	int leaks = 0, no_diag = 0, silent = 0, bad_sizes = 0, no_fail = 0, all_ok = 0;
	long first_bad = 0;
	const char *trace = getenv("STRATA_ALLOC_TRACE");
	for (long n = 1; n <= total + 2; n++) {
		tracker f = {0};
		if (trace) {
			fprintf(stderr, "N=%ld%s\n", n, fail_after ? " (and after)" : "");
			fflush(stderr);
		}
		outcome out;
		if (!run_pipeline(&f, n, fail_after, &out))
			continue;
		bool failed_alloc = f.failures > 0;
		bool ok = true;
		if (f.live || f.bytes) {
			leaks++;
			ok = false;
		}
		if (f.bad_size || f.bad_ptr) {
			bad_sizes++;
			ok = false;
		}
		if (failed_alloc) {
			if (!out.oom || !out.oom_diag) {
				no_diag++;
				ok = false;
			}
			if (out.silent) {
				silent++;
				ok = false;
			}
			/* Some stage must have reported the failure. */
			if (out.parsed && out.verified && out.printed_fully && out.cloned && out.renamed && !out.oom) {
				no_fail++;
				ok = false;
			}
		} else {
			all_ok += out.parsed && out.verified && out.cloned;
		}
		if (!ok && !first_bad)
			first_bad = n;
	}
	if (first_bad)
		fprintf(stderr, "%s: first bad N = %ld of %ld\n", fail_after ? "fail-from-N" : "fail-N-th", first_bad, total);
	CHECK(leaks == 0);
	CHECK(bad_sizes == 0);
	CHECK(no_diag == 0);
	CHECK(silent == 0);
	CHECK(no_fail == 0);
	if (leaks || bad_sizes || no_diag || silent || no_fail)
		fprintf(stderr, "leaks %d bad sizes %d no diagnostic %d silent %d unreported %d\n", leaks, bad_sizes,
		        no_diag, silent, no_fail);
	CHECK(all_ok >= 1);
}

/* ------------------------------------------------------------ API work */

/* IR work through the API on a parsed module, with allocation failures
 * armed.  Every call that can report failure must do so when one of its
 * allocations failed; `silent` counts the calls that did not. */
typedef struct api_outcome {
	int silent;
	int failed_calls;
} api_outcome;

#define CALL_FAILED(t, f0) ((t)->failures != (f0))

static void api_work(st_context *ctx, st_op *m, tracker *t, api_outcome *o) {
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_op *f = st_symbol_lookup(m, st_str_c("f"));
	long f0;

	/* Clone the function and insert the clone through a cached table (its
	 * name is taken: it becomes f_0). */
	f0 = t->failures;
	st_op *c = st_op_clone(f, NULL);
	if (c && CALL_FAILED(t, f0))
		o->silent++;
	f0 = t->failures;
	st_symbol_table *tab = st_symbol_table_create(m);
	if (tab && CALL_FAILED(t, f0))
		o->silent++;
	if (c && tab) {
		f0 = t->failures;
		st_ident *n = st_symbol_table_insert(tab, c);
		if (n && CALL_FAILED(t, f0))
			o->silent++;
		if (!n) {
			o->failed_calls++;
			if (!st_op_block(c))
				st_op_destroy(c);
		}
	} else if (c) {
		st_op_destroy(c);
	}
	/* Many symbols: the cached table grows. */
	for (int i = 0; tab && i < 40; i++) {
		st_op *g = st_op_clone(st_symbol_lookup(m, st_str_c("g")), NULL);
		if (!g)
			break;
		if (!st_symbol_table_insert(tab, g)) {
			if (!st_op_block(g))
				st_op_destroy(g);
			break;
		}
	}
	st_symbol_table_destroy(tab);

	/* Rename @g (referenced by the call and an array attribute). */
	st_op *g = st_symbol_lookup(m, st_str_c("g"));
	f0 = t->failures;
	st_status rs = st_symbol_rename(g, st_str_c("g_renamed_for_the_test"));
	if (st_succeeded(rs) && CALL_FAILED(t, f0))
		o->silent++;

	/* A region cloned into a new op. */
	st_op_state hs = {.name = st_str_c("t.holder"), .nregions = 1};
	st_op *holder = st_op_create(ctx, &hs);
	if (holder) {
		st_value_map *vm = st_value_map_create(ctx);
		if (vm) {
			f0 = t->failures;
			st_status cs = st_region_clone_into(st_op_region(f, 0), st_op_region(holder, 0), vm);
			if (st_succeeded(cs) && CALL_FAILED(t, f0))
				o->silent++;
			st_value_map_destroy(vm);
		}
		/* Operand growth past the inline storage, block arguments,
		 * attributes beyond the on-stack buffer. */
		st_block *b = st_block_create(ctx);
		if (b) {
			st_region_append_block(st_op_region(holder, 0), b);
			st_value *args[24];
			size_t na = 0;
			for (; na < 24; na++) {
				f0 = t->failures;
				args[na] = st_block_add_arg(b, i32, NULL);
				if (!args[na])
					break;
				if (CALL_FAILED(t, f0))
					o->silent++;
			}
			st_op_state us = {.name = st_str_c("t.use"), .noperands = na ? 1 : 0, .operands = args};
			st_op *u = st_op_create(ctx, &us);
			if (u) {
				st_block_append_op(b, u);
				for (size_t i = 1; i < na; i++) {
					f0 = t->failures;
					st_status is = st_op_insert_operands(u, 0, 1, &args[i]);
					if (st_succeeded(is) && CALL_FAILED(t, f0))
						o->silent++;
					if (st_failed(is))
						break;
				}
				char nm[16];
				for (int i = 0; i < 20; i++) {
					snprintf(nm, sizeof nm, "attr%d", i);
					st_op_set_attr(u, nm, st_unit_attr(ctx));
				}
				if (!operands_consistent(u))
					o->silent++;
			}
		}
		st_op_destroy(holder);
	}

	/* Printing and a diagnostic with a note. */
	size_t len = 0;
	st_print_options po = {.generic = true};
	st_print_op(m, &po, count_write, &len);
	st_diag *d = st_diag_create(ctx, ST_SEV_WARNING, st_op_loc(f), "w");
	st_diag_note(d, NULL, "n");
	st_diag_emit(d);
}

static void test_api_failures(bool fail_after) {
	const char *trace = getenv("STRATA_ALLOC_TRACE");
	long total = 0;
	int leaks = 0, bad_sizes = 0, no_diag = 0, silent = 0, runs_failing = 0;
	long first_bad = 0;
	for (long n = 0;; n++) {
		tracker t = {0};
		st_context *ctx = st_context_create_with_alloc(track_alloc, &t);
		if (!ctx || st_failed(st_register_all_dialects(ctx)))
			abort();
		st_context_set_allow_unregistered(ctx, true);
		oom_diags diag;
		oom_diags_install(&diag, ctx, fail_after);
		st_op *m = st_parse_source(ctx, st_str_c(module_src), "alloc.mlir", NULL);
		if (!m || st_failed(st_verify(m)))
			abort();
		if (trace) {
			fprintf(stderr, "API N=%ld%s\n", n, fail_after ? " (and after)" : "");
			fflush(stderr);
		}
		t.attempts = 0;
		t.fail_at = n; /* 0: the reference run without failures */
		t.fail_after = fail_after;
		api_outcome o = {0};
		api_work(ctx, m, &t, &o);
		long attempts = t.attempts;
		bool failed = t.failures > 0;
		st_op_destroy(m);
		bool oom = st_context_out_of_memory(ctx);
		bool diag_seen = oom_diags_finish(&diag);
		t.fail_at = 0;
		st_context_destroy(ctx);
		bool ok = true;
		if (n == 0) {
			total = attempts;
			CHECK(!failed && !oom && o.silent == 0 && o.failed_calls == 0);
		}
		if (t.live || t.bytes)
			leaks++, ok = false;
		if (t.bad_size || t.bad_ptr)
			bad_sizes++, ok = false;
		if (failed && (!oom || !diag_seen))
			no_diag++, ok = false;
		if (o.silent)
			silent++, ok = false;
		runs_failing += failed;
		if (!ok && !first_bad)
			first_bad = n;
		if (n > total + 2)
			break;
	}
	if (first_bad)
		fprintf(stderr, "API %s: first bad N = %ld of %ld\n", fail_after ? "fail-from-N" : "fail-N-th", first_bad,
		        total);
	CHECK(total > 50);
	CHECK(runs_failing >= total);
	CHECK(leaks == 0);
	CHECK(bad_sizes == 0);
	CHECK(no_diag == 0);
	CHECK(silent == 0);
	if (leaks || bad_sizes || no_diag || silent)
		fprintf(stderr, "API: leaks %d bad sizes %d no diagnostic %d silent %d\n", leaks, bad_sizes, no_diag, silent);
}

/* Two contexts with their own allocators do not share memory. */
static void test_two_allocators(void) {
	tracker a = {0}, b = {0};
	st_context *ca = st_context_create_with_alloc(track_alloc, &a);
	st_context *cb = st_context_create_with_alloc(track_alloc, &b);
	long a0 = a.nallocs;
	st_integer_type(cb, 17, ST_SIGNLESS);
	for (int i = 0; i < 1000; i++)
		st_integer_attr(cb, st_integer_type(cb, 64, ST_SIGNLESS), i);
	CHECK(a.nallocs == a0 && b.nallocs > 0);
	st_context_destroy(cb);
	CHECK(b.live == 0 && a.live > 0);
	st_context_destroy(ca);
	CHECK(a.live == 0 && a.bad_size == 0 && b.bad_size == 0);
}

int main(void) {
	test_tracking();
	test_create_failures();
	test_two_allocators();
	test_api_failures(false);
	test_api_failures(true);
	test_pipeline_failures(false);
	test_pipeline_failures(true);
	return test_summary();
}
