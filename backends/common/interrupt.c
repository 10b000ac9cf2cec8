/* A run interrupted by SIGINT, SIGTERM or SIGHUP (docs/stratac.md,
 * "Interrupting a run"): the running child process's group is killed
 * (Verilator, make and the compilers it starts, yosys, a simulator), the
 * work directory is removed, so is `-o DIR` when this run created it and it
 * is empty, and the tool exits with 128 + the signal's number (130 for
 * SIGINT, 143 for SIGTERM).  Nothing else is touched: the outputs reach
 * `-o DIR` only in the commit, and a signal during the commit waits for the
 * commit's next step, which undoes the steps before it (commit.c), so
 * `-o DIR` holds what it held.
 *
 * A signal handler receives no argument, so what it needs is the one
 * process-wide state of the library (signals and child processes are
 * process-wide too): the work directory's path, the child's process group
 * and the deferral flag below.  The handler makes only async-signal-safe
 * calls (kill, waitpid, openat, getdents64, unlinkat, write, _exit): the
 * interrupted code may hold malloc's or stdio's locks.  A disposition the
 * tool's parent set to "ignore" (nohup, a background job) is kept.
 *
 * The test hook STRATAC_TEST_PAUSE=<point>:<file> (tests only) makes a run
 * write `file` when it reaches `point` (`compile`: before the target's
 * compile hook; `commit`: in the commit, once the folders are renamed in)
 * and wait there for a signal, so that a test interrupts a run at a known
 * place without racing it. */
#define _GNU_SOURCE 1

#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PATH_BYTES 4096
static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NSIGNALS (sizeof signals / sizeof signals[0])

static struct {
	char tool[64];
	char work[PATH_BYTES];    /* "" until the work directory exists */
	char outdir[PATH_BYTES];  /* -o DIR when this run created it, else "" */
	bool keep_work;
	bool installed[NSIGNALS];
	struct sigaction old[NSIGNALS];
	volatile sig_atomic_t child;    /* the running child's process group, 0: none */
	volatile sig_atomic_t deferred; /* in the commit: the signal only sets `pending` */
	volatile sig_atomic_t pending;
	sigset_t held; /* the mask st__interrupt_hold replaced */
	int subreaper; /* the process's setting before the run */
} state;

static void say(const char *s) {
	size_t n = strlen(s);
	while (n) {
		ssize_t w = write(2, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static void nap_ms(long ms) {
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&t, NULL);
}

/* The group of the running child: SIGTERM, then SIGKILL after 2 s for
 * what is left of it, until no member is left (4 s at most).  The run is
 * the children's subreaper (st__interrupt_begin), so that a member whose
 * parent died (a compiler under make) becomes its child and is reaped
 * here, instead of lingering as a zombie the group would still count. */
static void kill_child(void) {
	pid_t pg = (pid_t)state.child;
	if (pg <= 0)
		return;
	kill(-pg, SIGTERM);
	for (int i = 0; i < 400; i++) {
		while (waitpid(-pg, NULL, WNOHANG) > 0)
			;
		if (kill(-pg, 0) != 0)
			break;
		if (i == 200)
			kill(-pg, SIGKILL);
		nap_ms(10);
	}
	state.child = 0;
}

/* The Linux getdents64 record. */
struct dirent64_rec {
	unsigned long long ino;
	long long off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* rm -rf of `name` under `dirfd` with async-signal-safe calls only; links
 * are removed, never followed.  Each directory is read again until a pass
 * removes nothing (removing entries while reading may skip some). */
static void remove_tree(int dirfd, const char *name, int depth) {
	if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
		return;
	int fd = depth < 64 ? openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
	if (fd < 0)
		return;
	char buf[2048] __attribute__((aligned(8)));
	for (bool again = true; again;) {
		again = false;
		lseek(fd, 0, SEEK_SET);
		long n;
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
			for (long at = 0; at < n;) {
				struct dirent64_rec *e = (struct dirent64_rec *)(buf + at);
				at += e->reclen;
				if (strcmp(e->name, ".") && strcmp(e->name, "..")) {
					remove_tree(fd, e->name, depth + 1);
					again = true;
				}
			}
	}
	close(fd);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

static void append(char *buf, size_t n, const char *s) {
	size_t len = strlen(buf);
	while (*s && len + 1 < n)
		buf[len++] = *s++;
	buf[len] = 0;
}

/* Everything but the exit: the child, the work directory, -o DIR if this
 * run made it, and one line saying so. */
static void clean_up(int sig) {
	kill_child();
	char msg[PATH_BYTES + 256] = "";
	append(msg, sizeof msg, state.tool);
	append(msg, sizeof msg, sig == SIGINT ? ": interrupted (SIGINT)" : sig == SIGTERM ? ": interrupted (SIGTERM)"
	                                                                                    : ": interrupted (SIGHUP)");
	if (state.work[0] && state.keep_work) {
		append(msg, sizeof msg, "; the files of the run are in '");
		append(msg, sizeof msg, state.work);
		append(msg, sizeof msg, "'\n");
	} else {
		if (state.work[0])
			for (int i = 0; i < 3 && (remove_tree(AT_FDCWD, state.work, 0), access(state.work, F_OK) == 0); i++)
				nap_ms(50);
		if (state.outdir[0])
			rmdir(state.outdir);
		append(msg, sizeof msg, state.work[0] ? "; its work directory is removed\n" : "\n");
	}
	say(msg);
}

static void on_signal(int sig) {
	if (state.deferred) {
		state.pending = sig;
		return;
	}
	clean_up(sig);
	_exit(128 + sig);
}

void st__interrupt_begin(const st_run_options *o) {
	memset(&state, 0, sizeof state);
	append(state.tool, sizeof state.tool, o->tool);
	state.keep_work = o->keep_work;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	/* The commit's writes go on through a deferred signal. */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaddset(&sa.sa_mask, signals[i]);
	prctl(PR_GET_CHILD_SUBREAPER, &state.subreaper);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	for (size_t i = 0; i < NSIGNALS; i++) {
		struct sigaction cur;
		if (sigaction(signals[i], NULL, &cur) == 0 && cur.sa_handler != SIG_IGN)
			state.installed[i] = sigaction(signals[i], &sa, &state.old[i]) == 0;
	}
}

void st__interrupt_end(void) {
	for (size_t i = 0; i < NSIGNALS; i++)
		if (state.installed[i])
			sigaction(signals[i], &state.old[i], NULL);
	prctl(PR_SET_CHILD_SUBREAPER, state.subreaper);
	int sig = state.pending;
	if (sig) {
		/* A signal the commit deferred: the commit was undone and the work
		 * directory removed by now. */
		clean_up(sig);
		_exit(128 + sig);
	}
	memset(&state, 0, sizeof state);
}

void st__interrupt_hold(bool on) {
	if (on) {
		sigset_t set;
		sigemptyset(&set);
		for (size_t i = 0; i < NSIGNALS; i++)
			sigaddset(&set, signals[i]);
		sigprocmask(SIG_BLOCK, &set, &state.held);
	} else
		sigprocmask(SIG_SETMASK, &state.held, NULL);
}

void st__interrupt_set_work(const char *work, const char *created_outdir) {
	state.work[0] = state.outdir[0] = 0;
	if (work && strlen(work) < sizeof state.work)
		append(state.work, sizeof state.work, work);
	if (created_outdir && strlen(created_outdir) < sizeof state.outdir)
		append(state.outdir, sizeof state.outdir, created_outdir);
}

void st__interrupt_child(pid_t pgid) { state.child = pgid; }

void st__interrupt_defer(bool on) { state.deferred = on; }

bool st__interrupt_pending(void) { return state.pending != 0; }

/* The hook's wait: two minutes at most, so that a test that never sends
 * its signal fails instead of hanging. */
bool st__test_pause(const st_target_run *run, const char *point) {
	const char *e = getenv("STRATAC_TEST_PAUSE");
	size_t n = strlen(point);
	if (!e || strncmp(e, point, n) || e[n] != ':')
		return true;
	const char *file = e + n + 1;
	int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || close(fd) != 0) {
		fprintf(stderr, "%s: error: STRATAC_TEST_PAUSE: cannot create '%s': %s\n", run->opts->tool, file,
		        strerror(errno));
		return false;
	}
	for (int i = 0; i < 12000 && !state.pending; i++)
		nap_ms(10);
	if (!state.pending)
		fprintf(stderr, "%s: error: STRATAC_TEST_PAUSE: no signal came at '%s' within 2 minutes\n",
		        run->opts->tool, point);
	return false;
}
