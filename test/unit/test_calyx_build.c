/* The calyx builders (strata/calyx.h): a component's cells, groups,
 * assignments and control built into its (parsed, empty) wires and control
 * print, in the generic form, exactly as the same component parsed from
 * text. */
#include "core_test.h"
#include "strata/calyx.h"
#include "strata/hw.h"

static const char *const head =
	"calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {\n";
static const char *const full =
	"calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {\n"
	"  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i1, i1, i1, i8, i1\n"
	"  %c = hw.constant 3 : i8\n"
	"  calyx.wires {\n"
	"    calyx.group @g {\n"
	"      calyx.assign %r.in = %c : i8\n"
	"      calyx.assign %r.write_en = %go ? %go : i1\n"
	"      calyx.group_done %r.done : i1\n"
	"    }\n"
	"    calyx.static_group latency<2> @s {\n"
	"    }\n"
	"    calyx.assign %done = %r.done : i1\n"
	"  }\n"
	"  calyx.control {\n"
	"    calyx.seq {\n"
	"      calyx.enable @g\n"
	"    }\n"
	"  }\n"
	"}\n";

int main(void) {
	st_context *ctx = new_ctx();
	char *text = malloc(strlen(head) + 64);
	sprintf(text, "%s  calyx.wires {\n  }\n  calyx.control {\n  }\n}\n", head);
	st_op *built = parse(ctx, text), *parsed = parse(ctx, full);
	CHECK(built && parsed);
	st_op *comp = built ? st_block_first_op(module_body(built)) : NULL;
	st_block *body = comp ? st_calyx_comp_body(comp) : NULL;
	st_op *wires = comp ? st_calyx_comp_wires(comp) : NULL, *control = comp ? st_calyx_comp_control(comp) : NULL;
	if (wires && control) {
		st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS), *i8 = st_integer_type(ctx, 8, ST_SIGNLESS);
		st_type *regs[] = {i8, i1, i1, i1, i8, i1};
		st_builder b = st_builder_before(wires);
		st_op *r = st_calyx_build_cell(&b, "register", st_str_c("r"), 6, regs, NULL);
		st_value *c = st_hw_build_constant(&b, i8, 3);
		st_block *wb = st_region_first_block(st_op_region(wires, 0));
		st_builder w = st_builder_at_end(ctx, wb, st_loc_unknown(ctx));
		st_op *g = st_calyx_build_group(&w, "calyx.group", st_str_c("g"), 0);
		st_builder gb = st_builder_at_end(ctx, st_region_first_block(st_op_region(g, 0)), st_loc_unknown(ctx));
		st_value *go = st_block_arg(body, 0);
		st_calyx_build_assign(&gb, st_op_result(r, 0), c, NULL);
		st_calyx_build_assign(&gb, st_op_result(r, 1), go, go);
		st_calyx_build_group_done(&gb, st_op_result(r, 5));
		st_calyx_build_group(&w, "calyx.static_group", st_str_c("s"), 2);
		st_calyx_build_assign(&w, st_block_arg(body, 3), st_op_result(r, 5), NULL);
		st_builder cb = st_builder_at_end(ctx, st_region_first_block(st_op_region(control, 0)), st_loc_unknown(ctx));
		st_op *seq = st_calyx_build_control(&cb, "calyx.seq", 0, NULL, NULL, 1);
		st_block *sb = st_block_create(ctx);
		st_region_append_block(st_op_region(seq, 0), sb);
		st_builder eb = st_builder_at_end(ctx, sb, st_loc_unknown(ctx));
		st_calyx_build_enable(&eb, st_str_c("g"));
		CHECK(!b.failed && !w.failed && !gb.failed && !cb.failed && !eb.failed);
		CHECK(st_succeeded(st_verify(built)));
		char *a = print_op_str(built, true), *p = print_op_str(parsed, true);
		CHECK_STR("built vs parsed (generic)", a, p);
		free(a);
		free(p);
	}
	if (built)
		st_op_destroy(built);
	if (parsed)
		st_op_destroy(parsed);
	free(text);
	st_context_destroy(ctx);
	return test_summary();
}
