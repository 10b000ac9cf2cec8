/* The address window of a random-access buffer: the smallest M such that
 * addressing it row-major modulo M never lets a write land on a word whose
 * value is still to be read.  A value of element e (a row-major index) is
 * safe when every index written from its write up to its last read lies
 * within M - 1 of e, so M is one more than the largest such distance.  In
 * an accumulation an element has many values: a rewrite of e itself is at
 * distance 0, the read-modify-write the window must allow.  The
 * largest and smallest index written in a span of time come from sparse
 * tables over the writes in time order: n log n for n values. */
#include "ub_map_rules.h"

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

int64_t st__ub_ram_window(st__ub_mapper *mp, size_t bi, int64_t words) {
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
