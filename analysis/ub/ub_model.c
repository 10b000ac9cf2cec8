/* The graph model: a verified ub.graph read into arrays of buffers, ports
 * and kernels, each port with its isl objects and their compiled forms. */
#include "ub_analysis_private.h"

#include <stdio.h>
#include <string.h>

static int buffer_index(const st_ub_model *m, st_value *v) {
	for (size_t i = 0; i < m->nbuffers; i++)
		if (st_op_result(m->buffers[i].op, 0) == v)
			return (int)i;
	return -1;
}

static int kernel_index(const st_ub_model *m, const st_op *op) {
	for (size_t i = 0; i < m->nkernels; i++)
		if (m->kernels[i].op == op)
			return (int)i;
	return -1;
}

static void copy_name(char *dst, st_str s) {
	size_t n = s.len < 63 ? s.len : 63;
	memcpy(dst, s.data, n);
	dst[n] = 0;
}

bool st_ub_model_compile_port(st_ub_model *m, size_t k) {
	st_ub_model_port *p = &m->ports[k];
	unsigned nout;
	if (!st__ub_box_of(p->domain, &p->ndims, p->lo, p->hi)) {
		st_op_error(p->op, "the domain must be a box with constant bounds");
		return false;
	}
	if (!st__ub_affs_of(p->access, &p->rank, p->acc)) {
		st_op_error(p->op, "the access must be one affine function of the domain");
		return false;
	}
	if (!st__ub_affs_of(p->schedule, &nout, &p->sched)) {
		st_op_error(p->op, "the schedule must be one affine function of the domain");
		return false;
	}
	return true;
}

/* Counts the ops of each kind so the arrays are allocated once. */
static void count_ops(st_block *b, size_t *nb, size_t *np, size_t *nk) {
	for (st_op *x = st_block_first_op(b); x; x = st_op_next(x)) {
		*nb += st_ub_is_buffer(x);
		*np += st_ub_is_port(x);
		*nk += st_ub_is_kernel(x);
	}
}

static bool add_port(st_ub_model *m, st_op *x) {
	st_ub_model_port *p = &m->ports[m->nports];
	memset(p, 0, sizeof *p);
	p->op = x;
	p->write = st_ub_is_write(x);
	p->buffer = buffer_index(m, st_op_operand(x, 0));
	p->kernel = -1;
	if (p->write && st_op_num_operands(x) > 1) {
		st_op *def = st_value_defining_op(st_op_operand(x, 1));
		p->kernel = def ? kernel_index(m, def) : -1;
	} else if (!p->write) {
		st_use *u = st_value_first_use(st_op_result(x, 0));
		if (u)
			p->kernel = kernel_index(m, st_use_owner(u));
	}
	m->nports++;
	if (p->buffer < 0) {
		st_op_error(x, "the port's buffer is not a buffer of this graph");
		return false;
	}
	p->domain = st_ub_port_domain_isl(m->ictx, x);
	p->access = p->domain ? st_ub_port_access_isl(m->ictx, x) : NULL;
	p->schedule = p->access ? st_ub_port_schedule_isl(m->ictx, x) : NULL;
	return p->schedule && st_ub_model_compile_port(m, m->nports - 1);
}

st_ub_model *st_ub_model_build(st_op *graph) {
	st_context *ctx = st_op_context(graph);
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	size_t nb = 0, np = 0, nk = 0;
	if (b)
		count_ops(b, &nb, &np, &nk);
	st_ub_model *m = st_ctx_alloc(ctx, sizeof *m);
	if (!m)
		return NULL;
	memset(m, 0, sizeof *m);
	m->ctx = ctx;
	m->graph = graph;
	m->ictx = st_ub_isl_ctx_create();
	m->ntiles = st_ub_graph_tiles(graph, m->tiles);
	m->cap_buffers = nb + 1;
	m->cap_ports = np + 1;
	m->cap_kernels = nk + 1;
	m->buffers = st_ctx_alloc(ctx, m->cap_buffers * sizeof *m->buffers);
	m->ports = st_ctx_alloc(ctx, m->cap_ports * sizeof *m->ports);
	m->kernels = st_ctx_alloc(ctx, m->cap_kernels * sizeof *m->kernels);
	if (!m->ictx || !m->buffers || !m->ports || !m->kernels) {
		st_op_error(graph, "out of memory");
		st_ub_model_destroy(m);
		return NULL;
	}
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x)) {
		if (st_ub_is_buffer(x)) {
			st_ub_model_buffer *u = &m->buffers[m->nbuffers++];
			st_type *t = st_value_type(st_op_result(x, 0));
			u->op = x;
			copy_name(u->name, st_attr_string(st_op_get_attr(x, "name")));
			u->rank = (unsigned)st_type_rank(t);
			for (unsigned i = 0; i < u->rank; i++)
				u->shape[i] = st_type_shape(t)[i];
			st_attr *a = st_op_get_attr(x, "arg");
			u->arg = a ? (int)st_attr_int_value(a) : -1;
			u->capacity = -1;
			u->tiled = st_ub_buffer_tiling(x, m->ntiles, u->host_shape, u->tile_offset);
		} else if (st_ub_is_kernel(x)) {
			st_ub_model_kernel *k = &m->kernels[m->nkernels++];
			k->op = x;
			copy_name(k->name, st_attr_string(st_op_get_attr(x, "name")));
			k->latency = st_attr_int_value(st_op_get_attr(x, "latency"));
		}
	}
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x)) {
		if (st_ub_is_port(x) && !add_port(m, x)) {
			st_ub_model_destroy(m);
			return NULL;
		}
	}
	return m;
}

void st_ub_model_destroy(st_ub_model *m) {
	if (!m)
		return;
	for (size_t i = 0; i < m->nports; i++) {
		isl_set_free(m->ports[i].domain);
		isl_map_free(m->ports[i].access);
		isl_map_free(m->ports[i].schedule);
	}
	if (m->ictx)
		isl_ctx_free(m->ictx);
	st_ctx_free(m->ctx, m->buffers, m->cap_buffers * sizeof *m->buffers);
	st_ctx_free(m->ctx, m->ports, m->cap_ports * sizeof *m->ports);
	st_ctx_free(m->ctx, m->kernels, m->cap_kernels * sizeof *m->kernels);
	st_ctx_free(m->ctx, m, sizeof *m);
}

typedef struct each_graph {
	st_ub_graph_fn fn;
	void *ud;
	st_status st;
} each_graph;

static st_walk_result visit_graph(st_op *op, void *ud) {
	if (!st_ub_is_graph(op))
		return ST_WALK_ADVANCE;
	each_graph *e = ud;
	st_ub_model *m = st_ub_model_build(op);
	e->st = m ? e->fn(m, e->ud) : ST_FAIL;
	st_ub_model_destroy(m);
	return e->st == ST_OK ? ST_WALK_SKIP : ST_WALK_INTERRUPT;
}

st_status st_ub_for_each_graph(st_op *op, st_ub_graph_fn fn, void *ud) {
	each_graph e = {fn, ud, ST_OK};
	st_walk(op, ST_WALK_PRE, visit_graph, &e);
	return e.st;
}
