/* The address window of a random-access buffer: the smallest M such that
 * addressing it row-major modulo M never lets a write land on a word whose
 * value is still to be read.  A value of element e (a row-major index) is
 * safe when every index written from its write up to its last read lies
 * within M - 1 of e, so M is one more than the largest such distance.  In
 * an accumulation an element has many values: a rewrite of e itself is at
 * distance 0, the read-modify-write the window must allow.  The
 * largest and smallest index written in a span of time come from sparse
 * tables over the writes in time order: n log n for n values.  Where the
 * values have a closed form (ub_values_isl.c: streams, accumulations) the
 * window is one integer program instead (issue 24): the largest distance
 * between the element of a value x and that of any write v with
 * wt(x) <= wt(v) <= rl(x), whatever the extents. */
#include "ub_map_rules.h"

#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

typedef struct by_time {
	int64_t t, e;
} by_time;

static int cmp_time(const void *a, const void *b) {
	const by_time *x = a, *y = b;
	return (x->t > y->t) - (x->t < y->t);
}

/* First position in w[0..n) written at or after t (after t when `after`). */
static size_t lower(const by_time *w, size_t n, int64_t t, bool after) {
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (w[mid].t < t || (after && w[mid].t == t))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Sparse tables of the max (mx) and min (mn) index over 2^k writes. */
typedef struct tables {
	int64_t *mx, *mn;
	size_t n, levels;
} tables;

static void range(const tables *tb, size_t lo, size_t hi, int64_t *mx, int64_t *mn) {
	size_t k = 0;
	while (((size_t)2 << k) <= hi - lo + 1)
		k++;
	size_t b = hi + 1 - ((size_t)1 << k);
	int64_t *x = tb->mx + k * tb->n, *y = tb->mn + k * tb->n;
	*mx = x[lo] > x[b] ? x[lo] : x[b];
	*mn = y[lo] < y[b] ? y[lo] : y[b];
}

/* Value i is of element elem[i] (elem NULL: of element i). */
static int64_t window(st_context *ctx, const int64_t *wt, const int64_t *rl, const int64_t *elem, size_t n,
                      int64_t words) {
	size_t nw = 0;
	for (size_t e = 0; e < n; e++)
		nw += wt[e] != INT64_MIN;
	by_time *w = st_ctx_alloc(ctx, (nw + 1) * sizeof *w);
	tables tb = {.n = nw ? nw : 1, .levels = 1};
	while (((size_t)1 << tb.levels) <= tb.n)
		tb.levels++;
	tb.mx = w ? st_ctx_alloc(ctx, tb.levels * tb.n * sizeof *tb.mx) : NULL;
	tb.mn = tb.mx ? st_ctx_alloc(ctx, tb.levels * tb.n * sizeof *tb.mn) : NULL;
	int64_t m = tb.mn ? 1 : -1;
	if (tb.mn) {
		nw = 0;
		for (size_t e = 0; e < n; e++)
			if (wt[e] != INT64_MIN)
				w[nw++] = (by_time){wt[e], elem ? elem[e] : (int64_t)e};
		qsort(w, nw, sizeof *w, cmp_time);
		for (size_t i = 0; i < nw; i++)
			tb.mx[i] = tb.mn[i] = w[i].e;
		for (size_t k = 1; k < tb.levels; k++)
			for (size_t i = 0; i + ((size_t)1 << k) <= nw; i++) {
				size_t j = i + ((size_t)1 << (k - 1));
				int64_t *x = tb.mx + k * tb.n, *px = tb.mx + (k - 1) * tb.n;
				int64_t *y = tb.mn + k * tb.n, *py = tb.mn + (k - 1) * tb.n;
				x[i] = px[i] > px[j] ? px[i] : px[j];
				y[i] = py[i] < py[j] ? py[i] : py[j];
			}
		/* A write in the cycle of a last read happens first (memories
		 * write before they read within a cycle), so it counts. */
		for (size_t e = 0; e < n && m < words; e++) {
			if (wt[e] == INT64_MIN || rl[e] == INT64_MIN)
				continue;
			size_t lo = lower(w, nw, wt[e], false), hi = lower(w, nw, rl[e], true);
			if (hi <= lo)
				continue;
			int64_t mx, mn;
			range(&tb, lo, hi - 1, &mx, &mn);
			int64_t x = elem ? elem[e] : (int64_t)e, d = mx - x > x - mn ? mx - x : x - mn;
			m = d + 1 > m ? d + 1 : m;
		}
	}
	if (tb.mn)
		st_ctx_free(ctx, tb.mn, tb.levels * tb.n * sizeof *tb.mn);
	if (tb.mx)
		st_ctx_free(ctx, tb.mx, tb.levels * tb.n * sizeof *tb.mx);
	if (w)
		st_ctx_free(ctx, w, (nw + 1) * sizeof *w);
	return m < words ? m : words;
}

/* The element (row-major index) writer w's point x writes, as x -> [e]. */
static isl_map *element_of(const st_ub_model *m, const st__ub_writer *w) {
	const st_ub_model_port *p = &m->ports[w->port];
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	isl_space *sp = isl_space_domain(isl_map_get_space(w->wt));
	isl_ctx *ic = isl_space_get_ctx(sp);
	isl_aff *a = isl_aff_zero_on_domain(isl_local_space_from_space(sp));
	int64_t c[1 + ST_UB_MAX_DIMS] = {0}, stride = 1;
	for (unsigned d = b->rank; d-- > 0; stride *= b->shape[d])
		for (unsigned i = 0; i <= p->ndims; i++)
			c[i] += stride * p->acc[d].c[i];
	a = isl_aff_set_constant_val(a, isl_val_int_from_si(ic, c[0]));
	for (unsigned i = 0; i < p->ndims; i++)
		a = isl_aff_set_coefficient_val(a, isl_dim_in, (int)i, isl_val_int_from_si(ic, c[1 + i]));
	return isl_map_from_aff(a);
}

/* {t -> v : t <= wt(v)} (or >= when `ge`): the writes of w not before
 * (not after) a cycle. */
static isl_map *writes_from(const st__ub_writer *w, bool ge) {
	isl_space *t = isl_space_range(isl_map_get_space(w->wt));
	return isl_map_apply_range(ge ? isl_map_lex_ge(t) : isl_map_lex_le(t), isl_map_reverse(isl_map_copy(w->wt)));
}

/* The window in closed form, or -1 (no closed form, or isl gave up). */
static int64_t closed_window(st_ub_model *m, size_t bi, int64_t words) {
	st__ub_vals v;
	if (!st__ub_vals_build(m, bi, &v))
		return -1;
	int64_t most = 0;
	bool ok = true;
	for (size_t q = 0; ok && q < v.n; q++)
		for (size_t p = 0; ok && p < v.n; p++) {
			const st__ub_writer *wq = &v.w[q], *wp = &v.w[p];
			isl_map *pairs = isl_map_intersect(
				isl_map_apply_range(isl_map_intersect_domain(isl_map_copy(wq->wt), isl_map_domain(
					isl_map_copy(wq->rl))), writes_from(wp, false)),
				isl_map_apply_range(isl_map_copy(wq->rl), writes_from(wp, true)));
			pairs = isl_map_apply_range(isl_map_apply_domain(pairs, element_of(m, wq)), element_of(m, wp));
			isl_set *d = isl_map_deltas(pairs);
			isl_bool empty = isl_set_is_empty(d);
			ok = empty >= 0;
			if (ok && !empty) {
				isl_val *hi = isl_set_dim_max_val(isl_set_copy(d), 0), *lo = isl_set_dim_min_val(isl_set_copy(d), 0);
				ok = hi && lo && isl_val_is_int(hi) && isl_val_is_int(lo);
				if (ok) {
					lo = isl_val_neg(lo);
					int64_t far = isl_val_get_num_si(isl_val_gt(hi, lo) ? hi : lo);
					most = far > most ? far : most;
				}
				isl_val_free(hi);
				isl_val_free(lo);
			}
			isl_set_free(d);
		}
	st__ub_vals_free(m->ctx, &v);
	if (isl_ctx_last_error(m->ictx) != isl_error_none) {
		isl_ctx_reset_error(m->ictx);
		ok = false;
	}
	return !ok ? -1 : most + 1 < words ? most + 1 : words;
}

int64_t st__ub_ram_window(st__ub_mapper *mp, size_t bi, int64_t words) {
	int64_t closed = mp->scan ? -1 : closed_window(mp->model, bi, words);
	if (closed >= 0)
		return closed;
	st_ub_values v;
	/* Tables of n log n words: beyond a million values, no window. */
	if (words > (1 << 20))
		return words;
	if (st_failed(st_ub_values_of(mp->model, bi, &v)))
		return -1;
	int64_t m = window(mp->map->ctx, v.wt, v.rl, v.elem, v.n, words);
	st_ub_values_free(mp->model, &v);
	return m;
}
