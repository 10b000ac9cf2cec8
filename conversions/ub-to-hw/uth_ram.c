/* Random-access buffers as register files (docs/streaming-hw.md,
 * "Random-access buffers"): an accumulation (the partial sums of a GEMM or
 * a convolution) or a buffer read in another order than it is written (a
 * GEMM's B read by columns) is no delay line.  ub-map, asked for register
 * files (st_ub_map_options.ram_registers), gives it one element of its
 * address window's words with one controller per port; here each
 * controller becomes an address generator stepping on its port's firing
 * (a counter per loop level, outermost by cycle stride, and an address
 * register that adds the step of the level that moves, modulo the
 * window), the words registers, each read a mux tree over them.  Within a
 * cycle the buffer acts as ub-simulate runs it: the writes of earlier
 * firings (a kernel of latency >= 1) first, then the statements in graph
 * order, so a read sees the writes of this cycle that come before it (the
 * init's zero, the previous term's sum) and the words take the last. */
#include "uth.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Past this many words a buffer's register file is refused: every word is
 * a register and a mux input of every read. */
#define MAX_WORDS 4096

bool st__uth_is_ram(const st__uth *s, int bi) { return s->map->buffers[bi].map == ST_UB_MAP_RAM; }

const char *st__uth_read_sig(const st__uth *s, size_t k, unsigned inst, char *buf) {
	int bi = s->m->ports[k].buffer;
	if (st__uth_is_ram(s, bi)) {
		snprintf(buf, 64, "r%zu", k);
		return buf;
	}
	/* A read whose lanes tap apart (ub-map's lane_taps) has tap -1. */
	int64_t tap = s->tap[k] >= 0 ? s->tap[k] : st_ub_map_tap(s->map, k, inst);
	return st__uth_pos(s, bi, st__uth_lane_of(s, k, inst), tap, buf);
}

/* The register-file element of buffer bi, or NULL. */
static const st_ub_mem *ram_of(const st__uth *s, int bi) {
	for (size_t i = 0; i < s->map->nmems; i++)
		if (s->map->mems[i].buffer == bi && s->map->mems[i].kind == ST_UB_MEM_RAM)
			return &s->map->mems[i];
	return NULL;
}

/* The controller's levels that move (extent above 1), outermost first by
 * cycle stride; false when they are not a row-major nest in time (each
 * stride covering the levels inside it). */
static bool time_levels(const st_ub_ctrl *c, unsigned *lv, unsigned *n) {
	*n = 0;
	for (unsigned i = 0; i < c->levels; i++) {
		if (c->extent[i] < 2)
			continue;
		unsigned j = (*n)++;
		for (; j > 0 && c->cycle_stride[lv[j - 1]] < c->cycle_stride[i]; j--)
			lv[j] = lv[j - 1];
		lv[j] = i;
	}
	for (unsigned j = 0; j < *n; j++) {
		const unsigned l = lv[j];
		if (c->cycle_stride[l] < 1)
			return false;
		if (j + 1 < *n && c->cycle_stride[l] < c->cycle_stride[lv[j + 1]] * c->extent[lv[j + 1]])
			return false;
	}
	return true;
}

st_status st__uth_rams_check(st__uth *s) {
	st_ub_model *m = s->m;
	for (size_t bi = 0; bi < m->nbuffers; bi++) {
		if (!st__uth_is_ram(s, (int)bi) || s->bufs[bi].wport < 0)
			continue;
		const st_ub_model_buffer *b = &m->buffers[bi];
		const st_ub_mem *mem = ram_of(s, (int)bi);
		if (!mem || strcmp(mem->node, "reg"))
			return st_op_error(b->op, "ub-to-hw: buffer '%s' is random access but not mapped to a register file",
			                   b->name);
		if (mem->depth > MAX_WORDS)
			return st_op_error(b->op, "ub-to-hw: buffer '%s' needs a random-access window of %" PRId64 " words; the "
			                          "stream flow builds random-access buffers as register files of at most %d words",
			                   b->name, mem->depth, MAX_WORDS);
		for (size_t j = 0; j < mem->nctrls; j++) {
			const st_ub_ctrl *c = &mem->ctrls[j];
			const st_ub_model_port *p = &m->ports[c->port];
			unsigned lv[ST_UB_MAP_MAX_LEVELS], n;
			if (st_ub_port_lanes(p, ST__UTH_MAX_LANES) > 1)
				return st_op_error(p->op, "ub-to-hw: a port of random-access buffer '%s' moves several values a cycle "
				                          "(an unrolled dimension); its register file takes one a port", b->name);
			if (!time_levels(c, lv, &n) || c->base)
				return st_op_error(p->op, "ub-to-hw: the address generator of this port of buffer '%s' does not "
				                          "step row-major in time", b->name);
		}
	}
	return ST_OK;
}

static st_value *clk(st__uth *s) { return st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk"); }

static int64_t mod(int64_t a, int64_t m) { return m ? ((a % m) + m) % m : a; }

/* Port k's address a<k> (aw bits) and its generator: counters c<k>_<l>
 * stepping on the port's firing v<k>, innermost first, and the address
 * register adding the step of the level that moves (modulo the window). */
static void address_generator(st__uth *s, const st_ub_ctrl *c, unsigned aw) {
	st_builder *b = &s->b;
	size_t k = (size_t)c->port;
	unsigned lv[ST_UB_MAP_MAX_LEVELS], n;
	time_levels(c, lv, &n);
	int64_t wrap = c->wrap, a0 = mod(c->addr_offset, wrap);
	st_value *reset = st__uth_get(s, 1, "reset");
	st_value *en = st__uth_get(s, 1, "v%zu", k), *carry = en;
	st_value *start = st__uth_set(s, st__uth_const(s, aw, a0), "a%zu_0", k);
	/* Innermost first: its step, then each outer level's when the inner
	 * ones are at their last value. */
	st_value *step = NULL, *all = st__uth_set(s, st__uth_const(s, 1, 1), "a%zu_all", k);
	int64_t back = 0; /* the address the inner levels have advanced at their last values */
	for (unsigned j = n; j-- > 0;) {
		unsigned l = lv[j];
		int64_t ext = c->extent[l];
		char name[64];
		snprintf(name, sizeof name, "a%zu_c%u", k, j);
		st_value *last = st__uth_wrap_counter(s, st__uth_bits(ext), 0, ext - 1, carry, name);
		st_value *d = st__uth_set(s, st__uth_const(s, aw, mod(c->addr_stride[l] - back, wrap)), "a%zu_d%u", k, j);
		step = step ? st__uth_set(s, st_comb_build_mux(b, all, d, step), "a%zu_s%u", k, j) : d;
		all = st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, all, last), "a%zu_all%u", k, j);
		carry = st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, carry, last), "a%zu_carry%u", k, j);
		back += (ext - 1) * c->addr_stride[l];
	}
	st_value *a = st__uth_get(s, aw, "a%zu", k), *next = start;
	if (step) {
		st_value *sum = st__uth_set(s, st_comb_build_binary(b, ST_COMB_ADD, a, step), "a%zu_sum", k);
		if (wrap) {
			st_value *wv = st__uth_set(s, st__uth_const(s, aw, wrap), "a%zu_w", k);
			st_value *over = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_UGE, sum, wv), "a%zu_over", k);
			st_value *sub = st__uth_set(s, st_comb_build_binary(b, ST_COMB_SUB, sum, wv), "a%zu_sub", k);
			sum = st__uth_set(s, st_comb_build_mux(b, over, sub, sum), "a%zu_mod", k);
		}
		/* After the last point the generator starts over (the next tile). */
		next = st__uth_set(s, st_comb_build_mux(b, all, start, sum), "a%zu_next", k);
	}
	st__uth_set(s, st_seq_build_compreg_ce(b, next, clk(s), en, reset, start, NULL), "a%zu", k);
}

/* The value write port k stores: its kernel's result, or the host's data. */
static st_value *write_data(st__uth *s, size_t k, unsigned w) {
	const st_ub_model_port *p = &s->m->ports[k];
	char src[96];
	if (p->kernel < 0)
		return st__uth_get(s, w, "%s", st__uth_data_port(s, p->buffer, 0, src));
	st_value *v = st_op_operand(p->op, 1);
	st_op *kop = st_value_defining_op(v);
	size_t j = 0;
	while (j < st_op_num_results(kop) && st_op_result(kop, j) != v)
		j++;
	st__uth_kernel_result((size_t)p->kernel, 0, j, src);
	return st__uth_get(s, w, "%s", src);
}

/* The order of the cycle: writes of earlier firings, then graph order. */
static int64_t order_of(const st__uth *s, size_t k) {
	const st_ub_model_port *p = &s->m->ports[k];
	bool early = p->write && p->kernel >= 0 && s->m->kernels[p->kernel].latency >= 1;
	return early ? (int64_t)k - (int64_t)s->m->nports : (int64_t)k;
}

/* v, overridden by each write of `ws` before `before` (in cycle order)
 * that fires at the address `addr`. */
static st_value *forward(st__uth *s, st_value *v, st_value *addr, const size_t *ws, size_t nw, int64_t before,
                         unsigned aw, unsigned w, const char *tag) {
	st_builder *b = &s->b;
	for (size_t i = 0; i < nw && order_of(s, ws[i]) < before; i++) {
		size_t j = ws[i];
		st_value *same = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_EQ, st__uth_get(s, aw, "a%zu", j), addr),
		                             "%s_eq%zu", tag, j);
		st_value *hit = st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, same, st__uth_get(s, 1, "v%zu", j)),
		                            "%s_hit%zu", tag, j);
		v = st__uth_set(s, st_comb_build_mux(b, hit, write_data(s, j, w), v), "%s_f%zu", tag, j);
	}
	return v;
}

static void register_file(st__uth *s, const st_ub_mem *mem, size_t mi) {
	st_ub_model *m = s->m;
	int bi = mem->buffer;
	unsigned w = s->bufs[bi].width, aw = st__uth_bits(mem->depth + 1) + 1;
	size_t *ws = st_ctx_alloc(s->ctx, (mem->nctrls + 1) * sizeof *ws), nw = 0;
	st_value **words = st_ctx_alloc(s->ctx, (size_t)(mem->depth + 1) * sizeof *words);
	if (!ws || !words) {
		s->status = ST_FAIL;
		goto out;
	}
	for (size_t j = 0; j < mem->nctrls; j++) {
		address_generator(s, &mem->ctrls[j], aw);
		if (m->ports[mem->ctrls[j].port].write) {
			size_t i = nw++;
			for (; i > 0 && order_of(s, ws[i - 1]) > order_of(s, (size_t)mem->ctrls[j].port); i--)
				ws[i] = ws[i - 1];
			ws[i] = (size_t)mem->ctrls[j].port;
		}
	}
	char tag[48];
	for (int64_t a = 0; a < mem->depth; a++) {
		words[a] = st__uth_get(s, w, "e%zu_w%" PRId64, mi, a);
		snprintf(tag, sizeof tag, "e%zu_w%" PRId64 "n", mi, a);
		st_value *at = st__uth_set(s, st__uth_const(s, aw, a), "%s_a", tag);
		st_value *next = forward(s, words[a], at, ws, nw, INT64_MAX, aw, w, tag);
		words[a] = st__uth_set(s, st_seq_build_compreg(&s->b, next, clk(s), NULL, NULL, NULL), "e%zu_w%" PRId64, mi, a);
	}
	for (size_t j = 0; j < mem->nctrls; j++) {
		size_t k = (size_t)mem->ctrls[j].port;
		if (m->ports[k].write)
			continue;
		snprintf(tag, sizeof tag, "r%zu_t", k);
		st_value *addr = st__uth_get(s, aw, "a%zu", k);
		st_value *v = st__uth_select(s, words, mem->depth, addr, w, tag);
		st__uth_set(s, forward(s, v, addr, ws, nw, order_of(s, k), aw, w, tag), "r%zu", k);
	}
out:
	if (ws)
		st_ctx_free(s->ctx, ws, (mem->nctrls + 1) * sizeof *ws);
	if (words)
		st_ctx_free(s->ctx, words, (size_t)(mem->depth + 1) * sizeof *words);
}

void st__uth_rams(st__uth *s) {
	for (size_t i = 0; i < s->map->nmems; i++) {
		const st_ub_mem *mem = &s->map->mems[i];
		if (mem->kind == ST_UB_MEM_RAM && st__uth_is_ram(s, mem->buffer) && s->bufs[mem->buffer].wport >= 0)
			register_file(s, mem, i);
	}
}
