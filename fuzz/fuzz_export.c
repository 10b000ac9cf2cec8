/* Harness `export`: the output-writing paths (strata/outfile.h) behind the
 * printer and every registered export (Verilog, the Verilator testbench,
 * Calyx, .acg, Graphviz, the systolic program, ...), as the tools use them
 * for `-o FILE` (docs/reliability.md, "Writing outputs").
 *
 * The first byte of an input picks the writer (0: the IR printer, then the
 * exports in the registry's order), its top bit whether the file is reached
 * through a symbolic link; the rest is IR text.  On a module that verifies,
 * the writer runs three times: into memory, into an st_outfile over an
 * existing file (mode 0640, known contents, in a folder of its own), and
 * into /dev/full.  Properties:
 *   - the runs agree on success;
 *   - a success leaves the file holding exactly the text written to
 *     memory, its mode kept and a link still a link; a failure has reported
 *     an error and leaves the file as it was;
 *   - no temporary file stays in the folder either way;
 *   - writing a non-empty text to /dev/full is a failure with a reason
 *     (every write and the flush checked), and /dev/full stays a device.
 */
#define _DEFAULT_SOURCE 1

#include "fuzz_common.h"

#include "strata/outfile.h"
#include "strata/translate.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char old_text[] = "the file's contents before the export\n";

/* The harness's folder (a test program's static, like fuzz_common.c's
 * context: libFuzzer's entry point has no state argument). */
static char folder[256];

static void remove_folder(void) {
	char p[300];
	snprintf(p, sizeof p, "%s/out.txt", folder);
	unlink(p);
	snprintf(p, sizeof p, "%s/link", folder);
	unlink(p);
	rmdir(folder);
}

static const char *make_folder(void) {
	if (folder[0])
		return folder;
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(folder, sizeof folder, "%s/strata-fuzz-export-XXXXXX", base);
	if (!mkdtemp(folder)) {
		perror("fuzz-export: mkdtemp");
		abort();
	}
	atexit(remove_folder);
	return folder;
}

/* The exports, in the registry's order. */
static size_t exports(st_context *ctx, const st_translation_def **out, size_t max) {
	size_t n = 0;
	for (size_t i = 0; i < st_context_num_translations(ctx) && n < max; i++) {
		const st_translation_def *t = st_context_translation_at(ctx, i);
		if (t->export_)
			out[n++] = t;
	}
	return n;
}

/* Runs the writer (t == NULL: the printer) into `w`. */
static bool write_with(const st_translation_def *t, st_op *m, st_write_fn w, void *ud) {
	if (!t) {
		st_print_options o = {0};
		st_print_op(m, &o, w, ud);
		return true;
	}
	return st_succeeded(t->export_(m, w, ud));
}

static char *slurp(const char *path, size_t *n) {
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fz_buf b = {0};
	char chunk[4096];
	size_t r;
	fz_buf_write(&b, "", 0);
	while ((r = fread(chunk, 1, sizeof chunk, f)) > 0)
		fz_buf_write(&b, chunk, r);
	fclose(f);
	*n = b.len;
	return b.data;
}

/* The folder holds out.txt and link, nothing else. */
static void check_folder(const char *name) {
	DIR *d = opendir(folder);
	if (!d)
		fz_fail("the harness's folder is gone", folder, NULL);
	for (struct dirent *e; (e = readdir(d));)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, "out.txt") &&
		    strcmp(e->d_name, "link")) {
			closedir(d);
			fz_fail("a file stays beside the output", name, e->d_name);
		}
	closedir(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	if (size < 1)
		return 0;
	st_context *ctx = fz_context(false);
	const st_translation_def *ts[64];
	size_t nts = exports(ctx, ts, 64);
	size_t pick = (data[0] & 0x7f) % (nts + 1);
	const st_translation_def *t = pick ? ts[pick - 1] : NULL;
	const char *name = t ? t->name : "the printer";
	bool via_link = data[0] & 0x80;
	st_op *m = fz_parse(ctx, data + 1, size - 1, "input.mlir");
	if (!m || st_failed(st_verify(m))) {
		if (m)
			st_op_destroy(m);
		fz_done(ctx);
		return 0;
	}
	/* Into memory. */
	fz_buf mem = {0};
	fz_buf_write(&mem, "", 0);
	size_t errors = st_context_num_errors(ctx);
	bool ok = write_with(t, m, fz_buf_write, &mem);
	if (!ok)
		fz_expect_error(ctx, errors, "an export failed without an error");
	if (st_context_out_of_memory(ctx)) {
		fz_buf_free(&mem);
		st_op_destroy(m);
		fz_done(ctx);
		return 0;
	}

	/* Over an existing file, perhaps through a link. */
	char file[300], link_path[300];
	make_folder();
	snprintf(file, sizeof file, "%s/out.txt", folder);
	snprintf(link_path, sizeof link_path, "%s/link", folder);
	FILE *f = fopen(file, "wb");
	if (!f || fwrite(old_text, 1, sizeof old_text - 1, f) != sizeof old_text - 1 || fclose(f) != 0 ||
	    chmod(file, 0640) != 0)
		fz_fail("cannot prepare the output file", file, NULL);
	unlink(link_path);
	if (symlink("out.txt", link_path) != 0)
		fz_fail("cannot make the link", link_path, NULL);
	st_outfile o;
	if (!st_outfile_open(&o, via_link ? link_path : file, 0666))
		fz_fail("cannot open the output", file, st_outfile_error(&o));
	errors = st_context_num_errors(ctx);
	bool ok2 = write_with(t, m, st_outfile_write, &o);
	bool closed = st_outfile_close(&o, ok2);
	if (ok2 != ok && !st_context_out_of_memory(ctx))
		fz_fail("the export succeeds into memory and fails into a file, or the reverse", name, NULL);
	if (ok2 && !closed)
		fz_fail("a regular file could not be written", name, file);
	size_t n = 0;
	char *got = slurp(file, &n);
	struct stat st, lst;
	if (!got || stat(file, &st) != 0 || lstat(link_path, &lst) != 0)
		fz_fail("the output file is gone", name, file);
	if (ok2 && (n != mem.len || memcmp(got, mem.data, n)))
		fz_fail("the file holds other than what was written to memory", mem.data, got);
	if (!ok2 && (n != sizeof old_text - 1 || memcmp(got, old_text, n)))
		fz_fail("a failed export changed the file", name, got);
	if ((st.st_mode & 07777) != 0640)
		fz_fail("the file's mode was not kept", name, NULL);
	if (!S_ISLNK(lst.st_mode))
		fz_fail("the link was replaced", name, NULL);
	free(got);
	check_folder(name);

	/* Into /dev/full: in place, and the failure seen. */
	if (ok && mem.len && stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode)) {
		if (!st_outfile_open(&o, "/dev/full", 0666))
			fz_fail("cannot open /dev/full", st_outfile_error(&o), NULL);
		bool ok3 = write_with(t, m, st_outfile_write, &o);
		bool committed = st_outfile_close(&o, ok3);
		if (ok3 && committed)
			fz_fail("writing to /dev/full succeeded", name, NULL);
		if (ok3 && !st_outfile_error(&o))
			fz_fail("a failed write to /dev/full has no reason", name, NULL);
		if (stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode))
			fz_fail("/dev/full is no longer a device", name, NULL);
	}
	fz_buf_free(&mem);
	st_op_destroy(m);
	fz_done(ctx);
	return 0;
}
