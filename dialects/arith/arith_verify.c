/* Verification of arith ops beyond what the op table states: MLIR's type
 * constraints (with MLIR's names, which appear in messages), then the
 * traits and custom verifiers of ArithOps.td in MLIR's order, so that the
 * first error reported is the one mlir-opt reports. */
#include "arith_internal.h"

#include <string.h>

/* ------------------------------------------------------- type constraints */

static bool is_vector_or_tensor(const st_type *t) {
	st_type_kind k = st_type_get_kind(t);
	return k == ST_TYPE_VECTOR || k == ST_TYPE_RANKED_TENSOR || k == ST_TYPE_UNRANKED_TENSOR;
}

static bool is_ranked_memref(const st_type *t) { return st_type_get_kind(t) == ST_TYPE_MEMREF; }

static const st_type *elt_of(const st_type *t) { return is_vector_or_tensor(t) ? st_type_element(t) : t; }

static bool sl_int(const st_type *t) { return st_type_is_signless_integer(t, 0); }
static bool sl_int_or_index(const st_type *t) { return sl_int(t) || st_type_is_index(t); }

static bool int_like(const st_type *t) { return sl_int_or_index(elt_of(t)); }
static bool fixed_int_like(const st_type *t) { return sl_int(elt_of(t)); }
static bool float_like(const st_type *t) { return st_type_is_float(elt_of(t)); }
static bool bool_like(const st_type *t) { return st_type_is_signless_integer(elt_of(t), 1); }
static bool index_cast_t(const st_type *t) {
	return int_like(t) || (is_ranked_memref(t) && sl_int_or_index(st_type_element(t)));
}
static bool bitcast_t(const st_type *t) {
	if (int_like(t) || float_like(t))
		return true;
	return is_ranked_memref(t) && (sl_int(st_type_element(t)) || st_type_is_float(st_type_element(t)));
}

const st_type_constraint st__arith_tc_int_like = {"signless-integer-like", int_like};
const st_type_constraint st__arith_tc_fixed_int_like = {"signless-fixed-width-integer-like", fixed_int_like};
const st_type_constraint st__arith_tc_float_like = {"floating-point-like", float_like};
const st_type_constraint st__arith_tc_bool_like = {"bool-like", bool_like};
const st_type_constraint st__arith_tc_index_cast = {"signless-integer-like or memref of signless-integer",
                                                    index_cast_t};
const st_type_constraint st__arith_tc_bitcast = {
	"signless-integer-or-float-like or memref of signless-integer or float", bitcast_t};

/* -------------------------------------------------- attribute constraints */

static bool typed_attr(const st_attr *a) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_INTEGER:
	case ST_ATTR_FLOAT:
	case ST_ATTR_DENSE_ELEMENTS:
	case ST_ATTR_STRING: /* MLIR's strings are typed (none by default) */
		return true;
	case ST_ATTR_OPAQUE:
		return st_attr_type(a) != NULL;
	default:
		return false;
	}
}

static bool enum_i64(const st_attr *a, int64_t n) {
	return st_attr_get_kind(a) == ST_ATTR_INTEGER && st_type_is_signless_integer(st_attr_type(a), 64) &&
	       st_attr_int_value(a) >= 0 && st_attr_int_value(a) < n;
}
static bool cmpi_pred(const st_attr *a) { return enum_i64(a, 10); }
static bool cmpf_pred(const st_attr *a) { return enum_i64(a, 16); }
static bool fastmath_attr(const st_attr *a) { return st__arith_is_flags_attr(a, "fastmath", NULL); }
static bool overflow_attr(const st_attr *a) { return st__arith_is_flags_attr(a, "overflow", NULL); }
static bool rounding_attr(const st_attr *a) {
	return st_attr_get_kind(a) == ST_ATTR_INTEGER && st_type_is_signless_integer(st_attr_type(a), 32) &&
	       st_attr_int_value(a) >= 0 && st_attr_int_value(a) <= 4;
}

const st_attr_constraint st__arith_ac_typed = {"TypedAttr instance", typed_attr};
const st_attr_constraint st__arith_ac_cmpi_pred = {
	"allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9", cmpi_pred};
const st_attr_constraint st__arith_ac_cmpf_pred = {
	"allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15", cmpf_pred};
const st_attr_constraint st__arith_ac_fastmath = {"Floating point fast math flags", fastmath_attr};
const st_attr_constraint st__arith_ac_overflow = {"Integer overflow arith flags", overflow_attr};
const st_attr_constraint st__arith_ac_rounding = {"Floating point rounding mode", rounding_attr};

/* ------------------------------------------------------------- helpers */

#define TYPE_BUF 160

static const char *tstr(const st_op *op, const st_type *t, char *buf) {
	return st_type_str(st_op_context(op), t, buf, TYPE_BUF);
}

static st_type *operand_type(const st_op *op, size_t i) { return st_value_type(st_op_operand(op, i)); }
static st_type *result_type(const st_op *op, size_t i) { return st_value_type(st_op_result(op, i)); }

/* MLIR's AllTypesMatch<[names...]> over operands then results. */
static st_status all_types_match(st_op *op, const char *names) {
	st_type *t = NULL;
	size_t n = st_op_num_operands(op) + st_op_num_results(op);
	for (size_t i = 0; i < n; i++) {
		st_type *ti = i < st_op_num_operands(op) ? operand_type(op, i) : result_type(op, i - st_op_num_operands(op));
		if (t && ti != t)
			return st_op_error(op, "failed to verify that all of {%s} have same type", names);
		t = ti;
	}
	return ST_OK;
}

/* Shapes as verifyCompatibleShape sees them: a scalar has none, an unranked
 * type is compatible with anything shaped, `?` with any size. */
static bool compatible_shapes(const st_type *a, const st_type *b) {
	bool sa = st_type_is_shaped(a), sb = st_type_is_shaped(b);
	if (sa != sb)
		return false;
	if (!sa || !st_type_has_rank(a) || !st_type_has_rank(b))
		return true;
	if (st_type_rank(a) != st_type_rank(b))
		return false;
	for (size_t i = 0; i < st_type_rank(a); i++) {
		int64_t x = st_type_dim(a, i), y = st_type_dim(b, i);
		if (x != y && x != ST_DYNAMIC && y != ST_DYNAMIC)
			return false;
	}
	return true;
}

/* The exact shape of a tensor (SameInputOutputTensorDims); others have none. */
static bool same_tensor_dims(const st_type *a, const st_type *b) {
	bool ta = st_type_get_kind(a) == ST_TYPE_RANKED_TENSOR, tb = st_type_get_kind(b) == ST_TYPE_RANKED_TENSOR;
	size_t ra = ta ? st_type_rank(a) : 0, rb = tb ? st_type_rank(b) : 0;
	if (ra != rb)
		return false;
	for (size_t i = 0; i < ra; i++)
		if (st_type_dim(a, i) != st_type_dim(b, i))
			return false;
	return true;
}

/* Exact shape equality of two shaped types (AllShapesMatch). */
static bool same_shape(const st_type *a, const st_type *b) {
	size_t ra = st_type_has_rank(a) ? st_type_rank(a) : 0, rb = st_type_has_rank(b) ? st_type_rank(b) : 0;
	if (ra != rb)
		return false;
	for (size_t i = 0; i < ra; i++)
		if (st_type_dim(a, i) != st_type_dim(b, i))
			return false;
	return true;
}

/* ---------------------------------------------------------------- casts */

typedef enum elt_kind { EK_INT, EK_FLOAT, EK_INT_OR_INDEX, EK_INT_OR_FLOAT } elt_kind;

/* getTypeIfLike / getTypeIfLikeOrMemRef: the element type of an allowed
 * container (or the scalar itself) when it is of the allowed kind. */
static st_type *like_elt(st_type *t, elt_kind k, bool allow_memref) {
	st_type *e = t;
	if (st_type_is_shaped(t)) {
		if (!is_vector_or_tensor(t) && !(allow_memref && is_ranked_memref(t)))
			return NULL;
		e = st_type_element(t);
	}
	bool ok = false;
	switch (k) {
	case EK_INT:
		ok = st_type_is_integer(e);
		break;
	case EK_FLOAT:
		ok = st_type_is_float(e);
		break;
	case EK_INT_OR_INDEX:
		ok = st_type_is_integer(e) || st_type_is_index(e);
		break;
	case EK_INT_OR_FLOAT:
		ok = st_type_is_integer(e) || st_type_is_float(e);
		break;
	}
	return ok ? e : NULL;
}

static unsigned bit_width(const st_type *t) {
	if (st_type_is_float(t))
		return st_type_float_width(t);
	if (st_type_is_index(t))
		return 64;
	return st_type_int_width(t);
}

typedef enum width_rule { W_ANY, W_WIDER, W_NARROWER, W_EQUAL } width_rule;

/* The traits and the CastOpInterface check shared by every cast: same
 * shape, same tensor dims, compatible element kinds.  The width rule of
 * ext and trunc ops is checked last with their own message. */
static st_status verify_cast(st_op *op, elt_kind from, elt_kind to, bool memref, width_rule rule,
                             bool index_rule) {
	st_type *in = operand_type(op, 0), *out = result_type(op, 0);
	char a[TYPE_BUF], b[TYPE_BUF];
	if (!compatible_shapes(in, out))
		return st_op_error(op, "requires the same shape for all operands and results");
	if (!same_tensor_dims(in, out))
		return st_op_error(op, "failed to verify that input and output have the same tensor dimensions");
	st_type *ein = like_elt(in, from, memref), *eout = like_elt(out, to, memref);
	bool ok = ein && eout;
	if (ok && st_type_get_kind(in) == ST_TYPE_RANKED_TENSOR && st_type_get_kind(out) == ST_TYPE_RANKED_TENSOR)
		ok = st_type_encoding(in) == st_type_encoding(out);
	if (ok && index_rule)
		ok = (st_type_is_index(ein) && st_type_is_signless_integer(eout, 0)) ||
		     (st_type_is_signless_integer(ein, 0) && st_type_is_index(eout));
	if (ok && rule == W_EQUAL)
		ok = bit_width(ein) == bit_width(eout);
	if (!ok)
		return st_op_error(op, "operand type '%s' and result type '%s' are cast incompatible", tstr(op, in, a),
		                   tstr(op, out, b));
	if (rule == W_WIDER && bit_width(ein) >= bit_width(eout))
		return st_error(st_op_context(op), st_op_loc(op), "result type '%s' must be wider than operand type '%s'",
		                tstr(op, eout, a), tstr(op, ein, b));
	if (rule == W_NARROWER && bit_width(ein) <= bit_width(eout))
		return st_error(st_op_context(op), st_op_loc(op), "result type '%s' must be shorter than operand type '%s'",
		                tstr(op, eout, a), tstr(op, ein, b));
	return ST_OK;
}

st_status st__arith_verify_extui(st_op *op) { return verify_cast(op, EK_INT, EK_INT, false, W_WIDER, false); }
st_status st__arith_verify_extsi(st_op *op) { return verify_cast(op, EK_INT, EK_INT, false, W_WIDER, false); }
st_status st__arith_verify_extf(st_op *op) { return verify_cast(op, EK_FLOAT, EK_FLOAT, false, W_WIDER, false); }
st_status st__arith_verify_trunci(st_op *op) { return verify_cast(op, EK_INT, EK_INT, false, W_NARROWER, false); }
st_status st__arith_verify_truncf(st_op *op) {
	return verify_cast(op, EK_FLOAT, EK_FLOAT, false, W_NARROWER, false);
}
st_status st__arith_verify_int_to_fp(st_op *op) { return verify_cast(op, EK_INT, EK_FLOAT, false, W_ANY, false); }
st_status st__arith_verify_fp_to_int(st_op *op) { return verify_cast(op, EK_FLOAT, EK_INT, false, W_ANY, false); }
st_status st__arith_verify_index_cast(st_op *op) {
	return verify_cast(op, EK_INT_OR_INDEX, EK_INT_OR_INDEX, true, W_ANY, true);
}
st_status st__arith_verify_bitcast(st_op *op) {
	return verify_cast(op, EK_INT_OR_FLOAT, EK_INT_OR_FLOAT, true, W_EQUAL, false);
}

/* ------------------------------------------------------------- constant */

st_status st__arith_verify_constant(st_op *op) {
	st_context *ctx = st_op_context(op);
	st_attr *value = st_op_get_attr(op, "value");
	st_type *t = result_type(op, 0);
	st_type *vt = st_attr_type(value);
	if (!vt)
		vt = st_none_type(ctx);
	if (vt != t)
		return st_op_error(op, "failed to verify that all of {value, result} have same type");
	if (st_type_is_integer(t) && st_type_int_signedness(t) != ST_SIGNLESS)
		return st_op_error(op, "integer return type must be signless");
	st_attr_kind k = st_attr_get_kind(value);
	if (k != ST_ATTR_INTEGER && k != ST_ATTR_FLOAT && k != ST_ATTR_DENSE_ELEMENTS)
		return st_op_error(op, "value must be an integer, float, or elements attribute");
	if (st_type_get_kind(t) == ST_TYPE_VECTOR && !st_attr_dense_is_splat(value))
		for (size_t i = 0; i < st_type_rank(t); i++)
			if (st_type_dim_scalable(t, i))
				return st_op_error(op, "initializing scalable vectors with elements attribute is not supported "
				                       "unless it's a vector splat");
	return ST_OK;
}

/* -------------------------------------------------------- comparisons */

st_status st__arith_verify_cmp(st_op *op) {
	st_type *want = st__arith_i1_same_shape(st_op_context(op), operand_type(op, 0));
	if (result_type(op, 0) != want)
		return st_op_error(op, "failed to verify that result type has i1 element type and same shape as operands");
	return ST_OK;
}

/* --------------------------------------------------------------- select */

st_status st__arith_verify_select(st_op *op) {
	/* Operands: condition, true_value, false_value. */
	st_type *ct = operand_type(op, 0), *rt = result_type(op, 0);
	if (operand_type(op, 1) != rt || operand_type(op, 2) != rt)
		return st_op_error(op, "failed to verify that all of {true_value, false_value, result} have same type");
	bool cond_ok = st_type_is_signless_integer(ct, 0) && st_type_int_width(ct) == 1;
	if (!cond_ok && !(st_type_is_shaped(ct) && st_type_is_shaped(rt) && same_shape(ct, rt)))
		return st_op_error(op, "failed to verify that condition is signless i1 or has matching shape");
	if (cond_ok)
		return ST_OK;
	char a[TYPE_BUF], b[TYPE_BUF];
	if (!is_vector_or_tensor(rt))
		return st_op_error(op, "expected condition to be a signless i1, but got '%s'", tstr(op, ct, a));
	st_type *want = st__arith_i1_same_shape(st_op_context(op), rt);
	if (ct != want)
		return st_op_error(op,
		                   "expected condition type to have the same shape as the result type, expected '%s', but "
		                   "got '%s'",
		                   tstr(op, want, a), tstr(op, ct, b));
	return ST_OK;
}

/* --------------------------------------------------- extended arithmetic */

st_status st__arith_verify_addui_extended(st_op *op) {
	/* AllTypesMatch<[lhs, rhs, sum]>: operands 0, 1 and result 0. */
	st_type *t = result_type(op, 0);
	if (operand_type(op, 0) != t || operand_type(op, 1) != t)
		return st_op_error(op, "failed to verify that all of {lhs, rhs, sum} have same type");
	return ST_OK;
}

st_status st__arith_verify_mul_extended(st_op *op) { return all_types_match(op, "lhs, rhs, low, high"); }
