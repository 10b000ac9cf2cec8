/* Writing the instructions of the systolic target's commands from their
 * loop levels and operand addresses (docs/systolic.md, "Code
 * generation"): SET_ITER per level, SET_BASE_ADDR and SET_LOOP_STRIDE per
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

st_status sys_cg_emit_dma(cg *g, st_op *at, const sys_cmd *c, bool load, int eb) {
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

st_status sys_cg_emit_fill(cg *g, st_op *at, const sys_cmd *c, int64_t value) {
	int idx[1];
	if (st_failed(set_levels(g, at, c)) || st_failed(set_operands(g, at, c, idx)))
		return ST_FAIL;
	const char *f[3] = {"NS", "IDX", "VALUE"};
	int64_t v[3] = {enum_of(g, "FILL", "NS", g->m.nodes[c->node[0]].name), idx[0], value};
	return emit(g, at, "FILL", 3, f, v);
}

st_status sys_cg_emit_gemm(cg *g, st_op *at, const sys_cmd *c, int64_t rows, int64_t cols, bool os, int row_level) {
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

st_status sys_cg_emit_simd(cg *g, st_op *at, const sys_cmd *c, const char *mnemonic, int64_t lanes, int64_t width) {
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

st_status sys_cg_end(cg *g, st_op *at) { return emit(g, at, "END", 0, NULL, NULL); }
