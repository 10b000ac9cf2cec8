/* The hw dialect (CIRCT's spelling; docs/dialects/hw.md): its types, the
 * ports of a hw.module, and builders of modules, instances, outputs,
 * constants and wires.  Values of every hardware type are bit vectors
 * packed as SystemVerilog packs them: array element i at bits [i*W +: W], a
 * struct's first field in the most significant bits.  The combinational
 * logic is in strata/comb.h, registers and memories in strata/seq.h; their
 * builders share st_hw_builder. */
#ifndef STRATA_HW_H
#define STRATA_HW_H

#include "strata/asm.h"
#include "strata/builder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect in `ctx`; registering twice is harmless. */
ST_API st_status st_register_hw_dialect(st_context *ctx);

/* !hw.array<NxT> */
ST_API st_type *st_hw_array_type(st_context *ctx, uint64_t n, st_type *elt);
ST_API bool st_hw_is_array(const st_type *t);
ST_API uint64_t st_hw_array_size(const st_type *t);
ST_API st_type *st_hw_array_element(const st_type *t);

/* !hw.struct<a: T, b: U> */
ST_API st_type *st_hw_struct_type(st_context *ctx, size_t n, const st_str *names, st_type *const *types);
ST_API bool st_hw_is_struct(const st_type *t);
ST_API size_t st_hw_struct_num_fields(const st_type *t);
ST_API st_str st_hw_struct_field_name(const st_type *t, size_t i);
ST_API st_type *st_hw_struct_field_type(const st_type *t, size_t i);
/* The field's index, or -1. */
ST_API int st_hw_struct_field_index(const st_type *t, st_str name);
/* Bits below field i (fields after it are less significant). */
ST_API uint64_t st_hw_struct_field_offset(const st_type *t, size_t i);

/* Bits of a value of a hardware type (integers, arrays, structs, clocks),
 * or -1 for any other type. */
ST_API int64_t st_hw_bit_width(const st_type *t);
/* Whether `t` is a value type the hw dialect carries: iN, array, struct. */
ST_API bool st_hw_is_value_type(const st_type *t);

/* Ports of hw.module / hw.module.extern, in declaration order. */
typedef enum st_hw_dir { ST_HW_IN = 0, ST_HW_OUT = 1 } st_hw_dir;
typedef struct st_hw_port {
	st_hw_dir dir;
	st_str name;
	st_type *type;
} st_hw_port;
ST_API size_t st_hw_module_num_ports(const st_op *module);
ST_API st_hw_port st_hw_module_port(const st_op *module, size_t i);
/* Inputs and outputs counted separately (input i is the body's argument i,
 * output i the i-th operand of hw.output). */
ST_API size_t st_hw_module_num_inputs(const st_op *module);
ST_API size_t st_hw_module_num_outputs(const st_op *module);
ST_API st_hw_port st_hw_module_input(const st_op *module, size_t i);
ST_API st_hw_port st_hw_module_output(const st_op *module, size_t i);
/* The module an hw.instance names, or NULL. */
ST_API st_op *st_hw_instance_target(st_op *inst);
/* The top hw.module of a builtin.module: the one named `name` when given,
 * else the one carrying the unit attribute `hw.top`, else the only one that
 * no instance names; NULL after reporting why. */
ST_API st_op *st_hw_top_module(st_op *module, const char *name);

/* `%a, %b, ...` (one or more operands) as the custom parsers of hw, comb
 * and seq read them: st_hw_refs_init, st_hw_parse_refs, st_hw_refs_free. */
typedef struct st_hw_refs {
	st_operand_ref *refs;
	size_t n, cap;
	st_operand_ref small[16];
} st_hw_refs;
ST_API void st_hw_refs_init(st_hw_refs *l);
ST_API st_status st_hw_parse_refs(st_parser *p, st_hw_refs *l);
/* The common start of such forms: the operands, an attribute dictionary
 * into `s`, then `:`. */
ST_API st_status st_hw_parse_refs_colon(st_parser *p, st_parse_state *s, st_hw_refs *l);
ST_API void st_hw_refs_free(st_context *ctx, st_hw_refs *l);

/* ---------------------------------------------------------------- builders */

/* The place hw, comb and seq ops are built at (strata/builder.h: the
 * builder every dialect shares; st_builder_at_end, st_builder_before). */
typedef st_builder st_hw_builder;

/* hw.module @name(ports) attributes {attrs}: its body block has one
 * argument per input port and no terminator yet (st_hw_build_output ends
 * it).  `attrs` (a dictionary or NULL) holds discardable attributes such as
 * `hw.top`.  NULL on failure. */
ST_API st_op *st_hw_build_module(st_hw_builder *b, st_str name, size_t nports, const st_hw_port *ports, st_attr *attrs);
/* A module's body block, and the body argument of its input port i. */
ST_API st_block *st_hw_module_body(st_op *module);
ST_API st_value *st_hw_module_input_value(st_op *module, size_t i);
/* hw.output: the values of the enclosing module's output ports. */
ST_API st_op *st_hw_build_output(st_hw_builder *b, size_t n, st_value *const *values);
/* hw.instance "inst" @module(in_names[i]: inputs[i], ...) -> (out_names[j]:
 * out_types[j], ...): the module need not exist yet (st_verify checks the
 * ports against it). */
ST_API st_op *st_hw_build_instance(st_hw_builder *b, st_str inst, st_str module, size_t nin, const st_str *in_names,
                            st_value *const *inputs, size_t nout, const st_str *out_names,
                            st_type *const *out_types);
/* hw.constant of an integer type (value truncated to its width), or of an
 * integer attribute (any width). */
ST_API st_value *st_hw_build_constant(st_hw_builder *b, st_type *type, int64_t value);
ST_API st_value *st_hw_build_constant_attr(st_hw_builder *b, st_attr *value);
/* hw.wire, named `name` in the Verilog when not NULL. */
ST_API st_value *st_hw_build_wire(st_hw_builder *b, st_value *input, const char *name);
/* hw.bitcast to `type` (of the same bit width). */
ST_API st_value *st_hw_build_bitcast(st_hw_builder *b, st_value *input, st_type *type);

/* Backedges (CIRCT's BackedgeBuilder): a graph region may use a value
 * before the op defining it, as a register's input is the logic its output
 * feeds.  A backedge is a placeholder value of a type, usable as an
 * operand at once; st_hw_backedge_set replaces its every use with the real
 * value.  The set owns the placeholders (detached ops, never in a block). */
typedef struct st_hw_backedges st_hw_backedges;
ST_API st_hw_backedges *st_hw_backedges_create(st_context *ctx);
/* A new placeholder of `type`; NULL when out of memory. */
ST_API st_value *st_hw_backedge(st_hw_backedges *set, st_type *type, st_attr *loc);
/* Whether `v` is a placeholder of `set` not set yet. */
ST_API bool st_hw_backedge_pending(const st_hw_backedges *set, const st_value *v);
/* Replaces every use of placeholder `edge` by `value` (of its type). */
ST_API void st_hw_backedge_set(st_hw_backedges *set, st_value *edge, st_value *value);
/* ST_OK when every placeholder that is still used has been set; otherwise
 * an error at the first one's location naming `what` (a lowering's bug). */
ST_API st_status st_hw_backedges_check(st_hw_backedges *set, const char *what);
/* Frees the placeholders.  Erase the IR using a placeholder that was never
 * set before this (a failed lowering drops what it built). */
ST_API void st_hw_backedges_destroy(st_hw_backedges *set);

#ifdef __cplusplus
}
#endif
#endif
