/* strata-dse: design-space exploration over variants of an .acg file
 * (docs/dse.md).  A sweep (JSON, read with jansson) names a base .acg, the
 * properties to vary and their values, the apps and the stratac options.
 * The tool expands it into variants (the base with properties replaced
 * through st_acg_property_set, verified, exported as .acg) and jobs (an app
 * on a variant), runs each job as a stratac process (locally on N workers,
 * or as a Slurm job array), and gathers every job's qor.json (QoR v2) into
 * results, Pareto fronts and plots.
 *
 * The sweep's folder is its state: a job is done when its folder holds a
 * qor.json, failed when a .failed record says why; a rerun resumes from
 * there, and a folder that holds another sweep is refused. */
#ifndef STRATA_DSE_H
#define STRATA_DSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "strata/ir.h"

#define DSE_TOOL "strata-dse"

typedef struct dse_param {
	char *path;      /* st_acg_property_set path: "BRAM.depth", "fabric.rows" */
	int64_t *values;
	size_t nvalues;
} dse_param;

typedef struct dse_app {
	char *name;    /* [A-Za-z0-9_.-]+, names the jobs' folders */
	char *source;  /* absolute path of the program */
	char *inputs;  /* absolute --inputs folder, or NULL */
	char *top;     /* --top, or NULL */
	char **options; /* stratac options of this app only */
	size_t noptions;
} dse_app;

typedef struct dse_area {
	char *kind; /* a utilization kind of the QoR report */
	double weight;
} dse_area;

typedef struct dse_sweep {
	char *file;     /* the sweep file, for messages */
	char *abs_file; /* its absolute path, for Slurm's array tasks */
	char *dir;      /* its folder: relative paths in it start there */
	char *name;
	char *base;     /* absolute path of the base .acg */
	char *text;     /* the sweep file's text: the output folder's identity */
	dse_param *params;
	size_t nparams;
	dse_app *apps;
	size_t napps;
	char **options; /* stratac options of every job */
	size_t noptions;
	uint64_t seed;
	uint64_t timeout_s; /* per job attempt */
	uint64_t retries;   /* attempts after the first one for a crash, kill or timeout */
	dse_area *area;     /* weights of the area proxy; none: 1 / available in variant 0 */
	size_t narea;
	char **metrics; /* QoR keys for the results table */
	size_t nmetrics;
	size_t nvariants; /* product of the parameters' value counts */
} dse_sweep;

/* Reads and checks `path`; NULL after "<file>: <json pointer>: error: ...". */
dse_sweep *dse_sweep_load(st_context *ctx, const char *path);
void dse_sweep_free(dse_sweep *s);
/* Registers the tool's limits (dse-jobs) so that --limit knows them. */
st_status dse_register_limits(st_context *ctx);
/* The value of parameter `p` in variant `v` (variants enumerate the
 * parameters' values with the last parameter varying fastest). */
int64_t dse_variant_value(const dse_sweep *s, size_t v, size_t p);

/* ------------------------------------------------------------ the folder */

typedef struct dse_run {
	st_context *ctx;
	dse_sweep *sweep;
	char *out;      /* absolute output folder */
	char *stratac;  /* the stratac binary beside this tool */
	char *self;     /* this tool, for Slurm's array script */
	bool quiet;
	int lock_fd;
} dse_run;

/* Creates or reopens the output folder: takes its lock, checks that it
 * holds this sweep (or nothing), writes sweep.json and the variants' .acg
 * files (each verified), and removes attempts a killed run left behind. */
bool dse_folder_open(dse_run *r, bool writer);
void dse_folder_close(dse_run *r);
/* What a Slurm array task checks instead: the folder holds this sweep. */
bool dse_folder_check(dse_run *r);

/* Job j is app j / nvariants on variant j % nvariants. */
size_t dse_num_jobs(const dse_sweep *s);
/* "v003": the variant's name (its .acg is variants/v003.acg). */
void dse_variant_name(const dse_sweep *s, size_t v, char *buf, size_t n);
/* "gaussian@v003": the job's folder name under jobs/. */
void dse_job_name(const dse_sweep *s, size_t j, char *buf, size_t n);

typedef enum dse_state { DSE_PENDING, DSE_DONE, DSE_FAILED } dse_state;
dse_state dse_job_state(const dse_run *r, size_t j);

/* --------------------------------------------------------------- running */

/* One attempt of a job as a child process (its own process group). */
typedef struct dse_attempt {
	size_t job;
	int pid;
	unsigned tries;
	double start_ms;
	double kill_ms; /* when dse_attempt_kill first signalled it; 0: not yet */
	char tmp[512]; /* the attempt's stratac output folder */
	char log[512];
} dse_attempt;

bool dse_attempt_start(dse_run *r, size_t job, unsigned tries, dse_attempt *a);
/* What became of a finished attempt: done (its folder committed), failed
 * (recorded, not retried: stratac refused the pair), or retry (killed,
 * crashed or timed out; recorded as failed once retries are used up). */
typedef enum dse_outcome { DSE_OUT_DONE, DSE_OUT_FAILED, DSE_OUT_RETRY } dse_outcome;
dse_outcome dse_attempt_finish(dse_run *r, dse_attempt *a, int status, bool timed_out);
/* Stops the attempt (timeout, or the tool interrupted): SIGTERM to its
 * process group, so that stratac kills the programs it started (each in a
 * group of its own) and removes its work folder (docs/stratac.md,
 * "Interrupting a run"); called again 10 s later on an attempt that is
 * still running, SIGKILL. */
void dse_attempt_kill(dse_attempt *a);

/* The progress line of finished job j, the k-th of `total` ("[k/total]
 * gaussian@v003  1.2 s  cycles 4101, bit-exact  (elapsed 12 s)"); job_ms < 0
 * leaves out the job's time.  Nothing with -q. */
void dse_progress_line(const dse_run *r, size_t j, size_t k, size_t total, double job_ms, double start_ms);

/* Runs the listed jobs (all pending ones when `jobs` is NULL) on `workers`
 * concurrent children with a progress line per finished job; false when
 * the tool was interrupted or a job could not be started. */
bool dse_run_local(dse_run *r, const size_t *jobs, size_t njobs, unsigned workers);

typedef struct dse_slurm {
	const char *partition;
	const char *account;
	const char **sbatch_args;
	size_t nsbatch_args;
	unsigned chunk; /* jobs per array task */
	unsigned poll_ms;
} dse_slurm;
/* Submits the pending jobs as a job array and waits for it. */
bool dse_run_slurm(dse_run *r, const dse_slurm *opt);

/* ---------------------------------------------------------------- results */

/* Gathers every job into results.json, results.md, pareto.md, summary.md
 * and plots/ (gnuplot SVG); prints the summary unless quiet. */
bool dse_report(dse_run *r, bool plots);

/* ----------------------------------------------------------------- support */

/* A growing text; `oom` once an allocation failed (the text then stops). */
typedef struct dse_text {
	char *data;
	size_t len, cap;
	bool oom;
} dse_text;
void dse_text_printf(dse_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An st_write_fn appending to the dse_text `ud`. */
void dse_text_write(void *ud, const char *data, size_t len);

char *dse_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Writes `len` bytes to `path` through a temporary file renamed over it. */
bool dse_write_file(const char *path, const char *data, size_t len);
double dse_now_ms(void);

#endif
