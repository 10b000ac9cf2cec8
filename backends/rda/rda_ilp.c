/* A small builder over CBC's C interface for the allocation ILPs (docs/rda.md,
 * "Resource allocation"): integer columns with bounds and objective
 * coefficients, rows of coefficients, a starting solution, a solve under a
 * time limit, and what came out (the solution, whether it is optimal, the
 * relative gap to the best bound). */
#include "rda_backend_internal.h"

#include <coin/Cbc_C_Interface.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

const st_limit_def st__rda_ilp_columns_limit = {
	.name = "rda-ilp-columns",
	.summary = "columns (variables) of one partitioning or merging ILP of the rda allocation",
	/* Parts x (groups + two indicators per value): a PCU-sized context
	 * of a few hundred operations split in a few dozen parts; CBC's
	 * memory grows with it. */
	.value = 200000,
	.max = 0,
};

st_status st__rda_ilp_check_size(st_op *where, int64_t columns) {
	st_context *ctx = st_op_context(where);
	if (columns <= st_context_limit(ctx, &st__rda_ilp_columns_limit))
		return ST_OK;
	char hint[160];
	return st_op_error(where, "the allocation's ILP would have %lld columns (alloc=heuristic needs none) %s",
	                   (long long)columns, st_limit_hint(ctx, &st__rda_ilp_columns_limit, hint, sizeof hint));
}

struct st__rda_ilp {
	st_context *ctx;
	Cbc_Model *cbc;
	int ncols;
	double *start;
	int capstart;
	bool failed;
};

st__rda_ilp *st__rda_ilp_create(st_context *ctx) {
	st__rda_ilp *p = st_ctx_alloc(ctx, sizeof *p);
	if (!p)
		return NULL;
	memset(p, 0, sizeof *p);
	p->ctx = ctx;
	p->cbc = Cbc_newModel();
	if (!p->cbc) {
		st_ctx_free(ctx, p, sizeof *p);
		return NULL;
	}
	Cbc_setLogLevel(p->cbc, 0);
	return p;
}

void st__rda_ilp_destroy(st__rda_ilp *p) {
	if (!p)
		return;
	Cbc_deleteModel(p->cbc);
	if (p->start)
		st_ctx_free(p->ctx, p->start, (size_t)p->capstart * sizeof *p->start);
	st_ctx_free(p->ctx, p, sizeof *p);
}

int st__rda_ilp_col(st__rda_ilp *p, double lo, double hi, double cost, bool integer) {
	char name[16];
	snprintf(name, sizeof name, "x%d", p->ncols);
	Cbc_addCol(p->cbc, name, lo, hi, cost, integer ? 1 : 0, 0, NULL, NULL);
	if (p->ncols == p->capstart) {
		int cap = p->capstart ? 2 * p->capstart : 256;
		double *n = st_ctx_realloc(p->ctx, p->start, (size_t)p->capstart * sizeof *n, (size_t)cap * sizeof *n);
		if (!n) {
			p->failed = true;
			return p->ncols++;
		}
		memset(n + p->capstart, 0, (size_t)(cap - p->capstart) * sizeof *n);
		p->start = n, p->capstart = cap;
	}
	return p->ncols++;
}

void st__rda_ilp_row(st__rda_ilp *p, int n, const int *cols, const double *coefs, char sense, double rhs) {
	Cbc_addRow(p->cbc, "r", n, cols, coefs, sense, rhs);
}

void st__rda_ilp_start(st__rda_ilp *p, int col, double value) {
	if (col >= 0 && col < p->ncols && p->start)
		p->start[col] = value;
}

int st__rda_ilp_solve(st__rda_ilp *p, double seconds, double abs_gap, st__rda_ilp_result *r) {
	memset(r, 0, sizeof *r);
	if (p->failed)
		return -1;
	int nz = 0;
	for (int i = 0; i < p->ncols; i++)
		nz += p->start[i] != 0;
	int *idx = nz ? st_ctx_alloc(p->ctx, (size_t)nz * sizeof *idx) : NULL;
	double *val = nz ? st_ctx_alloc(p->ctx, (size_t)nz * sizeof *val) : NULL;
	if (nz && (!idx || !val))
		return -1;
	for (int i = 0, k = 0; i < p->ncols; i++)
		if (p->start[i] != 0)
			idx[k] = i, val[k++] = p->start[i];
	if (nz)
		Cbc_setMIPStartI(p->cbc, nz, idx, val);
	/* The limit is wall-clock time (CBC counts CPU time by default, which
	 * a loaded machine stretches), and a search whose objective is within
	 * `abs_gap` of its bound is done. */
	Cbc_setParameter(p->cbc, "timeMode", "elapsed");
	Cbc_setMaximumSeconds(p->cbc, seconds);
	if (abs_gap > 0)
		Cbc_setAllowableGap(p->cbc, abs_gap);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	Cbc_solve(p->cbc);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	if (idx)
		st_ctx_free(p->ctx, idx, (size_t)nz * sizeof *idx);
	if (val)
		st_ctx_free(p->ctx, val, (size_t)nz * sizeof *val);
	r->optimal = Cbc_isProvenOptimal(p->cbc);
	r->timed_out = Cbc_isSecondsLimitReached(p->cbc);
	const double *x = Cbc_numberSavedSolutions(p->cbc) > 0 || r->optimal ? Cbc_getColSolution(p->cbc) : NULL;
	if (!x)
		return 1;
	r->objective = Cbc_getObjValue(p->cbc);
	r->bound = Cbc_getBestPossibleObjValue(p->cbc);
	r->gap = r->optimal ? 0 : fabs(r->objective) > 1e-9 ? fabs(r->objective - r->bound) / fabs(r->objective) : 0;
	r->gap = r->gap < 0 ? 0 : r->gap;
	r->solution = x;
	return 0;
}
