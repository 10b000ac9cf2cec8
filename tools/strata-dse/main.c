/* strata-dse: design-space exploration over .acg variants (docs/dse.md).
 * The command line: `run` expands a sweep and runs its jobs here or on
 * Slurm, then reports; `report` gathers what a folder holds; `worker` is
 * what a Slurm array task runs. */
#include "dse.h"
#include "dse_results.h"

#include "strata/limit.h"
#include "strata/outfile.h"
#include "strata/registry.h"
#include "tool_io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
	"usage: strata-dse run <sweep.json> [-o <dir>] [-j <n>] [--slurm [slurm options]] [options]\n"
	"       strata-dse report <sweep.json> [-o <dir>] [options]\n"
	"       strata-dse worker <sweep.json> -o <dir> --round <r> --task <t>\n"
	"\n"
	"Sweeps the parameters of an .acg file over a suite of apps: every variant x app is\n"
	"compiled and simulated by stratac, and the QoR reports are gathered into results,\n"
	"Pareto fronts (cycles against an area proxy) and plots (docs/dse.md).\n"
	"\n"
	"  run        expand the sweep, run the jobs not done yet (a rerun resumes), report\n"
	"  report     gather and analyse what the output folder holds\n"
	"  worker     run one Slurm array task's jobs (written into the array script)\n"
	"\n"
	"options:\n"
	"  -o <dir>              output folder (default: dse-<sweep name>)\n"
	"  -j <n>                local workers, at most 256 (default: the number of CPUs)\n"
	"  --slurm               run the jobs as a Slurm job array and wait for it\n"
	"  --partition <p>       Slurm partition (sbatch --partition)\n"
	"  --account <a>         Slurm account (sbatch --account)\n"
	"  --chunk <n>           jobs per array task (default 1)\n"
	"  --sbatch-arg <arg>    one more sbatch argument (repeatable): --time=..., --mem=...\n"
	"  --stratac <path>      the stratac that runs the jobs (default: the one beside strata-dse)\n"
	"  --no-plots            no gnuplot plots\n"
	"  -q, --quiet           no progress or summary on stdout\n" ST_TOOL_LIMIT_USAGE
	"  --help, --version\n";

char *dse_fmt(const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (s) {
		va_start(ap, fmt);
		vsnprintf(s, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return s;
}

bool dse_write_file(const char *path, const char *data, size_t len) {
	st_outfile o;
	bool ok = st_outfile_open(&o, path, 0666);
	if (ok) {
		st_outfile_write(&o, data, len);
		ok = st_outfile_close(&o, true);
	}
	if (!ok)
		fprintf(stderr, "%s: error: cannot write '%s': %s\n", DSE_TOOL, path,
		        st_outfile_error(&o) ? st_outfile_error(&o) : strerror(errno));
	return ok;
}

double dse_now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000 + (double)ts.tv_nsec / 1e6;
}

bool dse_report(dse_run *r, bool plots) {
	dse_table t;
	bool ok = dse_gather(r, &t) && dse_write_results_json(r, &t) && dse_write_results_md(r, &t) &&
	          dse_write_analysis(r, &t, plots);
	dse_table_free(&t);
	return ok;
}

typedef struct args {
	const char *cmd, *sweep, *out, *stratac;
	unsigned workers;
	bool slurm, plots, quiet, help, version;
	dse_slurm so;
	const char *sbatch_args[32];
	long round, task;
	st_tool_limits limits;
} args;

static bool bad(const char *fmt, const char *arg) {
	fprintf(stderr, "%s: error: ", DSE_TOOL);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see --help)\n");
	return false;
}

/* The value of an option written `--name=v` or `--name v`; NULL when argv[*i]
 * is another option. */
static const char *value(int argc, char **argv, int *i, const char *name, bool *err) {
	const char *v = st_tool_flag_value(argv[*i], name);
	if (v)
		return v;
	if (!st_tool_is_flag(argv[*i], name) && !(name[0] == 'o' && !name[1] && !strcmp(argv[*i], "-o")) &&
	    !(name[0] == 'j' && !name[1] && !strcmp(argv[*i], "-j")))
		return NULL;
	if (*i + 1 >= argc) {
		*err = !bad("%s needs a value", argv[*i]);
		return NULL;
	}
	return argv[++*i];
}

static bool number(const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out) {
	if (!st_tool_parse_u64(v, out) || *out < lo || *out > hi) {
		fprintf(stderr, "%s: error: %s wants a number from %llu to %llu, not '%s'\n", DSE_TOOL, opt,
		        (unsigned long long)lo, (unsigned long long)hi, v);
		return false;
	}
	return true;
}

static bool parse_args(int argc, char **argv, args *a) {
	memset(a, 0, sizeof *a);
	a->plots = true;
	a->round = a->task = -1;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	a->workers = cpus > 0 ? (unsigned)cpus : 1;
	a->so.sbatch_args = a->sbatch_args;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *v;
		bool err = false, badlim = false;
		uint64_t n;
		if (st_tool_is_flag(arg, "help") || !strcmp(arg, "-h"))
			a->help = true;
		else if (st_tool_is_flag(arg, "version"))
			a->version = true;
		else if (st_tool_is_flag(arg, "slurm"))
			a->slurm = true;
		else if (st_tool_is_flag(arg, "no-plots"))
			a->plots = false;
		else if (!strcmp(arg, "-q") || st_tool_is_flag(arg, "quiet"))
			a->quiet = true;
		else if (st_tool_limit_flag(&a->limits, DSE_TOOL, argc, argv, &i, &badlim)) {
			if (badlim)
				return false;
		} else if ((v = value(argc, argv, &i, "o", &err)))
			a->out = v;
		else if ((v = value(argc, argv, &i, "j", &err))) {
			if (!number("-j", v, 1, 256, &n))
				return false;
			a->workers = (unsigned)n;
		} else if ((v = value(argc, argv, &i, "stratac", &err)))
			a->stratac = v;
		else if ((v = value(argc, argv, &i, "partition", &err)))
			a->so.partition = v;
		else if ((v = value(argc, argv, &i, "account", &err)))
			a->so.account = v;
		else if ((v = value(argc, argv, &i, "chunk", &err))) {
			if (!number("--chunk", v, 1, 100000, &n))
				return false;
			a->so.chunk = (unsigned)n;
		} else if ((v = value(argc, argv, &i, "sbatch-arg", &err))) {
			if (a->so.nsbatch_args == sizeof a->sbatch_args / sizeof *a->sbatch_args)
				return bad("more than 32 %s", "--sbatch-arg");
			a->sbatch_args[a->so.nsbatch_args++] = v;
		} else if ((v = value(argc, argv, &i, "round", &err))) {
			if (!number("--round", v, 0, 1000, &n))
				return false;
			a->round = (long)n;
		} else if ((v = value(argc, argv, &i, "task", &err))) {
			if (!number("--task", v, 0, 10000000, &n))
				return false;
			a->task = (long)n;
		} else if (err)
			return false;
		else if (arg[0] == '-' && arg[1])
			return bad("unknown option '%s'", arg);
		else if (!a->cmd)
			a->cmd = arg;
		else if (!a->sweep)
			a->sweep = arg;
		else
			return bad("unexpected argument '%s'", arg);
	}
	if (a->help || a->version)
		return true;
	if (!a->cmd)
		return bad("%s", "no command (run, report or worker)");
	if (strcmp(a->cmd, "run") && strcmp(a->cmd, "report") && strcmp(a->cmd, "worker"))
		return bad("unknown command '%s' (run, report or worker)", a->cmd);
	if (!a->sweep)
		return bad("%s", "no sweep file");
	if (!strcmp(a->cmd, "worker") && (!a->out || a->round < 0 || a->task < 0))
		return bad("%s", "worker needs -o, --round and --task");
	if (strcmp(a->cmd, "run") && a->slurm)
		return bad("%s", "--slurm is an option of run");
	return true;
}

/* This program's absolute path and stratac (`stratac`, or the one beside it). */
static bool find_tools(dse_run *r, const char *stratac) {
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0) {
		fprintf(stderr, "%s: error: cannot find its own path: %s\n", DSE_TOOL, strerror(errno));
		return false;
	}
	self[n] = 0;
	r->self = strdup(self);
	char *slash = strrchr(self, '/');
	*slash = 0;
	r->stratac = stratac ? realpath(stratac, NULL) : dse_fmt("%s/stratac", self);
	if (!r->self || !r->stratac || access(r->stratac, X_OK)) {
		fprintf(stderr, "%s: error: cannot run '%s': %s\n", DSE_TOOL, r->stratac ? r->stratac : stratac ? stratac : "stratac",
		        strerror(errno));
		return false;
	}
	return true;
}

/* The jobs of array task `task` in round `round` (line `task` of tasks.txt). */
static size_t *task_jobs(const dse_run *r, long round, long task, size_t *n) {
	char *path = dse_fmt("%s/slurm/round-%ld/tasks.txt", r->out, round);
	FILE *f = path ? fopen(path, "r") : NULL;
	size_t cap = 0, len = 0, *jobs = NULL;
	char *line = NULL;
	size_t lcap = 0;
	long t = 0;
	bool found = false;
	while (f && getline(&line, &lcap, f) >= 0 && !found) {
		if (t++ != task)
			continue;
		found = true;
		for (char *p = line, *end; *p && *p != '\n'; p = end) {
			unsigned long long j = strtoull(p, &end, 10);
			if (end == p || j >= dse_num_jobs(r->sweep))
				break;
			if (len == cap) {
				cap = cap ? cap * 2 : 16;
				size_t *nj = realloc(jobs, cap * sizeof *jobs);
				if (!nj)
					break;
				jobs = nj;
			}
			jobs[len++] = (size_t)j;
			while (*end == ' ')
				end++;
		}
	}
	if (!found)
		fprintf(stderr, "%s: error: '%s' has no task %ld\n", DSE_TOOL, path ? path : "tasks.txt", task);
	if (f)
		fclose(f);
	free(line);
	free(path);
	*n = len;
	if (!found) {
		free(jobs);
		return NULL;
	}
	return jobs ? jobs : calloc(1, sizeof *jobs);
}

static int run(const args *a, st_context *ctx) {
	dse_run r = {.ctx = ctx, .quiet = a->quiet, .lock_fd = -1};
	r.sweep = dse_sweep_load(ctx, a->sweep);
	if (!r.sweep || !find_tools(&r, a->stratac)) {
		dse_sweep_free(r.sweep);
		free(r.self), free(r.stratac);
		return 1;
	}
	char *out = a->out ? strdup(a->out) : dse_fmt("dse-%s", r.sweep->name);
	bool ok = out && (mkdir(out, 0755) == 0 || errno == EEXIST);
	r.out = ok ? realpath(out, NULL) : NULL;
	if (!r.out) {
		fprintf(stderr, "%s: error: cannot create '%s': %s\n", DSE_TOOL, out ? out : "", strerror(errno));
		ok = false;
	}
	free(out);
	bool worker = !strcmp(a->cmd, "worker");
	if (ok && worker) {
		/* An array task: the coordinator holds the lock and wrote the folder. */
		ok = dse_folder_check(&r);
		size_t n = 0, *jobs = ok ? task_jobs(&r, a->round, a->task, &n) : NULL;
		ok = jobs && dse_run_local(&r, jobs, n, 1);
		free(jobs);
	} else if (ok) {
		bool running = !strcmp(a->cmd, "run");
		ok = dse_folder_open(&r, running);
		if (ok && running)
			ok = a->slurm ? dse_run_slurm(&r, &a->so) : dse_run_local(&r, NULL, 0, a->workers);
		if (ok)
			ok = dse_report(&r, a->plots);
		dse_folder_close(&r);
	}
	dse_sweep_free(r.sweep);
	free(r.out), free(r.self), free(r.stratac);
	return ok ? 0 : 1;
}

int main(int argc, char **argv) {
	args a;
	if (!parse_args(argc, argv, &a))
		return 2;
	if (a.help) {
		fputs(usage, stdout);
		return st_tool_exit(DSE_TOOL, 0);
	}
	if (a.version) {
		printf("strata-dse %s (Strata API %d)\n", ST_VERSION_STRING, st_api_version());
		return st_tool_exit(DSE_TOOL, 0);
	}
	st_context *ctx = st_context_create();
	if (!ctx) {
		fprintf(stderr, "%s: error: out of memory\n", DSE_TOOL);
		return 1;
	}
	int rc = 1;
	if (st_succeeded(st_register_all_dialects(ctx)) && st_succeeded(dse_register_limits(ctx)) &&
	    st_tool_limits_apply(&a.limits, DSE_TOOL, ctx))
		rc = run(&a, ctx);
	st_context_destroy(ctx);
	return st_tool_exit(DSE_TOOL, rc);
}
