/* The outputs of a run and their commit into `-o DIR` (strata/backend.h,
 * docs/stratac.md "Files written"): checked before the run starts (nothing
 * the run reads may be replaced, and nothing the user put there is moved or
 * removed), then moved in all together or not at all.
 *
 * A file output is copied from the work directory through strata/outfile.h
 * (a temporary file beside the destination, renamed over it; a device or
 * FIFO written in place; a symbolic link followed).  A directory output
 * (`inputs/`, `outputs/`) is renamed in, the old one of that name moved into
 * the work directory to go with it; each directory a run commits holds a
 * mark listing what the run wrote there, and an old directory holding
 * anything else (the user's kernel, notes) is refused before the run
 * starts.  When a step of the commit fails, the steps before it are undone,
 * so that `-o DIR` holds what it held; so does a signal meanwhile
 * (interrupt.c). */
/* realpath (XSI). */
#define _DEFAULT_SOURCE 1

#include "common.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What the kit adds to a target's outputs. */
static const char *const kit_outputs[] = {"qor.json", "inputs", "outputs", NULL};

/* The mark of a directory a run committed: one name a line. */
#define MARK ".stratac-files"

/* The target's outputs, then the kit's; *n of them (malloc'd). */
static const char **list_outputs(const st_target_run *run, size_t *n) {
	size_t k = 0;
	for (const char *const *p = run->target->outputs; p && *p; p++)
		k++;
	const char **names = malloc((k + 3) * sizeof *names);
	if (!names) {
		fprintf(stderr, "%s: error: out of memory\n", run->opts->tool);
		return NULL;
	}
	*n = 0;
	for (const char *const *p = run->target->outputs; p && *p; p++)
		names[(*n)++] = *p;
	for (const char *const *p = kit_outputs; *p; p++)
		names[(*n)++] = *p;
	return names;
}

static bool same_file(const char *a, const char *b) {
	struct stat sa, sb;
	return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Whether `path` is `dir` or lies below it (links resolved). */
static bool inside(const char *path, const char *dir) {
	char rp[PATH_MAX], rd[PATH_MAX];
	if (!path || !realpath(path, rp) || !realpath(dir, rd))
		return false;
	size_t n = strlen(rd);
	return strncmp(rp, rd, n) == 0 && (rp[n] == '/' || rp[n] == 0);
}

/* Whether `name` is a line of the mark's text. */
static bool listed(const char *list, const char *name) {
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len == n && memcmp(p, name, n) == 0)
			return true;
		if (!nl)
			break;
		p = nl + 1;
	}
	return false;
}

/* Whether the old output directory `dir` holds only what a run wrote
 * there; false after saying what else it holds. */
static bool only_ours(const st_target_run *run, const char *dir) {
	const char *tool = run->opts->tool;
	char *mark = st_backend_fmt("%s/%s", dir, MARK);
	char *list = mark ? st_backend_slurp(mark, NULL) : NULL;
	free(mark);
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "%s: error: cannot read '%s': %s\n", tool, dir, strerror(errno));
		free(list);
		return false;
	}
	bool ok = true;
	for (struct dirent *e; ok && (e = readdir(d));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, MARK) ||
		    listed(list, e->d_name))
			continue;
		fprintf(stderr,
		        "%s: error: '%s' holds '%s', which no run of %s wrote there; move it away or choose another -o\n",
		        tool, dir, e->d_name, tool);
		ok = false;
	}
	closedir(d);
	free(list);
	return ok;
}

/* An output `name` may go into -o DIR: it replaces none of the run's
 * inputs, and a directory of that name holds nothing of the user's. */
static bool check_one(const st_target_run *run, const char *name) {
	const st_run_options *o = run->opts;
	char *p = st_backend_fmt("%s/%s", o->outdir, name);
	if (!p)
		return false;
	struct stat st;
	bool dir = lstat(p, &st) == 0 && S_ISDIR(st.st_mode);
	const char *ins[] = {o->input, o->target, o->inputs_dir};
	bool ok = true;
	for (size_t i = 0; ok && i < 3; i++)
		if (ins[i] && (same_file(p, ins[i]) || (dir && inside(ins[i], p)))) {
			fprintf(stderr, "%s: error: '-o %s' would replace the input '%s'; choose another directory\n", o->tool,
			        o->outdir, ins[i]);
			ok = false;
		}
	if (ok && dir)
		ok = only_ours(run, p);
	free(p);
	return ok;
}

bool st__run_check_outputs(const st_target_run *run) {
	size_t n = 0;
	const char **names = list_outputs(run, &n);
	bool ok = names != NULL;
	for (size_t i = 0; ok && i < n; i++)
		ok = check_one(run, names[i]);
	free(names);
	return ok;
}

/* Lists the entries of the new output directory `dir` in its mark. */
static bool write_mark(const st_target_run *run, const char *dir) {
	char *mark = st_backend_fmt("%s/%s", dir, MARK);
	DIR *d = mark ? opendir(dir) : NULL;
	st_outfile f;
	bool opened = d && st_run_open_file(run, mark, &f), ok = opened;
	for (struct dirent *e; ok && (e = readdir(d));)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, MARK))
			ok = fprintf(f.f, "%s\n", e->d_name) > 0;
	ok = opened && st_run_close_file(run, &f, ok);
	if (d)
		closedir(d);
	else
		fprintf(stderr, "%s: error: cannot read '%s'\n", run->opts->tool, dir);
	free(mark);
	return ok;
}

/* One output on its way into -o DIR. */
typedef struct pending {
	char *from, *to, *aside; /* work/<name>, DIR/<name>, work/old-<name> */
	bool dir;                /* renamed in (a directory), else copied */
	bool stale;              /* a directory of an earlier run this run did not make: only moved aside */
	bool old_aside, new_in;  /* a directory: the steps done */
	st_outfile file;         /* a file: its copy, open until renamed in */
	bool open, in;           /* a file: being written; renamed in */
	char *dest, *backup;     /* a file replaced: where, and a link to its old contents */
	bool existed;            /* a file: `dest` was there before */
} pending;

/* Copies the work file p->from into its st_outfile at p->to. */
static bool copy_file(const st_target_run *run, pending *p) {
	size_t len = 0;
	char *data = st_backend_slurp(p->from, &len);
	if (!data) {
		fprintf(stderr, "%s: error: cannot read '%s': %s\n", run->opts->tool, p->from, strerror(errno));
		return false;
	}
	if (!st_run_open_file(run, p->to, &p->file)) {
		free(data);
		return false;
	}
	p->open = true;
	st_outfile_write(&p->file, data, len);
	free(data);
	if (!st_outfile_error(&p->file))
		return true;
	p->open = false;
	return st_run_close_file(run, &p->file, false);
}

/* Renames an old directory aside and the new one in. */
static bool move_dir(const st_target_run *run, pending *p) {
	struct stat st;
	if (lstat(p->to, &st) == 0) {
		if (rename(p->to, p->aside) != 0) {
			fprintf(stderr, "%s: error: cannot move '%s' to '%s': %s\n", run->opts->tool, p->to, p->aside,
			        strerror(errno));
			return false;
		}
		p->old_aside = true;
	}
	if (p->stale)
		return true;
	if (rename(p->from, p->to) != 0) {
		fprintf(stderr, "%s: error: cannot move '%s' to '%s': %s\n", run->opts->tool, p->from, p->to,
		        strerror(errno));
		return false;
	}
	p->new_in = true;
	return true;
}

/* Renames a file's copy over its destination, keeping a link to what it
 * replaces for an undo. */
static bool file_in(const st_target_run *run, pending *p, size_t i) {
	struct stat st;
	p->dest = p->file.dest ? strdup(p->file.dest) : NULL;
	p->existed = p->dest && lstat(p->dest, &st) == 0 && S_ISREG(st.st_mode);
	if (p->existed && p->file.tmp) {
		p->backup = st_backend_fmt("%s/backup-%zu", run->work, i);
		if (p->backup && link(p->dest, p->backup) != 0) {
			free(p->backup);
			p->backup = NULL;
		}
	}
	p->open = false;
	return (p->in = st_run_close_file(run, &p->file, true));
}

/* Undoes what was done, last step first. */
static void undo(pending *ps, size_t n) {
	for (size_t i = n; i-- > 0;) {
		pending *p = &ps[i];
		if (p->open)
			st_outfile_close(&p->file, false);
		if (p->in && p->backup)
			rename(p->backup, p->dest);
		else if (p->in && !p->existed && p->dest)
			unlink(p->dest);
		if (p->new_in)
			rename(p->to, p->from);
		if (p->old_aside)
			rename(p->aside, p->to);
	}
}

bool st__run_commit(const st_target_run *run) {
	size_t n = 0;
	const char **names = list_outputs(run, &n);
	pending *ps = names ? calloc(n ? n : 1, sizeof *ps) : NULL;
	bool ok = ps != NULL;
	/* A signal from here on only marks the run (interrupt.c): the next
	 * step sees it and undoes the others (the copies beside their
	 * destinations too). */
	st__interrupt_defer(true);
	/* The names; the new directories' marks; the files' copies written. */
	for (size_t i = 0; ok && !st__interrupt_pending() && i < n; i++) {
		pending *p = &ps[i];
		p->from = st_backend_fmt("%s/%s", run->work, names[i]);
		p->to = st_backend_fmt("%s/%s", run->opts->outdir, names[i]);
		p->aside = st_backend_fmt("%s/old-%s", run->work, names[i]);
		struct stat st;
		ok = p->from && p->to && p->aside;
		if (ok && lstat(p->from, &st) != 0) {
			/* An output this run did not make (outputs/ with --no-sim):
			 * an earlier run's directory of that name would sit beside
			 * this run's files as if it were theirs. */
			p->stale = p->dir = lstat(p->to, &st) == 0 && S_ISDIR(st.st_mode);
			continue;
		}
		if (!ok)
			continue;
		p->dir = S_ISDIR(st.st_mode);
		ok = p->dir ? write_mark(run, p->from) : copy_file(run, p);
	}
	/* Directories renamed in, then files. */
	for (size_t i = 0; ok && i < n; i++)
		if (ps[i].dir)
			ok = !st__interrupt_pending() && move_dir(run, &ps[i]);
	ok = ok && st__test_pause(run, "commit");
	for (size_t i = 0; ok && i < n; i++)
		if (ps[i].open)
			ok = !st__interrupt_pending() && file_in(run, &ps[i], i);
	ok = ok && !st__interrupt_pending();
	if (!ok && ps) {
		undo(ps, n);
		fprintf(stderr, "%s: note: '%s' is left as it was\n", run->opts->tool, run->opts->outdir);
	}
	st__interrupt_defer(false);
	for (size_t i = 0; ps && i < n; i++) {
		free(ps[i].from);
		free(ps[i].to);
		free(ps[i].aside);
		free(ps[i].dest);
		free(ps[i].backup);
	}
	free(ps);
	free(names);
	return ok;
}
