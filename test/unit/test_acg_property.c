/* Numeric properties of an ACG by path (st_acg_property_get/set), what
 * strata-dse varies: attributes of graphs, nodes, grids, tile kinds and
 * edges, array elements, params and budgets; every refusal with its reason
 * and nothing changed; the variant exported and imported again. */
#include "core_test.h"
#include "strata/acg.h"

static const char arch_text[] =
	"acg t {\n"
	"  class = cgra;\n"
	"  clock_mhz = 100;\n"
	"  budget pe = 64;\n"
	"  param flavour = 3;\n"
	"  storage GLB { data_width = 32; banks = 4; depth = 1024; param fetch = 4; }\n"
	"  compute ALU { dims = [4, 8]; cap (i32, 1) = ADD((i32, 1), (i32, 1)); }\n"
	"  grid fabric {\n"
	"    rows = 4;\n"
	"    cols = 8;\n"
	"    track 16 x 5;\n"
	"    storage MEM where col % 4 == 3 { data_width = 16; banks = 2; depth = 512; }\n"
	"    compute PE { cap (i16, 1) = ADD((i16, 1), (i16, 1)); }\n"
	"  }\n"
	"  edge GLB <-> fabric { bandwidth = 64; }\n"
	"  edge GLB -> ALU { bandwidth = 32; }\n"
	"}\n";

static int64_t get(st_op *g, const char *path) {
	int64_t v = -12345;
	char why[512] = "";
	if (st_failed(st_acg_property_get(g, path, &v, why, sizeof why)))
		fprintf(stderr, "get %s: %s\n", path, why);
	return v;
}

static void set_ok(st_op *g, const char *path, int64_t v) {
	char why[512] = "";
	bool ok = st_succeeded(st_acg_property_set(g, path, v, why, sizeof why));
	if (!ok)
		fprintf(stderr, "set %s: %s\n", path, why);
	CHECK(ok);
	CHECK(get(g, path) == v);
}

/* A refused path: the reason names what is wrong, and nothing changes. */
static void set_refused(st_op *module, st_op *g, const char *path, const char *reason) {
	char *before = print_op_str(module, true);
	char why[512] = "";
	CHECK(st_failed(st_acg_property_set(g, path, 7, why, sizeof why)));
	CHECK_CONTAINS(path, why, reason);
	char *after = print_op_str(module, true);
	CHECK_STR("unchanged", after, before);
	free(before);
	free(after);
}

int main(void) {
	st_context *ctx = new_ctx();
	st_op *m = st_acg_import(ctx, st_str_c(arch_text), "t.acg");
	CHECK(m != NULL);
	st_op *g = m ? st_acg_find_target(m, NULL) : NULL;
	CHECK(g != NULL);
	if (!g)
		return test_summary();

	CHECK(get(g, "clock_mhz") == 100);
	CHECK(get(g, "GLB.depth") == 1024);
	CHECK(get(g, "ALU.dims[1]") == 8);
	CHECK(get(g, "param.flavour") == 3);
	CHECK(get(g, "GLB.param.fetch") == 4);
	CHECK(get(g, "budget.pe") == 64);
	CHECK(get(g, "fabric.rows") == 4);
	CHECK(get(g, "fabric.tracks[1]") == 5);
	CHECK(get(g, "fabric.MEM.depth") == 512);
	CHECK(get(g, "GLB<->fabric.bandwidth") == 64);
	CHECK(get(g, "GLB->ALU.bandwidth") == 32);

	set_ok(g, "clock_mhz", 250);
	set_ok(g, "GLB.depth", 2048);
	set_ok(g, "ALU.dims[1]", 16);
	CHECK(get(g, "ALU.dims[0]") == 4);
	set_ok(g, "param.flavour", 5);
	set_ok(g, "GLB.param.fetch", 8);
	set_ok(g, "budget.pe", 128);
	set_ok(g, "fabric.cols", 16);
	set_ok(g, "fabric.tracks[1]", 3);
	set_ok(g, "fabric.MEM.banks", 4);
	set_ok(g, "GLB<->fabric.bandwidth", 128);
	CHECK(st_succeeded(st_verify(m)));
	CHECK(st_acg_grid_count(st_acg_lookup(g, "fabric"), "PE") == 4 * 16 - 4 * 4);

	/* The variant as text imports to the same IR. */
	sbuf out = {0};
	CHECK(st_succeeded(st_acg_export(m, sbuf_write, &out)));
	st_op *again = st_acg_import(ctx, st_str_c(sbuf_str(&out)), "variant.acg");
	CHECK(again != NULL);
	if (again) {
		char *a = print_op_str(m, true), *b = print_op_str(again, true);
		CHECK_STR("round trip", b, a);
		free(a);
		free(b);
		st_op_destroy(again);
	}
	sbuf_free(&out);

	set_refused(m, g, "", "empty property path");
	set_refused(m, g, "GLB..depth", "malformed");
	set_refused(m, g, "NOPE.depth", "no node, grid, graph or edge 'NOPE'");
	set_refused(m, g, "GLB.size", "storage 'GLB' has no property 'size'");
	set_refused(m, g, "GLB.access", "not an integer property");
	set_refused(m, g, "GLB.on_chip", "not an integer property");
	set_refused(m, g, "ALU.dims[2]", "has 2 elements");
	set_refused(m, g, "ALU.dims[x]", "NAME[INDEX]");
	set_refused(m, g, "GLB.depth[0]", "not an array of integers");
	set_refused(m, g, "param.nope", "has no param 'nope'");
	set_refused(m, g, "GLB.budget.pe", "only a graph has budgets");
	set_refused(m, g, "budget.pe.x", "wants one name after 'budget.'");
	set_refused(m, g, "ALU->GLB.bandwidth", "no node, grid, graph or edge 'ALU->GLB'");
	set_refused(m, g, "GLB->fabric.bandwidth", "no node, grid, graph or edge 'GLB->fabric'");

	st_op_destroy(m);
	st_context_destroy(ctx);
	return test_summary();
}
