/* Builds the polyhedral model of a scope of affine loop nests (see
 * isl_model.h): statements, iteration domains, access relations and the
 * 2d+1 schedule of the original order. */
#include "isl_model.h"
#include "strata/limit.h"
#include "strata/affine.h"
#include "strata/dialect.h"
#include "strata/rewrite.h"

#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The build's state: the model plus what only building needs. */
typedef struct build {
	st__isl_model *m;
	st_op *const *roots;
	size_t nroots;
	st__isl_model_error *err;
	/* Every op of the scope in pre-order (position = order of execution
	 * among siblings), and a copy sorted by address for lookups. */
	st_op **order;
	size_t norder, order_cap;
	struct pos_entry {
		const st_op *op;
		size_t pos;
	} *by_addr;
} build;

static bool fail_at(build *b, st_op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail_at(build *b, st_op *op, const char *fmt, ...) {
	if (b->err && !b->err->op) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(b->err->msg, sizeof b->err->msg, fmt, ap);
		va_end(ap);
		b->err->op = op;
	}
	return false;
}

static bool push(st_context *ctx, void **arr, size_t *n, size_t *cap, size_t elt, const void *item) {
	if (!st_ctx_grow(ctx, arr, cap, NULL, elt, *n + 1))
		return false;
	memcpy((char *)*arr + *n * elt, item, elt);
	(*n)++;
	return true;
}

static bool in_scope(const build *b, const st_op *op) {
	for (size_t i = 0; i < b->nroots; i++)
		if (st_op_is_ancestor(b->roots[i], op))
			return true;
	return false;
}

/* ------------------------------------------------------------ names */

static bool is_func_arg(const st_value *v) {
	if (!st_value_is_block_arg(v))
		return false;
	st_block *blk = st_value_owner_block(v);
	st_op *parent = st_block_parent_op(blk);
	return parent && st_block_is_entry(blk) && st_op_interface(parent, ST_IFACE_CALLABLE);
}

const char *st__isl_model_value_name(const st__isl_model *m, const st_value *v, char *buf, size_t n) {
	if (is_func_arg(v)) {
		snprintf(buf, n, "arg%u", st_value_index(v));
		return buf;
	}
	/* Numbered among the values that are not function arguments. */
	size_t k = 0;
	for (size_t i = 0; i < m->narrays; i++) {
		if (m->arrays[i] == v) {
			snprintf(buf, n, "A%zu", k);
			return buf;
		}
		k += !is_func_arg(m->arrays[i]);
	}
	k = 0;
	for (size_t i = 0; i < m->nparams; i++) {
		if (m->params[i] == v) {
			snprintf(buf, n, "P%zu", k);
			return buf;
		}
		k += !is_func_arg(m->params[i]);
	}
	snprintf(buf, n, "?");
	return buf;
}

static isl_id *value_id(const st__isl_model *m, st_value *v) {
	char buf[32];
	return isl_id_alloc(m->ictx, st__isl_model_value_name(m, v, buf, sizeof buf), v);
}

/* ---------------------------------------------------- scanning the scope */

/* memref.alloc between two nests touches no array either nest sees. */
static bool only_allocates(const st_op *op) {
	const st_memory_effects_iface *mi = st_op_interface(op, ST_IFACE_MEMORY_EFFECTS);
	if (!mi || st_op_num_regions(op))
		return false;
	st_effect fx[8];
	size_t n = mi->effects(op, fx, 8);
	if (n > 8)
		return false;
	for (size_t i = 0; i < n; i++)
		if (fx[i].kind != ST_EFFECT_ALLOC)
			return false;
	return true;
}

typedef enum vkind { V_DIM, V_CONST, V_PARAM, V_APPLY, V_BAD } vkind;

/* What an operand of a map stands for, seen from an op enclosed by
 * loops[0..depth). */
static vkind classify(const build *b, st_value *v, st_op *const *loops, unsigned depth, unsigned *dim,
                      int64_t *c) {
	if (st_value_is_block_arg(v)) {
		st_op *parent = st_block_parent_op(st_value_owner_block(v));
		if (!parent || !in_scope(b, parent))
			return V_PARAM;
		/* An affine.parallel stands for one dimension per induction
		 * variable, in order. */
		for (unsigned t = 0; t < depth; t++)
			if (loops[t] == parent) {
				unsigned idx = st_value_index(v);
				bool iv = st_affine_is_for(parent) ? idx == 0 : idx < st_affine_parallel_num_dims(parent);
				if (iv && t + idx < depth && loops[t + idx] == parent) {
					*dim = t + idx;
					return V_DIM;
				}
				break;
			}
		return V_BAD;
	}
	st_op *def = st_value_defining_op(v);
	st_attr *cst = st_value_constant(v);
	if (cst && st_attr_get_kind(cst) == ST_ATTR_INTEGER) {
		*c = st_attr_int_value(cst);
		return V_CONST;
	}
	if (st_affine_is_apply(def))
		return V_APPLY;
	return in_scope(b, def) ? V_BAD : V_PARAM;
}

static bool add_param(build *b, st_value *v) {
	st__isl_model *m = b->m;
	for (size_t i = 0; i < m->nparams; i++)
		if (m->params[i] == v)
			return true;
	return push(m->ctx, (void **)&m->params, &m->nparams, &m->param_cap, sizeof v, &v);
}

/* Registers the parameters among operands [start, start + n) of `op`. */
static bool collect_params(build *b, st_op *op, size_t start, size_t n) {
	for (size_t i = start; i < start + n; i++) {
		st_value *v = st_op_operand(op, i);
		unsigned dim;
		int64_t c;
		/* Loops do not matter here: an in-scope block argument is never a
		 * parameter. */
		switch (classify(b, v, NULL, 0, &dim, &c)) {
		case V_PARAM:
			if (!add_param(b, v))
				return false;
			break;
		case V_APPLY: {
			st_op *apply = st_value_defining_op(v);
			size_t s, k = st_affine_op_map_operands(apply, &s);
			if (!collect_params(b, apply, s, k))
				return false;
			break;
		}
		default:
			break;
		}
	}
	return true;
}

static bool add_stmt(build *b, st_op *op) {
	st__isl_model *m = b->m;
	st__isl_stmt s = {.op = op, .write = st_affine_is_store(op)};
	st_value *mem = st_affine_access_memref(op);
	size_t a = 0;
	while (a < m->narrays && m->arrays[a] != mem)
		a++;
	if (a == m->narrays && !push(m->ctx, (void **)&m->arrays, &m->narrays, &m->array_cap, sizeof mem, &mem))
		return false;
	s.array = (unsigned)a;
	return push(m->ctx, (void **)&m->stmts, &m->nstmts, &m->stmt_cap, sizeof s, &s);
}

typedef struct scan {
	build *b;
	bool ok;
} scan;

static st_walk_result scan_op(st_op *op, void *ud) {
	scan *sc = ud;
	build *b = sc->b;
	size_t start, n;
	if (!push(b->m->ctx, (void **)&b->order, &b->norder, &b->order_cap, sizeof op, &op))
		goto oom;
	/* Every operand of these is an operand of their bound maps or
	 * condition (an affine.parallel's iterations are taken in
	 * lexicographic order: any order is allowed, so dependences between
	 * them are races the model reports). */
	if (st_affine_is_for(op) || st_affine_is_if(op) || st_affine_is_parallel(op)) {
		if (!collect_params(b, op, 0, st_op_num_operands(op)))
			goto oom;
		return ST_WALK_ADVANCE;
	}
	if (st_affine_is_load(op) || st_affine_is_store(op)) {
		n = st_affine_op_map_operands(op, &start);
		if (!collect_params(b, op, start, n) || !add_stmt(b, op))
			goto oom;
		return ST_WALK_ADVANCE;
	}
	if (st_affine_is_yield(op) || st_affine_is_apply(op) || st_op_is_memory_effect_free(op)) {
		/* An op with regions and no effects (e.g. scf.execute_region
		 * of pure ops) needs no look inside. */
		return st_op_num_regions(op) ? ST_WALK_SKIP : ST_WALK_ADVANCE;
	}
	sc->ok = fail_at(b, op, "'%s' has memory effects the affine model does not know", st_op_name_cstr(op));
	return ST_WALK_INTERRUPT;
oom:
	sc->ok = fail_at(b, op, "out of memory");
	return ST_WALK_INTERRUPT;
}

/* ------------------------------------------------------ affs of values */

/* The affine values available to the ops of one statement. */
typedef struct frame {
	build *b;
	st_op *const *loops;
	unsigned depth;
	isl_local_space *ls;
	isl_aff **dims;   /* one per loop */
	isl_aff **params; /* one per model parameter */
	st_op *at;        /* for error messages */
} frame;

static isl_aff *map_result_aff(frame *f, const st_affine_map *map, st_op *op, size_t start, size_t result);
/* Sets up the affs of a frame over the statement space `sp` (kept);
 * false when isl or memory fails (frame_free is still needed). */
static bool frame_init(frame *f, build *b, st_op *const *loops, unsigned depth, st_op *at, isl_space *sp) {
	st__isl_model *m = b->m;
	*f = (frame){.b = b, .loops = loops, .depth = depth, .at = at};
	f->ls = isl_local_space_from_space(isl_space_copy(sp));
	f->dims = isl_calloc_array(m->ictx, isl_aff *, depth + 1);
	f->params = isl_calloc_array(m->ictx, isl_aff *, m->nparams + 1);
	if (!f->ls || !f->dims || !f->params)
		return false;
	for (unsigned t = 0; t < depth; t++)
		f->dims[t] = isl_aff_var_on_domain(isl_local_space_copy(f->ls), isl_dim_set, t);
	for (size_t i = 0; i < m->nparams; i++)
		f->params[i] = isl_aff_var_on_domain(isl_local_space_copy(f->ls), isl_dim_param, (unsigned)i);
	return true;
}

static void frame_free(frame *f) {
	for (unsigned t = 0; f->dims && t < f->depth; t++)
		isl_aff_free(f->dims[t]);
	for (size_t i = 0; f->params && i < f->b->m->nparams; i++)
		isl_aff_free(f->params[i]);
	free(f->dims);
	free(f->params);
	isl_local_space_free(f->ls);
}

/* The iterations of loops 0..depth of the frame. */
static isl_set *loops_set(frame *f, isl_space *sp);


static isl_aff *value_aff(frame *f, st_value *v) {
	unsigned dim = 0;
	int64_t c = 0;
	switch (classify(f->b, v, f->loops, f->depth, &dim, &c)) {
	case V_DIM:
		return isl_aff_copy(f->dims[dim]);
	case V_CONST:
		return isl_aff_val_on_domain(isl_local_space_copy(f->ls), isl_val_int_from_si(f->b->m->ictx, c));
	case V_PARAM:
		for (size_t i = 0; i < f->b->m->nparams; i++)
			if (f->b->m->params[i] == v)
				return isl_aff_copy(f->params[i]);
		break;
	case V_APPLY: {
		st_op *apply = st_value_defining_op(v);
		size_t s;
		st_affine_op_map_operands(apply, &s);
		return map_result_aff(f, st_affine_op_map(apply), apply, s, st_value_index(v));
	}
	case V_BAD:
		break;
	}
	fail_at(f->b, f->at, "an operand of an affine map is neither a loop index, a constant nor invariant in the nest");
	return NULL;
}

/* Result `result` of `map` applied to the operands of `op` from `start`. */
static isl_aff *map_result_aff(frame *f, const st_affine_map *map, st_op *op, size_t start, size_t result) {
	unsigned nd = st_affine_map_num_dims(map), ns = st_affine_map_num_symbols(map);
	isl_aff *small[16], **ops = small;
	if (nd + ns > 16 && !(ops = isl_calloc_array(f->b->m->ictx, isl_aff *, nd + ns)))
		return NULL;
	isl_aff *r = NULL;
	unsigned k = 0;
	for (; k < nd + ns; k++)
		if (!(ops[k] = value_aff(f, st_op_operand(op, start + k))))
			break;
	if (k == nd + ns) {
		const char *why = NULL;
		r = st_isl_aff_from_expr(st_affine_map_result(map, result), f->ls, ops, ops + nd, &why);
		if (!r)
			fail_at(f->b, op, "%s", why ? why : "isl failed on an affine map");
	}
	for (unsigned i = 0; i < k; i++)
		isl_aff_free(ops[i]);
	if (ops != small)
		free(ops);
	return r;
}

/* Results [first, first + count) of a bound map applied to the operands
 * of `op` from `start`: all of an affine.for bound, one dimension's group
 * of an affine.parallel bound. */
typedef struct bound_ref {
	const st_affine_map *map;
	st_op *op;
	size_t start, first, count;
} bound_ref;

/* Loop dimension t's bounds and step. */
static void loop_bounds(const frame *f, unsigned t, bound_ref *lb, bound_ref *ub, int64_t *step) {
	st_op *loop = f->loops[t];
	if (st_affine_is_for(loop)) {
		*lb = (bound_ref){st_affine_for_lb_map(loop), loop, 0, 0, 0};
		*ub = (bound_ref){st_affine_for_ub_map(loop), loop, 0, 0, 0};
		st_affine_for_lb_operands(loop, &lb->start);
		st_affine_for_ub_operands(loop, &ub->start);
		lb->count = st_affine_map_num_results(lb->map);
		ub->count = st_affine_map_num_results(ub->map);
		*step = st_affine_for_step(loop);
		return;
	}
	unsigned d = 0;
	while (d < t && f->loops[t - d - 1] == loop)
		d++;
	*lb = (bound_ref){st_affine_parallel_lb_map(loop), loop, 0, 0, 0};
	*ub = (bound_ref){st_affine_parallel_ub_map(loop), loop, 0, 0, 0};
	st_affine_parallel_lb_operands(loop, &lb->start);
	st_affine_parallel_ub_operands(loop, &ub->start);
	lb->count = st_affine_parallel_lb_group(loop, d, &lb->first);
	ub->count = st_affine_parallel_ub_group(loop, d, &ub->first);
	*step = st_affine_parallel_step(loop, d);
}

/* max (lower) or min (upper) of the results of a bound map. */
static isl_pw_aff *bound(frame *f, const bound_ref *r, bool lower) {
	const st_affine_map *map = r->map;
	st_op *op = r->op;
	size_t start = r->start;
	isl_pw_aff *acc = NULL;
	for (size_t i = r->first; i < r->first + r->count; i++) {
		isl_aff *a = map_result_aff(f, map, op, start, i);
		if (!a)
			return isl_pw_aff_free(acc);
		isl_pw_aff *p = isl_pw_aff_from_aff(a);
		acc = !acc ? p : lower ? isl_pw_aff_max(acc, p) : isl_pw_aff_min(acc, p);
	}
	return acc;
}

/* iv >= each result of a lower bound map (a max), iv < each of an upper
 * one (a min): one conjunction, where a min or max as a piecewise bound
 * would split the domain into pieces. */
static isl_set *bound_set(frame *f, unsigned t, const bound_ref *r, bool lower) {
	isl_set *set = isl_set_universe(isl_local_space_get_space(f->ls));
	if (!r->count) {
		fail_at(f->b, r->op, "a loop bound map without results");
		return isl_set_free(set);
	}
	for (size_t i = r->first; set && i < r->first + r->count; i++) {
		isl_aff *a = map_result_aff(f, r->map, r->op, r->start, i);
		if (!a)
			return isl_set_free(set);
		isl_aff *iv = isl_aff_copy(f->dims[t]);
		isl_basic_set *c = lower ? isl_aff_ge_basic_set(iv, a) : isl_aff_lt_basic_set(iv, a);
		set = isl_set_intersect(set, isl_set_from_basic_set(c));
	}
	return set;
}

/* The iterations of loop `t` of the frame, given the outer ones. */
static isl_set *loop_set(frame *f, unsigned t) {
	bound_ref lbr, ubr;
	int64_t step;
	loop_bounds(f, t, &lbr, &ubr, &step);
	isl_set *set = bound_set(f, t, &lbr, true);
	if (set)
		set = isl_set_intersect(set, bound_set(f, t, &ubr, false));
	if (set && step > 1) {
		/* The iterations are lb, lb + step, ...: a stride from the max
		 * of the lower bounds. */
		isl_pw_aff *lb = bound(f, &lbr, true);
		isl_pw_aff *off = isl_pw_aff_sub(isl_pw_aff_from_aff(isl_aff_copy(f->dims[t])), lb);
		off = isl_pw_aff_mod_val(off, isl_val_int_from_si(f->b->m->ictx, step));
		set = isl_set_intersect(set, isl_pw_aff_zero_set(off));
	}
	return set;
}

static isl_set *loops_set(frame *f, isl_space *sp) {
	isl_set *dom = isl_set_universe(isl_space_copy(sp));
	for (unsigned t = 0; dom && t < f->depth; t++) {
		isl_set *ls = loop_set(f, t);
		dom = ls ? isl_set_intersect(dom, ls) : isl_set_free(dom);
	}
	return dom;
}

/* The points where the condition of `ifop` holds. */
static isl_set *if_set(frame *f, st_op *ifop) {
	const st_integer_set *cond = st_affine_if_set(ifop);
	unsigned nd = st_integer_set_num_dims(cond);
	unsigned nv = nd + st_integer_set_num_symbols(cond);
	isl_aff *small[16], **ops = small;
	if (nv > 16 && !(ops = isl_calloc_array(f->b->m->ictx, isl_aff *, nv)))
		return NULL;
	isl_set *set = NULL;
	unsigned k = 0;
	for (; k < nv; k++)
		if (!(ops[k] = value_aff(f, st_op_operand(ifop, k))))
			break;
	if (k == nv) {
		set = isl_set_universe(isl_local_space_get_space(f->ls));
		for (size_t i = 0; set && i < st_integer_set_num_constraints(cond); i++) {
			const char *why = NULL;
			isl_aff *a = st_isl_aff_from_expr(st_integer_set_constraint(cond, i), f->ls, ops, ops + nd, &why);
			if (!a) {
				fail_at(f->b, ifop, "%s", why ? why : "isl failed on an integer set");
				set = isl_set_free(set);
				break;
			}
			isl_basic_set *c = st_integer_set_is_eq(cond, i)
			                       ? isl_aff_zero_basic_set(a)
			                       : isl_aff_ge_basic_set(a, isl_aff_zero_on_domain(isl_local_space_copy(f->ls)));
			set = isl_set_intersect(set, isl_set_from_basic_set(c));
		}
	}
	for (unsigned i = 0; i < k; i++)
		isl_aff_free(ops[i]);
	if (ops != small)
		free(ops);
	return set;
}

/* ------------------------------------------------------- statements */

/* The ops from the scope's top level down to `op` (itself included),
 * outermost first; writes up to cap, returns the count. */
static size_t chain_of(const build *b, st_op *op, st_op **out, size_t cap) {
	size_t n = 0;
	for (st_op *o = op; o; o = st_op_parent_op(o)) {
		n++;
		bool top = false;
		for (size_t i = 0; i < b->nroots; i++)
			top |= b->roots[i] == o;
		if (top)
			break;
	}
	size_t k = n;
	for (st_op *o = op; o && k; o = st_op_parent_op(o)) {
		k--;
		if (k < cap)
			out[k] = o;
	}
	return n;
}

static int cmp_addr(const void *x, const void *y) {
	const struct pos_entry *a = x, *b = y;
	return a->op < b->op ? -1 : a->op > b->op;
}

static size_t pos_of(const build *b, const st_op *op) {
	struct pos_entry key = {op, 0};
	const struct pos_entry *e = bsearch(&key, b->by_addr, b->norder, sizeof key, cmp_addr);
	return e ? e->pos : 0;
}

static isl_space *stmt_space(const st__isl_model *m, size_t k, unsigned depth) {
	isl_space *sp = isl_space_add_dims(isl_space_set_from_params(isl_space_copy(m->params_space)), isl_dim_set, depth);
	char name[24];
	for (unsigned t = 0; t < depth; t++) {
		snprintf(name, sizeof name, "i%u", t);
		sp = isl_space_set_dim_name(sp, isl_dim_set, t, name);
	}
	snprintf(name, sizeof name, "S%zu", k);
	return isl_space_set_tuple_name(sp, isl_dim_set, name);
}

/* Domain and access of statement k. */
static bool build_stmt(build *b, size_t k, st_op **chain, size_t nchain) {
	st__isl_model *m = b->m;
	st__isl_stmt *s = &m->stmts[k];
	st_op *loops[64];
	unsigned depth = 0;
	for (size_t i = 0; i + 1 < nchain; i++)
		if (st_affine_is_for(chain[i]) || st_affine_is_parallel(chain[i])) {
			size_t nd = st_affine_is_for(chain[i]) ? 1 : st_affine_parallel_num_dims(chain[i]);
			if (depth + nd > 64)
				return fail_at(b, chain[i], "loop nest deeper than 64");
			for (size_t d = 0; d < nd; d++)
				loops[depth++] = chain[i];
		} else if (!st_affine_is_if(chain[i])) {
			return fail_at(b, chain[i], "'%s' is not an affine loop or condition", st_op_name_cstr(chain[i]));
		}
	s->depth = depth;
	if (depth && !(s->loops = st_ctx_alloc(m->ctx, sizeof *s->loops * depth)))
		return false;
	memcpy(s->loops, loops, sizeof *loops * depth);
	if (depth > m->max_depth)
		m->max_depth = depth;

	isl_space *sp = stmt_space(m, k, depth);
	frame f;
	isl_set *dom = frame_init(&f, b, s->loops, depth, s->op, sp) ? loops_set(&f, sp) : NULL;
	for (size_t i = 0; dom && i + 1 < nchain; i++) {
		if (!st_affine_is_if(chain[i]))
			continue;
		isl_set *cond = if_set(&f, chain[i]);
		if (!cond) {
			dom = isl_set_free(dom);
			break;
		}
		bool in_then = st_op_block(chain[i + 1]) == st_affine_if_then(chain[i]);
		dom = in_then ? isl_set_intersect(dom, cond) : isl_set_subtract(dom, cond);
	}
	s->domain = isl_set_coalesce(dom);

	/* The access: one aff per subscript into the array's space. */
	if (s->domain) {
		const st_affine_map *map = st_affine_op_map(s->op);
		size_t start;
		st_affine_op_map_operands(s->op, &start);
		size_t rank = st_affine_map_num_results(map);
		isl_space *asp = isl_space_map_from_domain_and_range(
			isl_space_copy(sp),
			isl_space_add_dims(isl_space_set_from_params(isl_space_copy(m->params_space)), isl_dim_set, (unsigned)rank));
		asp = isl_space_set_tuple_id(asp, isl_dim_out, value_id(m, m->arrays[s->array]));
		isl_multi_aff *ma = isl_multi_aff_zero(asp);
		for (size_t r = 0; ma && r < rank; r++) {
			isl_aff *a = map_result_aff(&f, map, s->op, start, r);
			ma = a ? isl_multi_aff_set_aff(ma, (int)r, a) : isl_multi_aff_free(ma);
		}
		if (ma)
			s->access = isl_map_intersect_domain(isl_map_from_multi_aff(ma), isl_set_copy(s->domain));
	}
	frame_free(&f);
	isl_space_free(sp);
	if (!s->domain || !s->access)
		return fail_at(b, s->op, "isl failed to model the access");
	return true;
}

/* Schedule positions: c_t is the pre-order position of loop t (t < depth)
 * or of the access itself (t == depth), ranked per level afterwards. */
static int cmp_size(const void *x, const void *y) {
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return a < b ? -1 : a > b;
}

static bool build_schedules(build *b, size_t *const *cpos) {
	st__isl_model *m = b->m;
	unsigned D = m->max_depth;
	size_t *vals = st_ctx_alloc(m->ctx, sizeof *vals * (m->nstmts + 1));
	if (!vals)
		return false;
	/* Rank the positions of each level among the statements under the
	 * same loop (the schedule only ever compares those: statements under
	 * different loops are told apart at that loop's level already), so
	 * that the constants read as sibling numbers. */
	size_t **ranked = st_ctx_alloc(m->ctx, sizeof *ranked * (m->nstmts + 1));
	if (!ranked) {
		st_ctx_free(m->ctx, vals, sizeof *vals * (m->nstmts + 1));
		return false;
	}
	for (size_t k = 0; k < m->nstmts; k++)
		ranked[k] = NULL;
	bool ok = true;
	for (size_t k = 0; ok && k < m->nstmts; k++)
		ok = (ranked[k] = st_ctx_alloc(m->ctx, sizeof **ranked * (m->stmts[k].depth + 1))) != NULL;
	for (unsigned t = 0; ok && t <= D; t++) {
		for (size_t k = 0; k < m->nstmts; k++) {
			const st__isl_stmt *s = &m->stmts[k];
			if (t > s->depth)
				continue;
			const st_op *parent = t ? s->loops[t - 1] : NULL;
			size_t nv = 0;
			for (size_t j = 0; j < m->nstmts; j++) {
				const st__isl_stmt *o = &m->stmts[j];
				if (t <= o->depth && (t ? o->loops[t - 1] : NULL) == parent)
					vals[nv++] = cpos[j][t];
			}
			qsort(vals, nv, sizeof *vals, cmp_size);
			size_t rank = 0;
			for (size_t i = 0; i < nv && vals[i] != cpos[k][t]; i++)
				rank += i == 0 || vals[i] != vals[i - 1];
			ranked[k][t] = rank;
		}
	}
	for (size_t k = 0; k < m->nstmts; k++) {
		if (ok)
			memcpy(cpos[k], ranked[k], sizeof **ranked * (m->stmts[k].depth + 1));
		if (ranked[k])
			st_ctx_free(m->ctx, ranked[k], sizeof **ranked * (m->stmts[k].depth + 1));
	}
	st_ctx_free(m->ctx, ranked, sizeof *ranked * (m->nstmts + 1));
	if (!ok) {
		st_ctx_free(m->ctx, vals, sizeof *vals * (m->nstmts + 1));
		return false;
	}
	st_ctx_free(m->ctx, vals, sizeof *vals * (m->nstmts + 1));
	for (size_t k = 0; k < m->nstmts; k++) {
		st__isl_stmt *s = &m->stmts[k];
		isl_space *sp = isl_set_get_space(s->domain);
		isl_space *msp = isl_space_map_from_domain_and_range(
			isl_space_copy(sp), isl_space_add_dims(isl_space_set_from_params(isl_space_copy(m->params_space)),
		                                           isl_dim_set, 2 * D + 1));
		isl_multi_aff *ma = isl_multi_aff_zero(msp);
		isl_local_space *ls = isl_local_space_from_space(sp);
		for (unsigned t = 0; t <= s->depth; t++) {
			isl_val *c = isl_val_int_from_si(m->ictx, (long)cpos[k][t]);
			ma = isl_multi_aff_set_aff(ma, (int)(2 * t), isl_aff_val_on_domain(isl_local_space_copy(ls), c));
			if (t < s->depth)
				ma = isl_multi_aff_set_aff(ma, (int)(2 * t + 1),
				                           isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set, t));
		}
		isl_local_space_free(ls);
		s->schedule = isl_map_intersect_domain(isl_map_from_multi_aff(ma), isl_set_copy(s->domain));
		if (!s->schedule)
			return false;
	}
	return true;
}

st__isl_model *st__isl_model_build(st_context *ctx, isl_ctx *ictx, st_op *const *roots, size_t n,
                                   st__isl_model_error *err) {
	if (err)
		memset(err, 0, sizeof *err);
	st__isl_model *m = st_ctx_alloc(ctx, sizeof *m);
	if (!m)
		return NULL;
	memset(m, 0, sizeof *m);
	m->ctx = ctx;
	m->ictx = ictx;
	if (n && !(m->roots = st_ctx_alloc(ctx, sizeof *roots * n))) {
		st_ctx_free(ctx, m, sizeof *m);
		return NULL;
	}
	if (n)
		memcpy(m->roots, roots, sizeof *roots * n);
	m->nroots = n;
	build b = {.m = m, .roots = roots, .nroots = n, .err = err};
	bool between_ok = true;
	for (size_t i = 1; i < n && between_ok; i++)
		for (st_op *o = st_op_next(roots[i - 1]); o && o != roots[i]; o = st_op_next(o))
			if (!st_op_is_memory_effect_free(o) && !only_allocates(o)) {
				between_ok = fail_at(&b, o, "'%s' between the nests has memory effects", st_op_name_cstr(o));
				break;
			}
	if (!between_ok) {
		st__isl_model_destroy(m);
		return NULL;
	}
	scan sc = {&b, true};
	for (size_t i = 0; i < n && sc.ok; i++)
		st_walk(roots[i], ST_WALK_PRE, scan_op, &sc);
	bool ok = sc.ok;
	size_t **cpos = NULL;
	if (ok) {
		m->params_space = isl_space_params_alloc(ictx, (unsigned)m->nparams);
		for (size_t i = 0; i < m->nparams; i++)
			m->params_space = isl_space_set_dim_id(m->params_space, isl_dim_param, (unsigned)i,
			                                       value_id(m, m->params[i]));
		b.by_addr = st_ctx_alloc(ctx, sizeof *b.by_addr * (b.norder + 1));
		cpos = st_ctx_alloc(ctx, sizeof *cpos * (m->nstmts + 1));
		ok = m->params_space && b.by_addr && cpos;
		if (cpos)
			memset(cpos, 0, sizeof *cpos * (m->nstmts + 1));
	}
	if (ok) {
		for (size_t i = 0; i < b.norder; i++)
			b.by_addr[i] = (struct pos_entry){b.order[i], i};
		qsort(b.by_addr, b.norder, sizeof *b.by_addr, cmp_addr);
	}
	for (size_t k = 0; ok && k < m->nstmts; k++) {
		st_op *chain[160];
		size_t nchain = chain_of(&b, m->stmts[k].op, chain, 160);
		if (nchain > 160) {
			ok = fail_at(&b, m->stmts[k].op, "loop nest too deep");
			break;
		}
		ok = build_stmt(&b, k, chain, nchain);
		if (ok && !(cpos[k] = st_ctx_alloc(ctx, sizeof **cpos * (m->stmts[k].depth + 1))))
			ok = false;
		/* Every dimension of an affine.parallel sits at its position. */
		for (unsigned t = 0, c = 0; ok && c < nchain; c++)
			if (c + 1 == nchain)
				cpos[k][t++] = pos_of(&b, chain[c]);
			else if (st_affine_is_for(chain[c]) || st_affine_is_parallel(chain[c]))
				for (size_t d = st_affine_is_for(chain[c]) ? 1 : st_affine_parallel_num_dims(chain[c]); d; d--)
					cpos[k][t++] = pos_of(&b, chain[c]);
	}
	if (ok)
		ok = build_schedules(&b, cpos);
	for (size_t k = 0; cpos && k < m->nstmts; k++)
		if (cpos[k])
			st_ctx_free(ctx, cpos[k], sizeof **cpos * (m->stmts[k].depth + 1));
	if (cpos)
		st_ctx_free(ctx, cpos, sizeof *cpos * (m->nstmts + 1));
	if (b.by_addr)
		st_ctx_free(ctx, b.by_addr, sizeof *b.by_addr * (b.norder + 1));
	if (b.order)
		st_ctx_free(ctx, b.order, sizeof *b.order * b.order_cap);
	if (!ok) {
		char hint[160];
		if (st_isl_ctx_exhausted(ictx))
			fail_at(&b, roots[0], "the polyhedral analysis stopped at its operation bound %s",
			        st_limit_hint(ctx, &st_isl_operations_limit, hint, sizeof hint));
		fail_at(&b, roots[0], "the nest could not be modelled");
		st__isl_model_destroy(m);
		return NULL;
	}
	return m;
}

void st__isl_model_destroy(st__isl_model *m) {
	if (!m)
		return;
	st_context *ctx = m->ctx;
	for (size_t k = 0; k < m->nstmts; k++) {
		st__isl_stmt *s = &m->stmts[k];
		isl_set_free(s->domain);
		isl_map_free(s->access);
		isl_map_free(s->schedule);
		if (s->loops)
			st_ctx_free(ctx, s->loops, sizeof *s->loops * s->depth);
	}
	if (m->stmts)
		st_ctx_free(ctx, m->stmts, sizeof *m->stmts * m->stmt_cap);
	if (m->arrays)
		st_ctx_free(ctx, m->arrays, sizeof *m->arrays * m->array_cap);
	if (m->params)
		st_ctx_free(ctx, m->params, sizeof *m->params * m->param_cap);
	isl_space_free(m->params_space);
	if (m->roots)
		st_ctx_free(ctx, m->roots, sizeof *m->roots * m->nroots);
	st_ctx_free(ctx, m, sizeof *m);
}

static isl_union_map *union_of(const st__isl_model *m, int which) {
	isl_union_map *u = isl_union_map_empty(isl_space_copy(m->params_space));
	for (size_t k = 0; k < m->nstmts; k++) {
		const st__isl_stmt *s = &m->stmts[k];
		if (which == 2)
			u = isl_union_map_add_map(u, isl_map_copy(s->schedule));
		else if (s->write == (which == 1))
			u = isl_union_map_add_map(u, isl_map_copy(s->access));
	}
	return u;
}

isl_union_map *st__isl_model_accesses(const st__isl_model *m, bool writes) { return union_of(m, writes ? 1 : 0); }
isl_union_map *st__isl_model_schedule(const st__isl_model *m) { return union_of(m, 2); }

isl_union_set *st__isl_model_domains(const st__isl_model *m) {
	isl_union_set *u = isl_union_set_empty(isl_space_copy(m->params_space));
	for (size_t k = 0; k < m->nstmts; k++)
		u = isl_union_set_add_set(u, isl_set_copy(m->stmts[k].domain));
	return u;
}

int st__isl_model_stmt_of(const st__isl_model *m, isl_id *id) {
	const char *name = isl_id_get_name(id);
	if (!name || name[0] != 'S')
		return -1;
	long k = strtol(name + 1, NULL, 10);
	return k >= 0 && (size_t)k < m->nstmts ? (int)k : -1;
}

isl_set *st__isl_model_loops_domain(st__isl_model *m, st_op *const *loops, unsigned n, const char *name) {
	build b = {.m = m, .roots = m->roots, .nroots = m->nroots};
	isl_space *sp = stmt_space(m, 0, n);
	sp = isl_space_set_tuple_name(sp, isl_dim_set, name);
	frame f;
	isl_set *dom = frame_init(&f, &b, loops, n, loops[0], sp) ? loops_set(&f, sp) : NULL;
	frame_free(&f);
	isl_space_free(sp);
	return isl_set_coalesce(dom);
}
