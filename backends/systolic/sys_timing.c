/* When each command of the systolic simulator runs and what its cycles are
 * spent on (docs/systolic.md, "Cycles").  All numbers are the machine's:
 * edge bandwidths and latencies, banks and ports, the array's dims and
 * weight registers, the SIMD unit's lanes and latency, the queue depth.
 *
 * - The controller issues one instruction a cycle; a launch waits until
 *   its engine has room in its queue.
 * - A command starts when its engine is free, it has left the queue, and
 *   the commands it depends on (scoreboard) are done.
 * - DMA: latency, then max(DRAM beats, buffer cycles); requests of
 *   consecutive commands overlap their latencies, beats do not.
 * - FILL: the node's own fill engine writes banks x ports_in words a cycle
 *   (it does not wait behind the node's DMA channel).
 * - Array, weight-stationary: a point a cycle (more when an edge is too
 *   narrow for the vectors), a weight tile load per weight change (hidden
 *   behind the previous run with two weight registers).
 * - Array, output-stationary: blocks of `rows` iterations of the row level
 *   held in the array, each taking the inner points times the rows of a
 *   step, outputs drained behind the next block (a partial block's in as
 *   many cycles as rows it uses).
 * - The array is a pipeline: the next command streams while the last
 *   one's results fill and drain out (rows + columns - 2 + the output
 *   buffer's latency; plus `rows` output-stationary).
 * - SIMD: a vector a cycle plus its pipeline latency.
 *
 * cycles = compute + on-chip stall + DRAM stall: a cycle in which the
 * array or the SIMD unit streams is compute; else one in which one of
 * them fills, drains, loads weights, or the controller issues, or a FILL
 * runs, is on-chip; else (only DMA active) DRAM. */
#include "sys_sim.h"

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

st_status sys_timing_init(sim *s) {
	if (s->m.queue_depth > SIM_QUEUE)
		return st_error(s->ctx, sys_program_loc(s->p, 0), "param queue_depth is %lld; the simulator holds queues of up to %d",
		                (long long)s->m.queue_depth, SIM_QUEUE);
	return ST_OK;
}

void sys_timing_free(sim *s) {
	if (s->iv)
		st_ctx_free(s->ctx, s->iv, s->ivcap * sizeof *s->iv);
	s->iv = NULL;
}

void sys_time_issue(sim *s) {
	s->issue = s->t_ctrl;
	s->t_ctrl++;
	s->end = max64(s->end, s->t_ctrl);
}

static st_status interval(sim *s, int64_t a, int64_t b, int kind) {
	if (b <= a)
		return ST_OK;
	if (s->niv == s->ivcap) {
		size_t nc = s->ivcap ? 2 * s->ivcap : 1024;
		sim_interval *n = st_ctx_realloc(s->ctx, s->iv, s->ivcap * sizeof *n, nc * sizeof *n);
		if (!n)
			return ST_FAIL;
		s->iv = n;
		s->ivcap = nc;
	}
	s->iv[s->niv++] = (sim_interval){a, b, kind};
	return ST_OK;
}

/* When a command may leave the controller for engine e's queue. */
static int64_t dispatch(sim *s, sim_engine *e) {
	int64_t d = s->issue;
	uint64_t q = (uint64_t)s->m.queue_depth;
	if (e->n >= q)
		d = max64(d, e->started[(e->n - q) % SIM_QUEUE]);
	if (d + 1 > s->t_ctrl)
		s->t_ctrl = d + 1;
	return d;
}

static void started(sim_engine *e, int64_t t) { e->started[e->n++ % SIM_QUEUE] = t; }

/* The scoreboard: done-times of the writers of what is read, and of the
 * readers and writers of what is written.  An array command does not wait
 * for what the array itself wrote last: it starts after the earlier
 * command stopped streaming, and the pipeline accumulates in order. */
static int64_t deps(const sim_access *a, size_t n, bool array) {
	int64_t t = 0;
	for (size_t i = 0; i < n; i++) {
		const sim_buf *b = a[i].b;
		for (int64_t k = a[i].lo / b->granule; k <= a[i].hi / b->granule; k++) {
			if (!(array && a[i].write && b->by_array[k]))
				t = max64(t, b->last_w[k]);
			if (a[i].write)
				t = max64(t, b->last_r[k]);
		}
	}
	return t;
}

/* A command's reads are done at `read_done`, its writes at `done`.  Writes
 * to a slot are ordered by the scoreboard, so the latest is its writer. */
static void retire(sim *s, const sim_access *a, size_t n, int64_t read_done, int64_t done, bool array) {
	for (size_t i = 0; i < n; i++) {
		sim_buf *b = a[i].b;
		for (int64_t k = a[i].lo / b->granule; k <= a[i].hi / b->granule; k++) {
			if (!a[i].write)
				b->last_r[k] = max64(b->last_r[k], read_done);
			else if (done >= b->last_w[k]) {
				b->last_w[k] = done;
				b->by_array[k] = array;
			}
		}
	}
	s->end = max64(s->end, done);
}

/* DMA: a load's requests leave as soon as what it reads is written (its
 * data lands `latency` later) but it writes the buffer only once the
 * commands before it have done with that region; a store reads the
 * buffer once it is written, and its data is in DRAM `latency` after its
 * last beat.  Beats of one channel never overlap. */
st_status sys_time_dma(sim *s, int node, const sim_access *buf, const sim_access *dram, size_t ndram, uint64_t cycles,
                       int64_t latency) {
	sim_engine *e = &s->eng[node];
	int64_t disp = dispatch(s, e), read_ready = 0, write_ready = 0;
	bool load = buf->write;
	/* A load reads DRAM and writes the buffer, a store the reverse. */
	sim_access r = *buf;
	r.write = false;
	if (load)
		write_ready = deps(buf, 1, false);
	else
		read_ready = deps(&r, 1, false);
	for (size_t i = 0; i < ndram; i++) {
		sim_access d = dram[i];
		d.write = false;
		if (load)
			read_ready = max64(read_ready, deps(&d, 1, false));
		else
			write_ready = max64(write_ready, deps(&dram[i], 1, false));
	}
	int64_t req = max64(disp, read_ready), start, done, dram_done;
	if (load) {
		start = max64(max64(req + latency, write_ready), e->free);
		done = dram_done = start + (int64_t)cycles;
	} else {
		start = max64(max64(req, write_ready), e->free);
		done = start + (int64_t)cycles;
		dram_done = done + latency;
	}
	e->free = done;
	started(e, req);
	retire(s, buf, 1, done, done, false);
	retire(s, dram, ndram, dram_done, dram_done, false);
	return interval(s, req, dram_done, SIM_DMA);
}

st_status sys_time_fill(sim *s, int node, const sim_access *acc, uint64_t cycles) {
	sim_engine *e = &s->eng[SYS_NODES + 3 + node];
	int64_t start = max64(max64(dispatch(s, e), deps(acc, 1, false)), e->free);
	int64_t done = start + (int64_t)cycles;
	e->free = done;
	started(e, start);
	retire(s, acc, 1, done, done, false);
	return interval(s, start, done, SIM_ONCHIP);
}

/* A command of a compute engine: `compute` cycles of streaming, the rest
 * of `busy` on chip; the engine is free after `busy`, and what it writes
 * is done `tail` cycles later.  The SIMD unit keeps its engine for the
 * whole of it (tail 0); the array is a pipeline: the next command's
 * points follow the last ones in, so consecutive commands overlap their
 * fill and drain, and its inputs are read once it stops streaming (the
 * skew registers at its edge hold the last vectors). */
static st_status compute_command(sim *s, sim_engine *e, const sim_access *acc, size_t n, uint64_t compute, uint64_t busy,
                                 uint64_t tail) {
	bool array = e == &s->eng[SYS_NODES];
	int64_t start = max64(max64(dispatch(s, e), deps(acc, n, array)), e->free);
	int64_t free = start + (int64_t)busy, done = free + (int64_t)tail;
	e->free = free;
	started(e, start);
	retire(s, acc, n, free, done, array);
	if (st_failed(interval(s, start, start + (int64_t)compute, SIM_COMPUTE)))
		return ST_FAIL;
	return interval(s, start + (int64_t)compute, done, SIM_ONCHIP);
}

static uint64_t ceil_div(uint64_t a, uint64_t b) { return b ? (a + b - 1) / b : a; }

st_status sys_time_simd(sim *s, const sim_access *acc, size_t n, uint64_t points) {
	uint64_t per = ceil_div((uint64_t)(s->lanes * 32), (uint64_t)(s->m.simd_bw > 0 ? s->m.simd_bw : 32 * s->m.lanes));
	per = per ? per : 1;
	return compute_command(s, &s->eng[SYS_NODES + 1], acc, n, points, points * per + (uint64_t)s->m.simd_latency, 0);
}

/* ------------------------------------------------------------ the array */

void sys_sa_timing_begin(sim *s, sys_sa_timing *t) {
	memset(t, 0, sizeof *t);
	const sys_machine *m = &s->m;
	uint64_t pc = 1;
	pc = ceil_div((uint64_t)(s->rows * m->nodes[m->in].data_width), (uint64_t)m->bw_in) > pc
	         ? ceil_div((uint64_t)(s->rows * m->nodes[m->in].data_width), (uint64_t)m->bw_in)
	         : pc;
	uint64_t po = ceil_div((uint64_t)(s->cols * m->nodes[m->out].data_width), (uint64_t)m->bw_out);
	t->pc = po > pc ? po : pc;
	t->load = ceil_div((uint64_t)(s->rows * s->cols * m->nodes[m->w].data_width), (uint64_t)m->bw_w);
	if (!t->load)
		t->load = 1;
}

void sys_sa_timing_point(sim *s, sys_sa_timing *t, bool new_weights, int moved) {
	(void)moved;
	if (s->dataflow == 0 && new_weights) {
		if (s->m.wreg_depth >= 2)
			t->stall += t->points == 0 ? t->load : (t->load > t->run * t->pc ? t->load - t->run * t->pc : 0);
		else
			t->stall += t->load + (uint64_t)(s->rows + s->cols - 2);
		t->run = 0;
	}
	t->run++;
	t->points++;
}

st_status sys_check_os(sim *s, const sim_reg *out) {
	if (s->row_level >= s->nlev)
		return st_error(s->ctx, sys_program_loc(s->p, s->word),
		                "SA_GEMM: output-stationary with row level %d of a command of %d levels (word %zu)", s->row_level,
		                s->nlev, s->word);
	for (int l = s->row_level + 1; l < s->nlev; l++)
		if (out->stride[l] != 0 && s->iters[l] > 1)
			return st_error(s->ctx, sys_program_loc(s->p, s->word),
			                "SA_GEMM: output-stationary, but loop level %d inside the row level %d moves the output (word %zu)",
			                l, s->row_level, s->word);
	return ST_OK;
}

st_status sys_sa_timing_end(sim *s, sys_sa_timing *t, const sim_access *acc, size_t n) {
	const sys_machine *m = &s->m;
	uint64_t fill = (uint64_t)(m->rows + s->cols - 2) + (uint64_t)m->nodes[m->out].latency;
	uint64_t compute, busy, tail;
	if (s->dataflow == 0) {
		compute = t->points * t->pc;
		busy = compute + t->stall;
		tail = fill;
	} else {
		uint64_t outer = 1, inner = 1;
		for (int l = 0; l < s->row_level; l++)
			outer *= (uint64_t)s->iters[l];
		for (int l = s->row_level + 1; l < s->nlev; l++)
			inner *= (uint64_t)s->iters[l];
		/* Each block streams `block` cycles while the block before drains
		 * its rows; a partial block's outputs sit in the rows nearest the
		 * output edge and drain in as many cycles as it uses. */
		uint64_t n = (uint64_t)s->iters[s->row_level], R = (uint64_t)m->rows, per = ceil_div(n, R);
		uint64_t last = n % R ? n % R : R, block = inner * (uint64_t)s->rows * t->pc;
		uint64_t rest = (per - 1) * (block > R ? block : R);
		compute = outer * per * block;
		busy = block + rest + (outer - 1) * ((block > last ? block : last) + rest);
		tail = fill + last;
	}
	return compute_command(s, &s->eng[SYS_NODES], acc, n, compute, busy, tail);
}

/* ---------------------------------------------------------------- totals */

typedef struct event {
	int64_t t;
	int kind, delta;
} event;

static int by_time(const void *a, const void *b) {
	const event *x = a, *y = b;
	return x->t < y->t ? -1 : x->t > y->t;
}

void sys_timing_finish(sim *s) {
	int64_t total = max64(s->end, s->t_ctrl);
	s->stats.cycles = (uint64_t)total;
	size_t ne = 2 * s->niv;
	event *ev = ne ? st_ctx_alloc(s->ctx, ne * sizeof *ev) : NULL;
	uint64_t compute = 0, onchip = 0, dram = 0;
	if (ev) {
		for (size_t i = 0; i < s->niv; i++) {
			ev[2 * i] = (event){s->iv[i].s, s->iv[i].kind, 1};
			ev[2 * i + 1] = (event){s->iv[i].e, s->iv[i].kind, -1};
		}
		qsort(ev, ne, sizeof *ev, by_time);
		int64_t active[3] = {0, 0, 0}, t = 0;
		for (size_t i = 0; i <= ne; i++) {
			int64_t now = i < ne ? ev[i].t : total;
			int64_t dt = now - t;
			if (dt > 0) {
				if (active[SIM_COMPUTE])
					compute += (uint64_t)dt;
				else if (active[SIM_ONCHIP] || !active[SIM_DMA])
					onchip += (uint64_t)dt;
				else
					dram += (uint64_t)dt;
				t = now;
			}
			if (i < ne)
				active[ev[i].kind] += ev[i].delta;
		}
		st_ctx_free(s->ctx, ev, ne * sizeof *ev);
	} else {
		onchip = (uint64_t)total;
	}
	s->stats.compute = compute;
	s->stats.onchip_stall = onchip;
	s->stats.dram_stall = dram;
}
