/* Strata IR: contexts, identifiers, types, attributes, locations, values,
 * operations, blocks and regions.
 *
 * Ownership follows the verbs, as in MLIR's C API: `create` returns an object
 * the caller owns, `destroy` frees it, `get` returns something owned by
 * someone else (types, attributes and identifiers are owned by the context
 * and uniqued, so pointer equality is value equality), `take` detaches an
 * object from its parent and hands it to the caller.
 */
#ifndef STRATA_IR_H
#define STRATA_IR_H

#include "strata/support.h"
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_context st_context;
typedef struct st_ident st_ident;
typedef struct st_type st_type;
typedef struct st_attr st_attr;      /* attributes, including locations */
typedef struct st_value st_value;
typedef struct st_use st_use;
typedef struct st_op st_op;
typedef struct st_block st_block;
typedef struct st_region st_region;
typedef struct st_dialect st_dialect;
typedef struct st_opdef st_opdef;
typedef struct st_affine_map st_affine_map;
typedef struct st_integer_set st_integer_set;

/* ------------------------------------------------------------------ context */

/* A context with the default allocator (malloc); NULL when out of memory.
 * Destroying it frees everything it owns: IR, types, attributes, dialects. */
ST_API st_context *st_context_create(void);
/* A context whose every allocation goes through `alloc`. */
ST_API st_context *st_context_create_with_alloc(st_alloc_fn alloc, void *ud);
ST_API void st_context_destroy(st_context *ctx); /* NULL is fine */
/* Raw allocation through the context's allocator; failures are reported as
 * an "out of memory" diagnostic and return NULL. */
ST_API void *st_ctx_alloc(st_context *ctx, size_t size);
ST_API void *st_ctx_realloc(st_context *ctx, void *ptr, size_t osize, size_t nsize);
ST_API void st_ctx_free(st_context *ctx, void *ptr, size_t size);
/* Grows an array of `elt`-byte elements to hold `need` (capacity *cap, at
 * least doubling).  The array may start as the caller's `small` buffer,
 * which is copied out and never freed; free the array at the end with
 * st_ctx_free only if it is no longer `small`.  False when out of memory
 * (the array is then unchanged). */
ST_API bool st_ctx_grow(st_context *ctx, void **arr, size_t *cap, const void *small, size_t elt, size_t need);
/* Whether ops of dialects that are not registered may be created/parsed. */
ST_API void st_context_set_allow_unregistered(st_context *ctx, bool allow);
ST_API bool st_context_allows_unregistered(st_context *ctx);
/* True once an allocation has failed; everything after it fails cleanly. */
ST_API bool st_context_out_of_memory(st_context *ctx);

/* -------------------------------------------------------------- identifiers */

/* The identifier of a string, interned in the context: equal strings give
 * the same pointer.  NULL when out of memory. */
ST_API st_ident *st_ident_get(st_context *ctx, st_str s);
ST_API st_ident *st_ident_get_c(st_context *ctx, const char *s);
ST_API st_str st_ident_str(const st_ident *id);
/* The identifier is NUL-terminated, for convenience in messages. */
ST_API const char *st_ident_cstr(const st_ident *id);

/* -------------------------------------------------------------------- types */

typedef enum st_type_kind {
	ST_TYPE_INTEGER,
	ST_TYPE_INDEX,
	ST_TYPE_BF16,
	ST_TYPE_F16,
	ST_TYPE_F32,
	ST_TYPE_F64,
	ST_TYPE_NONE,
	ST_TYPE_FUNCTION,
	ST_TYPE_TUPLE,
	ST_TYPE_VECTOR,
	ST_TYPE_RANKED_TENSOR,
	ST_TYPE_UNRANKED_TENSOR,
	ST_TYPE_MEMREF,
	ST_TYPE_UNRANKED_MEMREF,
	ST_TYPE_COMPLEX,
	ST_TYPE_OPAQUE,  /* !dialect.body or !dialect<"body"> of an unknown dialect */
	ST_TYPE_DIALECT, /* a type defined by a registered dialect */
} st_type_kind;

typedef enum st_signedness { ST_SIGNLESS, ST_SIGNED, ST_UNSIGNED } st_signedness;

/* The marker of a dynamic dimension (`?`), as in MLIR. */
#define ST_DYNAMIC INT64_MIN
/* The widest integer type MLIR accepts. */
#define ST_MAX_INT_WIDTH 16777215u

/* Builtin types, uniqued in the context (NULL when out of memory); the
 * getters below read them. */
ST_API st_type_kind st_type_get_kind(const st_type *t);
ST_API st_type *st_integer_type(st_context *ctx, unsigned width, st_signedness s);
ST_API st_type *st_index_type(st_context *ctx);
ST_API st_type *st_float_type(st_context *ctx, st_type_kind kind);
ST_API st_type *st_none_type(st_context *ctx);
ST_API st_type *st_function_type(st_context *ctx, size_t nin, st_type *const *in, size_t nout,
                          st_type *const *out);
ST_API st_type *st_tuple_type(st_context *ctx, size_t n, st_type *const *elts);
/* `scalable` may be NULL; otherwise one flag per dimension (`[4]`). */
ST_API st_type *st_vector_type(st_context *ctx, size_t rank, const int64_t *shape, const bool *scalable,
                        st_type *elt);
ST_API st_type *st_tensor_type(st_context *ctx, size_t rank, const int64_t *shape, st_type *elt,
                        st_attr *encoding);
ST_API st_type *st_unranked_tensor_type(st_context *ctx, st_type *elt);
ST_API st_type *st_memref_type(st_context *ctx, size_t rank, const int64_t *shape, st_type *elt,
                        st_attr *layout, st_attr *memory_space);
ST_API st_type *st_unranked_memref_type(st_context *ctx, st_type *elt, st_attr *memory_space);
ST_API st_type *st_complex_type(st_context *ctx, st_type *elt);
ST_API st_type *st_opaque_type(st_context *ctx, st_str dialect, st_str body);
ST_API st_type *st_dialect_type(st_context *ctx, st_dialect *d, st_str mnemonic, size_t nparams,
                         st_attr *const *params);

ST_API bool st_type_is_integer(const st_type *t);         /* any signedness */
ST_API bool st_type_is_signless_integer(const st_type *t, unsigned width); /* width 0: any */
ST_API bool st_type_is_index(const st_type *t);
ST_API bool st_type_is_float(const st_type *t);
ST_API bool st_type_is_shaped(const st_type *t);          /* vector, tensor, memref */
ST_API unsigned st_type_int_width(const st_type *t);
ST_API st_signedness st_type_int_signedness(const st_type *t);
ST_API unsigned st_type_float_width(const st_type *t);
/* The IEEE layout of a float type kind: exponent and significand bits
 * (f16 5/10, bf16 8/7, f32 8/23, f64 11/52). */
ST_API void st_float_format(st_type_kind kind, int *exp_bits, int *mant_bits);
/* Function types. */
ST_API size_t st_type_num_inputs(const st_type *t);
ST_API st_type *st_type_input(const st_type *t, size_t i);
ST_API size_t st_type_num_results(const st_type *t);
ST_API st_type *st_type_result(const st_type *t, size_t i);
/* Tuples. */
ST_API size_t st_type_num_elements(const st_type *t);
ST_API st_type *st_type_tuple_element(const st_type *t, size_t i);
/* Shaped and complex types. */
ST_API st_type *st_type_element(const st_type *t);
ST_API bool st_type_has_rank(const st_type *t);
ST_API size_t st_type_rank(const st_type *t);
ST_API int64_t st_type_dim(const st_type *t, size_t i);
ST_API const int64_t *st_type_shape(const st_type *t);
ST_API bool st_type_dim_scalable(const st_type *t, size_t i);
/* The element count of a static shape; -1 when a size is dynamic (or the
 * type unranked), -2 when the sizes are static but their product does not
 * fit in int64_t (say which in a message: the shape is no dynamic one). */
ST_API int64_t st_type_num_elements_static(const st_type *t);
ST_API st_attr *st_type_encoding(const st_type *t);      /* tensor encoding or NULL */
ST_API st_attr *st_type_memref_layout(const st_type *t); /* NULL: identity */
ST_API st_attr *st_type_memory_space(const st_type *t);  /* NULL: default */
/* Current MLIR's strided layout `strided<[s0, s1], offset: o>` (a builtin
 * attribute; ST_DYNAMIC for `?`).  The rank is the number of strides. */
ST_API st_attr *st_strided_layout_attr(st_context *ctx, size_t rank, const int64_t *strides, int64_t offset);
ST_API bool st_attr_is_strided_layout(const st_attr *a);
ST_API size_t st_strided_layout_rank(const st_attr *a);
ST_API int64_t st_strided_layout_stride(const st_attr *a, size_t i);
ST_API int64_t st_strided_layout_offset(const st_attr *a);
/* The strides (one per dimension) and offset of a memref type with the
 * identity, a strided or a linear affine-map layout (MLIR's
 * getStridesAndOffset); ST_FAIL for other layouts. */
ST_API st_status st_memref_strides_and_offset(const st_type *t, int64_t *strides, int64_t *offset);
/* Opaque and dialect types. */
ST_API st_ident *st_type_dialect_name(const st_type *t);
ST_API st_str st_type_opaque_body(const st_type *t);
ST_API st_dialect *st_type_dialect(const st_type *t);
ST_API st_ident *st_type_mnemonic(const st_type *t);
ST_API size_t st_type_num_params(const st_type *t);
ST_API st_attr *st_type_param(const st_type *t, size_t i);
/* The same shaped type with another element type. */
ST_API st_type *st_type_with_element(st_context *ctx, st_type *shaped, st_type *elt);

/* --------------------------------------------------------------- attributes */

typedef enum st_attr_kind {
	ST_ATTR_INTEGER, /* includes bool (i1) */
	ST_ATTR_FLOAT,
	ST_ATTR_STRING,
	ST_ATTR_UNIT,
	ST_ATTR_ARRAY,
	ST_ATTR_DENSE_ARRAY,
	ST_ATTR_DICTIONARY,
	ST_ATTR_TYPE,
	ST_ATTR_SYMBOL_REF,
	ST_ATTR_AFFINE_MAP,
	ST_ATTR_INTEGER_SET,
	ST_ATTR_DENSE_ELEMENTS,
	ST_ATTR_OPAQUE,  /* #dialect.body of an unknown dialect */
	ST_ATTR_DIALECT, /* an attribute defined by a registered dialect */
	ST_ATTR_LOC_UNKNOWN,
	ST_ATTR_LOC_FILE,
	ST_ATTR_LOC_NAME,
	ST_ATTR_LOC_FUSED,
	ST_ATTR_LOC_CALLSITE,
} st_attr_kind;

typedef struct st_named_attr {
	st_ident *name;
	st_attr *value;
} st_named_attr;

/* Which attribute `a` is; whether it is a location (ST_ATTR_LOC_*). */
ST_API st_attr_kind st_attr_get_kind(const st_attr *a);
ST_API bool st_attr_is_loc(const st_attr *a);
/* The type carried by integer, float, string, dense and opaque attributes. */
ST_API st_type *st_attr_type(const st_attr *a);

/* Integers of any width: `value` is truncated/sign-extended to the width. */
ST_API st_attr *st_integer_attr(st_context *ctx, st_type *type, int64_t value);
/* `words` little-endian, 64 bits each; bits above the width are ignored. */
ST_API st_attr *st_integer_attr_words(st_context *ctx, st_type *type, size_t nwords, const uint64_t *words);
ST_API st_attr *st_bool_attr(st_context *ctx, bool value);
ST_API int64_t st_attr_int_value(const st_attr *a);   /* sign-extended low 64 bits (zero-ext if unsigned) */
ST_API uint64_t st_attr_int_uvalue(const st_attr *a); /* zero-extended low 64 bits */
ST_API size_t st_attr_int_num_words(const st_attr *a);
ST_API const uint64_t *st_attr_int_words(const st_attr *a);
ST_API bool st_attr_is_bool(const st_attr *a);

/* Floats; the value is rounded to the type's precision. */
ST_API st_attr *st_float_attr(st_context *ctx, st_type *type, double value);
/* A float attribute from its bit pattern (hex form, NaN payloads). */
ST_API st_attr *st_float_attr_bits(st_context *ctx, st_type *type, uint64_t bits);
ST_API double st_attr_float_value(const st_attr *a);
ST_API uint64_t st_attr_float_bits(const st_attr *a);

/* "text" (the bytes are copied), optionally typed: "text" : i32. */
ST_API st_attr *st_string_attr(st_context *ctx, st_str s);
ST_API st_attr *st_typed_string_attr(st_context *ctx, st_str s, st_type *type);
ST_API st_str st_attr_string(const st_attr *a);

ST_API st_attr *st_unit_attr(st_context *ctx); /* `unit`, the value of a flag attribute */

/* [a, b, c]: an array of any attributes. */
ST_API st_attr *st_array_attr(st_context *ctx, size_t n, st_attr *const *elts);
ST_API size_t st_attr_array_size(const st_attr *a);
ST_API st_attr *st_attr_array_elt(const st_attr *a, size_t i);

/* array<i32: 1, 2>: integers are stored as int64, floats as double. */
ST_API st_attr *st_dense_int_array_attr(st_context *ctx, st_type *elt, size_t n, const int64_t *vals);
ST_API st_attr *st_dense_float_array_attr(st_context *ctx, st_type *elt, size_t n, const double *vals);
ST_API size_t st_attr_dense_array_size(const st_attr *a);
ST_API int64_t st_attr_dense_array_int(const st_attr *a, size_t i);
ST_API double st_attr_dense_array_float(const st_attr *a, size_t i);

/* Dictionaries are sorted by name; entries with duplicate names are an error
 * the caller must rule out (st_dict_attr asserts against it). */
ST_API st_attr *st_dict_attr(st_context *ctx, size_t n, const st_named_attr *entries);
ST_API size_t st_attr_dict_size(const st_attr *a);
ST_API st_named_attr st_attr_dict_entry(const st_attr *a, size_t i);
ST_API st_attr *st_attr_dict_get(const st_attr *a, const st_ident *name);
ST_API st_attr *st_attr_dict_get_c(const st_attr *a, const char *name);

/* A type used as an attribute (`function_type = (i32) -> i32`). */
ST_API st_attr *st_type_attr(st_context *ctx, st_type *t);
ST_API st_type *st_attr_type_value(const st_attr *a);

/* @root::@n1::@n2 */
ST_API st_attr *st_symbol_ref_attr(st_context *ctx, st_str root, size_t nnested, const st_str *nested);
ST_API st_ident *st_attr_symbol_root(const st_attr *a);
ST_API size_t st_attr_symbol_num_nested(const st_attr *a);
ST_API st_ident *st_attr_symbol_nested(const st_attr *a, size_t i);
ST_API st_ident *st_attr_symbol_leaf(const st_attr *a);

/* affine_map<...> and affine_set<...> as attributes (strata/affine.h). */
ST_API st_attr *st_affine_map_attr(st_context *ctx, const st_affine_map *map);
ST_API const st_affine_map *st_attr_affine_map(const st_attr *a);
ST_API st_attr *st_integer_set_attr(st_context *ctx, const st_integer_set *set);
ST_API const st_integer_set *st_attr_integer_set(const st_attr *a);

/* dense<...> : shaped type.  One value per element, or one value for a splat.
 * Integer elements are int64, float elements double, complex elements take
 * two slots (re, im). */
ST_API st_attr *st_dense_int_elements_attr(st_context *ctx, st_type *shaped, size_t n, const int64_t *vals);
ST_API st_attr *st_dense_float_elements_attr(st_context *ctx, st_type *shaped, size_t n, const double *vals);
ST_API bool st_attr_dense_is_splat(const st_attr *a);
ST_API size_t st_attr_dense_num_values(const st_attr *a); /* 1 for a splat */
ST_API int64_t st_attr_dense_int(const st_attr *a, size_t i);
ST_API double st_attr_dense_float(const st_attr *a, size_t i);

/* #dialect.body or #dialect<"body"> of a dialect that is not registered. */
ST_API st_attr *st_opaque_attr(st_context *ctx, st_str dialect, st_str body, st_type *type);
ST_API st_ident *st_attr_dialect_name(const st_attr *a);
ST_API st_str st_attr_opaque_body(const st_attr *a);
ST_API st_attr *st_dialect_attr(st_context *ctx, st_dialect *d, st_str mnemonic, size_t nparams,
                         st_attr *const *params);
ST_API st_dialect *st_attr_dialect(const st_attr *a);
ST_API st_ident *st_attr_mnemonic(const st_attr *a);
ST_API size_t st_attr_num_params(const st_attr *a);
ST_API st_attr *st_attr_param(const st_attr *a, size_t i);

/* ---------------------------------------------------------------- locations */

/* Locations are attributes: unknown, file:line:col, a name (`"x"(loc)`),
 * fused and call-site locations, as MLIR's `loc(...)`. */
ST_API st_attr *st_loc_unknown(st_context *ctx);
ST_API st_attr *st_loc_file(st_context *ctx, st_str file, unsigned line, unsigned col);
/* "file":l1:c1 to l2:c2 */
ST_API st_attr *st_loc_file_range(st_context *ctx, st_str file, unsigned line, unsigned col,
                           unsigned end_line, unsigned end_col);
ST_API st_attr *st_loc_name(st_context *ctx, st_str name, st_attr *child /* NULL: unknown */);
ST_API st_attr *st_loc_fused(st_context *ctx, size_t n, st_attr *const *locs, st_attr *metadata);
ST_API st_attr *st_loc_callsite(st_context *ctx, st_attr *callee, st_attr *caller);
ST_API st_ident *st_loc_filename(const st_attr *loc);
ST_API unsigned st_loc_line(const st_attr *loc);
ST_API unsigned st_loc_col(const st_attr *loc);
/* The first file:line:col location found inside `loc`, or NULL. */
ST_API const st_attr *st_loc_find_file(const st_attr *loc);

/* ---------------------------------------------------------- values and uses */

/* A value is an op result or a block argument.  Retyping one does not
 * check its uses (conversions do that). */
ST_API st_type *st_value_type(const st_value *v);
ST_API void st_value_set_type(st_value *v, st_type *t);
ST_API bool st_value_is_block_arg(const st_value *v);
/* The op defining a result, or NULL for a block argument. */
ST_API st_op *st_value_defining_op(const st_value *v);
ST_API st_block *st_value_owner_block(const st_value *v); /* block arguments only */
ST_API unsigned st_value_index(const st_value *v);        /* result or argument number */
ST_API st_attr *st_value_loc(const st_value *v);
ST_API st_use *st_value_first_use(const st_value *v);
ST_API bool st_value_has_uses(const st_value *v);
ST_API bool st_value_has_one_use(const st_value *v);
ST_API void st_value_replace_all_uses(st_value *from, st_value *to);
ST_API st_use *st_use_next(const st_use *u);
ST_API st_op *st_use_owner(const st_use *u);
/* The operand number, or for a predecessor use (st_block_first_pred_use)
 * the successor number in its terminator. */
ST_API unsigned st_use_operand_index(const st_use *u);
ST_API st_value *st_use_value(const st_use *u);

/* ------------------------------------------------------------------ traits */

typedef enum st_trait {
	ST_TRAIT_TERMINATOR = 1u << 0,
	ST_TRAIT_ISOLATED_FROM_ABOVE = 1u << 1,
	ST_TRAIT_SYMBOL_TABLE = 1u << 2,
	ST_TRAIT_SYMBOL = 1u << 3,
	ST_TRAIT_PURE = 1u << 4, /* no side effects, speculatable */
	ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE = 1u << 5,
	ST_TRAIT_SAME_TYPE_OPERANDS = 1u << 6,
	ST_TRAIT_COMMUTATIVE = 1u << 7,
	ST_TRAIT_NO_TERMINATOR = 1u << 8,
	ST_TRAIT_SINGLE_BLOCK = 1u << 9,
	ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS = 1u << 10,
	ST_TRAIT_ATTR_SIZED_RESULT_SEGMENTS = 1u << 11,
	ST_TRAIT_RETURN_LIKE = 1u << 12,
	ST_TRAIT_CONSTANT_LIKE = 1u << 13,
	ST_TRAIT_AFFINE_SCOPE = 1u << 14,
	ST_TRAIT_ELEMENTWISE = 1u << 15,
	ST_TRAIT_SAME_OPERANDS_AND_RESULT_SHAPE = 1u << 16,
	ST_TRAIT_RECURSIVE_MEMORY_EFFECTS = 1u << 17,
	ST_TRAIT_IDEMPOTENT = 1u << 18,
	ST_TRAIT_INVOLUTION = 1u << 19,
	ST_TRAIT_SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = 1u << 20,
	ST_TRAIT_SCALAR_OR_SAME_SHAPE_RESULT_I1 = 1u << 21, /* comparisons */
} st_trait;

/* ---------------------------------------------------------------- operations */

/* Everything needed to create an op (after MLIR's OperationState).  Regions
 * are created empty; fill them with st_region_append_block or
 * st_region_take_body.  `attrs` may be NULL (empty dictionary). */
typedef struct st_op_state {
	st_str name;
	st_attr *loc;
	size_t noperands;
	st_value *const *operands;
	size_t nresults;
	st_type *const *result_types;
	st_attr *attrs; /* a dictionary attribute */
	size_t nsuccessors;
	st_block *const *successors;
	size_t nregions;
} st_op_state;

/* Creates a detached op.  Returns NULL (with a diagnostic) on allocation
 * failure.  It does not verify: st_verify does. */
ST_API st_op *st_op_create(st_context *ctx, const st_op_state *state);
/* Frees a detached op and everything inside it.  Its results must be unused
 * (uses from inside the op itself are fine). */
ST_API void st_op_destroy(st_op *op);
/* Unlinks the op from its block and destroys it. */
ST_API void st_op_erase(st_op *op);
ST_API st_context *st_op_context(const st_op *op);
ST_API st_ident *st_op_name(const st_op *op);
ST_API const char *st_op_name_cstr(const st_op *op);
/* The registered definition, or NULL for an unregistered op. */
ST_API const st_opdef *st_op_def(const st_op *op);
ST_API st_dialect *st_op_dialect(const st_op *op);
ST_API bool st_op_is_registered(const st_op *op);
ST_API bool st_op_has_trait(const st_op *op, st_trait trait);
ST_API st_attr *st_op_loc(const st_op *op);
ST_API void st_op_set_loc(st_op *op, st_attr *loc);

/* Operands, with their use-list entries.  Setting one relinks the use;
 * st_op_set_operands replaces them all (fails when out of memory). */
ST_API size_t st_op_num_operands(const st_op *op);
ST_API st_value *st_op_operand(const st_op *op, size_t i);
ST_API st_use *st_op_operand_use(st_op *op, size_t i);
ST_API void st_op_set_operand(st_op *op, size_t i, st_value *v);
ST_API st_status st_op_set_operands(st_op *op, size_t n, st_value *const *vals);
/* Insert or erase operands, relinking uses. */
ST_API st_status st_op_insert_operands(st_op *op, size_t pos, size_t n, st_value *const *vals);
ST_API void st_op_erase_operands(st_op *op, size_t pos, size_t n);

/* Results: values defined by the op, one per result type. */
ST_API size_t st_op_num_results(const st_op *op);
ST_API st_value *st_op_result(const st_op *op, size_t i);
/* Whether no result of the op has a use. */
ST_API bool st_op_results_unused(const st_op *op);
ST_API void st_op_replace_all_uses(st_op *op, st_value *const *with);

/* The op's attributes: a dictionary attribute (never NULL), read by name
 * (NULL when absent) and changed by replacing the dictionary; setting NULL
 * removes an entry; remove returns whether there was one. */
ST_API st_attr *st_op_attrs(const st_op *op);
ST_API void st_op_set_attrs(st_op *op, st_attr *dict);
ST_API st_attr *st_op_get_attr(const st_op *op, const char *name);
ST_API st_attr *st_op_get_attr_id(const st_op *op, const st_ident *name);
ST_API void st_op_set_attr(st_op *op, const char *name, st_attr *value);
ST_API void st_op_set_attr_id(st_op *op, st_ident *name, st_attr *value);
ST_API bool st_op_remove_attr(st_op *op, const char *name);

/* Regions, created with the op (st_op_state.nregions). */
ST_API size_t st_op_num_regions(const st_op *op);
ST_API st_region *st_op_region(st_op *op, size_t i);

/* Successor blocks of a terminator. */
ST_API size_t st_op_num_successors(const st_op *op);
ST_API st_block *st_op_successor(const st_op *op, size_t i);
ST_API void st_op_set_successor(st_op *op, size_t i, st_block *b);

/* Where the op is: its block (NULL when detached), the op and region
 * holding that block, and its neighbours in the block (NULL at the ends). */
ST_API st_block *st_op_block(const st_op *op);
ST_API st_op *st_op_parent_op(const st_op *op);
ST_API st_region *st_op_parent_region(const st_op *op);
ST_API st_op *st_op_next(const st_op *op);
ST_API st_op *st_op_prev(const st_op *op);
/* Whether `a` comes before `b` in their common block; amortised O(1). */
ST_API bool st_op_is_before_in_block(const st_op *a, const st_op *b);
/* Whether `op` is `ancestor` or nested inside it. */
ST_API bool st_op_is_ancestor(const st_op *ancestor, const st_op *op);
ST_API void st_op_move_before(st_op *op, st_op *before);
ST_API void st_op_move_after(st_op *op, st_op *after);
/* Detach from the parent block without destroying. */
ST_API void st_op_remove(st_op *op);

/* Operand and result groups of ops with variadic/optional operands.  Group i
 * is the i-th operand declared in the op definition; returns the first index
 * and count; fails when the op is unregistered or malformed. */
ST_API st_status st_op_operand_group(const st_op *op, size_t group, size_t *start, size_t *count);
ST_API st_status st_op_result_group(const st_op *op, size_t group, size_t *start, size_t *count);
/* Named operand/result groups: the single value of a group by its name. */
ST_API st_value *st_op_operand_named(const st_op *op, const char *name);

/* Value map used by cloning. */
typedef struct st_value_map st_value_map;
ST_API st_value_map *st_value_map_create(st_context *ctx);
ST_API void st_value_map_destroy(st_value_map *m);
ST_API void st_value_map_add(st_value_map *m, const st_value *from, st_value *to);
ST_API st_value *st_value_map_lookup(const st_value_map *m, const st_value *from); /* or NULL */
ST_API st_value *st_value_map_lookup_or_self(const st_value_map *m, st_value *from);
ST_API void st_value_map_add_block(st_value_map *m, const st_block *from, st_block *to);
ST_API st_block *st_value_map_lookup_block(const st_value_map *m, const st_block *from);

/* Deep copy; operands defined outside the op are remapped through `map`
 * (when given; otherwise kept), and the map receives the new results. */
ST_API st_op *st_op_clone(st_op *op, st_value_map *map);

/* ---------------------------------------------------------- blocks, regions */

/* A detached, empty block without arguments. */
ST_API st_block *st_block_create(st_context *ctx);
/* Frees a detached block with its ops and arguments. */
ST_API void st_block_destroy(st_block *b);
ST_API st_value *st_block_add_arg(st_block *b, st_type *type, st_attr *loc);
ST_API st_value *st_block_insert_arg(st_block *b, size_t pos, st_type *type, st_attr *loc);
/* The argument must be unused. */
ST_API void st_block_erase_arg(st_block *b, size_t pos);
ST_API size_t st_block_num_args(const st_block *b);
ST_API st_value *st_block_arg(const st_block *b, size_t i);
ST_API st_op *st_block_first_op(const st_block *b);
ST_API st_op *st_block_last_op(const st_block *b);
ST_API bool st_block_is_empty(const st_block *b);
/* The last op if it is a terminator (or unregistered), else NULL. */
ST_API st_op *st_block_terminator(const st_block *b);
ST_API st_region *st_block_parent_region(const st_block *b);
ST_API st_op *st_block_parent_op(const st_block *b);
ST_API st_block *st_block_next(const st_block *b);
ST_API st_block *st_block_prev(const st_block *b);
ST_API bool st_block_is_entry(const st_block *b);
ST_API void st_block_append_op(st_block *b, st_op *op);
ST_API void st_block_prepend_op(st_block *b, st_op *op);
ST_API void st_block_insert_op_before(st_block *b, st_op *before, st_op *op); /* before NULL: append */
/* Predecessors are the owners of the block's uses (terminator successor slots). */
ST_API st_use *st_block_first_pred_use(const st_block *b);
ST_API bool st_block_has_preds(const st_block *b);
/* Unlink from the region without destroying. */
ST_API void st_block_remove(st_block *b);
/* Split before `op`: ops from `op` to the end move to a new block after b. */
ST_API st_block *st_block_split(st_block *b, st_op *op);

/* Regions hold a list of blocks; the first is the entry block.  An index
 * is the region's position in its op. */
ST_API st_block *st_region_first_block(const st_region *r);
ST_API st_block *st_region_last_block(const st_region *r);
ST_API bool st_region_is_empty(const st_region *r);
ST_API size_t st_region_num_blocks(const st_region *r);
ST_API st_op *st_region_parent_op(const st_region *r);
ST_API size_t st_region_index(const st_region *r);
ST_API void st_region_append_block(st_region *r, st_block *b);
ST_API void st_region_insert_block_before(st_region *r, st_block *before, st_block *b);
/* Moves every block of `src` to the end of `dst`. */
ST_API void st_region_take_body(st_region *dst, st_region *src);
/* Destroys every block of the region. */
ST_API void st_region_clear(st_region *r);
/* Clone the blocks of `src` to the end of `dst`, remapping through `map`.
 * A block argument `map` already maps is not recreated (as in MLIR: the
 * caller replaces it, e.g. an inliner mapping arguments to call operands). */
ST_API st_status st_region_clone_into(st_region *src, st_region *dst, st_value_map *map);

/* ------------------------------------------------------------------ walking */

typedef enum st_walk_order { ST_WALK_PRE, ST_WALK_POST } st_walk_order;
typedef enum st_walk_result { ST_WALK_ADVANCE, ST_WALK_SKIP, ST_WALK_INTERRUPT } st_walk_result;
typedef st_walk_result (*st_walk_fn)(st_op *op, void *ud);
/* Visits `op` and every op nested in it.  ST_WALK_SKIP (pre-order only)
 * skips the op's regions.  The callback may erase the op it is given in
 * post-order walks.  Returns ST_WALK_INTERRUPT if interrupted. */
ST_API st_walk_result st_walk(st_op *op, st_walk_order order, st_walk_fn fn, void *ud);

/* ------------------------------------------------------------- symbol tables */

/* The symbol name of an op (its `sym_name` string attribute), or NULL. */
ST_API st_ident *st_symbol_name(const st_op *op);
/* Direct lookup in a symbol table op's region. */
ST_API st_op *st_symbol_lookup(st_op *table, st_str name);
/* Resolve a (possibly nested) symbol reference from the nearest symbol table
 * enclosing `from` (MLIR's lookupNearestSymbolFrom). */
ST_API st_op *st_symbol_lookup_nearest(st_op *from, const st_attr *symref);
ST_API st_op *st_symbol_table_of(st_op *op); /* nearest enclosing symbol table op */

/* A cached symbol table for repeated lookups and unique insertion. */
typedef struct st_symbol_table st_symbol_table;
ST_API st_symbol_table *st_symbol_table_create(st_op *table_op);
ST_API void st_symbol_table_destroy(st_symbol_table *t);
ST_API st_op *st_symbol_table_lookup(const st_symbol_table *t, st_str name);
/* Inserts `sym` (appending to the table's body if detached); renames it to
 * `name_N` if the name is taken; returns its final name. */
ST_API st_ident *st_symbol_table_insert(st_symbol_table *t, st_op *sym);
ST_API void st_symbol_table_remove(st_symbol_table *t, st_op *sym);
/* Renames `sym` and every nested reference to it inside `table_op`. */
ST_API st_status st_symbol_rename(st_op *sym, st_str new_name);

/* -------------------------------------------------------------- diagnostics */

typedef enum st_severity { ST_SEV_NOTE, ST_SEV_REMARK, ST_SEV_WARNING, ST_SEV_ERROR } st_severity;
typedef struct st_diag st_diag;
typedef struct st_diag_info {
	st_severity severity;
	const st_attr *loc;
	const char *message;
	size_t nnotes;
	const struct st_diag_info *notes;
} st_diag_info;
/* Returns true when the handler consumed the diagnostic. */
typedef bool (*st_diag_handler)(void *ud, const st_diag_info *d);

/* Handlers form a stack; the newest one sees diagnostics first.  With none
 * installed (or when all decline), the default handler prints
 * `file:line:col: error: message`, the source line and a caret to stderr. */
/* Fails (out of memory) without changing the stack; pop only after a push
 * that succeeded. */
ST_API st_status st_context_push_diag_handler(st_context *ctx, st_diag_handler h, void *ud);
ST_API void st_context_pop_diag_handler(st_context *ctx);
/* Where the default handler writes; NULL restores stderr. */
ST_API void st_context_set_diag_output(st_context *ctx, st_write_fn w, void *ud);
/* Source buffers, so that diagnostics can show the source line. */
ST_API void st_context_add_source(st_context *ctx, st_str filename, st_str buffer);
/* Count of errors reported since the context was created. */
ST_API size_t st_context_num_errors(const st_context *ctx);

/* A diagnostic built in steps: a printf-style message, more text, notes at
 * other locations; nothing is reported until st_diag_emit. */
ST_API st_diag *st_diag_create(st_context *ctx, st_severity sev, const st_attr *loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
ST_API st_diag *st_diag_createv(st_context *ctx, st_severity sev, const st_attr *loc, const char *fmt, va_list ap);
ST_API void st_diag_append(st_diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
ST_API void st_diag_note(st_diag *d, const st_attr *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Reports and frees the diagnostic; returns ST_FAIL for errors, else ST_OK. */
ST_API st_status st_diag_emit(st_diag *d);
/* Shorthands that report at once. */
ST_API st_status st_error(st_context *ctx, const st_attr *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
ST_API void st_warning(st_context *ctx, const st_attr *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "'op.name' op <message>" at the op's location, as MLIR words it. */
ST_API st_status st_op_error(const st_op *op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
ST_API st_diag *st_op_diag(const st_op *op, st_severity sev, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Render a diagnostic the way the default handler does. */
ST_API void st_diag_render(st_context *ctx, const st_diag_info *d, st_write_fn w, void *ud);

/* --verify-diagnostics: collects the `expected-*` annotations of `buffer`
 * and checks every diagnostic against them until finished.  Finishing
 * reports diagnostics that were expected but not produced, and fails if
 * any diagnostic was unexpected or missing. */
typedef struct st_diag_verifier st_diag_verifier;
ST_API st_diag_verifier *st_diag_verifier_create(st_context *ctx, st_str buffer, const char *filename);
ST_API st_status st_diag_verifier_finish(st_diag_verifier *v);

/* ----------------------------------------------------------- verification */

/* Structure, terminators, dominance, op definitions and hooks. */
ST_API st_status st_verify(st_op *op);

#ifdef __cplusplus
}
#endif
#endif
