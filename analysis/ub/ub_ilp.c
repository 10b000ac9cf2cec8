/* ub-schedule-ilp: Darkroom's optimal line-buffer schedule (Hegarty et al.,
 * the book's section 4.3.3) as an integer program solved by CBC
 * (docs/unified-buffers.md, "Optimal line-buffer scheduling (ILP)").
 *
 * Every statement (a kernel or a host stream) runs at one value per cycle
 * on the time base ub-schedule's stencil strategy uses: t = D + lin(i),
 * lin the producer's schedule composed with the statement's first read
 * access.  Only the delays D are left free.  A read port r of statement c
 * reading buffer p, written by statement q, finds the element of point i
 * written e_r(i) cycles after lin_c(i) when D_q = 0 (q's kernel latency
 * included, as its write port fires that much later), so the value waits
 * n_r(i) = D_c - D_q - e_r(i) cycles: Darkroom's
 * n = s_c - s_p - d with d = e_r (a constant for constant-offset
 * stencils).  Causality is min n_r >= 0; the line buffer of p holds
 * B_p >= max n_r delay slots for every reader r; the objective is
 * Darkroom's sum of b_p * B_p, b_p the element's bytes.  The max is
 * linearised by the epigraph variables B_p; the constraint matrix is one
 * of difference constraints (totally unimodular), so CBC proves the
 * optimum at the root.  Among optimal schedules a second solve takes the
 * earliest (least sum of delays), which makes the result canonical. */
#include "ub_analysis_private.h"

#include <coin/Cbc_C_Interface.h>
#include <float.h>
#include <isl/aff.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct ilp_options {
	int64_t time_limit;
} ilp_options;

/* One use (c, p, d) of Darkroom: a read port and what it waits for. */
typedef struct ilp_use {
	int c, q;        /* reading and writing statements */
	int buffer;
	int64_t emin, emax; /* the range of e_r, the writer's latency included */
} ilp_use;

typedef struct ilp_problem {
	st_ub_model *m;
	int *stmt_of;      /* statement of each port */
	size_t *first;     /* first port of each statement */
	st_ub_aff *lin;   /* each statement's time base */
	int64_t *delay;    /* the solution, per statement */
	size_t nstmts;
	ilp_use *uses;
	size_t nuses;
	int64_t *bytes;    /* b_p per buffer */
} ilp_problem;

/* ------------------------------------------------------------ statements */

static bool same_tuple(const st_ub_model_port *a, const st_ub_model_port *b) {
	const char *x = isl_set_get_tuple_name(a->domain), *y = isl_set_get_tuple_name(b->domain);
	return x && y && !strcmp(x, y);
}

/* Numbers the statements in graph order (producers come first). */
static void number_statements(ilp_problem *P) {
	st_ub_model *m = P->m;
	for (size_t k = 0; k < m->nports; k++) {
		P->stmt_of[k] = -1;
		for (size_t s = 0; s < P->nstmts && P->stmt_of[k] < 0; s++)
			if (same_tuple(&m->ports[P->first[s]], &m->ports[k]))
				P->stmt_of[k] = (int)s;
		if (P->stmt_of[k] < 0) {
			P->first[P->nstmts] = k;
			P->stmt_of[k] = (int)P->nstmts++;
		}
	}
}

static const st_ub_model_port *buffer_writer(const st_ub_model *m, int buffer) {
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].write && m->ports[k].buffer == buffer)
			return &m->ports[k];
	return NULL;
}

static int64_t port_latency(const st_ub_model *m, const st_ub_model_port *p) {
	return p->kernel >= 0 ? m->kernels[p->kernel].latency : 0;
}

/* The writer's iteration point that produces what r reads at point i, as
 * affine functions of i (A_w^-1 . A_r, by isl). */
static bool source_point(const st_ub_model_port *r, const st_ub_model_port *w, st_ub_aff *out) {
	isl_map *m = isl_map_apply_range(isl_map_copy(r->access), isl_map_reverse(isl_map_copy(w->access)));
	m = isl_map_intersect_domain(m, isl_set_copy(r->domain));
	unsigned n;
	bool ok = st__ub_affs_of(m, &n, out) && n == w->ndims;
	isl_map_free(m);
	return ok;
}

/* The write time of w at the point src(i), as an affine function of i. */
static st_ub_aff compose(const st_ub_model_port *w, const st_ub_aff *src, unsigned nin) {
	st_ub_aff t = {{w->sched.c[0]}};
	for (unsigned j = 0; j < w->ndims; j++)
		for (unsigned i = 0; i <= nin; i++)
			t.c[i] += w->sched.c[1 + j] * src[j].c[i];
	return t;
}

/* Gives every port of statement s the schedule lin + c (+ latency for
 * writes), in attributes and compiled form. */
static bool set_schedule(ilp_problem *P, size_t s, int64_t c) {
	st_ub_model *m = P->m;
	for (size_t k = 0; k < m->nports; k++) {
		st_ub_model_port *p = &m->ports[k];
		if (P->stmt_of[k] != (int)s)
			continue;
		isl_ctx *ictx = isl_set_get_ctx(p->domain);
		isl_aff *a = isl_aff_zero_on_domain(isl_local_space_from_space(isl_set_get_space(p->domain)));
		int64_t c0 = P->lin[s].c[0] + c + (p->write ? port_latency(m, p) : 0);
		a = isl_aff_set_constant_val(a, isl_val_int_from_si(ictx, c0));
		for (unsigned i = 0; i < p->ndims; i++)
			a = isl_aff_set_coefficient_val(a, isl_dim_in, (int)i, isl_val_int_from_si(ictx, P->lin[s].c[1 + i]));
		isl_map *sm = isl_map_intersect_domain(isl_map_from_aff(a), isl_set_copy(p->domain));
		if (!sm)
			return false;
		isl_map_free(p->schedule);
		p->schedule = sm;
		st_ub_port_set_schedule_isl(p->op, sm);
		if (!st_ub_model_compile_port(m, k))
			return false;
	}
	return true;
}

/* The time base of each statement, in graph order: sources (host streams)
 * row-major from their first point, every other statement the schedule of
 * the producer of its first read port composed with that port's access. */
static st_status time_bases(ilp_problem *P) {
	st_ub_model *m = P->m;
	for (size_t s = 0; s < P->nstmts; s++) {
		const st_ub_model_port *r0 = NULL;
		for (size_t k = P->first[s]; k < m->nports && !r0; k++)
			if (!m->ports[k].write && P->stmt_of[k] == (int)s)
				r0 = &m->ports[k];
		st_ub_aff *lin = &P->lin[s];
		memset(lin, 0, sizeof *lin);
		if (!r0) {
			const st_ub_model_port *p = &m->ports[P->first[s]];
			int64_t stride = 1;
			for (unsigned i = p->ndims; i-- > 0; stride *= p->hi[i] - p->lo[i] + 1) {
				lin->c[1 + i] = stride;
				lin->c[0] -= stride * p->lo[i];
			}
		} else {
			const st_ub_model_port *w = buffer_writer(m, r0->buffer);
			st_ub_aff src[ST_UB_MAX_DIMS];
			if (!w || P->stmt_of[w - m->ports] >= (int)s)
				return st_op_error(r0->op, "ub-schedule-ilp: the buffer this port reads first is not written "
				                           "by an earlier statement");
			if (!source_point(r0, w, src))
				return st_op_error(r0->op, "ub-schedule-ilp: the element this port reads is not written at "
				                           "an affine function of its domain");
			*lin = compose(w, src, r0->ndims);
			lin->c[0] = 0;
		}
		if (!set_schedule(P, s, 0))
			return ST_FAIL;
	}
	return ST_OK;
}

/* e_r over the box of r: the extremes of an affine function are at
 * corners. */
static void affine_range(const st_ub_aff *e, const st_ub_model_port *r, int64_t *lo, int64_t *hi) {
	*lo = *hi = e->c[0];
	for (unsigned i = 0; i < r->ndims; i++) {
		int64_t a = e->c[1 + i] * r->lo[i], b = e->c[1 + i] * r->hi[i];
		*lo += a < b ? a : b;
		*hi += a < b ? b : a;
	}
}

static st_status collect_uses(ilp_problem *P) {
	st_ub_model *m = P->m;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *r = &m->ports[k];
		if (r->write)
			continue;
		const st_ub_model_port *w = buffer_writer(m, r->buffer);
		st_ub_aff src[ST_UB_MAX_DIMS];
		if (!w)
			return st_op_error(r->op, "ub-schedule-ilp: the buffer this port reads has no write port");
		if (!source_point(r, w, src))
			return st_op_error(r->op, "ub-schedule-ilp: the element this port reads is not written at an "
			                          "affine function of its domain");
		ilp_use *u = &P->uses[P->nuses++];
		u->c = P->stmt_of[k];
		u->q = P->stmt_of[w - m->ports];
		/* An accumulation's update also writes the buffer it reads (its
		 * init being the first writer). */
		bool own = u->c == u->q;
		for (size_t j = 0; j < m->nports; j++)
			own = own || (m->ports[j].write && m->ports[j].buffer == r->buffer && P->stmt_of[j] == u->c);
		if (own)
			return st_op_error(r->op, "ub-schedule-ilp: a statement reading its own buffer (recursion) has no "
			                          "line-buffer schedule");
		u->buffer = r->buffer;
		st_ub_aff e = compose(w, src, r->ndims);
		for (unsigned i = 0; i <= r->ndims; i++)
			e.c[i] -= P->lin[u->c].c[i];
		affine_range(&e, r, &u->emin, &u->emax);
	}
	return ST_OK;
}

/* ------------------------------------------------------------- the solves */

/* Columns: the statements' delays, then one B per buffer.  The first solve
 * minimises sum b_p B_p; the second (earliest) keeps that sum at the
 * optimum and minimises the sum of the delays.  scratch_i/scratch_v hold
 * one entry per buffer. */
static Cbc_Model *build_model(const ilp_problem *P, int64_t time_limit, bool earliest, int64_t optimum, int *scratch_i,
                              double *scratch_v) {
	st_ub_model *m = P->m;
	Cbc_Model *cbc = Cbc_newModel();
	if (!cbc)
		return NULL;
	Cbc_setLogLevel(cbc, 0);
	Cbc_setMaximumSeconds(cbc, (double)time_limit);
	for (size_t s = 0; s < P->nstmts; s++)
		Cbc_addCol(cbc, "D", 0.0, DBL_MAX, earliest ? 1.0 : 0.0, 1, 0, NULL, NULL);
	for (size_t b = 0; b < m->nbuffers; b++) {
		Cbc_addCol(cbc, m->buffers[b].name, 0.0, DBL_MAX, earliest ? 0.0 : (double)P->bytes[b], 1, 0, NULL,
		           NULL);
		scratch_i[b] = (int)(P->nstmts + b);
		scratch_v[b] = (double)P->bytes[b];
	}
	for (size_t i = 0; i < P->nuses; i++) {
		const ilp_use *u = &P->uses[i];
		int cols[3] = {u->c, u->q, (int)(P->nstmts + (size_t)u->buffer)};
		double causal[2] = {1.0, -1.0}, size[3] = {-1.0, 1.0, 1.0};
		Cbc_addRow(cbc, "causal", 2, cols, causal, 'G', (double)u->emax);
		Cbc_addRow(cbc, "size", 3, cols, size, 'G', (double)-u->emin);
	}
	if (earliest)
		Cbc_addRow(cbc, "optimum", (int)m->nbuffers, scratch_i, scratch_v, 'L', (double)optimum);
	return cbc;
}

static int64_t round_i64(double v) { return (int64_t)(v < 0 ? v - 0.5 : v + 0.5); }

/* Solves one model; ST_FAIL after an error at the graph saying why. */
static st_status solve(const ilp_problem *P, Cbc_Model *cbc, int64_t time_limit, const char *what) {
	st_op *g = P->m->graph;
	if (!cbc)
		return st_op_error(g, "ub-schedule-ilp: CBC could not create a model");
	Cbc_solve(cbc);
	if (Cbc_isProvenOptimal(cbc))
		return ST_OK;
	if (Cbc_isProvenInfeasible(cbc))
		return st_op_error(g, "ub-schedule-ilp: no schedule is causal (a cycle of reads needs a positive delay "
		                      "around it)");
	if (Cbc_isSecondsLimitReached(cbc))
		return st_op_error(g, "ub-schedule-ilp: CBC reached the time limit of %lld s before proving the %s",
		                   (long long)time_limit, what);
	return st_op_error(g, "ub-schedule-ilp: CBC failed on the %s (status %d, secondary status %d)", what,
	                   Cbc_status(cbc), Cbc_secondaryStatus(cbc));
}

/* Darkroom's line-buffer sizes under the delays: each buffer's B is its
 * longest wait; *slots sums them, *bytes weights them by b_p. */
static void cost_of(const ilp_problem *P, const int64_t *delay, int64_t *B, int64_t *slots, int64_t *bytes) {
	memset(B, 0, P->m->nbuffers * sizeof *B);
	for (size_t i = 0; i < P->nuses; i++) {
		const ilp_use *u = &P->uses[i];
		int64_t n = delay[u->c] - delay[u->q] - u->emin;
		if (n > B[u->buffer])
			B[u->buffer] = n;
	}
	*slots = *bytes = 0;
	for (size_t b = 0; b < P->m->nbuffers; b++) {
		*slots += B[b];
		*bytes += B[b] * P->bytes[b];
	}
}

/* ub-schedule's stencil rule, for the comparison: sources at cycle 0, every
 * other statement as early as its reads allow (longest paths, relaxed until
 * stable; the ILP was feasible, so there is no positive cycle). */
static void stencil_delays(const ilp_problem *P, int64_t *delay) {
	memset(delay, 0, P->nstmts * sizeof *delay);
	for (size_t round = 0; round <= P->nstmts; round++) {
		bool changed = false;
		for (size_t i = 0; i < P->nuses; i++) {
			const ilp_use *u = &P->uses[i];
			if (delay[u->q] + u->emax > delay[u->c]) {
				delay[u->c] = delay[u->q] + u->emax;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
}

static int64_t element_bytes(const st_ub_model_buffer *b) {
	st_type *t = st_type_element(st_value_type(st_op_result(b->op, 0)));
	unsigned bits = st_type_is_integer(t) ? st_type_int_width(t) : st_type_is_float(t) ? st_type_float_width(t) : 64;
	return bits ? (bits + 7) / 8 : 1;
}


static st_status solve_both(ilp_problem *P, int64_t time_limit, int64_t *scratch, st_ub_ilp_result *res) {
	st_ub_model *m = P->m;
	/* Nothing waits for anything: every statement starts at cycle 0 (CBC
	 * refuses a program without rows). */
	if (P->nuses == 0) {
		memset(res, 0, sizeof *res);
		return ST_OK;
	}
	int *si = (int *)(scratch + m->nbuffers + 1);
	double *sv = (double *)(scratch + 2 * (m->nbuffers + 1));
	Cbc_Model *cbc = build_model(P, time_limit, false, 0, si, sv);
	st_status st = solve(P, cbc, time_limit, "optimum");
	int64_t optimum = st == ST_OK ? round_i64(Cbc_getObjValue(cbc)) : 0;
	if (cbc)
		Cbc_deleteModel(cbc);
	if (st != ST_OK)
		return ST_FAIL;
	cbc = build_model(P, time_limit, true, optimum, si, sv);
	st = solve(P, cbc, time_limit, "earliest optimal schedule");
	if (st == ST_OK) {
		const double *x = Cbc_getColSolution(cbc);
		for (size_t s = 0; s < P->nstmts; s++)
			P->delay[s] = round_i64(x[s]);
	}
	if (cbc)
		Cbc_deleteModel(cbc);
	if (st != ST_OK)
		return ST_FAIL;
	cost_of(P, P->delay, scratch, &res->slots, &res->bytes);
	if (res->bytes != optimum)
		return st_op_error(m->graph, "ub-schedule-ilp: CBC's schedule costs %lld bytes, not its optimum %lld",
		                   (long long)res->bytes, (long long)optimum);
	int64_t *asap = st_ctx_alloc(m->ctx, (P->nstmts + 1) * sizeof *asap);
	if (!asap)
		return st_op_error(m->graph, "out of memory");
	stencil_delays(P, asap);
	cost_of(P, asap, scratch, &res->stencil_slots, &res->stencil_bytes);
	st_ctx_free(m->ctx, asap, (P->nstmts + 1) * sizeof *asap);
	return ST_OK;
}

/* ---------------------------------------------------------------- the pass */

/* All the problem's arrays come from one allocation, cut in this order:
 * per port (statement of each, first port of each statement, time bases,
 * delays, uses: at most one per port), then per buffer (b_p, and three
 * scratch rows for the solves). */
#define ILP_ALIGN(n) (((n) + 15) / 16 * 16)

static void *carve(char **p, size_t n) {
	void *r = *p;
	*p += ILP_ALIGN(n);
	return r;
}

st_status st_ub_schedule_ilp(st_ub_model *m, int64_t time_limit, st_ub_ilp_result *res) {
	size_t np = m->nports + 1, nb = m->nbuffers + 1;
	const size_t sizes[] = {np * sizeof(int),     np * sizeof(size_t),  np * sizeof(st_ub_aff), np * sizeof(int64_t),
	                        np * sizeof(ilp_use), nb * sizeof(int64_t), 3 * nb * sizeof(int64_t)};
	size_t total = 0;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		total += ILP_ALIGN(sizes[i]);
	char *mem = st_ctx_alloc(m->ctx, total), *cur = mem;
	if (!mem)
		return st_op_error(m->graph, "out of memory");
	memset(mem, 0, total);
	ilp_problem P = {.m = m};
	P.stmt_of = carve(&cur, sizes[0]);
	P.first = carve(&cur, sizes[1]);
	P.lin = carve(&cur, sizes[2]);
	P.delay = carve(&cur, sizes[3]);
	P.uses = carve(&cur, sizes[4]);
	P.bytes = carve(&cur, sizes[5]);
	int64_t *scratch = carve(&cur, sizes[6]);
	for (size_t b = 0; b < m->nbuffers; b++)
		P.bytes[b] = element_bytes(&m->buffers[b]);
	number_statements(&P);
	memset(res, 0, sizeof *res);
	st_status st = time_bases(&P);
	if (st == ST_OK)
		st = collect_uses(&P);
	if (st == ST_OK)
		st = solve_both(&P, time_limit, scratch, res);
	for (size_t s = 0; st == ST_OK && s < P.nstmts; s++)
		if (!set_schedule(&P, s, P.delay[s]))
			st = ST_FAIL;
	res->proven = P.nuses != 0;
	st_ctx_free(m->ctx, mem, total);
	return st;
}

static st_status schedule_one(st_ub_model *m, void *ud) {
	const st_pass *pass = ud;
	const ilp_options *o = st_pass_options(pass);
	st_ub_ilp_result res;
	st_status st = st_ub_schedule_ilp(m, o->time_limit, &res);
	if (st == ST_OK) {
		st_type *i64 = st_integer_type(m->ctx, 64, ST_SIGNLESS);
		st_op_set_attr(m->graph, "ilp_slots", st_integer_attr(m->ctx, i64, res.slots));
		st_op_set_attr(m->graph, "stencil_slots", st_integer_attr(m->ctx, i64, res.stencil_slots));
		char msg[320];
		int n = snprintf(msg, sizeof msg,
		                 "ub-schedule-ilp: @%s: optimum %lld delay slots (%lld bytes)%s; the stencil "
		                 "schedule needs %lld delay slots (%lld bytes)\n",
		                 st_ident_cstr(st_symbol_name(m->graph)), (long long)res.slots, (long long)res.bytes,
		                 res.proven ? ", proven by CBC" : " (no port reads a buffer)",
		                 (long long)res.stencil_slots, (long long)res.stencil_bytes);
		st_pass_write(pass, msg, (size_t)n);
	}
	return st;
}

static st_status run_ilp(st_pass *pass, st_op *op) {
	const ilp_options *o = st_pass_options(pass);
	if (o->time_limit <= 0)
		return st_op_error(op, "ub-schedule-ilp: time-limit must be a positive number of seconds");
	return st_ub_for_each_graph(op, schedule_one, pass);
}

static const st_pass_option_def ilp_opts[] = {
	{.name = "time-limit",
	 .summary = "seconds CBC may spend on each of its two solves",
	 .kind = ST_PASS_OPT_INT,
	 .default_value = "10",
	 .offset = offsetof(ilp_options, time_limit)},
};

const st_pass_def st__ub_schedule_ilp_pass = {
	.name = "ub-schedule-ilp",
	.summary = "Schedule each unified-buffer graph with Darkroom's optimal line-buffer ILP (CBC)",
	.options = ilp_opts,
	.noptions = 1,
	.options_size = sizeof(ilp_options),
	.run = run_ilp,
};
