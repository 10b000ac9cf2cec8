/* The ACG query library on the shipped descriptions (the .acg files in archs/) and on
 * small graphs written here: capacities, grid counts and expansion,
 * capability matching and decomposition, MACs per operation, paths, the
 * target lookup, and mnemonic encoding of every shipped mnemonic. */
#include "core_test.h"
#include "strata/acg.h"

/* archs/ is found from this file's own path (test/unit/test_acg_query.c). */
static char *read_arch(const char *name) {
	const char *me = __FILE__;
	const char *cut = strstr(me, "test/unit/test_acg_query.c");
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

typedef struct arch {
	st_op *module;
	st_op *graph;
	char *text;
} arch;

static arch load_text(st_context *ctx, char *text, const char *name) {
	arch a = {NULL, NULL, text};
	if (text)
		a.module = st_acg_import(ctx, st_str_c(text), name);
	if (a.module)
		a.graph = st_acg_find_target(a.module, NULL);
	return a;
}

static arch load(st_context *ctx, const char *name) {
	arch a = load_text(ctx, read_arch(name), name);
	if (!a.graph)
		fprintf(stderr, "cannot load archs/%s\n", name);
	CHECK(a.graph != NULL);
	return a;
}

/* Texts stay until the context goes: diagnostics may quote them. */
static char *texts[64];
static size_t ntexts;

static void unload(arch *a) {
	if (a->module)
		st_op_destroy(a->module);
	if (ntexts < 64)
		texts[ntexts++] = a->text;
	else
		fprintf(stderr, "unload: text leaked\n");
}

static st_op *node(arch *a, const char *name) { return a->graph ? st_acg_lookup(a->graph, name) : NULL; }

/* ------------------------------------------------------------------------ */

static void test_capacities(st_context *ctx) {
	arch toy = load(ctx, "toy-dnn.acg");
	st_op *gspad = node(&toy, "GSPAD");
	CHECK(st_acg_capacity_bits(gspad) == 229376);
	CHECK(st_acg_capacity_bytes(gspad) == 28672);
	/* i16 in 32-bit words: one element per word, not packed. */
	CHECK(st_acg_capacity_elements(gspad, st_integer_type(ctx, 16, ST_SIGNLESS)) == 7 * 1024);
	CHECK(st_acg_capacity_bits(node(&toy, "VECTOR")) == 0);
	unload(&toy);

	arch gs = load(ctx, "genesys-systolic.acg");
	st_op *wbuf = node(&gs, "WBUF");
	CHECK(st_acg_capacity_bits(wbuf) == 134217728ull);
	CHECK(st_acg_capacity_bytes(wbuf) == 16777216ull);
	CHECK(st_acg_capacity_elements(wbuf, st_integer_type(ctx, 8, ST_SIGNLESS)) == 16777216ull);
	/* An i32 spans four 8-bit banks of a row. */
	CHECK(st_acg_capacity_elements(wbuf, st_integer_type(ctx, 32, ST_SIGNLESS)) == 4096ull * 1024);
	CHECK(st_acg_capacity_bytes(node(&gs, "IBUF")) == 131072);
	CHECK(st_acg_capacity_bytes(node(&gs, "OBUF")) == 524288);
	CHECK(st_acg_capacity_bytes(node(&gs, "BBUF")) == 262144);
	CHECK(st_acg_capacity_bytes(node(&gs, "VMEM1")) == 524288);
	CHECK(st_acg_capacity_bytes(node(&gs, "DRAM")) == 32000000000ull);
	unload(&gs);

	arch hvx = load(ctx, "hexagon-hvx.acg");
	CHECK(st_acg_capacity_bytes(node(&hvx, "GRF")) == 512);
	CHECK(st_acg_capacity_bytes(node(&hvx, "VRF")) == 131072);
	CHECK(st_acg_capacity_bytes(node(&hvx, "L2")) == 32768);
	unload(&hvx);

	arch rda = load(ctx, "plasticine-rda.acg");
	st_op *fabric = node(&rda, "fabric");
	st_op *pmu = fabric ? st_acg_lookup(fabric, "PMU") : NULL;
	CHECK(st_acg_capacity_bytes(pmu) == 256 * 1024);
	CHECK(st_acg_grid_count(fabric, "PCU") == 64 && st_acg_grid_count(fabric, "PMU") == 64);
	CHECK(st_acg_grid_count(fabric, "AG_WEST") == 16 && st_acg_grid_count(fabric, "AG_EAST") == 16);
	unload(&rda);
}

static void test_grid(st_context *ctx) {
	arch amber = load(ctx, "amber-cgra.acg");
	st_op *fabric = node(&amber, "fabric");
	CHECK(st_acg_grid_count(fabric, "PE") == 384);
	CHECK(st_acg_grid_count(fabric, "MEM") == 128);
	CHECK(st_acg_grid_count(fabric, "IO") == 32);
	CHECK(st_acg_grid_count(fabric, NULL) == 544);
	CHECK(strcmp(st_ident_cstr(st_symbol_name(st_acg_grid_tile_at(fabric, 0, 3))), "MEM") == 0);
	CHECK(strcmp(st_ident_cstr(st_symbol_name(st_acg_grid_tile_at(fabric, 15, 31))), "MEM") == 0);
	CHECK(strcmp(st_ident_cstr(st_symbol_name(st_acg_grid_tile_at(fabric, 7, 30))), "PE") == 0);
	CHECK(strcmp(st_ident_cstr(st_symbol_name(st_acg_grid_tile_at(fabric, -1, 0))), "IO") == 0);
	CHECK(st_acg_grid_tile_at(fabric, -1, -1) == NULL);
	CHECK(st_acg_grid_tile_at(fabric, 16, 0) == NULL);
	/* A MEM tile holds 2048 16-bit words. */
	st_op *mem = st_acg_lookup(fabric, "MEM");
	CHECK(st_acg_capacity_elements(mem, st_integer_type(ctx, 16, ST_SIGNLESS)) == 2048);

	st_op *g = st_acg_grid_expand(fabric);
	CHECK(g != NULL);
	int64_t pe = 0, memn = 0, io = 0, edges = 0, other = 0, bw16 = 0;
	for (st_op *o = g ? st_block_first_op(st_region_first_block(st_op_region(g, 0))) : NULL; o; o = st_op_next(o)) {
		const char *name = st_ident_cstr(st_symbol_name(o) ? st_symbol_name(o) : st_ident_get_c(ctx, ""));
		if (st_acg_node_kind(o) == ST_ACG_COMPUTE && strncmp(name, "PE_", 3) == 0)
			pe++;
		else if (st_acg_node_kind(o) == ST_ACG_STORAGE && strncmp(name, "MEM_", 4) == 0)
			memn++;
		else if (st_acg_node_kind(o) == ST_ACG_COMM && strncmp(name, "IO_", 3) == 0)
			io++;
		else if (strcmp(st_op_name_cstr(o), "acg.edge") == 0) {
			edges++;
			bw16 += st_acg_int(o, "bandwidth", 0) == 80;
		} else
			other++;
	}
	CHECK(pe == 384 && memn == 128 && io == 32 && other == 0);
	/* Mesh links: 16 x 31 across, 15 x 32 down, 32 IO-to-array and 31
	 * between IO tiles; one edge per track class (16 x 5 and 1 x 5). */
	CHECK(edges == 2 * (16 * 31 + 15 * 32 + 32 + 31));
	CHECK(bw16 == edges / 2);
	st_op *tile = g ? st_acg_lookup(g, "MEM_4_7") : NULL;
	CHECK(tile && st_acg_node_kind(tile) == ST_ACG_STORAGE && st_acg_capacity_bytes(tile) == 4096);
	CHECK(g && st_acg_lookup(g, "PE_4_6") && !st_acg_lookup(g, "PE_4_7") && st_acg_lookup(g, "IO_c31"));
	/* Across the expanded array: down 16 rows and right 31 columns from the
	 * first IO tile, on the 16-bit tracks. */
	st_acg_path p = {0};
	CHECK(g && st_succeeded(st_acg_path_by_hops(st_acg_lookup(g, "IO_c0"), st_acg_lookup(g, "MEM_15_31"), &p)));
	CHECK(p.n == 48 && p.bandwidth == 80 && p.latency == 47);
	st_acg_path_free(ctx, &p);
	CHECK(g && st_succeeded(st_acg_path_by_bandwidth(st_acg_lookup(g, "PE_0_0"), st_acg_lookup(g, "PE_0_0"), &p)));
	CHECK(p.n == 1 && p.bandwidth == 0);
	st_acg_path_free(ctx, &p);
	if (g)
		st_op_destroy(g);
	unload(&amber);
}

static const char *sym(st_op *op) { return op ? st_ident_cstr(st_symbol_name(op)) : "(null)"; }

static void test_caps(st_context *ctx) {
	st_type *i16 = st_integer_type(ctx, 16, ST_SIGNLESS);
	arch toy = load(ctx, "toy-dnn.acg");
	st_op *found[4];
	CHECK(st_acg_nodes_supporting(toy.graph, "ADD", i16, 1, found, 4) == 2);
	CHECK_STR("1-wide ADD", sym(found[0]), "SCALAR");
	CHECK_STR("1-wide ADD", sym(found[1]), "VECTOR");
	CHECK(st_acg_nodes_supporting(toy.graph, "ADD", i16, 2, found, 4) == 1);
	CHECK_STR("2-wide ADD", sym(found[0]), "VECTOR");
	CHECK(st_acg_nodes_supporting(toy.graph, "ADD", i16, 3, found, 4) == 0);
	CHECK(st_acg_nodes_supporting(toy.graph, "ADD", st_integer_type(ctx, 32, ST_SIGNLESS), 1, found, 4) == 0);
	CHECK(st_acg_nodes_supporting(toy.graph, "MVMUL", i16, 2, found, 4) == 1);

	/* (i16,3) ADD = one 2-wide vector add + one scalar add. */
	st_acg_part parts[4];
	CHECK(st_acg_decompose(toy.graph, "ADD", i16, 3, parts, 4) == 2);
	CHECK_STR("part 0", sym(parts[0].node), "VECTOR");
	CHECK(parts[0].lanes == 2 && parts[0].count == 1);
	CHECK_STR("part 1", sym(parts[1].node), "SCALAR");
	CHECK(parts[1].lanes == 1 && parts[1].count == 1);
	CHECK(st_acg_decompose(toy.graph, "ADD", i16, 12, parts, 4) == 1);
	CHECK(parts[0].lanes == 2 && parts[0].count == 6);
	CHECK(st_acg_decompose(toy.graph, "ADD", i16, 9999, parts, 4) == 2);
	CHECK(parts[0].count * 2 + parts[1].count == 9999 && parts[1].count == 1);
	CHECK(st_acg_decompose(toy.graph, "SUB", i16, 3, parts, 4) == 0);
	unload(&toy);

	/* Grid tile kinds take part: the amber PE does bf16 MUL. */
	arch amber = load(ctx, "amber-cgra.acg");
	CHECK(st_acg_nodes_supporting(amber.graph, "MUL", st_float_type(ctx, ST_TYPE_BF16), 1, found, 4) == 1);
	CHECK_STR("bf16 MUL", sym(found[0]), "PE");
	unload(&amber);

	/* 3- and 5-lane units: 6 = 3 + 3, 8 = 5 + 3, and 7 has no exact cover:
	 * 5 + 3 with one lane idle. */
	char *text = strdup("acg t { class = generic;\n"
	                    "compute A { cap (i8, 5) = OR((i8, 5), (i8, 5)); }\n"
	                    "compute B { cap (i8, 3) = OR((i8, 3), (i8, 3)); } }\n");
	arch t = load_text(ctx, text, "cover.acg");
	st_type *i8 = st_integer_type(ctx, 8, ST_SIGNLESS);
	size_t n = st_acg_decompose(t.graph, "OR", i8, 6, parts, 4);
	CHECK(n == 1 && parts[0].lanes == 3 && parts[0].count == 2);
	n = st_acg_decompose(t.graph, "OR", i8, 8, parts, 4);
	CHECK(n == 2 && parts[0].lanes == 5 && parts[1].lanes == 3);
	n = st_acg_decompose(t.graph, "OR", i8, 7, parts, 4);
	CHECK(n == 2 && parts[0].lanes == 5 && parts[0].count == 1 && parts[1].lanes == 3 && parts[1].count == 1);
	/* With a 4-lane and a 1-lane unit, 3 lanes take one 4-lane operation. */
	unload(&t);
	text = strdup("acg t { class = generic;\n"
	              "compute A { cap (i8, 4) = OR((i8, 4), (i8, 4)); }\n"
	              "compute B { cap (i8, 1) = OR((i8, 1), (i8, 1)); } }\n");
	t = load_text(ctx, text, "idle.acg");
	n = st_acg_decompose(t.graph, "OR", i8, 3, parts, 4);
	CHECK(n == 1 && parts[0].lanes == 4 && parts[0].count == 1);
	unload(&t);
}

static int64_t macs_of(st_op *node, const char *op) {
	st_acg_cap c;
	for (size_t i = 0; st_acg_get_cap(node, i, &c); i++)
		if (strcmp(c.op, op) == 0)
			return st_acg_cap_macs(&c);
	return -1;
}

static void test_macs(st_context *ctx) {
	arch gs = load(ctx, "genesys-systolic.acg");
	arch hvx = load(ctx, "hexagon-hvx.acg");
	int64_t sa = macs_of(node(&gs, "SA"), "GEMM"), v = macs_of(node(&hvx, "HVX"), "GEMM");
	CHECK(sa == 4096);
	CHECK(v == 128);
	CHECK(v > 0 && sa == 32 * v);
	CHECK(macs_of(node(&hvx, "CORE"), "MAC") == 4);
	CHECK(macs_of(node(&gs, "SIMD"), "ADD") == 64);
	st_acg_cap c;
	CHECK(st_acg_get_cap(node(&gs, "SA"), 0, &c) && st_acg_cap_rank(&c, 2) == 2 && st_acg_cap_dim(&c, 2, 1) == 64);
	CHECK(st_acg_cap_type(&c, 1) == st_integer_type(ctx, 8, ST_SIGNLESS));
	unload(&gs);
	unload(&hvx);
}

static void test_paths(st_context *ctx) {
	arch toy = load(ctx, "toy-dnn.acg");
	st_acg_path p;
	CHECK(st_succeeded(st_acg_path_by_hops(node(&toy, "DRAM"), node(&toy, "VECTOR"), &p)));
	CHECK(p.n == 3 && p.bandwidth == 32 && p.latency == 11);
	CHECK(p.n == 3 && strcmp(sym(p.nodes[1]), "GSPAD") == 0);
	st_acg_path_free(ctx, &p);
	unload(&toy);

	char *text = strdup("acg t { class = generic;\n"
	                    "storage A { data_width = 8; depth = 1; } storage B { data_width = 8; depth = 1; }\n"
	                    "storage C { data_width = 8; depth = 1; } storage D { data_width = 8; depth = 1; }\n"
	                    "storage E { data_width = 8; depth = 1; }\n"
	                    "edge A -> B { bandwidth = 8; } edge B -> D { bandwidth = 8; }\n"
	                    "edge A -> C { bandwidth = 64; } edge C -> E { bandwidth = 64; }\n"
	                    "edge E -> D { bandwidth = 32; latency = 4; } }\n");
	arch t = load_text(ctx, text, "paths.acg");
	CHECK(st_succeeded(st_acg_path_by_hops(node(&t, "A"), node(&t, "D"), &p)));
	CHECK(p.n == 3 && p.bandwidth == 8 && strcmp(sym(p.nodes[1]), "B") == 0);
	st_acg_path_free(ctx, &p);
	CHECK(st_succeeded(st_acg_path_by_bandwidth(node(&t, "A"), node(&t, "D"), &p)));
	CHECK(p.n == 4 && p.bandwidth == 32 && p.latency == 6);
	CHECK(p.n == 4 && strcmp(sym(p.nodes[1]), "C") == 0 && strcmp(sym(p.nodes[2]), "E") == 0);
	st_acg_path_free(ctx, &p);
	/* Edges are one-way. */
	CHECK(st_succeeded(st_acg_path_by_hops(node(&t, "D"), node(&t, "A"), &p)) && p.n == 0);
	unload(&t);
}

/* A word assembled by shifting each field in, written independently of
 * the library's bit placement. */
static uint64_t shift_in(const st_op *mn, int64_t opcode, const int64_t *vals) {
	uint64_t w = (uint64_t)opcode;
	for (size_t i = 0; i < st_acg_mnemonic_num_fields(mn); i++)
		w = (w << st_acg_mnemonic_field_bits(mn, i)) | (uint64_t)vals[i];
	return w;
}

static void check_word(st_op *mn, const int64_t *vals, uint64_t want) {
	uint64_t w[2] = {0, 0};
	int64_t back[16];
	CHECK(st_succeeded(st_acg_encode(mn, st_acg_mnemonic_num_fields(mn), vals, w, 2)));
	if (w[0] != want)
		fprintf(stderr, "%s: got %#llx, want %#llx\n", sym(mn), (unsigned long long)w[0], (unsigned long long)want);
	CHECK(w[0] == want && w[1] == 0);
	CHECK(st_succeeded(st_acg_decode(mn, w, 2, back, 16)));
	for (size_t i = 0; i < st_acg_mnemonic_num_fields(mn); i++)
		CHECK(back[i] == vals[i]);
	CHECK(st_acg_decode_any(st_op_parent_op(mn), w, 2) == mn);
}

static void test_mnemonics(st_context *ctx) {
	arch toy = load(ctx, "toy-dnn.acg");
	st_op *add = node(&toy, "ADD");
	/* ADD #3,#0,#1, VECTOR */
	int64_t v[4] = {3, 0, 1, st_acg_mnemonic_enum_index(add, 3, "VECTOR")};
	CHECK(v[3] == 1 && st_acg_mnemonic_bits(add) == 29);
	check_word(add, v, 0x6060003);
	int64_t bad[4] = {256, 0, 1, 1};
	uint64_t w[1];
	CHECK(st_failed(st_acg_encode(add, 4, bad, w, 1)));
	int64_t badenum[4] = {1, 0, 1, 2};
	CHECK(st_failed(st_acg_encode(add, 4, badenum, w, 1)));
	unload(&toy);

	arch gs = load(ctx, "genesys-systolic.acg");
	/* ADD VMEM1[2] = OBUF[5] + IMM[7]; SUB differs in the function code. */
	int64_t g[7] = {0, 2, 2, 0, 5, 3, 7};
	check_word(node(&gs, "ADD"), g, 0x420567);
	check_word(node(&gs, "SUB"), (int64_t[7]){1, 2, 2, 0, 5, 3, 7}, 0x1420567);
	unload(&gs);

	arch hvx = load(ctx, "hexagon-hvx.acg");
	check_word(node(&hvx, "VADD_W"), (int64_t[5]){1, 3, 4, 5, 3}, 0x823217);
	unload(&hvx);

	/* Every mnemonic of every shipped file: a walking pattern of field
	 * values (largest legal, then 1, ...) encodes to the shifted-in word. */
	static const char *const files[] = {"toy-dnn.acg", "genesys-systolic.acg", "hexagon-hvx.acg",
	                                    "amber-cgra.acg", "plasticine-rda.acg", "fpga.acg"};
	int seen = 0;
	for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
		arch a = load(ctx, files[f]);
		for (st_op *o = a.graph ? st_block_first_op(st_region_first_block(st_op_region(a.graph, 0))) : NULL; o;
		     o = st_op_next(o)) {
			if (strcmp(st_op_name_cstr(o), "acg.mnemonic") != 0)
				continue;
			seen++;
			CHECK(st_acg_mnemonic_bits(o) <= 64 && st_acg_mnemonic_num_fields(o) <= 16);
			int64_t vals[16];
			st_attr *fields = st_op_get_attr(o, "fields");
			for (size_t i = 0; i < st_acg_mnemonic_num_fields(o); i++) {
				st_attr *fl = st_attr_array_elt(fields, i);
				int64_t n = (int64_t)st_attr_array_size(st_attr_array_elt(fl, 2));
				int64_t max = n ? n - 1 : (int64_t)((1ull << st_acg_mnemonic_field_bits(o, i)) - 1);
				vals[i] = st_attr_array_size(fl) == 5 ? st_attr_int_value(st_attr_array_elt(fl, 4))
				          : i % 2 ? (max > 0 ? 1 : 0)
				                  : max;
			}
			check_word(o, vals, shift_in(o, st_acg_int(o, "opcode", 0), vals));
		}
		unload(&a);
	}
	CHECK(seen == 1 + 32 + 4); /* toy-dnn, genesys-systolic (the GeneSys instruction groups), hexagon-hvx */
}

static void test_target(st_context *ctx) {
	diag_sink s;
	diag_sink_install(&s, ctx);
	st_op *none = parse(ctx, "module {}");
	CHECK(none && st_acg_find_target(none, NULL) == NULL);
	CHECK_CONTAINS("no graph", sbuf_str(&s.text), "holds no acg.graph: load one with --acg=FILE");
	diag_sink_reset(&s);
	const char *two = "\"acg.graph\"() ({\n  \"acg.compute\"() {caps = [], latency = 1 : i64, sym_name = \"P\"} : () -> ()\n"
	                  "}) {class = \"dnn\", sym_name = \"a\"} : () -> ()\n"
	                  "\"acg.graph\"() ({\n  \"acg.compute\"() {caps = [], latency = 1 : i64, sym_name = \"P\"} : () -> ()\n"
	                  "}) {class = \"dnn\", sym_name = \"b\"} : () -> ()\n";
	st_op *m = parse(ctx, two);
	CHECK(m && st_acg_find_target(m, "") == NULL);
	CHECK_CONTAINS("two graphs", sbuf_str(&s.text), "holds 2 acg.graph ops: choose one with target=@name");
	CHECK(m && strcmp(sym(st_acg_find_target(m, "@b")), "b") == 0);
	CHECK(m && strcmp(sym(st_acg_find_target(m, "a")), "a") == 0);
	diag_sink_reset(&s);
	CHECK(m && st_acg_find_target(m, "@c") == NULL);
	CHECK_CONTAINS("no c", sbuf_str(&s.text), "has no acg.graph named '@c'");
	if (m)
		st_op_destroy(m);
	if (none)
		st_op_destroy(none);
	diag_sink_remove(&s);
}

int main(void) {
	st_context *ctx = new_ctx();
	test_capacities(ctx);
	test_grid(ctx);
	test_caps(ctx);
	test_macs(ctx);
	test_paths(ctx);
	test_mnemonics(ctx);
	test_target(ctx);
	st_context_destroy(ctx);
	for (size_t i = 0; i < ntexts; i++)
		free(texts[i]);
	return test_summary();
}
