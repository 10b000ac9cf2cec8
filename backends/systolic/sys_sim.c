/* The instruction-level simulator of the systolic target (docs/systolic.md,
 * "The simulator").  It reads the program's words, the machine of the ACG
 * and the input tensors, nothing else: the data it computes is what the
 * hardware would hold, and the cycles come from the machine's numbers.
 *
 * The controller issues one instruction a cycle.  Configuration
 * instructions set loop levels and address registers; a launch (LD, ST,
 * FILL, SA_GEMM, a SIMD instruction) becomes a command of one engine (a
 * DMA channel per buffer, the array, the SIMD unit), queued behind at most
 * queue_depth others.  A command waits for the commands that wrote what it
 * reads and that read or wrote what it writes (a scoreboard over the
 * entries of each buffer and the 64-byte lines of DRAM), so a double-
 * buffered program overlaps its transfers with its computation and a
 * single-buffered one does not.  Data is computed in program order, which
 * the scoreboard makes the same as the timed order.  The cost of each
 * command is in sys_timing.c. */
#include "sys_sim.h"

#include <stdio.h>

#define DRAM_LINE 64

/* ---------------------------------------------------------------- errors */

static st_status fail(sim *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static st_status fail(sim *s, const char *fmt, ...) {
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return st_error(s->ctx, sys_program_loc(s->p, s->word), "%s (word %zu)", msg, s->word);
}

/* --------------------------------------------------------------- buffers */

static st_status buffers_init(sim *s) {
	for (size_t i = 0; i < s->m.nnodes; i++) {
		const sys_node *n = &s->m.nodes[i];
		sim_buf *b = &s->buf[i];
		b->node = n;
		if ((int)i == s->m.dram) {
			b->esize = 1;
			b->nelems = (int64_t)s->p->dram_bytes;
			b->granule = DRAM_LINE;
		} else {
			b->esize = n->data_width <= 8 ? 1 : (n->data_width <= 16 ? 2 : 4);
			b->nelems = n->banks * n->depth;
			b->granule = n->banks;
			if (n->data_width > 32)
				return fail(s, "node '%s' has %lld-bit words: the simulator holds words of up to 32 bits", n->name,
				            (long long)n->data_width);
		}
		b->nslots = b->nelems / b->granule + 1;
		size_t bytes = (size_t)b->nelems * (size_t)b->esize;
		b->data = bytes ? st_ctx_alloc(s->ctx, bytes) : NULL;
		b->last_w = st_ctx_alloc(s->ctx, (size_t)b->nslots * sizeof(int64_t));
		b->last_r = st_ctx_alloc(s->ctx, (size_t)b->nslots * sizeof(int64_t));
		b->by_array = st_ctx_alloc(s->ctx, (size_t)b->nslots * sizeof(bool));
		if ((bytes && !b->data) || !b->last_w || !b->last_r || !b->by_array)
			return ST_FAIL;
		memset(b->data, 0, bytes);
		memset(b->last_w, 0, (size_t)b->nslots * sizeof(int64_t));
		memset(b->last_r, 0, (size_t)b->nslots * sizeof(int64_t));
		memset(b->by_array, 0, (size_t)b->nslots * sizeof(bool));
	}
	return ST_OK;
}

static void buffers_free(sim *s) {
	for (size_t i = 0; i < s->m.nnodes; i++) {
		sim_buf *b = &s->buf[i];
		if (b->data)
			st_ctx_free(s->ctx, b->data, (size_t)b->nelems * (size_t)b->esize);
		if (b->last_w)
			st_ctx_free(s->ctx, b->last_w, (size_t)b->nslots * sizeof(int64_t));
		if (b->last_r)
			st_ctx_free(s->ctx, b->last_r, (size_t)b->nslots * sizeof(int64_t));
		if (b->by_array)
			st_ctx_free(s->ctx, b->by_array, (size_t)b->nslots * sizeof(bool));
	}
}

/* A word of an on-chip node, sign-extended from its storage. */
static inline int32_t word_get(const sim_buf *b, int64_t i) {
	switch (b->esize) {
	case 1:
		return ((const int8_t *)b->data)[i];
	case 2:
		return ((const int16_t *)b->data)[i];
	default:
		return ((const int32_t *)b->data)[i];
	}
}

/* Stores the low data_width bits of v (sign-extended in storage). */
static inline void word_set(const sim_buf *b, int64_t i, int32_t v) {
	unsigned w = (unsigned)b->node->data_width;
	if (w < 32) {
		uint32_t m = (UINT32_C(1) << w) - 1, sb = UINT32_C(1) << (w - 1);
		v = (int32_t)((((uint32_t)v & m) ^ sb) - sb);
	}
	switch (b->esize) {
	case 1:
		((int8_t *)b->data)[i] = (int8_t)v;
		break;
	case 2:
		((int16_t *)b->data)[i] = (int16_t)v;
		break;
	default:
		((int32_t *)b->data)[i] = v;
	}
}

/* ------------------------------------------------------------- operands */

/* The node and address register an instruction names with fields NS and
 * IDX; NULL after an error. */
static sim_buf *operand(sim *s, const sys_instr *in, const char *nsf, const char *idxf, const sim_reg **reg) {
	int f = sys_mn_field(in->mn, nsf);
	const char *name = f >= 0 ? sys_mn_enum_name(in->mn, f, in->f[f]) : NULL;
	int node = name ? sys_machine_node(&s->m, name) : -1;
	if (node < 0) {
		fail(s, "%s: field %s names no storage node", in->mn->name, nsf);
		return NULL;
	}
	int64_t idx = sys_get(in, idxf);
	if (idx < 0 || idx >= SYS_REGS) {
		fail(s, "%s: address register %lld of %s does not exist", in->mn->name, (long long)idx, name);
		return NULL;
	}
	*reg = &s->reg[node][idx];
	return &s->buf[node];
}

/* Iterations of level l when the level outside it is (`last`) or is not
 * at its last iteration: SET_ITER_LAST's partial last block. */
static int64_t trips(const sim *s, int l, bool last) {
	return last && l > 0 && s->tail[l] ? s->tail[l] : s->iters[l];
}

/* Points of levels l.. when level l - 1 is (not) at its last iteration. */
static int64_t points_from(const sim *s, int l, bool last) {
	if (l == s->nlev)
		return 1;
	int64_t t = trips(s, l, last), inner = points_from(s, l + 1, false);
	return (t - 1) * inner + (s->has_tail ? points_from(s, l + 1, true) : inner);
}

static int64_t num_points(const sim *s) { return points_from(s, 0, false); }

/* The smallest and largest of sum(index x stride) over levels l.. when
 * level l - 1 is (not) at its last iteration. */
static void span_from(const sim *s, const sim_reg *r, int l, bool last, int64_t *lo, int64_t *hi) {
	if (l == s->nlev) {
		*lo = *hi = 0;
		return;
	}
	int64_t t = trips(s, l, last), st = r->stride[l], flo, fhi, llo, lhi;
	span_from(s, r, l + 1, false, &flo, &fhi);
	if (s->has_tail)
		span_from(s, r, l + 1, true, &llo, &lhi);
	else
		llo = flo, lhi = fhi;
	/* index t - 1 with the inner levels' last-iteration span, indexes
	 * 0 .. t - 2 with their full span */
	*lo = (t - 1) * st + llo;
	*hi = (t - 1) * st + lhi;
	if (t >= 2) {
		int64_t a = st < 0 ? (t - 2) * st : 0, b = st < 0 ? 0 : (t - 2) * st;
		*lo = a + flo < *lo ? a + flo : *lo;
		*hi = b + fhi > *hi ? b + fhi : *hi;
	}
}

/* The smallest and largest address a register takes over the command's
 * loops, plus `span - 1` for a vector of `span` elements; an error when
 * any falls outside the node. */
static st_status box(sim *s, const char *what, const sim_buf *b, const sim_reg *r, int64_t span, int64_t *lo, int64_t *hi) {
	int64_t dlo, dhi;
	span_from(s, r, 0, false, &dlo, &dhi);
	*lo = r->base + dlo;
	*hi = r->base + dhi + span - 1;
	if (*lo < 0 || *hi >= b->nelems)
		return fail(s, "%s reaches %s %lld..%lld of '%s', which has %lld", what, (int)(b - s->buf) == s->m.dram ? "bytes" : "elements",
		            (long long)*lo, (long long)*hi, b->node->name, (long long)b->nelems);
	return ST_OK;
}

/* ---------------------------------------------------------------- walker */

/* Visits the command's points in order (level 0 outermost), keeping the
 * address of each operand.  n_it[l] is level l's iterations where the
 * walk is (fewer in the last iteration of the level outside it, with
 * SET_ITER_LAST). */
typedef struct walker {
	int n, nops;
	int64_t it[SYS_LEVELS];
	int64_t n_it[SYS_LEVELS];
	int64_t addr[4];
	const sim_reg *reg[4];
	const sim *s;
} walker;

/* The iterations of levels from..n-1 after they restarted at index 0. */
static void walk_trips(walker *w, int from) {
	for (int l = from; l < w->n; l++)
		w->n_it[l] = trips(w->s, l, l > 0 && w->it[l - 1] == w->n_it[l - 1] - 1);
}

static void walk_init(walker *w, const sim *s, int nops, const sim_reg *const *regs) {
	memset(w, 0, sizeof *w);
	w->n = s->nlev;
	w->nops = nops;
	w->s = s;
	for (int l = 0; l < w->n; l++)
		w->n_it[l] = s->iters[l];
	if (s->has_tail)
		walk_trips(w, 0);
	for (int k = 0; k < nops; k++) {
		w->reg[k] = regs[k];
		w->addr[k] = regs[k]->base;
	}
}

/* Advances to the next point; returns the outermost level that moved
 * (0..n-1), or -1 after the last point. */
static inline int walk_next(walker *w) {
	for (int l = w->n - 1; l >= 0; l--) {
		w->it[l]++;
		for (int k = 0; k < w->nops; k++)
			w->addr[k] += w->reg[k]->stride[l];
		if (w->it[l] < w->n_it[l]) {
			if (w->s->has_tail && l + 1 < w->n)
				walk_trips(w, l + 1);
			return l;
		}
		for (int k = 0; k < w->nops; k++)
			w->addr[k] -= w->reg[k]->stride[l] * w->n_it[l];
		w->it[l] = 0;
	}
	return -1;
}

static st_status charge(sim *s, uint64_t work) {
	s->work += work;
	if (s->work > s->max_work)
	{
		char hint[160];
		return fail(s, "the program does more work than the simulator's limit %s",
		            sys_limit_hint(s->ctx, &sys_work_limit, hint, sizeof hint));
	}
	return ST_OK;
}

/* ------------------------------------------------------------------- DMA */

static int64_t dram_read(const sim_buf *d, int64_t a, int eb, bool sign) {
	const uint8_t *p = (const uint8_t *)d->data + a;
	uint32_t v = 0;
	for (int i = 0; i < eb; i++)
		v |= (uint32_t)p[i] << (8 * i);
	if (sign && eb < 4) {
		uint32_t sb = UINT32_C(1) << (8 * eb - 1);
		return (int32_t)((v ^ sb) - sb);
	}
	return (int64_t)v;
}

static void dram_write(sim_buf *d, int64_t a, int eb, int32_t v) {
	uint8_t *p = (uint8_t *)d->data + a;
	for (int i = 0; i < eb; i++)
		p[i] = (uint8_t)((uint32_t)v >> (8 * i));
}

static int elem_bytes(sim *s, const sys_instr *in) {
	int f = sys_mn_field(in->mn, "ELEM");
	const char *e = f >= 0 ? sys_mn_enum_name(in->mn, f, in->f[f]) : NULL;
	if (!e || (strcmp(e, "B8") && strcmp(e, "B16") && strcmp(e, "B32"))) {
		fail(s, "%s: ELEM must be B8, B16 or B32", in->mn->name);
		return 0;
	}
	return e[1] == '8' ? 1 : (e[1] == '1' ? 2 : 4);
}

/* The DRAM a DMA command touches, for the scoreboard: runs of lines in
 * walk order, a new run where the walk leaves the lines of the last one
 * (a tile of an NHWC tensor is a run per pixel, and the next tile's
 * channels between them are no dependency).  Past DMA_RUNS runs the
 * command's bounding box stands for all. */
#define DMA_RUNS 4096

static st_status add_run(sim *s, sim_buf *dram, int64_t lo, int64_t hi, bool write) {
	if (s->nruns) {
		sim_access *r = &s->runs[s->nruns - 1];
		if (lo / DRAM_LINE >= r->lo / DRAM_LINE - 1 && lo / DRAM_LINE <= r->hi / DRAM_LINE + 1) {
			r->lo = lo < r->lo ? lo : r->lo;
			r->hi = hi > r->hi ? hi : r->hi;
			return ST_OK;
		}
	}
	if (s->nruns == DMA_RUNS)
		return ST_OK; /* the caller falls back to the box */
	if (s->nruns == s->runcap) {
		size_t nc = s->runcap ? 2 * s->runcap : 64;
		sim_access *n = st_ctx_realloc(s->ctx, s->runs, s->runcap * sizeof *n, nc * sizeof *n);
		if (!n)
			return ST_FAIL;
		s->runs = n;
		s->runcap = nc;
	}
	s->runs[s->nruns++] = (sim_access){dram, lo, hi, write};
	return ST_OK;
}

static st_status exec_dma(sim *s, const sys_instr *in, bool load) {
	const sim_reg *rb, *rd;
	sim_buf *buf = load ? operand(s, in, "DST_NS", "DST_IDX", &rb) : operand(s, in, "SRC_NS", "SRC_IDX", &rb);
	if (!buf)
		return ST_FAIL;
	sim_buf *dram = &s->buf[s->m.dram];
	rd = &s->reg[s->m.dram][sys_get(in, load ? "SRC_IDX" : "DST_IDX") & (SYS_REGS - 1)];
	int eb = elem_bytes(s, in);
	if (!eb)
		return ST_FAIL;
	const sys_node *n = buf->node;
	if ((load && !n->dram_to) || (!load && !n->dram_from))
		return fail(s, "%s: '%s' has no DMA channel %s DRAM", in->mn->name, n->name, load ? "from" : "to");
	int64_t blo, bhi, dlo, dhi;
	if (st_failed(box(s, in->mn->name, buf, rb, 1, &blo, &bhi)) || st_failed(box(s, in->mn->name, dram, rd, eb, &dlo, &dhi)))
		return ST_FAIL;
	int64_t pts = num_points(s);
	if (st_failed(charge(s, (uint64_t)pts)))
		return ST_FAIL;
	bool sign = load && sys_get(in, "SIGNED");
	const sim_reg *regs[2] = {rb, rd};
	walker w;
	walk_init(&w, s, 2, regs);
	uint64_t beats = 0, run = 0;
	int64_t prev = -1, run_lo = w.addr[1];
	bool overflow = false;
	s->nruns = 0;
	for (;;) {
		int64_t ba = w.addr[0], da = w.addr[1];
		if (load)
			word_set(buf, ba, (int32_t)dram_read(dram, da, eb, sign));
		else
			dram_write(dram, da, eb, word_get(buf, ba));
		if (prev >= 0 && da != prev + eb) {
			beats += (run * 8 + (uint64_t)n->channel_bw - 1) / (uint64_t)n->channel_bw;
			run = 0;
			if (!overflow && st_failed(add_run(s, dram, run_lo, prev + eb - 1, !load)))
				return ST_FAIL;
			overflow = s->nruns == DMA_RUNS;
			run_lo = da;
		}
		run += (uint64_t)eb;
		prev = da;
		if (walk_next(&w) < 0)
			break;
	}
	beats += (run * 8 + (uint64_t)n->channel_bw - 1) / (uint64_t)n->channel_bw;
	if (!overflow && st_failed(add_run(s, dram, run_lo, prev + eb - 1, !load)))
		return ST_FAIL;
	if (overflow || s->nruns == DMA_RUNS) {
		s->nruns = 0;
		if (st_failed(add_run(s, dram, dlo, dhi, !load)))
			return ST_FAIL;
	}
	if (load) {
		buf->writes += (uint64_t)pts;
		s->stats.dram_read_bytes += (uint64_t)pts * (uint64_t)eb;
	} else {
		buf->reads += (uint64_t)pts;
		s->stats.dram_write_bytes += (uint64_t)pts * (uint64_t)eb;
	}
	buf->used_hi = bhi + 1 > buf->used_hi ? bhi + 1 : buf->used_hi;
	int64_t ports = load ? n->ports_in : n->ports_out;
	uint64_t bufc = (uint64_t)((pts + n->banks * ports - 1) / (n->banks * ports));
	return sys_time_dma(s, (int)(buf - s->buf), &(sim_access){buf, blo, bhi, load}, s->runs, s->nruns,
	                    beats > bufc ? beats : bufc, n->channel_latency);
}

static st_status exec_fill(sim *s, const sys_instr *in) {
	const sim_reg *r;
	sim_buf *buf = operand(s, in, "NS", "IDX", &r);
	if (!buf)
		return ST_FAIL;
	if ((int)(buf - s->buf) == s->m.dram)
		return fail(s, "FILL writes on-chip nodes, not DRAM");
	int64_t lo, hi;
	if (st_failed(box(s, "FILL", buf, r, 1, &lo, &hi)))
		return ST_FAIL;
	int64_t pts = num_points(s);
	if (st_failed(charge(s, (uint64_t)pts)))
		return ST_FAIL;
	int32_t v = (int32_t)sys_get(in, "VALUE");
	walker w;
	walk_init(&w, s, 1, &r);
	do
		word_set(buf, w.addr[0], v);
	while (walk_next(&w) >= 0);
	buf->writes += (uint64_t)pts;
	buf->used_hi = hi + 1 > buf->used_hi ? hi + 1 : buf->used_hi;
	const sys_node *n = buf->node;
	uint64_t cycles = (uint64_t)((pts + n->banks * n->ports_in - 1) / (n->banks * n->ports_in));
	sim_access acc = {buf, lo, hi, true};
	return sys_time_fill(s, (int)(buf - s->buf), &acc, cycles);
}

/* ------------------------------------------------------------ the array */

static st_status exec_gemm(sim *s, const sys_instr *in) {
	const sim_reg *ri, *rw, *ro;
	sim_buf *bi = operand(s, in, "I_NS", "I_IDX", &ri), *bw = bi ? operand(s, in, "W_NS", "W_IDX", &rw) : NULL;
	sim_buf *bo = bw ? operand(s, in, "O_NS", "O_IDX", &ro) : NULL;
	if (!bo)
		return ST_FAIL;
	const char *sa = s->m.sa;
	if (!sys_machine_edge(&s->m, bi->node->name, sa) || !sys_machine_edge(&s->m, bw->node->name, sa) ||
	    !sys_machine_edge(&s->m, sa, bo->node->name))
		return fail(s, "SA_GEMM: the array '%s' reads '%s' and '%s' and writes '%s': not all have an ACG edge", sa,
		            bi->node->name, bw->node->name, bo->node->name);
	int64_t rows = s->rows, cols = s->cols, M = s->m.cols;
	if (rows > bi->node->banks || rows * M > bw->node->banks || cols > bo->node->banks)
		return fail(s, "SA_GEMM: %lld rows and %lld columns do not fit the banks of '%s', '%s' and '%s'", (long long)rows,
		            (long long)cols, bi->node->name, bw->node->name, bo->node->name);
	int64_t ilo, ihi, wlo, whi, olo, ohi;
	if (st_failed(box(s, "SA_GEMM's input", bi, ri, rows, &ilo, &ihi)) ||
	    st_failed(box(s, "SA_GEMM's weights", bw, rw, bw->node->banks, &wlo, &whi)) ||
	    st_failed(box(s, "SA_GEMM's output", bo, ro, cols, &olo, &ohi)))
		return ST_FAIL;
	if (s->dataflow == 1 && st_failed(sys_check_os(s, ro)))
		return ST_FAIL;
	int64_t pts = num_points(s);
	if (st_failed(charge(s, (uint64_t)(pts * rows * cols / 64 + pts))))
		return ST_FAIL;
	const sim_reg *regs[3] = {ri, rw, ro};
	walker w;
	walk_init(&w, s, 3, regs);
	sys_sa_timing t;
	sys_sa_timing_begin(s, &t);
	int64_t prev_w = -1;
	int32_t *ob = bo->data;
	const int8_t *ib = bi->esize == 1 ? bi->data : NULL, *wb = bw->esize == 1 ? bw->data : NULL;
	for (int moved = 0;;) {
		int64_t ia = w.addr[0], wa = w.addr[1], oa = w.addr[2];
		if (ia % bi->node->banks || wa % bw->node->banks || oa % bo->node->banks)
			return fail(s, "SA_GEMM: an access is not at the start of an entry (input %lld, weights %lld, output %lld)",
			            (long long)ia, (long long)wa, (long long)oa);
		uint32_t *o = (uint32_t *)ob + oa;
		for (int64_t r = 0; r < rows; r++) {
			int32_t a = ib ? ib[ia + r] : word_get(bi, ia + r);
			if (!a)
				continue;
			uint32_t ua = (uint32_t)a;
			if (wb) {
				const int8_t *wr = wb + wa + r * M;
				for (int64_t c = 0; c < cols; c++)
					o[c] += ua * (uint32_t)(int32_t)wr[c];
			} else {
				for (int64_t c = 0; c < cols; c++)
					o[c] += ua * (uint32_t)word_get(bw, wa + r * M + c);
			}
		}
		sys_sa_timing_point(s, &t, wa != prev_w, moved);
		prev_w = wa;
		if ((moved = walk_next(&w)) < 0)
			break;
	}
	uint64_t npts = (uint64_t)pts;
	s->stats.sa_points += npts;
	s->stats.macs += npts * (uint64_t)(rows * cols);
	s->stats.sa_active_pe += npts * (uint64_t)(rows * cols);
	bi->reads += npts * (uint64_t)rows;
	bw->reads += npts * (uint64_t)(rows * M);
	bo->reads += npts * (uint64_t)cols;
	bo->writes += npts * (uint64_t)cols;
	sim_access acc[3] = {{bi, ilo, ihi, false}, {bw, wlo, whi, false}, {bo, olo, ohi, true}};
	return sys_sa_timing_end(s, &t, acc, 3);
}

/* ------------------------------------------------------------------ SIMD */

static int32_t alu(const char *op, int32_t a, int32_t b, int32_t d, bool *div0) {
	uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
	switch (op[0]) {
	case 'A':
		return op[1] == 'D' ? (int32_t)(ua + ub) : (int32_t)(ua & ub);
	case 'S':
		return (int32_t)(ua - ub);
	case 'M':
		if (op[1] == 'U')
			return (int32_t)(ua * ub);
		if (op[1] == 'A' && op[2] == 'C')
			return (int32_t)((uint32_t)d + ua * ub);
		if (op[1] == 'A')
			return a > b ? a : b;
		return a < b ? a : b;
	case 'D':
		if (b == 0 || (a == INT32_MIN && b == -1)) {
			*div0 = true;
			return 0;
		}
		return a / b;
	case 'R':
		return b < 0 ? a : (b >= 32 ? (a < 0 ? -1 : 0) : a >> b);
	case 'L':
		if (op[1] == 'S')
			return b < 0 || b >= 32 ? 0 : (int32_t)(ua << b);
		return op[2] == 'E' ? a <= b : a < b;
	case 'O':
		return (int32_t)(ua | ub);
	case 'E':
		return a == b;
	case 'N':
		return a != b;
	case 'G':
		return op[2] == 'E' ? a >= b : a > b;
	default:
		return 0;
	}
}

static int32_t saturate(int32_t v, int bits) {
	if (bits >= 32)
		return v;
	int32_t lo = -(INT32_C(1) << (bits - 1)), hi = (INT32_C(1) << (bits - 1)) - 1;
	return v < lo ? lo : (v > hi ? hi : v);
}

/* A source vector: lane j at addr + j, or one scalar for a single-bank
 * node (IMM). */
static inline int32_t lane(const sim_buf *b, int64_t addr, int64_t j) {
	return word_get(b, b->node->banks == 1 ? addr : addr + j);
}

static st_status exec_simd(sim *s, const sys_instr *in) {
	const sys_mn *mn = in->mn;
	bool binary = mn->kind == SYS_ALU;
	const sim_reg *rd, *r1, *r2 = NULL;
	sim_buf *bd = operand(s, in, "DST_NS", "DST_IDX", &rd), *b1 = bd ? operand(s, in, "SRC1_NS", "SRC1_IDX", &r1) : NULL;
	sim_buf *b2 = b1 && binary ? operand(s, in, "SRC2_NS", "SRC2_IDX", &r2) : NULL;
	if (!b1 || (binary && !b2))
		return ST_FAIL;
	const char *u = s->m.simd;
	if (!u[0])
		return fail(s, "%s: the machine has no SIMD unit", mn->name);
	if (!sys_machine_edge(&s->m, b1->node->name, u) || (b2 && !sys_machine_edge(&s->m, b2->node->name, u)) ||
	    !sys_machine_edge(&s->m, u, bd->node->name))
		return fail(s, "%s: the SIMD unit '%s' has no ACG edge from a source or to '%s'", mn->name, u, bd->node->name);
	int64_t L = s->lanes;
	if (bd->node->banks < L)
		return fail(s, "%s: '%s' has %lld banks, fewer than the %lld lanes", mn->name, bd->node->name,
		            (long long)bd->node->banks, (long long)L);
	int64_t lo[3], hi[3];
	if (st_failed(box(s, mn->name, bd, rd, L, &lo[0], &hi[0])) ||
	    st_failed(box(s, mn->name, b1, r1, b1->node->banks == 1 ? 1 : L, &lo[1], &hi[1])) ||
	    (b2 && st_failed(box(s, mn->name, b2, r2, b2->node->banks == 1 ? 1 : L, &lo[2], &hi[2]))))
		return ST_FAIL;
	int64_t pts = num_points(s);
	if (st_failed(charge(s, (uint64_t)(pts * L))))
		return ST_FAIL;
	int width = 32;
	if (mn->kind == SYS_CAST) {
		int f = sys_mn_field(mn, "WIDTH");
		const char *wn = f >= 0 ? sys_mn_enum_name(mn, f, in->f[f]) : NULL;
		width = wn ? atoi(wn + 1) : 32;
	}
	const sim_reg *regs[3] = {rd, r1, r2 ? r2 : r1};
	walker w;
	walk_init(&w, s, 3, regs);
	bool div0 = false;
	do {
		int64_t da = w.addr[0], a1 = w.addr[1], a2 = w.addr[2];
		if ((bd->node->banks > 1 && da % bd->node->banks) || (b1->node->banks > 1 && a1 % b1->node->banks) ||
		    (b2 && b2->node->banks > 1 && a2 % b2->node->banks))
			return fail(s, "%s: a vector is not at the start of an entry", mn->name);
		for (int64_t j = 0; j < L; j++) {
			int32_t a = lane(b1, a1, j), r;
			if (binary)
				r = alu(mn->name, a, lane(b2, a2, j), word_get(bd, da + j), &div0);
			else if (mn->kind == SYS_CAST)
				r = saturate(a, width);
			else
				r = mn->name[0] == 'R' ? (a > 0 ? a : 0) : a;
			if (div0)
				return fail(s, "%s divides by zero in lane %lld", mn->name, (long long)j);
			word_set(bd, da + j, r);
		}
	} while (walk_next(&w) >= 0);
	uint64_t n = (uint64_t)pts;
	s->stats.simd_ops += n * (uint64_t)L;
	b1->reads += n * (uint64_t)(b1->node->banks == 1 ? 1 : L);
	if (b2)
		b2->reads += n * (uint64_t)(b2->node->banks == 1 ? 1 : L);
	bd->writes += n * (uint64_t)L;
	sim_access acc[3] = {{bd, lo[0], hi[0], true}, {b1, lo[1], hi[1], false}, {b2 ? b2 : b1, lo[2], hi[2], false}};
	return sys_time_simd(s, acc, b2 ? 3 : 2, n);
}

/* ------------------------------------------------------------- controller */

static st_status launch_levels(sim *s, sys_kind kind) {
	s->nlev = 0;
	while (s->nlev < SYS_LEVELS && s->iter_set[s->nlev])
		s->nlev++;
	for (int l = s->nlev; l < SYS_LEVELS; l++)
		if (s->iter_set[l])
			return fail(s, "loop level %d is set but level %d is not: levels go from 0 (outermost) up", l, s->nlev);
	for (int l = 0; s->has_tail && l < SYS_LEVELS; l++) {
		if (!s->tail[l])
			continue;
		if (kind != SYS_LD && kind != SYS_ST && kind != SYS_FILL)
			return fail(s, "SET_ITER_LAST: a partial last block is a transfer's (LD, ST, FILL), not this command's");
		if (l == 0 || l >= s->nlev)
			return fail(s, "SET_ITER_LAST: loop level %d needs a level outside it and a SET_ITER of its own (the command has "
			            "levels 0..%d)", l, s->nlev - 1);
		if (s->tail[l] > s->iters[l])
			return fail(s, "SET_ITER_LAST: %lld iterations in the last block of loop level %d, which runs %lld",
			            (long long)s->tail[l], l, (long long)s->iters[l]);
	}
	return ST_OK;
}

static st_status execute(sim *s, const sys_instr *in) {
	const sys_mn *mn = in->mn;
	switch (mn->kind) {
	case SYS_ITER:
	case SYS_ITER_LAST: {
		int64_t l = sys_get(in, "LOOP"), n = sys_get(in, "ITERATIONS");
		if (l >= SYS_LEVELS)
			return fail(s, "%s: loop level %lld; the machine has levels 0..%d", mn->name, (long long)l, SYS_LEVELS - 1);
		if (n < 1)
			return fail(s, "%s: a loop runs at least once, not %lld times", mn->name, (long long)n);
		if (mn->kind == SYS_ITER_LAST) {
			s->tail[l] = n;
			s->has_tail = true;
		} else {
			s->iters[l] = n;
			s->iter_set[l] = true;
		}
		return ST_OK;
	}
	case SYS_BASE:
	case SYS_STRIDE: {
		const sim_reg *r;
		sim_buf *b = operand(s, in, "NS", "IDX", &r);
		if (!b)
			return ST_FAIL;
		sim_reg *w = (sim_reg *)r;
		if (mn->kind == SYS_BASE) {
			w->base = sys_get(in, "ADDR");
			return ST_OK;
		}
		int64_t l = sys_get(in, "LEVEL");
		if (l >= SYS_LEVELS)
			return fail(s, "SET_LOOP_STRIDE: loop level %lld; the machine has levels 0..%d", (long long)l, SYS_LEVELS - 1);
		w->stride[l] = sys_get(in, "STRIDE");
		return ST_OK;
	}
	case SYS_LANES: {
		int64_t n = sys_get(in, "LANES");
		if (n < 1 || n > s->m.lanes)
			return fail(s, "SIMD_LANES: %lld lanes; the SIMD unit has 1..%lld", (long long)n, (long long)s->m.lanes);
		s->lanes = n;
		return ST_OK;
	}
	case SYS_SHAPE: {
		int64_t r = sys_get(in, "ROWS"), c = sys_get(in, "COLS"), lvl = sys_get(in, "ROW_LEVEL");
		if (r < 1 || r > s->m.rows || c < 1 || c > s->m.cols)
			return fail(s, "SA_SHAPE: %lld x %lld; the array is %lld x %lld", (long long)r, (long long)c, (long long)s->m.rows,
			            (long long)s->m.cols);
		s->rows = r;
		s->cols = c;
		s->dataflow = (int)sys_get(in, "DATAFLOW");
		s->row_level = (int)lvl;
		return ST_OK;
	}
	case SYS_END:
		return ST_OK;
	case SYS_LD:
	case SYS_ST:
	case SYS_FILL:
	case SYS_GEMM:
	case SYS_ALU:
	case SYS_UNARY:
	case SYS_CAST: {
		if (st_failed(launch_levels(s, mn->kind)))
			return ST_FAIL;
		st_status st = mn->kind == SYS_LD     ? exec_dma(s, in, true)
		               : mn->kind == SYS_ST   ? exec_dma(s, in, false)
		               : mn->kind == SYS_FILL ? exec_fill(s, in)
		               : mn->kind == SYS_GEMM ? exec_gemm(s, in)
		                                      : exec_simd(s, in);
		memset(s->iter_set, 0, sizeof s->iter_set);
		memset(s->tail, 0, sizeof s->tail);
		s->has_tail = false;
		for (int l = 0; l < SYS_LEVELS; l++)
			s->iters[l] = 1;
		s->stats.commands++;
		return st;
	}
	default:
		return fail(s, "the simulator has no semantics for mnemonic %s", mn->name);
	}
}

/* ---------------------------------------------------------------- tensors */

static void put_tensor(sim *s, const st_systolic_tensor *t, const int32_t *v) {
	int64_t n = 1;
	for (size_t d = 0; d < t->rank; d++)
		n *= t->dims[d];
	int eb = (int)sys_elem_bytes(t);
	for (int64_t i = 0; i < n; i++)
		dram_write(&s->buf[s->m.dram], (int64_t)t->addr + i * eb, eb, v[i]);
}

static void get_tensor(sim *s, const st_systolic_tensor *t, int32_t *v) {
	int64_t n = 1;
	for (size_t d = 0; d < t->rank; d++)
		n *= t->dims[d];
	int eb = (int)sys_elem_bytes(t);
	for (int64_t i = 0; i < n; i++)
		v[i] = (int32_t)dram_read(&s->buf[s->m.dram], (int64_t)t->addr + i * eb, eb, true);
}

st_status st_systolic_simulate(st_context *ctx, const st_systolic_program *p, st_op *graph, const int32_t *const *inputs,
                               int32_t *const *outputs, const st_systolic_sim_options *o, st_systolic_stats *stats) {
	sim *s = st_ctx_alloc(ctx, sizeof *s);
	if (!s)
		return ST_FAIL;
	memset(s, 0, sizeof *s);
	s->ctx = ctx;
	s->p = p;
	s->max_work = sys_limit(ctx, &sys_work_limit);
	st_attr *loc = sys_program_loc(p, 0);
	size_t cap = p->nwords ? p->nwords : 1, n = 0, bad = 0;
	const char *why = NULL;
	sys_instr *ins = NULL;
	st_status st = sys_machine_init(&s->m, graph, loc);
	if (st_succeeded(st))
		st = sys_isa_init(&s->isa, graph, loc);
	char fp[64];
	if (st_succeeded(st) && (sys_machine_fingerprint(graph, fp, sizeof fp), strcmp(fp, p->target) != 0))
		st = st_error(ctx, loc, "the program is for machine '%s', the ACG describes machine '%s'", p->target, fp);
	if (st_succeeded(st) && !(ins = st_ctx_alloc(ctx, cap * sizeof *ins)))
		st = ST_FAIL;
	if (st_succeeded(st) && st_failed(st = sys_decode(&s->isa, p->words, p->nwords, ins, &n, &bad, &why)))
		st_error(ctx, sys_program_loc(p, bad), "word %zu (0x%llx) %s", bad, (unsigned long long)p->words[bad], why);
	if (st_succeeded(st))
		st = buffers_init(s);
	if (st_succeeded(st))
		st = sys_timing_init(s);
	for (int l = 0; l < SYS_LEVELS; l++)
		s->iters[l] = 1;
	s->rows = s->m.rows;
	s->cols = s->m.cols;
	s->lanes = s->m.lanes;
	size_t ni = 0, ti = 0, bi = 0;
	for (size_t i = 0; st_succeeded(st) && i < p->ntensors; i++)
		if (p->tensors[i].kind == ST_SYSTOLIC_INPUT || p->tensors[i].kind == ST_SYSTOLIC_INOUT)
			put_tensor(s, &p->tensors[i], inputs[ni++]);
		else if (p->tensors[i].kind == ST_SYSTOLIC_CONST && p->data[i])
			put_tensor(s, &p->tensors[i], p->data[i]); /* the program's DRAM image */
	bool ended = false;
	for (size_t i = 0; st_succeeded(st) && i < n; i++) {
		s->word = ins[i].word;
		if (ended) {
			st = fail(s, "%s after END", ins[i].mn->name);
			break;
		}
		s->stats.instructions++;
		sys_time_issue(s);
		st = execute(s, &ins[i]);
		ended = ins[i].mn->kind == SYS_END;
		if (st_succeeded(st) && o && o->max_cycles && (uint64_t)s->end > o->max_cycles)
			st = fail(s, "the program runs past %llu cycles (--max-cycles) at %s", (unsigned long long)o->max_cycles,
			          ins[i].mn->name);
	}
	if (st_succeeded(st) && !ended)
		st = st_error(ctx, p->nwords ? sys_program_loc(p, p->nwords - 1) : loc, "the program does not end with END");
	if (st_succeeded(st)) {
		for (size_t i = 0; i < p->ntensors; i++)
			if (p->tensors[i].kind == ST_SYSTOLIC_OUTPUT || p->tensors[i].kind == ST_SYSTOLIC_INOUT)
				get_tensor(s, &p->tensors[i], outputs[ti++]);
			else if (p->tensors[i].kind == ST_SYSTOLIC_INPUT && o && o->inputs_after)
				get_tensor(s, &p->tensors[i], o->inputs_after[bi++]);
		sys_timing_finish(s);
		if (stats) {
			*stats = s->stats;
			stats->nbuffers = 0;
			for (size_t i = 0; i < s->m.nnodes && stats->nbuffers < 16; i++) {
				st_systolic_buffer_stats *b = &stats->buffers[stats->nbuffers++];
				snprintf(b->name, sizeof b->name, "%s", s->m.nodes[i].name);
				b->reads = s->buf[i].reads;
				b->writes = s->buf[i].writes;
				b->used = s->buf[i].used_hi;
				b->capacity = s->buf[i].nelems;
			}
		}
	}
	if (ins)
		st_ctx_free(ctx, ins, cap * sizeof *ins);
	sys_timing_free(s);
	buffers_free(s);
	if (s->runs)
		st_ctx_free(ctx, s->runs, s->runcap * sizeof *s->runs);
	st_ctx_free(ctx, s, sizeof *s);
	return st;
}
