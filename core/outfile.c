/* Output files (include/strata/outfile.h): where a path really leads,
 * whether it may be replaced or must be written in place, and a check of
 * every step, so that no tool turns /dev/null into a regular file, drops a
 * write error, or leaves half a file where the user's was. */
#include "strata/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_LINKS = 40 /* as the kernel's own limit on a chain of links */ };

static bool fail(st_outfile *o, int err) {
	if (!o->err && !o->why)
		o->err = err ? err : EIO;
	return false;
}

static char *concat(const char *a, size_t alen, const char *b) {
	size_t blen = strlen(b);
	char *s = malloc(alen + blen + 1);
	if (s) {
		memcpy(s, a, alen);
		memcpy(s + alen, b, blen + 1);
	}
	return s;
}

/* `path` with every symbolic link along the last component followed (a
 * relative link is relative to the folder holding it); the folders on the
 * way are left to the kernel.  `*st` is the file's status, `*exists` false
 * when the chain ends at a name that does not exist yet (a dangling link
 * creates its target, as the shell's `>` does). */
static char *follow_links(st_outfile *o, const char *path, struct stat *st, bool *exists) {
	char *p = strdup(path);
	for (int n = 0; p; n++) {
		if (lstat(p, st) != 0) {
			if (errno == ENOENT) {
				*exists = false;
				return p;
			}
			fail(o, errno);
			break;
		}
		if (!S_ISLNK(st->st_mode)) {
			*exists = true;
			return p;
		}
		if (n == MAX_LINKS) {
			fail(o, ELOOP);
			break;
		}
		size_t cap = st->st_size > 0 ? (size_t)st->st_size + 1 : 256;
		char *target = malloc(cap);
		ssize_t len = target ? readlink(p, target, cap) : -1;
		if (len < 0 || (size_t)len >= cap) {
			fail(o, len < 0 ? errno : ENAMETOOLONG);
			free(target);
			break;
		}
		target[len] = '\0';
		char *slash = strrchr(p, '/');
		char *next = target[0] == '/' || !slash ? strdup(target) : concat(p, (size_t)(slash - p) + 1, target);
		free(target);
		free(p);
		p = next;
	}
	if (!p)
		fail(o, ENOMEM);
	free(p);
	return NULL;
}

/* Creates the temporary file beside `o->dest` (so the rename stays in one
 * file system): `<dest>.tmp<pid>`, or a shorter name in the same folder
 * when that one is too long. */
static int create_temp(st_outfile *o, unsigned mode) {
	char suffix[48];
	for (unsigned attempt = 0; attempt < 100; attempt++) {
		if (attempt)
			snprintf(suffix, sizeof suffix, ".tmp%ld-%u", (long)getpid(), attempt);
		else
			snprintf(suffix, sizeof suffix, ".tmp%ld", (long)getpid());
		free(o->tmp);
		o->tmp = concat(o->dest, strlen(o->dest), suffix);
		if (!o->tmp)
			return fail(o, ENOMEM), -1;
		int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, (mode_t)mode);
		if (fd < 0 && errno == ENAMETOOLONG) {
			const char *slash = strrchr(o->dest, '/');
			size_t dir = slash ? (size_t)(slash - o->dest) + 1 : 0;
			snprintf(suffix, sizeof suffix, ".strata-out.tmp%ld-%u", (long)getpid(), attempt);
			free(o->tmp);
			o->tmp = concat(o->dest, dir, suffix);
			if (!o->tmp)
				return fail(o, ENOMEM), -1;
			fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, (mode_t)mode);
		}
		if (fd >= 0 || errno != EEXIST)
			return fd < 0 ? (fail(o, errno), -1) : fd;
	}
	return fail(o, EEXIST), -1;
}

static void release(st_outfile *o) {
	free(o->dest);
	free(o->tmp);
	o->dest = o->tmp = NULL;
	o->f = NULL;
}

bool st_outfile_open(st_outfile *o, const char *path, unsigned mode) {
	memset(o, 0, sizeof *o);
	o->path = path;
	if (!path || strcmp(path, "-") == 0) {
		o->f = stdout;
		return true;
	}
	struct stat st;
	bool exists = false;
	o->dest = follow_links(o, path, &st, &exists);
	if (!o->dest)
		return false;
	int fd;
	if (exists && S_ISDIR(st.st_mode)) {
		o->why = "is a directory";
		release(o);
		return false;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		/* A device, FIFO or socket: only writing into it keeps it what it
		 * is.  No O_TRUNC: it means nothing there. */
		fd = open(o->dest, O_WRONLY);
		if (fd < 0) {
			fail(o, errno);
			release(o);
			return false;
		}
	} else {
		if (exists) {
			o->replaces = true;
			o->mode = (unsigned)(st.st_mode & 07777);
			o->uid = (long)st.st_uid;
			o->gid = (long)st.st_gid;
			/* The user must be allowed to write the file replaced, not
			 * merely its folder (what `>` would have refused). */
			if (access(o->dest, W_OK) != 0) {
				fail(o, errno);
				release(o);
				return false;
			}
		}
		fd = create_temp(o, exists ? 0600 : mode);
		if (fd < 0) {
			release(o);
			return false;
		}
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		fail(o, errno);
		close(fd);
		if (o->tmp)
			unlink(o->tmp);
		release(o);
		return false;
	}
	/* Printers hand over 64 KiB chunks: let them through unsplit. */
	setvbuf(o->f, NULL, _IOFBF, 1 << 16);
	return true;
}

void st_outfile_write(void *out, const char *data, size_t len) {
	st_outfile *o = out;
	if (!o->err && !o->why && len && fwrite(data, 1, len, o->f) != len)
		fail(o, errno);
}

/* Gives the temporary file what the one it replaces had: its permission
 * bits, and its owner when this process may set it (root replacing a
 * user's file); a failed chown leaves the file ours, as a copy would. */
static bool take_over(st_outfile *o, int fd) {
	if (fchown(fd, (uid_t)o->uid, (gid_t)o->gid) != 0 && errno != EPERM)
		return fail(o, errno);
	if (fchmod(fd, (mode_t)o->mode) != 0)
		return fail(o, errno);
	return fsync(fd) == 0 || fail(o, errno);
}

bool st_outfile_close(st_outfile *o, bool commit) {
	bool ok = !o->err && !o->why;
	if (o->f == stdout) {
		const char *why = NULL;
		if (!st_stdout_flush(&why) && ok) {
			o->why = why;
			ok = false;
		}
		release(o);
		return ok && commit;
	}
	if (!o->f)
		return false;
	if (fflush(o->f) != 0 || ferror(o->f))
		ok = fail(o, errno);
	if (ok && commit && o->tmp && o->replaces)
		ok = take_over(o, fileno(o->f));
	if (fclose(o->f) != 0 && ok)
		ok = fail(o, errno);
	o->f = NULL;
	if (o->tmp) {
		if (ok && commit && rename(o->tmp, o->dest) != 0)
			ok = fail(o, errno);
		if (!ok || !commit)
			unlink(o->tmp);
	}
	release(o);
	return ok && commit;
}

const char *st_outfile_error(const st_outfile *o) {
	if (o->why)
		return o->why;
	return o->err ? strerror(o->err) : NULL;
}

bool st_stdout_flush(const char **reason) {
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return true;
	/* A failed write in the middle of the run set the error flag and its
	 * errno is gone; fflush's own failure still has it. */
	*reason = errno ? strerror(errno) : "write error";
	/* Reported once: a later check sees only later failures. */
	clearerr(stdout);
	return false;
}
