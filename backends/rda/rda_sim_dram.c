/* The simulator's DRAM: `channels` channels share the machine's bits per
 * cycle; a request is one burst (a burst-aligned window of a buffer) and
 * holds its channel (chosen by the window's address) for the burst's
 * transfer time, whatever part of it is used; it completes after the
 * transfer and the DRAM latency.  Completed requests are kept in a heap by
 * completion time. */
#include "rda_sim_internal.h"

static bool before(const sim_request *a, const sim_request *b) { return a->ready < b->ready; }

static void heap_up(sim_request *h, int64_t i) {
	while (i > 0) {
		int64_t p = (i - 1) / 2;
		if (!before(&h[i], &h[p]))
			break;
		sim_request t = h[i];
		h[i] = h[p], h[p] = t, i = p;
	}
}

static void heap_down(sim_request *h, int64_t n, int64_t i) {
	for (;;) {
		int64_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < n && before(&h[l], &h[m]))
			m = l;
		if (r < n && before(&h[r], &h[m]))
			m = r;
		if (m == i)
			return;
		sim_request t = h[i];
		h[i] = h[m], h[m] = t, i = m;
	}
}

void st__rda_sim_dram_issue(st_rda_sim *s, sim_request *r, uint64_t when) {
	sim_buffer *b = &s->buffers[r->buffer];
	uint64_t burst_bytes = (uint64_t)s->burst_bits / 8;
	uint64_t addr = b->base + (uint64_t)r->first * (uint64_t)b->elt_bytes;
	int64_t ch = (int64_t)((addr / burst_bytes) % (uint64_t)s->channels);
	int64_t per = s->dram_bits / s->channels;
	per = per < 1 ? 1 : per;
	uint64_t transfer = (uint64_t)((s->burst_bits + per - 1) / per);
	uint64_t start = when > s->channel_free[ch] ? when : s->channel_free[ch];
	s->channel_free[ch] = start + transfer;
	r->ready = start + transfer + (uint64_t)s->dram_latency;
	if (s->nreqs == s->capreqs) {
		int64_t cap = s->capreqs ? 2 * s->capreqs : 64;
		sim_request *n = st_ctx_realloc(s->ctx, s->reqs, (size_t)s->capreqs * sizeof *n, (size_t)cap * sizeof *n);
		if (!n)
			return;
		s->reqs = n, s->capreqs = cap;
	}
	s->reqs[s->nreqs] = *r;
	heap_up(s->reqs, s->nreqs++);
}

bool st__rda_sim_dram_busy(const st_rda_sim *s) { return s->nreqs > 0; }

/* The requests done by now: a load's data goes into its response entry, a
 * store's into the buffer; either counts towards its acks. */
void st__rda_sim_dram_step(st_rda_sim *s) {
	while (s->nreqs && s->reqs[0].ready <= s->now) {
		sim_request r = s->reqs[0];
		s->reqs[0] = s->reqs[--s->nreqs];
		heap_down(s->reqs, s->nreqs, 0);
		sim_context *c = &s->contexts[r.context];
		sim_instr *in = &c->code[r.instr];
		sim_access *acc = &c->access[r.instr];
		sim_buffer *b = &s->buffers[r.buffer];
		uint64_t bits = 0;
		if (r.write) {
			for (int64_t i = 0; i < r.n; i++) {
				int64_t e = r.welems[i];
				if (e >= 0 && e < b->words)
					b->data[e] = st__rda_sim_mask(b->elt, r.wdata[i]);
				bits += (uint64_t)b->elt_bytes * 8;
			}
			s->dram_write_bits += bits;
			st_ctx_free(s->ctx, r.wdata, (size_t)r.n * sizeof *r.wdata);
			st_ctx_free(s->ctx, r.welems, (size_t)r.n * sizeof *r.welems);
		} else {
			int64_t slot = r.entry % acc->cap;
			sim_resp *e = &acc->resp[slot];
			/* The lanes of this request read their elements now. */
			for (int64_t l = 0; l < s->lanes; l++) {
				if (!(r.lanes_mask >> l & 1))
					continue;
				int64_t el = r.welems[l];
				e->bits[l] = el >= 0 && el < b->words ? b->data[el] : 0;
				bits += (uint64_t)b->elt_bytes * 8;
			}
			s->dram_read_bits += bits;
			st_ctx_free(s->ctx, r.welems, (size_t)s->lanes * sizeof *r.welems);
			e->remaining--;
			if (e->ready < r.ready)
				e->ready = r.ready;
		}
		for (int32_t a = 0; a < in->nacks; a++) {
			sim_ackq *q = &acc->acks[a];
			int64_t k = r.ack_ids[a] - q->first_id;
			if (k >= 0 && k < q->count)
				q->v[(q->head + k) % q->cap].remaining--;
		}
	}
}
