/* Constant evaluation of scalar integers wider than 64 bits, for the
 * folders: MLIR folds with APInt at any width, so i128 arithmetic folds as
 * i32 does.  The words come from arith_wide.c; where the result is not
 * defined (division by zero, signed overflow of a division, a shift by the
 * width or more) the folder declines, as for narrow types. */
#include "arith_internal.h"

#include <string.h>

static unsigned width_of(const st_type *t) {
	return st_type_is_integer(t) ? st_type_int_width(t) : 0; /* index is 64 bits: never wide */
}

/* The operation's words into r; false where it must not fold.  `a` and `b`
 * hold the operands at width w, `s` 6 * st__aw_n(w) words of scratch. */
static bool binary(st__arith_eval_op op, uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w,
                   uint64_t *s) {
	bool a_min = st__aw_is_smin(a, w), b_min = st__aw_is_smin(b, w);
	switch (op) {
	case ST__EV_DIVUI:
	case ST__EV_REMUI:
	case ST__EV_CEILDIVUI:
	case ST__EV_REMSI:
		if (st__aw_is_zero(b, w))
			return false;
		break;
	case ST__EV_DIVSI:
	case ST__EV_FLOORDIVSI:
		if (st__aw_is_zero(b, w) || (a_min && st__aw_is_all_ones(b, w)))
			return false;
		break;
	case ST__EV_CEILDIVSI:
		/* MLIR's algorithm negates a negative operand and declines
		 * when that overflows, as the 64-bit evaluator does. */
		if (st__aw_is_zero(b, w) || (!st__aw_is_zero(a, w) && (a_min || b_min)))
			return false;
		break;
	case ST__EV_SHL:
	case ST__EV_SHRUI:
	case ST__EV_SHRSI:
		for (size_t i = 1; i < st__aw_n(w); i++)
			if (b[i])
				return false;
		if (b[0] >= w)
			return false;
		break;
	case ST__EV_ADD:
	case ST__EV_SUB:
	case ST__EV_MUL:
	case ST__EV_AND:
	case ST__EV_OR:
	case ST__EV_XOR:
	case ST__EV_MAXSI:
	case ST__EV_MAXUI:
	case ST__EV_MINSI:
	case ST__EV_MINUI:
		break;
	default:
		return false;
	}
	st__aw_binary(op, r, a, b, w, s);
	return true;
}

st_attr *st__arith_eval_wide(st_context *ctx, st__arith_eval_op op, int64_t pred, st_attr *const *ins, size_t arity,
                             st_type *rtype) {
	if (arity < 1 || arity > 2 || !rtype)
		return NULL;
	for (size_t i = 0; i < arity; i++)
		if (!ins[i] || st_attr_get_kind(ins[i]) != ST_ATTR_INTEGER || st_attr_type(ins[i]) != st_attr_type(ins[0]))
			return NULL;
	unsigned w = width_of(st_attr_type(ins[0])), rw = width_of(rtype);
	if (!w || !rw || (w <= 64 && rw <= 64))
		return NULL;
	size_t n = st__aw_n(w > rw ? w : rw);
	uint64_t *t = st_ctx_alloc(ctx, 9 * n * sizeof *t);
	if (!t)
		return NULL;
	memset(t, 0, 9 * n * sizeof *t);
	uint64_t *in[2] = {t, t + n}, *r = t + 2 * n, *s = t + 3 * n;
	for (size_t i = 0; i < arity; i++) {
		size_t k = st_attr_int_num_words(ins[i]);
		memcpy(in[i], st_attr_int_words(ins[i]), (k < st__aw_n(w) ? k : st__aw_n(w)) * sizeof *t);
		st__aw_norm(in[i], w);
	}
	bool ok;
	switch (op) {
	case ST__EV_CMPI:
		ok = arity == 2 && rw == 1;
		r[0] = ok && st__aw_cmpi((int)pred, in[0], in[1], w);
		break;
	case ST__EV_EXTUI:
	case ST__EV_EXTSI:
	case ST__EV_TRUNCI:
		ok = arity == 1 && (op == ST__EV_TRUNCI ? rw < w : rw > w);
		if (ok)
			st__aw_resize(r, rw, in[0], w, op == ST__EV_EXTSI);
		break;
	default:
		ok = arity == 2 && rw == w && binary(op, r, in[0], in[1], w, s);
		break;
	}
	st_attr *res = ok ? st_integer_attr_words(ctx, rtype, st__aw_n(rw), r) : NULL;
	st_ctx_free(ctx, t, 9 * n * sizeof *t);
	return res;
}
