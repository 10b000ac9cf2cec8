/* The hardware dialects hw, comb and seq (CIRCT's spellings): their types,
 * the ports of a hw.module and the enums the simulator and the Verilog
 * export share.  Values of every hardware type are bit vectors packed as
 * SystemVerilog packs them: array element i at bits [i*W +: W], a struct's
 * first field in the most significant bits. */
#ifndef STRATA_HW_H
#define STRATA_HW_H

#include "strata/asm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* !hw.array<NxT> */
st_type *st_hw_array_type(st_context *ctx, uint64_t n, st_type *elt);
bool st_hw_is_array(const st_type *t);
uint64_t st_hw_array_size(const st_type *t);
st_type *st_hw_array_element(const st_type *t);

/* !hw.struct<a: T, b: U> */
st_type *st_hw_struct_type(st_context *ctx, size_t n, const st_str *names, st_type *const *types);
bool st_hw_is_struct(const st_type *t);
size_t st_hw_struct_num_fields(const st_type *t);
st_str st_hw_struct_field_name(const st_type *t, size_t i);
st_type *st_hw_struct_field_type(const st_type *t, size_t i);
/* The field's index, or -1. */
int st_hw_struct_field_index(const st_type *t, st_str name);
/* Bits below field i (fields after it are less significant). */
uint64_t st_hw_struct_field_offset(const st_type *t, size_t i);

/* !seq.clock and !seq.hlmem<NxT> (the seq dialect must be registered). */
st_type *st_seq_clock_type(st_context *ctx);
bool st_seq_is_clock(const st_type *t);
bool st_seq_is_hlmem(const st_type *t);
uint64_t st_seq_hlmem_depth(const st_type *t);
st_type *st_seq_hlmem_element(const st_type *t);

/* Bits of a value of a hardware type (integers, arrays, structs, clocks),
 * or -1 for any other type. */
int64_t st_hw_bit_width(const st_type *t);
/* Whether `t` is a value type the hw dialect carries: iN, array, struct. */
bool st_hw_is_value_type(const st_type *t);

/* Ports of hw.module / hw.module.extern, in declaration order. */
typedef enum st_hw_dir { ST_HW_IN = 0, ST_HW_OUT = 1 } st_hw_dir;
typedef struct st_hw_port {
	st_hw_dir dir;
	st_str name;
	st_type *type;
} st_hw_port;
size_t st_hw_module_num_ports(const st_op *module);
st_hw_port st_hw_module_port(const st_op *module, size_t i);
/* Inputs and outputs counted separately (input i is the body's argument i,
 * output i the i-th operand of hw.output). */
size_t st_hw_module_num_inputs(const st_op *module);
size_t st_hw_module_num_outputs(const st_op *module);
st_hw_port st_hw_module_input(const st_op *module, size_t i);
st_hw_port st_hw_module_output(const st_op *module, size_t i);
/* The module an hw.instance names, or NULL. */
st_op *st_hw_instance_target(st_op *inst);
/* The top hw.module of a builtin.module: the one named `name` when given,
 * else the one carrying the unit attribute `hw.top`, else the only one that
 * no instance names; NULL after reporting why. */
st_op *st_hw_top_module(st_op *module, const char *name);

/* `%a, %b, ...` (one or more operands) as the custom parsers of hw, comb
 * and seq read them: st_hw_refs_init, st_hw_parse_refs, st_hw_refs_free. */
typedef struct st_hw_refs {
	st_operand_ref *refs;
	size_t n, cap;
	st_operand_ref small[16];
} st_hw_refs;
void st_hw_refs_init(st_hw_refs *l);
st_status st_hw_parse_refs(st_parser *p, st_hw_refs *l);
/* The common start of such forms: the operands, an attribute dictionary
 * into `s`, then `:`. */
st_status st_hw_parse_refs_colon(st_parser *p, st_parse_state *s, st_hw_refs *l);
void st_hw_refs_free(st_context *ctx, st_hw_refs *l);

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
st_comb_kind st_comb_kind_of(const st_op *op);
/* Evaluates a comb op of kind `k`: `in[i]` holds operand i (in_widths[i]
 * bits), `out` receives the result (out_width bits; it must not alias an
 * operand).  `param` is icmp's predicate or extract's low bit; scratch
 * holds 4 * st_bv_words(max width) words.  Mux takes any bit vectors. */
void st_comb_eval(st_comb_kind k, int64_t param, size_t nin, const uint64_t *const *in, const uint64_t *in_widths,
                  uint64_t *out, uint64_t out_width, uint64_t *scratch);

/* Bit vectors of any width, as comb computes on them: little-endian 64-bit
 * words, st_bv_words(w) of them, bits above the width kept zero.  Results
 * may alias operands except where a scratch area is asked for; `scratch`
 * holds 4 * st_bv_words(w) words.  Division and remainder by zero give 0
 * (docs/dialects/comb.md). */
size_t st_bv_words(unsigned width);
void st_bv_mask(uint64_t *r, unsigned width);
bool st_bv_is_zero(const uint64_t *a, unsigned width);
bool st_bv_get_bit(const uint64_t *a, uint64_t bit);
void st_bv_set_bit(uint64_t *a, uint64_t bit, bool v);
void st_bv_add(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
void st_bv_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
void st_bv_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, uint64_t *scratch);
/* Unsigned and signed (truncating toward zero, remainder with the sign of
 * the dividend) division and remainder. */
void st_bv_div(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, bool is_signed, bool rem,
               uint64_t *scratch);
void st_bv_and(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
void st_bv_or(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
void st_bv_xor(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
/* Shifts by the unsigned amount `b`; amounts >= width give 0 (or the sign). */
void st_bv_shl(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width);
void st_bv_shr(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, bool arith);
bool st_bv_icmp(st_comb_pred pred, const uint64_t *a, const uint64_t *b, unsigned width);
bool st_bv_parity(const uint64_t *a, unsigned width);
/* dst[off +: n] = src[lo +: n]; dst and src must not overlap. */
void st_bv_copy_bits(uint64_t *dst, uint64_t off, const uint64_t *src, uint64_t lo, uint64_t n);

#ifdef __cplusplus
}
#endif
#endif
