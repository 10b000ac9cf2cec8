/* Unit tests of blocks and regions: arguments, terminators, block lists,
 * splitting, moving bodies (take_body), clearing, and st_verify on IR built
 * through the API (missing terminators, dominance in SSA-CFG regions and
 * its absence in graph regions, successors into other regions, terminators
 * in the middle of a block).
 */
#include "core_test.h"

static st_type *i32_of(st_context *ctx) { return st_integer_type(ctx, 32, ST_SIGNLESS); }

static size_t nops_in(const st_block *b) {
	size_t n = 0;
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		n++;
	return n;
}

/* Whether every op of `b` says it is in `b`. */
static bool ops_owned(const st_block *b) {
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		if (st_op_block(o) != b || (st_op_next(o) && st_op_prev(st_op_next(o)) != o))
			return false;
	return true;
}

static void test_block_basics(void) {
	st_context *ctx = new_ctx();
	st_block *b = st_block_create(ctx);
	CHECK(b && st_block_is_empty(b) && st_block_num_args(b) == 0);
	CHECK(st_block_parent_region(b) == NULL && st_block_parent_op(b) == NULL && !st_block_is_entry(b));
	CHECK(st_block_terminator(b) == NULL);
	/* Arguments: add, insert in the middle, erase from the front. */
	st_value *a = st_block_add_arg(b, i32_of(ctx), NULL);
	st_value *c = st_block_add_arg(b, st_index_type(ctx), NULL);
	st_value *m = st_block_insert_arg(b, 1, st_float_type(ctx, ST_TYPE_F32), NULL);
	CHECK(st_block_num_args(b) == 3 && st_block_arg(b, 1) == m && st_value_index(c) == 2);
	for (int i = 0; i < 20; i++)
		st_block_add_arg(b, i32_of(ctx), NULL);
	CHECK(st_block_num_args(b) == 23 && st_value_index(st_block_arg(b, 22)) == 22);
	st_block_erase_arg(b, 0);
	CHECK(st_block_arg(b, 0) == m && st_value_index(m) == 0 && st_value_index(c) == 1);
	st_block_erase_arg(b, 21);
	CHECK(st_block_num_args(b) == 21);
	(void)a;

	/* Terminators: a registered terminator, an unregistered last op (may be
	 * one), a registered non-terminator (is not). */
	st_op *ret = mk_op(ctx, "func.return", 0, NULL, 0, NULL);
	st_block_append_op(b, ret);
	CHECK(st_block_terminator(b) == ret);
	st_op *u = mk_op(ctx, "foo.unknown", 0, NULL, 0, NULL);
	st_block_append_op(b, u);
	CHECK(st_block_terminator(b) == u);
	st_op_erase(u);
	st_op *call = mk_op(ctx, "func.call", 0, NULL, 0, NULL);
	st_op_set_attr(call, "callee", st_symbol_ref_attr(ctx, st_str_c("f"), 0, NULL));
	st_block_append_op(b, call);
	CHECK(st_block_terminator(b) == NULL);
	CHECK(st_block_first_op(b) == ret && st_block_last_op(b) == call);
	st_block_destroy(b);
	st_block_destroy(NULL);
	st_context_destroy(ctx);
}

static void test_region_lists(void) {
	st_context *ctx = new_ctx();
	st_op *op = mk_op_regions(ctx, "t.r", 0, NULL, 0, NULL, 2);
	st_region *r = st_op_region(op, 0), *r2 = st_op_region(op, 1);
	st_block *b[4];
	for (int i = 0; i < 4; i++)
		b[i] = st_block_create(ctx);
	st_region_append_block(r, b[1]);
	st_region_insert_block_before(r, b[1], b[0]);
	st_region_insert_block_before(r, NULL, b[3]);
	st_region_insert_block_before(r, b[3], b[2]);
	CHECK(st_region_num_blocks(r) == 4 && st_region_first_block(r) == b[0] && st_region_last_block(r) == b[3]);
	bool ok = true;
	for (int i = 0; i < 4; i++) {
		ok &= st_block_parent_region(b[i]) == r && st_block_parent_op(b[i]) == op;
		ok &= st_block_next(b[i]) == (i < 3 ? b[i + 1] : NULL) && st_block_prev(b[i]) == (i ? b[i - 1] : NULL);
	}
	CHECK(ok);
	CHECK(st_block_is_entry(b[0]) && !st_block_is_entry(b[1]));

	/* Remove a middle block and put it into the other region. */
	st_block_remove(b[2]);
	CHECK(st_block_parent_region(b[2]) == NULL && st_block_next(b[1]) == b[3] && st_block_prev(b[3]) == b[1]);
	st_block_remove(b[2]); /* detached: no-op */
	st_region_append_block(r2, b[2]);
	CHECK(st_block_is_entry(b[2]) && st_region_num_blocks(r) == 3);
	/* Remove the first and the last. */
	st_block_remove(b[0]);
	CHECK(st_region_first_block(r) == b[1] && st_block_is_entry(b[1]));
	st_block_remove(b[3]);
	CHECK(st_region_last_block(r) == b[1] && st_region_num_blocks(r) == 1);

	/* take_body into a non-empty region appends; the source ends empty. */
	st_op *x = mk_op(ctx, "t.x", 0, NULL, 0, NULL);
	st_block_append_op(b[0], x);
	st_region_append_block(r2, b[0]);
	st_region_append_block(r2, b[3]); /* r2: b2 b0 b3 */
	st_region_take_body(r, r2);       /* r: b1 b2 b0 b3 */
	CHECK(st_region_is_empty(r2) && st_region_first_block(r2) == NULL && st_region_last_block(r2) == NULL);
	CHECK(st_region_num_blocks(r) == 4 && st_region_last_block(r) == b[3]);
	CHECK(st_block_next(b[1]) == b[2] && st_block_prev(b[2]) == b[1]);
	CHECK(st_block_parent_region(b[3]) == r && st_op_parent_region(x) == r);
	/* take_body into an empty region, and from an empty one. */
	st_region_take_body(r2, r);
	CHECK(st_region_num_blocks(r2) == 4 && st_region_is_empty(r) && st_block_parent_region(b[1]) == r2);
	st_region_take_body(r2, r);
	CHECK(st_region_num_blocks(r2) == 4);
	/* Into itself: nothing moves. */
	st_region_take_body(r2, r2);
	CHECK(st_region_num_blocks(r2) == 4 && st_region_first_block(r2) == b[1] && st_block_next(b[3]) == NULL);
	/* Between regions of different ops. */
	st_op *other = mk_op_regions(ctx, "t.o", 0, NULL, 0, NULL, 1);
	st_region_take_body(st_op_region(other, 0), r2);
	CHECK(st_op_parent_op(x) == other && st_block_parent_op(b[3]) == other);

	/* Clear destroys the blocks, including ops using values across them and
	 * branches between them. */
	st_region *ro = st_op_region(other, 0);
	st_value *arg = st_block_add_arg(b[3], i32_of(ctx), NULL);
	st_op *use = mk_op(ctx, "t.use", 1, &arg, 0, NULL);
	st_block_append_op(b[1], use); /* uses an argument of a later block */
	st_op_state br = {.name = st_str_c("t.br"), .nsuccessors = 2, .successors = (st_block *[]){b[3], b[1]}};
	st_block_append_op(b[3], st_op_create(ctx, &br));
	st_region_clear(ro);
	CHECK(st_region_is_empty(ro) && st_region_num_blocks(ro) == 0);
	/* The cleared region can be refilled. */
	st_block *nb = st_block_create(ctx);
	st_region_append_block(ro, nb);
	CHECK(st_region_num_blocks(ro) == 1);
	st_op_destroy(other);
	st_op_destroy(op);
	st_context_destroy(ctx);
}

static void test_split(void) {
	st_context *ctx = new_ctx();
	st_op *holder = mk_op_regions(ctx, "t.h", 0, NULL, 0, NULL, 1);
	st_region *r = st_op_region(holder, 0);
	st_block *b = st_block_create(ctx), *after = st_block_create(ctx);
	st_region_append_block(r, b);
	st_region_append_block(r, after);
	st_op *ops[6];
	for (int i = 0; i < 6; i++) {
		ops[i] = mk_op(ctx, "t.o", 0, NULL, 0, NULL);
		st_block_append_op(b, ops[i]);
	}
	CHECK(st_op_is_before_in_block(ops[0], ops[5]));
	/* Split in the middle: the new block comes right after b. */
	st_block *nb = st_block_split(b, ops[3]);
	CHECK(nb && st_block_next(b) == nb && st_block_next(nb) == after && st_block_parent_region(nb) == r);
	CHECK(nops_in(b) == 3 && nops_in(nb) == 3 && ops_owned(b) && ops_owned(nb));
	CHECK(st_block_last_op(b) == ops[2] && st_block_first_op(nb) == ops[3] && st_op_prev(ops[3]) == NULL);
	CHECK(st_op_next(ops[2]) == NULL && st_block_last_op(nb) == ops[5]);
	CHECK(st_op_is_before_in_block(ops[3], ops[4]) && st_op_is_before_in_block(ops[0], ops[2]));
	CHECK(st_region_num_blocks(r) == 3);
	/* Split the last block before its first op: everything moves. */
	st_block *nb2 = st_block_split(nb, ops[3]);
	CHECK(st_block_is_empty(nb) && nops_in(nb2) == 3 && ops_owned(nb2) && st_block_next(nb) == nb2);
	CHECK(st_block_first_op(nb) == NULL && st_block_last_op(nb) == NULL);
	/* Split with no op: an empty block after. */
	st_block *nb3 = st_block_split(nb2, NULL);
	CHECK(st_block_is_empty(nb3) && st_block_next(nb2) == nb3 && st_block_next(nb3) == after);
	CHECK(st_region_num_blocks(r) == 5);
	/* Split at the last op. */
	st_block *nb4 = st_block_split(nb2, ops[5]);
	CHECK(nops_in(nb2) == 2 && nops_in(nb4) == 1 && st_block_last_op(nb2) == ops[4] && ops_owned(nb4));
	/* Appending after a split keeps the order queries right. */
	st_op *tail = mk_op(ctx, "t.o", 0, NULL, 0, NULL);
	st_block_append_op(nb2, tail);
	CHECK(st_op_is_before_in_block(ops[3], tail) && st_op_is_before_in_block(ops[4], tail));
	/* A detached block splits into a detached block. */
	st_block *lone = st_block_create(ctx);
	st_op *l0 = mk_op(ctx, "t.o", 0, NULL, 0, NULL), *l1 = mk_op(ctx, "t.o", 0, NULL, 0, NULL);
	st_block_append_op(lone, l0);
	st_block_append_op(lone, l1);
	st_block *lone2 = st_block_split(lone, l1);
	CHECK(st_block_parent_region(lone2) == NULL && st_block_first_op(lone2) == l1 && st_block_last_op(lone) == l0);
	st_block_destroy(lone);
	st_block_destroy(lone2);
	st_op_destroy(holder);
	st_context_destroy(ctx);
}

/* ---------------------------------------------------------- verification */

/* Builds `func.func @f(i32) -> i32` with an empty entry block. */
static st_op *make_func(st_context *ctx, st_block **entry) {
	st_type *i32 = i32_of(ctx);
	st_named_attr na[2] = {
		{st_ident_get_c(ctx, "sym_name"), st_string_attr(ctx, st_str_c("f"))},
		{st_ident_get_c(ctx, "function_type"), st_type_attr(ctx, st_function_type(ctx, 1, &i32, 1, &i32))},
	};
	st_op_state s = {.name = st_str_c("func.func"), .attrs = st_dict_attr(ctx, 2, na), .nregions = 1};
	st_op *f = st_op_create(ctx, &s);
	*entry = st_block_create(ctx);
	st_block_add_arg(*entry, i32, NULL);
	st_region_append_block(st_op_region(f, 0), *entry);
	return f;
}

static st_op *ret_of(st_context *ctx, st_value *v) { return mk_op(ctx, "func.return", 1, &v, 0, NULL); }

static st_op *add_of(st_context *ctx, st_value *a, st_value *b) {
	st_type *i32 = i32_of(ctx);
	return mk_op(ctx, "t.add", 2, (st_value *[]){a, b}, 1, &i32);
}

static void test_verify(void) {
	st_context *ctx = new_ctx();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	st_block *entry;
	st_op *f = make_func(ctx, &entry);
	st_value *x = st_block_arg(entry, 0);

	/* An empty body block has no terminator. */
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("empty block", sbuf_str(&ds.text), "empty block: expect at least a terminator");

	/* A registered non-terminator last. */
	diag_sink_reset(&ds);
	st_op *cast = mk_op(ctx, "builtin.unrealized_conversion_cast", 1, &x, 1, (st_type *[]){i32_of(ctx)});
	st_block_append_op(entry, cast);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("no terminator", sbuf_str(&ds.text), "block with no terminator, has 'builtin.unrealized_conversion_cast'");

	/* With a terminator it verifies. */
	st_op_erase(cast);
	st_op *a1 = add_of(ctx, x, x);
	st_op *a2 = add_of(ctx, st_op_result(a1, 0), x);
	st_block_append_op(entry, a1);
	st_block_append_op(entry, a2);
	st_block_append_op(entry, ret_of(ctx, st_op_result(a2, 0)));
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_verify(f)));
	CHECK(ds.count == 0);

	/* Use before definition in one block. */
	st_op_move_before(a2, a1);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("dominance", sbuf_str(&ds.text), "error: operand #0 does not dominate this use");
	CHECK_CONTAINS("dominance note", sbuf_str(&ds.text), "note: operand defined here (op in the same block)");
	CHECK(ds.nnotes == 1);
	st_op_move_after(a2, a1);
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_verify(f)));

	/* Across blocks: entry branches to ^b1 or ^b2; a value defined in ^b1
	 * is used in ^b3 (reached from both): ^b1 does not dominate ^b3. */
	st_op_erase(st_block_last_op(entry)); /* the return */
	st_region *body = st_op_region(f, 0);
	st_block *b1 = st_block_create(ctx), *b2 = st_block_create(ctx), *b3 = st_block_create(ctx);
	st_region_append_block(body, b1);
	st_region_append_block(body, b2);
	st_region_append_block(body, b3);
	st_op *cond = mk_op(ctx, "t.cond", 0, NULL, 1, (st_type *[]){st_integer_type(ctx, 1, ST_SIGNLESS)});
	st_block_append_op(entry, cond);
	st_op_state cb = {.name = st_str_c("cf.cond_br"),
	                  .noperands = 1,
	                  .operands = (st_value *[]){st_op_result(cond, 0)},
	                  .nsuccessors = 2,
	                  .successors = (st_block *[]){b1, b2}};
	st_op *cbr = st_op_create(ctx, &cb);
	st_op_set_attr(cbr, "operandSegmentSizes", st_dense_int_array_attr(ctx, i32_of(ctx), 3, (int64_t[]){1, 0, 0}));
	st_block_append_op(entry, cbr);
	st_op *inb1 = add_of(ctx, x, x);
	st_block_append_op(b1, inb1);
	st_op_state br3 = {.name = st_str_c("cf.br"), .nsuccessors = 1, .successors = &b3};
	st_block_append_op(b1, st_op_create(ctx, &br3));
	st_block_append_op(b2, st_op_create(ctx, &br3));
	st_op *ret3 = ret_of(ctx, st_op_result(inb1, 0));
	st_block_append_op(b3, ret3);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("cross-block dominance", sbuf_str(&ds.text), "error: operand #0 does not dominate this use");
	CHECK_CONTAINS("cross-block note", sbuf_str(&ds.text), "note: operand defined here (op in the same region)");
	/* Returning the entry block's value is fine: the entry dominates all. */
	st_op_set_operand(ret3, 0, st_op_result(a2, 0));
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_verify(f)));
	CHECK(ds.count == 0);
	/* A use in an unreachable block is not checked... */
	st_block *dead = st_block_create(ctx);
	st_region_append_block(body, dead);
	st_op *deaduse = add_of(ctx, st_op_result(inb1, 0), x);
	st_block_append_op(dead, deaduse);
	st_block_append_op(dead, ret_of(ctx, x));
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_verify(f)));
	st_block_remove(dead);
	st_block_destroy(dead);

	/* A terminator in the middle of a block. */
	st_op *midret = ret_of(ctx, x);
	st_block_insert_op_before(entry, cbr, midret);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("mid terminator", sbuf_str(&ds.text), "must be the last operation in the parent block");
	st_op_erase(midret);

	/* A branch to the entry block. */
	st_op_set_successor(st_block_last_op(b2), 0, entry);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("entry preds", sbuf_str(&ds.text), "entry block of region may not have predecessors");
	st_op_set_successor(st_block_last_op(b2), 0, b3);

	/* A successor in another region. */
	st_op *wrap = mk_op_regions(ctx, "t.wrap", 0, NULL, 0, NULL, 1);
	st_block *wb = st_block_create(ctx);
	st_region_append_block(st_op_region(wrap, 0), wb);
	st_op_state brx = {.name = st_str_c("cf.br"), .nsuccessors = 1, .successors = &b3};
	st_op *badbr = st_op_create(ctx, &brx);
	st_block_append_op(wb, badbr);
	st_block_insert_op_before(b1, st_block_last_op(b1), wrap);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("other region", sbuf_str(&ds.text), "'cf.br' op branching to block of a different region");
	st_op_erase(wrap);
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_verify(f)));

	/* An op using its own result in an SSA-CFG region. */
	st_op *selfuse = add_of(ctx, x, x);
	st_block_insert_op_before(entry, cond, selfuse);
	st_op_set_operand(selfuse, 1, st_op_result(selfuse, 0));
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("self use", sbuf_str(&ds.text), "operand #1 does not dominate this use");
	st_op_erase_operands(selfuse, 1, 1);
	st_op_erase(selfuse);

	/* Unregistered ops need allow-unregistered. */
	st_context_set_allow_unregistered(ctx, false);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(f)));
	CHECK_CONTAINS("unregistered", sbuf_str(&ds.text), "'t.add' op created with unregistered dialect");
	st_context_set_allow_unregistered(ctx, true);

	/* Graph regions (builtin.module's body) are order-free: a cycle of ops
	 * at module level verifies. */
	st_op *mod = parse(ctx, "module {}");
	st_block *mb = module_body(mod);
	st_op *g1 = add_of(ctx, x, x), *g2 = add_of(ctx, x, x);
	st_block_append_op(mb, g1);
	st_block_append_op(mb, g2);
	st_op_set_operand(g1, 0, st_op_result(g2, 0));
	st_op_set_operand(g1, 1, st_op_result(g1, 0));
	st_op_set_operand(g2, 0, st_op_result(g1, 0));
	st_op_set_operand(g2, 1, st_op_result(g2, 0));
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_verify(mod)));
	CHECK(ds.count == 0);
	/* The func in the module: still checked (and the isolation of func.func
	 * is checked too: it may not use x... it owns x). */
	st_block_append_op(mb, f);
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_verify(mod)));
	/* A function using a module-level value breaks isolation. */
	st_op *leak = add_of(ctx, st_op_result(g1, 0), st_op_result(g1, 0));
	st_block_prepend_op(b3, leak);
	diag_sink_reset(&ds);
	CHECK(st_failed(st_verify(mod)));
	CHECK_CONTAINS("isolation", sbuf_str(&ds.text), "using value defined outside the region");
	st_op_erase(leak);
	/* Break the cycle before destroying (results must be unused). */
	st_op_set_operands(g1, 0, NULL);
	st_op_set_operands(g2, 0, NULL);
	st_op_destroy(mod);
	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

/* Parsed IR with a forward reference across blocks verifies, and the
 * dominance error of the same text without the dominating path is
 * reported with a caret. */
static void test_verify_parsed(void) {
	st_context *ctx = new_ctx();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	const char *ok_src = "func.func @f(%a: i32) -> i32 {\n"
	                     "  cf.br ^bb2\n"
	                     "^bb1:\n"
	                     "  %y = \"t.add\"(%x, %x) : (i32, i32) -> i32\n"
	                     "  return %y : i32\n"
	                     "^bb2:\n"
	                     "  %x = \"t.add\"(%a, %a) : (i32, i32) -> i32\n"
	                     "  cf.br ^bb1\n"
	                     "}\n";
	st_op *m = parse(ctx, ok_src);
	CHECK(m && st_succeeded(st_verify(m)));
	CHECK(ds.count == 0);
	st_op_destroy(m);
	const char *bad_src = "func.func @f(%a: i32) -> i32 {\n"
	                      "  cf.br ^bb1\n"
	                      "^bb1:\n"
	                      "  %y = \"t.add\"(%x, %x) : (i32, i32) -> i32\n"
	                      "  return %y : i32\n"
	                      "^bb2:\n"
	                      "  %x = \"t.add\"(%a, %a) : (i32, i32) -> i32\n"
	                      "  cf.br ^bb1\n"
	                      "}\n";
	m = parse(ctx, bad_src);
	CHECK(m && st_failed(st_verify(m)));
	CHECK_CONTAINS("parsed dominance", sbuf_str(&ds.text),
	               "test.mlir:4:8: error: operand #0 does not dominate this use\n"
	               "  %y = \"t.add\"(%x, %x) : (i32, i32) -> i32\n"
	               "       ^\n");
	CHECK_CONTAINS("parsed dominance note", sbuf_str(&ds.text), "test.mlir:7:8: note: operand defined here");
	st_op_destroy(m);
	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

int main(void) {
	test_block_basics();
	test_region_lists();
	test_split();
	test_verify();
	test_verify_parsed();
	return test_summary();
}
