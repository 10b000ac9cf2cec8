/* The placed and routed netlist as a `cgra.design` (docs/dialects/cgra.md):
 * one cgra.inst per node with its configuration dictionary, one cgra.net
 * per driven output pin with the routing nodes of each sink's path, and
 * the host's arrays in the global buffer as the design's `host`
 * attribute.  The bitstream is written from this IR alone. */
#include "cgra_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct kv {
	st_named_attr e[24];
	size_t n;
	st_context *ctx;
} kv;

static void put(kv *d, const char *k, st_attr *v) {
	if (v && d->n < 24)
		d->e[d->n++] = (st_named_attr){st_ident_get_c(d->ctx, k), v};
}

static st_attr *i64(st_context *ctx, int64_t v) { return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v); }
static st_attr *str(st_context *ctx, const char *s) { return st_string_attr(ctx, st_str_c(s)); }

static st_attr *pe_config(st_context *ctx, const cg_pe *pe) {
	kv d = {.ctx = ctx};
	if (pe->op != CG_OP_NONE)
		put(&d, "op", str(ctx, st__cg_op_name(pe->op)));
	if (pe->sign)
		put(&d, "signed", st_bool_attr(ctx, true));
	if (pe->bf16)
		put(&d, "bf16", st_bool_attr(ctx, true));
	if (pe->mul)
		put(&d, "mul", str(ctx, pe->mul == 1 ? "middle" : "high"));
	if (pe->konst[0])
		put(&d, "const0", i64(ctx, pe->cval[0]));
	if (pe->konst[1])
		put(&d, "const1", i64(ctx, pe->cval[1]));
	if (pe->lut) {
		int64_t in[3];
		unsigned n = 0;
		for (int i = 0; i < 3 && pe->lut_in[i] >= 0; i++)
			in[n++] = pe->lut_in[i];
		put(&d, "lut", i64(ctx, pe->table));
		put(&d, "lut_in", st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n, in));
	}
	return st_dict_attr(ctx, d.n, d.e);
}

static st_attr *ctrl_list(st_context *ctx, const cg_ctrl *c, size_t n) {
	st_attr *items[64];
	if (n > 64)
		n = 64;
	for (size_t i = 0; i < n; i++)
		items[i] = st__cg_ctrl_attr(ctx, &c[i]);
	return st_array_attr(ctx, n, items);
}

static st_attr *mem_config(st_context *ctx, const cg_mem *m) {
	kv d = {.ctx = ctx};
	static const char *const modes[] = {"line", "ram", "rom"};
	put(&d, "mode", str(ctx, modes[m->mode]));
	put(&d, "depth", i64(ctx, m->depth));
	if (m->mode == CG_MEM_LINE)
		put(&d, "fetch", i64(ctx, m->fetch));
	put(&d, "ctrls", ctrl_list(ctx, m->ctrls, m->nctrls));
	if (m->has_wev)
		put(&d, "wev", st__cg_ctrl_attr(ctx, &m->wev));
	if (m->nrom)
		put(&d, "rom", st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), m->nrom, m->rom));
	if (m->addr_pin >= 0)
		put(&d, "addr_pin", i64(ctx, m->addr_pin));
	return st_dict_attr(ctx, d.n, d.e);
}

static st_attr *node_config(st_context *ctx, const cg_node *n) {
	kv d = {.ctx = ctx};
	switch (n->kind) {
	case CG_PE:
		return pe_config(ctx, &n->pe);
	case CG_MEM:
		return mem_config(ctx, &n->mem);
	case CG_IO:
		put(&d, "dir", str(ctx, n->io.out ? "out" : "in"));
		put(&d, "arg", i64(ctx, n->io.arg));
		put(&d, "ctrl", st__cg_ctrl_attr(ctx, &n->io.ctrl));
		return st_dict_attr(ctx, d.n, d.e);
	default:
		if (n->reg.has_en)
			put(&d, "enable", st__cg_ctrl_attr(ctx, &n->reg.en));
		return st_dict_attr(ctx, d.n, d.e);
	}
}

static st_op *make_op(st_context *ctx, const char *name, st_attr *loc, kv *attrs, size_t nregions) {
	st_op_state s = {.name = st_str_c(name), .loc = loc, .attrs = st_dict_attr(ctx, attrs->n, attrs->e),
	                 .nregions = nregions};
	return st_op_create(ctx, &s);
}

static st_attr *host_attr(cg_netlist *nl) {
	st_context *ctx = nl->ctx;
	st_attr *items[32];
	for (size_t i = 0; i < nl->nargs; i++) {
		const cg_host_arg *a = &nl->args[i];
		kv d = {.ctx = ctx};
		put(&d, "arg", i64(ctx, a->arg));
		put(&d, "dir", str(ctx, a->out ? "out" : "in"));
		put(&d, "type", st_type_attr(ctx, a->elt));
		put(&d, "shape", st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), a->rank, a->shape));
		put(&d, "base", i64(ctx, a->base));
		items[i] = st_dict_attr(ctx, d.n, d.e);
	}
	return st_array_attr(ctx, nl->nargs, items);
}

static st_attr *name_of(cg_netlist *nl, int32_t rr) {
	char buf[96];
	st_cgra_fabric_node_name(nl->fabric, rr, buf, sizeof buf);
	return str(nl->ctx, buf);
}

st_op *st__cg_emit_design(cg_netlist *nl, const cg_route *r, const char *name, st_op *after) {
	st_context *ctx = nl->ctx;
	st_attr *loc = st_op_loc(after);
	kv da = {.ctx = ctx};
	put(&da, "sym_name", str(ctx, name));
	put(&da, "target", st_symbol_ref_attr(ctx, st_ident_str(st_symbol_name(nl->target)), 0, NULL));
	put(&da, "host", host_attr(nl));
	st_op *design = make_op(ctx, "cgra.design", loc, &da, 1);
	st_block *body = design ? st_block_create(ctx) : NULL;
	if (!body) {
		if (design)
			st_op_destroy(design);
		return NULL;
	}
	st_region_append_block(st_op_region(design, 0), body);
	static const char *const kinds[] = {"PE", "MEM", "IO", "REG"};
	for (size_t i = 0; i < nl->n; i++) {
		const cg_node *n = &nl->nodes[i];
		const st_cgra_tile *t = st_cgra_fabric_tile(nl->fabric, (size_t)n->tile);
		kv d = {.ctx = ctx};
		put(&d, "sym_name", str(ctx, n->name));
		put(&d, "kind", str(ctx, kinds[n->kind]));
		put(&d, "row", i64(ctx, t->row));
		put(&d, "col", i64(ctx, t->col));
		if (n->kind == CG_REG) {
			put(&d, "site", i64(ctx, n->site));
			put(&d, "width", i64(ctx, n->width));
		}
		put(&d, "config", node_config(ctx, n));
		st_op *op = make_op(ctx, "cgra.inst", st_op_loc(n->loc), &d, 0);
		if (!op) {
			st_op_destroy(design);
			return NULL;
		}
		st_block_append_op(body, op);
	}
	/* Nets: connections grouped by source pin, in connection order. */
	bool *done = st_ctx_alloc(ctx, nl->nc + 1);
	if (!done) {
		st_op_destroy(design);
		return NULL;
	}
	memset(done, 0, nl->nc + 1);
	size_t nets = 0;
	for (size_t c = 0; c < nl->nc; c++) {
		if (done[c])
			continue;
		const cg_pin *src = &nl->conns[c].src;
		size_t ns = 0, cap = 0;
		for (size_t k = c; k < nl->nc; k++)
			cap += !done[k] && st__cg_same_pin(&nl->conns[k].src, src);
		st_attr **sinks = st_ctx_alloc(ctx, 2 * cap * sizeof *sinks), **paths = sinks ? sinks + cap : NULL;
		if (!sinks) {
			st_ctx_free(ctx, done, nl->nc + 1);
			st_op_destroy(design);
			return NULL;
		}
		for (size_t k = c; k < nl->nc; k++) {
			if (done[k] || !st__cg_same_pin(&nl->conns[k].src, src))
				continue;
			done[k] = true;
			st_attr *pn[512];
			size_t len = r->plen[k] < 512 ? r->plen[k] : 512;
			for (size_t j = 0; j < len; j++)
				pn[j] = name_of(nl, r->path[k][j]);
			sinks[ns] = pn[len - 1];
			paths[ns++] = st_array_attr(ctx, len, pn);
		}
		char nm[32];
		snprintf(nm, sizeof nm, "n%zu", nets++);
		int32_t rr_src = r->path[c][0];
		/* The source pin: the first node of the first path. */
		kv d = {.ctx = ctx};
		put(&d, "sym_name", str(ctx, nm));
		put(&d, "width", i64(ctx, src->bit ? 1 : st_cgra_fabric_data_width(nl->fabric)));
		put(&d, "source", name_of(nl, rr_src));
		put(&d, "sinks", st_array_attr(ctx, ns, sinks));
		put(&d, "route", st_array_attr(ctx, ns, paths));
		st_ctx_free(ctx, sinks, 2 * cap * sizeof *sinks);
		st_op *op = make_op(ctx, "cgra.net", st_op_loc(nl->nodes[src->node].loc), &d, 0);
		if (!op) {
			st_ctx_free(ctx, done, nl->nc + 1);
			st_op_destroy(design);
			return NULL;
		}
		st_block_append_op(body, op);
	}
	st_ctx_free(ctx, done, nl->nc + 1);
	st_block_insert_op_before(st_op_block(after), st_op_next(after), design);
	return design;
}
