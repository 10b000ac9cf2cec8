/* The delay line of each buffer, as ub-map laid it out (strata/ub_analysis.h,
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
		n *= st_ub_is_lane_dim(p, i) ? 1 : hi[i] - lo[i] + 1;
	return n;
}

/* The buffer's one write port and element width; a port-less buffer (a
 * table folded into the kernels) has no hardware. */
static st_status buffer_ports(st__uth *s, size_t bi) {
	st_ub_model *m = s->m;
	st_ub_model_buffer *b = &m->buffers[bi];
	st__uth_buffer *u = &s->bufs[bi];
	u->wport = -1;
	bool used = false;
	for (size_t k = 0; k < m->nports; k++) {
		if (m->ports[k].buffer != (int)bi)
			continue;
		used = true;
		if (!m->ports[k].write)
			continue;
		/* A register file takes every write (st__uth_ram.c). */
		if (u->wport >= 0 && s->map->buffers[bi].map == ST_UB_MAP_RAM)
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
	/* f32 and f64 as their bits (arith-soft-float). */
	bool fl = st_type_get_kind(elt) == ST_TYPE_F32 || st_type_get_kind(elt) == ST_TYPE_F64;
	if (!fl && (!st_type_is_integer(elt) || st_type_int_width(elt) > 64))
		return st_op_error(b->op, "ub-to-hw: buffer '%s' must hold integers of at most 64 bits, f32 or f64",
		                   b->name);
	u->width = st__uth_width_of(elt);
	st_ub_buffer_map kind = s->map->buffers[bi].map;
	if (kind == ST_UB_MAP_RAM)
		return ST_OK;
	if (kind != ST_UB_MAP_WIRE && kind != ST_UB_MAP_CHAIN)
		return st_op_error(b->op, "ub-to-hw: buffer '%s' is no delay line (ub-map gives it a ROM); the streaming "
		                          "hardware needs every read at a fixed distance behind the write",
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

static st_status check_mem(st__uth *s, const st_ub_mem *mem) {
	const st__uth_buffer *u = &s->bufs[mem->buffer];
	/* A ROM is the kernel's table (st__uth_kernel.c); it has no ports here. */
	if (mem->kind == ST_UB_MEM_SR || (mem->kind == ST_UB_MEM_ROM && u->wport < 0) || mem->kind == ST_UB_MEM_RAM)
		return ST_OK; /* a register file is st__uth_ram.c's */
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

st_status st__uth_taps(st__uth *s) {
	for (size_t bi = 0; bi < s->m->nbuffers; bi++)
		if (st_failed(buffer_ports(s, bi)))
			return ST_FAIL;
	for (size_t i = 0; i < s->map->nmems; i++) {
		const st_ub_mem *mem = &s->map->mems[i];
		if (st_failed(check_mem(s, mem)))
			return ST_FAIL;
		st__uth_buffer *u = &s->bufs[mem->buffer];
		u->words += mem->words;
		if (mem->kind == ST_UB_MEM_SR)
			u->regs += mem->words;
	}
	return ST_OK;
}

/* The signal a buffer's chain moves on: b<i>_we, or for a gated chain
 * b<i>_ge, that write with its point in the gate. */
static st_value *shift_enable(st__uth *s, int bi) {
	return st__uth_get(s, 1, "b%d_%s", bi, s->map->buffers[bi].ngate ? "ge" : "we");
}

static st_value *clk(st__uth *s) { return st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk"); }

/* A gated chain's b<i>_ge: counters of the write port's transfers in
 * row-major order (lanes count once), stepping on each write, tell the
 * point being written; it is in the gate when each counter is within its
 * bounds. */
static void gate_signal(st__uth *s, size_t bi) {
	st_builder *b = &s->b;
	const st_ub_buffer_info *info = &s->map->buffers[bi];
	const st_ub_model_port *p = &s->m->ports[s->bufs[bi].wport];
	st_value *in = st__uth_set(s, st__uth_const(s, 1, 1), "b%zu_gc", bi);
	st_value *carry = st__uth_get(s, 1, "b%zu_we", bi);
	for (unsigned d = p->ndims; d-- > 0;) {
		int64_t ext = p->hi[d] - p->lo[d] + 1, glo = info->gate_lo[d] - p->lo[d], ghi = info->gate_hi[d] - p->lo[d];
		if (st_ub_is_lane_dim(p, d) || ext < 2)
			continue;
		unsigned w = st__uth_bits(ext);
		char name[64];
		snprintf(name, sizeof name, "b%zu_g%u", bi, d);
		st_value *end = st__uth_wrap_counter(s, w, 0, ext - 1, carry, name);
		st_value *g = st__uth_get(s, w, "%s", name);
		/* The next outer counter steps when this one wraps. */
		carry = st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, carry, end), "b%zu_g%u_wrap", bi, d);
		/* A bound at the domain's edge is no test (and a constant compare
		 * Verilator warns about). */
		static const st_comb_pred cmp[2] = {ST_COMB_UGE, ST_COMB_ULE};
		int64_t bound[2] = {glo, ghi};
		for (int i = 0; i < 2; i++) {
			if (bound[i] == (i ? ext - 1 : 0))
				continue;
			st_value *k = st__uth_set(s, st__uth_const(s, w, bound[i]), "b%zu_g%u_b%d", bi, d, i);
			st_value *c = st__uth_set(s, st_comb_build_icmp(b, cmp[i], g, k), "b%zu_g%u_c%d", bi, d, i);
			in = st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, c, in), "b%zu_g%u_in%d", bi, d, i);
		}
	}
	st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, st__uth_get(s, 1, "b%zu_we", bi), in), "b%zu_ge", bi);
}

static void shift_register(st__uth *s, const st_ub_mem *mem) {
	int bi = mem->buffer;
	char to[64], from[64];
	unsigned w = s->bufs[bi].width;
	st_value *en = shift_enable(s, bi);
	for (unsigned l = 0; l < s->bufs[bi].lanes; l++)
		for (int64_t k = mem->from + 1; k <= mem->to; k++) {
			st__uth_pos(s, bi, l, k, to);
			st__uth_pos(s, bi, l, k - 1, from);
			st__uth_set(s, st_seq_build_compreg_ce(&s->b, st__uth_get(s, w, "%s", from), clk(s), en, NULL, NULL, NULL), "%s", to);
		}
}

/* One memory per lane, a write and a registered read port per segment;
 * the read sees the word before the same edge's write (read-first).  The
 * lanes share the segments' address counters. */
static void line_memory(st__uth *s, const st_ub_mem *mem, size_t mi) {
	st_builder *b = &s->b;
	int bi = mem->buffer;
	unsigned w = s->bufs[bi].width, lanes = s->bufs[bi].lanes;
	int64_t depth = 0;
	for (size_t i = 0; i < mem->nsegments; i++)
		if (mem->segments[i].base + mem->segments[i].to - mem->segments[i].from > depth)
			depth = mem->segments[i].base + mem->segments[i].to - mem->segments[i].from;
	unsigned aw = st__uth_bits(depth);
	st_value *en = shift_enable(s, bi);
	for (size_t i = 0; i < mem->nsegments; i++) {
		const st_ub_segment *sg = &mem->segments[i];
		int64_t last = sg->base + sg->to - sg->from - 1;
		char name[64];
		snprintf(name, sizeof name, "e%zu_s%zu", mi, i);
		st__uth_wrap_counter(s, aw, sg->base, last, en, name);
	}
	char name[160], to[64], from[64];
	for (unsigned l = 0; l < lanes; l++) {
		if (lanes > 1)
			snprintf(name, sizeof name, "%s_l%u", mem->name, l);
		else
			snprintf(name, sizeof name, "%s", mem->name);
		st_value *m = st_seq_build_hlmem(b, st_str_c(name), clk(s), st__uth_get(s, 1, "reset"), (uint64_t)depth,
		                                 st__uth_int(s, w));
		for (size_t i = 0; i < mem->nsegments; i++) {
			const st_ub_segment *sg = &mem->segments[i];
			st__uth_pos(s, bi, l, sg->to, to);
			st__uth_pos(s, bi, l, sg->from, from);
			st__uth_set(s, st_seq_build_read(b, m, st__uth_get(s, aw, "e%zu_s%zu_next", mi, i), en, 1), "%s", to);
			st_seq_build_write(b, m, st__uth_get(s, aw, "e%zu_s%zu", mi, i), st__uth_get(s, w, "%s", from), en, 1);
		}
	}
}

void st__uth_delay_lines(st__uth *s) {
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
