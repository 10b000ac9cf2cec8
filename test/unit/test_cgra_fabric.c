/* The CGRA fabric model (include/strata/cgra.h) on archs/amber-cgra.acg and
 * on small grids written here: tile counts and ports, the routing-resource
 * graph's size, that every switch-box topology joins each pair of sides by
 * a permutation of the tracks, that fan-in and fan-out list the same edges,
 * that every node's name reads back as the node, and the fingerprint. */
#include "core_test.h"
#include "strata/acg.h"
#include "strata/cgra.h"

static char *read_arch(const char *name) {
	const char *me = __FILE__;
	const char *cut = strstr(me, "test/unit/test_cgra_fabric.c");
	if (!cut)
		return NULL;
	char path[4096];
	snprintf(path, sizeof path, "%.*sarchs/%s", (int)(cut - me), me, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = 0;
	fclose(f);
	return buf;
}

/* Every edge appears once in its target's fan-in and once in its source's
 * fan-out, and edge_index finds it. */
static void check_edges(const st_cgra_fabric *f) {
	size_t V = st_cgra_fabric_num_nodes(f), in_total = 0, out_total = 0, bad = 0;
	for (size_t v = 0; v < V; v++) {
		const int32_t *in, *out;
		size_t ni = st_cgra_fabric_fanin(f, (int32_t)v, &in), no = st_cgra_fabric_fanout(f, (int32_t)v, &out);
		in_total += ni;
		out_total += no;
		for (size_t k = 0; k < ni; k++)
			bad += st_cgra_fabric_edge_index(f, in[k], (int32_t)v) != (int32_t)k ||
			       st_cgra_fabric_node(f, in[k])->width != st_cgra_fabric_node(f, (int32_t)v)->width;
	}
	CHECK(in_total == out_total);
	CHECK(bad == 0);
}

static void check_names(const st_cgra_fabric *f) {
	size_t V = st_cgra_fabric_num_nodes(f), bad = 0;
	for (size_t v = 0; v < V; v++) {
		char buf[96];
		size_t n = st_cgra_fabric_node_name(f, (int32_t)v, buf, sizeof buf);
		bad += st_cgra_fabric_lookup(f, st_str_make(buf, n)) != (int32_t)v;
	}
	CHECK(bad == 0);
	CHECK(st_cgra_fabric_lookup(f, st_str_c("(0,0).Q16.0")) < 0);
	CHECK(st_cgra_fabric_lookup(f, st_str_c("(0,0).data9")) < 0);
	CHECK(st_cgra_fabric_lookup(f, st_str_c("(99,0).data0")) < 0);
	CHECK(st_cgra_fabric_lookup(f, st_str_c("(0,0).reg16.0.x")) < 0);
}

static void test_amber(st_context *ctx) {
	char *text = read_arch("amber-cgra.acg");
	CHECK(text != NULL);
	st_op *m = text ? st_acg_import(ctx, st_str_c(text), "amber-cgra.acg") : NULL;
	st_op *g = m ? st_acg_find_target(m, NULL) : NULL;
	st_cgra_fabric *f = g ? st_cgra_fabric_create(g) : NULL;
	CHECK(f != NULL);
	if (f) {
		CHECK(st_cgra_fabric_count(f, ST_CGRA_PE) == 384);
		CHECK(st_cgra_fabric_count(f, ST_CGRA_MEM) == 128);
		CHECK(st_cgra_fabric_count(f, ST_CGRA_IO) == 32);
		CHECK(st_cgra_fabric_data_width(f) == 16);
		CHECK(st_cgra_fabric_sb_regs(f) == 8);
		CHECK(st_cgra_fabric_max_hops(f) == 12);
		const st_cgra_tile *pe = st_cgra_fabric_tile(f, (size_t)st_cgra_fabric_tile_at(f, 0, 0));
		CHECK(pe->kind == ST_CGRA_PE && pe->data_in == 2 && pe->bit_in == 3 && pe->data_out == 1 && pe->bit_out == 1);
		const st_cgra_tile *mem = st_cgra_fabric_tile(f, (size_t)st_cgra_fabric_tile_at(f, 0, 3));
		CHECK(mem->kind == ST_CGRA_MEM && mem->data_in == 2 && mem->data_out == 2);
		/* 544 tiles; the sizes docs/cgra.md quotes. */
		CHECK(st_cgra_fabric_num_tiles(f) == 544);
		size_t V = st_cgra_fabric_num_nodes(f), E = 0;
		for (size_t v = 0; v < V; v++) {
			const int32_t *in;
			E += st_cgra_fabric_fanin(f, (int32_t)v, &in);
		}
		printf("amber: %zu nodes, %zu edges\n", V, E);
		CHECK(V == 41452);
		CHECK(E == 553228);
		check_edges(f);
		check_names(f);
		/* A PE's output reaches every wire leaving its tile. */
		int32_t out = st_cgra_fabric_lookup(f, st_str_c("(3,5).out0"));
		CHECK(st_cgra_fabric_edge_index(f, out, st_cgra_fabric_lookup(f, st_str_c("(3,5).W16.4"))) >= 0);
		CHECK(st_cgra_fabric_edge_index(f, out, st_cgra_fabric_lookup(f, st_str_c("(3,5).W1.4"))) < 0);
		st_cgra_fabric_destroy(f);
	}
	if (m)
		st_op_destroy(m);
	free(text);
}

/* Each topology joins every pair of distinct sides: the tracks arriving
 * on one side reach distinct tracks leaving on another (a permutation). */
static void test_topologies(st_context *ctx) {
	static const char *const names[] = {"disjoint", "wilton", "imran"};
	uint64_t prints[3];
	for (int k = 0; k < 3; k++) {
		char text[512];
		snprintf(text, sizeof text,
		         "acg t { class = cgra; grid g { rows = 3; cols = 3; switchbox = %s; track 16 x 4; "
		         "compute PE { cap (i16, 1) = ADD((i16, 1), (i16, 1)); } } }",
		         names[k]);
		st_op *m = st_acg_import(ctx, st_str_c(text), "t.acg");
		st_op *g = m ? st_acg_find_target(m, NULL) : NULL;
		st_cgra_fabric *f = g ? st_cgra_fabric_create(g) : NULL;
		CHECK(f != NULL);
		if (!f) {
			if (m)
				st_op_destroy(m);
			continue;
		}
		prints[k] = st_cgra_fabric_fingerprint(f);
		int32_t centre = st_cgra_fabric_tile_at(f, 1, 1), bad = 0;
		for (int to = 0; to < 4; to++) {
			/* The wires leaving the centre on side `to`: each takes exactly
			 * one track from each other side. */
			for (int from = 0; from < 4; from++) {
				if (from == to)
					continue;
				int seen[4] = {0, 0, 0, 0};
				for (int32_t t = 0; t < 4; t++) {
					int32_t w = st_cgra_fabric_wire(f, centre, 16, to, t);
					const int32_t *in;
					size_t n = st_cgra_fabric_fanin(f, w, &in), hits = 0;
					for (size_t i = 0; i < n; i++) {
						const st_cgra_node *src = st_cgra_fabric_node(f, in[i]);
						if (src->kind != ST_CGRA_WIRE)
							continue;
						/* arriving from side `from`: it left the neighbour on the opposite side */
						if (src->side == ((from + 2) & 3)) {
							hits++;
							seen[src->index]++;
						}
					}
					bad += hits != 1;
				}
				for (int t = 0; t < 4; t++)
					bad += seen[t] != 1;
			}
		}
		CHECK(bad == 0);
		check_edges(f);
		check_names(f);
		st_cgra_fabric_destroy(f);
		st_op_destroy(m);
	}
	CHECK(prints[0] != prints[1] && prints[1] != prints[2]);
}

int main(void) {
	st_context *ctx = st_context_create();
	CHECK(ctx && st_succeeded(st_register_all_dialects(ctx)));
	test_amber(ctx);
	test_topologies(ctx);
	st_context_destroy(ctx);
	return test_summary();
}
