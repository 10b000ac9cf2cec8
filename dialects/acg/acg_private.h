/* Shared between the files of the acg dialect: op names, the attribute
 * encodings the verifier, the importer, the printers and the queries agree
 * on, and the one error reporter of the .acg importer. */
#ifndef STRATA_ACG_PRIVATE_H
#define STRATA_ACG_PRIVATE_H

#include "strata/acg.h"
#include "strata/asm.h"
#include "strata/dialect.h"

/* Grid placement terms (`where` clauses) are stored as four integers each:
 * variable, modulus (0: none), comparison, value. */
enum { ST__ACG_VAR_ROW, ST__ACG_VAR_COL, ST__ACG_VAR_SUM };
enum { ST__ACG_EQ, ST__ACG_NE, ST__ACG_LT, ST__ACG_LE, ST__ACG_GT, ST__ACG_GE, ST__ACG_NCMP };

/* The items of the text format (`graph`, `compute`, ...). */
enum { ST__ACG_GRAPH, ST__ACG_COMPUTE, ST__ACG_STORAGE, ST__ACG_COMM, ST__ACG_EDGE, ST__ACG_MNEMONIC, ST__ACG_GRID };
extern const char *const st__acg_item_words[]; /* "graph", "compute", ... */
extern const char *const st__acg_op_names[];   /* "acg.graph", ... */
/* The item of an acg op, or -1. */
int st__acg_item_of(const st_op *op);

/* The `key = value;` properties of each item: one table for the importer
 * (which keys, which values, defaults) and the printer (their order). */
typedef enum st__acg_vtype {
	ST__ACG_T_NONNEG,
	ST__ACG_T_POS,
	ST__ACG_T_BOOL,
	ST__ACG_T_WORD,
	ST__ACG_T_REF,
	ST__ACG_T_DIMS
} st__acg_vtype;
typedef struct st__acg_keydef {
	const char *key;
	unsigned kinds; /* 1 << item */
	st__acg_vtype type;
	const char *const *words;
	bool required;
	int64_t dflt; /* T_WORD: index in words; -1: no default */
} st__acg_keydef;
extern const st__acg_keydef st__acg_keys[]; /* ends with a NULL key */

/* Names written in the text and stored as strings in IR. */
extern const char *const st__acg_access[];      /* storage `access` */
extern const char *const st__acg_topologies[];  /* comm `topology` */
extern const char *const st__acg_switchboxes[]; /* grid `switchbox` */
extern const char *const st__acg_sides[];       /* IO tile `side` */
extern const char *const st__acg_field_access[]; /* mnemonic field access */
/* Index of `s` in a NULL-terminated list, or -1. */
int st__acg_find_word(const char *const *list, st_str s);

bool st__acg_is_graph(const st_op *op);
bool st__acg_is_grid(const st_op *op);
bool st__acg_is_edge(const st_op *op);
bool st__acg_is_mnemonic(const st_op *op);
/* The block of a graph's or grid's body (NULL when it has none). */
st_block *st__acg_body(st_op *op);
const char *st__acg_sym(const st_op *op);
/* The graph or grid holding `op`, or NULL. */
st_op *st__acg_parent_scope(const st_op *op);
/* The nested graph `name` seen from `from`: in its scope, then outwards. */
st_op *st__acg_lookup_graph(const st_op *from, st_ident *name);

/* Whether (row, col) satisfies a `where` attribute (array<i64>). */
bool st__acg_where_holds(const st_attr *where, int64_t row, int64_t col);
/* The width (bits) of the type of a capability operand or element. */
unsigned st__acg_type_bits(const st_type *t);

/* Opcode width of a mnemonic: `opcode_bits` of its nearest graph, or -1. */
int64_t st__acg_opcode_bits(const st_op *mn);

/* Text output helpers shared by the .acg and dot printers. */
typedef struct st__acg_out {
	st_write_fn w;
	void *ud;
} st__acg_out;
void st__acg_puts(st__acg_out *o, const char *s);
void st__acg_printf(st__acg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The graph an export writes: `op` if it is an acg.graph, else the one
 * acg.graph at its top (reported and NULL when there is none or several). */
st_op *st__acg_export_graph(st_op *op);

/* Op verifiers (acg_verify.c). */
st_status st__acg_verify_graph(st_op *op);
st_status st__acg_verify_graph_regions(st_op *op);
st_status st__acg_verify_node(st_op *op);
/* The largest value the format allows for number property `key`
 * (INT64_MAX when it has no range), and the verifier's check of every
 * ranged property of `op` (acg_ranges.c). */
int64_t st__acg_range_max(const char *key);
st_status st__acg_check_ranges(st_op *op);
st_status st__acg_verify_edge(st_op *op);
st_status st__acg_verify_mnemonic(st_op *op);
st_status st__acg_verify_grid(st_op *op);

/* The importer's state, opaque to the scanner and grammar. */
typedef struct st__acg_parser st__acg_parser;
/* A located error of the importer (`file:line:col: error: ...`); marks the
 * parse failed.  Returns ST_FAIL. */
st_status st__acg_error(st__acg_parser *p, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
