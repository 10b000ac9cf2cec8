/* The semantics of codelet programs for the interpreter, so that a mapped
 * program is checked against the layer it came from (strata-tv).
 *
 * Surrogates are memrefs: an inp/out surrogate is a view of the layer's
 * memref, a local a new buffer (uninitialised unless filled, so reading an
 * element no transfer or compute wrote is reported).  A transfer copies a
 * slice (out-of-bounds source elements of a padded transfer read as zero, or
 * as its pad value), converting integers as LD and ST do (sign-extended
 * into a wider destination, truncated into a narrower one);
 * a compute reads its input slices, applies its capability (integers,
 * sign-extended, wrapping at the output width) and writes its output
 * slice.  Loops run their body for lb, lb + step, ... < ub. */
#include "codelet_internal.h"

#include <assert.h>


static st_interp *interp_of(st_interp_exec *x) { return x->interp; }

/* ---------------------------------------------------------------- slices */

bool st__codelet_access_offsets(const st_codelet_access *a, const int64_t *ivs, int64_t *off) {
	return st_affine_map_eval(a->offsets, ivs, NULL, off);
}

static st_status read_indices(st_interp_exec *x, const st_op *op, int64_t *ivs) {
	size_t n = st_codelet_num_indices(op), first = st_codelet_num_accesses(op);
	assert(n <= 32); /* the verifier's limit */
	for (size_t i = 0; i < n; i++) {
		const st_ival *v = st_interp_operand(x, first + i);
		if (v->poison)
			return st_interp_poison_error(x, "an offset");
		ivs[i] = (int64_t)v->u.bits;
	}
	return ST_OK;
}

/* A slice: its surrogate's memref value, offsets and sizes. */
typedef struct slice {
	const st_ival *mem;
	size_t rank;
	int64_t off[ST_CODELET_MAX_RANK];
	int64_t sizes[ST_CODELET_MAX_RANK];
	int64_t dims[ST_CODELET_MAX_RANK];
	int64_t count;
	unsigned width;
} slice;

static st_status get_slice(st_interp_exec *x, const st_op *op, size_t i, const int64_t *ivs, bool may_pad, slice *s) {
	st_codelet_access a;
	bool ok = st_codelet_get_access(op, i, &a);
	assert(ok); /* verified */
	(void)ok;
	s->mem = st_interp_operand(x, i);
	assert(s->mem->kind == ST_IVAL_MEMREF && s->mem->u.mem);
	if (!st__codelet_access_offsets(&a, ivs, s->off))
		return st_interp_ub(x, "the offsets of access %zu cannot be evaluated", i);
	s->rank = a.rank;
	s->count = 1;
	st_interp_memref *m = s->mem->u.mem;
	assert(m->rank == a.rank);
	for (size_t d = 0; d < a.rank; d++) {
		s->sizes[d] = a.sizes[d];
		s->dims[d] = m->sizes[d];
		s->count *= a.sizes[d];
		if (!may_pad && (s->off[d] < 0 || s->off[d] + a.sizes[d] > m->sizes[d]))
			return st_interp_ub(x, "access %zu reaches elements %lld..%lld of dimension %zu, which has %lld", i,
			                    (long long)s->off[d], (long long)(s->off[d] + a.sizes[d] - 1), d, (long long)m->sizes[d]);
	}
	s->width = st_interp_int_width(st_type_element(st_value_type(st_op_operand(op, i))));
	return ST_OK;
}

/* The row-major element of the memref at point k of the slice (its
 * row-major order), or -1 when outside (padding). */
static int64_t slice_element(const slice *s, int64_t k) {
	int64_t e = 0, stride = 1;
	int64_t idx[ST_CODELET_MAX_RANK];
	for (size_t d = s->rank; d-- > 0;) {
		idx[d] = s->off[d] + k % s->sizes[d];
		k /= s->sizes[d];
	}
	for (size_t d = s->rank; d-- > 0;) {
		if (idx[d] < 0 || idx[d] >= s->dims[d])
			return -1;
		e += idx[d] * stride;
		stride *= s->dims[d];
	}
	return e;
}

/* --------------------------------------------------------------- hooks */

static st_status exec_cdlt(st_interp_exec *x) { return st_interp_run_region(x, 0); }

static st_status exec_yield(st_interp_exec *x) {
	st_interp_yield(x, 0, 0);
	return ST_OK;
}

static st_status exec_surrogate(st_interp_exec *x) {
	if (x->iop->noperands == 0)
		return st_interp_error(x, "a template surrogate is bound to no layer operand: instantiate the codelet first");
	const st_ival *src = st_interp_operand(x, 0);
	assert(src->kind == ST_IVAL_MEMREF && src->u.mem);
	st_interp_memref *m = src->u.mem;
	st_ival out;
	if (st_failed(st_interp_memref_view(x, src, st_interp_result_type(x, 0), m->offset, m->sizes, m->strides, &out)))
		return ST_FAIL;
	st_interp_set_result(x, 0, out);
	return ST_OK;
}

static st_status exec_param(st_interp_exec *x) {
	int64_t v;
	st_op *op = st_interp_exec_op(x);
	if (!st_codelet_param_value(op, &v))
		return st_interp_error(x, "parameter '%s' has no value: map the layer first", st_codelet_param_name(op));
	st_interp_set_result(x, 0, st_ival_bits(st_interp_result_type(x, 0), (uint64_t)v));
	return ST_OK;
}

static st_status exec_local(st_interp_exec *x) {
	st_ival out;
	st_type *t = st_interp_result_type(x, 0);
	if (st_failed(st_interp_memref_alloc(interp_of(x), x, t, NULL, ST_BUF_HEAP, false, &out)))
		return ST_FAIL;
	st_attr *fill = st_codelet_local_fill(st_interp_exec_op(x));
	if (fill) {
		st_type *elt = st_type_element(t);
		uint64_t bits = st_type_is_float(elt) ? st_float_bits_from_double(st_type_get_kind(elt), st_attr_float_value(fill))
		                                      : st_attr_int_uvalue(fill);
		st_ival v = st_ival_bits(elt, bits);
		int64_t n = st_interp_memref_num_elements(&out);
		for (int64_t k = 0; k < n; k++)
			st_interp_memref_set(interp_of(x), &out, k, &v);
	}
	st_interp_set_result(x, 0, out);
	return ST_OK;
}

static st_status exec_loop(st_interp_exec *x) {
	st_codelet_loop_info l;
	bool ok = st_codelet_loop(st_interp_exec_op(x), &l);
	assert(ok); /* verified */
	(void)ok;
	if (l.ub_param) {
		const st_ival *v = st_interp_operand(x, 0);
		l.ub = (int64_t)v->u.bits;
	}
	st_type *it = st_index_type(st_interp_exec_context(x));
	for (int64_t i = l.lb; i < l.ub; i += l.step) {
		st_interp_set_region_arg(x, 0, 0, st_ival_bits(it, (uint64_t)i));
		if (st_failed(st_interp_run_region(x, 0)))
			return ST_FAIL;
	}
	return ST_OK;
}

static st_status exec_transfer(st_interp_exec *x) {
	st_op *op = st_interp_exec_op(x);
	int64_t ivs[32];
	slice src, dst;
	bool pad = st_codelet_transfer_padded(op);
	if (st_failed(read_indices(x, op, ivs)) || st_failed(get_slice(x, op, 0, ivs, pad, &src)))
		return ST_FAIL;
	st_interp *it = interp_of(x);
	st_ival out = {0};
	const st_ival *target;
	bool alloc = st_op_num_results(op) == 1;
	if (alloc) {
		if (st_failed(st_interp_memref_alloc(it, x, st_interp_result_type(x, 0), NULL, ST_BUF_HEAP, false, &out)))
			return ST_FAIL;
		target = &out;
		memset(dst.off, 0, sizeof dst.off);
	} else {
		if (st_failed(get_slice(x, op, 1, ivs, false, &dst)))
			return ST_FAIL;
		target = dst.mem;
	}
	/* The destination takes the source's dimensions in the order of perm. */
	int64_t perm[ST_CODELET_MAX_RANK];
	size_t drank = st_codelet_transfer_perm(op, perm);
	st_interp_memref *dm = target->u.mem;
	st_type *elt = st_type_element(st_value_type(st_op_operand(op, 0)));
	st_type *delt = st_type_element(alloc ? st_interp_result_type(x, 0) : st_value_type(st_op_operand(op, 1)));
	unsigned dw = st_type_is_integer(delt) ? st_interp_int_width(delt) : 0;
	uint64_t dmask = dw >= 64 ? UINT64_MAX : ((uint64_t)1 << dw) - 1;
	uint64_t padv = (uint64_t)st_codelet_transfer_pad_value(op);
	for (int64_t k = 0; k < src.count; k++) {
		int64_t se = slice_element(&src, k), de = 0, si[ST_CODELET_MAX_RANK], r = k;
		for (size_t d = src.rank; d-- > 0;) {
			si[d] = r % src.sizes[d];
			r /= src.sizes[d];
		}
		for (size_t d = 0; d < drank; d++)
			de = de * dm->sizes[d] + dst.off[d] + (perm[d] >= 0 ? si[perm[d]] : 0);
		st_ival v = st_ival_bits(elt, src.width >= 64 ? padv : padv & (((uint64_t)1 << src.width) - 1));
		/* In bounds (checked above), so both accesses succeed. */
		if (se >= 0)
			st_interp_memref_get(it, src.mem, se, &v);
		if (delt != elt) {
			/* An integer conversion (verified): sign-extend, truncate. */
			bool poison = v.poison;
			uint64_t bits = (uint64_t)st__codelet_sext(v.u.bits, src.width) & dmask;
			st_ival_release(it, &v);
			v = poison ? st_ival_poison(delt) : st_ival_bits(delt, bits);
		}
		st_interp_memref_set(it, target, de, &v);
		st_ival_release(it, &v);
	}
	if (alloc)
		st_interp_set_result(x, 0, out);
	return ST_OK;
}

/* ---------------------------------------------------------------- compute */

/* Reads a slice as sign-extended integers. */
static st_status load_slice(st_interp_exec *x, const slice *s, size_t which, int64_t *out) {
	st_interp *it = interp_of(x);
	for (int64_t k = 0; k < s->count; k++) {
		st_ival v = st_ival_poison(NULL);
		int64_t e = slice_element(s, k);
		st_interp_memref_get(it, s->mem, e, &v); /* in bounds: checked by get_slice */
		if (v.poison) {
			st_ival_release(it, &v);
			return st_interp_ub(x, "access %zu reads an element nothing wrote (element %lld)", which, (long long)e);
		}
		out[k] = st__codelet_sext(v.u.bits, s->width);
		st_ival_release(it, &v);
	}
	return ST_OK;
}

static st_status exec_compute(st_interp_exec *x) {
	st_op *op = st_interp_exec_op(x);
	const st__codelet_cap *c = st__codelet_cap_lookup(st_codelet_compute_cap(op));
	size_t n = st_codelet_num_accesses(op);
	assert(c && n >= 2 && n <= ST_CODELET_MAX_ACCESSES); /* verified */
	int64_t ivs[32];
	slice s[ST_CODELET_MAX_ACCESSES];
	int64_t *vals[ST_CODELET_MAX_ACCESSES] = {0};
	st_status st = read_indices(x, op, ivs);
	for (size_t i = 0; st_succeeded(st) && i < n; i++)
		st = get_slice(x, op, i, ivs, false, &s[i]);
	size_t total = 0;
	for (size_t i = 0; st_succeeded(st) && i < n; i++)
		total += (size_t)s[i].count;
	st_context *ctx = st_interp_exec_context(x);
	size_t bytes = total * sizeof(int64_t);
	int64_t *buf = st_succeeded(st) ? st_ctx_alloc(ctx, bytes) : NULL;
	if (st_succeeded(st) && !buf)
		st = ST_FAIL;
	for (size_t i = 0, at = 0; st_succeeded(st) && i < n; at += (size_t)s[i].count, i++) {
		vals[i] = buf + at;
		if (i > 0)
			st = load_slice(x, &s[i], i, vals[i]);
	}
	if (st_failed(st)) {
		if (buf)
			st_ctx_free(ctx, buf, bytes);
		return ST_FAIL;
	}
	int64_t *o = vals[0];
	int64_t rows, k, cols;
	switch (c->form) {
	case ST__CAP_UNARY:
	case ST__CAP_BINARY:
		for (int64_t e = 0; e < s[0].count; e++) {
			int64_t a = vals[1][s[1].count == 1 ? 0 : e];
			int64_t b = c->form == ST__CAP_BINARY ? vals[2][s[2].count == 1 ? 0 : e] : 0;
			if (!st__codelet_cap_apply(c, a, b, &o[e])) {
				st_ctx_free(ctx, buf, bytes);
				return st_interp_ub(x, "'%s' divides by zero (element %lld)", c->name, (long long)e);
			}
		}
		break;
	case ST__CAP_MAC:
		for (int64_t e = 0; e < s[0].count; e++)
			o[e] = (int64_t)((uint64_t)vals[3][s[3].count == 1 ? 0 : e] +
			                 (uint64_t)vals[1][s[1].count == 1 ? 0 : e] * (uint64_t)vals[2][s[2].count == 1 ? 0 : e]);
		break;
	case ST__CAP_GEMM:
	case ST__CAP_MMUL:
	case ST__CAP_MVMUL:
		cols = c->form == ST__CAP_MVMUL ? 1 : s[0].sizes[s[0].rank - 1];
		k = s[1].sizes[s[1].rank - 1];
		rows = s[1].count / k;
		for (int64_t r = 0; r < rows; r++)
			for (int64_t j = 0; j < cols; j++) {
				uint64_t acc = c->form == ST__CAP_GEMM ? (uint64_t)vals[3][r * cols + j] : 0;
				for (int64_t y = 0; y < k; y++)
					acc += (uint64_t)vals[1][r * k + y] * (uint64_t)vals[2][y * cols + j];
				o[r * cols + j] = (int64_t)acc;
			}
		break;
	default:
		assert(0 && "every capability of the table has a form");
		break;
	}
	st_interp *it = interp_of(x);
	st_type *elt = st_type_element(st_value_type(st_op_operand(op, 0)));
	unsigned w = s[0].width;
	uint64_t mask = w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
	for (int64_t e = 0; e < s[0].count; e++) {
		st_ival v = st_ival_bits(elt, (uint64_t)o[e] & mask);
		st_interp_memref_set(it, s[0].mem, slice_element(&s[0], e), &v);
	}
	st_ctx_free(ctx, buf, bytes);
	return ST_OK;
}

const st_interp_hook st__codelet_interp_cdlt = {.exec = exec_cdlt};
const st_interp_hook st__codelet_interp_yield = {.exec = exec_yield};
const st_interp_hook st__codelet_interp_surrogate = {.exec = exec_surrogate};
const st_interp_hook st__codelet_interp_param = {.exec = exec_param};
const st_interp_hook st__codelet_interp_local = {.exec = exec_local};
const st_interp_hook st__codelet_interp_loop = {.exec = exec_loop};
const st_interp_hook st__codelet_interp_transfer = {.exec = exec_transfer};
const st_interp_hook st__codelet_interp_compute = {.exec = exec_compute};
