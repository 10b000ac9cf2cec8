/* Writing the instructions of the systolic target's commands from their
 * loop levels and operand addresses (docs/systolic.md, "Code
 * generation"): SET_ITER per level (SET_ITER_LAST for a partial last
 * block), SET_BASE_ADDR and SET_LOOP_STRIDE per
 * operand register (only what the register does not hold already), the
 * shape of the array or the lanes of the SIMD unit when they change, then
 * the launch.  Encodings are the ACG's: a mnemonic is found by name, a
 * namespace by its node's name. */
#include "sys_codegen.h"

#include <stdio.h>

/* ------------------------------------------------------------- emission */

static st_status cg_error(cg *g, st_op *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static st_status cg_error(cg *g, st_op *at, const char *fmt, ...) {
	(void)g;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return st_op_error(at, "%s", msg);
}

/* Encodes mnemonic `name` with (field, value) pairs, the rest 0. */
static st_status emit(cg *g, st_op *at, const char *name, size_t n, const char *const *fields, const int64_t *vals) {
	const sys_mn *mn = sys_isa_find(&g->isa, name);
	if (!mn)
		return cg_error(g, at, "the target has no mnemonic %s, which this codelet needs", name);
	int64_t v[SYS_FIELDS] = {0};
	for (size_t i = 0; i < n; i++) {
		int f = sys_mn_field(mn, fields[i]);
		if (f < 0)
			return cg_error(g, at, "mnemonic %s of the target has no field %s", name, fields[i]);
		v[f] = vals[i];
	}
	uint64_t w[2];
	size_t nw = sys_encode(&g->isa, mn, v, w);
	if (!nw)
		return cg_error(g, at, "a value of %s does not fit the target's fields (even with EXT)", name);
	for (size_t i = 0; i < nw; i++)
		if (st_failed(sys_program_push(g->p, w[i], 0)))
			return ST_FAIL;
	return ST_OK;
}

/* The index of node `node`'s name in an enumerated field of `name`. */
static int64_t enum_of(cg *g, const char *name, const char *field, const char *value) {
	const sys_mn *mn = sys_isa_find(&g->isa, name);
	int f = mn ? sys_mn_field(mn, field) : -1;
	return f < 0 ? -1 : st_acg_mnemonic_enum_index(mn->op, (size_t)f, value);
}

/* ------------------------------------------------------------- commands */

static st_status set_levels(cg *g, st_op *at, const sys_cmd *c) {
	for (int l = 0; l < c->nlev; l++) {
		const char *f[2] = {"LOOP", "ITERATIONS"};
		int64_t v[2] = {l, c->iters[l]};
		if (st_failed(emit(g, at, "SET_ITER", 2, f, v)))
			return ST_FAIL;
		v[1] = c->tail[l];
		if (c->tail[l] && st_failed(emit(g, at, "SET_ITER_LAST", 2, f, v)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* Sets the register (node, idx) to `base` and the command's strides,
 * skipping what it already holds. */
static st_status set_reg(cg *g, st_op *at, int node, int idx, int64_t base, const int64_t *stride, int nlev) {
	cg_reg *r = &g->regs[node][idx];
	const char *ns = g->m.nodes[node].name;
	int64_t nsv = enum_of(g, "SET_BASE_ADDR", "NS", ns);
	if (nsv < 0)
		return cg_error(g, at, "the target's instructions cannot name node '%s'", ns);
	if (!r->known || r->base != base) {
		const char *f[3] = {"NS", "IDX", "ADDR"};
		int64_t v[3] = {nsv, idx, base};
		if (st_failed(emit(g, at, "SET_BASE_ADDR", 3, f, v)))
			return ST_FAIL;
		r->base = base;
	}
	for (int l = 0; l < nlev; l++) {
		if (r->known && r->stride[l] == stride[l])
			continue;
		if (stride[l] < 0)
			return cg_error(g, at, "a negative stride (%lld) on '%s': the address generators count up", (long long)stride[l], ns);
		const char *f[4] = {"NS", "IDX", "LEVEL", "STRIDE"};
		int64_t v[4] = {enum_of(g, "SET_LOOP_STRIDE", "NS", ns), idx, l, stride[l]};
		if (st_failed(emit(g, at, "SET_LOOP_STRIDE", 4, f, v)))
			return ST_FAIL;
		r->stride[l] = stride[l];
	}
	r->known = true;
	return ST_OK;
}

/* Registers of a command: operand k on node[k] gets the next index of
 * its node. */
static st_status set_operands(cg *g, st_op *at, const sys_cmd *c, int *idx) {
	int used[SYS_NODES] = {0};
	for (int k = 0; k < c->nops; k++) {
		int n = c->node[k];
		idx[k] = used[n]++;
		if (st_failed(set_reg(g, at, n, idx[k], c->base[k], c->stride[k], c->nlev)))
			return ST_FAIL;
	}
	return ST_OK;
}

static st_status emit_dma(cg *g, st_op *at, const sys_cmd *c, bool load, int eb) {
	int idx[2];
	if (st_failed(set_levels(g, at, c)) || st_failed(set_operands(g, at, c, idx)))
		return ST_FAIL;
	const char *elem = eb == 1 ? "B8" : eb == 2 ? "B16" : "B32";
	const char *buf = g->m.nodes[c->node[0]].name;
	if (load) {
		const char *f[5] = {"DST_NS", "DST_IDX", "SRC_IDX", "ELEM", "SIGNED"};
		int64_t v[5] = {enum_of(g, "LD", "DST_NS", buf), idx[0], idx[1], enum_of(g, "LD", "ELEM", elem), 1};
		return emit(g, at, "LD", 5, f, v);
	}
	const char *f[4] = {"SRC_NS", "SRC_IDX", "DST_IDX", "ELEM"};
	int64_t v[4] = {enum_of(g, "ST", "SRC_NS", buf), idx[0], idx[1], enum_of(g, "ST", "ELEM", elem)};
	return emit(g, at, "ST", 4, f, v);
}

static st_status emit_fill(cg *g, st_op *at, const sys_cmd *c, int64_t value) {
	int idx[1];
	if (st_failed(set_levels(g, at, c)) || st_failed(set_operands(g, at, c, idx)))
		return ST_FAIL;
	const char *f[3] = {"NS", "IDX", "VALUE"};
	int64_t v[3] = {enum_of(g, "FILL", "NS", g->m.nodes[c->node[0]].name), idx[0], value};
	return emit(g, at, "FILL", 3, f, v);
}

static st_status emit_gemm(cg *g, st_op *at, const sys_cmd *c, int64_t rows, int64_t cols, bool os, int row_level) {
	if (!g->shape_known || g->rows != rows || g->cols != cols || g->os != os || g->row_level != row_level) {
		const char *f[4] = {"ROWS", "COLS", "DATAFLOW", "ROW_LEVEL"};
		int64_t v[4] = {rows, cols, enum_of(g, "SA_SHAPE", "DATAFLOW", os ? "OS" : "WS"), row_level < 0 ? 0 : row_level};
		if (st_failed(emit(g, at, "SA_SHAPE", 4, f, v)))
			return ST_FAIL;
		g->shape_known = true;
		g->rows = rows;
		g->cols = cols;
		g->os = os;
		g->row_level = row_level;
	}
	int idx[3];
	if (st_failed(set_levels(g, at, c)) || st_failed(set_operands(g, at, c, idx)))
		return ST_FAIL;
	const char *f[6] = {"I_NS", "I_IDX", "W_NS", "W_IDX", "O_NS", "O_IDX"};
	int64_t v[6] = {enum_of(g, "SA_GEMM", "I_NS", g->m.nodes[c->node[0]].name), idx[0],
	                enum_of(g, "SA_GEMM", "W_NS", g->m.nodes[c->node[1]].name), idx[1],
	                enum_of(g, "SA_GEMM", "O_NS", g->m.nodes[c->node[2]].name), idx[2]};
	return emit(g, at, "SA_GEMM", 6, f, v);
}

static st_status emit_simd(cg *g, st_op *at, const sys_cmd *c, const char *mnemonic, int64_t lanes, int64_t width) {
	if (g->lanes != lanes) {
		const char *f[1] = {"LANES"};
		if (st_failed(emit(g, at, "SIMD_LANES", 1, f, &lanes)))
			return ST_FAIL;
		g->lanes = lanes;
	}
	int idx[3];
	if (st_failed(set_levels(g, at, c)) || st_failed(set_operands(g, at, c, idx)))
		return ST_FAIL;
	const char *names[3] = {"DST", "SRC1", "SRC2"};
	const char *f[7];
	int64_t v[7];
	size_t n = 0;
	char fb[3][2][16];
	for (int k = 0; k < c->nops; k++) {
		snprintf(fb[k][0], sizeof fb[k][0], "%s_NS", names[k]);
		snprintf(fb[k][1], sizeof fb[k][1], "%s_IDX", names[k]);
		f[n] = fb[k][0];
		v[n++] = enum_of(g, mnemonic, fb[k][0], g->m.nodes[c->node[k]].name);
		f[n] = fb[k][1];
		v[n++] = idx[k];
	}
	if (width) {
		char wn[8];
		snprintf(wn, sizeof wn, "I%lld", (long long)width);
		f[n] = "WIDTH";
		v[n++] = enum_of(g, mnemonic, "WIDTH", wn);
	}
	return emit(g, at, mnemonic, n, f, v);
}

/* ---------------------------------------------------------- the window */

/* Commands wait in a window of SYS_WINDOW before they are written, so that
 * a load can move up past the commands of other engines it does not
 * depend on: the next tile's load is issued before the array works on
 * the current one (software prefetch).  The controller issues in program
 * order and an engine queues few commands, so without it a load written
 * after a tile's array commands waits for them to leave the array's
 * queue, and its DRAM channel idles.  A load passes no command of its own
 * DMA channel and none that touches what it reads or writes (the
 * double-buffered copy the array still reads stops it): the program
 * computes what it computed in its first order. */
#define SYS_WINDOW 64

enum { PEND_DMA, PEND_FILL, PEND_GEMM, PEND_SIMD };

typedef struct sys_pending {
	int kind;
	st_op *at;
	sys_cmd c;
	bool load, os;
	int eb, row_level;
	int64_t value, rows, cols, lanes, width;
	const char *mnemonic;
} sys_pending;

static st_status write_pending(cg *g, const sys_pending *p) {
	switch (p->kind) {
	case PEND_DMA:
		return emit_dma(g, p->at, &p->c, p->load, p->eb);
	case PEND_FILL:
		return emit_fill(g, p->at, &p->c, p->value);
	case PEND_GEMM:
		return emit_gemm(g, p->at, &p->c, p->rows, p->cols, p->os, p->row_level);
	default:
		return emit_simd(g, p->at, &p->c, p->mnemonic, p->lanes, p->width);
	}
}

/* Whether operand k of p writes (or reads) its node. */
static bool op_writes(const sys_pending *p, int k) {
	switch (p->kind) {
	case PEND_DMA:
		return (k == 0) == p->load;
	case PEND_FILL:
		return true;
	case PEND_GEMM:
		return k == 2;
	default:
		return k == 0;
	}
}

/* The addresses operand k of c can touch: its register's range over the
 * levels, widened by an entry of the node (a vector, a weight tile). */
static void op_range(const cg *g, const sys_cmd *c, int k, int64_t *lo, int64_t *hi) {
	*lo = *hi = c->base[k];
	for (int l = 0; l < c->nlev; l++) {
		int64_t d = c->stride[k][l] * (c->iters[l] - 1);
		*(d < 0 ? lo : hi) += d;
	}
	const sys_node *n = &g->m.nodes[c->node[k]];
	*hi += (c->node[k] == g->m.dram ? 4 : n->banks) - 1;
}

/* Whether a and b must keep their order: they touch a node's common
 * addresses and one of them writes there. */
static bool conflict(const cg *g, const sys_pending *a, const sys_pending *b) {
	for (int i = 0; i < a->c.nops; i++)
		for (int j = 0; j < b->c.nops; j++) {
			if (a->c.node[i] != b->c.node[j] || (!op_writes(a, i) && !op_writes(b, j)))
				continue;
			int64_t alo, ahi, blo, bhi;
			op_range(g, &a->c, i, &alo, &ahi);
			op_range(g, &b->c, j, &blo, &bhi);
			if (alo <= bhi && blo <= ahi)
				return true;
		}
	return false;
}

static st_status write_first(cg *g) {
	sys_pending *q = g->pend;
	st_status st = write_pending(g, &q[0]);
	memmove(q, q + 1, (g->npend - 1) * sizeof *q);
	g->npend--;
	return st;
}

static st_status push(cg *g, const sys_pending *p) {
	if (!g->pend && !(g->pend = st_ctx_alloc(g->ctx, (SYS_WINDOW + 1) * sizeof *g->pend)))
		return ST_FAIL;
	sys_pending *q = g->pend;
	size_t j = g->npend++;
	q[j] = *p;
	/* A load moves up past commands of other engines it does not depend
	 * on (a DMA channel is its on-chip node's). */
	if (p->kind == PEND_DMA && p->load)
		for (; j > 0; j--) {
			const sys_pending *prev = &q[j - 1];
			if (((prev->kind == PEND_DMA || prev->kind == PEND_FILL) && prev->c.node[0] == p->c.node[0]) ||
			    conflict(g, prev, &q[j]))
				break;
			sys_pending tmp = q[j - 1];
			q[j - 1] = q[j];
			q[j] = tmp;
		}
	return g->npend > SYS_WINDOW ? write_first(g) : ST_OK;
}

st_status sys_cg_emit_dma(cg *g, st_op *at, const sys_cmd *c, bool load, int eb) {
	return push(g, &(sys_pending){.kind = PEND_DMA, .at = at, .c = *c, .load = load, .eb = eb});
}

st_status sys_cg_emit_fill(cg *g, st_op *at, const sys_cmd *c, int64_t value) {
	return push(g, &(sys_pending){.kind = PEND_FILL, .at = at, .c = *c, .value = value});
}

st_status sys_cg_emit_gemm(cg *g, st_op *at, const sys_cmd *c, int64_t rows, int64_t cols, bool os, int row_level) {
	return push(g, &(sys_pending){.kind = PEND_GEMM, .at = at, .c = *c, .rows = rows, .cols = cols, .os = os,
	                              .row_level = row_level});
}

st_status sys_cg_emit_simd(cg *g, st_op *at, const sys_cmd *c, const char *mnemonic, int64_t lanes, int64_t width) {
	return push(g, &(sys_pending){.kind = PEND_SIMD, .at = at, .c = *c, .mnemonic = mnemonic, .lanes = lanes, .width = width});
}

st_status sys_cg_end(cg *g, st_op *at) {
	while (g->npend)
		if (st_failed(write_first(g)))
			return ST_FAIL;
	return emit(g, at, "END", 0, NULL, NULL);
}

void sys_cg_emit_free(cg *g) {
	if (g->pend)
		st_ctx_free(g->ctx, g->pend, (SYS_WINDOW + 1) * sizeof *g->pend);
	g->pend = NULL;
	g->npend = 0;
}
