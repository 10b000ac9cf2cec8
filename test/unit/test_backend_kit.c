/* The flow kit's pieces a target builds on (strata/backend.h), where a
 * stratac run cannot reach them one by one: the kernel's buffers read
 * from its signature and the signatures refused, the input picked by its
 * extension, the located .acg entries. */
#include "core_test.h"

#include "strata/backend.h"
#include "strata/translate.h"

static const char *kernels =
	"func.func @k(%a: memref<2x3xi8>, %b: memref<4xf32>, %n: index, %m: i16) -> (i32, i1) {\n"
	"  %c = arith.constant 0 : i32\n  %t = arith.constant true\n  return %c, %t : i32, i1\n}\n"
	"func.func private @helper() {\n  return\n}\n"
	"func.func @dyn(%a: memref<?xi32>) {\n  return\n}\n"
	"func.func @res() -> memref<2xi32> {\n  %m = memref.alloc() : memref<2xi32>\n  return %m : memref<2xi32>\n}\n"
	"func.func @big(%a: memref<4096x8192xi8>) {\n  return\n}\n"
	"func.func @vec(%a: memref<2xi128>) {\n  return\n}\n";

static void test_buffers(st_context *ctx, st_op *m) {
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	st_buffer *b;
	size_t n;
	CHECK(st_run_kernel_buffers(st_symbol_lookup(m, st_str_c("k")), &b, &n));
	CHECK(n == 6);
	if (n == 6) {
		CHECK_STR("a", b[0].name, "arg0");
		CHECK(b[0].kind == ST_BUFFER_MEMORY && b[0].width == 8 && b[0].ndims == 2 && b[0].dims[1] == 3 &&
		      b[0].size == 6 && b[0].index == 0);
		CHECK_STR("b", b[1].name, "arg1");
		CHECK(b[1].width == 32 && b[1].size == 4 && st_type_get_kind(b[1].elt) == ST_TYPE_F32);
		CHECK_STR("n", b[2].name, "in2");
		CHECK(b[2].kind == ST_BUFFER_SCALAR_IN && b[2].width == 64 && b[2].size == 1 && b[2].ndims == 0);
		CHECK_STR("m", b[3].name, "in3");
		CHECK(b[3].width == 16);
		CHECK_STR("r0", b[4].name, "out0");
		CHECK(b[4].kind == ST_BUFFER_SCALAR_OUT && b[4].index == 0 && b[4].width == 32);
		CHECK_STR("r1", b[5].name, "out1");
		CHECK(b[5].index == 1 && b[5].width == 1);
	}
	st_run_free_buffers(b, n);
	static const struct {
		const char *fn, *msg;
	} bad[] = {
		{"dyn", "argument 0 has a dynamic size in dimension 0; a kernel's memories have static shapes"},
		{"res", "result 0 is a memref; a kernel takes its memories as arguments"},
		{"big", "argument 0 holds too many words; a kernel's memory holds 1 to 16777216"},
		{"vec", "argument 0 is a memref of another element type; a kernel's buffers hold integers and floats of 1 to "
		        "64 bits"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		diag_sink_reset(&ds);
		CHECK(!st_run_kernel_buffers(st_symbol_lookup(m, st_str_c(bad[i].fn)), &b, &n));
		CHECK(b == NULL && n == 0);
		CHECK_CONTAINS(bad[i].fn, sbuf_str(&ds.text), bad[i].msg);
	}
	diag_sink_remove(&ds);
	sbuf_free(&ds.text);
}

static void test_kernel(st_op *m) {
	/* @helper is private: @k is not the only public function, though. */
	CHECK(st_run_find_kernel("t", m, NULL) == NULL);
	CHECK(st_run_find_kernel("t", m, "k") == st_symbol_lookup(m, st_str_c("k")));
	CHECK(st_run_find_kernel("t", m, "helper") == st_symbol_lookup(m, st_str_c("helper")));
	CHECK(st_run_find_kernel("t", m, "nope") == NULL);
}

static st_op *import_counting(st_context *ctx, st_str buffer, const char *filename) {
	(void)buffer;
	(void)filename;
	return st_parse_source(ctx, st_str_c("func.func @f(%x: i32) -> i32 {\n  %y = arith.addi %x, %x : i32\n"
	                                     "  %z = arith.addi %y, %y : i32\n  return %z : i32\n}\n"),
	                       "<counting>", NULL);
}

static void test_input(st_context *ctx) {
	static const st_translation_def lang = {
		.name = "import-kit-test", .import = import_counting, .extension = ".kt", .loop_pipeline = "cse"};
	CHECK(st_succeeded(st_context_register_translation(ctx, &lang)));
	/* By extension: the import, then its loop pipeline. */
	st_op *m = st_run_load_input(ctx, "dir.x/k.kt", st_str_c("ignored"));
	CHECK(m != NULL);
	if (m)
		st_op_destroy(m);
	/* No registered extension (and a dot only in a folder's name): MLIR. */
	const char *text = "func.func @g() {\n  return\n}\n";
	m = st_run_load_input(ctx, "dir.kt/k", st_str_c(text));
	CHECK(m && st_symbol_lookup(m, st_str_c("g")));
	if (m)
		st_op_destroy(m);
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	CHECK(st_run_load_input(ctx, "bad.mlir", st_str_c("func.func @g( {\n")) == NULL);
	CHECK(ds.nerrors == 1);
	diag_sink_remove(&ds);
	sbuf_free(&ds.text);
}

static void test_acg_loc(st_context *ctx) {
	const char *acg = "# class = wrong, in a comment\n"
	                  "acg t {\n"
	                  "  storage m { class_x = 1; }\n"
	                  "  budget  lut = 5;\n"
	                  "\tclass = fpga;\n"
	                  "  budget lutram = 1;\n"
	                  "}\n";
	sbuf b = {0};
	st_print_attr(ctx, st_backend_acg_loc(ctx, "a.acg", st_str_c(acg), "class"), sbuf_write, &b);
	CHECK_STR("class", sbuf_str(&b), "loc(\"a.acg\":5:2)");
	sbuf_clear(&b);
	st_print_attr(ctx, st_backend_acg_loc(ctx, "a.acg", st_str_c(acg), "budget lut"), sbuf_write, &b);
	CHECK_STR("budget", sbuf_str(&b), "loc(\"a.acg\":4:3)");
	sbuf_clear(&b);
	st_print_attr(ctx, st_backend_acg_loc(ctx, "a.acg", st_str_c(acg), "budget dsp"), sbuf_write, &b);
	CHECK_STR("missing", sbuf_str(&b), "loc(\"a.acg\":1:1)");
	sbuf_free(&b);
}

int main(void) {
	st_context *ctx = new_ctx();
	CHECK(st_succeeded(st_register_core_passes(ctx)));
	st_op *m = parse(ctx, kernels);
	CHECK(m != NULL);
	if (m) {
		test_buffers(ctx, m);
		test_kernel(m);
		st_op_destroy(m);
	}
	test_input(ctx);
	test_acg_loc(ctx);
	st_context_destroy(ctx);
	return test_summary();
}
