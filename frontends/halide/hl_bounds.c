/* Bounds inference with Halide's rules: walking from the outputs to the
 * inputs, the region of each func is the union of what its consumers read
 * in the iterations of one run of the loop it is computed in (its
 * compute_at level: loops enclosing it are fixed, the others range over
 * their extents), and the loops of each stage follow from that region and
 * the stage's splits (ShiftInwards tiles start at min(o * f, extent - f),
 * GuardWithIf tiles are guarded, RoundUp tiles grow the region).  A 3x3
 * consumer of a 512x32 tile reads a 514x34 region; a cascade of two 3x3
 * blurs shrinks 64 -> 62 -> 60. */
#include "hl_lower.h"

#include <stdio.h>
#include <string.h>

#define S(x) (int)(x).len, (x).data

static bool str_eq(st_str a, st_str b) { return a.len == b.len && memcmp(a.data, b.data, a.len) == 0; }

static bool has_loops(const st__hl_func *f) { return f->kind == ST__HL_F_FUNC || f->kind == ST__HL_F_WRAPPER; }

static bool is_realized(const st__hl_func *f) {
	return has_loops(f) && (f->out_index >= 0 || f->nupdates > 0 || (f->compute.set && f->compute.kind != ST__HL_INLINE));
}

/* ------------------------------------------------------------ structure */

static int new_ph(st__hl_lower *L, int loop, int64_t lo, int64_t hi) {
	st__hl_grow(L->p, (void **)&L->phs, &L->phcap, sizeof *L->phs, L->nphs + 1);
	st__hl_ph ph = {.lo = lo, .hi = hi, .loop = loop};
	L->phs[L->nphs] = ph;
	return (int)L->nphs++;
}

int st__hl_loop_parent(const st__hl_lower *L, int loop) {
	const st__hl_loop *l = &L->loops[loop];
	const st__hl_iter *it = &L->lf[l->func].iters[l->stage];
	if ((size_t)l->dim + 1 < it->nloops)
		return it->loops[l->dim + 1];
	return L->lf[l->func].compute_loop;
}

bool st__hl_loop_encloses(const st__hl_lower *L, int outer, int inner) {
	if (outer < 0)
		return true;
	for (int l = inner; l >= 0; l = st__hl_loop_parent(L, l))
		if (l == outer)
			return true;
	return false;
}

st_affine_expr *st__hl_iter_value(const st__hl_iter *it, st_str name) {
	for (size_t i = 0; i < it->nnames; i++)
		if (str_eq(it->names[i].name, name))
			return it->names[i].val;
	return NULL;
}

/* The entry of `name` in an iteration (made on first use). */
static st__hl_name_val *nv(st__hl_lower *L, st__hl_iter *it, st_str name) {
	for (size_t i = 0; i < it->nnames; i++)
		if (str_eq(it->names[i].name, name))
			return &it->names[i];
	st__hl_grow(L->p, (void **)&it->names, &it->ncap, sizeof *it->names, it->nnames + 1);
	st__hl_name_val e = {.name = name};
	it->names[it->nnames] = e;
	return &it->names[it->nnames++];
}

static st_str rvar_str(st__hl_parser *p, const st__hl_rdom *r, int d) {
	char buf[80];
	int n = snprintf(buf, sizeof buf, "%.*s.%c", S(r->name), "xyzw"[d]);
	return st__hl_strdup(p, buf, (size_t)n);
}

/* RoundUp runs the last tile whole and grows the func's region to cover it
 * (Halide's rule); a region that cannot grow is guarded instead, which
 * gives the same values: an output's (Halide's realize computes it into a
 * larger buffer and crops it) or one fixed by bound(). */
static st__hl_tail resolve_tail(const st__hl_func *f, const st__hl_split *s, int stage, int64_t e) {
	st__hl_tail t = s->tail;
	if (t == ST__HL_TAIL_AUTO)
		t = stage == 0 ? ST__HL_TAIL_SHIFT : ST__HL_TAIL_GUARD;
	if ((t == ST__HL_TAIL_ROUNDUP && (f->out_index >= 0 || f->nbounds)) || (t == ST__HL_TAIL_SHIFT && e < s->factor))
		t = ST__HL_TAIL_GUARD;
	return t;
}

/* The innermost placeholder loop an expression depends on (-1: none). */
static int innermost_loop(st__hl_lower *L, st_affine_expr *e) {
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_DIM: return L->phs[st_affine_expr_position(e)].loop;
	case ST_AFFINE_CONST:
	case ST_AFFINE_SYMBOL: return -1;
	default: {
		int a = innermost_loop(L, st_affine_expr_lhs(e)), b = innermost_loop(L, st_affine_expr_rhs(e));
		if (a < 0)
			return b;
		if (b < 0)
			return a;
		return st__hl_loop_encloses(L, a, b) ? b : a;
	}
	}
}

/* The iteration of one stage over f's region; `covered` gets, per
 * dimension, how far from the region's min its loops reach (more than the
 * region's extent after a RoundUp split). */
static bool build_iter(st__hl_lower *L, int fi, int stage, int64_t *covered) {
	st__hl_parser *p = L->p;
	st_context *ctx = L->ctx;
	st__hl_func *f = &p->funcs[fi];
	st__hl_lfunc *lf = &L->lf[fi];
	st__hl_stage_sched *s = st__hl_stage(f, stage);
	st__hl_iter *it = &lf->iters[stage];
	const st__hl_update *u = stage ? &f->updates[stage - 1] : NULL;
	const st__hl_rdom *r = u && u->rdom >= 0 ? &p->rdoms[u->rdom] : NULL;
	/* Extents of the original names. */
	for (int d = 0; d < f->ndims; d++)
		nv(L, it, p->vars[f->args[d]].name)->extent = lf->region.extent[d];
	for (int d = 0; r && d < r->n; d++)
		nv(L, it, rvar_str(p, r, d))->extent = r->extent[d];
	/* Forward: the extents splits and fuses give. */
	int64_t *old_e = st__hl_alloc(p, (s->nsplits + 1) * sizeof *old_e);
	for (size_t k = 0; k < s->nsplits; k++) {
		const st__hl_split *sp = &s->splits[k];
		if (sp->fuse) {
			int64_t ei = nv(L, it, sp->inner)->extent, eo = nv(L, it, sp->outer)->extent;
			old_e[k] = ei;
			nv(L, it, sp->old)->extent = ei * eo;
			continue;
		}
		int64_t e = nv(L, it, sp->old)->extent;
		old_e[k] = e;
		nv(L, it, sp->inner)->extent = sp->factor;
		nv(L, it, sp->outer)->extent = (e + sp->factor - 1) / sp->factor;
	}
	/* The loops and their placeholders; ids are made outermost first so
	 * that a parent comes before its children. */
	it->nloops = s->ndims;
	it->loops = st__hl_alloc(p, (s->ndims + 1) * sizeof *it->loops);
	for (size_t d = s->ndims; d-- > 0;) {
		st__hl_grow(p, (void **)&L->loops, &L->lcap, sizeof *L->loops, L->nloops + 1);
		int id = (int)L->nloops++;
		st__hl_name_val *n = nv(L, it, s->dims[d].name);
		st__hl_loop lp = {.func = fi, .stage = stage, .dim = (int)d, .extent = n->extent};
		L->loops[id] = lp;
		it->loops[d] = id;
		L->loops[id].ph = new_ph(L, id, 0, n->extent - 1);
		n->val = st_affine_dim(ctx, (unsigned)L->loops[id].ph);
		n->reach = n->extent;
	}
	/* Backward: the value of each split name from its loops. */
	for (size_t k = s->nsplits; k-- > 0;) {
		const st__hl_split *sp = &s->splits[k];
		if (sp->fuse) {
			st__hl_name_val *fused = nv(L, it, sp->old), *in = nv(L, it, sp->inner), *out = nv(L, it, sp->outer);
			st_affine_expr *c = st_affine_const(ctx, old_e[k]);
			in->val = st_affine_mod(ctx, fused->val, c);
			out->val = st_affine_floordiv(ctx, fused->val, c);
			in->reach = fused->reach < old_e[k] ? fused->reach : old_e[k];
			out->reach = (fused->reach + old_e[k] - 1) / old_e[k];
			continue;
		}
		st_affine_expr *vo = nv(L, it, sp->outer)->val, *vi = nv(L, it, sp->inner)->val;
		int64_t e = old_e[k];
		st__hl_tail t = resolve_tail(f, sp, stage, e);
		/* The last tile's end: past e only when RoundUp runs it whole. */
		int64_t reach = (nv(L, it, sp->outer)->reach - 1) * sp->factor + nv(L, it, sp->inner)->reach;
		nv(L, it, sp->old)->reach = t == ST__HL_TAIL_ROUNDUP || reach < e ? reach : e;
		st_affine_expr *base = st_affine_mul(ctx, vo, st_affine_const(ctx, sp->factor));
		if (e % sp->factor != 0 && t == ST__HL_TAIL_SHIFT) {
			/* The last tile moves inwards: its start is min(o * f, e - f). */
			int ph = new_ph(L, innermost_loop(L, vo), 0, e - sp->factor);
			L->phs[ph].src = vo;
			L->phs[ph].factor = sp->factor;
			L->phs[ph].limit = e - sp->factor;
			base = st_affine_dim(ctx, (unsigned)ph);
		}
		st_affine_expr *v = st_affine_add(ctx, base, vi);
		nv(L, it, sp->old)->val = v;
		if (e % sp->factor != 0 && t == ST__HL_TAIL_GUARD) {
			st__hl_grow(p, (void **)&it->guards, &it->gcap, sizeof *it->guards, it->nguards + 1);
			st__hl_guard g = {v, e - 1};
			it->guards[it->nguards++] = g;
		}
	}
	/* The original names: region or domain min plus the loop value. */
	for (int d = 0; d < f->ndims; d++) {
		st__hl_name_val *n = nv(L, it, p->vars[f->args[d]].name);
		covered[d] = n->val ? n->reach : 0;
		if (n->val)
			n->val = st_affine_add(ctx, lf->region.min[d], n->val);
	}
	for (int d = 0; r && d < r->n; d++) {
		st__hl_name_val *n = nv(L, it, rvar_str(p, r, d));
		n->val = st_affine_add(ctx, st_affine_const(ctx, r->min[d]), n->val);
	}
	return true;
}

/* ------------------------------------------------------------ intervals */

/* [lo, hi] of an index expression; NULL bounds are unknown. */
typedef struct ival {
	st_affine_expr *lo, *hi;
} ival;

/* Where the values of vars come from while walking a definition: the top
 * frame is a stage's iteration (exact values), an inlined func's frame
 * maps its arguments to the intervals of the call's arguments. */
typedef struct env {
	const st__hl_func *f;
	const st__hl_iter *it; /* top frame */
	ival args[ST__HL_MAX_DIMS];
} env;

typedef struct bctx {
	st__hl_lower *L;
	int fixed; /* loop level the bounds are relative to (-1: root) */
	int depth; /* of funcs whose definitions bound their values */
} bctx;

static bool is_fixed(const bctx *b, int ph) {
	int loop = b->L->phs[ph].loop;
	return b->fixed >= 0 && loop >= 0 && st__hl_loop_encloses(b->L, loop, b->fixed);
}

static bool has_free(const bctx *b, st_affine_expr *e) {
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_DIM: return !is_fixed(b, (int)st_affine_expr_position(e));
	case ST_AFFINE_CONST:
	case ST_AFFINE_SYMBOL: return false;
	default: return has_free(b, st_affine_expr_lhs(e)) || has_free(b, st_affine_expr_rhs(e));
	}
}

/* The least (lower) or greatest value of e over the free placeholders. */
static st_affine_expr *relax(const bctx *b, st_affine_expr *e, bool lower) {
	st_context *ctx = b->L->ctx;
	if (!e)
		return NULL;
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_DIM: {
		int ph = (int)st_affine_expr_position(e);
		if (is_fixed(b, ph))
			return e;
		return st_affine_const(ctx, lower ? b->L->phs[ph].lo : b->L->phs[ph].hi);
	}
	case ST_AFFINE_CONST:
	case ST_AFFINE_SYMBOL: return e;
	case ST_AFFINE_ADD:
		return st_affine_add(ctx, relax(b, st_affine_expr_lhs(e), lower), relax(b, st_affine_expr_rhs(e), lower));
	case ST_AFFINE_MUL: {
		st_affine_expr *l = st_affine_expr_lhs(e), *r = st_affine_expr_rhs(e);
		if (st_affine_expr_kind(r) != ST_AFFINE_CONST)
			return NULL;
		bool neg = st_affine_expr_value(r) < 0;
		return st_affine_mul(ctx, relax(b, l, neg ? !lower : lower), r);
	}
	case ST_AFFINE_FLOORDIV:
	case ST_AFFINE_CEILDIV: {
		st_affine_expr *r = st_affine_expr_rhs(e);
		if (st_affine_expr_kind(r) != ST_AFFINE_CONST || st_affine_expr_value(r) <= 0)
			return NULL;
		return st_affine_binary(ctx, st_affine_expr_kind(e), relax(b, st_affine_expr_lhs(e), lower), r);
	}
	case ST_AFFINE_MOD: {
		st_affine_expr *r = st_affine_expr_rhs(e);
		if (st_affine_expr_kind(r) != ST_AFFINE_CONST || st_affine_expr_value(r) <= 0)
			return NULL;
		if (!has_free(b, st_affine_expr_lhs(e)))
			return e;
		return st_affine_const(ctx, lower ? 0 : st_affine_expr_value(r) - 1);
	}
	}
	return NULL;
}

/* A linear form: atoms (dims, or non-linear subexpressions, which are
 * uniqued) with coefficients, and a constant. */
typedef struct lin {
	st_affine_expr *atom[32];
	int64_t coef[32];
	size_t n;
	int64_t c;
	bool ok;
} lin;

static void lin_add(lin *l, st_affine_expr *e, int64_t k) {
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_CONST: l->c += k * st_affine_expr_value(e); return;
	case ST_AFFINE_ADD:
		lin_add(l, st_affine_expr_lhs(e), k);
		lin_add(l, st_affine_expr_rhs(e), k);
		return;
	case ST_AFFINE_MUL:
		if (st_affine_expr_kind(st_affine_expr_rhs(e)) == ST_AFFINE_CONST) {
			lin_add(l, st_affine_expr_lhs(e), k * st_affine_expr_value(st_affine_expr_rhs(e)));
			return;
		}
		break;
	default: break;
	}
	for (size_t i = 0; i < l->n; i++)
		if (l->atom[i] == e) {
			l->coef[i] += k;
			return;
		}
	if (l->n == 32) {
		l->ok = false;
		return;
	}
	l->atom[l->n] = e;
	l->coef[l->n++] = k;
}

/* a - b when it is a constant. */
static bool const_diff(st_affine_expr *a, st_affine_expr *b, int64_t *out) {
	lin l = {.ok = true};
	lin_add(&l, a, 1);
	lin_add(&l, b, -1);
	for (size_t i = 0; i < l.n; i++)
		if (l.coef[i])
			return false;
	*out = l.c;
	return l.ok;
}

/* min or max of two bounds when their order is known. */
static st_affine_expr *pick(st_context *ctx, st_affine_expr *a, st_affine_expr *b, bool want_min) {
	(void)ctx;
	int64_t d;
	if (!a || !b || !const_diff(a, b, &d))
		return NULL;
	return (d <= 0) == want_min ? a : b;
}

static ival unknown(void) {
	ival r = {NULL, NULL};
	return r;
}

static ival type_range(const bctx *b, st__hl_type t) {
	st_context *ctx = b->L->ctx;
	if (st__hl_is_float(t) || t.bits >= 32)
		return unknown();
	int64_t lo = t.code == ST__HL_INT ? -(INT64_C(1) << (t.bits - 1)) : 0;
	int64_t hi = t.code == ST__HL_INT ? (INT64_C(1) << (t.bits - 1)) - 1 : (INT64_C(1) << t.bits) - 1;
	ival r = {st_affine_const(ctx, lo), st_affine_const(ctx, hi)};
	return r;
}

static ival bounds_of(const bctx *b, const env *en, const st__hl_expr *e);

/* The range of the values a func holds (tables: their entries). */
static ival value_range(const bctx *b, const st__hl_func *f) {
	if (f->kind == ST__HL_F_TABLE && f->ivals) {
		int64_t n = 1, lo = INT64_MAX, hi = INT64_MIN;
		for (int d = 0; d < f->ndims; d++)
			n *= f->size[d];
		for (int64_t i = 0; i < n; i++) {
			lo = f->ivals[i] < lo ? f->ivals[i] : lo;
			hi = f->ivals[i] > hi ? f->ivals[i] : hi;
		}
		ival r = {st_affine_const(b->L->ctx, lo), st_affine_const(b->L->ctx, hi)};
		return r;
	}
	return type_range(b, f->type);
}

static ival relaxed(const bctx *b, ival v) {
	ival r = {relax(b, v.lo, true), relax(b, v.hi, false)};
	return r;
}

static ival bounds_of(const bctx *b, const env *en, const st__hl_expr *e) {
	st_context *ctx = b->L->ctx;
	st__hl_parser *p = b->L->p;
	ival r = unknown(), x, y;
	switch (e->kind) {
	case ST__HL_E_INT:
		r.lo = r.hi = st_affine_const(ctx, e->i);
		return r;
	case ST__HL_E_VAR:
	case ST__HL_E_RVAR:
		if (en->it) {
			st_str name;
			char buf[80];
			if (e->kind == ST__HL_E_VAR) {
				name = p->vars[e->ref].name;
			} else {
				int n = snprintf(buf, sizeof buf, "%.*s.%c", S(p->rdoms[e->ref].name), "xyzw"[e->dim]);
				name = st_str_make(buf, (size_t)n);
			}
			r.lo = r.hi = st__hl_iter_value(en->it, name);
			return r;
		}
		for (int i = 0; i < en->f->ndims; i++)
			if (e->kind == ST__HL_E_VAR && en->f->args[i] == e->ref)
				return en->args[i];
		return r;
	case ST__HL_E_CAST:
		if (st__hl_is_float(e->type) || st__hl_is_float(e->args[0]->type))
			return type_range(b, e->type);
		x = bounds_of(b, en, e->args[0]);
		/* A widening (or same-width) integer cast keeps the range. */
		if (e->type.bits > e->args[0]->type.bits ||
		    (e->type.bits == e->args[0]->type.bits && e->type.code == e->args[0]->type.code))
			return x;
		return type_range(b, e->type);
	case ST__HL_E_FCALL: {
		/* The values of a pure func are bounded by its definition (a
		 * clamp, a select of constants, a narrow type). */
		const st__hl_func *g = &p->funcs[e->ref];
		if (has_loops(g) && g->nupdates == 0 && b->depth < 16) {
			env inner = {.f = g};
			for (size_t i = 0; i < e->nargs; i++)
				inner.args[i] = bounds_of(b, en, e->args[i]);
			((bctx *)b)->depth++;
			ival v = relaxed(b, bounds_of(b, &inner, g->pure));
			((bctx *)b)->depth--;
			ival t = value_range(b, g);
			if (!v.lo)
				v.lo = t.lo;
			if (!v.hi)
				v.hi = t.hi;
			return v;
		}
		return value_range(b, g);
	}
	case ST__HL_E_BIN:
		x = bounds_of(b, en, e->args[0]);
		y = bounds_of(b, en, e->args[1]);
		switch (e->op) {
		case ST__HL_ADD:
			r.lo = x.lo && y.lo ? st_affine_add(ctx, x.lo, y.lo) : NULL;
			r.hi = x.hi && y.hi ? st_affine_add(ctx, x.hi, y.hi) : NULL;
			return r;
		case ST__HL_SUB:
			r.lo = x.lo && y.hi ? st_affine_sub(ctx, x.lo, y.hi) : NULL;
			r.hi = x.hi && y.lo ? st_affine_sub(ctx, x.hi, y.lo) : NULL;
			return r;
		case ST__HL_MUL:
		case ST__HL_DIV: {
			/* By a constant only. */
			ival c = e->args[1]->kind == ST__HL_E_INT ? y : e->args[0]->kind == ST__HL_E_INT ? x : unknown();
			ival v = e->args[1]->kind == ST__HL_E_INT ? x : y;
			if (!c.lo || st_affine_expr_kind(c.lo) != ST_AFFINE_CONST)
				return r;
			int64_t k = st_affine_expr_value(c.lo);
			if (e->op == ST__HL_DIV && (e->args[1]->kind != ST__HL_E_INT || k <= 0))
				return r;
			st_affine_expr *kc = st_affine_const(ctx, k);
			st_affine_expr *lo = k < 0 ? v.hi : v.lo, *hi = k < 0 ? v.lo : v.hi;
			if (e->op == ST__HL_MUL) {
				r.lo = lo ? st_affine_mul(ctx, lo, kc) : NULL;
				r.hi = hi ? st_affine_mul(ctx, hi, kc) : NULL;
			} else {
				r.lo = lo ? st_affine_floordiv(ctx, lo, kc) : NULL;
				r.hi = hi ? st_affine_floordiv(ctx, hi, kc) : NULL;
			}
			return r;
		}
		case ST__HL_MOD:
			if (e->args[1]->kind == ST__HL_E_INT && e->args[1]->i > 0) {
				r.lo = st_affine_const(ctx, 0);
				r.hi = st_affine_const(ctx, e->args[1]->i - 1);
			}
			return r;
		default:
			return type_range(b, e->type);
		}
	case ST__HL_E_INTRIN: {
		ival a[3];
		for (size_t i = 0; i < e->nargs && i < 3; i++)
			a[i] = relaxed(b, bounds_of(b, en, e->args[i]));
		switch (e->op) {
		case ST__HL_MIN:
		case ST__HL_MAX: {
			bool mn = e->op == ST__HL_MIN;
			/* min: any upper bound of one side bounds it above; max: below. */
			st_affine_expr *easy0 = mn ? a[0].hi : a[0].lo, *easy1 = mn ? a[1].hi : a[1].lo;
			st_affine_expr *easy = pick(ctx, easy0, easy1, mn);
			if (!easy)
				easy = easy1 && st_affine_expr_kind(easy1) == ST_AFFINE_CONST ? easy1 : easy0 ? easy0 : easy1;
			st_affine_expr *hard = pick(ctx, mn ? a[0].lo : a[0].hi, mn ? a[1].lo : a[1].hi, mn);
			r.lo = mn ? hard : easy;
			r.hi = mn ? easy : hard;
			return r;
		}
		case ST__HL_CLAMP: {
			/* max(min(a, hi), lo) */
			r.lo = a[1].lo;
			r.hi = a[2].hi;
			st_affine_expr *l = pick(ctx, a[0].lo, a[1].lo, false), *h = pick(ctx, a[0].hi, a[2].hi, true);
			if (l)
				r.lo = l;
			if (h)
				r.hi = h;
			return r;
		}
		case ST__HL_SELECT:
			r.lo = pick(ctx, a[1].lo, a[2].lo, true);
			r.hi = pick(ctx, a[1].hi, a[2].hi, false);
			return r;
		default:
			return type_range(b, e->type);
		}
	}
	default:
		return r;
	}
}

/* ----------------------------------------------------------- requirements */

typedef struct req {
	bctx b;
	int target;            /* the func whose region is wanted */
	ival box[ST__HL_MAX_DIMS];
	const st__hl_expr *lo_at[ST__HL_MAX_DIMS]; /* the call that gave the lower bound */
	bool any;
	const st__hl_expr *bad; /* a call that could not be bounded */
	const st__hl_func *bad_in;
	const st__hl_expr *conflict;
} req;

static void merge(req *q, const ival *args, int n, const st__hl_expr *at, const st__hl_func *in) {
	st_context *ctx = q->b.L->ctx;
	for (int d = 0; d < n; d++) {
		ival v = relaxed(&q->b, args[d]);
		if (!v.lo || !v.hi) {
			if (!q->bad) {
				q->bad = at;
				q->bad_in = in;
			}
			return;
		}
		if (!q->any) {
			q->box[d] = v;
			q->lo_at[d] = at;
			continue;
		}
		st_affine_expr *lo = pick(ctx, q->box[d].lo, v.lo, true), *hi = pick(ctx, q->box[d].hi, v.hi, false);
		if (!lo || !hi) {
			if (!q->conflict)
				q->conflict = at;
			return;
		}
		if (lo != q->box[d].lo)
			q->lo_at[d] = at;
		q->box[d].lo = lo;
		q->box[d].hi = hi;
	}
	q->any = true;
}

static bool inlined_func(const st__hl_parser *p, int g) {
	const st__hl_func *f = &p->funcs[g];
	return has_loops(f) && !is_realized(f);
}

static void walk_req(req *q, const env *en, const st__hl_expr *e, const st__hl_func *in, unsigned depth) {
	st__hl_parser *p = q->b.L->p;
	if (depth > 256)
		return;
	for (size_t i = 0; i < e->nargs; i++)
		walk_req(q, en, e->args[i], in, depth + 1);
	if (e->kind != ST__HL_E_FCALL)
		return;
	ival args[ST__HL_MAX_DIMS];
	for (size_t i = 0; i < e->nargs; i++)
		args[i] = bounds_of(&q->b, en, e->args[i]);
	if (e->ref == q->target) {
		merge(q, args, (int)e->nargs, e, in);
		return;
	}
	if (inlined_func(p, e->ref)) {
		env inner = {.f = &p->funcs[e->ref]};
		for (size_t i = 0; i < e->nargs; i++)
			inner.args[i] = args[i];
		walk_req(q, &inner, p->funcs[e->ref].pure, in, depth + 1);
	}
}

/* What the realized consumers of `target` read of it, relative to loop
 * level `fixed`. */
static req requirement(st__hl_lower *L, int target, int fixed) {
	st__hl_parser *p = L->p;
	req q = {.b = {L, fixed, 0}, .target = target};
	for (size_t c = 0; c < p->nfuncs; c++) {
		if (!L->lf[c].realized || (int)c == target || !L->lf[c].iters)
			continue;
		const st__hl_func *f = &p->funcs[c];
		for (size_t s = 0; s <= f->nupdates; s++) {
			env en = {.f = f, .it = &L->lf[c].iters[s]};
			if (s == 0) {
				walk_req(&q, &en, f->pure, f, 0);
				continue;
			}
			const st__hl_update *u = &f->updates[s - 1];
			for (size_t i = 0; i < u->nlhs; i++)
				walk_req(&q, &en, u->lhs[i], f, 0);
			walk_req(&q, &en, u->rhs, f, 0);
		}
	}
	return q;
}

/* --------------------------------------------------------------- regions */

static int level_loop(st__hl_lower *L, const st__hl_looplevel *lv) {
	if (!lv->set || lv->kind != ST__HL_AT || !L->lf[lv->func].iters)
		return -1;
	st__hl_func *g = &L->p->funcs[lv->func];
	st__hl_iter *it = &L->lf[lv->func].iters[g->nupdates];
	st__hl_stage_sched *s = st__hl_stage(g, (int)g->nupdates);
	for (size_t d = 0; d < s->ndims; d++)
		if (str_eq(s->dims[d].name, lv->var))
			return it->loops[d];
	return -1;
}

static bool region_error(st__hl_lower *L, const req *q, const st__hl_func *f) {
	st__hl_parser *p = L->p;
	if (q->bad)
		return st_succeeded(st__hl_error(p, q->bad->line, q->bad->col,
		                                 "cannot bound the coordinates at which '%.*s' reads '%.*s' (clamp them)",
		                                 S(q->bad_in->name), S(f->name)));
	if (q->conflict)
		return st_succeeded(st__hl_error(p, q->conflict->line, q->conflict->col,
		                                 "the regions of '%.*s' its consumers read cannot be merged (compute it at "
		                                 "the root)",
		                                 S(f->name)));
	return st_succeeded(st__hl_error(p, f->line, f->col, "'%.*s' is never used", S(f->name)));
}

/* A region (mins and constant extents) from a requirement. */
static bool to_region(st__hl_lower *L, const req *q, const st__hl_func *f, st__hl_region *out) {
	if (q->bad || q->conflict || !q->any)
		return region_error(L, q, f);
	for (int d = 0; d < f->ndims; d++) {
		int64_t ext;
		if (!const_diff(q->box[d].hi, q->box[d].lo, &ext))
			return st_succeeded(st__hl_error(L->p, f->line, f->col,
			                                 "the region of '%.*s' has no constant size where it is computed "
			                                 "(compute it at another level)",
			                                 S(f->name)));
		out->min[d] = q->box[d].lo;
		out->extent[d] = ext + 1;
		if (out->extent[d] <= 0) {
			out->extent[d] = 1;
		}
	}
	return true;
}

/* Adds what f's updates write outside pure positions (histogram bins,
 * scans over a reduction domain) to its region. */
static bool add_update_writes(st__hl_lower *L, int fi, st__hl_region *rg) {
	st__hl_parser *p = L->p;
	st__hl_func *f = &p->funcs[fi];
	bctx b = {L, L->lf[fi].compute_loop, 0};
	for (size_t u = 0; u < f->nupdates; u++) {
		const st__hl_update *up = &f->updates[u];
		/* Reduction vars range over their domain. */
		st__hl_iter tmp = {0};
		if (up->rdom >= 0) {
			const st__hl_rdom *r = &p->rdoms[up->rdom];
			for (int d = 0; d < r->n; d++) {
				st__hl_name_val *n = nv(L, &tmp, rvar_str(p, r, d));
				int ph = new_ph(L, -1, r->min[d], r->min[d] + r->extent[d] - 1);
				n->val = st_affine_dim(L->ctx, (unsigned)ph);
			}
		}
		env en = {.f = f, .it = &tmp};
		for (int d = 0; d < f->ndims; d++) {
			const st__hl_expr *a = up->lhs[d];
			if (a->kind == ST__HL_E_VAR)
				continue;
			ival v = relaxed(&b, bounds_of(&b, &en, a));
			if (!v.lo || !v.hi || st_affine_expr_kind(v.lo) != ST_AFFINE_CONST ||
			    st_affine_expr_kind(v.hi) != ST_AFFINE_CONST)
				return st_succeeded(st__hl_error(p, a->line, a->col,
				                                 "cannot bound where this update of '%.*s' writes (clamp it)",
				                                 S(f->name)));
			int64_t lo = st_affine_expr_value(v.lo), hi = st_affine_expr_value(v.hi);
			if (f->out_index >= 0 && (lo < 0 || hi >= f->out_extent[d]))
				return st_succeeded(st__hl_error(p, a->line, a->col,
				                                 "this update of output '%.*s' writes at %lld..%lld of dimension %d, "
				                                 "outside its realized size %lld",
				                                 S(f->name), (long long)lo, (long long)hi, d,
				                                 (long long)f->out_extent[d]));
			if (!rg->min[d]) {
				rg->min[d] = v.lo;
				rg->extent[d] = hi - lo + 1;
				continue;
			}
			if (st_affine_expr_kind(rg->min[d]) != ST_AFFINE_CONST)
				return st_succeeded(st__hl_error(p, a->line, a->col,
				                                 "an update writing outside pure coordinates needs '%.*s' computed at "
				                                 "the root",
				                                 S(f->name)));
			int64_t m = st_affine_expr_value(rg->min[d]), e = rg->extent[d];
			int64_t nlo = lo < m ? lo : m, nhi = hi > m + e - 1 ? hi : m + e - 1;
			rg->min[d] = st_affine_const(L->ctx, nlo);
			rg->extent[d] = nhi - nlo + 1;
		}
	}
	return true;
}

static bool func_region(st__hl_lower *L, int fi) {
	st__hl_parser *p = L->p;
	st__hl_func *f = &p->funcs[fi];
	st__hl_lfunc *lf = &L->lf[fi];
	memset(&lf->region, 0, sizeof lf->region);
	if (f->out_index >= 0) {
		for (int d = 0; d < f->ndims; d++) {
			lf->region.min[d] = st_affine_const(L->ctx, 0);
			lf->region.extent[d] = f->out_extent[d];
		}
	} else {
		/* A func whose updates write at computed coordinates is realized
		 * whole wherever it is computed: its region is what all its readers
		 * need, seen from the root. */
		bool scattered = false;
		for (size_t u = 0; u < f->nupdates; u++)
			for (int d = 0; d < f->ndims; d++)
				scattered = scattered || f->updates[u].lhs[d]->kind != ST__HL_E_VAR;
		req q = requirement(L, fi, scattered ? -1 : lf->compute_loop);
		bool writes_only = !q.any && !q.bad && !q.conflict && f->nupdates;
		if (!writes_only && !to_region(L, &q, f, &lf->region))
			return false;
	}
	if (!add_update_writes(L, fi, &lf->region))
		return false;
	for (size_t k = 0; k < f->nbounds; k++) {
		const st__hl_bound *bd = &f->bounds[k];
		lf->region.min[bd->var] = st_affine_const(L->ctx, bd->min);
		lf->region.extent[bd->var] = bd->extent;
	}
	for (int d = 0; d < f->ndims; d++)
		if (!lf->region.min[d])
			return st_succeeded(st__hl_error(p, f->line, f->col, "'%.*s' is never used", S(f->name)));
	lf->storage = lf->region;
	if (lf->store_loop != lf->compute_loop) {
		req q = requirement(L, fi, lf->store_loop);
		if (!to_region(L, &q, f, &lf->storage))
			return false;
	}
	return true;
}

/* ------------------------------------------------------------ the order */

static bool calls_func(const st__hl_parser *p, const st__hl_expr *e, int g, unsigned depth) {
	if (depth > 256)
		return false;
	if (e->kind == ST__HL_E_FCALL) {
		if (e->ref == g)
			return true;
		if (inlined_func(p, e->ref) && calls_func(p, p->funcs[e->ref].pure, g, depth + 1))
			return true;
	}
	for (size_t i = 0; i < e->nargs; i++)
		if (calls_func(p, e->args[i], g, depth + 1))
			return true;
	return false;
}

/* Whether realized func c reads g (through inlined funcs). */
static bool reads(const st__hl_parser *p, int c, int g) {
	const st__hl_func *f = &p->funcs[c];
	if (c == g)
		return false;
	if (calls_func(p, f->pure, g, 0))
		return true;
	for (size_t u = 0; u < f->nupdates; u++) {
		for (size_t i = 0; i < f->updates[u].nlhs; i++)
			if (calls_func(p, f->updates[u].lhs[i], g, 0))
				return true;
		if (calls_func(p, f->updates[u].rhs, g, 0))
			return true;
	}
	return false;
}

static void visit(st__hl_lower *L, int fi, char *mark) {
	if (mark[fi])
		return;
	mark[fi] = 1;
	for (size_t g = 0; g < L->p->nfuncs; g++)
		if (L->lf[g].realized && reads(L->p, fi, (int)g))
			visit(L, (int)g, mark);
	/* A func placed in another's loops comes after that func's producers
	 * but is emitted inside it: order only matters among siblings. */
	L->lf[fi].order = (int)L->ntopo;
	L->topo[L->ntopo++] = fi;
}

/* A func computed inside another's loop must have all its readers there:
 * that func, or funcs computed inside the same loop. */
static bool placed_inside_readers(st__hl_lower *L, int fi) {
	st__hl_parser *p = L->p;
	st__hl_func *f = &p->funcs[fi];
	if (!f->compute.set || f->compute.kind != ST__HL_AT)
		return true;
	int owner = f->compute.func, loop = L->lf[fi].compute_loop;
	for (size_t c = 0; c < p->nfuncs; c++) {
		if ((int)c == fi || (int)c == owner || !L->lf[c].realized || !reads(p, (int)c, fi))
			continue;
		int cl = L->lf[c].compute_loop;
		if (loop < 0 || cl < 0 || !st__hl_loop_encloses(L, loop, cl))
			return st_succeeded(st__hl_error(p, f->compute.line, f->compute.col,
			                                 "'%.*s' is computed inside '%.*s', but '%.*s' reads it outside "
			                                 "those loops",
			                                 S(f->name), S(p->funcs[owner].name), S(p->funcs[c].name)));
	}
	return true;
}

/* The stages' iterations of a func.  When RoundUp tiles reach past its
 * region, the region (and the storage holding it) grows to what they
 * compute and the stages are built again over it: the pure definition then
 * covers what the updates' rounded loops read.  Each round makes the
 * extents multiples of more split factors, so few rounds settle them. */
static bool build_iters(st__hl_lower *L, int fi) {
	st__hl_parser *p = L->p;
	st__hl_func *f = &p->funcs[fi];
	st__hl_lfunc *lf = &L->lf[fi];
	size_t nloops = L->nloops, nphs = L->nphs;
	for (int round = 0; round < 16; round++) {
		lf->iters = st__hl_alloc(p, (f->nupdates + 1) * sizeof *lf->iters);
		int64_t reach[ST__HL_MAX_DIMS] = {0}, covered[ST__HL_MAX_DIMS];
		for (int s = 0; s <= (int)f->nupdates; s++) {
			if (!build_iter(L, fi, s, covered))
				return false;
			for (int d = 0; d < f->ndims; d++)
				reach[d] = covered[d] > reach[d] ? covered[d] : reach[d];
		}
		bool grew = false;
		for (int d = 0; d < f->ndims; d++)
			if (reach[d] > lf->region.extent[d]) {
				lf->storage.extent[d] += reach[d] - lf->region.extent[d];
				lf->region.extent[d] = reach[d];
				grew = true;
			}
		if (!grew)
			return true;
		/* Nothing refers to this func's loops yet: build them again. */
		L->nloops = nloops;
		L->nphs = nphs;
	}
	st__hl_fatal(p, "internal error: RoundUp regions do not settle");
}

bool st__hl_bounds(st__hl_lower *L) {
	st__hl_parser *p = L->p;
	L->lf = st__hl_alloc(p, (p->nfuncs + 1) * sizeof *L->lf);
	L->topo = st__hl_alloc(p, (p->nfuncs + 1) * sizeof *L->topo);
	for (size_t i = 0; i < p->nfuncs; i++) {
		L->lf[i].realized = is_realized(&p->funcs[i]);
		L->lf[i].compute_loop = L->lf[i].store_loop = -1;
	}
	char *mark = st__hl_alloc(p, p->nfuncs + 1);
	for (size_t o = 0; o < p->noutputs; o++)
		visit(L, p->outputs[o], mark);
	/* Consumers first. */
	for (size_t k = L->ntopo; k-- > 0;) {
		int fi = L->topo[k];
		st__hl_func *f = &p->funcs[fi];
		st__hl_lfunc *lf = &L->lf[fi];
		lf->compute_loop = level_loop(L, &f->compute);
		lf->store_loop = f->store.set ? level_loop(L, &f->store) : lf->compute_loop;
		if (!placed_inside_readers(L, fi))
			return false;
		if (!func_region(L, fi))
			return false;
		if (!st__hl_check_elements(p, f, lf->storage.extent, f->line, f->col, "the storage of") ||
		    !st__hl_check_elements(p, f, lf->region.extent, f->line, f->col, "the region computed of"))
			return false;
		if (!build_iters(L, fi))
			return false;
	}
	/* Inputs: what everything reads, from the root. */
	for (size_t i = 0; i < p->nimages; i++) {
		int fi = p->images[i];
		st__hl_func *f = &p->funcs[fi];
		req q = requirement(L, fi, -1);
		if (!to_region(L, &q, f, &L->lf[fi].region))
			return false;
		for (int d = 0; d < f->ndims; d++) {
			int64_t lo = st_affine_expr_value(L->lf[fi].region.min[d]);
			if (lo < 0)
				return st_succeeded(st__hl_error(p, q.lo_at[d]->line, q.lo_at[d]->col,
				                                 "'%.*s' is read at coordinate %lld of dimension %d, but an input "
				                                 "starts at 0 (clamp the coordinates or shrink the output)",
				                                 S(f->name), (long long)lo, d));
			/* Inputs are indexed from 0: the buffer covers [0, max]. */
			L->lf[fi].region.extent[d] += lo;
			L->lf[fi].region.min[d] = st_affine_const(L->ctx, 0);
		}
		if (!st__hl_check_elements(p, f, L->lf[fi].region.extent, f->line, f->col, "what is read of input"))
			return false;
	}
	return true;
}
