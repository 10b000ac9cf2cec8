/* Building the placed codelet of an array layer from its plan
 * (docs/systolic.md, "Mapping"): the layer's operands as surrogates in
 * DRAM; loops over the DRAM tiles in the plan's order; each tile moved to
 * the buffer the ACG connects to the array (input, weights) or created
 * there (the output, zeroed), at the shallowest loop it depends on, with
 * its placement (a base per copy: two where the buffer double-buffers)
 * and its layout (which entry and bank holds each element: channels across
 * banks, one array row or column each); loop nests around one GEMM step of
 * the array per point, one nest for each of the full and partial blocks of
 * rows and columns; the output tile stored back after its last
 * reduction tile.  The result runs in the interpreter, and the code
 * generator turns it into instructions. */
#include "sys_map.h"

#include <stdio.h>

#define MAXL 12

typedef struct ctx {
	st_context *ctx;
	const sys_machine *m;
	const sys_conv *c;
	const sys_plan *p;
	st_value *in, *w, *out; /* DRAM surrogates */
	st_value *tin, *tw, *tout;
	int64_t Cg, Kb, Ht, Wt;
	/* The loop variable of each tile index (n, p0, q0, k0, c0), or NULL. */
	st_value *iv[5];
	st_value *open[MAXL];
	size_t nopen;
	st_type *i32;
} ctx;

enum { IN, IP, IQ, IK, IC };

static st_affine_expr *cst(ctx *x, int64_t v) { return st_affine_const(x->ctx, v); }

/* The expression of tile index t over the op's index operands (the open
 * loops), times `scale` plus `add`. */
static st_affine_expr *tile_expr(ctx *x, int t, int64_t scale, int64_t add) {
	if (!x->iv[t])
		return cst(x, add);
	for (size_t i = 0; i < x->nopen; i++)
		if (x->open[i] == x->iv[t])
			return st_affine_add(x->ctx, st_affine_mul(x->ctx, st_affine_dim(x->ctx, (unsigned)i), cst(x, scale)),
			                     cst(x, add));
	return cst(x, add);
}

static st_builder builder_at(ctx *x, st_block *b) {
	st_builder bld = st_builder_at_end(x->ctx, b, NULL);
	bld.before = st_block_terminator(b);
	return bld;
}


/* A transfer between a DRAM operand (memref order, `roles`) and a tile
 * (canonical order): offsets and sizes in canonical order. */
/* The DRAM side of a transfer: the slice of `dram` at canonical offsets
 * and sizes, and for each canonical dimension the memref's (perm). */
static void dram_access(ctx *x, st_value *dram, const int *roles, st_affine_expr *const *off, const int64_t *sizes,
                        st_codelet_access *a, int64_t *perm) {
	size_t rank = st_type_rank(st_value_type(dram));
	st_affine_expr *doff[ST_CODELET_MAX_RANK];
	*a = (st_codelet_access){.surrogate = dram, .rank = rank};
	for (size_t d = 0; d < rank; d++) {
		doff[d] = cst(x, 0);
		a->sizes[d] = 1;
	}
	for (int j = 0; j < 4; j++) {
		perm[j] = roles[j];
		if (roles[j] >= 0) {
			doff[roles[j]] = off[j];
			a->sizes[roles[j]] = sizes[j];
		}
	}
	a->offsets = st_affine_map_get(x->ctx, (unsigned)x->nopen, 0, rank, doff);
}

/* The whole of a 4-dimensional tile, at offset 0. */
static st_codelet_access tile_access(ctx *x, st_value *tile, const int64_t *sizes) {
	st_affine_expr *zero[4] = {cst(x, 0), cst(x, 0), cst(x, 0), cst(x, 0)};
	st_codelet_access s = {.surrogate = tile, .rank = 4, .offsets = st_affine_map_get(x->ctx, (unsigned)x->nopen, 0, 4, zero)};
	memcpy(s.sizes, sizes, 4 * sizeof *sizes);
	return s;
}

static st_op *dram_transfer(ctx *x, st_block *b, st_value *dram, const int *roles, st_affine_expr *const *off,
                            const int64_t *sizes, st_value *tile, const char *to, bool pad) {
	st_builder bld = builder_at(x, b);
	st_codelet_access a;
	int64_t perm[4];
	dram_access(x, dram, roles, off, sizes, &a, perm);
	if (to)
		return st_codelet_build_transfer(&bld, &a, NULL, to, pad, perm, 4, x->nopen, x->open);
	/* Storing a tile: the tile is the source, DRAM the destination. */
	st_codelet_access s = tile_access(x, tile, sizes);
	size_t rank = a.rank;
	int64_t inv[ST_CODELET_MAX_RANK];
	for (size_t d = 0; d < rank; d++)
		inv[d] = -1;
	for (int j = 0; j < 4; j++)
		if (roles[j] >= 0)
			inv[roles[j]] = j;
	return st_codelet_build_transfer(&bld, &s, &a, NULL, false, inv, rank, x->nopen, x->open);
}

/* The output's DRAM slice loaded into the (wider) output tile. */
static bool load_into(ctx *x, st_block *b, st_affine_expr *const *off, const int64_t *sizes) {
	st_builder bld = builder_at(x, b);
	st_codelet_access a, t = tile_access(x, x->tout, sizes);
	int64_t perm[4];
	dram_access(x, x->out, x->c->out_dims, off, sizes, &a, perm);
	return st_codelet_build_transfer(&bld, &a, &t, NULL, false, perm, 4, x->nopen, x->open) != NULL;
}

static void place(ctx *x, st_op *op, int node, int64_t entries, int copies, const st_affine_map *layout) {
	const sys_node *n = &x->m->nodes[node];
	st_codelet_placement pl = {.ncopies = (size_t)copies, .layout = layout};
	for (int i = 0; i < copies; i++)
		pl.base[i] = i * entries * n->banks;
	st_codelet_set_placement(op, &pl);
}

static st_affine_expr *d(ctx *x, unsigned i) { return st_affine_dim(x->ctx, i); }
static st_affine_expr *add(ctx *x, st_affine_expr *a, st_affine_expr *b) { return st_affine_add(x->ctx, a, b); }
static st_affine_expr *mul(ctx *x, st_affine_expr *a, int64_t k) { return st_affine_mul(x->ctx, a, cst(x, k)); }
static st_affine_expr *fdiv(ctx *x, st_affine_expr *a, int64_t k) { return st_affine_floordiv(x->ctx, a, cst(x, k)); }
static st_affine_expr *mod(ctx *x, st_affine_expr *a, int64_t k) { return st_affine_mod(x->ctx, a, cst(x, k)); }

/* Layouts, over the canonical tile indices. */
static const st_affine_map *layout_in(ctx *x) {
	int64_t N = x->m->rows;
	st_affine_expr *r[2] = {add(x, add(x, mul(x, fdiv(x, d(x, 3), N), x->Ht * x->Wt), mul(x, d(x, 1), x->Wt)), d(x, 2)),
	                        mod(x, d(x, 3), N)};
	return st_affine_map_get(x->ctx, 4, 0, 2, r);
}

static const st_affine_map *layout_w(ctx *x) {
	int64_t N = x->m->rows, M = x->m->cols, RS = x->c->R * x->c->S;
	st_affine_expr *blk = add(x, mul(x, fdiv(x, d(x, 3), M), x->Cg), fdiv(x, d(x, 2), N));
	st_affine_expr *r[2] = {add(x, add(x, mul(x, blk, RS), mul(x, d(x, 0), x->c->S)), d(x, 1)),
	                        add(x, mul(x, mod(x, d(x, 2), N), M), mod(x, d(x, 3), M))};
	return st_affine_map_get(x->ctx, 4, 0, 2, r);
}

static const st_affine_map *layout_out(ctx *x) {
	int64_t M = x->m->cols, tp = x->p->tp, tq = x->p->tq;
	st_affine_expr *r[2] = {add(x, add(x, mul(x, fdiv(x, d(x, 3), M), tp * tq), mul(x, d(x, 1), tq)), d(x, 2)),
	                        mod(x, d(x, 3), M)};
	return st_affine_map_get(x->ctx, 4, 0, 2, r);
}

static st_type *tile_type(ctx *x, const int64_t *shape, st_type *elt, int node) {
	return st_codelet_surrogate_type(x->ctx, 4, shape, elt, x->m->nodes[node].name);
}

/* ------------------------------------------------------------ the nests */

/* Opens a loop 0..ub step `step` in `b` when it runs more than once; its
 * variable joins the open list.  Returns the block to continue in. */
static st_block *open_loop(ctx *x, st_block *b, int64_t ub, int64_t step, st_value **iv) {
	*iv = NULL;
	if (ub <= step)
		return b;
	st_builder bld = builder_at(x, b);
	st_op *l = st_codelet_build_loop(&bld, 0, ub, step, NULL);
	if (!l || x->nopen == MAXL)
		return NULL;
	st_block *body = st_codelet_body(l);
	*iv = st_block_arg(body, 0);
	x->open[x->nopen++] = *iv;
	return body;
}

/* An index of the compute: a loop variable (dim of the open list), or 0. */
static st_affine_expr *iv_expr(ctx *x, st_value *iv) {
	for (size_t i = 0; iv && i < x->nopen; i++)
		if (x->open[i] == iv)
			return d(x, (unsigned)i);
	return cst(x, 0);
}

/* One nest: `rows` rows from channel `c_at` (a loop over full blocks when
 * c_loop), `cols` columns from `k_at` (likewise). */
static bool nest(ctx *x, st_block *b, int64_t rows, int64_t c_at, bool c_loop, int64_t cols, int64_t k_at, bool k_loop) {
	const sys_conv *c = x->c;
	const sys_plan *p = x->p;
	size_t base = x->nopen;
	int64_t N = x->m->rows, M = x->m->cols;
	st_value *kb, *r, *s, *cb, *pp, *qq;
	bool os = p->dataflow == SYS_OS && (p->tq > 1 || p->tp > 1);
	int row_level = -1;
	st_block *blk = b;
	int64_t kext = k_loop ? k_at : M, cext = c_loop ? c_at : N;
	blk = open_loop(x, blk, kext, M, &kb);
	if (!os) {
		blk = blk ? open_loop(x, blk, c->R, 1, &r) : NULL;
		blk = blk ? open_loop(x, blk, c->S, 1, &s) : NULL;
		blk = blk ? open_loop(x, blk, cext, N, &cb) : NULL;
		blk = blk ? open_loop(x, blk, p->tp, 1, &pp) : NULL;
		blk = blk ? open_loop(x, blk, p->tq, 1, &qq) : NULL;
	} else {
		blk = open_loop(x, blk, p->tp, 1, &pp);
		blk = blk ? open_loop(x, blk, p->tq, 1, &qq) : NULL;
		row_level = (int)(x->nopen - base) - 1;
		blk = blk ? open_loop(x, blk, c->R, 1, &r) : NULL;
		blk = blk ? open_loop(x, blk, c->S, 1, &s) : NULL;
		blk = blk ? open_loop(x, blk, cext, N, &cb) : NULL;
	}
	if (!blk)
		return false;
	st_affine_expr *ek = add(x, iv_expr(x, kb), cst(x, k_loop ? 0 : k_at));
	st_affine_expr *ec = add(x, iv_expr(x, cb), cst(x, c_loop ? 0 : c_at));
	st_affine_expr *ep = iv_expr(x, pp), *eq = iv_expr(x, qq), *er = iv_expr(x, r), *es = iv_expr(x, s);
	st_affine_expr *eh = add(x, mul(x, ep, c->sh), er), *ew = add(x, mul(x, eq, c->sw), es);
	unsigned nd = (unsigned)x->nopen;
	st_affine_expr *o[4] = {cst(x, 0), ep, eq, ek}, *i[4] = {cst(x, 0), eh, ew, ec}, *wt[4] = {er, es, ec, ek};
	st_codelet_access acc[4] = {
		{.surrogate = x->tout, .rank = 4, .sizes = {1, 1, 1, cols}, .offsets = st_affine_map_get(x->ctx, nd, 0, 4, o)},
		{.surrogate = x->tin, .rank = 4, .sizes = {1, 1, 1, rows}, .offsets = st_affine_map_get(x->ctx, nd, 0, 4, i)},
		{.surrogate = x->tw, .rank = 4, .sizes = {1, 1, rows, cols}, .offsets = st_affine_map_get(x->ctx, nd, 0, 4, wt)},
	};
	acc[3] = acc[0];
	st_builder bld = builder_at(x, blk);
	st_op *cmp = st_codelet_build_compute(&bld, x->m->sa, "GEMM", 4, acc, x->nopen, x->open);
	if (!cmp)
		return false;
	st_op_set_attr(cmp, "dataflow", st_string_attr(x->ctx, st_str_c(os ? "os" : "ws")));
	if (os)
		st_op_set_attr(cmp, "row_level", st_integer_attr(x->ctx, st_integer_type(x->ctx, 64, ST_SIGNLESS), row_level));
	x->nopen = base;
	return true;
}

/* Every nest of a step: full and partial blocks of rows and columns. */
static bool nests(ctx *x, st_block *b) {
	int64_t N = x->m->rows, M = x->m->cols, tc = x->p->tc, tk = x->p->tk;
	int64_t cfull = tc / N * N, kfull = tk / M * M;
	for (int cpart = 0; cpart < 2; cpart++)
		for (int kpart = 0; kpart < 2; kpart++) {
			int64_t rows = cpart ? tc - cfull : N, cols = kpart ? tk - kfull : M;
			if ((!cpart && !cfull) || (cpart && !rows) || (!kpart && !kfull) || (kpart && !cols))
				continue;
			if (!nest(x, b, rows, cpart ? cfull : cfull, !cpart, cols, kpart ? kfull : kfull, !kpart))
				return false;
		}
	return true;
}

/* -------------------------------------------------------------- the tiles */

typedef struct step {
	int t[5];  /* the tile indices in loop order */
	size_t n;
} step;

/* Where each tile goes: after the deepest loop (position in the order) it
 * depends on; -1: before every loop. */
static int depth_of(const step *o, const int *deps, size_t ndeps) {
	int at = -1;
	for (size_t i = 0; i < o->n; i++)
		for (size_t k = 0; k < ndeps; k++)
			if (o->t[i] == deps[k])
				at = (int)i;
	return at;
}

static const int in_deps[4] = {IN, IP, IQ, IC}, w_deps[2] = {IK, IC}, out_deps[4] = {IN, IP, IQ, IK};

static bool tiles_at(ctx *x, st_block *b, const step *o, int depth);

static bool input_tile(ctx *x, st_block *b) {
	const sys_conv *c = x->c;
	const sys_plan *p = x->p;
	st_affine_expr *off[4] = {tile_expr(x, IN, 1, 0), tile_expr(x, IP, c->sh, -c->pt), tile_expr(x, IQ, c->sw, -c->pl),
	                          tile_expr(x, IC, 1, 0)};
	int64_t sizes[4] = {1, x->Ht, x->Wt, p->tc};
	bool pad = c->pt || c->pl || (c->P - 1) * c->sh + c->R - c->pt > c->H || (c->Q - 1) * c->sw + c->S - c->pl > c->W;
	st_op *t = dram_transfer(x, b, x->in, c->in_dims, off, sizes, NULL, x->m->nodes[x->m->in].name, pad);
	if (!t)
		return false;
	place(x, t, x->m->in, p->entries_in, p->copies_in, layout_in(x));
	x->tin = st_op_result(t, 0);
	return true;
}

static bool weights_tile(ctx *x, st_block *b) {
	const sys_conv *c = x->c;
	st_affine_expr *off[4] = {cst(x, 0), cst(x, 0), tile_expr(x, IC, 1, 0), tile_expr(x, IK, 1, 0)};
	int64_t sizes[4] = {c->R, c->S, x->p->tc, x->p->tk};
	st_op *t = dram_transfer(x, b, x->w, c->w_dims, off, sizes, NULL, x->m->nodes[x->m->w].name, false);
	if (!t)
		return false;
	place(x, t, x->m->w, x->p->entries_w, x->p->copies_w, layout_w(x));
	x->tw = st_op_result(t, 0);
	return true;
}

static bool output_tile(ctx *x, st_block *b, st_op **made) {
	const sys_plan *p = x->p;
	int64_t shape[4] = {1, p->tp, p->tq, p->tk};
	st_op *t;
	/* The partial sums are the array's 32-bit words whatever the output's
	 * width: an accumulated narrower output is loaded sign-extended (and
	 * stored truncated, store_tile), which wrapping sums allow. */
	bool narrow = st_type_int_width(st_type_element(st_value_type(x->out))) != 32;
	st_builder bld = builder_at(x, b);
	if (x->c->accumulate && !narrow) {
		st_affine_expr *off[4] = {tile_expr(x, IN, 1, 0), tile_expr(x, IP, 1, 0), tile_expr(x, IQ, 1, 0), tile_expr(x, IK, 1, 0)};
		t = dram_transfer(x, b, x->out, x->c->out_dims, off, shape, NULL, x->m->nodes[x->m->out].name, false);
	} else {
		t = st_codelet_build_local(&bld, tile_type(x, shape, x->i32, x->m->out),
		                           x->c->accumulate ? NULL : st_integer_attr(x->ctx, x->i32, 0));
	}
	if (!t)
		return false;
	place(x, t, x->m->out, p->entries_out, p->copies_out, layout_out(x));
	x->tout = st_op_result(t, 0);
	if (x->c->accumulate && narrow) {
		st_affine_expr *off[4] = {tile_expr(x, IN, 1, 0), tile_expr(x, IP, 1, 0), tile_expr(x, IQ, 1, 0), tile_expr(x, IK, 1, 0)};
		if (!load_into(x, b, off, shape))
			return false;
	}
	*made = t;
	return true;
}

static bool store_tile(ctx *x, st_block *b) {
	const sys_plan *p = x->p;
	st_affine_expr *off[4] = {tile_expr(x, IN, 1, 0), tile_expr(x, IP, 1, 0), tile_expr(x, IQ, 1, 0), tile_expr(x, IK, 1, 0)};
	int64_t sizes[4] = {1, p->tp, p->tq, p->tk};
	return dram_transfer(x, b, x->out, x->c->out_dims, off, sizes, x->tout, NULL, false) != NULL;
}

/* Places the tiles that belong at `depth` (inside the loop of o->t[depth],
 * or before all loops for -1), then the next loop, then, at the output
 * tile's depth, its store. */
static bool tiles_at(ctx *x, st_block *b, const step *o, int depth) {
	int din = depth_of(o, in_deps, 4), dw = depth_of(o, w_deps, 2), dout = depth_of(o, out_deps, 4);
	st_op *made = NULL;
	if (dout == depth && !output_tile(x, b, &made))
		return false;
	if (din == depth && !input_tile(x, b))
		return false;
	if (dw == depth && !weights_tile(x, b))
		return false;
	if ((size_t)(depth + 1) < o->n) {
		int t = o->t[depth + 1];
		const sys_conv *c = x->c;
		const sys_plan *p = x->p;
		int64_t ub = t == IN ? c->N : t == IP ? c->P : t == IQ ? c->Q : t == IK ? c->K : c->C;
		int64_t step = t == IN ? 1 : t == IP ? p->tp : t == IQ ? p->tq : t == IK ? p->tk : p->tc;
		size_t saved = x->nopen;
		st_block *inner = open_loop(x, b, ub, step, &x->iv[t]);
		if (!inner || !tiles_at(x, inner, o, depth + 1))
			return false;
		x->nopen = saved;
	} else if (!nests(x, b)) {
		return false;
	}
	if (dout == depth && !store_tile(x, b))
		return false;
	return true;
}

/* The loops over the tiles, in the plan's order, skipping those that run
 * once; the reduction tiles (c0) innermost, so that an output tile stays in
 * its buffer while it accumulates. */
static void loop_order(const sys_conv *c, const sys_plan *p, step *o) {
	int all[5] = {IN, IK, IP, IQ, IC};
	if (p->order == SYS_SPATIAL_OUTER) {
		all[1] = IP;
		all[2] = IQ;
		all[3] = IK;
	}
	int64_t trips[5] = {c->N, c->P / p->tp, c->Q / p->tq, c->K / p->tk, c->C / p->tc};
	o->n = 0;
	for (int i = 0; i < 5; i++)
		if (trips[all[i]] > 1)
			o->t[o->n++] = all[i];
}

st_op *sys_map_array_layer(const sys_machine *m, st_op *layer, const sys_conv *c, const sys_plan *p, const char *name);

st_op *sys_map_array_layer(const sys_machine *m, st_op *layer, const sys_conv *c, const sys_plan *p, const char *name) {
	st_context *sctx = st_op_context(layer);
	ctx x = {.ctx = sctx, .m = m, .c = c, .p = p};
	x.i32 = st_integer_type(sctx, 32, ST_SIGNLESS);
	x.Cg = (p->tc + m->rows - 1) / m->rows;
	x.Kb = (p->tk + m->cols - 1) / m->cols;
	x.Ht = (p->tp - 1) * c->sh + c->R;
	x.Wt = (p->tq - 1) * c->sw + c->S;
	st_builder b = st_builder_before(layer);
	st_op *cd = st_codelet_build_cdlt(&b, name, NULL);
	if (!cd)
		return NULL;
	st_block *body = st_codelet_body(cd);
	st_builder in = builder_at(&x, body);
	in.loc = b.loc;
	const char *dram = m->nodes[m->dram].name;
	st_value *ops[3];
	for (int i = 0; i < 3; i++) {
		st_value *v = st_op_operand(layer, (size_t)i);
		st_type *t = st_codelet_relocate(sctx, st_value_type(v), dram);
		st_op *s = i < 2 ? st_codelet_build_inp(&in, v, t) : st_codelet_build_out(&in, v, t);
		if (!s)
			return NULL;
		ops[i] = st_op_result(s, 0);
	}
	x.in = ops[0];
	x.w = ops[1];
	x.out = ops[2];
	step o;
	loop_order(c, p, &o);
	if (!tiles_at(&x, body, &o, -1))
		return NULL;
	return cd;
}
