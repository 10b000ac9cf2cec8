/* Mapping the layers of the SIMD unit (element-wise, requantisation,
 * pooling, depthwise convolution, and a GEMM or a convolution on operands
 * the array does not take) onto a systolic target (docs/systolic.md, "The
 * SIMD unit's layers").
 *
 * Every such layer is seen in one canonical view: an output (n, p, q, c)
 * computed from windows of an input (n, h, w, c) (an element-wise layer or
 * a requantisation is a window of 1 x 1 with stride 1: its operands'
 * dimensions aligned right), channels across the SIMD unit's lanes.  The
 * operands move between DRAM and the vector memories the .acg connects to
 * both DRAM and the SIMD unit, as 32-bit tiles (LD sign-extends, ST
 * truncates: the transfers convert); constants (an immediate, a scale, a
 * pooling window's size) are FILLed into the scalar memory feeding the
 * unit.  Tiles are the largest divisors of the extents that fit (twice
 * over where a memory double-buffers), channels first, then columns, then
 * rows; each tile is loaded, computed with one command per element
 * operation (its loops the hardware's loop levels: window, rows, columns,
 * channel blocks) and stored back.  Their layout is one channel block of
 * `lanes` elements per entry, so that every vector starts an entry.
 *
 * A GEMM C = A B is a depthwise convolution in this view: a batch of M
 * rows, channels the N columns of C (across the lanes), a window of the K
 * rows of B (its weights, w[k][0][n] = B[k][n]) over an input whose row m
 * holds A[m][k] in every channel.  That input is A broadcast across the
 * lanes, which the DMA does: one load of A's row into each channel of the
 * tile.  So each C[m][n-block] is K multiply-accumulates of vectors.  A
 * convolution is the sum over its input channels of such depthwise
 * convolutions: the output channels across the lanes, for each input
 * channel its plane broadcast across them, the weights of that channel. */
#include "sys_map.h"

#include <stdio.h>

#define MAXL 12

typedef struct smap {
	st_context *ctx;
	const sys_machine *m;
	const st_codelet_layer_info *l;
	st_op *layer;
	st_type *word; /* the lanes' element type (i32) */
	int64_t L;     /* lanes: the channel block of an entry */
	/* The canonical view. */
	int64_t N, H, W, C, P, Q, R, S, sh, sw, pt, pl;
	int64_t Cin; /* a convolution's input channels (1 otherwise) */
	st_value *cin_iv; /* the loop over them (NULL: runs once) */
	int dims[3][4]; /* roles of operands (input, second input or weights, output) */
	int vin, vsec, vout, imm; /* nodes */
	/* The tiles. */
	int64_t tp, tq, tc, Ht, Wt;
	int copies[SYS_NODES];
	int64_t cursor[SYS_NODES]; /* next free element of each node */
	size_t nimm;
	/* Loops and values of the codelet being built. */
	st_value *open[MAXL];
	size_t nopen;
	st_value *iv[4]; /* the tile loops: n, p, q, c (NULL: runs once) */
	st_value *dram[3];
	int noperands;
} smap;

enum { TN, TP, TQ, TC };

/* ------------------------------------------------------------ expressions */

static st_affine_expr *cst(smap *x, int64_t v) { return st_affine_const(x->ctx, v); }
static st_affine_expr *add(smap *x, st_affine_expr *a, st_affine_expr *b) { return st_affine_add(x->ctx, a, b); }
static st_affine_expr *mul(smap *x, st_affine_expr *a, int64_t k) { return st_affine_mul(x->ctx, a, cst(x, k)); }

/* A value of the open loops as an expression (0 when it is not open). */
static st_affine_expr *ivx(smap *x, st_value *v) {
	for (size_t i = 0; v && i < x->nopen; i++)
		if (x->open[i] == v)
			return st_affine_dim(x->ctx, (unsigned)i);
	return cst(x, 0);
}

static st_builder at_end(smap *x, st_block *b) {
	st_builder bld = st_builder_at_end(x->ctx, b, NULL);
	bld.before = st_block_terminator(b);
	bld.loc = st_op_loc(x->layer);
	return bld;
}

/* A loop 0..ub step `step` when it runs more than once; its variable joins
 * the open list.  The block to continue in, or NULL. */
static st_block *open_loop(smap *x, st_block *b, int64_t ub, int64_t step, st_value **iv) {
	*iv = NULL;
	if (ub <= step)
		return b;
	if (x->nopen == MAXL)
		return NULL;
	st_builder bld = at_end(x, b);
	st_op *l = st_codelet_build_loop(&bld, 0, ub, step, NULL);
	if (!l)
		return NULL;
	st_block *body = st_codelet_body(l);
	*iv = st_block_arg(body, 0);
	x->open[x->nopen++] = *iv;
	return body;
}

/* ---------------------------------------------------------------- tiles */

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Entries of a tile of (a, b, c) channel blocks of d channels. */
static int64_t entries(const smap *x, int64_t a, int64_t b, int64_t d) { return a * b * cdiv(d, x->L); }

/* The layout of a tile of `rank` canonical dimensions whose last is the
 * channels: one block of L channels per entry. */
static const st_affine_map *layout(smap *x, size_t rank, const int64_t *shape) {
	st_affine_expr *e = cst(x, 0);
	for (size_t d = 0; d + 1 < rank; d++)
		e = add(x, mul(x, e, shape[d]), st_affine_dim(x->ctx, (unsigned)d));
	st_affine_expr *last = st_affine_dim(x->ctx, (unsigned)(rank - 1));
	e = add(x, mul(x, e, cdiv(shape[rank - 1], x->L)), st_affine_floordiv(x->ctx, last, cst(x, x->L)));
	st_affine_expr *r[2] = {e, st_affine_mod(x->ctx, last, cst(x, x->L))};
	return st_affine_map_get(x->ctx, (unsigned)rank, 0, 2, r);
}

/* Places op's local (of `nent` entries, `copies` of them) on `node` after
 * what is there. */
static void place(smap *x, st_op *op, int node, int64_t nent, int copies, const st_affine_map *lay) {
	const sys_node *n = &x->m->nodes[node];
	st_codelet_placement pl = {.ncopies = (size_t)copies, .layout = lay};
	for (int i = 0; i < copies; i++)
		pl.base[i] = x->cursor[node] + i * nent * n->banks;
	x->cursor[node] += copies * nent * n->banks;
	st_codelet_set_placement(op, &pl);
}

/* A 32-bit local of canonical `shape` on `node` (filled when fill != NULL). */
static st_op *local(smap *x, st_block *b, int node, size_t rank, const int64_t *shape, const int64_t *fill, int copies) {
	st_builder bld = at_end(x, b);
	st_type *t = st_codelet_surrogate_type(x->ctx, rank, shape, x->word, x->m->nodes[node].name);
	st_op *op = st_codelet_build_local(&bld, t, fill ? st_integer_attr(x->ctx, x->word, (int64_t)(int32_t)*fill) : NULL);
	if (!op)
		return NULL;
	int64_t nent = 1;
	for (size_t d = 0; d + 1 < rank; d++)
		nent *= shape[d];
	nent *= cdiv(shape[rank - 1], x->L);
	place(x, op, node, nent, copies, layout(x, rank, shape));
	return op;
}

/* A constant in the scalar memory (FILLed once). */
static st_value *constant(smap *x, st_block *b, int64_t v) {
	st_builder bld = at_end(x, b);
	int64_t one = 1;
	st_type *t = st_codelet_surrogate_type(x->ctx, 1, &one, x->word, x->m->nodes[x->imm].name);
	st_op *op = st_codelet_build_local(&bld, t, st_integer_attr(x->ctx, x->word, (int64_t)(int32_t)v));
	if (!op)
		return NULL;
	st_affine_expr *r[2] = {st_affine_dim(x->ctx, 0), cst(x, 0)};
	place(x, op, x->imm, 1, 1, st_affine_map_get(x->ctx, 1, 0, 2, r));
	x->nimm++;
	return st_op_result(op, 0);
}

/* A transfer between DRAM operand i (canonical offsets `off`, sizes
 * `sizes` over `nc` canonical dimensions) and the tile `tile`, into the
 * tile (load) or out of it (store); a padded load reads `padv` outside
 * the tensor. */
static st_op *dram_move_at(smap *x, st_block *b, int i, size_t nc, st_affine_expr *const *off, const int64_t *sizes,
                           st_value *tile, st_affine_expr *const *toff, bool load, bool pad, int64_t padv) {
	st_builder bld = at_end(x, b);
	st_value *dram = x->dram[i];
	const int *roles = x->dims[i];
	size_t rank = st_type_rank(st_value_type(dram));
	st_affine_expr *doff[ST_CODELET_MAX_RANK], *zero[4];
	st_codelet_access d = {.surrogate = dram, .rank = rank}, t = {.surrogate = tile, .rank = nc};
	for (size_t k = 0; k < rank; k++) {
		doff[k] = cst(x, 0);
		d.sizes[k] = 1;
	}
	for (size_t j = 0; j < nc; j++) {
		zero[j] = toff ? toff[j] : cst(x, 0);
		t.sizes[j] = sizes[j];
		if (roles[j] >= 0) {
			doff[roles[j]] = off[j];
			d.sizes[roles[j]] = sizes[j];
		}
	}
	d.offsets = st_affine_map_get(x->ctx, (unsigned)x->nopen, 0, rank, doff);
	t.offsets = st_affine_map_get(x->ctx, (unsigned)x->nopen, 0, nc, zero);
	int64_t perm[ST_CODELET_MAX_RANK];
	st_op *op;
	if (load) {
		for (size_t j = 0; j < nc; j++)
			perm[j] = roles[j];
		op = st_codelet_build_transfer(&bld, &d, &t, NULL, pad, perm, nc, x->nopen, x->open);
		if (op && pad && padv)
			st_codelet_transfer_set_pad_value(op, padv);
		return op;
	}
	for (size_t k = 0; k < rank; k++)
		perm[k] = -1;
	for (size_t j = 0; j < nc; j++)
		if (roles[j] >= 0)
			perm[roles[j]] = (int64_t)j;
	return st_codelet_build_transfer(&bld, &t, &d, NULL, false, perm, rank, x->nopen, x->open);
}

/* The same, at the tile's origin. */
static st_op *dram_move(smap *x, st_block *b, int i, size_t nc, st_affine_expr *const *off, const int64_t *sizes,
                        st_value *tile, bool load, bool pad, int64_t padv) {
	return dram_move_at(x, b, i, nc, off, sizes, tile, NULL, load, pad, padv);
}

/* A depthwise convolution, or a GEMM or a convolution seen as one or a sum
 * of them (see the top). */
static bool dwlike(const smap *x) {
	return x->l->kind == ST_CODELET_DEPTHWISE || x->l->kind == ST_CODELET_GEMM || x->l->kind == ST_CODELET_CONV2D;
}

/* ---------------------------------------------------------------- nests */

/* One operand of a compute and where its slice is: a pointwise tile at
 * (0, p, q), a window's output at (0, p, q), its input at (0, p sh + r,
 * q sw + s), its weights at (r, s), or a constant (one element). */
typedef enum role { R_POINT, R_OUT, R_IN, R_WEIGHTS, R_CONST } role;

typedef struct operand {
	st_value *v;
	role r;
} operand;

/* The loops of a nest before its channel blocks: (p, q) for pointwise
 * operations, (r, s, p, q) for a window. */
typedef struct nest_dims {
	size_t n;
	int64_t ext[4];
	st_value *iv[4];
} nest_dims;

static size_t offsets_of(smap *x, const nest_dims *nd, role r, st_affine_expr *c, st_affine_expr **e) {
	bool win = nd->n == 4;
	st_affine_expr *p = ivx(x, nd->iv[win ? 2 : 0]), *q = ivx(x, nd->iv[win ? 3 : 1]);
	st_affine_expr *rr = win ? ivx(x, nd->iv[0]) : cst(x, 0), *ss = win ? ivx(x, nd->iv[1]) : cst(x, 0);
	switch (r) {
	case R_CONST:
		e[0] = cst(x, 0);
		return 1;
	case R_WEIGHTS:
		e[0] = rr;
		e[1] = ss;
		if (x->l->kind == ST_CODELET_CONV2D) {
			e[2] = ivx(x, x->cin_iv);
			e[3] = c;
			return 4;
		}
		e[2] = c;
		return 3;
	case R_IN:
		p = add(x, mul(x, p, x->sh), rr);
		q = add(x, mul(x, q, x->sw), ss);
		break;
	default:
		break;
	}
	e[0] = cst(x, 0);
	e[1] = p;
	e[2] = q;
	e[3] = c;
	return 4;
}

/* The nests of one element operation over the current tiles: the loops of
 * `nd`, then channel blocks of L lanes (and a nest for the channels that
 * remain); ops[0] is the output, the inputs follow. */
static bool compute(smap *x, st_block *b, const char *cap, size_t na, const operand *ops, nest_dims nd) {
	int64_t full = x->tc / x->L * x->L, rem = x->tc - full;
	for (int part = 0; part < 2; part++) {
		int64_t lanes = part ? rem : x->L;
		if ((part == 0 && !full) || (part == 1 && !rem))
			continue;
		size_t base = x->nopen;
		st_block *blk = b;
		for (size_t i = 0; blk && i < nd.n; i++)
			blk = open_loop(x, blk, nd.ext[i], 1, &nd.iv[i]);
		st_value *cb = NULL;
		if (blk && part == 0)
			blk = open_loop(x, blk, full, x->L, &cb);
		if (!blk)
			return false;
		st_codelet_access acc[4];
		st_affine_expr *c = part ? cst(x, full) : ivx(x, cb);
		for (size_t k = 0; k < na; k++) {
			st_affine_expr *e[4];
			size_t rank = offsets_of(x, &nd, ops[k].r, c, e);
			acc[k] = (st_codelet_access){.surrogate = ops[k].v, .rank = rank};
			for (size_t d = 0; d < rank; d++)
				acc[k].sizes[d] = ops[k].r != R_CONST && d + 1 == rank ? lanes : 1;
			acc[k].offsets = st_affine_map_get(x->ctx, (unsigned)x->nopen, 0, rank, e);
		}
		st_builder bld = at_end(x, blk);
		if (!st_codelet_build_compute(&bld, x->m->simd, cap, na, acc, x->nopen, x->open))
			return false;
		x->nopen = base;
	}
	return true;
}

/* ------------------------------------------------------------- the plan */

/* Elements each node needs for tiles (tp, tq, tc). */
static bool fits(smap *x, int64_t tp, int64_t tq, int64_t tc, int64_t *need, int *node) {
	int64_t use[SYS_NODES] = {0};
	int64_t Ht = (tp - 1) * x->sh + x->R, Wt = (tq - 1) * x->sw + x->S;
	const st_codelet_layer_info *l = x->l;
	use[x->vin] += entries(x, Ht, Wt, tc) * x->copies[x->vin];
	if (l->kind == ST_CODELET_ELTWISE && x->noperands == 3)
		use[x->vsec] += entries(x, Ht, Wt, tc) * x->copies[x->vsec];
	if (dwlike(x))
		use[x->vsec] += entries(x, x->R * x->S, x->Cin, tc) * x->copies[x->vsec];
	if (l->kind == ST_CODELET_POOL || dwlike(x))
		use[x->vout] += entries(x, tp, tq, tc) * x->copies[x->vout];
	for (size_t i = 0; i < x->m->nnodes; i++)
		if (use[i] > x->m->nodes[i].depth) {
			*need = use[i] * x->m->nodes[i].banks;
			*node = (int)i;
			return false;
		}
	return true;
}

/* The largest divisor of n that keeps the tiles fitting, 0 if none does. */
static int64_t largest(smap *x, int64_t n, int which, size_t *cand, size_t *valid) {
	for (int64_t d = n; d >= 1; d--) {
		if (n % d)
			continue;
		int64_t t[3] = {x->tp, x->tq, x->tc}, need;
		int node;
		t[which] = d;
		(*cand)++;
		if (fits(x, t[0], t[1], t[2], &need, &node)) {
			(*valid)++;
			return d;
		}
	}
	return 0;
}

/* Channels first, then columns, then rows. */
static st_status choose_tiles(smap *x, size_t *cand, size_t *valid) {
	int64_t need;
	int node;
	x->tp = x->tq = 1;
	x->tc = 1;
	if (!fits(x, 1, 1, 1, &need, &node))
		return st_op_error(x->layer, "does not fit the target: its smallest tiles need %lld elements of '%s', which has %lld",
		                   (long long)need, x->m->nodes[node].name,
		                   (long long)(x->m->nodes[node].banks * x->m->nodes[node].depth));
	x->tc = largest(x, x->C, 2, cand, valid);
	if (x->tc == x->C)
		x->tq = largest(x, x->Q, 1, cand, valid);
	if (x->tc == x->C && x->tq == x->Q)
		x->tp = largest(x, x->P, 0, cand, valid);
	x->Ht = (x->tp - 1) * x->sh + x->R;
	x->Wt = (x->tq - 1) * x->sw + x->S;
	return ST_OK;
}

/* ----------------------------------------------------------- the machine */

bool sys_simd_has_cap(const sys_machine *m, const char *cap) {
	st_op *u = st_acg_lookup(m->graph, m->simd);
	st_acg_cap c;
	for (size_t k = 0; u && k < st_acg_num_caps(u); k++)
		if (st_acg_get_cap(u, k, &c) && !strcmp(c.op, cap))
			return true;
	return false;
}

/* The vector memories (the SIMD unit reads and writes them, DRAM channels
 * both ways) and the scalar memory (one bank feeding the unit). */
static st_status find_memories(smap *x, bool need_imm, const char *why_imm) {
	const sys_machine *m = x->m;
	int v[SYS_NODES], nv = 0;
	x->imm = -1;
	for (size_t i = 0; i < m->nnodes; i++) {
		const sys_node *n = &m->nodes[i];
		if (!n->on_chip)
			continue;
		bool in = sys_machine_edge(m, n->name, m->simd), out = sys_machine_edge(m, m->simd, n->name);
		if (in && out && n->dram_to && n->dram_from && n->banks > 1)
			v[nv++] = (int)i;
		else if (in && n->banks == 1 && x->imm < 0)
			x->imm = (int)i;
	}
	if (!nv)
		return st_op_error(x->layer,
		                   "the SIMD unit '%s' has no vector memory: a storage node it reads and writes with DMA channels to "
		                   "and from DRAM",
		                   m->simd);
	if (need_imm && x->imm < 0)
		return st_op_error(x->layer, "the SIMD unit '%s' has no scalar memory (one bank with an edge into it) for %s", m->simd,
		                   why_imm);
	x->vin = v[0];
	x->vsec = v[nv > 1 ? 1 : 0];
	x->vout = x->vsec;
	x->L = m->lanes;
	for (int i = 0; i < nv; i++) {
		const sys_node *n = &m->nodes[v[i]];
		if (n->data_width != 32)
			return st_op_error(x->layer, "the SIMD layers compute in 32 bits: the vector memory '%s' holds %lld-bit words",
			                   n->name, (long long)n->data_width);
		if (n->banks < x->L)
			x->L = n->banks;
	}
	for (size_t i = 0; i < m->nnodes; i++)
		x->copies[i] = m->nodes[i].double_buffer ? 2 : 1;
	return ST_OK;
}

/* ----------------------------------------------------------- the layers */

static const char *eltwise_cap(int kind) {
	static const char *const caps[] = {"ADD", "SUB", "MUL", "MAX", "MIN", "RSHIFT", "LSHIFT", "RELU", "AND"};
	return kind >= 0 && kind < (int)(sizeof caps / sizeof *caps) ? caps[kind] : NULL;
}

/* The element operations a layer needs, checked against the unit. */
static st_status check_caps(smap *x) {
	const st_codelet_layer_info *l = x->l;
	const char *need[6];
	size_t n = 0;
	switch (l->kind) {
	case ST_CODELET_ELTWISE:
		need[n++] = eltwise_cap(l->eltwise);
		break;
	case ST_CODELET_REQUANT:
		need[n++] = "MUL";
		need[n++] = "ADD";
		need[n++] = "RSHIFT";
		need[n++] = "MAX";
		need[n++] = "MIN";
		break;
	case ST_CODELET_POOL:
		need[n++] = l->pool == ST_CODELET_POOL_MAX ? "MAX" : "ADD";
		if (l->pool == ST_CODELET_POOL_AVG)
			need[n++] = "DIV";
		break;
	case ST_CODELET_DEPTHWISE:
	case ST_CODELET_GEMM:
	case ST_CODELET_CONV2D:
		need[n++] = "MACC";
		break;
	default:
		break;
	}
	for (size_t i = 0; i < n; i++)
		if (!need[i] || !sys_simd_has_cap(x->m, need[i]))
			return st_op_error(x->layer, "the SIMD unit '%s' has no capability '%s', which this %s layer needs", x->m->simd,
			                   need[i] ? need[i] : "?", st_codelet_layer_name(l->kind));
	return ST_OK;
}

/* The canonical view of the layer. */
static st_status canonical(smap *x) {
	const st_codelet_layer_info *l = x->l;
	x->noperands = (int)l->noperands;
	x->R = x->S = x->sh = x->sw = x->Cin = 1;
	x->pt = x->pl = 0;
	if (l->kind == ST_CODELET_ELTWISE || l->kind == ST_CODELET_REQUANT) {
		st_type *t = st_value_type(st_op_operand(x->layer, 0));
		size_t rank = st_type_rank(t);
		if (rank == 0)
			return st_op_error(x->layer, "a layer of 0-dimensional operands stays on the host (tiles have dimensions)");
		int64_t e[4] = {1, 1, 1, 1};
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 4; j++) {
				int d = j - (4 - (int)rank);
				x->dims[i][j] = d >= 0 ? d : -1;
				if (d >= 0)
					e[j] = st_type_dim(t, (size_t)d);
			}
		x->N = e[0];
		x->P = x->H = e[1];
		x->Q = x->W = e[2];
		x->C = e[3];
		return ST_OK;
	}
	if (l->kind == ST_CODELET_GEMM) {
		/* A batch of M rows (the input A's rows, its K columns the rows of
		 * a K x 1 window of stride 1), N channels; the weights B (k, -, n),
		 * the output C (m, -, -, n). */
		int in[4] = {l->dims[0][0], l->dims[0][1], -1, -1}, w[4] = {l->dims[1][0], -1, l->dims[1][1], -1},
		    o[4] = {l->dims[2][0], -1, -1, l->dims[2][1]};
		memcpy(x->dims[0], in, sizeof in);
		memcpy(x->dims[1], w, sizeof w);
		memcpy(x->dims[2], o, sizeof o);
		x->N = l->ext[0][0];
		x->H = x->R = l->ext[0][1];
		x->C = l->ext[1][1];
		x->W = x->P = x->Q = 1;
		if (st_op_operand(x->layer, 2) == st_op_operand(x->layer, 0) || st_op_operand(x->layer, 2) == st_op_operand(x->layer, 1))
			return st_op_error(x->layer, "a GEMM whose output is one of its inputs stays on the host (its tiles would "
			                             "overwrite inputs other tiles still read)");
		return ST_OK;
	}
	size_t out = l->noperands - 1;
	memcpy(x->dims[0], l->dims[0], sizeof x->dims[0]);
	memcpy(x->dims[2], l->dims[out], sizeof x->dims[2]);
	if (l->kind == ST_CODELET_DEPTHWISE)
		memcpy(x->dims[1], l->dims[1], sizeof x->dims[1]);
	if (l->kind == ST_CODELET_CONV2D) {
		/* Weights (r, s, c, k), the output channels k across the lanes. */
		memcpy(x->dims[1], l->dims[1], sizeof x->dims[1]);
		x->Cin = l->ext[0][3];
	}
	const int64_t *ie = l->ext[0], *oe = l->ext[out];
	x->N = ie[0];
	x->H = ie[1];
	x->W = ie[2];
	x->C = l->kind == ST_CODELET_CONV2D ? oe[3] : ie[3];
	x->P = oe[1];
	x->Q = oe[2];
	x->sh = l->strides[0];
	x->sw = l->strides[1];
	x->pt = l->pads[0];
	x->pl = l->pads[1];
	if (l->kind == ST_CODELET_POOL) {
		x->R = l->window[0];
		x->S = l->window[1];
	} else {
		x->R = l->ext[1][0];
		x->S = l->ext[1][1];
	}
	/* A window that reads what an earlier tile's store overwrote. */
	for (size_t i = 0; i < out; i++)
		if (st_op_operand(x->layer, i) == st_op_operand(x->layer, out))
			return st_op_error(x->layer, "a windowed layer whose output is one of its inputs stays on the host (its tiles "
			                             "would overwrite inputs other tiles still read)");
	return ST_OK;
}

/* The body of one tile: loads, the element operations, the store. */
typedef struct tile_vals {
	st_value *in, *sec, *out, *wt;
	st_value *k[6]; /* constants */
} tile_vals;

static st_affine_expr *tile_off(smap *x, int t, int64_t scale, int64_t plus) {
	return x->iv[t] ? add(x, mul(x, ivx(x, x->iv[t]), scale), cst(x, plus)) : cst(x, plus);
}

/* The input tile's DRAM offsets and whether it reads outside the tensor. */
static bool input_window(smap *x, st_affine_expr **off) {
	off[0] = tile_off(x, TN, 1, 0);
	off[1] = tile_off(x, TP, x->sh, -x->pt);
	off[2] = tile_off(x, TQ, x->sw, -x->pl);
	off[3] = tile_off(x, TC, 1, 0);
	return x->pt || x->pl || (x->P - 1) * x->sh + x->R - x->pt > x->H || (x->Q - 1) * x->sw + x->S - x->pl > x->W;
}

static int lowest(st_type *t) {
	unsigned w = st_type_int_width(t);
	return w >= 32 ? INT32_MIN : -(1 << (w - 1));
}

static bool tile_body(smap *x, st_block *b, tile_vals *tv) {
	const st_codelet_layer_info *l = x->l;
	int64_t ishape[4] = {1, x->Ht, x->Wt, x->tc}, oshape[4] = {1, x->tp, x->tq, x->tc};
	st_affine_expr *ioff[4], *ooff[4] = {tile_off(x, TN, 1, 0), tile_off(x, TP, 1, 0), tile_off(x, TQ, 1, 0),
	                                      tile_off(x, TC, 1, 0)};
	bool pad = input_window(x, ioff);
	int64_t padv = l->kind == ST_CODELET_POOL && l->pool == ST_CODELET_POOL_MAX
	                   ? lowest(st_type_element(st_value_type(st_op_operand(x->layer, 0))))
	                   : 0;
	st_op *t = local(x, b, x->vin, 4, ishape, NULL, x->copies[x->vin]);
	if (!t)
		return false;
	tv->in = st_op_result(t, 0);
	if (l->kind == ST_CODELET_CONV2D) {
		/* Loaded per input channel, below. */
	} else if (l->kind == ST_CODELET_GEMM) {
		/* A's row in every channel of the tile: a load per channel. */
		int64_t row[4] = {1, x->Ht, 1, 1};
		for (int64_t c = 0; c < x->tc; c++) {
			st_affine_expr *at[4] = {cst(x, 0), cst(x, 0), cst(x, 0), cst(x, c)};
			if (!dram_move_at(x, b, 0, 4, ioff, row, tv->in, at, true, false, 0))
				return false;
		}
	} else if (!dram_move(x, b, 0, 4, ioff, ishape, tv->in, true, pad, padv)) {
		return false;
	}
	operand in = {tv->in, R_POINT};
	nest_dims pq = {.n = 2, .ext = {x->tp, x->tq}};
	switch (l->kind) {
	case ST_CODELET_ELTWISE: {
		/* In place: the first operand's tile takes the result. */
		operand ops[3] = {in, in, {0}};
		size_t na = 2;
		if (l->eltwise != ST_CODELET_RELU) {
			if (l->has_imm)
				ops[2] = (operand){tv->k[0], R_CONST};
			else {
				st_op *s = local(x, b, x->vsec, 4, ishape, NULL, x->copies[x->vsec]);
				if (!s || !(tv->sec = st_op_result(s, 0)) ||
				    !dram_move(x, b, 1, 4, ioff, ishape, tv->sec, true, false, 0))
					return false;
				ops[2] = (operand){tv->sec, R_POINT};
			}
			na = 3;
		}
		if (!compute(x, b, eltwise_cap(l->eltwise), na, ops, pq))
			return false;
		return dram_move(x, b, 2, 4, ooff, oshape, tv->in, false, false, 0) != NULL;
	}
	case ST_CODELET_REQUANT: {
		/* clamp(((x * scale + round) >> shift) + zero_point): one command
		 * per step, in place (constants k[0..5]: scale, round, shift,
		 * zero point, lowest, highest). */
		static const char *const caps[6] = {"MUL", "ADD", "RSHIFT", "ADD", "MAX", "MIN"};
		unsigned w = st_type_int_width(st_type_element(st_value_type(st_op_operand(x->layer, 1))));
		for (int k = 0; k < 6; k++) {
			bool skip = k == 1 || k == 2 ? l->shift == 0 : k == 3 ? l->zero_point == 0 : k >= 4 && w >= 32;
			operand ops[3] = {in, in, {tv->k[k], R_CONST}};
			if (!skip && !compute(x, b, caps[k], 3, ops, pq))
				return false;
		}
		return dram_move(x, b, 2, 4, ooff, oshape, tv->in, false, false, 0) != NULL;
	}
	case ST_CODELET_POOL:
	case ST_CODELET_DEPTHWISE:
	case ST_CODELET_GEMM:
	case ST_CODELET_CONV2D: {
		bool dw = dwlike(x);
		bool maxp = !dw && l->pool == ST_CODELET_POOL_MAX;
		int64_t init = maxp ? lowest(st_type_element(st_value_type(st_op_operand(x->layer, 1)))) : 0;
		bool load_out = dw && l->accumulate;
		st_op *o = local(x, b, x->vout, 4, oshape, load_out ? NULL : &init, x->copies[x->vout]);
		if (!o)
			return false;
		tv->out = st_op_result(o, 0);
		if (load_out && !dram_move(x, b, 2, 4, ooff, oshape, tv->out, true, false, 0))
			return false;
		operand out = {tv->out, R_OUT}, inw = {tv->in, R_IN};
		nest_dims win = {.n = 4, .ext = {x->R, x->S, x->tp, x->tq}};
		if (l->kind == ST_CODELET_CONV2D) {
			/* Per input channel: its plane broadcast across the tile's
			 * output channels (a load per channel), then the window. */
			size_t saved = x->nopen;
			st_block *cb = open_loop(x, b, x->Cin, 1, &x->cin_iv);
			if (!cb)
				return false;
			int64_t plane[4] = {1, x->Ht, x->Wt, 1};
			ioff[3] = ivx(x, x->cin_iv);
			for (int64_t c = 0; c < x->tc; c++) {
				st_affine_expr *at[4] = {cst(x, 0), cst(x, 0), cst(x, 0), cst(x, c)};
				if (!dram_move_at(x, cb, 0, 4, ioff, plane, tv->in, at, true, pad, 0))
					return false;
			}
			operand ops[4] = {out, inw, {tv->wt, R_WEIGHTS}, out};
			if (!compute(x, cb, "MACC", 4, ops, win))
				return false;
			x->nopen = saved;
			x->cin_iv = NULL;
		} else if (dw) {
			operand ops[4] = {out, inw, {tv->wt, R_WEIGHTS}, out};
			if (!compute(x, b, "MACC", 4, ops, win))
				return false;
		} else {
			operand ops[3] = {out, out, inw};
			if (!compute(x, b, maxp ? "MAX" : "ADD", 3, ops, win))
				return false;
			operand div[3] = {{tv->out, R_POINT}, {tv->out, R_POINT}, {tv->k[0], R_CONST}};
			if (!maxp && !compute(x, b, "DIV", 3, div, pq))
				return false;
		}
		return dram_move(x, b, 2, 4, ooff, oshape, tv->out, false, false, 0) != NULL;
	}
	default:
		return false;
	}
}

/* The tile loops (depthwise, GEMM, convolution: channel tiles outermost,
 * so that a weight tile serves every spatial tile), each tile's body
 * innermost. */
static bool tile_loops(smap *x, st_block *b, tile_vals *tv) {
	bool dw = dwlike(x);
	int order[4] = {TN, TP, TQ, TC};
	if (dw) {
		order[0] = TC;
		order[1] = TN;
		order[2] = TP;
		order[3] = TQ;
	}
	int64_t ub[4] = {x->N, x->P, x->Q, x->C}, step[4] = {1, x->tp, x->tq, x->tc};
	for (int i = 0; i < 4; i++) {
		int t = order[i];
		b = open_loop(x, b, ub[t], step[t], &x->iv[t]);
		if (!b)
			return false;
		if (dw && t == TC) {
			/* The weights of this channel tile. */
			bool conv = x->l->kind == ST_CODELET_CONV2D;
			int64_t shape[4] = {x->R, x->S, conv ? x->Cin : x->tc, x->tc};
			st_affine_expr *off[4] = {cst(x, 0), cst(x, 0), conv ? cst(x, 0) : tile_off(x, TC, 1, 0), tile_off(x, TC, 1, 0)};
			size_t nc = conv ? 4 : 3;
			int copies = x->C > x->tc ? x->copies[x->vsec] : 1;
			st_op *w = local(x, b, x->vsec, nc, shape, NULL, copies);
			if (!w || !dram_move(x, b, 1, nc, off, shape, st_op_result(w, 0), true, false, 0))
				return false;
			tv->wt = st_op_result(w, 0);
		}
	}
	return tile_body(x, b, tv);
}

/* The constants of a layer, FILLed into the scalar memory once. */
static bool constants(smap *x, st_block *b, tile_vals *tv) {
	const st_codelet_layer_info *l = x->l;
	int64_t k[6];
	size_t n = 0;
	if (l->kind == ST_CODELET_ELTWISE && l->has_imm)
		k[n++] = l->imm;
	if (l->kind == ST_CODELET_POOL && l->pool == ST_CODELET_POOL_AVG)
		k[n++] = l->window[0] * l->window[1];
	if (l->kind == ST_CODELET_REQUANT) {
		unsigned w = st_type_int_width(st_type_element(st_value_type(st_op_operand(x->layer, 1))));
		k[n++] = l->scale;
		k[n++] = l->shift > 0 ? INT64_C(1) << (l->shift - 1) : 0;
		k[n++] = l->shift;
		k[n++] = l->zero_point;
		k[n++] = w >= 32 ? INT32_MIN : -(INT64_C(1) << (w - 1));
		k[n++] = w >= 32 ? INT32_MAX : (INT64_C(1) << (w - 1)) - 1;
	}
	if (n > (size_t)x->m->nodes[x->imm < 0 ? 0 : x->imm].depth) {
		st_op_error(x->layer, "the layer needs %zu constants; the scalar memory '%s' holds %lld", n,
		            x->m->nodes[x->imm].name, (long long)x->m->nodes[x->imm].depth);
		return false;
	}
	for (size_t i = 0; i < n; i++)
		if (!(tv->k[i] = constant(x, b, k[i])))
			return false;
	return true;
}

st_op *sys_map_simd_layer(const sys_machine *m, st_op *layer, const st_codelet_layer_info *l, sys_plan *plan,
                          sys_search *search) {
	st_context *ctx = st_op_context(layer);
	smap x = {.ctx = ctx, .m = m, .l = l, .layer = layer};
	if (!m->simd[0]) {
		st_op_error(layer, "the target has no SIMD unit (a compute node with an ADD capability) for this %s layer",
		            st_codelet_layer_name(l->kind));
		return NULL;
	}
	st_op *u = st_acg_lookup(m->graph, m->simd);
	st_acg_cap add_cap;
	for (size_t k = 0; u && k < st_acg_num_caps(u); k++)
		if (st_acg_get_cap(u, k, &add_cap) && !strcmp(add_cap.op, "ADD"))
			break;
	x.word = st_acg_cap_type(&add_cap, 0);
	if (!x.word || !st_type_is_integer(x.word) || st_type_int_width(x.word) != 32) {
		st_op_error(layer, "the SIMD layers compute in 32 bits: the lanes of '%s' are not i32", m->simd);
		return NULL;
	}
	bool need_imm = (l->kind == ST_CODELET_ELTWISE && l->has_imm) || l->kind == ST_CODELET_REQUANT ||
	                (l->kind == ST_CODELET_POOL && l->pool == ST_CODELET_POOL_AVG);
	const char *why = l->kind == ST_CODELET_REQUANT ? "the scale, shift and bounds of a requantisation"
	                  : l->kind == ST_CODELET_POOL  ? "the window size an average divides by"
	                                                : "the immediate of an element-wise layer";
	size_t cand = 0, valid = 0;
	if (st_failed(find_memories(&x, need_imm, why)) || st_failed(check_caps(&x)) || st_failed(canonical(&x)) ||
	    st_failed(choose_tiles(&x, &cand, &valid)))
		return NULL;
	/* One tile in all: nothing to overlap, so one copy of each. */
	if (x.N * (x.P / x.tp) * (x.Q / x.tq) * (x.C / x.tc) == 1)
		for (size_t i = 0; i < m->nnodes; i++)
			x.copies[i] = 1;
	st_builder b = st_builder_before(layer);
	st_op *cd = st_codelet_build_cdlt(&b, st_codelet_layer_name(l->kind), NULL);
	if (!cd)
		return NULL;
	st_block *body = st_codelet_body(cd);
	st_builder in = at_end(&x, body);
	const char *dram = m->nodes[m->dram].name;
	int map[3] = {0, 1, (int)l->noperands - 1};
	for (int i = 0; i < 3; i++) {
		if (i == 1 && l->noperands < 3)
			continue;
		st_value *v = st_op_operand(layer, (size_t)map[i]);
		st_type *t = st_codelet_relocate(ctx, st_value_type(v), dram);
		st_op *s = i == 2 ? st_codelet_build_out(&in, v, t) : st_codelet_build_inp(&in, v, t);
		if (!s)
			return NULL;
		x.dram[i] = st_op_result(s, 0);
	}
	/* An element-wise layer's output is its operand 2 or, unary, 1. */
	if (l->noperands == 2)
		memcpy(x.dims[2], x.dims[0], sizeof x.dims[2]);
	tile_vals tv = {0};
	if (!constants(&x, body, &tv) || !tile_loops(&x, body, &tv))
		return NULL;
	/* The plan: tiles (p, q, 1, c); the estimate is the larger of the
	 * unit's vectors and the vector memories' DRAM traffic. */
	memset(plan, 0, sizeof *plan);
	plan->dataflow = SYS_SIMD;
	plan->order = dwlike(&x) ? SYS_K_OUTER : SYS_SPATIAL_OUTER;
	plan->tp = x.tp;
	plan->tq = x.tq;
	plan->tk = 1;
	plan->tc = x.tc;
	double vec = (double)x.N * (double)x.P * (double)x.Q * (double)cdiv(x.C, x.L) * (double)(x.R * x.S * x.Cin);
	double bytes = 0;
	for (size_t i = 0; i < l->noperands; i++) {
		st_type *t = st_value_type(st_op_operand(layer, i));
		bytes += (double)st_type_num_elements_static(t) * (double)(st_type_int_width(st_type_element(t)) / 8);
	}
	double bw = (double)(m->nodes[x.vin].channel_bw ? m->nodes[x.vin].channel_bw : 1) / 8;
	plan->compute = vec;
	plan->dram = bytes / bw;
	plan->cycles = vec > plan->dram ? vec : plan->dram;
	search->candidates = cand;
	search->valid = valid;
	return cd;
}
