/* The machine an ACG of class `systolic` describes, read once into plain
 * numbers for the mapper, the code generator and the simulator.  Nothing
 * here is a constant of the backend: the array is the compute node with a
 * GEMM capability, the buffers feeding it are the storage nodes with an
 * edge into it whose words and banks fit the capability's operands, the
 * vector unit is the node with an ADD capability, and each edge between
 * DRAM and an on-chip node is a DMA channel (docs/systolic.md, "The
 * machine"). */
#include "sys_internal.h"

#include <stdio.h>

static const char *sym(st_attr *a) { return a ? st_ident_cstr(st_attr_symbol_root(a)) : ""; }

static bool is_op(const st_op *op, const char *name) { return strcmp(st_op_name_cstr(op), name) == 0; }

static st_block *body(st_op *g) { return st_op_num_regions(g) ? st_region_first_block(st_op_region(g, 0)) : NULL; }

/* The edge from `a` to `b`, or NULL. */
static st_op *find_edge(st_op *g, const char *a, const char *b) {
	for (st_op *e = body(g) ? st_block_first_op(body(g)) : NULL; e; e = st_op_next(e)) {
		if (!is_op(e, "acg.edge"))
			continue;
		const char *s = sym(st_op_get_attr(e, "src")), *d = sym(st_op_get_attr(e, "dst"));
		bool bi = st_acg_int(e, "bidirectional", 0) != 0;
		if ((!strcmp(s, a) && !strcmp(d, b)) || (bi && !strcmp(s, b) && !strcmp(d, a)))
			return e;
	}
	return NULL;
}

bool sys_machine_edge(const sys_machine *m, const char *a, const char *b) { return find_edge(m->graph, a, b) != NULL; }

int sys_machine_node(const sys_machine *m, const char *name) {
	for (size_t i = 0; i < m->nnodes; i++)
		if (!strcmp(m->nodes[i].name, name))
			return (int)i;
	return -1;
}

/* The first capability named `op` of a compute node. */
static bool cap_named(st_op *node, const char *op, st_acg_cap *out) {
	for (size_t k = 0; k < st_acg_num_caps(node); k++)
		if (st_acg_get_cap(node, k, out) && !strcmp(out->op, op))
			return true;
	return false;
}

static unsigned type_bits(st_type *t) { return t && st_type_is_integer(t) ? st_type_int_width(t) : 0; }

/* The storage node with an edge to (or from) the array whose words hold an
 * operand of `bits` and whose banks are `banks`. */
static int buffer_for(sys_machine *m, bool into_array, unsigned bits, int64_t banks) {
	for (size_t i = 0; i < m->nnodes; i++) {
		sys_node *n = &m->nodes[i];
		if (!n->on_chip || n->data_width != (int64_t)bits || n->banks != banks)
			continue;
		if (into_array ? find_edge(m->graph, n->name, m->sa) : find_edge(m->graph, m->sa, n->name))
			return (int)i;
	}
	return -1;
}

static int64_t edge_bw(sys_machine *m, const char *a, const char *b) {
	st_op *e = find_edge(m->graph, a, b);
	return e ? st_acg_int(e, "bandwidth", 0) : 0;
}

/* Weight registers of one PE: the register file of the array's sub-graph. */
static int64_t wreg_depth(st_op *graph, st_op *sa) {
	st_attr *sg = st_op_get_attr(sa, "subgraph");
	st_op *sub = sg ? st_acg_lookup(graph, sym(sg)) : NULL;
	for (st_op *o = sub && body(sub) ? st_block_first_op(body(sub)) : NULL; o; o = st_op_next(o)) {
		st_attr *acc = st_op_get_attr(o, "access");
		if (st_acg_node_kind(o) == ST_ACG_STORAGE && acc && st_attr_get_kind(acc) == ST_ATTR_STRING &&
		    st_str_eq_c(st_attr_string(acc), "regfile"))
			return st_acg_int(o, "depth", 1);
	}
	return 1;
}

st_status sys_machine_init(sys_machine *m, st_op *graph, st_attr *loc) {
	st_context *ctx = st_op_context(graph);
	memset(m, 0, sizeof *m);
	m->graph = graph;
	m->dram = m->in = m->w = m->out = -1;
	st_op *sa = NULL, *simd = NULL;
	st_acg_cap gemm = {0}, add = {0};
	for (st_op *o = body(graph) ? st_block_first_op(body(graph)) : NULL; o; o = st_op_next(o)) {
		st_ident *name = st_symbol_name(o);
		if (st_acg_node_kind(o) == ST_ACG_STORAGE) {
			if (m->nnodes == SYS_NODES)
				return st_error(ctx, loc, "the systolic target takes at most %d storage nodes", SYS_NODES);
			sys_node *n = &m->nodes[m->nnodes];
			snprintf(n->name, sizeof n->name, "%s", name ? st_ident_cstr(name) : "");
			n->op = o;
			n->data_width = st_acg_int(o, "data_width", 8);
			n->banks = st_acg_int(o, "banks", 1);
			n->depth = st_acg_int(o, "depth", 1);
			n->ports_in = st_acg_int(o, "ports_in", 1);
			n->ports_out = st_acg_int(o, "ports_out", 1);
			n->latency = st_acg_int(o, "latency", 1);
			n->on_chip = st_acg_int(o, "on_chip", 1) != 0;
			n->double_buffer = st_acg_int(o, "double_buffer", 0) != 0;
			if (!n->on_chip && m->dram < 0)
				m->dram = (int)m->nnodes;
			m->nnodes++;
		} else if (st_acg_node_kind(o) == ST_ACG_COMPUTE) {
			if (!sa && cap_named(o, "GEMM", &gemm))
				sa = o;
			if (!simd && cap_named(o, "ADD", &add))
				simd = o;
		}
	}
	if (m->dram < 0)
		return st_error(ctx, loc, "the systolic target needs an off-chip storage node (on_chip = false) for DRAM");
	if (!sa)
		return st_error(ctx, loc, "the systolic target needs a systolic array: a compute node with a GEMM capability");
	snprintf(m->sa, sizeof m->sa, "%s", st_ident_cstr(st_symbol_name(sa)));
	st_attr *dims = st_op_get_attr(sa, "dims");
	if (!dims || st_attr_dense_array_size(dims) != 2)
		return st_error(ctx, loc, "the systolic array '%s' needs `dims = [rows, cols]`", m->sa);
	m->rows = st_attr_dense_array_int(dims, 0);
	m->cols = st_attr_dense_array_int(dims, 1);
	if (gemm.noperands != 4 || st_acg_cap_elements(&gemm, 1) != m->rows ||
	    st_acg_cap_elements(&gemm, 2) != m->rows * m->cols || st_acg_cap_lanes(&gemm) != m->cols)
		return st_error(ctx, loc,
		                "the GEMM capability of '%s' must be (out, cols) = GEMM((in, rows), (w, rows, cols), (out, cols)) for "
		                "its dims %lld x %lld",
		                m->sa, (long long)m->rows, (long long)m->cols);
	m->in = buffer_for(m, true, type_bits(st_acg_cap_type(&gemm, 1)), m->rows);
	m->w = buffer_for(m, true, type_bits(st_acg_cap_type(&gemm, 2)), m->rows * m->cols);
	m->out = buffer_for(m, false, type_bits(st_acg_cap_type(&gemm, 0)), m->cols);
	if (m->in < 0 || m->w < 0 || m->out < 0)
		return st_error(ctx, loc,
		                "the systolic array '%s' needs an input buffer (one bank per row), a weight buffer (one bank per PE) "
		                "with edges into it and an output buffer (one bank per column) it writes",
		                m->sa);
	m->bw_in = edge_bw(m, m->nodes[m->in].name, m->sa);
	m->bw_w = edge_bw(m, m->nodes[m->w].name, m->sa);
	m->bw_out = edge_bw(m, m->sa, m->nodes[m->out].name);
	m->wreg_depth = wreg_depth(graph, sa);
	if (simd) {
		snprintf(m->simd, sizeof m->simd, "%s", st_ident_cstr(st_symbol_name(simd)));
		m->lanes = st_acg_cap_lanes(&add);
		m->simd_latency = st_acg_int(simd, "latency", 1);
		m->simd_bw = edge_bw(m, m->nodes[m->out].name, m->simd);
	}
	const char *dram = m->nodes[m->dram].name;
	for (size_t i = 0; i < m->nnodes; i++) {
		sys_node *n = &m->nodes[i];
		st_op *to = find_edge(graph, dram, n->name), *from = find_edge(graph, n->name, dram);
		n->dram_to = n->on_chip && to;
		n->dram_from = n->on_chip && from;
		st_op *e = to ? to : from;
		if (n->on_chip && e) {
			n->channel_bw = st_acg_int(e, "bandwidth", 0);
			n->channel_latency = st_acg_int(e, "latency", 1);
		}
	}
	st_attr *q = st_acg_param(graph, "queue_depth");
	m->queue_depth = q && st_attr_get_kind(q) == ST_ATTR_INTEGER ? st_attr_int_value(q) : 2;
	if (m->queue_depth < 1)
		return st_error(ctx, loc, "param queue_depth must be positive");
	m->clock_mhz = st_acg_int(graph, "clock_mhz", 1000);
	return ST_OK;
}

/* ------------------------------------------------------------ fingerprint */

typedef struct fnv {
	uint64_t h;
} fnv;

static void fnv_bytes(fnv *f, const void *p, size_t n) {
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++) {
		f->h ^= c[i];
		f->h *= UINT64_C(0x100000001b3);
	}
}

static void fnv_str(fnv *f, const char *s) { fnv_bytes(f, s, strlen(s) + 1); }
static void fnv_int(fnv *f, int64_t v) { fnv_bytes(f, &v, sizeof v); }

st_status sys_machine_fingerprint(st_op *graph, char *out, size_t n);

/* What a program depends on, hashed (FNV-1a): every storage node's name
 * and geometry, every compute node's dims, every mnemonic's encoding.  The
 * graph's own name is left out, so `strata-opt --acg` (which renames it
 * @target) keeps the fingerprint. */
st_status sys_machine_fingerprint(st_op *graph, char *out, size_t n) {
	fnv f = {UINT64_C(0xcbf29ce484222325)};
	for (st_op *o = body(graph) ? st_block_first_op(body(graph)) : NULL; o; o = st_op_next(o)) {
		st_ident *name = st_symbol_name(o);
		st_acg_kind k = st_acg_node_kind(o);
		if (k == ST_ACG_STORAGE) {
			fnv_str(&f, st_ident_cstr(name));
			static const char *const keys[] = {"data_width", "banks", "depth", "ports_in", "ports_out", "on_chip"};
			for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
				fnv_int(&f, st_acg_int(o, keys[i], -1));
		} else if (k == ST_ACG_COMPUTE) {
			fnv_str(&f, st_ident_cstr(name));
			st_attr *dims = st_op_get_attr(o, "dims");
			for (size_t i = 0; dims && i < st_attr_dense_array_size(dims); i++)
				fnv_int(&f, st_attr_dense_array_int(dims, i));
		} else if (!strcmp(st_op_name_cstr(o), "acg.mnemonic")) {
			fnv_str(&f, st_ident_cstr(name));
			fnv_int(&f, st_acg_int(o, "opcode", -1));
			st_attr *fields = st_op_get_attr(o, "fields");
			for (size_t i = 0; i < st_acg_mnemonic_num_fields(o); i++) {
				st_attr *fd = st_attr_array_elt(fields, i), *en = st_attr_array_elt(fd, 2);
				fnv_str(&f, st_acg_mnemonic_field_name(o, i));
				fnv_int(&f, st_acg_mnemonic_field_bits(o, i));
				for (size_t k = 0; k < st_attr_array_size(en); k++)
					fnv_str(&f, st_attr_string(st_attr_array_elt(en, k)).data);
				fnv_int(&f, st_attr_array_size(fd) == 5 ? st_attr_int_value(st_attr_array_elt(fd, 4)) : -1);
			}
		}
	}
	snprintf(out, n, "0x%016llx", (unsigned long long)f.h);
	return ST_OK;
}
