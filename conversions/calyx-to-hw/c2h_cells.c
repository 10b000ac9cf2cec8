/* lower-calyx-to-hw, the cells: each primitive becomes comb/seq logic that
 * defines its output ports from its input ports' drivers.  Registers are
 * seq.compreg.ce (write_en is the clock enable) with done one cycle after
 * a write; the pipelined units are a free-running data pipeline whose done
 * follows go held for the unit's latency (a product is `out` exactly
 * MULT_LATENCY cycles after its operands); memories are seq.hlmem with
 * read latency 0 (comb) or 1 (seq) and a done one cycle after a write. */
#include "c2h.h"

#include <string.h>

enum { MULT_LATENCY = 3 };

static unsigned width(st_op *cell, size_t i) { return st_type_int_width(st_value_type(st_op_result(cell, i))); }

static const char *p(const st_op *cell, const char *port, char *buf) {
	return c2h_port(cell, (st_str){port, strlen(port)}, buf);
}

static void reg(c2h *s, st_op *c) {
	char a[160], b[160], d[160], z[32];
	unsigned w = width(c, 0);
	p(c, "out", a);
	if ((s->fixes & C2H_FIX_WRITE_EN) || st_op_get_attr(c, "calyx.fsm"))
		c2h_printf(s, "  %s = seq.compreg.ce %s, %%clk, %s reset %%reset, %s : i%u\n", a, p(c, "in", b),
		           p(c, "write_en", d), c2h_const(s, w, 0, z), w);
	else
		c2h_printf(s, "  %s = seq.compreg %s, %%clk reset %%reset, %s : i%u\n", a, p(c, "in", b), c2h_const(s, w, 0, z), w);
	c2h_printf(s, "  %s = seq.compreg %s, %%clk reset %%reset, %s : i1\n", p(c, "done", a), p(c, "write_en", b),
	           c2h_const(s, 1, 0, z));
}

static void binary(c2h *s, st_op *c, const char *op) {
	char a[160], l[160], r[160];
	c2h_printf(s, "  %s = %s %s, %s : i%u\n", p(c, "out", a), op, p(c, "left", l), p(c, "right", r), width(c, 0));
}

static void compare(c2h *s, st_op *c, const char *pred) {
	char a[160], l[160], r[160];
	c2h_printf(s, "  %s = comb.icmp %s %s, %s : i%u\n", p(c, "out", a), pred, p(c, "left", l), p(c, "right", r), width(c, 0));
}

/* clk, reset, go, left, right, out, done: a pipeline of `lat` stages. */
static void pipe(c2h *s, st_op *c, const char *op, unsigned lat) {
	char l[160], r[160], go[160], cur[160], vcur[160], z[32];
	unsigned w = width(c, 3);
	p(c, "go", go);
	c2h_printf(s, "  %s = %s %s, %s : i%u\n", c2h_temp(s, cur), op, p(c, "left", l), p(c, "right", r), w);
	strcpy(vcur, go);
	for (unsigned k = 1; k <= lat; k++) {
		char dn[160], vn[160], g[160];
		if (k == lat)
			p(c, "out", dn);
		else
			c2h_temp(s, dn);
		c2h_printf(s, "  %s = seq.compreg %s, %%clk reset %%reset, %s : i%u\n", dn, cur, c2h_const(s, w, 0, z), w);
		strcpy(cur, dn);
		/* valid_k = valid_{k-1} & go: a unit whose go drops forgets its work,
		 * so done is one pulse even though go is held until done. */
		if (k == 1)
			strcpy(g, go);
		else
			c2h_printf(s, "  %s = comb.and %s, %s : i1\n", c2h_temp(s, g), vcur, go);
		if (k == lat)
			p(c, "done", vn);
		else
			c2h_temp(s, vn);
		c2h_printf(s, "  %s = seq.compreg %s, %%clk reset %%reset, %s : i1\n", vn, g, c2h_const(s, 1, 0, z));
		strcpy(vcur, vn);
	}
}

/* The flat address of a memory: row-major over its dimensions. */
static void flat_address(c2h *s, st_op *c, size_t dims, const int64_t *sizes, const int64_t *aw, unsigned fw, char *out) {
	char acc[160] = "", t[32], x[160], k[32];
	for (size_t i = 0; i < dims; i++) {
		char name[8] = "addr0";
		name[4] = (char)('0' + i);
		const char *ai = p(c, name, x);
		char ext[160];
		if ((unsigned)aw[i] == fw) {
			strcpy(ext, ai);
		} else if ((unsigned)aw[i] > fw) {
			c2h_printf(s, "  %s = comb.extract %s from 0 : (i%u) -> i%u\n", c2h_temp(s, ext), ai, (unsigned)aw[i], fw);
		} else {
			char z[32];
			c2h_const(s, fw - (unsigned)aw[i], 0, z);
			c2h_printf(s, "  %s = comb.concat %s, %s : i%u, i%u\n", c2h_temp(s, ext), z, ai, fw - (unsigned)aw[i],
			           (unsigned)aw[i]);
		}
		if (i == 0) {
			strcpy(acc, ext);
			continue;
		}
		c2h_printf(s, "  %s = comb.mul %s, %s : i%u\n", c2h_temp(s, t), acc, c2h_const(s, fw, sizes[i], k), fw);
		c2h_printf(s, "  %s = comb.add %s, %s : i%u\n", c2h_temp(s, acc), t, ext, fw);
	}
	strcpy(out, acc);
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
static void rom(c2h *s, st_op *c, st_attr *init, unsigned w, const char *addr, unsigned fw) {
	size_t n = (size_t)st_type_dim(st_attr_type(init), 0);
	bool splat = st_attr_dense_is_splat(init);
	unsigned long long bits = (unsigned long long)n * w;
	char acc[32], k[32], x[32], sh[32], v[32], a[160];
	c2h_temp(s, acc);
	/* The constants first (c2h_const names each with the next %_t number,
	 * so they are %_t<first>...); concat puts its first operand in the
	 * high bits. */
	unsigned first = s->next;
	for (size_t i = n; i-- > 0;)
		c2h_const(s, w, st_attr_dense_int(init, splat ? 0 : i), k);
	c2h_printf(s, "  %s = comb.concat ", acc);
	for (size_t i = 0; i < n; i++)
		c2h_printf(s, "%s%%_t%u", i ? ", " : "", first + (unsigned)i);
	c2h_printf(s, " : ");
	for (size_t i = 0; i < n; i++)
		c2h_printf(s, "%si%u", i ? ", " : "", w);
	c2h_printf(s, "\n");
	if (bits > fw)
		c2h_printf(s, "  %s = comb.concat %s, %s : i%llu, i%u\n", c2h_temp(s, x), c2h_const(s, (unsigned)(bits - fw), 0, k),
		           addr, bits - fw, fw);
	else
		strcpy(x, addr);
	c2h_printf(s, "  %s = comb.mul %s, %s : i%llu\n", c2h_temp(s, sh), x, c2h_const(s, (unsigned)bits, w, k), bits);
	c2h_printf(s, "  %s = comb.shru %s, %s : i%llu\n", c2h_temp(s, v), acc, sh, bits);
	if (bits == w)
		c2h_printf(s, "  %s = hw.wire %s : i%u\n", p(c, "read_data", a), v, w);
	else
		c2h_printf(s, "  %s = comb.extract %s from 0 : (i%llu) -> i%u\n", p(c, "read_data", a), v, bits, w);
}

static void memory(c2h *s, st_op *c, bool seq) {
	int64_t sizes[4], aw[4];
	size_t dims = st__calyx_mem_dims(c, sizes, aw);
	unsigned w = st__calyx_mem_width(c);
	char a[160], b[160], d[160], z[32], addr[32], m[32], we[160], re[160], men_we[160], men_re[160];
	strcpy(we, p(c, "write_en", b));
	strcpy(re, seq ? p(c, "content_en", b) : "");
	strcpy(men_we, we);
	strcpy(men_re, re);
	/* CIRCT's defect: the memory's own enables left unconnected (low),
	 * while the done logic still sees the requests. */
	if (!(s->fixes & C2H_FIX_MEM_EN)) {
		c2h_const(s, 1, 0, men_we);
		if (seq)
			c2h_const(s, 1, 0, men_re);
	}
	st_str sym = st__calyx_sym(c);
	if (st__calyx_is_external(c)) {
		/* The data path is outside, behind the module's ports. */
		c2h_printf(s, "  %s = hw.wire %%%.*s_read_data : i%u\n", p(c, "read_data", a), (int)sym.len, sym.data, w);
		c2h_printf(s, "  %s = hw.wire %%%.*s_done : i1\n", p(c, "done", a), (int)sym.len, sym.data);
		return;
	}
	/* done: one cycle after a write (or, for seq memories, a read). */
	if (seq) {
		c2h_printf(s, "  %s = comb.or %s, %s : i1\n", c2h_temp(s, z), we, re);
		c2h_printf(s, "  %s = seq.compreg %s, %%clk reset %%reset, %s : i1\n", p(c, "done", a), z, c2h_const(s, 1, 0, d));
	} else {
		c2h_printf(s, "  %s = seq.compreg %s, %%clk reset %%reset, %s : i1\n", p(c, "done", a), we, c2h_const(s, 1, 0, d));
	}
	uint64_t total = 1;
	for (size_t i = 0; i < dims; i++)
		total *= (uint64_t)sizes[i];
	unsigned fw = index_width(total);
	flat_address(s, c, dims, sizes, aw, fw, addr);
	st_attr *init = st_op_get_attr(c, "calyx.init");
	if (init) {
		rom(s, c, init, w, addr, fw);
		return;
	}
	c2h_printf(s, "  %s = seq.hlmem @%.*s %%clk, %%reset : !seq.hlmem<%lluxi%u>\n", c2h_temp(s, m), (int)sym.len, sym.data,
	           (unsigned long long)total, w);
	c2h_printf(s, "  seq.write %s[%s] %s wren %s {latency = 1} : !seq.hlmem<%lluxi%u>\n", m, addr, p(c, "write_data", a), men_we,
	           (unsigned long long)total, w);
	if (seq)
		c2h_printf(s, "  %s = seq.read %s[%s] rden %s {latency = 1} : !seq.hlmem<%lluxi%u>\n", p(c, "read_data", a), m,
		           addr, men_re, (unsigned long long)total, w);
	else
		c2h_printf(s, "  %s = seq.read %s[%s] {latency = 0} : !seq.hlmem<%lluxi%u>\n", p(c, "read_data", a), m, addr,
		           (unsigned long long)total, w);
}

void c2h_cell(c2h *s, st_op *c) {
	char a[160], b[160], d[160], z[32];
	const st__calyx_cell *k = st__calyx_cell_of(c);
	unsigned w = width(c, 0);
	switch (k->kind) {
	case CX_REG: reg(s, c); return;
	case CX_ADD: binary(s, c, "comb.add"); return;
	case CX_SUB: binary(s, c, "comb.sub"); return;
	case CX_AND: binary(s, c, "comb.and"); return;
	case CX_OR: binary(s, c, "comb.or"); return;
	case CX_XOR: binary(s, c, "comb.xor"); return;
	case CX_LSH: binary(s, c, "comb.shl"); return;
	case CX_RSH: binary(s, c, "comb.shru"); return;
	case CX_SRSH: binary(s, c, "comb.shrs"); return;
	case CX_LT: compare(s, c, "ult"); return;
	case CX_GT: compare(s, c, "ugt"); return;
	case CX_EQ: case CX_SEQ: compare(s, c, "eq"); return;
	case CX_NEQ: case CX_SNEQ: compare(s, c, "ne"); return;
	case CX_GE: compare(s, c, "uge"); return;
	case CX_LE: compare(s, c, "ule"); return;
	case CX_SLT: compare(s, c, "slt"); return;
	case CX_SGT: compare(s, c, "sgt"); return;
	case CX_SGE: compare(s, c, "sge"); return;
	case CX_SLE: compare(s, c, "sle"); return;
	case CX_NOT:
		/* CIRCT's defect: xor with a one-bit 1 flips only bit 0. */
		c2h_printf(s, "  %s = comb.xor %s, %s : i%u\n", p(c, "out", a), p(c, "in", b),
		           c2h_const(s, w, (s->fixes & C2H_FIX_NOT) ? -1 : 1, z), w);
		return;
	case CX_WIRE: c2h_printf(s, "  %s = hw.wire %s : i%u\n", p(c, "out", a), p(c, "in", b), w); return;
	case CX_SLICE:
		if (width(c, 1) == w)
			c2h_printf(s, "  %s = hw.wire %s : i%u\n", p(c, "out", a), p(c, "in", b), w);
		else
			c2h_printf(s, "  %s = comb.extract %s from 0 : (i%u) -> i%u\n", p(c, "out", a), p(c, "in", b), w, width(c, 1));
		return;
	case CX_PAD:
		if (width(c, 1) == w)
			c2h_printf(s, "  %s = hw.wire %s : i%u\n", p(c, "out", a), p(c, "in", b), w);
		else
			c2h_printf(s, "  %s = comb.concat %s, %s : i%u, i%u\n", p(c, "out", a), c2h_const(s, width(c, 1) - w, 0, z),
			           p(c, "in", b), width(c, 1) - w, w);
		return;
	case CX_MUX:
		c2h_printf(s, "  %s = comb.mux %s, %s, %s : i%u\n", p(c, "out", a), p(c, "cond", b), p(c, "tru", d),
		           p(c, "fal", z), width(c, 1));
		return;
	case CX_MULT: pipe(s, c, "comb.mul", MULT_LATENCY); return;
	case CX_DIVU: pipe(s, c, "comb.divu", width(c, 3)); return;
	case CX_REMU: pipe(s, c, "comb.modu", width(c, 3)); return;
	case CX_DIVS: pipe(s, c, "comb.divs", width(c, 3)); return;
	case CX_REMS: pipe(s, c, "comb.mods", width(c, 3)); return;
	case CX_MEM: memory(s, c, false); return;
	case CX_SEQ_MEM: memory(s, c, true); return;
	case CX_INSTANCE: return; /* written with the module's ports */
	}
}
