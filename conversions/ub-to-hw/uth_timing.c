/* When each port fires, as hardware.  One global cycle counter %t counts
 * the cycles in which the pipeline advances (%adv: every host stream that
 * is due this cycle has its valid high, so a late input stalls everything
 * instead of being lost).  A port's schedule D + sum c_i x_i over a box is
 * row-major at one value per cycle when, sorted by coefficient, the
 * innermost is 1 and each next one is a multiple of the previous that
 * leaves room for its extent (64y + x over 62 columns: 2 idle cycles per
 * row).  Its counter set is a mixed-radix counter with those moduli that
 * runs from cycle D on; the port fires when every digit but the last is
 * inside its extent.  Ports with the same start and shape share a set. */
#include "uth.h"

#include <inttypes.h>
#include <string.h>

typedef struct timer {
	int64_t start, end;
	unsigned ndig;               /* digits but the last */
	int64_t mod[ST_UB_MAX_DIMS]; /* modulus of each digit */
	int64_t ext[ST_UB_MAX_DIMS]; /* its extent */
} timer;

/* The counter set of port k; false after a located error. */
static bool timer_of(uth *s, size_t k, timer *out) {
	const st__ub_port *p = &s->m->ports[k];
	int64_t coef[ST_UB_MAX_DIMS], ext[ST_UB_MAX_DIMS];
	unsigned n = 0;
	memset(out, 0, sizeof *out);
	for (unsigned i = 0; i < p->ndims; i++) {
		int64_t e = p->hi[i] - p->lo[i] + 1, c = p->sched.c[1 + i];
		if (e == 1)
			continue;
		if (c <= 0) {
			st_op_error(p->op, "ub-to-hw: the schedule must grow with every dimension of the domain (dimension %u has "
			                   "coefficient %" PRId64 ")", i, c);
			return false;
		}
		unsigned j = n++;
		for (; j > 0 && coef[j - 1] > c; j--) {
			coef[j] = coef[j - 1];
			ext[j] = ext[j - 1];
		}
		coef[j] = c;
		ext[j] = e;
	}
	out->start = st__ub_aff_eval(&p->sched, p->ndims, p->lo);
	out->end = st__ub_aff_eval(&p->sched, p->ndims, p->hi);
	for (unsigned i = 0; i < n; i++) {
		bool ok = i ? true : coef[0] == 1;
		if (ok && i + 1 < n)
			ok = coef[i + 1] % coef[i] == 0 && coef[i + 1] / coef[i] >= ext[i];
		if (!ok) {
			st_op_error(p->op, "ub-to-hw: the schedule is not row-major at one value per cycle; the streaming "
			                   "hardware needs the innermost coefficient 1 and each next one a multiple of the "
			                   "previous that covers its extent");
			return false;
		}
		if (i + 1 < n) {
			out->mod[out->ndig] = coef[i + 1] / coef[i];
			out->ext[out->ndig++] = ext[i];
		}
	}
	return true;
}

static bool same_timer(const timer *a, const timer *b) {
	if (a->start != b->start || a->end != b->end || a->ndig != b->ndig)
		return false;
	for (unsigned i = 0; i < a->ndig; i++)
		if (a->mod[i] != b->mod[i] || a->ext[i] != b->ext[i])
			return false;
	return true;
}

static void emit_timer(uth *s, size_t j, const timer *tm, unsigned tw) {
	/* t >= 0 always holds (and Verilator warns about the comparison). */
	if (tm->start > 0)
		uth_printf(s, "  %%s%zu_a = hw.constant %" PRId64 " : i%u\n  %%s%zu_ge = comb.icmp uge %%t, %%s%zu_a : i%u\n", j,
		           tm->start, tw, j, j, tw);
	else
		uth_printf(s, "  %%s%zu_ge = hw.constant true\n", j);
	uth_printf(s,
	           "  %%s%zu_b = hw.constant %" PRId64 " : i%u\n  %%s%zu_le = comb.icmp ule %%t, %%s%zu_b : i%u\n"
	           "  %%s%zu_win = comb.and %%s%zu_ge, %%s%zu_le : i1\n  %%s%zu_c0 = comb.and %%s%zu_win, %%adv : i1\n",
	           j, tm->end, tw, j, j, tw, j, j, j, j, j);
	uth_printf(s, "  %%s%zu_due = comb.and %%s%zu_win", j, j);
	for (unsigned i = 0; i < tm->ndig; i++)
		uth_printf(s, ", %%s%zu_in%u", j, i);
	uth_printf(s, " : i1\n");
	for (unsigned i = 0; i < tm->ndig; i++) {
		unsigned w = uth_bits(tm->mod[i] + 1);
		uth_printf(s,
		           "  %%s%zu_m%u = hw.constant %" PRId64 " : i%u\n  %%s%zu_e%u = hw.constant %" PRId64 " : i%u\n"
		           "  %%s%zu_z%u = hw.constant 0 : i%u\n  %%s%zu_o%u = hw.constant 1 : i%u\n"
		           "  %%s%zu_l%u = comb.icmp eq %%s%zu_d%u, %%s%zu_m%u : i%u\n"
		           "  %%s%zu_in%u = comb.icmp ult %%s%zu_d%u, %%s%zu_e%u : i%u\n"
		           "  %%s%zu_i%u = comb.add %%s%zu_d%u, %%s%zu_o%u : i%u\n"
		           "  %%s%zu_n%u = comb.mux %%s%zu_l%u, %%s%zu_z%u, %%s%zu_i%u : i%u\n"
		           "  %%s%zu_d%u = seq.compreg.ce %%s%zu_n%u, %%clk, %%s%zu_c%u reset %%reset, %%s%zu_z%u : i%u\n"
		           "  %%s%zu_c%u = comb.and %%s%zu_c%u, %%s%zu_l%u : i1\n",
		           j, i, tm->mod[i] - 1, w, j, i, tm->ext[i], w, j, i, w, j, i, w, j, i, j, i, j, i, w, j, i, j, i, j, i,
		           w, j, i, j, i, j, i, w, j, i, j, i, j, i, j, i, w, j, i, j, i, j, i, j, i, w, j, i + 1, j, i, j, i);
	}
}

st_status uth_timing(uth *s, int64_t latency) {
	st__ub_model *m = s->m;
	timer *sets = st_ctx_alloc(s->ctx, (m->nports + 1) * sizeof *sets);
	if (!sets)
		return st_op_error(m->graph, "out of memory");
	size_t nsets = 0;
	st_status st = ST_OK;
	for (size_t k = 0; k < m->nports && st == ST_OK; k++) {
		timer tm;
		if (!timer_of(s, k, &tm)) {
			st = ST_FAIL;
			break;
		}
		size_t j = 0;
		while (j < nsets && !same_timer(&sets[j], &tm))
			j++;
		if (j == nsets)
			sets[nsets++] = tm;
		s->timer[k] = (int)j;
	}
	if (st == ST_OK) {
		unsigned tw = uth_bits(latency + 2);
		uth_printf(s,
		           "  %%t_zero = hw.constant 0 : i%u\n  %%t_one = hw.constant 1 : i%u\n"
		           "  %%t_last = hw.constant %" PRId64 " : i%u\n  %%true = hw.constant true\n"
		           "  %%done = comb.icmp eq %%t, %%t_last : i%u\n  %%busy = comb.xor %%done, %%true : i1\n"
		           "  %%t_en = comb.and %%adv, %%busy : i1\n  %%t_inc = comb.add %%t, %%t_one : i%u\n"
		           "  %%t = seq.compreg.ce %%t_inc, %%clk, %%t_en reset %%reset, %%t_zero : i%u\n",
		           tw, tw, latency, tw, tw, tw, tw);
		for (size_t j = 0; j < nsets; j++)
			emit_timer(s, j, &sets[j], tw);
		/* A host stream that is due and not valid stalls the pipeline. */
		uth_printf(s, "  %%adv = comb.and %%true");
		for (size_t k = 0; k < m->nports; k++)
			if (m->ports[k].write && m->ports[k].kernel < 0)
				uth_printf(s, ", %%h%zu_ok", k);
		uth_printf(s, " : i1\n");
		for (size_t k = 0; k < m->nports; k++) {
			if (m->ports[k].write && m->ports[k].kernel < 0)
				uth_printf(s, "  %%h%zu_idle = comb.xor %%s%d_due, %%true : i1\n"
				              "  %%h%zu_ok = comb.or %%h%zu_idle, %%%s_valid : i1\n",
				           k, s->timer[k], k, k, m->buffers[m->ports[k].buffer].name);
			uth_printf(s, "  %%v%zu = comb.and %%s%d_due, %%adv, %%busy : i1\n", k, s->timer[k]);
		}
	}
	st_ctx_free(s->ctx, sets, (m->nports + 1) * sizeof *sets);
	return st;
}
