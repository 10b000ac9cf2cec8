/* The delay line of each buffer, as ub-map laid it out (dialects/ub/ub_map.h,
 * docs/unified-buffers.md "ub-map"): a buffer is written by one port, one
 * value per write cycle, and every read port taps a fixed chain position
 * (how many writes old its value is).  The chain's elements are shift
 * registers (positions from+1..to, shifting on each write) and line
 * segments: circular buffers of g words in a memory, whose controllers
 * write position `from` at base + (rank mod g) and read base + ((rank + 1)
 * mod g) into an output register that holds position `to`.  The
 * controllers are realised as one address counter per segment stepping on
 * the buffer's write; a controller of another form is refused. */
#include "uth.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* The transfers of the box lo..hi of port p's domain: its lanes (values
 * of one cycle) count once. */
static int64_t transfers(const st_ub_model_port *p, const int64_t *lo, const int64_t *hi) {
	int64_t n = 1;
	for (unsigned i = 0; i < p->ndims; i++)
		n *= uth_is_lane_dim(p, i) ? 1 : hi[i] - lo[i] + 1;
	return n;
}

/* The buffer's one write port and element width; a port-less buffer (a
 * table folded into the kernels) has no hardware. */
static st_status buffer_ports(uth *s, size_t bi) {
	st_ub_model *m = s->m;
	st_ub_model_buffer *b = &m->buffers[bi];
	uth_buffer *u = &s->bufs[bi];
	u->wport = -1;
	bool used = false;
	for (size_t k = 0; k < m->nports; k++) {
		if (m->ports[k].buffer != (int)bi)
			continue;
		used = true;
		if (!m->ports[k].write)
			continue;
		if (u->wport >= 0)
			return st_op_error(m->ports[k].op, "ub-to-hw: buffer '%s' has a second write port; a delay line has one",
			                   b->name);
		u->wport = (int)k;
	}
	if (!used)
		return ST_OK;
	if (u->wport < 0)
		return st_op_error(b->op, "ub-to-hw: buffer '%s' has no write port", b->name);
	st_type *elt = st_type_element(st_value_type(st_op_result(b->op, 0)));
	bool f32 = st_type_get_kind(elt) == ST_TYPE_F32; /* as its bits (arith-soft-float) */
	if (!f32 && (!st_type_is_integer(elt) || st_type_int_width(elt) > 64))
		return st_op_error(b->op, "ub-to-hw: buffer '%s' must hold integers of at most 64 bits or f32",
		                   b->name);
	u->width = f32 ? 32 : st_type_int_width(elt);
	st_ub_buffer_map kind = s->map->buffers[bi].map;
	if (kind != ST_UB_MAP_WIRE && kind != ST_UB_MAP_CHAIN)
		return st_op_error(b->op, "ub-to-hw: buffer '%s' is no delay line (ub-map gives it a random-access memory or "
		                          "a ROM); the streaming hardware needs every read at a fixed distance behind the write",
		                   b->name);
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && !m->ports[k].write)
			s->tap[k] = kind == ST_UB_MAP_WIRE ? 0 : s->map->taps[k];
	return ST_OK;
}

/* A line segment's controller addresses base + ((offset + rank) mod g):
 * the write port's transfers in row-major order are its ranks (a lane
 * level steps neither the cycle nor the address). */
static bool rank_ctrl(const st_ub_ctrl *c, const st_ub_segment *sg, int wport, int64_t offset, int64_t nwrites) {
	int64_t stride = 1, n = 1;
	bool ok = c->port == wport && c->wrap == sg->to - sg->from && c->base == sg->base && c->addr_offset == offset &&
	          c->levels >= 1;
	for (unsigned i = c->levels; ok && i-- > 0;) {
		if (c->extent[i] > 1 && c->cycle_stride[i] == 0 && c->addr_stride[i] == 0)
			continue;
		ok = c->addr_stride[i] == stride;
		stride *= c->extent[i];
		n *= c->extent[i];
	}
	return ok && n == nwrites;
}

static st_status check_mem(uth *s, const st_ub_mem *mem) {
	const uth_buffer *u = &s->bufs[mem->buffer];
	/* A ROM is the kernel's table (uth_kernel.c); it has no ports here. */
	if (mem->kind == ST_UB_MEM_SR || (mem->kind == ST_UB_MEM_ROM && u->wport < 0))
		return ST_OK;
	const st_ub_model_buffer *b = &s->m->buffers[mem->buffer];
	if (mem->kind != ST_UB_MEM_LINE || mem->nctrls != 2 * mem->nsegments)
		return st_op_error(b->op, "ub-to-hw: element '%s' of buffer '%s' is no shift register or line memory with "
		                          "one write and one read controller per segment",
		                   mem->name, b->name);
	const st_ub_model_port *wp = &s->m->ports[u->wport];
	const st_ub_buffer_info *info = &s->map->buffers[mem->buffer];
	if (info->ngate && info->ngate != wp->ndims)
		return st_op_error(b->op, "ub-to-hw: the gate of buffer '%s' has %u dimensions, its write %u", b->name,
		                   info->ngate, wp->ndims);
	int64_t n = info->ngate ? transfers(wp, info->gate_lo, info->gate_hi) : transfers(wp, wp->lo, wp->hi);
	for (size_t i = 0; i < mem->nsegments; i++)
		if (!mem->ctrls[2 * i].write || mem->ctrls[2 * i + 1].write ||
		    !rank_ctrl(&mem->ctrls[2 * i], &mem->segments[i], u->wport, 0, n) ||
		    !rank_ctrl(&mem->ctrls[2 * i + 1], &mem->segments[i], u->wport, 1, n))
			return st_op_error(b->op, "ub-to-hw: the controllers of segment %zu of '%s' do not step once per write of "
			                          "buffer '%s' through its circular buffer",
			                   i, mem->name, b->name);
	return ST_OK;
}

st_status uth_taps(uth *s) {
	for (size_t bi = 0; bi < s->m->nbuffers; bi++)
		if (st_failed(buffer_ports(s, bi)))
			return ST_FAIL;
	for (size_t i = 0; i < s->map->nmems; i++) {
		const st_ub_mem *mem = &s->map->mems[i];
		if (st_failed(check_mem(s, mem)))
			return ST_FAIL;
		uth_buffer *u = &s->bufs[mem->buffer];
		u->words += mem->words;
		if (mem->kind == ST_UB_MEM_SR)
			u->regs += mem->words;
	}
	return ST_OK;
}

/* The signal a buffer's chain moves on: %b<i>_we, or for a gated chain
 * %b<i>_ge, that write with its point in the gate. */
static const char *shift_enable(const uth *s, int bi, char *buf, size_t n) {
	snprintf(buf, n, "%%b%d_%s", bi, s->map->buffers[bi].ngate ? "ge" : "we");
	return buf;
}

/* A gated chain's %b<i>_ge: counters of the write port's transfers in
 * row-major order (lanes count once), stepping on each write, tell the
 * point being written; it is in the gate when each counter is within its
 * bounds. */
static void gate_signal(uth *s, size_t bi) {
	const st_ub_buffer_info *info = &s->map->buffers[bi];
	const st_ub_model_port *p = &s->m->ports[s->bufs[bi].wport];
	uth_printf(s, "  %%b%zu_gc = hw.constant true\n", bi);
	const char *in = "gc";
	char carry[32] = "we", inbox[2][32];
	for (unsigned d = p->ndims; d-- > 0;) {
		int64_t ext = p->hi[d] - p->lo[d] + 1, glo = info->gate_lo[d] - p->lo[d], ghi = info->gate_hi[d] - p->lo[d];
		if (uth_is_lane_dim(p, d) || ext < 2)
			continue;
		unsigned w = uth_bits(ext);
		uth_printf(s,
		           "  %%b%zu_g%u_z = hw.constant 0 : i%u\n  %%b%zu_g%u_one = hw.constant 1 : i%u\n"
		           "  %%b%zu_g%u_hi = hw.constant %" PRId64 " : i%u\n"
		           "  %%b%zu_g%u_end = comb.icmp eq %%b%zu_g%u, %%b%zu_g%u_hi : i%u\n"
		           "  %%b%zu_g%u_inc = comb.add %%b%zu_g%u, %%b%zu_g%u_one : i%u\n"
		           "  %%b%zu_g%u_next = comb.mux %%b%zu_g%u_end, %%b%zu_g%u_z, %%b%zu_g%u_inc : i%u\n"
		           "  %%b%zu_g%u = seq.compreg.ce %%b%zu_g%u_next, %%clk, %%b%zu_%s reset %%reset, %%b%zu_g%u_z : i%u\n",
		           bi, d, w, bi, d, w, bi, d, ext - 1, w, bi, d, bi, d, bi, d, w, bi, d, bi, d, bi, d, w, bi, d, bi, d,
		           bi, d, bi, d, w, bi, d, bi, d, bi, carry, bi, d, w);
		/* The next outer counter steps when this one wraps. */
		uth_printf(s, "  %%b%zu_g%u_wrap = comb.and %%b%zu_%s, %%b%zu_g%u_end : i1\n", bi, d, bi, carry, bi, d);
		snprintf(carry, sizeof carry, "g%u_wrap", d);
		/* A bound at the domain's edge is no test (and a constant compare
		 * Verilator warns about). */
		static const char *const cmp[2] = {"uge", "ule"};
		int64_t bound[2] = {glo, ghi};
		for (int i = 0; i < 2; i++) {
			if (bound[i] == (i ? ext - 1 : 0))
				continue;
			uth_printf(s,
			           "  %%b%zu_g%u_b%d = hw.constant %" PRId64 " : i%u\n"
			           "  %%b%zu_g%u_c%d = comb.icmp %s %%b%zu_g%u, %%b%zu_g%u_b%d : i%u\n"
			           "  %%b%zu_g%u_in%d = comb.and %%b%zu_g%u_c%d, %%b%zu_%s : i1\n",
			           bi, d, i, bound[i], w, bi, d, i, cmp[i], bi, d, bi, d, i, w, bi, d, i, bi, d, i, bi, in);
			snprintf(inbox[i], sizeof inbox[i], "g%u_in%d", d, i);
			in = inbox[i];
		}
	}
	uth_printf(s, "  %%b%zu_ge = comb.and %%b%zu_we, %%b%zu_%s : i1\n", bi, bi, bi, in);
}

static void shift_register(uth *s, const st_ub_mem *mem) {
	int bi = mem->buffer;
	char to[64], from[64], en[32];
	shift_enable(s, bi, en, sizeof en);
	for (unsigned l = 0; l < s->bufs[bi].lanes; l++)
		for (int64_t k = mem->from + 1; k <= mem->to; k++)
			uth_printf(s, "  %s = seq.compreg.ce %s, %%clk, %s : i%u\n", uth_pos(s, bi, l, k, to),
			           uth_pos(s, bi, l, k - 1, from), en, s->bufs[bi].width);
}

/* One memory per lane, a write and a registered read port per segment;
 * the read sees the word before the same edge's write (read-first).  The
 * lanes share the segments' address counters. */
static void line_memory(uth *s, const st_ub_mem *mem, size_t mi) {
	int bi = mem->buffer;
	unsigned w = s->bufs[bi].width, lanes = s->bufs[bi].lanes;
	int64_t depth = 0;
	for (size_t i = 0; i < mem->nsegments; i++)
		if (mem->segments[i].base + mem->segments[i].to - mem->segments[i].from > depth)
			depth = mem->segments[i].base + mem->segments[i].to - mem->segments[i].from;
	unsigned aw = uth_bits(depth);
	char en[32];
	shift_enable(s, bi, en, sizeof en);
	for (size_t i = 0; i < mem->nsegments; i++) {
		const st_ub_segment *sg = &mem->segments[i];
		int64_t last = sg->base + sg->to - sg->from - 1;
		uth_printf(s,
		           "  %%e%zu_s%zu_lo = hw.constant %" PRId64 " : i%u\n  %%e%zu_s%zu_hi = hw.constant %" PRId64 " : i%u\n"
		           "  %%e%zu_s%zu_one = hw.constant 1 : i%u\n"
		           "  %%e%zu_s%zu_end = comb.icmp eq %%e%zu_s%zu, %%e%zu_s%zu_hi : i%u\n"
		           "  %%e%zu_s%zu_inc = comb.add %%e%zu_s%zu, %%e%zu_s%zu_one : i%u\n"
		           "  %%e%zu_s%zu_next = comb.mux %%e%zu_s%zu_end, %%e%zu_s%zu_lo, %%e%zu_s%zu_inc : i%u\n"
		           "  %%e%zu_s%zu = seq.compreg.ce %%e%zu_s%zu_next, %%clk, %s reset %%reset, %%e%zu_s%zu_lo : i%u\n",
		           mi, i, sg->base, aw, mi, i, last, aw, mi, i, aw, mi, i, mi, i, mi, i, aw, mi, i, mi, i, mi, i, aw, mi,
		           i, mi, i, mi, i, mi, i, aw, mi, i, mi, i, en, mi, i, aw);
	}
	char mem_ssa[48], to[64], from[64];
	for (unsigned l = 0; l < lanes; l++) {
		if (lanes > 1) {
			snprintf(mem_ssa, sizeof mem_ssa, "%%e%zu_l%u", mi, l);
			uth_printf(s, "  %s = seq.hlmem @%s_l%u %%clk, %%reset : !seq.hlmem<%" PRId64 "xi%u>\n", mem_ssa, mem->name,
			           l, depth, w);
		} else {
			snprintf(mem_ssa, sizeof mem_ssa, "%%e%zu", mi);
			uth_printf(s, "  %s = seq.hlmem @%s %%clk, %%reset : !seq.hlmem<%" PRId64 "xi%u>\n", mem_ssa, mem->name,
			           depth, w);
		}
		for (size_t i = 0; i < mem->nsegments; i++) {
			const st_ub_segment *sg = &mem->segments[i];
			uth_printf(s,
			           "  %s = seq.read %s[%%e%zu_s%zu_next] rden %s {latency = 1} : !seq.hlmem<%" PRId64 "xi%u>\n"
			           "  seq.write %s[%%e%zu_s%zu] %s wren %s {latency = 1} : !seq.hlmem<%" PRId64 "xi%u>\n",
			           uth_pos(s, bi, l, sg->to, to), mem_ssa, mi, i, en, depth, w, mem_ssa, mi, i,
			           uth_pos(s, bi, l, sg->from, from), en, depth, w);
		}
	}
}

void uth_delay_lines(uth *s) {
	for (size_t bi = 0; bi < s->m->nbuffers; bi++)
		if (s->map->buffers[bi].ngate && s->bufs[bi].wport >= 0 && s->map->buffers[bi].map == ST_UB_MAP_CHAIN)
			gate_signal(s, bi);
	for (size_t i = 0; i < s->map->nmems; i++) {
		if (s->map->mems[i].kind == ST_UB_MEM_SR)
			shift_register(s, &s->map->mems[i]);
		else if (s->map->mems[i].kind == ST_UB_MEM_LINE)
			line_memory(s, &s->map->mems[i], i);
	}
}
