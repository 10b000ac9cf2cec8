/* What the .acg scanner (acg_lex.l), grammar (acg_parse.y) and the IR
 * builder behind them (acg_import.c, acg_build.c) share: the semantic
 * values and the builder's entry points, which the grammar's actions
 * call. */
#ifndef STRATA_ACG_PARSE_STATE_H
#define STRATA_ACG_PARSE_STATE_H

#include "acg_private.h"

/* A value on the right of `key = value`, a capability operand `(type, d0,
 * d1...)` (its type in `s`), or one of the op names of `ADD/SUB`; lists of
 * them are chained in written order. */
typedef enum st__acg_vkind {
	ST__ACG_V_INT,
	ST__ACG_V_BOOL,
	ST__ACG_V_WORD,
	ST__ACG_V_STRING,
	ST__ACG_V_LIST,
	ST__ACG_V_OPERAND
} st__acg_vkind;
typedef struct st__acg_val {
	st__acg_vkind kind;
	int64_t i;
	st_str s; /* words as written; strings with their quotes */
	struct st__acg_val *elts, *next; /* list elements; the next element */
	struct st__acg_val *tail;        /* a list's head: its last element */
	int line, col;
	int64_t dims[8];
	size_t ndims;
	bool too_many;
} st__acg_val;
typedef st__acg_val st__acg_operand;
typedef st__acg_val st__acg_opname;

#include "acg_parse.h"


/* Memory of one import (freed all at once at the end). */
void *st__acg_alloc(st__acg_parser *p, size_t n);
void *st__acg_realloc(st__acg_parser *p, void *ptr, size_t n);
void st__acg_free(st__acg_parser *p, void *ptr);
_Noreturn void st__acg_scanner_fatal(st__acg_parser *p, const char *msg);

/* Scanner helpers. */
void st__acg_advance(st__acg_parser *p, ST__ACG_YYLTYPE *loc, const char *text, size_t len);
bool st__acg_number(st__acg_parser *p, ST__ACG_YYLTYPE *loc, const char *text, size_t len, int64_t *out);
const char *st__acg_char_name(st__acg_parser *p, unsigned char c);

/* Builder: values. */
st__acg_val *st__acg_val_new(st__acg_parser *p, st__acg_vkind k, const ST__ACG_YYLTYPE *loc);
st__acg_val *st__acg_val_append(st__acg_val *list, st__acg_val *elt);
void st__acg_operand_dim(st__acg_operand *o, int64_t d);

/* Builder: scopes and items.  They return false once the import failed,
 * and the grammar aborts. */
bool st__acg_begin(st__acg_parser *p, int kind, st_str name, const ST__ACG_YYLTYPE *kw, const ST__ACG_YYLTYPE *at);
bool st__acg_begin_edge(st__acg_parser *p, st_str src, const ST__ACG_YYLTYPE *sloc, bool bidir, st_str dst,
                        const ST__ACG_YYLTYPE *dloc, const ST__ACG_YYLTYPE *kw);
bool st__acg_begin_mnemonic(st__acg_parser *p, st_str name, const ST__ACG_YYLTYPE *at, int64_t opcode);
bool st__acg_end(st__acg_parser *p);
bool st__acg_prop(st__acg_parser *p, st_str key, const ST__ACG_YYLTYPE *at, st__acg_val *v);
bool st__acg_param(st__acg_parser *p, st_str key, const ST__ACG_YYLTYPE *at, st__acg_val *v);
bool st__acg_budget(st__acg_parser *p, st_str key, const ST__ACG_YYLTYPE *at, int64_t v);
bool st__acg_cap(st__acg_parser *p, st__acg_operand *out, st__acg_opname *ops, st__acg_operand *ins);
bool st__acg_track(st__acg_parser *p, int64_t width, st_str x, const ST__ACG_YYLTYPE *xloc, int64_t count,
                   const ST__ACG_YYLTYPE *at);
bool st__acg_field(st__acg_parser *p, st_str name, const ST__ACG_YYLTYPE *at, int64_t bits, st__acg_val *values,
                   st_str access, const ST__ACG_YYLTYPE *aloc, bool fixed, int64_t value);
/* Placement of the node about to open: a `where` term, or `at side`. */
bool st__acg_where(st__acg_parser *p, st_str var, const ST__ACG_YYLTYPE *vloc, st_str var2, int64_t mod, int cmp,
                   int64_t value);
bool st__acg_at(st__acg_parser *p, st_str side, const ST__ACG_YYLTYPE *at);

#endif
