/* The cycle-level simulator of a mapped rda design (docs/rda.md,
 * "Simulation"), reading only its configuration and data.
 *
 * Every cycle: credits that came back over their routes free buffer slots
 * at the writers; DRAM requests that are done deliver their data; load
 * responses that are complete go, in order, to their streams, and DRAM
 * access iterations that are complete send their ack tokens; then each
 * context that may fire does.  A context fires when every stream it
 * dequeues at a level active in this firing has an element that has
 * arrived, every stream it enqueues to at the end of an iteration has room
 * at every reader, its memory unit has a port left, its address generator
 * has room for more requests, and `ii` cycles have passed since its last
 * firing.  A firing computes every instruction on every lane; only the
 * valid lanes have effects.  An element enqueued reaches a reader after
 * the context's pipeline latency and the route's (a dynamic route also
 * waits for each link it shares); the reader's slot comes back to the
 * writer after the route's latency once the element is popped. */
#include "rda_sim_internal.h"

#include <stdio.h>
#include <string.h>

static void *zalloc(st_rda_sim *s, size_t n) {
	void *p = st_ctx_alloc(s->ctx, n ? n : 1);
	if (p)
		memset(p, 0, n ? n : 1);
	return p;
}

/* ------------------------------------------------------------- streams */

static sim_reader *reader_of(sim_stream *st, int32_t context, int32_t nth) {
	for (int32_t r = 0; r < st->nreaders; r++)
		if (st->readers[r].context == context && nth-- == 0)
			return &st->readers[r];
	return NULL;
}

static int64_t occupancy(const sim_reader *r) { return r->count + r->ccount; }

static sim_elem *head_of(sim_reader *r, uint64_t now) {
	if (!r->count)
		return NULL;
	sim_elem *e = &r->ring[r->head];
	return e->arrive <= now ? e : NULL;
}

static bool has_room(const sim_stream *st) {
	for (int32_t r = 0; r < st->nreaders; r++)
		if (occupancy(&st->readers[r]) >= st->depth)
			return false;
	return true;
}

/* When an element sent now over the reader's route arrives: each dynamic
 * link carries one element (a flit of the network's width, several for a
 * wider one) per cycle. */
static uint64_t route_arrival(st_rda_sim *s, const sim_stream *st, const sim_reader *r, uint64_t send) {
	if (!r->nlinks)
		return send + (uint64_t)r->latency;
	int64_t bits = st->kind == 2 ? st->lanes * (int64_t)st__rda_sim_bits(st->elt) : st->kind == 1 ? 32 : 1;
	uint64_t flits = s->flit > 0 ? (uint64_t)((bits + s->flit - 1) / s->flit) : 1;
	uint64_t t = send;
	for (int32_t i = 0; i < r->nlinks; i++) {
		uint64_t *free_at = &s->link_free[r->links[i]];
		if (t < *free_at)
			t = *free_at;
		*free_at = t + flits;
		t += (uint64_t)(s->dynhop > 0 ? s->dynhop : 1);
	}
	return t;
}

/* Pushes one element (lanes of `vals`, `mask`) to every reader. */
static void push(st_rda_sim *s, sim_stream *st, const uint64_t *vals, uint64_t mask, uint64_t send) {
	int64_t lanes = st->kind == 2 ? st->lanes : 1;
	for (int32_t i = 0; i < st->nreaders; i++) {
		sim_reader *r = &st->readers[i];
		int64_t slot = (r->head + r->count) % st->depth;
		sim_elem *e = &r->ring[slot];
		e->arrive = route_arrival(s, st, r, send);
		e->mask = mask;
		for (int64_t l = 0; l < lanes && vals; l++)
			e->bits[l] = vals[l];
		r->count++;
	}
	st->pushed++;
}

static void pop(st_rda_sim *s, sim_stream *st, sim_reader *r) {
	r->head = (r->head + 1) % st->depth;
	r->count--;
	int64_t slot = (r->chead + r->ccount) % st->depth;
	r->credits[slot] = s->now + (uint64_t)r->latency;
	r->ccount++;
	st->popped++;
}

static bool return_credits(st_rda_sim *s) {
	bool moved = false;
	for (int32_t i = 0; i < s->nstreams; i++) {
		sim_stream *st = &s->streams[i];
		for (int32_t k = 0; k < st->nreaders; k++) {
			sim_reader *r = &st->readers[k];
			while (r->ccount && r->credits[r->chead] <= s->now) {
				r->chead = (r->chead + 1) % st->depth;
				r->ccount--;
				moved = true;
			}
		}
	}
	return moved;
}

/* ------------------------------------------------------------ contexts */

typedef struct firing {
	int b;            /* the bubble level (n: a full firing) */
	bool last[SIM_MAX_COUNTERS + 1], first[SIM_MAX_COUNTERS + 1];
	uint64_t valid[SIM_MAX_COUNTERS + 1]; /* lanes valid at each level */
} firing;

#define REG(c, r) ((c)->regs + (size_t)(r) * (size_t)s->lanes)
#define STORED(c, r) ((c)->stored + (size_t)(r) * (size_t)s->lanes)

static uint64_t lane_mask(int64_t lanes) { return lanes >= 64 ? ~0ull : (1ull << lanes) - 1; }

/* first/last/valid of each level for the chain position of this firing. */
static void levels(st_rda_sim *s, sim_context *c, firing *f) {
	int n = c->ncounters;
	uint64_t all = lane_mask(c->lanes);
	f->valid[0] = all;
	for (int k = 0; k < n; k++) {
		uint64_t v = f->valid[k];
		if (k >= f->b) {
			f->valid[k + 1] = 0;
			continue;
		}
		sim_instr *in = &c->code[c->counters[k]];
		if (in->imm) {
			uint64_t m = 0;
			for (int64_t l = 0; l < c->lanes; l++)
				if (c->cur[k] + l * in->step < c->hi[k])
					m |= 1ull << l;
			v &= m;
		}
		f->valid[k + 1] = v;
	}
	int top = f->b < n ? f->b : n;
	for (int K = 0; K <= n; K++) {
		bool first = true, last = true;
		for (int j = K; j < top; j++) {
			sim_instr *in = &c->code[c->counters[j]];
			first &= c->cur[j] == c->lo[j];
			last &= c->cur[j] + in->stride >= c->hi[j];
		}
		f->first[K] = first, f->last[K] = last;
	}
	(void)s;
}

static void advance(sim_context *c, const firing *f) {
	int j = (f->b < c->ncounters ? f->b : c->ncounters) - 1;
	for (; j >= 0; j--) {
		c->cur[j] += c->code[c->counters[j]].stride;
		if (c->cur[j] < c->hi[j]) {
			c->restart = j + 1;
			return;
		}
	}
	c->done = true;
}

/* The part of a scratchpad holding word `a`, and the word's place there. */
static bool scratch_word(const sim_scratch *m, int64_t a, int64_t *local) {
	if (a < 0 || a >= m->words || (a / m->div) % m->parts != m->part)
		return false;
	*local = (a / (m->div * m->parts)) * m->div + a % m->div;
	return true;
}

static int64_t bank_of(const sim_scratch *m, int64_t a) {
	return (a / m->bank_div + (m->skew ? a / m->skew : 0)) % m->banks;
}

/* Distinct words per bank of a vector access: the cycles its banks need
 * (lanes reading one word share it). */
static int64_t bank_cycles(const sim_scratch *m, const uint64_t *addr, uint64_t mask, int64_t lanes) {
	int64_t worst = 1;
	for (int64_t l = 0; l < lanes; l++) {
		if (!(mask >> l & 1))
			continue;
		bool seen = false;
		for (int64_t k = 0; k < l && !seen; k++)
			seen = (mask >> k & 1) && addr[k] == addr[l];
		if (seen)
			continue;
		int64_t bank = bank_of(m, (int64_t)addr[l]), n = 1;
		for (int64_t k = 0; k < l; k++) {
			if (!(mask >> k & 1) || addr[k] == addr[l] || bank_of(m, (int64_t)addr[k]) != bank)
				continue;
			bool dup = false;
			for (int64_t j = 0; j < k && !dup; j++)
				dup = (mask >> j & 1) && addr[j] == addr[k];
			n += !dup;
		}
		worst = n > worst ? n : worst;
	}
	return worst;
}

typedef struct pending {
	int32_t instr;
	uint64_t mask;
} pending;

/* A load or store: its lanes grouped into burst windows, a request each. */
static int64_t issue_dram(st_rda_sim *s, sim_context *c, int32_t ci, int32_t ii, uint64_t mask, uint64_t when) {
	sim_instr *in = &c->code[ii];
	sim_access *acc = &c->access[ii];
	sim_buffer *b = &s->buffers[in->target];
	const uint64_t *addr = REG(c, in->a);
	uint64_t burst = (uint64_t)s->burst_bits / 8, done = 0;
	int64_t nreq = 0, entry = -1;
	bool load = in->kind == I_LOAD;
	if (load) {
		entry = (acc->head + acc->count);
		sim_resp *e = &acc->resp[entry % acc->cap];
		e->mask = mask, e->remaining = 0, e->ready = s->now;
		memset(e->bits, 0, (size_t)s->lanes * sizeof *e->bits);
		acc->count++;
	}
	for (int64_t l = 0; l < c->lanes; l++) {
		if (!(mask >> l & 1) || (done >> l & 1))
			continue;
		uint64_t window = (b->base + addr[l] * (uint64_t)b->elt_bytes) / burst;
		sim_request r = {.context = ci, .instr = ii, .buffer = in->target, .entry = entry, .write = !load};
		int64_t *els = zalloc(s, (size_t)s->lanes * sizeof *els);
		uint64_t *vals = load ? NULL : zalloc(s, (size_t)s->lanes * sizeof *vals);
		if (!els || (!load && !vals))
			return nreq;
		int64_t n = 0, first = (int64_t)addr[l];
		for (int64_t k = l; k < c->lanes; k++) {
			if (!(mask >> k & 1) || (done >> k & 1))
				continue;
			if ((b->base + addr[k] * (uint64_t)b->elt_bytes) / burst != window)
				continue;
			done |= 1ull << k;
			r.lanes_mask |= 1ull << k;
			if (load) {
				els[k] = (int64_t)addr[k];
			} else {
				els[n] = (int64_t)addr[k], vals[n] = REG(c, in->b)[k];
				n++;
			}
			first = (int64_t)addr[k] < first ? (int64_t)addr[k] : first;
		}
		if (load)
			for (int64_t k = 0; k < s->lanes; k++)
				if (!(r.lanes_mask >> k & 1))
					els[k] = -1;
		r.first = first, r.n = load ? 0 : n, r.welems = els, r.wdata = vals;
		for (int32_t a = 0; a < in->nacks; a++) {
			sim_ackq *q = &acc->acks[a];
			r.ack_ids[a] = q->next_id;
			q->v[(q->head + q->count - 1) % q->cap].remaining++;
		}
		if (load)
			acc->resp[entry % acc->cap].remaining++;
		st__rda_sim_dram_issue(s, &r, when + (uint64_t)nreq);
		nreq++;
	}
	return nreq;
}

/* Opens the next iteration of each ack, closing the current one when its
 * level's iteration ends in this firing. */
static void close_acks(sim_context *c, int32_t ii, const firing *f) {
	sim_instr *in = &c->code[ii];
	sim_access *acc = &c->access[ii];
	for (int32_t a = 0; a < in->nacks; a++) {
		int K = in->ack_level[a];
		if (K > f->b || !f->last[K])
			continue;
		sim_ackq *q = &acc->acks[a];
		q->v[(q->head + q->count - 1) % q->cap].closed = true;
		if (q->count < q->cap) {
			sim_ack_iter *n = &q->v[(q->head + q->count) % q->cap];
			n->remaining = 0, n->closed = false;
			q->count++;
			q->next_id++;
		}
	}
}

static bool ack_room(const sim_context *c, int32_t ii) {
	const sim_instr *in = &c->code[ii];
	for (int32_t a = 0; a < in->nacks; a++)
		if (c->access[ii].acks[a].count >= c->access[ii].acks[a].cap)
			return false;
	return true;
}

/* Which ops each pass of try_fire evaluates.  The second pass writes the
 * registers of reg, regset, fold, read and arg, and recomputes the ops that
 * depend on them (late); an op that depends on none keeps its first-pass
 * value.  The first pass computes a late op only when its value is read
 * there: by a counter's bounds (through other ops), by an instruction
 * before it, or when another instruction writes its register too.  Both
 * passes then give every instruction the values they gave before, with
 * the ops of a long run evaluated about once instead of twice. */
static st_status plan_passes(st_rda_sim *s, sim_context *c) {
	int64_t nregs = c->nregs ? c->nregs : 1;
	uint8_t *late = zalloc(s, (size_t)nregs), *need = zalloc(s, (size_t)nregs);
	int32_t *writer = zalloc(s, (size_t)nregs * sizeof *writer);
	if (!late || !need || !writer)
		return ST_FAIL;
	enum { NONE = -1, MANY = -2 };
	for (int64_t r = 0; r < nregs; r++)
		writer[r] = NONE;
#define REGOK(r) ((r) >= 0 && (r) < nregs)
	for (int32_t i = 0; i < c->ncode; i++) {
		const sim_instr *in = &c->code[i];
		bool writes = in->kind == I_CONST || in->kind == I_CTR || in->kind == I_DEQ || in->kind == I_OP ||
		              in->kind == I_REG || in->kind == I_REGSET || in->kind == I_FOLD || in->kind == I_READ ||
		              in->kind == I_ARG;
		if (!writes || !REGOK(in->dst))
			continue;
		writer[in->dst] = writer[in->dst] == NONE ? i : MANY;
		if (in->kind == I_REG || in->kind == I_REGSET || in->kind == I_FOLD || in->kind == I_READ ||
		    in->kind == I_ARG)
			late[in->dst] = 1;
	}
	for (bool changed = true; changed;) {
		changed = false;
		for (int32_t i = 0; i < c->ncode; i++) {
			sim_instr *in = &c->code[i];
			if (in->kind != I_OP || in->late)
				continue;
			const int32_t ops[3] = {in->a, in->b, in->c};
			for (int k = 0; k < 3; k++)
				if (REGOK(ops[k]) && late[ops[k]]) {
					in->late = true, changed = true;
					if (REGOK(in->dst))
						late[in->dst] = 1;
					break;
				}
		}
	}
	/* Read in the first pass, or before the op that writes it. */
	for (int32_t i = 0; i < c->ncode; i++) {
		const sim_instr *in = &c->code[i];
		const int32_t ops[4] = {in->a, in->b, in->c, in->pred};
		for (int k = 0; k < 4; k++)
			if (REGOK(ops[k]) && (in->kind == I_CTR || writer[ops[k]] == MANY || writer[ops[k]] >= i))
				need[ops[k]] = 1;
	}
	for (bool changed = true; changed;) {
		changed = false;
		for (int32_t i = c->ncode - 1; i >= 0; i--) {
			const sim_instr *in = &c->code[i];
			if (in->kind != I_OP || !REGOK(in->dst) || !need[in->dst])
				continue;
			const int32_t ops[3] = {in->a, in->b, in->c};
			for (int k = 0; k < 3; k++)
				if (REGOK(ops[k]) && !need[ops[k]])
					need[ops[k]] = 1, changed = true;
		}
	}
	for (int32_t i = 0; i < c->ncode; i++) {
		sim_instr *in = &c->code[i];
		in->first = !in->late || !REGOK(in->dst) || need[in->dst];
	}
#undef REGOK
	st_ctx_free(s->ctx, late, (size_t)nregs);
	st_ctx_free(s->ctx, need, (size_t)nregs);
	st_ctx_free(s->ctx, writer, (size_t)nregs * sizeof *writer);
	return ST_OK;
}

static bool stall(sim_context *c, uint64_t *counter, int32_t stream, bool output) {
	(*counter)++;
	c->waiting_on = stream, c->waiting_output = output;
	return false;
}

static bool try_fire(st_rda_sim *s, int32_t ci) {
	sim_context *c = &s->contexts[ci];
	if (c->done)
		return false;
	if (s->now < c->next)
		return stall(c, &c->stall_ii, -1, false);
	/* A context that stalled on an input evaluates to the same stall until
	 * that head arrives: only it pops its reader, the heads it read before
	 * stay, and the first pass reads no state the first pass writes, so
	 * every value before the read is the same.  Skipping the evaluation
	 * keeps the counts and makes a long run several times faster. */
	if (c->wait_reader) {
		if (!head_of(c->wait_reader, s->now))
			return stall(c, &c->stall_input, c->waiting_on, false);
		c->wait_reader = NULL;
	}
	sim_unit *u = &s->units[c->unit];
	if (u->port_cycle != s->now)
		u->port_cycle = s->now, u->reads_used = 0, u->writes_used = 0;
	firing f = {.b = c->ncounters};
	int32_t nth[64] = {0};
	(void)nth;
	int64_t L = s->lanes;
	int64_t extra = 1;
	/* Evaluate. */
	for (int32_t i = 0; i < c->ncode; i++) {
		sim_instr *in = &c->code[i];
		uint64_t *d = in->dst >= 0 && in->kind != I_WAIT && in->kind != I_SIGNAL && in->kind != I_ENQ &&
		                      in->kind != I_WRITE && in->kind != I_STORE && in->kind != I_LOAD && in->kind != I_RESULT
		                  ? REG(c, in->dst)
		                  : NULL;
		switch (in->kind) {
		case I_CONST:
			for (int64_t l = 0; l < L; l++)
				d[l] = st__rda_sim_mask((sim_ty)in->ty, (uint64_t)in->imm);
			break;
		case I_CTR: {
			int k = in->level;
			if (k >= f.b) {
				memset(d, 0, (size_t)L * sizeof *d);
				break;
			}
			if (k >= c->restart) {
				c->lo[k] = (int64_t)REG(c, in->a)[0];
				c->hi[k] = (int64_t)REG(c, in->b)[0];
				c->cur[k] = c->lo[k];
				if (c->lo[k] >= c->hi[k]) {
					f.b = k;
					memset(d, 0, (size_t)L * sizeof *d);
					break;
				}
			}
			for (int64_t l = 0; l < L; l++)
				d[l] = (uint64_t)(c->cur[k] + (in->imm ? l * in->step : 0));
			break;
		}
		case I_DEQ:
		case I_WAIT: {
			if (in->level > f.b) {
				if (d)
					memset(d, 0, (size_t)L * sizeof *d);
				break;
			}
			sim_stream *st = &s->streams[in->stream];
			sim_elem *e = head_of(&st->readers[in->target], s->now);
			if (!e) {
				c->wait_reader = &st->readers[in->target];
				return stall(c, &c->stall_input, in->stream, false);
			}
			if (d) {
				if (st->kind == 2)
					for (int64_t l = 0; l < L; l++)
						d[l] = l < st->lanes ? e->bits[l] : 0;
				else
					for (int64_t l = 0; l < L; l++)
						d[l] = e->bits[0];
			}
			break;
		}
		case I_OP: {
			if (!in->first)
				break;
			const uint64_t *a = REG(c, in->a), *b = REG(c, in->b), *cc = REG(c, in->c);
			for (int64_t l = 0; l < L; l++)
				d[l] = st__rda_sim_op(in, a[l], b[l], cc[l]);
			break;
		}
		case I_REG:
			/* Level positions are known once every counter is evaluated,
			 * which SSA order guarantees before the register's readers:
			 * computed below, after the counters. */
			break;
		default:
			break;
		}
	}
	levels(s, c, &f);
	int n = c->ncounters;
	bool full = f.b == n;
	uint64_t vmask = full ? f.valid[n] : 0;
	/* Registers, folds, memory and the checks of the outputs, in order
	 * (a second pass: every value a register or fold depends on is set,
	 * and values computed from registers are recomputed). */
	for (int32_t i = 0; i < c->ncode; i++) {
		sim_instr *in = &c->code[i];
		switch (in->kind) {
		case I_REG: {
			uint64_t *d = REG(c, in->dst), *st = STORED(c, in->dst);
			bool reset = in->level <= f.b && f.first[in->level];
			for (int64_t l = 0; l < L; l++)
				d[l] = reset ? REG(c, in->a)[l] : st[l];
			break;
		}
		case I_OP: {
			if (!in->late)
				break;
			const uint64_t *a = REG(c, in->a), *b = REG(c, in->b), *cc = REG(c, in->c);
			uint64_t *d = REG(c, in->dst);
			for (int64_t l = 0; l < L; l++)
				d[l] = st__rda_sim_op(in, a[l], b[l], cc[l]);
			break;
		}
		case I_REGSET: {
			uint64_t *d = REG(c, in->dst);
			const uint64_t *old = REG(c, in->a), *next = REG(c, in->b);
			for (int64_t l = 0; l < L; l++)
				d[l] = (vmask >> l & 1) ? next[l] : old[l];
			break;
		}
		case I_FOLD: {
			uint64_t acc = REG(c, in->a)[0];
			for (int64_t l = 0; l < c->lanes; l++)
				if (vmask >> l & 1)
					acc = st__rda_sim_fold(in->fold, (sim_ty)in->ty, acc, REG(c, in->b)[l]);
			for (int64_t l = 0; l < L; l++)
				REG(c, in->dst)[l] = acc;
			break;
		}
		case I_READ: {
			uint64_t *d = REG(c, in->dst);
			memset(d, 0, (size_t)L * sizeof *d);
			uint64_t m = vmask & (in->pred >= 0 ? 0 : ~0ull);
			if (in->pred >= 0)
				for (int64_t l = 0; l < c->lanes; l++)
					if ((vmask >> l & 1) && (REG(c, in->pred)[l] & 1))
						m |= 1ull << l;
			if (!m)
				break;
			if (u->reads_used >= u->reads || s->now < u->busy_until)
				return stall(c, &c->stall_port, -1, false);
			sim_scratch *ms = &s->scratches[in->target];
			for (int64_t l = 0; l < c->lanes; l++) {
				int64_t local;
				if ((m >> l & 1) && scratch_word(ms, (int64_t)REG(c, in->a)[l], &local))
					d[l] = ms->data[local];
			}
			int64_t bc = bank_cycles(ms, REG(c, in->a), m, c->lanes);
			extra = bc > extra ? bc : extra;
			break;
		}
		case I_WRITE: {
			uint64_t m = vmask;
			if (in->pred >= 0)
				for (int64_t l = 0; l < c->lanes; l++)
					if (!(REG(c, in->pred)[l] & 1))
						m &= ~(1ull << l);
			if (m && (u->writes_used >= u->writes || s->now < u->busy_until))
				return stall(c, &c->stall_port, -1, false);
			break;
		}
		case I_LOAD:
		case I_STORE:
			if (full && in->kind == I_LOAD && c->access[i].count >= c->access[i].cap)
				return stall(c, &c->stall_dram, in->stream, true);
			if (!ack_room(c, i))
				return stall(c, &c->stall_dram, -1, true);
			break;
		case I_ENQ:
		case I_SIGNAL:
			if (in->level <= f.b && f.last[in->level] && !has_room(&s->streams[in->stream]))
				return stall(c, &c->stall_output, in->stream, true);
			break;
		case I_ARG:
			for (int64_t l = 0; l < L; l++)
				REG(c, in->dst)[l] = st__rda_sim_mask((sim_ty)in->ty, s->args[in->imm]);
			break;
		default:
			break;
		}
	}
	/* Commit. */
	uint64_t send = s->now + (uint64_t)c->latency;
	int64_t requests = 0;
	for (int32_t i = 0; i < c->ncode; i++) {
		sim_instr *in = &c->code[i];
		switch (in->kind) {
		case I_DEQ:
		case I_WAIT:
			if (in->level <= f.b && f.last[in->level])
				pop(s, &s->streams[in->stream], &s->streams[in->stream].readers[in->target]);
			break;
		case I_ENQ:
		case I_SIGNAL: {
			if (in->level > f.b || !f.last[in->level])
				break;
			sim_stream *st = &s->streams[in->stream];
			uint64_t m = f.valid[in->level < n ? in->level : n];
			if (in->level == n)
				m = vmask;
			if (in->kind == I_SIGNAL) {
				push(s, st, NULL, 1, send);
				break;
			}
			const uint64_t *v = REG(c, in->a);
			if (in->pred >= 0)
				for (int64_t l = 0; l < c->lanes; l++)
					if (!(REG(c, in->pred)[l] & 1))
						m &= ~(1ull << l);
			if (st->kind == 2) {
				push(s, st, v, m, send);
			} else if (in->pred < 0 || m) {
				/* A scalar: the value of the first valid lane. */
				int64_t l = 0;
				while (l < c->lanes - 1 && !(m >> l & 1))
					l++;
				push(s, st, &v[l], 1, send);
			}
			break;
		}
		case I_REGSET:
			memcpy(STORED(c, in->a), REG(c, in->dst), (size_t)L * sizeof(uint64_t));
			break;
		case I_WRITE: {
			uint64_t m = vmask;
			if (in->pred >= 0)
				for (int64_t l = 0; l < c->lanes; l++)
					if (!(REG(c, in->pred)[l] & 1))
						m &= ~(1ull << l);
			if (!m)
				break;
			sim_scratch *ms = &s->scratches[in->target];
			for (int64_t l = 0; l < c->lanes; l++) {
				int64_t local;
				if ((m >> l & 1) && scratch_word(ms, (int64_t)REG(c, in->a)[l], &local))
					ms->data[local] = st__rda_sim_mask(ms->elt, REG(c, in->b)[l]);
			}
			u->writes_used++;
			int64_t bc = bank_cycles(ms, REG(c, in->a), m, c->lanes);
			extra = bc > extra ? bc : extra;
			s->stats.stage_ops += (uint64_t)__builtin_popcountll(m);
			break;
		}
		case I_READ:
			if (vmask)
				u->reads_used++, s->stats.stage_ops += (uint64_t)__builtin_popcountll(vmask);
			break;
		case I_LOAD:
		case I_STORE: {
			uint64_t m = vmask;
			if (in->pred >= 0)
				for (int64_t l = 0; l < c->lanes; l++)
					if (!(REG(c, in->pred)[l] & 1))
						m &= ~(1ull << l);
			if (full)
				requests += issue_dram(s, c, ci, i, m, send + (uint64_t)requests);
			close_acks(c, i, &f);
			break;
		}
		case I_OP:
		case I_FOLD:
			s->stats.stage_ops += (uint64_t)__builtin_popcountll(vmask);
			break;
		case I_RESULT:
			s->results[in->imm] = st__rda_sim_mask((sim_ty)in->ty, REG(c, in->a)[0]);
			s->results_set[in->imm] = true;
			break;
		default:
			break;
		}
	}
	if (extra > 1)
		u->busy_until = s->now + (uint64_t)extra;
	int64_t gap = c->ii;
	gap = extra > gap ? extra : gap;
	gap = requests > gap ? requests : gap;
	c->next = s->now + (uint64_t)gap;
	c->restart = n;
	advance(c, &f);
	if (!c->fired++)
		c->first = s->now;
	c->last = s->now;
	return true;
}

/* ------------------------------------------------------ DRAM responses */

static bool deliver(st_rda_sim *s) {
	bool moved = false;
	for (int32_t ci = 0; ci < s->ncontexts; ci++) {
		sim_context *c = &s->contexts[ci];
		if (!c->access)
			continue;
		for (int32_t i = 0; i < c->ncode; i++) {
			sim_instr *in = &c->code[i];
			sim_access *acc = &c->access[i];
			if (in->kind == I_LOAD)
				while (acc->count) {
					sim_resp *e = &acc->resp[acc->head % acc->cap];
					sim_stream *st = &s->streams[in->stream];
					if (e->remaining > 0 || e->ready > s->now || !has_room(st))
						break;
					push(s, st, e->bits, e->mask, s->now);
					acc->head++, acc->count--;
					moved = true;
				}
			for (int32_t a = 0; a < in->nacks; a++) {
				sim_ackq *q = &acc->acks[a];
				sim_stream *st = &s->streams[in->ack_stream[a]];
				while (q->count > 1) {
					sim_ack_iter *it = &q->v[q->head];
					if (!it->closed || it->remaining > 0 || !has_room(st))
						break;
					push(s, st, NULL, 1, s->now);
					q->head = (q->head + 1) % q->cap, q->count--, q->first_id++;
					moved = true;
				}
			}
		}
	}
	return moved;
}

static bool accesses_pending(const st_rda_sim *s) {
	for (int32_t ci = 0; ci < s->ncontexts; ci++) {
		const sim_context *c = &s->contexts[ci];
		if (!c->access)
			continue;
		for (int32_t i = 0; i < c->ncode; i++) {
			if (c->access[i].count)
				return true;
			for (int32_t a = 0; a < c->code[i].nacks; a++)
				if (c->access[i].acks[a].count > 1)
					return true;
		}
	}
	return false;
}

/* ------------------------------------------------------------- set-up */

static st_status setup(st_rda_sim *s) {
	uint64_t burst = (uint64_t)s->burst_bits / 8, base = 0;
	for (int32_t i = 0; i < s->nbuffers; i++) {
		s->buffers[i].base = base;
		base += ((uint64_t)s->buffers[i].words * (uint64_t)s->buffers[i].elt_bytes + burst - 1) / burst * burst;
	}
	if (!(s->channel_free = zalloc(s, (size_t)s->channels * sizeof *s->channel_free)))
		return ST_FAIL;
	s->nlinks = (s->rows + 2) * (s->cols + 2) * 4;
	if (!(s->link_free = zalloc(s, (size_t)s->nlinks * sizeof *s->link_free)))
		return ST_FAIL;
	for (int32_t i = 0; i < s->nstreams; i++) {
		sim_stream *st = &s->streams[i];
		int64_t lanes = st->kind == 2 ? st->lanes : 1;
		for (int32_t k = 0; k < st->nreaders; k++) {
			sim_reader *r = &st->readers[k];
			r->ring = zalloc(s, (size_t)st->depth * sizeof *r->ring);
			r->pool = zalloc(s, (size_t)(st->depth * lanes) * sizeof *r->pool);
			r->credits = zalloc(s, (size_t)st->depth * sizeof *r->credits);
			if (!r->ring || !r->pool || !r->credits)
				return ST_FAIL;
			for (int64_t e = 0; e < st->depth; e++)
				r->ring[e].bits = r->pool + e * lanes;
			for (int64_t e = 0; e < st->init; e++) {
				r->ring[e].mask = ~0ull;
				for (int64_t l = 0; l < lanes; l++)
					r->ring[e].bits[l] = st->value;
			}
			r->count = st->init;
		}
	}
	for (int32_t ci = 0; ci < s->ncontexts; ci++) {
		sim_context *c = &s->contexts[ci];
		int32_t seen[4096];
		int32_t nseen = 0;
		bool dram = false;
		for (int32_t i = 0; i < c->ncode; i++) {
			sim_instr *in = &c->code[i];
			dram |= in->kind == I_LOAD || in->kind == I_STORE;
			if (in->kind != I_DEQ && in->kind != I_WAIT)
				continue;
			/* The nth read of one stream by this context takes its nth reader. */
			int32_t nth = 0;
			for (int32_t k = 0; k < nseen; k++)
				nth += seen[k] == in->stream;
			if (nseen < 4096)
				seen[nseen++] = in->stream;
			sim_reader *r = reader_of(&s->streams[in->stream], ci, nth);
			if (!r)
				return st_error(s->ctx, st_loc_file(s->ctx, st_str_c(s->file), 1, 1),
				                "context '%s' reads stream %d, which lists no reader for it", c->name, in->stream);
			in->target = (int32_t)(r - s->streams[in->stream].readers);
		}
		c->restart = 0;
		c->waiting_on = -1;
		if (st_failed(plan_passes(s, c)))
			return ST_FAIL;
		if (!dram)
			continue;
		if (!(c->access = zalloc(s, (size_t)c->ncode * sizeof *c->access)))
			return ST_FAIL;
		for (int32_t i = 0; i < c->ncode; i++) {
			sim_instr *in = &c->code[i];
			sim_access *acc = &c->access[i];
			if (in->kind == I_LOAD) {
				acc->cap = s->outstanding;
				acc->resp = zalloc(s, (size_t)acc->cap * sizeof *acc->resp);
				acc->pool = zalloc(s, (size_t)(acc->cap * s->lanes) * sizeof *acc->pool);
				if (!acc->resp || !acc->pool)
					return ST_FAIL;
				for (int64_t e = 0; e < acc->cap; e++)
					acc->resp[e].bits = acc->pool + e * s->lanes;
			}
			for (int32_t a = 0; a < in->nacks; a++) {
				sim_ackq *q = &acc->acks[a];
				q->cap = s->outstanding + 2;
				if (!(q->v = zalloc(s, (size_t)q->cap * sizeof *q->v)))
					return ST_FAIL;
				q->count = 1; /* the open iteration */
			}
		}
	}
	return ST_OK;
}

/* ---------------------------------------------------------------- API */

st_rda_sim *st_rda_sim_create(st_context *ctx, const char *text, size_t len, const char *file) {
	st_rda_sim *s = st_ctx_alloc(ctx, sizeof *s);
	if (!s)
		return NULL;
	memset(s, 0, sizeof *s);
	s->ctx = ctx, s->file = file ? file : "config";
	if (st_failed(st__rda_sim_load(s, text, len)) || st_failed(setup(s))) {
		st_rda_sim_destroy(s);
		return NULL;
	}
	s->stats.dram_bits_per_cycle = s->dram_bits;
	return s;
}

void st_rda_sim_destroy(st_rda_sim *s) {
	if (!s)
		return;
	st__rda_sim_free(s);
	st_ctx_free(s->ctx, s, sizeof *s);
}

size_t st_rda_sim_num_buffers(const st_rda_sim *s) { return (size_t)s->nbuffers; }
const char *st_rda_sim_buffer_name(const st_rda_sim *s, size_t i) { return s->buffers[i].name; }
int64_t st_rda_sim_buffer_arg(const st_rda_sim *s, size_t i) { return s->buffers[i].arg; }
int64_t st_rda_sim_buffer_words(const st_rda_sim *s, size_t i) { return s->buffers[i].words; }
uint64_t *st_rda_sim_buffer_data(st_rda_sim *s, size_t i) { return s->buffers[i].data; }

void st_rda_sim_set_arg(st_rda_sim *s, size_t index, uint64_t bits) {
	if (index < 64)
		s->args[index] = bits, s->args_set[index] = true;
}

bool st_rda_sim_result(const st_rda_sim *s, size_t index, uint64_t *bits) {
	if (index >= 64 || !s->results_set[index])
		return false;
	*bits = s->results[index];
	return true;
}

const st_rda_sim_stats *st_rda_sim_get_stats(const st_rda_sim *s) { return &s->stats; }
size_t st_rda_sim_num_units(const st_rda_sim *s) { return (size_t)s->nunits; }

void st_rda_sim_unit_activity(const st_rda_sim *s, size_t i, const char **pu, int64_t *row, int64_t *col,
                              uint64_t *active) {
	*pu = s->units[i].pu, *row = s->units[i].row, *col = s->units[i].col, *active = s->units[i].active_cycles;
}

size_t st_rda_sim_num_contexts(const st_rda_sim *s) { return (size_t)s->ncontexts; }

void st_rda_sim_context_stats(const st_rda_sim *s, size_t i, st_rda_sim_context_info *out) {
	const sim_context *c = &s->contexts[i];
	*out = (st_rda_sim_context_info){.name = c->name, .unit = (size_t)c->unit, .lanes = c->lanes, .ii = c->ii,
	                                 .fired = c->fired, .first = c->first, .last = c->last,
	                                 .stalls = {c->stall_input, c->stall_output, c->stall_dram, c->stall_port,
	                                            c->stall_ii}};
}

static st_status report_deadlock(st_rda_sim *s, const char *why) {
	st_diag *d = st_diag_create(s->ctx, ST_SEV_ERROR, st_loc_file(s->ctx, st_str_c(s->file), 1, 1),
	                            "the design %s at cycle %llu", why, (unsigned long long)s->now);
	int shown = 0;
	for (int32_t i = 0; i < s->ncontexts && shown < 8; i++) {
		sim_context *c = &s->contexts[i];
		if (c->done)
			continue;
		shown++;
		if (c->waiting_on >= 0)
			st_diag_append(d, "; context '%s' waits %s stream %d", c->name, c->waiting_output ? "for room in" : "on",
			               c->waiting_on);
		else
			st_diag_append(d, "; context '%s' is not done", c->name);
	}
	return st_diag_emit(d);
}

st_status st_rda_sim_run(st_rda_sim *s, uint64_t max_cycles) {
	uint64_t idle = 0, patience = (uint64_t)s->dram_latency + 4096;
	for (s->now = 0;; s->now++) {
		bool moved = return_credits(s);
		st__rda_sim_dram_step(s);
		moved |= deliver(s);
		bool all_done = true;
		for (int32_t i = 0; i < s->ncontexts; i++) {
			sim_context *c = &s->contexts[i];
			if (c->done)
				continue;
			uint64_t before = c->fired;
			try_fire(s, i);
			if (c->fired != before) {
				moved = true;
				/* Its own mark: port_cycle is the ports' (sharing it made
				 * a memory unit's ports look taken every other cycle). */
				sim_unit *u = &s->units[c->unit];
				if (u->active_mark != s->now + 1) {
					u->active_cycles++;
					u->active_mark = s->now + 1;
				}
			}
			all_done &= c->done;
		}
		if (all_done && !st__rda_sim_dram_busy(s) && !accesses_pending(s))
			break;
		if (moved || st__rda_sim_dram_busy(s))
			idle = 0;
		else if (++idle > patience)
			return report_deadlock(s, "stopped making progress (a deadlock)");
		if (max_cycles && s->now >= max_cycles)
			return report_deadlock(s, "did not finish within the cycle limit");
	}
	s->stats.cycles = s->now + 1;
	s->stats.dram_read_bits = s->dram_read_bits, s->stats.dram_write_bits = s->dram_write_bits;
	for (int32_t i = 0; i < s->ncontexts; i++) {
		sim_context *c = &s->contexts[i];
		s->stats.fired += c->fired;
		s->stats.stall_input += c->stall_input, s->stats.stall_output += c->stall_output;
		s->stats.stall_dram += c->stall_dram, s->stats.stall_port += c->stall_port, s->stats.stall_ii += c->stall_ii;
	}
	return ST_OK;
}

void st__rda_sim_free(st_rda_sim *s) {
	st_context *ctx = s->ctx;
#define FREE(p, n) \
	if (p)     \
	st_ctx_free(ctx, (p), (n))
	for (int32_t i = 0; i < s->nbuffers; i++)
		FREE(s->buffers[i].data, (size_t)(s->buffers[i].words ? s->buffers[i].words : 1) * sizeof(uint64_t));
	FREE(s->buffers, (size_t)s->nbuffers * sizeof *s->buffers);
	FREE(s->units, (size_t)s->nunits * sizeof *s->units);
	for (int32_t i = 0; i < s->nscratches; i++) {
		sim_scratch *m = &s->scratches[i];
		FREE(m->data, (size_t)((m->words + m->parts - 1) / m->parts + m->div) * sizeof *m->data);
	}
	FREE(s->scratches, (size_t)s->nscratches * sizeof *s->scratches);
	for (int32_t i = 0; i < s->nstreams; i++) {
		sim_stream *st = &s->streams[i];
		int64_t lanes = st->kind == 2 ? st->lanes : 1;
		for (int32_t k = 0; k < st->nreaders; k++) {
			sim_reader *r = &st->readers[k];
			FREE(r->links, (size_t)r->nlinks * sizeof *r->links);
			FREE(r->ring, (size_t)st->depth * sizeof *r->ring);
			FREE(r->pool, (size_t)(st->depth * lanes) * sizeof *r->pool);
			FREE(r->credits, (size_t)st->depth * sizeof *r->credits);
		}
		FREE(st->readers, (size_t)st->nreaders * sizeof *st->readers);
	}
	FREE(s->streams, (size_t)s->nstreams * sizeof *s->streams);
	for (int32_t ci = 0; ci < s->ncontexts; ci++) {
		sim_context *c = &s->contexts[ci];
		size_t nv = (size_t)(c->nregs ? c->nregs : 1) * (size_t)s->lanes;
		FREE(c->regs, nv * sizeof *c->regs);
		FREE(c->stored, nv * sizeof *c->stored);
		if (c->access)
			for (int32_t i = 0; i < c->ncode; i++) {
				sim_access *acc = &c->access[i];
				FREE(acc->resp, (size_t)acc->cap * sizeof *acc->resp);
				FREE(acc->pool, (size_t)(acc->cap * s->lanes) * sizeof *acc->pool);
				for (int32_t a = 0; a < SIM_MAX_ACKS; a++)
					FREE(acc->acks[a].v, (size_t)acc->acks[a].cap * sizeof *acc->acks[a].v);
			}
		FREE(c->access, (size_t)c->ncode * sizeof *c->access);
		FREE(c->code, (size_t)c->ncode * sizeof *c->code);
	}
	FREE(s->contexts, (size_t)s->ncontexts * sizeof *s->contexts);
	for (int64_t i = 0; i < s->nreqs; i++) {
		FREE(s->reqs[i].welems, (size_t)(s->reqs[i].write ? s->reqs[i].n : s->lanes) * sizeof(int64_t));
		FREE(s->reqs[i].wdata, (size_t)s->reqs[i].n * sizeof(uint64_t));
	}
	FREE(s->reqs, (size_t)s->capreqs * sizeof *s->reqs);
	FREE(s->channel_free, (size_t)s->channels * sizeof *s->channel_free);
	FREE(s->link_free, (size_t)s->nlinks * sizeof *s->link_free);
#undef FREE
}
