/* Planning an array layer on a systolic target (docs/systolic.md, "The
 * cost model"): the canonical view of GEMMs and convolutions, Kinzer's
 * Algorithm 3 (a tiling is valid when every tile fits its buffer, twice
 * over where the buffer is double-buffered; the candidates are the
 * divisors of the loop extents), and a cost model over the dataflow, the
 * loop order and the tile sizes that mirrors what the simulator charges:
 * the array's points (its fill and drain once: it is a pipeline), the DMA
 * cycles (beats or bank-side words) and latencies per channel, the
 * output tiles' turnaround, the controller's instructions; with
 * double buffering these overlap, without it the loads wait for the
 * array. */
#include "sys_map.h"

#include <math.h>

bool sys_conv_of(const st_codelet_layer_info *l, sys_conv *c) {
	memset(c, 0, sizeof *c);
	c->accumulate = l->accumulate;
	if (l->kind == ST_CODELET_CONV2D) {
		const int64_t *i = l->ext[0], *w = l->ext[1], *o = l->ext[2];
		*c = (sys_conv){.N = i[0], .H = i[1], .W = i[2], .C = i[3], .R = w[0], .S = w[1], .K = w[3], .P = o[1], .Q = o[2],
		                .sh = l->strides[0], .sw = l->strides[1], .pt = l->pads[0], .pl = l->pads[1],
		                .accumulate = l->accumulate};
		memcpy(c->in_dims, l->dims[0], sizeof c->in_dims);
		memcpy(c->w_dims, l->dims[1], sizeof c->w_dims);
		memcpy(c->out_dims, l->dims[2], sizeof c->out_dims);
		return true;
	}
	if (l->kind == ST_CODELET_GEMM) {
		int64_t M = l->ext[0][0], K = l->ext[0][1], Nn = l->ext[1][1];
		*c = (sys_conv){.N = 1, .H = M, .W = 1, .C = K, .R = 1, .S = 1, .K = Nn, .P = M, .Q = 1, .sh = 1, .sw = 1,
		                .accumulate = l->accumulate};
		int in[4] = {-1, l->dims[0][0], -1, l->dims[0][1]}, w[4] = {-1, -1, l->dims[1][0], l->dims[1][1]},
		    out[4] = {-1, l->dims[2][0], -1, l->dims[2][1]};
		memcpy(c->in_dims, in, sizeof in);
		memcpy(c->w_dims, w, sizeof w);
		memcpy(c->out_dims, out, sizeof out);
		return true;
	}
	return false;
}

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

bool sys_plan_fits(const sys_machine *m, const sys_conv *c, sys_plan *p, const char **lacking) {
	int64_t Cg = cdiv(p->tc, m->rows), Kb = cdiv(p->tk, m->cols);
	int64_t Ht = (p->tp - 1) * c->sh + c->R, Wt = (p->tq - 1) * c->sw + c->S;
	const sys_node *ni = &m->nodes[m->in], *nw = &m->nodes[m->w], *no = &m->nodes[m->out];
	p->entries_in = Cg * Ht * Wt;
	p->entries_w = Kb * Cg * c->R * c->S;
	p->entries_out = Kb * p->tp * p->tq;
	p->copies_in = ni->double_buffer ? 2 : 1;
	p->copies_w = nw->double_buffer ? 2 : 1;
	p->copies_out = no->double_buffer ? 2 : 1;
	/* A buffer too small for two copies still takes one. */
	if (p->entries_in * p->copies_in > ni->depth)
		p->copies_in = 1;
	if (p->entries_w * p->copies_w > nw->depth)
		p->copies_w = 1;
	if (p->entries_out * p->copies_out > no->depth)
		p->copies_out = 1;
	*lacking = p->entries_in > ni->depth ? ni->name : p->entries_w > nw->depth ? nw->name
	           : p->entries_out > no->depth                                    ? no->name
	                                                                           : NULL;
	return *lacking == NULL;
}

/* The cycles of `loads` transfers of `bytes` (`elems` words) each moving
 * runs of `run` contiguous bytes between DRAM and node n: DRAM beats on
 * its channel, or the words n's banks take through `ports` a cycle when
 * that is slower (an input tile of 3 channels on 64 banks), as the
 * simulator charges a DMA command. */
static double xfer(double loads, double bytes, double run, const sys_node *n, double elems, int64_t ports) {
	if (run > bytes)
		run = bytes;
	double per = ceil(bytes / run) * ceil(run * 8 / (double)n->channel_bw);
	double buf = ceil(elems / (double)(n->banks * (ports > 0 ? ports : 1)));
	return loads * (buf > per ? buf : per);
}

/* The share of the input tiles whose window leaves the input (padding). */
static double clipped(const sys_conv *c, const sys_plan *p, int64_t Ht, int64_t Wt) {
	int64_t nP = c->P / p->tp, nQ = c->Q / p->tq, inP = 0, inQ = 0;
	for (int64_t i = 0; i < nP; i++) {
		int64_t h = i * p->tp * c->sh - c->pt;
		inP += h >= 0 && h + Ht <= c->H;
	}
	for (int64_t j = 0; j < nQ; j++) {
		int64_t w = j * p->tq * c->sw - c->pl;
		inQ += w >= 0 && w + Wt <= c->W;
	}
	return 1.0 - (double)(inP * inQ) / (double)(nP * nQ);
}

void sys_plan_cost(const sys_machine *m, const sys_conv *c, sys_plan *p) {
	int64_t Nr = m->rows, Mc = m->cols;
	int64_t Cg = cdiv(p->tc, Nr), Kb = cdiv(p->tk, Mc);
	int64_t Ht = (p->tp - 1) * c->sh + c->R, Wt = (p->tq - 1) * c->sw + c->S;
	double nP = (double)(c->P / p->tp), nQ = (double)(c->Q / p->tq), nK = (double)(c->K / p->tk),
	       nC = (double)(c->C / p->tc), N = (double)c->N;
	double outs = N * nP * nQ * nK, steps = outs * nC;
	/* Commands per step: full and partial blocks of rows and columns. */
	double ncmd = (double)((p->tc / Nr ? 1 : 0) + (p->tc % Nr ? 1 : 0)) * (double)((p->tk / Mc ? 1 : 0) + (p->tk % Mc ? 1 : 0));
	/* The array is a pipeline: consecutive commands overlap their fill and
	 * drain, which the last command's results pay once. */
	double fill = (double)(Nr + Mc) + (double)m->nodes[m->out].latency;
	double comp;
	if (p->dataflow == SYS_WS)
		comp = (double)(Kb * c->R * c->S * Cg * p->tp * p->tq);
	else {
		/* A sweep of the row level: blocks of Nr outputs, each streaming
		 * while the one before drains; the last, partial, drains its rows. */
		double block = (double)(c->R * c->S * p->tc), last = (double)(p->tq % Nr ? p->tq % Nr : Nr);
		double sweep = (double)(cdiv(p->tq, Nr) - 1) * (block > (double)Nr ? block : (double)Nr) + (block > last ? block : last);
		comp = (double)(Kb * p->tp) * sweep;
		fill += last;
	}
	double in_loads, w_loads;
	if (p->order == SYS_K_OUTER) {
		in_loads = N * nK * nP * nQ * nC;
		w_loads = nC == 1 ? nK : N * nK * nP * nQ * nC;
	} else {
		in_loads = nC == 1 ? N * nP * nQ : N * nP * nQ * nK * nC;
		w_loads = nK * nC == 1 ? 1 : N * nP * nQ * nK * nC;
	}
	const sys_node *ni = &m->nodes[m->in], *nw = &m->nodes[m->w], *no = &m->nodes[m->out];
	double in_bytes = (double)(Ht * Wt * p->tc), w_bytes = (double)(c->R * c->S * p->tc * p->tk),
	       out_bytes = (double)(p->tp * p->tq * p->tk * 4);
	double in_run = p->tc == c->C ? (double)(Wt * c->C) : (double)p->tc;
	double w_run = p->tk < c->K ? (double)p->tk : (double)(p->tc * c->K);
	double out_run = p->tk < c->K ? (double)p->tk * 4 : (double)(p->tq * c->K * 4);
	/* An input tile reaching into the padding is filled with zeros before
	 * its load (the fill engine, at the rate the banks take words). */
	double d_in = xfer(in_loads, in_bytes, in_run, ni, in_bytes, ni->ports_in) +
	              in_loads * clipped(c, p, Ht, Wt) * ceil(in_bytes / (double)(ni->banks * (ni->ports_in > 0 ? ni->ports_in : 1)));
	double d_w = xfer(w_loads, w_bytes, w_run, nw, w_bytes, nw->ports_in);
	double d_out = xfer(outs, out_bytes, out_run, no, out_bytes / 4, no->ports_out);
	/* Clearing an output tile's copy: the node's fill engine, not its channel. */
	double clear = outs * (double)(p->entries_out / no->ports_in + 1);
	/* Instructions: a command sets its loops and each register's base
	 * and strides (about 30 for the array, 15 for a transfer). */
	double ctrl = steps * ncmd * 30 + (in_loads + w_loads + 2 * outs) * 15;
	double overlap = comp * steps;
	if (p->copies_in == 1)
		overlap += d_in;
	if (p->copies_w == 1)
		overlap += d_w;
	if (p->copies_out == 1)
		overlap += d_out + clear;
	/* An output tile's copy is free again once the array's results have
	 * landed (a fill and drain after its last command), been stored and
	 * the copy cleared: the array waits for that when it computes a tile
	 * faster than the tile turns around over its copies. */
	double turn = (comp * steps + outs * fill + d_out + clear) / (double)p->copies_out;
	double t = overlap > turn ? overlap : turn;
	t = d_in > t ? d_in : t;
	t = d_w > t ? d_w : t;
	t = d_out > t ? d_out : t;
	t = ctrl > t ? ctrl : t;
	/* The first tiles arrive before the array starts, the last one leaves
	 * after it stops. */
	double lat = (double)ni->channel_latency;
	double pro = lat + xfer(1, in_bytes, in_run, ni, in_bytes, ni->ports_in);
	double pw = lat + xfer(1, w_bytes, w_run, nw, w_bytes, nw->ports_in);
	pro = pw > pro ? pw : pro;
	double epi = fill + (double)no->channel_latency + xfer(1, out_bytes, out_run, no, out_bytes / 4, no->ports_out);
	p->cycles = t + pro + epi;
	p->compute = comp * steps;
	p->dram = d_in > d_w ? (d_in > d_out ? d_in : d_out) : (d_w > d_out ? d_w : d_out);
	p->ctrl = ctrl;
}

/* The divisors of n in increasing order (at most cap). */
static size_t divisors(int64_t n, int64_t *out, size_t cap) {
	size_t k = 0;
	for (int64_t d = 1; d <= n && k < cap; d++)
		if (n % d == 0)
			out[k++] = d;
	return k;
}

bool sys_plan_best(const sys_machine *m, const sys_conv *c, sys_plan *best, sys_search *s) {
	int64_t dp[64], dq[64], dk[64], dc[64];
	size_t np = divisors(c->P, dp, 64), nq = divisors(c->Q, dq, 64), nk = divisors(c->K, dk, 64), nc = divisors(c->C, dc, 64);
	memset(s, 0, sizeof *s);
	bool found = false;
	for (int df = SYS_WS; df <= SYS_OS; df++)
		for (int order = SYS_K_OUTER; order <= SYS_SPATIAL_OUTER; order++)
			for (size_t a = 0; a < np; a++)
				for (size_t b = 0; b < nq; b++)
					for (size_t k = 0; k < nk; k++)
						for (size_t d = 0; d < nc; d++) {
							sys_plan p = {.dataflow = df, .order = order, .tp = dp[a], .tq = dq[b], .tk = dk[k], .tc = dc[d]};
							const char *lack;
							s->candidates++;
							if (!sys_plan_fits(m, c, &p, &lack))
								continue;
							s->valid++;
							sys_plan_cost(m, c, &p);
							double tiles = (double)(p.tp * p.tq * p.tk * p.tc), bt = (double)(best->tp * best->tq * best->tk * best->tc);
							if (!found || p.cycles < best->cycles * 0.999 || (p.cycles <= best->cycles * 1.001 && tiles > bt)) {
								*best = p;
								found = true;
							}
						}
	if (!found) {
		/* The smallest tiling: say which buffer lacks how many entries. */
		sys_plan p = {.tp = 1, .tq = 1, .tk = 1, .tc = 1};
		const char *lack = NULL;
		sys_plan_fits(m, c, &p, &lack);
		s->lacking = lack;
		int idx = lack ? sys_machine_node(m, lack) : -1;
		const sys_node *n = idx >= 0 ? &m->nodes[idx] : NULL;
		if (n) {
			int64_t need = idx == m->in ? p.entries_in : idx == m->w ? p.entries_w : p.entries_out;
			s->need = need * n->banks;
			s->have = n->depth * n->banks;
		}
	}
	return found;
}
