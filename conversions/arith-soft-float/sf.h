/* Private to arith-soft-float: the integer-op builder every lowering uses,
 * the IEEE-754 binary32 helpers shared by the op families, and one builder
 * per family.  Values are i32 bit patterns unless a name says otherwise. */
#ifndef STRATA_SF_H
#define STRATA_SF_H

#include "strata/arith.h"
#include "strata/ir.h"

#include <stdbool.h>
#include <stdint.h>

/* The arith builder (strata/arith.h: an op that cannot be created sets
 * a.failed, every emitter given a NULL operand returns NULL) with the
 * types and the constants of one lowering. */
typedef struct sf_b {
	st_arith_builder a;
	st_type *i1, *i32, *i64;
	/* Constants made for this op, reused rather than repeated. */
	struct {
		st_type *type;
		int64_t v;
		st_value *val;
	} k[40];
	size_t nk;
} sf_b;

/* --------------------------------------------------------- sf_build.c */
/* A builder putting ops before `before` (NULL: at the end) of `block`. */
void sf_builder(sf_b *b, st_context *ctx, st_block *block, st_op *before, st_attr *loc);
st_value *sf_const(sf_b *b, st_type *t, int64_t v);
st_value *sf_k(sf_b *b, int64_t v); /* an i32 constant */
/* A two-operand integer op ("arith.addi", ...) of the operands' type. */
#define sf_bin(b, name, x, y) st_arith_build_binary(&(b)->a, name, x, y)
#define sf_cmp(b, pred, x, y) st_arith_build_cmpi(&(b)->a, pred, x, y)
#define sf_sel(b, c, x, y) st_arith_build_select(&(b)->a, c, x, y)
/* A one-operand op with a result type: extui, extsi, trunci, bitcast. */
#define sf_cast(b, name, x, t) st_arith_build_cast(&(b)->a, name, x, t)
#define sf_add(b, x, y) sf_bin(b, "arith.addi", x, y)
#define sf_sub(b, x, y) sf_bin(b, "arith.subi", x, y)
#define sf_mul(b, x, y) sf_bin(b, "arith.muli", x, y)
#define sf_and(b, x, y) sf_bin(b, "arith.andi", x, y)
#define sf_or(b, x, y) sf_bin(b, "arith.ori", x, y)
#define sf_xor(b, x, y) sf_bin(b, "arith.xori", x, y)
#define sf_shl(b, x, y) sf_bin(b, "arith.shli", x, y)
#define sf_shr(b, x, y) sf_bin(b, "arith.shrui", x, y)
/* x with `k` an i32 constant. */
st_value *sf_bink(sf_b *b, const char *name, st_value *x, int64_t k);
st_value *sf_cmpk(sf_b *b, int pred, st_value *x, int64_t k);
/* The number of leading zeros of a nonzero i32 (31 for zero). */
st_value *sf_clz(sf_b *b, st_value *x);
/* x >> d (d unsigned, any size) with the bits shifted out ORed into bit 0. */
st_value *sf_shr_jam(sf_b *b, st_value *x, st_value *d);
/* A zero-extended i1. */
st_value *sf_bit(sf_b *b, st_value *c);

/* --------------------------------------------------------- sf_round.c */
#define SF_SIGN 0x80000000ll
#define SF_INF 0x7f800000ll
#define SF_DEFAULT_NAN 0x7fc00000ll /* what an invalid operation gives */

/* |x| as bits, and its tests. */
st_value *sf_mag(sf_b *b, st_value *x);
st_value *sf_is_nan(sf_b *b, st_value *x);
/* r unless an operand is NaN: then the first NaN operand, quieted (y may
 * be NULL for one operand).  The interpreter's rule (APFloat's). */
st_value *sf_nan_wins(sf_b *b, st_value *x, st_value *y, st_value *r);
/* A finite operand as significand and exponent, m * 2^(e - 150), with m
 * normalised to [2^23, 2^24) (subnormals shifted up); zero gives m = 0. */
void sf_unpack_norm(sf_b *b, st_value *x, st_value **m, st_value **e);
/* The same without normalising subnormals: m below 2^24, e at least 1. */
void sf_unpack(sf_b *b, st_value *x, st_value **m, st_value **e);
/* sign | the nearest-even float to sig * 2^(exp - 156), with sig below
 * 2^31 holding its leading one at bit 30 when exp >= 0 (7 bits below the
 * kept 24, the lowest sticky): subnormal results, overflow to infinity. */
st_value *sf_round_pack(sf_b *b, st_value *sign, st_value *exp, st_value *sig);
/* An unsigned key ordering non-NaN floats as their values, -0 below +0. */
st_value *sf_order_key(sf_b *b, st_value *x);

/* ------------------------------------------------ one builder per family */
st_value *sf_addf(sf_b *b, st_value *x, st_value *y, bool sub);
st_value *sf_mulf(sf_b *b, st_value *x, st_value *y);
st_value *sf_divf(sf_b *b, st_value *x, st_value *y);
/* maximumf, minimumf (NaN wins) and maxnumf, minnumf (NaN loses). */
st_value *sf_maxmin(sf_b *b, st_value *x, st_value *y, bool max, bool nan_wins);
/* An i1; pred numbered as arith.cmpf's (false, oeq, ..., uno, true). */
st_value *sf_cmpf(sf_b *b, int pred, st_value *x, st_value *y);
/* math.sqrt, correctly rounded. */
st_value *sf_sqrtf(sf_b *b, st_value *x);
/* x: an integer of at most 32 bits. */
st_value *sf_itof(sf_b *b, st_value *x, bool is_signed);
/* The truncated integer of type t (at most 32 bits); out of range (poison
 * for the interpreter) gives some value. */
st_value *sf_ftoi(sf_b *b, st_value *x, st_type *t, bool is_signed);

/* -------------------------------------------------------- sf_memref.c */
bool sf_is_f32_memref(st_type *t);
/* Refuses (at `where`) an f32 memref used but by loads, stores, dealloc. */
st_status sf_check_memref(st_value *m, st_op *where);
/* The memref as i32, its loads and stores on the bits. */
st_status sf_retype_memref(st_context *ctx, st_value *m);

/* -------------------------------------------------------- sf_retype.c */
/* The value (an f32 result or block argument) retyped i32: bitcasts of it
 * to i32 give way to it, other users get one back to f32. */
st_status sf_value_to_bits(st_context *ctx, st_value *v);
/* The op's operand `i` replaced by its bits: the source of a bitcast from
 * i32 (erased when nothing else reads it), else a new bitcast. */
st_status sf_operand_to_bits(st_context *ctx, st_op *op, size_t i);

/* --------------------------------------------------------- sf_carry.c */
/* Whether the op carries f32 through its regions (results, region
 * arguments, its terminators' operands).  A known carrier (affine.for,
 * scf.for, scf.if, affine.if, scf.while) gives true; an unknown one is
 * refused at the op (status set) and gives false. */
bool sf_carries_f32(st_op *op, st_status *status);
/* Every f32 the carrier passes (operands, region arguments, terminator
 * operands, results) retyped i32. */
st_status sf_retype_carrier(st_context *ctx, st_op *op);

#endif
