/* convert-ub-to-hw: each scheduled and sized ub.graph becomes an hw.module
 * of streaming hardware at one value per cycle (docs/streaming-hw.md):
 * stream ports with valid signals for the host's buffers, a delay line per
 * buffer (shift registers and read-first memories) whose words are the
 * distance to its oldest tap, counters that say when each port fires, and
 * each kernel as a combinational datapath.  The graph stays (stratac keeps
 * it for the report); the module is placed after it. */
#include "uth.h"
#include "strata/asm.h"
#include "strata/pass.h"
#include "strata/conversions/ub_to_hw.h"


#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

void uth_printf(uth *s, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || s->status != ST_OK)
		return;
	if (!st_ctx_grow(s->ctx, (void **)&s->buf, &s->cap, NULL, 1, s->len + (size_t)n + 1)) {
		s->status = ST_FAIL;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	s->len += (size_t)n;
}

const char *uth_temp(uth *s, char *buf) {
	snprintf(buf, 32, "%%_t%u", s->next++);
	return buf;
}

unsigned uth_bits(int64_t n) {
	unsigned b = 1;
	while (b < 63 && (int64_t)1 << b < n)
		b++;
	return b;
}

static bool host_in(const st_ub_model_port *p) { return p->write && p->kernel < 0; }
static bool host_out(const st_ub_model_port *p) { return !p->write && p->kernel < 0; }

static void shape_str(const st_ub_model_buffer *b, char *buf, size_t n) {
	size_t u = 0;
	for (unsigned d = 0; d < b->rank && u < n; d++)
		u += (size_t)snprintf(buf + u, n - u, "%s%" PRId64, d ? "x" : "", b->shape[d]);
}

/* The module's ports: the host's input streams in, its output streams and
 * done out; the attributes tell stratac how to play them. */
static void header(uth *s) {
	st_ub_model *m = s->m;
	/* @cascade_ub (the graph of func @cascade) becomes @cascade_stream. */
	st_str gname = st_ident_str(st_symbol_name(m->graph));
	if (gname.len > 3 && !memcmp(gname.data + gname.len - 3, "_ub", 3))
		gname.len -= 3;
	uth_printf(s, "hw.module @%.*s_stream(in %%clk : !seq.clock, in %%reset : i1", (int)gname.len, gname.data);
	char dp[96];
	for (size_t k = 0; k < m->nports; k++)
		if (host_in(&m->ports[k])) {
			int bi = m->ports[k].buffer;
			uth_printf(s, ", in %%%s_valid : i1", m->buffers[bi].name);
			for (unsigned l = 0; l < s->bufs[bi].lanes; l++)
				uth_printf(s, ", in %%%s : i%u", uth_data_port(s, bi, l, dp), s->bufs[bi].width);
		}
	for (size_t k = 0; k < m->nports; k++)
		if (host_in(&m->ports[k]))
			uth_printf(s, ", out %s_ready : i1", m->buffers[m->ports[k].buffer].name);
	for (size_t k = 0; k < m->nports; k++)
		if (host_out(&m->ports[k])) {
			int bi = m->ports[k].buffer;
			uth_printf(s, ", out %s_valid : i1", m->buffers[bi].name);
			for (unsigned l = 0; l < s->bufs[bi].lanes; l++)
				uth_printf(s, ", out %s : i%u", uth_data_port(s, bi, l, dp), s->bufs[bi].width);
		}
	uth_printf(s, ", out done : i1) attributes {ub.latency = %" PRId64 " : i64, ub.streams = [", st_ub_latency(m));
	bool first = true;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->kernel >= 0)
			continue;
		const st_ub_model_buffer *b = &m->buffers[p->buffer];
		char shape[128] = "";
		shape_str(b, shape, sizeof shape);
		uth_printf(s, "%s\"%s:%s:%d:%u:%s", first ? "" : ", ", p->write ? "in" : "out", b->name, b->arg,
		           s->bufs[p->buffer].width, shape);
		/* Lanes: values per transfer, the innermost elements. */
		if (s->bufs[p->buffer].lanes > 1)
			uth_printf(s, ":%u", s->bufs[p->buffer].lanes);
		uth_printf(s, "\"");
		first = false;
	}
	static const char *const dicts[] = {"words", "registers", "capacity"};
	for (size_t d = 0; d < 3; d++) {
		uth_printf(s, "%s, ub.%s = {", d ? "}" : "]", dicts[d]);
		first = true;
		for (size_t bi = 0; bi < m->nbuffers; bi++) {
			const uth_buffer *u = &s->bufs[bi];
			int64_t v = d == 0 ? u->words : d == 1 ? u->regs : m->buffers[bi].capacity;
			if (u->words || m->buffers[bi].capacity) {
				uth_printf(s, "%s%s = %" PRId64 " : i64", first ? "" : ", ", m->buffers[bi].name, v);
				first = false;
			}
		}
	}
	uth_printf(s, "}} {\n");
}

/* Each buffer's stream: %b<i>_p0 (one per lane) is the value written this
 * cycle, %b<i>_we says that one is. */
static void write_streams(uth *s) {
	st_ub_model *m = s->m;
	char p0[64], src[96];
	for (size_t bi = 0; bi < m->nbuffers; bi++) {
		const uth_buffer *u = &s->bufs[bi];
		if (u->wport < 0)
			continue;
		const st_ub_model_port *w = &m->ports[u->wport];
		uth_printf(s, "  %%b%zu_we = hw.wire %%v%d : i1\n", bi, u->wport);
		size_t j = 0;
		if (w->kernel >= 0) {
			st_value *v = st_op_operand(w->op, 1);
			st_op *k = st_value_defining_op(v);
			while (j < st_op_num_results(k) && st_op_result(k, j) != v)
				j++;
		}
		for (unsigned inst = 0; inst < u->lanes; inst++) {
			if (w->kernel < 0) {
				src[0] = '%';
				uth_data_port(s, (int)bi, inst, src + 1);
			} else
				uth_kernel_result((size_t)w->kernel, inst, j, src);
			uth_printf(s, "  %s = hw.wire %s : i%u\n", uth_pos(s, (int)bi, uth_lane_of(s, (size_t)u->wport, inst), 0, p0),
			           src, u->width);
		}
	}
}

static void outputs(uth *s) {
	st_ub_model *m = s->m;
	uth_printf(s, "  hw.output ");
	for (size_t k = 0; k < m->nports; k++)
		if (host_in(&m->ports[k]))
			uth_printf(s, "%%v%zu, ", k);
	char pos[64];
	for (size_t k = 0; k < m->nports; k++)
		if (host_out(&m->ports[k])) {
			uth_printf(s, "%%v%zu, ", k);
			for (unsigned l = 0; l < s->bufs[m->ports[k].buffer].lanes; l++)
				uth_printf(s, "%s, ", uth_pos(s, m->ports[k].buffer, uth_lane_of(s, k, l), s->tap[k], pos));
		}
	uth_printf(s, "%%done : ");
	for (size_t k = 0; k < m->nports; k++)
		if (host_in(&m->ports[k]))
			uth_printf(s, "i1, ");
	for (size_t k = 0; k < m->nports; k++)
		if (host_out(&m->ports[k])) {
			uth_printf(s, "i1, ");
			for (unsigned l = 0; l < s->bufs[m->ports[k].buffer].lanes; l++)
				uth_printf(s, "i%u, ", s->bufs[m->ports[k].buffer].width);
		}
	uth_printf(s, "i1\n}\n");
}

/* The host plays its streams row-major, one element per value: its ports
 * must visit the buffer so, every element once. */
static st_status check_host(uth *s) {
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
		while (inner > 1 && p->ndims == b->rank && uth_is_lane_dim(p, inner - 1))
			inner--;
		bool ok = b->arg >= 0 && p->ndims == b->rank && p->sched.c[1 + inner - 1] == 1;
		for (unsigned d = 0; ok && d < p->ndims; d++) {
			ok = p->lo[d] == 0 && p->hi[d] == b->shape[d] - 1 && p->acc[d].c[0] == 0;
			for (unsigned e = 0; ok && e < p->ndims; e++)
				ok = p->acc[d].c[1 + e] == (d == e);
			if (ok && d + 1 < inner)
				ok = p->sched.c[1 + d] >= p->sched.c[2 + d] * b->shape[d + 1];
		}
		if (!ok || n <= 0)
			return st_op_error(p->op, "ub-to-hw: the host stream of buffer '%s' must be an argument read or written "
			                          "row-major, one element per value", b->name);
	}
	return ST_OK;
}

static st_status graph(uth *s, st_op *g, const st_ub_map_options *mo) {
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
		st = uth_taps(s);
	if (st == ST_OK)
		st = uth_lanes(s);
	s->nroms = 0;
	if (st == ST_OK) {
		s->len = 0;
		header(s);
		st = uth_timing(s, st_ub_latency(m));
	}
	if (st == ST_OK)
		st = uth_kernels(s);
	if (st == ST_OK) {
		write_streams(s);
		uth_delay_lines(s);
		outputs(s);
		st = s->status;
	}
	st_op *parsed = NULL;
	if (st == ST_OK) {
		parsed = st_parse_source(s->ctx, (st_str){s->buf, s->len}, "<convert-ub-to-hw>", NULL);
		if (!parsed)
			st = st_op_error(g, "convert-ub-to-hw wrote hw that does not parse (a bug)");
	}
	if (parsed) {
		st_block *pb = st_region_first_block(st_op_region(parsed, 0));
		st_op *after = g;
		while (pb && st_block_first_op(pb)) {
			st_op *o = st_block_first_op(pb);
			st_op_move_after(o, after);
			after = o;
		}
		st_op_destroy(parsed);
	}
	uth_timing_free(s);
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

typedef struct uth_options {
	int64_t sr_max;
	const char *node;
} uth_options;

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
	const uth_options *o = st_pass_options(pass);
	st_ub_map_options mo = {.sr_max = o->sr_max, .target = find_target(module), .node = o->node && *o->node ? o->node : NULL};
	uth s = {.ctx = ctx, .status = ST_OK};
	st_block *mb = st_region_first_block(st_op_region(module, 0));
	st_status st = ST_OK;
	for (st_op *g = mb ? st_block_first_op(mb) : NULL, *next; g && st == ST_OK; g = next) {
		next = st_op_next(g);
		if (!strcmp(st_op_name_cstr(g), "ub.graph"))
			st = graph(&s, g, &mo);
	}
	if (s.buf)
		st_ctx_free(ctx, s.buf, s.cap);
	if (s.vals)
		st_ctx_free(ctx, s.vals, s.cap_vals * sizeof *s.vals);
	if (s.roms)
		st_ctx_free(ctx, s.roms, s.cap_roms * sizeof *s.roms);
	return st;
}

static const st_pass_option_def uth_opts[] = {
	{.name = "sr-max",
	 .summary = "ub-map's sr-max: a gap between taps of at most this many words is shift registers (0: ub-map's 4)",
	 .kind = ST_PASS_OPT_INT,
	 .offset = offsetof(uth_options, sr_max)},
	{.name = "node",
	 .summary = "ub-map's node: the target's storage node for the line memories (default: ub-map's choice)",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(uth_options, node)},
};

static const st_pass_def uth_pass = {
	.name = "convert-ub-to-hw",
	.summary = "scheduled, sized ub graphs to streaming hw/comb/seq modules at one value per cycle",
	.anchor = "builtin.module",
	.options = uth_opts,
	.noptions = 2,
	.options_size = sizeof(uth_options),
	.run = run,
	.display_name = "UBToHW",
};

st_status st_register_ub_to_hw_passes(st_context *ctx) { return st_context_register_pass(ctx, &uth_pass); }
