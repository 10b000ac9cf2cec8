/* The state of one .acg import, shared by its driver (acg_import.c) and the
 * IR builder the grammar's actions call (acg_build.c). */
#ifndef STRATA_ACG_BUILD_H
#define STRATA_ACG_BUILD_H

#include "acg_parse_state.h"
#include "strata/blocklist.h"

#include <setjmp.h>

/* Deeper nesting of graphs is refused with an error. */
#define ST__ACG_MAX_DEPTH 32

/* An item being built: a graph, grid, node, edge or mnemonic, whose op is
 * already in the tree, and what its attributes collect until it closes. */
typedef struct st__acg_scope {
	int kind;
	st_op *op;
	int line, col; /* its name, for "needs ..." errors */
	st_attr **caps;
	size_t ncaps, capcaps;
	st_named_attr *params;
	size_t nparams, capparams;
	st_named_attr *budgets;
	size_t nbudgets, capbudgets;
	st_attr **fields;
	size_t nfields, capfields;
	int64_t *tracks;
	size_t ntracks, captracks;
} st__acg_scope;

/* A name given in one list (parameters, budgets) of one item. */
typedef struct st__acg_seen {
	const st_op *op;
	int list;
	const st_ident *id;
} st__acg_seen;

struct st__acg_parser {
	st_context *ctx;
	st_str fname;
	bool failed;
	int line, col; /* the scanner's position */
	st_blocklist mem; /* everything the import allocates */
	jmp_buf bail;
	char charbuf[8];
	st_op *module;
	st__acg_scope scopes[ST__ACG_MAX_DEPTH];
	int depth;
	/* The placement of the node about to open. */
	int64_t *where;
	size_t nwhere, capwhere;
	int place_line, place_col;
	st_str side;
	st__acg_seen *seen;
	size_t nseen, capseen;
};

st_attr *st__acg_loc(st__acg_parser *p, int line, int col);
st_op *st__acg_new_module(st__acg_parser *p);
/* Checks left for the end of the text; false after reporting. */
bool st__acg_finish(st__acg_parser *p);

#endif
