/* The .hl frontend's program model, shared by its files: the syntax tree
 * the grammar builds (expressions, statements), the checked program that
 * semantic analysis makes of it (funcs, vars, reduction domains, schedules),
 * the memory of one import and its located errors. */
#ifndef STRATA_HL_AST_H
#define STRATA_HL_AST_H

#include "strata/blocklist.h"
#include "strata/halide.h"
#include "strata/ir.h"

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ types */

/* Halide's scalar types: the code and the width (bool is uint 1). */
typedef enum st__hl_tcode { ST__HL_INT, ST__HL_UINT, ST__HL_FLOAT, ST__HL_BFLOAT } st__hl_tcode;
typedef struct st__hl_type {
	uint8_t code, bits;
} st__hl_type;

bool st__hl_type_eq(st__hl_type a, st__hl_type b);
bool st__hl_is_float(st__hl_type t); /* f32 or bf16 */
bool st__hl_is_bool(st__hl_type t);
bool st__hl_is_signed(st__hl_type t);
/* "u8", "i32", "f32", "bf16", "bool" */
const char *st__hl_type_name(st__hl_type t);
/* The type spelled `name` (u8 ... f32, bf16, bool); false if none. */
bool st__hl_type_from_name(st_str name, st__hl_type *out);

/* ------------------------------------------------------------ syntax tree */

typedef enum st__hl_ekind {
	ST__HL_E_INT,    /* integer literal: i */
	ST__HL_E_FLOAT,  /* float literal: f */
	ST__HL_E_NAME,   /* identifier (resolved by sema into VAR/RVAR/...) */
	ST__HL_E_MEMBER, /* base.name (r.x) */
	ST__HL_E_CALL,   /* name(args): a func, image, table, intrinsic or cast */
	ST__HL_E_METHOD, /* base.name(args), in schedules */
	ST__HL_E_SCOPED, /* Scope::name */
	ST__HL_E_LIST,   /* { args } */
	ST__HL_E_BIN,    /* a op b: op is an st__hl_binop */
	ST__HL_E_UN,     /* op a: '-', '!', '~' */
	/* Made by sema. */
	ST__HL_E_VAR,    /* pure var: ref = var index */
	ST__HL_E_RVAR,   /* reduction var: ref = rdom, dim = dimension */
	ST__HL_E_FCALL,  /* call of func `ref` with args */
	ST__HL_E_INTRIN, /* op is an st__hl_intrin, args */
	ST__HL_E_CAST,   /* args[0] converted to `type` */
} st__hl_ekind;

typedef enum st__hl_binop {
	ST__HL_ADD, ST__HL_SUB, ST__HL_MUL, ST__HL_DIV, ST__HL_MOD,
	ST__HL_SHL, ST__HL_SHR, ST__HL_AND, ST__HL_OR, ST__HL_XOR,
	ST__HL_LT, ST__HL_LE, ST__HL_GT, ST__HL_GE, ST__HL_EQ, ST__HL_NE,
	ST__HL_LAND, ST__HL_LOR,
	ST__HL_NBINOP
} st__hl_binop;
extern const char *const st__hl_binop_names[]; /* "+", "-", ... */

typedef enum st__hl_intrin {
	ST__HL_SELECT, ST__HL_MIN, ST__HL_MAX, ST__HL_ABS, ST__HL_ABSD, ST__HL_CLAMP,
	ST__HL_SQRT, ST__HL_EXP, ST__HL_LOG, ST__HL_POW, ST__HL_FLOOR, ST__HL_CEIL, ST__HL_ROUND,
	ST__HL_NEG, ST__HL_NOT, ST__HL_BITNOT, /* the unary operators, once typed */
	ST__HL_POWI, /* pow(a, n) with an integer literal n (in i): Halide multiplies */
	ST__HL_NINTRIN
} st__hl_intrin;
extern const char *const st__hl_intrin_names[];

typedef struct st__hl_expr st__hl_expr;
struct st__hl_expr {
	st__hl_ekind kind;
	int op;
	int line, col;
	st__hl_type type; /* after sema */
	bool literal;     /* an untyped integer or float literal (Halide's int/float overloads) */
	int64_t i;
	double f;
	st_str name;
	st__hl_expr *base;
	st__hl_expr **args;
	size_t nargs, cap;
	int ref, dim;
};

/* The source's statements, in order. */
typedef enum st__hl_skind {
	ST__HL_S_VAR,    /* Var a, b; (names) */
	ST__HL_S_FUNC,   /* Func f, g; (names) */
	ST__HL_S_RDOM,   /* RDom r(min, extent, ...); names[0], args */
	ST__HL_S_IMAGE,  /* ImageParam in(Type, dims); names[0], args */
	ST__HL_S_TABLE,  /* Table k(Type) = {...}; names[0], args[0] type, init list */
	ST__HL_S_DEF,    /* lhs = rhs, or lhs op= rhs (op: -1 for '=') */
	ST__HL_S_EXPR,   /* a schedule chain or realize(...) */
} st__hl_skind;

typedef struct st__hl_name {
	st_str s;
	int line, col;
} st__hl_name;

typedef struct st__hl_stmt {
	st__hl_skind kind;
	int line, col;
	st__hl_name *names;
	size_t nnames, ncap;
	st__hl_expr *lhs, *rhs; /* DEF: lhs is a CALL; EXPR: lhs; RDOM/IMAGE/TABLE: lhs is the argument list */
	int op;
	st__hl_expr *init; /* TABLE: the nested list */
	struct st__hl_stmt *next;
} st__hl_stmt;

/* ---------------------------------------------------------- the program */

#define ST__HL_MAX_DIMS 4
#define ST__HL_MAX_RDIMS 4

typedef struct st__hl_var {
	st_str name;
	int line, col;
} st__hl_var;

typedef struct st__hl_rdom {
	st_str name;
	int line, col;
	int n;
	int64_t min[ST__HL_MAX_RDIMS], extent[ST__HL_MAX_RDIMS];
} st__hl_rdom;

/* A loop of a stage after splits and fuses, outermost first in the
 * stage's dims list.  Names are var names (or fused names). */
typedef enum st__hl_forkind { ST__HL_SERIAL, ST__HL_UNROLLED, ST__HL_VECTORIZED, ST__HL_PARALLEL } st__hl_forkind;
typedef enum st__hl_tail { ST__HL_TAIL_AUTO, ST__HL_TAIL_ROUNDUP, ST__HL_TAIL_GUARD, ST__HL_TAIL_SHIFT } st__hl_tail;

typedef struct st__hl_dim {
	st_str name;
	bool rvar; /* a reduction var, or split from one */
	st__hl_forkind kind;
	int64_t factor; /* unroll/vectorize factor (0: whole loop) */
	int line, col;  /* the directive that set the kind */
} st__hl_dim;

/* One split (or fuse) in the order the schedule wrote them. */
typedef struct st__hl_split {
	bool fuse;
	st_str old, outer, inner; /* fuse: inner, outer -> old (the fused name) */
	int64_t factor;
	st__hl_tail tail;
	int line, col;
} st__hl_split;

/* The schedule of one definition (pure or update). */
typedef struct st__hl_stage_sched {
	st__hl_dim *dims; /* innermost first, as Halide keeps them */
	size_t ndims, dcap;
	st__hl_split *splits;
	size_t nsplits, scap;
} st__hl_stage_sched;

typedef struct st__hl_update {
	st__hl_expr **lhs;
	size_t nlhs;
	st__hl_expr *rhs;
	int rdom; /* the reduction domain it iterates, or -1 */
	int line, col;
	st__hl_stage_sched sched;
} st__hl_update;

typedef enum st__hl_fkind { ST__HL_F_FUNC, ST__HL_F_IMAGE, ST__HL_F_TABLE, ST__HL_F_WRAPPER } st__hl_fkind;

/* Where a func is computed or stored: inlined, at the root, or inside
 * loop `var` (a dim name) of func `func`. */
typedef enum st__hl_level { ST__HL_INLINE, ST__HL_ROOT, ST__HL_AT } st__hl_level;
typedef struct st__hl_looplevel {
	st__hl_level kind;
	int func;
	st_str var;
	int line, col;
	bool set;
} st__hl_looplevel;

typedef enum st__hl_memtype { ST__HL_MEM_DEFAULT, ST__HL_MEM_GLB, ST__HL_MEM_TILE, ST__HL_MEM_POND, ST__HL_MEM_ROM,
                              ST__HL_MEM_HOST } st__hl_memtype;
extern const char *const st__hl_memtype_names[];

typedef struct st__hl_bound {
	int var;
	int64_t min, extent;
	int line, col;
} st__hl_bound;

typedef struct st__hl_fifo {
	int dest; /* consumer func */
	int64_t depth;
	int line, col;
} st__hl_fifo;

typedef struct st__hl_func {
	st_str name;
	int line, col;
	st__hl_fkind kind;
	st__hl_type type;
	int ndims;
	int args[ST__HL_MAX_DIMS];  /* pure vars of the definition (FUNC, WRAPPER) */
	st__hl_expr *pure;          /* NULL until defined */
	int def_line, def_col;
	st__hl_update *updates;
	size_t nupdates, ucap;
	/* Tables: row-major values (the last argument outermost), sizes per argument. */
	int64_t *ivals;
	double *fvals;
	int64_t size[ST__HL_MAX_DIMS];
	/* Wrappers: the wrapped func; `wrapper` is the func's own in(). */
	int wrapped, wrapper;
	/* The schedule. */
	st__hl_stage_sched sched;
	st__hl_looplevel compute, store;
	st__hl_bound *bounds;
	size_t nbounds, bcap;
	st__hl_memtype mem;
	int mem_line, mem_col;
	/* Hardware schedule. */
	bool hw_accel;               /* hw_accelerate / accelerate */
	st_str accel_inner, accel_block;
	int accel_line, accel_col;
	int *accel_inputs;           /* accelerate({inputs}, ...) */
	size_t naccel_inputs;
	bool stream_to_accel, accel_input, linebuffer, compute_share_root;
	int compute_share;           /* root func of the shared chain, or -1 */
	int64_t output_rate;         /* 0: not given */
	int rate_line, rate_col;
	st__hl_fifo *fifos;
	size_t nfifos, fcap;
	int out_index;               /* position among the outputs, or -1 */
	int64_t out_extent[ST__HL_MAX_DIMS];
	int realize_line, realize_col;
	int image_index;             /* position among the image params, or -1 */
} st__hl_func;

/* ----------------------------------------------------------- the import */

/* One .hl import: the source, its memory, the statements read, and the
 * program semantic analysis builds from them. */
typedef struct st__hl_parser {
	st_context *ctx;
	st_str fname, text;
	st_blocklist mem; /* everything the import allocates */
	jmp_buf bail;
	bool failed;
	int line, col;
	char charbuf[8];
	st__hl_stmt *first, *last;
	/* The program. */
	st__hl_var *vars;
	size_t nvars, vcap;
	st__hl_rdom *rdoms;
	size_t nrdoms, rcap;
	st__hl_func *funcs;
	size_t nfuncs, fcap;
	int *outputs; /* funcs, in realize order */
	size_t noutputs, ocap;
	int *images;  /* image params, in declaration order */
	size_t nimages, icap;
} st__hl_parser;

/* Memory of the import, freed at its end; out of memory leaves through
 * `bail`. */
void *st__hl_alloc(st__hl_parser *p, size_t n);
void *st__hl_realloc(st__hl_parser *p, void *ptr, size_t n);
void st__hl_free(st__hl_parser *p, void *ptr);
void st__hl_free_all(st__hl_parser *p);
_Noreturn void st__hl_fatal(st__hl_parser *p, const char *msg);
/* Grows *arr (elements of `elt` bytes, capacity *cap) to hold `need`. */
void st__hl_grow(st__hl_parser *p, void **arr, size_t *cap, size_t elt, size_t need);
st_str st__hl_strdup(st__hl_parser *p, const char *s, size_t n);

/* The location of line:col in the source. */
st_attr *st__hl_loc(st__hl_parser *p, int line, int col);
/* The size of a definition once its inlined calls are expanded, and the
 * elements of one buffer, the entries of a Table (hl_check.c). */
extern const struct st_limit_def st__hl_inline_limit;
extern const struct st_limit_def st__hl_elements_limit;
extern const struct st_limit_def st__hl_table_limit;
/* Whether a buffer of f with these extents (one per dimension of f) stays
 * within the elements limit; false after an error at line:col saying
 * "<what> '<f>' has more than ... elements". */
bool st__hl_check_elements(st__hl_parser *p, const st__hl_func *f, const int64_t *extent, int line, int col,
                           const char *what);

/* Reports the import's first error (later ones are dropped) and returns
 * ST_FAIL. */
st_status st__hl_error(st__hl_parser *p, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Parsing: fills p->first... ; false after a reported error. */
bool st__hl_parse(st__hl_parser *p);
/* Semantic analysis of the statements into the program. */
bool st__hl_sema(st__hl_parser *p);
/* The schedule directives (one chain statement). */
bool st__hl_schedule(st__hl_parser *p, st__hl_expr *chain);
/* Checks of the whole schedule once every statement was read. */
bool st__hl_check_schedule(st__hl_parser *p);

/* New program entries (their index). */
int st__hl_add_var(st__hl_parser *p, st_str name, int line, int col);
int st__hl_add_func(st__hl_parser *p, st_str name, st__hl_fkind kind, int line, int col);
/* The loops of a new definition: its pure vars, inside them (for an
 * update) its reduction vars, innermost first. */
void st__hl_stage_init(st__hl_parser *p, st__hl_func *f, int stage);
/* The schedule of stage 0 (pure) or k (update k - 1). */
st__hl_stage_sched *st__hl_stage(st__hl_func *f, int stage);
/* The wrapper f.in() (made on first use). */
int st__hl_wrapper(st__hl_parser *p, int fi, int line, int col);

/* Index of a func, var or rdom by name, or -1. */
int st__hl_find_func(const st__hl_parser *p, st_str name);
int st__hl_find_var(const st__hl_parser *p, st_str name);
int st__hl_find_rdom(const st__hl_parser *p, st_str name);
bool st__hl_str_is(st_str s, const char *c);

/* Expressions: a new node; appending an argument. */
st__hl_expr *st__hl_expr_new(st__hl_parser *p, st__hl_ekind kind, int line, int col);
void st__hl_expr_push(st__hl_parser *p, st__hl_expr *list, st__hl_expr *arg);

/* Type rules (hl_types.c): converts the operands of a binary operator the
 * way Halide's match_types does; false after an error. */
bool st__hl_match_types(st__hl_parser *p, st__hl_expr **a, st__hl_expr **b);
/* `e` converted to `t` (a literal is retyped, checking it fits). */
st__hl_expr *st__hl_cast_to(st__hl_parser *p, st__hl_expr *e, st__hl_type t, bool implicit);
/* An untyped literal given its own type (i32 or f32); false if it does not fit. */
bool st__hl_settle(st__hl_parser *p, st__hl_expr *e);

/* The parser state inside a program. */
st__hl_parser *st__hl_program_parser(st_halide_program *prog);

#endif
