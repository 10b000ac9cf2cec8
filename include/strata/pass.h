/* Strata passes: pass definitions registered by name in a context, nested
 * pass managers anchored on an op name (or on any op), MLIR's textual
 * pipeline syntax, instrumentation (verify after each pass, IR printing,
 * timing) and cached analyses with invalidation.
 *
 * A pass is plain C data (st_pass_def) plus a run hook.  It sees the op it is
 * anchored on and everything nested in it, and reaches ops only through the
 * core's interfaces and traits (generic passes) or its own dialect's ops.
 */
#ifndef STRATA_PASS_H
#define STRATA_PASS_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_pass st_pass; /* one pass instance in a pipeline */
typedef struct st_pass_manager st_pass_manager;

/* ----------------------------------------------------------------- options */

typedef enum st_pass_option_kind {
	ST_PASS_OPT_BOOL,   /* bool; `name`, `name=true|false|1|0` */
	ST_PASS_OPT_INT,    /* int64_t */
	ST_PASS_OPT_STRING, /* const char * (owned by the pass instance) */
	ST_PASS_OPT_ENUM,   /* int: the index of the keyword in `cases` */
	/* const char *: MLIR's list options (`tile-sizes=32,32,32`), kept as
	 * the text of the list; its commas do not end the value when an
	 * element (a digit or a sign) follows them. */
	ST_PASS_OPT_LIST,
} st_pass_option_kind;

typedef struct st_pass_option_def {
	const char *name;    /* "max-iterations" */
	const char *summary; /* shown by --list-passes */
	st_pass_option_kind kind;
	const char *default_value; /* text, parsed as if written by the user; NULL: zero */
	size_t offset;             /* where the value lives in the options struct */
	const char *const *cases;  /* ST_PASS_OPT_ENUM: keywords, NULL-terminated */
} st_pass_option_def;

/* The same tables serve options outside passes (a target's options,
 * strata/target.h): `opts` points to the owner's options struct, and
 * `owner` names the owner in errors ("target 'fpga'"; a pass's own errors
 * say "pass 'cse'").  Values take the text of pipelines: a bool
 * true|false|1|0, an integer, an enum's keyword, a string, a list. */
/* Zeroes the `size` bytes of `opts` and sets every option to its default. */
ST_API st_status st_options_init(st_context *ctx, const st_pass_option_def *defs, size_t n, void *opts, size_t size,
                          const char *owner);
/* The option called `name`, or NULL. */
ST_API const st_pass_option_def *st_options_find(const st_pass_option_def *defs, size_t n, st_str name);
/* Sets option `def` from the text `value`; ST_FAIL after an error at `loc`
 * (NULL: no location) naming the value and what the option takes. */
ST_API st_status st_option_set(st_context *ctx, const st_pass_option_def *def, void *opts, const char *owner, st_str value,
                        st_attr *loc);
/* Writes the option's value as it would be written in a pipeline. */
ST_API void st_option_print(const st_pass_option_def *def, const void *opts, st_write_fn w, void *ud);
/* Frees the strings the options hold (not `opts` itself). */
ST_API void st_options_release(st_context *ctx, const st_pass_option_def *defs, size_t n, void *opts);

/* ------------------------------------------------------------------ passes */

typedef struct st_pass_def {
	const char *name;    /* as written in pipelines: "canonicalize" */
	const char *summary; /* one line for --list-passes */
	/* The op name the pass runs on ("func.func", "builtin.module"); NULL:
	 * any op (MLIR's OperationPass<>). */
	const char *anchor;
	const st_pass_option_def *options;
	size_t noptions;
	size_t options_size; /* bytes of the options struct; 0 without options */
	/* Runs the pass on `op`.  ST_FAIL stops the pipeline; the pass must have
	 * reported a diagnostic saying why. */
	st_status (*run)(st_pass *pass, st_op *op);
	/* Optional: per-instance state, created after the options are parsed
	 * and destroyed with the pipeline. */
	st_status (*init)(st_pass *pass);
	void (*destroy)(st_pass *pass);
	/* MLIR's name of the pass (its C++ class: "CSE", "Canonicalizer"), used
	 * in IR dump headers and the timing report; NULL: `name`. */
	const char *display_name;
} st_pass_def;

/* Registers a pass (idempotent for the same def); fails when another def
 * has the name. */
ST_API st_status st_context_register_pass(st_context *ctx, const st_pass_def *def);
ST_API const st_pass_def *st_context_lookup_pass(st_context *ctx, st_str name);
ST_API size_t st_context_num_passes(const st_context *ctx);
ST_API const st_pass_def *st_context_pass_at(const st_context *ctx, size_t i); /* sorted by name */
/* Registers the generic passes of the core (canonicalize, cse, ...). */
ST_API st_status st_register_core_passes(st_context *ctx);

/* What a running pass can ask for. */
ST_API st_context *st_pass_context(const st_pass *pass);
ST_API const st_pass_def *st_pass_get_def(const st_pass *pass);
ST_API const void *st_pass_options(const st_pass *pass); /* the parsed options struct */
/* Where option `name` was written in the pipeline text (its value), NULL
 * when it has its default or came from no text. */
ST_API const st_attr *st_pass_option_loc(const st_pass *pass, const char *name);
/* Reports an error about option `name`'s value where the pipeline wrote it
 * (`<pass-pipeline>:1:33`), or at `op` when it has no place in a text;
 * returns ST_FAIL.  A pass checking its options when it runs says which
 * value is wrong this way. */
ST_API st_status st_pass_option_error(const st_pass *pass, const char *name, st_op *op, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
ST_API void *st_pass_state(const st_pass *pass);          /* set by init */
ST_API void st_pass_set_state(st_pass *pass, void *state);
/* Where a pass writes a report (print-op-stats, view-op-graph): the
 * pipeline's instrument output, stderr by default. */
ST_API void st_pass_write(const st_pass *pass, const char *data, size_t len);

/* ---------------------------------------------------------------- analyses */

/* An analysis computed on demand for an op and cached until a pass that did
 * not preserve it finishes on that op (or an op enclosing it). */
typedef struct st_analysis_def {
	const char *name;
	void *(*create)(st_context *ctx, st_op *op); /* NULL: failure (reported) */
	void (*destroy)(st_context *ctx, void *analysis);
} st_analysis_def;

/* The analysis of `op` (NULL: the op the pass runs on; otherwise that op or
 * one nested in it), computed on first request.  Only while the pass runs. */
ST_API void *st_pass_get_analysis(st_pass *pass, const st_analysis_def *def, st_op *op);
/* By default every analysis is invalidated after a pass; a pass that did not
 * change what an analysis depends on says so. */
ST_API void st_pass_preserve_analysis(st_pass *pass, const st_analysis_def *def);
ST_API void st_pass_preserve_all_analyses(st_pass *pass);

/* Dominance over the SSA-CFG regions nested in an op (graph regions:
 * everything dominates everything, as in MLIR). */
typedef struct st_dominance st_dominance;
ST_API extern const st_analysis_def st_dominance_analysis;
ST_API st_dominance *st_dominance_create(st_context *ctx, st_op *op);
ST_API void st_dominance_destroy(st_dominance *d);
ST_API bool st_dominance_block_dominates(st_dominance *d, const st_block *a, const st_block *b);
/* Whether `a` dominates `b` (an op dominates itself when `strict` is
 * false); ops in different regions go through their ancestors. */
ST_API bool st_dominance_op_dominates(st_dominance *d, const st_op *a, const st_op *b, bool strict);
/* Whether `v` is available at `op` (properly dominates it). */
ST_API bool st_dominance_value_dominates(st_dominance *d, const st_value *v, const st_op *op);
/* The immediate dominator of a block in its region, or NULL for the entry. */
ST_API st_block *st_dominance_idom(st_dominance *d, const st_block *b);

/* ------------------------------------------------------------ pass manager */

/* `anchor`: the op name the manager's passes run on; NULL: any op. */
ST_API st_pass_manager *st_pass_manager_create(st_context *ctx, const char *anchor);
ST_API void st_pass_manager_destroy(st_pass_manager *pm);
/* Adds a pass by name with options in pipeline syntax ("max-iterations=5
 * top-down=false"; NULL: defaults).  A pass anchored on another op than the
 * manager's is nested in a manager for its anchor (the flat `--cse` form). */
ST_API st_status st_pass_manager_add(st_pass_manager *pm, const char *name, const char *options);
/* A nested manager running on each op named `anchor` (NULL: any) directly
 * inside the regions of the op this manager runs on. */
ST_API st_pass_manager *st_pass_manager_nest(st_pass_manager *pm, const char *anchor);
/* Parses MLIR's pipeline syntax (`builtin.module(func.func(cse),
 * canonicalize{max-iterations=5})`) into the manager.  Errors are located in
 * the text, reported as coming from file `origin` (e.g. "<pass-pipeline>"). */
ST_API st_status st_pass_manager_parse_pipeline(st_pass_manager *pm, st_str text, const char *origin);
/* Prints the pipeline back in textual syntax, every option with its value
 * (`builtin.module(func.func(cse,canonicalize{max-iterations=5}))`);
 * parsing the text gives the same pipeline. */
ST_API void st_pass_manager_print(const st_pass_manager *pm, st_write_fn w, void *ud);
/* The number of passes and nested managers directly in `pm`. */
ST_API size_t st_pass_manager_size(const st_pass_manager *pm);

typedef struct st_pass_instrument {
	bool verify_each;          /* verify after each pass (default true) */
	bool print_before_all;
	bool print_after_all;
	bool print_after_change;   /* only print after passes that changed the IR */
	bool print_after_failure;
	const char *const *print_before; /* pass names, NULL-terminated */
	const char *const *print_after;
	bool print_module_scope;   /* print the whole top op, not only the anchor */
	bool timing;               /* report a tree of per-pass wall times */
	/* Where IR dumps and the timing report go (default stderr), and the
	 * options of the printed IR. */
	st_write_fn out;
	void *out_ud;
	const void *print_options; /* const st_print_options * (asm.h), may be NULL */
	/* Callbacks around each run of a pass on an op (MLIR's
	 * PassInstrumentation::runBeforePass/runAfterPass), so that a driver
	 * times and inspects the passes of one pipeline run: `before_pass`
	 * just before the pass's run hook, `after_pass` once it returned and
	 * the op was verified (`status`: ST_FAIL when the pass or the
	 * verification failed).  Either may be NULL; `callback_ud` is passed
	 * to both. */
	void (*before_pass)(void *ud, const st_pass *pass, st_op *op);
	void (*after_pass)(void *ud, const st_pass *pass, st_op *op, st_status status);
	void *callback_ud;
} st_pass_instrument;

/* Replaces the whole instrument of a root manager (start from
 * `{.verify_each = true}` to keep verification); the name lists and the
 * print options must outlive the runs. */
ST_API void st_pass_manager_set_instrument(st_pass_manager *pm, const st_pass_instrument *ins);
/* Runs the pipeline on `op` (which must be what the manager is anchored on).
 * Stops at the first failing pass.  Warns when a pass's anchor op never
 * occurred. */
ST_API st_status st_pass_manager_run(st_pass_manager *pm, st_op *op);

#ifdef __cplusplus
}
#endif
#endif
