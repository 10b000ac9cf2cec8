/* convert-srdfg-to-affine: each srdfg.graph becomes a func.func over memrefs
 * with affine loops (docs/dialects/srdfg.md, "Lowering").  Nodes are
 * inlined (the lowering works at the scalar granularity); an array edge
 * becomes a buffer: srdfg.init a zero-filled memref.alloc, srdfg.compute a
 * new buffer holding a copy of its init edge and a loop nest storing the
 * body's value at the statement's map, so that every SSA edge keeps its
 * contents exactly as the interpreter's srdfg semantics say; a statement
 * whose init edge nothing reads afterwards writes into that buffer instead
 * (in_place).  A reduction
 * is a loop nest carrying its accumulator in iter_args (a user reduction
 * also a "no element yet" flag), combining in the same order and with the
 * same comparisons as the interpreter, so both agree bit for bit.
 * srdfg.return copies the final values into the argument buffers (state
 * persists across calls), frees the buffers and returns the arguments. */
#include "strata/affine.h"
#include "strata/pass.h"
#include "strata/conversions/srdfg_to_affine.h"

#include "strata/srdfg.h"

#include <math.h>
#include <string.h>

#define MAX_IDX 16

typedef struct lower {
	st_context *ctx;
	st_value_map *map;
	st_value **allocs;
	size_t nallocs, cap;
	bool failed;
} lower;

static bool is(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static st_value *get(lower *L, st_value *v) { return st_value_map_lookup_or_self(L->map, v); }

static st_attr *dict(lower *L, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr e[4];
	for (size_t i = 0; i < n; i++)
		e[i] = (st_named_attr){st_ident_get_c(L->ctx, names[i]), vals[i]};
	return st_dict_attr(L->ctx, n, e);
}

static st_op *emit(lower *L, st_block *b, const char *name, size_t nops, st_value *const *ops, size_t nres,
                   st_type *const *types, st_attr *attrs, size_t nregions, st_attr *loc) {
	st_op_state s = {.name = st_str_c(name), .loc = loc, .noperands = nops, .operands = ops, .nresults = nres,
	                 .result_types = types, .attrs = attrs, .nregions = nregions};
	st_op *op = st_op_create(L->ctx, &s);
	if (!op) {
		L->failed = true;
		return NULL;
	}
	st_block_append_op(b, op);
	return op;
}

static st_value *res0(st_op *op) { return op ? st_op_result(op, 0) : NULL; }

static st_value *constant(lower *L, st_block *b, st_attr *value, st_attr *loc) {
	const char *n[] = {"value"};
	st_type *t = st_attr_type(value);
	return res0(emit(L, b, "arith.constant", 0, NULL, 1, &t, dict(L, 1, n, &value), 0, loc));
}

static st_value *zero(lower *L, st_block *b, st_type *t, st_attr *loc) {
	return constant(L, b, st_type_is_float(t) ? st_float_attr(L->ctx, t, 0.0) : st_integer_attr(L->ctx, t, 0), loc);
}

static st_value *binop(lower *L, st_block *b, const char *name, st_value *x, st_value *y, st_attr *loc) {
	st_value *ops[2] = {x, y};
	st_type *t = st_value_type(x);
	return res0(emit(L, b, name, 2, ops, 1, &t, NULL, 0, loc));
}

static st_value *select3(lower *L, st_block *b, st_value *c, st_value *x, st_value *y, st_attr *loc) {
	st_value *ops[3] = {c, x, y};
	st_type *t = st_value_type(x);
	return res0(emit(L, b, "arith.select", 3, ops, 1, &t, NULL, 0, loc));
}

/* `x pred y` with arith's predicate numbers. */
static st_value *compare(lower *L, st_block *b, int64_t pred, st_value *x, st_value *y, st_attr *loc) {
	st_value *ops[2] = {x, y};
	st_type *i1 = st_integer_type(L->ctx, 1, ST_SIGNLESS);
	st_attr *p = st_integer_attr(L->ctx, st_integer_type(L->ctx, 64, ST_SIGNLESS), pred);
	const char *n[] = {"predicate"};
	bool fl = st_type_is_float(st_value_type(x));
	return res0(emit(L, b, fl ? "arith.cmpf" : "arith.cmpi", 2, ops, 1, &i1, dict(L, 1, n, &p), 0, loc));
}

static st_value *alloc(lower *L, st_block *b, st_type *memref, st_attr *loc) {
	const char *n[] = {"operandSegmentSizes"};
	st_attr *a = st_dense_int_array_attr(L->ctx, st_integer_type(L->ctx, 32, ST_SIGNLESS), 2, (const int64_t[]){0, 0});
	st_value *v = res0(emit(L, b, "memref.alloc", 0, NULL, 1, &memref, dict(L, 1, n, &a), 0, loc));
	if (v && st_ctx_grow(L->ctx, (void **)&L->allocs, &L->cap, NULL, sizeof *L->allocs, L->nallocs + 1))
		L->allocs[L->nallocs++] = v;
	else
		L->failed = true;
	return v;
}

/* affine.for %iv = lb to ub + 1 with iter_args `inits`; its body block has
 * no terminator yet. */
static st_op *loop(lower *L, st_block *b, int64_t lb, int64_t ub, size_t n, st_value *const *inits, st_attr *loc) {
	st_context *ctx = L->ctx;
	st_type *types[4];
	for (size_t i = 0; i < n; i++)
		types[i] = st_value_type(inits[i]);
	st_attr *vals[3] = {st_affine_map_attr(ctx, st_affine_map_constant(ctx, lb)), st_integer_attr(ctx, st_index_type(ctx), 1),
	                    st_affine_map_attr(ctx, st_affine_map_constant(ctx, ub + 1))};
	const char *names[] = {"lowerBoundMap", "step", "upperBoundMap"};
	st_op *op = emit(L, b, "affine.for", n, inits, n, types, dict(L, 3, names, vals), 1, loc);
	if (!op)
		return NULL;
	st_block *body = st_block_create(ctx);
	st_region_append_block(st_op_region(op, 0), body);
	st_block_add_arg(body, st_index_type(ctx), loc);
	for (size_t i = 0; i < n; i++)
		st_block_add_arg(body, types[i], loc);
	return op;
}

static st_block *body_of(st_op *op) { return st_region_first_block(st_op_region(op, 0)); }

static void lower_block(lower *L, st_block *src, st_block *dst);

/* The ops of `src` but its terminator, into `dst`; returns the terminator. */
static st_op *inline_block(lower *L, st_block *src, st_block *dst) {
	lower_block(L, src, dst);
	return st_block_terminator(src);
}

static bool edge_rank(st_type *t) { return st_type_get_kind(st_srdfg_edge_value(t)) == ST_TYPE_RANKED_TENSOR; }

/* A nest of affine.for over [lb[i], ub[i]] (inclusive) whose outer loops
 * end in affine.yield; the innermost body is left open.  NULL on failure. */
static st_block *nest(lower *L, st_block *dst, size_t n, const int64_t *lb, const int64_t *ub, st_value **ivs,
                      st_attr *loc) {
	st_block *cur = dst;
	for (size_t i = 0; i < n; i++) {
		st_op *f = loop(L, cur, lb[i], ub[i], 0, NULL, loc);
		if (!f)
			return NULL;
		if (cur != dst)
			emit(L, cur, "affine.yield", 0, NULL, 0, NULL, NULL, 0, loc);
		cur = body_of(f);
		ivs[i] = st_block_arg(cur, 0);
	}
	return L->failed ? NULL : cur;
}

/* Stores `v` at `map(ivs)` of `buf` in the innermost body `cur`, and closes
 * that body when it is a loop's. */
static void store_close(lower *L, st_block *cur, st_value *v, st_value *buf, size_t n, st_value *const *ivs,
                        st_attr *map, bool close, st_attr *loc) {
	st_value *ops[2 + MAX_IDX] = {v, buf};
	for (size_t i = 0; i < n; i++)
		ops[2 + i] = ivs[i];
	const char *names[] = {"map"};
	emit(L, cur, "affine.store", 2 + n, ops, 0, NULL, dict(L, 1, names, &map), 0, loc);
	if (close)
		emit(L, cur, "affine.yield", 0, NULL, 0, NULL, NULL, 0, loc);
}

/* Whether statement `op` may write into its init edge's buffer instead of
 * a copy: the buffer is its own (a local or statement result of the same
 * block, or an output or state argument of the graph it is directly in),
 * every other read of the init edge comes before the statement, and the
 * statement reads the init edge only at the point it writes (so every
 * point still sees the value from before the statement). */
static bool in_place(st_op *op) {
	st_value *e = st_op_operand(op, 0);
	st_block *blk = st_op_block(op), *body = body_of(op);
	st_op *def = st_value_defining_op(e);
	if (def ? st_op_block(def) != blk || !(is(def, "srdfg.init") || is(def, "srdfg.compute"))
	        : st_value_owner_block(e) != blk || !is(st_block_parent_op(blk), "srdfg.graph") ||
	              (st_srdfg_edge_mod(st_value_type(e)) != ST_SRDFG_OUTPUT &&
	               st_srdfg_edge_mod(st_value_type(e)) != ST_SRDFG_STATE))
		return false;
	for (st_use *u = st_value_first_use(e); u; u = st_use_next(u)) {
		st_op *user = st_use_owner(u), *a = user;
		while (a && st_op_block(a) != blk)
			a = st_block_parent_op(st_op_block(a));
		if (!a)
			return false;
		if (a == op) {
			if (user == op)
				continue;
			/* A read in the body: at the written point only. */
			if (!is(user, "srdfg.load") || st_op_get_attr(user, "map") != st_op_get_attr(op, "map") ||
			    st_op_num_operands(user) != 1 + st_block_num_args(body))
				return false;
			for (size_t i = 0; i < st_block_num_args(body); i++)
				if (st_op_operand(user, 1 + i) != st_block_arg(body, i))
					return false;
			continue;
		}
		/* The argument a return writes to is not a read. */
		if (is(user, "srdfg.return") && st_use_operand_index(u) >= st_op_num_operands(user) / 2)
			continue;
		if (!st_op_is_before_in_block(a, op))
			return false;
	}
	return true;
}

static void lower_compute(lower *L, st_op *op, st_block *dst) {
	st_type *t = st_value_type(st_op_result(op, 0));
	st_block *body = body_of(op);
	st_attr *loc = st_op_loc(op);
	if (!edge_rank(t)) {
		st_op *y = inline_block(L, body, dst);
		st_value_map_add(L->map, st_op_result(op, 0), get(L, st_op_operand(y, 0)));
		return;
	}
	st_value *buf = get(L, st_op_operand(op, 0));
	if (!in_place(op)) {
		st_value *cp[2] = {buf, alloc(L, dst, st_srdfg_edge_memref(L->ctx, t), loc)};
		emit(L, dst, "memref.copy", 2, cp, 0, NULL, NULL, 0, loc);
		buf = cp[1];
	}
	size_t n = st_srdfg_box_rank(op);
	int64_t lb[MAX_IDX] = {0}, ub[MAX_IDX] = {0};
	for (size_t i = 0; i < n && i < MAX_IDX; i++) {
		lb[i] = st_srdfg_box_lb(op, i);
		ub[i] = st_srdfg_box_ub(op, i);
	}
	st_value *ivs[MAX_IDX];
	st_block *cur = nest(L, dst, n, lb, ub, ivs, loc);
	if (!cur)
		return;
	for (size_t i = 0; i < n; i++)
		st_value_map_add(L->map, st_block_arg(body, i), ivs[i]);
	st_op *y = inline_block(L, body, cur);
	store_close(L, cur, get(L, st_op_operand(y, 0)), buf, n, ivs, st_op_get_attr(op, "map"), n > 0, loc);
	st_value_map_add(L->map, st_op_result(op, 0), buf);
}

/* The identity of a built-in reduction, as the interpreter's. */
static st_value *identity(lower *L, st_block *b, st_str kind, st_type *t, st_attr *loc) {
	st_context *ctx = L->ctx;
	bool prod = st_str_eq_c(kind, "prod"), max = st_str_eq_c(kind, "max"), min = st_str_eq_c(kind, "min");
	if (st_type_is_float(t))
		return constant(L, b, st_float_attr(ctx, t, prod ? 1.0 : max ? -INFINITY : min ? INFINITY : 0.0), loc);
	unsigned w = st_type_int_width(t);
	int64_t lo = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1)), hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
	return constant(L, b, st_integer_attr(ctx, t, prod ? 1 : max ? lo : min ? hi : 0), loc);
}

static void lower_reduce(lower *L, st_op *op, st_block *dst) {
	st_context *ctx = L->ctx;
	st_attr *loc = st_op_loc(op);
	st_type *t = st_value_type(st_op_result(op, 0));
	st_str kind = st_srdfg_reduce_kind(op);
	bool user = !st_region_is_empty(st_op_region(op, 1));
	/* argmax/argmin carry the best element and its position (an i32). */
	bool arg = !user && (st_str_eq_c(kind, "argmax") || st_str_eq_c(kind, "argmin"));
	if (arg) {
		kind = st_str_c(st_str_eq_c(kind, "argmax") ? "max" : "min");
		t = st_value_type(st_op_operand(st_block_terminator(body_of(op)), 0));
	}
	bool fl = st_type_is_float(t);
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS), *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_value *inits[2] = {user ? zero(L, dst, t, loc) : identity(L, dst, kind, t, loc), NULL};
	size_t ninit = 1;
	if (user || arg) {
		inits[1] = user ? constant(L, dst, st_integer_attr(ctx, i1, 1), loc)
		                : constant(L, dst, st_integer_attr(ctx, i32, st_srdfg_box_lb(op, 0)), loc);
		ninit = 2;
	}
	size_t n = st_srdfg_box_rank(op);
	st_block *body = body_of(op), *cur = dst;
	st_op *loops[MAX_IDX];
	st_value *acc[2] = {inits[0], inits[1]};
	for (size_t i = 0; i < n && !L->failed; i++) {
		loops[i] = loop(L, cur, st_srdfg_box_lb(op, i), st_srdfg_box_ub(op, i), ninit, acc, loc);
		if (!loops[i])
			return;
		cur = body_of(loops[i]);
		st_value_map_add(L->map, st_block_arg(body, i), st_block_arg(cur, 0));
		for (size_t k = 0; k < ninit; k++)
			acc[k] = st_block_arg(cur, 1 + k);
	}
	if (L->failed)
		return;
	st_op *y = inline_block(L, body, cur);
	st_value *v = get(L, st_op_operand(y, 0));
	st_value *keep = st_op_num_operands(y) == 2 ? get(L, st_op_operand(y, 1)) : NULL;
	st_value *next[2];
	if (arg) {
		/* The first strictly better element wins, as in the interpreter. */
		st_value *better = compare(L, cur, st_str_eq_c(kind, "max") ? (fl ? 2 : 4) : (fl ? 4 : 2), v, acc[0], loc);
		if (keep)
			better = binop(L, cur, "arith.andi", keep, better, loc);
		st_value *iv = st_block_arg(body_of(loops[0]), 0);
		st_value *pos = res0(emit(L, cur, "arith.index_cast", 1, &iv, 1, &i32, NULL, 0, loc));
		next[0] = select3(L, cur, better, v, acc[0], loc);
		next[1] = select3(L, cur, better, pos, acc[1], loc);
		keep = NULL;
	} else if (!user) {
		if (st_str_eq_c(kind, "sum"))
			next[0] = binop(L, cur, fl ? "arith.addf" : "arith.addi", acc[0], v, loc);
		else if (st_str_eq_c(kind, "prod"))
			next[0] = binop(L, cur, fl ? "arith.mulf" : "arith.muli", acc[0], v, loc);
		else /* max: v > acc (ogt / sgt); min: v < acc (olt / slt) */
			next[0] = select3(L, cur,
			                  compare(L, cur, st_str_eq_c(kind, "max") ? (fl ? 2 : 4) : (fl ? 4 : 2), v, acc[0], loc), v,
			                  acc[0], loc);
	} else {
		st_block *cb = st_region_first_block(st_op_region(op, 1));
		st_value_map_add(L->map, st_block_arg(cb, 0), acc[0]);
		st_value_map_add(L->map, st_block_arg(cb, 1), v);
		st_op *cy = inline_block(L, cb, cur);
		next[0] = select3(L, cur, acc[1], v, get(L, st_op_operand(cy, 0)), loc);
		next[1] = constant(L, cur, st_integer_attr(ctx, i1, 0), loc);
	}
	if (keep) {
		next[0] = select3(L, cur, keep, next[0], acc[0], loc);
		if (user)
			next[1] = select3(L, cur, keep, next[1], acc[1], loc);
	}
	if (!n) {
		st_value_map_add(L->map, st_op_result(op, 0), next[0]);
		return;
	}
	emit(L, cur, "affine.yield", ninit, next, 0, NULL, NULL, 0, loc);
	for (size_t i = n - 1; i > 0; i--) {
		st_value *r[2] = {st_op_result(loops[i], 0), ninit == 2 ? st_op_result(loops[i], 1) : NULL};
		emit(L, body_of(loops[i - 1]), "affine.yield", ninit, r, 0, NULL, NULL, 0, loc);
	}
	st_value_map_add(L->map, st_op_result(op, 0), st_op_result(loops[0], arg ? 1 : 0));
}

static void lower_op(lower *L, st_op *op, st_block *dst) {
	st_context *ctx = L->ctx;
	st_attr *loc = st_op_loc(op);
	if (is(op, "srdfg.node")) {
		st_block *body = body_of(op);
		for (size_t i = 0; i < st_op_num_operands(op); i++)
			st_value_map_add(L->map, st_block_arg(body, i), get(L, st_op_operand(op, i)));
		st_op *y = inline_block(L, body, dst);
		for (size_t i = 0; i < st_op_num_results(op); i++)
			st_value_map_add(L->map, st_op_result(op, i), get(L, st_op_operand(y, i)));
	} else if (is(op, "srdfg.init")) {
		st_type *t = st_value_type(st_op_result(op, 0));
		if (!edge_rank(t)) {
			st_value_map_add(L->map, st_op_result(op, 0), zero(L, dst, st_srdfg_edge_value(t), loc));
			return;
		}
		st_type *mt = st_srdfg_edge_memref(ctx, t);
		st_value *buf = alloc(L, dst, mt, loc);
		size_t rank = st_type_rank(mt);
		int64_t lb[MAX_IDX] = {0}, ub[MAX_IDX] = {0};
		for (size_t i = 0; i < rank; i++)
			ub[i] = st_type_dim(mt, i) - 1;
		st_value *ivs[MAX_IDX];
		st_block *cur = nest(L, dst, rank, lb, ub, ivs, loc);
		if (!cur)
			return;
		store_close(L, cur, zero(L, cur, st_type_element(mt), loc), buf, rank, ivs,
		            st_affine_map_attr(ctx, st_affine_map_identity(ctx, (unsigned)rank)), true, loc);
		st_value_map_add(L->map, st_op_result(op, 0), buf);
	} else if (is(op, "srdfg.constant")) {
		st_value_map_add(L->map, st_op_result(op, 0), constant(L, dst, st_srdfg_constant_value(op), loc));
	} else if (is(op, "srdfg.compute")) {
		lower_compute(L, op, dst);
	} else if (is(op, "srdfg.reduce")) {
		lower_reduce(L, op, dst);
	} else if (is(op, "srdfg.load")) {
		st_value *src = get(L, st_op_operand(op, 0));
		if (!edge_rank(st_value_type(st_op_operand(op, 0)))) {
			st_value_map_add(L->map, st_op_result(op, 0), src);
			return;
		}
		size_t n = st_op_num_operands(op) - 1;
		st_value *ops[1 + MAX_IDX] = {src};
		for (size_t i = 0; i < n; i++)
			ops[1 + i] = get(L, st_op_operand(op, 1 + i));
		st_type *t = st_value_type(st_op_result(op, 0));
		st_attr *m = st_op_get_attr(op, "map");
		const char *names[] = {"map"};
		st_value_map_add(L->map, st_op_result(op, 0),
		                 res0(emit(L, dst, "affine.load", 1 + n, ops, 1, &t, dict(L, 1, names, &m), 0, loc)));
	} else {
		st_op *c = st_op_clone(op, L->map);
		if (!c) {
			L->failed = true;
			return;
		}
		st_block_append_op(dst, c);
	}
}

static void lower_block(lower *L, st_block *src, st_block *dst) {
	for (st_op *op = st_block_first_op(src); op && !L->failed; op = st_op_next(op))
		if (!st_op_has_trait(op, ST_TRAIT_TERMINATOR))
			lower_op(L, op, dst);
}

static st_status lower_graph(st_op *g) {
	st_context *ctx = st_op_context(g);
	const st_callable_iface *ci = st_op_interface(g, ST_IFACE_CALLABLE);
	st_type *ft = ci->function_type(g);
	lower L = {.ctx = ctx, .map = st_value_map_create(ctx)};
	if (!L.map || !ft)
		return st_op_error(g, "out of memory");
	st_attr *vals[2] = {st_op_get_attr(g, "sym_name"), st_type_attr(ctx, ft)};
	const char *names[] = {"sym_name", "function_type"};
	st_op_state s = {.name = st_str_c("func.func"), .loc = st_op_loc(g), .attrs = dict(&L, 2, names, vals), .nregions = 1};
	st_op *fn = st_op_create(ctx, &s);
	st_block *src = body_of(g), *dst = fn ? st_block_create(ctx) : NULL;
	if (dst) {
		st_region_append_block(st_op_region(fn, 0), dst);
		for (size_t i = 0; i < st_block_num_args(src); i++)
			st_value_map_add(L.map, st_block_arg(src, i),
			                 st_block_add_arg(dst, st_type_input(ft, i), st_value_loc(st_block_arg(src, i))));
		lower_block(&L, src, dst);
	}
	st_op *ret = st_block_terminator(src);
	size_t n = st_op_num_operands(ret) / 2;
	st_value *outs[256];
	for (size_t i = 0; dst && i < n && i < 256 && !L.failed; i++) {
		st_value *cp[2] = {get(&L, st_op_operand(ret, i)), get(&L, st_op_operand(ret, n + i))};
		if (cp[0] != cp[1])
			emit(&L, dst, "memref.copy", 2, cp, 0, NULL, NULL, 0, st_op_loc(ret));
		outs[i] = cp[1];
	}
	for (size_t i = 0; dst && i < L.nallocs && !L.failed; i++)
		emit(&L, dst, "memref.dealloc", 1, &L.allocs[i], 0, NULL, NULL, 0, st_op_loc(ret));
	if (dst && !L.failed)
		emit(&L, dst, "func.return", n, outs, 0, NULL, NULL, 0, st_op_loc(ret));
	st_value_map_destroy(L.map);
	st_ctx_free(ctx, L.allocs, L.cap * sizeof *L.allocs);
	if (!fn || L.failed || n > 256) {
		if (fn)
			st_op_destroy(fn);
		return st_op_error(g, "cannot lower the graph (out of memory or over 256 results)");
	}
	st_block_insert_op_before(st_op_block(g), g, fn);
	st_op_erase(g);
	return ST_OK;
}

static st_status run(st_pass *pass, st_op *module) {
	(void)pass;
	st_block *b = st_region_first_block(st_op_region(module, 0));
	for (st_op *op = b ? st_block_first_op(b) : NULL, *next; op; op = next) {
		next = st_op_next(op);
		if (is(op, "srdfg.graph") && st_failed(lower_graph(op)))
			return ST_FAIL;
	}
	return ST_OK;
}

static const st_pass_def convert_pass = {
	.name = "convert-srdfg-to-affine",
	.summary = "Lower srdfg graphs to func/affine/arith/math/memref (nodes inlined, edges as buffers)",
	.anchor = "builtin.module",
	.run = run,
};

st_status st_register_srdfg_to_affine_passes(st_context *ctx) { return st_context_register_pass(ctx, &convert_pass); }
