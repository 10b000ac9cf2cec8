/* The scheduled, mapped unified-buffer graph as the backend reads it:
 * analysis/ub's model of the graph (each port's domain box, affine
 * schedule and access; strata/ub_analysis.h) and its memory map read back
 * from the IR (each buffer's mapping and gate, each read's tap, each
 * element with its controllers), with the buffers' element types beside. */
#include "cgra_internal.h"

#include <string.h>

static cg_map map_kind(st_ub_buffer_map m) {
	switch (m) {
	case ST_UB_MAP_WIRE:
		return CG_MAP_WIRE;
	case ST_UB_MAP_CHAIN:
		return CG_MAP_CHAIN;
	case ST_UB_MAP_RAM:
		return CG_MAP_RAM;
	case ST_UB_MAP_ROM:
		return CG_MAP_ROM;
	default:
		return CG_MAP_TAP;
	}
}

int st__cg_ub_buffer_of(const cg_ub *u, st_value *v) {
	st_op *def = st_value_defining_op(v);
	for (size_t i = 0; i < u->nbuffers; i++)
		if (u->buffers[i].op == def)
			return (int)i;
	return -1;
}

int st__cg_ub_port_of(const cg_ub *u, const st_op *op) {
	for (size_t i = 0; i < u->nports; i++)
		if (u->ports[i].op == op)
			return (int)i;
	return -1;
}

void st__cg_ctrl_of_ub(const st_ub_ctrl *c, cg_ctrl *out) {
	memset(out, 0, sizeof *out);
	out->levels = c->levels;
	for (unsigned i = 0; i < c->levels && i < CG_MAX_LEVELS; i++) {
		out->extent[i] = c->extent[i];
		out->cycle_stride[i] = c->cycle_stride[i];
		out->addr_stride[i] = c->addr_stride[i];
	}
	out->cycle_offset = c->cycle_offset;
	out->addr_offset = c->addr_offset;
	out->wrap = c->wrap;
	out->base = c->base;
	out->dir = !c->write;
	out->unit = c->unit == ST_UB_UNIT_AGG ? 1 : c->unit == ST_UB_UNIT_TB ? 2 : 0;
	out->on_writes = c->write_clock;
	out->pin = -1;
}

st_status st__cg_ub_read(st_op *graph, cg_ub *u) {
	st_context *ctx = st_op_context(graph);
	*u = (cg_ub){.ctx = ctx, .graph = graph};
	u->model = st_ub_model_build(graph);
	if (!u->model || st_failed(st_ub_map_read_ir(graph, &u->map))) {
		st__cg_ub_free(u);
		return ST_FAIL;
	}
	const st_ub_model *m = u->model;
	/* The fabric is configured for one run; the host's loop over the
	 * tiles (GLB footprints, strata/ub.h) is not driven yet. */
	if (m->ntiles) {
		st__cg_ub_free(u);
		return st_op_error(graph, "cgra: the graph runs once per tile (attribute tiles); the CGRA flow configures "
		                          "one run and has no host loop over the tiles yet");
	}
	if (u->map->nbuffers != m->nbuffers || u->map->nports != m->nports) {
		st__cg_ub_free(u);
		return st_op_error(graph, "cgra: the memory map does not match the graph's buffers and ports");
	}
	u->nbuffers = u->cap_buffers = m->nbuffers;
	u->nports = u->cap_ports = m->nports;
	u->buffers = st_ctx_alloc(ctx, (u->nbuffers + 1) * sizeof *u->buffers);
	u->ports = st_ctx_alloc(ctx, (u->nports + 1) * sizeof *u->ports);
	if (!u->buffers || !u->ports) {
		st__cg_ub_free(u);
		return ST_FAIL;
	}
	for (size_t i = 0; i < m->nbuffers; i++) {
		const st_ub_model_buffer *mb = &m->buffers[i];
		const st_ub_buffer_info *info = &u->map->buffers[i];
		cg_buffer *bf = &u->buffers[i];
		memset(bf, 0, sizeof *bf);
		bf->op = mb->op;
		bf->name = st_ident_cstr(st_ident_get_c(ctx, mb->name));
		bf->rank = mb->rank;
		memcpy(bf->shape, mb->shape, sizeof bf->shape);
		bf->arg = mb->arg;
		bf->elt = st_type_element(st_value_type(st_op_result(mb->op, 0)));
		bf->map = map_kind(info->map);
		bf->ngate = info->ngate;
		memcpy(bf->gate_lo, info->gate_lo, sizeof bf->gate_lo);
		memcpy(bf->gate_hi, info->gate_hi, sizeof bf->gate_hi);
	}
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *mp = &m->ports[k];
		cg_port *p = &u->ports[k];
		memset(p, 0, sizeof *p);
		p->op = mp->op;
		p->write = mp->write;
		p->buffer = mp->buffer;
		p->ndims = mp->ndims;
		memcpy(p->lo, mp->lo, sizeof p->lo);
		memcpy(p->hi, mp->hi, sizeof p->hi);
		memcpy(p->sched.c, mp->sched.c, sizeof p->sched.c);
		p->rank = mp->rank;
		for (unsigned d = 0; d < mp->rank; d++)
			memcpy(p->acc[d].c, mp->acc[d].c, sizeof p->acc[d].c);
		p->tap = u->map->taps[k];
	}
	return ST_OK;
}

void st__cg_ub_free(cg_ub *u) {
	if (u->buffers)
		st_ctx_free(u->ctx, u->buffers, (u->cap_buffers + 1) * sizeof *u->buffers);
	if (u->ports)
		st_ctx_free(u->ctx, u->ports, (u->cap_ports + 1) * sizeof *u->ports);
	if (u->map)
		st_ub_map_free(u->map);
	if (u->model)
		st_ub_model_destroy(u->model);
	u->buffers = NULL;
	u->ports = NULL;
	u->map = NULL;
	u->model = NULL;
}
