/* Running the pending jobs on a Slurm cluster: one job array per round
 * (`sbatch --array=0-N --wait`), each array task running its chunk of jobs
 * with `strata-dse worker` (the same job code as a local run) and writing
 * into the shared output folder.  While sbatch waits, the folder is polled
 * and a progress line printed per finished job.  Jobs an array task left
 * pending (its node died, it was cancelled or ran out of time) are
 * submitted again in the next round, at most `retries` more rounds.
 * docs/dse.md, "On a cluster", maps the options onto a real cluster. */
#include "dse.h"

#include "strata/backend.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted;
static void on_signal(int sig) { interrupted = sig; }

/* `s` in single quotes for sh. */
static char *sh_quote(const char *s) {
	size_t n = 3;
	for (const char *p = s; *p; p++)
		n += *p == '\'' ? 4 : 1;
	char *q = malloc(n), *o = q;
	if (!q)
		return NULL;
	*o++ = '\'';
	for (const char *p = s; *p; p++) {
		if (*p == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else
			*o++ = *p;
	}
	*o++ = '\'';
	*o = 0;
	return q;
}

/* round-R/tasks.txt (line t: the jobs of array task t) and array.sh. */
static bool write_round(dse_run *r, const char *dir, unsigned round, const size_t *pending, size_t n, unsigned chunk,
                        size_t *ntasks) {
	size_t cap = 64 + n * 12, len = 0;
	char *tasks = malloc(cap);
	if (!tasks)
		return false;
	*ntasks = 0;
	for (size_t i = 0; i < n; i++) {
		bool last = (i + 1) % chunk == 0 || i + 1 == n;
		len += (size_t)snprintf(tasks + len, cap - len, "%zu%c", pending[i], last ? '\n' : ' ');
		*ntasks += last;
	}
	char *path = dse_fmt("%s/tasks.txt", dir);
	bool ok = path && dse_write_file(path, tasks, len);
	free(path);
	free(tasks);
	char *self = sh_quote(r->self), *sweep = sh_quote(r->sweep->abs_file), *out = sh_quote(r->out);
	char *stratac = sh_quote(r->stratac);
	char *script = self && sweep && out && stratac
	                   ? dse_fmt("#!/bin/sh\n# strata-dse: an array task of sweep '%s', round %u (docs/dse.md)\n"
	                             "exec %s worker %s -o %s --round %u --task \"$SLURM_ARRAY_TASK_ID\" --stratac %s\n",
	                             r->sweep->name, round, self, sweep, out, round, stratac)
	                   : NULL;
	path = dse_fmt("%s/array.sh", dir);
	ok = ok && script && path && dse_write_file(path, script, strlen(script)) && chmod(path, 0755) == 0;
	free(self), free(sweep), free(out), free(stratac), free(script), free(path);
	return ok;
}

/* Starts `sbatch --wait` for the round; its pid, or -1 after a message. */
static pid_t submit(dse_run *r, const dse_slurm *opt, const char *dir, size_t ntasks) {
	char *argv[64], *owned[16];
	size_t n = 0, no = 0;
#define OWN(x) (argv[n++] = owned[no++] = (x))
	argv[n++] = "sbatch";
	argv[n++] = "--parsable";
	argv[n++] = "--wait";
	argv[n++] = "--ntasks=1";
	OWN(dse_fmt("--array=0-%zu", ntasks - 1));
	OWN(dse_fmt("--job-name=strata-dse-%s", r->sweep->name));
	OWN(dse_fmt("--output=%s/task-%%a.log", dir));
	OWN(dse_fmt("--chdir=%s", r->out));
	if (opt->partition)
		OWN(dse_fmt("--partition=%s", opt->partition));
	if (opt->account)
		OWN(dse_fmt("--account=%s", opt->account));
	for (size_t i = 0; i < opt->nsbatch_args && n < 60; i++)
		argv[n++] = (char *)opt->sbatch_args[i];
	OWN(dse_fmt("%s/array.sh", dir));
#undef OWN
	argv[n] = NULL;
	bool ok = true;
	for (size_t i = 0; i < no; i++)
		ok = ok && owned[i];
	char *outp = dse_fmt("%s/sbatch.out", dir);
	pid_t pid = ok && outp ? fork() : -1;
	if (pid == 0) {
		int fd = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644), in = open("/dev/null", O_RDONLY);
		if (fd < 0 || in < 0 || dup2(in, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(127);
		execvp("sbatch", argv);
		fprintf(stderr, "cannot run sbatch: %s (is Slurm installed? without --slurm the sweep runs here)\n",
		        strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		fprintf(stderr, "%s: error: cannot start sbatch: %s\n", DSE_TOOL, strerror(errno));
	for (size_t i = 0; i < no; i++)
		free(owned[i]);
	free(outp);
	return pid;
}

/* The job id sbatch printed (--parsable: "<id>" or "<id>;<cluster>"). */
static long job_id(const char *dir) {
	char *path = dse_fmt("%s/sbatch.out", dir);
	FILE *f = path ? fopen(path, "r") : NULL;
	long id = -1;
	if (f && fscanf(f, "%ld", &id) != 1)
		id = -1;
	if (f)
		fclose(f);
	free(path);
	return id;
}

static void nap(long ms) {
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* Prints a line for each job of `pending` that finished since the last call. */
static void poll_progress(dse_run *r, const size_t *pending, size_t n, bool *seen, size_t *finished, size_t total,
                          double t0) {
	for (size_t i = 0; i < n; i++)
		if (!seen[i] && dse_job_state(r, pending[i]) != DSE_PENDING) {
			seen[i] = true;
			dse_progress_line(r, pending[i], ++*finished, total, -1, t0);
		}
}

bool dse_run_slurm(dse_run *r, const dse_slurm *opt) {
	size_t total = dse_num_jobs(r->sweep);
	size_t *pending = malloc((total ? total : 1) * sizeof *pending);
	bool *seen = calloc(total ? total : 1, 1);
	if (!pending || !seen) {
		free(pending), free(seen);
		return false;
	}
	struct sigaction sa = {0}, old_int, old_term;
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	bool ok = true;
	size_t finished = 0, first_n = 0;
	double t0 = dse_now_ms();
	for (unsigned round = 0; ok && !interrupted; round++) {
		size_t n = 0;
		for (size_t j = 0; j < total; j++)
			if (dse_job_state(r, j) == DSE_PENDING)
				pending[n++] = j;
		if (round == 0) {
			first_n = n;
			if (!r->quiet)
				printf("%s: sweep '%s': %zu jobs, %zu to run on Slurm\n", DSE_TOOL, r->sweep->name, total, n);
		}
		if (!n)
			break;
		if (round > r->sweep->retries) {
			fprintf(stderr, "%s: error: %zu jobs still pending after %u rounds on Slurm (see %s/slurm/)\n",
			        DSE_TOOL, n, round, r->out);
			ok = false;
			break;
		}
		if (round && !r->quiet)
			printf("%s: round %u: %zu jobs left pending by the last round are submitted again\n", DSE_TOOL,
			       round + 1, n);
		memset(seen, 0, total);
		char *dir = dse_fmt("%s/slurm/round-%u", r->out, round);
		char *parent = dse_fmt("%s/slurm", r->out);
		size_t ntasks = 0;
		ok = dir && parent && st_backend_mkdirs(dir) &&
		     write_round(r, dir, round, pending, n, opt->chunk ? opt->chunk : 1, &ntasks);
		pid_t pid = ok ? submit(r, opt, dir, ntasks) : -1;
		ok = pid > 0;
		int status = 0;
		while (ok) {
			pid_t p = waitpid(pid, &status, WNOHANG);
			if (p == pid || (p < 0 && errno != EINTR))
				break;
			if (interrupted) {
				long id = job_id(dir);
				if (id > 0) {
					char *cmd = dse_fmt("scancel %ld", id);
					if (cmd && system(cmd) != 0)
						fprintf(stderr, "%s: warning: scancel %ld failed\n", DSE_TOOL, id);
					free(cmd);
				}
				kill(pid, SIGTERM);
				waitpid(pid, &status, 0);
				break;
			}
			poll_progress(r, pending, n, seen, &finished, first_n, t0);
			nap(opt->poll_ms ? opt->poll_ms : 500);
		}
		if (ok && !interrupted) {
			poll_progress(r, pending, n, seen, &finished, first_n, t0);
			if (job_id(dir) < 0) {
				fprintf(stderr, "%s: error: sbatch did not submit the array (its output: %s/sbatch.out)\n",
				        DSE_TOOL, dir);
				ok = false;
			}
		}
		free(dir), free(parent);
	}
	if (interrupted)
		fprintf(stderr, "%s: interrupted by signal %d; the array was cancelled, its unfinished jobs run again "
		                "next time\n",
		        DSE_TOOL, (int)interrupted);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	free(pending), free(seen);
	return ok && !interrupted;
}
