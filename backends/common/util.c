/* Small helpers of the flow kit (strata/backend.h): formatted strings,
 * whole files, directories made and removed, child processes, a clock. */
#include "common.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

char *st_backend_fmt(const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = n < 0 ? NULL : malloc((size_t)n + 1);
	if (s) {
		va_start(ap, fmt);
		vsnprintf(s, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return s;
}

double st_backend_now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

char *st_backend_slurp(const char *path, size_t *len) {
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		size_t r = fread(buf + n, 1, 4096, f);
		n += r;
		if (r < 4096)
			break;
	}
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

bool st_backend_mkdirs(const char *path) {
	char buf[4096];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return false;
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || !*p) {
			char c = *p;
			*p = 0;
			if (mkdir(buf, 0755) && errno != EEXIST)
				return false;
			if (!(*p = c))
				return true;
		}
	}
}

bool st_backend_rm_rf(const char *path) {
	struct stat st;
	if (lstat(path, &st))
		return errno == ENOENT;
	if (S_ISDIR(st.st_mode)) {
		DIR *dir = opendir(path);
		if (!dir)
			return false;
		struct dirent *e;
		bool ok = true;
		while ((e = readdir(dir))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *sub = st_backend_fmt("%s/%s", path, e->d_name);
			ok = sub && st_backend_rm_rf(sub) && ok;
			free(sub);
		}
		closedir(dir);
		return ok && rmdir(path) == 0;
	}
	return unlink(path) == 0;
}

/* The child leads a process group of its own, which an interrupted run
 * kills whole (interrupt.c: a Verilator build's make and compilers too);
 * the signals stay blocked from before it starts until it is recorded, and
 * until it is forgotten after it ended. */
bool st_backend_spawn(const char *tool, char *const *argv, const char *log) {
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	if (posix_spawn_file_actions_init(&fa))
		return false;
	if (posix_spawnattr_init(&attr)) {
		posix_spawn_file_actions_destroy(&fa);
		return false;
	}
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	sigset_t stop, mask;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop, &mask);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setsigmask(&attr, &mask);
	pid_t pid;
	int err = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (!err)
		st__interrupt_child(pid);
	sigprocmask(SIG_SETMASK, &mask, NULL);
	if (err) {
		fprintf(stderr, "%s: error: cannot run %s: %s\n", tool, argv[0], strerror(err));
		return false;
	}
	/* Waited for without reaping, so that its group's number stays its own
	 * until it is forgotten. */
	siginfo_t si;
	while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) < 0 && errno == EINTR)
		;
	sigprocmask(SIG_BLOCK, &stop, NULL);
	st__interrupt_child(0);
	int status = 0;
	pid_t r;
	while ((r = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	sigprocmask(SIG_SETMASK, &mask, NULL);
	return r == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void st_backend_write_file(void *file, const char *data, size_t len) { fwrite(data, 1, len, file); }

static bool cannot_write(const st_target_run *run, const st_outfile *o) {
	const char *why = st_outfile_error(o);
	if (why)
		fprintf(stderr, "%s: error: cannot write '%s': %s\n", run->opts->tool, o->path, why);
	return false;
}

bool st_run_open_file(const st_target_run *run, const char *path, st_outfile *o) {
	return st_outfile_open(o, path, 0666) || cannot_write(run, o);
}

/* The close keeps `path` and the reason of a failure. */
bool st_run_close_file(const st_target_run *run, st_outfile *o, bool ok) {
	return st_outfile_close(o, ok) || cannot_write(run, o);
}
