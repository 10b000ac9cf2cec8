/* The flow kit every target uses (library backends/common, docs/stratac.md,
 * docs/adding-a-target.md): what a run of `stratac` does whatever the
 * machine, so that a target (strata/target.h) only compiles and simulates.
 *
 *   - the input at loop level: parsed, or imported through the translation
 *     registry by its file extension and taken to func/affine/scf/memref;
 *   - the kernel (`--top`, or the only public function with a body) and its
 *     buffers, read from its signature: a memref argument is a buffer of
 *     words (element type, width, shape), a scalar argument a scalar input
 *     (with its `func.default`, if any), a result a scalar output, each
 *     named after the argument's `<dialect>.name` attribute if it has one;
 *   - their initial words, drawn from `--seed` or read from `--inputs DIR`
 *     (one word a line), the reference run in the interpreter, and the
 *     bit-exact comparison that names the first difference;
 *   - the work directory inside `-o DIR` and the commit of the target's
 *     outputs into it only when the whole run succeeded;
 *   - child processes, stage timers, and the QoR report (version 2,
 *     docs/qor-schema.md): typed fields, the class's own object through a
 *     small JSON tree, the check against the `.acg` budgets, qor.json and
 *     the table on stdout.
 *
 * A target's hooks get a run handle (st_target_run, below) holding all of
 * it; the driver (tools/stratac) only reads the command line and calls
 * st_run_execute.
 */
#ifndef STRATA_BACKEND_H
#define STRATA_BACKEND_H

#include "strata/ir.h"
#include "strata/outfile.h"
#include "strata/target.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------- the run */

/* The driver's generic options (docs/stratac.md). */
typedef struct st_run_options {
	const char *tool;       /* the prefix of messages: "stratac" */
	const char *input;      /* the kernel's file */
	const char *target;     /* the .acg file */
	const char *outdir;     /* -o */
	const char *inputs_dir; /* --inputs: <dir>/<buffer>.txt; NULL: drawn from the seed */
	const char *top;        /* --top; NULL: the only public function with a body */
	const char *cache_dir;  /* --cache-dir (a target's build cache); NULL: its default */
	uint64_t seed;          /* --seed (1) */
	uint64_t max_cycles;    /* --max-cycles (1000000) */
	bool no_sim;            /* --no-sim: no simulation, no comparison */
	bool keep_work;         /* --keep-work: keep the work directory of a failed run */
	bool quiet;             /* -q: no QoR table on stdout */
	bool allow_over_budget; /* a design over an .acg budget is a warning, not an error */
} st_run_options;

/* A buffer of the kernel: one per argument, in order, then one per result. */
#define ST_BUFFER_MAX_DIMS 4
/* The most words a buffer may hold (the files and the simulators hold
 * them all). */
#define ST_BUFFER_MAX_WORDS ((int64_t)1 << 24)
typedef enum st_buffer_kind {
	ST_BUFFER_MEMORY,     /* a memref argument */
	ST_BUFFER_SCALAR_IN,  /* an integer or index argument */
	ST_BUFFER_SCALAR_OUT, /* a result */
} st_buffer_kind;

typedef struct st_buffer {
	/* Its files are <name>.txt in inputs/ and outputs/: the argument's
	 * name as the source gave it (a string attribute `<dialect>.name` of
	 * the argument: accel.name, srdfg.name, calyx.name), else `arg<i>` (a
	 * memref) or `in<i>` (a scalar); result j is `out<j>`.  Every flow of
	 * a target keeps these names, so the same kernel reads the same
	 * --inputs files whatever the flow. */
	char name[64];
	st_buffer_kind kind;
	size_t index;   /* the argument's or result's position */
	st_type *type;  /* as in the signature */
	st_type *elt;   /* a memref's element type; a scalar's type */
	/* Bits of a word: the element's width (a float's bits; index: 64, as
	 * the interpreter has it; a target whose hardware holds an index in
	 * fewer bits sets its width, and words are sign-extended back). */
	unsigned width;
	size_t ndims;   /* 0 for a scalar */
	int64_t dims[ST_BUFFER_MAX_DIMS];
	int64_t size;   /* words, row-major; 1 for a scalar */
	/* The words (each masked to `width`), allocated by the kit: the
	 * initial ones, the target's simulation's, the reference's. */
	uint64_t *init, *sim, *ref;
	/* Elements the reference read and wrote (memories). */
	uint64_t loads, stores;
	/* A scalar input's default value (the argument's `func.default`
	 * attribute, e.g. a PMLang `param float d = 0.85`), as a word: the run
	 * gives it when no value is given (no --inputs file); never drawn. */
	bool has_default;
	uint64_t default_word;
} st_buffer;

typedef struct st_qor st_qor;

/* What a run came to, for a driver that compares several (stratac with
 * more than one --target): st_run_execute fills it whether the run
 * succeeded or not, before the report is freed. */
typedef struct st_run_summary {
	bool ok;             /* the whole run succeeded (outputs committed) */
	bool verified;       /* simulated and bit-exact with the interpreter */
	int64_t cycles;      /* -1: not simulated */
	int64_t ideal_cycles;
	double occupancy;    /* ideal_cycles / cycles; -1: none */
	char tightest[24];   /* the resource kind of the largest used / available; "": none */
	double utilization;  /* that kind's used / available; -1: none */
	double compile_ms;   /* parsing the input and the target's compile hook */
	double total_ms;     /* the whole run */
	/* The first error reported through the context's diagnostics (its
	 * message, without the location); "" when none was. */
	char error[256];
} st_run_summary;

/* A diagnostic handler (st_context_push_diag_handler) that keeps the first
 * error's message in the st_run_summary `ud` and lets the default handler
 * print it; st_run_execute installs it for the run, a driver for its own
 * steps around runs (loading a target). */
ST_API bool st_run_keep_first_error(void *ud, const st_diag_info *d);

/* The run handle of strata/target.h: everything the hooks get. */
struct st_target_run {
	st_context *ctx;
	const st_target_def *target;
	const st_run_options *opts;
	const void *options;     /* the target's options (target->options_size bytes) */
	/* The texts of the input and of the .acg file, read by the driver and
	 * kept until the run is over (diagnostics show their lines). */
	st_str input_text, acg_text;
	st_op *input;            /* the input module at loop level; the reference (do not change it) */
	st_op *acg;              /* the imported .acg module */
	st_op *graph;            /* its top acg.graph (NULL: the kit finds it) */
	const char *target_name; /* the graph's name */
	st_op *kernel;           /* the kernel func.func in `input` */
	const char *kernel_name;
	st_buffer *buffers;
	size_t nbuffers;
	/* The work directory (absolute): the target writes its outputs here;
	 * inputs/ holds the initial words when simulate runs, and simulate
	 * leaves the simulated words in outputs/ (st_run_read_words). */
	const char *work;
	st_qor *qor;
	/* Set by the reference run: operations executed, of which
	 * multiplications (arith.muli, arith.mulf), and the operations on data
	 * (arith and math ops other than constants whose result is no index:
	 * the work a datapath must do, without loop control and addresses). */
	uint64_t ops, muls, data_ops;
	bool referenced;
	void *state; /* the target's own, between hooks; freed by its release hook */
	st_run_summary summary; /* filled by st_run_execute */
};

/* The input file `path` (its text): an import registered for its
 * extension (strata/translate.h) followed by its loop pipeline, else MLIR
 * text; verified.  NULL after located errors. */
ST_API st_op *st_run_load_input(st_context *ctx, const char *path, st_str text);
/* The kernel function of `module` (`top`, or its only public function
 * with a body); NULL after "<tool>: error: ...". */
ST_API st_op *st_run_find_kernel(const char *tool, st_op *module, const char *top);
/* The buffers of `kernel` from its signature (*out: calloc'd, *n); false
 * after an error at the kernel naming the argument or result it cannot
 * take (a dynamic shape, too many words or dimensions, an element type
 * that is no integer or float). */
ST_API bool st_run_kernel_buffers(st_op *kernel, st_buffer **out, size_t *n);
ST_API void st_run_free_buffers(st_buffer *b, size_t n);

/* The whole run (docs/stratac.md): the outputs checked against the
 * inputs, the input loaded (stage "parse"), the kernel and its buffers,
 * the work directory inside opts->outdir, the target's compile hook, the
 * budgets, the initial words (written to inputs/), its simulate hook, the
 * reference and the comparison (the simulated words written to outputs/),
 * its report hook, qor.json and the table, and the commit of the outputs;
 * then its release hook.  `run` holds ctx, target, opts, options,
 * input_text, acg_text, acg; the rest is filled here and emptied again.
 * False after saying why; `-o DIR` is then as it was. */
ST_API bool st_run_execute(st_target_run *run);

/* A copy of the input with the target's graph inserted as `acg.graph
 * @target` (first in the module), for the target to lower; NULL after an
 * error. */
ST_API st_op *st_run_lowering_copy(st_target_run *run);
/* Runs the pass pipeline `pipeline` (strata/pass.h's text) on `m`,
 * verifying after each pass and adding each pass's time to compile_ms
 * under its name; `after` (may be NULL) sees each pass that succeeded and
 * the op it ran on.  False after the pass's errors and "<tool>: error: the
 * pass 'P' failed <what>" (`what`: "on kernel 'k'", "(the stream flow)"). */
typedef void (*st_run_pass_fn)(void *ud, const char *pass, st_op *op);
ST_API bool st_run_passes(st_target_run *run, st_op *m, const char *pipeline, const char *what,
                          st_run_pass_fn after, void *ud);
/* The buffer called `name`, or NULL. */
ST_API st_buffer *st_run_buffer(st_target_run *run, const char *name);

/* ---------------------------------------------------------- the words */

/* Writes each buffer's `init` (which 0) or `sim` (which 1) words to
 * <dir>/<name>.txt, one unsigned decimal word a line (scalar outputs have
 * no initial file); false after "<tool>: error: ...". */
ST_API bool st_run_write_words(st_target_run *run, const char *dir, int which);
/* Reads every buffer's <dir>/<name>.txt into its `sim` words (the words a
 * simulator wrote); false after "<tool>: error: ..." naming the file and
 * line. */
ST_API bool st_run_read_words(st_target_run *run, const char *dir);

/* ---------------------------------------------------------- utilities */

/* A fresh malloc'd string (NULL when out of memory). */
ST_API char *st_backend_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A whole file, NUL-terminated, malloc'd; NULL when unreadable. */
ST_API char *st_backend_slurp(const char *path, size_t *len);
/* mkdir -p; rm -rf (symbolic links are removed, never followed). */
ST_API bool st_backend_mkdirs(const char *path);
ST_API bool st_backend_rm_rf(const char *path);
/* Runs argv (argv[0] looked up in PATH) with stdin from /dev/null and
 * stdout and stderr appended to `log`; true when it exited with 0.  A
 * program that cannot be started is reported as "<tool>: error: cannot run
 * ...".  It runs in a process group of its own, which a run interrupted by
 * SIGINT, SIGTERM or SIGHUP kills whole (docs/stratac.md): run a target's
 * programs only through it. */
ST_API bool st_backend_spawn(const char *tool, char *const *argv, const char *log);
/* Where `key` (words one space apart: "class", "budget ff") starts a
 * statement of the top graph in the .acg text, for located messages; the
 * file's start when it is not there. */
ST_API st_attr *st_backend_acg_loc(st_context *ctx, const char *path, st_str text, const char *key);
/* An st_write_fn writing to a FILE *. */
ST_API void st_backend_write_file(void *file, const char *data, size_t len);
/* A file a target or the kit writes (strata/outfile.h: a temporary file
 * renamed at the close, every write checked): write to `o->f` or through
 * st_outfile_write.  Both return false after "<tool>: error: cannot write
 * '<path>': <reason>"; close commits when `ok`, else discards. */
ST_API bool st_run_open_file(const st_target_run *run, const char *path, st_outfile *o);
ST_API bool st_run_close_file(const st_target_run *run, st_outfile *o, bool ok);
/* Milliseconds of a monotonic clock, for stage timers. */
ST_API double st_backend_now_ms(void);

/* ---------------------------------------------------- the QoR report */

/* A JSON object of the report (the class's own object and what is nested
 * in it): keys keep the order they were first set in; setting a key again
 * replaces its value. */
typedef struct st_json st_json;
ST_API void st_json_set_int(st_json *obj, const char *key, int64_t v);
/* A number printed with `decimals` digits after the point. */
ST_API void st_json_set_real(st_json *obj, const char *key, double v, int decimals);
ST_API void st_json_set_bool(st_json *obj, const char *key, bool v);
ST_API void st_json_set_string(st_json *obj, const char *key, const char *v);
ST_API void st_json_set_null(st_json *obj, const char *key);
/* A nested object under `key` (an existing one is reused). */
ST_API st_json *st_json_set_object(st_json *obj, const char *key);

/* The object named after the target's class ("fpga": {...}), created on
 * first use. */
ST_API st_json *st_qor_class_object(st_qor *q);
/* Cycles the simulation took (>= 1). */
ST_API void st_qor_set_cycles(st_qor *q, int64_t cycles);
/* The class's documented lower bound on the cycles of this kernel
 * (docs/qor-schema.md), >= 1. */
ST_API void st_qor_set_ideal_cycles(st_qor *q, int64_t cycles);
/* The initiation interval of the design's pipelines (>= 1). */
ST_API void st_qor_set_ii(st_qor *q, int64_t ii);
/* A resource the design uses: `available` is the `.acg` budget of that
 * kind, or -1 when it has none (st_qor_budget).  Adding a kind again adds
 * to its use. */
ST_API void st_qor_add_utilization(st_qor *q, const char *kind, int64_t used, int64_t available);
/* The `.acg` top graph's `budget <kind> = N;`, or -1. */
ST_API int64_t st_qor_budget(const st_target_run *run, const char *kind);
/* A buffer of the report's `buffers`: by default the kernel's memories;
 * once a target adds one, only what it adds (a stream design's line
 * buffers). */
ST_API void st_qor_add_buffer(st_qor *q, const char *name, int64_t words);
/* Adds the milliseconds since `start_ms` (st_backend_now_ms) to stage
 * `stage` of compile_ms (stages keep the order they first ran in). */
ST_API void st_qor_time(st_qor *q, const char *stage, double start_ms);
/* What was set (-1: not set). */
ST_API int64_t st_qor_cycles(const st_qor *q);

#ifdef __cplusplus
}
#endif
#endif
