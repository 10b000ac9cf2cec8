/* Private layout of the pass manager, shared by core/pass.c (registry,
 * instances, options), core/pass_pipeline.c (textual syntax),
 * core/pass_manager.c (running, analyses) and core/pass_instrument.c (IR
 * printing, timing). */
#ifndef STRATA_CORE_PASS_INTERNAL_H
#define STRATA_CORE_PASS_INTERNAL_H

#include "internal.h"
#include "strata/pass.h"

/* ------------------------------------------------------------ analyses */

typedef struct st__analysis_entry {
	const st_analysis_def *def;
	st_op *op; /* the op the analysis is of (the node's op or one inside it) */
	void *value;
} st__analysis_entry;

/* The cached analyses of one op a pipeline runs on, in a tree that mirrors
 * the nesting of the run (after MLIR's nested analysis managers): a pass
 * that changed an op invalidates its node, the nodes below (ops nested in
 * it, compared by pointer only, since they may be gone) and the nodes
 * above (ops enclosing it). */
typedef struct st__am_node {
	st_op *op;
	struct st__am_node *parent;
	struct st__am_node **children;
	size_t nchildren, child_cap;
	st__analysis_entry *entries;
	size_t nentries, entry_cap;
} st__am_node;

/* Time spent computing one analysis for a pass (the timing report's "(A)"
 * lines). */
typedef struct st__analysis_time {
	const st_analysis_def *def;
	double seconds;
} st__analysis_time;

/* -------------------------------------------------------------- passes */

struct st_pass {
	const st_pass_def *def;
	st_pass_manager *pm; /* the manager holding the pass */
	void *options;       /* def->options_size bytes */
	st_attr **option_locs; /* def->noptions: where each was written, or NULL */
	void *state;
	bool initialized; /* def->init ran: def->destroy runs with the pass */
	/* While the pass runs on one op. */
	st_op *op;
	st__am_node *am;
	bool preserve_all;
	const st_analysis_def **preserved;
	size_t npreserved, preserved_cap;
	/* Over one pipeline run. */
	bool ran;
	double seconds;
	st__analysis_time *atimes;
	size_t natimes, atime_cap;
};

typedef struct st__pm_entry {
	st_pass *pass;           /* a pass, or */
	st_pass_manager *nested; /* a nested manager */
} st__pm_entry;

/* What a root manager keeps while it runs. */
typedef struct st__run_state {
	st_op *top;
	st__am_node *am_root;
	bool timing;
} st__run_state;

struct st_pass_manager {
	st_context *ctx;
	st_ident *anchor; /* NULL: any op */
	st_pass_manager *parent;
	st__pm_entry *entries;
	size_t nentries, entry_cap;
	/* Root only. */
	st_pass_instrument ins;
	st__run_state *run;
	/* Over one pipeline run. */
	bool ran;
	double seconds;
};

/* ---------------------------------------------------- shared functions */

/* A position in a text registered as a diagnostic source (the pipeline):
 * errors point into it with line and column.  `origin` NULL: no location. */
typedef struct st__text_loc {
	st_ident *origin;
	const char *base; /* the start of the registered text */
} st__text_loc;
st_attr *st__text_loc_at(st_context *ctx, const st__text_loc *tl, const char *p);

/* core/pass.c */
st_pass *st__pass_create(st_pass_manager *pm, const st_pass_def *def);
void st__pass_destroy(st_pass *pass);
/* Parses `key=value key2=value` (spaces or commas between) into the
 * pass's options; errors are located through `tl`. */
st_status st__pass_parse_options(st_pass *pass, const char *text, size_t len, const st__text_loc *tl);
/* The '}' matching the '{' at `open` (quotes hide braces), or `end`. */
const char *st__match_brace(const char *open, const char *end);
/* Runs def->init once the options are set (a failing init cleans up after
 * itself and reports why). */
st_status st__pass_init(st_pass *pass);
/* `name{opt=value ...}` with every option's current value. */
void st__pass_print(const st_pass *pass, st_write_fn w, void *ud);
/* The name IR dump headers and the timing report use ("CSE"). */
const char *st__pass_display_name(const st_pass_def *def);
const st_pass_manager *st__pm_root(const st_pass_manager *pm);
/* The root's output (stderr by default). */
void st__pm_write(const st_pass_manager *pm, const char *data, size_t len);

/* core/pass_manager.c */
st_status st__pm_add_pass(st_pass_manager *pm, st_pass *pass);
st_status st__pm_add_nested(st_pass_manager *pm, st_pass_manager *nested);
/* The anchor's name, or "any" for a manager on any op. */
const char *st__pm_anchor_name(const st_pass_manager *pm);

/* core/pass_instrument.c */
typedef struct st__fingerprint {
	uint64_t h;
} st__fingerprint;
st__fingerprint st__op_fingerprint(const st_op *op);
bool st__pm_should_print_before(const st_pass_manager *root, const st_pass *pass);
bool st__pm_should_print_after(const st_pass_manager *root, const st_pass *pass);
/* title: "Before", "After" or "After ... Failed". */
void st__pm_print_ir(const st_pass_manager *root, const st_pass *pass, st_op *op, const char *title, bool failed);
double st__now(void);
void st__pm_print_timing(const st_pass_manager *root, double total);

#endif
