/* lower-calyx-to-hw, the cells: each primitive becomes comb/seq logic that
 * defines its output ports from its input ports' drivers.  Registers are
 * seq.compreg.ce (write_en is the clock enable) with done one cycle after
 * a write; the pipelined units are a free-running data pipeline whose done
 * follows go held for the unit's latency (a product is `out` exactly
 * MULT_LATENCY cycles after its operands); memories are seq.hlmem with
 * read latency 0 (comb) or 1 (seq) and a done one cycle after a write;
 * read-only ones (calyx.init) are logic, or with roms=memory a seq.hlmem
 * whose init is their contents. */
#include "c2h.h"

#include <stdio.h>

enum { MULT_LATENCY = 3 };

static unsigned width(st_op *cell, size_t i) { return st_type_int_width(st_value_type(st_op_result(cell, i))); }

static void reg(c2h *s, st_op *c) {
	st_hw_builder *b = &s->b;
	unsigned w = width(c, 0);
	st_value *z = st__c2h_const(s, w, 0), *out;
	if ((s->fixes & C2H_FIX_WRITE_EN) || st_op_get_attr(c, "calyx.fsm"))
		out = st_seq_build_compreg_ce(b, st__c2h_port(s, c, "in"), s->clk, st__c2h_port(s, c, "write_en"), s->reset, z, NULL);
	else
		out = st_seq_build_compreg(b, st__c2h_port(s, c, "in"), s->clk, s->reset, z, NULL);
	st__c2h_define_port(s, c, "out", out);
	z = st__c2h_const(s, 1, 0);
	st__c2h_define_port(s, c, "done", st_seq_build_compreg(b, st__c2h_port(s, c, "write_en"), s->clk, s->reset, z, NULL));
}

static void binary(c2h *s, st_op *c, st_comb_kind k) {
	st__c2h_define_port(s, c, "out", st_comb_build_binary(&s->b, k, st__c2h_port(s, c, "left"), st__c2h_port(s, c, "right")));
}

static void compare(c2h *s, st_op *c, st_comb_pred pred) {
	st__c2h_define_port(s, c, "out", st_comb_build_icmp(&s->b, pred, st__c2h_port(s, c, "left"), st__c2h_port(s, c, "right")));
}

/* clk, reset, go, left, right, out, done: a pipeline of `lat` stages. */
static void pipe(c2h *s, st_op *c, st_comb_kind k, unsigned lat) {
	st_hw_builder *b = &s->b;
	unsigned w = width(c, 3);
	st_value *go = st__c2h_port(s, c, "go");
	st_value *cur = st_comb_build_binary(b, k, st__c2h_port(s, c, "left"), st__c2h_port(s, c, "right")), *vcur = go;
	for (unsigned i = 1; i <= lat; i++) {
		st_value *z = st__c2h_const(s, w, 0);
		cur = st_seq_build_compreg(b, cur, s->clk, s->reset, z, NULL);
		/* valid_k = valid_{k-1} & go: a unit whose go drops forgets its work,
		 * so done is one pulse even though go is held until done. */
		st_value *g = i == 1 ? go : st_comb_build_binary(b, ST_COMB_AND, vcur, go);
		z = st__c2h_const(s, 1, 0);
		vcur = st_seq_build_compreg(b, g, s->clk, s->reset, z, NULL);
	}
	st__c2h_define_port(s, c, "out", cur);
	st__c2h_define_port(s, c, "done", vcur);
}

/* The flat address of a memory: row-major over its dimensions. */
static st_value *flat_address(c2h *s, st_op *c, size_t dims, const int64_t *sizes, const int64_t *aw, unsigned fw) {
	st_hw_builder *b = &s->b;
	st_value *acc = NULL;
	for (size_t i = 0; i < dims; i++) {
		char name[32];
		snprintf(name, sizeof name, "addr%zu", i);
		st_value *ai = st__c2h_port(s, c, name), *ext;
		if ((unsigned)aw[i] == fw) {
			ext = ai;
		} else if ((unsigned)aw[i] > fw) {
			ext = st_comb_build_extract(b, ai, 0, fw);
		} else {
			st_value *cat[2] = {st__c2h_const(s, fw - (unsigned)aw[i], 0), ai};
			ext = st_comb_build_concat(b, 2, cat);
		}
		if (i == 0) {
			acc = ext;
			continue;
		}
		st_value *t = st_comb_build_binary(b, ST_COMB_MUL, acc, st__c2h_const(s, fw, sizes[i]));
		acc = st_comb_build_binary(b, ST_COMB_ADD, t, ext);
	}
	return acc;
}

static unsigned index_width(uint64_t n) {
	unsigned w = 1;
	while (w < 64 && (1ull << w) < n)
		w++;
	return w;
}

/* A read-only memory (calyx.init): its contents as one wide constant,
 * element i at bits [i*W, (i+1)*W), read in the addressing cycle by a
 * shift of the flat address times W, the same ROM the stream flow builds
 * for its tables (docs/streaming-hw.md); writes have nothing to change. */
static void rom(c2h *s, st_op *c, st_attr *init, unsigned w, st_value *addr, unsigned fw) {
	st_hw_builder *b = &s->b;
	size_t n = (size_t)st_type_dim(st_attr_type(init), 0);
	bool splat = st_attr_dense_is_splat(init);
	unsigned long long bits = (unsigned long long)n * w;
	st_value *small[64], **k = n <= 64 ? small : st_ctx_alloc(s->ctx, n * sizeof *k);
	if (!k) {
		s->status = ST_FAIL;
		return;
	}
	/* concat puts its first operand in the high bits: the last element. */
	for (size_t i = n; i-- > 0;)
		k[n - 1 - i] = st__c2h_const(s, w, st_attr_dense_int(init, splat ? 0 : i));
	st_value *acc = st_comb_build_concat(b, n, k);
	if (k != small)
		st_ctx_free(s->ctx, k, n * sizeof *k);
	st_value *x = addr;
	if (bits > fw) {
		st_value *cat[2] = {st__c2h_const(s, (unsigned)(bits - fw), 0), addr};
		x = st_comb_build_concat(b, 2, cat);
	}
	st_value *sh = st_comb_build_binary(b, ST_COMB_MUL, x, st__c2h_const(s, (unsigned)bits, w));
	st_value *v = st_comb_build_binary(b, ST_COMB_SHRU, acc, sh);
	st__c2h_define_port(s, c, "read_data", bits == w ? st_hw_build_wire(b, v, NULL) : st_comb_build_extract(b, v, 0, w));
}

/* A further read port of an internal memory (lower-to-calyx's
 * calyx.port_of cell): a read of the memory `m` at its own address, with
 * the memory's read latency; its done follows its reads. */
static void read_port(c2h *s, st_op *r, st_value *m, bool seq, size_t dims, const int64_t *sizes, unsigned fw) {
	st_hw_builder *b = &s->b;
	int64_t rs[4], aw[4];
	if (st_calyx_mem_dims(r, rs, aw) != dims)
		return;
	st_value *re = seq ? st__c2h_port(s, r, "content_en") : NULL, *men_re = re;
	if (seq && !(s->fixes & C2H_FIX_MEM_EN))
		men_re = st__c2h_const(s, 1, 0);
	st_value *addr = flat_address(s, r, dims, sizes, aw, fw);
	st_value *z = st__c2h_const(s, 1, 0);
	st__c2h_define_port(s, r, "done", seq ? st_seq_build_compreg(b, re, s->clk, s->reset, z, NULL) : z);
	st__c2h_define_port(s, r, "read_data", seq ? st_seq_build_read(b, m, addr, men_re, 1) : st_seq_build_read(b, m, addr, NULL, 0));
}

/* Whether cell `o` is a further read port of the memory named `sym`. */
static bool port_of(const st_op *o, st_str sym) {
	st_attr *of = st_op_get_attr(o, "calyx.port_of");
	return of && st_attr_get_kind(of) == ST_ATTR_STRING && st_str_eq(st_attr_string(of), sym);
}

static void memory(c2h *s, st_op *c, bool seq) {
	st_hw_builder *b = &s->b;
	int64_t sizes[4], aw[4];
	size_t dims = st_calyx_mem_dims(c, sizes, aw);
	unsigned w = st_calyx_mem_width(c);
	st_value *we = st__c2h_port(s, c, "write_en"), *re = seq ? st__c2h_port(s, c, "content_en") : NULL;
	st_value *men_we = we, *men_re = re;
	/* CIRCT's defect: the memory's own enables left unconnected (low),
	 * while the done logic still sees the requests. */
	if (!(s->fixes & C2H_FIX_MEM_EN)) {
		men_we = st__c2h_const(s, 1, 0);
		if (seq)
			men_re = st__c2h_const(s, 1, 0);
	}
	st_str sym = st_calyx_sym_name(c);
	if (st_calyx_is_external(c)) {
		/* The data path is outside, behind the module's ports. */
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)sym.len, sym.data);
		st__c2h_mem *m = st__c2h_find_mem(s, name);
		st__c2h_define_port(s, c, "read_data", st_hw_build_wire(b, m ? m->read_data : NULL, NULL));
		st__c2h_define_port(s, c, "done", st_hw_build_wire(b, m ? m->done : NULL, NULL));
		return;
	}
	/* An internal memory's further read ports are built with it. */
	if (st_op_get_attr(c, "calyx.port_of"))
		return;
	/* done: one cycle after a write (or, for seq memories, a read). */
	st_value *req = seq ? st_comb_build_binary(b, ST_COMB_OR, we, re) : we;
	st_value *z = st__c2h_const(s, 1, 0);
	st__c2h_define_port(s, c, "done", st_seq_build_compreg(b, req, s->clk, s->reset, z, NULL));
	uint64_t total = 1;
	for (size_t i = 0; i < dims; i++)
		total *= (uint64_t)sizes[i];
	unsigned fw = index_width(total);
	st_value *addr = flat_address(s, c, dims, sizes, aw, fw);
	st_attr *init = st_op_get_attr(c, "calyx.init");
	if (init && (!s->rom_memories || w > 64)) {
		rom(s, c, init, w, addr, fw);
		return;
	}
	st_value *m = st_seq_build_hlmem(b, sym, s->clk, s->reset, total, st__c2h_int(s, w));
	/* roms=memory: a memory starting from the contents, with no write port
	 * (as the logic ROM, writes have nothing to change). */
	if (init && m)
		st_op_set_attr(st_value_defining_op(m), "init", init);
	else
		st_seq_build_write(b, m, addr, st__c2h_port(s, c, "write_data"), men_we, 1);
	st__c2h_define_port(s, c, "read_data", seq ? st_seq_build_read(b, m, addr, men_re, 1) : st_seq_build_read(b, m, addr, NULL, 0));
	for (st_op *o = st_block_first_op(st_op_block(c)); o; o = st_op_next(o))
		if (o != c && port_of(o, sym) && st_calyx_cell_kind_of(o) == st_calyx_cell_kind_of(c))
			read_port(s, o, m, seq, dims, sizes, fw);
}

void st__c2h_cell(c2h *s, st_op *c) {
	st_hw_builder *b = &s->b;
	unsigned w = width(c, 0);
	switch (st_calyx_cell_kind_of(c)) {
	case ST_CALYX_REG: reg(s, c); return;
	case ST_CALYX_ADD: binary(s, c, ST_COMB_ADD); return;
	case ST_CALYX_SUB: binary(s, c, ST_COMB_SUB); return;
	case ST_CALYX_AND: binary(s, c, ST_COMB_AND); return;
	case ST_CALYX_OR: binary(s, c, ST_COMB_OR); return;
	case ST_CALYX_XOR: binary(s, c, ST_COMB_XOR); return;
	case ST_CALYX_LSH: binary(s, c, ST_COMB_SHL); return;
	case ST_CALYX_RSH: binary(s, c, ST_COMB_SHRU); return;
	case ST_CALYX_SRSH: binary(s, c, ST_COMB_SHRS); return;
	case ST_CALYX_LT: compare(s, c, ST_COMB_ULT); return;
	case ST_CALYX_GT: compare(s, c, ST_COMB_UGT); return;
	case ST_CALYX_EQ: case ST_CALYX_SEQ: compare(s, c, ST_COMB_EQ); return;
	case ST_CALYX_NEQ: case ST_CALYX_SNEQ: compare(s, c, ST_COMB_NE); return;
	case ST_CALYX_GE: compare(s, c, ST_COMB_UGE); return;
	case ST_CALYX_LE: compare(s, c, ST_COMB_ULE); return;
	case ST_CALYX_SLT: compare(s, c, ST_COMB_SLT); return;
	case ST_CALYX_SGT: compare(s, c, ST_COMB_SGT); return;
	case ST_CALYX_SGE: compare(s, c, ST_COMB_SGE); return;
	case ST_CALYX_SLE: compare(s, c, ST_COMB_SLE); return;
	case ST_CALYX_NOT: {
		/* CIRCT's defect: xor with a one-bit 1 flips only bit 0. */
		st_value *k = st__c2h_const(s, w, (s->fixes & C2H_FIX_NOT) ? -1 : 1);
		st__c2h_define_port(s, c, "out", st_comb_build_binary(b, ST_COMB_XOR, st__c2h_port(s, c, "in"), k));
		return;
	}
	case ST_CALYX_WIRE: st__c2h_define_port(s, c, "out", st_hw_build_wire(b, st__c2h_port(s, c, "in"), NULL)); return;
	case ST_CALYX_SLICE:
		if (width(c, 1) == w)
			st__c2h_define_port(s, c, "out", st_hw_build_wire(b, st__c2h_port(s, c, "in"), NULL));
		else
			st__c2h_define_port(s, c, "out", st_comb_build_extract(b, st__c2h_port(s, c, "in"), 0, width(c, 1)));
		return;
	case ST_CALYX_PAD:
		if (width(c, 1) == w) {
			st__c2h_define_port(s, c, "out", st_hw_build_wire(b, st__c2h_port(s, c, "in"), NULL));
		} else {
			st_value *cat[2] = {st__c2h_const(s, width(c, 1) - w, 0), st__c2h_port(s, c, "in")};
			st__c2h_define_port(s, c, "out", st_comb_build_concat(b, 2, cat));
		}
		return;
	case ST_CALYX_MUX:
		st__c2h_define_port(s, c, "out",
		                st_comb_build_mux(b, st__c2h_port(s, c, "cond"), st__c2h_port(s, c, "tru"), st__c2h_port(s, c, "fal")));
		return;
	case ST_CALYX_MULT: pipe(s, c, ST_COMB_MUL, MULT_LATENCY); return;
	case ST_CALYX_DIVU: pipe(s, c, ST_COMB_DIVU, width(c, 3)); return;
	case ST_CALYX_REMU: pipe(s, c, ST_COMB_MODU, width(c, 3)); return;
	case ST_CALYX_DIVS: pipe(s, c, ST_COMB_DIVS, width(c, 3)); return;
	case ST_CALYX_REMS: pipe(s, c, ST_COMB_MODS, width(c, 3)); return;
	case ST_CALYX_MEM: memory(s, c, false); return;
	case ST_CALYX_SEQ_MEM: memory(s, c, true); return;
	case ST_CALYX_INSTANCE: /* built with the module's ports */
	case ST_CALYX_NOT_A_CELL: return;
	}
}
