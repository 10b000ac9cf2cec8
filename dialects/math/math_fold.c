/* The folders of the math ops.  MLIR 14 folds only math.ceil and
 * math.log2 of scalar constants (MathOps.cpp); Strata folds the same, so
 * that canonicalization agrees with mlir-opt-14 (current MLIR folds most
 * math ops of f32/f64 constants, see docs/dialects/math.md). */
#include "math_internal.h"

#include <math.h>

static st_type *res_type(const st_op *op) { return st_value_type(st_op_result(op, 0)); }

/* APFloat::roundToIntegral(TowardPositive): integral values, infinities
 * and NaNs are their own ceiling. */
bool st__math_fold_ceil(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (!c[0] || st_attr_get_kind(c[0]) != ST_ATTR_FLOAT)
		return false;
	double v = st_attr_float_value(c[0]);
	if (isnan(v) || isinf(v) || v == ceil(v)) {
		r[0].attr = c[0];
		return true;
	}
	r[0].attr = st_float_attr(st_op_context(op), res_type(op), ceil(v));
	return r[0].attr != NULL;
}

/* Only f32 and f64, and not for a negative sign (-0.0 and -NaN too, as
 * APFloat::isNegative says). */
bool st__math_fold_log2(st_op *op, st_attr *const *c, st_fold_result *r) {
	if (!c[0] || st_attr_get_kind(c[0]) != ST_ATTR_FLOAT)
		return false;
	st_type *t = res_type(op);
	double v = st_attr_float_value(c[0]);
	if (signbit(v))
		return false;
	double res;
	if (st_type_get_kind(t) == ST_TYPE_F64)
		res = log2(v);
	else if (st_type_get_kind(t) == ST_TYPE_F32)
		res = (double)log2f((float)v);
	else
		return false;
	r[0].attr = st_float_attr(st_op_context(op), t, res);
	return r[0].attr != NULL;
}
