/* Unit tests of st_dominance: immediate dominators and block, op and value
 * dominance in a CFG with a join, a loop, nested regions and an unreachable
 * block; graph regions (everything dominates); and random CFGs checked
 * against dominator sets computed the slow way (iterative data flow).
 */
#include "core_test.h"
#include "strata/pass.h"

static const char *src =
	"func.func @f(%c: i1, %x: i32) -> i32 {\n"
	"  %a = arith.addi %x, %x : i32\n"
	"  cf.cond_br %c, ^bb1, ^bb2\n"
	"^bb1:\n"
	"  %b = arith.muli %a, %a : i32\n"
	"  cf.br ^bb3(%b : i32)\n"
	"^bb2:\n"
	"  cf.br ^bb3(%a : i32)\n"
	"^bb3(%p: i32):\n"
	"  %r = scf.if %c -> (i32) {\n"
	"    %in = arith.addi %p, %a : i32\n"
	"    scf.yield %in : i32\n"
	"  } else {\n"
	"    scf.yield %p : i32\n"
	"  }\n"
	"  return %r : i32\n"
	"^bb4:\n"
	"  cf.br ^bb3(%x : i32)\n"
	"}\n"
	"func.func @loop(%c: i1) {\n"
	"  cf.br ^bb1\n"
	"^bb1:\n"
	"  cf.cond_br %c, ^bb2, ^bb3\n"
	"^bb2:\n"
	"  cf.br ^bb1\n"
	"^bb3:\n"
	"  return\n"
	"}\n";

static st_block *nth_block(st_op *fn, size_t n) {
	st_block *b = st_region_first_block(st_op_region(fn, 0));
	while (n--)
		b = st_block_next(b);
	return b;
}

static void test_cfg(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, src);
	CHECK(m && st_succeeded(st_verify(m)));
	st_op *f = st_block_first_op(module_body(m)), *loop = st_op_next(f);
	st_dominance *d = st_dominance_create(ctx, m);
	st_block *b0 = nth_block(f, 0), *b1 = nth_block(f, 1), *b2 = nth_block(f, 2), *b3 = nth_block(f, 3),
	         *b4 = nth_block(f, 4);
	CHECK(st_dominance_idom(d, b0) == NULL);
	CHECK(st_dominance_idom(d, b1) == b0);
	CHECK(st_dominance_idom(d, b2) == b0);
	/* The edge from the unreachable ^bb4 does not count. */
	CHECK(st_dominance_idom(d, b3) == b0);
	CHECK(st_dominance_idom(d, b4) == NULL);
	CHECK(st_dominance_block_dominates(d, b0, b3));
	CHECK(!st_dominance_block_dominates(d, b1, b3));
	CHECK(!st_dominance_block_dominates(d, b3, b1));
	CHECK(st_dominance_block_dominates(d, b3, b3));
	/* Unreachable blocks are dominated by all and dominate none. */
	CHECK(st_dominance_block_dominates(d, b1, b4));
	CHECK(!st_dominance_block_dominates(d, b4, b1));

	st_op *a = st_block_first_op(b0), *b = st_block_first_op(b1), *ifop = st_block_first_op(b3),
	      *ret = st_op_next(ifop);
	st_op *in = st_block_first_op(st_region_first_block(st_op_region(ifop, 0)));
	CHECK(st_dominance_op_dominates(d, a, b, true));
	CHECK(!st_dominance_op_dominates(d, b, ret, true));
	CHECK(!st_dominance_op_dominates(d, a, a, true));
	CHECK(st_dominance_op_dominates(d, a, a, false));
	CHECK(st_dominance_op_dominates(d, ifop, ret, true));
	CHECK(!st_dominance_op_dominates(d, ret, ifop, true));
	/* Into nested regions, and from an op to what it encloses. */
	CHECK(st_dominance_op_dominates(d, a, in, true));
	CHECK(!st_dominance_op_dominates(d, in, a, true));
	CHECK(st_dominance_op_dominates(d, ifop, in, true));
	CHECK(!st_dominance_op_dominates(d, in, ret, true));
	/* Blocks across regions go through the enclosing op. */
	CHECK(st_dominance_block_dominates(d, b0, st_op_block(in)));
	CHECK(!st_dominance_block_dominates(d, b1, st_op_block(in)));

	st_value *va = st_op_result(a, 0), *vb = st_op_result(b, 0), *vp = st_block_arg(b3, 0);
	CHECK(st_dominance_value_dominates(d, va, in));
	CHECK(!st_dominance_value_dominates(d, vb, ret));
	CHECK(st_dominance_value_dominates(d, vp, in));
	CHECK(!st_dominance_value_dominates(d, vp, b));
	CHECK(st_dominance_value_dominates(d, st_block_arg(b0, 0), ret));
	/* A result is not available in its own op or inside it. */
	CHECK(!st_dominance_value_dominates(d, st_op_result(ifop, 0), ifop));
	CHECK(!st_dominance_value_dominates(d, st_op_result(ifop, 0), in));
	CHECK(st_dominance_value_dominates(d, st_op_result(ifop, 0), ret));

	/* The loop: the header dominates the body and the exit. */
	st_block *l1 = nth_block(loop, 1), *l2 = nth_block(loop, 2), *l3 = nth_block(loop, 3);
	CHECK(st_dominance_idom(d, l2) == l1);
	CHECK(st_dominance_idom(d, l3) == l1);
	CHECK(!st_dominance_block_dominates(d, l2, l1));
	CHECK(!st_dominance_block_dominates(d, l2, l3));

	/* The module body is a graph region: order does not matter. */
	CHECK(st_dominance_op_dominates(d, loop, f, true));
	st_dominance_destroy(d);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* Regions of unregistered ops have no SSA dominance either. */
static void test_unregistered(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, "\"t.graph\"() ({\n  %0 = \"t.a\"() : () -> i32\n  %1 = \"t.b\"() : () -> i32\n}) : () -> ()\n");
	CHECK(m != NULL);
	st_op *g = st_block_first_op(module_body(m));
	st_op *x = st_block_first_op(st_region_first_block(st_op_region(g, 0))), *y = st_op_next(x);
	st_dominance *d = st_dominance_create(ctx, m);
	CHECK(st_dominance_op_dominates(d, y, x, true));
	CHECK(st_dominance_value_dominates(d, st_op_result(y, 0), x));
	/* In a graph region a value may even be used by its own op. */
	CHECK(st_dominance_value_dominates(d, st_op_result(x, 0), x));
	st_dominance_destroy(d);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------ random CFGs */

static uint64_t rng_state;
static uint32_t rnd(void) {
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 33);
}

/* Dominator sets by the textbook data-flow iteration: the reference. */
static void slow_doms(size_t n, const uint64_t *succs, uint64_t *dom, uint64_t *reach) {
	*reach = 1;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 0; i < n; i++)
			if ((*reach >> i & 1) && (*reach | succs[i]) != *reach) {
				*reach |= succs[i];
				changed = true;
			}
	}
	for (size_t i = 0; i < n; i++)
		dom[i] = i == 0 ? 1 : ~0ull;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 1; i < n; i++) {
			if (!(*reach >> i & 1))
				continue;
			uint64_t meet = ~0ull;
			for (size_t p = 0; p < n; p++)
				if ((*reach >> p & 1) && (succs[p] >> i & 1))
					meet &= dom[p];
			meet |= 1ull << i;
			if (meet != dom[i]) {
				dom[i] = meet;
				changed = true;
			}
		}
	}
}

static void test_random(void) {
	for (int trial = 0; trial < 200; trial++) {
		rng_state = (uint64_t)trial * 7919 + 1;
		size_t n = 2 + rnd() % 40;
		uint64_t succs[64] = {0};
		sbuf text = {0};
		sbuf_write(&text, "func.func @r(%c: i1) {\n", 23);
		for (size_t i = 0; i < n; i++) {
			char line[96];
			if (i) {
				snprintf(line, sizeof line, "^bb%zu:\n", i);
				sbuf_write(&text, line, strlen(line));
			}
			uint32_t kind = rnd() % 4;
			size_t t1 = rnd() % n, t2 = rnd() % n;
			/* The entry cannot be a branch target. */
			t1 = t1 ? t1 : 1;
			t2 = t2 ? t2 : 1;
			if (kind == 0) {
				snprintf(line, sizeof line, "  return\n");
			} else if (kind == 1) {
				snprintf(line, sizeof line, "  cf.br ^bb%zu\n", t1);
				succs[i] |= 1ull << t1;
			} else {
				snprintf(line, sizeof line, "  cf.cond_br %%c, ^bb%zu, ^bb%zu\n", t1, t2);
				succs[i] |= 1ull << t1 | 1ull << t2;
			}
			sbuf_write(&text, line, strlen(line));
		}
		sbuf_write(&text, "}\n", 2);
		st_context *ctx = new_ctx();
		st_op *m = parse(ctx, sbuf_str(&text));
		CHECK(m != NULL);
		if (!m) {
			st_context_destroy(ctx);
			sbuf_free(&text);
			continue;
		}
		st_op *fn = st_block_first_op(module_body(m));
		uint64_t dom[64], reach;
		slow_doms(n, succs, dom, &reach);
		st_dominance *d = st_dominance_create(ctx, m);
		int bad = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < n; j++) {
				bool want = !(reach >> j & 1) ? true : !(reach >> i & 1) ? false : (dom[j] >> i & 1) != 0;
				if (st_dominance_block_dominates(d, nth_block(fn, i), nth_block(fn, j)) != want)
					bad++;
			}
		/* The immediate dominator is the closest strict dominator. */
		for (size_t j = 1; j < n; j++) {
			st_block *id = st_dominance_idom(d, nth_block(fn, j));
			if (!(reach >> j & 1)) {
				bad += id != NULL;
				continue;
			}
			uint64_t strict = dom[j] & ~(1ull << j);
			size_t want = 0;
			for (size_t k = 0; k < n; k++)
				if ((strict >> k & 1) && (dom[k] | strict) == strict && __builtin_popcountll(dom[k]) ==
				                                                             __builtin_popcountll(strict))
					want = k;
			bad += id != nth_block(fn, want);
		}
		if (bad)
			fprintf(stderr, "random CFG %d (%zu blocks): %d wrong answers\n%s", trial, n, bad, sbuf_str(&text));
		CHECK(bad == 0);
		st_dominance_destroy(d);
		st_op_destroy(m);
		st_context_destroy(ctx);
		sbuf_free(&text);
	}
}

int main(void) {
	test_cfg();
	test_unregistered();
	test_random();
	return test_summary();
}
