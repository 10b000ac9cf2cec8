/* The machine an rda-class `.acg` describes (include/strata/rda.h,
 * st_rda_machine): tile kinds of the grid with their resources, the
 * static network's track classes, the dynamic network and DRAM.  A missing
 * entry is an error naming it, so no backend number is made up. */
#include "rda_internal.h"

#include "strata/acg.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static const char *sym(const st_op *op) {
	st_ident *id = st_symbol_name(op);
	return id ? st_ident_cstr(id) : "?";
}

typedef struct reader {
	st_op *graph;
	bool failed;
} reader;

/* An integer `param key` of a tile kind; an error when absent. */
static int64_t need_param(reader *r, st_op *node, const char *key) {
	st_attr *a = st_acg_param(node, key);
	if (a && st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_int_value(a) >= 0)
		return st_attr_int_value(a);
	if (!r->failed)
		st_op_error(r->graph, "target '%s': %s needs `param %s = N;` (a non-negative integer) for the rda backend",
		            sym(r->graph), sym(node), key);
	r->failed = true;
	return 0;
}

static bool flag_param(const st_op *node, const char *key) {
	st_attr *a = st_acg_param(node, key);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_int_value(a) != 0;
}

static void read_ports(reader *r, st_rda_pu *p) {
	p->vector_in = need_param(r, p->node, "vector_in");
	p->scalar_in = need_param(r, p->node, "scalar_in");
	p->control_in = need_param(r, p->node, "control_in");
	p->vector_out = need_param(r, p->node, "vector_out");
	p->scalar_out = need_param(r, p->node, "scalar_out");
	p->control_out = need_param(r, p->node, "control_out");
	p->counters = need_param(r, p->node, "counters");
	p->buffer_depth = need_param(r, p->node, "buffer_depth");
	p->lanes = need_param(r, p->node, "lanes");
	p->stages = need_param(r, p->node, "stages");
	p->regs = need_param(r, p->node, "regs");
}

static void read_pu(reader *r, st_op *grid, st_op *node, st_rda_pu *p) {
	memset(p, 0, sizeof *p);
	p->node = node;
	p->name = sym(node);
	p->count = st_acg_grid_count(grid, p->name);
	if (named(node, "acg.storage")) {
		p->kind = ST_RDA_MEMORY;
		p->banks = st_acg_int(node, "banks", 1);
		p->depth = st_acg_int(node, "depth", 0);
		p->word_bits = st_acg_int(node, "data_width", 0);
		p->latency = st_acg_int(node, "latency", 1);
		p->reads_per_cycle = need_param(r, node, "reads_per_cycle");
		p->writes_per_cycle = need_param(r, node, "writes_per_cycle");
	} else {
		p->kind = flag_param(node, "dram_access") ? ST_RDA_DRAM : ST_RDA_COMPUTE;
		p->latency = st_acg_int(node, "latency", 1);
		if (p->kind == ST_RDA_DRAM) {
			p->burst_bits = need_param(r, node, "burst_bits");
			p->outstanding = need_param(r, node, "outstanding");
		}
	}
	read_ports(r, p);
}

static void read_tracks(reader *r, st_rda_machine *m) {
	st_attr *t = st_op_get_attr(m->grid, "tracks");
	size_t n = t ? st_attr_dense_array_size(t) / 2 : 0;
	int64_t w[8], c[8];
	size_t k = 0;
	for (size_t i = 0; i < n && k < 8; i++, k++)
		w[k] = st_attr_dense_array_int(t, 2 * i), c[k] = st_attr_dense_array_int(t, 2 * i + 1);
	/* Sort by width: control is the narrowest, vector the widest. */
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && w[j] < w[j - 1]; j--) {
			int64_t tw = w[j], tc = c[j];
			w[j] = w[j - 1], c[j] = c[j - 1], w[j - 1] = tw, c[j - 1] = tc;
		}
	if (k < 3) {
		st_op_error(r->graph, "target '%s': the grid needs three track classes (control, scalar, vector)",
		            sym(r->graph));
		r->failed = true;
		return;
	}
	m->track_bits[ST_RDA_NET_CONTROL] = w[0], m->tracks[ST_RDA_NET_CONTROL] = c[0];
	m->track_bits[ST_RDA_NET_SCALAR] = w[1], m->tracks[ST_RDA_NET_SCALAR] = c[1];
	m->track_bits[ST_RDA_NET_VECTOR] = w[k - 1], m->tracks[ST_RDA_NET_VECTOR] = c[k - 1];
}

/* The edge joining nodes `a` and `b` of the graph (either direction). */
static st_op *edge_between(st_op *graph, const char *a, const char *b) {
	for (st_op *o = st_block_first_op(st_rda_body(graph)); o; o = st_op_next(o)) {
		if (!named(o, "acg.edge"))
			continue;
		const char *s = st_ident_cstr(st_attr_symbol_leaf(st_op_get_attr(o, "src")));
		const char *d = st_ident_cstr(st_attr_symbol_leaf(st_op_get_attr(o, "dst")));
		if ((!strcmp(s, a) && !strcmp(d, b)) || (!strcmp(s, b) && !strcmp(d, a)))
			return o;
	}
	return NULL;
}

static void read_offchip(reader *r, st_rda_machine *m) {
	st_op *dram = NULL;
	for (st_op *o = st_block_first_op(st_rda_body(m->graph)); o; o = st_op_next(o)) {
		if (named(o, "acg.storage") && st_acg_int(o, "on_chip", 1) == 0 && !dram)
			dram = o;
		st_attr *topo = named(o, "acg.comm") ? st_op_get_attr(o, "topology") : NULL;
		if (topo && st_str_eq_c(st_attr_string(topo), "noc") && !m->vcs) {
			m->dyn_flit_bits = st_acg_int(o, "bandwidth", 0);
			m->dyn_hop_latency = st_acg_int(o, "latency", 1);
			m->vcs = need_param(r, o, "vcs");
			m->buffers_per_vc = need_param(r, o, "buffers_per_vc");
		}
	}
	st_op *e = dram ? edge_between(m->graph, sym(dram), sym(m->grid)) : NULL;
	if (!e) {
		st_op_error(r->graph, "target '%s': the rda backend needs an off-chip storage node (on_chip = false) "
		            "with an edge to the grid",
		            sym(r->graph));
		r->failed = true;
		return;
	}
	m->dram_channels = need_param(r, dram, "channels");
	m->dram_bits_per_cycle = st_acg_int(e, "bandwidth", 0);
	m->dram_latency = st_acg_int(e, "latency", 1);
	if (m->dram_channels < 1 && !r->failed) {
		st_op_error(r->graph, "target '%s': DRAM needs at least one channel", sym(r->graph));
		r->failed = true;
	}
}

st_status st_rda_machine_read(st_op *graph, st_rda_machine *m) {
	memset(m, 0, sizeof *m);
	reader r = {graph, false};
	m->graph = graph;
	m->name = sym(graph);
	m->clock_mhz = st_acg_int(graph, "clock_mhz", 0);
	for (st_op *o = st_block_first_op(st_rda_body(graph)); o && !m->grid; o = st_op_next(o))
		if (named(o, "acg.grid"))
			m->grid = o;
	if (!m->grid)
		return st_op_error(graph, "target '%s' has no grid of tiles for the rda backend", m->name);
	m->rows = st_acg_int(m->grid, "rows", 0);
	m->cols = st_acg_int(m->grid, "cols", 0);
	m->hop_latency = need_param(&r, m->grid, "hop_latency");
	for (st_op *k = st_block_first_op(st_rda_body(m->grid)); k && !r.failed; k = st_op_next(k)) {
		if (!named(k, "acg.compute") && !named(k, "acg.storage"))
			continue;
		if (m->npus == ST_RDA_MAX_PUS)
			return st_op_error(graph, "target '%s': more than %d tile kinds", m->name, ST_RDA_MAX_PUS);
		read_pu(&r, m->grid, k, &m->pus[m->npus++]);
	}
	if (!r.failed)
		read_tracks(&r, m);
	if (!r.failed)
		read_offchip(&r, m);
	return r.failed ? ST_FAIL : ST_OK;
}

const st_rda_pu *st_rda_machine_pu_at(const st_rda_machine *m, int64_t row, int64_t col) {
	st_op *k = st_acg_grid_tile_at(m->grid, row, col);
	for (size_t i = 0; k && i < m->npus; i++)
		if (m->pus[i].node == k)
			return &m->pus[i];
	return NULL;
}

static int64_t type_bits(const st_type *t) {
	if (st_type_is_index(t))
		return 32;
	return st_type_is_float(t) ? st_type_float_width(t) : st_type_int_width(t);
}

int st_rda_net_class_of(const st_rda_machine *m, const st_type *t) {
	if (st_rda_is_token(t))
		return ST_RDA_NET_CONTROL;
	int64_t lanes = st_rda_stream_lanes(t), bits = type_bits(st_rda_stream_elt(t));
	st_rda_net_class c = lanes ? ST_RDA_NET_VECTOR : ST_RDA_NET_SCALAR;
	return (lanes ? lanes : 1) * bits <= m->track_bits[c] ? (int)c : -1;
}
