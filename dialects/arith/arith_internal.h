/* What the files of the arith dialect share: the enum encodings (MLIR's
 * numbering, since they show in the generic form), the type and attribute
 * constraints, and the hooks each file provides to the op table in arith.c.
 */
#ifndef STRATA_ARITH_INTERNAL_H
#define STRATA_ARITH_INTERNAL_H

#include "strata/asm.h"
#include "strata/arith.h"


/* #arith.fastmath<...> bits (FastMathFlags). */
enum {
	ST__ARITH_FM_REASSOC = 1,
	ST__ARITH_FM_NNAN = 2,
	ST__ARITH_FM_NINF = 4,
	ST__ARITH_FM_NSZ = 8,
	ST__ARITH_FM_ARCP = 16,
	ST__ARITH_FM_CONTRACT = 32,
	ST__ARITH_FM_AFN = 64,
	ST__ARITH_FM_FAST = 127,
};

/* #arith.overflow<...> bits (IntegerOverflowFlags). */
enum { ST__ARITH_OVF_NSW = 1, ST__ARITH_OVF_NUW = 2 };

/* arith.cmpi predicates, stored as i64 (CmpIPredicate). */
enum {
	ST__CMPI_EQ,
	ST__CMPI_NE,
	ST__CMPI_SLT,
	ST__CMPI_SLE,
	ST__CMPI_SGT,
	ST__CMPI_SGE,
	ST__CMPI_ULT,
	ST__CMPI_ULE,
	ST__CMPI_UGT,
	ST__CMPI_UGE,
};

/* arith.cmpf predicates, stored as i64 (CmpFPredicate). */
enum {
	ST__CMPF_FALSE,
	ST__CMPF_OEQ,
	ST__CMPF_OGT,
	ST__CMPF_OGE,
	ST__CMPF_OLT,
	ST__CMPF_OLE,
	ST__CMPF_ONE,
	ST__CMPF_ORD,
	ST__CMPF_UEQ,
	ST__CMPF_UGT,
	ST__CMPF_UGE,
	ST__CMPF_ULT,
	ST__CMPF_ULE,
	ST__CMPF_UNE,
	ST__CMPF_UNO,
	ST__CMPF_TRUE,
};

extern const char *const st__arith_cmpi_cases[];
extern const char *const st__arith_cmpf_cases[];
extern const char *const st__arith_rounding_cases[];

/* ------------------------------------------------- arith_attrs.c */

/* The flag attributes: `kind` is "fastmath" or "overflow". */
st_attr *st__arith_flags_attr(st_context *ctx, const char *kind, uint32_t flags);
/* Whether `a` is #arith.<kind><...>; its bits go to *flags. */
bool st__arith_is_flags_attr(const st_attr *a, const char *kind, uint32_t *flags);
/* `<flag, ...>` after the mnemonic, for the dialect hook and op syntax. */
st_status st__arith_parse_flags_body(st_parser *p, const char *kind, uint32_t *flags);
void st__arith_print_flags_body(st_printer *p, const char *kind, uint32_t flags);
st_attr *st__arith_parse_attr(st_parser *p, st_dialect *d, st_type *type);
void st__arith_print_attr(st_printer *p, const st_attr *a);
/* The i1 type of the same shape as `t` (MLIR's getI1SameShape). */
st_type *st__arith_i1_same_shape(st_context *ctx, st_type *t);
/* The scalar, or the element type of a vector or tensor. */
st_type *st__arith_elt(st_type *t);

/* ------------------------------------------------ arith_verify.c */

extern const st_type_constraint st__arith_tc_int_like;
extern const st_type_constraint st__arith_tc_fixed_int_like;
extern const st_type_constraint st__arith_tc_float_like;
extern const st_type_constraint st__arith_tc_bool_like;
extern const st_type_constraint st__arith_tc_index_cast;
extern const st_type_constraint st__arith_tc_bitcast;
extern const st_attr_constraint st__arith_ac_typed;
extern const st_attr_constraint st__arith_ac_cmpi_pred;
extern const st_attr_constraint st__arith_ac_cmpf_pred;
extern const st_attr_constraint st__arith_ac_fastmath;
extern const st_attr_constraint st__arith_ac_overflow;
extern const st_attr_constraint st__arith_ac_rounding;

st_status st__arith_verify_constant(st_op *op);
st_status st__arith_verify_cmp(st_op *op);
st_status st__arith_verify_select(st_op *op);
st_status st__arith_verify_addui_extended(st_op *op);
st_status st__arith_verify_mul_extended(st_op *op);
st_status st__arith_verify_extui(st_op *op);
st_status st__arith_verify_extsi(st_op *op);
st_status st__arith_verify_extf(st_op *op);
st_status st__arith_verify_trunci(st_op *op);
st_status st__arith_verify_truncf(st_op *op);
st_status st__arith_verify_int_to_fp(st_op *op);
st_status st__arith_verify_fp_to_int(st_op *op);
st_status st__arith_verify_index_cast(st_op *op);
st_status st__arith_verify_bitcast(st_op *op);

/* ------------------------------------------------ arith_syntax.c */

st_status st__arith_parse_constant(st_parser *p, st_parse_state *s);
void st__arith_print_constant(st_printer *p, st_op *op);
void st__arith_constant_names(st_op *op, st_name_fn fn, void *ud);
st_status st__arith_parse_int_binary_ovf(st_parser *p, st_parse_state *s);
void st__arith_print_int_binary_ovf(st_printer *p, st_op *op);
st_status st__arith_parse_float_binary(st_parser *p, st_parse_state *s);
void st__arith_print_float_binary(st_printer *p, st_op *op);
st_status st__arith_parse_float_unary(st_parser *p, st_parse_state *s);
void st__arith_print_float_unary(st_printer *p, st_op *op);
st_status st__arith_parse_cmpf(st_parser *p, st_parse_state *s);
void st__arith_print_cmpf(st_printer *p, st_op *op);
st_status st__arith_parse_extf(st_parser *p, st_parse_state *s);
void st__arith_print_extf(st_printer *p, st_op *op);
st_status st__arith_parse_trunci(st_parser *p, st_parse_state *s);
void st__arith_print_trunci(st_printer *p, st_op *op);
st_status st__arith_parse_truncf(st_parser *p, st_parse_state *s);
void st__arith_print_truncf(st_printer *p, st_op *op);
st_status st__arith_parse_addui_extended(st_parser *p, st_parse_state *s);
void st__arith_print_addui_extended(st_printer *p, st_op *op);
st_status st__arith_parse_mul_extended(st_parser *p, st_parse_state *s);
void st__arith_print_mul_extended(st_printer *p, st_op *op);
st_status st__arith_parse_select(st_parser *p, st_parse_state *s);
void st__arith_print_select(st_printer *p, st_op *op);

/* -------------------------------------------------- arith_eval.c */

/* Element-wise operations on constants, with the exact semantics of MLIR's
 * folders (APInt/APFloat) for integers up to 64 bits and f16/bf16/f32/f64. */
typedef enum st__arith_eval_op {
	/* integer, two operands */
	ST__EV_ADD,
	ST__EV_SUB,
	ST__EV_MUL,
	ST__EV_DIVUI,
	ST__EV_DIVSI,
	ST__EV_CEILDIVUI,
	ST__EV_CEILDIVSI,
	ST__EV_FLOORDIVSI,
	ST__EV_REMUI,
	ST__EV_REMSI,
	ST__EV_AND,
	ST__EV_OR,
	ST__EV_XOR,
	ST__EV_SHL,
	ST__EV_SHRUI,
	ST__EV_SHRSI,
	ST__EV_MAXSI,
	ST__EV_MAXUI,
	ST__EV_MINSI,
	ST__EV_MINUI,
	ST__EV_MULHS,
	ST__EV_MULHU,
	ST__EV_CARRY, /* the unsigned carry out of an addition, as i1 */
	ST__EV_CMPI,  /* predicate in `pred`, result i1 */
	/* float, two operands */
	ST__EV_ADDF,
	ST__EV_SUBF,
	ST__EV_MULF,
	ST__EV_DIVF,
	ST__EV_REMF,
	ST__EV_MAXIMUMF,
	ST__EV_MINIMUMF,
	ST__EV_MAXNUMF,
	ST__EV_MINNUMF,
	ST__EV_CMPF,
	/* one operand */
	ST__EV_NEGF,
	ST__EV_EXTUI,
	ST__EV_EXTSI,
	ST__EV_TRUNCI,
	ST__EV_EXTF,
	ST__EV_TRUNCF,
	ST__EV_UITOFP,
	ST__EV_SITOFP,
	ST__EV_FPTOUI,
	ST__EV_FPTOSI,
	ST__EV_INDEX_CAST,
	ST__EV_INDEX_CASTUI,
	ST__EV_BITCAST,
} st__arith_eval_op;

/* Applies `op` element-wise to constant operands (integer, float, or dense
 * elements; operands of one type), giving a constant of `rtype` (a scalar,
 * or a splat when every operand is one, else dense elements).  NULL when an
 * operand is missing or unsupported, or MLIR would not fold (division by
 * zero, signed overflow, a shift by the width or more, an inexact float
 * truncation, an out-of-range float to integer conversion). */
st_attr *st__arith_eval(st_context *ctx, st__arith_eval_op op, int64_t pred, st_attr *const *ins, size_t n,
                        st_type *rtype);

/* st__arith_eval for scalar integers wider than 64 bits (operands or
 * result): the integer operations, cmpi and the extensions/truncation,
 * declining where the narrow evaluator would; NULL for anything else. */
st_attr *st__arith_eval_wide(st_context *ctx, st__arith_eval_op op, int64_t pred, st_attr *const *ins, size_t n,
                             st_type *rtype);

/* The same semantics on one element at a time, for the interpreter: an
 * evaluator set up once for an op (operand element type `in`, result
 * element type `out`), then applied to bit patterns; false where
 * st__arith_eval declines. */
typedef struct st__arith_scalar_ev {
	st_context *ctx;
	st__arith_eval_op op;
	int64_t pred;
	st_type *in, *out;  /* element types */
	unsigned win, wout; /* integer widths (index: 64), 0 for floats */
} st__arith_scalar_ev;
void st__arith_scalar_ev_init(st__arith_scalar_ev *e, st_context *ctx, st__arith_eval_op op, int64_t pred, st_type *in,
                              st_type *out);
bool st__arith_eval_scalar(const st__arith_scalar_ev *e, const uint64_t *ins, size_t n, uint64_t *res);

/* Integer constants (a scalar of any width, or a splat) of a given kind,
 * as MLIR's m_Zero, m_One and m_ConstantInt matchers see them. */
typedef enum st__arith_int_kind {
	ST__INT_ZERO,
	ST__INT_ONE,
	ST__INT_ALL_ONES,
	ST__INT_SMAX,
	ST__INT_SMIN,
} st__arith_int_kind;
bool st__arith_int_is(const st_attr *a, st__arith_int_kind k);

/* Float constants (a scalar or a splat) of a given kind. */
typedef enum st__arith_float_kind {
	ST__FLT_POS_ZERO,
	ST__FLT_NEG_ZERO,
	ST__FLT_ANY_ZERO,
	ST__FLT_ONE,
	ST__FLT_POS_INF,
	ST__FLT_NEG_INF,
	ST__FLT_NAN,
} st__arith_float_kind;
bool st__arith_float_is(const st_attr *a, st__arith_float_kind k);

/* The zero of an integer, index or float type, or a splat of it for a
 * statically shaped vector or tensor; NULL otherwise (MLIR's getZeroAttr). */
st_attr *st__arith_zero_attr(st_context *ctx, st_type *t);
/* true/false as i1, or its splat for a statically shaped type. */
st_attr *st__arith_bool_attr(st_context *ctx, st_type *t, bool v);
/* select of constants: cond ? t : f per element, for dense conditions. */
st_attr *st__arith_eval_select(st_context *ctx, st_attr *cond, st_attr *t, st_attr *f);

/* -------------------------------------------------- arith_fold.c */

typedef bool st__arith_fold_fn(st_op *op, st_attr *const *operands, st_fold_result *results);
st__arith_fold_fn st__arith_fold_constant, st__arith_fold_addi, st__arith_fold_subi, st__arith_fold_muli,
	st__arith_fold_divui, st__arith_fold_divsi, st__arith_fold_ceildivui, st__arith_fold_ceildivsi,
	st__arith_fold_floordivsi, st__arith_fold_remui, st__arith_fold_remsi, st__arith_fold_andi, st__arith_fold_ori,
	st__arith_fold_xori, st__arith_fold_shli, st__arith_fold_shrui, st__arith_fold_shrsi, st__arith_fold_maxsi,
	st__arith_fold_maxui, st__arith_fold_minsi, st__arith_fold_minui, st__arith_fold_addui_extended,
	st__arith_fold_mulsi_extended, st__arith_fold_mului_extended, st__arith_fold_negf, st__arith_fold_addf,
	st__arith_fold_subf, st__arith_fold_mulf, st__arith_fold_divf, st__arith_fold_remf, st__arith_fold_maximumf,
	st__arith_fold_minimumf, st__arith_fold_maxnumf, st__arith_fold_minnumf, st__arith_fold_extui,
	st__arith_fold_extsi, st__arith_fold_extf, st__arith_fold_trunci, st__arith_fold_truncf, st__arith_fold_uitofp,
	st__arith_fold_sitofp, st__arith_fold_fptoui, st__arith_fold_fptosi, st__arith_fold_index_cast,
	st__arith_fold_index_castui, st__arith_fold_bitcast, st__arith_fold_cmpi, st__arith_fold_cmpf,
	st__arith_fold_select;

/* -------------------------------------------------- arith_canon.c */

/* The op table's canonicalization hooks (the argument is an st_pattern_set). */
void st__arith_addi_patterns(void *set);
void st__arith_subi_patterns(void *set);
void st__arith_andi_patterns(void *set);
void st__arith_ori_patterns(void *set);
void st__arith_xori_patterns(void *set);
void st__arith_extsi_patterns(void *set);
void st__arith_select_patterns(void *set);

/* arith.constant of `value` (typed `type`), detached; NULL when arith
 * cannot hold that constant. */
st_op *st__arith_materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc);

/* -------------------------------------------------- arith_round.c */

/* A float's bits converted to another format, rounded with a roundingmode
 * (the index in st__arith_rounding_cases); NaN stays NaN (quiet, sign and
 * top payload bits kept). */
uint64_t st__arith_convert_float(st_type_kind from, st_type_kind to, uint64_t bits, int mode);

/* ------------------------------------------------- arith_interp.c */

/* The interpreter hook every arith op points at. */
extern const struct st_interp_hook st__arith_interp;

/* -------------------------------------------------- arith_wide.c */

/* Integers of any width as little-endian words, the bits above the width
 * zero.  Results may alias operands except where a `tmp` is taken. */
size_t st__aw_n(unsigned w);
void st__aw_norm(uint64_t *r, unsigned w);
bool st__aw_sign(const uint64_t *a, unsigned w);
bool st__aw_is_zero(const uint64_t *a, unsigned w);
bool st__aw_is_smin(const uint64_t *a, unsigned w);
bool st__aw_is_all_ones(const uint64_t *a, unsigned w);
bool st__aw_eq(const uint64_t *a, const uint64_t *b, unsigned w);
int st__aw_ucmp(const uint64_t *a, const uint64_t *b, unsigned w);
int st__aw_scmp(const uint64_t *a, const uint64_t *b, unsigned w);
void st__aw_add(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w);
void st__aw_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w);
void st__aw_neg(uint64_t *r, const uint64_t *a, unsigned w);
void st__aw_logic(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, char op); /* & | ^ */
/* `tmp`: 2 * st__aw_n(w) words; r must not alias tmp. */
void st__aw_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp);
void st__aw_mulhu(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp);
void st__aw_mulhs(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp);
void st__aw_udivrem(uint64_t *q, uint64_t *rem, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp);
/* Shifts by less than the width (r may alias a). */
void st__aw_shl(uint64_t *r, const uint64_t *a, unsigned sh, unsigned w);
void st__aw_lshr(uint64_t *r, const uint64_t *a, unsigned sh, unsigned w);
void st__aw_ashr(uint64_t *r, const uint64_t *a, unsigned sh, unsigned w);
void st__aw_resize(uint64_t *r, unsigned rw, const uint64_t *a, unsigned aw, bool sign);
/* Truncating signed division, quotient and remainder; `t`: 4 *
 * st__aw_n(w) words. */
void st__aw_sdivrem(uint64_t *q, uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *t);
/* r = a op b for the two-operand integer ops (ST__EV_ADD ... ST__EV_MINUI),
 * with the divisor non-zero and shifts below the width; `t`: 6 *
 * st__aw_n(w) words of scratch. */
void st__aw_binary(st__arith_eval_op e, uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *t);
/* a <pred> b, pred a cmpi predicate. */
bool st__aw_cmpi(int pred, const uint64_t *a, const uint64_t *b, unsigned w);
/* `tmp`: st__aw_n(w) words. */
uint64_t st__aw_to_float(const uint64_t *a, unsigned w, bool is_signed, int ebits, int mbits, uint64_t *tmp);
bool st__aw_from_double(uint64_t *r, unsigned w, double d, bool is_signed);

#endif
