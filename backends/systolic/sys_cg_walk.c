/* Code generation for the systolic target (docs/systolic.md, "Code
 * generation"): the placed codelets of a function become one program.
 *
 * The function's memref arguments and the allocations its codelets use
 * become tensors in DRAM (64-byte aligned; an argument a codelet writes is
 * an output, one it also reads an inout).  Each codelet runs in order: its
 * loops that hold transfers are unrolled (their bounds are static), a loop
 * nest around a single compute becomes one command of the array or the
 * SIMD unit (its loops the hardware's loop levels), a transfer a DMA
 * command (LD from DRAM, ST to it; a padded source clipped to its tensor
 * after a FILL of zeros), a filled local a FILL.  Operand addresses come
 * from the IR alone: a DRAM surrogate is its tensor's row-major bytes, an
 * on-chip one its placement (the base of the copy in use, which alternates
 * between executions of the op that makes it, and the layout's entry and
 * bank). */
#include "sys_codegen.h"

#include <stdio.h>

typedef struct binding {
	st_value *v;
	int kind; /* 0: index value, 1: DRAM tensor, 2: on-chip */
	int64_t iv;
	int tensor;
	int node;
	int64_t base;
	const st_affine_map *layout;
} binding;

typedef struct walk {
	cg *g;
	binding *b;
	size_t nb, capb;
	st_op **ops;
	uint64_t *count;
	size_t nops, capops;
	uint64_t next_copy[SYS_NODES]; /* per node: the copy after the last one used */
	st_value *tensor_val[ST_SYSTOLIC_MAX_TENSORS];
	bool read[ST_SYSTOLIC_MAX_TENSORS]; /* a codelet reads it */
} walk;

static binding *lookup(walk *w, const st_value *v) {
	for (size_t i = w->nb; i-- > 0;)
		if (w->b[i].v == v)
			return &w->b[i];
	return NULL;
}

static binding *bind(walk *w, st_value *v) {
	binding *b = lookup(w, v);
	if (b)
		return b;
	if (w->nb == w->capb) {
		size_t nc = w->capb ? 2 * w->capb : 64;
		binding *n = st_ctx_realloc(w->g->ctx, w->b, w->capb * sizeof *n, nc * sizeof *n);
		if (!n)
			return NULL;
		w->b = n;
		w->capb = nc;
	}
	b = &w->b[w->nb++];
	memset(b, 0, sizeof *b);
	b->v = v;
	return b;
}

/* Which copy of its placement the surrogate op makes uses this time (mod
 * the copies): its runs alternate, and its first run takes the copy after
 * the last one used on its node, so that a layer's first tiles (a weight
 * tile loaded once) load while the layer before still reads its own. */
static uint64_t run_count(walk *w, st_op *op, int node) {
	uint64_t n;
	for (size_t i = 0; i < w->nops; i++)
		if (w->ops[i] == op) {
			n = w->count[i]++;
			w->next_copy[node] = n + 1;
			return n;
		}
	if (w->nops == w->capops) {
		size_t nc = w->capops ? 2 * w->capops : 32;
		st_op **o = st_ctx_realloc(w->g->ctx, w->ops, w->capops * sizeof *o, nc * sizeof *o);
		uint64_t *c = o ? st_ctx_realloc(w->g->ctx, w->count, w->capops * sizeof *c, nc * sizeof *c) : NULL;
		if (o)
			w->ops = o;
		if (!c)
			return 0;
		w->count = c;
		w->capops = nc;
	}
	n = w->next_copy[node]++;
	w->ops[w->nops] = op;
	w->count[w->nops++] = n + 1;
	return n;
}

/* ---------------------------------------------------------------- tensors */

static int tensor_of(walk *w, const st_value *v) {
	for (size_t i = 0; i < w->g->p->ntensors; i++)
		if (w->tensor_val[i] == v)
			return (int)i;
	return -1;
}

static st_status add_tensor(walk *w, st_value *v, st_op *at, bool local) {
	st_systolic_program *p = w->g->p;
	if (tensor_of(w, v) >= 0)
		return ST_OK;
	if (p->ntensors == ST_SYSTOLIC_MAX_TENSORS)
		return st_op_error(at, "a systolic program holds at most %d tensors", ST_SYSTOLIC_MAX_TENSORS);
	st_type *t = st_value_type(v);
	st_type *e = st_type_element(t);
	if (st_type_rank(t) > ST_SYSTOLIC_MAX_RANK || st_type_num_elements_static(t) < 0 || !st_type_is_integer(e) ||
	    (st_type_int_width(e) != 8 && st_type_int_width(e) != 16 && st_type_int_width(e) != 32))
		return st_op_error(at, "a tensor of the systolic target is a static memref of up to %d dimensions of i8, i16 or i32",
		                   ST_SYSTOLIC_MAX_RANK);
	st_systolic_tensor *x = &p->tensors[p->ntensors];
	memset(x, 0, sizeof *x);
	x->kind = local ? ST_SYSTOLIC_LOCAL : ST_SYSTOLIC_INPUT;
	x->bits = st_type_int_width(e);
	x->rank = st_type_rank(t);
	for (size_t d = 0; d < x->rank; d++)
		x->dims[d] = st_type_dim(t, d);
	if (st_value_is_block_arg(v))
		snprintf(x->name, sizeof x->name, "arg%u", st_value_index(v));
	else
		snprintf(x->name, sizeof x->name, "tmp%zu", p->ntensors);
	/* A constant global's table: its elements go in the program. */
	st_op *get = st_value_defining_op(v);
	if (get && !strcmp(st_op_name_cstr(get), "memref.get_global")) {
		st_attr *ref = st_op_get_attr(get, "name");
		st_op *g = ref ? st_symbol_lookup_nearest(get, ref) : NULL;
		st_attr *init = g ? st_op_get_attr(g, "initial_value") : NULL;
		if (!g || !st_op_get_attr(g, "constant") || !init || st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS)
			return st_op_error(get, "a global the systolic program reads is a constant with integer contents");
		x->kind = ST_SYSTOLIC_CONST;
		/* Named after the global; a second get_global of it is another tensor. */
		snprintf(x->name, sizeof x->name, "@%.40s", st_ident_cstr(st_attr_symbol_root(ref)));
		for (size_t i = 0; i < p->ntensors; i++)
			if (!strcmp(p->tensors[i].name, x->name))
				snprintf(x->name, sizeof x->name, "@%.40s.%zu", st_ident_cstr(st_attr_symbol_root(ref)), p->ntensors);
		int32_t *d = sys_program_const_data(p, p->ntensors);
		if (!d)
			return ST_FAIL;
		size_t nv = st_attr_dense_num_values(init);
		for (int64_t k = 0; k < sys_tensor_elems(x); k++)
			d[k] = (int32_t)st_attr_dense_int(init, st_attr_dense_is_splat(init) || nv == 1 ? 0 : (size_t)k);
	}
	x->addr = (p->dram_bytes + 63) / 64 * 64;
	p->dram_bytes = x->addr + sys_tensor_bytes(x);
	w->tensor_val[p->ntensors++] = v;
	return ST_OK;
}

/* Which tensors the codelets read and write. */
static st_walk_result note_use(st_op *op, void *ud) {
	walk *w = ud;
	bool in = !strcmp(st_op_name_cstr(op), "codelet.inp"), out = !strcmp(st_op_name_cstr(op), "codelet.out");
	if ((in || out) && st_op_num_operands(op)) {
		int t = tensor_of(w, st_op_operand(op, 0));
		if (t >= 0) {
			st_systolic_tensor *x = &w->g->p->tensors[t];
			if (x->kind == ST_SYSTOLIC_LOCAL || x->kind == ST_SYSTOLIC_CONST)
				return ST_WALK_ADVANCE;
			if (out)
				x->kind = w->read[t] ? ST_SYSTOLIC_INOUT : ST_SYSTOLIC_OUTPUT;
			else {
				w->read[t] = true;
				if (x->kind == ST_SYSTOLIC_OUTPUT)
					x->kind = ST_SYSTOLIC_INOUT;
			}
		}
	}
	/* A transfer out of an output surrogate reads it: the layer accumulates. */
	if (!strcmp(st_op_name_cstr(op), "codelet.transfer") && st_op_num_operands(op)) {
		st_op *d = st_value_defining_op(st_op_operand(op, 0));
		if (d && !strcmp(st_op_name_cstr(d), "codelet.out") && st_op_num_operands(d)) {
			int t = tensor_of(w, st_op_operand(d, 0));
			if (t >= 0 && w->g->p->tensors[t].kind == ST_SYSTOLIC_OUTPUT)
				w->g->p->tensors[t].kind = ST_SYSTOLIC_INOUT;
		}
	}
	return ST_WALK_ADVANCE;
}

/* ---------------------------------------------------------------- addresses */

/* The value of an index operand: an unrolled loop's variable (bound), a
 * parameter, a constant. */
static bool index_value(walk *w, st_value *v, int64_t *out) {
	binding *b = lookup(w, v);
	if (b && b->kind == 0) {
		*out = b->iv;
		return true;
	}
	st_op *d = st_value_defining_op(v);
	if (d && !strcmp(st_op_name_cstr(d), "codelet.param"))
		return st_codelet_param_value(d, out);
	if (d && !strcmp(st_op_name_cstr(d), "arith.constant")) {
		st_attr *a = st_op_get_attr(d, "value");
		if (a && st_attr_get_kind(a) == ST_ATTR_INTEGER) {
			*out = st_attr_int_value(a);
			return true;
		}
	}
	return false;
}

/* The address of element idx of a bound surrogate. */
static bool surrogate_addr(walk *w, const binding *b, const int64_t *idx, size_t rank, int64_t *out) {
	if (b->kind == 1) {
		const st_systolic_tensor *t = &w->g->p->tensors[b->tensor];
		int64_t e = 0;
		for (size_t d = 0; d < rank; d++) {
			if (idx[d] < 0 || idx[d] >= t->dims[d])
				return false;
			e = e * t->dims[d] + idx[d];
		}
		*out = (int64_t)t->addr + e * (int64_t)sys_elem_bytes(t);
		return true;
	}
	if (b->kind != 2)
		return false;
	int64_t r[2];
	if (!st_affine_map_eval(b->layout, idx, NULL, r))
		return false;
	*out = b->base + r[0] * w->g->m.nodes[b->node].banks + r[1];
	return true;
}

/* ------------------------------------------------------------ repeats */

/* Whether every offset of op's accesses is a sum of multiples of its
 * indices (no floordiv or mod): then an execution with the same on-chip
 * offsets at its first point has the same addresses but for a base. */
static bool pure_affine(const st_op *op) {
	st_codelet_access a;
	for (size_t i = 0; i < st_codelet_num_accesses(op); i++) {
		if (!st_codelet_get_access(op, i, &a))
			return false;
		for (size_t r = 0; r < st_affine_map_num_results(a.offsets); r++)
			if (!st_affine_expr_is_pure_affine(st_affine_map_result(a.offsets, r)))
				return false;
	}
	return true;
}

/* Keys a space by op, what it does (`what`) and the on-chip offsets it
 * starts at (sys_space.key_op). */
static void key_space(sys_space *sp, const st_op *op, int64_t what, const int64_t *off, size_t n) {
	if (!pure_affine(op) || 1 + n > sizeof sp->key / sizeof *sp->key)
		return;
	sp->key_op = op;
	sp->key[0] = what;
	if (n)
		memcpy(sp->key + 1, off, n * sizeof *off);
	sp->nkey = 1 + n;
}

/* -------------------------------------------------------------- transfers */

typedef struct xfer {
	walk *w;
	const binding *src, *dst;
	size_t srank, drank;
	int64_t soff[ST_CODELET_MAX_RANK], doff[ST_CODELET_MAX_RANK];
	int64_t perm[ST_CODELET_MAX_RANK];
	bool fill_only; /* operand 0 is the destination alone, filled with fill */
	int64_t fill;
	bool load;
	int eb;
	st_op *at;
} xfer;

/* Operand 0 is the on-chip side, 1 the DRAM side. */
static bool xfer_addr(void *ud, int k, const int64_t *i, int64_t *out) {
	xfer *x = ud;
	int64_t sidx[ST_CODELET_MAX_RANK], didx[ST_CODELET_MAX_RANK];
	for (size_t d = 0; d < x->srank; d++)
		sidx[d] = x->soff[d] + i[d];
	for (size_t d = 0; d < x->drank; d++)
		didx[d] = x->doff[d] + (x->perm[d] >= 0 ? i[x->perm[d]] : 0);
	bool onchip_is_src = !x->load;
	if (x->fill_only || (k == 0) != onchip_is_src)
		return surrogate_addr(x->w, x->dst, didx, x->drank, out);
	return surrogate_addr(x->w, x->src, sidx, x->srank, out);
}

static st_status emit_xfer(void *ud, const sys_cmd *c) {
	xfer *x = ud;
	return x->fill_only ? sys_cg_emit_fill(x->w->g, x->at, c, x->fill) : sys_cg_emit_dma(x->w->g, x->at, c, x->load, x->eb);
}

static st_status offsets(walk *w, st_op *op, size_t i, st_codelet_access *a, int64_t *off) {
	int64_t ivs[32];
	size_t n = st_codelet_num_indices(op);
	for (size_t k = 0; k < n && k < 32; k++)
		if (!index_value(w, st_codelet_index(op, k), &ivs[k]))
			return st_op_error(op, "an offset of this op is not known when the program is generated");
	if (!st_codelet_get_access(op, i, a) || !st_affine_map_eval(a->offsets, ivs, NULL, off))
		return st_op_error(op, "the offsets of this op cannot be evaluated");
	return ST_OK;
}

static st_status bind_onchip(walk *w, st_op *op, st_value *v) {
	st_codelet_placement pl;
	const char *loc = st_codelet_location(st_value_type(v));
	int node = loc ? sys_machine_node(&w->g->m, loc) : -1;
	if (node < 0 || node == w->g->m.dram)
		return st_op_error(op, "this surrogate is not placed on an on-chip node of the target");
	if (!st_codelet_get_placement(op, &pl))
		return st_op_error(op, "this surrogate on '%s' has no placement (base and layout): map it with systolic-map", loc);
	binding *b = bind(w, v);
	if (!b)
		return ST_FAIL;
	b->kind = 2;
	b->node = node;
	b->base = pl.base[run_count(w, op, node) % pl.ncopies];
	b->layout = pl.layout;
	return ST_OK;
}

/* Fills the destination slice of a transfer with `value` (the padding
 * of a clipped source). */
static st_status fill_slice(xfer *t, const int64_t *sizes, int64_t value) {
	xfer x = *t;
	x.fill_only = true;
	x.fill = value;
	sys_space sp = {.ndims = (int)x.srank, .nops = 1, .node = {x.dst->node}, .addr = xfer_addr, .ud = &x, .splittable = true};
	for (size_t d = 0; d < x.srank; d++)
		sp.size[d] = sizes[d];
	key_space(&sp, x.at, 1, x.doff, x.drank);
	return sys_cg_split(x.w->g, x.at, &sp, emit_xfer, &x);
}

/* Fills every element of a bound on-chip surrogate of type t. */
static st_status fill_all(walk *w, st_op *op, const binding *dst, st_type *t, int64_t value) {
	xfer x = {.w = w, .dst = dst, .drank = st_type_rank(t), .srank = st_type_rank(t), .fill_only = true, .fill = value, .at = op};
	sys_space sp = {.ndims = (int)x.srank, .nops = 1, .node = {dst->node}, .addr = xfer_addr, .ud = &x, .splittable = true};
	for (size_t d = 0; d < x.srank; d++) {
		sp.size[d] = st_type_dim(t, d);
		x.perm[d] = (int64_t)d;
	}
	key_space(&sp, op, 2, NULL, 0);
	return sys_cg_split(w->g, op, &sp, emit_xfer, &x);
}

static st_status gen_local(walk *w, st_op *op) {
	st_value *v = st_op_result(op, 0);
	if (st_failed(bind_onchip(w, op, v)))
		return ST_FAIL;
	st_attr *fill = st_codelet_local_fill(op);
	return fill ? fill_all(w, op, lookup(w, v), st_value_type(v), st_attr_int_value(fill)) : ST_OK;
}

/* The permutation of a transfer: for each destination dimension the
 * source dimension it takes, or -1 (extent 1). */
static st_status read_perm(st_op *op, size_t srank, size_t drank, int64_t *perm) {
	st_attr *a = st_op_get_attr(op, "perm");
	for (size_t d = 0; d < drank; d++)
		perm[d] = a ? st_attr_dense_array_int(a, d) : (int64_t)d;
	for (size_t d = 0; d < drank; d++)
		if (perm[d] >= (int64_t)srank)
			return st_op_error(op, "a malformed permutation");
	return ST_OK;
}

static st_status gen_transfer(walk *w, st_op *op) {
	st_codelet_access sa, da;
	int64_t soff[ST_CODELET_MAX_RANK], doff[ST_CODELET_MAX_RANK] = {0};
	if (st_failed(offsets(w, op, 0, &sa, soff)))
		return ST_FAIL;
	bool alloc = st_op_num_results(op) == 1;
	st_value *dv = alloc ? st_op_result(op, 0) : st_op_operand(op, 1);
	if (!alloc && st_failed(offsets(w, op, 1, &da, doff)))
		return ST_FAIL;
	binding *src = lookup(w, sa.surrogate);
	if (!src)
		return st_op_error(op, "the source of this transfer is not a surrogate of the program");
	if (alloc && st_failed(bind_onchip(w, op, dv)))
		return ST_FAIL;
	src = lookup(w, sa.surrogate); /* bind_onchip may have moved the table */
	binding *dst = lookup(w, dv);
	if (!dst)
		return st_op_error(op, "the destination of this transfer is not a surrogate of the program");
	if ((src->kind == 1) == (dst->kind == 1))
		return st_op_error(op, "a transfer of the systolic target moves data between DRAM and a buffer (LD or ST), not %s",
		                   src->kind == 1 ? "from DRAM to DRAM" : "between two buffers");
	xfer x = {.w = w, .src = src, .dst = dst, .srank = sa.rank, .drank = st_type_rank(st_value_type(dv)), .at = op,
	          .load = src->kind == 1};
	memcpy(x.soff, soff, sizeof x.soff);
	memcpy(x.doff, doff, sizeof x.doff);
	if (st_failed(read_perm(op, x.srank, x.drank, x.perm)))
		return ST_FAIL;
	const binding *dram = x.load ? src : dst;
	x.eb = (int)sys_elem_bytes(&w->g->p->tensors[dram->tensor]);
	int onchip = x.load ? dst->node : src->node;
	sys_space sp = {.ndims = (int)x.srank, .nops = 2, .node = {onchip, w->g->m.dram}, .addr = xfer_addr, .ud = &x,
	                .splittable = true};
	/* A padded source: what lies outside its tensor is zero. */
	bool clipped = false, empty = false;
	const st_systolic_tensor *t = x.load ? &w->g->p->tensors[src->tensor] : NULL;
	for (size_t d = 0; d < x.srank; d++) {
		int64_t lo = 0, hi = sa.sizes[d];
		if (t) {
			lo = soff[d] < 0 ? -soff[d] : 0;
			hi = soff[d] + sa.sizes[d] > t->dims[d] ? t->dims[d] - soff[d] : sa.sizes[d];
		}
		clipped = clipped || lo > 0 || hi < sa.sizes[d];
		empty = empty || hi <= lo;
		sp.start[d] = lo;
		sp.size[d] = hi - lo;
	}
	if (clipped && !st_codelet_transfer_padded(op))
		return st_op_error(op, "this transfer reads outside its source at run time and is not padded");
	if (clipped && st_failed(fill_slice(&x, sa.sizes, st_codelet_transfer_pad_value(op))))
		return ST_FAIL;
	key_space(&sp, op, 3, x.load ? x.doff : x.soff, x.load ? x.drank : x.srank);
	return empty ? ST_OK : sys_cg_split(w->g, op, &sp, emit_xfer, &x);
}

/* --------------------------------------------------------------- computes */

typedef struct nest {
	walk *w;
	st_op *compute;
	size_t nloops;
	st_codelet_loop_info loops[SYS_LEVELS];
	int map[ST_CODELET_MAX_ACCESSES]; /* command operand k -> access */
	const binding *b[3];
} nest;

/* The address of command operand k with the nest's loops at iteration
 * counts idx (the outer loops at their bound values). */
static bool nest_addr(void *ud, int k, const int64_t *idx, int64_t *out) {
	nest *n = ud;
	for (size_t l = 0; l < n->nloops; l++) {
		binding *b = lookup(n->w, n->loops[l].iv);
		if (!b)
			return false;
		b->iv = n->loops[l].lb + idx[l] * n->loops[l].step;
	}
	st_codelet_access a;
	int64_t off[ST_CODELET_MAX_RANK];
	st_op *op = n->compute;
	int64_t ivs[32];
	for (size_t i = 0; i < st_codelet_num_indices(op) && i < 32; i++)
		if (!index_value(n->w, st_codelet_index(op, i), &ivs[i]))
			return false;
	if (!st_codelet_get_access(op, (size_t)n->map[k], &a) || !st_affine_map_eval(a.offsets, ivs, NULL, off))
		return false;
	return surrogate_addr(n->w, n->b[k], off, a.rank, out);
}

typedef struct nest_emit {
	nest *n;
	const char *mnemonic;
	int64_t rows, cols, lanes, width;
	bool os;
	int row_level;
} nest_emit;

static st_status emit_nest(void *ud, const sys_cmd *c) {
	nest_emit *e = ud;
	cg *g = e->n->w->g;
	if (!e->mnemonic)
		return sys_cg_emit_gemm(g, e->n->compute, c, e->rows, e->cols, e->os, e->row_level);
	return sys_cg_emit_simd(g, e->n->compute, c, e->mnemonic, e->lanes, e->width);
}

/* Elements j of access k's slice are at its address + step * j. */
/* At the nest's first point: the slice of the compute's access map[k],
 * its offsets and the address of its first element. */
static st_status slice_origin(nest *n, int k, st_codelet_access *a, int64_t *off, int64_t *base) {
	int64_t ivs[32];
	st_op *op = n->compute;
	for (size_t l = 0; l < n->nloops; l++)
		lookup(n->w, n->loops[l].iv)->iv = n->loops[l].lb;
	for (size_t i = 0; i < st_codelet_num_indices(op) && i < 32; i++)
		if (!index_value(n->w, st_codelet_index(op, i), &ivs[i]))
			return st_op_error(op, "an offset of this compute is not known when the program is generated");
	st_codelet_get_access(op, (size_t)n->map[k], a);
	st_affine_map_eval(a->offsets, ivs, NULL, off);
	if (!surrogate_addr(n->w, n->b[k], off, a->rank, base))
		return st_op_error(op, "an address of this compute cannot be evaluated");
	return ST_OK;
}

static st_status check_vector(nest *n, int k, int64_t count, int64_t step, const char *what) {
	st_codelet_access a;
	int64_t off[ST_CODELET_MAX_RANK], base, at;
	st_op *op = n->compute;
	if (st_failed(slice_origin(n, k, &a, off, &base)))
		return ST_FAIL;
	int64_t e = 0;
	for (int64_t j = 0; j < count; j++) {
		int64_t idx[ST_CODELET_MAX_RANK];
		memcpy(idx, off, sizeof idx);
		/* Row-major through the slice. */
		int64_t r = j;
		for (size_t d = a.rank; d-- > 0;) {
			idx[d] += r % a.sizes[d];
			r /= a.sizes[d];
		}
		if (!surrogate_addr(n->w, n->b[k], idx, a.rank, &at) || at != base + e)
			return st_op_error(op, "the %s slice is not where the hardware reads it (element %lld at %lld, not %lld)", what,
			                   (long long)j, (long long)at, (long long)(base + e));
		e = (j + 1) * step;
	}
	return ST_OK;
}

/* Weight (r, c) of the tile is bank r * M + c of one entry. */
static st_status check_weights(nest *n, int64_t rows, int64_t cols, int64_t M) {
	st_codelet_access a;
	int64_t off[ST_CODELET_MAX_RANK], base, at;
	st_op *op = n->compute;
	if (st_failed(slice_origin(n, 1, &a, off, &base)))
		return ST_FAIL;
	for (int64_t r = 0; r < rows; r++)
		for (int64_t c = 0; c < cols; c++) {
			int64_t idx[ST_CODELET_MAX_RANK];
			memcpy(idx, off, sizeof idx);
			idx[a.rank - 2] += r;
			idx[a.rank - 1] += c;
			if (!surrogate_addr(n->w, n->b[1], idx, a.rank, &at) || at != base + r * M + c)
				return st_op_error(op, "weight (%lld, %lld) of this step is not in bank %lld of one entry", (long long)r, (long long)c,
				                   (long long)(r * M + c));
		}
	return ST_OK;
}

/* Keys a nest's space by the on-chip offsets it starts at. */
static st_status key_nest(nest *n, sys_space *sp) {
	int64_t origin[ST_CODELET_MAX_RANK * 3 - 1];
	size_t no = 0;
	bool fits = true;
	for (int k = 0; k < sp->nops; k++) {
		st_codelet_access a;
		int64_t off[ST_CODELET_MAX_RANK], base;
		if (st_failed(slice_origin(n, k, &a, off, &base)))
			return ST_FAIL;
		for (size_t d = 0; d < a.rank; d++) {
			fits = fits && no < sizeof origin / sizeof *origin;
			if (fits)
				origin[no++] = off[d];
		}
	}
	if (fits)
		key_space(sp, n->compute, 4, origin, no);
	return ST_OK;
}

static st_status gen_compute(walk *w, st_op *outer, st_op *compute) {
	cg *g = w->g;
	nest n = {.w = w, .compute = compute};
	for (st_op *l = outer; l != compute;) {
		if (n.nloops == SYS_LEVELS)
			return st_op_error(l, "a compute nested in more than %d loops", SYS_LEVELS);
		st_codelet_loop(l, &n.loops[n.nloops]);
		if (n.loops[n.nloops].ub_param)
			return st_op_error(l, "a loop bound that is a parameter: map the layer first");
		binding *b = bind(w, n.loops[n.nloops].iv);
		if (!b)
			return ST_FAIL;
		b->kind = 0;
		n.nloops++;
		l = st_block_first_op(st_codelet_body(l));
	}
	const char *cap = st_codelet_compute_cap(compute), *loc = st_codelet_compute_loc(compute);
	if (!loc)
		return st_op_error(compute, "this compute is not mapped on a compute node: map the layer with systolic-map");
	sys_space sp = {.ndims = (int)n.nloops, .addr = nest_addr, .ud = &n, .splittable = false};
	for (size_t l = 0; l < n.nloops; l++)
		sp.size[l] = (n.loops[l].ub - n.loops[l].lb + n.loops[l].step - 1) / n.loops[l].step;
	nest_emit e = {.n = &n, .row_level = -1};
	st_codelet_access acc[ST_CODELET_MAX_ACCESSES];
	size_t na = st_codelet_num_accesses(compute);
	for (size_t i = 0; i < na; i++)
		st_codelet_get_access(compute, i, &acc[i]);
	if (!strcmp(loc, g->m.sa)) {
		if (strcmp(cap, "GEMM") != 0)
			return st_op_error(compute, "the array '%s' does GEMM steps, not '%s'", loc, cap);
		int order[3] = {1, 2, 0}; /* input, weights, output */
		sp.nops = 3;
		for (int k = 0; k < 3; k++) {
			n.map[k] = order[k];
			n.b[k] = lookup(w, acc[order[k]].surrogate);
			if (!n.b[k] || n.b[k]->kind != 2)
				return st_op_error(compute, "an operand of the array is not in a buffer");
			sp.node[k] = n.b[k]->node;
		}
		e.rows = acc[1].sizes[acc[1].rank - 1];
		e.cols = acc[0].sizes[acc[0].rank - 1];
		st_attr *df = st_op_get_attr(compute, "dataflow");
		e.os = df && st_attr_get_kind(df) == ST_ATTR_STRING && st_str_eq_c(st_attr_string(df), "os");
		st_attr *rl = st_op_get_attr(compute, "row_level");
		e.row_level = e.os && rl ? (int)st_attr_int_value(rl) : -1;
		/* A repeat (same on-chip offsets) has the layout checked already. */
		if (st_failed(key_nest(&n, &sp)))
			return ST_FAIL;
		if (!sys_cg_seen(g, &sp) &&
		    (st_failed(check_vector(&n, 0, e.rows, 1, "input")) || st_failed(check_vector(&n, 2, e.cols, 1, "output")) ||
		     st_failed(check_weights(&n, e.rows, e.cols, g->m.cols))))
			return ST_FAIL;
	} else if (g->m.simd[0] && !strcmp(loc, g->m.simd)) {
		e.mnemonic = cap;
		/* A multiply-accumulate adds to its destination: its accumulator
		 * (the third input) must be the output slice itself. */
		if (na == 4 && (acc[3].surrogate != acc[0].surrogate || acc[3].offsets != acc[0].offsets))
			return st_op_error(compute, "'%s' on the SIMD unit accumulates into its output: its third input must be the output slice",
			                   cap);
		if (na == 4)
			na = 3;
		sp.nops = (int)na;
		if (na > 3)
			return st_op_error(compute, "the SIMD unit takes at most two inputs");
		for (int k = 0; k < (int)na; k++) {
			n.map[k] = k;
			n.b[k] = lookup(w, acc[k].surrogate);
			if (!n.b[k] || n.b[k]->kind != 2)
				return st_op_error(compute, "an operand of the SIMD unit is not in a buffer");
			sp.node[k] = n.b[k]->node;
		}
		e.lanes = 1;
		for (size_t d = 0; d < acc[0].rank; d++)
			e.lanes *= acc[0].sizes[d];
		if (st_failed(key_nest(&n, &sp)))
			return ST_FAIL;
		for (int k = 0; k < (int)na && !sys_cg_seen(g, &sp); k++) {
			bool scalar = g->m.nodes[n.b[k]->node].banks == 1;
			if (st_failed(check_vector(&n, k, scalar ? 1 : e.lanes, 1, k ? "source" : "destination")))
				return ST_FAIL;
		}
		if (!strcmp(cap, "CAST"))
			e.width = st_type_int_width(st_type_element(st_value_type(acc[0].surrogate)));
	} else {
		return st_op_error(compute, "'%s' is neither the array '%s' nor the SIMD unit of the target", loc, g->m.sa);
	}
	return sys_cg_split(g, compute, &sp, emit_nest, &e);
}

/* A loop around exactly one compute or one such loop. */
static st_op *compute_of_nest(st_op *loop) {
	st_block *b = st_codelet_body(loop);
	st_op *first = b ? st_block_first_op(b) : NULL;
	if (!first || st_op_next(first) != st_block_terminator(b))
		return NULL;
	if (!strcmp(st_op_name_cstr(first), "codelet.compute"))
		return first;
	return !strcmp(st_op_name_cstr(first), "codelet.loop") ? compute_of_nest(first) : NULL;
}

static st_status gen_block(walk *w, st_block *b);

static st_status gen_op(walk *w, st_op *op) {
	const char *name = st_op_name_cstr(op);
	if (!strcmp(name, "codelet.yield") || !strcmp(name, "codelet.param"))
		return ST_OK;
	if (!strcmp(name, "codelet.inp") || !strcmp(name, "codelet.out")) {
		int t = st_op_num_operands(op) ? tensor_of(w, st_op_operand(op, 0)) : -1;
		if (t < 0)
			return st_op_error(op, "this surrogate is bound to no tensor of the function");
		binding *b = bind(w, st_op_result(op, 0));
		if (!b)
			return ST_FAIL;
		b->kind = 1;
		b->tensor = t;
		return ST_OK;
	}
	if (!strcmp(name, "codelet.local"))
		return gen_local(w, op);
	if (!strcmp(name, "codelet.transfer"))
		return gen_transfer(w, op);
	if (!strcmp(name, "codelet.compute"))
		return gen_compute(w, op, op);
	if (!strcmp(name, "codelet.loop")) {
		st_op *c = compute_of_nest(op);
		if (c)
			return gen_compute(w, op, c);
		st_codelet_loop_info l;
		st_codelet_loop(op, &l);
		if (l.ub_param)
			return st_op_error(op, "a loop bound that is a parameter: map the layer first");
		binding *b = bind(w, l.iv);
		if (!b)
			return ST_FAIL;
		for (int64_t i = l.lb; i < l.ub; i += l.step) {
			if (!(b = lookup(w, l.iv)))
				return ST_FAIL;
			b->kind = 0;
			b->iv = i;
			if (st_failed(gen_block(w, st_codelet_body(op))))
				return ST_FAIL;
		}
		return ST_OK;
	}
	return st_op_error(op, "the systolic program has no instruction for '%s'", name);
}

static st_status gen_block(walk *w, st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op))
		if (st_failed(gen_op(w, op)))
			return ST_FAIL;
	return ST_OK;
}

st_systolic_program *st_systolic_codegen(st_op *fn, st_op *graph) {
	st_context *ctx = st_op_context(fn);
	cg *g = st_ctx_alloc(ctx, sizeof *g);
	if (!g)
		return NULL;
	memset(g, 0, sizeof *g);
	g->ctx = ctx;
	walk w = {.g = g};
	st_status st = sys_machine_init(&g->m, graph, st_op_loc(fn));
	if (st_succeeded(st))
		st = sys_isa_init(&g->isa, graph, st_op_loc(fn));
	g->tails = st_succeeded(st) && sys_isa_find(&g->isa, "SET_ITER_LAST");
	if (st_succeeded(st) && !(g->p = sys_program_new(ctx)))
		st = ST_FAIL;
	if (st_succeeded(st))
		sys_machine_fingerprint(graph, g->p->target, sizeof g->p->target);
	st_block *body = st_succeeded(st) && st_op_num_regions(fn) ? st_region_first_block(st_op_region(fn, 0)) : NULL;
	if (st_succeeded(st) && !body)
		st = st_op_error(fn, "a function without a body has no program");
	/* Tensors: memref arguments, then the allocations codelets use. */
	for (size_t i = 0; st_succeeded(st) && i < st_block_num_args(body); i++)
		if (st_type_get_kind(st_value_type(st_block_arg(body, i))) == ST_TYPE_MEMREF)
			st = add_tensor(&w, st_block_arg(body, i), fn, false);
	for (st_op *op = body ? st_block_first_op(body) : NULL; st_succeeded(st) && op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "memref.alloc"))
			st = add_tensor(&w, st_op_result(op, 0), op, true);
		else if (!strcmp(st_op_name_cstr(op), "memref.get_global"))
			st = add_tensor(&w, st_op_result(op, 0), op, false);
	if (st_succeeded(st))
		st_walk(fn, ST_WALK_PRE, note_use, &w);
	for (st_op *op = body ? st_block_first_op(body) : NULL; st_succeeded(st) && op; op = st_op_next(op)) {
		const char *name = st_op_name_cstr(op);
		if (!strcmp(name, "memref.alloc") || !strcmp(name, "memref.dealloc") || !strcmp(name, "func.return") ||
		    !strcmp(name, "memref.get_global"))
			continue;
		if (strcmp(name, "codelet.cdlt") != 0) {
			st = st_op_error(op, "'%s' stays on the host: the systolic program runs the function's codelets only "
			                     "(raise it to a layer, or run it elsewhere)",
			                 name);
			break;
		}
		st = gen_block(&w, st_codelet_body(op));
	}
	if (st_succeeded(st))
		st = sys_cg_end(g, fn);
	if (st_succeeded(st) && g->p->nwords > sys_limit(ctx, &sys_words_limit)) {
		char hint[160];
		st = st_op_error(fn, "the program has %zu words, over the limit %s", g->p->nwords,
		                 sys_limit_hint(ctx, &sys_words_limit, hint, sizeof hint));
	}
	st_systolic_program *p = g->p;
	if (w.b)
		st_ctx_free(ctx, w.b, w.capb * sizeof *w.b);
	if (w.ops) {
		st_ctx_free(ctx, w.ops, w.capops * sizeof *w.ops);
		st_ctx_free(ctx, w.count, w.capops * sizeof *w.count);
	}
	sys_cg_split_free(g);
	sys_cg_emit_free(g);
	st_ctx_free(ctx, g, sizeof *g);
	if (st_failed(st)) {
		st_systolic_program_destroy(p);
		return NULL;
	}
	return p;
}
