/* The semantics of every arith op for the interpreter (docs/interpreter.md).
 *
 * Results of 64 bits and less, and every float result, come from the
 * folders' evaluator (arith_eval.c), so that folding and execution cannot
 * disagree.  Wider integers, and the cases the folders decline although the
 * result is defined (ceildivsi with a minimum operand), use arith_wide.c.
 * What the folders decline because it is not defined is modelled here:
 * division by zero and signed MIN / -1 are undefined behaviour (a located
 * error); shifts by the width or more, overflow under nsw/nuw, inexact
 * `exact` operations, out-of-range float-to-integer conversions and NaN or
 * infinity under nnan/ninf give poison; poison operands give poison. */
#include "arith_internal.h"
#include "strata/interp.h"

#include <math.h>
#include <string.h>

typedef enum op_class {
	C_CONST,
	C_INT2,   /* integer binary */
	C_WIDE2,  /* two results: addui_extended, mul*_extended */
	C_FLT1,
	C_FLT2,
	C_ICAST,  /* extui, extsi, trunci, index_cast, index_castui */
	C_I2F,
	C_F2I,
	C_FCAST,  /* extf, truncf */
	C_BITCAST,
	C_CMPI,
	C_CMPF,
	C_SELECT,
} op_class;

typedef struct op_info {
	const char *name;
	op_class cls;
	st__arith_eval_op ev;
} op_info;

static const op_info ops[] = {
	{"arith.constant", C_CONST, 0},
	{"arith.addi", C_INT2, ST__EV_ADD},
	{"arith.subi", C_INT2, ST__EV_SUB},
	{"arith.muli", C_INT2, ST__EV_MUL},
	{"arith.divui", C_INT2, ST__EV_DIVUI},
	{"arith.divsi", C_INT2, ST__EV_DIVSI},
	{"arith.ceildivui", C_INT2, ST__EV_CEILDIVUI},
	{"arith.ceildivsi", C_INT2, ST__EV_CEILDIVSI},
	{"arith.floordivsi", C_INT2, ST__EV_FLOORDIVSI},
	{"arith.remui", C_INT2, ST__EV_REMUI},
	{"arith.remsi", C_INT2, ST__EV_REMSI},
	{"arith.andi", C_INT2, ST__EV_AND},
	{"arith.ori", C_INT2, ST__EV_OR},
	{"arith.xori", C_INT2, ST__EV_XOR},
	{"arith.shli", C_INT2, ST__EV_SHL},
	{"arith.shrui", C_INT2, ST__EV_SHRUI},
	{"arith.shrsi", C_INT2, ST__EV_SHRSI},
	{"arith.maxsi", C_INT2, ST__EV_MAXSI},
	{"arith.maxui", C_INT2, ST__EV_MAXUI},
	{"arith.minsi", C_INT2, ST__EV_MINSI},
	{"arith.minui", C_INT2, ST__EV_MINUI},
	{"arith.addui_extended", C_WIDE2, ST__EV_ADD},
	{"arith.mulsi_extended", C_WIDE2, ST__EV_MULHS},
	{"arith.mului_extended", C_WIDE2, ST__EV_MULHU},
	{"arith.negf", C_FLT1, ST__EV_NEGF},
	{"arith.addf", C_FLT2, ST__EV_ADDF},
	{"arith.subf", C_FLT2, ST__EV_SUBF},
	{"arith.mulf", C_FLT2, ST__EV_MULF},
	{"arith.divf", C_FLT2, ST__EV_DIVF},
	{"arith.remf", C_FLT2, ST__EV_REMF},
	{"arith.maximumf", C_FLT2, ST__EV_MAXIMUMF},
	{"arith.minimumf", C_FLT2, ST__EV_MINIMUMF},
	{"arith.maxnumf", C_FLT2, ST__EV_MAXNUMF},
	{"arith.minnumf", C_FLT2, ST__EV_MINNUMF},
	{"arith.extui", C_ICAST, ST__EV_EXTUI},
	{"arith.extsi", C_ICAST, ST__EV_EXTSI},
	{"arith.trunci", C_ICAST, ST__EV_TRUNCI},
	{"arith.index_cast", C_ICAST, ST__EV_INDEX_CAST},
	{"arith.index_castui", C_ICAST, ST__EV_INDEX_CASTUI},
	{"arith.uitofp", C_I2F, ST__EV_UITOFP},
	{"arith.sitofp", C_I2F, ST__EV_SITOFP},
	{"arith.fptoui", C_F2I, ST__EV_FPTOUI},
	{"arith.fptosi", C_F2I, ST__EV_FPTOSI},
	{"arith.extf", C_FCAST, ST__EV_EXTF},
	{"arith.truncf", C_FCAST, ST__EV_TRUNCF},
	{"arith.bitcast", C_BITCAST, ST__EV_BITCAST},
	{"arith.cmpi", C_CMPI, ST__EV_CMPI},
	{"arith.cmpf", C_CMPF, ST__EV_CMPF},
	{"arith.select", C_SELECT, 0},
};
#define NOPS (sizeof ops / sizeof ops[0])

/* iop->imm: the op's index in `ops`, then what its attributes say. */
#define IMM_OP(imm) ((size_t)((imm)&0xff))
#define IMM_PRED(imm) ((int)(((imm) >> 8) & 0xff)) /* predicate or rounding mode */
#define IMM_FLAGS(imm) ((uint32_t)(((imm) >> 16) & 0xff))
#define IMM_EXACT (1ll << 24)
#define IMM_SHAPED (1ll << 25)
#define IMM_FAST (1ll << 26) /* at most 64 bits, no flags: the evaluator alone */

static bool scalar(const st_type *t) { return !st_type_is_shaped(t); }

static st_status prepare(st_interp *it, st_interp_op *iop) {
	st_op *op = iop->op;
	const char *name = st_op_name_cstr(op);
	size_t k = 0;
	while (k < NOPS && strcmp(ops[k].name, name) != 0)
		k++;
	int64_t imm = (int64_t)k;
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (!scalar(st_value_type(st_op_operand(op, i))))
			imm |= IMM_SHAPED;
	for (size_t i = 0; i < st_op_num_results(op); i++)
		if (!scalar(st_value_type(st_op_result(op, i))))
			imm |= IMM_SHAPED;
	st_attr *a = st_op_get_attr(op, "predicate");
	if (!a)
		a = st_op_get_attr(op, "roundingmode");
	if (a && st_attr_get_kind(a) == ST_ATTR_INTEGER)
		imm |= (st_attr_int_value(a) & 0xff) << 8;
	uint32_t flags = 0;
	if (st__arith_is_flags_attr(st_op_get_attr(op, "overflowFlags"), "overflow", &flags) ||
	    st__arith_is_flags_attr(st_op_get_attr(op, "fastmath"), "fastmath", &flags))
		imm |= (int64_t)(flags & 0xff) << 16;
	if (st_op_get_attr(op, "isExact"))
		imm |= IMM_EXACT;
	bool narrow = true;
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		narrow = narrow && st_interp_int_width(st_value_type(st_op_operand(op, i))) <= 64;
	if (narrow && !(imm & (IMM_EXACT | (0xffll << 16))))
		imm |= IMM_FAST;
	iop->imm = imm;
	if (k < NOPS && ops[k].cls == C_CONST) {
		iop->ptr = st_op_get_attr(op, "value");
	} else if (k < NOPS && ops[k].cls != C_SELECT && st_op_num_operands(op) && st_op_num_results(op)) {
		/* The folders' evaluator, set up once for the op's types. */
		st__arith_scalar_ev *e = st_interp_arena_alloc(it, sizeof *e);
		if (!e)
			return ST_FAIL;
		st__arith_scalar_ev_init(e, st_op_context(op), ops[k].ev, (imm >> 8) & 0xff, st_value_type(st_op_operand(op, 0)),
		                         st_value_type(st_op_result(op, 0)));
		iop->ptr = e;
	}
	return ST_OK;
}

/* ------------------------------------------------------------ helpers */

/* Scratch words for wide arithmetic: on the stack up to 4 words a value. */
typedef struct words {
	uint64_t small[48];
	uint64_t *p;
	size_t cap;
	st_context *ctx;
} words;

static uint64_t *words_get(words *w, st_context *ctx, size_t n) {
	w->ctx = ctx;
	w->cap = n;
	w->p = n <= 48 ? w->small : st_ctx_alloc(ctx, n * sizeof *w->p);
	if (w->p)
		memset(w->p, 0, n * sizeof *w->p);
	return w->p;
}

static void words_free(words *w) {
	if (w->p && w->p != w->small)
		st_ctx_free(w->ctx, w->p, w->cap * sizeof *w->p);
}

static void set_poison(st_interp_exec *x) {
	for (size_t i = 0; i < x->iop->nresults; i++)
		st_interp_set_result(x, i, st_ival_poison(st_interp_result_type(x, i)));
}

static st_status set_words(st_interp_exec *x, size_t i, const uint64_t *w, unsigned width) {
	st_ival v;
	if (st_failed(st_ival_from_words(x->interp, st_interp_result_type(x, i), w, st__aw_n(width), &v)))
		return ST_FAIL;
	st_interp_set_result(x, i, v);
	return ST_OK;
}

/* An operand's words copied to `dst` (n words of its width). */
static void load_words(uint64_t *dst, const st_ival *v, unsigned w) {
	memcpy(dst, st_ival_words(v), st__aw_n(w) * sizeof *dst);
}

static const char *name_of(const st_interp_exec *x) { return st_op_name_cstr(st_interp_exec_op(x)); }

/* ------------------------------------------------------ integer binary */

static bool is_div(st__arith_eval_op e) { return e >= ST__EV_DIVUI && e <= ST__EV_REMSI; }
static bool is_signed_div(st__arith_eval_op e) {
	return e == ST__EV_DIVSI || e == ST__EV_CEILDIVSI || e == ST__EV_FLOORDIVSI || e == ST__EV_REMSI;
}
static bool is_shift(st__arith_eval_op e) { return e >= ST__EV_SHL && e <= ST__EV_SHRSI; }

/* Whether nsw/nuw/exact turn the result into poison. */
static bool flags_poison(st__arith_eval_op e, int64_t imm, const uint64_t *a, const uint64_t *b, const uint64_t *r,
                         unsigned w, uint64_t *t) {
	uint32_t f = IMM_FLAGS(imm);
	bool nsw = f & ST__ARITH_OVF_NSW, nuw = f & ST__ARITH_OVF_NUW, exact = imm & IMM_EXACT;
	bool sa = st__aw_sign(a, w), sb = st__aw_sign(b, w), sr = st__aw_sign(r, w);
	size_t n = st__aw_n(w);
	uint64_t *h = t, *s = t + n;
	switch (e) {
	case ST__EV_ADD:
		return (nsw && sa == sb && sr != sa) || (nuw && st__aw_ucmp(r, a, w) < 0);
	case ST__EV_SUB:
		return (nsw && sa != sb && sr != sa) || (nuw && st__aw_ucmp(a, b, w) < 0);
	case ST__EV_MUL:
		if (nuw) {
			st__aw_mulhu(h, a, b, w, s);
			if (!st__aw_is_zero(h, w))
				return true;
		}
		if (nsw) {
			st__aw_mulhs(h, a, b, w, s);
			return !(sr ? st__aw_is_all_ones(h, w) : st__aw_is_zero(h, w));
		}
		return false;
	case ST__EV_SHL:
		if (nuw) {
			st__aw_lshr(h, r, (unsigned)b[0], w);
			if (!st__aw_eq(h, a, w))
				return true;
		}
		if (nsw) {
			st__aw_ashr(h, r, (unsigned)b[0], w);
			return !st__aw_eq(h, a, w);
		}
		return false;
	case ST__EV_SHRUI:
	case ST__EV_SHRSI:
		if (!exact)
			return false;
		st__aw_shl(h, r, (unsigned)b[0], w);
		return !st__aw_eq(h, a, w);
	case ST__EV_DIVUI:
	case ST__EV_DIVSI:
		if (!exact)
			return false;
		if (e == ST__EV_DIVUI)
			st__aw_udivrem(NULL, h, a, b, w, s);
		else
			st__aw_sdivrem(s, h, a, b, w, s + n);
		return !st__aw_is_zero(h, w);
	default:
		return false;
	}
}

/* Out of line: exec's fast paths stay small. */
__attribute__((noinline)) static st_status int_binary(st_interp_exec *x, const op_info *info, int64_t imm) {
	const st_ival *a = st_interp_operand(x, 0), *b = st_interp_operand(x, 1);
	st__arith_eval_op e = info->ev;
	unsigned w = st_interp_int_width(a->type);
	if (is_div(e)) {
		if (b->poison)
			return st_interp_ub(x, "poison divisor in '%s'", name_of(x));
		if (st__aw_is_zero(st_ival_words(b), w))
			return st_interp_ub(x, "division by zero in '%s'", name_of(x));
		if (is_signed_div(e) && !a->poison && st__aw_is_smin(st_ival_words(a), w) &&
		    st__aw_is_all_ones(st_ival_words(b), w))
			return st_interp_ub(x, "signed division overflow (minimum value divided by -1) in '%s'", name_of(x));
	}
	if (a->poison || b->poison) {
		set_poison(x);
		return ST_OK;
	}
	if (is_shift(e)) {
		const uint64_t *bw = st_ival_words(b);
		bool big = bw[0] >= w;
		for (size_t i = 1; i < st__aw_n(w); i++)
			big = big || bw[i];
		if (big) {
			set_poison(x);
			return ST_OK;
		}
	}
	size_t n = st__aw_n(w);
	words buf;
	uint64_t *t = words_get(&buf, st_interp_exec_context(x), 12 * n);
	if (!t)
		return ST_FAIL;
	uint64_t *aw = t, *bw = t + n, *r = t + 2 * n, *scratch = t + 3 * n;
	load_words(aw, a, w);
	load_words(bw, b, w);
	if (w > 64 || !st__arith_eval_scalar(x->iop->ptr, aw, 2, r))
		st__aw_binary(e, r, aw, bw, w, scratch);
	st_status s = ST_OK;
	if (flags_poison(e, imm, aw, bw, r, w, scratch))
		set_poison(x);
	else
		s = set_words(x, 0, r, w);
	words_free(&buf);
	return s;
}

/* addui_extended (sum, carry), mulsi_extended and mului_extended (low, high). */
__attribute__((noinline)) static st_status int_wide2(st_interp_exec *x, const op_info *info) {
	const st_ival *a = st_interp_operand(x, 0), *b = st_interp_operand(x, 1);
	if (a->poison || b->poison) {
		set_poison(x);
		return ST_OK;
	}
	unsigned w = st_interp_int_width(a->type);
	size_t n = st__aw_n(w);
	words buf;
	uint64_t *t = words_get(&buf, st_interp_exec_context(x), 8 * n);
	if (!t)
		return ST_FAIL;
	uint64_t *aw = t, *bw = t + n, *lo = t + 2 * n, *hi = t + 3 * n, *s = t + 4 * n;
	load_words(aw, a, w);
	load_words(bw, b, w);
	if (info->ev == ST__EV_ADD) {
		st__aw_add(lo, aw, bw, w);
		hi[0] = st__aw_ucmp(lo, aw, w) < 0;
	} else {
		st__aw_mul(lo, aw, bw, w, s);
		if (info->ev == ST__EV_MULHS)
			st__aw_mulhs(hi, aw, bw, w, s);
		else
			st__aw_mulhu(hi, aw, bw, w, s);
	}
	st_status st = set_words(x, 0, lo, w);
	if (st_succeeded(st) && info->ev == ST__EV_ADD)
		st_interp_set_result(x, 1, st_ival_bits(st_interp_result_type(x, 1), hi[0]));
	else if (st_succeeded(st))
		st = set_words(x, 1, hi, w);
	words_free(&buf);
	return st;
}

__attribute__((noinline)) static st_status cmpi(st_interp_exec *x, int64_t imm) {
	const st_ival *a = st_interp_operand(x, 0), *b = st_interp_operand(x, 1);
	st_type *rt = st_interp_result_type(x, 0);
	if (a->poison || b->poison) {
		set_poison(x);
		return ST_OK;
	}
	unsigned w = st_interp_int_width(a->type);
	uint64_t r;
	if (w <= 64) {
		uint64_t in[2] = {a->u.bits, b->u.bits};
		st__arith_eval_scalar(x->iop->ptr, in, 2, &r);
	} else {
		r = st__aw_cmpi(IMM_PRED(imm), st_ival_words(a), st_ival_words(b), w);
	}
	st_interp_set_result(x, 0, st_ival_bits(rt, r));
	return ST_OK;
}

/* ------------------------------------------------------------- floats */

static bool fm_poison(uint32_t fm, const st_ival *v) {
	if (!(fm & (ST__ARITH_FM_NNAN | ST__ARITH_FM_NINF)) || !st_type_is_float(v->type))
		return false;
	double d = st_float_bits_to_double(st_type_get_kind(v->type), v->u.bits);
	return ((fm & ST__ARITH_FM_NNAN) && isnan(d)) || ((fm & ST__ARITH_FM_NINF) && isinf(d));
}

/* negf, the binary float ops and cmpf: through the folders' evaluator. */
static st_status float_op(st_interp_exec *x, const op_info *info, int64_t imm) {
	size_t n = x->iop->noperands;
	uint32_t fm = IMM_FLAGS(imm);
	uint64_t in[2];
	for (size_t i = 0; i < n; i++) {
		const st_ival *v = st_interp_operand(x, i);
		if (v->poison || fm_poison(fm, v)) {
			set_poison(x);
			return ST_OK;
		}
		in[i] = v->u.bits;
	}
	st_type *rt = st_interp_result_type(x, 0);
	uint64_t r = 0;
	st__arith_eval_scalar(x->iop->ptr, in, n, &r);
	st_ival v = st_ival_bits(rt, r);
	if (info->cls != C_CMPF && fm_poison(fm, &v))
		v = st_ival_poison(rt);
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

/* -------------------------------------------------------------- casts */

__attribute__((noinline)) static st_status cast(st_interp_exec *x, const op_info *info, int64_t imm) {
	const st_ival *a = st_interp_operand(x, 0);
	st_type *rt = st_interp_result_type(x, 0);
	st_context *ctx = st_interp_exec_context(x);
	if (a->poison || (info->cls == C_FCAST && fm_poison(IMM_FLAGS(imm), a))) {
		set_poison(x);
		return ST_OK;
	}
	unsigned win = st_interp_int_width(a->type), wout = st_interp_int_width(rt);
	if (info->cls == C_FCAST) {
		int mode = info->ev == ST__EV_TRUNCF ? IMM_PRED(imm) : 0;
		st_ival v = st_ival_bits(rt, st__arith_convert_float(st_type_get_kind(a->type), st_type_get_kind(rt),
		                                                    a->u.bits, mode));
		st_interp_set_result(x, 0, fm_poison(IMM_FLAGS(imm), &v) ? st_ival_poison(rt) : v);
		return ST_OK;
	}
	if (info->cls == C_BITCAST) {
		st_ival v = st_ival_retain(a);
		v.type = rt;
		st_interp_set_result(x, 0, v);
		return ST_OK;
	}
	uint64_t r;
	if (win <= 64 && wout <= 64) {
		uint64_t in = a->u.bits;
		if (!st__arith_eval_scalar(x->iop->ptr, &in, 1, &r)) {
			set_poison(x); /* fptosi/fptoui out of range */
			return ST_OK;
		}
		if (info->ev == ST__EV_TRUNCI && IMM_FLAGS(imm)) {
			/* nuw: the dropped bits are zero; nsw: they copy the sign. */
			uint32_t f = IMM_FLAGS(imm);
			uint64_t back_u = r, back_s = wout < 64 && (r >> (wout - 1)) & 1 ? r | ~((1ull << wout) - 1) : r;
			uint64_t m = win < 64 ? (1ull << win) - 1 : ~0ull;
			if (((f & ST__ARITH_OVF_NUW) && (back_u & m) != in) || ((f & ST__ARITH_OVF_NSW) && (back_s & m) != in)) {
				set_poison(x);
				return ST_OK;
			}
		}
		st_interp_set_result(x, 0, st_ival_bits(rt, r));
		return ST_OK;
	}
	/* Wider than 64 bits on one side. */
	size_t n = st__aw_n(win > wout ? win : wout) + 1;
	words buf;
	uint64_t *t = words_get(&buf, ctx, 4 * n);
	if (!t)
		return ST_FAIL;
	uint64_t *rw = t, *back = t + n, *s = t + 2 * n;
	st_status st = ST_OK;
	bool poison = false;
	switch (info->cls) {
	case C_ICAST: {
		bool sign = info->ev == ST__EV_EXTSI || (info->ev == ST__EV_INDEX_CAST && wout > win);
		st__aw_resize(rw, wout, st_ival_words(a), win, sign);
		uint32_t f = info->ev == ST__EV_TRUNCI ? IMM_FLAGS(imm) : 0;
		if (f & ST__ARITH_OVF_NUW) {
			st__aw_resize(back, win, rw, wout, false);
			poison = !st__aw_eq(back, st_ival_words(a), win);
		}
		if (f & ST__ARITH_OVF_NSW) {
			st__aw_resize(back, win, rw, wout, true);
			poison = poison || !st__aw_eq(back, st_ival_words(a), win);
		}
		break;
	}
	case C_I2F: {
		int eb, mb;
		st_float_format(st_type_get_kind(rt), &eb, &mb);
		r = st__aw_to_float(st_ival_words(a), win, info->ev == ST__EV_SITOFP, eb, mb, s);
		st_interp_set_result(x, 0, st_ival_bits(rt, r));
		words_free(&buf);
		return ST_OK;
	}
	default: { /* C_F2I */
		double d = st_float_bits_to_double(st_type_get_kind(a->type), a->u.bits);
		poison = !st__aw_from_double(rw, wout, d, info->ev == ST__EV_FPTOSI);
		break;
	}
	}
	if (poison)
		set_poison(x);
	else
		st = set_words(x, 0, rw, wout);
	words_free(&buf);
	return st;
}

/* ------------------------------------------------------------ the hook */

static st_status exec(st_interp_exec *x) {
	int64_t imm = x->iop->imm;
	size_t k = IMM_OP(imm);
	if (k >= NOPS)
		return st_interp_error(x, "no interpreter semantics for '%s'", name_of(x));
	if (imm & IMM_SHAPED)
		return st_interp_error(x, "no interpreter semantics for '%s' on vectors or tensors", name_of(x));
	const op_info *info = &ops[k];
	switch (info->cls) {
	case C_CONST: {
		const st_attr *a = x->iop->ptr;
		st_type *rt = st_interp_result_type(x, 0);
		if (st_attr_get_kind(a) == ST_ATTR_FLOAT) {
			st_interp_set_result(x, 0, st_ival_bits(rt, st_attr_float_bits(a)));
			return ST_OK;
		}
		st_ival v;
		if (st_failed(st_ival_from_words(x->interp, rt, st_attr_int_words(a), st_attr_int_num_words(a), &v)))
			return ST_FAIL;
		st_interp_set_result(x, 0, v);
		return ST_OK;
	}
	case C_INT2:
		if (imm & IMM_FAST) {
			const st_ival *a = st_interp_operand(x, 0), *b = st_interp_operand(x, 1);
			const st__arith_scalar_ev *e = x->iop->ptr;
			uint64_t mask = e->win < 64 ? (1ull << e->win) - 1 : ~0ull, in[2] = {a->u.bits, b->u.bits}, r;
			/* Division by 0 or -1 goes the long way: it may be undefined. */
			if (!a->poison && !b->poison && (!is_div(info->ev) || (in[1] && in[1] != mask)) &&
			    st__arith_eval_scalar(e, in, 2, &r)) {
				st_interp_set_result(x, 0, st_ival_bits(st_interp_result_type(x, 0), r));
				return ST_OK;
			}
		}
		return int_binary(x, info, imm);
	case C_WIDE2:
		return int_wide2(x, info);
	case C_CMPI:
		return cmpi(x, imm);
	case C_FLT1:
	case C_FLT2:
	case C_CMPF:
		return float_op(x, info, imm);
	case C_SELECT: {
		const st_ival *c = st_interp_operand(x, 0);
		if (c->poison)
			set_poison(x);
		else
			st_interp_set_result(x, 0, st_ival_retain(st_interp_operand(x, c->u.bits & 1 ? 1 : 2)));
		return ST_OK;
	}
	default:
		return cast(x, info, imm);
	}
}

const st_interp_hook st__arith_interp = {.exec = exec, .prepare = prepare};
