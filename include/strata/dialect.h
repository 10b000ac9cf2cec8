/* Strata dialects: op definitions as plain C data, interfaces, and the hooks a
 * dialect may provide (custom types and attributes, constant
 * materialisation).  An op with no custom behaviour is one st_opdef entry;
 * the core verifies its arity, types, attributes, regions and successors
 * from that entry and prints/parses it from its declarative format.
 */
#ifndef STRATA_DIALECT_H
#define STRATA_DIALECT_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_parser st_parser;
typedef struct st_printer st_printer;
typedef struct st_parse_state st_parse_state;

/* ------------------------------------------------------------- constraints */

typedef struct st_type_constraint {
	const char *desc; /* used in messages: "must be <desc>, but got 'f32'" */
	bool (*check)(const st_type *t);
} st_type_constraint;

typedef struct st_attr_constraint {
	const char *desc;
	bool (*check)(const st_attr *a);
} st_attr_constraint;

/* Predefined constraints. */
ST_API extern const st_type_constraint st_tc_any;
ST_API extern const st_type_constraint st_tc_signless_int;          /* iN */
ST_API extern const st_type_constraint st_tc_index;
ST_API extern const st_type_constraint st_tc_signless_int_or_index;
ST_API extern const st_type_constraint st_tc_bool;                  /* i1 */
ST_API extern const st_type_constraint st_tc_float;
ST_API extern const st_type_constraint st_tc_int_or_index_like;     /* or vector/tensor of */
ST_API extern const st_type_constraint st_tc_signless_int_like;     /* iN or vector/tensor of iN */
ST_API extern const st_type_constraint st_tc_float_like;
ST_API extern const st_type_constraint st_tc_bool_like;
ST_API extern const st_type_constraint st_tc_memref;
ST_API extern const st_type_constraint st_tc_function;
ST_API extern const st_type_constraint st_tc_shaped;

ST_API extern const st_attr_constraint st_ac_any;
ST_API extern const st_attr_constraint st_ac_integer;
ST_API extern const st_attr_constraint st_ac_i64;
ST_API extern const st_attr_constraint st_ac_i32;
ST_API extern const st_attr_constraint st_ac_index;
ST_API extern const st_attr_constraint st_ac_bool;
ST_API extern const st_attr_constraint st_ac_float;
ST_API extern const st_attr_constraint st_ac_string;
ST_API extern const st_attr_constraint st_ac_unit;
ST_API extern const st_attr_constraint st_ac_array;
ST_API extern const st_attr_constraint st_ac_dict;
ST_API extern const st_attr_constraint st_ac_type;
ST_API extern const st_attr_constraint st_ac_function_type;
ST_API extern const st_attr_constraint st_ac_symbol_ref;
ST_API extern const st_attr_constraint st_ac_symbol_name; /* a string, written @name in formats */
ST_API extern const st_attr_constraint st_ac_flat_symbol_ref;
ST_API extern const st_attr_constraint st_ac_affine_map;
ST_API extern const st_attr_constraint st_ac_integer_set;
ST_API extern const st_attr_constraint st_ac_typed; /* integer, float, elements (a constant value) */
ST_API extern const st_attr_constraint st_ac_dense_i32_array;
ST_API extern const st_attr_constraint st_ac_dense_i64_array;

/* ------------------------------------------------------------------ op defs */

typedef enum st_arity { ST_ONE = 0, ST_OPTIONAL = 1, ST_VARIADIC = 2 } st_arity;

typedef struct st_value_def {
	const char *name;
	const st_type_constraint *type; /* NULL: any */
	st_arity arity;
	/* How a custom format infers this group's type when it does not print
	 * it: "$other" (the same type as group `other`) or a builtin type such
	 * as "i1".  The verifier also checks a "$other" equality. */
	const char *infer;
} st_value_def;

typedef struct st_attr_def {
	const char *name;
	const st_attr_constraint *constraint; /* NULL: any */
	bool optional;
	/* For enum attributes stored as i64 integers: the keyword of each value,
	 * NULL-terminated.  Formats print and parse the keyword. */
	const char *const *enum_cases;
} st_attr_def;

typedef enum st_region_kind { ST_REGION_SSACFG = 0, ST_REGION_GRAPH = 1 } st_region_kind;

typedef struct st_region_def {
	const char *name;
	st_region_kind kind;
	st_arity arity;     /* ST_VARIADIC: any number of regions */
	bool single_block;  /* implied by ST_TRAIT_SINGLE_BLOCK for all regions */
	bool allow_empty;   /* zero blocks allowed */
} st_region_def;

/* The outcome of folding one result: a constant or an existing value. */
typedef struct st_fold_result {
	st_attr *attr;
	st_value *value;
} st_fold_result;

/* Interfaces: an op attaches a table per interface id.  Core ids: */
#define ST_IFACE_CALL "call"
#define ST_IFACE_CALLABLE "callable"
#define ST_IFACE_BRANCH "branch"
#define ST_IFACE_REGION_BRANCH "region_branch"
#define ST_IFACE_LOOP_LIKE "loop_like"
#define ST_IFACE_MEMORY_EFFECTS "memory_effects"
#define ST_IFACE_CONSTANT_LIKE "constant_like"
#define ST_IFACE_INLINER "inliner"

typedef struct st_interface_impl {
	const char *id;
	const void *vtable;
} st_interface_impl;

typedef struct st_call_iface {
	/* The callee symbol reference, or NULL for an indirect call. */
	st_attr *(*callee)(const st_op *op);
	/* The callee value of an indirect call, or NULL. */
	st_value *(*callee_value)(const st_op *op);
	/* The argument operands: [*start, *start + *n). */
	void (*args)(const st_op *op, size_t *start, size_t *n);
} st_call_iface;

typedef struct st_callable_iface {
	st_region *(*body)(st_op *op); /* NULL or empty region: external */
	st_type *(*function_type)(const st_op *op);
} st_callable_iface;

typedef struct st_branch_iface {
	/* The operands forwarded to successor `succ`: [*start, *start + *n). */
	void (*successor_operands)(const st_op *op, size_t succ, size_t *start, size_t *n);
	/* Optional: replaces the operands forwarded to `succ` with `vals`,
	 * keeping segment attributes right.  Without it, only an op whose last
	 * successor's operands end its operand list can be changed (cf.br). */
	st_status (*set_successor_operands)(st_op *op, size_t succ, size_t n, st_value *const *vals);
	/* Optional: the successor control takes when the operands have the
	 * given constant values (NULL where not constant), or NULL when that
	 * is not known (MLIR's getSuccessorForOperands). */
	st_block *(*taken_successor)(const st_op *op, st_attr *const *operands);
} st_branch_iface;

/* A place control may flow to from a region (or from the parent op):
 * region index, or -1 for the parent op's results. */
typedef struct st_region_successor {
	int region;
} st_region_successor;

typedef struct st_region_branch_iface {
	/* From `from` (-1: the parent op before any region runs), where control
	 * may go; writes up to `cap` entries and returns their count. */
	size_t (*successors)(const st_op *op, int from, st_region_successor *out, size_t cap);
} st_region_branch_iface;

typedef struct st_loop_like_iface {
	st_region *(*body)(st_op *op);
	/* The induction variable, or NULL. */
	st_value *(*induction_var)(st_op *op);
} st_loop_like_iface;

typedef enum st_effect_kind { ST_EFFECT_READ, ST_EFFECT_WRITE, ST_EFFECT_ALLOC, ST_EFFECT_FREE } st_effect_kind;
typedef struct st_effect {
	st_effect_kind kind;
	st_value *value;      /* the affected value, or NULL for the whole resource */
	const char *resource; /* NULL: the default resource */
} st_effect;
typedef struct st_memory_effects_iface {
	/* Writes up to `cap` effects, returns their count. */
	size_t (*effects)(const st_op *op, st_effect *out, size_t cap);
} st_memory_effects_iface;

/* On return-like terminators, for the inliner (MLIR's
 * DialectInlinerInterface::handleTerminator): a callee body of one block
 * ends in its return, whose operands replace the call's results; a body of
 * several blocks needs each return replaced by a branch to the block after
 * the call, which only the terminator's dialect knows how to build. */
typedef struct st_inliner_iface {
	/* A detached branch from `op`'s place to `dest` passing `operands`, or
	 * NULL when the dialect cannot make one. */
	st_op *(*branch_to)(const st_op *op, st_block *dest, size_t n, st_value *const *operands);
} st_inliner_iface;

typedef struct st_constant_like_iface {
	st_attr *(*value)(const st_op *op);
} st_constant_like_iface;

/* MLIR 14 spelling of an attribute (`--mlir14`): renamed, and/or stored as
 * dense elements of i32 where current MLIR has an i32 dense array. */
typedef enum st_mlir14_form {
	ST_MLIR14_SAME,
	ST_MLIR14_DENSE_VECTOR, /* dense<..> : vector<Nxi32> in MLIR 14 */
	ST_MLIR14_DENSE_TENSOR, /* dense<..> : tensor<Nxi32> in MLIR 14 */
	/* [1, 2] (an array of i64 integers) where current MLIR has array<i64>;
	 * _SIZES: dynamic sizes were -1 in MLIR 14 (kDynamicSize), INT64_MIN
	 * (ST_DYNAMIC) now. */
	ST_MLIR14_I64_ARRAY,
	ST_MLIR14_I64_ARRAY_SIZES,
} st_mlir14_form;
typedef struct st_mlir14_attr {
	const char *old_name, *new_name;
	st_mlir14_form form;
} st_mlir14_attr;

/* Name hints for results and entry-block arguments (`%c0`, `%true`). */
typedef void (*st_name_fn)(void *ud, const st_value *v, const char *name);

struct st_opdef {
	const char *name; /* "dialect.op" */
	const char *summary;
	const st_value_def *operands;
	size_t noperands;
	const st_value_def *results;
	size_t nresults;
	const st_attr_def *attrs;
	size_t nattrs;
	const st_region_def *regions;
	size_t nregions;
	int nsuccessors; /* -1: any number */
	uint32_t traits; /* st_trait bits */
	/* Name of the parent op this op must be nested in, or NULL. */
	const char *parent;
	/* Declarative custom assembly format (see docs/assembly-format.md). */
	const char *format;
	/* C hooks when the format cannot express the syntax. */
	st_status (*parse)(st_parser *p, st_parse_state *s);
	void (*print)(st_printer *p, st_op *op);
	/* Extra verification after the table-driven checks. */
	st_status (*verify)(st_op *op);
	/* Verification that needs the regions verified first. */
	st_status (*verify_regions)(st_op *op);
	/* Fold: given constant operands (NULL where not constant), fill one
	 * result per op result and return true, or fold in place (changing the
	 * op) and return true with results left NULL. */
	bool (*fold)(st_op *op, st_attr *const *operands, st_fold_result *results);
	/* Canonicalization patterns; the pattern API is in strata/rewrite.h. */
	void (*canonicalization_patterns)(void *pattern_set);
	void (*result_names)(st_op *op, st_name_fn fn, void *ud);
	/* The dialect whose ops may be written without prefix inside this op's
	 * regions (func.func: "func", so `return` means func.return). */
	const char *default_dialect;
	const st_interface_impl *interfaces;
	size_t ninterfaces;
	/* Lets the interpreter find its hook without a separate table. */
	const void *interp;
	/* How MLIR 14 spelled this op, when differently (`--mlir14`): its name
	 * ("std.return" for func.return) and changed attributes. */
	const char *mlir14_name;
	const st_mlir14_attr *mlir14_attrs;
	size_t nmlir14_attrs;
};

/* ------------------------------------------------------------------ dialects */

typedef struct st_dialect_def {
	const char *name;
	const char *summary;
	const st_opdef *ops;
	size_t nops;
	/* `!name.body`: called after `!name.`; parse the body and return a type. */
	st_type *(*parse_type)(st_parser *p, st_dialect *d);
	void (*print_type)(st_printer *p, const st_type *t);
	/* `#name.body`; `type` is the type after a trailing `:`, if any. */
	st_attr *(*parse_attr)(st_parser *p, st_dialect *d, st_type *type);
	void (*print_attr)(st_printer *p, const st_attr *a);
	/* Build a constant op of `type` holding `value` (detached), or NULL. */
	st_op *(*materialize_constant)(st_context *ctx, st_attr *value, st_type *type, st_attr *loc);
	/* Verify a discardable attribute of this dialect (`name.attr`) on an op. */
	st_status (*verify_op_attr)(st_op *op, st_named_attr attr);
	/* Verify an attribute of this dialect on argument `arg` of a function-like
	 * op (an entry of its `arg_attrs`, MLIR's verifyRegionArgAttribute);
	 * the op's own verifier calls it (func.func does). */
	st_status (*verify_arg_attr)(st_op *op, size_t arg, st_named_attr attr);
	/* Other dialects this one needs (loaded first). */
	const char *const *dependencies;
} st_dialect_def;

/* Registers a dialect (idempotent for the same def).  Fails when another
 * dialect of the same name or an op of the same name is registered. */
ST_API st_status st_context_register_dialect(st_context *ctx, const st_dialect_def *def);
ST_API st_dialect *st_context_get_dialect(st_context *ctx, st_str name);
ST_API size_t st_context_num_dialects(const st_context *ctx);
ST_API st_dialect *st_context_dialect_at(const st_context *ctx, size_t i);
ST_API const st_dialect_def *st_dialect_get_def(const st_dialect *d);
ST_API st_ident *st_dialect_name(const st_dialect *d);
ST_API const st_opdef *st_context_lookup_opdef(st_context *ctx, st_str name);

/* The vtable an op (or op definition) attaches for interface `id`
 * (ST_IFACE_*), or NULL when it does not implement it. */
ST_API const void *st_op_interface(const st_op *op, const char *id);
ST_API const void *st_opdef_interface(const st_opdef *def, const char *id);

/* Registers builtin.  Every context has it from creation. */
ST_API st_status st_register_builtin_dialect(st_context *ctx);

/* The dense attribute index of `name` in a def, or -1. */
ST_API int st_opdef_attr_index(const st_opdef *def, const char *name);

#ifdef __cplusplus
}
#endif
#endif
