/* The simulator's cycle: inputs from one stimulus line, the nodes in
 * topological order, one output line, then the clock edge (registers and
 * memory ports read the values of this cycle, then all commit at once). */
#include "hwsim_internal.h"

#include <stdio.h>
#include <string.h>

#define W(sim, s) ((sim)->words + ((slot *)(sim)->slots.data)[s].off)
#define WIDTH(sim, s) (((slot *)(sim)->slots.data)[s].width)

static uint64_t words_of(uint64_t width) { return width ? (width + 63) / 64 : 1; }

static uint64_t low_u64(const st_hwsim *sim, uint32_t s) { return sim->words[((slot *)sim->slots.data)[s].off]; }

/* An index wider than 64 bits is out of range when its high words are set. */
static uint64_t index_of(const st_hwsim *sim, uint32_t s) {
	const uint64_t *w = W(sim, s);
	for (uint64_t i = 1; i < words_of(WIDTH(sim, s)); i++)
		if (w[i])
			return UINT64_MAX;
	return w[0];
}

static void eval_node(st_hwsim *sim, node *n) {
	uint64_t *out = W(sim, n->out);
	uint64_t ow = WIDTH(sim, n->out), ow_words = words_of(ow);
	switch (n->kind) {
	case N_COMB: {
		const uint64_t *small[16] = {NULL}, **in = small;
		uint64_t wsmall[16] = {0}, *widths = wsmall;
		if (n->nin > 16) {
			/* Rare: a wide variadic op; allocate on the side. */
			in = st_ctx_alloc(sim->ctx, n->nin * sizeof *in);
			widths = st_ctx_alloc(sim->ctx, n->nin * sizeof *widths);
			if (!in || !widths)
				return;
		}
		for (uint32_t i = 0; i < n->nin; i++) {
			in[i] = W(sim, n->in[i]);
			widths[i] = WIDTH(sim, n->in[i]);
		}
		st_comb_eval(n->comb, n->param, n->nin, in, widths, out, ow, sim->scratch);
		if (in != small) {
			st_ctx_free(sim->ctx, in, n->nin * sizeof *in);
			st_ctx_free(sim->ctx, widths, n->nin * sizeof *widths);
		}
		return;
	}
	case N_COPY:
		memcpy(out, W(sim, n->in[0]), ow_words * sizeof *out);
		return;
	case N_ASYNC_OUT:
		memcpy(out, W(sim, low_u64(sim, n->in[0]) & 1 ? n->in[1] : n->in[2]), ow_words * sizeof *out);
		return;
	default:
		break;
	}
	memset(out, 0, ow_words * sizeof *out);
	switch (n->kind) {
	case N_ARRAY_CREATE: {
		uint64_t ew = ow / n->nin;
		for (uint32_t i = 0; i < n->nin; i++)
			st_bv_copy_bits(out, (n->nin - 1 - i) * ew, W(sim, n->in[i]), 0, ew);
		return;
	}
	case N_ARRAY_CONCAT: {
		uint64_t off = ow;
		for (uint32_t i = 0; i < n->nin; i++) {
			off -= WIDTH(sim, n->in[i]);
			st_bv_copy_bits(out, off, W(sim, n->in[i]), 0, WIDTH(sim, n->in[i]));
		}
		return;
	}
	case N_ARRAY_GET:
	case N_ARRAY_INJECT:
	case N_ARRAY_SLICE: {
		st_type *at = st_value_type(st_op_operand(n->op, 0));
		uint64_t len = st_hw_array_size(at), ew = (uint64_t)st_hw_bit_width(st_hw_array_element(at));
		uint64_t idx = index_of(sim, n->in[1]);
		const uint64_t *arr = W(sim, n->in[0]);
		if (n->kind == N_ARRAY_GET) {
			if (idx < len)
				st_bv_copy_bits(out, 0, arr, idx * ew, ew);
		} else if (n->kind == N_ARRAY_INJECT) {
			memcpy(out, arr, ow_words * sizeof *out);
			if (idx < len)
				st_bv_copy_bits(out, idx * ew, W(sim, n->in[2]), 0, ew);
		} else {
			for (uint64_t k = 0; ew && k < ow / ew; k++)
				if (idx < len && idx + k < len)
					st_bv_copy_bits(out, k * ew, arr, (idx + k) * ew, ew);
		}
		return;
	}
	case N_STRUCT_CREATE: {
		st_type *t = st_value_type(st_op_result(n->op, 0));
		for (uint32_t i = 0; i < n->nin; i++)
			st_bv_copy_bits(out, st_hw_struct_field_offset(t, i), W(sim, n->in[i]), 0, WIDTH(sim, n->in[i]));
		return;
	}
	case N_STRUCT_EXTRACT: {
		st_type *t = st_value_type(st_op_operand(n->op, 0));
		st_bv_copy_bits(out, 0, W(sim, n->in[0]), st_hw_struct_field_offset(t, (size_t)n->param), ow);
		return;
	}
	case N_STRUCT_INJECT: {
		st_type *t = st_value_type(st_op_operand(n->op, 0));
		memcpy(out, W(sim, n->in[0]), ow_words * sizeof *out);
		st_bv_copy_bits(out, st_hw_struct_field_offset(t, (size_t)n->param), W(sim, n->in[1]), 0,
		                WIDTH(sim, n->in[1]));
		return;
	}
	case N_MEM_READ0: {
		memory *m = &((memory *)sim->mems.data)[n->mem];
		uint64_t a = index_of(sim, n->in[0]);
		bool en = n->nin < 2 || (low_u64(sim, n->in[1]) & 1);
		if (en && a < m->depth)
			memcpy(out, m->data + a * m->words_per, m->words_per * sizeof *out);
		return;
	}
	default:
		return;
	}
}

void st__hwsim_eval(st_hwsim *sim) {
	node *nodes = sim->nodes.data;
	for (size_t i = 0; i < sim->nodes.n; i++)
		eval_node(sim, &nodes[sim->order[i]]);
}

/* The clock edge.  Everything reads this cycle's values first. */
static void clock_edge(st_hwsim *sim) {
	reg *regs = sim->regs.data;
	uint64_t *tmp = sim->tmp;
	uint64_t pos = 0;
	for (size_t i = 0; i < sim->regs.n; i++) {
		reg *r = &regs[i];
		uint64_t nw = words_of(WIDTH(sim, r->state));
		const uint64_t *src = W(sim, r->state);
		if (r->rst != NONE && (low_u64(sim, r->rst) & 1))
			src = W(sim, r->rv);
		else if (r->en == NONE || (low_u64(sim, r->en) & 1))
			src = W(sim, r->next);
		memcpy(tmp + pos, src, nw * sizeof *tmp);
		pos += nw;
	}
	/* Memory ports: read stages capture the current content before any
	 * write of this edge lands. */
	mem_port *ports = sim->ports.data;
	for (size_t i = 0; i < sim->ports.n; i++) {
		mem_port *p = &ports[i];
		memory *m = &((memory *)sim->mems.data)[p->mem];
		uint64_t per = p->write ? 2 + m->words_per : m->words_per;
		uint64_t nst = p->write ? p->latency - 1 : p->latency;
		if (p->write)
			continue;
		/* Stage k feeds stage k+1; stage 0 loads when enabled. */
		for (uint64_t k = nst - 1; k > 0; k--)
			memcpy(p->stages + k * per, p->stages + (k - 1) * per, per * sizeof *p->stages);
		uint64_t a = index_of(sim, p->addr);
		bool en = p->en == NONE || (low_u64(sim, p->en) & 1);
		if (en) {
			if (a < m->depth)
				memcpy(p->stages, m->data + a * m->words_per, per * sizeof *p->stages);
			else
				memset(p->stages, 0, per * sizeof *p->stages);
		}
	}
	for (size_t i = 0; i < sim->ports.n; i++) {
		mem_port *p = &ports[i];
		if (!p->write)
			continue;
		memory *m = &((memory *)sim->mems.data)[p->mem];
		uint64_t per = 2 + m->words_per, nst = p->latency - 1;
		uint64_t cur[2 + 64];
		uint64_t *c = m->words_per <= 64 ? cur : NULL;
		if (!c)
			continue; /* elements over 4096 bits are refused at build time */
		c[0] = p->en == NONE || (low_u64(sim, p->en) & 1);
		c[1] = index_of(sim, p->addr);
		memcpy(c + 2, W(sim, p->data), m->words_per * sizeof *c);
		/* The oldest stage (or this cycle's request) lands now. */
		const uint64_t *land = nst ? p->stages + (nst - 1) * per : c;
		if (land[0] && land[1] < m->depth)
			memcpy(m->data + land[1] * m->words_per, land + 2, m->words_per * sizeof *land);
		for (uint64_t k = nst; k > 1; k--)
			memcpy(p->stages + (k - 1) * per, p->stages + (k - 2) * per, per * sizeof *p->stages);
		if (nst)
			memcpy(p->stages, c, per * sizeof *c);
	}
	pos = 0;
	for (size_t i = 0; i < sim->regs.n; i++) {
		uint64_t nw = words_of(WIDTH(sim, regs[i].state));
		memcpy(W(sim, regs[i].state), tmp + pos, nw * sizeof *tmp);
		pos += nw;
	}
	/* Read ports of latency >= 1 show their last stage. */
	for (size_t i = 0; i < sim->ports.n; i++) {
		mem_port *p = &ports[i];
		if (p->write)
			continue;
		memory *m = &((memory *)sim->mems.data)[p->mem];
		memcpy(W(sim, p->out), p->stages + (p->latency - 1) * m->words_per, m->words_per * sizeof(uint64_t));
	}
}

static int hexval(char c) {
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* One hex token into slot `s`; digits above the width are dropped. */
static bool read_hex(st_hwsim *sim, uint32_t s, const char *p, size_t len) {
	uint64_t *w = W(sim, s), width = WIDTH(sim, s);
	memset(w, 0, words_of(width) * sizeof *w);
	for (size_t i = 0; i < len; i++) {
		int v = hexval(p[len - 1 - i]);
		if (v < 0)
			return false;
		uint64_t bit = 4 * (uint64_t)i;
		for (int b = 0; b < 4; b++)
			if (bit + (uint64_t)b < width && (v >> b & 1))
				st_bv_set_bit(w, bit + (uint64_t)b, true);
	}
	return true;
}

static void write_hex(st_hwsim *sim, uint32_t s, st_write_fn w, void *ud) {
	uint64_t width = WIDTH(sim, s), digits = width ? (width + 3) / 4 : 1;
	const uint64_t *v = W(sim, s);
	char buf[256];
	size_t n = 0;
	for (uint64_t d = digits; d-- > 0;) {
		unsigned x = 0;
		for (int b = 3; b >= 0; b--)
			x = x << 1 | (4 * d + (uint64_t)b < width && st_bv_get_bit(v, 4 * d + (uint64_t)b));
		buf[n++] = "0123456789abcdef"[x];
		if (n == sizeof buf) {
			w(ud, buf, n);
			n = 0;
		}
	}
	w(ud, buf, n);
}

st_status st_hwsim_run(st_hwsim *sim, st_str text, const char *name, st_write_fn w, void *ud) {
	size_t pos = 0, line = 0;
	if (!name)
		name = "<stimulus>";
	/* Registered, so that an error shows the line with a caret. */
	st_context_add_source(sim->ctx, st_str_c(name), text);
	while (pos < text.len) {
		size_t end = pos;
		while (end < text.len && text.data[end] != '\n')
			end++;
		line++;
		const char *p = text.data + pos, *e = text.data + end, *line_start = p;
		pos = end + 1;
		while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (p == e || *p == '#')
			continue;
		for (size_t i = 0; i < sim->ninputs; i++) {
			if (st_seq_is_clock(st_hw_module_input(sim->top, i).type))
				continue;
			while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
				p++;
			const char *t = p;
			while (p < e && *p != ' ' && *p != '\t' && *p != '\r')
				p++;
			if (t == p || !read_hex(sim, sim->inputs[i], t, (size_t)(p - t))) {
				/* At the token, or where it is missing. */
				st_attr *loc = st_loc_file(sim->ctx, st_str_c(name), (unsigned)line, (unsigned)(t - line_start) + 1);
				return st_error(sim->ctx, loc, "stimulus: expected a hex value for input '%.*s'",
				                (int)st_hw_module_input(sim->top, i).name.len,
				                st_hw_module_input(sim->top, i).name.data);
			}
		}
		st__hwsim_eval(sim);
		for (size_t i = 0; i < sim->noutputs; i++) {
			if (i)
				w(ud, " ", 1);
			write_hex(sim, sim->outputs[i], w, ud);
		}
		w(ud, "\n", 1);
		clock_edge(sim);
	}
	return ST_OK;
}

st_hwsim *st_hwsim_create(st_op *top) {
	st_context *ctx = st_op_context(top);
	st_hwsim *sim = st_ctx_alloc(ctx, sizeof *sim);
	if (!sim)
		return NULL;
	memset(sim, 0, sizeof *sim);
	sim->ctx = ctx;
	sim->top = top;
	sim->max_words = 1;
	if (st_failed(st__hwsim_build(sim))) {
		st_hwsim_destroy(sim);
		return NULL;
	}
	return sim;
}

static void vec_free(st_context *ctx, vec *v, size_t size) { st_ctx_free(ctx, v->data, v->cap * size); }

void st_hwsim_destroy(st_hwsim *sim) {
	if (!sim)
		return;
	st_context *ctx = sim->ctx;
	node *nodes = sim->nodes.data;
	for (size_t i = 0; i < sim->nodes.n; i++)
		st_ctx_free(ctx, nodes[i].in, nodes[i].nin * sizeof *nodes[i].in);
	memory *mems = sim->mems.data;
	for (size_t i = 0; i < sim->mems.n; i++)
		st_ctx_free(ctx, mems[i].data, mems[i].depth * mems[i].words_per * sizeof *mems[i].data);
	mem_port *ports = sim->ports.data;
	for (size_t i = 0; i < sim->ports.n; i++) {
		memory *m = &mems[ports[i].mem];
		uint64_t per = ports[i].write ? 2 + m->words_per : m->words_per;
		uint64_t nst = ports[i].write ? ports[i].latency - 1 : ports[i].latency;
		st_ctx_free(ctx, ports[i].stages, nst * per * sizeof *ports[i].stages);
	}
	vec_free(ctx, &sim->slots, sizeof(slot));
	vec_free(ctx, &sim->nodes, sizeof(node));
	vec_free(ctx, &sim->regs, sizeof(reg));
	vec_free(ctx, &sim->mems, sizeof(memory));
	vec_free(ctx, &sim->ports, sizeof(mem_port));
	vec_free(ctx, &sim->consts, sizeof(const_init));
	uint64_t nw = sim->nwords ? sim->nwords : 1;
	st_ctx_free(ctx, sim->words, nw * sizeof *sim->words);
	st_ctx_free(ctx, sim->tmp, nw * sizeof *sim->tmp);
	st_ctx_free(ctx, sim->scratch, 4 * sim->max_words * sizeof *sim->scratch);
	st_ctx_free(ctx, sim->order, (sim->nodes.n ? sim->nodes.n : 1) * sizeof *sim->order);
	st_ctx_free(ctx, sim->inputs, (sim->ninputs ? sim->ninputs : 1) * sizeof *sim->inputs);
	st_ctx_free(ctx, sim->outputs, (sim->noutputs ? sim->noutputs : 1) * sizeof *sim->outputs);
	st_ctx_free(ctx, sim, sizeof *sim);
}
