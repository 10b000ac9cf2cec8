/* Unit tests of values and their intrusive use-lists: operand set / insert
 * / erase (including the same value used several times by one op, and
 * operand storage moving out of line), replace-all-uses, use owner and
 * index, unlinking in O(1) when ops are erased, block arguments and the
 * predecessor lists of blocks (successor slots).
 */
#include "core_test.h"


static st_type *i32_of(st_context *ctx) { return st_integer_type(ctx, 32, ST_SIGNLESS); }

/* A detached op "t.def" with `n` i32 results. */
static st_op *defs(st_context *ctx, size_t n) {
	st_type *types[16];
	for (size_t i = 0; i < n; i++)
		types[i] = i32_of(ctx);
	return mk_op(ctx, "t.def", 0, NULL, n, types);
}

static bool all_consistent(st_op *def, st_op *user) {
	bool ok = operands_consistent(user);
	for (size_t i = 0; i < st_op_num_results(def); i++)
		ok &= uses_consistent(st_op_result(def, i));
	return ok;
}

static size_t count_operand(st_op *op, st_value *v) {
	size_t n = 0;
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		n += st_op_operand(op, i) == v;
	return n;
}

/* The number of uses of every result equals the number of operand slots
 * naming it. */
static bool counts_match(st_op *def, st_op *user) {
	for (size_t i = 0; i < st_op_num_results(def); i++)
		if (count_uses(st_op_result(def, i)) != count_operand(user, st_op_result(def, i)))
			return false;
	return true;
}

static void test_basic(void) {
	st_context *ctx = new_ctx();
	st_op *d = defs(ctx, 3);
	st_value *a = st_op_result(d, 0), *b = st_op_result(d, 1), *c = st_op_result(d, 2);
	CHECK(st_value_defining_op(a) == d && st_value_defining_op(c) == d);
	CHECK(st_value_index(c) == 2 && !st_value_is_block_arg(c) && st_value_owner_block(c) == NULL);
	CHECK(st_value_type(a) == i32_of(ctx));
	CHECK(!st_value_has_uses(a) && st_op_results_unused(d));

	st_value *ops[3] = {a, b, a};
	st_op *u = mk_op(ctx, "t.use", 3, ops, 0, NULL);
	CHECK(st_op_num_operands(u) == 3 && st_op_operand(u, 2) == a);
	CHECK(count_uses(a) == 2 && count_uses(b) == 1 && !st_value_has_uses(c));
	CHECK(!st_value_has_one_use(a) && st_value_has_one_use(b));
	CHECK(!st_op_results_unused(d));
	CHECK(all_consistent(d, u));
	st_use *ub = st_value_first_use(b);
	CHECK(st_use_owner(ub) == u && st_use_operand_index(ub) == 1 && st_use_value(ub) == b);
	CHECK(st_op_operand_use(u, 1) == ub);

	/* set_operand moves the use from one list to another. */
	st_op_set_operand(u, 0, c);
	CHECK(count_uses(a) == 1 && count_uses(c) == 1 && all_consistent(d, u));
	st_op_set_operand(u, 0, c); /* same value: no change */
	CHECK(count_uses(c) == 1 && all_consistent(d, u));
	st_op_set_operand(u, 2, b);
	CHECK(!st_value_has_uses(a) && count_uses(b) == 2 && all_consistent(d, u));

	/* A value's type can change in place. */
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	st_value_set_type(a, i64);
	CHECK(st_value_type(a) == i64);

	/* Replace all uses of b by a (b is used twice). */
	st_value_replace_all_uses(b, a);
	CHECK(!st_value_has_uses(b) && count_uses(a) == 2 && all_consistent(d, u));
	CHECK(st_op_operand(u, 1) == a && st_op_operand(u, 2) == a);
	st_value_replace_all_uses(a, a); /* no-op */
	CHECK(count_uses(a) == 2 && all_consistent(d, u));

	/* st_op_replace_all_uses: result i by with[i]. */
	st_op *d2 = defs(ctx, 3);
	st_value *with[3] = {st_op_result(d2, 0), st_op_result(d2, 1), st_op_result(d2, 2)};
	st_op_replace_all_uses(d, with);
	CHECK(st_op_results_unused(d));
	CHECK(st_op_operand(u, 0) == with[2] && st_op_operand(u, 1) == with[0] && st_op_operand(u, 2) == with[0]);
	CHECK(count_uses(with[0]) == 2 && all_consistent(d2, u));

	st_op_destroy(u);
	CHECK(st_op_results_unused(d2));
	st_op_destroy(d2);
	st_op_destroy(d);
	st_context_destroy(ctx);
}

/* Growing the operand list past its inline storage, and shifting operands
 * in place, must keep every use-list intact, also when one op uses the same
 * value in several slots (their use-list links then point at each other). */
static void test_insert_erase(void) {
	st_context *ctx = new_ctx();
	st_op *d = defs(ctx, 3);
	st_value *a = st_op_result(d, 0), *b = st_op_result(d, 1), *c = st_op_result(d, 2);
	st_op *u = mk_op(ctx, "t.use", 2, (st_value *[]){a, a}, 0, NULL);
	CHECK(all_consistent(d, u) && counts_match(d, u));

	/* Out of line (capacity 2 -> more). */
	CHECK(st_succeeded(st_op_insert_operands(u, 0, 1, &b)));
	CHECK(st_op_num_operands(u) == 3 && st_op_operand(u, 0) == b && st_op_operand(u, 2) == a);
	CHECK(all_consistent(d, u) && counts_match(d, u));
	/* In place, shifting the two uses of a right. */
	CHECK(st_succeeded(st_op_insert_operands(u, 1, 1, &c)));
	CHECK(all_consistent(d, u) && counts_match(d, u));
	CHECK(st_op_operand(u, 0) == b && st_op_operand(u, 1) == c && st_op_operand(u, 2) == a && st_op_operand(u, 3) == a);
	/* Many more (several reallocations), all the same value. */
	st_value *many[40];
	for (int i = 0; i < 40; i++)
		many[i] = i % 3 == 0 ? a : i % 3 == 1 ? b : c;
	for (int i = 0; i < 40; i++)
		CHECK(st_succeeded(st_op_insert_operands(u, (size_t)(i % 3), 1, &many[i])));
	CHECK(st_op_num_operands(u) == 44);
	CHECK(all_consistent(d, u) && counts_match(d, u));
	CHECK(st_succeeded(st_op_insert_operands(u, 10, 40, many)));
	CHECK(all_consistent(d, u) && counts_match(d, u));
	CHECK(st_op_num_operands(u) == 84);
	/* Erase from the front, the middle and the end. */
	st_op_erase_operands(u, 0, 2);
	CHECK(all_consistent(d, u) && counts_match(d, u));
	st_op_erase_operands(u, 20, 30);
	CHECK(all_consistent(d, u) && counts_match(d, u));
	st_op_erase_operands(u, st_op_num_operands(u) - 5, 5);
	CHECK(all_consistent(d, u) && counts_match(d, u));
	CHECK(st_op_num_operands(u) == 47);
	st_op_erase_operands(u, 3, 0);
	CHECK(st_op_num_operands(u) == 47 && all_consistent(d, u));
	/* Every use's index is its slot. */
	bool idx_ok = true;
	for (size_t i = 0; i < st_op_num_operands(u); i++)
		idx_ok &= st_use_operand_index(st_op_operand_use(u, i)) == i && st_use_owner(st_op_operand_use(u, i)) == u;
	CHECK(idx_ok);

	/* set_operands: shrink, then grow. */
	CHECK(st_succeeded(st_op_set_operands(u, 3, (st_value *[]){c, c, b})));
	CHECK(st_op_num_operands(u) == 3 && count_uses(a) == 0 && count_uses(c) == 2 && count_uses(b) == 1);
	CHECK(all_consistent(d, u));
	st_value *grow[7] = {a, b, c, a, b, c, a};
	CHECK(st_succeeded(st_op_set_operands(u, 7, grow)));
	CHECK(st_op_num_operands(u) == 7 && count_uses(a) == 3 && all_consistent(d, u) && counts_match(d, u));
	CHECK(st_succeeded(st_op_set_operands(u, 0, NULL)));
	CHECK(st_op_num_operands(u) == 0 && st_op_results_unused(d));
	CHECK(st_succeeded(st_op_insert_operands(u, 0, 2, (st_value *[]){c, c})));
	CHECK(all_consistent(d, u) && counts_match(d, u));

	/* Replace-all-uses with duplicates on both sides. */
	st_value_replace_all_uses(c, a);
	CHECK(count_uses(a) == 2 && !st_value_has_uses(c) && all_consistent(d, u));

	st_op_destroy(u);
	CHECK(st_op_results_unused(d));
	st_op_destroy(d);
	st_context_destroy(ctx);
}

/* Random operand edits checked against a model. */
static void test_random_edits(void) {
	st_context *ctx = new_ctx();
	st_op *d = defs(ctx, 4);
	st_value *vals[4];
	for (int i = 0; i < 4; i++)
		vals[i] = st_op_result(d, (size_t)i);
	st_op *u = mk_op(ctx, "t.use", 1, vals, 0, NULL);
	st_value *model[512];
	size_t n = 1;
	model[0] = vals[0];
	unsigned seed = 12345;
	bool ok = true;
	for (int step = 0; step < 3000 && ok; step++) {
		seed = seed * 1103515245u + 12345u;
		unsigned r = seed >> 8;
		switch (r % 4) {
		case 0:
		case 1: { /* insert k */
			size_t k = 1 + (r >> 4) % 4;
			if (n + k > 120)
				break;
			size_t pos = (r >> 8) % (n + 1);
			st_value *ins[4];
			for (size_t i = 0; i < k; i++)
				ins[i] = vals[(r >> (12 + 2 * i)) % 4];
			ok &= st_succeeded(st_op_insert_operands(u, pos, k, ins));
			memmove(model + pos + k, model + pos, (n - pos) * sizeof *model);
			memcpy(model + pos, ins, k * sizeof *ins);
			n += k;
			break;
		}
		case 2: { /* erase */
			if (!n)
				break;
			size_t pos = (r >> 4) % n;
			size_t k = 1 + (r >> 12) % 3;
			if (pos + k > n)
				k = n - pos;
			st_op_erase_operands(u, pos, k);
			memmove(model + pos, model + pos + k, (n - pos - k) * sizeof *model);
			n -= k;
			break;
		}
		default: /* set */
			if (!n)
				break;
			size_t pos = (r >> 4) % n;
			model[pos] = vals[(r >> 12) % 4];
			st_op_set_operand(u, pos, model[pos]);
			break;
		}
		ok &= st_op_num_operands(u) == n;
		for (size_t i = 0; ok && i < n; i++)
			ok &= st_op_operand(u, i) == model[i];
		ok &= all_consistent(d, u) && counts_match(d, u);
		if (!ok)
			fprintf(stderr, "random edits: mismatch at step %d\n", step);
	}
	CHECK(ok);
	st_op_destroy(u);
	CHECK(st_op_results_unused(d));
	st_op_destroy(d);
	st_context_destroy(ctx);
}

/* Erasing users unlinks their uses in O(1): 200,000 users of one value are
 * erased from the middle of the list outward and the list stays
 * consistent.  No clock is read here (timings belong in bench/); a linear
 * unlink would take minutes and run into ctest's timeout. */
static void test_unlink_o1(void) {
	st_context *ctx = new_ctx();
	st_op *mod = parse(ctx, "module {}");
	st_block *body = module_body(mod);
	st_op *d = defs(ctx, 1);
	st_block_append_op(body, d);
	st_value *v = st_op_result(d, 0);
	enum { N = 200000 };
	st_op **users = malloc(N * sizeof *users);
	for (int i = 0; i < N; i++) {
		users[i] = mk_op(ctx, "t.use", 1, &v, 0, NULL);
		st_block_append_op(body, users[i]);
	}
	CHECK(count_uses(v) == N);
	/* Erase every other user, starting in the middle of the list. */
	for (int i = N / 2; i < N; i += 2)
		st_op_erase(users[i]);
	for (int i = 0; i < N / 2; i += 2)
		st_op_erase(users[i]);
	CHECK(count_uses(v) == N / 2);
	CHECK(uses_consistent(v));
	/* Replace-all-uses is linear too. */
	st_op *d2 = defs(ctx, 1);
	st_block_append_op(body, d2);
	st_value_replace_all_uses(v, st_op_result(d2, 0));
	CHECK(!st_value_has_uses(v) && count_uses(st_op_result(d2, 0)) == N / 2);
	CHECK(uses_consistent(st_op_result(d2, 0)));
	free(users);
	st_op_destroy(mod);
	st_context_destroy(ctx);
}

/* Block arguments are values too; block uses are the successor slots of
 * terminators. */
static void test_block_values(void) {
	st_context *ctx = new_ctx();
	st_type *i32 = i32_of(ctx);
	st_block *b = st_block_create(ctx);
	st_attr *loc = st_loc_file(ctx, st_str_c("x.mlir"), 1, 2);
	st_value *a0 = st_block_add_arg(b, i32, loc);
	st_value *a1 = st_block_add_arg(b, i32, NULL);
	CHECK(st_value_is_block_arg(a0) && st_value_owner_block(a0) == b && st_value_index(a1) == 1);
	CHECK(st_value_defining_op(a0) == NULL);
	CHECK(st_value_loc(a0) == loc && st_value_loc(a1) == st_loc_unknown(ctx));
	st_op *u = mk_op(ctx, "t.use", 2, (st_value *[]){a1, a0}, 0, NULL);
	st_block_append_op(b, u);
	CHECK(st_use_owner(st_value_first_use(a1)) == u && st_use_operand_index(st_value_first_use(a1)) == 0);
	/* Insert an argument in front: indices shift, uses stay. */
	st_value *an = st_block_insert_arg(b, 0, i32, NULL);
	CHECK(st_value_index(an) == 0 && st_value_index(a0) == 1 && st_value_index(a1) == 2);
	CHECK(st_block_arg(b, 2) == a1 && st_op_operand(u, 0) == a1);
	st_block_erase_arg(b, 0);
	CHECK(st_value_index(a0) == 0 && st_value_index(a1) == 1 && st_block_num_args(b) == 2);
	/* Replace a block argument by an op result. */
	st_op *d = defs(ctx, 1);
	st_block_prepend_op(b, d);
	st_value_replace_all_uses(a0, st_op_result(d, 0));
	CHECK(!st_value_has_uses(a0) && st_op_operand(u, 1) == st_op_result(d, 0));
	st_block_erase_arg(b, 0);
	CHECK(st_block_num_args(b) == 1 && st_block_arg(b, 0) == a1 && st_value_index(a1) == 0);
	st_block_destroy(b);

	/* Predecessors: successor slots of terminators in a region. */
	st_op *holder = mk_op_regions(ctx, "t.holder", 0, NULL, 0, NULL, 1);
	st_region *r = st_op_region(holder, 0);
	st_block *bb[3];
	for (int i = 0; i < 3; i++) {
		bb[i] = st_block_create(ctx);
		st_region_append_block(r, bb[i]);
	}
	st_op_state br = {.name = st_str_c("t.br"), .nsuccessors = 2, .successors = (st_block *[]){bb[1], bb[2]}};
	st_op *t0 = st_op_create(ctx, &br);
	st_block_append_op(bb[0], t0);
	st_op_state br2 = {.name = st_str_c("t.br"), .nsuccessors = 1, .successors = &bb[2]};
	st_op *t1 = st_op_create(ctx, &br2);
	st_block_append_op(bb[1], t1);
	CHECK(!st_block_has_preds(bb[0]) && st_block_has_preds(bb[1]));
	size_t np = 0;
	for (st_use *pu = st_block_first_pred_use(bb[2]); pu; pu = st_use_next(pu)) {
		np++;
		CHECK(st_use_owner(pu) == t0 || st_use_owner(pu) == t1);
	}
	CHECK(np == 2);
	CHECK(st_op_num_successors(t0) == 2 && st_op_successor(t0, 1) == bb[2]);
	/* A predecessor use knows its successor number. */
	for (st_use *pu = st_block_first_pred_use(bb[2]); pu; pu = st_use_next(pu))
		CHECK(st_use_operand_index(pu) == (st_use_owner(pu) == t0 ? 1u : 0u));
	CHECK(st_use_operand_index(st_block_first_pred_use(bb[1])) == 0);
	/* Retargeting a successor moves the use between the blocks' lists. */
	st_op_set_successor(t0, 1, bb[1]);
	np = 0;
	for (st_use *pu = st_block_first_pred_use(bb[1]); pu; pu = st_use_next(pu))
		np += st_use_owner(pu) == t0;
	CHECK(np == 2);
	CHECK(st_use_owner(st_block_first_pred_use(bb[2])) == t1 && !st_use_next(st_block_first_pred_use(bb[2])));
	/* Erasing the terminator removes its predecessor entries. */
	st_op_erase(t0);
	CHECK(!st_block_has_preds(bb[1]) && st_block_has_preds(bb[2]));
	st_op_erase(t1);
	CHECK(!st_block_has_preds(bb[2]));
	st_op_destroy(holder);
	st_context_destroy(ctx);
}

/* Use-lists through parsed IR: every operand of every op is on its value's
 * list, and use counts agree with the text. */
typedef struct tally {
	size_t nops, nuses;
	bool ok;
} tally;

static st_walk_result tally_cb(st_op *op, void *ud) {
	tally *t = ud;
	t->nops++;
	t->nuses += st_op_num_operands(op);
	t->ok &= operands_consistent(op);
	for (size_t i = 0; i < st_op_num_results(op); i++)
		t->ok &= uses_consistent(st_op_result(op, i));
	return ST_WALK_ADVANCE;
}

static void test_parsed(void) {
	st_context *ctx = new_ctx();
	const char *src = "func.func @f(%a: i32, %b: i32) -> i32 {\n"
	                  "  %0 = \"t.add\"(%a, %a) : (i32, i32) -> i32\n"
	                  "  %1 = \"t.add\"(%0, %b) : (i32, i32) -> i32\n"
	                  "  cf.br ^bb1(%1, %0 : i32, i32)\n"
	                  "^bb1(%x: i32, %y: i32):\n"
	                  "  %2 = \"t.add\"(%x, %y) : (i32, i32) -> i32\n"
	                  "  return %2 : i32\n"
	                  "}\n";
	st_op *m = parse(ctx, src);
	CHECK(m && st_succeeded(st_verify(m)));
	tally t = {0, 0, true};
	st_walk(m, ST_WALK_PRE, tally_cb, &t);
	CHECK(t.ok && t.nops == 7 && t.nuses == 9);
	st_op *add0 = find_op(m, "t.add", 0);
	st_value *pa = st_op_operand(add0, 0);
	CHECK(st_value_is_block_arg(pa) && count_uses(pa) == 2);
	CHECK(count_uses(st_op_result(add0, 0)) == 2);
	/* The entry block's successor use. */
	st_op *br = find_op(m, "cf.br", 0);
	st_block *bb1 = st_op_successor(br, 0);
	CHECK(st_use_owner(st_block_first_pred_use(bb1)) == br);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* An op created without operands has no inline slot to remember where its
 * out-of-line operands went: the context keeps that, for several ops at
 * once, through growth, erasure and destruction. */
static void test_grow_from_none(void) {
	st_context *ctx = new_ctx();
	st_op *d = defs(ctx, 3);
	st_value *v[3] = {st_op_result(d, 0), st_op_result(d, 1), st_op_result(d, 2)};
	st_op *u[4];
	for (int k = 0; k < 4; k++)
		u[k] = mk_op(ctx, "t.use", 0, NULL, 0, NULL);
	for (int round = 0; round < 20; round++)
		for (int k = 0; k < 4; k++)
			CHECK(st_succeeded(st_op_insert_operands(u[k], (size_t)(round % 2), 1, &v[(round + k) % 3])));
	for (int k = 0; k < 4; k++) {
		CHECK(st_op_num_operands(u[k]) == 20);
		CHECK(all_consistent(d, u[k]));
		/* Inserting at 0 or 1 leaves round 1's operand last. */
		CHECK(st_op_operand(u[k], 19) == v[(1 + k) % 3]);
	}
	st_op_erase_operands(u[1], 0, 20);
	CHECK(st_op_num_operands(u[1]) == 0 && all_consistent(d, u[1]));
	CHECK(st_succeeded(st_op_insert_operands(u[1], 0, 3, v)));
	CHECK(st_op_operand(u[1], 2) == v[2] && all_consistent(d, u[1]));
	st_op_destroy(u[2]);
	CHECK(all_consistent(d, u[3]) && st_op_operand(u[3], 0) != NULL);
	st_op_destroy(u[0]);
	st_op_destroy(u[1]);
	st_op_destroy(u[3]);
	for (size_t i = 0; i < 3; i++)
		CHECK(!st_value_has_uses(v[i]));
	st_op_destroy(d);
	st_context_destroy(ctx);
}

int main(void) {
	test_basic();
	test_insert_erase();
	test_grow_from_none();
	test_random_edits();
	test_unlink_o1();
	test_block_values();
	test_parsed();
	return test_summary();
}
