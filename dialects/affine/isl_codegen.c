/* Affine ops from an isl AST (isl_codegen.h).  The AST is generated first
 * and checked for forms affine ops cannot express before any op is
 * created, so that a refusal leaves the IR as it was. */
#include "isl_codegen.h"
#include "affine_internal.h"
#include "strata/affine_isl.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_DEPTH 64
#define MAX_SYMS 64
#define MAX_RESULTS 16

typedef struct gen {
	st_rewriter *rw;
	st_context *ctx;
	st_attr *loc;
	const st__cg_stmt *stmts;
	size_t nstmts;
	/* The loop iterators in scope, outermost first, and their values
	 * (NULL while checking only). */
	isl_id *iters[MAX_DEPTH];
	st_value *iter_vals[MAX_DEPTH];
	unsigned depth;
	/* Parameters met, in order: symbols of the generated maps. */
	st_value *syms[MAX_SYMS];
	unsigned nsyms;
	bool emit;
	char *err;
	size_t errlen;
	bool failed;
} gen;

static bool failf(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool failf(gen *g, const char *fmt, ...) {
	if (!g->failed && g->err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(g->err, g->errlen, fmt, ap);
		va_end(ap);
	}
	g->failed = true;
	return false;
}

/* ------------------------------------------------------- expressions */

static st_affine_expr *id_expr(gen *g, isl_id *id) {
	for (unsigned i = 0; i < g->depth; i++)
		if (g->iters[i] == id)
			return st_affine_dim(g->ctx, i);
	st_value *v = isl_id_get_user(id);
	if (!v) {
		failf(g, "the generated code names '%s', which is neither a loop nor a parameter", isl_id_get_name(id));
		return NULL;
	}
	for (unsigned i = 0; i < g->nsyms; i++)
		if (g->syms[i] == v)
			return st_affine_symbol(g->ctx, i);
	if (g->nsyms == MAX_SYMS) {
		failf(g, "more than %d parameters", MAX_SYMS);
		return NULL;
	}
	g->syms[g->nsyms] = v;
	return st_affine_symbol(g->ctx, g->nsyms++);
}

static st_affine_expr *ast_expr(gen *g, isl_ast_expr *e);
static st_affine_expr *combine(st_context *ctx, enum isl_ast_expr_op_type op, st_affine_expr *a,
                               st_affine_expr *b);

static st_affine_expr *arg_expr(gen *g, isl_ast_expr *e, int i) {
	isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
	st_affine_expr *r = ast_expr(g, a);
	isl_ast_expr_free(a);
	return r;
}

/* An affine expression; min, max and comparisons are handled by the
 * callers that allow them. */
static st_affine_expr *ast_expr(gen *g, isl_ast_expr *e) {
	switch (isl_ast_expr_get_type(e)) {
	case isl_ast_expr_int: {
		isl_val *v = isl_ast_expr_get_val(e);
		int64_t c;
		bool ok = st_isl_val_to_i64(v, &c);
		isl_val_free(v);
		if (!ok) {
			failf(g, "a constant of the generated code does not fit in 64 bits");
			return NULL;
		}
		return st_affine_const(g->ctx, c);
	}
	case isl_ast_expr_id: {
		isl_id *id = isl_ast_expr_get_id(e);
		st_affine_expr *r = id_expr(g, id);
		isl_id_free(id);
		return r;
	}
	case isl_ast_expr_op:
		break;
	default:
		failf(g, "isl produced an invalid expression");
		return NULL;
	}
	enum isl_ast_expr_op_type op = isl_ast_expr_op_get_type(e);
	if (op == isl_ast_expr_op_minus)
		return st_affine_neg(g->ctx, arg_expr(g, e, 0));
	st_affine_expr *a, *b;
	switch (op) {
	case isl_ast_expr_op_add:
	case isl_ast_expr_op_sub:
	case isl_ast_expr_op_mul:
	case isl_ast_expr_op_div:
	case isl_ast_expr_op_fdiv_q:
	case isl_ast_expr_op_pdiv_q:
	case isl_ast_expr_op_pdiv_r:
	case isl_ast_expr_op_zdiv_r:
		a = arg_expr(g, e, 0);
		b = arg_expr(g, e, 1);
		if (!a || !b)
			return NULL;
		break;
	default:
		failf(g, "the generated code needs an operation affine maps do not have (isl op %d)", (int)op);
		return NULL;
	}
	st_affine_expr *r = combine(g->ctx, op, a, b);
	if (!r)
		failf(g, "the generated code has an expression that is not affine");
	return r;
}

static st_affine_expr *combine(st_context *ctx, enum isl_ast_expr_op_type op, st_affine_expr *a, st_affine_expr *b) {
	switch (op) {
	case isl_ast_expr_op_add:
		return st_affine_add(ctx, a, b);
	case isl_ast_expr_op_sub:
		return st_affine_sub(ctx, a, b);
	case isl_ast_expr_op_mul:
		return st_affine_mul(ctx, a, b);
	case isl_ast_expr_op_pdiv_r:
	case isl_ast_expr_op_zdiv_r:
		/* pdiv_r has a non-negative dividend; zdiv_r is only compared
		 * with zero: mod gives the same answer for both. */
		return st_affine_mod(ctx, a, b);
	default:
		/* div is exact, pdiv_q has a non-negative dividend: floordiv is
		 * right for all three. */
		return st_affine_floordiv(ctx, a, b);
	}
}

/* The results of a bound: the arguments of a top-level max (lower) or min
 * (upper), or the expression itself; `plus` is added to each. */
static size_t bound_exprs(gen *g, isl_ast_expr *e, bool lower, int64_t plus, st_affine_expr **out) {
	enum isl_ast_expr_op_type want = lower ? isl_ast_expr_op_max : isl_ast_expr_op_min;
	size_t n = 0;
	if (isl_ast_expr_get_type(e) == isl_ast_expr_op && isl_ast_expr_op_get_type(e) == want) {
		isl_size na = isl_ast_expr_op_get_n_arg(e);
		for (isl_size i = 0; i < na; i++) {
			isl_ast_expr *a = isl_ast_expr_op_get_arg(e, (int)i);
			n += bound_exprs(g, a, lower, plus, out + n);
			isl_ast_expr_free(a);
			if (g->failed || n > MAX_RESULTS - 4)
				return n > MAX_RESULTS - 4 ? (failf(g, "a loop bound with too many terms"), 0) : 0;
		}
		return n;
	}
	st_affine_expr *x = ast_expr(g, e);
	if (!x)
		return 0;
	out[0] = st_affine_add(g->ctx, x, st_affine_const(g->ctx, plus));
	return 1;
}

/* A map over the iterators in scope (dims) and the parameters met so far
 * (symbols), with its operands; canonicalised so that unused operands go. */
typedef struct mapped {
	const st_affine_map *map;
	st_value *vals[MAX_DEPTH + MAX_SYMS];
	size_t n;
} mapped;

static bool make_map(gen *g, size_t nres, st_affine_expr *const *res, mapped *out) {
	out->map = st_affine_map_get(g->ctx, g->depth, g->nsyms, nres, res);
	out->n = 0;
	if (!out->map)
		return failf(g, "could not build an affine map");
	for (unsigned i = 0; i < g->depth; i++)
		out->vals[out->n++] = g->iter_vals[i];
	for (unsigned i = 0; i < g->nsyms; i++)
		out->vals[out->n++] = g->syms[i];
	if (g->emit)
		st__affine_canonicalize_map(g->ctx, &out->map, out->vals, &out->n);
	return true;
}

/* ------------------------------------------------------------- nodes */

static bool node(gen *g, isl_ast_node *n);

static bool node_list(gen *g, isl_ast_node_list *list) {
	isl_size k = isl_ast_node_list_size(list);
	bool ok = k >= 0;
	for (isl_size i = 0; ok && i < k; i++) {
		isl_ast_node *c = isl_ast_node_list_get_at(list, (int)i);
		ok = node(g, c);
		isl_ast_node_free(c);
	}
	isl_ast_node_list_free(list);
	return ok;
}

static bool for_node(gen *g, isl_ast_node *n) {
	if (g->depth == MAX_DEPTH)
		return failf(g, "generated loops nest deeper than %d", MAX_DEPTH);
	isl_ast_expr *it = isl_ast_node_for_get_iterator(n), *init = isl_ast_node_for_get_init(n);
	isl_ast_expr *cond = isl_ast_node_for_get_cond(n), *inc = isl_ast_node_for_get_inc(n);
	isl_id *id = isl_ast_expr_get_id(it);
	st_affine_expr *lbs[MAX_RESULTS], *ubs[MAX_RESULTS];
	size_t nlb = bound_exprs(g, init, true, 0, lbs), nub = 0;
	int64_t step = 0;
	isl_val *incv = isl_ast_expr_get_val(inc);
	if (!st_isl_val_to_i64(incv, &step) || step < 1)
		failf(g, "a generated loop has a step that is not a positive constant");
	isl_val_free(incv);
	/* The condition is `iterator <= bound` or `iterator < bound`. */
	if (!g->failed) {
		enum isl_ast_expr_op_type ct = isl_ast_expr_get_type(cond) == isl_ast_expr_op
		                                   ? isl_ast_expr_op_get_type(cond)
		                                   : isl_ast_expr_op_error;
		isl_ast_expr *lhs = ct == isl_ast_expr_op_le || ct == isl_ast_expr_op_lt ? isl_ast_expr_op_get_arg(cond, 0)
		                                                                         : NULL;
		isl_id *lid = lhs && isl_ast_expr_get_type(lhs) == isl_ast_expr_id ? isl_ast_expr_get_id(lhs) : NULL;
		if (lid != id) {
			failf(g, "a generated loop condition is not an upper bound of its iterator");
		} else {
			isl_ast_expr *rhs = isl_ast_expr_op_get_arg(cond, 1);
			nub = bound_exprs(g, rhs, false, ct == isl_ast_expr_op_le ? 1 : 0, ubs);
			isl_ast_expr_free(rhs);
		}
		isl_id_free(lid);
		isl_ast_expr_free(lhs);
	}
	isl_ast_expr_free(it);
	isl_ast_expr_free(init);
	isl_ast_expr_free(cond);
	isl_ast_expr_free(inc);
	bool ok = !g->failed && nlb && nub;
	st_op *loop = NULL;
	if (ok && g->emit) {
		mapped lb, ub;
		/* A real (empty) array: the builder copies `inits` with memcpy,
		 * where NULL is undefined even for 0 bytes. */
		st_value *no_inits[1] = {NULL};
		ok = make_map(g, nlb, lbs, &lb) && make_map(g, nub, ubs, &ub);
		if (ok)
			loop = st_affine_build_for(g->rw, g->loc, lb.map, lb.n, lb.vals, ub.map, ub.n, ub.vals, step, 0,
			                           no_inits);
		if (!loop)
			ok = failf(g, "could not build an affine.for");
	}
	if (ok) {
		g->iters[g->depth] = id;
		g->iter_vals[g->depth] = loop ? st_affine_for_iv(loop) : NULL;
		g->depth++;
		if (loop)
			st_rewriter_set_insertion_before(g->rw, st_block_terminator(st_affine_for_body(loop)));
		isl_ast_node *body = isl_ast_node_for_get_body(n);
		ok = node(g, body);
		isl_ast_node_free(body);
		g->depth--;
		if (loop)
			st_rewriter_set_insertion_after(g->rw, loop);
	}
	isl_id_free(id);
	return ok;
}

/* Conjunctions of comparisons, as constraints `e >= 0` / `e == 0`. */
static bool conds(gen *g, isl_ast_expr *e, st_affine_expr **out, bool *eq, size_t *n) {
	if (isl_ast_expr_get_type(e) != isl_ast_expr_op)
		return failf(g, "a generated condition is not a comparison");
	enum isl_ast_expr_op_type op = isl_ast_expr_op_get_type(e);
	if (op == isl_ast_expr_op_and || op == isl_ast_expr_op_and_then) {
		isl_ast_expr *a = isl_ast_expr_op_get_arg(e, 0), *b = isl_ast_expr_op_get_arg(e, 1);
		bool ok = conds(g, a, out, eq, n) && conds(g, b, out, eq, n);
		isl_ast_expr_free(a);
		isl_ast_expr_free(b);
		return ok;
	}
	if (op != isl_ast_expr_op_eq && op != isl_ast_expr_op_le && op != isl_ast_expr_op_lt &&
	    op != isl_ast_expr_op_ge && op != isl_ast_expr_op_gt)
		return failf(g, "a generated condition is not a conjunction of comparisons");
	if (*n == MAX_RESULTS)
		return failf(g, "a generated condition has too many terms");
	st_affine_expr *a = arg_expr(g, e, 0), *b = arg_expr(g, e, 1);
	if (!a || !b)
		return false;
	st_affine_expr *d;
	switch (op) {
	case isl_ast_expr_op_le: d = st_affine_sub(g->ctx, b, a); break;
	case isl_ast_expr_op_lt: d = st_affine_sub(g->ctx, st_affine_sub(g->ctx, b, a), st_affine_const(g->ctx, 1)); break;
	case isl_ast_expr_op_ge: d = st_affine_sub(g->ctx, a, b); break;
	case isl_ast_expr_op_gt: d = st_affine_sub(g->ctx, st_affine_sub(g->ctx, a, b), st_affine_const(g->ctx, 1)); break;
	default: d = st_affine_sub(g->ctx, a, b); break;
	}
	eq[*n] = op == isl_ast_expr_op_eq;
	out[(*n)++] = d;
	return true;
}

static bool if_node(gen *g, isl_ast_node *n) {
	isl_ast_expr *c = isl_ast_node_if_get_cond(n);
	st_affine_expr *cs[MAX_RESULTS];
	bool eq[MAX_RESULTS];
	size_t nc = 0;
	bool ok = conds(g, c, cs, eq, &nc);
	isl_ast_expr_free(c);
	bool has_else = isl_ast_node_if_has_else_node(n) == isl_bool_true;
	st_op *ifop = NULL;
	if (ok && g->emit) {
		const st_integer_set *set = st_integer_set_get(g->ctx, g->depth, g->nsyms, nc, cs, eq);
		st_value *vals[MAX_DEPTH + MAX_SYMS];
		size_t nv = 0;
		for (unsigned i = 0; i < g->depth; i++)
			vals[nv++] = g->iter_vals[i];
		for (unsigned i = 0; i < g->nsyms; i++)
			vals[nv++] = g->syms[i];
		ifop = set ? st_affine_build_if(g->rw, g->loc, set, nv, vals, 0, NULL, has_else) : NULL;
		if (!ifop)
			return failf(g, "could not build an affine.if");
	}
	if (ok) {
		isl_ast_node *t = isl_ast_node_if_get_then_node(n);
		if (ifop)
			st_rewriter_set_insertion_before(g->rw, st_block_terminator(st_affine_if_then(ifop)));
		ok = node(g, t);
		isl_ast_node_free(t);
	}
	if (ok && has_else) {
		isl_ast_node *e = isl_ast_node_if_get_else_node(n);
		if (ifop)
			st_rewriter_set_insertion_before(g->rw, st_block_terminator(st_affine_if_else(ifop)));
		ok = node(g, e);
		isl_ast_node_free(e);
	}
	if (ifop)
		st_rewriter_set_insertion_after(g->rw, ifop);
	return ok;
}

/* A statement instance: its body cloned with the original induction
 * variables replaced by the AST's expressions of the new ones. */
static bool user_node(gen *g, isl_ast_node *n) {
	isl_ast_expr *call = isl_ast_node_user_get_expr(n);
	isl_ast_expr *name = isl_ast_expr_op_get_arg(call, 0);
	isl_id *id = isl_ast_expr_get_id(name);
	isl_ast_expr_free(name);
	const st__cg_stmt *s = NULL;
	for (size_t i = 0; i < g->nstmts && !s; i++) {
		isl_id *sid = isl_set_get_tuple_id(g->stmts[i].domain);
		if (sid == id)
			s = &g->stmts[i];
		isl_id_free(sid);
	}
	isl_id_free(id);
	bool ok = s != NULL;
	if (!ok)
		failf(g, "the generated code calls an unknown statement");
	isl_size nargs = ok ? isl_ast_expr_op_get_n_arg(call) : 0;
	st_value_map *vm = ok && g->emit ? st_value_map_create(g->ctx) : NULL;
	for (isl_size i = 1; ok && i < nargs; i++) {
		st_affine_expr *e = arg_expr(g, call, (int)i);
		ok = e != NULL;
		if (!ok || !g->emit)
			continue;
		st_value *v = NULL;
		if (st_affine_expr_kind(e) == ST_AFFINE_DIM) {
			v = g->iter_vals[st_affine_expr_position(e)];
		} else {
			mapped m;
			ok = make_map(g, 1, &e, &m);
			st_op *ap = ok ? st_affine_build_apply(g->rw, g->loc, m.map, m.n, m.vals) : NULL;
			v = ap ? st_op_result(ap, 0) : NULL;
		}
		if (!v)
			ok = failf(g, "could not build the index of a statement");
		else
			st_value_map_add(vm, s->ivs[i - 1], v);
	}
	isl_ast_expr_free(call);
	if (ok && vm) {
		st_op *term = st_block_terminator(s->body);
		for (st_op *op = st_block_first_op(s->body); op && op != term; op = st_op_next(op))
			if (!st_rewriter_clone(g->rw, op, vm)) {
				ok = failf(g, "could not clone a statement");
				break;
			}
	}
	if (vm)
		st_value_map_destroy(vm);
	return ok;
}

static bool node(gen *g, isl_ast_node *n) {
	switch (isl_ast_node_get_type(n)) {
	case isl_ast_node_for:
		return for_node(g, n);
	case isl_ast_node_if:
		return if_node(g, n);
	case isl_ast_node_block:
		return node_list(g, isl_ast_node_block_get_children(n));
	case isl_ast_node_mark: {
		isl_ast_node *c = isl_ast_node_mark_get_node(n);
		bool ok = node(g, c);
		isl_ast_node_free(c);
		return ok;
	}
	case isl_ast_node_user:
		return user_node(g, n);
	default:
		return failf(g, "isl failed to generate code");
	}
}

st_status st__isl_codegen(st_rewriter *rw, isl_set *context, const st__cg_stmt *stmts, size_t n, st_op *before,
                          st_attr *loc, char *err, size_t errlen) {
	if (err && errlen)
		err[0] = 0;
	isl_union_map *sched = NULL;
	for (size_t i = 0; i < n; i++) {
		isl_map *m = isl_map_intersect_domain(isl_map_copy(stmts[i].schedule), isl_set_copy(stmts[i].domain));
		isl_union_map *u = isl_union_map_from_map(m);
		sched = sched ? isl_union_map_union(sched, u) : u;
	}
	isl_ast_build *build = isl_ast_build_from_context(isl_set_copy(context));
	isl_ast_node *tree = sched ? isl_ast_build_node_from_schedule_map(build, sched) : NULL;
	isl_ast_build_free(build);
	gen g = {.rw = rw, .ctx = st_rewriter_context(rw), .loc = loc, .stmts = stmts, .nstmts = n, .err = err,
	         .errlen = errlen};
	if (!tree) {
		failf(&g, "isl failed to generate code");
		return ST_FAIL;
	}
	/* A dry run first: nothing is created unless all of it can be. */
	bool ok = node(&g, tree);
	if (ok) {
		g.emit = true;
		g.nsyms = 0;
		st_rewriter_set_insertion_before(rw, before);
		ok = node(&g, tree);
	}
	isl_ast_node_free(tree);
	return ok ? ST_OK : ST_FAIL;
}
