/* Index values as linear forms of the loop variables (a2r_linear), the word
 * address of an access as one, and from them which loops are parallel: a
 * loop whose iterations never touch a word that one of them writes
 * (each iteration keeps to its own window of every memory it writes). */
#include "a2r.h"

#include "strata/arith.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static a2r_node *loop_of_iv(a2r *a, const st_value *v) {
	for (size_t i = 0; i < a->nnodes; i++)
		if (a->nodes[i]->kind == A2R_LOOP && a->nodes[i]->iv == v)
			return a->nodes[i];
	return NULL;
}

static void scale(a2r_linear *l, int64_t k) {
	for (int i = 0; i < A2R_MAX_DEPTH; i++)
		l->coef[i] *= k;
	l->cst *= k;
}

static bool linear_rec(a2r *a, st_value *v, a2r_linear *out, int depth) {
	memset(out, 0, sizeof *out);
	if (depth > 64)
		return false;
	int64_t c;
	if (st_arith_constant_int(v, &c)) {
		out->cst = c;
		return true;
	}
	a2r_node *l = loop_of_iv(a, v);
	if (l) {
		out->coef[l->level] = 1;
		return true;
	}
	st_op *d = st_value_defining_op(v);
	if (!d)
		return false;
	const char *n = st_op_name_cstr(d);
	a2r_linear x, y;
	if (!strcmp(n, "arith.index_cast") || !strcmp(n, "arith.index_castui") || !strcmp(n, "arith.extsi") ||
	    !strcmp(n, "arith.extui"))
		return linear_rec(a, st_op_operand(d, 0), out, depth + 1);
	if (!strcmp(n, "arith.addi") || !strcmp(n, "arith.subi")) {
		if (!linear_rec(a, st_op_operand(d, 0), &x, depth + 1) || !linear_rec(a, st_op_operand(d, 1), &y, depth + 1))
			return false;
		int64_t sign = !strcmp(n, "arith.subi") ? -1 : 1;
		for (int i = 0; i < A2R_MAX_DEPTH; i++)
			out->coef[i] = x.coef[i] + sign * y.coef[i];
		out->cst = x.cst + sign * y.cst;
		return true;
	}
	if (!strcmp(n, "arith.muli")) {
		for (int k = 0; k < 2; k++)
			if (st_arith_constant_int(st_op_operand(d, (size_t)k), &c) && linear_rec(a, st_op_operand(d, (size_t)(1 - k)), out, depth + 1)) {
				scale(out, c);
				return true;
			}
		return false;
	}
	if (!strcmp(n, "arith.shli") && st_arith_constant_int(st_op_operand(d, 1), &c) && c >= 0 && c < 31 &&
	    linear_rec(a, st_op_operand(d, 0), out, depth + 1)) {
		scale(out, (int64_t)1 << c);
		return true;
	}
	return false;
}

bool st__a2r_linear(a2r *a, st_value *v, a2r_linear *out) { return linear_rec(a, v, out, 0); }

bool st__a2r_access_linear(a2r *a, st_op *access, a2r_linear *out) {
	bool store = named(access, "memref.store");
	st_value *mem = st_op_operand(access, store ? 1 : 0);
	st_type *t = st_value_type(mem);
	size_t rank = st_type_rank(t), first = store ? 2 : 1;
	memset(out, 0, sizeof *out);
	int64_t stride = 1;
	for (size_t k = rank; k-- > 0;) {
		a2r_linear l;
		if (!st__a2r_linear(a, st_op_operand(access, first + k), &l))
			return false;
		scale(&l, stride);
		for (int i = 0; i < A2R_MAX_DEPTH; i++)
			out->coef[i] += l.coef[i];
		out->cst += l.cst;
		stride *= st_type_dim(t, k);
	}
	return true;
}

/* -------------------------------------------------------------- parallel */

typedef struct access_list {
	st_op **v;
	size_t n, cap;
} access_list;

static void collect(a2r *a, st_op *op, access_list *l) {
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o)) {
				if (named(o, "memref.load") || named(o, "memref.store"))
					st__a2r_push(a, (void **)&l->v, &l->n, &l->cap, sizeof o, &o);
				collect(a, o, l);
			}
}

static st_value *access_mem(st_op *op) { return st_op_operand(op, named(op, "memref.store") ? 1 : 0); }

/* The range of sum(coef * iv) over the loops inside `loop` (levels above
 * its own) for one iteration of it; false when a bound is not static. */
static bool inner_range(a2r *a, const a2r_node *loop, const a2r_linear *l, int64_t *lo, int64_t *hi) {
	*lo = *hi = 0;
	for (size_t i = 0; i < a->nnodes; i++) {
		a2r_node *n = a->nodes[i];
		if (n->kind != A2R_LOOP || n->level <= loop->level || !l->coef[n->level] || !st__a2r_encloses(loop, n))
			continue;
		int64_t first;
		if (n->trip < 0 || !st_arith_constant_int(n->lb, &first))
			return false;
		int64_t last = first + (n->trip > 0 ? n->trip - 1 : 0) * n->step;
		int64_t k = l->coef[n->level], x = k * first, y = k * last;
		*lo += x < y ? x : y;
		*hi += x < y ? y : x;
	}
	return true;
}

/* Whether the iterations of `loop` touch disjoint windows of every memory
 * written inside it. */
static bool independent(a2r *a, a2r_node *loop, access_list *l) {
	for (size_t i = 0; i < l->n; i++) {
		if (!named(l->v[i], "memref.store"))
			continue;
		st_value *m = access_mem(l->v[i]);
		int64_t c = 0, lo = INT64_MAX, hi = INT64_MIN;
		a2r_linear first;
		bool have_first = false;
		for (size_t j = 0; j < l->n; j++) {
			if (access_mem(l->v[j]) != m)
				continue;
			a2r_linear f;
			int64_t ilo, ihi;
			if (!st__a2r_access_linear(a, l->v[j], &f) || !inner_range(a, loop, &f, &ilo, &ihi))
				return false;
			if (!have_first) {
				first = f, have_first = true, c = f.coef[loop->level];
				if (!c)
					return false;
			}
			/* The same coefficient on this loop and on every loop around it. */
			for (int k = 0; k <= loop->level; k++)
				if (f.coef[k] != first.coef[k])
					return false;
			lo = f.cst + ilo < lo ? f.cst + ilo : lo;
			hi = f.cst + ihi > hi ? f.cst + ihi : hi;
		}
		if (hi - lo >= (c < 0 ? -c : c))
			return false;
	}
	return true;
}

void st__a2r_find_parallel(a2r *a) {
	for (size_t i = 0; i < a->nnodes; i++) {
		a2r_node *n = a->nodes[i];
		if (n->kind != A2R_LOOP || n->parallel || !named(n->op, "scf.for") || st_op_num_results(n->op))
			continue;
		access_list l = {0};
		collect(a, n->op, &l);
		n->parallel = !a->failed && independent(a, n, &l);
		if (l.v)
			st_ctx_free(a->ctx, l.v, l.cap * sizeof *l.v);
	}
}
