/* Subscript bounds, checked with isl at import time: the points of the
 * bound indices (their inclusive ranges and the affine index filters) at
 * which a subscript leaves its dimension form an isl set; when it is not
 * empty, a sample point names the index values that reach outside. */
#include "pm_build.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <string.h>

typedef struct sbuf {
	char *d;
	size_t n, cap;
	pm_builder *b;
} sbuf;

static void put(sbuf *s, const char *fmt, long long v) {
	char tmp[64];
	int k = snprintf(tmp, sizeof tmp, fmt, v);
	if (s->n + (size_t)k + 1 > s->cap) {
		size_t cap = (s->cap ? s->cap * 2 : 256) + (size_t)k;
		s->d = st__pm_realloc(s->b->p, s->d, cap);
		s->cap = cap;
	}
	memcpy(s->d + s->n, tmp, (size_t)k + 1);
	s->n += (size_t)k;
}

static void put_lin(sbuf *s, const pm_lin *l, size_t n) {
	put(s, "(%lld", (long long)l->c0);
	for (size_t i = 0; i < n; i++)
		if (l->c[i]) {
			put(s, " + %lld*", (long long)l->c[i]);
			put(s, "d%lld", (long long)i);
		}
	put(s, ")", 0);
}

static void put_filter(sbuf *s, const pm_filter *f, size_t n) {
	const char *op = f->op == '<' ? " < " : f->op == '>' ? " > " : f->op == PM_OP_LE ? " <= "
	                 : f->op == PM_OP_GE ? " >= " : f->op == PM_OP_EQ ? " = " : NULL;
	if (op) {
		put_lin(s, &f->a, n);
		put(s, op, 0);
		put_lin(s, &f->b, n);
		return;
	}
	/* a != b: a < b or a > b */
	put(s, "(", 0);
	put_lin(s, &f->a, n);
	put(s, " < ", 0);
	put_lin(s, &f->b, n);
	put(s, " or ", 0);
	put_lin(s, &f->a, n);
	put(s, " > ", 0);
	put_lin(s, &f->b, n);
	put(s, ")", 0);
}

static isl_ctx *isl_of(pm_builder *b) {
	if (!b->isl) {
		isl_ctx *c = isl_ctx_alloc();
		if (c)
			isl_options_set_on_error(c, ISL_ON_ERROR_CONTINUE);
		b->isl = c;
	}
	return b->isl;
}

void st__pm_bounds_free(pm_builder *b) {
	if (b->isl)
		isl_ctx_free(b->isl);
	b->isl = NULL;
}

/* The subscript at the sample point, for the message.  The ranges and
 * factors keep it within 64 bits; unsigned arithmetic keeps it defined. */
static int64_t eval(const pm_lin *l, const int64_t *pt, size_t n) {
	uint64_t v = (uint64_t)l->c0;
	for (size_t i = 0; i < n; i++)
		v += (uint64_t)l->c[i] * (uint64_t)pt[i];
	return (int64_t)v;
}

bool st__pm_check_bounds(pm_builder *b, const pm_env *env, const pm_lin *sub, pm_loc at, st_str name, size_t k,
                         int64_t size) {
	size_t n = env->nidx;
	isl_ctx *ic = isl_of(b);
	if (!ic)
		return st__pm_error(b->p, at, "out of memory");
	sbuf s = {.b = b};
	put(&s, "{ [", 0);
	for (size_t i = 0; i < n; i++)
		put(&s, i ? ", d%lld" : "d%lld", (long long)i);
	put(&s, "] : ", 0);
	for (size_t i = 0; i < n; i++) {
		put(&s, "%lld <= ", (long long)env->lo[i]);
		put(&s, "d%lld <= ", (long long)i);
		put(&s, "%lld and ", (long long)env->hi[i]);
	}
	for (size_t i = 0; i < env->nfilters; i++) {
		put_filter(&s, &env->filters[i], n);
		put(&s, " and ", 0);
	}
	put(&s, "(", 0);
	put_lin(&s, sub, n);
	put(&s, " < 0 or ", 0);
	put_lin(&s, sub, n);
	put(&s, " > %lld) }", (long long)(size - 1));
	isl_set *set = isl_set_read_from_str(ic, s.d);
	st__pm_free(b->p, s.d);
	if (!set)
		return st__pm_error(b->p, at, "the bounds of this subscript cannot be checked");
	isl_bool empty = isl_set_is_empty(set);
	if (empty == isl_bool_true) {
		isl_set_free(set);
		return true;
	}
	isl_point *pt = isl_set_sample_point(set);
	int64_t vals[PM_MAX_IDX] = {0};
	for (size_t i = 0; pt && i < n; i++) {
		isl_val *v = isl_point_get_coordinate_val(pt, isl_dim_set, (int)i);
		vals[i] = v ? isl_val_get_num_si(v) : 0;
		isl_val_free(v);
	}
	isl_point_free(pt);
	/* "i = 18 in [0:18], j = 0 in [0:1]" */
	char where[512] = "";
	size_t w = 0;
	for (size_t i = 0; i < n && w < sizeof where - 1; i++)
		w += (size_t)snprintf(where + w, sizeof where - w, "%s%.*s = %lld in [%lld:%lld]", i ? ", " : "",
		                      (int)env->names[i].len, env->names[i].data, (long long)vals[i], (long long)env->lo[i],
		                      (long long)env->hi[i]);
	if (w >= sizeof where)
		w = sizeof where - 1;
	return st__pm_error(b->p, at, "subscript %zu of '%.*s' is out of range: it is %lld at %s, outside [0:%lld]", k,
	                    (int)name.len, name.data, (long long)eval(sub, vals, n), n ? where : "every point",
	                    (long long)(size - 1));
}
