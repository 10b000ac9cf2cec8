/* The netlist of a mapped unified-buffer graph (docs/cgra.md, "From
 * unified buffers to a netlist"): host streams become IO tiles, a chain's
 * shift registers switch-box registers enabled on its writes and its line
 * segments MEM tiles, wires plain connections, kernels PEs (cgra_isel.c)
 * balanced by registers (cgra_timing.c).  A read port gets the signal of
 * its buffer at its tap. */
#include "cgra_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------- core */

void st__cg_netlist_init(cg_netlist *nl, st_context *ctx) { *nl = (cg_netlist){.ctx = ctx}; }

void st__cg_netlist_free(cg_netlist *nl) {
	for (size_t i = 0; i < nl->n; i++) {
		cg_mem *m = &nl->nodes[i].mem;
		if (m->ctrls)
			st_ctx_free(nl->ctx, m->ctrls, m->nctrls * sizeof *m->ctrls);
		if (m->rom)
			st_ctx_free(nl->ctx, m->rom, m->nrom * sizeof *m->rom);
	}
	if (nl->nodes)
		st_ctx_free(nl->ctx, nl->nodes, nl->cap * sizeof *nl->nodes);
	if (nl->conns)
		st_ctx_free(nl->ctx, nl->conns, nl->capc * sizeof *nl->conns);
	if (nl->kernel_latency)
		st_ctx_free(nl->ctx, nl->kernel_latency, (nl->nkernels + 1) * sizeof *nl->kernel_latency);
	if (nl->kernel_points)
		st_ctx_free(nl->ctx, nl->kernel_points, (nl->nkernels + 1) * sizeof *nl->kernel_points);
	nl->nodes = NULL;
	nl->conns = NULL;
	nl->kernel_latency = NULL;
	nl->kernel_points = NULL;
	nl->n = nl->nc = nl->cap = nl->capc = 0;
}

int32_t st__cg_add_node(cg_netlist *nl, cg_kind kind, const char *name, st_op *loc) {
	if (nl->n == nl->cap) {
		size_t nc = nl->cap ? 2 * nl->cap : 64;
		cg_node *p = st_ctx_realloc(nl->ctx, nl->nodes, nl->cap * sizeof *p, nc * sizeof *p);
		if (!p)
			return -1;
		nl->nodes = p;
		nl->cap = nc;
	}
	cg_node *n = &nl->nodes[nl->n];
	memset(n, 0, sizeof *n);
	n->kind = kind;
	n->loc = loc;
	n->kernel = -1;
	n->tile = n->site = -1;
	n->mem.addr_pin = -1;
	/* Symbol-friendly: letters, digits and '_'. */
	size_t k = 0;
	for (const char *c = name; *c && k + 1 < sizeof n->name; c++)
		n->name[k++] = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ? *c : '_';
	n->name[k] = 0;
	return (int32_t)nl->n++;
}

st_status st__cg_connect(cg_netlist *nl, cg_pin src, cg_pin dst) {
	if (nl->nc == nl->capc) {
		size_t nc = nl->capc ? 2 * nl->capc : 128;
		cg_conn *p = st_ctx_realloc(nl->ctx, nl->conns, nl->capc * sizeof *p, nc * sizeof *p);
		if (!p)
			return ST_FAIL;
		nl->conns = p;
		nl->capc = nc;
	}
	nl->conns[nl->nc++] = (cg_conn){src, dst};
	return ST_OK;
}

void st__cg_netlist_compact(cg_netlist *nl) {
	size_t old = nl->n;
	int32_t *map = st_ctx_alloc(nl->ctx, (old + 1) * sizeof *map);
	if (!map)
		return;
	size_t k = 0;
	for (size_t i = 0; i < nl->n; i++) {
		if (nl->nodes[i].dead) {
			map[i] = -1;
			cg_mem *m = &nl->nodes[i].mem;
			if (m->ctrls)
				st_ctx_free(nl->ctx, m->ctrls, m->nctrls * sizeof *m->ctrls);
			if (m->rom)
				st_ctx_free(nl->ctx, m->rom, m->nrom * sizeof *m->rom);
			continue;
		}
		map[i] = (int32_t)k;
		nl->nodes[k++] = nl->nodes[i];
	}
	nl->n = k;
	size_t c = 0;
	for (size_t i = 0; i < nl->nc; i++) {
		cg_conn e = nl->conns[i];
		if (map[e.src.node] < 0 || map[e.dst.node] < 0)
			continue;
		e.src.node = map[e.src.node];
		e.dst.node = map[e.dst.node];
		nl->conns[c++] = e;
	}
	nl->nc = c;
	st_ctx_free(nl->ctx, map, (old + 1) * sizeof *map);
}

/* --------------------------------------------------------------- builder */

typedef struct builder {
	cg_netlist *nl;
	cg_ub u;
	cg_sig *port_sig; /* per port: a read's value, a write's input */
	cg_sig *kernel_sig;
	st_op **kernels;
	size_t nkernels;
	cg_sig **pos; /* per buffer: its chain positions */
	int64_t *npos;
} builder;

static bool is_op(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static cg_sig pin_sig(int32_t node, bool bit, unsigned bits) {
	return (cg_sig){.node = node, .bit = bit, .index = 0, .bits = bits};
}

static int kernel_index(const builder *b, const st_op *k) {
	for (size_t i = 0; i < b->nkernels; i++)
		if (b->kernels[i] == k)
			return (int)i;
	return -1;
}

static st_status host_arg(builder *b, const cg_buffer *bf, bool out) {
	cg_netlist *nl = b->nl;
	for (size_t i = 0; i < nl->nargs; i++)
		if (nl->args[i].arg == bf->arg)
			return ST_OK;
	if (nl->nargs == sizeof nl->args / sizeof nl->args[0])
		return st_op_error(bf->op, "cgra: more than %zu host arrays", sizeof nl->args / sizeof nl->args[0]);
	cg_host_arg *a = &nl->args[nl->nargs++];
	*a = (cg_host_arg){.arg = bf->arg, .out = out, .elt = bf->elt, .rank = bf->rank};
	memcpy(a->shape, bf->shape, sizeof a->shape);
	return ST_OK;
}

/* One IO tile per host stream, which must move one value a cycle. */
static st_status io_node(builder *b, size_t k, int32_t *node) {
	const cg_port *p = &b->u.ports[k];
	const cg_buffer *bf = &b->u.buffers[p->buffer];
	for (unsigned i = 0; i < p->ndims; i++)
		if (p->sched.c[1 + i] == 0 && p->hi[i] > p->lo[i])
			return st_op_error(p->op, "cgra: the host stream of '%s' moves %lld values a cycle; one IO tile "
			                          "carries one, and streams of several lanes are not done yet",
			                   bf->name, (long long)(p->hi[i] - p->lo[i] + 1));
	char name[80];
	snprintf(name, sizeof name, "io_%s_%s", p->write ? "in" : "out", bf->name);
	int32_t n = st__cg_add_node(b->nl, CG_IO, name, p->op);
	if (n < 0 || st_failed(host_arg(b, bf, !p->write)))
		return ST_FAIL;
	cg_io *io = &b->nl->nodes[n].io;
	io->out = !p->write;
	io->arg = bf->arg;
	st__cg_ctrl_of_port(p, bf->shape, bf->rank, NULL, NULL, &io->ctrl);
	*node = n;
	return ST_OK;
}

static st_status need_pos(builder *b, int bi, int64_t k, st_op *at) {
	if (k >= b->npos[bi]) {
		int64_t n = k + 1;
		cg_sig *p = st_ctx_realloc(b->nl->ctx, b->pos[bi], (size_t)b->npos[bi] * sizeof *p, (size_t)n * sizeof *p);
		if (!p)
			return ST_FAIL;
		for (int64_t i = b->npos[bi]; i < n; i++)
			p[i] = (cg_sig){.node = -1};
		b->pos[bi] = p;
		b->npos[bi] = n;
	}
	(void)at;
	return ST_OK;
}

/* A stage of a chain: a shift register (to - from registers) or one line
 * segment of a MEM element. */
typedef struct stage {
	const st_ub_mem *mem;
	int64_t from, to;
	int seg; /* -1: shift register */
} stage;

static int cmp_stage(const void *x, const void *y) {
	const stage *a = x, *c = y;
	return (a->from > c->from) - (a->from < c->from);
}

/* A line element's MEM tile: its controllers on the segments' port pairs,
 * and the buffer's write events as a generator when they count writes. */
static st_status mem_node(builder *b, int bi, size_t wport, const st_ub_mem *mem, int32_t *out) {
	cg_netlist *nl = b->nl;
	const cg_buffer *bf = &b->u.buffers[bi];
	if (mem->tiles != 1)
		return st_op_error(bf->op, "cgra: '%s' spans %lld chained MEM tiles; chained lines are not done yet",
		                   mem->name, (long long)mem->tiles);
	int32_t m = st__cg_add_node(nl, CG_MEM, mem->name, bf->op);
	if (m < 0)
		return ST_FAIL;
	cg_mem *cm = &nl->nodes[m].mem;
	cm->mode = CG_MEM_LINE;
	cm->depth = mem->depth;
	cm->fetch = mem->fetch;
	cm->nseg = mem->nsegments;
	size_t per = cm->fetch > 1 ? 4 : 2;
	if (cm->nseg > 8 || mem->nctrls != per * cm->nseg)
		return st_op_error(bf->op, "cgra: '%s' has %zu controllers for %zu segments", mem->name, mem->nctrls, cm->nseg);
	cm->ctrls = st_ctx_alloc(nl->ctx, (mem->nctrls + 1) * sizeof *cm->ctrls);
	if (!cm->ctrls)
		return ST_FAIL;
	cm->nctrls = mem->nctrls;
	for (size_t j = 0; j < mem->nctrls; j++) {
		st__cg_ctrl_of_ub(&mem->ctrls[j], &cm->ctrls[j]);
		cm->ctrls[j].pin = (int)(j / per);
		cm->has_wev = cm->has_wev || cm->ctrls[j].on_writes;
	}
	for (size_t s = 0; s < cm->nseg; s++) {
		cm->seg_from[s] = mem->segments[s].from;
		cm->seg_to[s] = mem->segments[s].to;
	}
	if (cm->has_wev)
		st__cg_ctrl_of_port(&b->u.ports[wport], bf->shape, bf->rank, bf->ngate ? bf->gate_lo : NULL,
		                    bf->ngate ? bf->gate_hi : NULL, &cm->wev);
	*out = m;
	return ST_OK;
}

/* The elements of a chain buffer, stage by stage in position order: shift
 * registers become registers enabled by their controller, line segments
 * MEM tiles (one per element, whatever segments it holds). */
static st_status build_chain(builder *b, int bi, size_t wport) {
	cg_netlist *nl = b->nl;
	const cg_buffer *bf = &b->u.buffers[bi];
	const st_ub_map *map = b->u.map;
	size_t ns = 0;
	for (size_t i = 0; i < map->nmems; i++)
		if (map->mems[i].buffer == bi)
			ns += map->mems[i].kind == ST_UB_MEM_SR ? 1 : map->mems[i].nsegments;
	stage *st = st_ctx_alloc(nl->ctx, (ns + 1) * sizeof *st);
	int32_t *mem_of = st_ctx_alloc(nl->ctx, (map->nmems + 1) * sizeof *mem_of);
	if (!st || !mem_of) {
		if (st)
			st_ctx_free(nl->ctx, st, (ns + 1) * sizeof *st);
		if (mem_of)
			st_ctx_free(nl->ctx, mem_of, (map->nmems + 1) * sizeof *mem_of);
		return ST_FAIL;
	}
	size_t k = 0;
	st_status s = ST_OK;
	for (size_t i = 0; i < map->nmems; i++) {
		const st_ub_mem *mem = &map->mems[i];
		mem_of[i] = -1;
		if (mem->buffer != bi)
			continue;
		if (mem->kind == ST_UB_MEM_SR)
			st[k++] = (stage){mem, mem->from, mem->to, -1};
		else if (mem->kind == ST_UB_MEM_LINE)
			for (size_t g = 0; g < mem->nsegments; g++)
				st[k++] = (stage){mem, mem->segments[g].from, mem->segments[g].to, (int)g};
		else
			s = st_op_error(bf->op, "cgra: a chain element '%s' that is no register or line", mem->name);
	}
	qsort(st, k, sizeof *st, cmp_stage);
	if (s == ST_OK)
		s = need_pos(b, bi, 0, bf->op);
	if (s == ST_OK)
		b->pos[bi][0] = b->port_sig[wport];
	unsigned bits = st__cg_type_bits(bf->elt);
	bool bit = bits == 1;
	for (size_t e = 0; s == ST_OK && e < k; e++) {
		const st_ub_mem *mem = st[e].mem;
		int64_t from = st[e].from, to = st[e].to;
		if (to <= from) {
			s = st_op_error(bf->op, "cgra: a chain stage of '%s' from %lld to %lld", mem->name, (long long)from,
			                (long long)to);
			break;
		}
		if (st_failed(s = need_pos(b, bi, to, bf->op)))
			break;
		if (b->pos[bi][from].node < 0) {
			s = st_op_error(bf->op, "cgra: the chain of '%s' has no element ending at position %lld", bf->name,
			                (long long)from);
			break;
		}
		cg_sig in = b->pos[bi][from];
		if (st[e].seg < 0) {
			cg_ctrl en = {0};
			if (mem->nctrls)
				st__cg_ctrl_of_ub(&mem->ctrls[0], &en);
			for (int64_t q = from; s == ST_OK && q < to; q++) {
				char name[128];
				snprintf(name, sizeof name, "%s_%lld", mem->name, (long long)(q - from));
				int32_t r = st__cg_add_node(nl, CG_REG, name, bf->op);
				if (r < 0) {
					s = ST_FAIL;
					break;
				}
				cg_node *rn = &nl->nodes[r];
				rn->width = bit ? 1 : st_cgra_fabric_data_width(nl->fabric);
				rn->reg.has_en = mem->nctrls > 0;
				rn->reg.en = en;
				s = st__cg_connect(nl, (cg_pin){in.node, in.bit, in.index}, (cg_pin){r, bit, 0});
				in = pin_sig(r, bit, bits);
				b->pos[bi][q + 1] = in;
			}
			continue;
		}
		if (bit) {
			s = st_op_error(bf->op, "cgra: a line of 1-bit values has no MEM port of its width");
			break;
		}
		size_t mi = (size_t)(mem - map->mems);
		if (mem_of[mi] < 0 && st_failed(s = mem_node(b, bi, wport, mem, &mem_of[mi])))
			break;
		int32_t m = mem_of[mi];
		s = st__cg_connect(nl, (cg_pin){in.node, in.bit, in.index}, (cg_pin){m, 0, (uint8_t)st[e].seg});
		b->pos[bi][to] = (cg_sig){.node = m, .index = (uint8_t)st[e].seg, .bits = bits};
	}
	st_ctx_free(nl->ctx, st, (ns + 1) * sizeof *st);
	st_ctx_free(nl->ctx, mem_of, (map->nmems + 1) * sizeof *mem_of);
	return s;
}

/* Whether only the host reads what write port k writes (its buffer's read
 * ports all feed nothing). */
static bool host_only(const builder *b, size_t k) {
	int bi = b->u.ports[k].buffer;
	for (size_t i = 0; i < b->u.nports; i++) {
		const cg_port *p = &b->u.ports[i];
		if (p->buffer == bi && !p->write && st_value_has_uses(st_op_result(p->op, 0)))
			return false;
	}
	return b->u.buffers[bi].arg >= 0;
}

static st_status on_read(builder *b, size_t k) {
	const cg_port *p = &b->u.ports[k];
	const cg_buffer *bf = &b->u.buffers[p->buffer];
	cg_sig s = {.node = -1};
	if (bf->map == CG_MAP_WIRE || (bf->map == CG_MAP_CHAIN && p->tap == 0)) {
		size_t w = 0;
		while (w < b->u.nports && !(b->u.ports[w].write && b->u.ports[w].buffer == p->buffer))
			w++;
		if (w == b->u.nports)
			return st_op_error(p->op, "cgra: buffer '%s' is read but never written", bf->name);
		s = b->port_sig[w];
	} else if (bf->map == CG_MAP_CHAIN) {
		int bi = p->buffer;
		if (p->tap < 0 || p->tap >= b->npos[bi] || b->pos[bi][p->tap].node < 0)
			return st_op_error(p->op, "cgra: the read taps position %lld, which no element of '%s' outputs",
			                   (long long)p->tap, bf->name);
		s = b->pos[bi][p->tap];
	} else if (bf->map == CG_MAP_RAM || bf->map == CG_MAP_ROM) {
		if (!st__cg_ram_read(b->nl, p->buffer, (int)k, &s))
			return st_op_error(p->op, "cgra: no element of '%s' serves this read", bf->name);
		s.bits = st__cg_type_bits(bf->elt);
	} else if (bf->map == CG_MAP_NONE) {
		return st_op_error(p->op, "cgra: buffer '%s' is not mapped (run ub-map first)", bf->name);
	} else {
		return st_op_error(p->op, "cgra: a read of '%s', whose constants the kernels hold (a tap table)", bf->name);
	}
	if (s.node < 0 && !s.is_const)
		return st_op_error(p->op, "cgra: the read of '%s' has no signal", bf->name);
	b->port_sig[k] = s;
	if (st_value_has_uses(st_op_result(p->op, 0)))
		return ST_OK;
	/* The host reads it: an output IO tile. */
	int32_t io;
	if (st_failed(io_node(b, k, &io)))
		return ST_FAIL;
	if (s.is_const)
		return st_op_error(p->op, "cgra: the host reads a constant from '%s'", bf->name);
	return st__cg_connect(b->nl, (cg_pin){s.node, s.bit, s.index}, (cg_pin){io, 0, 0});
}

static st_status on_write(builder *b, size_t k) {
	const cg_port *p = &b->u.ports[k];
	const cg_buffer *bf = &b->u.buffers[p->buffer];
	if (st_op_num_operands(p->op) < 2) {
		int32_t io;
		if (st_failed(io_node(b, k, &io)))
			return ST_FAIL;
		b->port_sig[k] = pin_sig(io, false, st__cg_type_bits(bf->elt));
	} else {
		st_op *def = st_value_defining_op(st_op_operand(p->op, 1));
		int ki = def ? kernel_index(b, def) : -1;
		if (ki < 0)
			return st_op_error(p->op, "cgra: the written value does not come from a kernel");
		b->port_sig[k] = b->kernel_sig[ki];
	}
	if (bf->map == CG_MAP_CHAIN)
		return build_chain(b, p->buffer, k);
	if (bf->map == CG_MAP_RAM)
		return st__cg_ram_write(b->nl, p->buffer, (int)k, &b->port_sig[k]);
	if (bf->map == CG_MAP_ROM)
		return st_op_error(p->op, "cgra: a write into '%s', which is a ROM", bf->name);
	return ST_OK;
}

/* The points of a port's domain box (its kernel fires once each). */
static int64_t port_points(const cg_port *p) {
	int64_t n = 1;
	for (unsigned d = 0; d < p->ndims; d++)
		if (!st_mul_size(n, p->hi[d] - p->lo[d] + 1, &n))
			return INT64_MAX;
	return n;
}

static st_status on_kernel(builder *b, st_op *op) {
	int ki = kernel_index(b, op);
	size_t na = st_op_num_operands(op);
	cg_sig args[64];
	if (na > 64 || st_op_num_results(op) != 1)
		return st_op_error(op, "cgra: a kernel with %zu inputs and %zu results; the backend takes at most 64 "
		                       "inputs and one result",
		                   na, st_op_num_results(op));
	if (st_op_get_attr(op, "coords"))
		return st_op_error(op, "cgra: the kernel computes with its coordinates; coordinate counters are not done "
		                       "yet");
	for (size_t i = 0; i < na; i++) {
		st_op *rd = st_value_defining_op(st_op_operand(op, i));
		int pk = rd ? st__cg_ub_port_of(&b->u, rd) : -1;
		if (st_ub_is_param(rd))
			return st_op_error(op, "cgra: input #%zu is parameter '%.*s', a scalar argument of the kernel; the CGRA "
			                       "flow takes host streams only",
			                   i, (int)st_ub_param_name(rd).len, st_ub_param_name(rd).data);
		if (pk < 0)
			return st_op_error(op, "cgra: input #%zu is not a read port", i);
		args[i] = b->port_sig[pk];
	}
	bool loose = true;
	for (st_use *use = st_value_first_use(st_op_result(op, 0)); use; use = st_use_next(use)) {
		int pk = st__cg_ub_port_of(&b->u, st_use_owner(use));
		loose = loose && pk >= 0 && host_only(b, (size_t)pk);
		if (pk >= 0 && !b->nl->kernel_points[ki])
			b->nl->kernel_points[ki] = port_points(&b->u.ports[pk]);
	}
	cg_sig res;
	if (st_failed(st__cg_isel_kernel(b->nl, op, ki, args, na, loose, &res)))
		return ST_FAIL;
	int64_t lat = 0;
	if (st_failed(st__cg_reassociate(b->nl, ki, &res)) || st_failed(st__cg_balance_kernel(b->nl, ki, &res, &lat)))
		return ST_FAIL;
	b->kernel_sig[ki] = res;
	b->nl->kernel_latency[ki] = lat;
	return ST_OK;
}

/* Word addresses of the host arrays in the global buffer, in argument
 * order, each 16-bit element one word. */
static st_status place_args(cg_netlist *nl, st_op *graph) {
	int64_t at = 0;
	for (size_t i = 0; i < nl->nargs; i++) {
		cg_host_arg *a = &nl->args[i];
		int64_t n = 1;
		for (unsigned d = 0; d < a->rank; d++)
			n *= a->shape[d];
		a->base = at;
		at += n;
	}
	st_op *glb = NULL;
	st_block *b = st_region_first_block(st_op_region(nl->target, 0));
	for (st_op *op = st_block_first_op(b); op && !glb; op = st_op_next(op))
		if (st_acg_node_kind(op) == ST_ACG_STORAGE && st_acg_int(op, "on_chip", 1))
			glb = op;
	if (!glb)
		return st_op_error(graph, "cgra: target @%s has no on-chip global buffer outside its grid",
		                   st_ident_cstr(st_symbol_name(nl->target)));
	int64_t words = (int64_t)(st_acg_capacity_bits(glb) / (uint64_t)st_cgra_fabric_data_width(nl->fabric));
	if (at > words)
		return st_op_error(graph, "cgra: the host arrays take %lld words of the global buffer '%s', which holds %lld",
		                   (long long)at, st_ident_cstr(st_symbol_name(glb)), (long long)words);
	return ST_OK;
}

st_status st__cg_build_netlist(cg_netlist *nl, st_op *graph) {
	builder b = {.nl = nl};
	if (st_failed(st__cg_ub_read(graph, &b.u)))
		return ST_FAIL;
	st_context *ctx = nl->ctx;
	st_block *blk = st_region_first_block(st_op_region(graph, 0));
	for (st_op *op = st_block_first_op(blk); op; op = st_op_next(op))
		b.nkernels += is_op(op, "ub.kernel");
	size_t np = b.u.nports + 1, nk = b.nkernels + 1, nb = b.u.nbuffers + 1;
	b.port_sig = st_ctx_alloc(ctx, np * sizeof *b.port_sig);
	b.kernel_sig = st_ctx_alloc(ctx, nk * sizeof *b.kernel_sig);
	b.kernels = st_ctx_alloc(ctx, nk * sizeof *b.kernels);
	b.pos = st_ctx_alloc(ctx, nb * sizeof *b.pos);
	b.npos = st_ctx_alloc(ctx, nb * sizeof *b.npos);
	nl->nkernels = b.nkernels;
	nl->kernel_latency = st_ctx_alloc(ctx, nk * sizeof *nl->kernel_latency);
	nl->kernel_points = st_ctx_alloc(ctx, nk * sizeof *nl->kernel_points);
	st_status st = b.port_sig && b.kernel_sig && b.kernels && b.pos && b.npos && nl->kernel_latency &&
	                       nl->kernel_points
	                   ? ST_OK
	                   : ST_FAIL;
	if (st == ST_OK) {
		memset(b.pos, 0, nb * sizeof *b.pos);
		memset(b.npos, 0, nb * sizeof *b.npos);
		memset(nl->kernel_latency, 0, nk * sizeof *nl->kernel_latency);
		memset(nl->kernel_points, 0, nk * sizeof *nl->kernel_points);
		size_t k = 0;
		for (st_op *op = st_block_first_op(blk); op; op = st_op_next(op))
			if (is_op(op, "ub.kernel"))
				b.kernels[k++] = op;
		for (size_t i = 0; i < b.u.nports; i++)
			b.port_sig[i] = (cg_sig){.node = -1};
	}
	for (st_op *op = st_block_first_op(blk); st == ST_OK && op; op = st_op_next(op)) {
		if (is_op(op, "ub.buffer")) {
			int bi = st__cg_ub_buffer_of(&b.u, st_op_result(op, 0));
			if (b.u.buffers[bi].map == CG_MAP_RAM || b.u.buffers[bi].map == CG_MAP_ROM)
				st = st__cg_ram_nodes(nl, &b.u, bi);
		} else if (is_op(op, "ub.read"))
			st = on_read(&b, (size_t)st__cg_ub_port_of(&b.u, op));
		else if (is_op(op, "ub.write"))
			st = on_write(&b, (size_t)st__cg_ub_port_of(&b.u, op));
		else if (is_op(op, "ub.kernel"))
			st = on_kernel(&b, op);
	}
	if (st == ST_OK)
		st = place_args(nl, graph);
	if (st == ST_OK)
		st__cg_netlist_compact(nl);
	for (size_t i = 0; b.pos && i < b.u.nbuffers; i++)
		if (b.pos[i])
			st_ctx_free(ctx, b.pos[i], (size_t)b.npos[i] * sizeof *b.pos[i]);
	if (b.port_sig)
		st_ctx_free(ctx, b.port_sig, np * sizeof *b.port_sig);
	if (b.kernel_sig)
		st_ctx_free(ctx, b.kernel_sig, nk * sizeof *b.kernel_sig);
	if (b.kernels)
		st_ctx_free(ctx, b.kernels, nk * sizeof *b.kernels);
	if (b.pos)
		st_ctx_free(ctx, b.pos, nb * sizeof *b.pos);
	if (b.npos)
		st_ctx_free(ctx, b.npos, nb * sizeof *b.npos);
	st__cg_ub_free(&b.u);
	return st;
}
