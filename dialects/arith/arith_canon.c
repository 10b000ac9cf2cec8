/* The canonicalization patterns of the arith ops: the rewrites MLIR 14
 * declared in ArithmeticCanonicalization.td and std.select's patterns
 * (all still in current MLIR), the ones a folder cannot do because they
 * create ops: constants of add/sub chains combined, a negated cmpi turned
 * into the inverse predicate, an and/or of two extensions done before the
 * extension, and selects of boolean constants turned into casts.
 *
 * New ops carry no overflow flags: nsw/nuw of the matched ops do not hold
 * for the rewritten form (c0 + c1 may wrap where x + c0 + c1 does not). */
#include "arith_internal.h"
#include "strata/rewrite.h"

#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static st_value *opd(const st_op *op, size_t i) { return st_op_operand(op, i); }
static st_value *res(const st_op *op) { return st_op_result(op, 0); }

static st_op *def_named(st_value *v, const char *name) {
	st_op *d = st_value_defining_op(v);
	return d && strcmp(st_op_name_cstr(d), name) == 0 ? d : NULL;
}

/* A scalar integer constant (MLIR's APIntAttr through ConstantLikeMatcher):
 * the patterns do not match splats. */
static st_attr *int_const(st_value *v) {
	st_attr *a = st_value_constant(v);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? a : NULL;
}

/* Creates `name`(a[, b]) : type before the matched op, with `attrs` (a
 * dictionary or NULL). */
static st_value *make(st_rewriter *rw, st_op *at, const char *name, st_value *a, st_value *b, st_type *type,
                      st_attr *attrs) {
	st_value *ops[2] = {a, b};
	st_op_state s = {
		.name = st_str_c(name),
		.loc = st_op_loc(at),
		.noperands = b ? 2 : 1,
		.operands = ops,
		.nresults = 1,
		.result_types = &type,
		.attrs = attrs,
	};
	st_op *op = st_rewriter_create(rw, &s);
	return op ? res(op) : NULL;
}

/* An arith.constant of `value` before the matched op. */
static st_value *make_const(st_rewriter *rw, st_op *at, st_attr *value) {
	if (!value)
		return NULL;
	st_op *c = st_rewriter_create_constant(rw, st_op_dialect(at), value, st_attr_type(value), st_op_loc(at));
	return c ? res(c) : NULL;
}

/* Replaces the one result of `op` by `n`; false when making `n` failed. */
static bool replace(st_rewriter *rw, st_op *op, st_value *n) {
	if (!n)
		return false;
	st_rewriter_replace_op(rw, op, &n);
	return true;
}

/* c0 (op) c1, evaluated as the folders do. */
static st_attr *combine(st_op *at, st__arith_eval_op code, st_attr *c0, st_attr *c1) {
	st_attr *in[2] = {c0, c1};
	return st__arith_eval(st_op_context(at), code, 0, in, 2, st_attr_type(c0));
}

/* Replaces `op` with `name`(x, y), where one of x, y is the constant `k`
 * (made here) and the other `v`: const_lhs says which. */
static bool replace_with(st_rewriter *rw, st_op *op, const char *name, st_value *v, st_attr *k, bool const_lhs) {
	if (!k)
		return false;
	st_value *c = make_const(rw, op, k);
	st_value *n = c ? make(rw, op, name, const_lhs ? c : v, const_lhs ? v : c, st_value_type(res(op)), NULL)
	                : NULL;
	return replace(rw, op, n);
}

/* ------------------------------------------------------- addi / subi chains */

/* addi(addi(x, c0), c1) -> addi(x, c0 + c1)
 * addi(subi(x, c0), c1) -> addi(x, c1 - c0)
 * addi(subi(c0, x), c1) -> subi(c0 + c1, x) */
static bool addi_constants(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	st_attr *c1 = int_const(opd(op, 1)), *c0;
	st_op *in = st_value_defining_op(opd(op, 0));
	if (!c1 || !in)
		return false;
	if (def_named(opd(op, 0), "arith.addi") && (c0 = int_const(opd(in, 1))))
		return replace_with(rw, op, "arith.addi", opd(in, 0), combine(op, ST__EV_ADD, c0, c1), false);
	if (!def_named(opd(op, 0), "arith.subi"))
		return false;
	if ((c0 = int_const(opd(in, 1))))
		return replace_with(rw, op, "arith.addi", opd(in, 0), combine(op, ST__EV_SUB, c1, c0), false);
	if ((c0 = int_const(opd(in, 0))))
		return replace_with(rw, op, "arith.subi", opd(in, 1), combine(op, ST__EV_ADD, c0, c1), true);
	return false;
}

/* subi(addi(x, c0), c1) -> addi(x, c0 - c1)
 * subi(subi(x, c0), c1) -> subi(x, c0 + c1)
 * subi(subi(c0, x), c1) -> subi(c0 - c1, x)
 * subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
 * subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
 * subi(c1, subi(c0, x)) -> addi(x, c1 - c0) */
static bool subi_constants(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	st_attr *c1, *c0;
	st_op *in;
	if ((c1 = int_const(opd(op, 1))) && (in = st_value_defining_op(opd(op, 0)))) {
		if (def_named(opd(op, 0), "arith.addi") && (c0 = int_const(opd(in, 1))))
			return replace_with(rw, op, "arith.addi", opd(in, 0), combine(op, ST__EV_SUB, c0, c1), false);
		if (def_named(opd(op, 0), "arith.subi") && (c0 = int_const(opd(in, 1))))
			return replace_with(rw, op, "arith.subi", opd(in, 0), combine(op, ST__EV_ADD, c0, c1), false);
		if (def_named(opd(op, 0), "arith.subi") && (c0 = int_const(opd(in, 0))))
			return replace_with(rw, op, "arith.subi", opd(in, 1), combine(op, ST__EV_SUB, c0, c1), true);
	}
	if ((c1 = int_const(opd(op, 0))) && (in = st_value_defining_op(opd(op, 1)))) {
		if (def_named(opd(op, 1), "arith.addi") && (c0 = int_const(opd(in, 1))))
			return replace_with(rw, op, "arith.subi", opd(in, 0), combine(op, ST__EV_SUB, c1, c0), true);
		if (def_named(opd(op, 1), "arith.subi") && (c0 = int_const(opd(in, 1))))
			return replace_with(rw, op, "arith.subi", opd(in, 0), combine(op, ST__EV_ADD, c0, c1), true);
		if (def_named(opd(op, 1), "arith.subi") && (c0 = int_const(opd(in, 0))))
			return replace_with(rw, op, "arith.addi", opd(in, 1), combine(op, ST__EV_SUB, c1, c0), false);
	}
	return false;
}

/* --------------------------------------------------------------- xori */

/* xori(cmpi(pred, a, b), true) -> cmpi(inverse pred, a, b) */
static bool xori_not_cmpi(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	static const int64_t inverse[] = {ST__CMPI_NE,  ST__CMPI_EQ,  ST__CMPI_SGE, ST__CMPI_SGT, ST__CMPI_SLE,
	                                  ST__CMPI_SLT, ST__CMPI_UGE, ST__CMPI_UGT, ST__CMPI_ULE, ST__CMPI_ULT};
	st_op *cmp = def_named(opd(op, 0), "arith.cmpi");
	st_attr *one = int_const(opd(op, 1));
	if (!cmp || !one || !st_type_is_signless_integer(st_attr_type(one), 1) || !st__arith_int_is(one, ST__INT_ONE))
		return false;
	st_attr *pa = st_op_get_attr(cmp, "predicate");
	if (!pa || st_attr_get_kind(pa) != ST_ATTR_INTEGER)
		return false;
	int64_t pred = st_attr_int_value(pa);
	if (pred < 0 || pred >= (int64_t)N(inverse))
		return false;
	st_context *ctx = st_op_context(op);
	st_named_attr e = {st_ident_get_c(ctx, "predicate"),
	                   st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), inverse[pred])};
	st_attr *attrs = e.name && e.value ? st_dict_attr(ctx, 1, &e) : NULL;
	st_value *n = attrs ? make(rw, op, "arith.cmpi", opd(cmp, 0), opd(cmp, 1), st_value_type(res(op)), attrs) : NULL;
	return replace(rw, op, n);
}

/* ------------------------------------------------------------ extensions */

/* extsi(extui(x)) -> extui(x): the zero extension cleared the sign bit. */
static bool extsi_of_extui(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	st_op *in = def_named(opd(op, 0), "arith.extui");
	st_value *n = in ? make(rw, op, "arith.extui", opd(in, 0), NULL, st_value_type(res(op)), NULL) : NULL;
	return replace(rw, op, n);
}

/* andi/ori(ext(x), ext(y)) -> ext(andi/ori(x, y)), for two extensions of
 * the same kind from the same type: the pattern's data names the
 * extension. */
static bool logic_of_exts(const st_pattern *p, st_op *op, st_rewriter *rw) {
	const char *ext = p->data;
	st_op *a = def_named(opd(op, 0), ext), *b = def_named(opd(op, 1), ext);
	if (!a || !b || st_value_type(opd(a, 0)) != st_value_type(opd(b, 0)))
		return false;
	st_value *inner = make(rw, op, st_op_name_cstr(op), opd(a, 0), opd(b, 0), st_value_type(opd(a, 0)), NULL);
	st_value *n = inner ? make(rw, op, ext, inner, NULL, st_value_type(res(op)), NULL) : NULL;
	return replace(rw, op, n);
}

/* ---------------------------------------------------------------- select */

/* select(c, false, true) -> xori(c, true) for i1;
 * select(c, 1, 0) -> extui(c) and select(c, 0, 1) -> extui(xori(c, true))
 * for wider integers.  (select(c, true, false) is c: the folder's.) */
static bool select_of_bools(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	st_type *t = st_value_type(res(op));
	st_attr *tv = int_const(opd(op, 1)), *fv = int_const(opd(op, 2));
	if (!tv || !fv || !st_type_is_integer(t) || st_type_int_signedness(t) != ST_SIGNLESS)
		return false;
	bool one_zero = st__arith_int_is(tv, ST__INT_ONE) && st__arith_int_is(fv, ST__INT_ZERO);
	bool zero_one = st__arith_int_is(tv, ST__INT_ZERO) && st__arith_int_is(fv, ST__INT_ONE);
	bool i1 = st_type_int_width(t) == 1;
	if (!(zero_one || (one_zero && !i1)))
		return false;
	st_context *ctx = st_op_context(op);
	st_value *cond = opd(op, 0);
	if (zero_one) {
		st_value *t1 = make_const(rw, op, st_bool_attr(ctx, true));
		cond = t1 ? make(rw, op, "arith.xori", cond, t1, st_value_type(cond), NULL) : NULL;
	}
	st_value *n = cond && !i1 ? make(rw, op, "arith.extui", cond, NULL, t, NULL) : cond;
	return replace(rw, op, n);
}

/* --------------------------------------------------------- registration */

#define PAT(nm, on, fn, d) {.name = nm, .root = on, .benefit = 1, .rewrite = fn, .data = d}

static const st_pattern addi_patterns[] = {PAT("arith-addi-constants", "arith.addi", addi_constants, NULL)};
static const st_pattern subi_patterns[] = {PAT("arith-subi-constants", "arith.subi", subi_constants, NULL)};
static const st_pattern xori_patterns[] = {PAT("arith-xori-not-cmpi", "arith.xori", xori_not_cmpi, NULL)};
static const st_pattern extsi_patterns[] = {PAT("arith-extsi-of-extui", "arith.extsi", extsi_of_extui, NULL)};
static const st_pattern andi_patterns[] = {
	PAT("arith-andi-of-extui", "arith.andi", logic_of_exts, "arith.extui"),
	PAT("arith-andi-of-extsi", "arith.andi", logic_of_exts, "arith.extsi"),
};
static const st_pattern ori_patterns[] = {
	PAT("arith-ori-of-extui", "arith.ori", logic_of_exts, "arith.extui"),
	PAT("arith-ori-of-extsi", "arith.ori", logic_of_exts, "arith.extsi"),
};
static const st_pattern select_patterns[] = {PAT("arith-select-of-bools", "arith.select", select_of_bools, NULL)};

/* The op table's hooks get the set as void * (dialect.h knows no patterns). */
#define HOOK(op, pats)                                                                                                 \
	void st__arith_##op##_patterns(void *set) { st_pattern_set_add_many(set, pats, N(pats)); }
HOOK(addi, addi_patterns)
HOOK(subi, subi_patterns)
HOOK(xori, xori_patterns)
HOOK(extsi, extsi_patterns)
HOOK(andi, andi_patterns)
HOOK(ori, ori_patterns)
HOOK(select, select_patterns)
