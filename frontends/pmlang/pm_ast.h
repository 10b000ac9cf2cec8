/* PMLang's syntax tree and the state of one import, shared by the scanner
 * (pm_lex.l), the grammar (pm_parse.y), the driver (pm_import.c) and the
 * srDFG builder (pm_build*.c).  Nodes live in the import's memory and go
 * away with it. */
#ifndef STRATA_PM_AST_H
#define STRATA_PM_AST_H

#include "strata/blocklist.h"

#include <setjmp.h>

typedef struct pm_loc {
	int line, col;
} pm_loc;

typedef enum pm_dtype {
	PM_T_NONE = 0,
	PM_T_BIN,
	PM_T_INT,
	PM_T_FLOAT,
	PM_T_BOOL,
	PM_T_STR,
	PM_T_COMPLEX,
	PM_T_FXP,
} pm_dtype;

typedef struct pm_type {
	pm_dtype kind;
	int fxp_int, fxp_frac; /* fxp<int>_<frac> */
} pm_type;

typedef enum pm_ekind {
	PM_E_INT,
	PM_E_FLOAT,
	PM_E_IMAG, /* 2.5i */
	PM_E_STR,
	PM_E_NAME,   /* x */
	PM_E_ACCESS, /* x[..][..] */
	PM_E_GROUP,  /* sum[i][j: j != i](body) */
	PM_E_CALL,   /* f(a, b) or a cast float(x) */
	PM_E_BIN,
	PM_E_UN,
	PM_E_COND,
} pm_ekind;

/* Binary and unary operators: their characters, or these for two-character ones. */
enum { PM_OP_LE = 256, PM_OP_GE, PM_OP_EQ, PM_OP_NE, PM_OP_AND, PM_OP_OR };

typedef struct pm_expr pm_expr;
/* One `[e]` or `[e : filter]` of an access or a group. */
typedef struct pm_sub {
	pm_expr *e, *filter;
	pm_loc loc;
	struct pm_sub *next;
} pm_sub;

struct pm_expr {
	pm_ekind kind;
	pm_loc loc;
	int op;
	st_str name;  /* names, strings (without quotes), callees */
	pm_type cast; /* a cast's target type (kind PM_T_NONE: a call) */
	int64_t i;
	double f;
	pm_expr *a, *b, *c; /* operands; a group's body is `a` */
	pm_sub *subs;
	pm_expr *args; /* call arguments, chained by next */
	pm_expr *next;
	/* The builder's type_of, remembered (pm_expr.c): valid while the
	 * builder's epoch and the environment are those it was found in. */
	unsigned type_epoch;
	const void *type_env;
	pm_type type_memo;
};

typedef enum pm_mod { PM_M_INPUT, PM_M_OUTPUT, PM_M_STATE, PM_M_PARAM } pm_mod;

/* A dimension of a formal: a number or a symbolic size. */
typedef struct pm_dim {
	st_str name; /* empty: the number */
	int64_t value;
	pm_loc loc;
	struct pm_dim *next;
} pm_dim;

typedef struct pm_formal {
	pm_mod mod;
	pm_type type;
	st_str name;
	pm_loc loc;
	pm_dim *dims;
	size_t ndims;
	pm_expr *dflt; /* a param's default value, or NULL */
	struct pm_formal *next;
} pm_formal;

typedef enum pm_skind { PM_S_INDEX, PM_S_DECL, PM_S_ASSIGN, PM_S_CALL } pm_skind;

/* `i[lo:hi]` of an index declaration, or `x[d0][d1]` of a declaration. */
typedef struct pm_item {
	st_str name;
	pm_loc loc;
	pm_expr *lo, *hi; /* index ranges */
	pm_sub *dims;     /* declarations */
	struct pm_item *next;
} pm_item;

typedef enum pm_domain { PM_D_NONE, PM_D_RBT, PM_D_GA, PM_D_DSP, PM_D_DA, PM_D_DL } pm_domain;

typedef struct pm_stmt {
	pm_skind kind;
	pm_loc loc;
	pm_type type;    /* declarations */
	pm_item *items;  /* index and variable declarations */
	pm_expr *lhs, *rhs;
	pm_expr *call;   /* instantiation: a PM_E_CALL */
	pm_domain domain;
	pm_loc domain_loc;
	struct pm_stmt *next;
} pm_stmt;

typedef struct pm_component {
	st_str name;
	pm_loc loc;
	pm_formal *formals;
	size_t nformals;
	pm_stmt *body;
	struct pm_component *next;
} pm_component;

typedef struct pm_reduction {
	st_str name, a, b;
	pm_loc loc;
	pm_expr *body;
	struct pm_reduction *next;
} pm_reduction;

typedef struct pm_program {
	pm_component *components, *last_component;
	pm_reduction *reductions, *last_reduction;
} pm_program;

typedef struct pm_parser {
	st_context *ctx;
	st_str fname;
	int line, col;
	bool failed;
	jmp_buf bail;
	st_blocklist mem;
	pm_program prog;
	char charbuf[8];
} pm_parser;

/* Memory of one import, freed all at once. */
void *st__pm_alloc(pm_parser *p, size_t n);
void *st__pm_realloc(pm_parser *p, void *ptr, size_t n);
void st__pm_free(pm_parser *p, void *ptr);
_Noreturn void st__pm_fatal(pm_parser *p, const char *msg);

/* Located errors: `file:line:col: error: ...` with the source line; only the
 * first is reported.  Returns false. */
bool st__pm_error(pm_parser *p, pm_loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
st_attr *st__pm_loc(pm_parser *p, pm_loc at);

/* Scanner helpers. */
void st__pm_advance(pm_parser *p, pm_loc *first, const char *text, size_t len);
const char *st__pm_char_name(pm_parser *p, unsigned char c);

/* Constructors used by the grammar. */
pm_expr *st__pm_expr(pm_parser *p, pm_ekind k, pm_loc at);
pm_expr *st__pm_binary(pm_parser *p, int op, pm_expr *a, pm_expr *b, pm_loc at);
pm_sub *st__pm_sub(pm_parser *p, pm_expr *e, pm_expr *filter, pm_loc at);
pm_sub *st__pm_sub_append(pm_sub *list, pm_sub *s);
pm_expr *st__pm_expr_append(pm_expr *list, pm_expr *e);
pm_dim *st__pm_dim_append(pm_dim *list, pm_dim *d);
pm_formal *st__pm_formal_append(pm_formal *list, pm_formal *f);
pm_item *st__pm_item_append(pm_item *list, pm_item *it);
pm_stmt *st__pm_stmt_append(pm_stmt *list, pm_stmt *s);
void *st__pm_new(pm_parser *p, size_t n);
void st__pm_add_component(pm_parser *p, pm_component *c);
void st__pm_add_reduction(pm_parser *p, pm_reduction *r);
const char *st__pm_dtype_name(pm_dtype t);

/* Builds the srDFG of `main` into `module`; false after a located error. */
bool st__pm_build(pm_parser *p, st_op *module);

/* The limits on component instances (pm-instances, pm_build.c) and on the
 * nesting of an expression (pm-expr-depth, pm_import.c). */
extern const struct st_limit_def st__pm_instances_limit;
extern const struct st_limit_def st__pm_depth_limit;

#endif
