/* One job (an app on a variant) run as a stratac process.  Each attempt
 * writes into its own folder under tmp/ and a log under logs/; only a run
 * that exits 0 is committed, by renaming its folder to jobs/<job>, so a
 * killed attempt never leaves half a result.  stratac's exit status tells
 * the rest: 1 is a refusal (the variant lacks a resource, the program does
 * not verify, the results differ), recorded in jobs/<job>.failed with the
 * first error line and never retried, since it would fail again; a signal
 * (killed, crashed) or the timeout is retried up to the sweep's `retries`. */
#include "dse.h"

#include "strata/backend.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* argv of stratac for job j writing into `tmp`; free with free_argv. */
static char **job_argv(const dse_run *r, size_t j, const char *tmp) {
	const dse_sweep *s = r->sweep;
	const dse_app *a = &s->apps[j / s->nvariants];
	char v[32];
	dse_variant_name(s, j % s->nvariants, v, sizeof v);
	size_t n = 0, cap = 16 + s->noptions + a->noptions;
	char **argv = calloc(cap, sizeof *argv);
	if (!argv)
		return NULL;
	argv[n++] = strdup(r->stratac);
	argv[n++] = strdup(a->source);
	argv[n++] = dse_fmt("--target=%s/variants/%s.acg", r->out, v);
	argv[n++] = strdup("-o");
	argv[n++] = strdup(tmp);
	argv[n++] = dse_fmt("--seed=%llu", (unsigned long long)s->seed);
	argv[n++] = strdup("-q");
	if (a->inputs)
		argv[n++] = dse_fmt("--inputs=%s", a->inputs);
	if (a->top)
		argv[n++] = dse_fmt("--top=%s", a->top);
	for (size_t i = 0; i < s->noptions; i++)
		argv[n++] = strdup(s->options[i]);
	for (size_t i = 0; i < a->noptions; i++)
		argv[n++] = strdup(a->options[i]);
	return argv;
}

static void free_argv(char **argv) {
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

bool dse_attempt_start(dse_run *r, size_t job, unsigned tries, dse_attempt *a) {
	char name[256], host[64] = "host";
	dse_job_name(r->sweep, job, name, sizeof name);
	gethostname(host, sizeof host - 1);
	memset(a, 0, sizeof *a);
	a->job = job;
	a->tries = tries;
	snprintf(a->tmp, sizeof a->tmp, "%s/tmp/%s.%s.%ld.%u", r->out, name, host, (long)getpid(), tries);
	snprintf(a->log, sizeof a->log, "%s/logs/%s.log", r->out, name);
	char **argv = job_argv(r, job, a->tmp);
	FILE *log = fopen(a->log, tries ? "a" : "w");
	bool ok = argv && log;
	for (size_t i = 0; ok && argv[i]; i++)
		ok = fprintf(log, "%s%s", i ? " " : "# attempt: ", argv[i]) >= 0;
	if (log) {
		fputc('\n', log);
		ok = fclose(log) == 0 && ok;
	}
	int err = 0;
	pid_t parent = getpid();
	pid_t pid = ok ? fork() : -1;
	if (pid == 0) {
		/* Its own process group, so that a timeout stops stratac with what
		 * it started (Verilator, yosys); and it is stopped with this tool
		 * (SIGTERM: stratac then stops its own children), so that a killed
		 * sweep leaves no stratac writing into its folder. */
		setpgid(0, 0);
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(127);
		int in = open("/dev/null", O_RDONLY), out = open(a->log, O_WRONLY | O_APPEND);
		if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
			_exit(127);
		execv(argv[0], argv);
		_exit(127);
	}
	if (ok && pid < 0)
		err = errno;
	a->pid = pid > 0 ? (int)pid : -1;
	if (!ok || err)
		fprintf(stderr, "%s: error: cannot run job %s: %s\n", DSE_TOOL, name,
		        err ? strerror(err) : "cannot write its log");
	free_argv(argv);
	a->start_ms = dse_now_ms();
	return ok && !err;
}

void dse_attempt_kill(dse_attempt *a) {
	if (a->pid <= 0)
		return;
	if (!a->kill_ms) {
		kill(-a->pid, SIGTERM);
		a->kill_ms = dse_now_ms();
	} else if (dse_now_ms() - a->kill_ms > 10000)
		kill(-a->pid, SIGKILL);
}

/* The first "error:" line of the log: what stratac refused. */
static char *first_error(const char *log) {
	FILE *f = fopen(log, "r");
	char line[1024];
	char *out = NULL;
	while (f && !out && fgets(line, sizeof line, f))
		if (strstr(line, "error:")) {
			line[strcspn(line, "\n")] = 0;
			out = strdup(line);
		}
	if (f)
		fclose(f);
	return out;
}

/* jobs/<job>.failed: a JSON record of why. */
static bool record_failure(dse_run *r, const dse_attempt *a, const char *status, int code, const char *error) {
	char name[256];
	dse_job_name(r->sweep, a->job, name, sizeof name);
	json_t *rec = json_pack("{s:s, s:i, s:i, s:s?, s:s}", "status", status, "code", code, "attempts",
	                        (int)a->tries + 1, "error", error, "log", a->log + strlen(r->out) + 1);
	char *text = rec ? json_dumps(rec, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	char *path = dse_fmt("%s/jobs/%s.failed", r->out, name);
	bool ok = text && path && dse_write_file(path, text, strlen(text));
	free(text);
	free(path);
	json_decref(rec);
	return ok;
}

dse_outcome dse_attempt_finish(dse_run *r, dse_attempt *a, int status, bool timed_out) {
	char name[256];
	dse_job_name(r->sweep, a->job, name, sizeof name);
	if (!timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		char *dst = dse_fmt("%s/jobs/%s", r->out, name);
		bool ok = dst && rename(a->tmp, dst) == 0;
		if (!ok)
			fprintf(stderr, "%s: error: cannot commit job %s to '%s': %s\n", DSE_TOOL, name, dst ? dst : "",
			        strerror(errno));
		free(dst);
		if (ok)
			return DSE_OUT_DONE;
		record_failure(r, a, "failed", -1, "its results could not be committed");
		return DSE_OUT_FAILED;
	}
	st_backend_rm_rf(a->tmp);
	/* stratac stopped by SIGINT, SIGTERM or SIGHUP cleans up and exits with
	 * 128 + the signal (docs/stratac.md): killed, not a refusal. */
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
	bool stopped = code == 128 + SIGINT || code == 128 + SIGTERM || code == 128 + SIGHUP;
	if (!timed_out && WIFEXITED(status) && !stopped) {
		char *err = first_error(a->log);
		record_failure(r, a, "failed", WEXITSTATUS(status), err ? err : "stratac failed without a message");
		free(err);
		return DSE_OUT_FAILED;
	}
	int sig = timed_out ? SIGTERM : WIFSIGNALED(status) ? WTERMSIG(status) : stopped ? code - 128 : 0;
	if (a->tries < r->sweep->retries)
		return DSE_OUT_RETRY;
	char why[160];
	if (timed_out)
		snprintf(why, sizeof why, "timed out after %llu s, %u attempts", (unsigned long long)r->sweep->timeout_s,
		         a->tries + 1);
	else
		snprintf(why, sizeof why, "killed by signal %d (%s), %u attempts", sig, strsignal(sig), a->tries + 1);
	record_failure(r, a, timed_out ? "timeout" : "killed", sig, why);
	return DSE_OUT_FAILED;
}

/* "cycles 1234, bit-exact" from a done job's qor.json, or "FAILED: <error>
 * (log ...)" from a failed job's record. */
static void outcome_text(const dse_run *r, size_t j, char *buf, size_t n) {
	char name[256];
	dse_job_name(r->sweep, j, name, sizeof name);
	dse_state st = dse_job_state(r, j);
	char *path = st == DSE_DONE ? dse_fmt("%s/jobs/%s/qor.json", r->out, name)
	                            : dse_fmt("%s/jobs/%s.failed", r->out, name);
	json_t *doc = path ? json_load_file(path, 0, NULL) : NULL;
	if (st == DSE_DONE) {
		json_t *c = json_object_get(doc, "cycles"), *v = json_object_get(doc, "verified");
		if (json_is_integer(c))
			snprintf(buf, n, "cycles %lld%s", (long long)json_integer_value(c),
			         json_is_true(v) ? ", bit-exact" : ", NOT verified");
		else
			snprintf(buf, n, "%s", json_is_true(v) ? "bit-exact" : "not simulated");
	} else if (st == DSE_FAILED) {
		json_t *e = json_object_get(doc, "error"), *log = json_object_get(doc, "log");
		snprintf(buf, n, "FAILED: %s (log %s/%s)", json_is_string(e) ? json_string_value(e) : "?", r->out,
		         json_is_string(log) ? json_string_value(log) : "logs");
	} else
		snprintf(buf, n, "pending");
	json_decref(doc);
	free(path);
}

void dse_progress_line(const dse_run *r, size_t j, size_t k, size_t total, double job_ms, double start_ms) {
	char name[256], what[1200], took[32] = "";
	if (r->quiet)
		return;
	dse_job_name(r->sweep, j, name, sizeof name);
	outcome_text(r, j, what, sizeof what);
	if (job_ms >= 0)
		snprintf(took, sizeof took, "%7.1f s  ", job_ms / 1000);
	printf("[%zu/%zu] %-28s %s%s  (elapsed %.0f s)\n", k, total, name, took, what, (dse_now_ms() - start_ms) / 1000);
	fflush(stdout);
}
