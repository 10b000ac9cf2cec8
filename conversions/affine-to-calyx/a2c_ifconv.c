/* If-conversion of a loop about to be pipelined (st__a2c_pipeline.c): the
 * modulo schedule has no branches, so an scf.if in the body becomes its
 * branches' ops run every iteration, an arith.select per result, and each
 * store of a branch a predicated store (an scf.if holding only that store,
 * which the schedule runs as a store whose write enable is also guarded by
 * the condition), or, when each branch stores once to a memory at the same
 * indices, one store of a select.  Running a branch that is not taken is
 * harmless in hardware: arith does not trap (a divider by zero gives 0),
 * a load only reads (the eligibility check refuses a memory both loaded
 * and stored in the loop), and the select drops what it computed.  Plain
 * code keeps its ifs: there the untaken branch costs no cycle. */
#include "a2c.h"

#define MAX_PAIRS 16

bool st__a2c_pred_store(st_op *op) {
	if (strcmp(st_op_name_cstr(op), "scf.if") || st_op_num_results(op) || st_op_num_regions(op) != 2)
		return false;
	st_region *e = st_op_region(op, 1), *t = st_op_region(op, 0);
	if (!st_region_is_empty(e) && st_block_first_op(st_region_first_block(e)) !=
	                                  st_block_terminator(st_region_first_block(e)))
		return false;
	st_op *s = st_region_is_empty(t) ? NULL : st_block_first_op(st_region_first_block(t));
	return s && !strcmp(st_op_name_cstr(s), "memref.store") && st_op_next(s) &&
	       !strcmp(st_op_name_cstr(st_op_next(s)), "scf.yield") && !st_op_next(st_op_next(s));
}

/* `op`, just created (detached), placed before `at`. */
static st_op *put(st_op *op, st_op *at) {
	if (op)
		st_block_insert_op_before(st_op_block(at), at, op);
	return op;
}

static st_value *make(st__a2c_comp *c, st_op *at, const char *name, size_t n, st_value *const *ops, st_type *t,
                      st_attr *attrs) {
	st_op *op = put(st__a2c_create(c, name, st_op_loc(at), n, ops, 1, &t, attrs, 0), at);
	return op ? st_op_result(op, 0) : NULL;
}

/* `store`, still in place, wrapped in `scf.if %p { store }`. */
static bool predicate(st__a2c_comp *c, st_op *store, st_value *p) {
	st_op *w = put(st__a2c_create(c, "scf.if", st_op_loc(store), 1, &p, 0, NULL, NULL, 2), store);
	st_block *b = w ? st__a2c_region_block(c, w, 0) : NULL;
	st_op *y = b ? st__a2c_create(c, "scf.yield", st_op_loc(store), 0, NULL, 0, NULL, NULL, 0) : NULL;
	if (!y)
		return false;
	st_op_remove(store);
	st_block_append_op(b, store);
	st_block_append_op(b, y);
	return true;
}

/* Stores to `mem` in `b` and the ifs inside it. */
static size_t stores_to(st_block *b, st_value *mem) {
	size_t n = 0;
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (!strcmp(st_op_name_cstr(op), "memref.store"))
			n += st_op_operand(op, 1) == mem;
		for (size_t r = 0; r < st_op_num_regions(op); r++)
			if (!st_region_is_empty(st_op_region(op, r)))
				n += stores_to(st_region_first_block(st_op_region(op, r)), mem);
	}
	return n;
}

static bool same_place(st_op *a, st_op *b) {
	if (st_op_num_operands(a) != st_op_num_operands(b))
		return false;
	for (size_t i = 1; i < st_op_num_operands(a); i++)
		if (st_op_operand(a, i) != st_op_operand(b, i))
			return false;
	return true;
}

/* Pairs of stores, one in each branch, that become one store of a select
 * (no port slot for the second): each its branch's only store to the
 * memory, both at the same indices.  At most MAX_PAIRS; returns the count. */
static size_t pairs_of(st_block *tb, st_block *eb, st_op **pt, st_op **pe) {
	size_t n = 0;
	for (st_op *a = st_block_first_op(tb); eb && a && n < MAX_PAIRS; a = st_op_next(a)) {
		if (strcmp(st_op_name_cstr(a), "memref.store"))
			continue;
		st_value *mem = st_op_operand(a, 1);
		if (stores_to(tb, mem) != 1 || stores_to(eb, mem) != 1)
			continue;
		for (st_op *b = st_block_first_op(eb); b; b = st_op_next(b))
			if (!strcmp(st_op_name_cstr(b), "memref.store") && st_op_operand(b, 1) == mem && same_place(a, b))
				pt[n] = a, pe[n++] = b;
	}
	return n;
}

static bool among(st_op *op, st_op *const *ops, size_t n) {
	for (size_t i = 0; i < n; i++)
		if (ops[i] == op)
			return true;
	return false;
}

/* Moves the ops of branch `b` (its nested ifs converted) before `at`,
 * predicating its stores on `p` (not those in keep[0, nkeep)). */
static bool hoist(st__a2c_comp *c, st_block *b, st_op *at, st_value *p, st_op *const *keep, size_t nkeep) {
	if (!st__a2c_if_convert(c, b))
		return false;
	st_op *term = st_block_terminator(b);
	for (st_op *op = st_block_first_op(b), *next; op && op != term; op = next) {
		next = st_op_next(op);
		st_op_remove(op);
		st_block_insert_op_before(st_op_block(at), at, op);
		if (!strcmp(st_op_name_cstr(op), "memref.store") && !among(op, keep, nkeep)) {
			if (!predicate(c, op, p))
				return false;
		} else if (st__a2c_pred_store(op)) {
			st_value *both[] = {p, st_op_operand(op, 0)};
			st_value *a = make(c, op, "arith.andi", 2, both, st__a2c_int(c, 1), NULL);
			if (!a)
				return false;
			st_op_set_operand(op, 0, a);
		}
	}
	return true;
}

static bool convert(st__a2c_comp *c, st_op *ifop) {
	st_context *ctx = c->ctx;
	st_value *cond = st_op_operand(ifop, 0), *notc = NULL;
	st_region *er = st_op_region(ifop, 1);
	st_block *tb = st_region_first_block(st_op_region(ifop, 0));
	st_block *eb = st_region_is_empty(er) ? NULL : st_region_first_block(er);
	if (eb && st_block_first_op(eb) == st_block_terminator(eb) && !st_op_num_results(ifop))
		eb = NULL; /* nothing to run or select */
	if (eb) {
		st_type *i1 = st__a2c_int(c, 1);
		const char *vn[] = {"value"};
		st_attr *vv[] = {st_integer_attr(ctx, i1, 1)};
		st_value *one = make(c, ifop, "arith.constant", 0, NULL, i1, st__a2c_named(c, 1, vn, vv));
		st_value *ops[] = {cond, one};
		notc = one ? make(c, ifop, "arith.xori", 2, ops, i1, NULL) : NULL;
		if (!notc)
			return false;
	}
	st_op *pt[MAX_PAIRS] = {0}, *pe[MAX_PAIRS] = {0};
	size_t np = pairs_of(tb, eb, pt, pe);
	if (!hoist(c, tb, ifop, cond, pt, np) || (eb && !hoist(c, eb, ifop, notc, pe, np)))
		return false;
	/* the else store comes later: it stores the select, in place of both */
	for (size_t i = 0; i < np; i++) {
		st_value *ops[] = {cond, st_op_operand(pt[i], 0), st_op_operand(pe[i], 0)};
		st_value *v = make(c, pe[i], "arith.select", 3, ops, st_value_type(ops[1]), NULL);
		if (!v)
			return false;
		st_op_set_operand(pe[i], 0, v);
		st_op_erase(pt[i]);
	}
	st_op *ty = st_block_terminator(tb), *ey = eb ? st_block_terminator(eb) : NULL;
	for (size_t i = 0; i < st_op_num_results(ifop); i++) {
		st_value *r = st_op_result(ifop, i);
		st_value *ops[] = {cond, st_op_operand(ty, i), st_op_operand(ey, i)};
		st_value *s = make(c, ifop, "arith.select", 3, ops, st_value_type(r), NULL);
		if (!s)
			return false;
		st_value_replace_all_uses(r, s);
	}
	st_op_erase(ifop);
	return true;
}

bool st__a2c_if_convert(st__a2c_comp *c, st_block *b) {
	for (st_op *op = st_block_first_op(b), *next; op; op = next) {
		next = st_op_next(op);
		if (!strcmp(st_op_name_cstr(op), "scf.if") && !st__a2c_pred_store(op) && !convert(c, op))
			return false;
	}
	return true;
}
