/* codelet-expand: layer mapping, the first step of Covenant's compiler
 * (Kinzer section 3.3): each layer op becomes its codelet from the
 * library, instantiated with the layer's sizes and element types, still
 * unplaced (no node on any surrogate or compute): loops over the layer's
 * iteration space around one scalar compute (MAC for gemm, conv2d and
 * depthwise; MAX or ADD and DIV for pooling; the element operation for
 * eltwise; MUL, ADD, RSHIFT, MAX, MIN for requant), with the output
 * zeroed first unless the layer accumulates, and a padded input copied
 * into a local first.  The result runs in the interpreter and equals the
 * layer (test/Dialect/codelet/expand-*.mlir check it with strata-tv). */
#include "codelet_internal.h"

#include "strata/pass.h"

#define MAXL 8

typedef struct nest {
	st_builder b;
	st_value *iv[MAXL];
	size_t n;
} nest;

/* Opens loops 0..ext[i] inside the builder's point; `b` moves inside. */
static bool open_loops(nest *ns, const int64_t *ext, size_t n) {
	for (size_t i = 0; i < n; i++) {
		st_op *l = st_codelet_build_loop(&ns->b, 0, ext[i], 1, NULL);
		if (!l || ns->n == MAXL)
			return false;
		st_block *body = st_codelet_body(l);
		ns->iv[ns->n++] = st_block_arg(body, 0);
		ns->b.block = body;
		ns->b.before = st_block_terminator(body);
	}
	return true;
}

static st_affine_expr *dim(st_context *ctx, unsigned i) { return st_affine_dim(ctx, i); }
static st_affine_expr *cst(st_context *ctx, int64_t v) { return st_affine_const(ctx, v); }

/* An access to `v` whose offset in memref dimension roles[j] is e[j]
 * (canonical order), each slice 1 wide; dimensions without a role are
 * offset 0. */
static st_codelet_access access(st_context *ctx, st_value *v, const int *roles, st_affine_expr *const *e, size_t nc,
                                unsigned nivs) {
	st_codelet_access a = {.surrogate = v};
	st_type *t = st_value_type(v);
	a.rank = st_type_rank(t);
	st_affine_expr *res[ST_CODELET_MAX_RANK];
	for (size_t d = 0; d < a.rank; d++) {
		res[d] = cst(ctx, 0);
		a.sizes[d] = 1;
	}
	for (size_t j = 0; j < nc; j++)
		if (roles[j] >= 0)
			res[roles[j]] = e[j];
	a.offsets = st_affine_map_get(ctx, nivs, 0, a.rank, res);
	return a;
}

/* The whole of a surrogate as one element-wise access (its own order). */
static st_codelet_access identity_access(st_context *ctx, st_value *v, st_value *const *ivs, unsigned nivs) {
	st_codelet_access a = {.surrogate = v};
	a.rank = st_type_rank(st_value_type(v));
	st_affine_expr *res[ST_CODELET_MAX_RANK];
	for (size_t d = 0; d < a.rank; d++) {
		res[d] = dim(ctx, (unsigned)d);
		a.sizes[d] = 1;
	}
	(void)ivs;
	a.offsets = st_affine_map_get(ctx, nivs, 0, a.rank, res);
	return a;
}

/* A scalar local [1, ..., 1] of `elt` (rank 1) filled with v, and the
 * access to its only element. */
static st_value *scalar_local(st_builder *b, st_type *elt, int64_t v) {
	int64_t one = 1;
	st_op *l = st_codelet_build_local(b, st_codelet_surrogate_type(b->ctx, 1, &one, elt, NULL),
	                                  st_integer_attr(b->ctx, elt, v));
	return l ? st_op_result(l, 0) : NULL;
}

static st_codelet_access scalar_access(st_context *ctx, st_value *v, unsigned nivs) {
	st_codelet_access a = {.surrogate = v, .rank = 1, .sizes = {1}};
	st_affine_expr *z = cst(ctx, 0);
	a.offsets = st_affine_map_get(ctx, nivs, 0, 1, &z);
	return a;
}

static bool compute(nest *ns, const char *cap, size_t n, const st_codelet_access *acc) {
	return st_codelet_build_compute(&ns->b, NULL, cap, n, acc, ns->n, ns->iv) != NULL;
}

static st_value *surrogate_of(st_builder *b, st_value *layer, bool output) {
	st_type *t = st_value_type(layer);
	st_op *s = output ? st_codelet_build_out(b, layer, t) : st_codelet_build_inp(b, layer, t);
	return s ? st_op_result(s, 0) : NULL;
}

/* Zeroes the output (every element) unless the layer accumulates. */
static bool zero_output(st_builder *top, st_value *out) {
	st_context *ctx = top->ctx;
	st_type *t = st_value_type(out);
	st_value *z = scalar_local(top, st_type_element(t), 0);
	nest ns = {.b = *top};
	if (!z || !open_loops(&ns, st_type_shape(t), st_type_rank(t)))
		return false;
	st_codelet_access src = identity_access(ctx, out, ns.iv, (unsigned)ns.n);
	st_codelet_access zero = scalar_access(ctx, z, (unsigned)ns.n);
	st_codelet_access acc[2] = {src, zero};
	return compute(&ns, "MOVE", 2, acc);
}

/* A copy of `in` (canonical roles) wide enough for every window of the
 * layer, with `pads` rows and columns before it filled with `fill` (and as
 * many as needed after it): a transfer of a padded slice when fill is 0,
 * a filled local with the input copied in otherwise. */
static st_value *padded_input(st_builder *b, const st_codelet_layer_info *l, st_value *in, int64_t fill,
                              int64_t *hp, int64_t *wp) {
	st_context *ctx = b->ctx;
	const int64_t *oe = l->ext[l->noperands - 1];
	int64_t R = l->kind == ST_CODELET_POOL ? l->window[0] : l->ext[1][0];
	int64_t S = l->kind == ST_CODELET_POOL ? l->window[1] : l->ext[1][1];
	*hp = (oe[1] - 1) * l->strides[0] + R;
	*wp = (oe[2] - 1) * l->strides[1] + S;
	const int *roles = l->dims[0];
	st_type *t = st_value_type(in);
	int64_t sizes[ST_CODELET_MAX_RANK];
	for (size_t d = 0; d < st_type_rank(t); d++)
		sizes[d] = st_type_dim(t, d);
	if (roles[1] >= 0)
		sizes[roles[1]] = *hp;
	if (roles[2] >= 0)
		sizes[roles[2]] = *wp;
	st_affine_expr *off[4] = {cst(ctx, 0), cst(ctx, -l->pads[0]), cst(ctx, -l->pads[1]), cst(ctx, 0)};
	bool inside = !l->pads[0] && !l->pads[1] && (roles[1] < 0 || *hp <= st_type_dim(t, (size_t)roles[1])) &&
	              (roles[2] < 0 || *wp <= st_type_dim(t, (size_t)roles[2]));
	if (inside)
		return in; /* every window reads the input itself */
	if (fill == 0) {
		st_codelet_access a = access(ctx, in, roles, off, 4, 0);
		memcpy(a.sizes, sizes, sizeof a.sizes);
		st_op *tr = st_codelet_build_transfer(b, &a, NULL, NULL, true, NULL, 0, 0, NULL);
		return tr ? st_op_result(tr, 0) : NULL;
	}
	st_op *loc = st_codelet_build_local(b, st_codelet_surrogate_type(ctx, st_type_rank(t), sizes, st_type_element(t), NULL),
	                                    st_integer_attr(ctx, st_type_element(t), fill));
	if (!loc)
		return NULL;
	/* The input lands at (pt, pl) of the local, clipped to it. */
	st_affine_expr *zero[4] = {cst(ctx, 0), cst(ctx, 0), cst(ctx, 0), cst(ctx, 0)};
	st_affine_expr *at[4] = {cst(ctx, 0), cst(ctx, l->pads[0]), cst(ctx, l->pads[1]), cst(ctx, 0)};
	st_codelet_access src = access(ctx, in, roles, zero, 4, 0);
	st_codelet_access dst = access(ctx, st_op_result(loc, 0), roles, at, 4, 0);
	for (size_t d = 0; d < st_type_rank(t); d++)
		src.sizes[d] = st_type_dim(t, d);
	if (roles[1] >= 0) {
		int64_t h = st_type_dim(t, (size_t)roles[1]);
		src.sizes[roles[1]] = h < *hp - l->pads[0] ? h : *hp - l->pads[0];
	}
	if (roles[2] >= 0) {
		int64_t w = st_type_dim(t, (size_t)roles[2]);
		src.sizes[roles[2]] = w < *wp - l->pads[1] ? w : *wp - l->pads[1];
	}
	return st_codelet_build_transfer(b, &src, &dst, NULL, false, NULL, 0, 0, NULL) ? st_op_result(loc, 0) : NULL;
}

static bool expand_gemm(st_builder *top, const st_codelet_layer_info *l, st_value **s) {
	st_context *ctx = top->ctx;
	if (!l->accumulate && !zero_output(top, s[2]))
		return false;
	nest ns = {.b = *top};
	int64_t ext[3] = {l->ext[0][0], l->ext[1][1], l->ext[0][1]}; /* m, n, k */
	if (!open_loops(&ns, ext, 3))
		return false;
	st_affine_expr *m = dim(ctx, 0), *n = dim(ctx, 1), *k = dim(ctx, 2);
	st_affine_expr *ea[2] = {m, k}, *eb[2] = {k, n}, *ec[2] = {m, n};
	st_codelet_access acc[4] = {access(ctx, s[2], l->dims[2], ec, 2, 3), access(ctx, s[0], l->dims[0], ea, 2, 3),
	                            access(ctx, s[1], l->dims[1], eb, 2, 3), access(ctx, s[2], l->dims[2], ec, 2, 3)};
	return compute(&ns, "MAC", 4, acc);
}

static bool expand_conv(st_builder *top, const st_codelet_layer_info *l, st_value **s, bool dw) {
	st_context *ctx = top->ctx;
	if (!l->accumulate && !zero_output(top, s[2]))
		return false;
	int64_t hp, wp;
	st_value *in = padded_input(top, l, s[0], 0, &hp, &wp);
	if (!in)
		return false;
	const int64_t *oe = l->ext[2], *we = l->ext[1];
	nest ns = {.b = *top};
	/* n, p, q, k (c for depthwise), r, s, c */
	int64_t ext[7] = {oe[0], oe[1], oe[2], oe[3], we[0], we[1], dw ? 1 : we[2]};
	if (!open_loops(&ns, ext, dw ? 6 : 7))
		return false;
	unsigned nv = (unsigned)ns.n;
	st_affine_expr *n = dim(ctx, 0), *p = dim(ctx, 1), *q = dim(ctx, 2), *k = dim(ctx, 3), *r = dim(ctx, 4),
	               *ss = dim(ctx, 5), *c = dw ? k : dim(ctx, 6);
	st_affine_expr *h = st_affine_add(ctx, st_affine_mul(ctx, p, cst(ctx, l->strides[0])), r);
	st_affine_expr *w = st_affine_add(ctx, st_affine_mul(ctx, q, cst(ctx, l->strides[1])), ss);
	st_affine_expr *ei[4] = {n, h, w, c}, *ew[4] = {r, ss, c, k}, *eo[4] = {n, p, q, k};
	st_codelet_access acc[4] = {access(ctx, s[2], l->dims[2], eo, 4, nv), access(ctx, in, l->dims[0], ei, 4, nv),
	                            access(ctx, s[1], l->dims[1], ew, dw ? 3 : 4, nv), access(ctx, s[2], l->dims[2], eo, 4, nv)};
	return compute(&ns, "MAC", 4, acc);
}

/* Max pooling keeps the element type; the average sums in 32 bits (a
 * scalar local) before dividing, as the layer does. */
static bool expand_pool(st_builder *top, const st_codelet_layer_info *l, st_value **s) {
	st_context *ctx = top->ctx;
	st_type *elt = st_type_element(st_value_type(s[1]));
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	unsigned w = st_type_int_width(elt);
	int64_t lowest = w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
	bool max = l->pool == ST_CODELET_POOL_MAX;
	int64_t hp, wp;
	st_value *in = padded_input(top, l, s[0], max ? lowest : 0, &hp, &wp);
	st_value *init = in ? scalar_local(top, max ? elt : i32, max ? lowest : 0) : NULL;
	st_value *acc = init && !max ? scalar_local(top, i32, 0) : NULL;
	st_value *div = acc ? scalar_local(top, i32, l->window[0] * l->window[1]) : NULL;
	if (!init || (!max && !div))
		return false;
	const int64_t *oe = l->ext[1];
	nest outer = {.b = *top};
	int64_t ext[4] = {oe[0], oe[1], oe[2], oe[3]};
	if (!open_loops(&outer, ext, 4))
		return false;
	st_affine_expr *n = dim(ctx, 0), *p = dim(ctx, 1), *q = dim(ctx, 2), *c = dim(ctx, 3);
	st_affine_expr *eo[4] = {n, p, q, c};
	st_codelet_access o4 = max ? access(ctx, s[1], l->dims[1], eo, 4, 4) : scalar_access(ctx, acc, 4);
	st_codelet_access init_acc[2] = {o4, scalar_access(ctx, init, 4)};
	if (!compute(&outer, "MOVE", 2, init_acc))
		return false;
	nest ns = outer;
	int64_t win[2] = {l->window[0], l->window[1]};
	if (!open_loops(&ns, win, 2))
		return false;
	st_affine_expr *h = st_affine_add(ctx, st_affine_mul(ctx, p, cst(ctx, l->strides[0])), dim(ctx, 4));
	st_affine_expr *wc = st_affine_add(ctx, st_affine_mul(ctx, q, cst(ctx, l->strides[1])), dim(ctx, 5));
	st_affine_expr *ei[4] = {n, h, wc, c};
	st_codelet_access o6 = max ? access(ctx, s[1], l->dims[1], eo, 4, 6) : scalar_access(ctx, acc, 6);
	st_codelet_access step[3] = {o6, o6, access(ctx, in, l->dims[0], ei, 4, 6)};
	if (!compute(&ns, max ? "MAX" : "ADD", 3, step))
		return false;
	if (max)
		return true;
	st_codelet_access dacc[3] = {o4, o4, scalar_access(ctx, div, 4)};
	st_codelet_access out[2] = {access(ctx, s[1], l->dims[1], eo, 4, 4), o4};
	return compute(&outer, "DIV", 3, dacc) && compute(&outer, "MOVE", 2, out);
}

static const char *const eltwise_caps[] = {"ADD", "SUB", "MUL", "MAX", "MIN", "RSHIFT", "LSHIFT", "RELU", "AND"};

static bool expand_eltwise(st_builder *top, const st_codelet_layer_info *l, st_value **s) {
	st_context *ctx = top->ctx;
	st_value *out = s[l->noperands - 1];
	st_type *t = st_value_type(out);
	/* The immediate in the operand's type, or the output's when wider (a
	 * mask of the bits a zero extension keeps must not be sign-extended). */
	st_type *it = st_type_element(st_value_type(s[0]));
	if (l->eltwise == ST_CODELET_ANDI && st_type_int_width(st_type_element(t)) > st_type_int_width(it))
		it = st_type_element(t);
	st_value *imm = l->has_imm ? scalar_local(top, it, l->imm) : NULL;
	nest ns = {.b = *top};
	if ((l->has_imm && !imm) || !open_loops(&ns, st_type_shape(t), st_type_rank(t)))
		return false;
	unsigned nv = (unsigned)ns.n;
	st_codelet_access acc[3] = {identity_access(ctx, out, ns.iv, nv), identity_access(ctx, s[0], ns.iv, nv)};
	size_t n = 2;
	if (l->eltwise != ST_CODELET_RELU)
		acc[n++] = imm ? scalar_access(ctx, imm, nv) : identity_access(ctx, s[1], ns.iv, nv);
	return compute(&ns, eltwise_caps[l->eltwise], n, acc);
}

static bool expand_requant(st_builder *top, const st_codelet_layer_info *l, st_value **s) {
	st_context *ctx = top->ctx;
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	unsigned w = st_type_int_width(st_type_element(st_value_type(s[1])));
	int64_t lo = w >= 32 ? INT32_MIN : -(INT64_C(1) << (w - 1)), hi = w >= 32 ? INT32_MAX : (INT64_C(1) << (w - 1)) - 1;
	int64_t consts[6] = {l->scale, l->shift > 0 ? INT64_C(1) << (l->shift - 1) : 0, l->shift, l->zero_point, lo, hi};
	static const char *const ops[6] = {"MUL", "ADD", "RSHIFT", "ADD", "MAX", "MIN"};
	st_value *c[6], *t = scalar_local(top, i32, 0);
	for (int i = 0; i < 6; i++)
		if (!(c[i] = scalar_local(top, i32, consts[i])))
			return false;
	st_type *ty = st_value_type(s[1]);
	nest ns = {.b = *top};
	if (!t || !open_loops(&ns, st_type_shape(ty), st_type_rank(ty)))
		return false;
	unsigned nv = (unsigned)ns.n;
	st_codelet_access ta = scalar_access(ctx, t, nv);
	for (int i = 0; i < 6; i++) {
		st_codelet_access acc[3] = {ta, i == 0 ? identity_access(ctx, s[0], ns.iv, nv) : ta, scalar_access(ctx, c[i], nv)};
		if (!compute(&ns, ops[i], 3, acc))
			return false;
	}
	st_codelet_access mv[2] = {identity_access(ctx, s[1], ns.iv, nv), ta};
	return compute(&ns, "MOVE", 2, mv);
}

/* Replaces one layer op by its codelet. */
static st_status expand(st_op *op) {
	st_codelet_layer_info l;
	if (!st_codelet_layer_get(op, &l))
		return ST_OK;
	/* Element-wise layers read each element before writing it: they may
	 * work in place.  The others read an input element after writing
	 * outputs. */
	st_value *outv = st_op_operand(op, l.noperands - 1);
	bool pointwise = l.kind == ST_CODELET_ELTWISE || l.kind == ST_CODELET_REQUANT;
	for (size_t i = 0; !pointwise && i + 1 < l.noperands; i++)
		if (st_op_operand(op, i) == outv)
			return st_op_error(op, "its codelet writes the output while reading input %zu, the same memref: give the output "
			                       "a buffer of its own",
			                   i);
	st_builder b = st_builder_before(op);
	st_op *cd = st_codelet_build_cdlt(&b, st_codelet_layer_name(l.kind), NULL);
	if (!cd)
		return ST_FAIL;
	st_builder in = b;
	in.block = st_codelet_body(cd);
	in.before = st_block_terminator(in.block);
	st_value *s[3];
	for (size_t i = 0; i < l.noperands; i++)
		if (!(s[i] = surrogate_of(&in, st_op_operand(op, i), i + 1 == l.noperands)))
			return ST_FAIL;
	bool ok = false;
	switch (l.kind) {
	case ST_CODELET_GEMM:
		ok = expand_gemm(&in, &l, s);
		break;
	case ST_CODELET_CONV2D:
	case ST_CODELET_DEPTHWISE:
		ok = expand_conv(&in, &l, s, l.kind == ST_CODELET_DEPTHWISE);
		break;
	case ST_CODELET_POOL:
		ok = expand_pool(&in, &l, s);
		break;
	case ST_CODELET_ELTWISE:
		ok = expand_eltwise(&in, &l, s);
		break;
	case ST_CODELET_REQUANT:
		ok = expand_requant(&in, &l, s);
		break;
	default:
		break;
	}
	if (!ok)
		return ST_FAIL; /* out of memory, reported by the allocator */
	st_op_erase(op);
	return ST_OK;
}

static st_status run_expand(st_pass *pass, st_op *root) {
	st_context *ctx = st_pass_context(pass);
	size_t n = 0;
	st_op **ops = st_codelet_layer_ops(root, &n);
	if (!ops)
		return n ? ST_FAIL : ST_OK;
	st_status st = ST_OK;
	for (size_t i = 0; st_succeeded(st) && i < n; i++)
		st = expand(ops[i]);
	st_ctx_free(ctx, ops, n * sizeof *ops);
	return st;
}

const st_pass_def st__codelet_expand_pass = {
	.name = "codelet-expand",
	.summary = "Replace each codelet layer op by its library codelet (loops around a scalar compute, unplaced)",
	.run = run_expand,
};
