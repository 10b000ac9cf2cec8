/* Running jobs on this machine: up to N stratac children at once, each
 * reaped as it ends, with one progress line per finished job (skipped with
 * -q).  The same loop runs a Slurm array task's share of the jobs, with
 * one worker.  SIGINT and SIGTERM kill the running attempts and stop: their
 * jobs stay pending, and the next run resumes with them. */
#include "dse.h"

#include "strata/backend.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

static volatile sig_atomic_t interrupted;
static void on_signal(int sig) { interrupted = sig; }

typedef struct progress {
	size_t finished, total, failed;
	double start_ms;
} progress;

static void report(const dse_run *r, progress *pg, const dse_attempt *a, dse_outcome o) {
	char name[256];
	dse_job_name(r->sweep, a->job, name, sizeof name);
	if (o == DSE_OUT_RETRY) {
		fprintf(stderr, "%s: warning: job %s was killed or timed out (attempt %u of %llu; log %s); retrying\n",
		        DSE_TOOL, name, a->tries + 1, (unsigned long long)r->sweep->retries + 1, a->log);
		return;
	}
	pg->finished++;
	pg->failed += o == DSE_OUT_FAILED;
	dse_progress_line(r, a->job, pg->finished, pg->total, dse_now_ms() - a->start_ms, pg->start_ms);
}

static void nap(long ms) {
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

bool dse_run_local(dse_run *r, const size_t *jobs, size_t njobs, unsigned workers) {
	size_t total = dse_num_jobs(r->sweep);
	size_t *pending = malloc((total ? total : 1) * sizeof *pending);
	dse_attempt *slot = calloc(workers ? workers : 1, sizeof *slot);
	bool *busy = calloc(workers ? workers : 1, sizeof *busy);
	bool *timed_out = calloc(workers ? workers : 1, sizeof *timed_out);
	if (!pending || !slot || !busy || !timed_out) {
		fprintf(stderr, "%s: error: out of memory\n", DSE_TOOL);
		free(pending), free(slot), free(busy), free(timed_out);
		return false;
	}
	size_t n = 0, done = 0, failed = 0;
	for (size_t i = 0; i < (jobs ? njobs : total); i++) {
		size_t j = jobs ? jobs[i] : i;
		dse_state st = dse_job_state(r, j);
		if (st == DSE_PENDING)
			pending[n++] = j;
		done += st == DSE_DONE;
		failed += st == DSE_FAILED;
	}
	if (!r->quiet)
		printf("%s: sweep '%s': %zu jobs: %zu done, %zu failed before; %zu to run on %u worker%s\n", DSE_TOOL,
		       r->sweep->name, jobs ? njobs : total, done, failed, n, workers, workers == 1 ? "" : "s");
	fflush(stdout);
	struct sigaction sa = {0}, old_int, old_term;
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	progress pg = {0, n, 0, dse_now_ms()};
	size_t next = 0, running = 0;
	bool ok = true;
	while ((next < n || running) && !interrupted) {
		for (unsigned w = 0; w < workers && next < n && ok; w++)
			if (!busy[w]) {
				ok = dse_attempt_start(r, pending[next++], 0, &slot[w]);
				busy[w] = ok;
				timed_out[w] = false;
				running += ok;
			}
		if (!ok && !running)
			break;
		bool reaped = false;
		for (unsigned w = 0; w < workers; w++) {
			if (!busy[w])
				continue;
			int status;
			pid_t p = waitpid(slot[w].pid, &status, WNOHANG);
			if (p == 0) {
				if (!timed_out[w] && dse_now_ms() - slot[w].start_ms > (double)r->sweep->timeout_s * 1000)
					timed_out[w] = true;
				if (timed_out[w])
					dse_attempt_kill(&slot[w]);
				continue;
			}
			if (p < 0 && errno == EINTR)
				continue;
			reaped = true;
			dse_outcome o = dse_attempt_finish(r, &slot[w], p < 0 ? 0x7f00 : status, timed_out[w]);
			report(r, &pg, &slot[w], o);
			busy[w] = false;
			running--;
			if (o == DSE_OUT_RETRY) {
				size_t job = slot[w].job;
				unsigned tries = slot[w].tries + 1;
				busy[w] = dse_attempt_start(r, job, tries, &slot[w]);
				timed_out[w] = false;
				running += busy[w];
				ok = ok && busy[w];
			}
		}
		if (!reaped)
			nap(20);
	}
	if (interrupted) {
		for (unsigned w = 0; w < workers; w++)
			if (busy[w]) {
				int status;
				pid_t p;
				while (dse_attempt_kill(&slot[w]), (p = waitpid(slot[w].pid, &status, WNOHANG)) == 0 ||
				       (p < 0 && errno == EINTR))
					nap(20);
				st_backend_rm_rf(slot[w].tmp);
			}
		fprintf(stderr, "%s: interrupted by signal %d; the jobs that did not finish run again next time\n",
		        DSE_TOOL, (int)interrupted);
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (!r->quiet && n)
		printf("%s: %zu jobs run in %.1f s, %zu failed\n", DSE_TOOL, pg.finished, (dse_now_ms() - pg.start_ms) / 1000,
		       pg.failed);
	free(pending), free(slot), free(busy), free(timed_out);
	return ok && !interrupted;
}
