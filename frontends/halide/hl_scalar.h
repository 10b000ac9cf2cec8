/* Halide's scalar semantics (hl_scalar.c), shared by the direct evaluator
 * and by the lowering's constant folding. */
#ifndef STRATA_HL_SCALAR_H
#define STRATA_HL_SCALAR_H

#include "hl_ast.h"

/* A value of some st__hl_type: integers sign- or zero-extended in i,
 * floats (f32, or bf16 values) in f. */
typedef struct st__hl_val {
	int64_t i;
	double f;
} st__hl_val;

/* v wrapped to t's width and signedness. */
int64_t st__hl_wrap(int64_t v, st__hl_type t);
/* f rounded to the nearest bf16 (ties to even). */
float st__hl_bf16_round(float f);
/* a op b with both operands of type t (comparisons give 0 or 1). */
st__hl_val st__hl_binop_eval(int op, st__hl_type t, st__hl_val a, st__hl_val b);
/* Conversion; false when a float does not fit the integer type. */
bool st__hl_cast_eval(st__hl_type from, st__hl_type to, st__hl_val v, st__hl_val *out);
/* pow(a, n) for an integer constant n, as Halide multiplies it out. */
st__hl_val st__hl_powi_eval(st__hl_type t, st__hl_val a, int64_t n);
/* An intrinsic of result type t whose (last) operands have type at. */
st__hl_val st__hl_intrin_eval(int op, st__hl_type t, st__hl_type at, const st__hl_val *a);

/* The constants of Halide 14's f32 exp and log (hl_scalar.c): polynomial
 * coefficients, highest degree first (a zero one only multiplies), ln 2,
 * 1 / ln 2 and ln 2 in a high and a low part. */
#define ST__HL_LOG_NCOEFF 10
#define ST__HL_EXP_NCOEFF 8
extern const float st__hl_log_coeff[ST__HL_LOG_NCOEFF], st__hl_exp_coeff[ST__HL_EXP_NCOEFF];
extern const float st__hl_ln2_f32, st__hl_inv_ln2_f32, st__hl_ln2_hi_f32, st__hl_ln2_lo_f32;

#endif
