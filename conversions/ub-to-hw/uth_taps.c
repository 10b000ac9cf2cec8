/* Where each read port sits on its buffer's write stream, and the delay
 * lines that serve them.  A buffer is written by one port, one value per
 * write cycle; a delay line shifts once per write, so the value a read port
 * needs is a fixed number of writes old when the stencil schedule is at the
 * input rate.  That number is found by enumerating the port's domain (the
 * domains are boxes of a tile): the writes before the read's cycle minus
 * the write rank of the element read.  A port for which it is not constant
 * cannot be served by a delay line and is refused. */
#include "uth.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct write_ev {
	int64_t t;
	size_t elem;
} write_ev;

static int cmp_ev(const void *a, const void *b) {
	const write_ev *x = a, *y = b;
	return (x->t > y->t) - (x->t < y->t);
}

static int cmp_i64(const void *a, const void *b) {
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static int64_t box_points(const st__ub_port *p) {
	int64_t n = 1;
	for (unsigned i = 0; i < p->ndims; i++)
		n *= p->hi[i] - p->lo[i] + 1;
	return n;
}

static void point_of(const st__ub_port *p, int64_t k, int64_t *x) {
	for (unsigned i = p->ndims; i-- > 0;) {
		int64_t e = p->hi[i] - p->lo[i] + 1;
		x[i] = p->lo[i] + k % e;
		k /= e;
	}
}

static int64_t elem_of(const st__ub_buffer *b, const st__ub_port *p, const int64_t *x) {
	int64_t e = 0;
	for (unsigned d = 0; d < b->rank; d++) {
		int64_t i = st__ub_aff_eval(&p->acc[d], p->ndims, x);
		if (i < 0 || i >= b->shape[d])
			return -1;
		e = e * b->shape[d] + i;
	}
	return e;
}

static int64_t elements(const st__ub_buffer *b) {
	int64_t n = 1;
	for (unsigned d = 0; d < b->rank; d++)
		n *= b->shape[d];
	return n;
}

/* Writes strictly before cycle t. */
static int64_t writes_before(const write_ev *ev, int64_t n, int64_t t) {
	int64_t lo = 0, hi = n;
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (ev[mid].t < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The position of read port k on the stream `ev` (rank[e]: the write rank
 * of element e, -1 never written); -1 after an error. */
static int64_t tap_of(uth *s, size_t k, const write_ev *ev, int64_t nev, const int64_t *rank) {
	st__ub_port *p = &s->m->ports[k];
	const st__ub_buffer *b = &s->m->buffers[p->buffer];
	int64_t tap = -1, n = box_points(p), x[ST_UB_MAX_DIMS];
	for (int64_t i = 0; i < n; i++) {
		point_of(p, i, x);
		int64_t e = elem_of(b, p, x), t = st__ub_aff_eval(&p->sched, p->ndims, x);
		if (e < 0 || rank[e] < 0) {
			st_op_error(p->op, "ub-to-hw: reads an element of buffer '%s' that no port writes", b->name);
			return -1;
		}
		int64_t here = writes_before(ev, nev, t) - rank[e];
		if (here < 0) {
			st_op_error(p->op, "ub-to-hw: reads an element of buffer '%s' before it is written", b->name);
			return -1;
		}
		if (i && here != tap) {
			st_op_error(p->op,
			            "ub-to-hw: is no fixed tap on the write stream of buffer '%s' (%" PRId64
			            " writes back at its first point, %" PRId64 " at another): the schedule is not a "
			            "stencil schedule at the input rate",
			            b->name, tap, here);
			return -1;
		}
		tap = here;
	}
	return tap;
}

static st_status buffer_taps(uth *s, size_t bi) {
	st__ub_model *m = s->m;
	st__ub_buffer *b = &m->buffers[bi];
	uth_buffer *u = &s->bufs[bi];
	u->wport = -1;
	for (size_t k = 0; k < m->nports; k++) {
		if (m->ports[k].buffer != (int)bi || !m->ports[k].write)
			continue;
		if (u->wport >= 0)
			return st_op_error(m->ports[k].op, "ub-to-hw: buffer '%s' has a second write port; a delay line has one",
			                   b->name);
		u->wport = (int)k;
	}
	bool read = false;
	for (size_t k = 0; k < m->nports; k++)
		read = read || m->ports[k].buffer == (int)bi;
	/* A table folded into the kernels as constants (a tap register) has
	 * no ports left and no hardware. */
	if (!read)
		return ST_OK;
	if (u->wport < 0)
		return st_op_error(b->op, "ub-to-hw: buffer '%s' has no write port", b->name);
	st_type *elt = st_type_element(st_value_type(st_op_result(b->op, 0)));
	if (!st_type_is_integer(elt) || st_type_int_width(elt) > 64)
		return st_op_error(b->op, "ub-to-hw: buffer '%s' must hold integers of at most 64 bits", b->name);
	u->width = st_type_int_width(elt);
	const st__ub_port *w = &m->ports[u->wport];
	int64_t nev = box_points(w), nelem = elements(b), x[ST_UB_MAX_DIMS];
	write_ev *ev = st_ctx_alloc(s->ctx, (size_t)nev * sizeof *ev);
	int64_t *rank = st_ctx_alloc(s->ctx, (size_t)nelem * sizeof *rank);
	u->pos = st_ctx_alloc(s->ctx, (m->nports + 1) * sizeof *u->pos);
	st_status st = ev && rank && u->pos ? ST_OK : st_op_error(b->op, "out of memory");
	for (int64_t i = 0; st == ST_OK && i < nev; i++) {
		point_of(w, i, x);
		ev[i] = (write_ev){st__ub_aff_eval(&w->sched, w->ndims, x), (size_t)elem_of(b, w, x)};
	}
	if (st == ST_OK)
		qsort(ev, (size_t)nev, sizeof *ev, cmp_ev);
	for (int64_t i = 0; st == ST_OK && i < nelem; i++)
		rank[i] = -1;
	for (int64_t i = 0; st == ST_OK && i < nev; i++) {
		if (i && ev[i].t == ev[i - 1].t)
			st = st_op_error(w->op, "ub-to-hw: writes buffer '%s' twice in cycle %" PRId64 "; a delay line takes one "
			                        "value per cycle", b->name, ev[i].t);
		else
			rank[ev[i].elem] = i;
	}
	for (size_t k = 0; st == ST_OK && k < m->nports; k++) {
		if (m->ports[k].buffer != (int)bi || m->ports[k].write)
			continue;
		s->tap[k] = tap_of(s, k, ev, nev, rank);
		if (s->tap[k] < 0)
			st = ST_FAIL;
		else if (s->tap[k] > 0)
			u->pos[u->npos++] = s->tap[k];
	}
	if (ev)
		st_ctx_free(s->ctx, ev, (size_t)nev * sizeof *ev);
	if (rank)
		st_ctx_free(s->ctx, rank, (size_t)nelem * sizeof *rank);
	if (st != ST_OK)
		return st;
	qsort(u->pos, u->npos, sizeof *u->pos, cmp_i64);
	size_t n = 0;
	for (size_t i = 0; i < u->npos; i++)
		if (!n || u->pos[n - 1] != u->pos[i])
			u->pos[n++] = u->pos[i];
	u->npos = n;
	u->words = n ? u->pos[n - 1] : 0;
	for (size_t i = 0; i < n; i++) {
		int64_t g = u->pos[i] - (i ? u->pos[i - 1] : 0);
		u->regs += g < s->min_mem ? g : 1;
	}
	return ST_OK;
}

st_status uth_taps(uth *s) {
	for (size_t bi = 0; bi < s->m->nbuffers; bi++)
		if (st_failed(buffer_taps(s, bi)))
			return ST_FAIL;
	return ST_OK;
}

/* A gap of g writes between two taps: g registers, or (long gaps) a memory
 * of g - 1 words read and written at the same address in each write cycle,
 * whose registered read is the g-th word: read-first block RAM. */
static void gap(uth *s, size_t bi, int64_t from, int64_t to) {
	uth_buffer *u = &s->bufs[bi];
	int64_t g = to - from;
	unsigned w = u->width;
	if (g < s->min_mem) {
		for (int64_t k = from + 1; k <= to; k++)
			uth_printf(s, "  %%b%zu_p%" PRId64 " = seq.compreg.ce %%b%zu_p%" PRId64 ", %%clk, %%b%zu_we : i%u\n", bi, k,
			           bi, k - 1, bi, w);
		return;
	}
	int64_t depth = g - 1;
	unsigned aw = uth_bits(depth);
	uth_printf(s,
	           "  %%b%zu_a%" PRId64 "_last = comb.icmp eq %%b%zu_a%" PRId64 ", %%b%zu_a%" PRId64 "_end : i%u\n"
	           "  %%b%zu_a%" PRId64 "_end = hw.constant %" PRId64 " : i%u\n"
	           "  %%b%zu_a%" PRId64 "_one = hw.constant 1 : i%u\n"
	           "  %%b%zu_a%" PRId64 "_zero = hw.constant 0 : i%u\n"
	           "  %%b%zu_a%" PRId64 "_inc = comb.add %%b%zu_a%" PRId64 ", %%b%zu_a%" PRId64 "_one : i%u\n"
	           "  %%b%zu_a%" PRId64 "_next = comb.mux %%b%zu_a%" PRId64 "_last, %%b%zu_a%" PRId64 "_zero, %%b%zu_a%" PRId64
	           "_inc : i%u\n"
	           "  %%b%zu_a%" PRId64 " = seq.compreg.ce %%b%zu_a%" PRId64 "_next, %%clk, %%b%zu_we reset %%reset, "
	           "%%b%zu_a%" PRId64 "_zero : i%u\n",
	           bi, to, bi, to, bi, to, aw, bi, to, depth - 1, aw, bi, to, aw, bi, to, aw, bi, to, bi, to, bi, to, aw, bi,
	           to, bi, to, bi, to, bi, to, aw, bi, to, bi, to, bi, bi, to, aw);
	uth_printf(s,
	           "  %%b%zu_m%" PRId64 " = seq.hlmem @%s_line%" PRId64 " %%clk, %%reset : !seq.hlmem<%" PRId64 "xi%u>\n"
	           "  %%b%zu_p%" PRId64 " = seq.read %%b%zu_m%" PRId64 "[%%b%zu_a%" PRId64 "] rden %%b%zu_we {latency = 1} : "
	           "!seq.hlmem<%" PRId64 "xi%u>\n"
	           "  seq.write %%b%zu_m%" PRId64 "[%%b%zu_a%" PRId64 "] %%b%zu_p%" PRId64 " wren %%b%zu_we {latency = 1} : "
	           "!seq.hlmem<%" PRId64 "xi%u>\n",
	           bi, to, s->m->buffers[bi].name, to, depth, w, bi, to, bi, to, bi, to, bi, depth, w, bi, to, bi, to, bi, from, bi, depth, w);
}

void uth_delay_lines(uth *s) {
	for (size_t bi = 0; bi < s->m->nbuffers; bi++) {
		uth_buffer *u = &s->bufs[bi];
		int64_t at = 0;
		for (size_t i = 0; i < u->npos; i++) {
			gap(s, bi, at, u->pos[i]);
			at = u->pos[i];
		}
	}
}
