/* The semantics of the layer ops for the interpreter: the reference every
 * mapped codelet program and every simulated accelerator run is compared
 * with.  Operands are read once into dense arrays in canonical order,
 * computed with plain loops, and written back, so that full-size layers
 * (a BERT GEMM of 1.6 G multiply-accumulates) take seconds.
 *
 * Inputs are sign-extended; sums and products wrap at 32 bits, which is
 * the output's arithmetic for outputs of 32 bits and, truncated, for
 * narrower ones (docs/dialects/codelet.md, "Layer semantics"). */
#include "codelet_internal.h"

#include <assert.h>

typedef struct dense {
	int32_t *v;
	int64_t n;
	size_t bytes;
} dense;

/* Canonical index (4 dims, row-major of ext) -> row-major element of the
 * memref, through the roles. */
static int64_t memref_index(const st_type *t, const int *dims, const int64_t *idx, size_t nc) {
	size_t rank = st_type_rank(t);
	int64_t per[ST_CODELET_MAX_RANK] = {0};
	for (size_t j = 0; j < nc; j++)
		if (dims[j] >= 0)
			per[dims[j]] = idx[j];
	int64_t e = 0;
	for (size_t d = 0; d < rank; d++)
		e = e * st_type_dim(t, d) + per[d];
	return e;
}

static void free_dense(st_context *ctx, dense *d) {
	if (d->v)
		st_ctx_free(ctx, d->v, d->bytes);
	d->v = NULL;
}

static st_status alloc_dense(st_context *ctx, dense *d, int64_t n) {
	d->n = n;
	d->bytes = (size_t)(n ? n : 1) * sizeof(int32_t);
	d->v = st_ctx_alloc(ctx, d->bytes);
	return d->v ? ST_OK : ST_FAIL;
}

/* Reads operand i in canonical order (ext[0..nc)); with nc == 0, in the
 * memref's own order. */
static st_status gather(st_interp_exec *x, size_t i, const int *dims, const int64_t *ext, size_t nc, dense *out) {
	st_op *op = st_interp_exec_op(x);
	st_type *t = st_value_type(st_op_operand(op, i));
	unsigned w = st_interp_int_width(st_type_element(t));
	int64_t n = st_type_num_elements_static(t);
	if (st_failed(alloc_dense(st_interp_exec_context(x), out, n)))
		return ST_FAIL;
	const st_ival *m = st_interp_operand(x, i);
	int64_t idx[4] = {0};
	for (int64_t k = 0; k < n; k++) {
		int64_t e = nc ? memref_index(t, dims, idx, nc) : k;
		st_ival v = st_ival_poison(NULL);
		st_interp_memref_get(x->interp, m, e, &v); /* in bounds: e < the static size */
		bool poison = v.poison;
		out->v[k] = (int32_t)st__codelet_sext(v.u.bits, w);
		st_ival_release(x->interp, &v);
		if (poison)
			return st_interp_ub(x, "operand %zu: element %lld is uninitialised", i, (long long)e);
		for (size_t j = nc; j-- > 0;) {
			if (++idx[j] < ext[j])
				break;
			idx[j] = 0;
		}
	}
	return ST_OK;
}

static st_status scatter(st_interp_exec *x, size_t i, const int *dims, const int64_t *ext, size_t nc, const dense *in) {
	st_op *op = st_interp_exec_op(x);
	st_type *t = st_value_type(st_op_operand(op, i));
	st_type *elt = st_type_element(t);
	unsigned w = st_interp_int_width(elt);
	uint64_t mask = w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
	const st_ival *m = st_interp_operand(x, i);
	int64_t idx[4] = {0};
	for (int64_t k = 0; k < in->n; k++) {
		int64_t e = nc ? memref_index(t, dims, idx, nc) : k;
		st_ival v = st_ival_bits(elt, (uint64_t)(int64_t)in->v[k] & mask);
		st_interp_memref_set(x->interp, m, e, &v); /* in bounds */
		for (size_t j = nc; j-- > 0;) {
			if (++idx[j] < ext[j])
				break;
			idx[j] = 0;
		}
	}
	return ST_OK;
}

/* ---------------------------------------------------------------- kernels */

static void gemm(const st_codelet_layer_info *l, const dense *a, const dense *b, dense *c) {
	int64_t M = l->ext[0][0], K = l->ext[0][1], N = l->ext[1][1];
	if (!l->accumulate)
		memset(c->v, 0, c->bytes);
	for (int64_t m = 0; m < M; m++) {
		uint32_t *cr = (uint32_t *)c->v + m * N;
		for (int64_t k = 0; k < K; k++) {
			uint32_t av = (uint32_t)a->v[m * K + k];
			const int32_t *br = b->v + k * N;
			for (int64_t n = 0; n < N; n++)
				cr[n] += av * (uint32_t)br[n];
		}
	}
}

/* conv2d and depthwise share the window walk. */
static void conv(const st_codelet_layer_info *l, const dense *in, const dense *w, dense *out, bool dw) {
	const int64_t *ie = l->ext[0], *we = l->ext[1], *oe = l->ext[2];
	int64_t H = ie[1], W = ie[2], C = ie[3], R = we[0], S = we[1], K = oe[3];
	if (!l->accumulate)
		memset(out->v, 0, out->bytes);
	for (int64_t n = 0; n < oe[0]; n++)
		for (int64_t p = 0; p < oe[1]; p++)
			for (int64_t q = 0; q < oe[2]; q++) {
				uint32_t *o = (uint32_t *)out->v + ((n * oe[1] + p) * oe[2] + q) * K;
				for (int64_t r = 0; r < R; r++) {
					int64_t h = p * l->strides[0] + r - l->pads[0];
					if (h < 0 || h >= H)
						continue;
					for (int64_t s = 0; s < S; s++) {
						int64_t wc = q * l->strides[1] + s - l->pads[1];
						if (wc < 0 || wc >= W)
							continue;
						const int32_t *iv = in->v + ((n * H + h) * W + wc) * C;
						if (dw) {
							const int32_t *wv = w->v + (r * S + s) * C;
							for (int64_t c = 0; c < C; c++)
								o[c] += (uint32_t)iv[c] * (uint32_t)wv[c];
							continue;
						}
						for (int64_t c = 0; c < C; c++) {
							uint32_t a = (uint32_t)iv[c];
							const int32_t *wv = w->v + ((r * S + s) * C + c) * K;
							for (int64_t k = 0; k < K; k++)
								o[k] += a * (uint32_t)wv[k];
						}
					}
				}
			}
}

static void pool(const st_codelet_layer_info *l, const dense *in, dense *out, unsigned width) {
	const int64_t *ie = l->ext[0], *oe = l->ext[1];
	int64_t H = ie[1], W = ie[2], C = ie[3];
	int64_t lowest = width >= 32 ? INT32_MIN : -(INT64_C(1) << (width - 1));
	for (int64_t n = 0; n < oe[0]; n++)
		for (int64_t p = 0; p < oe[1]; p++)
			for (int64_t q = 0; q < oe[2]; q++)
				for (int64_t c = 0; c < C; c++) {
					int64_t acc = l->pool == ST_CODELET_POOL_MAX ? lowest : 0;
					for (int64_t r = 0; r < l->window[0]; r++)
						for (int64_t s = 0; s < l->window[1]; s++) {
							int64_t h = p * l->strides[0] + r - l->pads[0], wc = q * l->strides[1] + s - l->pads[1];
							if (h < 0 || h >= H || wc < 0 || wc >= W)
								continue;
							int64_t v = in->v[((n * H + h) * W + wc) * C + c];
							/* The sum wraps at 32 bits, as a SIMD lane's does. */
							acc = l->pool == ST_CODELET_POOL_MAX ? (v > acc ? v : acc) : (int32_t)((uint32_t)acc + (uint32_t)v);
						}
					if (l->pool == ST_CODELET_POOL_AVG)
						acc /= l->window[0] * l->window[1];
					out->v[((n * oe[1] + p) * oe[2] + q) * C + c] = (int32_t)acc;
				}
}

/* The element operation of an eltwise kind, in 32-bit wrapping
 * arithmetic; shifts take the amount modulo nothing: 32 or more gives
 * sign bits (right) or zero (left). */
static int32_t eltwise_op(int kind, int32_t a, int32_t b) {
	uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
	switch (kind) {
	case ST_CODELET_ADD:
		return (int32_t)(ua + ub);
	case ST_CODELET_SUB:
		return (int32_t)(ua - ub);
	case ST_CODELET_MUL:
		return (int32_t)(ua * ub);
	case ST_CODELET_MAX:
		return a > b ? a : b;
	case ST_CODELET_MIN:
		return a < b ? a : b;
	case ST_CODELET_SHRSI:
		return b < 0 ? a : (b >= 32 ? (a < 0 ? -1 : 0) : a >> b);
	case ST_CODELET_SHLI:
		return b < 0 || b >= 32 ? 0 : (int32_t)(ua << b);
	case ST_CODELET_RELU:
		return a > 0 ? a : 0;
	case ST_CODELET_ANDI:
		return (int32_t)(ua & ub);
	default:
		return 0;
	}
}

int32_t st__codelet_requant_value(int32_t x, int64_t scale, int64_t shift, int64_t zp, unsigned width) {
	uint32_t t = (uint32_t)x * (uint32_t)scale;
	if (shift > 0)
		t += (uint32_t)1 << (shift - 1);
	int32_t v = (int32_t)t >> shift;
	v = (int32_t)((uint32_t)v + (uint32_t)zp);
	int32_t lo = width >= 32 ? INT32_MIN : -(INT32_C(1) << (width - 1));
	int32_t hi = width >= 32 ? INT32_MAX : (INT32_C(1) << (width - 1)) - 1;
	return v < lo ? lo : (v > hi ? hi : v);
}

static st_status exec_layer(st_interp_exec *x) {
	st_op *op = st_interp_exec_op(x);
	st_context *ctx = st_interp_exec_context(x);
	st_codelet_layer_info l;
	bool ok = st_codelet_layer_get(op, &l);
	assert(ok && l.noperands >= 2 && l.noperands <= 3); /* verified */
	(void)ok;
	int64_t work = st_codelet_layer_work(&l), limit = st_context_limit(ctx, &st__codelet_work_limit);
	if (work > limit) {
		char hint[160];
		return st_interp_error(x, "the layer's %lld steps are too many to run %s", (long long)work,
		                       st_limit_hint(ctx, &st__codelet_work_limit, hint, sizeof hint));
	}
	dense d[3] = {{0}};
	size_t nin = l.noperands - 1;
	bool roles = l.kind == ST_CODELET_GEMM || l.kind == ST_CODELET_CONV2D || l.kind == ST_CODELET_DEPTHWISE ||
	             l.kind == ST_CODELET_POOL;
	size_t nc[3] = {0, 0, 0};
	if (roles) {
		nc[0] = l.kind == ST_CODELET_GEMM ? 2 : 4;
		nc[1] = l.kind == ST_CODELET_GEMM ? 2 : (l.kind == ST_CODELET_DEPTHWISE ? 3 : 4);
		nc[2] = l.kind == ST_CODELET_GEMM ? 2 : 4;
	}
	size_t out = l.noperands - 1;
	st_status st = ST_OK;
	for (size_t i = 0; st_succeeded(st) && i < nin; i++)
		st = gather(x, i, l.dims[i], l.ext[i], nc[i], &d[i]);
	if (st_succeeded(st)) {
		bool acc = l.accumulate && (l.kind == ST_CODELET_GEMM || l.kind == ST_CODELET_CONV2D || l.kind == ST_CODELET_DEPTHWISE);
		st = acc ? gather(x, out, l.dims[out], l.ext[out], nc[out], &d[out])
		         : alloc_dense(ctx, &d[out], st_type_num_elements_static(st_value_type(st_op_operand(op, out))));
	}
	if (st_succeeded(st)) {
		unsigned w = st_interp_int_width(st_type_element(st_value_type(st_op_operand(op, out))));
		switch (l.kind) {
		case ST_CODELET_GEMM:
			gemm(&l, &d[0], &d[1], &d[2]);
			break;
		case ST_CODELET_CONV2D:
		case ST_CODELET_DEPTHWISE:
			conv(&l, &d[0], &d[1], &d[2], l.kind == ST_CODELET_DEPTHWISE);
			break;
		case ST_CODELET_POOL:
			pool(&l, &d[0], &d[1], w);
			break;
		case ST_CODELET_ELTWISE:
			for (int64_t k = 0; k < d[out].n; k++) {
				int32_t b = l.has_imm ? (int32_t)l.imm : (l.eltwise == ST_CODELET_RELU ? 0 : d[1].v[k]);
				d[out].v[k] = eltwise_op(l.eltwise, d[0].v[k], b);
			}
			break;
		case ST_CODELET_REQUANT:
			for (int64_t k = 0; k < d[out].n; k++)
				d[out].v[k] = st__codelet_requant_value(d[0].v[k], l.scale, l.shift, l.zero_point, w);
			break;
		default:
			assert(0 && "every layer kind has semantics");
			break;
		}
	}
	if (st_succeeded(st))
		st = scatter(x, out, l.dims[out], l.ext[out], nc[out], &d[out]);
	for (size_t i = 0; i < 3; i++)
		free_dense(ctx, &d[i]);
	return st;
}

const st_interp_hook st__codelet_interp_layer = {.exec = exec_layer};
