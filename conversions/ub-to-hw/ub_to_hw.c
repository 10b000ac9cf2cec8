/* convert-ub-to-hw: each scheduled and sized ub.graph becomes an hw.module
 * of streaming hardware at one value per cycle (docs/streaming-hw.md):
 * stream ports with valid signals for the host's buffers, a delay line per
 * buffer (shift registers and read-first memories) whose words are the
 * distance to its oldest tap, or a register file for a random-access one
 * (uth_ram.c), counters that say when each port fires, and
 * each kernel as a combinational datapath, built through the hw/comb/seq
 * builders.  The graph stays (stratac keeps it for the report); the module
 * is placed after it. */
#include "uth.h"
#include "strata/conversions/ub_to_hw.h"
#include "strata/pass.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The interned name of a signal. */
static st_ident *name_of(st__uth *s, const char *fmt, va_list ap) {
	char name[160];
	vsnprintf(name, sizeof name, fmt, ap);
	return st_ident_get_c(s->ctx, name);
}

static st_value *get(st__uth *s, st_type *t, const char *fmt, va_list ap) {
	st_ident *id = name_of(s, fmt, ap);
	st_value *v = id ? st_ptr_map_get(s->sigs, id) : NULL;
	if (id && !v && (v = st_hw_backedge(s->edges, t, s->b.loc)) && !st_ptr_map_put(s->sigs, id, v))
		v = NULL;
	if (!v)
		s->status = ST_FAIL;
	return v;
}

st_value *st__uth_get(st__uth *s, unsigned width, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_value *v = get(s, st__uth_int(s, width), fmt, ap);
	va_end(ap);
	return v;
}

st_value *st__uth_get_typed(st__uth *s, st_type *t, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_value *v = get(s, t, fmt, ap);
	va_end(ap);
	return v;
}

st_value *st__uth_set(st__uth *s, st_value *v, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_ident *id = name_of(s, fmt, ap);
	va_end(ap);
	st_value *old = id ? st_ptr_map_get(s->sigs, id) : NULL;
	if (!v || !id || !st_ptr_map_put(s->sigs, id, v)) {
		s->status = ST_FAIL;
		return v;
	}
	if (old && st_hw_backedge_pending(s->edges, old))
		st_hw_backedge_set(s->edges, old, v);
	return v;
}

st_type *st__uth_int(st__uth *s, unsigned width) { return st_integer_type(s->ctx, width, ST_SIGNLESS); }

st_value *st__uth_const(st__uth *s, unsigned width, int64_t v) { return st_hw_build_constant(&s->b, st__uth_int(s, width), v); }

st_value *st__uth_wrap_counter(st__uth *s, unsigned width, int64_t lo, int64_t hi, st_value *en, const char *name) {
	st_builder *b = &s->b;
	st_value *vlo = st__uth_set(s, st__uth_const(s, width, lo), "%s_lo", name);
	st_value *vhi = st__uth_set(s, st__uth_const(s, width, hi), "%s_hi", name);
	st_value *one = st__uth_set(s, st__uth_const(s, width, 1), "%s_one", name);
	st_value *cnt = st__uth_get(s, width, "%s", name);
	st_value *end = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_EQ, cnt, vhi), "%s_end", name);
	st_value *inc = st__uth_set(s, st_comb_build_binary(b, ST_COMB_ADD, cnt, one), "%s_inc", name);
	st_value *next = st__uth_set(s, st_comb_build_mux(b, end, vlo, inc), "%s_next", name);
	st_value *clk = st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk");
	st__uth_set(s, st_seq_build_compreg_ce(b, next, clk, en, st__uth_get(s, 1, "reset"), vlo, NULL), "%s", name);
	return end;
}

const char *st__uth_temp(st__uth *s, char *buf) {
	snprintf(buf, 32, "_t%u", s->next++);
	return buf;
}

unsigned st__uth_bits(int64_t n) {
	unsigned b = 1;
	while (b < 63 && (int64_t)1 << b < n)
		b++;
	return b;
}

st_value *st__uth_select(st__uth *s, st_value *const *words, int64_t n, st_value *index, unsigned w, const char *tag) {
	st_builder *b = &s->b;
	unsigned levels = st__uth_bits(n);
	st_value *zero = st__uth_set(s, st__uth_const(s, w, 0), "%s_z", tag);
	/* Level k has cnt words; level 0 is the table's. */
	int64_t cnt = n;
	for (unsigned k = 0; k < levels; k++) {
		st_value *bit = st__uth_set(s, st_comb_build_extract(b, index, k, 1), "%s_b%u", tag, k);
		for (int64_t i = 0; 2 * i < cnt; i++) {
			st_value *lo = k ? st__uth_get(s, w, "%s_l%u_%" PRId64, tag, k - 1, 2 * i) : words[2 * i];
			st_value *hi = 2 * i + 1 >= cnt ? zero
			               : k ? st__uth_get(s, w, "%s_l%u_%" PRId64, tag, k - 1, 2 * i + 1)
			                   : words[2 * i + 1];
			st__uth_set(s, st_comb_build_mux(b, bit, hi, lo), "%s_l%u_%" PRId64, tag, k, i);
		}
		cnt = (cnt + 1) / 2;
	}
	return st__uth_get(s, w, "%s_l%u_0", tag, levels - 1);
}

static bool host_in(const st_ub_model_port *p) { return p->write && p->kernel < 0; }
static bool host_out(const st_ub_model_port *p) { return !p->write && p->kernel < 0; }

/* The module's ports. */
typedef struct ports {
	st_hw_port *v;
	size_t n, cap;
} ports;

static void port(st__uth *s, ports *l, st_hw_dir dir, const char *name, st_type *t) {
	st_ident *id = st_ident_get_c(s->ctx, name);
	if (!id || !st_ctx_grow(s->ctx, (void **)&l->v, &l->cap, NULL, sizeof *l->v, l->n + 1)) {
		s->status = ST_FAIL;
		return;
	}
	l->v[l->n++] = (st_hw_port){dir, st_ident_str(id), t};
}

/* One of the module's attributes. */
static void attr(st__uth *s, st_named_attr *e, size_t *n, const char *name, st_attr *v) {
	if (!v)
		s->status = ST_FAIL;
	e[(*n)++] = (st_named_attr){st_ident_get_c(s->ctx, name), v};
}

/* The graph's ub.params, how many (dict NULL) or into dict (at most cap
 * entries, each its port -> its argument): the host sets each one's input
 * port before the run. */
static size_t params(st__uth *s, st_named_attr *dict, size_t cap) {
	size_t n = 0;
	char name[64];
	for (st_op *op = st_block_first_op(st_ub_graph_body(s->m->graph)); op; op = st_op_next(op))
		if (st_ub_is_param(op)) {
			if (dict && n < cap)
				dict[n] = (st_named_attr){st_ident_get_c(s->ctx, st__uth_param_port(op, name)),
				                          st_integer_attr(s->ctx, st__uth_int(s, 64), st_ub_param_arg(op))};
			n++;
		}
	return n < cap || !dict ? n : cap;
}

/* What tells stratac how to play the streams: the latency, each host
 * stream, the parameters, each buffer's words, registers and capacity. */
static st_attr *module_attrs(st__uth *s) {
	st_ub_model *m = s->m;
	st_context *ctx = s->ctx;
	st_type *i64 = st__uth_int(s, 64);
	size_t nparams = params(s, NULL, 0);
	size_t n = 0, cap = m->nports + m->nbuffers + nparams + 1;
	st_attr **streams = st_ctx_alloc(ctx, cap * sizeof *streams);
	st_named_attr *dict = st_ctx_alloc(ctx, cap * sizeof *dict);
	st_named_attr e[6];
	size_t ne = 0;
	if (!streams || !dict) {
		s->status = ST_FAIL;
		goto out;
	}
	attr(s, e, &ne, "ub.latency", st_integer_attr(ctx, i64, st_ub_latency(m)));
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->kernel >= 0)
			continue;
		const st_ub_model_buffer *b = &m->buffers[p->buffer];
		/* Lanes: values per transfer, the innermost elements. */
		st_ub_stream_info info = {.in = p->write, .name = st_str_c(b->name), .arg = (unsigned)b->arg,
		                          .width = s->bufs[p->buffer].width, .rank = b->rank, .lanes = s->bufs[p->buffer].lanes};
		memcpy(info.shape, b->shape, b->rank * sizeof *info.shape);
		/* A tiled graph's host buffer: each run's footprint in the host
		 * array, the testbench's (a DMA's) address pattern. */
		if (m->ntiles && b->tiled) {
			info.ntiles = m->ntiles;
			memcpy(info.tiles, m->tiles, m->ntiles * sizeof *info.tiles);
			memcpy(info.host, b->host_shape, b->rank * sizeof *info.host);
			memcpy(info.offset, b->tile_offset, b->rank * (1 + m->ntiles) * sizeof *info.offset);
		}
		streams[n] = st_ub_stream_attr(ctx, &info);
		if (!streams[n++]) {
			s->status = st_op_error(p->op, "ub-to-hw: the host stream of buffer '%s' has no valid description", b->name);
			goto out;
		}
	}
	attr(s, e, &ne, "ub.streams", st_array_attr(ctx, n, streams));
	attr(s, e, &ne, "ub.params", st_dict_attr(ctx, params(s, dict, cap), dict));
	static const char *const dicts[] = {"ub.words", "ub.registers", "ub.capacity"};
	for (size_t d = 0; d < 3; d++) {
		n = 0;
		for (size_t bi = 0; bi < m->nbuffers; bi++) {
			const st__uth_buffer *u = &s->bufs[bi];
			int64_t v = d == 0 ? u->words : d == 1 ? u->regs : m->buffers[bi].capacity;
			if (u->words || m->buffers[bi].capacity)
				dict[n++] = (st_named_attr){st_ident_get_c(ctx, m->buffers[bi].name), st_integer_attr(ctx, i64, v)};
		}
		attr(s, e, &ne, dicts[d], st_dict_attr(ctx, n, dict));
	}
out:
	if (streams)
		st_ctx_free(ctx, streams, cap * sizeof *streams);
	if (dict)
		st_ctx_free(ctx, dict, cap * sizeof *dict);
	return s->status == ST_OK ? st_dict_attr(ctx, ne, e) : NULL;
}

/* The module: the host's input streams in, its output streams and done
 * out; its inputs become the signals of their names. */
static st_op *header(st__uth *s, st_op *g) {
	st_ub_model *m = s->m;
	ports l = {0};
	char name[160], dp[96];
	port(s, &l, ST_HW_IN, "clk", st_seq_clock_type(s->ctx));
	port(s, &l, ST_HW_IN, "reset", st__uth_int(s, 1));
	for (st_op *op = st_block_first_op(st_ub_graph_body(g)); op; op = st_op_next(op))
		if (st_ub_is_param(op))
			port(s, &l, ST_HW_IN, st__uth_param_port(op, name),
			     st__uth_int(s, st__uth_width_of(st_value_type(st_op_result(op, 0)))));
	for (size_t k = 0; k < m->nports; k++)
		if (host_in(&m->ports[k])) {
			int bi = m->ports[k].buffer;
			snprintf(name, sizeof name, "%s_valid", m->buffers[bi].name);
			port(s, &l, ST_HW_IN, name, st__uth_int(s, 1));
			for (unsigned ln = 0; ln < s->bufs[bi].lanes; ln++)
				port(s, &l, ST_HW_IN, st__uth_data_port(s, bi, ln, dp), st__uth_int(s, s->bufs[bi].width));
		}
	for (size_t k = 0; k < m->nports; k++)
		if (host_in(&m->ports[k])) {
			snprintf(name, sizeof name, "%s_ready", m->buffers[m->ports[k].buffer].name);
			port(s, &l, ST_HW_OUT, name, st__uth_int(s, 1));
		}
	for (size_t k = 0; k < m->nports; k++)
		if (host_out(&m->ports[k])) {
			int bi = m->ports[k].buffer;
			snprintf(name, sizeof name, "%s_valid", m->buffers[bi].name);
			port(s, &l, ST_HW_OUT, name, st__uth_int(s, 1));
			for (unsigned ln = 0; ln < s->bufs[bi].lanes; ln++)
				port(s, &l, ST_HW_OUT, st__uth_data_port(s, bi, ln, dp), st__uth_int(s, s->bufs[bi].width));
		}
	port(s, &l, ST_HW_OUT, "done", st__uth_int(s, 1));
	/* @cascade_ub (the graph of func @cascade) becomes @cascade_stream. */
	st_str gname = st_ident_str(st_symbol_name(m->graph));
	if (gname.len > 3 && !memcmp(gname.data + gname.len - 3, "_ub", 3))
		gname.len -= 3;
	snprintf(name, sizeof name, "%.*s_stream", (int)gname.len, gname.data);
	st_attr *attrs = s->status == ST_OK ? module_attrs(s) : NULL;
	st_builder mb = st_builder_at_end(s->ctx, st_op_block(g), st_op_loc(g));
	mb.before = st_op_next(g);
	st_op *mod = attrs ? st_hw_build_module(&mb, st_str_c(name), l.n, l.v, attrs) : NULL;
	if (mod) {
		s->b = st_builder_at_end(s->ctx, st_hw_module_body(mod), st_op_loc(g));
		/* A tiled graph restarts its counters for each run: their reset is
		 * the input's or the restart (st__uth_timing). */
		for (size_t i = 0, in = 0; i < l.n; i++)
			if (l.v[i].dir == ST_HW_IN)
				st__uth_set(s, st_hw_module_input_value(mod, in++), "%.*s%s", (int)l.v[i].name.len, l.v[i].name.data,
				            m->ntiles && st_str_eq_c(l.v[i].name, "reset") ? "_in" : "");
	} else {
		s->status = ST_FAIL;
	}
	if (l.v)
		st_ctx_free(s->ctx, l.v, l.cap * sizeof *l.v);
	return mod;
}

/* Each buffer's stream: b<i>_p0 (one per lane) is the value written this
 * cycle, b<i>_we says that one is. */
static void write_streams(st__uth *s) {
	st_ub_model *m = s->m;
	char p0[64], src[96];
	for (size_t bi = 0; bi < m->nbuffers; bi++) {
		const st__uth_buffer *u = &s->bufs[bi];
		if (u->wport < 0 || st__uth_is_ram(s, (int)bi))
			continue;
		const st_ub_model_port *w = &m->ports[u->wport];
		st__uth_set(s, st_hw_build_wire(&s->b, st__uth_get(s, 1, "v%d", u->wport), NULL), "b%zu_we", bi);
		size_t j = 0;
		if (w->kernel >= 0) {
			st_value *v = st_op_operand(w->op, 1);
			st_op *k = st_value_defining_op(v);
			while (j < st_op_num_results(k) && st_op_result(k, j) != v)
				j++;
		}
		for (unsigned inst = 0; inst < u->lanes; inst++) {
			if (w->kernel < 0)
				st__uth_data_port(s, (int)bi, inst, src);
			else
				st__uth_kernel_result((size_t)w->kernel, inst, j, src);
			st__uth_pos(s, (int)bi, st__uth_lane_of(s, (size_t)u->wport, inst), 0, p0);
			st__uth_set(s, st_hw_build_wire(&s->b, st__uth_get(s, u->width, "%s", src), NULL), "%s", p0);
		}
	}
}

/* hw.output: each input stream's ready, each output stream's valid and
 * data, done. */
static void outputs(st__uth *s) {
	st_ub_model *m = s->m;
	size_t n = 0, cap = 1;
	for (size_t k = 0; k < m->nports; k++)
		cap += 1 + (host_out(&m->ports[k]) ? s->bufs[m->ports[k].buffer].lanes : 0);
	st_value **v = st_ctx_alloc(s->ctx, cap * sizeof *v);
	if (!v) {
		s->status = ST_FAIL;
		return;
	}
	char pos[64];
	for (size_t k = 0; k < m->nports; k++)
		if (host_in(&m->ports[k]))
			v[n++] = st__uth_get(s, 1, "v%zu", k);
	for (size_t k = 0; k < m->nports; k++)
		if (host_out(&m->ports[k])) {
			int bi = m->ports[k].buffer;
			v[n++] = st__uth_get(s, 1, "v%zu", k);
			for (unsigned l = 0; l < s->bufs[bi].lanes; l++)
				v[n++] = st__uth_get(s, s->bufs[bi].width, "%s", st__uth_read_sig(s, k, l, pos));
		}
	v[n++] = st__uth_get(s, 1, "done");
	st_hw_build_output(&s->b, n, v);
	st_ctx_free(s->ctx, v, cap * sizeof *v);
}

/* A port's visit of its buffer: when[e] is the cycle element e is
 * accessed (INT64_MIN: not yet; a second access fails the visit). */
/* Elements past which a host stream's order is not enumerated. */
#define MAX_VISIT ((int64_t)1 << 24)

typedef struct visit {
	int64_t *when;
	int64_t n;
	const st_ub_model_port *p;
	unsigned lanes;
} visit;

/* An element's visit is its cycle and lane: t * lanes + lane. */
static bool note_visit(void *ud, int64_t elem, int64_t t, const int64_t *x) {
	visit *v = ud;
	if (elem < 0 || elem >= v->n || v->when[elem] != INT64_MIN || t > INT64_MAX / 2 / v->lanes)
		return false;
	v->when[elem] = t * v->lanes + st_ub_port_lane(v->p, x);
	return true;
}

/* Whether port p visits every element of its buffer once in row-major
 * order of time, whatever its access's form (harris's output split by 2:
 * hw_output[y, 2x + i]); the values of a cycle (lanes) are consecutive
 * elements in lane order (an unrolled x: input[y, 2q + l]). */
static bool row_major_in_time(st__uth *s, const st_ub_model_port *p, int64_t n) {
	unsigned lanes = st_ub_port_lanes(p, ST__UTH_MAX_LANES);
	if (st_ub_model_port_points(p) != n || lanes > ST__UTH_MAX_LANES)
		return false;
	visit v = {st_ctx_alloc(s->ctx, (size_t)n * sizeof *v.when), n, p, lanes};
	if (!v.when)
		return false;
	for (int64_t e = 0; e < n; e++)
		v.when[e] = INT64_MIN;
	bool ok = st_ub_model_port_each(s->m, p, note_visit, &v);
	for (int64_t e = 1; ok && e < n; e++)
		ok = v.when[e - 1] < v.when[e];
	st_ctx_free(s->ctx, v.when, (size_t)n * sizeof *v.when);
	return ok;
}

/* The host plays its streams row-major, one element per value: its ports
 * must visit the buffer so, every element once. */
static st_status check_host(st__uth *s) {
	st_ub_model *m = s->m;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->kernel >= 0)
			continue;
		const st_ub_model_buffer *b = &m->buffers[p->buffer];
		for (size_t j = 0; j < k; j++)
			if (m->ports[j].kernel < 0 && m->ports[j].buffer == p->buffer && m->ports[j].write == p->write)
				return st_op_error(p->op, "ub-to-hw: buffer '%s' has a second host stream", b->name);
		int64_t n = 1;
		for (unsigned d = 0; d < b->rank; d++)
			n *= b->shape[d];
		/* Lanes (dimensions fired in one cycle) are the innermost ones. */
		unsigned inner = p->ndims;
		while (inner > 1 && p->ndims == b->rank && st_ub_is_lane_dim(p, inner - 1))
			inner--;
		bool ok = b->arg >= 0 && p->ndims == b->rank && p->sched.c[1 + inner - 1] >= 1;
		for (unsigned d = 0; ok && d < p->ndims; d++) {
			ok = p->lo[d] == 0 && p->hi[d] == b->shape[d] - 1 && p->acc[d].c[0] == 0;
			for (unsigned e = 0; ok && e < p->ndims; e++)
				ok = p->acc[d].c[1 + e] == (d == e);
			if (ok && d + 1 < inner)
				ok = p->sched.c[1 + d] >= p->sched.c[2 + d] * b->shape[d + 1];
		}
		/* Past a form the check reads off the access, the visit itself
		 * (bounded by the buffer's elements). */
		if (!ok && b->arg >= 0 && n > 0 && n <= MAX_VISIT)
			ok = row_major_in_time(s, p, n);
		if (!ok || n <= 0)
			return st_op_error(p->op, "ub-to-hw: the host stream of buffer '%s' must be an argument read or written "
			                          "row-major, one element per value", b->name);
	}
	return ST_OK;
}

static st_status graph(st__uth *s, st_op *g, const st_ub_map_options *mo) {
	st_ub_model *m = st_ub_model_build(g);
	if (!m)
		return ST_FAIL;
	s->m = m;
	st_status st = ST_OK;
	for (size_t bi = 0; bi < m->nbuffers && st == ST_OK; bi++) {
		st_attr *c = st_op_get_attr(m->buffers[bi].op, "capacity");
		if (!c)
			st = st_op_error(m->buffers[bi].op, "ub-to-hw: buffer '%s' has no capacity; run ub-capacity first",
			                 m->buffers[bi].name);
		else
			m->buffers[bi].capacity = st_attr_int_value(c);
	}
	size_t np = m->nports + 1, nb = m->nbuffers + 1;
	s->tap = st_ctx_alloc(s->ctx, np * sizeof *s->tap);
	s->timer = st_ctx_alloc(s->ctx, np * sizeof *s->timer);
	s->bufs = st_ctx_alloc(s->ctx, nb * sizeof *s->bufs);
	if (st == ST_OK && (!s->tap || !s->timer || !s->bufs))
		st = st_op_error(g, "out of memory");
	if (st == ST_OK) {
		memset(s->bufs, 0, nb * sizeof *s->bufs);
		memset(s->tap, 0, np * sizeof *s->tap);
		st = check_host(s);
	}
	s->map = NULL;
	if (st == ST_OK)
		st = st_ub_map_graph(g, mo, &s->map);
	if (st == ST_OK)
		st = st__uth_taps(s);
	if (st == ST_OK)
		st = st__uth_rams_check(s);
	if (st == ST_OK)
		st = st__uth_lanes(s);
	s->nroms = 0;
	if (s->sigs)
		st_ptr_map_clear(s->sigs);
	else
		s->sigs = st_ptr_map_create(s->ctx);
	s->edges = st_hw_backedges_create(s->ctx);
	st_op *mod = NULL;
	if (st == ST_OK && (!s->edges || !s->sigs))
		st = ST_FAIL;
	if (st == ST_OK) {
		s->status = ST_OK;
		mod = header(s, g);
		st = mod ? st__uth_timing(s, st_ub_latency(m)) : ST_FAIL;
	}
	if (st == ST_OK)
		st = st__uth_kernels(s);
	if (st == ST_OK) {
		write_streams(s);
		st__uth_delay_lines(s);
		st__uth_rams(s);
		outputs(s);
		st = s->status;
	}
	if (st == ST_OK && s->b.failed)
		st = st_op_error(g, "convert-ub-to-hw could not build its hw.module (out of memory)");
	if (st == ST_OK)
		st = st_hw_backedges_check(s->edges, "convert-ub-to-hw");
	/* A failed module goes, with the uses of its backedges. */
	if (st != ST_OK && mod)
		st_op_erase(mod);
	st_hw_backedges_destroy(s->edges);
	s->edges = NULL;
	st__uth_timing_free(s);
	if (s->map)
		st_ub_map_free(s->map);
	s->map = NULL;
	if (s->tap)
		st_ctx_free(s->ctx, s->tap, np * sizeof *s->tap);
	if (s->timer)
		st_ctx_free(s->ctx, s->timer, np * sizeof *s->timer);
	if (s->bufs)
		st_ctx_free(s->ctx, s->bufs, nb * sizeof *s->bufs);
	s->tap = NULL;
	s->timer = NULL;
	s->bufs = NULL;
	st_ub_model_destroy(m);
	return st;
}

typedef struct st__uth_options {
	int64_t sr_max;
	const char *node;
} st__uth_options;

/* The target stratac and `strata-opt --acg` insert: acg.graph @target. */
static st_op *find_target(st_op *module) {
	st_block *mb = st_region_first_block(st_op_region(module, 0));
	for (st_op *op = mb ? st_block_first_op(mb) : NULL; op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "acg.graph") && st_str_eq_c(st_ident_str(st_symbol_name(op)), "target"))
			return op;
	return NULL;
}

static st_status run(st_pass *pass, st_op *module) {
	st_context *ctx = st_pass_context(pass);
	const st__uth_options *o = st_pass_options(pass);
	st_ub_map_options mo = {.sr_max = o->sr_max, .target = find_target(module), .node = o->node && *o->node ? o->node : NULL,
	                        .ram_registers = true};
	st__uth s = {.ctx = ctx, .status = ST_OK};
	st_block *mb = st_region_first_block(st_op_region(module, 0));
	st_status st = ST_OK;
	for (st_op *g = mb ? st_block_first_op(mb) : NULL, *next; g && st == ST_OK; g = next) {
		next = st_op_next(g);
		if (!strcmp(st_op_name_cstr(g), "ub.graph"))
			st = graph(&s, g, &mo);
	}
	st_ptr_map_destroy(s.sigs);
	if (s.vals)
		st_ctx_free(ctx, s.vals, s.cap_vals * sizeof *s.vals);
	if (s.roms)
		st_ctx_free(ctx, s.roms, s.cap_roms * sizeof *s.roms);
	return st;
}

static const st_pass_option_def st__uth_opts[] = {
	{.name = "sr-max",
	 .summary = "ub-map's sr-max: a gap between taps of at most this many words is shift registers (0: ub-map's 4)",
	 .kind = ST_PASS_OPT_INT,
	 .offset = offsetof(st__uth_options, sr_max)},
	{.name = "node",
	 .summary = "ub-map's node: the target's storage node for the line memories (default: ub-map's choice)",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(st__uth_options, node)},
};

static const st_pass_def st__uth_pass = {
	.name = "convert-ub-to-hw",
	.summary = "scheduled, sized ub graphs to streaming hw/comb/seq modules at one value per cycle",
	.anchor = "builtin.module",
	.options = st__uth_opts,
	.noptions = 2,
	.options_size = sizeof(st__uth_options),
	.run = run,
	.display_name = "UBToHW",
};

st_status st_register_ub_to_hw_passes(st_context *ctx) { return st_context_register_pass(ctx, &st__uth_pass); }
