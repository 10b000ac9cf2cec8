/* The bitstream writer (docs/cgra.md, "Bitstream"): a cgra.design's
 * instances and routes as register writes.  Every route edge sets the
 * multiplexer of the node it enters (a switch box for a wire, a connection
 * box for a pin or a register site); every instance writes its core
 * registers and controllers.  Reads the dialect's IR only. */
#include "cgra_bits.h"
#include "cgra_internal.h"

#include "strata/asm.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct writer {
	st_write_fn w;
	void *ud;
	const st_cgra_fabric *f;
	int64_t writes;
} writer;

static void out(writer *wr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(writer *wr, const char *fmt, ...) {
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		wr->w(wr->ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void reg(writer *wr, uint32_t tile, uint32_t r, int64_t v) {
	if (v == 0)
		return;
	out(wr, "%08" PRIx32 " %04" PRIx32 " %016" PRIx64 "\n", tile, r, (uint64_t)v);
	wr->writes++;
}

static int32_t class_index(const st_cgra_fabric *f, int32_t width) {
	for (size_t k = 0; k < st_cgra_fabric_num_track_classes(f); k++) {
		int32_t w, t;
		st_cgra_fabric_track_class(f, k, &w, &t);
		if (w == width)
			return (int32_t)k;
	}
	return -1;
}

static void ctrl(writer *wr, uint32_t tile, uint32_t at, const cg_ctrl *c) {
	reg(wr, tile, at + CG_CF_HEAD,
	    (int64_t)c->levels | (int64_t)c->dir << 8 | (int64_t)c->unit << 9 | (int64_t)c->on_writes << 11 |
	        (int64_t)(c->pin + 1) << 12);
	reg(wr, tile, at + CG_CF_CYCLE_OFFSET, c->cycle_offset);
	reg(wr, tile, at + CG_CF_ADDR_OFFSET, c->addr_offset);
	reg(wr, tile, at + CG_CF_WRAP, c->wrap);
	reg(wr, tile, at + CG_CF_BASE, c->base);
	for (unsigned i = 0; i < c->levels; i++) {
		reg(wr, tile, at + CG_CF_EXTENT + i, c->extent[i]);
		reg(wr, tile, at + CG_CF_CYCLE_STRIDE + i, c->cycle_stride[i]);
		reg(wr, tile, at + CG_CF_ADDR_STRIDE + i, c->addr_stride[i]);
	}
}

static bool cfg_int(st_attr *cfg, const char *k, int64_t *v) {
	st_attr *a = cfg ? st_attr_dict_get_c(cfg, k) : NULL;
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return false;
	*v = st_attr_int_value(a);
	return true;
}

static bool cfg_flag(st_attr *cfg, const char *k) {
	st_attr *a = cfg ? st_attr_dict_get_c(cfg, k) : NULL;
	return a && st_attr_is_bool(a) && st_attr_int_value(a);
}

static st_str cfg_str(st_attr *cfg, const char *k) {
	st_attr *a = cfg ? st_attr_dict_get_c(cfg, k) : NULL;
	return a && st_attr_get_kind(a) == ST_ATTR_STRING ? st_attr_string(a) : st_str_c("");
}

static st_status write_pe(writer *wr, st_op *op, uint32_t tile, st_attr *cfg) {
	st_str name = cfg_str(cfg, "op");
	int code = name.len ? st__cg_op_of_name(name) : 0;
	if (code < 0)
		return st_op_error(op, "cgra-to-bitstream: operation '%.*s' has no PE encoding", (int)name.len, name.data);
	st_str mul = cfg_str(cfg, "mul");
	int64_t flags = cfg_flag(cfg, "signed") | cfg_flag(cfg, "bf16") << 1 |
	                (st_str_eq_c(mul, "middle") ? 1 : st_str_eq_c(mul, "high") ? 2 : 0) << 2;
	int64_t c0 = 0, c1 = 0, lut = 0;
	bool k0 = cfg_int(cfg, "const0", &c0), k1 = cfg_int(cfg, "const1", &c1), has_lut = cfg_int(cfg, "lut", &lut);
	reg(wr, tile, CG_REG_CORE + CG_PE_OP, code);
	reg(wr, tile, CG_REG_CORE + CG_PE_FLAGS, flags);
	reg(wr, tile, CG_REG_CORE + CG_PE_KONST, k0 | k1 << 1);
	reg(wr, tile, CG_REG_CORE + CG_PE_CONST0, c0);
	reg(wr, tile, CG_REG_CORE + CG_PE_CONST1, c1);
	if (has_lut) {
		st_attr *in = st_attr_dict_get_c(cfg, "lut_in");
		int64_t sel = 0;
		for (size_t i = 0; in && i < st_attr_dense_array_size(in) && i < 3; i++)
			sel |= (st_attr_dense_array_int(in, i) & 3) << (2 * i);
		reg(wr, tile, CG_REG_CORE + CG_PE_LUT, (lut & 0xff) | 0x100);
		reg(wr, tile, CG_REG_CORE + CG_PE_LUT_IN, sel);
	}
	return ST_OK;
}

static st_status write_ctrl_attr(writer *wr, st_op *op, uint32_t tile, uint32_t at, st_attr *d) {
	cg_ctrl c;
	if (st_failed(st__cg_ctrl_from_dict(op, d, &c)))
		return ST_FAIL;
	ctrl(wr, tile, at, &c);
	return ST_OK;
}

static st_status write_mem(writer *wr, st_op *op, uint32_t tile, st_attr *cfg) {
	st_str mode = cfg_str(cfg, "mode");
	int m = st_str_eq_c(mode, "line") ? 1 : st_str_eq_c(mode, "ram") ? 2 : st_str_eq_c(mode, "rom") ? 3 : 0;
	if (!m)
		return st_op_error(op, "cgra-to-bitstream: MEM mode '%.*s' has no encoding", (int)mode.len, mode.data);
	st_attr *ctrls = st_attr_dict_get_c(cfg, "ctrls"), *wev = st_attr_dict_get_c(cfg, "wev");
	size_t n = ctrls && st_attr_get_kind(ctrls) == ST_ATTR_ARRAY ? st_attr_array_size(ctrls) : 0;
	if (n > CG_MAX_CTRLS)
		return st_op_error(op, "cgra-to-bitstream: a MEM has at most %d controllers", CG_MAX_CTRLS);
	int64_t fetch = 1, pin = -1;
	cfg_int(cfg, "fetch", &fetch);
	cfg_int(cfg, "addr_pin", &pin);
	reg(wr, tile, CG_REG_CORE + CG_MEM_MODE, m);
	reg(wr, tile, CG_REG_CORE + CG_MEM_FETCH, fetch);
	reg(wr, tile, CG_REG_CORE + CG_MEM_NCTRLS, (int64_t)n);
	reg(wr, tile, CG_REG_CORE + CG_MEM_HAS_WEV, wev != NULL);
	reg(wr, tile, CG_REG_CORE + CG_MEM_ADDR_PIN, pin + 1);
	for (size_t j = 0; j < n; j++)
		if (st_failed(write_ctrl_attr(wr, op, tile, CG_REG_CTRL + (uint32_t)j * CG_CF_SIZE, st_attr_array_elt(ctrls, j))))
			return ST_FAIL;
	if (wev && st_failed(write_ctrl_attr(wr, op, tile, CG_REG_WEV, wev)))
		return ST_FAIL;
	st_attr *rom = st_attr_dict_get_c(cfg, "rom");
	size_t nr = rom ? st_attr_dense_array_size(rom) : 0;
	if (nr > 0x8000)
		return st_op_error(op, "cgra-to-bitstream: a ROM of %zu words exceeds the 32768 the register map holds", nr);
	for (size_t a = 0; a < nr; a++)
		reg(wr, tile, CG_REG_ROM + (uint32_t)a, st_attr_dense_array_int(rom, a));
	return ST_OK;
}

static st_status write_inst(writer *wr, st_op *op) {
	st_attr *cfg = st_op_get_attr(op, "config");
	st_str kind = st_attr_string(st_op_get_attr(op, "kind"));
	int64_t row = st_acg_int(op, "row", 0), col = st_acg_int(op, "col", 0);
	uint32_t tile = cg_tile_addr(row, col);
	if (st_str_eq_c(kind, "PE"))
		return write_pe(wr, op, tile, cfg);
	if (st_str_eq_c(kind, "MEM"))
		return write_mem(wr, op, tile, cfg);
	if (st_str_eq_c(kind, "IO")) {
		st_str dir = cfg_str(cfg, "dir");
		int64_t arg = -1;
		if (!cfg_int(cfg, "arg", &arg) || arg < 0 || (!st_str_eq_c(dir, "in") && !st_str_eq_c(dir, "out")))
			return st_op_error(op, "cgra-to-bitstream: an IO tile needs 'dir' (in or out) and 'arg'");
		reg(wr, tile, CG_REG_CORE + CG_IO_DIR, st_str_eq_c(dir, "in") ? 1 : 2);
		reg(wr, tile, CG_REG_CORE + CG_IO_ARG, arg);
		st_attr *c = st_attr_dict_get_c(cfg, "ctrl");
		return write_ctrl_attr(wr, op, tile, CG_REG_CTRL, c);
	}
	/* A register site. */
	int32_t k = class_index(wr->f, (int32_t)st_acg_int(op, "width", 0));
	uint32_t site = (uint32_t)st_acg_int(op, "site", 0);
	st_attr *en = cfg ? st_attr_dict_get_c(cfg, "enable") : NULL;
	reg(wr, tile, CG_REG_SITE_MODE | (uint32_t)k << 6 | site, en ? 2 : 1);
	return en ? write_ctrl_attr(wr, op, tile, CG_REG_SITE_EN | (uint32_t)k << 11 | site << 5, en) : ST_OK;
}

/* The register holding the multiplexer in front of node v. */
static uint32_t mux_reg(const st_cgra_fabric *f, int32_t v) {
	const st_cgra_node *n = st_cgra_fabric_node(f, v);
	const st_cgra_tile *t = st_cgra_fabric_tile(f, (size_t)n->tile);
	int32_t k = class_index(f, n->width);
	switch (n->kind) {
	case ST_CGRA_WIRE:
		return CG_REG_SB | (uint32_t)k << 10 | (uint32_t)n->side << 8 | (uint32_t)n->index;
	case ST_CGRA_REG_D:
		return CG_REG_SITE_IN | (uint32_t)k << 6 | (uint32_t)n->index;
	default: {
		bool bit = n->width == 1 && st_cgra_fabric_data_width(f) != 1;
		return CG_REG_CB | (uint32_t)(bit ? t->data_in + n->index : n->index);
	}
	}
}

static st_status write_net(writer *wr, st_op *op) {
	st_attr *route = st_op_get_attr(op, "route");
	for (size_t p = 0; route && p < st_attr_array_size(route); p++) {
		st_attr *path = st_attr_array_elt(route, p);
		for (size_t i = 1; i < st_attr_array_size(path); i++) {
			int32_t a = st_cgra_fabric_lookup(wr->f, st_attr_string(st_attr_array_elt(path, i - 1)));
			int32_t b = st_cgra_fabric_lookup(wr->f, st_attr_string(st_attr_array_elt(path, i)));
			int32_t e = st_cgra_fabric_edge_index(wr->f, a, b);
			if (e < 0)
				return st_op_error(op, "cgra-to-bitstream: the route has an edge the fabric lacks");
			const st_cgra_tile *t = st_cgra_fabric_tile(wr->f, (size_t)st_cgra_fabric_node(wr->f, b)->tile);
			reg(wr, cg_tile_addr(t->row, t->col), mux_reg(wr->f, b), e + 1);
		}
	}
	if (!route)
		return st_op_error(op, "cgra-to-bitstream: the net is not routed");
	return ST_OK;
}

static void type_write(void *ud, const char *d, size_t n) {
	writer *wr = ud;
	wr->w(wr->ud, d, n);
}

st_status st_cgra_write_bitstream(st_op *module, st_write_fn w, void *ud) {
	st_op *design = st__cg_find_design(module, "cgra-to-bitstream");
	st_op *target = design ? st_cgra_design_target(design) : NULL;
	st_cgra_fabric *f = target ? st_cgra_fabric_create(target) : NULL;
	if (!f)
		return ST_FAIL;
	writer wr = {.w = w, .ud = ud, .f = f};
	st_context *ctx = st_op_context(design);
	out(&wr, "# Strata CGRA bitstream (docs/cgra.md): tile register value\n");
	out(&wr, "strata-cgra-bitstream %d\n", CG_BITSTREAM_VERSION);
	out(&wr, "target %s %" PRId64 " %" PRId64 " %016" PRIx64 "\n", st_ident_cstr(st_symbol_name(target)),
	    st_cgra_fabric_rows(f), st_cgra_fabric_cols(f), st_cgra_fabric_fingerprint(f));
	st_attr *host = st_op_get_attr(design, "host");
	for (size_t i = 0; host && i < st_attr_array_size(host); i++) {
		st_attr *a = st_attr_array_elt(host, i);
		int64_t arg = 0, base = 0;
		cfg_int(a, "arg", &arg);
		cfg_int(a, "base", &base);
		st_attr *ty = st_attr_dict_get_c(a, "type"), *shape = st_attr_dict_get_c(a, "shape");
		out(&wr, "array %" PRId64 " %s ", arg, st_str_eq_c(cfg_str(a, "dir"), "out") ? "out" : "in");
		if (ty)
			st_print_type(ctx, st_attr_type_value(ty), type_write, &wr);
		out(&wr, " %" PRId64 " ", base);
		for (size_t d = 0; shape && d < st_attr_dense_array_size(shape); d++)
			out(&wr, "%s%" PRId64, d ? "x" : "", st_attr_dense_array_int(shape, d));
		out(&wr, "\n");
	}
	st_status st = ST_OK;
	st_block *b = st_region_first_block(st_op_region(design, 0));
	for (st_op *op = st_block_first_op(b); st == ST_OK && op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "cgra.inst"))
			st = write_inst(&wr, op);
	for (st_op *op = st_block_first_op(b); st == ST_OK && op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "cgra.net"))
			st = write_net(&wr, op);
	if (st == ST_OK)
		out(&wr, "end %" PRId64 "\n", wr.writes);
	st_cgra_fabric_destroy(f);
	return st;
}
