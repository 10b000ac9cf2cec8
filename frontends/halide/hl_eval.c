/* The direct evaluator: a .hl algorithm computed from its definitions
 * alone, ignoring the schedule, as the reference the lowered IR is
 * compared with.  A func's value at a point is computed once and kept in a
 * hash table.  A func with update definitions is realized one slice at a
 * time: the coordinates every update leaves as pure vars pick the slice,
 * and the updates then run in order over their reduction domains (r.x
 * innermost), reading and writing that func's table; points no update
 * wrote keep the pure definition's value. */
#include "hl_scalar.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define S(x) (int)(x).len, (x).data
#define MAX_STEPS 400000000LL

typedef struct entry {
	int32_t key[ST__HL_MAX_DIMS];
	bool used;
	st__hl_val v;
} entry;

typedef struct table {
	entry *e;
	size_t cap, n;
} table;

typedef struct ev {
	st__hl_parser *p;
	const st_halide_buffer *inputs;
	table *values, *slices; /* per func */
	int64_t steps;
	bool failed;
	int line, col; /* what is evaluated (an expression, a declaration): where a failure is reported */
} ev;

/* Bindings of one definition being evaluated. */
typedef struct frame {
	const st__hl_func *f;
	const int64_t *coords; /* the func's arguments */
	int64_t r[ST__HL_MAX_RDIMS];
} frame;

static bool fail(ev *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(ev *e, const char *fmt, ...) {
	if (!e->failed) {
		char msg[256];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		/* At the expression being evaluated: a read outside an input is
		 * the call that reads it. */
		st_attr *loc = e->line ? st__hl_loc(e->p, e->line, e->col) : st_loc_unknown(e->p->ctx);
		st_error(e->p->ctx, loc, "halide evaluator: %s", msg);
	}
	e->failed = true;
	return false;
}

/* ----------------------------------------------------------- hash table */

static size_t hash(const int32_t *k) {
	uint64_t h = 1469598103934665603ull;
	for (int i = 0; i < ST__HL_MAX_DIMS; i++) {
		h ^= (uint32_t)k[i];
		h *= 1099511628211ull;
	}
	return (size_t)(h ^ (h >> 29));
}

static entry *lookup(table *t, const int32_t *k) {
	if (!t->cap)
		return NULL;
	for (size_t i = hash(k) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
		entry *e = &t->e[i];
		if (!e->used)
			return NULL;
		if (!memcmp(e->key, k, sizeof e->key))
			return e;
	}
}

static bool insert(ev *x, table *t, const int32_t *k, st__hl_val v) {
	entry *found = lookup(t, k);
	if (found) {
		found->v = v;
		return true;
	}
	if ((t->n + 1) * 2 > t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 1024;
		entry *ne = st_ctx_alloc(x->p->ctx, ncap * sizeof *ne);
		if (!ne)
			return fail(x, "out of memory");
		memset(ne, 0, ncap * sizeof *ne);
		for (size_t i = 0; i < t->cap; i++)
			if (t->e[i].used) {
				size_t j = hash(t->e[i].key) & (ncap - 1);
				while (ne[j].used)
					j = (j + 1) & (ncap - 1);
				ne[j] = t->e[i];
			}
		if (t->e)
			st_ctx_free(x->p->ctx, t->e, t->cap * sizeof *t->e);
		t->e = ne;
		t->cap = ncap;
	}
	size_t i = hash(k) & (t->cap - 1);
	while (t->e[i].used)
		i = (i + 1) & (t->cap - 1);
	memcpy(t->e[i].key, k, sizeof t->e[i].key);
	t->e[i].used = true;
	t->e[i].v = v;
	t->n++;
	return true;
}

static bool make_key(ev *x, const st__hl_func *f, const int64_t *c, int32_t *k) {
	memset(k, 0, ST__HL_MAX_DIMS * sizeof *k);
	for (int d = 0; d < f->ndims; d++) {
		if (c[d] < INT32_MIN || c[d] > INT32_MAX)
			return fail(x, "'%.*s' is called at coordinate %lld", S(f->name), (long long)c[d]);
		k[d] = (int32_t)c[d];
	}
	return true;
}

/* ---------------------------------------------------------------- values */

static bool call(ev *x, int fi, const int64_t *c, st__hl_val *out);

static st__hl_val load(const st_halide_buffer *b, st__hl_type t, size_t idx) {
	st__hl_val v = {0, 0};
	const unsigned char *d = b->data;
	switch (t.code) {
	case ST__HL_UINT:
		v.i = t.bits == 8 ? ((const uint8_t *)d)[idx] : t.bits == 16 ? ((const uint16_t *)d)[idx] : ((const uint32_t *)d)[idx];
		break;
	case ST__HL_INT:
		v.i = t.bits == 8 ? ((const int8_t *)d)[idx] : t.bits == 16 ? ((const int16_t *)d)[idx] : ((const int32_t *)d)[idx];
		break;
	case ST__HL_FLOAT:
		v.f = ((const float *)d)[idx];
		break;
	default: {
		uint32_t bits = (uint32_t)((const uint16_t *)d)[idx] << 16;
		float f;
		memcpy(&f, &bits, 4);
		v.f = f;
	}
	}
	return v;
}

static void store(st_halide_buffer *b, st__hl_type t, size_t idx, st__hl_val v) {
	unsigned char *d = b->data;
	switch (t.code) {
	case ST__HL_UINT:
	case ST__HL_INT:
		if (t.bits == 8)
			((uint8_t *)d)[idx] = (uint8_t)v.i;
		else if (t.bits == 16)
			((uint16_t *)d)[idx] = (uint16_t)v.i;
		else
			((uint32_t *)d)[idx] = (uint32_t)v.i;
		break;
	case ST__HL_FLOAT:
		((float *)d)[idx] = (float)v.f;
		break;
	default: {
		float f = (float)v.f;
		uint32_t bits;
		memcpy(&bits, &f, 4);
		((uint16_t *)d)[idx] = (uint16_t)(bits >> 16);
	}
	}
}

/* Row-major index of c in a buffer whose dims are in memref order. */
static bool index_of(ev *x, const st__hl_func *f, const int64_t *shape, const int64_t *c, size_t *idx) {
	size_t k = 0;
	for (int d = f->ndims - 1; d >= 0; d--) {
		int64_t ext = shape[f->ndims - 1 - d];
		if (c[d] < 0 || c[d] >= ext)
			return fail(x, "'%.*s' is read outside its bounds (at coordinate %lld)", S(f->name), (long long)c[d]);
		k = k * (size_t)ext + (size_t)c[d];
	}
	*idx = k;
	return true;
}

static bool eval(ev *x, const st__hl_expr *e, frame *fr, st__hl_val *out) {
	x->line = e->line;
	x->col = e->col;
	if (++x->steps > MAX_STEPS)
		return fail(x, "too much work (over %lld steps)", (long long)MAX_STEPS);
	st__hl_val a[3];
	switch (e->kind) {
	case ST__HL_E_INT:
		out->i = e->i;
		out->f = 0;
		return true;
	case ST__HL_E_FLOAT:
		out->i = 0;
		out->f = e->type.code == ST__HL_BFLOAT ? st__hl_bf16_round((float)e->f) : (float)e->f;
		return true;
	case ST__HL_E_VAR:
		for (int i = 0; i < fr->f->ndims; i++)
			if (fr->f->args[i] == e->ref) {
				out->i = fr->coords[i];
				return true;
			}
		return fail(x, "a Var of no argument");
	case ST__HL_E_RVAR:
		out->i = fr->r[e->dim];
		return true;
	case ST__HL_E_FCALL: {
		int64_t c[ST__HL_MAX_DIMS];
		for (size_t i = 0; i < e->nargs; i++) {
			if (!eval(x, e->args[i], fr, &a[0]))
				return false;
			c[i] = a[0].i;
		}
		x->line = e->line;
		x->col = e->col;
		return call(x, e->ref, c, out);
	}
	case ST__HL_E_CAST:
		if (!eval(x, e->args[0], fr, &a[0]))
			return false;
		x->line = e->line;
		x->col = e->col;
		if (!st__hl_cast_eval(e->args[0]->type, e->type, a[0], out))
			return fail(x, "a float converted to %s is out of its range", st__hl_type_name(e->type));
		return true;
	case ST__HL_E_BIN:
		if (!eval(x, e->args[0], fr, &a[0]) || !eval(x, e->args[1], fr, &a[1]))
			return false;
		*out = st__hl_binop_eval(e->op, e->args[0]->type, a[0], a[1]);
		return true;
	case ST__HL_E_INTRIN:
		if (e->op == ST__HL_SELECT) {
			if (!eval(x, e->args[0], fr, &a[0]))
				return false;
			return eval(x, e->args[a[0].i ? 1 : 2], fr, out);
		}
		for (size_t i = 0; i < e->nargs; i++)
			if (!eval(x, e->args[i], fr, &a[i]))
				return false;
		if (e->op == ST__HL_POWI)
			*out = st__hl_powi_eval(e->type, a[0], e->i);
		else
			*out = st__hl_intrin_eval(e->op, e->type, e->args[e->nargs - 1]->type, a);
		return true;
	default:
		return fail(x, "unexpected expression");
	}
}

/* Whether argument position d of f is a pure var in every update (so a
 * slice fixes it). */
static bool slice_pos(const st__hl_func *f, int d) {
	for (size_t u = 0; u < f->nupdates; u++) {
		const st__hl_expr *a = f->updates[u].lhs[d];
		if (a->kind != ST__HL_E_VAR || a->ref != f->args[d])
			return false;
	}
	return true;
}

static bool run_update(ev *x, int fi, const st__hl_update *u, const int64_t *slice) {
	st__hl_func *f = &x->p->funcs[fi];
	const st__hl_rdom *r = u->rdom >= 0 ? &x->p->rdoms[u->rdom] : NULL;
	int n = r ? r->n : 0;
	frame fr = {.f = f, .coords = slice};
	int64_t idx[ST__HL_MAX_RDIMS] = {0};
	for (;;) {
		for (int d = 0; d < n; d++)
			fr.r[d] = r->min[d] + idx[d];
		int64_t c[ST__HL_MAX_DIMS];
		st__hl_val v;
		for (size_t i = 0; i < u->nlhs; i++) {
			if (!eval(x, u->lhs[i], &fr, &v))
				return false;
			c[i] = v.i;
		}
		/* The right-hand side reads f through call(), which sees the
		 * values written so far. */
		int32_t k[ST__HL_MAX_DIMS];
		if (!eval(x, u->rhs, &fr, &v) || !make_key(x, f, c, k) || !insert(x, &x->values[fi], k, v))
			return false;
		int d = 0;
		while (d < n && ++idx[d] == r->extent[d])
			idx[d++] = 0;
		if (d == n)
			return true;
	}
}

static bool call(ev *x, int fi, const int64_t *c, st__hl_val *out) {
	st__hl_func *f = &x->p->funcs[fi];
	size_t idx;
	if (f->kind == ST__HL_F_IMAGE) {
		const st_halide_buffer *b = &x->inputs[f->image_index];
		if (!index_of(x, f, b->shape, c, &idx))
			return false;
		*out = load(b, f->type, idx);
		return true;
	}
	if (f->kind == ST__HL_F_TABLE) {
		int64_t shape[ST__HL_MAX_DIMS];
		for (int d = 0; d < f->ndims; d++)
			shape[f->ndims - 1 - d] = f->size[d];
		if (!index_of(x, f, shape, c, &idx))
			return false;
		out->i = f->ivals ? f->ivals[idx] : 0;
		out->f = f->fvals ? (f->type.code == ST__HL_BFLOAT ? st__hl_bf16_round((float)f->fvals[idx]) : (float)f->fvals[idx]) : 0;
		return true;
	}
	int32_t k[ST__HL_MAX_DIMS];
	if (!make_key(x, f, c, k))
		return false;
	if (f->nupdates) {
		int32_t sk[ST__HL_MAX_DIMS];
		int64_t slice[ST__HL_MAX_DIMS];
		memcpy(sk, k, sizeof sk);
		for (int d = 0; d < f->ndims; d++) {
			if (!slice_pos(f, d))
				sk[d] = INT32_MIN;
			slice[d] = c[d];
		}
		if (!lookup(&x->slices[fi], sk)) {
			st__hl_val one = {1, 0};
			if (!insert(x, &x->slices[fi], sk, one))
				return false;
			for (size_t u = 0; u < f->nupdates; u++)
				if (!run_update(x, fi, &f->updates[u], slice))
					return false;
		}
	}
	entry *e = lookup(&x->values[fi], k);
	if (e) {
		*out = e->v;
		return true;
	}
	frame fr = {.f = f, .coords = c};
	return eval(x, f->pure, &fr, out) && insert(x, &x->values[fi], k, *out);
}

/* ----------------------------------------------------------------- entry */

static bool check_inputs(ev *x) {
	for (size_t i = 0; i < x->p->nimages; i++) {
		const st__hl_func *f = &x->p->funcs[x->p->images[i]];
		const st_halide_buffer *b = &x->inputs[i];
		st__hl_type t;
		if (b->rank != (size_t)f->ndims || !st__hl_type_from_name(st_str_c(b->type), &t) ||
		    !st__hl_type_eq(t, f->type)) {
			x->line = f->line;
			x->col = f->col;
			return fail(x, "input '%.*s' needs a buffer of its type and rank", S(f->name));
		}
	}
	return true;
}

st_status st_halide_eval(st_halide_program *prog, const st_halide_buffer *inputs, st_halide_buffer *outputs) {
	st__hl_parser *p = st__hl_program_parser(prog);
	ev x = {.p = p, .inputs = inputs};
	size_t tb = p->nfuncs * sizeof(table);
	x.values = st_ctx_alloc(p->ctx, tb);
	x.slices = st_ctx_alloc(p->ctx, tb);
	bool ok = x.values && x.slices && check_inputs(&x);
	if (ok) {
		memset(x.values, 0, tb);
		memset(x.slices, 0, tb);
	}
	for (size_t o = 0; ok && o < p->noutputs; o++) {
		int fi = p->outputs[o];
		const st__hl_func *f = &p->funcs[fi];
		int64_t c[ST__HL_MAX_DIMS] = {0}, total = 1;
		for (int d = 0; d < f->ndims; d++)
			total *= f->out_extent[d];
		for (int64_t k = 0; ok && k < total; k++) {
			/* k runs over memref order: the first argument fastest. */
			int64_t rem = k;
			for (int d = 0; d < f->ndims; d++) {
				c[d] = rem % f->out_extent[d];
				rem /= f->out_extent[d];
			}
			st__hl_val v;
			ok = call(&x, fi, c, &v);
			if (ok)
				store(&outputs[o], f->type, (size_t)k, v);
		}
	}
	for (size_t i = 0; x.values && x.slices && i < p->nfuncs; i++) {
		if (x.values[i].e)
			st_ctx_free(p->ctx, x.values[i].e, x.values[i].cap * sizeof(entry));
		if (x.slices[i].e)
			st_ctx_free(p->ctx, x.slices[i].e, x.slices[i].cap * sizeof(entry));
	}
	if (x.values)
		st_ctx_free(p->ctx, x.values, tb);
	if (x.slices)
		st_ctx_free(p->ctx, x.slices, tb);
	return ok ? ST_OK : ST_FAIL;
}
