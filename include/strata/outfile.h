/* Output files written the one way every Strata tool and backend writes
 * them (docs/reliability.md, "Writing outputs").
 *
 * - A regular file, or a path that does not exist yet, is written to a
 *   temporary file beside it and renamed over it only when everything was
 *   written: a failed or interrupted run never leaves a half-written file at
 *   the destination.  A file that is replaced keeps its permission bits (and
 *   its owner when the process may set it), and its new contents are
 *   fsync'ed before the rename.
 * - Anything else that can be opened for writing (a character device such
 *   as /dev/null or a terminal, a FIFO, a block device) is written in place:
 *   it is never replaced by a regular file.
 * - A symbolic link is followed to its target (through any chain of links),
 *   which is then written by the rules above; the link itself stays.
 * - NULL or "-" is standard output, written in place.
 * - Every write, flush, fsync, close and rename is checked: the first failure
 *   is kept (st_outfile_error) and st_outfile_close reports it.
 *
 * Callers print the failure as `<tool>: error: cannot write '<path>':
 * <reason>` and exit non-zero. */
#ifndef STRATA_OUTFILE_H
#define STRATA_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "strata/support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_outfile {
	FILE *f;          /* where the caller writes (fwrite, fprintf, st_outfile_write) */
	const char *path; /* as the caller gave it (NULL: standard output), for messages */
	char *dest;       /* the file written: `path` with symbolic links followed */
	char *tmp;        /* the temporary file renamed over `dest`; NULL when written in place */
	bool replaces;    /* `dest` exists and is replaced: keep its mode, fsync first */
	unsigned mode;    /* permission bits of the file replaced */
	long uid, gid;    /* its owner */
	int err;          /* errno of the first failure, 0 while all went well */
	const char *why;  /* a reason that is no errno ("is a directory"), or NULL */
} st_outfile;

/* Opens `path` (NULL or "-": standard output) for writing by the rules
 * above; a file it creates gets permission bits `mode` less the umask (0666
 * for data, 0777 for a program).  False when it cannot be opened: the reason
 * is st_outfile_error(o), and nothing needs closing. */
ST_API bool st_outfile_open(st_outfile *o, const char *path, unsigned mode);

/* An st_write_fn appending `len` bytes to the st_outfile `o`; a failure is
 * kept for st_outfile_close. */
ST_API void st_outfile_write(void *o, const char *data, size_t len);

/* Ends the output.  With `commit`, flushes, checks and (for a temporary
 * file) fsyncs and renames it over the destination, and returns whether
 * every step since st_outfile_open succeeded.  Without `commit` (the run
 * failed), a temporary file is removed and the destination keeps what it
 * had (an output written in place keeps what was written); returns false.
 * Frees what st_outfile_open allocated; `o` may then be opened again. */
ST_API bool st_outfile_close(st_outfile *o, bool commit);

/* Why the output failed: strerror of the first failure, or NULL when
 * nothing failed. */
ST_API const char *st_outfile_error(const st_outfile *o);

/* Flushes standard output and reports whether everything written to it
 * so far (by printf, fwrite, st_outfile) reached it; a tool calls it before
 * exiting, since the C library's flush at exit ignores errors (a full disk
 * behind `> file` would otherwise exit 0 with a truncated file).  False
 * with the reason in `*reason` (never NULL when false). */
ST_API bool st_stdout_flush(const char **reason);

#ifdef __cplusplus
}
#endif
#endif
