/* The picture of a placed and routed design (docs/cgra.md, "Pictures"):
 * an SVG of the fabric with every tile by kind (PE, MEM, IO), the
 * operation or element on each used tile, the register sites in use as
 * small squares (pipeline registers hollow, enabled shift registers
 * filled), and every net as the wires of its route, 16-bit tracks blue,
 * 1-bit tracks red, each track at its own offset.  From the dialect's IR
 * alone (strata-translate --cgra-to-svg). */
#include "cgra_internal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CELL 60
#define MARGIN 20

typedef struct pic {
	st_write_fn w;
	void *ud;
	const st_cgra_fabric *f;
} pic;

static void put(pic *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(pic *p, const char *fmt, ...) {
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		p->w(p->ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* The top-left corner of a tile's cell (the IO ring is row/column -1). */
static int64_t cx(int64_t col) { return MARGIN + (col + 1) * CELL; }
static int64_t cy(int64_t row) { return MARGIN + (row + 1) * CELL; }

static void text(pic *p, int64_t x, int64_t y, int size, const char *s) {
	put(p, "<text x=\"%" PRId64 "\" y=\"%" PRId64 "\" font-size=\"%d\" text-anchor=\"middle\">", x, y, size);
	for (const char *c = s; *c; c++) {
		if (*c == '<')
			put(p, "&lt;");
		else if (*c == '&')
			put(p, "&amp;");
		else
			p->w(p->ud, c, 1);
	}
	put(p, "</text>\n");
}

static void tiles(pic *p) {
	static const char *const fill[] = {"#eeeeee", "#cfe2ff", "#d1f0d1", "#fff3bf"};
	for (size_t t = 0; t < st_cgra_fabric_num_tiles(p->f); t++) {
		const st_cgra_tile *tl = st_cgra_fabric_tile(p->f, t);
		put(p,
		    "<rect x=\"%" PRId64 "\" y=\"%" PRId64 "\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#999\" "
		    "stroke-width=\"0.5\"/>\n",
		    cx(tl->col) + 2, cy(tl->row) + 2, CELL - 4, CELL - 4, fill[tl->kind]);
	}
}

/* One wire: from its tile's centre towards the neighbour's, offset by its
 * track so that parallel tracks stay apart. */
static void wire(pic *p, int32_t v) {
	const st_cgra_node *n = st_cgra_fabric_node(p->f, v);
	const st_cgra_tile *t = st_cgra_fabric_tile(p->f, (size_t)n->tile);
	static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
	int64_t off = 8 + 4 * n->index - (n->width == 1 ? 20 : 0);
	int64_t x0 = cx(t->col) + CELL / 2, y0 = cy(t->row) + CELL / 2;
	int64_t x1 = x0 + dc[n->side] * CELL, y1 = y0 + dr[n->side] * CELL;
	if (dr[n->side]) {
		x0 += off - CELL / 4;
		x1 += off - CELL / 4;
	} else {
		y0 += off - CELL / 4;
		y1 += off - CELL / 4;
	}
	put(p,
	    "<line x1=\"%" PRId64 "\" y1=\"%" PRId64 "\" x2=\"%" PRId64 "\" y2=\"%" PRId64 "\" stroke=\"%s\" "
	    "stroke-width=\"1.2\" stroke-opacity=\"0.7\"/>\n",
	    x0, y0, x1, y1, n->width == 1 ? "#d9480f" : "#1c7ed6");
}

static void insts(pic *p, st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "cgra.inst"))
			continue;
		int64_t r = st_acg_int(op, "row", 0), c = st_acg_int(op, "col", 0);
		st_str kind = st_attr_string(st_op_get_attr(op, "kind"));
		st_attr *cfg = st_op_get_attr(op, "config");
		if (st_str_eq_c(kind, "REG")) {
			int64_t site = st_acg_int(op, "site", 0), w = st_acg_int(op, "width", 16);
			bool en = cfg && st_attr_dict_get_c(cfg, "enable");
			int64_t x = cx(c) + 4 + (site % 8) * 6, y = cy(r) + CELL - 10 - (w == 1 ? 6 : 0);
			put(p,
			    "<rect x=\"%" PRId64 "\" y=\"%" PRId64 "\" width=\"5\" height=\"5\" fill=\"%s\" stroke=\"#333\" "
			    "stroke-width=\"0.5\"/>\n",
			    x, y, en ? "#333" : "none");
			continue;
		}
		char label[64];
		st_attr *o = cfg ? st_attr_dict_get_c(cfg, "op") : NULL;
		st_attr *lut = cfg ? st_attr_dict_get_c(cfg, "lut") : NULL;
		if (st_str_eq_c(kind, "PE"))
			snprintf(label, sizeof label, "%.*s%s", o ? (int)st_attr_string(o).len : 0, o ? st_attr_string(o).data : "",
			         lut ? (o ? "+LUT" : "LUT") : "");
		else if (st_str_eq_c(kind, "IO")) {
			st_attr *dir = cfg ? st_attr_dict_get_c(cfg, "dir") : NULL;
			st_attr *arg = cfg ? st_attr_dict_get_c(cfg, "arg") : NULL;
			snprintf(label, sizeof label, "%s %" PRId64, dir && st_str_eq_c(st_attr_string(dir), "out") ? "out" : "in",
			         arg ? st_attr_int_value(arg) : (int64_t)0);
		} else
			snprintf(label, sizeof label, "MEM");
		text(p, cx(c) + CELL / 2, cy(r) + CELL / 2 - 4, 10, label);
		char name[40];
		snprintf(name, sizeof name, "%.20s", st_ident_cstr(st_symbol_name(op)));
		text(p, cx(c) + CELL / 2, cy(r) + CELL / 2 + 8, 6, name);
	}
}

static void nets(pic *p, st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "cgra.net"))
			continue;
		st_attr *route = st_op_get_attr(op, "route");
		for (size_t k = 0; route && k < st_attr_array_size(route); k++) {
			st_attr *path = st_attr_array_elt(route, k);
			for (size_t i = 0; i < st_attr_array_size(path); i++) {
				int32_t v = st_cgra_fabric_lookup(p->f, st_attr_string(st_attr_array_elt(path, i)));
				const st_cgra_node *n = st_cgra_fabric_node(p->f, v);
				/* A path's first node is on the tree already (drawn). */
				if (n && n->kind == ST_CGRA_WIRE && i > 0)
					wire(p, v);
			}
		}
	}
}

st_status st_cgra_write_svg(st_op *module, st_write_fn w, void *ud) {
	st_op *design = st__cg_find_design(module, "cgra-to-svg");
	st_op *target = design ? st_cgra_design_target(design) : NULL;
	st_cgra_fabric *f = target ? st_cgra_fabric_create(target) : NULL;
	if (!f)
		return ST_FAIL;
	pic p = {w, ud, f};
	int64_t W = 2 * MARGIN + (st_cgra_fabric_cols(f) + 2) * CELL, H = 2 * MARGIN + (st_cgra_fabric_rows(f) + 2) * CELL;
	put(&p,
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%" PRId64 "\" height=\"%" PRId64 "\" viewBox=\"0 0 %" PRId64
	    " %" PRId64 "\" font-family=\"sans-serif\">\n",
	    W, H, W, H);
	put(&p, "<title>%s on %s</title>\n", st_ident_cstr(st_symbol_name(design)), st_ident_cstr(st_symbol_name(target)));
	tiles(&p);
	st_block *b = st_region_first_block(st_op_region(design, 0));
	nets(&p, b);
	insts(&p, b);
	put(&p, "</svg>\n");
	st_cgra_fabric_destroy(f);
	return ST_OK;
}
