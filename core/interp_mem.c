/* The interpreter's memory: buffers with an explicit lifetime (heap, stack,
 * global), strided views of them, and checked loads and stores.  A buffer
 * outlives its deallocation as a dead record while views of it remain, so
 * that a use after free is reported rather than read from freed memory;
 * elements never written are tracked and load as poison. */
#include "interp_internal.h"

#include <string.h>

size_t st_interp_elt_size(const st_type *t) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_F16:
	case ST_TYPE_BF16:
		return 2;
	case ST_TYPE_F32:
		return 4;
	case ST_TYPE_F64:
	case ST_TYPE_INDEX:
		return 8;
	case ST_TYPE_INTEGER: {
		unsigned w = st_type_int_width(t);
		return w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : (size_t)(w + 63) / 64 * 8;
	}
	default:
		return 0;
	}
}

/* -------------------------------------------------------- lifetimes */

static void free_storage(st_interp *it, st_interp_buffer *b) {
	if (b->data)
		st_ctx_free(it->ctx, b->data, (size_t)b->nelems * b->esize);
	if (b->init)
		st_ctx_free(it->ctx, b->init, (size_t)(b->nelems + 7) / 8);
	b->data = NULL;
	b->init = NULL;
	b->live = false;
}

void st__interp_buffer_release(st_interp *it, st_interp_buffer *b) {
	if (--b->refs)
		return;
	free_storage(it, b);
	st_ctx_free(it->ctx, b, sizeof *b);
}

void st__interp_buffer_kill(st_interp *it, st_interp_buffer *b) {
	free_storage(it, b);
	st__interp_buffer_release(it, b);
}

void st__interp_memref_release(st_interp *it, st_interp_memref *m);
void st__interp_memref_release(st_interp *it, st_interp_memref *m) {
	if (--m->refs)
		return;
	st__interp_buffer_release(it, m->buf);
	st_ctx_free(it->ctx, m, sizeof *m + 2 * m->rank * sizeof(int64_t));
}

/* Errors during an op (x set) or while a tool sets up arguments. */
static st_status report(st_interp *it, const st_interp_exec *x, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static st_status report(st_interp *it, const st_interp_exec *x, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st__interp_report(it, x ? x->frame : NULL, x ? x->iop->op : NULL, ST_INTERP_UNSUPPORTED, "", fmt, ap);
	va_end(ap);
	return ST_FAIL;
}

static st_interp_buffer *buffer_new(st_interp *it, const st_interp_exec *x, st_type *elt, int64_t n,
                                    st_interp_buffer_kind kind, bool init) {
	size_t es = st_interp_elt_size(elt);
	if (!es) {
		char tb[64];
		report(it, x, "cannot store elements of type '%s' in memory", st_type_str(it->ctx, elt, tb, sizeof tb));
		return NULL;
	}
	/* Past the limit, like a run out of steps: a resource ran out, which
	 * the validator treats as an input to redraw. */
	if (n < 0 || (uint64_t)n > ST__INTERP_MAX_BUFFER / es) {
		st__interp_report_c(it, x ? x->frame : NULL, x ? x->iop->op : NULL, ST_INTERP_STEPS,
		                    "a buffer of %lld elements of %zu bytes is over the limit of 1 GiB", (long long)n, es);
		return NULL;
	}
	st_interp_buffer *b = st_ctx_alloc(it->ctx, sizeof *b);
	if (!b) {
		st__interp_oom(it);
		return NULL;
	}
	memset(b, 0, sizeof *b);
	b->refs = 1;
	b->kind = (uint8_t)kind;
	b->live = true;
	b->elt = elt;
	b->esize = es;
	b->nelems = n;
	b->alloc_op = x ? x->iop->op : NULL;
	size_t bytes = (size_t)n * es;
	b->data = st_ctx_alloc(it->ctx, bytes ? bytes : 1);
	if (b->data && !bytes) {
		st_ctx_free(it->ctx, b->data, 1);
		b->data = NULL;
	}
	if (bytes && !b->data) {
		st_ctx_free(it->ctx, b, sizeof *b);
		st__interp_oom(it);
		return NULL;
	}
	if (bytes)
		memset(b->data, 0, bytes);
	if (!init && n) {
		b->init = st_ctx_alloc(it->ctx, (size_t)(n + 7) / 8);
		if (!b->init) {
			free_storage(it, b);
			st_ctx_free(it->ctx, b, sizeof *b);
			st__interp_oom(it);
			return NULL;
		}
		memset(b->init, 0, (size_t)(n + 7) / 8);
	}
	return b;
}

/* A descriptor of `buf` (taking a reference to it) with room for `rank`. */
static st_interp_memref *memref_new(st_interp *it, st_interp_buffer *buf, uint32_t rank) {
	st_interp_memref *m = st_ctx_alloc(it->ctx, sizeof *m + 2 * rank * sizeof(int64_t));
	if (!m) {
		st__interp_oom(it);
		return NULL;
	}
	m->refs = 1;
	m->rank = rank;
	m->buf = buf;
	m->offset = 0;
	m->sizes = (int64_t *)(m + 1);
	m->strides = m->sizes + rank;
	buf->refs++;
	return m;
}

/* Row-major strides for `sizes`; the element count. */
static int64_t row_major(uint32_t rank, const int64_t *sizes, int64_t *strides) {
	int64_t n = 1;
	for (uint32_t i = rank; i-- > 0;) {
		strides[i] = n;
		n = sizes[i] && n > INT64_MAX / sizes[i] ? -1 : n * sizes[i];
		if (n < 0)
			return -1;
	}
	return n;
}

st_status st_interp_memref_alloc(st_interp *it, const st_interp_exec *x, st_type *t, const int64_t *dyn,
                                 st_interp_buffer_kind kind, bool init, st_ival *out) {
	char tb[128];
	if (st_type_get_kind(t) != ST_TYPE_MEMREF || st_type_memref_layout(t))
		return report(it, x, "cannot allocate '%s': only memrefs with the identity layout can be allocated",
		              st_type_str(it->ctx, t, tb, sizeof tb));
	uint32_t rank = (uint32_t)st_type_rank(t);
	int64_t sizes_small[8], strides_small[8];
	int64_t *sizes = rank <= 8 ? sizes_small : st_ctx_alloc(it->ctx, 2 * rank * sizeof *sizes);
	if (!sizes)
		return st__interp_oom(it);
	int64_t *strides = rank <= 8 ? strides_small : sizes + rank;
	st_status s = ST_OK;
	size_t k = 0;
	for (uint32_t i = 0; i < rank && st_succeeded(s); i++) {
		sizes[i] = st_type_dim(t, i);
		if (sizes[i] == ST_DYNAMIC) {
			sizes[i] = dyn ? dyn[k++] : -1;
			if (sizes[i] < 0)
				s = x ? st_interp_ub(x, "negative size %lld for dimension %u in '%s'", (long long)sizes[i], i,
				                     st_op_name_cstr(x->iop->op))
				      : report(it, x, "negative size for dimension %u", i);
		}
	}
	int64_t n = st_succeeded(s) ? row_major(rank, sizes, strides) : 0;
	if (st_succeeded(s) && n < 0)
		s = st__interp_report_c(it, x ? x->frame : NULL, x ? x->iop->op : NULL, ST_INTERP_STEPS,
		                        "a buffer of type '%s' is over the limit of 1 GiB", st_type_str(it->ctx, t, tb, sizeof tb));
	st_interp_buffer *b = st_succeeded(s) ? buffer_new(it, x, st_type_element(t), n, kind, init) : NULL;
	st_interp_memref *m = b ? memref_new(it, b, rank) : NULL;
	if (b) {
		if (kind == ST_BUF_STACK && x && m) {
			/* The frame keeps the buffer's own reference until it returns. */
			st__interp_frame *fr = x->frame;
			if (!st_ctx_grow(it->ctx, (void **)&fr->stack_bufs, &fr->stack_cap, NULL, sizeof *fr->stack_bufs,
			                 fr->nstack + 1)) {
				st__interp_memref_release(it, m);
				m = NULL;
			} else {
				fr->stack_bufs[fr->nstack++] = b;
				b = NULL;
			}
		}
		if (b)
			st__interp_buffer_release(it, b);
	}
	if (m) {
		memcpy(m->sizes, sizes, rank * sizeof *sizes);
		memcpy(m->strides, strides, rank * sizeof *strides);
		*out = (st_ival){.type = t, .kind = ST_IVAL_MEMREF, .u.mem = m};
	} else if (st_succeeded(s)) {
		s = st__interp_oom(it);
	}
	if (sizes != sizes_small)
		st_ctx_free(it->ctx, sizes, 2 * rank * sizeof *sizes);
	return s;
}

st_status st_interp_memref_view(const st_interp_exec *x, const st_ival *src, st_type *t, int64_t offset,
                                const int64_t *sizes, const int64_t *strides, st_ival *out) {
	st_interp *it = x->interp;
	const st_interp_memref *sm = src->u.mem;
	uint32_t rank = (uint32_t)st_type_rank(t);
	int64_t lo = offset, hi = offset;
	bool empty = false;
	for (uint32_t i = 0; i < rank; i++) {
		if (sizes[i] < 0)
			return st_interp_ub(x, "negative size %lld in '%s'", (long long)sizes[i], st_op_name_cstr(x->iop->op));
		empty = empty || sizes[i] == 0;
		int64_t reach = (sizes[i] ? sizes[i] - 1 : 0) * strides[i];
		if (reach < 0)
			lo += reach;
		else
			hi += reach;
	}
	if (!empty && (lo < 0 || hi >= sm->buf->nelems))
		return st_interp_ub(x, "'%s' makes a view of elements %lld to %lld of a buffer of %lld",
		                    st_op_name_cstr(x->iop->op), (long long)lo, (long long)hi, (long long)sm->buf->nelems);
	st_interp_memref *m = memref_new(it, sm->buf, rank);
	if (!m)
		return ST_FAIL;
	m->offset = offset;
	memcpy(m->sizes, sizes, rank * sizeof *sizes);
	memcpy(m->strides, strides, rank * sizeof *strides);
	*out = (st_ival){.type = t, .kind = ST_IVAL_MEMREF, .u.mem = m};
	return ST_OK;
}

/* ----------------------------------------------------- element access */

static bool is_init(const st_interp_buffer *b, int64_t i) { return !b->init || (b->init[i / 8] >> (i % 8)) & 1; }

static bool elt_read(st_interp *it, const st_interp_buffer *b, st_type *t, int64_t i, st_ival *out) {
	if (!is_init(b, i)) {
		*out = st_ival_poison(t);
		return true;
	}
	const unsigned char *p = b->data + (size_t)i * b->esize;
	if (b->esize > 8)
		return st_succeeded(st_ival_from_words(it, t, (const uint64_t *)(const void *)p, b->esize / 8, out));
	/* Little-endian hosts: the low bytes (fixed sizes inline the copy). */
	uint64_t v = 0;
	switch (b->esize) {
	case 1:
		v = *p;
		break;
	case 2: {
		uint16_t h;
		memcpy(&h, p, 2);
		v = h;
		break;
	}
	case 4: {
		uint32_t w;
		memcpy(&w, p, 4);
		v = w;
		break;
	}
	default:
		memcpy(&v, p, 8);
		break;
	}
	*out = st_ival_bits(t, v);
	return true;
}

static void elt_write(st_interp_buffer *b, int64_t i, const st_ival *v) {
	unsigned char *p = b->data + (size_t)i * b->esize;
	switch (b->esize) {
	case 1:
		*p = (unsigned char)v->u.bits;
		break;
	case 2:
		memcpy(p, &v->u.bits, 2);
		break;
	case 4:
		memcpy(p, &v->u.bits, 4);
		break;
	case 8:
		memcpy(p, &v->u.bits, 8);
		break;
	default:
		memcpy(p, st_ival_words(v), b->esize);
		break;
	}
	if (b->init)
		b->init[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* Undefined behaviour with a note at the dealloc that freed the buffer. */
static st_status ub_freed(const st_interp_exec *x, const st_interp_buffer *b, const char *fmt, const char *name) {
	st_diag *d = st_diag_create(st_interp_exec_context(x), ST_SEV_ERROR, st_op_loc(x->iop->op), fmt, name);
	if (d && b->free_op)
		st_diag_note(d, st_op_loc(b->free_op), "deallocated here");
	if (x->interp->failure == ST_INTERP_OK)
		x->interp->failure = ST_INTERP_UB;
	return d ? st_diag_emit(d) : ST_FAIL;
}

static st_status check_live(const st_interp_exec *x, const st_interp_buffer *b) {
	if (b->live)
		return ST_OK;
	const char *name = st_op_name_cstr(x->iop->op);
	if (b->kind == ST_BUF_STACK)
		return st_interp_ub(x, "access to stack memory of a function that returned in '%s'", name);
	return ub_freed(x, b, "undefined behaviour: access to deallocated memory in '%s'", name);
}

/* Adds index `i` of dimension `d` to *at, or reports it out of bounds. */
static st_status step_index(const st_interp_exec *x, const st_interp_memref *m, uint32_t d, int64_t i, int64_t *at) {
	if (i < 0 || i >= m->sizes[d])
		return st_interp_ub(x, "out-of-bounds access in '%s': index %lld in dimension %u is outside [0, %lld)",
		                    st_op_name_cstr(x->iop->op), (long long)i, d, (long long)m->sizes[d]);
	*at += i * m->strides[d];
	return ST_OK;
}

/* The buffer index of the element at operands [first, first + rank), or
 * at the indices `idx` when given (then `first` is unused). */
static st_status locate(const st_interp_exec *x, const st_interp_memref *m, size_t first, const int64_t *idx,
                        int64_t *lin) {
	int64_t at = m->offset;
	for (uint32_t d = 0; d < m->rank; d++) {
		if (!idx && st_failed(st_interp_check_poison(x, first + d, "an index")))
			return ST_FAIL;
		int64_t i = idx ? idx[d] : (int64_t)st_interp_operand(x, first + d)->u.bits;
		if (st_failed(step_index(x, m, d, i, &at)))
			return ST_FAIL;
	}
	*lin = at;
	return ST_OK;
}

static st_status load(const st_interp_exec *x, const st_ival *m, size_t first, const int64_t *idx, st_ival *out) {
	int64_t i;
	if (st_failed(check_live(x, m->u.mem->buf)) || st_failed(locate(x, m->u.mem, first, idx, &i)))
		return ST_FAIL;
	if (!elt_read(x->interp, m->u.mem->buf, st_type_element(m->type), i, out))
		return ST_FAIL;
	m->u.mem->buf->loads++;
	return ST_OK;
}

st_status st_interp_load(const st_interp_exec *x, const st_ival *m, size_t first, st_ival *out) {
	return load(x, m, first, NULL, out);
}

st_status st_interp_load_at(const st_interp_exec *x, const st_ival *m, const int64_t *idx, st_ival *out) {
	return load(x, m, 0, idx, out);
}

static st_status store(const st_interp_exec *x, const st_ival *v, const st_ival *m, size_t first, const int64_t *idx);

st_status st_interp_store(const st_interp_exec *x, const st_ival *v, const st_ival *m, size_t first) {
	return store(x, v, m, first, NULL);
}

st_status st_interp_store_at(const st_interp_exec *x, const st_ival *v, const st_ival *m, const int64_t *idx) {
	return store(x, v, m, 0, idx);
}

static st_status store(const st_interp_exec *x, const st_ival *v, const st_ival *m, size_t first, const int64_t *idx) {
	const char *name = st_op_name_cstr(x->iop->op);
	if (v->poison)
		return st_interp_ub(x, "poison value stored by '%s'", name);
	st_interp_buffer *b = m->u.mem->buf;
	int64_t i;
	if (st_failed(check_live(x, b)) || st_failed(locate(x, m->u.mem, first, idx, &i)))
		return ST_FAIL;
	if (b->constant)
		return st_interp_ub(x, "write to constant global memory in '%s'", name);
	elt_write(b, i, v);
	b->stores++;
	return ST_OK;
}

st_status st_interp_dealloc(const st_interp_exec *x, const st_ival *m) {
	st_interp_buffer *b = m->u.mem->buf;
	const char *name = st_op_name_cstr(x->iop->op);
	if (!b->live && b->kind == ST_BUF_HEAP)
		return ub_freed(x, b, "undefined behaviour: '%s' of memory that was already deallocated", name);
	if (b->kind == ST_BUF_STACK)
		return st_interp_ub(x, "'%s' of stack memory", name);
	if (b->kind == ST_BUF_GLOBAL)
		return st_interp_ub(x, "'%s' of global memory", name);
	free_storage(x->interp, b);
	b->free_op = x->iop->op;
	return ST_OK;
}

/* Row-major element k of a view, as a buffer index. */
static int64_t view_index(const st_interp_memref *m, int64_t k) {
	int64_t at = m->offset;
	for (uint32_t d = m->rank; d-- > 0;) {
		at += (k % m->sizes[d]) * m->strides[d];
		k /= m->sizes[d];
	}
	return at;
}

int64_t st_interp_memref_num_elements(const st_ival *m) {
	int64_t n = 1;
	for (uint32_t d = 0; d < m->u.mem->rank; d++)
		n *= m->u.mem->sizes[d];
	return n;
}

bool st_interp_memref_live(const st_ival *m) { return m->u.mem->buf->live; }

void st_interp_memref_accesses(const st_ival *m, uint64_t *loads, uint64_t *stores) {
	*loads = m->u.mem->buf->loads;
	*stores = m->u.mem->buf->stores;
}

bool st_interp_memref_get(st_interp *it, const st_ival *m, int64_t k, st_ival *out) {
	if (!st_interp_memref_live(m) || k < 0 || k >= st_interp_memref_num_elements(m))
		return false;
	return elt_read(it, m->u.mem->buf, st_type_element(m->type), view_index(m->u.mem, k), out);
}

bool st_interp_memref_set(st_interp *it, const st_ival *m, int64_t k, const st_ival *v) {
	(void)it;
	if (!st_interp_memref_live(m) || k < 0 || k >= st_interp_memref_num_elements(m) || v->poison)
		return false;
	elt_write(m->u.mem->buf, view_index(m->u.mem, k), v);
	return true;
}

st_status st_interp_copy(const st_interp_exec *x, const st_ival *src, const st_ival *dst) {
	const st_interp_memref *s = src->u.mem, *d = dst->u.mem;
	if (st_failed(check_live(x, s->buf)) || st_failed(check_live(x, d->buf)))
		return ST_FAIL;
	for (uint32_t i = 0; i < s->rank; i++)
		if (s->sizes[i] != d->sizes[i])
			return st_interp_ub(x, "'%s' between shapes that differ in dimension %u (%lld and %lld)",
			                    st_op_name_cstr(x->iop->op), i, (long long)s->sizes[i], (long long)d->sizes[i]);
	if (d->buf->constant)
		return st_interp_ub(x, "write to constant global memory in '%s'", st_op_name_cstr(x->iop->op));
	int64_t n = st_interp_memref_num_elements(src);
	s->buf->loads += (uint64_t)n;
	d->buf->stores += (uint64_t)n;
	for (int64_t k = 0; k < n; k++) {
		int64_t a = view_index(s, k), b = view_index(d, k);
		memcpy(d->buf->data + (size_t)b * d->buf->esize, s->buf->data + (size_t)a * s->buf->esize, d->buf->esize);
		if (d->buf->init) {
			uint8_t bit = (uint8_t)(1u << (b % 8));
			d->buf->init[b / 8] = is_init(s->buf, a) ? d->buf->init[b / 8] | bit : d->buf->init[b / 8] & ~bit;
		}
	}
	return ST_OK;
}

/* ------------------------------------------------------------ globals */

static st_status fill_global(const st_interp_exec *x, st_interp_buffer *b, st_attr *init) {
	char tb[64];
	st_type *elt = b->elt;
	unsigned w = st_interp_int_width(elt);
	if (st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS || (!st_type_is_float(elt) && (w == 0 || w > 64)))
		return st_interp_error(x, "cannot initialise a global of '%s' elements from this value",
		                       st_type_str(st_interp_exec_context(x), elt, tb, sizeof tb));
	bool splat = st_attr_dense_is_splat(init);
	for (int64_t i = 0; i < b->nelems; i++) {
		size_t k = splat ? 0 : (size_t)i;
		uint64_t bits = st_type_is_float(elt) ? st_float_bits_from_double(st_type_get_kind(elt), st_attr_dense_float(init, k))
		                                      : (uint64_t)st_attr_dense_int(init, k);
		st_ival v = st_ival_bits(elt, w && w < 64 ? bits & ((1ull << w) - 1) : bits);
		elt_write(b, i, &v);
	}
	return ST_OK;
}

st_status st_interp_global(const st_interp_exec *x, st_op *global, st_type *t, st_attr *init, bool constant,
                           st_ival *out) {
	st_interp *it = x->interp;
	st_interp_buffer *b = st__interp_map_get(&it->globals, global);
	uint32_t rank = (uint32_t)st_type_rank(t);
	int64_t small[8];
	int64_t *strides = rank <= 8 ? small : st_ctx_alloc(it->ctx, rank * sizeof *strides);
	if (!strides)
		return st__interp_oom(it);
	int64_t n = row_major(rank, st_type_shape(t), strides);
	st_status s = ST_OK;
	if (!b) {
		b = n < 0 ? NULL : buffer_new(it, x, st_type_element(t), n, ST_BUF_GLOBAL, init != NULL);
		if (!b)
			s = ST_FAIL;
		else if (init && st_failed(fill_global(x, b, init)))
			s = ST_FAIL;
		else if (!st__interp_map_put(it->ctx, &it->globals, global, b))
			s = st__interp_oom(it);
		if (b && st_failed(s))
			st__interp_buffer_release(it, b);
		if (b && st_succeeded(s))
			b->constant = constant;
	}
	st_interp_memref *m = st_succeeded(s) ? memref_new(it, b, rank) : NULL;
	if (m) {
		memcpy(m->sizes, st_type_shape(t), rank * sizeof *m->sizes);
		memcpy(m->strides, strides, rank * sizeof *strides);
		*out = (st_ival){.type = t, .kind = ST_IVAL_MEMREF, .u.mem = m};
	} else {
		s = ST_FAIL;
	}
	if (strides != small)
		st_ctx_free(it->ctx, strides, rank * sizeof *strides);
	return s;
}
