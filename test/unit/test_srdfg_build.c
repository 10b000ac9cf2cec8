/* The srdfg builders and accessors (strata/srdfg.h): a graph built with
 * every builder prints, in the generic form, exactly as the same graph
 * parsed from text; the accessors read its boxes, maps, kinds, component
 * and constant back. */
#include "core_test.h"
#include "strata/affine.h"
#include "strata/srdfg.h"

static const char *const text =
	"srdfg.graph @main {\n"
	"^bb0(%x: !srdfg.edge<input, tensor<4xi32>>, %y: !srdfg.edge<output, tensor<4xi32>>):\n"
	"  %k = srdfg.constant 3 : i32 : !srdfg.edge<param, i32>\n"
	"  %t = srdfg.init : !srdfg.edge<local, tensor<4xi32>>\n"
	"  %n = srdfg.node \"inc\"(%x, %t) {domain = \"DSP\"} : (!srdfg.edge<input, tensor<4xi32>>, "
	"!srdfg.edge<local, tensor<4xi32>>) -> !srdfg.edge<local, tensor<4xi32>> {\n"
	"  ^bb0(%a: !srdfg.edge<input, tensor<4xi32>>, %b: !srdfg.edge<output, tensor<4xi32>>):\n"
	"    srdfg.yield %b : !srdfg.edge<output, tensor<4xi32>>\n"
	"  }\n"
	"  %o = srdfg.compute %y {lb = array<i64: 0>, map = affine_map<(d0) -> (d0)>, ub = array<i64: 3>} : "
	"!srdfg.edge<output, tensor<4xi32>> {\n"
	"  ^bb0(%i: index):\n"
	"    %m = srdfg.reduce \"sum\" {lb = array<i64: 1>, ub = array<i64: 2>} : i32 {\n"
	"    ^bb0(%j: index):\n"
	"      %v = srdfg.load %n[%j] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<local, tensor<4xi32>> -> i32\n"
	"      srdfg.yield %v : i32\n"
	"    }\n"
	"    %s = srdfg.load %k[] : !srdfg.edge<param, i32> -> i32\n"
	"    srdfg.yield %m : i32\n"
	"  }\n"
	"  srdfg.return %o, %y : !srdfg.edge<output, tensor<4xi32>>, !srdfg.edge<output, tensor<4xi32>>\n"
	"}\n";

static st_block *body(st_context *ctx, st_op *op, size_t region, size_t n, st_type *const *args) {
	st_block *b = st_block_create(ctx);
	st_region_append_block(st_op_region(op, region), b);
	for (size_t i = 0; i < n; i++)
		st_block_add_arg(b, args[i], st_loc_unknown(ctx));
	return b;
}

static st_op *build(st_context *ctx) {
	st_op_state ms = {.name = st_str_c("builtin.module"), .loc = st_loc_unknown(ctx), .nregions = 1};
	st_op *top = st_op_create(ctx, &ms);
	st_block *tb = body(ctx, top, 0, 0, NULL);
	st_builder b = st_builder_at_end(ctx, tb, st_loc_unknown(ctx));
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS), *idx = st_index_type(ctx);
	int64_t four = 4;
	st_type *vec = st_tensor_type(ctx, 1, &four, i32, NULL);
	st_type *in = st_srdfg_edge_type(ctx, ST_SRDFG_INPUT, vec), *out = st_srdfg_edge_type(ctx, ST_SRDFG_OUTPUT, vec);
	st_type *local = st_srdfg_edge_type(ctx, ST_SRDFG_LOCAL, vec), *param = st_srdfg_edge_type(ctx, ST_SRDFG_PARAM, i32);
	st_op *g = st_srdfg_build_graph(&b, st_str_c("main"));
	st_type *gargs[] = {in, out};
	st_block *gb = body(ctx, g, 0, 2, gargs);
	st_builder s = st_builder_at_end(ctx, gb, st_loc_unknown(ctx));
	st_value *k = st_srdfg_build_constant(&s, st_integer_attr(ctx, i32, 3), param);
	st_value *t = st_srdfg_build_init(&s, local);
	st_value *nargs[] = {st_block_arg(gb, 0), t};
	st_op *n = st_srdfg_build_node(&s, st_str_c("inc"), "DSP", 2, nargs, 1, &local);
	st_type *nbargs[] = {in, out};
	st_block *nb = body(ctx, n, 0, 2, nbargs);
	st_builder nbb = st_builder_at_end(ctx, nb, st_loc_unknown(ctx));
	st_value *nb1 = st_block_arg(nb, 1);
	st_srdfg_build_yield(&nbb, 1, &nb1);
	int64_t lb = 0, ub = 3, rlb = 1, rub = 2;
	const st_affine_map *id = st_affine_map_identity(ctx, 1);
	st_op *c = st_srdfg_build_compute(&s, st_block_arg(gb, 1), 1, &lb, &ub, id);
	st_block *cb = body(ctx, c, 0, 1, &idx);
	st_builder cbb = st_builder_at_end(ctx, cb, st_loc_unknown(ctx));
	st_op *r = st_srdfg_build_reduce(&cbb, st_str_c("sum"), 1, &rlb, &rub, i32);
	st_block *rb = body(ctx, r, 0, 1, &idx);
	st_builder rbb = st_builder_at_end(ctx, rb, st_loc_unknown(ctx));
	st_value *j = st_block_arg(rb, 0);
	st_value *v = st_srdfg_build_load(&rbb, st_op_result(n, 0), 1, &j, id, i32);
	st_srdfg_build_yield(&rbb, 1, &v);
	st_srdfg_build_load(&cbb, k, 0, NULL, NULL, i32);
	st_value *m = st_op_result(r, 0);
	st_srdfg_build_yield(&cbb, 1, &m);
	st_value *ret[] = {st_op_result(c, 0), st_block_arg(gb, 1)};
	st_srdfg_build_return(&s, 2, ret);
	CHECK(!b.failed && !s.failed && !nbb.failed && !cbb.failed && !rbb.failed);
	return top;
}

static st_walk_result find(st_op *op, void *ud) {
	st_op **found = ud;
	const char *n = st_op_name_cstr(op);
	if (!strcmp(n, "srdfg.compute"))
		found[0] = op;
	else if (!strcmp(n, "srdfg.reduce"))
		found[1] = op;
	else if (!strcmp(n, "srdfg.node"))
		found[2] = op;
	else if (!strcmp(n, "srdfg.constant"))
		found[3] = op;
	else if (!strcmp(n, "srdfg.load") && !found[4])
		found[4] = op;
	return ST_WALK_ADVANCE;
}

int main(void) {
	st_context *ctx = new_ctx();
	st_op *built = build(ctx), *parsed = parse(ctx, text);
	CHECK(parsed && st_succeeded(st_verify(built)));
	char *a = print_op_str(built, true), *p = parsed ? print_op_str(parsed, true) : NULL;
	CHECK_STR("built vs parsed (generic)", a, p ? p : "");
	free(a);
	free(p);
	st_op *f[5] = {NULL};
	st_walk(built, ST_WALK_PRE, find, f);
	CHECK(f[0] && st_srdfg_box_rank(f[0]) == 1 && st_srdfg_box_lb(f[0], 0) == 0 && st_srdfg_box_ub(f[0], 0) == 3);
	CHECK(f[0] && st_srdfg_map(f[0]) == st_affine_map_identity(ctx, 1));
	CHECK(f[1] && st_str_eq_c(st_srdfg_reduce_kind(f[1]), "sum") && st_srdfg_box_lb(f[1], 0) == 1 &&
	      st_srdfg_box_ub(f[1], 0) == 2);
	CHECK(f[2] && st_str_eq_c(st_srdfg_node_component(f[2]), "inc") && st_srdfg_box_rank(f[2]) == 0);
	CHECK(f[3] && st_attr_int_value(st_srdfg_constant_value(f[3])) == 3);
	CHECK(f[4] && st_srdfg_map(f[4]) != NULL);
	st_op_destroy(built);
	if (parsed)
		st_op_destroy(parsed);
	st_context_destroy(ctx);
	return test_summary();
}
