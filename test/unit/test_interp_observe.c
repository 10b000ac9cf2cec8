/* What a driver observes of an interpreter run (stratac's QoR, strata/
 * backend.h): the elements read and written per buffer, through views and
 * copies, and the op callback (every executed op, once). */
#include "core_test.h"

#include "strata/interp.h"

static const char *program =
	"func.func @k(%a: memref<4xi32>, %b: memref<4xi32>, %c: memref<2x2xi32>) {\n"
	"  %c0 = arith.constant 0 : index\n"
	"  %c1 = arith.constant 1 : index\n"
	"  %c4 = arith.constant 4 : index\n"
	"  scf.for %i = %c0 to %c4 step %c1 {\n"
	"    %x = memref.load %a[%i] : memref<4xi32>\n"
	"    %y = arith.muli %x, %x : i32\n"
	"    memref.store %y, %b[%i] : memref<4xi32>\n"
	"  }\n"
	"  %v = memref.load %b[%c1] : memref<4xi32>\n"
	"  %w = affine.load %a[3] : memref<4xi32>\n"
	"  %s = arith.muli %v, %w : i32\n"
	"  affine.store %s, %c[1, 0] : memref<2x2xi32>\n"
	"  %t = memref.alloc() : memref<2x2xi32>\n"
	"  memref.copy %c, %t : memref<2x2xi32> to memref<2x2xi32>\n"
	"  memref.dealloc %t : memref<2x2xi32>\n"
	"  return\n"
	"}\n";

typedef struct counts {
	st_context *ctx;
	uint64_t ops, muls;
} counts;

static void on_op(void *ud, const st_op *op) {
	counts *c = ud;
	c->ops++;
	c->muls += strcmp(st_op_name_cstr(op), "arith.muli") == 0;
}

int main(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, program);
	CHECK(m != NULL);
	st_op *fn = m ? st_symbol_lookup(m, st_str_c("k")) : NULL;
	CHECK(fn != NULL);
	counts c = {ctx, 0, 0};
	st_interp_options o = {.on_op = on_op, .on_op_ud = &c};
	st_interp *it = st_interp_create(ctx, &o);
	st_type *ft = fn ? st_attr_type_value(st_op_get_attr(fn, "function_type")) : NULL;
	st_ival args[3] = {{0}};
	for (size_t i = 0; ft && i < 3; i++)
		CHECK(st_succeeded(st_interp_memref_alloc(it, NULL, st_type_input(ft, i), NULL, ST_BUF_HEAP, true, &args[i])));
	if (ft) {
		uint64_t l, s;
		st_interp_memref_accesses(&args[0], &l, &s);
		CHECK(l == 0 && s == 0);
		CHECK(st_succeeded(st_interp_call(it, fn, 3, args, 0, NULL)));
		st_interp_memref_accesses(&args[0], &l, &s);
		CHECK(l == 5 && s == 0); /* four in the loop, one affine.load */
		st_interp_memref_accesses(&args[1], &l, &s);
		CHECK(l == 1 && s == 4);
		st_interp_memref_accesses(&args[2], &l, &s);
		CHECK(l == 4 && s == 1); /* the copy reads every element */
		/* The callback saw every op the step count counts, once. */
		CHECK(c.ops == st_interp_steps(it));
		CHECK(c.muls == 5);
	}
	/* The copy's four writes went to %t, which is gone with its frame;
	 * the counts of the host's buffers were checked above. */
	for (size_t i = 0; i < 3; i++)
		st_ival_release(it, &args[i]);
	st_interp_destroy(it);
	if (m)
		st_op_destroy(m);
	st_context_destroy(ctx);
	return test_summary();
}
