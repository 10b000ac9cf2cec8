/* Private to arith-soft-float: the integer-op builder every lowering uses,
 * the IEEE-754 helpers shared by the op families, and one builder per
 * family.  A builder works in one format, binary32 (the default) or
 * binary64 (st__sf_set_format): its values are that format's bit patterns,
 * i32 or i64, unless a name says otherwise, and its constants
 * (st__sf_k) are of that integer type. */
#ifndef STRATA_SF_H
#define STRATA_SF_H

#include "strata/arith.h"
#include "strata/ir.h"

#include <stdbool.h>
#include <stdint.h>

/* The arith builder (strata/arith.h: an op that cannot be created sets
 * a.failed, every emitter given a NULL operand returns NULL) with the
 * types and the constants of one lowering. */
typedef struct st__sf_b {
	st_arith_builder a;
	st_type *i1, *i32, *i64;
	/* The format: w bits (32 or 64) of which p are the significand's
	 * (24 or 53, the hidden one included); t is the integer type of w
	 * bits holding a value. */
	unsigned w, p;
	st_type *t;
	/* Constants made for this op, reused rather than repeated. */
	struct {
		st_type *type;
		int64_t v;
		st_value *val;
	} k[40];
	size_t nk;
} st__sf_b;

/* --------------------------------------------------------- st__sf_build.c */
/* A builder putting ops before `before` (NULL: at the end) of `block`. */
void st__sf_builder(st__sf_b *b, st_context *ctx, st_block *block, st_op *before, st_attr *loc);
/* The builder's format, binary64 or binary32; it drops the constants
 * made so far, which may have the other format's type. */
void st__sf_set_format(st__sf_b *b, bool f64);
st_value *st__sf_const(st__sf_b *b, st_type *t, int64_t v);
st_value *st__sf_k(st__sf_b *b, int64_t v); /* a constant of the format's type */
/* A two-operand integer op ("arith.addi", ...) of the operands' type. */
#define st__sf_bin(b, name, x, y) st_arith_build_binary(&(b)->a, name, x, y)
#define st__sf_cmp(b, pred, x, y) st_arith_build_cmpi(&(b)->a, pred, x, y)
#define st__sf_sel(b, c, x, y) st_arith_build_select(&(b)->a, c, x, y)
/* A one-operand op with a result type: extui, extsi, trunci, bitcast. */
#define st__sf_cast(b, name, x, t) st_arith_build_cast(&(b)->a, name, x, t)
#define st__sf_add(b, x, y) st__sf_bin(b, "arith.addi", x, y)
#define st__sf_sub(b, x, y) st__sf_bin(b, "arith.subi", x, y)
#define st__sf_mul(b, x, y) st__sf_bin(b, "arith.muli", x, y)
#define st__sf_and(b, x, y) st__sf_bin(b, "arith.andi", x, y)
#define st__sf_or(b, x, y) st__sf_bin(b, "arith.ori", x, y)
#define st__sf_xor(b, x, y) st__sf_bin(b, "arith.xori", x, y)
#define st__sf_shl(b, x, y) st__sf_bin(b, "arith.shli", x, y)
#define st__sf_shr(b, x, y) st__sf_bin(b, "arith.shrui", x, y)
/* x with `k` an i32 constant. */
st_value *st__sf_bink(st__sf_b *b, const char *name, st_value *x, int64_t k);
st_value *st__sf_cmpk(st__sf_b *b, int pred, st_value *x, int64_t k);
/* The number of leading zeros of a nonzero value (w - 1 for zero). */
st_value *st__sf_clz(st__sf_b *b, st_value *x);
/* x >> d (d unsigned, any size) with the bits shifted out ORed into bit 0. */
st_value *st__sf_shr_jam(st__sf_b *b, st_value *x, st_value *d);
/* A zero-extended i1, of the format's type. */
st_value *st__sf_bit(st__sf_b *b, st_value *c);

/* --------------------------------------------------------- st__sf_round.c */
/* The format's constants: the sign bit, the largest biased exponent (all
 * ones), the bias, +infinity, the quiet bit of a NaN and the default NaN
 * (what an invalid operation gives), the rounding bits below the kept
 * significand in st__sf_round_pack's convention (7 or 10). */
int64_t st__sf_sign(const st__sf_b *b);
int64_t st__sf_emax(const st__sf_b *b);
int64_t st__sf_bias(const st__sf_b *b);
int64_t st__sf_inf(const st__sf_b *b);
int64_t st__sf_quiet(const st__sf_b *b);
int64_t st__sf_default_nan(const st__sf_b *b);
unsigned st__sf_round_bits(const st__sf_b *b);

/* |x| as bits, and its tests. */
st_value *st__sf_mag(st__sf_b *b, st_value *x);
st_value *st__sf_is_nan(st__sf_b *b, st_value *x);
/* r unless an operand is NaN: then the first NaN operand, quieted (y may
 * be NULL for one operand).  The interpreter's rule (APFloat's). */
st_value *st__sf_nan_wins(st__sf_b *b, st_value *x, st_value *y, st_value *r);
/* A finite operand as significand and exponent, m * 2^(e - bias - p + 1)
 * (f32: 2^(e - 150)), with m normalised to [2^(p-1), 2^p) (subnormals
 * shifted up); zero gives m = 0. */
void st__sf_unpack_norm(st__sf_b *b, st_value *x, st_value **m, st_value **e);
/* The same without normalising subnormals: m below 2^p, e at least 1. */
void st__sf_unpack(st__sf_b *b, st_value *x, st_value **m, st_value **e);
/* sign | the nearest-even float to sig * 2^(exp + 1 - bias - (w - 2))
 * (f32: 2^(exp - 156), f64: 2^(exp - 1084)), with sig below 2^(w-1)
 * holding its leading one at bit w - 2 when exp >= 0 (7 or 10 bits below
 * the kept p, the lowest sticky): subnormal results, overflow to
 * infinity. */
st_value *st__sf_round_pack(st__sf_b *b, st_value *sign, st_value *exp, st_value *sig);
/* An unsigned key ordering non-NaN floats as their values, -0 below +0. */
st_value *st__sf_order_key(st__sf_b *b, st_value *x);

/* ------------------------------------------------ one builder per family */
st_value *st__sf_addf(st__sf_b *b, st_value *x, st_value *y, bool sub);
st_value *st__sf_mulf(st__sf_b *b, st_value *x, st_value *y);
st_value *st__sf_divf(st__sf_b *b, st_value *x, st_value *y);
/* maximumf, minimumf (NaN wins) and maxnumf, minnumf (NaN loses). */
st_value *st__sf_maxmin(st__sf_b *b, st_value *x, st_value *y, bool max, bool nan_wins);
/* An i1; pred numbered as arith.cmpf's (false, oeq, ..., uno, true). */
st_value *st__sf_cmpf(st__sf_b *b, int pred, st_value *x, st_value *y);
/* math.sqrt, correctly rounded (f32 only). */
st_value *st__sf_sqrtf(st__sf_b *b, st_value *x);
/* math.floor, exact (either format). */
st_value *st__sf_floorf(st__sf_b *b, st_value *x);
/* math.exp and math.log: Strata's definition (st_math_expf/logf; f32). */
st_value *st__sf_expf(st__sf_b *b, st_value *x);
st_value *st__sf_logf(st__sf_b *b, st_value *x);
/* x: an integer of at most w bits. */
st_value *st__sf_itof(st__sf_b *b, st_value *x, bool is_signed);
/* The truncated integer of type t (at most w bits); out of range (poison
 * for the interpreter) gives some value. */
st_value *st__sf_ftoi(st__sf_b *b, st_value *x, st_type *t, bool is_signed);
/* arith.extf f32 -> f64 (exact) and arith.truncf f64 -> f32 (nearest
 * even), whatever the builder's format: x is i32 bits for extf, i64 for
 * truncf; NaNs keep their sign and top payload bits and come back quiet. */
st_value *st__sf_extf(st__sf_b *b, st_value *x);
st_value *st__sf_truncf(st__sf_b *b, st_value *x);

/* ----------------------------------------------------- the retyped values */
/* Whether t is a float type this pass lowers (f32, f64), and the integer
 * type of its bits (NULL for any other type). */
bool st__sf_is_soft(st_type *t);
st_type *st__sf_bits_type(st_context *ctx, st_type *t);

/* -------------------------------------------------------- st__sf_memref.c */
/* A memref of f32 or f64 (retyped to one of i32 or i64 by `memrefs`). */
bool st__sf_is_soft_memref(st_type *t);
/* Refuses (at `where`) such a memref used but by loads, stores, dealloc. */
st_status st__sf_check_memref(st_value *m, st_op *where);
/* The memref as i32 or i64, its loads and stores on the bits. */
st_status st__sf_retype_memref(st_context *ctx, st_value *m);

/* -------------------------------------------------------- st__sf_retype.c */
/* The value (an f32 or f64 result or block argument) retyped to its bits:
 * bitcasts of it to them give way to it, other users get one back. */
st_status st__sf_value_to_bits(st_context *ctx, st_value *v);
/* The op's operand `i` replaced by its bits: the source of a bitcast from
 * integer (erased when nothing else reads it), else a new bitcast. */
st_status st__sf_operand_to_bits(st_context *ctx, st_op *op, size_t i);

/* --------------------------------------------------------- st__sf_carry.c */
/* Whether the op carries f32 or f64 through its regions (results, region
 * arguments, its terminators' operands).  A known carrier (affine.for,
 * scf.for, scf.if, affine.if, scf.while) gives true; an unknown one is
 * refused at the op (status set) and gives false. */
bool st__sf_carries_f32(st_op *op, st_status *status);
/* Every f32 or f64 the carrier passes (operands, region arguments, terminator
 * operands, results) retyped to its bits. */
st_status st__sf_retype_carrier(st_context *ctx, st_op *op);

#endif
