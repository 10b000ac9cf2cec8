/* The cycle-accurate fabric simulator (docs/cgra.md, "Simulator"): it
 * knows the fabric from the target's .acg and the design only from the
 * bitstream.  Every cycle the IO tiles put the global buffer's words on
 * their outputs, then every registered element computes its next state
 * from the values its multiplexers select (PEs through their ALU and LUT,
 * register sites when enabled, MEM tiles through their controllers: line
 * segments of a word or, on a wide-fetch SRAM, aggregator, single-port
 * SRAM and transpose buffer), the output IO tiles store what they see, and
 * all registers take their next values together.  It counts the cycles,
 * each tile's activity and the cycles the output streams wait. */
#include "cgra_sim.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int64_t ctrl_points(const cg_ctrl *c) {
	int64_t n = 1;
	for (unsigned i = 0; i < c->levels; i++)
		n *= c->extent[i] > 0 ? c->extent[i] : 0;
	return n;
}

static void sc_eval(sim_ctrl *s) {
	const cg_ctrl *c = &s->c;
	int64_t t = c->cycle_offset, a = c->addr_offset;
	for (unsigned i = 0; i < c->levels; i++) {
		t += c->cycle_stride[i] * s->p[i];
		a += c->addr_stride[i] * s->p[i];
	}
	if (c->wrap > 0)
		a = ((a % c->wrap) + c->wrap) % c->wrap;
	s->next = t;
	s->addr = c->base + a;
}

void st__cg_sc_start(sim_ctrl *s) {
	memset(s->p, 0, sizeof s->p);
	s->left = s->c.levels <= CG_MAX_LEVELS ? ctrl_points(&s->c) : 0;
	sc_eval(s);
}

void st__cg_sc_step(sim_ctrl *s) {
	if (s->left <= 0)
		return;
	s->left--;
	for (unsigned i = s->c.levels; i-- > 0;) {
		if (++s->p[i] < s->c.extent[i])
			break;
		s->p[i] = 0;
	}
	sc_eval(s);
}

/* Whether the controller fires at `now`; an error when it has let `now`
 * pass (its points out of order). */
static int fires(st_cgra_sim *s, sim_ctrl *c, int64_t now) {
	if (c->left <= 0)
		return 0;
	if (c->next < now) {
		st_error(s->ctx, st__cg_bitstream_loc(s->b, c->line),
		         "cgra-sim: a controller was due at %s %lld, before %s %lld: its points are not in time order",
		         c->c.on_writes ? "write event" : "cycle", (long long)c->next, c->c.on_writes ? "event" : "cycle",
		         (long long)now);
		return -1;
	}
	return c->next == now;
}

st_cgra_sim *st_cgra_sim_create(st_cgra_fabric *f, const st_cgra_bitstream *b) {
	st_context *ctx = st_op_context(st_cgra_fabric_target(f));
	int64_t rows, cols;
	uint64_t fp;
	uint32_t line;
	st__cg_bitstream_dims(b, &rows, &cols, &fp, &line);
	if (fp != st_cgra_fabric_fingerprint(f)) {
		st_error(ctx, st__cg_bitstream_loc(b, line),
		         "cgra-sim: the bitstream is for target '%s' (%lld x %lld tiles), another fabric than this .acg's "
		         "(%lld x %lld, fingerprint %016llx, not %016llx)",
		         st_cgra_bitstream_target(b), (long long)rows, (long long)cols, (long long)st_cgra_fabric_rows(f),
		         (long long)st_cgra_fabric_cols(f), (unsigned long long)st_cgra_fabric_fingerprint(f),
		         (unsigned long long)fp);
		return NULL;
	}
	st_cgra_sim *s = st_ctx_alloc(ctx, sizeof *s);
	if (!s)
		return NULL;
	memset(s, 0, sizeof *s);
	s->ctx = ctx;
	s->f = f;
	s->b = b;
	s->D = st_cgra_fabric_data_width(f);
	s->V = st_cgra_fabric_num_nodes(f);
	size_t T = st_cgra_fabric_num_tiles(f), V = s->V;
	s->latency = 1;
	for (size_t t = 0; t < T; t++)
		if (st_cgra_fabric_tile(f, t)->kind == ST_CGRA_PE)
			s->latency = (int32_t)st_acg_int(st_cgra_fabric_tile(f, t)->node, "latency", 1);
	s->sel = st_ctx_alloc(ctx, (V + 1) * sizeof *s->sel);
	s->sel_line = st_ctx_alloc(ctx, (V + 1) * sizeof *s->sel_line);
	s->drv = st_ctx_alloc(ctx, (V + 1) * sizeof *s->drv);
	s->val = st_ctx_alloc(ctx, (V + 1) * sizeof *s->val);
	s->vld = st_ctx_alloc(ctx, V + 1);
	s->pes = st_ctx_alloc(ctx, (T + 1) * sizeof *s->pes);
	s->mems = st_ctx_alloc(ctx, (T + 1) * sizeof *s->mems);
	s->ios = st_ctx_alloc(ctx, (T + 1) * sizeof *s->ios);
	s->tile_pe = st_ctx_alloc(ctx, (T + 1) * sizeof *s->tile_pe);
	s->tile_mem = st_ctx_alloc(ctx, (T + 1) * sizeof *s->tile_mem);
	s->tile_io = st_ctx_alloc(ctx, (T + 1) * sizeof *s->tile_io);
	if (!s->sel || !s->sel_line || !s->drv || !s->val || !s->vld || !s->pes || !s->mems || !s->ios || !s->tile_pe ||
	    !s->tile_mem || !s->tile_io) {
		st_cgra_sim_destroy(s);
		return NULL;
	}
	memset(s->sel, 0, (V + 1) * sizeof *s->sel);
	memset(s->val, 0, (V + 1) * sizeof *s->val);
	memset(s->vld, 0, V + 1);
	if (s->latency < 1 || s->latency > 8) {
		st_op_error(st_cgra_fabric_target(f), "cgra-sim: the PE's latency must be 1 to 8 cycles");
		st_cgra_sim_destroy(s);
		return NULL;
	}
	for (size_t i = 0; i < st_cgra_bitstream_num_arrays(b); i++) {
		const st_cgra_host_array *a = st_cgra_bitstream_array(b, i);
		s->glb[i] = st_ctx_alloc(ctx, (size_t)a->count * sizeof *s->glb[i]);
		if (!s->glb[i]) {
			st_cgra_sim_destroy(s);
			return NULL;
		}
		memset(s->glb[i], 0, (size_t)a->count * sizeof *s->glb[i]);
	}
	if (st_failed(st__cg_sim_load(s))) {
		st_cgra_sim_destroy(s);
		return NULL;
	}
	return s;
}

void st_cgra_sim_destroy(st_cgra_sim *s) {
	if (!s)
		return;
	st_context *ctx = s->ctx;
	size_t T = st_cgra_fabric_num_tiles(s->f), V = s->V;
	for (size_t i = 0; i < st_cgra_bitstream_num_arrays(s->b) && i < 32; i++)
		if (s->glb[i])
			st_ctx_free(ctx, s->glb[i], (size_t)st_cgra_bitstream_array(s->b, i)->count * sizeof *s->glb[i]);
	for (size_t i = 0; s->mems && i < s->nmems; i++) {
		if (s->mems[i].data)
			st_ctx_free(ctx, s->mems[i].data, (size_t)s->mems[i].words * sizeof *s->mems[i].data);
		if (s->mems[i].rom)
			st_ctx_free(ctx, s->mems[i].rom, s->mems[i].nrom_cap * sizeof *s->mems[i].rom);
	}
	if (s->sel)
		st_ctx_free(ctx, s->sel, (V + 1) * sizeof *s->sel);
	if (s->sel_line)
		st_ctx_free(ctx, s->sel_line, (V + 1) * sizeof *s->sel_line);
	if (s->drv)
		st_ctx_free(ctx, s->drv, (V + 1) * sizeof *s->drv);
	if (s->val)
		st_ctx_free(ctx, s->val, (V + 1) * sizeof *s->val);
	if (s->vld)
		st_ctx_free(ctx, s->vld, V + 1);
	if (s->pes)
		st_ctx_free(ctx, s->pes, (T + 1) * sizeof *s->pes);
	if (s->mems)
		st_ctx_free(ctx, s->mems, (T + 1) * sizeof *s->mems);
	if (s->ios)
		st_ctx_free(ctx, s->ios, (T + 1) * sizeof *s->ios);
	if (s->regs)
		st_ctx_free(ctx, s->regs, s->capregs * sizeof *s->regs);
	if (s->tile_pe)
		st_ctx_free(ctx, s->tile_pe, (T + 1) * sizeof *s->tile_pe);
	if (s->tile_mem)
		st_ctx_free(ctx, s->tile_mem, (T + 1) * sizeof *s->tile_mem);
	if (s->tile_io)
		st_ctx_free(ctx, s->tile_io, (T + 1) * sizeof *s->tile_io);
	st_ctx_free(ctx, s, sizeof *s);
}

static int array_index(const st_cgra_sim *s, int arg) {
	for (size_t i = 0; i < st_cgra_bitstream_num_arrays(s->b); i++)
		if (st_cgra_bitstream_array(s->b, i)->arg == arg)
			return (int)i;
	return -1;
}

st_status st_cgra_sim_set_input(st_cgra_sim *s, int arg, const uint64_t *values, size_t n) {
	int i = array_index(s, arg);
	const st_cgra_host_array *a = i >= 0 ? st_cgra_bitstream_array(s->b, (size_t)i) : NULL;
	if (!a || (int64_t)n != a->count)
		return st_error(s->ctx, NULL, "cgra-sim: argument %d is no host array of %zu elements", arg, n);
	uint64_t m = st__cg_mask((int32_t)a->bits);
	for (size_t k = 0; k < n; k++)
		s->glb[i][k] = values[k] & m;
	return ST_OK;
}

const uint64_t *st_cgra_sim_output(const st_cgra_sim *s, int arg, size_t *n) {
	int i = array_index(s, arg);
	if (i < 0) {
		*n = 0;
		return NULL;
	}
	*n = (size_t)st_cgra_bitstream_array(s->b, (size_t)i)->count;
	return s->glb[i];
}

int64_t st_cgra_sim_cycles(const st_cgra_sim *s) { return s->cycles; }

int64_t st_cgra_sim_stall_cycles(const st_cgra_sim *s) {
	int64_t stalls = 0;
	for (size_t i = 0; i < s->nios; i++)
		if (s->ios[i].out && s->ios[i].first >= 0)
			stalls += s->ios[i].last - s->ios[i].first + 1 - s->ios[i].moved;
	return stalls;
}

/* ------------------------------------------------------------- one cycle */

static uint64_t in_value(const st_cgra_sim *s, int32_t pin, uint8_t *v) {
	int32_t d = pin >= 0 ? s->drv[pin] : -1;
	*v = d >= 0 ? s->vld[d] : 0;
	return d >= 0 ? s->val[d] : 0;
}

static st_status mem_fault(st_cgra_sim *s, const sim_mem *m, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static st_status mem_fault(st_cgra_sim *s, const sim_mem *m, const char *fmt, ...) {
	const st_cgra_tile *t = st_cgra_fabric_tile(s->f, (size_t)m->tile);
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return st_error(s->ctx, st__cg_bitstream_loc(s->b, m->line), "cgra-sim: the MEM at (%lld,%lld) %s",
	                (long long)t->row, (long long)t->col, msg);
}

/* A narrow segment: at its controllers' cycles the output register takes
 * the word read, the word written takes the input. */
static st_status narrow_step(st_cgra_sim *s, sim_mem *m, sim_seg *g, int64_t t, uint64_t in, uint8_t inv) {
	int fw = fires(s, g->c[0], t), fr = fires(s, g->c[1], t);
	if (fw < 0 || fr < 0)
		return ST_FAIL;
	if (fr) {
		int64_t a = g->c[1]->addr;
		if (a < 0 || a >= m->words)
			return mem_fault(s, m, "reads word %lld of its %lld in cycle %lld", (long long)a, (long long)m->words,
			                 (long long)t);
		g->out = m->data[a];
		g->out_v = 1;
		st__cg_sc_step(g->c[1]);
	}
	if (fw) {
		int64_t a = g->c[0]->addr;
		if (a < 0 || a >= m->words)
			return mem_fault(s, m, "writes word %lld of its %lld in cycle %lld", (long long)a, (long long)m->words,
			                 (long long)t);
		m->data[a] = in;
		m->accesses++;
		st__cg_sc_step(g->c[0]);
	}
	(void)inv;
	return ST_OK;
}

/* A wide segment on write event i: the aggregator takes the input, a full
 * word goes to the SRAM, a word read waits in the transpose buffer until
 * its first lane is due, the output register takes the current lane. */
static st_status wide_step(st_cgra_sim *s, sim_mem *m, sim_seg *g, int64_t i, uint64_t in, int *sram) {
	int64_t F = m->fetch;
	int f[4];
	for (int j = 0; j < 4; j++)
		if ((f[j] = fires(s, g->c[j], i)) < 0)
			return ST_FAIL;
	if (!f[0] || !f[3])
		return mem_fault(s, m, "does not move its %s on write event %lld", !f[0] ? "aggregator" : "transpose buffer",
		                 (long long)i);
	int64_t lane = g->c[0]->addr, w = g->c[1]->addr, r = g->c[2]->addr, out = g->c[3]->addr;
	if (lane < 0 || lane >= F || out < 0 || out >= F)
		return mem_fault(s, m, "addresses lane %lld of its %lld-word fetch", (long long)(lane < 0 || lane >= F ? lane : out),
		                 (long long)F);
	g->agg[lane] = in;
	if (f[1]) {
		if (w < 0 || (w + 1) * F > m->words)
			return mem_fault(s, m, "writes wide word %lld past its %lld words", (long long)w, (long long)m->words);
		memcpy(m->data + w * F, g->agg, (size_t)F * sizeof *g->agg);
		(*sram)++;
	}
	if (f[2]) {
		if (r < 0 || (r + 1) * F > m->words)
			return mem_fault(s, m, "reads wide word %lld past its %lld words", (long long)r, (long long)m->words);
		memcpy(g->nextw, m->data + r * F, (size_t)F * sizeof *g->nextw);
		(*sram)++;
	}
	if (out == 0)
		memcpy(g->cur, g->nextw, (size_t)F * sizeof *g->cur);
	g->out = g->cur[out];
	g->out_v = 1;
	for (int j = 0; j < 4; j++)
		if (f[j])
			st__cg_sc_step(g->c[j]);
	m->accesses++;
	return ST_OK;
}

static st_status mem_cycle(st_cgra_sim *s, sim_mem *m, int64_t t) {
	if (m->fetch == 1) {
		for (size_t k = 0; k < m->nsegs; k++) {
			uint8_t v;
			uint64_t in = in_value(s, m->in[k], &v);
			if (st_failed(narrow_step(s, m, &m->segs[k], t, in, v)))
				return ST_FAIL;
		}
		return ST_OK;
	}
	int w = fires(s, &m->wev, t);
	if (w < 0)
		return ST_FAIL;
	if (!w)
		return ST_OK;
	int sram = 0;
	for (size_t k = 0; k < m->nsegs; k++) {
		uint8_t v;
		uint64_t in = in_value(s, m->in[k], &v);
		if (st_failed(wide_step(s, m, &m->segs[k], m->events, in, &sram)))
			return ST_FAIL;
	}
	if (sram > 1)
		return mem_fault(s, m, "asks its single-port SRAM for %d accesses in cycle %lld", sram, (long long)t);
	m->events++;
	st__cg_sc_step(&m->wev);
	return ST_OK;
}

/* A ram or rom in cycle t: its writes first, then its reads, whose words
 * its output pins show in the same cycle (a memory writes before it reads
 * within a cycle, as ub-map-check executes it). */
static st_status ram_cycle(st_cgra_sim *s, sim_mem *m, int64_t t) {
	for (int pass = 0; pass < 2; pass++)
		for (size_t j = 0; j < m->nctrls; j++) {
			sim_ctrl *c = &m->ctrls[j];
			if (c->c.dir != pass)
				continue;
			int f = fires(s, c, t);
			if (f < 0)
				return ST_FAIL;
			if (!f)
				continue;
			int64_t a = c->addr;
			if (a < 0 || a >= m->words)
				return mem_fault(s, m, "%s word %lld of its %lld in cycle %lld", pass ? "reads" : "writes", (long long)a,
				                 (long long)m->words, (long long)t);
			if (pass) {
				int32_t o = st_cgra_fabric_pin(s->f, m->tile, false, s->D, c->c.pin);
				s->val[o] = m->data[a];
				s->vld[o] = 1;
			} else {
				uint8_t v;
				m->data[a] = in_value(s, st_cgra_fabric_pin(s->f, m->tile, true, s->D, c->c.pin), &v);
			}
			m->accesses++;
			st__cg_sc_step(c);
		}
	return ST_OK;
}

static bool all_done(const st_cgra_sim *s) {
	bool any = false;
	for (size_t i = 0; i < s->nios; i++)
		if (s->ios[i].out) {
			any = true;
			if (s->ios[i].c.left > 0)
				return false;
		}
	return any;
}

const st_limit_def st__cg_cycles_limit = {
	.name = "cgra-sim-cycles",
	.summary = "cycles the CGRA fabric simulator runs before giving up",
	.value = 1 << 28,
	.max = (int64_t)1 << 40,
};

st_status st_cgra_sim_run(st_cgra_sim *s, int64_t max_cycles) {
	int64_t limit = max_cycles > 0 ? max_cycles : st_context_limit(s->ctx, &st__cg_cycles_limit);
	bool outputs = false;
	for (size_t i = 0; i < s->nios; i++)
		outputs = outputs || s->ios[i].out;
	if (!outputs)
		return st_error(s->ctx, st__cg_bitstream_loc(s->b, 1), "cgra-sim: the bitstream streams nothing out");
	uint64_t D = st__cg_mask(s->D);
	int64_t t;
	for (t = 0; !all_done(s); t++) {
		if (t >= limit) {
			char hint[160];
			return st_error(s->ctx, st__cg_bitstream_loc(s->b, 1), "cgra-sim: the output streams are not done after %lld cycles %s",
			                (long long)limit,
			                max_cycles > 0 ? "(--max-cycles)" : st_limit_hint(s->ctx, &st__cg_cycles_limit, hint, sizeof hint));
		}
		/* IO tiles present this cycle's words. */
		for (size_t i = 0; i < s->nios; i++) {
			sim_io *io = &s->ios[i];
			if (io->out)
				continue;
			int f = fires(s, &io->c, t);
			if (f < 0)
				return ST_FAIL;
			int a = array_index(s, io->arg);
			const st_cgra_host_array *ha = st_cgra_bitstream_array(s->b, (size_t)a);
			s->vld[io->pin] = (uint8_t)f;
			if (f) {
				if (io->c.addr < 0 || io->c.addr >= ha->count)
					return st_error(s->ctx, st__cg_bitstream_loc(s->b, io->line),
					                "cgra-sim: the IO tile reads element %lld of argument %d, which has %lld",
					                (long long)io->c.addr, io->arg, (long long)ha->count);
				s->val[io->pin] = s->glb[a][io->c.addr] & D;
				io->moved++;
				st__cg_sc_step(&io->c);
			}
		}
		/* Random-access memories answer in the cycle. */
		for (size_t i = 0; i < s->nmems; i++)
			if (s->mems[i].mode != 1 && st_failed(ram_cycle(s, &s->mems[i], t)))
				return ST_FAIL;
		/* Next states. */
		for (size_t i = 0; i < s->npes; i++) {
			sim_pe *p = &s->pes[i];
			uint64_t d, b;
			uint8_t v;
			st__cg_pe_eval(s, p, &d, &b, &v);
			int L = s->latency;
			memmove(p->pipe_d + 1, p->pipe_d, (size_t)(L - 1) * sizeof *p->pipe_d);
			memmove(p->pipe_b + 1, p->pipe_b, (size_t)(L - 1) * sizeof *p->pipe_b);
			memmove(p->pipe_v + 1, p->pipe_v, (size_t)(L - 1) * sizeof *p->pipe_v);
			p->pipe_d[0] = d;
			p->pipe_b[0] = b;
			p->pipe_v[0] = v;
		}
		for (size_t i = 0; i < s->nregs; i++) {
			sim_reg *r = &s->regs[i];
			int f = r->mode == 1 ? 1 : fires(s, &r->en, t);
			if (f < 0)
				return ST_FAIL;
			r->load = f;
			if (f) {
				r->next = in_value(s, r->d, &r->next_v);
				r->loads++;
				if (r->mode == 2)
					st__cg_sc_step(&r->en);
			}
		}
		for (size_t i = 0; i < s->nmems; i++)
			if (s->mems[i].mode == 1 && st_failed(mem_cycle(s, &s->mems[i], t)))
				return ST_FAIL;
		for (size_t i = 0; i < s->nios; i++) {
			sim_io *io = &s->ios[i];
			if (!io->out)
				continue;
			int f = fires(s, &io->c, t);
			if (f < 0)
				return ST_FAIL;
			if (!f)
				continue;
			int a = array_index(s, io->arg);
			const st_cgra_host_array *ha = st_cgra_bitstream_array(s->b, (size_t)a);
			if (io->c.addr < 0 || io->c.addr >= ha->count)
				return st_error(s->ctx, st__cg_bitstream_loc(s->b, io->line),
				                "cgra-sim: the IO tile writes element %lld of argument %d, which has %lld",
				                (long long)io->c.addr, io->arg, (long long)ha->count);
			uint8_t v;
			s->glb[a][io->c.addr] = in_value(s, io->pin, &v) & st__cg_mask((int32_t)ha->bits);
			if (io->first < 0)
				io->first = t;
			io->last = t;
			io->moved++;
			st__cg_sc_step(&io->c);
		}
		/* Every register takes its next value. */
		for (size_t i = 0; i < s->npes; i++) {
			sim_pe *p = &s->pes[i];
			int L = s->latency - 1;
			if (p->out_data >= 0) {
				s->val[p->out_data] = p->pipe_d[L];
				s->vld[p->out_data] = p->pipe_v[L];
			}
			if (p->out_bit >= 0) {
				s->val[p->out_bit] = p->pipe_b[L];
				s->vld[p->out_bit] = p->pipe_v[L];
			}
			p->active += p->pipe_v[L];
		}
		for (size_t i = 0; i < s->nregs; i++)
			if (s->regs[i].load) {
				s->val[s->regs[i].q] = s->regs[i].next;
				s->vld[s->regs[i].q] = s->regs[i].next_v;
			}
		for (size_t i = 0; i < s->nmems; i++)
			for (size_t k = 0; k < s->mems[i].nsegs; k++) {
				s->val[s->mems[i].outp[k]] = s->mems[i].segs[k].out;
				s->vld[s->mems[i].outp[k]] = s->mems[i].segs[k].out_v;
			}
	}
	s->cycles = t;
	return ST_OK;
}

/* ---------------------------------------------------------------- report */

static void say(st_write_fn w, void *ud, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(st_write_fn w, void *ud, const char *fmt, ...) {
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		w(ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

void st_cgra_sim_report(const st_cgra_sim *s, st_write_fn w, void *ud) {
	int64_t C = s->cycles > 0 ? s->cycles : 1;
	say(w, ud, "cgra-sim: %" PRId64 " cycles, %zu PEs, %zu MEMs, %zu registers, %zu IO tiles\n", s->cycles, s->npes,
	    s->nmems, s->nregs, s->nios);
	int64_t active = 0;
	for (size_t i = 0; i < s->npes; i++)
		active += s->pes[i].active;
	if (s->npes)
		say(w, ud, "cgra-sim: PEs busy %.1f%% of the cycles on average\n", 100.0 * (double)active / (double)C / (double)s->npes);
	for (size_t i = 0; i < s->nios; i++) {
		const sim_io *io = &s->ios[i];
		const st_cgra_tile *t = st_cgra_fabric_tile(s->f, (size_t)io->tile);
		if (io->out) {
			int64_t span = io->first >= 0 ? io->last - io->first + 1 : 0;
			say(w, ud,
			    "cgra-sim: output %d at IO (%" PRId64 ",%" PRId64 "): %" PRId64 " values over cycles %" PRId64 "..%" PRId64
			    ", %" PRId64 " stall cycles\n",
			    io->arg, t->row, t->col, io->moved, io->first, io->last, span - io->moved);
		} else {
			say(w, ud, "cgra-sim: input %d at IO (%" PRId64 ",%" PRId64 "): %" PRId64 " values\n", io->arg, t->row,
			    t->col, io->moved);
		}
	}
	say(w, ud, "cgra-sim: activity per tile (cycles with data out of %" PRId64 "):\n", s->cycles);
	for (size_t i = 0; i < s->npes; i++) {
		const st_cgra_tile *t = st_cgra_fabric_tile(s->f, (size_t)s->pes[i].tile);
		say(w, ud, "  PE  (%" PRId64 ",%" PRId64 ") %-4s %8" PRId64 "  %5.1f%%\n", t->row, t->col,
		    st__cg_op_name((cg_op)s->pes[i].op), s->pes[i].active, 100.0 * (double)s->pes[i].active / (double)C);
	}
	for (size_t i = 0; i < s->nmems; i++) {
		const st_cgra_tile *t = st_cgra_fabric_tile(s->f, (size_t)s->mems[i].tile);
		say(w, ud, "  MEM (%" PRId64 ",%" PRId64 ") %8" PRId64 " writes\n", t->row, t->col, s->mems[i].accesses);
	}
}
