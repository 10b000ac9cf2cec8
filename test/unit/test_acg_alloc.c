/* Allocation failures in the .acg importer and the queries: a description
 * using every item kind is imported, printed, drawn and its grid expanded
 * once cleanly to count the allocations, then once per allocation k with
 * the k-th failing (and again with every one from k on).  Each run must
 * fail cleanly or succeed, never crash, and give every block back when the
 * context goes (ASan checks the rest). */
#include "core_test.h"
#include "strata/acg.h"

static const char text[] =
	"acg t {\n"
	"  class = cgra;\n"
	"  opcode_bits = 4;\n"
	"  budget lut = 10;\n"
	"  param note = [\"a\", 1, true];\n"
	"  storage M { data_width = 16; banks = 4; depth = 512; double_buffer = true; }\n"
	"  graph pe { compute MAC { cap (i32, 1) = MAC((i8, 1), (i8, 1), (i32, 1)); } }\n"
	"  compute SA { dims = [2, 2]; subgraph = pe; cap (i32, 2) = ADD/SUB((i32, 2), (i32, 2)); }\n"
	"  comm BUS { bandwidth = 64; topology = crossbar; }\n"
	"  edge M <-> SA { bandwidth = 32; }\n"
	"  edge M -> BUS { bandwidth = 64; }\n"
	"  grid f {\n"
	"    rows = 3; cols = 4; track 16 x 2; track 1 x 1;\n"
	"    storage MEM where col % 4 == 3 && row >= 0 { data_width = 16; depth = 8; }\n"
	"    compute PE { cap (i16, 1) = ADD((i16, 1), (i16, 1)); }\n"
	"    comm IO at north { bandwidth = 16; }\n"
	"  }\n"
	"  edge M <-> f { bandwidth = 64; }\n"
	"  mnemonic ADD(3) { ifield(\"A\", 8, read), efield(\"T\", 1, [\"S\", \"V\"]), ifield(\"F\", 2) = 1, u = 1 }\n"
	"}\n";

typedef fail_alloc tracker;

static void discard(void *ud, const char *d, size_t n) {
	(void)ud;
	(void)d;
	(void)n;
}

static bool quiet(void *ud, const st_diag_info *d) {
	(void)ud;
	(void)d;
	return true;
}

/* One run; true when everything succeeded. */
static bool run(tracker *t) {
	st_context *ctx = st_context_create_with_alloc(fail_alloc_fn, t);
	if (!ctx)
		return false;
	bool ok = false;
	if (st_succeeded(st_register_all_dialects(ctx)) && st_succeeded(st_context_push_diag_handler(ctx, quiet, NULL))) {
		t->counting = true;
		st_op *m = st_acg_import(ctx, st_str_c(text), "alloc.acg");
		if (m) {
			ok = st_succeeded(st_acg_export(m, discard, NULL)) && st_succeeded(st_acg_to_dot(m, discard, NULL));
			st_op *g = st_acg_find_target(m, NULL);
			st_op *grid = g ? st_acg_lookup(g, "f") : NULL;
			st_op *e = grid ? st_acg_grid_expand(grid) : NULL;
			ok = ok && e;
			if (e)
				st_op_destroy(e);
			st_acg_part parts[4];
			ok = ok && g && st_acg_decompose(g, "ADD", st_integer_type(ctx, 16, ST_SIGNLESS), 5, parts, 4) == 1;
			st_acg_path p = {0};
			ok = ok && g && st_succeeded(st_acg_path_by_bandwidth(st_acg_lookup(g, "M"), st_acg_lookup(g, "BUS"), &p));
			st_acg_path_free(ctx, &p);
			st_op_destroy(m);
		}
		t->counting = false;
		ok = ok && !st_context_out_of_memory(ctx);
	}
	st_context_destroy(ctx);
	return ok;
}

int main(void) {
	tracker t = {0};
	CHECK(run(&t));
	CHECK(t.live == 0);
	long total = t.attempts;
	CHECK(total > 50);
	for (int after = 0; after < 2; after++)
		for (long k = 1; k <= total; k++) {
			t = (tracker){.fail_at = k, .fail_after = after};
			run(&t);
			if (t.live != 0)
				fprintf(stderr, "allocation %ld%s: %ld blocks left\n", k, after ? " on" : "", t.live);
			CHECK(t.live == 0);
		}
	return test_summary();
}
