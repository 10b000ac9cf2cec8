/* The schedule directives of a .hl program (Halide's Func and Stage
 * methods, and the hardware primitives of Halide-to-Hardware and Halide
 * HLS): each chain `f.in().update(0).split(...).unroll(...)` is checked
 * against the loops its stage has at that point and recorded in the
 * stage's schedule.  Checks that need the whole program (placement,
 * accelerators) are in hl_check.c. */
#include "hl_ast.h"

#include <stdio.h>
#include <string.h>

#define S(x) (int)(x).len, (x).data

const char *const st__hl_memtype_names[] = {"Auto", "GLB", "MemoryTile", "Pond", "ROM", "Host"};

static bool str_eq(st_str a, st_str b) { return a.len == b.len && memcmp(a.data, b.data, a.len) == 0; }

st__hl_stage_sched *st__hl_stage(st__hl_func *f, int stage) {
	return stage == 0 ? &f->sched : &f->updates[stage - 1].sched;
}

static void push_dim(st__hl_parser *p, st__hl_stage_sched *s, size_t at, st_str name, bool rvar) {
	st__hl_grow(p, (void **)&s->dims, &s->dcap, sizeof *s->dims, s->ndims + 1);
	memmove(&s->dims[at + 1], &s->dims[at], (s->ndims - at) * sizeof *s->dims);
	st__hl_dim d = {.name = name, .rvar = rvar};
	s->dims[at] = d;
	s->ndims++;
}

static st_str rvar_name(st__hl_parser *p, int r, int d) {
	char buf[80];
	int n = snprintf(buf, sizeof buf, "%.*s.%c", S(p->rdoms[r].name), "xyzw"[d]);
	return st__hl_strdup(p, buf, (size_t)n);
}

void st__hl_stage_init(st__hl_parser *p, st__hl_func *f, int stage) {
	st__hl_stage_sched *s = st__hl_stage(f, stage);
	memset(s, 0, sizeof *s);
	if (stage > 0) {
		st__hl_update *u = &f->updates[stage - 1];
		if (u->rdom >= 0)
			for (int d = 0; d < p->rdoms[u->rdom].n; d++)
				push_dim(p, s, s->ndims, rvar_name(p, u->rdom, d), true);
		for (size_t i = 0; i < u->nlhs; i++)
			if (u->lhs[i]->kind == ST__HL_E_VAR)
				push_dim(p, s, s->ndims, p->vars[u->lhs[i]->ref].name, false);
		return;
	}
	for (int i = 0; i < f->ndims; i++)
		push_dim(p, s, s->ndims, p->vars[f->args[i]].name, false);
}

int st__hl_wrapper(st__hl_parser *p, int fi, int line, int col) {
	if (p->funcs[fi].wrapper >= 0)
		return p->funcs[fi].wrapper;
	char buf[96];
	int n = snprintf(buf, sizeof buf, "%.*s_in", S(p->funcs[fi].name));
	int wi = st__hl_add_func(p, st__hl_strdup(p, buf, (size_t)n), ST__HL_F_WRAPPER, line, col);
	st__hl_func *w = &p->funcs[wi], *f = &p->funcs[fi];
	f->wrapper = wi;
	w->wrapped = fi;
	w->type = f->type;
	w->ndims = f->ndims;
	w->def_line = line;
	w->def_col = col;
	st__hl_expr *call = st__hl_expr_new(p, ST__HL_E_FCALL, line, col);
	call->ref = fi;
	call->type = f->type;
	for (int i = 0; i < f->ndims; i++) {
		if (f->kind == ST__HL_F_FUNC || f->kind == ST__HL_F_WRAPPER) {
			w->args[i] = f->args[i];
		} else {
			char vb[8];
			int vn = snprintf(vb, sizeof vb, "_%d", i);
			st_str name = st__hl_strdup(p, vb, (size_t)vn);
			int v = st__hl_find_var(p, name);
			w->args[i] = v >= 0 ? v : st__hl_add_var(p, name, line, col);
		}
		st__hl_expr *a = st__hl_expr_new(p, ST__HL_E_VAR, line, col);
		a->ref = w->args[i];
		a->type.code = ST__HL_INT;
		a->type.bits = 32;
		st__hl_expr_push(p, call, a);
	}
	w->pure = call;
	st__hl_stage_init(p, w, 0);
	return wi;
}

/* ------------------------------------------------------------ arguments */

static st_str rvar_name(st__hl_parser *p, int r, int d);

/* The loop named by a directive's argument: `x` or `r.x`. */
static bool loop_name(st__hl_parser *p, const st__hl_expr *e, st_str *out) {
	int r = e->kind == ST__HL_E_NAME ? st__hl_find_rdom(p, e->name) : -1;
	if (r >= 0 && p->rdoms[r].n == 1) {
		/* A 1-D RDom stands for its only variable. */
		*out = rvar_name(p, r, 0);
		return true;
	}
	if (e->kind == ST__HL_E_NAME) {
		*out = e->name;
		return true;
	}
	if (e->kind == ST__HL_E_MEMBER && e->base->kind == ST__HL_E_NAME) {
		char buf[80];
		int n = snprintf(buf, sizeof buf, "%.*s.%.*s", S(e->base->name), S(e->name));
		*out = st__hl_strdup(p, buf, (size_t)n);
		return true;
	}
	return st_succeeded(st__hl_error(p, e->line, e->col, "expected a loop name"));
}

static int find_dim(const st__hl_stage_sched *s, st_str name) {
	for (size_t i = 0; i < s->ndims; i++)
		if (str_eq(s->dims[i].name, name))
			return (int)i;
	return -1;
}

static bool no_loop(st__hl_parser *p, const st__hl_func *f, const st__hl_stage_sched *s, st_str name, int line,
                    int col) {
	char list[256] = "";
	size_t used = 0;
	for (size_t i = s->ndims; i-- > 0 && used < sizeof list - 1;)
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%.*s", i + 1 == s->ndims ? "" : ", ",
		                         S(s->dims[i].name));
	return st_succeeded(st__hl_error(p, line, col, "'%.*s' has no loop '%.*s' (its loops, outermost first: %s)",
	                                 S(f->name), S(name), list));
}

/* The position of existing loop `e` in the stage. */
static bool dim_arg(st__hl_parser *p, const st__hl_func *f, const st__hl_stage_sched *s, const st__hl_expr *e,
                    int *out) {
	st_str name;
	if (!loop_name(p, e, &name))
		return false;
	*out = find_dim(s, name);
	return *out >= 0 || no_loop(p, f, s, name, e->line, e->col);
}

/* A new loop name: a declared Var not yet a loop of the stage. */
static bool new_name(st__hl_parser *p, const st__hl_func *f, const st__hl_stage_sched *s, const st__hl_expr *e,
                     st_str keep, st_str *out) {
	if (e->kind != ST__HL_E_NAME)
		return st_succeeded(st__hl_error(p, e->line, e->col, "expected a Var naming the new loop"));
	if (st__hl_find_var(p, e->name) < 0)
		return st_succeeded(st__hl_error(p, e->line, e->col, "unknown Var '%.*s'", S(e->name)));
	if (!str_eq(e->name, keep) && find_dim(s, e->name) >= 0)
		return st_succeeded(st__hl_error(p, e->line, e->col, "'%.*s' already has a loop '%.*s'", S(f->name),
		                                 S(e->name)));
	*out = e->name;
	return true;
}

static bool pos_const(st__hl_parser *p, const st__hl_expr *e, const char *what, int64_t *out) {
	if (e->kind != ST__HL_E_INT || e->i <= 0)
		return st_succeeded(st__hl_error(p, e->line, e->col, "%s must be a positive integer constant", what));
	*out = e->i;
	return true;
}

static bool scoped(st__hl_parser *p, const st__hl_expr *e, const char *scope, const char *const *names, int n,
                   int *out) {
	st_str name;
	if (e->kind == ST__HL_E_SCOPED && st__hl_str_is(e->base->name, scope))
		name = e->name;
	else if (e->kind == ST__HL_E_NAME)
		name = e->name;
	else
		return st_succeeded(st__hl_error(p, e->line, e->col, "expected a %s", scope));
	for (int i = 0; i < n; i++)
		if (st__hl_str_is(name, names[i])) {
			*out = i;
			return true;
		}
	return st_succeeded(st__hl_error(p, e->line, e->col, "unknown %s '%.*s'", scope, S(name)));
}

static const char *const tail_names[] = {"Auto", "RoundUp", "GuardWithIf", "ShiftInwards"};

/* --------------------------------------------------------------- splits */

static bool do_split(st__hl_parser *p, st__hl_func *f, st__hl_stage_sched *s, int d, st_str outer, st_str inner,
                     int64_t factor, int tail, int line, int col) {
	/* Halide refuses both: they would run a reduction's iterations twice or
	 * outside its domain. */
	if ((tail == ST__HL_TAIL_SHIFT || tail == ST__HL_TAIL_ROUNDUP) && s->dims[d].rvar)
		return st_succeeded(st__hl_error(p, line, col,
		                                 "%s would change the meaning of a reduction (it would %s): split a "
		                                 "reduction var with GuardWithIf or Auto",
		                                 tail == ST__HL_TAIL_SHIFT ? "ShiftInwards" : "RoundUp",
		                                 tail == ST__HL_TAIL_SHIFT ? "recompute iterations"
		                                                           : "run iterations outside its RDom"));
	(void)f;
	st__hl_split sp = {.old = s->dims[d].name, .outer = outer, .inner = inner, .factor = factor,
	                   .tail = (st__hl_tail)tail, .line = line, .col = col};
	st__hl_grow(p, (void **)&s->splits, &s->scap, sizeof *s->splits, s->nsplits + 1);
	s->splits[s->nsplits++] = sp;
	bool rvar = s->dims[d].rvar;
	s->dims[d].name = inner;
	s->dims[d].kind = ST__HL_SERIAL;
	push_dim(p, s, (size_t)d + 1, outer, rvar);
	return true;
}

static bool split_args(st__hl_parser *p, st__hl_func *f, st__hl_stage_sched *s, st__hl_expr *const *a, size_t n,
                       int line, int col) {
	int d, tail = ST__HL_TAIL_AUTO;
	st_str outer, inner, old;
	int64_t factor = 0;
	if (!dim_arg(p, f, s, a[0], &d))
		return false;
	old = s->dims[d].name;
	if (!new_name(p, f, s, a[1], old, &outer) || !new_name(p, f, s, a[2], old, &inner) ||
	    !pos_const(p, a[3], "a split factor", &factor))
		return false;
	if (str_eq(outer, inner))
		return st_succeeded(st__hl_error(p, a[2]->line, a[2]->col, "the two loops of a split need different names"));
	if (n == 5 && !scoped(p, a[4], "TailStrategy", tail_names, 4, &tail))
		return false;
	return do_split(p, f, s, d, outer, inner, factor, tail, line, col);
}

/* Moves the named loops into the positions they hold, in the order given
 * (innermost first), as Halide's reorder. */
static bool reorder(st__hl_parser *p, st__hl_func *f, st__hl_stage_sched *s, st__hl_expr *const *a, size_t n) {
	int pos[16];
	if (n < 2 || n > 16)
		return st_succeeded(st__hl_error(p, a[0]->line, a[0]->col, "reorder takes 2 to 16 loops"));
	for (size_t i = 0; i < n; i++) {
		if (!dim_arg(p, f, s, a[i], &pos[i]))
			return false;
		for (size_t j = 0; j < i; j++)
			if (pos[j] == pos[i])
				return st_succeeded(st__hl_error(p, a[i]->line, a[i]->col, "a loop is named twice in reorder"));
	}
	st__hl_dim moved[16];
	int sorted[16];
	for (size_t i = 0; i < n; i++) {
		moved[i] = s->dims[pos[i]];
		sorted[i] = pos[i];
	}
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			int t = sorted[j];
			sorted[j] = sorted[j - 1];
			sorted[j - 1] = t;
		}
	for (size_t i = 0; i < n; i++)
		s->dims[sorted[i]] = moved[i];
	return true;
}

static bool fuse(st__hl_parser *p, st__hl_func *f, st__hl_stage_sched *s, st__hl_expr *const *a, int line, int col) {
	int di, dout;
	st_str fused;
	if (!dim_arg(p, f, s, a[0], &di) || !dim_arg(p, f, s, a[1], &dout))
		return false;
	if (dout != di + 1)
		return st_succeeded(st__hl_error(p, line, col, "fuse needs an inner loop and the loop just outside it"));
	if (!new_name(p, f, s, a[2], s->dims[di].name, &fused))
		return false;
	st__hl_split sp = {.fuse = true, .old = fused, .outer = s->dims[dout].name, .inner = s->dims[di].name,
	                   .line = line, .col = col};
	st__hl_grow(p, (void **)&s->splits, &s->scap, sizeof *s->splits, s->nsplits + 1);
	s->splits[s->nsplits++] = sp;
	s->dims[di].name = fused;
	s->dims[di].rvar = s->dims[di].rvar || s->dims[dout].rvar;
	memmove(&s->dims[dout], &s->dims[dout + 1], (s->ndims - (size_t)dout - 1) * sizeof *s->dims);
	s->ndims--;
	return true;
}

/* unroll/vectorize/parallel(x [, factor [, tail]]): with a factor the loop
 * is split first and the inner loop gets the kind. */
static bool loop_kind(st__hl_parser *p, st__hl_func *f, st__hl_stage_sched *s, st__hl_expr *const *a, size_t n,
                      st__hl_forkind kind, int line, int col) {
	int d, tail = ST__HL_TAIL_AUTO;
	if (!dim_arg(p, f, s, a[0], &d))
		return false;
	if (n >= 2) {
		int64_t factor = 0;
		if (!pos_const(p, a[1], "a factor", &factor))
			return false;
		if (n == 3 && !scoped(p, a[2], "TailStrategy", tail_names, 4, &tail))
			return false;
		if (kind != ST__HL_PARALLEL) {
			char buf[96];
			int len = snprintf(buf, sizeof buf, "%.*s.v%zu", S(s->dims[d].name), s->nsplits);
			st_str inner = st__hl_strdup(p, buf, (size_t)len);
			if (!do_split(p, f, s, d, s->dims[d].name, inner, factor, tail, line, col))
				return false;
		}
	}
	s->dims[d].kind = kind;
	s->dims[d].line = line;
	s->dims[d].col = col;
	return true;
}

static bool bound(st__hl_parser *p, st__hl_func *f, st__hl_expr *const *a, int line, int col) {
	if (a[0]->kind != ST__HL_E_NAME)
		return st_succeeded(st__hl_error(p, a[0]->line, a[0]->col, "bound names a pure Var of the Func"));
	int v = st__hl_find_var(p, a[0]->name), k = -1;
	for (int i = 0; i < f->ndims && v >= 0; i++)
		if (f->args[i] == v)
			k = i;
	if (k < 0)
		return st_succeeded(st__hl_error(p, a[0]->line, a[0]->col, "'%.*s' is not a pure Var of '%.*s'",
		                                 S(a[0]->name), S(f->name)));
	int64_t mn, ext = 0;
	int64_t sign = 1;
	const st__hl_expr *m = a[1];
	if (m->kind == ST__HL_E_UN && m->op == '-' && m->nargs == 1) {
		sign = -1;
		m = m->args[0];
	}
	if (m->kind != ST__HL_E_INT)
		return st_succeeded(st__hl_error(p, m->line, m->col, "a bound's min must be an integer constant"));
	mn = sign * m->i;
	if (!pos_const(p, a[2], "a bound's extent", &ext))
		return false;
	st__hl_bound b = {.var = k, .min = mn, .extent = ext, .line = line, .col = col};
	st__hl_grow(p, (void **)&f->bounds, &f->bcap, sizeof *f->bounds, f->nbounds + 1);
	f->bounds[f->nbounds++] = b;
	return true;
}

/* --------------------------------------------------------- loop levels */

/* `.in()` or `.update(k)` applied to the func and stage in *fi, *stage. */
static bool step(st__hl_parser *p, const st__hl_expr *e, int *fi, int *stage) {
	st__hl_func *f = &p->funcs[*fi];
	if (f->kind == ST__HL_F_FUNC && !f->pure)
		return st_succeeded(st__hl_error(p, e->line, e->col, "'%.*s' must be defined before it is scheduled",
		                                 S(f->name)));
	if (st__hl_str_is(e->name, "in")) {
		if (*stage > 0)
			return st_succeeded(st__hl_error(p, e->line, e->col, "in() applies to a Func, not to an update stage"));
		if (e->nargs)
			return st_succeeded(st__hl_error(p, e->line, e->col, "in() takes no arguments here"));
		*fi = st__hl_wrapper(p, *fi, e->line, e->col);
		*stage = 0;
		return true;
	}
	int64_t k = 0;
	if (e->nargs > 1 || (e->nargs == 1 && e->args[0]->kind != ST__HL_E_INT))
		return st_succeeded(st__hl_error(p, e->line, e->col, "update takes the index of an update definition"));
	if (e->nargs == 1)
		k = e->args[0]->i;
	if (k >= (int64_t)f->nupdates)
		return st_succeeded(st__hl_error(p, e->line, e->col, "'%.*s' has no update definition %lld", S(f->name),
		                                 (long long)k));
	*stage = (int)k + 1;
	return true;
}

static bool is_step(const st__hl_expr *e) {
	return e->kind == ST__HL_E_METHOD && (st__hl_str_is(e->name, "in") || st__hl_str_is(e->name, "update"));
}

/* The func (and stage) a chain such as `g`, `g.in()` or `g.update(1)`
 * names. */
static bool chain_target(st__hl_parser *p, const st__hl_expr *e, int *fi, int *stage) {
	if (e->kind == ST__HL_E_NAME) {
		*fi = st__hl_find_func(p, e->name);
		*stage = 0;
		if (*fi < 0)
			return st_succeeded(st__hl_error(p, e->line, e->col, "unknown Func '%.*s'", S(e->name)));
		return true;
	}
	if (is_step(e))
		return chain_target(p, e->base, fi, stage) && step(p, e, fi, stage);
	return st_succeeded(st__hl_error(p, e->line, e->col, "expected a Func, f.in() or f.update(n)"));
}

static bool loop_level(st__hl_parser *p, const st__hl_func *self, st__hl_expr *const *a, size_t n,
                       st__hl_looplevel *out, int line, int col) {
	memset(out, 0, sizeof *out);
	out->set = true;
	out->line = line;
	out->col = col;
	if (n == 0) {
		out->kind = ST__HL_ROOT;
		return true;
	}
	int fi, stage;
	if (!chain_target(p, a[0], &fi, &stage))
		return false;
	st__hl_func *g = &p->funcs[fi];
	if (g == self)
		return st_succeeded(st__hl_error(p, a[0]->line, a[0]->col, "a Func cannot be placed inside its own loops"));
	if (g->kind == ST__HL_F_IMAGE || g->kind == ST__HL_F_TABLE)
		return st_succeeded(st__hl_error(p, a[0]->line, a[0]->col, "'%.*s' has no loops", S(g->name)));
	if (stage == 0 && g->nupdates)
		stage = (int)g->nupdates; /* the last stage, as Halide's LoopLevel */
	st_str name;
	if (!loop_name(p, a[1], &name))
		return false;
	if (find_dim(st__hl_stage(g, stage), name) < 0)
		return no_loop(p, g, st__hl_stage(g, stage), name, a[1]->line, a[1]->col);
	out->kind = ST__HL_AT;
	out->func = fi;
	out->var = name;
	return true;
}

/* ------------------------------------------------------------ directives */

typedef struct directive {
	const char *name;
	unsigned char lo, hi; /* argument counts */
	bool any_stage;       /* applies to update stages */
	bool inputs;          /* applies to ImageParams and Tables */
} directive;

static const directive directives[] = {
	{"split", 4, 5, true, false},         {"fuse", 3, 3, true, false},
	{"tile", 6, 9, true, false},          {"reorder", 2, 16, true, false},
	{"unroll", 1, 3, true, false},        {"vectorize", 1, 3, true, false},
	{"parallel", 1, 2, true, false},      {"compute_root", 0, 0, false, true},
	{"compute_at", 2, 2, false, false},   {"store_root", 0, 0, false, false},
	{"store_at", 2, 2, false, false},     {"compute_inline", 0, 0, false, false},
	{"bound", 3, 3, false, false},        {"store_in", 1, 1, false, true},
	{"hw_accelerate", 2, 2, false, false}, {"accelerate", 3, 3, false, false},
	{"stream_to_accelerator", 0, 0, false, true}, {"accelerator_input", 0, 0, false, true},
	{"linebuffer", 0, 0, false, false},   {"fifo_depth", 2, 2, false, true},
	{"compute_share", 1, 2, false, false}, {"compute_share_root", 1, 1, false, false},
	{"output_rate", 1, 1, false, false},
};

static bool set_level(st__hl_parser *p, st__hl_looplevel *l, const st__hl_looplevel *v, const char *what,
                      const st__hl_func *f, int line, int col) {
	if (l->set)
		return st_succeeded(st__hl_error(p, line, col, "'%.*s' already has a %s placement", S(f->name), what));
	*l = *v;
	return true;
}

static bool tile(st__hl_parser *p, st__hl_func *f, st__hl_stage_sched *s, st__hl_expr *const *a, size_t n, int line,
                 int col) {
	/* tile(x, y, xo, yo, xi, yi, fx, fy [, tail]) or
	 * tile(x, y, xi, yi, fx, fy [, tail]) (x and y become the outer loops). */
	bool full = n >= 8;
	size_t base = full ? 8 : 6;
	if (n != base && n != base + 1)
		return st_succeeded(st__hl_error(p, line, col, "tile takes 6 to 9 arguments: (x, y, [xo, yo,] xi, yi, fx, fy "
		                                               "[, tail])"));
	st__hl_expr *x = a[0], *y = a[1];
	st__hl_expr *xo = full ? a[2] : a[0], *yo = full ? a[3] : a[1];
	st__hl_expr *xi = full ? a[4] : a[2], *yi = full ? a[5] : a[3];
	st__hl_expr *fx = a[base - 2], *fy = a[base - 1];
	st__hl_expr *sx[5] = {x, xo, xi, fx, n > base ? a[base] : NULL};
	st__hl_expr *sy[5] = {y, yo, yi, fy, n > base ? a[base] : NULL};
	size_t ns = n > base ? 5 : 4;
	if (!split_args(p, f, s, sx, ns, line, col) || !split_args(p, f, s, sy, ns, line, col))
		return false;
	st__hl_expr *order[4] = {xi, yi, xo, yo};
	return reorder(p, f, s, order, 4);
}

static bool hw_directive(st__hl_parser *p, st__hl_func *f, const directive *d, st__hl_expr *const *a, int line,
                         int col) {
	const char *nm = d->name;
	if (!strcmp(nm, "store_in")) {
		int m;
		if (!scoped(p, a[0], "MemoryType", st__hl_memtype_names + 1, 5, &m))
			return false;
		f->mem = (st__hl_memtype)(m + 1);
		f->mem_line = line;
		f->mem_col = col;
		return true;
	}
	if (!strcmp(nm, "hw_accelerate") || !strcmp(nm, "accelerate")) {
		size_t off = 0;
		if (!strcmp(nm, "accelerate")) {
			if (a[0]->kind != ST__HL_E_LIST)
				return st_succeeded(st__hl_error(p, a[0]->line, a[0]->col,
				                                 "accelerate takes the list of its input Funcs first: {in}"));
			f->naccel_inputs = a[0]->nargs;
			f->accel_inputs = st__hl_alloc(p, (a[0]->nargs + 1) * sizeof *f->accel_inputs);
			for (size_t i = 0; i < a[0]->nargs; i++) {
				int fi, stage;
				if (!chain_target(p, a[0]->args[i], &fi, &stage))
					return false;
				f->accel_inputs[i] = fi;
			}
			off = 1;
		}
		if (f->hw_accel)
			return st_succeeded(st__hl_error(p, line, col, "'%.*s' is already accelerated", S(f->name)));
		int di, db;
		if (!dim_arg(p, f, &f->sched, a[off], &di) || !dim_arg(p, f, &f->sched, a[off + 1], &db))
			return false;
		if (db <= di)
			return st_succeeded(st__hl_error(p, a[off + 1]->line, a[off + 1]->col,
			                                 "the block loop '%.*s' of %s must be outside its inner loop '%.*s'",
			                                 S(f->sched.dims[db].name), nm, S(f->sched.dims[di].name)));
		f->hw_accel = true;
		f->accel_inner = f->sched.dims[di].name;
		f->accel_block = f->sched.dims[db].name;
		f->accel_line = line;
		f->accel_col = col;
		return true;
	}
	if (!strcmp(nm, "stream_to_accelerator")) {
		f->stream_to_accel = true;
		return true;
	}
	if (!strcmp(nm, "accelerator_input")) {
		f->accel_input = true;
		return true;
	}
	if (!strcmp(nm, "linebuffer")) {
		f->linebuffer = true;
		return true;
	}
	if (!strcmp(nm, "fifo_depth")) {
		int fi, stage;
		int64_t depth = 0;
		if (!chain_target(p, a[0], &fi, &stage) || !pos_const(p, a[1], "a FIFO depth", &depth))
			return false;
		st__hl_fifo q = {fi, depth, line, col};
		st__hl_grow(p, (void **)&f->fifos, &f->fcap, sizeof *f->fifos, f->nfifos + 1);
		f->fifos[f->nfifos++] = q;
		return true;
	}
	if (!strcmp(nm, "compute_share")) {
		int fi, stage;
		if (!chain_target(p, a[0], &fi, &stage))
			return false;
		f->compute_share = fi;
		return true;
	}
	if (!strcmp(nm, "compute_share_root")) {
		int dd;
		if (!dim_arg(p, f, &f->sched, a[0], &dd))
			return false;
		f->compute_share_root = true;
		return true;
	}
	/* output_rate */
	f->rate_line = line;
	f->rate_col = col;
	return pos_const(p, a[0], "an output rate", &f->output_rate);
}

static bool apply(st__hl_parser *p, int fi, int stage, const st__hl_expr *m) {
	st__hl_func *f = &p->funcs[fi];
	const directive *d = NULL;
	for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
		if (st__hl_str_is(m->name, directives[i].name))
			d = &directives[i];
	if (!d)
		return st_succeeded(st__hl_error(p, m->line, m->col, "unknown schedule directive '%.*s'", S(m->name)));
	if (m->nargs < d->lo || m->nargs > d->hi) {
		if (d->lo == d->hi)
			return st_succeeded(st__hl_error(p, m->line, m->col, "'%s' takes %d argument%s, not %zu", d->name, d->lo,
			                                 d->lo == 1 ? "" : "s", m->nargs));
		return st_succeeded(st__hl_error(p, m->line, m->col, "'%s' takes %d to %d arguments, not %zu", d->name, d->lo,
		                                 d->hi, m->nargs));
	}
	if (stage > 0 && !d->any_stage)
		return st_succeeded(st__hl_error(p, m->line, m->col, "'%s' applies to a Func, not to an update stage", d->name));
	bool input = f->kind == ST__HL_F_IMAGE || f->kind == ST__HL_F_TABLE;
	if (input && !d->inputs)
		return st_succeeded(st__hl_error(p, m->line, m->col, "'%s' does not apply to %s '%.*s' (schedule its in())",
		                                 d->name, f->kind == ST__HL_F_IMAGE ? "ImageParam" : "Table", S(f->name)));
	st__hl_stage_sched *s = st__hl_stage(f, stage);
	st__hl_expr *const *a = m->args;
	size_t n = m->nargs;
	const char *nm = d->name;
	st__hl_looplevel lv;
	if (!strcmp(nm, "split"))
		return split_args(p, f, s, a, n, m->line, m->col);
	if (!strcmp(nm, "fuse"))
		return fuse(p, f, s, a, m->line, m->col);
	if (!strcmp(nm, "tile"))
		return tile(p, f, s, a, n, m->line, m->col);
	if (!strcmp(nm, "reorder"))
		return reorder(p, f, s, a, n);
	if (!strcmp(nm, "unroll"))
		return loop_kind(p, f, s, a, n, ST__HL_UNROLLED, m->line, m->col);
	if (!strcmp(nm, "vectorize"))
		return loop_kind(p, f, s, a, n, ST__HL_VECTORIZED, m->line, m->col);
	if (!strcmp(nm, "parallel"))
		return loop_kind(p, f, s, a, n, ST__HL_PARALLEL, m->line, m->col);
	if (!strcmp(nm, "compute_root") || !strcmp(nm, "compute_at"))
		return loop_level(p, f, a, n, &lv, m->line, m->col) &&
		       set_level(p, &f->compute, &lv, "compute", f, m->line, m->col);
	if (!strcmp(nm, "store_root") || !strcmp(nm, "store_at"))
		return loop_level(p, f, a, n, &lv, m->line, m->col) &&
		       set_level(p, &f->store, &lv, "storage", f, m->line, m->col);
	if (!strcmp(nm, "compute_inline")) {
		memset(&lv, 0, sizeof lv);
		lv.set = true;
		lv.kind = ST__HL_INLINE;
		lv.line = m->line;
		lv.col = m->col;
		return set_level(p, &f->compute, &lv, "compute", f, m->line, m->col);
	}
	if (!strcmp(nm, "bound"))
		return bound(p, f, a, m->line, m->col);
	return hw_directive(p, f, d, a, m->line, m->col);
}

/* Walks a chain from its root: `in()` and `update(n)` move to another
 * func or stage, every other method is a directive on the current one. */
static bool walk(st__hl_parser *p, const st__hl_expr *e, int *fi, int *stage) {
	if (e->kind == ST__HL_E_NAME)
		return chain_target(p, e, fi, stage);
	if (e->kind != ST__HL_E_METHOD)
		return st_succeeded(st__hl_error(p, e->line, e->col, "a schedule starts with the name of a Func"));
	if (!walk(p, e->base, fi, stage))
		return false;
	if (is_step(e))
		return step(p, e, fi, stage);
	if (p->funcs[*fi].kind == ST__HL_F_FUNC && !p->funcs[*fi].pure)
		return st_succeeded(st__hl_error(p, e->line, e->col, "'%.*s' must be defined before it is scheduled",
		                                 S(p->funcs[*fi].name)));
	return apply(p, *fi, *stage, e);
}

bool st__hl_schedule(st__hl_parser *p, st__hl_expr *chain) {
	int fi, stage;
	return walk(p, chain, &fi, &stage);
}
