/* Checks of a .hl schedule once every statement was read: calls of a func
 * that has an in() wrapper go to the wrapper; compute_at and store_at name
 * loops of a consumer that has loops; and the hardware rules of
 * Halide-to-Hardware: inside an accelerator a func is stored and computed
 * at the same loop, CPU-only loop kinds are refused, memories are named
 * only inside an accelerator, and every non-constant value that flows in
 * from outside is declared (accelerator_input, stream_to_accelerator or
 * the input list of accelerate).  And the size of every definition once
 * the funcs it calls inline are expanded (each call is a copy: a chain of
 * funcs each reading the previous twice doubles at every level). */
#include "hl_ast.h"
#include "strata/limit.h"

#include <string.h>

#define S(x) (int)(x).len, (x).data

static bool str_eq(st_str a, st_str b) { return a.len == b.len && memcmp(a.data, b.data, a.len) == 0; }

/* The func consumers of f call: its outermost wrapper. */
static int outermost(const st__hl_parser *p, int f) {
	while (p->funcs[f].wrapper >= 0)
		f = p->funcs[f].wrapper;
	return f;
}

/* A func's reads of itself (in its updates) stay on it. */
static void redirect(const st__hl_parser *p, st__hl_expr *e, int self) {
	if (e->kind == ST__HL_E_FCALL && e->ref != self)
		e->ref = outermost(p, e->ref);
	for (size_t i = 0; i < e->nargs; i++)
		redirect(p, e->args[i], self);
}

/* Calls `fn` on every expression tree of f's definitions. */
typedef void (*expr_fn)(const st__hl_parser *p, st__hl_expr *e, void *ud);
static void each_def(const st__hl_parser *p, const st__hl_func *f, expr_fn fn, void *ud) {
	if (f->pure)
		fn(p, f->pure, ud);
	for (size_t u = 0; u < f->nupdates; u++) {
		for (size_t i = 0; i < f->updates[u].nlhs; i++)
			fn(p, f->updates[u].lhs[i], ud);
		fn(p, f->updates[u].rhs, ud);
	}
}

static void redirect_fn(const st__hl_parser *p, st__hl_expr *e, void *ud) {
	redirect(p, e, *(const int *)ud);
}

/* First call of func `g` in e (or NULL). */
static const st__hl_expr *find_call(const st__hl_expr *e, int g) {
	if (e->kind == ST__HL_E_FCALL && e->ref == g)
		return e;
	for (size_t i = 0; i < e->nargs; i++) {
		const st__hl_expr *c = find_call(e->args[i], g);
		if (c)
			return c;
	}
	return NULL;
}

typedef struct call_search {
	int g;
	const st__hl_expr *found;
} call_search;

static void find_fn(const st__hl_parser *p, st__hl_expr *e, void *ud) {
	(void)p;
	call_search *cs = ud;
	if (!cs->found)
		cs->found = find_call(e, cs->g);
}

/* The call of g in f's definitions, or NULL. */
static const st__hl_expr *calls(const st__hl_parser *p, const st__hl_func *f, int g) {
	call_search cs = {g, NULL};
	each_def(p, f, find_fn, &cs);
	return cs.found;
}

/* Whether f calls g, directly or through other funcs. */
static bool uses(const st__hl_parser *p, int f, int g, unsigned depth) {
	if (depth > p->nfuncs)
		return false;
	for (size_t h = 0; h < p->nfuncs; h++)
		if (calls(p, &p->funcs[f], (int)h) && ((int)h == g || uses(p, (int)h, g, depth + 1)))
			return true;
	return false;
}

static bool has_loops(const st__hl_func *f) { return f->kind == ST__HL_F_FUNC || f->kind == ST__HL_F_WRAPPER; }

static bool inlined(const st__hl_func *f) {
	return has_loops(f) && f->out_index < 0 && f->nupdates == 0 &&
	       (!f->compute.set || f->compute.kind == ST__HL_INLINE);
}

/* Position of loop `name` in f's last stage (innermost 0), or -1. */
static int loop_pos(st__hl_func *f, st_str name) {
	st__hl_stage_sched *s = st__hl_stage(f, (int)f->nupdates);
	for (size_t i = 0; i < s->ndims; i++)
		if (str_eq(s->dims[i].name, name))
			return (int)i;
	return -1;
}

static bool check_placement(st__hl_parser *p, int fi) {
	st__hl_func *f = &p->funcs[fi];
	st__hl_looplevel *c = &f->compute, *s = &f->store;
	if (f->out_index >= 0 && ((c->set && c->kind != ST__HL_ROOT) || (s->set && s->kind != ST__HL_ROOT)))
		return st_succeeded(st__hl_error(p, c->set ? c->line : s->line, c->set ? c->col : s->col,
		                                 "'%.*s' is an output: it is computed and stored at the root", S(f->name)));
	if (c->set && c->kind == ST__HL_INLINE && f->nupdates)
		return st_succeeded(st__hl_error(p, c->line, c->col,
		                                 "'%.*s' has update definitions: it cannot be computed inline", S(f->name)));
	if (s->set && (!c->set || c->kind == ST__HL_INLINE))
		return st_succeeded(st__hl_error(p, s->line, s->col,
		                                 "'%.*s' is stored somewhere but computed inline: give it a compute_at or "
		                                 "compute_root",
		                                 S(f->name)));
	st__hl_looplevel *levels[2] = {c, s};
	for (int k = 0; k < 2; k++) {
		st__hl_looplevel *l = levels[k];
		if (!l->set || l->kind != ST__HL_AT)
			continue;
		st__hl_func *g = &p->funcs[l->func];
		if (!uses(p, l->func, fi, 0))
			return st_succeeded(st__hl_error(p, l->line, l->col, "'%.*s' is placed inside '%.*s', which does not use it",
			                                 S(f->name), S(g->name)));
		if (inlined(g))
			return st_succeeded(st__hl_error(p, l->line, l->col,
			                                 "'%.*s' is inlined: it has no loops to place '%.*s' in (schedule it with "
			                                 "compute_root or compute_at)",
			                                 S(g->name), S(f->name)));
	}
	if (s->set && c->set && c->kind == ST__HL_ROOT && s->kind == ST__HL_AT)
		return st_succeeded(st__hl_error(p, s->line, s->col,
		                                 "'%.*s' is computed at the root but stored inside a loop: storage must "
		                                 "enclose computation",
		                                 S(f->name)));
	if (s->set && c->set && s->kind == ST__HL_AT && c->kind == ST__HL_AT) {
		if (s->func != c->func)
			return st_succeeded(st__hl_error(p, s->line, s->col,
			                                 "'%.*s' is stored in loops of '%.*s' but computed in loops of '%.*s'",
			                                 S(f->name), S(p->funcs[s->func].name), S(p->funcs[c->func].name)));
		st__hl_func *g = &p->funcs[c->func];
		if (loop_pos(g, s->var) < loop_pos(g, c->var))
			return st_succeeded(st__hl_error(p, s->line, s->col,
			                                 "'%.*s' is stored at loop '%.*s', inside the loop '%.*s' it is computed "
			                                 "at: storage must enclose computation",
			                                 S(f->name), S(s->var), S(c->var)));
	}
	return true;
}

/* ------------------------------------------------------------ hardware */

/* The accelerated func f is computed inside (f itself included), or -1. */
static int accel_of(const st__hl_parser *p, int fi, unsigned depth) {
	const st__hl_func *f = &p->funcs[fi];
	if (f->hw_accel)
		return fi;
	if (depth > p->nfuncs || !f->compute.set || f->compute.kind != ST__HL_AT)
		return -1;
	return accel_of(p, f->compute.func, depth + 1);
}

/* Whether a loop at position `pos` of accelerated A's pure stage is inside
 * its block loop (the block loop itself counts: one accelerator run). */
static bool in_block(st__hl_func *a, st_str var) {
	int pos = loop_pos(a, var), block = loop_pos(a, a->accel_block);
	return pos >= 0 && pos <= block;
}

/* Whether f (computed inside accelerator A) is placed inside A's block. */
static bool check_inside(st__hl_parser *p, int fi, int ai) {
	st__hl_func *f = &p->funcs[fi], *a = &p->funcs[ai];
	st__hl_looplevel *c = &f->compute, *s = &f->store;
	if (c->func == ai && !in_block(a, c->var))
		return st_succeeded(st__hl_error(p, c->line, c->col,
		                                 "'%.*s' is computed at loop '%.*s' of '%.*s', outside the accelerator's block "
		                                 "loop '%.*s'",
		                                 S(f->name), S(c->var), S(a->name), S(a->accel_block)));
	if (s->set && (s->kind != ST__HL_AT || s->func != c->func || !str_eq(s->var, c->var)))
		return st_succeeded(st__hl_error(p, s->line, s->col,
		                                 "illegal hardware schedule: inside the accelerator of '%.*s', store_at and "
		                                 "compute_at of '%.*s' must name the same loop",
		                                 S(a->name), S(f->name)));
	return true;
}

static bool cpu_only_loops(st__hl_parser *p, st__hl_func *f, const st__hl_func *a) {
	for (int stage = 0; stage <= (int)f->nupdates; stage++) {
		st__hl_stage_sched *s = st__hl_stage(f, stage);
		for (size_t i = 0; i < s->ndims; i++) {
			if (s->dims[i].kind != ST__HL_VECTORIZED && s->dims[i].kind != ST__HL_PARALLEL)
				continue;
			/* The accelerated func's own loops outside its block run on the host. */
			if (f == a && (int)i > loop_pos((st__hl_func *)a, a->accel_block))
				continue;
			int line = f->accel_line ? f->accel_line : f->def_line, col = f->accel_line ? f->accel_col : f->def_col;
			if (f->compute.set) {
				line = f->compute.line;
				col = f->compute.col;
			}
			return st_succeeded(st__hl_error(p, line, col,
			                                 "illegal hardware schedule: loop '%.*s' of '%.*s' is %s inside the "
			                                 "accelerator of '%.*s' (unroll it instead)",
			                                 S(s->dims[i].name), S(f->name),
			                                 s->dims[i].kind == ST__HL_VECTORIZED ? "vectorized" : "parallel",
			                                 S(a->name)));
		}
	}
	return true;
}

/* Whether g is declared as an input of accelerator a. */
static bool declared_input(const st__hl_parser *p, const st__hl_func *a, int g) {
	for (int h = g; h >= 0; h = p->funcs[h].kind == ST__HL_F_WRAPPER ? p->funcs[h].wrapped : -1) {
		const st__hl_func *fh = &p->funcs[h];
		if (fh->accel_input || fh->stream_to_accel)
			return true;
		for (size_t i = 0; i < a->naccel_inputs; i++)
			if (a->accel_inputs[i] == h || outermost(p, a->accel_inputs[i]) == h)
				return true;
	}
	return false;
}

typedef struct flow {
	st__hl_parser *p;
	int accel;
	bool ok;
	unsigned depth;
	/* Funcs already followed for this accelerator: a stencil DAG reaches
	 * a func along exponentially many call paths (harris took seconds). */
	bool *seen;
} flow;

static void visit_calls(const st__hl_parser *cp, st__hl_expr *e, void *ud);

/* Follows the values the accelerator reads: through inlined funcs and funcs
 * computed inside it, to the first func computed outside. */
static void visit_func(flow *fl, int g, const st__hl_expr *at) {
	st__hl_parser *p = fl->p;
	st__hl_func *f = &p->funcs[g], *a = &p->funcs[fl->accel];
	if (!fl->ok || fl->depth > 64 || fl->seen[g])
		return;
	fl->seen[g] = true;
	if (f->kind == ST__HL_F_TABLE)
		return; /* constants: a ROM or taps inside the accelerator */
	if (has_loops(f) && (inlined(f) || accel_of(p, g, 0) == fl->accel)) {
		fl->depth++;
		each_def(p, f, visit_calls, fl);
		fl->depth--;
		return;
	}
	if (declared_input(p, a, g))
		return;
	fl->ok = false;
	st__hl_error(p, at->line, at->col,
	             "'%.*s' reaches the accelerator of '%.*s' but is not declared as its input (mark it with "
	             "accelerator_input() or stream_to_accelerator())",
	             S(f->name), S(a->name));
}

static void visit_calls(const st__hl_parser *cp, st__hl_expr *e, void *ud) {
	(void)cp;
	flow *fl = ud;
	if (e->kind == ST__HL_E_FCALL)
		visit_func(fl, e->ref, e);
	for (size_t i = 0; i < e->nargs && fl->ok; i++)
		visit_calls(cp, e->args[i], ud);
}

static bool check_hardware(st__hl_parser *p) {
	for (size_t fi = 0; fi < p->nfuncs; fi++) {
		st__hl_func *f = &p->funcs[fi];
		int ai = has_loops(f) ? accel_of(p, (int)fi, 0) : -1;
		if (f->mem != ST__HL_MEM_DEFAULT && f->mem != ST__HL_MEM_HOST && f->mem != ST__HL_MEM_ROM && ai < 0)
			return st_succeeded(st__hl_error(p, f->mem_line, f->mem_col,
			                                 "illegal hardware schedule: store_in(%s) places '%.*s' in an accelerator "
			                                 "memory, but it is not computed inside an accelerator",
			                                 st__hl_memtype_names[f->mem], S(f->name)));
		if (f->output_rate && !f->hw_accel)
			return st_succeeded(st__hl_error(p, f->rate_line, f->rate_col,
			                                 "output_rate applies to an accelerated Func (hw_accelerate)"));
		for (size_t q = 0; q < f->nfifos; q++)
			if (!calls(p, &p->funcs[f->fifos[q].dest], (int)fi) &&
			    !calls(p, &p->funcs[f->fifos[q].dest], outermost(p, (int)fi)))
				return st_succeeded(st__hl_error(p, f->fifos[q].line, f->fifos[q].col,
				                                 "fifo_depth: '%.*s' does not read '%.*s'",
				                                 S(p->funcs[f->fifos[q].dest].name), S(f->name)));
		if (ai < 0)
			continue;
		if ((int)fi != ai && !check_inside(p, (int)fi, ai))
			return false;
		if (!cpu_only_loops(p, f, &p->funcs[ai]))
			return false;
		if (f->mem == ST__HL_MEM_ROM) {
			for (size_t g = 0; g < p->nimages; g++)
				if (uses(p, (int)fi, p->images[g], 0))
					return st_succeeded(st__hl_error(p, f->mem_line, f->mem_col,
					                                 "illegal hardware schedule: store_in(ROM) needs constant "
					                                 "contents, but '%.*s' reads '%.*s'",
					                                 S(f->name), S(p->funcs[p->images[g]].name)));
		}
	}
	for (size_t ai = 0; ai < p->nfuncs; ai++) {
		if (!p->funcs[ai].hw_accel)
			continue;
		flow fl = {p, (int)ai, true, 0, st__hl_alloc(p, p->nfuncs * sizeof(bool))};
		each_def(p, &p->funcs[ai], visit_calls, &fl);
		st__hl_free(p, fl.seen);
		if (!fl.ok)
			return false;
	}
	return true;
}

/* ------------------------------------------------------- inlined sizes */

const st_limit_def st__hl_inline_limit = {
	.name = "hl-inline-nodes",
	.summary = "expression nodes of one .hl definition once the Funcs it calls inline are expanded",
	.value = 1 << 18,
};

const st_limit_def st__hl_table_limit = {
	.name = "hl-table-entries",
	.summary = "entries of one .hl Table",
	.value = 1 << 20,
};

const st_limit_def st__hl_elements_limit = {
	.name = "hl-buffer-elements",
	.summary = "elements of one buffer of a .hl program (an output, a Func's storage, what is read of an input)",
	.value = 1 << 24,
};

bool st__hl_check_elements(st__hl_parser *p, const st__hl_func *f, const int64_t *extent, int line, int col,
                           const char *what) {
	int64_t n = 1, cap = st_context_limit(p->ctx, &st__hl_elements_limit);
	bool over = false;
	for (int d = 0; d < f->ndims && !over; d++)
		over = !st_mul_size(n, extent[d] > 0 ? extent[d] : 0, &n) || n > cap;
	if (!over)
		return true;
	char hint[160];
	return st_succeeded(st__hl_error(p, line, col, "%s '%.*s' has more than %lld elements %s", what, S(f->name),
	                                 (long long)cap, st_limit_hint(p->ctx, &st__hl_elements_limit, hint, sizeof hint)));
}

/* Nodes of `e` with inlined calls expanded, saturating at `cap` + 1 (so
 * that nothing overflows); `memo[g]` holds inlined func g's size once
 * known, -1 before, -2 while it is being measured (a cycle, which sema
 * refuses, counts as one node). */
static int64_t inlined_size(const st__hl_parser *p, const st__hl_expr *e, int64_t *memo, int64_t cap) {
	int64_t n = 1;
	if (e->kind == ST__HL_E_FCALL && e->ref >= 0 && inlined(&p->funcs[e->ref]) && p->funcs[e->ref].pure) {
		int g = e->ref;
		if (memo[g] == -1) {
			memo[g] = -2;
			memo[g] = inlined_size(p, p->funcs[g].pure, memo, cap);
		}
		n += memo[g] > 0 ? memo[g] : 0;
	}
	if (e->base && n <= cap)
		n += inlined_size(p, e->base, memo, cap);
	for (size_t i = 0; i < e->nargs && n <= cap; i++)
		n += inlined_size(p, e->args[i], memo, cap);
	return n > cap ? cap + 1 : n;
}

/* Refuses, at the definition, a func whose definitions grow past the
 * limit once inlined: the lowering would copy every inlined body into
 * each use, and the IR would take gigabytes. */
static bool check_inlined_size(st__hl_parser *p) {
	int64_t cap = st_context_limit(p->ctx, &st__hl_inline_limit);
	int64_t *memo = st__hl_alloc(p, (p->nfuncs + 1) * sizeof *memo);
	for (size_t g = 0; g < p->nfuncs; g++)
		memo[g] = -1;
	for (size_t fi = 0; fi < p->nfuncs; fi++) {
		st__hl_func *f = &p->funcs[fi];
		if (!has_loops(f) || inlined(f))
			continue;
		int64_t n = f->pure ? inlined_size(p, f->pure, memo, cap) : 0;
		for (size_t u = 0; u < f->nupdates && n <= cap; u++)
			n += inlined_size(p, f->updates[u].rhs, memo, cap);
		if (n > cap) {
			char hint[160];
			return st_succeeded(st__hl_error(
			    p, f->def_line, f->def_col,
			    "the definition of '%.*s' has more than %lld expression nodes once the Funcs it calls are inlined "
			    "(schedule one of them compute_root() to compute it once) %s",
			    S(f->name), (long long)cap, st_limit_hint(p->ctx, &st__hl_inline_limit, hint, sizeof hint)));
		}
	}
	return true;
}

bool st__hl_check_schedule(st__hl_parser *p) {
	for (size_t fi = 0; fi < p->nfuncs; fi++)
		if (p->funcs[fi].kind != ST__HL_F_WRAPPER) {
			int self = (int)fi;
			each_def(p, &p->funcs[fi], redirect_fn, &self);
		}
	for (size_t fi = 0; fi < p->nfuncs; fi++)
		if (has_loops(&p->funcs[fi]) && !check_placement(p, (int)fi))
			return false;
	return check_hardware(p) && check_inlined_size(p);
}
