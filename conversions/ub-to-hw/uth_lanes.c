/* Several values per cycle: a dimension along which a port's schedule does
 * not move (coefficient 0, as Halide's unroll(c) leaves the 3 channels of a
 * pixel) is a set of lanes that fire together.  A kernel on such a domain
 * becomes one datapath per lane, a buffer written so carries one wire per
 * lane, and a host stream one data port per lane.  A delay line with lanes
 * is one delay line per lane, all shifting on the buffer's write: ub-map's
 * taps count transfers (the values of one cycle share a position), one
 * for all of a read's lanes, or one per lane (`lane_taps`) when an
 * unrolled x reads x + 1: lane l + 1 of its transfer, lane 0 of the next
 * for the last. */
#include "uth.h"

#include <inttypes.h>
#include <stdio.h>

int64_t st__uth_lane_coord(const st_ub_model_port *p, unsigned inst, unsigned d) {
	int64_t v = 0;
	for (unsigned e = p->ndims; e-- > 0;)
		if (st_ub_is_lane_dim(p, e)) {
			int64_t n = p->hi[e] - p->lo[e] + 1;
			if (e == d)
				v = (int64_t)inst % n;
			inst /= (unsigned)n;
		}
	return p->lo[d] + v;
}

static void lane_point(const st_ub_model_port *p, unsigned inst, int64_t *x) {
	for (unsigned d = 0; d < p->ndims; d++)
		x[d] = st__uth_lane_coord(p, inst, d);
}

/* Digit i of the buffer lane that element coordinate v (along ldim[i])
 * is in. */
static int64_t lane_digit(const st__uth_buffer *u, unsigned i, int64_t v) {
	int64_t d = v - u->lbase[i];
	return u->lmod[i] ? (d % u->lext[i] + u->lext[i]) % u->lext[i] : d;
}

unsigned st__uth_lane_of(const st__uth *s, size_t k, unsigned inst) {
	const st_ub_model_port *p = &s->m->ports[k];
	const st__uth_buffer *u = &s->bufs[p->buffer];
	int64_t x[ST_UB_MAX_DIMS], lane = 0;
	lane_point(p, inst, x);
	for (unsigned i = 0; i < u->nld; i++)
		lane = lane * u->lext[i] + lane_digit(u, i, st_ub_aff_eval(&p->acc[u->ldim[i]], p->ndims, x));
	return (unsigned)lane;
}

const char *st__uth_pos(const st__uth *s, int bi, unsigned lane, int64_t pos, char *buf) {
	if (s->bufs[bi].lanes > 1)
		snprintf(buf, 64, "b%d_p%" PRId64 "_l%u", bi, pos, lane);
	else
		snprintf(buf, 64, "b%d_p%" PRId64, bi, pos);
	return buf;
}

const char *st__uth_data_port(const st__uth *s, int bi, unsigned lane, char *buf) {
	if (s->bufs[bi].lanes > 1)
		snprintf(buf, 96, "%s_data%u", s->m->buffers[bi].name, lane);
	else
		snprintf(buf, 96, "%s_data", s->m->buffers[bi].name);
	return buf;
}

/* Does access row r use a dimension that is no lane of p (and moves)? */
static bool row_moves(const st_ub_model_port *p, unsigned r) {
	for (unsigned d = 0; d < p->ndims; d++)
		if (p->acc[r].c[1 + d] && !st_ub_is_lane_dim(p, d) && p->hi[d] > p->lo[d])
			return true;
	return false;
}

/* The buffer dimensions the write port's lanes run along: each lane
 * dimension j must be alone in one row of the access, i_j + offset, or
 * beside one other dimension stepping whole transfers, n * i_q + i_j +
 * offset for its n lanes (an unrolled x: the lane is the element's
 * coordinate modulo n). */
static st_status write_lanes(st__uth *s, size_t bi) {
	st__uth_buffer *u = &s->bufs[bi];
	const st_ub_model_port *w = &s->m->ports[u->wport];
	const char *name = s->m->buffers[bi].name;
	u->lanes = st_ub_port_lanes(w, ST__UTH_MAX_LANES);
	u->nld = 0;
	if (u->lanes == 1)
		return ST_OK;
	unsigned found = 0;
	for (unsigned r = 0; r < w->rank; r++) {
		int lane = -1;
		unsigned uses = 0;
		for (unsigned d = 0; d < w->ndims; d++)
			if (w->acc[r].c[1 + d]) {
				uses++;
				if (st_ub_is_lane_dim(w, d) && w->acc[r].c[1 + d] == 1)
					lane = (int)d;
			}
		if (lane < 0)
			continue;
		int64_t n = w->hi[lane] - w->lo[lane] + 1, c0 = w->acc[r].c[0];
		bool mod = false;
		for (unsigned d = 0; uses == 2 && d < w->ndims; d++)
			if ((int)d != lane && w->acc[r].c[1 + d]) {
				mod = w->acc[r].c[1 + d] == n && !st_ub_is_lane_dim(w, d);
				c0 += w->acc[r].c[1 + d] * w->lo[d];
			}
		if (uses != 1 && !mod)
			return st_op_error(w->op, "ub-to-hw: the write of buffer '%s' mixes an unrolled dimension with others in one "
			                          "subscript; each value of a cycle needs its own element", name);
		u->ldim[u->nld] = r;
		u->lmod[u->nld] = mod;
		u->lbase[u->nld] = c0 + w->lo[lane];
		u->lext[u->nld++] = n;
		found++;
	}
	unsigned want = 0;
	for (unsigned d = 0; d < w->ndims; d++)
		want += st_ub_is_lane_dim(w, d);
	if (found != want)
		return st_op_error(w->op, "ub-to-hw: the write of buffer '%s' does not give each value of a cycle (an unrolled "
		                          "dimension) its own element", name);
	/* ub-map counted the delay line's words in transfers. */
	u->words *= u->lanes;
	u->regs *= u->lanes;
	return ST_OK;
}

/* A read takes one value a cycle from a buffer without lanes, or one lane
 * chosen by a constant or by the reader's own unrolled dimension (or, in
 * a row whose lane is a coordinate modulo n, by any: its tap is then per
 * reader lane, ub-map's lane_taps). */
static st_status read_lanes(st__uth *s, size_t k) {
	const st_ub_model_port *p = &s->m->ports[k];
	const st__uth_buffer *u = &s->bufs[p->buffer];
	const char *name = s->m->buffers[p->buffer].name;
	for (unsigned r = 0; r < p->rank; r++) {
		bool lane_row = false, mod = false;
		for (unsigned i = 0; i < u->nld; i++) {
			lane_row |= u->ldim[i] == r;
			mod |= u->ldim[i] == r && u->lmod[i];
		}
		if (lane_row && !mod && row_moves(p, r))
			return st_op_error(p->op, "ub-to-hw: a read of buffer '%s' must choose its lane (an unrolled dimension) by "
			                          "a constant or its own unrolled dimension", name);
		for (unsigned d = 0; !lane_row && d < p->ndims; d++)
			if (p->acc[r].c[1 + d] && st_ub_is_lane_dim(p, d))
				return st_op_error(p->op, "ub-to-hw: a read of buffer '%s' takes several of its elements in one cycle "
				                          "(an unrolled dimension); the buffer gives one a cycle", name);
	}
	for (unsigned inst = 0, n = st_ub_port_lanes(p, ST__UTH_MAX_LANES); inst < n; inst++) {
		int64_t x[ST_UB_MAX_DIMS];
		lane_point(p, inst, x);
		for (unsigned i = 0; i < u->nld; i++) {
			int64_t v = lane_digit(u, i, st_ub_aff_eval(&p->acc[u->ldim[i]], p->ndims, x));
			if (v < 0 || v >= u->lext[i])
				return st_op_error(p->op, "ub-to-hw: a read of buffer '%s' takes a lane its write does not give", name);
		}
	}
	return ST_OK;
}

st_status st__uth_lanes(st__uth *s) {
	st_ub_model *m = s->m;
	for (size_t k = 0; k < m->nports; k++)
		if (st_ub_port_lanes(&m->ports[k], ST__UTH_MAX_LANES) > ST__UTH_MAX_LANES)
			return st_op_error(m->ports[k].op, "ub-to-hw: the port fires more than %d values a cycle (dimensions its "
			                                   "schedule does not move along); each is a datapath", ST__UTH_MAX_LANES);
	for (size_t bi = 0; bi < m->nbuffers; bi++) {
		s->bufs[bi].lanes = 1;
		if (s->bufs[bi].wport >= 0 && st_failed(write_lanes(s, bi)))
			return ST_FAIL;
	}
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (!p->write && st_failed(read_lanes(s, k)))
			return ST_FAIL;
		/* A kernel's datapath is one per lane of its domain. */
		for (size_t j = 0; j < k; j++)
			if (p->kernel >= 0 && m->ports[j].kernel == p->kernel && st_ub_port_lanes(&m->ports[j], ST__UTH_MAX_LANES) != st_ub_port_lanes(p, ST__UTH_MAX_LANES))
				return st_op_error(p->op, "ub-to-hw: the ports of kernel '%s' differ in their unrolled dimensions",
				                   m->kernels[p->kernel].name);
	}
	return ST_OK;
}
