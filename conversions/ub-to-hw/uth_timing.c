/* When each port fires, as hardware.  One global cycle counter %t counts
 * the cycles in which the pipeline advances (%adv: every host stream that
 * is due this cycle has its valid high, so a late input stalls everything
 * instead of being lost).  A port's schedule D + sum c_i x_i over a box is
 * row-major at one value per cycle when, sorted by coefficient, the
 * innermost is 1 and each next one is a multiple of the previous that
 * leaves room for its extent (64y + x over 62 columns: 2 idle cycles per
 * row).  Its counter set is a mixed-radix counter with those moduli that
 * runs from cycle D on; the port fires when every digit but the last is
 * inside its extent.  Ports with the same start and shape share a set.
 * A dimension with coefficient 0 is a set of lanes firing together
 * (uth_lanes.c), not a digit.  A kernel computing with its coordinates
 * reads them from the digits of its write port's set, shifted back by its
 * latency; that set also counts its outermost digit. */
#include "uth.h"

#include <inttypes.h>
#include <string.h>

typedef struct uth_timer {
	int64_t start, end;
	unsigned nd, ndig;           /* digits, and those but the last */
	int64_t mod[ST_UB_MAX_DIMS]; /* modulus of each digit */
	int64_t ext[ST_UB_MAX_DIMS]; /* its extent (also of the last digit) */
	unsigned dim[ST_UB_MAX_DIMS]; /* the domain dimension of each digit */
	bool outer;                  /* the last digit is counted too */
} timer;

/* The counter set of port k; false after a located error. */
static bool timer_of(uth *s, size_t k, timer *out) {
	const st_ub_model_port *p = &s->m->ports[k];
	int64_t coef[ST_UB_MAX_DIMS], ext[ST_UB_MAX_DIMS];
	unsigned n = 0, dim[ST_UB_MAX_DIMS];
	memset(out, 0, sizeof *out);
	for (unsigned i = 0; i < p->ndims; i++) {
		int64_t e = p->hi[i] - p->lo[i] + 1, c = p->sched.c[1 + i];
		if (e == 1 || uth_is_lane_dim(p, i))
			continue;
		if (c < 0) {
			st_op_error(p->op, "ub-to-hw: the schedule must grow with every dimension of the domain (dimension %u has "
			                   "coefficient %" PRId64 ")", i, c);
			return false;
		}
		unsigned j = n++;
		for (; j > 0 && coef[j - 1] > c; j--) {
			coef[j] = coef[j - 1];
			ext[j] = ext[j - 1];
			dim[j] = dim[j - 1];
		}
		coef[j] = c;
		ext[j] = e;
		dim[j] = i;
	}
	out->start = st_ub_aff_eval(&p->sched, p->ndims, p->lo);
	out->end = st_ub_aff_eval(&p->sched, p->ndims, p->hi);
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
		out->dim[out->nd++] = dim[i];
		out->ext[i] = ext[i];
		if (i + 1 < n)
			out->mod[out->ndig++] = coef[i + 1] / coef[i];
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
	if (tm->outer && tm->nd > 0) {
		unsigned i = tm->ndig, w = uth_bits(tm->ext[i] + 1);
		uth_printf(s,
		           "  %%s%zu_z%u = hw.constant 0 : i%u\n  %%s%zu_o%u = hw.constant 1 : i%u\n"
		           "  %%s%zu_i%u = comb.add %%s%zu_d%u, %%s%zu_o%u : i%u\n"
		           "  %%s%zu_d%u = seq.compreg.ce %%s%zu_i%u, %%clk, %%s%zu_c%u reset %%reset, %%s%zu_z%u : i%u\n",
		           j, i, w, j, i, w, j, i, j, i, j, i, w, j, i, j, i, j, i, j, i, w);
	}
}

/* A kernel's own port that sets its coordinates: its (first) write. */
static int kernel_write(const st_ub_model *m, size_t ki) {
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].kernel == (int)ki && m->ports[k].write)
			return (int)k;
	return -1;
}

static size_t add_set(timer *sets, size_t *nsets, const timer *tm) {
	size_t j = 0;
	while (j < *nsets && !same_timer(&sets[j], tm))
		j++;
	if (j == *nsets)
		sets[(*nsets)++] = *tm;
	return j;
}

/* The counters of each kernel with coordinates: its write port's set,
 * started `latency` cycles earlier, when its datapath reads. */
static st_status kernel_sets(uth *s, timer *sets, size_t *nsets) {
	st_ub_model *m = s->m;
	for (size_t ki = 0; ki < m->nkernels; ki++) {
		s->ktimer[ki] = -1;
		st_op *kop = m->kernels[ki].op;
		st_attr *coords = kop ? st_op_get_attr(kop, "coords") : NULL;
		if (!coords)
			continue;
		int w = kernel_write(m, ki);
		if (w < 0)
			return st_op_error(kop, "ub-to-hw: kernel '%s' computes with its coordinates but writes no buffer whose "
			                        "schedule would count them", m->kernels[ki].name);
		for (size_t i = 0; i < st_attr_array_size(coords); i++)
			if (st_attr_int_value(st_attr_array_elt(coords, i)) >= (int64_t)m->ports[w].ndims)
				return st_op_error(kop, "ub-to-hw: coordinate #%zu of kernel '%s' names dimension %lld of a "
				                        "%u-dimensional domain", i, m->kernels[ki].name,
				                   (long long)st_attr_int_value(st_attr_array_elt(coords, i)), m->ports[w].ndims);
		timer tm;
		if (!timer_of(s, (size_t)w, &tm))
			return ST_FAIL;
		tm.start -= m->kernels[ki].latency;
		tm.end -= m->kernels[ki].latency;
		if (tm.start < 0)
			return st_op_error(kop, "ub-to-hw: kernel '%s' would compute before the first cycle", m->kernels[ki].name);
		size_t j = add_set(sets, nsets, &tm);
		sets[j].outer = true;
		s->kdigits[ki] = tm;
		s->ktimer[ki] = (int)j;
	}
	return ST_OK;
}

const char *uth_coord(uth *s, size_t ki, unsigned d, unsigned inst, char *buf) {
	const st_ub_model_port *p = &s->m->ports[kernel_write(s->m, ki)];
	const timer *tm = &s->kdigits[ki];
	unsigned i = 0;
	while (i < tm->nd && tm->dim[i] != d)
		i++;
	uth_temp(s, buf);
	int64_t lo = uth_lane_coord(p, inst, d);
	if (i == tm->nd) {
		/* A lane or a dimension of one point: a constant. */
		uth_printf(s, "  %s = hw.constant %" PRId64 " : i64\n", buf, lo);
		return buf;
	}
	unsigned w = uth_bits(i < tm->ndig ? tm->mod[i] + 1 : tm->ext[i] + 1);
	uth_printf(s,
	           "  %s_z = hw.constant 0 : i%u\n  %s_c = comb.concat %s_z, %%s%d_d%u : i%u, i%u\n"
	           "  %s_lo = hw.constant %" PRId64 " : i64\n  %s = comb.add %s_c, %s_lo : i64\n",
	           buf, 64 - w, buf, buf, s->ktimer[ki], i, 64 - w, w, buf, lo, buf, buf, buf);
	return buf;
}

st_status uth_timing(uth *s, int64_t latency) {
	st_ub_model *m = s->m;
	size_t cap = m->nports + m->nkernels + 1;
	timer *sets = st_ctx_alloc(s->ctx, cap * sizeof *sets);
	s->kdigits = st_ctx_alloc(s->ctx, (m->nkernels + 1) * sizeof *s->kdigits);
	s->ktimer = st_ctx_alloc(s->ctx, (m->nkernels + 1) * sizeof *s->ktimer);
	s->sets = sets;
	if (!sets || !s->kdigits || !s->ktimer)
		return st_op_error(m->graph, "out of memory");
	memset(sets, 0, cap * sizeof *sets);
	size_t nsets = 0;
	st_status st = ST_OK;
	for (size_t k = 0; k < m->nports && st == ST_OK; k++) {
		timer tm;
		if (!timer_of(s, k, &tm)) {
			st = ST_FAIL;
			break;
		}
		s->timer[k] = (int)add_set(sets, &nsets, &tm);
	}
	if (st == ST_OK)
		st = kernel_sets(s, sets, &nsets);
	s->nsets = nsets;
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
	return st;
}

void uth_timing_free(uth *s) {
	size_t nk = s->m->nkernels + 1;
	if (s->sets)
		st_ctx_free(s->ctx, s->sets, (s->m->nports + nk) * sizeof *s->sets);
	if (s->kdigits)
		st_ctx_free(s->ctx, s->kdigits, nk * sizeof *s->kdigits);
	if (s->ktimer)
		st_ctx_free(s->ctx, s->ktimer, nk * sizeof *s->ktimer);
	s->sets = s->kdigits = NULL;
	s->ktimer = NULL;
	s->nsets = 0;
}
