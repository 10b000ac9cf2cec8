/* When each port fires, as hardware.  One global cycle counter t counts
 * the cycles in which the pipeline advances (adv: every host stream that
 * is due this cycle has its valid high, so a late input stalls everything
 * instead of being lost).  A port's schedule D + sum c_i x_i over a box is
 * row-major when, sorted by coefficient, each is a multiple of the
 * previous that leaves room for its extent (64y + x over 62 columns: 2
 * idle cycles per row; an innermost coefficient c > 1 is a first digit of
 * modulus c, the port firing every c-th cycle).  Its counter set is a
 * mixed-radix counter with those moduli that runs from cycle D on; the
 * port fires when every digit but the last is inside its extent.  Ports with the same start and shape share a set.
 * A dimension with coefficient 0 is a set of lanes firing together
 * (st__uth_lanes.c), not a digit.  A kernel computing with its coordinates
 * reads them from the digits of its write port's set, shifted back by its
 * latency; that set also counts its outermost digit. */
#include "uth.h"

#include <inttypes.h>
#include <string.h>

typedef struct st__uth_timer {
	int64_t start, end;
	unsigned nd, ndig;           /* digits, and those but the last */
	int64_t mod[ST_UB_MAX_DIMS]; /* modulus of each digit */
	int64_t ext[ST_UB_MAX_DIMS]; /* its extent (also of the last digit) */
	unsigned dim[ST_UB_MAX_DIMS]; /* the domain dimension of each digit */
	bool outer;                  /* the last digit is counted too */
} timer;

/* The counter set of port k; false after a located error. */
static bool timer_of(st__uth *s, size_t k, timer *out) {
	const st_ub_model_port *p = &s->m->ports[k];
	int64_t coef[ST_UB_MAX_DIMS], ext[ST_UB_MAX_DIMS];
	unsigned n = 0, dim[ST_UB_MAX_DIMS];
	memset(out, 0, sizeof *out);
	for (unsigned i = 0; i < p->ndims; i++) {
		int64_t e = p->hi[i] - p->lo[i] + 1, c = p->sched.c[1 + i];
		if (e == 1 || st_ub_is_lane_dim(p, i))
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
	/* A port firing every c-th cycle (a downsampled stage, an output
	 * drained at its stage's rate) counts a phase digit of modulus c
	 * first, inside its extent only at 0. */
	if (n > 0 && coef[0] > 1) {
		out->dim[out->nd++] = ST_UB_MAX_DIMS;
		out->ext[0] = 1;
		out->mod[out->ndig++] = coef[0];
	}
	for (unsigned i = 0; i < n; i++) {
		bool ok = coef[0] >= 1;
		if (ok && i + 1 < n)
			ok = coef[i + 1] % coef[i] == 0 && coef[i + 1] / coef[i] >= ext[i];
		if (!ok) {
			st_op_error(p->op, "ub-to-hw: the schedule is not row-major; the streaming hardware needs each "
			                   "coefficient a multiple of the previous that covers its extent");
			return false;
		}
		out->ext[out->nd] = ext[i];
		out->dim[out->nd++] = dim[i];
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

static void emit_timer(st__uth *s, size_t j, const timer *tm, unsigned tw) {
	st_builder *b = &s->b;
	st_value *t = st__uth_get(s, tw, "t"), *ge;
	/* t >= 0 always holds (and Verilator warns about the comparison). */
	if (tm->start > 0)
		ge = st_comb_build_icmp(b, ST_COMB_UGE, t, st__uth_set(s, st__uth_const(s, tw, tm->start), "s%zu_a", j));
	else
		ge = st__uth_const(s, 1, 1);
	st__uth_set(s, ge, "s%zu_ge", j);
	st_value *le = st_comb_build_icmp(b, ST_COMB_ULE, t, st__uth_set(s, st__uth_const(s, tw, tm->end), "s%zu_b", j));
	st_value *win = st_comb_build_binary(b, ST_COMB_AND, ge, st__uth_set(s, le, "s%zu_le", j));
	st__uth_set(s, win, "s%zu_win", j);
	st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, win, st__uth_get(s, 1, "adv")), "s%zu_c0", j);
	st_value *due[ST_UB_MAX_DIMS + 1];
	due[0] = win;
	for (unsigned i = 0; i < tm->ndig; i++)
		due[1 + i] = st__uth_get(s, 1, "s%zu_in%u", j, i);
	st__uth_set(s, st_comb_build(b, ST_COMB_AND, 1 + tm->ndig, due), "s%zu_due", j);
	for (unsigned i = 0; i < tm->ndig; i++) {
		unsigned w = st__uth_bits(tm->mod[i] + 1);
		st_value *m = st__uth_set(s, st__uth_const(s, w, tm->mod[i] - 1), "s%zu_m%u", j, i);
		st_value *e = st__uth_set(s, st__uth_const(s, w, tm->ext[i]), "s%zu_e%u", j, i);
		st_value *z = st__uth_set(s, st__uth_const(s, w, 0), "s%zu_z%u", j, i);
		st_value *o = st__uth_set(s, st__uth_const(s, w, 1), "s%zu_o%u", j, i);
		st_value *d = st__uth_get(s, w, "s%zu_d%u", j, i);
		st_value *l = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_EQ, d, m), "s%zu_l%u", j, i);
		st__uth_set(s, st_comb_build_icmp(b, ST_COMB_ULT, d, e), "s%zu_in%u", j, i);
		st_value *inc = st__uth_set(s, st_comb_build_binary(b, ST_COMB_ADD, d, o), "s%zu_i%u", j, i);
		st_value *n = st__uth_set(s, st_comb_build_mux(b, l, z, inc), "s%zu_n%u", j, i);
		st_value *c = st__uth_get(s, 1, "s%zu_c%u", j, i);
		st__uth_set(s, st_seq_build_compreg_ce(b, n, st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk"), c,
		                                   st__uth_get(s, 1, "reset"), z, NULL),
		        "s%zu_d%u", j, i);
		st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, c, l), "s%zu_c%u", j, i + 1);
	}
	if (tm->outer && tm->nd > 0) {
		unsigned i = tm->ndig, w = st__uth_bits(tm->ext[i] + 1);
		st_value *z = st__uth_set(s, st__uth_const(s, w, 0), "s%zu_z%u", j, i);
		st_value *o = st__uth_set(s, st__uth_const(s, w, 1), "s%zu_o%u", j, i);
		st_value *inc = st__uth_set(s, st_comb_build_binary(b, ST_COMB_ADD, st__uth_get(s, w, "s%zu_d%u", j, i), o),
		                        "s%zu_i%u", j, i);
		st__uth_set(s, st_seq_build_compreg_ce(b, inc, st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk"),
		                                   st__uth_get(s, 1, "s%zu_c%u", j, i), st__uth_get(s, 1, "reset"), z, NULL),
		        "s%zu_d%u", j, i);
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
static st_status kernel_sets(st__uth *s, timer *sets, size_t *nsets) {
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

st_value *st__uth_coord(st__uth *s, size_t ki, unsigned d, unsigned inst) {
	const st_ub_model_port *p = &s->m->ports[kernel_write(s->m, ki)];
	const timer *tm = &s->kdigits[ki];
	unsigned i = 0;
	while (i < tm->nd && tm->dim[i] != d)
		i++;
	char t[32];
	st__uth_temp(s, t);
	int64_t lo = st__uth_lane_coord(p, inst, d);
	if (i == tm->nd) /* A lane or a dimension of one point: a constant. */
		return st__uth_set(s, st__uth_const(s, 64, lo), "%s", t);
	unsigned w = st__uth_bits(i < tm->ndig ? tm->mod[i] + 1 : tm->ext[i] + 1);
	st_value *cat[2] = {st__uth_set(s, st__uth_const(s, 64 - w, 0), "%s_z", t), st__uth_get(s, w, "s%d_d%u", s->ktimer[ki], i)};
	st_value *c = st__uth_set(s, st_comb_build_concat(&s->b, 2, cat), "%s_c", t);
	st_value *k = st__uth_set(s, st__uth_const(s, 64, lo), "%s_lo", t);
	return st__uth_set(s, st_comb_build_binary(&s->b, ST_COMB_ADD, c, k), "%s", t);
}

/* A tiled graph runs once per tile: in the last cycle of a run but the
 * last (t = latency - 1 and the pipeline advancing) `restart` rises, and
 * `reset` (the input's, reset_in, or the restart) returns every counter
 * (the cycle counter, the ports' counters, gates, address counters) to
 * its start for the next run; the data registers and memories keep their
 * values, which no run reads before writing them.  A counter of the runs
 * makes the last one end at done. */
static void tile_restart(st__uth *s, int64_t latency, unsigned tw) {
	st_builder *b = &s->b;
	int64_t runs = 1;
	for (unsigned j = 0; j < s->m->ntiles; j++)
		runs *= s->m->tiles[j];
	unsigned rw = st__uth_bits(runs + 1);
	st_value *reset_in = st__uth_get(s, 1, "reset_in");
	st_value *end = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_EQ, st__uth_get(s, tw, "t"),
	                                                  st__uth_set(s, st__uth_const(s, tw, latency - 1), "run_end_t")),
	                            "run_end");
	st_value *run = st__uth_get(s, rw, "run");
	st_value *more = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_NE, run, st__uth_set(s, st__uth_const(s, rw, runs - 1),
	                                                                                   "run_last")),
	                             "run_more");
	st_value *both[3] = {end, more, st__uth_get(s, 1, "adv")};
	st_value *restart = st__uth_set(s, st_comb_build(b, ST_COMB_AND, 3, both), "restart");
	st_value *zero = st__uth_set(s, st__uth_const(s, rw, 0), "run_zero");
	st_value *inc = st__uth_set(s, st_comb_build_binary(b, ST_COMB_ADD, run, st__uth_set(s, st__uth_const(s, rw, 1), "run_one")),
	                            "run_inc");
	st__uth_set(s, st_seq_build_compreg_ce(b, inc, st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk"), restart,
	                                       reset_in, zero, NULL),
	            "run");
	st__uth_set(s, st_comb_build_binary(b, ST_COMB_OR, reset_in, restart), "reset");
}

st_status st__uth_timing(st__uth *s, int64_t latency) {
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
		st_builder *b = &s->b;
		unsigned tw = st__uth_bits(latency + 2);
		/* First: it defines `reset`, which the rest holds on to. */
		if (m->ntiles)
			tile_restart(s, latency, tw);
		st_value *clk = st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk"), *reset = st__uth_get(s, 1, "reset");
		st_value *zero = st__uth_set(s, st__uth_const(s, tw, 0), "t_zero"), *one = st__uth_set(s, st__uth_const(s, tw, 1), "t_one");
		st_value *last = st__uth_set(s, st__uth_const(s, tw, latency), "t_last"), *tru = st__uth_set(s, st__uth_const(s, 1, 1), "true");
		st_value *t = st__uth_get(s, tw, "t");
		st_value *done = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_EQ, t, last), "done");
		st_value *busy = st__uth_set(s, st_comb_build_binary(b, ST_COMB_XOR, done, tru), "busy");
		st_value *en = st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, st__uth_get(s, 1, "adv"), busy), "t_en");
		st_value *inc = st__uth_set(s, st_comb_build_binary(b, ST_COMB_ADD, t, one), "t_inc");
		st__uth_set(s, st_seq_build_compreg_ce(b, inc, clk, en, reset, zero, NULL), "t");
		for (size_t j = 0; j < nsets; j++)
			emit_timer(s, j, &sets[j], tw);
		/* A host stream that is due and not valid stalls the pipeline. */
		size_t nok = 1;
		for (size_t k = 0; k < m->nports; k++)
			nok += m->ports[k].write && m->ports[k].kernel < 0;
		size_t cap_ok = nok;
		st_value **ok = st_ctx_alloc(s->ctx, cap_ok * sizeof *ok);
		if (!ok)
			return ST_FAIL;
		nok = 0;
		ok[nok++] = tru;
		for (size_t k = 0; k < m->nports; k++)
			if (m->ports[k].write && m->ports[k].kernel < 0)
				ok[nok++] = st__uth_get(s, 1, "h%zu_ok", k);
		st_value *adv = st__uth_set(s, st_comb_build(b, ST_COMB_AND, nok, ok), "adv");
		st_ctx_free(s->ctx, ok, cap_ok * sizeof *ok);
		for (size_t k = 0; k < m->nports; k++) {
			st_value *due = st__uth_get(s, 1, "s%d_due", s->timer[k]);
			if (m->ports[k].write && m->ports[k].kernel < 0) {
				st_value *idle = st__uth_set(s, st_comb_build_binary(b, ST_COMB_XOR, due, tru), "h%zu_idle", k);
				st__uth_set(s, st_comb_build_binary(b, ST_COMB_OR, idle, st__uth_get(s, 1, "%s_valid",
				                                                             m->buffers[m->ports[k].buffer].name)),
				        "h%zu_ok", k);
			}
			st_value *fire[3] = {due, adv, busy};
			st__uth_set(s, st_comb_build(b, ST_COMB_AND, 3, fire), "v%zu", k);
		}
	}
	return st;
}

void st__uth_timing_free(st__uth *s) {
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
