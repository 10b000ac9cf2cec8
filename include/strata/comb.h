/* The comb dialect (CIRCT's spelling; docs/dialects/comb.md): signless
 * combinational logic on integers.  Its builders (they take an
 * st_hw_builder, strata/hw.h), the enums of its predicates and ops, and
 * the bit-vector arithmetic that the folders, the interpreter and the
 * hardware simulator share. */
#ifndef STRATA_COMB_H
#define STRATA_COMB_H

#include "strata/hw.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (with hw) in `ctx`; registering twice is harmless. */
ST_API st_status st_register_comb_dialect(st_context *ctx);

/* comb.icmp predicates, in the order of their stored values. */
typedef enum st_comb_pred {
	ST_COMB_EQ, ST_COMB_NE, ST_COMB_SLT, ST_COMB_SLE, ST_COMB_SGT, ST_COMB_SGE,
	ST_COMB_ULT, ST_COMB_ULE, ST_COMB_UGT, ST_COMB_UGE,
	ST_COMB_CEQ, ST_COMB_CNE, ST_COMB_WEQ, ST_COMB_WNE,
} st_comb_pred;

/* The comb ops, for evaluators that dispatch once per op. */
typedef enum st_comb_kind {
	ST_COMB_NONE,
	ST_COMB_ADD, ST_COMB_MUL, ST_COMB_AND, ST_COMB_OR, ST_COMB_XOR,
	ST_COMB_SUB, ST_COMB_DIVU, ST_COMB_DIVS, ST_COMB_MODU, ST_COMB_MODS,
	ST_COMB_SHL, ST_COMB_SHRU, ST_COMB_SHRS,
	ST_COMB_ICMP, ST_COMB_MUX, ST_COMB_CONCAT, ST_COMB_EXTRACT, ST_COMB_REPLICATE, ST_COMB_PARITY,
} st_comb_kind;
ST_API st_comb_kind st_comb_kind_of(const st_op *op);
/* Evaluates a comb op of kind `k`: `in[i]` holds operand i (in_widths[i]
 * bits), `out` receives the result (out_width bits; it must not alias an
 * operand).  `param` is icmp's predicate or extract's low bit; scratch
 * holds 4 * st_bv_words(max width) words.  Mux takes any bit vectors. */
ST_API void st_comb_eval(st_comb_kind k, int64_t param, size_t nin, const uint64_t *const *in, const uint64_t *in_widths,
                  uint64_t *out, uint64_t out_width, uint64_t *scratch);

/* Bit vectors of any width, as comb computes on them: little-endian 64-bit
 * words, st_bv_words(w) of them, bits above the width kept zero.  Results
 * may alias operands except where a scratch area is asked for; `scratch`
 * holds 4 * st_bv_words(w) words.  Division and remainder by zero give 0
 * (docs/dialects/comb.md). */
ST_API size_t st_bv_words(unsigned width);
ST_API void st_bv_mask(uint64_t *r, unsigned width);
ST_API bool st_bv_is_zero(const uint64_t *a, unsigned width);
ST_API bool st_bv_get_bit(const uint64_t *a, uint64_t bit);
ST_API void st_bv_set_bit(uint64_t *a, uint64_t bit, bool v);
ST_API void st_bv_add(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
ST_API void st_bv_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
ST_API void st_bv_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, uint64_t *scratch);
/* Unsigned and signed (truncating toward zero, remainder with the sign of
 * the dividend) division and remainder. */
ST_API void st_bv_div(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, bool is_signed, bool rem,
               uint64_t *scratch);
ST_API void st_bv_and(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
ST_API void st_bv_or(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
ST_API void st_bv_xor(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
/* Shifts by the unsigned amount `b`; amounts >= width give 0 (or the sign). */
ST_API void st_bv_shl(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
ST_API void st_bv_shr(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, bool arith);
ST_API bool st_bv_icmp(st_comb_pred pred, const uint64_t *a, const uint64_t *b, unsigned width);
ST_API bool st_bv_parity(const uint64_t *a, unsigned width);
/* dst[off +: n] = src[lo +: n]; dst and src must not overlap. */
ST_API void st_bv_copy_bits(uint64_t *dst, uint64_t off, const uint64_t *src, uint64_t lo, uint64_t n);

/* ---------------------------------------------------------------- builders */

/* comb.add/mul/and/or/xor of n >= 1 operands, or the binary sub, divu,
 * divs, modu, mods, shl, shru, shrs (n = 2), all of one integer type. */
ST_API st_value *st_comb_build(st_hw_builder *b, st_comb_kind kind, size_t n, st_value *const *operands);
/* The same for two operands. */
ST_API st_value *st_comb_build_binary(st_hw_builder *b, st_comb_kind kind, st_value *lhs, st_value *rhs);
/* comb.icmp: an i1. */
ST_API st_value *st_comb_build_icmp(st_hw_builder *b, st_comb_pred pred, st_value *lhs, st_value *rhs);
/* comb.mux: `t` when cond (an i1) is 1, else `f`. */
ST_API st_value *st_comb_build_mux(st_hw_builder *b, st_value *cond, st_value *t, st_value *f);
/* comb.concat: the first operand in the most significant bits. */
ST_API st_value *st_comb_build_concat(st_hw_builder *b, size_t n, st_value *const *operands);
/* comb.extract: bits [low, low + width) of `input`. */
ST_API st_value *st_comb_build_extract(st_hw_builder *b, st_value *input, unsigned low, unsigned width);
/* comb.replicate: `input` repeated to `width` bits (a multiple of its own). */
ST_API st_value *st_comb_build_replicate(st_hw_builder *b, st_value *input, unsigned width);
/* comb.parity: the xor of every bit of `input`. */
ST_API st_value *st_comb_build_parity(st_hw_builder *b, st_value *input);

#ifdef __cplusplus
}
#endif
#endif
