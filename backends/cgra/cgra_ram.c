/* Random-access memories and ROMs in the netlist (docs/cgra.md, "From
 * unified buffers to a netlist"): a buffer ub-map put in a ram (several
 * write ports, reads at varying distances, the three phases of an
 * accumulation) or a rom (a constant table) becomes one MEM tile per
 * mapped element, each bank taking every write and serving its share of
 * the reads.
 * Its controllers go on the data pins of the ports they serve, write ports
 * on input pins, read ports on output pins, in the order they first
 * appear; a ROM is preloaded with its table, row-major. */
#include "cgra_internal.h"

#include <string.h>

static bool is_op(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static int pin_for(int *ports, int *n, int port) {
	for (int i = 0; i < *n; i++)
		if (ports[i] == port)
			return i;
	if (*n == 8)
		return -1;
	ports[*n] = port;
	return (*n)++;
}

/* The table of a rom buffer: the memref.global of its name. */
static st_status rom_contents(cg_netlist *nl, const cg_buffer *bf, cg_mem *m) {
	st_op *graph = st_op_parent_op(bf->op), *module = graph ? st_op_parent_op(graph) : NULL;
	st_op *g = module ? st_symbol_lookup(module, st_str_c(bf->name)) : NULL;
	st_attr *v = g && is_op(g, "memref.global") ? st_op_get_attr(g, "initial_value") : NULL;
	if (!v || st_attr_get_kind(v) != ST_ATTR_DENSE_ELEMENTS)
		return st_op_error(bf->op, "cgra: the ROM of '%s' finds no constant memref.global @%s to preload", bf->name,
		                   bf->name);
	if (st_type_is_float(st_type_element(st_attr_type(v))))
		return st_op_error(bf->op, "cgra: the ROM of '%s' holds floats, which the fabric does not carry", bf->name);
	int64_t n = st_type_num_elements_static(st_attr_type(v));
	if (n <= 0 || n > m->depth || n > 0x8000)
		return st_op_error(bf->op, "cgra: the ROM of '%s' holds %lld words, more than its %lld", bf->name,
		                   (long long)n, (long long)m->depth);
	m->rom = st_ctx_alloc(nl->ctx, (size_t)n * sizeof *m->rom);
	if (!m->rom)
		return ST_FAIL;
	m->nrom = (size_t)n;
	bool splat = st_attr_dense_is_splat(v);
	for (int64_t i = 0; i < n; i++)
		m->rom[i] = st_attr_dense_int(v, splat ? 0 : (size_t)i);
	return ST_OK;
}

st_status st__cg_ram_nodes(cg_netlist *nl, const cg_ub *u, int bi) {
	const cg_buffer *bf = &u->buffers[bi];
	const st_ub_map *map = u->map;
	bool any = false;
	for (size_t e = 0; e < map->nmems; e++) {
		const st_ub_mem *mem = &map->mems[e];
		if (mem->buffer != bi)
			continue;
		any = true;
		if (mem->kind != ST_UB_MEM_RAM && mem->kind != ST_UB_MEM_ROM)
			return st_op_error(bf->op, "cgra: an element '%s' of a %s buffer that is no memory", mem->name,
			                   bf->map == CG_MAP_RAM ? "ram" : "rom");
		if (mem->tiles != 1)
			return st_op_error(bf->op, "cgra: '%s' spans %lld chained MEM tiles; chained memories are not done yet",
			                   mem->name, (long long)mem->tiles);
		int32_t n = st__cg_add_node(nl, CG_MEM, mem->name, bf->op);
		if (n < 0)
			return ST_FAIL;
		cg_mem *m = &nl->nodes[n].mem;
		m->mode = mem->kind == ST_UB_MEM_ROM ? CG_MEM_ROM : CG_MEM_RAM;
		m->depth = mem->depth;
		m->fetch = 1;
		m->buffer = bi;
		m->ctrls = st_ctx_alloc(nl->ctx, (mem->nctrls + 1) * sizeof *m->ctrls);
		if (!m->ctrls)
			return ST_FAIL;
		m->nctrls = mem->nctrls;
		for (size_t j = 0; j < mem->nctrls; j++) {
			const st_ub_ctrl *c = &mem->ctrls[j];
			st__cg_ctrl_of_ub(c, &m->ctrls[j]);
			int k = c->port;
			if (k < 0 || (size_t)k >= u->nports || u->ports[k].buffer != bi)
				return st_op_error(bf->op, "cgra: controller %zu of '%s' serves no port of buffer '%s'", j, mem->name,
				                   bf->name);
			int pin = c->write ? pin_for(m->in_port, &m->nin, k) : pin_for(m->out_port, &m->nout, k);
			if (pin < 0)
				return st_op_error(bf->op, "cgra: '%s' serves more than 8 ports", mem->name);
			m->ctrls[j].pin = pin;
		}
		if (m->mode == CG_MEM_ROM && st_failed(rom_contents(nl, bf, m)))
			return ST_FAIL;
	}
	if (!any)
		return st_op_error(bf->op, "cgra: buffer '%s' is mapped to a %s but has no element", bf->name,
		                   bf->map == CG_MAP_RAM ? "ram" : "rom");
	return ST_OK;
}

bool st__cg_ram_read(const cg_netlist *nl, int bi, int k, cg_sig *out) {
	for (size_t i = 0; i < nl->n; i++) {
		const cg_node *n = &nl->nodes[i];
		if (n->kind != CG_MEM || (n->mem.mode != CG_MEM_RAM && n->mem.mode != CG_MEM_ROM) || n->mem.buffer != bi)
			continue;
		for (int j = 0; j < n->mem.nout; j++)
			if (n->mem.out_port[j] == k) {
				*out = (cg_sig){.node = (int32_t)i, .index = (uint8_t)j};
				return true;
			}
	}
	return false;
}

st_status st__cg_ram_write(cg_netlist *nl, int bi, int k, const cg_sig *value) {
	for (size_t i = 0; i < nl->n; i++) {
		const cg_node *n = &nl->nodes[i];
		if (n->kind != CG_MEM || n->mem.mode != CG_MEM_RAM || n->mem.buffer != bi)
			continue;
		for (int j = 0; j < n->mem.nin; j++)
			if (n->mem.in_port[j] == k) {
				if (value->is_const || value->node < 0)
					return st_op_error(n->loc, "cgra: a constant written to a memory needs a PE");
				if (st_failed(st__cg_connect(nl, (cg_pin){value->node, value->bit, value->index},
				                             (cg_pin){(int32_t)i, 0, (uint8_t)j})))
					return ST_FAIL;
			}
	}
	return ST_OK;
}
