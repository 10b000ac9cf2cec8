/* The fabric simulator's configuration: the bitstream's register writes
 * decoded into multiplexer selects, PE operations, register sites, MEM
 * controllers and IO streams, checked against the fabric (a register the
 * tile lacks, a select past its multiplexer, a combinational loop are
 * errors at the bitstream line that set them). */
#include "cgra_sim.h"

#include <stdarg.h>
#include <string.h>

static st_status bad(st_cgra_sim *s, uint32_t line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static st_status bad(st_cgra_sim *s, uint32_t line, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(s->ctx, ST_SEV_ERROR, st__cg_bitstream_loc(s->b, line), fmt, ap);
	va_end(ap);
	return d ? st_diag_emit(d) : ST_FAIL;
}

static int32_t class_width(const st_cgra_sim *s, uint32_t k) {
	int32_t w = 0, t = 0;
	st_cgra_fabric_track_class(s->f, k, &w, &t);
	return w;
}

static void set_field(cg_ctrl *c, uint32_t field, int64_t v) {
	if (field == CG_CF_HEAD) {
		c->levels = (unsigned)(v & 0xff);
		c->dir = (int)((v >> 8) & 1);
		c->unit = (int)((v >> 9) & 3);
		c->on_writes = (v >> 11) & 1;
		c->pin = (int)((v >> 12) & 0xff) - 1;
	} else if (field == CG_CF_CYCLE_OFFSET)
		c->cycle_offset = v;
	else if (field == CG_CF_ADDR_OFFSET)
		c->addr_offset = v;
	else if (field == CG_CF_WRAP)
		c->wrap = v;
	else if (field == CG_CF_BASE)
		c->base = v;
	else if (field >= CG_CF_EXTENT && field < CG_CF_EXTENT + CG_MAX_LEVELS)
		c->extent[field - CG_CF_EXTENT] = v;
	else if (field >= CG_CF_CYCLE_STRIDE && field < CG_CF_CYCLE_STRIDE + CG_MAX_LEVELS)
		c->cycle_stride[field - CG_CF_CYCLE_STRIDE] = v;
	else if (field >= CG_CF_ADDR_STRIDE && field < CG_CF_ADDR_STRIDE + CG_MAX_LEVELS)
		c->addr_stride[field - CG_CF_ADDR_STRIDE] = v;
}

static bool field_ok(uint32_t field) {
	return field <= CG_CF_BASE || (field >= CG_CF_EXTENT && field < CG_CF_ADDR_STRIDE + CG_MAX_LEVELS);
}

static sim_pe *pe_of(st_cgra_sim *s, int32_t t) {
	if (s->tile_pe[t] < 0) {
		sim_pe *p = &s->pes[s->npes];
		memset(p, 0, sizeof *p);
		p->tile = t;
		for (int i = 0; i < 3; i++)
			p->lut_in[i] = -1;
		s->tile_pe[t] = (int32_t)s->npes++;
	}
	return &s->pes[s->tile_pe[t]];
}

static sim_mem *mem_of(st_cgra_sim *s, int32_t t, uint32_t line) {
	if (s->tile_mem[t] < 0) {
		sim_mem *m = &s->mems[s->nmems];
		memset(m, 0, sizeof *m);
		m->tile = t;
		m->line = line;
		s->tile_mem[t] = (int32_t)s->nmems++;
	}
	return &s->mems[s->tile_mem[t]];
}

static sim_io *io_of(st_cgra_sim *s, int32_t t, uint32_t line) {
	if (s->tile_io[t] < 0) {
		sim_io *io = &s->ios[s->nios];
		memset(io, 0, sizeof *io);
		io->tile = t;
		io->line = line;
		io->c.line = line;
		io->first = -1;
		s->tile_io[t] = (int32_t)s->nios++;
	}
	return &s->ios[s->tile_io[t]];
}

static sim_reg *reg_of(st_cgra_sim *s, int32_t t, int32_t width, uint32_t site, uint32_t line) {
	int32_t d = st_cgra_fabric_reg(s->f, t, width, (int32_t)site, false);
	if (d < 0)
		return NULL;
	for (size_t i = 0; i < s->nregs; i++)
		if (s->regs[i].d == d)
			return &s->regs[i];
	if (s->nregs == s->capregs) {
		size_t nc = s->capregs ? 2 * s->capregs : 64;
		sim_reg *p = st_ctx_realloc(s->ctx, s->regs, s->capregs * sizeof *p, nc * sizeof *p);
		if (!p)
			return NULL;
		s->regs = p;
		s->capregs = nc;
	}
	sim_reg *r = &s->regs[s->nregs++];
	memset(r, 0, sizeof *r);
	r->tile = t;
	r->d = d;
	r->q = d + 1;
	r->line = line;
	return r;
}

static st_status set_mux(st_cgra_sim *s, int32_t node, int64_t v, uint32_t line) {
	const int32_t *in;
	size_t n = st_cgra_fabric_fanin(s->f, node, &in);
	if (v < 0 || (uint64_t)v > n) {
		char nm[96];
		st_cgra_fabric_node_name(s->f, node, nm, sizeof nm);
		return bad(s, line, "cgra-sim: the multiplexer of %s has %zu inputs; select %lld is none of them", nm, n,
		           (long long)v);
	}
	s->sel[node] = (int32_t)v;
	s->sel_line[node] = line;
	return ST_OK;
}

static st_status core_write(st_cgra_sim *s, const st_cgra_tile *tl, int32_t t, uint32_t reg, int64_t v, uint32_t line) {
	uint32_t r = reg - CG_REG_CORE;
	if (tl->kind == ST_CGRA_PE) {
		sim_pe *p = pe_of(s, t);
		switch (r) {
		case CG_PE_OP:
			if (v < 0 || v >= CG_OP_COUNT)
				return bad(s, line, "cgra-sim: PE operation %lld does not exist", (long long)v);
			p->op = (int)v;
			return ST_OK;
		case CG_PE_FLAGS:
			p->sign = v & 1;
			p->bf16 = (v >> 1) & 1;
			p->mul = (int)((v >> 2) & 3);
			return ST_OK;
		case CG_PE_KONST:
			p->konst[0] = v & 1;
			p->konst[1] = (v >> 1) & 1;
			return ST_OK;
		case CG_PE_CONST0:
		case CG_PE_CONST1:
			p->cval[r - CG_PE_CONST0] = (uint64_t)v & st__cg_mask(s->D);
			return ST_OK;
		case CG_PE_LUT:
			p->table = (uint8_t)(v & 0xff);
			p->lut = (v >> 8) & 1;
			return ST_OK;
		case CG_PE_LUT_IN:
			for (int i = 0; i < 3; i++)
				p->lut_in[i] = (int)((v >> (2 * i)) & 3);
			return ST_OK;
		default:
			break;
		}
	} else if (tl->kind == ST_CGRA_MEM) {
		sim_mem *m = mem_of(s, t, line);
		switch (r) {
		case CG_MEM_MODE:
			m->mode = (int)v;
			return v >= 1 && v <= 3 ? ST_OK : bad(s, line, "cgra-sim: MEM mode %lld does not exist", (long long)v);
		case CG_MEM_FETCH:
			m->fetch = v;
			return ST_OK;
		case CG_MEM_NCTRLS:
			if (v < 0 || v > CG_MAX_CTRLS)
				return bad(s, line, "cgra-sim: a MEM has at most %d controllers", CG_MAX_CTRLS);
			m->nctrls = (size_t)v;
			return ST_OK;
		case CG_MEM_HAS_WEV:
			m->has_wev = v & 1;
			return ST_OK;
		default:
			break;
		}
	} else if (tl->kind == ST_CGRA_IO) {
		sim_io *io = io_of(s, t, line);
		if (r == CG_IO_DIR) {
			io->out = v == 2;
			return v == 1 || v == 2 ? ST_OK : bad(s, line, "cgra-sim: IO direction %lld does not exist", (long long)v);
		}
		if (r == CG_IO_ARG) {
			io->arg = (int)v;
			return v >= 0 && v < 1024 ? ST_OK : bad(s, line, "cgra-sim: host argument %lld does not exist", (long long)v);
		}
	}
	return bad(s, line, "cgra-sim: register %04x does not exist in the tile at (%lld,%lld)", reg, (long long)tl->row,
	           (long long)tl->col);
}

static st_status one_write(st_cgra_sim *s, uint32_t tile, uint32_t reg, int64_t v, uint32_t line) {
	int64_t row = (int64_t)(tile >> 16) - 1, col = (int64_t)(tile & 0xffff) - 1;
	int32_t t = st_cgra_fabric_tile_at(s->f, row, col);
	if (t < 0)
		return bad(s, line, "cgra-sim: no tile at (%lld,%lld)", (long long)row, (long long)col);
	const st_cgra_tile *tl = st_cgra_fabric_tile(s->f, (size_t)t);
	if (reg < CG_REG_CB) {
		int32_t node = st_cgra_fabric_wire(s->f, t, class_width(s, (reg >> 10) & 3), (int32_t)((reg >> 8) & 3),
		                                   (int32_t)(reg & 0xff));
		if (node < 0)
			return bad(s, line, "cgra-sim: the switch box at (%lld,%lld) has no wire for register %04x", (long long)row,
			           (long long)col, reg);
		return set_mux(s, node, v, line);
	}
	if (reg < CG_REG_SITE_IN) {
		uint32_t p = reg - CG_REG_CB;
		int32_t node = (int32_t)p < tl->data_in ? st_cgra_fabric_pin(s->f, t, true, s->D, (int32_t)p)
		                                        : st_cgra_fabric_pin(s->f, t, true, 1, (int32_t)p - tl->data_in);
		if (node < 0)
			return bad(s, line, "cgra-sim: the tile at (%lld,%lld) has no input pin %u", (long long)row, (long long)col, p);
		return set_mux(s, node, v, line);
	}
	if (reg < CG_REG_SITE_MODE || (reg >= CG_REG_SITE_MODE && reg < CG_REG_SITE_MODE + 0x100)) {
		bool mode = reg >= CG_REG_SITE_MODE;
		uint32_t k = (reg >> 6) & 3, i = reg & 63;
		sim_reg *r = reg_of(s, t, class_width(s, k), i, line);
		if (!r)
			return bad(s, line, "cgra-sim: the switch box at (%lld,%lld) has no register site %u of class %u",
			           (long long)row, (long long)col, i, k);
		if (!mode)
			return set_mux(s, r->d, v, line);
		if (v != 1 && v != 2)
			return bad(s, line, "cgra-sim: register mode %lld does not exist", (long long)v);
		r->mode = (int)v;
		return ST_OK;
	}
	if (reg >= CG_REG_SITE_EN && reg < CG_REG_ROM) {
		uint32_t k = (reg >> 11) & 3, i = (reg >> 5) & 63, field = reg & 31;
		sim_reg *r = reg_of(s, t, class_width(s, k), i, line);
		if (!r || !field_ok(field))
			return bad(s, line, "cgra-sim: register %04x does not exist in the switch box at (%lld,%lld)", reg,
			           (long long)row, (long long)col);
		set_field(&r->en.c, field, v);
		r->en.line = line;
		return ST_OK;
	}
	if (reg >= CG_REG_CORE && reg < CG_REG_CORE + 16)
		return core_write(s, tl, t, reg, v, line);
	if ((reg >= CG_REG_WEV && reg < CG_REG_WEV + CG_CF_SIZE) ||
	    (reg >= CG_REG_CTRL && reg < CG_REG_CTRL + CG_MAX_CTRLS * CG_CF_SIZE)) {
		uint32_t field = reg & 31;
		if (!field_ok(field) || tl->kind == ST_CGRA_PE || (tl->kind == ST_CGRA_IO && reg != CG_REG_CTRL + field))
			return bad(s, line, "cgra-sim: register %04x does not exist in the tile at (%lld,%lld)", reg,
			           (long long)row, (long long)col);
		if (tl->kind == ST_CGRA_IO) {
			set_field(&io_of(s, t, line)->c.c, field, v);
			return ST_OK;
		}
		sim_mem *m = mem_of(s, t, line);
		sim_ctrl *c = reg >= CG_REG_CTRL ? &m->ctrls[(reg - CG_REG_CTRL) >> 5] : &m->wev;
		set_field(&c->c, field, v);
		c->line = line;
		return ST_OK;
	}
	if (reg >= CG_REG_ROM && tl->kind == ST_CGRA_MEM) {
		sim_mem *m = mem_of(s, t, line);
		uint32_t a = reg - CG_REG_ROM;
		if (a >= m->nrom_cap) {
			size_t nc = a + 1 > 2 * m->nrom_cap ? a + 1 : 2 * m->nrom_cap;
			uint64_t *p = st_ctx_realloc(s->ctx, m->rom, m->nrom_cap * sizeof *p, nc * sizeof *p);
			if (!p)
				return ST_FAIL;
			memset(p + m->nrom_cap, 0, (nc - m->nrom_cap) * sizeof *p);
			m->rom = p;
			m->nrom_cap = nc;
		}
		m->rom[a] = (uint64_t)v;
		m->nrom = a + 1 > m->nrom ? a + 1 : m->nrom;
		return ST_OK;
	}
	return bad(s, line, "cgra-sim: register %04x does not exist in the tile at (%lld,%lld)", reg, (long long)row,
	           (long long)col);
}

/* The source driving each input pin and register input, through the
 * switch boxes' selects. */
static st_status resolve(st_cgra_sim *s) {
	for (size_t v = 0; v < s->V; v++) {
		s->drv[v] = -1;
		const st_cgra_node *n = st_cgra_fabric_node(s->f, (int32_t)v);
		if (n->kind != ST_CGRA_PIN_IN && n->kind != ST_CGRA_REG_D)
			continue;
		int32_t at = (int32_t)v;
		for (size_t steps = 0; s->sel[at] > 0; steps++) {
			if (steps > s->V)
				return bad(s, s->sel_line[at], "cgra-sim: the switch boxes form a combinational loop");
			const int32_t *in;
			st_cgra_fabric_fanin(s->f, at, &in);
			at = in[s->sel[at] - 1];
			const st_cgra_node *m = st_cgra_fabric_node(s->f, at);
			if (m->kind == ST_CGRA_PIN_OUT || m->kind == ST_CGRA_REG_Q) {
				s->drv[v] = at;
				break;
			}
		}
	}
	return ST_OK;
}

/* A ram or rom: word-addressed, each controller a port (a write on the
 * input pin it names, a read on the output pin), a ROM preloaded. */
static st_status finish_ram(st_cgra_sim *s, sim_mem *m, const st_cgra_tile *tl) {
	m->words = st_acg_int(tl->node, "depth", 0) * st_acg_int(tl->node, "banks", 1);
	if (m->words <= 0 || m->words > ((int64_t)1 << 24))
		return bad(s, m->line, "cgra-sim: the MEM at (%lld,%lld) holds no words", (long long)tl->row, (long long)tl->col);
	if ((int64_t)m->nrom > m->words)
		return bad(s, m->line, "cgra-sim: the ROM of the MEM at (%lld,%lld) has %zu words, more than its %lld",
		           (long long)tl->row, (long long)tl->col, m->nrom, (long long)m->words);
	m->data = st_ctx_alloc(s->ctx, (size_t)m->words * sizeof *m->data);
	if (!m->data)
		return ST_FAIL;
	memset(m->data, 0, (size_t)m->words * sizeof *m->data);
	for (size_t a = 0; a < m->nrom; a++)
		m->data[a] = m->rom[a] & st__cg_mask(s->D);
	for (size_t j = 0; j < m->nctrls; j++) {
		sim_ctrl *c = &m->ctrls[j];
		int ports = c->c.dir ? tl->data_out : tl->data_in;
		if (c->c.levels > CG_MAX_LEVELS || c->c.pin < 0 || c->c.pin >= ports || c->c.on_writes || c->c.unit)
			return bad(s, c->line, "cgra-sim: MEM controller %zu serves no port of the tile", j);
		if (m->mode == 3 && !c->c.dir)
			return bad(s, c->line, "cgra-sim: a ROM's controller %zu writes", j);
		st__cg_sc_start(c);
	}
	return ST_OK;
}

static st_status finish_mem(st_cgra_sim *s, sim_mem *m) {
	const st_cgra_tile *tl = st_cgra_fabric_tile(s->f, (size_t)m->tile);
	if (m->mode == 2 || m->mode == 3)
		return finish_ram(s, m, tl);
	if (m->mode != 1)
		return bad(s, m->line, "cgra-sim: the MEM at (%lld,%lld) has no mode", (long long)tl->row, (long long)tl->col);
	int64_t fw = 1;
	st_attr *p = st_acg_param(tl->node, "fetch_width");
	if (p && st_attr_get_kind(p) == ST_ATTR_INTEGER)
		fw = st_attr_int_value(p);
	if (m->fetch != 1 && m->fetch != fw)
		return bad(s, m->line, "cgra-sim: the MEM at (%lld,%lld) fetches %lld words, not %lld", (long long)tl->row,
		           (long long)tl->col, (long long)m->fetch, (long long)fw);
	if (m->fetch < 1 || m->fetch > 16)
		return bad(s, m->line, "cgra-sim: a MEM fetches 1 to 16 words");
	m->words = st_acg_int(tl->node, "depth", 0) * st_acg_int(tl->node, "banks", 1);
	if (m->words <= 0 || m->words > ((int64_t)1 << 24))
		return bad(s, m->line, "cgra-sim: the MEM at (%lld,%lld) holds no words", (long long)tl->row, (long long)tl->col);
	m->data = st_ctx_alloc(s->ctx, (size_t)m->words * sizeof *m->data);
	if (!m->data)
		return ST_FAIL;
	memset(m->data, 0, (size_t)m->words * sizeof *m->data);
	int per = m->fetch > 1 ? 4 : 2;
	for (size_t j = 0; j < m->nctrls; j++) {
		sim_ctrl *c = &m->ctrls[j];
		if (c->c.levels > CG_MAX_LEVELS || c->c.pin < 0 || c->c.pin >= tl->data_in || c->c.pin >= tl->data_out)
			return bad(s, c->line, "cgra-sim: MEM controller %zu serves no port of the tile", j);
		sim_seg *g = NULL;
		for (size_t k = 0; k < m->nsegs; k++)
			if (m->segs[k].pin == c->c.pin)
				g = &m->segs[k];
		if (!g) {
			if (m->nsegs == 8)
				return bad(s, c->line, "cgra-sim: a MEM holds at most 8 segments");
			g = &m->segs[m->nsegs++];
			memset(g, 0, sizeof *g);
			g->pin = c->c.pin;
		}
		if (g->n == per)
			return bad(s, c->line, "cgra-sim: the line segment on port %d has more than %d controllers", g->pin, per);
		g->c[g->n++] = c;
		if (c->c.on_writes != (per == 4))
			return bad(s, c->line, "cgra-sim: a %s line segment's controllers count %s", per == 4 ? "wide" : "narrow",
			           per == 4 ? "write events" : "cycles");
	}
	for (size_t k = 0; k < m->nsegs; k++) {
		if (m->segs[k].n != per)
			return bad(s, m->line, "cgra-sim: the line segment on port %d has %d controllers, not %d", m->segs[k].pin,
			           m->segs[k].n, per);
		m->in[k] = st_cgra_fabric_pin(s->f, m->tile, true, s->D, m->segs[k].pin);
		m->outp[k] = st_cgra_fabric_pin(s->f, m->tile, false, s->D, m->segs[k].pin);
	}
	if (per == 4 && !m->has_wev)
		return bad(s, m->line, "cgra-sim: a wide MEM needs its write-event generator");
	for (size_t j = 0; j < m->nctrls; j++)
		st__cg_sc_start(&m->ctrls[j]);
	if (m->has_wev)
		st__cg_sc_start(&m->wev);
	return ST_OK;
}

st_status st__cg_sim_load(st_cgra_sim *s) {
	size_t T = st_cgra_fabric_num_tiles(s->f), nw = st_cgra_bitstream_num_writes(s->b);
	for (size_t t = 0; t < T; t++)
		s->tile_pe[t] = s->tile_mem[t] = s->tile_io[t] = -1;
	for (size_t i = 0; i < nw; i++) {
		uint32_t tile, reg, line;
		int64_t v;
		st__cg_bitstream_write(s->b, i, &tile, &reg, &v, &line);
		if (st_failed(one_write(s, tile, reg, v, line)))
			return ST_FAIL;
	}
	if (st_failed(resolve(s)))
		return ST_FAIL;
	for (size_t i = 0; i < s->npes; i++) {
		sim_pe *p = &s->pes[i];
		for (int k = 0; k < 2; k++)
			p->in_data[k] = st_cgra_fabric_pin(s->f, p->tile, true, s->D, k);
		for (int k = 0; k < 3; k++)
			p->in_bit[k] = st_cgra_fabric_pin(s->f, p->tile, true, 1, k);
		p->out_data = st_cgra_fabric_pin(s->f, p->tile, false, s->D, 0);
		p->out_bit = st_cgra_fabric_pin(s->f, p->tile, false, 1, 0);
	}
	for (size_t i = 0; i < s->nregs; i++) {
		sim_reg *r = &s->regs[i];
		if (!r->mode)
			return bad(s, r->line, "cgra-sim: a register site is configured but not enabled");
		if (r->mode == 2) {
			r->en.c.on_writes = false;
			st__cg_sc_start(&r->en);
		}
	}
	for (size_t i = 0; i < s->nmems; i++)
		if (st_failed(finish_mem(s, &s->mems[i])))
			return ST_FAIL;
	for (size_t i = 0; i < s->nios; i++) {
		sim_io *io = &s->ios[i];
		const st_cgra_host_array *a = NULL;
		for (size_t k = 0; k < st_cgra_bitstream_num_arrays(s->b); k++)
			if (st_cgra_bitstream_array(s->b, k)->arg == io->arg)
				a = st_cgra_bitstream_array(s->b, k);
		if (!a || a->out != io->out)
			return bad(s, io->line, "cgra-sim: the IO tile streams argument %d %s the fabric, which the header does "
			                        "not describe as an%s array",
			           io->arg, io->out ? "out of" : "into", io->out ? " output" : " input");
		io->pin = st_cgra_fabric_pin(s->f, io->tile, io->out, s->D, 0);
		if (io->c.c.levels > CG_MAX_LEVELS || io->pin < 0)
			return bad(s, io->line, "cgra-sim: the IO tile's controller is malformed");
		st__cg_sc_start(&io->c);
	}
	return ST_OK;
}
