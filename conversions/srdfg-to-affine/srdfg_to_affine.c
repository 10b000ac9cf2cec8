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
 * persists across calls), frees the buffers and returns the arguments.
 *
 * It runs as a dialect conversion (strata/conversion.h, docs/conversion.md):
 * the srdfg dialect is illegal, an edge converts to what it is at a function
 * boundary (st_srdfg_edge_memref: a memref for an array, else the scalar),
 * and one conversion pattern per op builds its affine/arith/memref form in
 * its place through the pattern's rewriter, reading its operands as already
 * converted.  A pattern inlines the bodies it holds (a node's, a statement's,
 * a reduction's); the srdfg ops in them are converted when the driver reaches
 * them, in program order.  Which statements write in place is decided on the
 * graph as written, before anything changes. */
#include "strata/affine.h"
#include "strata/builder.h"
#include "strata/conversion.h"
#include "strata/conversions/srdfg_to_affine.h"
#include "strata/pass.h"
#include "strata/ptrmap.h"
#include "strata/srdfg.h"

#include <math.h>
#include <string.h>

#define MAX_IDX 16 /* the srdfg verifier's rank limit */

typedef struct lower {
	st_context *ctx;
	st_ptr_map *in_place; /* statements that write into their init edge's buffer */
	st_value **allocs;    /* the buffers of the graph being converted, freed at its return */
	size_t nallocs, cap;
} lower;

typedef struct s2a_pattern {
	st_pattern p;
	lower *L;
} s2a_pattern;

static lower *state_of(const st_pattern *p) { return ((const s2a_pattern *)p)->L; }

static bool is(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

/* The builder of a pattern: before the op it converts, through its rewriter. */
static st_builder at_op(st_op *op, st_rewriter *rw) {
	st_builder b = st_builder_before(op);
	b.rw = rw;
	return b;
}

/* The same place at the end of `block`. */
static st_builder at_end(const st_builder *b, st_block *block) {
	st_builder e = st_builder_at_end(b->ctx, block, b->loc);
	e.rw = b->rw;
	e.failed = b->failed;
	return e;
}

/* The end of a pattern that built `v` at `b` to stand for op's result. */
static bool replace_with(st_rewriter *rw, st_op *op, const st_builder *b, st_value *v) {
	if (b->failed)
		return false;
	st_rewriter_replace_op(rw, op, &v);
	return true;
}

static st_attr *dict(st_context *ctx, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr e[4];
	for (size_t i = 0; i < n; i++)
		e[i] = (st_named_attr){st_ident_get_c(ctx, names[i]), vals[i]};
	return st_dict_attr(ctx, n, e);
}

static st_value *res0(st_op *op) { return op ? st_op_result(op, 0) : NULL; }

static st_value *constant(st_builder *b, st_attr *value) {
	const char *n[] = {"value"};
	st_type *t = st_attr_type(value);
	return res0(st_build_op(b, "arith.constant", 0, NULL, 1, &t, dict(b->ctx, 1, n, &value), 0));
}

static st_value *zero(st_builder *b, st_type *t) {
	return constant(b, st_type_is_float(t) ? st_float_attr(b->ctx, t, 0.0) : st_integer_attr(b->ctx, t, 0));
}

static st_value *binop(st_builder *b, const char *name, st_value *x, st_value *y) {
	st_value *ops[2] = {x, y};
	st_type *t = x ? st_value_type(x) : NULL;
	return res0(st_build_op(b, name, 2, ops, 1, &t, NULL, 0));
}

static st_value *select3(st_builder *b, st_value *c, st_value *x, st_value *y) {
	st_value *ops[3] = {c, x, y};
	st_type *t = x ? st_value_type(x) : NULL;
	return res0(st_build_op(b, "arith.select", 3, ops, 1, &t, NULL, 0));
}

/* `x pred y` with arith's predicate numbers. */
static st_value *compare(st_builder *b, int64_t pred, st_value *x, st_value *y) {
	st_value *ops[2] = {x, y};
	st_type *i1 = st_integer_type(b->ctx, 1, ST_SIGNLESS);
	st_attr *p = st_integer_attr(b->ctx, st_integer_type(b->ctx, 64, ST_SIGNLESS), pred);
	const char *n[] = {"predicate"};
	bool fl = x && st_type_is_float(st_value_type(x));
	return res0(st_build_op(b, fl ? "arith.cmpf" : "arith.cmpi", 2, ops, 1, &i1, dict(b->ctx, 1, n, &p), 0));
}

/* A buffer of the graph being converted (freed at its return). */
static st_value *alloc(lower *L, st_builder *b, st_type *memref) {
	const char *n[] = {"operandSegmentSizes"};
	st_attr *a = st_dense_int_array_attr(L->ctx, st_integer_type(L->ctx, 32, ST_SIGNLESS), 2, (const int64_t[]){0, 0});
	st_value *v = res0(st_build_op(b, "memref.alloc", 0, NULL, 1, &memref, dict(L->ctx, 1, n, &a), 0));
	if (v && st_ctx_grow(L->ctx, (void **)&L->allocs, &L->cap, NULL, sizeof *L->allocs, L->nallocs + 1))
		L->allocs[L->nallocs++] = v;
	else
		b->failed = true;
	return v;
}

static st_block *body_of(st_op *op) { return st_region_first_block(st_op_region(op, 0)); }

/* affine.for %iv = lb to ub + 1 with iter_args `inits`; its body block has
 * no terminator yet. */
static st_op *loop(st_builder *b, int64_t lb, int64_t ub, size_t n, st_value *const *inits) {
	st_context *ctx = b->ctx;
	st_type *types[1 + 2];
	st_attr *locs[1 + 2];
	types[0] = st_index_type(ctx);
	locs[0] = b->loc;
	for (size_t i = 0; i < n; i++) {
		types[1 + i] = inits[i] ? st_value_type(inits[i]) : NULL;
		locs[1 + i] = b->loc;
	}
	st_attr *vals[3] = {st_affine_map_attr(ctx, st_affine_map_constant(ctx, lb)), st_integer_attr(ctx, st_index_type(ctx), 1),
	                    st_affine_map_attr(ctx, st_affine_map_constant(ctx, ub + 1))};
	const char *names[] = {"lowerBoundMap", "step", "upperBoundMap"};
	st_op *op = st_build_op(b, "affine.for", n, inits, n, types + 1, dict(ctx, 3, names, vals), 1);
	if (op && !st_rewriter_create_block(b->rw, st_op_region(op, 0), NULL, 1 + n, types, locs))
		b->failed = true;
	return b->failed ? NULL : op;
}

/* A nest of affine.for over [lb[i], ub[i]] (inclusive) at `b` whose outer
 * loops end in affine.yield; returns the place at the end of the innermost
 * body (left open), or `b` itself for an empty nest. */
static st_builder nest(st_builder *b, size_t n, const int64_t *lb, const int64_t *ub, st_value **ivs) {
	st_builder cur = *b;
	for (size_t i = 0; i < n && !cur.failed; i++) {
		st_op *f = loop(&cur, lb[i], ub[i], 0, NULL);
		if (!f)
			break;
		if (i > 0)
			st_build_op(&cur, "affine.yield", 0, NULL, 0, NULL, NULL, 0);
		cur = at_end(&cur, body_of(f));
		ivs[i] = st_block_arg(body_of(f), 0);
	}
	b->failed = cur.failed;
	return cur;
}

/* Moves the ops of `body` (its terminator too) to the place `at`, its
 * arguments replaced by `args`; returns that terminator, which the caller
 * reads and erases. */
static st_op *inline_at(st_builder *at, st_block *body, st_value *const *args) {
	st_op *term = st_block_terminator(body);
	if (at->before)
		st_rewriter_inline_block_before(at->rw, body, at->before, args);
	else
		st_rewriter_merge_blocks(at->rw, body, at->block, args);
	return term;
}

/* Stores `v` at `map(ivs)` of `buf` at `cur`, and closes that body when it
 * is a loop's. */
static void store_close(st_builder *cur, st_value *v, st_value *buf, size_t n, st_value *const *ivs, st_attr *map,
                        bool close) {
	st_value *ops[2 + MAX_IDX] = {v, buf};
	for (size_t i = 0; i < n; i++)
		ops[2 + i] = ivs[i];
	const char *names[] = {"map"};
	st_build_op(cur, "affine.store", 2 + n, ops, 0, NULL, dict(cur->ctx, 1, names, &map), 0);
	if (close)
		st_build_op(cur, "affine.yield", 0, NULL, 0, NULL, NULL, 0);
}

static bool edge_rank(st_type *t) { return st_type_get_kind(st_srdfg_edge_value(t)) == ST_TYPE_RANKED_TENSOR; }

/* Whether statement `op` may write into its init edge's buffer instead of
 * a copy: the buffer is its own (a local or statement result of the same
 * block, or an output or state argument of the graph it is directly in),
 * every other read of the init edge comes before the statement, and the
 * statement reads the init edge only at the point it writes (so every
 * point still sees the value from before the statement). */
static bool writes_in_place(st_op *op) {
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

static st_walk_result find_in_place(st_op *op, void *ud) {
	lower *L = ud;
	if (is(op, "srdfg.compute") && edge_rank(st_value_type(st_op_result(op, 0))) && writes_in_place(op) &&
	    !st_ptr_map_put(L->in_place, op, op))
		return ST_WALK_INTERRUPT;
	return ST_WALK_ADVANCE;
}

/* ------------------------------------------------------------ patterns */

/* srdfg.graph -> func.func: the body moves over, its arguments retyped to
 * the graph's function type (memrefs and scalars). */
static bool convert_graph(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)operands;
	lower *L = state_of(p);
	const st_callable_iface *ci = st_op_interface(op, ST_IFACE_CALLABLE);
	st_type *ft = ci->function_type(op);
	if (!ft)
		return false;
	st_builder b = at_op(op, rw);
	/* The frontend's names and defaults of the arguments (arg_attrs) go
	 * with them. */
	st_attr *vals[3] = {st_op_get_attr(op, "sym_name"), st_type_attr(L->ctx, ft), st_op_get_attr(op, "arg_attrs")};
	const char *names[] = {"sym_name", "function_type", "arg_attrs"};
	st_op *fn = st_build_op(&b, "func.func", 0, NULL, 0, NULL, dict(L->ctx, vals[2] ? 3 : 2, names, vals), 1);
	if (!fn)
		return false;
	st_rewriter_inline_region_before(rw, st_op_region(op, 0), st_op_region(fn, 0), NULL);
	st_block *entry = st_region_first_block(st_op_region(fn, 0));
	size_t n = st_type_num_inputs(ft);
	st_type *small[16];
	st_type **in = n <= 16 ? small : st_ctx_alloc(L->ctx, n * sizeof *in);
	if (!in)
		return false;
	for (size_t i = 0; i < n; i++)
		in[i] = st_type_input(ft, i);
	st_status s = st_rewriter_set_entry_arg_types(rw, entry, n, in);
	if (in != small)
		st_ctx_free(L->ctx, in, n * sizeof *in);
	L->nallocs = 0;
	st_rewriter_erase_op(rw, op);
	return st_succeeded(s);
}

/* srdfg.return: the final values go into the argument buffers, the graph's
 * buffers are freed, and the function returns the arguments. */
static bool convert_return(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	lower *L = state_of(p);
	st_builder b = at_op(op, rw);
	size_t n = st_op_num_operands(op) / 2;
	st_value **outs = n ? st_ctx_alloc(L->ctx, n * sizeof *outs) : NULL;
	if (n && !outs)
		return false;
	for (size_t i = 0; i < n; i++) {
		st_value *cp[2] = {operands[i], operands[n + i]};
		if (cp[0] != cp[1])
			st_build_op(&b, "memref.copy", 2, cp, 0, NULL, NULL, 0);
		outs[i] = cp[1];
	}
	for (size_t i = 0; i < L->nallocs; i++)
		st_build_op(&b, "memref.dealloc", 1, &L->allocs[i], 0, NULL, NULL, 0);
	st_build_op(&b, "func.return", n, outs, 0, NULL, NULL, 0);
	st_ctx_free(L->ctx, outs, n * sizeof *outs);
	if (b.failed)
		return false;
	st_rewriter_erase_op(rw, op);
	return true;
}

/* srdfg.node: its body, inlined in its place. */
static bool convert_node(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)operands;
	lower *L = state_of(p);
	st_builder b = at_op(op, rw);
	size_t nargs = st_op_num_operands(op), nres = st_op_num_results(op);
	size_t bytes = (nargs + nres) * sizeof(st_value *);
	st_value **vals = bytes ? st_ctx_alloc(L->ctx, bytes) : NULL;
	if (bytes && !vals)
		return false;
	for (size_t i = 0; i < nargs; i++)
		vals[i] = st_op_operand(op, i);
	st_op *y = inline_at(&b, body_of(op), vals);
	for (size_t i = 0; i < nres; i++)
		vals[nargs + i] = st_op_operand(y, i);
	st_rewriter_erase_op(rw, y);
	st_rewriter_replace_op(rw, op, nres ? vals + nargs : NULL);
	st_ctx_free(L->ctx, vals, bytes);
	return true;
}

/* srdfg.init: a zero-filled buffer (an array edge) or a zero (a scalar). */
static bool convert_init(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)operands;
	lower *L = state_of(p);
	st_context *ctx = L->ctx;
	st_builder b = at_op(op, rw);
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!edge_rank(t)) {
		st_value *z = zero(&b, st_srdfg_edge_value(t));
		return replace_with(rw, op, &b, z);
	}
	st_type *mt = st_srdfg_edge_memref(ctx, t);
	st_value *buf = alloc(L, &b, mt);
	size_t rank = st_type_rank(mt);
	int64_t lb[MAX_IDX] = {0}, ub[MAX_IDX] = {0};
	for (size_t i = 0; i < rank; i++)
		ub[i] = st_type_dim(mt, i) - 1;
	st_value *ivs[MAX_IDX];
	st_builder cur = nest(&b, rank, lb, ub, ivs);
	store_close(&cur, zero(&cur, st_type_element(mt)), buf, rank, ivs,
	            st_affine_map_attr(ctx, st_affine_map_identity(ctx, (unsigned)rank)), true);
	return replace_with(rw, op, &cur, buf);
}

static bool convert_constant(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)p;
	(void)operands;
	st_builder b = at_op(op, rw);
	st_value *v = constant(&b, st_srdfg_constant_value(op));
	return replace_with(rw, op, &b, v);
}

/* srdfg.load: affine.load from an array edge's buffer; a scalar edge is
 * its value. */
static bool convert_load(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)p;
	st_builder b = at_op(op, rw);
	if (!edge_rank(st_value_type(st_op_operand(op, 0))))
		return replace_with(rw, op, &b, operands[0]);
	st_type *t = st_value_type(st_op_result(op, 0));
	st_attr *m = st_op_get_attr(op, "map");
	const char *names[] = {"map"};
	st_value *v = res0(st_build_op(&b, "affine.load", st_op_num_operands(op), operands, 1, &t,
	                               dict(b.ctx, 1, names, &m), 0));
	return replace_with(rw, op, &b, v);
}

/* srdfg.compute: a scalar statement is its body's value; an array one a
 * loop nest storing it into a copy of its init edge (or into that edge's
 * buffer, in place). */
static bool convert_compute(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	lower *L = state_of(p);
	st_type *t = st_value_type(st_op_result(op, 0));
	st_block *body = body_of(op);
	st_builder b = at_op(op, rw);
	if (!edge_rank(t)) {
		st_op *y = inline_at(&b, body, NULL);
		st_value *v = st_op_operand(y, 0);
		st_rewriter_erase_op(rw, y);
		return replace_with(rw, op, &b, v);
	}
	st_value *buf = operands[0];
	if (!st_ptr_map_get(L->in_place, op)) {
		st_value *cp[2] = {buf, alloc(L, &b, st_srdfg_edge_memref(L->ctx, t))};
		st_build_op(&b, "memref.copy", 2, cp, 0, NULL, NULL, 0);
		buf = cp[1];
	}
	size_t n = st_srdfg_box_rank(op);
	int64_t lb[MAX_IDX] = {0}, ub[MAX_IDX] = {0};
	for (size_t i = 0; i < n && i < MAX_IDX; i++) {
		lb[i] = st_srdfg_box_lb(op, i);
		ub[i] = st_srdfg_box_ub(op, i);
	}
	st_value *ivs[MAX_IDX];
	st_builder cur = nest(&b, n, lb, ub, ivs);
	if (cur.failed)
		return false;
	st_op *y = inline_at(&cur, body, ivs);
	store_close(&cur, st_op_operand(y, 0), buf, n, ivs, st_op_get_attr(op, "map"), n > 0);
	if (!cur.failed)
		st_rewriter_erase_op(rw, y);
	return replace_with(rw, op, &cur, buf);
}

/* The identity of a built-in reduction, as the interpreter's. */
static st_value *identity(st_builder *b, st_str kind, st_type *t) {
	st_context *ctx = b->ctx;
	bool prod = st_str_eq_c(kind, "prod"), max = st_str_eq_c(kind, "max"), min = st_str_eq_c(kind, "min");
	if (st_type_is_float(t))
		return constant(b, st_float_attr(ctx, t, prod ? 1.0 : max ? -INFINITY : min ? INFINITY : 0.0));
	unsigned w = st_type_int_width(t);
	int64_t lo = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1)), hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
	return constant(b, st_integer_attr(ctx, t, prod ? 1 : max ? lo : min ? hi : 0));
}

/* srdfg.reduce: a loop nest carrying the accumulator (and a user
 * reduction's "no element yet" flag, or argmax/argmin's position). */
static bool convert_reduce(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)p;
	(void)operands;
	st_builder b = at_op(op, rw);
	st_context *ctx = b.ctx;
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
	st_value *inits[2] = {user ? zero(&b, t) : identity(&b, kind, t), NULL};
	size_t ninit = 1;
	if (user || arg) {
		inits[1] = user ? constant(&b, st_integer_attr(ctx, i1, 1))
		                : constant(&b, st_integer_attr(ctx, i32, st_srdfg_box_lb(op, 0)));
		ninit = 2;
	}
	size_t n = st_srdfg_box_rank(op);
	st_op *loops[MAX_IDX];
	st_value *ivs[MAX_IDX];
	st_value *acc[2] = {inits[0], inits[1]};
	st_builder cur = b;
	for (size_t i = 0; i < n && !cur.failed; i++) {
		loops[i] = loop(&cur, st_srdfg_box_lb(op, i), st_srdfg_box_ub(op, i), ninit, acc);
		if (!loops[i])
			return false;
		cur = at_end(&cur, body_of(loops[i]));
		ivs[i] = st_block_arg(body_of(loops[i]), 0);
		for (size_t k = 0; k < ninit; k++)
			acc[k] = st_block_arg(body_of(loops[i]), 1 + k);
	}
	if (cur.failed)
		return false;
	st_op *y = inline_at(&cur, body_of(op), ivs);
	st_value *v = st_op_operand(y, 0);
	st_value *keep = st_op_num_operands(y) == 2 ? st_op_operand(y, 1) : NULL;
	st_value *next[2];
	st_op *cy = NULL;
	if (arg) {
		/* The first strictly better element wins, as in the interpreter. */
		st_value *better = compare(&cur, st_str_eq_c(kind, "max") ? (fl ? 2 : 4) : (fl ? 4 : 2), v, acc[0]);
		if (keep)
			better = binop(&cur, "arith.andi", keep, better);
		st_value *iv = ivs[0];
		st_value *pos = res0(st_build_op(&cur, "arith.index_cast", 1, &iv, 1, &i32, NULL, 0));
		next[0] = select3(&cur, better, v, acc[0]);
		next[1] = select3(&cur, better, pos, acc[1]);
		keep = NULL;
	} else if (!user) {
		if (st_str_eq_c(kind, "sum"))
			next[0] = binop(&cur, fl ? "arith.addf" : "arith.addi", acc[0], v);
		else if (st_str_eq_c(kind, "prod"))
			next[0] = binop(&cur, fl ? "arith.mulf" : "arith.muli", acc[0], v);
		else /* max: v > acc (ogt / sgt); min: v < acc (olt / slt) */
			next[0] = select3(&cur, compare(&cur, st_str_eq_c(kind, "max") ? (fl ? 2 : 4) : (fl ? 4 : 2), v, acc[0]),
			                  v, acc[0]);
	} else {
		st_value *cargs[2] = {acc[0], v};
		cy = inline_at(&cur, st_region_first_block(st_op_region(op, 1)), cargs);
		next[0] = select3(&cur, acc[1], v, st_op_operand(cy, 0));
		next[1] = constant(&cur, st_integer_attr(ctx, i1, 0));
	}
	if (keep) {
		next[0] = select3(&cur, keep, next[0], acc[0]);
		if (user)
			next[1] = select3(&cur, keep, next[1], acc[1]);
	}
	st_value *result = next[0];
	if (n) {
		st_build_op(&cur, "affine.yield", ninit, next, 0, NULL, NULL, 0);
		for (size_t i = n - 1; i > 0; i--) {
			st_value *r[2] = {st_op_result(loops[i], 0), ninit == 2 ? st_op_result(loops[i], 1) : NULL};
			st_builder outer = at_end(&cur, body_of(loops[i - 1]));
			st_build_op(&outer, "affine.yield", ninit, r, 0, NULL, NULL, 0);
			cur.failed = outer.failed;
		}
		result = st_op_result(loops[0], arg ? 1 : 0);
	}
	if (!cur.failed) {
		st_rewriter_erase_op(rw, y);
		if (cy)
			st_rewriter_erase_op(rw, cy);
	}
	return replace_with(rw, op, &cur, result);
}

/* ------------------------------------------------------------ the pass */

static st_type *edge_to_buffer(void *ud, st_type *t, bool *fail) {
	(void)fail;
	return st_srdfg_is_edge(t) ? st_srdfg_edge_memref(ud, t) : NULL;
}

static bool always(void *ud, const st_op *op) {
	(void)ud;
	(void)op;
	return true;
}

static const struct {
	const char *root;
	st_convert_fn fn;
} patterns[] = {
	{"srdfg.graph", convert_graph},     {"srdfg.return", convert_return}, {"srdfg.node", convert_node},
	{"srdfg.init", convert_init},       {"srdfg.constant", convert_constant}, {"srdfg.load", convert_load},
	{"srdfg.compute", convert_compute}, {"srdfg.reduce", convert_reduce},
};
#define NPATTERNS (sizeof patterns / sizeof *patterns)

static st_status run(st_pass *pass, st_op *module) {
	st_context *ctx = st_pass_context(pass);
	lower L = {.ctx = ctx, .in_place = st_ptr_map_create(ctx)};
	s2a_pattern pats[NPATTERNS];
	st_type_converter *tc = st_type_converter_create(ctx);
	st_conversion_target *t = st_conversion_target_create(ctx);
	st_pattern_set *set = st_pattern_set_create(ctx);
	st_status s = L.in_place && tc && t && set ? ST_OK : ST_FAIL;
	if (st_succeeded(s) && st_walk(module, ST_WALK_PRE, find_in_place, &L) == ST_WALK_INTERRUPT)
		s = ST_FAIL;
	for (size_t i = 0; st_succeeded(s) && i < NPATTERNS; i++) {
		pats[i] = (s2a_pattern){{.name = patterns[i].root, .root = patterns[i].root, .benefit = 1,
		                         .convert = patterns[i].fn},
		                        &L};
		s = st_pattern_set_add(set, &pats[i].p);
	}
	if (st_succeeded(s))
		s = st_type_converter_add_identity(tc);
	if (st_succeeded(s))
		s = st_type_converter_add_rule(tc, edge_to_buffer, ctx);
	if (st_succeeded(s))
		s = st_target_add_illegal_dialect(t, "srdfg");
	if (st_succeeded(s)) {
		st_target_set_unknown_legality(t, always, NULL);
		st_conversion_config cfg = {.type_converter = tc, .no_fold = true};
		s = st_apply_partial_conversion(module, t, set, &cfg);
	}
	st_pattern_set_destroy(set);
	st_conversion_target_destroy(t);
	st_type_converter_destroy(tc);
	st_ptr_map_destroy(L.in_place);
	st_ctx_free(ctx, L.allocs, L.cap * sizeof *L.allocs);
	return s;
}

static const st_pass_def convert_pass = {
	.name = "convert-srdfg-to-affine",
	.summary = "Lower srdfg graphs to func/affine/arith/math/memref (nodes inlined, edges as buffers)",
	.anchor = "builtin.module",
	.run = run,
};

st_status st_register_srdfg_to_affine_passes(st_context *ctx) { return st_context_register_pass(ctx, &convert_pass); }
