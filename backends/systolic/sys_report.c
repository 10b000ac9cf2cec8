/* What the systolic target reports (docs/systolic.md, "Reports"): the lower
 * bound of a function's layers on a machine (the roofline: the array's
 * multiply-accumulates over its PEs, the SIMD unit's operations over its
 * lanes, and each DRAM channel's bytes over its bandwidth, whichever is
 * largest), and a SCALE-Sim-style CSV row of a simulated run. */
#include "sys_map.h"

#include <stdio.h>

static uint64_t bytes_of(const st_value *v) {
	st_type *t = st_value_type(v);
	return (uint64_t)st_type_num_elements_static(t) * ((st_type_int_width(st_type_element(t)) + 7) / 8);
}

typedef struct bound_walk {
	const sys_machine *m;
	st_systolic_bounds *b;
	double chan[SYS_NODES]; /* bytes each DMA channel must move */
	double simd_elems, simd_bytes;
} bound_walk;

static st_walk_result add_layer(st_op *op, void *ud) {
	bound_walk *w = ud;
	st_codelet_layer_info l;
	sys_conv c;
	if (!st_codelet_layer_get(op, &l))
		return ST_WALK_ADVANCE;
	int64_t work = st_codelet_layer_work(&l);
	size_t out = l.noperands - 1;
	char why[192];
	if (sys_conv_of(&l, &c) && sys_array_takes(w->m, op, why, sizeof why)) {
		w->b->macs += (uint64_t)work;
		w->chan[w->m->in] += (double)bytes_of(st_op_operand(op, 0));
		w->chan[w->m->w] += (double)bytes_of(st_op_operand(op, 1));
		w->chan[w->m->out] += (double)bytes_of(st_op_operand(op, out)) * (l.accumulate ? 2 : 1);
		return ST_WALK_ADVANCE;
	}
	/* SIMD layers: one operation per output element (a window's worth for
	 * pooling, depthwise, and a GEMM or a convolution the array does not take). */
	int64_t elems = st_type_num_elements_static(st_value_type(st_op_operand(op, out)));
	bool window = l.kind == ST_CODELET_POOL || l.kind == ST_CODELET_DEPTHWISE || l.kind == ST_CODELET_GEMM ||
	              l.kind == ST_CODELET_CONV2D;
	w->simd_elems += window ? (double)work : (double)elems;
	for (size_t i = 0; i < l.noperands; i++)
		w->simd_bytes += (double)bytes_of(st_op_operand(op, i));
	return ST_WALK_ADVANCE;
}

st_status st_systolic_bounds_of(st_op *fn, st_op *graph, st_systolic_bounds *out) {
	sys_machine m;
	if (st_failed(sys_machine_init(&m, graph, st_op_loc(fn))))
		return ST_FAIL;
	memset(out, 0, sizeof *out);
	bound_walk w = {.m = &m, .b = out};
	st_walk(fn, ST_WALK_PRE, add_layer, &w);
	out->mac_cycles = (double)out->macs / (double)(m.rows * m.cols);
	out->simd_ops = (uint64_t)w.simd_elems;
	out->simd_cycles = m.lanes ? w.simd_elems / (double)m.lanes : 0;
	for (size_t i = 0; i < m.nnodes; i++)
		if (w.chan[i] > 0 && m.nodes[i].channel_bw > 0) {
			double c = w.chan[i] * 8 / (double)m.nodes[i].channel_bw;
			out->dram_cycles = c > out->dram_cycles ? c : out->dram_cycles;
		}
	/* SIMD layers read and write through the vector memories' channels. */
	double vbw = 0;
	for (size_t i = 0; i < m.nnodes; i++)
		if (m.simd[0] && m.nodes[i].on_chip && sys_machine_edge(&m, m.simd, m.nodes[i].name) && m.nodes[i].channel_bw)
			vbw += (double)m.nodes[i].channel_bw;
	if (w.simd_bytes > 0 && vbw > 0) {
		double c = w.simd_bytes * 8 / vbw;
		out->dram_cycles = c > out->dram_cycles ? c : out->dram_cycles;
	}
	out->ideal = out->mac_cycles;
	out->ideal = out->simd_cycles > out->ideal ? out->simd_cycles : out->ideal;
	out->ideal = out->dram_cycles > out->ideal ? out->dram_cycles : out->ideal;
	out->pes = m.rows * m.cols;
	return ST_OK;
}

static void wr(st_write_fn w, void *ud, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void wr(st_write_fn w, void *ud, const char *fmt, ...) {
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	w(ud, buf, n < 0 ? 0 : ((size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1));
}

void st_systolic_csv_header(st_write_fn w, void *ud) {
	wr(w, ud, "Layer, Total Cycles, Stall Cycles, Overall Util %%, Mapping Efficiency %%, Compute Util %%, "
	          "SRAM Reads, SRAM Writes, DRAM Reads (bytes), DRAM Writes (bytes), Ideal Cycles, Compute Occupancy\n");
}

void st_systolic_csv_row(const char *layer, const st_systolic_stats *s, const st_systolic_bounds *b, st_write_fn w,
                         void *ud) {
	double pes = (double)b->pes, cyc = s->cycles ? (double)s->cycles : 1;
	uint64_t sr = 0, sw = 0;
	for (size_t i = 0; i < s->nbuffers; i++)
		if (strcmp(s->buffers[i].name, "DRAM") != 0) {
			sr += s->buffers[i].reads;
			sw += s->buffers[i].writes;
		}
	double mapeff = s->sa_points ? 100.0 * (double)s->sa_active_pe / ((double)s->sa_points * pes) : 0;
	double cutil = s->compute ? 100.0 * (double)s->macs / ((double)s->compute * pes) : 0;
	wr(w, ud, "%s, %llu, %llu, %.2f, %.2f, %.2f, %llu, %llu, %llu, %llu, %.0f, %.4f\n", layer,
	   (unsigned long long)s->cycles, (unsigned long long)(s->onchip_stall + s->dram_stall),
	   100.0 * (double)s->macs / (cyc * pes), mapeff, cutil, (unsigned long long)sr, (unsigned long long)sw,
	   (unsigned long long)s->dram_read_bytes, (unsigned long long)s->dram_write_bytes, b->ideal, b->ideal / cyc);
}
