/* srDFG construction: `main` becomes srdfg.graph @main, each component
 * instantiation an srdfg.node whose region is built from the component's
 * statements with the instance's own shapes (every instance is a copy, as
 * if inlined, so sizes and literal params are constants), and each
 * statement an srdfg.compute over the box of its left-hand side's indices.
 * Assigning a name again makes a new SSA edge (`pred[k]` twice gives two
 * values); names assigned without a declaration become locals whose shape
 * is the ranges of their subscripts.  Flow rules: inputs and params are
 * never written; an output or state argument must be a writable variable. */
#include "pm_build.h"

#include "strata/affine.h"
#include "strata/limit.h"

#include <stdio.h>
#include <string.h>

const st_limit_def st__pm_instances_limit = {
	.name = "pm-instances",
	.summary = "component instances of a .pm program, counting each copy an instance makes",
	.value = 1024,
};

#define ERR(at, ...) st__pm_error(b->p, at, __VA_ARGS__)
#define S(x) (int)(x).len, (x).data

static const char *const domain_names[] = {NULL, "RBT", "GA", "DSP", "DA", "DL"};

/* ------------------------------------------------------------- helpers */

st_attr *st__pm_attrs(pm_builder *b, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr e[8];
	for (size_t i = 0; i < n; i++)
		e[i] = (st_named_attr){st_ident_get(b->ctx, st_str_c(names[i])), vals[i]};
	return st_dict_attr(b->ctx, n, e);
}

st_op *st__pm_emit(pm_builder *b, st_block *blk, const char *name, size_t nops, st_value *const *ops,
                   st_type *result, st_attr *attrs, size_t nregions, pm_loc at) {
	st_op_state os = {
		.name = st_str_c(name),
		.loc = st__pm_loc(b->p, at),
		.noperands = nops,
		.operands = ops,
		.nresults = result ? 1 : 0,
		.result_types = &result,
		.attrs = attrs,
		.nregions = nregions,
	};
	st_op *op = st_op_create(b->ctx, &os);
	if (!op) {
		ERR(at, "out of memory");
		return NULL;
	}
	st_block_append_op(blk, op);
	return op;
}

st_builder st__pm_at(pm_builder *b, st_block *blk, pm_loc at) {
	return st_builder_at_end(b->ctx, blk, st__pm_loc(b->p, at));
}

bool st__pm_built(pm_builder *b, const void *made, pm_loc at) {
	if (!made)
		ERR(at, "out of memory");
	return made != NULL;
}

pm_var *st__pm_lookup(pm_scope *s, st_str name) {
	for (size_t i = s->nvars; i-- > 0;)
		if (st_str_eq(s->vars[i].name, name))
			return &s->vars[i];
	return NULL;
}

static pm_var *add_var(pm_builder *b, pm_scope *s, st_str name, pm_loc at, pm_vkind k) {
	pm_var *old = st__pm_lookup(s, name);
	if (old) {
		ERR(at, "redeclaration of '%.*s' (first declared at line %d)", S(name), old->loc.line);
		return NULL;
	}
	if (s->nvars == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		s->vars = st__pm_realloc(b->p, s->vars, cap * sizeof *s->vars);
		s->cap = cap;
	}
	pm_var *v = &s->vars[s->nvars++];
	memset(v, 0, sizeof *v);
	v->name = name;
	v->loc = at;
	v->kind = k;
	return v;
}

bool st__pm_check_size(pm_builder *b, st_str name, size_t rank, const int64_t *shape, pm_loc at) {
	int64_t n = 1;
	for (size_t i = 0; i < rank; i++)
		if (shape[i] > PM_MAX_SIZE || (n *= shape[i]) > PM_MAX_SIZE)
			return ERR(at, "'%.*s' is too large: arrays hold at most 2^31 elements", S(name));
	return true;
}

static st_type *elt_of(pm_builder *b, pm_type t, pm_loc at) {
	switch (t.kind) {
	case PM_T_BIN:
	case PM_T_BOOL: return st_integer_type(b->ctx, 1, ST_SIGNLESS);
	case PM_T_INT: return st_integer_type(b->ctx, 32, ST_SIGNLESS);
	case PM_T_FLOAT: return st_float_type(b->ctx, ST_TYPE_F32);
	case PM_T_FXP: return st__pm_fxp_check(b, t, at) ? st__pm_ir_type(b, t) : NULL;
	case PM_T_COMPLEX: return st_float_type(b->ctx, ST_TYPE_F32);
	case PM_T_STR:
		/* PolyMath's strings name the files of its I/O builtins (fread,
		 * fwrite); a dataflow graph has no string values. */
		ERR(at, "'str' values cannot be computed with: strings only name files for PolyMath's I/O builtins, "
		        "which are not supported");
		return NULL;
	default:
		ERR(at, "type '%s' is not supported in computations yet (bin, bool, int, float and fxp are)",
		    st__pm_dtype_name(t.kind));
		return NULL;
	}
}

static st_type *value_type(pm_builder *b, st_type *elt, size_t rank, const int64_t *shape) {
	return rank ? st_tensor_type(b->ctx, rank, shape, elt, NULL) : elt;
}

static st_type *edge(pm_builder *b, st_srdfg_mod m, st_type *elt, size_t rank, const int64_t *shape) {
	return st_srdfg_edge_type(b->ctx, m, value_type(b, elt, rank, shape));
}

/* The edge of a variable: a complex element is two floats, a last
 * dimension of 2. */
static st_type *var_edge(pm_builder *b, st_srdfg_mod m, const pm_var *v) {
	if (!st__pm_is_complex(v->sem))
		return edge(b, m, v->elt, v->rank, v->shape);
	int64_t shape[PM_MAX_RANK + 1];
	memcpy(shape, v->shape, v->rank * sizeof *shape);
	shape[v->rank] = 2;
	return edge(b, m, v->elt, v->rank + 1, shape);
}

/* A local edge of zeros. */
static bool new_local(pm_builder *b, pm_scope *s, pm_var *v, pm_loc at) {
	v->mod = ST_SRDFG_LOCAL;
	st_builder sb = st__pm_at(b, s->block, at);
	v->val = st_srdfg_build_init(&sb, var_edge(b, ST_SRDFG_LOCAL, v));
	return st__pm_built(b, v->val, at);
}

/* ---------------------------------------------------------- statements */

static bool index_decl(pm_builder *b, pm_scope *s, pm_stmt *st) {
	for (pm_item *it = st->items; it; it = it->next) {
		int64_t lo, hi;
		if (!st__pm_const_int(b, s, it->lo, &lo) || !st__pm_const_int(b, s, it->hi, &hi))
			return false;
		if (hi < lo)
			return ERR(it->loc, "index '%.*s' has an empty range [%lld:%lld]", S(it->name), (long long)lo,
			           (long long)hi);
		if (lo < -PM_MAX_SIZE || hi > PM_MAX_SIZE)
			return ERR(it->loc, "index '%.*s' has a range beyond [-2^31:2^31]", S(it->name));
		pm_var *v = add_var(b, s, it->name, it->loc, PM_V_INDEX);
		if (!v)
			return false;
		v->lo = lo;
		v->hi = hi;
	}
	return true;
}

static bool var_decl(pm_builder *b, pm_scope *s, pm_stmt *st) {
	st_type *elt = elt_of(b, st->type, st->loc);
	if (!elt)
		return false;
	for (pm_item *it = st->items; it; it = it->next) {
		pm_var tmp = {.elt = elt};
		for (pm_sub *d = it->dims; d; d = d->next) {
			if (tmp.rank == PM_MAX_RANK)
				return ERR(d->loc, "more than %d dimensions", PM_MAX_RANK);
			if (!st__pm_const_int(b, s, d->e, &tmp.shape[tmp.rank]))
				return false;
			if (tmp.shape[tmp.rank] < 1)
				return ERR(d->loc, "dimension of '%.*s' must be positive, not %lld", S(it->name),
				           (long long)tmp.shape[tmp.rank]);
			tmp.rank++;
		}
		if (!st__pm_check_size(b, it->name, tmp.rank, tmp.shape, it->loc))
			return false;
		pm_var *v = add_var(b, s, it->name, it->loc, PM_V_EDGE);
		if (!v)
			return false;
		v->elt = elt;
		v->sem = st->type;
		v->rank = tmp.rank;
		memcpy(v->shape, tmp.shape, sizeof v->shape);
		if (!new_local(b, s, v, it->loc))
			return false;
	}
	return true;
}

/* Indices of the free index names of a left-hand side: each subscript
 * contributes the index names it uses, in order of appearance. */
static bool collect_indices(pm_builder *b, pm_scope *s, pm_expr *e, pm_env *env) {
	if (!e)
		return true;
	if (e->kind == PM_E_NAME) {
		pm_var *v = st__pm_lookup(s, e->name);
		if (v && v->kind == PM_V_INDEX && st__pm_env_index(env, e->name) < 0) {
			if (env->nidx == PM_MAX_IDX)
				return ERR(e->loc, "more than %d indices in one statement", PM_MAX_IDX);
			env->names[env->nidx] = e->name;
			env->lo[env->nidx] = v->lo;
			env->hi[env->nidx] = v->hi;
			env->nidx++;
		}
		return true;
	}
	return collect_indices(b, s, e->a, env) && collect_indices(b, s, e->b, env);
}

/* The first read of `name` in `e`, or NULL. */
static const pm_expr *first_read(const pm_expr *e, st_str name) {
	if (!e)
		return NULL;
	if ((e->kind == PM_E_NAME || e->kind == PM_E_ACCESS) && st_str_eq(e->name, name))
		return e;
	const pm_expr *r = NULL;
	for (const pm_sub *u = e->subs; u && !r; u = u->next)
		if (!(r = first_read(u->e, name)))
			r = first_read(u->filter, name);
	for (const pm_expr *a = e->args; a && !r; a = a->next)
		r = first_read(a, name);
	if (!r && !(r = first_read(e->a, name)) && !(r = first_read(e->b, name)))
		r = first_read(e->c, name);
	return r;
}

static bool assign(pm_builder *b, pm_scope *s, pm_stmt *st) {
	pm_expr *lhs = st->lhs;
	pm_var *v = st__pm_lookup(s, lhs->name);
	pm_env env = {0};
	for (pm_sub *u = lhs->subs; u; u = u->next) {
		if (u->filter)
			return ERR(u->loc, "an index filter ':' is only allowed in a reduction's subscripts");
		if (!collect_indices(b, s, u->e, &env))
			return false;
	}
	size_t nsubs = 0;
	for (pm_sub *u = lhs->subs; u; u = u->next)
		nsubs++;
	if (!v) {
		/* An implicit local: its shape is the ranges of its index subscripts. */
		pm_var tmp = {0};
		for (pm_sub *u = lhs->subs; u; u = u->next) {
			pm_var *iv = u->e->kind == PM_E_NAME ? st__pm_lookup(s, u->e->name) : NULL;
			if (!iv || iv->kind != PM_V_INDEX || iv->lo < 0)
				return ERR(u->loc, "'%.*s' is not declared; an undeclared array can only be assigned with plain "
				                   "indices starting at 0 or above as subscripts",
				           S(lhs->name));
			if (tmp.rank == PM_MAX_RANK)
				return ERR(u->loc, "more than %d dimensions", PM_MAX_RANK);
			tmp.shape[tmp.rank++] = iv->hi + 1;
		}
		if (!st__pm_check_size(b, lhs->name, tmp.rank, tmp.shape, lhs->loc))
			return false;
		/* A new array has no value yet to read. */
		const pm_expr *self = first_read(st->rhs, lhs->name);
		if (self)
			return ERR(self->loc, "'%.*s' is read in the statement that declares it, before it has a value",
			           S(lhs->name));
		/* Its elements are floats or fixed point when the value is. */
		pm_type sem = st__pm_type_of(b, s, st->rhs);
		if (sem.kind != PM_T_FLOAT && sem.kind != PM_T_FXP && sem.kind != PM_T_COMPLEX)
			sem = (pm_type){PM_T_INT, 0, 0};
		st_type *elt = elt_of(b, sem, lhs->loc);
		v = elt ? add_var(b, s, lhs->name, lhs->loc, PM_V_EDGE) : NULL;
		if (!v)
			return false;
		v->rank = tmp.rank;
		memcpy(v->shape, tmp.shape, sizeof v->shape);
		v->elt = elt;
		v->sem = sem;
		if (b->p->failed || !new_local(b, s, v, lhs->loc))
			return false;
	}
	if (v->kind == PM_V_INDEX)
		return ERR(lhs->loc, "cannot assign to index '%.*s'", S(lhs->name));
	if (v->kind == PM_V_SYM)
		return ERR(lhs->loc, "cannot assign to size '%.*s'", S(lhs->name));
	if (v->mod == ST_SRDFG_INPUT || v->mod == ST_SRDFG_PARAM)
		return ERR(lhs->loc, "cannot write to %s '%.*s'", st_srdfg_mod_name(v->mod), S(lhs->name));
	if (nsubs != v->rank)
		return ERR(lhs->loc, "'%.*s' has %zu dimension%s, assigned with %zu subscript%s", S(lhs->name), v->rank,
		           v->rank == 1 ? "" : "s", nsubs, nsubs == 1 ? "" : "s");
	st_context *ctx = b->ctx;
	st_affine_expr *res[PM_MAX_RANK + 1];
	size_t k = 0;
	for (pm_sub *u = lhs->subs; u; u = u->next, k++) {
		pm_lin l;
		if (!st__pm_linear(b, s, &env, u->e, &l) || !st__pm_check_bounds(b, &env, &l, u->loc, lhs->name, k, v->shape[k]))
			return false;
		st_affine_expr *a = st_affine_const(ctx, l.c0);
		for (size_t i = 0; i < env.nidx; i++)
			if (l.c[i])
				a = st_affine_add(ctx, a, st_affine_mul(ctx, st_affine_dim(ctx, (unsigned)i), st_affine_const(ctx, l.c[i])));
		res[k] = a;
	}
	/* A complex element is written at [..., c] for c in 0..1, by one more
	 * dimension of the box that picks the part. */
	size_t cx = st__pm_is_complex(v->sem), nbox = env.nidx + cx;
	int64_t lb[PM_MAX_IDX + 1], ub[PM_MAX_IDX + 1];
	for (size_t i = 0; i < env.nidx; i++) {
		lb[i] = env.lo[i];
		ub[i] = env.hi[i];
	}
	if (cx) {
		lb[env.nidx] = 0;
		ub[env.nidx] = 1;
		res[v->rank] = st_affine_dim(ctx, (unsigned)env.nidx);
	}
	const st_affine_map *map = v->rank + cx ? st_affine_map_get(ctx, (unsigned)nbox, 0, v->rank + cx, res) : NULL;
	st_builder sb = st__pm_at(b, s->block, st->loc);
	st_op *op = st_srdfg_build_compute(&sb, v->val, nbox, lb, ub, map);
	if (!st__pm_built(b, op, st->loc))
		return false;
	st_block *body = st_block_create(ctx);
	st_region_append_block(st_op_region(op, 0), body);
	for (size_t i = 0; i < nbox; i++) {
		st_value *arg = st_block_add_arg(body, st_index_type(ctx), st__pm_loc(b->p, lhs->loc));
		if (i < env.nidx)
			env.vals[i] = arg;
	}
	st_value *x = st__pm_value(b, s, &env, body, st->rhs, v->sem);
	if (x && cx) {
		st_value *part = st_block_arg(body, env.nidx);
		st_value *re = st__pm_cmp(b, body, PM_OP_EQ, part, st__pm_constant(b, body, st_index_type(ctx), 0, 0.0, st->loc),
		                          st->loc);
		x = st__pm_select(b, body, re, x, st__pm_complex_im(b, x), st->loc);
	}
	if (!x)
		return false;
	sb = st__pm_at(b, body, st->loc);
	if (!st__pm_built(b, st_srdfg_build_yield(&sb, 1, &x), st->loc))
		return false;
	v->val = st_op_result(op, 0);
	v->has_const = false;
	return true;
}

/* -------------------------------------------------------- instantiation */

static bool build_body(pm_builder *b, pm_scope *s);

/* The current value of parameter `name` (locals never shadow parameters:
 * a redeclaration is an error). */
static st_value *final_value(pm_scope *s, st_str name) {
	for (size_t i = 0; i < s->nvars; i++)
		if (s->vars[i].kind == PM_V_EDGE && st_str_eq(s->vars[i].name, name))
			return s->vars[i].val;
	return NULL;
}

static pm_component *find_component(pm_builder *b, st_str name) {
	for (pm_component *c = b->p->prog.components; c; c = c->next)
		if (st_str_eq(c->name, name))
			return c;
	return NULL;
}

/* Binds the dimensions of formal `f` to the shape of an actual argument. */
static bool bind_dims(pm_builder *b, pm_scope *callee, pm_formal *f, size_t argno, const pm_var *actual,
                      pm_loc at) {
	if (f->ndims != actual->rank)
		return ERR(at, "argument %zu of '%.*s' has %zu dimension%s, the parameter '%.*s' %zu", argno,
		           S(callee->comp->name), actual->rank, actual->rank == 1 ? "" : "s", S(f->name), f->ndims);
	size_t k = 0;
	for (pm_dim *d = f->dims; d; d = d->next, k++) {
		int64_t n = actual->shape[k];
		if (!d->name.len) {
			if (d->value != n)
				return ERR(at, "argument %zu of '%.*s': dimension %zu is %lld, the parameter '%.*s' needs %lld", argno,
				           S(callee->comp->name), k, (long long)n, S(f->name), (long long)d->value);
			continue;
		}
		pm_var *sym = st__pm_lookup(callee, d->name);
		if (sym && sym->kind == PM_V_SYM) {
			if (sym->lo != n)
				return ERR(at, "argument %zu of '%.*s': size '%.*s' is %lld here but %lld from an earlier argument",
				           argno, S(callee->comp->name), S(d->name), (long long)n, (long long)sym->lo);
			continue;
		}
		if (sym)
			return ERR(d->loc, "size '%.*s' has the name of a parameter", S(d->name));
		sym = add_var(b, callee, d->name, d->loc, PM_V_SYM);
		if (!sym)
			return false;
		sym->lo = n;
	}
	return true;
}

static const char *type_word(pm_builder *b, pm_type t) {
	if (t.kind != PM_T_FXP)
		return t.kind == PM_T_BOOL ? "bin" : st__pm_dtype_name(t.kind);
	char *w = st__pm_alloc(b->p, 24);
	snprintf(w, 24, "fxp%d_%d", t.fxp_int, t.fxp_frac);
	return w;
}

static bool same_type(pm_type x, pm_type y) {
	bool bx = x.kind == PM_T_BOOL || x.kind == PM_T_BIN, by = y.kind == PM_T_BOOL || y.kind == PM_T_BIN;
	return (bx && by) || (x.kind == y.kind && x.fxp_int == y.fxp_int && x.fxp_frac == y.fxp_frac);
}

/* The value of scalar param `f` (of element type `felt`) given as the
 * literal expression `arg` at `at` (an argument of an instance, `what`
 * names it; or main's default), as an attribute, with its integer and
 * float forms in *lit; NULL after an error. */
static st_attr *param_literal(pm_builder *b, pm_scope *s, pm_formal *f, st_type *felt, pm_expr *arg, pm_loc at,
                              const char *what, pm_var *lit) {
	if (arg->kind == PM_E_FLOAT || (arg->kind == PM_E_UN && arg->a->kind == PM_E_FLOAT)) {
		lit->cf = arg->kind == PM_E_FLOAT ? arg->f : -arg->a->f;
		lit->ci = (int64_t)lit->cf;
	} else if (st__pm_is_complex(f->type)) {
		return ERR(at, "%s must be a variable: a complex param is not given as a literal", what), NULL;
	} else if (arg->kind == PM_E_STR) {
		return ERR(at, "%s is a string; strings are not supported yet", what), NULL;
	} else {
		if (!st__pm_const_int(b, s, arg, &lit->ci))
			return NULL;
		lit->cf = (double)lit->ci;
	}
	if (st__pm_is_fxp(f->type)) {
		/* Kept as its scaled integer, never a size or a subscript. */
		bool fl = arg->kind == PM_E_FLOAT || (arg->kind == PM_E_UN && arg->a->kind == PM_E_FLOAT);
		lit->ci = st__pm_fxp_scale(fl, lit->ci, lit->cf, f->type);
	} else if (st_type_is_float(felt))
		lit->ci = (int64_t)lit->cf;
	else
		lit->cf = (double)lit->ci;
	lit->const_float = st_type_is_float(felt) || st__pm_is_fxp(f->type);
	return st_type_is_float(felt) ? st_float_attr(b->ctx, felt, lit->cf) : st_integer_attr(b->ctx, felt, lit->ci);
}

static bool instantiate(pm_builder *b, pm_scope *s, pm_stmt *st) {
	pm_expr *call = st->call;
	pm_component *c = find_component(b, call->name);
	if (!c)
		return ERR(call->loc, "unknown component '%.*s'", S(call->name));
	if (st->domain && s->parent)
		return ERR(st->domain_loc, "domain annotations are only allowed on instantiations in main");
	if (st_str_eq_c(c->name, "main"))
		return ERR(call->loc, "'main' cannot be instantiated");
	for (pm_scope *up = s; up; up = up->parent)
		if (up->comp == c)
			return ERR(call->loc, "component '%.*s' instantiates itself", S(c->name));
	if (s->depth >= 64)
		return ERR(call->loc, "components nested more than 64 deep");
	/* Each instance is a copy of the component's graph: a component that
	 * instantiates the previous one twice doubles at every level, which the
	 * depth limit alone lets grow to 2^64. */
	int64_t cap = st_context_limit(b->ctx, &st__pm_instances_limit);
	if (++b->ninstances > cap) {
		char hint[160];
		return ERR(call->loc, "more than %lld component instances in the program %s", (long long)cap,
		           st_limit_hint(b->ctx, &st__pm_instances_limit, hint, sizeof hint));
	}
	size_t nargs = 0;
	for (pm_expr *a = call->args; a; a = a->next)
		nargs++;
	if (c->nformals > 256)
		return ERR(c->loc, "more than 256 parameters");
	/* Trailing params with defaults may be left out. */
	pm_formal *fs[256];
	size_t need = 0;
	for (pm_formal *f = c->formals; f; f = f->next)
		fs[need++] = f;
	while (need > 0 && fs[need - 1]->dflt)
		need--;
	if (nargs < need || nargs > c->nformals)
		return need < c->nformals ? ERR(call->loc, "'%.*s' takes %zu to %zu arguments, %zu given", S(c->name), need,
		                                c->nformals, nargs)
		                          : ERR(call->loc, "'%.*s' takes %zu argument%s, %zu given", S(c->name), need,
		                                need == 1 ? "" : "s", nargs);
	pm_scope callee = {.comp = c, .depth = s->depth + 1, .parent = s};
	callee.domain = st->domain ? domain_names[st->domain] : s->domain;
	st_value *ops[256];
	pm_var *outs[256];
	size_t nops = 0, nouts = 0;
	/* First pass: shapes, flows and the operands. */
	pm_expr *a = call->args;
	size_t argno = 1;
	for (pm_formal *f = c->formals; f; f = f->next, argno++) {
		pm_expr *arg = a ? a : f->dflt;
		pm_loc at = a ? a->loc : call->loc;
		if (a)
			a = a->next;
		st_type *felt = elt_of(b, f->type, f->loc);
		if (!felt)
			return false;
		pm_var *cv = arg->kind == PM_E_NAME ? st__pm_lookup(s, arg->name) : NULL;
		pm_var *fv;
		if (f->mod == PM_M_PARAM && !f->ndims && (!cv || cv->kind != PM_V_EDGE)) {
			/* A scalar param given as a constant expression. */
			pm_var lit = {.elt = felt, .has_const = true};
			char what[300];
			snprintf(what, sizeof what, "argument %zu of '%.*s'", argno, S(c->name));
			st_attr *val = param_literal(b, s, f, felt, arg, at, what, &lit);
			if (!val)
				return false;
			st_builder sb = st__pm_at(b, s->block, at);
			st_value *k = st_srdfg_build_constant(&sb, val, edge(b, ST_SRDFG_PARAM, felt, 0, NULL));
			if (!st__pm_built(b, k, at))
				return false;
			ops[nops++] = k;
			fv = add_var(b, &callee, f->name, f->loc, PM_V_EDGE);
			if (!fv)
				return false;
			*fv = (pm_var){.name = f->name, .kind = PM_V_EDGE, .loc = f->loc, .mod = ST_SRDFG_PARAM, .elt = felt,
			               .sem = f->type, .has_const = true, .const_float = lit.const_float, .ci = lit.ci,
			               .cf = lit.cf};
			continue;
		}
		if (!cv) {
			if (arg->kind == PM_E_NAME)
				return ERR(at, "use of undeclared name '%.*s'", S(arg->name));
			return ERR(at, "argument %zu of '%.*s' must be a variable: the parameter '%.*s' is %s %s", argno,
			           S(c->name), S(f->name), f->mod == PM_M_PARAM ? "an array" : "a flow",
			           f->mod == PM_M_INPUT ? "input" : f->mod == PM_M_OUTPUT ? "output" : f->mod == PM_M_STATE ? "state" : "param");
		}
		if (cv->kind != PM_V_EDGE)
			return ERR(at, "argument %zu of '%.*s' must be a variable, not the %s '%.*s'", argno, S(c->name),
			           cv->kind == PM_V_INDEX ? "index" : "size", S(arg->name));
		if (!same_type(cv->sem, f->type))
			return ERR(at, "argument %zu of '%.*s' is of type '%s', the parameter '%.*s' of type '%s'", argno,
			           S(c->name), type_word(b, cv->sem), S(f->name), type_word(b, f->type));
		if ((f->mod == PM_M_OUTPUT || f->mod == PM_M_STATE) &&
		    (cv->mod == ST_SRDFG_INPUT || cv->mod == ST_SRDFG_PARAM))
			return ERR(at, "cannot pass %s '%.*s' as the %s argument %zu of '%.*s'", st_srdfg_mod_name(cv->mod),
			           S(cv->name), f->mod == PM_M_OUTPUT ? "output" : "state", argno, S(c->name));
		if (!bind_dims(b, &callee, f, argno, cv, at))
			return false;
		if (f->mod == PM_M_OUTPUT || f->mod == PM_M_STATE) {
			for (size_t i = 0; i < nouts; i++)
				if (outs[i] == cv)
					return ERR(at, "'%.*s' is passed to more than one output or state argument of '%.*s'",
					           S(cv->name), S(c->name));
			outs[nouts++] = cv;
		}
		ops[nops++] = cv->val;
		fv = add_var(b, &callee, f->name, f->loc, PM_V_EDGE);
		if (!fv)
			return false;
		fv->mod = (st_srdfg_mod)f->mod;
		fv->elt = felt;
		fv->sem = f->type;
		fv->rank = cv->rank;
		memcpy(fv->shape, cv->shape, sizeof fv->shape);
		fv->has_const = cv->has_const;
		fv->const_float = cv->const_float;
		fv->ci = cv->ci;
		fv->cf = cv->cf;
	}
	/* The node, its region's arguments, and the callee's statements. */
	st_type *rtypes[256];
	for (size_t i = 0; i < nouts; i++)
		rtypes[i] = var_edge(b, outs[i]->mod, outs[i]);
	st_builder nb = st__pm_at(b, s->block, call->loc);
	st_op *node = st_srdfg_build_node(&nb, c->name, callee.domain, nops, ops, nouts, rtypes);
	if (!st__pm_built(b, node, call->loc))
		return false;
	callee.block = st_block_create(b->ctx);
	st_region_append_block(st_op_region(node, 0), callee.block);
	for (size_t i = 0; i < callee.nvars; i++) {
		pm_var *fv = &callee.vars[i];
		if (fv->kind == PM_V_EDGE)
			fv->val = st_block_add_arg(callee.block, var_edge(b, fv->mod, fv),
			                           st__pm_loc(b->p, fv->loc));
	}
	if (!build_body(b, &callee))
		return false;
	/* The final values of the output and state parameters, in order. */
	st_value *ys[256];
	size_t ny = 0;
	for (size_t i = 0; i < c->nformals; i++)
		if (fs[i]->mod == PM_M_OUTPUT || fs[i]->mod == PM_M_STATE)
			ys[ny++] = final_value(&callee, fs[i]->name);
	st_builder yb = st__pm_at(b, callee.block, c->loc);
	if (!st__pm_built(b, st_srdfg_build_yield(&yb, ny, ys), c->loc))
		return false;
	for (size_t i = 0; i < nouts; i++) {
		outs[i]->val = st_op_result(node, i);
		outs[i]->has_const = false;
	}
	return true;
}

static bool build_body(pm_builder *b, pm_scope *s) {
	for (pm_stmt *st = s->comp->body; st; st = st->next) {
		bool ok;
		switch (st->kind) {
		case PM_S_INDEX: ok = index_decl(b, s, st); break;
		case PM_S_DECL: ok = var_decl(b, s, st); break;
		case PM_S_ASSIGN: ok = assign(b, s, st); break;
		default: ok = instantiate(b, s, st); break;
		}
		if (!ok || b->p->failed)
			return false;
	}
	return true;
}

/* ---------------------------------------------------------------- main */

static bool check_program(pm_builder *b) {
	for (pm_component *c = b->p->prog.components; c; c = c->next) {
		for (pm_component *d = b->p->prog.components; d != c; d = d->next)
			if (st_str_eq(c->name, d->name))
				return ERR(c->loc, "redefinition of component '%.*s' (first defined at line %d)", S(c->name), d->loc.line);
		for (pm_formal *f = c->formals; f; f = f->next) {
			for (pm_formal *g = c->formals; g != f; g = g->next)
				if (st_str_eq(f->name, g->name))
					return ERR(f->loc, "parameter '%.*s' appears twice", S(f->name));
			if (f->dflt && (f->mod != PM_M_PARAM || f->ndims))
				return ERR(f->loc, "only scalar params can have default values");
		}
	}
	for (pm_reduction *r = b->p->prog.reductions; r; r = r->next) {
		for (pm_reduction *q = b->p->prog.reductions; q != r; q = q->next)
			if (st_str_eq(r->name, q->name))
				return ERR(r->loc, "redefinition of reduction '%.*s'", S(r->name));
		if (st_str_eq(r->a, r->b))
			return ERR(r->loc, "the operands of reduction '%.*s' need two different names", S(r->name));
	}
	return true;
}

/* What the kernel keeps of main's formal `f` (docs/pmlang.md): its name
 * (`srdfg.name`, the name of the kernel's buffer: stratac's files) and a
 * scalar param's default (`func.default`, the value strata-run and
 * stratac give it when none is given). */
static bool main_arg_attrs(pm_builder *b, pm_scope *s, pm_formal *f, st_type *elt, st_attr **out) {
	st_named_attr e[2];
	size_t n = 0;
	e[n++] = (st_named_attr){st_ident_get_c(b->ctx, "srdfg.name"), st_string_attr(b->ctx, f->name)};
	if (f->dflt) {
		pm_var lit = {.elt = elt};
		char what[300];
		snprintf(what, sizeof what, "the default of '%.*s'", S(f->name));
		st_attr *v = param_literal(b, s, f, elt, f->dflt, f->dflt->loc, what, &lit);
		if (!v)
			return false;
		e[n++] = (st_named_attr){st_ident_get_c(b->ctx, "func.default"), v};
	}
	*out = st_dict_attr(b->ctx, n, e);
	return *out != NULL;
}

static bool build_main(pm_builder *b, pm_component *c, st_op *module) {
	pm_scope s = {.comp = c};
	st_attr *args[256];
	size_t nargs = 0;
	if (c->nformals > 256)
		return ERR(c->loc, "more than 256 parameters");
	st_builder gb = st__pm_at(b, st_region_first_block(st_op_region(module, 0)), c->loc);
	st_op *g = st_srdfg_build_graph(&gb, st_str_c("main"));
	if (!st__pm_built(b, g, c->loc))
		return false;
	s.block = st_block_create(b->ctx);
	st_region_append_block(st_op_region(g, 0), s.block);
	for (pm_formal *f = c->formals; f; f = f->next) {
		st_type *elt = elt_of(b, f->type, f->loc);
		if (!elt)
			return false;
		pm_var *v = add_var(b, &s, f->name, f->loc, PM_V_EDGE);
		if (!v)
			return false;
		v->mod = (st_srdfg_mod)f->mod;
		v->elt = elt;
		v->sem = f->type;
		for (pm_dim *d = f->dims; d; d = d->next) {
			if (d->name.len)
				return ERR(d->loc, "the sizes of main's parameters must be numbers, not '%.*s'", S(d->name));
			if (d->value < 1)
				return ERR(d->loc, "dimension of '%.*s' must be positive, not %lld", S(f->name), (long long)d->value);
			if (v->rank == PM_MAX_RANK)
				return ERR(d->loc, "more than %d dimensions", PM_MAX_RANK);
			v->shape[v->rank++] = d->value;
		}
		if (!st__pm_check_size(b, f->name, v->rank, v->shape, f->loc))
			return false;
		if (!v->rank && (f->mod == PM_M_OUTPUT || f->mod == PM_M_STATE))
			return ERR(f->loc, "main's %s '%.*s' must be an array (write it '%.*s[1]')",
			           f->mod == PM_M_OUTPUT ? "output" : "state", S(f->name), S(f->name));
		v->val = st_block_add_arg(s.block, var_edge(b, v->mod, v), st__pm_loc(b->p, f->loc));
		if (!main_arg_attrs(b, &s, f, elt, &args[nargs++]))
			return false;
	}
	st_op_set_attr(g, "arg_attrs", st_array_attr(b->ctx, nargs, args));
	if (!build_body(b, &s))
		return false;
	st_value *ys[512];
	size_t n = 0;
	for (size_t pass = 0; pass < 2; pass++) {
		size_t i = 0;
		for (pm_formal *f = c->formals; f; f = f->next, i++)
			if ((f->mod == PM_M_OUTPUT || f->mod == PM_M_STATE) && n < 512) {
				ys[n++] = pass == 0 ? final_value(&s, f->name) : st_block_arg(s.block, i);
			}
	}
	st_builder rb = st__pm_at(b, s.block, c->loc);
	return st__pm_built(b, st_srdfg_build_return(&rb, n, ys), c->loc);
}

bool st__pm_build(pm_parser *p, st_op *module) {
	pm_builder b = {.p = p, .ctx = p->ctx};
	pm_component *main_c = NULL;
	bool ok = check_program(&b);
	for (pm_component *c = p->prog.components; ok && c; c = c->next)
		if (st_str_eq_c(c->name, "main"))
			main_c = c;
	if (ok && !main_c)
		ok = st__pm_error(p, (pm_loc){1, 1}, "no component 'main'");
	if (ok)
		ok = build_main(&b, main_c, module);
	st__pm_bounds_free(&b);
	return ok && !p->failed;
}
