/* The memref dialect's semantics for the interpreter (docs/interpreter.md).
 * Buffers, views and the checks of every access (bounds, lifetime,
 * uninitialised elements, poison) are the interpreter's memory model
 * (core/interp_mem.c); these hooks map each op onto it.  A view's runtime
 * sizes, strides and offset must agree with the static ones of the type it
 * is cast to; a subview must stay inside its source. */
#include "memref_interp.h"

#include "strata/dialect.h"

#include <string.h>

static const char *name_of(const st_interp_exec *x) { return st_op_name_cstr(st_interp_exec_op(x)); }

/* Operand i as a size or index: not poison. */
static st_status index_at(st_interp_exec *x, size_t i, const char *what, int64_t *out) {
	if (st_failed(st_interp_check_poison(x, i, what)))
		return ST_FAIL;
	*out = (int64_t)st_interp_operand(x, i)->u.bits;
	return ST_OK;
}

static st_status exec_alloc(st_interp_exec *x, st_interp_buffer_kind kind) {
	size_t start, n;
	if (st_failed(st_op_operand_group(st_interp_exec_op(x), 0, &start, &n)))
		return ST_FAIL;
	int64_t small[8];
	int64_t *dyn = n <= 8 ? small : st_ctx_alloc(st_interp_exec_context(x), n * sizeof *dyn);
	st_status s = dyn ? ST_OK : ST_FAIL;
	for (size_t i = 0; st_succeeded(s) && i < n; i++)
		s = index_at(x, start + i, "a dynamic size", &dyn[i]);
	st_ival m;
	if (st_succeeded(s))
		s = st_interp_memref_alloc(x->interp, x, st_interp_result_type(x, 0), dyn, kind, false, &m);
	if (st_succeeded(s))
		st_interp_set_result(x, 0, m);
	if (dyn && dyn != small)
		st_ctx_free(st_interp_exec_context(x), dyn, n * sizeof *dyn);
	return s;
}

static st_status exec_heap_alloc(st_interp_exec *x) { return exec_alloc(x, ST_BUF_HEAP); }
static st_status exec_stack_alloc(st_interp_exec *x) { return exec_alloc(x, ST_BUF_STACK); }

static st_status exec_dealloc(st_interp_exec *x) { return st_interp_dealloc(x, st_interp_operand(x, 0)); }

static st_status exec_load(st_interp_exec *x) {
	st_ival v;
	if (st_failed(st_interp_load(x, st_interp_operand(x, 0), 1, &v)))
		return ST_FAIL;
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

static st_status exec_store(st_interp_exec *x) {
	return st_interp_store(x, st_interp_operand(x, 0), st_interp_operand(x, 1), 2);
}

static st_status exec_copy(st_interp_exec *x) {
	return st_interp_copy(x, st_interp_operand(x, 0), st_interp_operand(x, 1));
}

static st_status exec_dim(st_interp_exec *x) {
	const st_interp_memref *m = st_interp_operand(x, 0)->u.mem;
	int64_t d;
	if (st_failed(index_at(x, 1, "the dimension", &d)))
		return ST_FAIL;
	if (d < 0 || d >= (int64_t)m->rank)
		return st_interp_ub(x, "dimension %lld of a rank-%u memref in '%s'", (long long)d, m->rank, name_of(x));
	st_interp_set_result(x, 0, st_ival_bits(st_interp_result_type(x, 0), (uint64_t)m->sizes[d]));
	return ST_OK;
}

static st_status exec_rank(st_interp_exec *x) {
	st_interp_set_result(x, 0, st_ival_bits(st_interp_result_type(x, 0), st_interp_operand(x, 0)->u.mem->rank));
	return ST_OK;
}

/* A cast changes the static type only; what the type states must hold. */
static st_status exec_cast(st_interp_exec *x) {
	const st_ival *src = st_interp_operand(x, 0);
	st_type *t = st_interp_result_type(x, 0);
	const st_interp_memref *m = src->u.mem;
	if (st_type_get_kind(t) == ST_TYPE_MEMREF) {
		size_t rank = st_type_rank(t);
		int64_t strides_small[8], offset;
		int64_t *strides = rank <= 8 ? strides_small : NULL;
		bool layout = strides && st_succeeded(st_memref_strides_and_offset(t, strides, &offset));
		for (size_t i = 0; i < rank; i++) {
			int64_t d = st_type_dim(t, i);
			if (d != ST_DYNAMIC && d != m->sizes[i])
				return st_interp_ub(x, "'%s' to a static size %lld of dimension %zu that is %lld", name_of(x),
				                    (long long)d, i, (long long)m->sizes[i]);
			if (layout && strides[i] != ST_DYNAMIC && strides[i] != m->strides[i] && m->sizes[i] > 1)
				return st_interp_ub(x, "'%s' to a static stride %lld of dimension %zu that is %lld", name_of(x),
				                    (long long)strides[i], i, (long long)m->strides[i]);
		}
		if (layout && offset != ST_DYNAMIC && offset != m->offset)
			return st_interp_ub(x, "'%s' to a static offset %lld that is %lld", name_of(x), (long long)offset,
			                    (long long)m->offset);
	}
	st_ival v = st_ival_retain(src);
	v.type = t;
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

/* --------------------------------------------------------------- subview */

/* Entry i of a static list, or the next dynamic operand of its group. */
static st_status subview_entry(st_interp_exec *x, st_attr *list, size_t i, size_t *next, const char *what,
                               int64_t *out) {
	int64_t v = st_attr_dense_array_int(list, i);
	if (v != ST_DYNAMIC) {
		*out = v;
		return ST_OK;
	}
	return index_at(x, (*next)++, what, out);
}

/* sizes and strides hold one entry per source dimension. */
static st_status subview(st_interp_exec *x, int64_t *sizes, int64_t *strides) {
	st_op *op = st_interp_exec_op(x);
	const st_interp_memref *src = st_interp_operand(x, 0)->u.mem;
	st_attr *offs = st_op_get_attr(op, "static_offsets"), *szs = st_op_get_attr(op, "static_sizes"),
	        *strs = st_op_get_attr(op, "static_strides");
	size_t og, sg, tg, n;
	if (st_failed(st_op_operand_group(op, 1, &og, &n)) || st_failed(st_op_operand_group(op, 2, &sg, &n)) ||
	    st_failed(st_op_operand_group(op, 3, &tg, &n)))
		return ST_FAIL;
	st_type *rt = st_interp_result_type(x, 0);
	size_t rrank = st_type_rank(rt), k = 0;
	int64_t offset = src->offset;
	for (size_t i = 0; i < src->rank; i++) {
		int64_t o, s, t;
		if (st_failed(subview_entry(x, offs, i, &og, "an offset", &o)) ||
		    st_failed(subview_entry(x, szs, i, &sg, "a size", &s)) ||
		    st_failed(subview_entry(x, strs, i, &tg, "a stride", &t)))
			return ST_FAIL;
		int64_t last = o;
		bool over = s > 0 && (__builtin_mul_overflow(s - 1, t, &last) || __builtin_add_overflow(last, o, &last));
		if (over || s < 0 || o < 0 || (s > 0 && (last < 0 || last >= src->sizes[i])) || (s == 0 && o > src->sizes[i]))
			return st_interp_ub(x, "'%s' reaches outside dimension %zu of size %lld (offset %lld, size %lld, "
			                    "stride %lld)",
			                    name_of(x), i, (long long)src->sizes[i], (long long)o, (long long)s, (long long)t);
		offset += o * src->strides[i];
		/* A rank-reducing subview drops the static unit dimensions the
		 * result type does not match, left to right (MLIR's
		 * computeRankReductionMask on the static sizes). */
		if (k < rrank && st_attr_dense_array_int(szs, i) == st_type_dim(rt, k)) {
			sizes[k] = s;
			strides[k] = t * src->strides[i];
			k++;
		}
	}
	st_ival v;
	if (st_failed(st_interp_memref_view(x, st_interp_operand(x, 0), rt, offset, sizes, strides, &v)))
		return ST_FAIL;
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

static st_status exec_subview(st_interp_exec *x) {
	size_t rank = st_interp_operand(x, 0)->u.mem->rank;
	st_context *ctx = st_interp_exec_context(x);
	int64_t small[16];
	int64_t *v = rank <= 8 ? small : st_ctx_alloc(ctx, 2 * rank * sizeof *v);
	if (!v)
		return ST_FAIL;
	st_status s = subview(x, v, v + rank);
	if (v != small)
		st_ctx_free(ctx, v, 2 * rank * sizeof *v);
	return s;
}

/* --------------------------------------------------------------- globals */

static st_status prepare_get_global(st_interp *it, st_interp_op *iop) {
	(void)it;
	st_attr *ref = st_op_get_attr(iop->op, "name");
	iop->ptr = ref ? st_symbol_lookup_nearest(iop->op, ref) : NULL;
	return ST_OK;
}

static st_status exec_get_global(st_interp_exec *x) {
	st_op *g = (st_op *)x->iop->ptr;
	if (!g)
		return st_interp_error(x, "'%s' names no global", name_of(x));
	st_attr *init = st_op_get_attr(g, "initial_value");
	st_ident *name = st_symbol_name(g);
	if (!init)
		return st_interp_error(x, "cannot interpret '@%s': the global has no initial value (it is external)",
		                       name ? st_ident_cstr(name) : "?");
	st_ival v;
	if (st_failed(st_interp_global(x, g, st_interp_result_type(x, 0),
	                               st_attr_get_kind(init) == ST_ATTR_UNIT ? NULL : init,
	                               st_op_get_attr(g, "constant") != NULL, &v)))
		return ST_FAIL;
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

const st_interp_hook st__memref_alloc_interp = {.exec = exec_heap_alloc};
const st_interp_hook st__memref_alloca_interp = {.exec = exec_stack_alloc};
const st_interp_hook st__memref_dealloc_interp = {.exec = exec_dealloc};
const st_interp_hook st__memref_load_interp = {.exec = exec_load};
const st_interp_hook st__memref_store_interp = {.exec = exec_store};
const st_interp_hook st__memref_copy_interp = {.exec = exec_copy};
const st_interp_hook st__memref_dim_interp = {.exec = exec_dim};
const st_interp_hook st__memref_rank_interp = {.exec = exec_rank};
const st_interp_hook st__memref_cast_interp = {.exec = exec_cast};
const st_interp_hook st__memref_subview_interp = {.exec = exec_subview};
const st_interp_hook st__memref_get_global_interp = {.exec = exec_get_global, .prepare = prepare_get_global};
