/* The trace of affine-raise-to-codelet: a function's loop nests run on
 * terms instead of numbers.  Loops run (their bounds are constants),
 * indices are computed, and every store records the term of its value,
 * built from the terms of the loads it came from; terms are hash-consed,
 * so the trace ends with, for each element of each memref, one term
 * saying what it holds in terms of the function's inputs, whatever the
 * schedule (tiling, unrolling, intermediate tiles, compute_at) did to the
 * loops.  The steps are bounded (the named limit codelet-raise-steps). */
#include "raise.h"

#include "strata/affine.h"
#include "strata/arith.h"

#include <stdarg.h>
#include <stdio.h>

static bool stop(rtrace *t, st_op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool stop(rtrace *t, st_op *op, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->why, sizeof t->why, fmt, ap);
	va_end(ap);
	t->bad = op;
	return false;
}

/* ------------------------------------------------------------------ terms */

static uint64_t mix(const rterm *x) {
	uint64_t h = x->kind * UINT64_C(0x9E3779B97F4A7C15) ^ x->width ^ ((uint64_t)x->pred << 8);
	h = (h ^ (uint64_t)(uint32_t)x->a) * UINT64_C(0xff51afd7ed558ccd);
	h = (h ^ (uint64_t)(uint32_t)x->b) * UINT64_C(0xc4ceb9fe1a85ec53);
	h = (h ^ (uint64_t)(uint32_t)x->c) * UINT64_C(0xff51afd7ed558ccd);
	h = (h ^ (uint64_t)x->v) * UINT64_C(0xc4ceb9fe1a85ec53);
	return h ^ (h >> 31);
}

static bool same(const rterm *x, const rterm *y) {
	return x->kind == y->kind && x->width == y->width && x->pred == y->pred && x->a == y->a && x->b == y->b &&
	       x->c == y->c && x->v == y->v;
}

static bool grow_hash(rtrace *t) {
	size_t nc = t->hcap ? 2 * t->hcap : 4096;
	uint32_t *h = st_ctx_alloc(t->ctx, nc * sizeof *h);
	if (!h)
		return false;
	memset(h, 0, nc * sizeof *h);
	for (size_t i = 0; i < t->nt; i++) {
		size_t k = mix(&t->t[i]) & (nc - 1);
		while (h[k])
			k = (k + 1) & (nc - 1);
		h[k] = (uint32_t)i + 1;
	}
	if (t->hash)
		st_ctx_free(t->ctx, t->hash, t->hcap * sizeof *t->hash);
	t->hash = h;
	t->hcap = nc;
	return true;
}

int32_t raise_term(rtrace *t, rterm_kind kind, unsigned width, int pred, int32_t a, int32_t b, int32_t c, int64_t v) {
	rterm x = {.kind = (uint8_t)kind, .width = (uint8_t)width, .pred = (uint8_t)pred, .a = a, .b = b, .c = c, .v = v};
	if ((t->nt + 1) * 2 > t->hcap && !grow_hash(t))
		return -1;
	size_t k = mix(&x) & (t->hcap - 1);
	for (; t->hash[k]; k = (k + 1) & (t->hcap - 1))
		if (same(&t->t[t->hash[k] - 1], &x))
			return (int32_t)(t->hash[k] - 1);
	if (t->nt == t->capt) {
		size_t nc = t->capt ? 2 * t->capt : 4096;
		rterm *n = st_ctx_realloc(t->ctx, t->t, t->capt * sizeof *n, nc * sizeof *n);
		if (!n || nc > INT32_MAX)
			return -1;
		t->t = n;
		t->capt = nc;
	}
	t->t[t->nt] = x;
	t->hash[k] = (uint32_t)t->nt + 1;
	return (int32_t)t->nt++;
}

/* ----------------------------------------------------------------- values */

static struct rslot *slot_of(rtrace *t, st_value *v, bool make) {
	uintptr_t s = (uintptr_t)st_ptr_map_get(t->vals, v);
	if (s)
		return &t->slots[s - 1];
	if (!make)
		return NULL;
	if (t->nslots == t->capslots) {
		size_t nc = t->capslots ? 2 * t->capslots : 256;
		struct rslot *n = st_ctx_realloc(t->ctx, t->slots, t->capslots * sizeof *n, nc * sizeof *n);
		if (!n)
			return NULL;
		t->slots = n;
		t->capslots = nc;
	}
	if (!st_ptr_map_put(t->vals, v, (void *)(uintptr_t)(t->nslots + 1)))
		return NULL;
	return &t->slots[t->nslots++];
}

static bool set_index(rtrace *t, st_op *op, st_value *v, int64_t i) {
	struct rslot *s = slot_of(t, v, true);
	if (!s)
		return stop(t, op, "out of memory");
	s->index = true;
	s->v = i;
	return true;
}

static bool set_term(rtrace *t, st_op *op, st_value *v, int32_t term) {
	struct rslot *s = term >= 0 ? slot_of(t, v, true) : NULL;
	if (!s)
		return stop(t, op, "out of memory");
	s->index = false;
	s->v = term;
	return true;
}

static rbuf *buf_of(rtrace *t, st_value *m) {
	for (size_t i = 0; i < t->nbufs; i++)
		if (t->bufs[i].v == m)
			return &t->bufs[i];
	return NULL;
}

rbuf *raise_arg_buf(rtrace *t, st_value *arg) { return buf_of(t, arg); }

static rbuf *new_buf(rtrace *t, st_op *op, st_value *m, int arg) {
	st_type *ty = st_value_type(m);
	int64_t n = st_type_num_elements_static(ty);
	st_type *e = st_type_element(ty);
	if (n < 0 || !st_type_is_integer(e) || st_type_int_width(e) > 32) {
		stop(t, op, "a memref of static shape and integers of up to 32 bits is what layers work on");
		return NULL;
	}
	if (t->nbufs == RAISE_MAX_BUFS) {
		stop(t, op, "more than %d memrefs", RAISE_MAX_BUFS);
		return NULL;
	}
	rbuf *b = &t->bufs[t->nbufs];
	b->v = m;
	b->arg = arg;
	b->n = n;
	b->cells = st_ctx_alloc(t->ctx, (size_t)(n ? n : 1) * sizeof *b->cells);
	if (!b->cells) {
		stop(t, op, "out of memory");
		return NULL;
	}
	unsigned w = st_type_int_width(e);
	for (int64_t i = 0; i < n; i++) {
		int32_t x = arg >= 0 ? raise_term(t, RT_IN, w, 0, arg, 0, 0, i) : raise_term(t, RT_UNINIT, w, 0, 0, 0, 0, 0);
		if (x < 0) {
			stop(t, op, "out of memory");
			return NULL;
		}
		b->cells[i] = x;
	}
	t->nbufs++;
	return b;
}

/* The row-major element an affine access reaches, or -1 outside. */
static int64_t element(rtrace *t, st_op *op, rbuf *b, int64_t *out) {
	const st_affine_map *m = st_affine_op_map(op);
	size_t start, n = st_affine_op_map_operands(op, &start);
	int64_t dims[16], idx[8];
	if (n > 16 || st_affine_map_num_results(m) > 8)
		return stop(t, op, "an access of more than 8 dimensions"), -1;
	for (size_t i = 0; i < n; i++) {
		struct rslot *s = slot_of(t, st_op_operand(op, start + i), false);
		if (!s || !s->index)
			return stop(t, op, "an index computed from data"), -1;
		dims[i] = s->v;
	}
	unsigned nd = st_affine_map_num_dims(m);
	if (!st_affine_map_eval(m, dims, dims + nd, idx))
		return stop(t, op, "an index that cannot be evaluated"), -1;
	st_type *ty = st_value_type(b->v);
	int64_t e = 0;
	for (size_t d = 0; d < st_type_rank(ty); d++) {
		if (idx[d] < 0 || idx[d] >= st_type_dim(ty, d))
			return stop(t, op, "an access outside its memref"), -1;
		e = e * st_type_dim(ty, d) + idx[d];
	}
	*out = e;
	return 0;
}

/* ------------------------------------------------------------- operations */

static int32_t operand_term(rtrace *t, st_op *op, size_t i) {
	struct rslot *s = slot_of(t, st_op_operand(op, i), false);
	if (!s || s->index)
		return stop(t, op, "an operand this trace does not know"), -1;
	return (int32_t)s->v;
}

static unsigned width_of(st_value *v) {
	st_type *ty = st_value_type(v);
	return st_type_is_integer(ty) ? st_type_int_width(ty) : 0;
}

static const struct {
	const char *name;
	rterm_kind kind;
	bool commutative;
} binaries[] = {
	{"arith.addi", RT_ADD, true},   {"arith.subi", RT_SUB, false},  {"arith.muli", RT_MUL, true},
	{"arith.maxsi", RT_MAX, true},  {"arith.minsi", RT_MIN, true},  {"arith.shrsi", RT_SHRS, false},
	{"arith.shli", RT_SHL, false},  {"arith.shrui", RT_SHRU, false},
};

static int64_t index_binary(rterm_kind k, int64_t a, int64_t b) {
	switch (k) {
	case RT_ADD:
		return a + b;
	case RT_SUB:
		return a - b;
	case RT_MUL:
		return a * b;
	case RT_MAX:
		return a > b ? a : b;
	case RT_MIN:
		return a < b ? a : b;
	default:
		return 0;
	}
}

/* Operations of constants are folded (Halide guards its shifts with
 * comparisons of constants): values wrap at the width. */
static int64_t wrap(int64_t v, unsigned w) {
	if (w >= 64 || !w)
		return v;
	uint64_t m = (UINT64_C(1) << w) - 1, sb = UINT64_C(1) << (w - 1);
	return (int64_t)((((uint64_t)v & m) ^ sb) - sb);
}

static bool fold(rterm_kind k, unsigned w, int pred, int64_t a, int64_t b, int64_t *out) {
	uint64_t m = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1, ua = (uint64_t)a & m, ub = (uint64_t)b & m;
	switch (k) {
	case RT_ADD:
		*out = wrap((int64_t)((uint64_t)a + (uint64_t)b), w);
		return true;
	case RT_SUB:
		*out = wrap((int64_t)((uint64_t)a - (uint64_t)b), w);
		return true;
	case RT_MUL:
		*out = wrap((int64_t)((uint64_t)a * (uint64_t)b), w);
		return true;
	case RT_MAX:
		*out = a > b ? a : b;
		return true;
	case RT_MIN:
		*out = a < b ? a : b;
		return true;
	case RT_SHRS:
		*out = ub >= w ? (a < 0 ? -1 : 0) : a >> ub;
		return true;
	case RT_SHL:
		*out = ub >= w ? 0 : wrap((int64_t)((uint64_t)a << ub), w);
		return true;
	case RT_SHRU:
		*out = ub >= w ? 0 : wrap((int64_t)(ua >> ub), w);
		return true;
	case RT_CMP:
		switch (pred) {
		case ST_CMPI_EQ: *out = a == b; return true;
		case ST_CMPI_NE: *out = a != b; return true;
		case ST_CMPI_SLT: *out = a < b; return true;
		case ST_CMPI_SLE: *out = a <= b; return true;
		case ST_CMPI_SGT: *out = a > b; return true;
		case ST_CMPI_SGE: *out = a >= b; return true;
		case ST_CMPI_ULT: *out = ua < ub; return true;
		case ST_CMPI_ULE: *out = ua <= ub; return true;
		case ST_CMPI_UGT: *out = ua > ub; return true;
		case ST_CMPI_UGE: *out = ua >= ub; return true;
		default: return false;
		}
	default:
		return false;
	}
}

/* select(cmp(p, x, y), x, y) and its mirror images are max and min. */
static int32_t select_term(rtrace *t, unsigned w, int32_t c, int32_t x, int32_t y) {
	const rterm *ct = &t->t[c];
	if (ct->kind == RT_CMP && ((ct->a == x && ct->b == y) || (ct->a == y && ct->b == x))) {
		bool greater = ct->pred == ST_CMPI_SGT || ct->pred == ST_CMPI_SGE;
		bool less = ct->pred == ST_CMPI_SLT || ct->pred == ST_CMPI_SLE;
		if (greater || less) {
			bool first = ct->a == x; /* picks the cmp's first operand when true */
			bool max = greater == first;
			int32_t a = x, b = y;
			if (t->t[a].kind == RT_CONST) {
				a = y;
				b = x;
			}
			return raise_term(t, max ? RT_MAX : RT_MIN, w, 0, a, b, 0, 0);
		}
	}
	return raise_term(t, RT_SELECT, w, 0, x, y, c, 0);
}

static bool run_block(rtrace *t, st_block *b);

static bool run_for(rtrace *t, st_op *op) {
	int64_t lb, ub, step = st_affine_for_step(op);
	if (!st_affine_for_constant_bounds(op, &lb, &ub))
		return stop(t, op, "a loop whose bounds are not constants");
	/* Values a loop carries: its inits, then what each iteration yields. */
	size_t na = st_affine_for_num_iter_args(op), start;
	if (na > 16)
		return stop(t, op, "a loop carrying more than 16 values");
	struct rslot cur[16];
	size_t ninit = st_affine_for_inits(op, &start);
	for (size_t k = 0; k < na && k < ninit; k++) {
		struct rslot *s = slot_of(t, st_op_operand(op, start + k), false);
		if (!s)
			return stop(t, op, "an operand this trace does not know");
		cur[k] = *s;
	}
	st_value *iv = st_affine_for_iv(op);
	st_block *body = st_affine_for_body(op);
	st_op *yield = st_block_terminator(body);
	for (int64_t i = lb; i < ub; i += step) {
		if (!set_index(t, op, iv, i))
			return false;
		for (size_t k = 0; k < na; k++) {
			struct rslot *s = slot_of(t, st_affine_for_iter_arg(op, k), true);
			if (!s)
				return stop(t, op, "out of memory");
			*s = cur[k];
		}
		if (!run_block(t, body))
			return false;
		for (size_t k = 0; k < na; k++) {
			struct rslot *s = yield && k < st_op_num_operands(yield) ? slot_of(t, st_op_operand(yield, k), false) : NULL;
			if (!s)
				return stop(t, op, "a loop yielding a value this trace does not know");
			cur[k] = *s;
		}
	}
	for (size_t k = 0; k < na; k++) {
		struct rslot *s = slot_of(t, st_op_result(op, k), true);
		if (!s)
			return stop(t, op, "out of memory");
		*s = cur[k];
	}
	return true;
}

/* A constant global with integer contents (a table of weights) is read
 * like one more argument: its elements are inputs of the layers, and
 * the target puts its contents in the program (docs/conversion.md).
 * Every get_global of one symbol is one buffer. */
static bool get_global(rtrace *t, st_op *op) {
	if (buf_of(t, st_op_result(op, 0)))
		return true; /* a get_global in a loop: the table is known */
	st_attr *ref = st_op_get_attr(op, "name");
	st_op *g = ref ? st_symbol_lookup_nearest(op, ref) : NULL;
	st_attr *init = g ? st_op_get_attr(g, "initial_value") : NULL;
	if (!g || !st_op_get_attr(g, "constant") || !init || st_attr_get_kind(init) == ST_ATTR_UNIT)
		return stop(t, op, "a global that is not a constant with an initial value");
	size_t nargs = st_block_num_args(st_region_first_block(st_op_region(t->fn, 0)));
	int arg = (int)nargs, same = -1;
	for (size_t i = 0; i < t->nbufs; i++) {
		if (t->bufs[i].global == ref)
			same = t->bufs[i].arg; /* another get_global of it: the same elements */
		if (t->bufs[i].global && t->bufs[i].arg >= arg)
			arg = t->bufs[i].arg + 1;
	}
	if (same >= 0)
		arg = same;
	rbuf *b = new_buf(t, op, st_op_result(op, 0), arg);
	if (!b)
		return false;
	b->global = ref;
	return true;
}

static bool run_op(rtrace *t, st_op *op) {
	const char *name = st_op_name_cstr(op);
	if (++t->steps > t->max_steps)
		return stop(t, op, "the loops run more than %llu operations", (unsigned long long)t->max_steps);
	if (st_affine_is_for(op))
		return run_for(t, op);
	if (st_affine_is_yield(op) || !strcmp(name, "memref.dealloc"))
		return true;
	if (!strcmp(name, "func.return")) {
		if (st_op_num_operands(op))
			return stop(t, op, "a function returning values (layers write memrefs)");
		return true;
	}
	if (!strcmp(name, "memref.alloc") || !strcmp(name, "memref.alloca")) {
		/* An allocation in a loop is one buffer, fresh each time. */
		rbuf *b = buf_of(t, st_op_result(op, 0));
		if (!b)
			return new_buf(t, op, st_op_result(op, 0), -1) != NULL;
		int32_t u = raise_term(t, RT_UNINIT, width_of(st_op_result(op, 0)), 0, 0, 0, 0, 0);
		for (int64_t i = 0; i < b->n; i++)
			b->cells[i] = u;
		return u >= 0 || stop(t, op, "out of memory");
	}
	if (!strcmp(name, "memref.get_global"))
		return get_global(t, op);
	if (st_affine_is_load(op) || st_affine_is_store(op)) {
		rbuf *b = buf_of(t, st_affine_access_memref(op));
		int64_t e;
		if (!b)
			return stop(t, op, "an access to a memref that is neither an argument nor allocated here");
		if (b->global && st_affine_is_store(op))
			return stop(t, op, "a store to a constant global");
		if (element(t, op, b, &e) < 0)
			return false;
		if (st_affine_is_load(op))
			return set_term(t, op, st_op_result(op, 0), b->cells[e]);
		int32_t v = operand_term(t, op, 0);
		if (v < 0)
			return false;
		b->cells[e] = v;
		return true;
	}
	if (st_affine_is_apply(op) || st_affine_is_min(op) || st_affine_is_max(op)) {
		const st_affine_map *m = st_affine_op_map(op);
		int64_t dims[16], r[8];
		size_t n = st_op_num_operands(op);
		for (size_t i = 0; i < n && i < 16; i++) {
			struct rslot *s = slot_of(t, st_op_operand(op, i), false);
			if (!s || !s->index)
				return stop(t, op, "an index computed from data");
			dims[i] = s->v;
		}
		size_t nr = st_affine_map_num_results(m);
		if (n > 16 || nr < 1 || nr > 8 || !st_affine_map_eval(m, dims, dims + st_affine_map_num_dims(m), r))
			return stop(t, op, "an index that cannot be evaluated");
		/* apply has one result; min and max pick among theirs. */
		for (size_t i = 1; i < nr; i++)
			r[0] = st_affine_is_min(op) ? (r[i] < r[0] ? r[i] : r[0]) : (r[i] > r[0] ? r[i] : r[0]);
		return set_index(t, op, st_op_result(op, 0), r[0]);
	}
	if (!strcmp(name, "arith.constant")) {
		st_attr *a = st_op_get_attr(op, "value");
		st_type *ty = st_value_type(st_op_result(op, 0));
		if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
			return stop(t, op, "a constant that is not an integer");
		if (st_type_get_kind(ty) == ST_TYPE_INDEX)
			return set_index(t, op, st_op_result(op, 0), st_attr_int_value(a));
		return set_term(t, op, st_op_result(op, 0),
		                raise_term(t, RT_CONST, width_of(st_op_result(op, 0)), 0, 0, 0, 0, st_attr_int_value(a)));
	}
	unsigned w = st_op_num_results(op) ? width_of(st_op_result(op, 0)) : 0;
	if (!strcmp(name, "arith.extsi") || !strcmp(name, "arith.extui") || !strcmp(name, "arith.trunci")) {
		int32_t a = operand_term(t, op, 0);
		rterm_kind k = !strcmp(name, "arith.extsi") ? RT_SEXT : !strcmp(name, "arith.extui") ? RT_ZEXT : RT_TRUNC;
		if (a < 0)
			return false;
		/* The low w bits of x >> s (logical) are those of the arithmetic
		 * shift while w + s <= x's width: the bits the two shift in never
		 * reach them (Halide's u8(sum / 16) on a u16 sum). */
		const rterm *x = &t->t[a];
		if (k == RT_TRUNC && x->kind == RT_SHRU && t->t[x->b].kind == RT_CONST && t->t[x->b].v >= 0 &&
		    (uint64_t)t->t[x->b].v + w <= x->width) {
			int32_t sx = x->a, sb = x->b;
			unsigned xw = x->width;
			if ((a = raise_term(t, RT_SHRS, xw, 0, sx, sb, 0, 0)) < 0)
				return stop(t, op, "out of memory");
		}
		return set_term(t, op, st_op_result(op, 0), raise_term(t, k, w, 0, a, 0, 0, 0));
	}
	/* An unsigned division by a power of two is a logical shift. */
	if (!strcmp(name, "arith.divui")) {
		int32_t a = operand_term(t, op, 0), b = a >= 0 ? operand_term(t, op, 1) : -1;
		if (b < 0)
			return false;
		int64_t d = t->t[b].kind == RT_CONST ? (int64_t)((uint64_t)t->t[b].v & (w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1)) : 0;
		if (d <= 0 || (d & (d - 1)))
			return stop(t, op, "an unsigned division by something other than a constant power of two");
		int s = 0;
		while ((INT64_C(1) << s) < d)
			s++;
		int32_t sh = raise_term(t, RT_CONST, w, 0, 0, 0, 0, s), r = -1;
		if (sh >= 0)
			r = t->t[a].kind == RT_CONST ? raise_term(t, RT_CONST, w, 0, 0, 0, 0, wrap((int64_t)(((uint64_t)t->t[a].v & (w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1)) >> s), w))
			                             : s ? raise_term(t, RT_SHRU, w, 0, a, sh, 0, 0) : a;
		return r >= 0 ? set_term(t, op, st_op_result(op, 0), r) : stop(t, op, "out of memory");
	}
	for (size_t i = 0; i < sizeof binaries / sizeof *binaries; i++) {
		if (strcmp(name, binaries[i].name) != 0)
			continue;
		struct rslot *x = slot_of(t, st_op_operand(op, 0), false), *y = slot_of(t, st_op_operand(op, 1), false);
		if (!x || !y)
			return stop(t, op, "an operand this trace does not know");
		if (x->index && y->index)
			return set_index(t, op, st_op_result(op, 0), index_binary(binaries[i].kind, x->v, y->v));
		if (x->index || y->index)
			return stop(t, op, "arithmetic mixing indices and data");
		int32_t a = (int32_t)x->v, b = (int32_t)y->v;
		int64_t r;
		if (t->t[a].kind == RT_CONST && t->t[b].kind == RT_CONST && fold(binaries[i].kind, w, 0, t->t[a].v, t->t[b].v, &r))
			return set_term(t, op, st_op_result(op, 0), raise_term(t, RT_CONST, w, 0, 0, 0, 0, r));
		/* A constant goes second in commutative operations. */
		if (binaries[i].commutative && t->t[a].kind == RT_CONST) {
			a = (int32_t)y->v;
			b = (int32_t)x->v;
		}
		return set_term(t, op, st_op_result(op, 0), raise_term(t, binaries[i].kind, w, 0, a, b, 0, 0));
	}
	if (!strcmp(name, "arith.cmpi")) {
		int32_t a = operand_term(t, op, 0), b = a >= 0 ? operand_term(t, op, 1) : -1;
		st_attr *p = st_op_get_attr(op, "predicate");
		int pred = p ? (int)st_attr_int_value(p) : 0;
		int64_t r;
		if (b >= 0 && t->t[a].kind == RT_CONST && t->t[b].kind == RT_CONST &&
		    fold(RT_CMP, width_of(st_op_operand(op, 0)), pred, t->t[a].v, t->t[b].v, &r))
			return set_term(t, op, st_op_result(op, 0), raise_term(t, RT_CONST, 1, 0, 0, 0, 0, r));
		return b >= 0 && set_term(t, op, st_op_result(op, 0), raise_term(t, RT_CMP, 1, pred, a, b, 0, 0));
	}
	if (!strcmp(name, "arith.select")) {
		int32_t c = operand_term(t, op, 0), a = c >= 0 ? operand_term(t, op, 1) : -1, b = a >= 0 ? operand_term(t, op, 2) : -1;
		if (b >= 0 && t->t[c].kind == RT_CONST)
			return set_term(t, op, st_op_result(op, 0), t->t[c].v & 1 ? a : b);
		return b >= 0 && set_term(t, op, st_op_result(op, 0), select_term(t, w, c, a, b));
	}
	return stop(t, op, "'%s' is not an operation the layers are made of", name);
}

static bool run_block(rtrace *t, st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op))
		if (!run_op(t, op))
			return false;
	return true;
}

bool raise_trace(rtrace *t, st_op *fn, uint64_t max_steps) {
	st_context *ctx = st_op_context(fn);
	memset(t, 0, sizeof *t);
	t->ctx = ctx;
	t->fn = fn;
	t->max_steps = max_steps;
	t->vals = st_ptr_map_create(ctx);
	if (!t->vals)
		return stop(t, fn, "out of memory");
	st_block *body = st_op_num_regions(fn) ? st_region_first_block(st_op_region(fn, 0)) : NULL;
	if (!body)
		return stop(t, fn, "a function without a body");
	for (size_t i = 0; i < st_block_num_args(body); i++) {
		st_value *a = st_block_arg(body, i);
		if (st_type_get_kind(st_value_type(a)) != ST_TYPE_MEMREF)
			return stop(t, fn, "argument %zu is not a memref (layers take tensors)", i);
		if (!new_buf(t, fn, a, (int)i))
			return false;
	}
	return run_block(t, body);
}

void raise_trace_free(rtrace *t) {
	if (t->t)
		st_ctx_free(t->ctx, t->t, t->capt * sizeof *t->t);
	if (t->hash)
		st_ctx_free(t->ctx, t->hash, t->hcap * sizeof *t->hash);
	for (size_t i = 0; i < t->nbufs; i++)
		if (t->bufs[i].cells)
			st_ctx_free(t->ctx, t->bufs[i].cells, (size_t)(t->bufs[i].n ? t->bufs[i].n : 1) * sizeof *t->bufs[i].cells);
	if (t->slots)
		st_ctx_free(t->ctx, t->slots, t->capslots * sizeof *t->slots);
	st_ptr_map_destroy(t->vals);
}
