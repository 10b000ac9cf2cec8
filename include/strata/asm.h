/* Strata's text format: parsing and printing whole modules, and the API
 * that custom op syntax (C hooks) and dialect types/attributes use.
 */
#ifndef STRATA_ASM_H
#define STRATA_ASM_H

#include "strata/affine.h"
#include "strata/dialect.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_parse_options {
	/* Read MLIR 14 spellings (builtin.func, std.*, operand_segment_sizes). */
	bool mlir14;
	/* Line number of the buffer's first line (0 or 1: the start), for
	 * chunks of a split file; the whole file is registered separately. */
	unsigned first_line;
	/* Do not register the buffer as a diagnostic source (the caller
	 * registered the enclosing file). */
	bool no_register_source;
	/* The buffer is a read-only private file mapping: pages already parsed
	 * may be handed back to the kernel (they are re-read from the file if
	 * a diagnostic needs an old line), which keeps big inputs from staying
	 * resident. */
	bool release_consumed;
} st_parse_options;

/* Parses a whole buffer.  Ops outside a top-level builtin.module are wrapped
 * in one (as mlir-opt does).  Returns NULL after reporting errors.  The
 * buffer must outlive the context's diagnostics (it is registered as the
 * source of `filename` for carets).  Does not verify. */
ST_API st_op *st_parse_source(st_context *ctx, st_str buffer, const char *filename, const st_parse_options *opts);

/* Parses a single type or attribute from text (the whole text must be
 * consumed).  Errors are reported against `filename`. */
ST_API st_type *st_parse_type_str(st_context *ctx, st_str text);
ST_API st_attr *st_parse_attr_str(st_context *ctx, st_str text);

typedef struct st_print_options {
	bool generic;    /* --print-op-generic */
	bool debuginfo;  /* --print-debuginfo: print locations */
	bool mlir14;     /* write MLIR 14 spellings */
	bool no_aliases; /* print affine maps inline instead of #map aliases */
	/* The caller verified the op: skip the check that otherwise makes
	 * IR that does not verify print in the generic form. */
	bool assume_verified;
} st_print_options;

/* Prints an op (a whole module, typically), a type or an attribute in
 * MLIR's syntax through `w`.  `opts` may be NULL (the defaults). */
ST_API void st_print_op(st_op *op, const st_print_options *opts, st_write_fn w, void *ud);
ST_API void st_print_type(st_context *ctx, const st_type *t, st_write_fn w, void *ud);
ST_API void st_print_attr(st_context *ctx, const st_attr *a, st_write_fn w, void *ud);
/* Prints into `buf` (truncated to n-1 characters, always terminated) and
 * returns it: for messages. */
ST_API const char *st_type_str(st_context *ctx, const st_type *t, char *buf, size_t n);
ST_API const char *st_attr_str(st_context *ctx, const st_attr *a, char *buf, size_t n);
/* Convenience for debugging: print to stderr. */
ST_API void st_op_dump(st_op *op);

/* ----------------------------------------------- custom syntax: parsing */

typedef struct st_operand_ref {
	st_str name; /* with the leading % */
	unsigned number;
	/* Where it was written; st_parser_ref_loc makes a location of it
	 * (kept raw because most references never need one). */
	uint32_t line, col;
	/* Set by the parser: 1 + N for a name `%N`, 0 when not known (a
	 * reference built by hand); saves reading the digits twice. */
	uint32_t numeric;
} st_operand_ref;

typedef struct st_region_arg {
	st_operand_ref ref;
	st_type *type;
	st_attr *loc;   /* NULL: the ref's location */
	st_attr *attrs; /* argument attributes (func.func), or NULL */
} st_region_arg;

ST_API st_context *st_parser_context(st_parser *p); /* the context being parsed into */
/* Whether the text is read in MLIR 14's spelling (`--mlir14`): for the few
 * custom forms whose implicit parts differ (scf.parallel's terminator). */
ST_API bool st_parser_mlir14(const st_parser *p);
/* Reports an error at the current token; returns ST_FAIL. */
ST_API st_status st_parser_error(st_parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
ST_API st_attr *st_parser_loc(st_parser *p); /* location of the current token */
/* Reports an error at `loc` (saved earlier with st_parser_loc); returns
 * ST_FAIL and marks the parse failed so no second error follows. */
ST_API st_status st_parser_error_at(st_parser *p, st_attr *loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Punctuation: "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "->",
 * "?", "*", "+", "-", "...", "::", "|". */
ST_API bool st_parser_optional_punct(st_parser *p, const char *punct);
ST_API st_status st_parser_expect_punct(st_parser *p, const char *punct);
ST_API bool st_parser_optional_keyword(st_parser *p, const char *kw);
ST_API st_status st_parser_expect_keyword(st_parser *p, const char *kw);
/* A bare identifier. */
ST_API st_status st_parser_keyword(st_parser *p, st_str *out);
ST_API bool st_parser_peek_keyword(st_parser *p, st_str *out);
ST_API st_status st_parser_type(st_parser *p, st_type **out);
ST_API bool st_parser_peek_type(st_parser *p);
/* `type` is the expected type of a literal without `: type` (may be NULL). */
ST_API st_status st_parser_attr(st_parser *p, st_type *type, st_attr **out);
ST_API st_status st_parser_integer(st_parser *p, int64_t *out);
/* An integer literal for a `width`-bit integer (1..64): as in MLIR, it may be
 * written signed or unsigned (`-1` or `255` for i8); the result is the value
 * sign-extended from `width` bits. */
ST_API st_status st_parser_integer_of_width(st_parser *p, unsigned width, int64_t *out);
ST_API st_status st_parser_string(st_parser *p, st_str *out); /* unescaped, in context memory */
ST_API st_status st_parser_symbol_name(st_parser *p, st_str *out); /* @name */
ST_API bool st_parser_peek_operand(st_parser *p);
ST_API st_status st_parser_operand(st_parser *p, st_operand_ref *out);
ST_API st_attr *st_parser_ref_loc(st_parser *p, const st_operand_ref *ref);
ST_API st_status st_parser_resolve_operand(st_parser *p, const st_operand_ref *ref, st_type *type, st_value **out);
ST_API st_status st_parser_successor(st_parser *p, st_block **out);
/* `{ ... }` with the given entry block arguments (nargs may be 0). */
ST_API st_status st_parser_region(st_parser *p, st_region *r, size_t nargs, const st_region_arg *args);
ST_API bool st_parser_peek_punct(st_parser *p, const char *punct);
/* `loc(...)` if present. */
ST_API st_status st_parser_optional_loc(st_parser *p, st_attr **out);
/* `{a = 1, b}` if present, merged into the state's attributes. */
ST_API st_status st_parser_optional_attr_dict(st_parser *p, st_parse_state *s);

/* The op being parsed by a `parse` hook: what it has collected so far;
 * st_parse_state_loc is the op's location. */
ST_API st_context *st_parse_state_context(st_parse_state *s);
ST_API st_attr *st_parse_state_loc(st_parse_state *s);
ST_API size_t st_parse_state_num_result_names(st_parse_state *s); /* results named at the use site */
ST_API st_status st_parse_state_add_operand(st_parse_state *s, st_value *v);
ST_API st_status st_parse_state_add_result_type(st_parse_state *s, st_type *t);
ST_API st_status st_parse_state_add_attr(st_parse_state *s, const char *name, st_attr *a);
ST_API st_attr *st_parse_state_get_attr(st_parse_state *s, const char *name);
ST_API st_status st_parse_state_add_successor(st_parse_state *s, st_block *b);
/* MLIR's ensureTerminator, for a region a hook parsed: an empty region
 * gets a block, a block that does not end in a terminator gets `name`
 * with no operands at the op's location.  An unregistered last op might
 * be a terminator and is left alone. */
ST_API st_status st_parse_ensure_terminator(st_parse_state *s, st_region *r, const char *name);
/* A new region of the op being parsed (filled by st_parser_region). */
ST_API st_region *st_parse_state_add_region(st_parse_state *s);
ST_API size_t st_parse_state_num_operands(st_parse_state *s);
ST_API st_value *st_parse_state_operand(st_parse_state *s, size_t i);
ST_API size_t st_parse_state_num_result_types(st_parse_state *s);

/* An affine expression over SSA values at the current token (`%i + 1`,
 * `symbol(%n) * 2`, as affine.load's subscripts and affine.parallel's
 * bounds are written).  Each `%name` met is handed to `id` (its reference
 * as st_parser_operand reads it, and whether it was written `symbol(...)`),
 * which returns the dim or symbol it stands for, or NULL after writing a
 * message into errbuf.  Parsing stops before the first token that cannot
 * continue the expression. */
typedef st_affine_expr *(*st_parser_affine_id_fn)(void *ud, const st_operand_ref *ref, bool is_symbol,
                                                  char *errbuf, size_t errlen);
ST_API st_status st_parser_affine_expr(st_parser *p, st_parser_affine_id_fn id, void *ud, st_affine_expr **out);

/* ---------------------------------------------- custom syntax: printing */

/* Output of a `print` hook: raw text, then types, attributes, operands,
 * successors and regions in MLIR's syntax. */
ST_API void st_printer_write(st_printer *p, const char *data, size_t len);
ST_API void st_printer_puts(st_printer *p, const char *s);
ST_API void st_printer_printf(st_printer *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
ST_API void st_printer_type(st_printer *p, const st_type *t);
ST_API void st_printer_attr(st_printer *p, const st_attr *a);
/* An attribute without its `: type` suffix where the type is implied. */
ST_API void st_printer_attr_no_type(st_printer *p, const st_attr *a);
ST_API void st_printer_operand(st_printer *p, const st_value *v);
ST_API void st_printer_operands(st_printer *p, st_op *op, size_t start, size_t n);
ST_API void st_printer_successor(st_printer *p, const st_block *b);
ST_API void st_printer_symbol_name(st_printer *p, st_str name);
ST_API void st_printer_string(st_printer *p, st_str s); /* quoted, escaped */
/* ` {a = 1}` skipping the named attributes (NULL-terminated list). */
ST_API void st_printer_attr_dict(st_printer *p, const st_op *op, const char *const *elided, bool with_keyword);
/* Prints `{ ... }`.  When print_entry_args is false the entry block's
 * arguments are assumed printed by the op (as func.func does). */
ST_API void st_printer_region(st_printer *p, st_region *r, bool print_entry_args, bool print_terminators);
/* `%arg0: i32` with the location when debuginfo is on. */
ST_API void st_printer_block_arg_decl(st_printer *p, const st_value *v);
ST_API bool st_printer_debuginfo(const st_printer *p);
/* A line break followed by the current indentation plus `extra` spaces. */
ST_API void st_printer_newline(st_printer *p, int extra);
ST_API st_context *st_printer_context(const st_printer *p);

#ifdef __cplusplus
}
#endif
#endif
