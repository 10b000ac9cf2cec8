/* The hw, comb and seq builders (strata/hw.h, comb.h, seq.h): a module built
 * with every builder, including values used before their op (backedges),
 * must verify and print, in the generic form, exactly as the same module
 * written as text and parsed, attributes and result types included; and the
 * builders' failure cases (NULL operands, a backedge never set). */
#include "core_test.h"
#include "strata/comb.h"
#include "strata/seq.h"

/* What the builders below make, as text (locations aside). */
static const char *const text =
	"hw.module @m(in %clk : !seq.clock, in %reset : i1, in %a : i8, out o : i8, out p : i1) attributes {hw.top} {\n"
	"  %r = seq.compreg.ce %n, %clk, %en reset %reset, %z : i8\n"
	"  %z = hw.constant 0 : i8\n"
	"  %one = hw.constant 1 : i8\n"
	"  %s = comb.add %r, %one, %a : i8\n"
	"  %d = comb.sub %s, %a : i8\n"
	"  %en = comb.icmp ult %d, %a : i8\n"
	"  %n = comb.mux %en, %s, %d : i8\n"
	"  %c = comb.concat %en, %a : i1, i8\n"
	"  %x = comb.extract %c from 3 : (i9) -> i4\n"
	"  %y = comb.replicate %x : (i4) -> i8\n"
	"  %q = comb.parity %y : i8\n"
	"  %w = hw.wire %y {name = \"w\"} : i8\n"
	"  %t = seq.compreg %w, %clk : i8\n"
	"  %m = seq.hlmem @mem %clk, %reset : !seq.hlmem<4xi8>\n"
	"  %ad = comb.extract %t from 0 : (i8) -> i2\n"
	"  seq.write %m[%ad] %t wren %q {latency = 1} : !seq.hlmem<4xi8>\n"
	"  %rd = seq.read %m[%ad] rden %q {latency = 1} : !seq.hlmem<4xi8>\n"
	"  %rd0 = seq.read %m[%ad] {latency = 0} : !seq.hlmem<4xi8>\n"
	"  %i.o, %i.p = hw.instance \"i\" @leaf(x: %rd: i8, y: %rd0: i8) -> (o: i8, p: i1)\n"
	"  %b = seq.from_clock %clk\n"
	"  hw.output %i.o, %b : i8, i1\n"
	"}\n"
	"hw.module @leaf(in %x : i8, in %y : i8, out o : i8, out p : i1) {\n"
	"  %k = hw.constant -1 : i1\n"
	"  hw.output %x, %k : i8, i1\n"
	"}\n";

static st_op *build(st_context *ctx) {
	st_op_state ms = {.name = st_str_c("builtin.module"), .loc = st_loc_unknown(ctx), .nregions = 1};
	st_op *top = st_op_create(ctx, &ms);
	st_block *tb = st_block_create(ctx);
	st_region_append_block(st_op_region(top, 0), tb);
	st_hw_builder b = st_builder_at_end(ctx, tb, st_loc_unknown(ctx));
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS), *i8 = st_integer_type(ctx, 8, ST_SIGNLESS);
	st_hw_port ports[] = {{ST_HW_IN, st_str_c("clk"), st_seq_clock_type(ctx)},
	                      {ST_HW_IN, st_str_c("reset"), i1},
	                      {ST_HW_IN, st_str_c("a"), i8},
	                      {ST_HW_OUT, st_str_c("o"), i8},
	                      {ST_HW_OUT, st_str_c("p"), i1}};
	st_named_attr top_attr = {st_ident_get_c(ctx, "hw.top"), st_unit_attr(ctx)};
	st_op *m = st_hw_build_module(&b, st_str_c("m"), 5, ports, st_dict_attr(ctx, 1, &top_attr));
	st_hw_builder mb = st_builder_at_end(ctx, st_hw_module_body(m), st_loc_unknown(ctx));
	st_value *clk = st_hw_module_input_value(m, 0), *reset = st_hw_module_input_value(m, 1),
	         *a = st_hw_module_input_value(m, 2);
	st_hw_backedges *edges = st_hw_backedges_create(ctx);
	st_value *n = st_hw_backedge(edges, i8, mb.loc), *en = st_hw_backedge(edges, i1, mb.loc),
	         *z = st_hw_backedge(edges, i8, mb.loc);
	CHECK(st_hw_backedge_pending(edges, n));
	st_value *r = st_seq_build_compreg_ce(&mb, n, clk, en, reset, z, NULL);
	st_hw_backedge_set(edges, z, st_hw_build_constant(&mb, i8, 0));
	st_value *s3[] = {r, st_hw_build_constant(&mb, i8, 1), a};
	st_value *s = st_comb_build(&mb, ST_COMB_ADD, 3, s3);
	st_value *d = st_comb_build_binary(&mb, ST_COMB_SUB, s, a);
	st_value *cmp = st_comb_build_icmp(&mb, ST_COMB_ULT, d, a);
	st_hw_backedge_set(edges, en, cmp);
	CHECK(!st_hw_backedge_pending(edges, cmp));
	st_hw_backedge_set(edges, n, st_comb_build_mux(&mb, cmp, s, d));
	st_value *cat[] = {cmp, a};
	st_value *x = st_comb_build_extract(&mb, st_comb_build_concat(&mb, 2, cat), 3, 4);
	st_value *y = st_comb_build_replicate(&mb, x, 8);
	st_value *q = st_comb_build_parity(&mb, y);
	st_value *w = st_hw_build_wire(&mb, y, "w");
	st_value *t = st_seq_build_compreg(&mb, w, clk, NULL, NULL, NULL);
	st_value *mem = st_seq_build_hlmem(&mb, st_str_c("mem"), clk, reset, 4, i8);
	st_value *ad = st_comb_build_extract(&mb, t, 0, 2);
	st_seq_build_write(&mb, mem, ad, t, q, 1);
	st_value *rd = st_seq_build_read(&mb, mem, ad, q, 1), *rd0 = st_seq_build_read(&mb, mem, ad, NULL, 0);
	st_str in_names[] = {st_str_c("x"), st_str_c("y")}, out_names[] = {st_str_c("o"), st_str_c("p")};
	st_value *ins[] = {rd, rd0};
	st_type *out_types[] = {i8, i1};
	st_op *inst = st_hw_build_instance(&mb, st_str_c("i"), st_str_c("leaf"), 2, in_names, ins, 2, out_names, out_types);
	st_value *outs[] = {inst ? st_op_result(inst, 0) : NULL, st_seq_build_from_clock(&mb, clk)};
	st_hw_build_output(&mb, 2, outs);
	CHECK(st_succeeded(st_hw_backedges_check(edges, "test")));
	st_hw_backedges_destroy(edges);

	st_hw_port leaf_ports[] = {{ST_HW_IN, st_str_c("x"), i8},
	                           {ST_HW_IN, st_str_c("y"), i8},
	                           {ST_HW_OUT, st_str_c("o"), i8},
	                           {ST_HW_OUT, st_str_c("p"), i1}};
	st_op *leaf = st_hw_build_module(&b, st_str_c("leaf"), 4, leaf_ports, NULL);
	st_hw_builder lb = st_builder_at_end(ctx, st_hw_module_body(leaf), st_loc_unknown(ctx));
	st_value *louts[] = {st_hw_module_input_value(leaf, 0), st_hw_build_constant(&lb, i1, 1)};
	st_hw_build_output(&lb, 2, louts);
	CHECK(!b.failed && !mb.failed && !lb.failed);
	return top;
}

static void test_same_as_parsed(void) {
	st_context *ctx = new_ctx();
	st_op *built = build(ctx);
	st_op *parsed = parse(ctx, text);
	CHECK(parsed != NULL);
	CHECK(st_succeeded(st_verify(built)));
	char *a = print_op_str(built, true), *b = parsed ? print_op_str(parsed, true) : NULL;
	CHECK_STR("built vs parsed (generic)", a, b ? b : "");
	free(a);
	free(b);
	st_op_destroy(built);
	if (parsed)
		st_op_destroy(parsed);
	st_context_destroy(ctx);
}

static void test_failures(void) {
	st_context *ctx = new_ctx();
	st_block *blk = st_block_create(ctx);
	st_hw_builder b = st_builder_at_end(ctx, blk, st_loc_unknown(ctx));
	st_type *i8 = st_integer_type(ctx, 8, ST_SIGNLESS);
	st_value *c = st_hw_build_constant(&b, i8, 3);
	CHECK(c && !b.failed);
	/* A NULL operand gives NULL and marks the builder, however deep. */
	CHECK(st_comb_build_binary(&b, ST_COMB_ADD, c, st_comb_build_mux(&b, NULL, c, c)) == NULL);
	CHECK(b.failed);
	b.failed = false;
	/* A binary kind with three operands, a non-comb kind: refused. */
	st_value *three[] = {c, c, c};
	CHECK(st_comb_build(&b, ST_COMB_SUB, 3, three) == NULL && b.failed);
	b.failed = false;
	CHECK(st_comb_build(&b, ST_COMB_ICMP, 2, three) == NULL && b.failed);
	/* A backedge still used and never set is reported. */
	diag_sink sink;
	diag_sink_install(&sink, ctx);
	st_hw_backedges *edges = st_hw_backedges_create(ctx);
	st_value *e = st_hw_backedge(edges, i8, st_loc_unknown(ctx));
	b.failed = false;
	st_op *user = st_value_defining_op(st_hw_build_wire(&b, e, NULL));
	CHECK(st_failed(st_hw_backedges_check(edges, "the test")));
	CHECK_CONTAINS("unset backedge", sbuf_str(&sink.text), "the test uses a value it never defines (a bug)");
	st_op_erase(user);
	st_hw_backedges_destroy(edges);
	diag_sink_remove(&sink);
	st_block_destroy(blk);
	st_context_destroy(ctx);
}

int main(void) {
	test_same_as_parsed();
	test_failures();
	return test_summary();
}
