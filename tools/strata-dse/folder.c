/* The sweep's output folder, which is also its state (docs/dse.md, "The
 * folder"): sweep.json (the sweep it belongs to), variants/ (one .acg per
 * variant and variants.json), jobs/<app>@v<i>/ (a committed stratac run),
 * jobs/<app>@v<i>.failed (why a job failed), logs/, tmp/ (attempts in
 * progress), and the reports.  One coordinator at a time holds .lock, so
 * two sweeps can never write one folder, and a folder that holds another
 * sweep is refused rather than mixed. */
#include "dse.h"

#include "strata/acg.h"
#include "strata/backend.h"
#include "tool_io.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

size_t dse_num_jobs(const dse_sweep *s) { return s->nvariants * s->napps; }

/* Digits of the variant numbers: every name has the same width, so that
 * the folders sort in variant order. */
static int variant_digits(const dse_sweep *s) {
	int d = 1;
	for (size_t n = s->nvariants > 1 ? s->nvariants - 1 : 1; n >= 10; n /= 10)
		d++;
	return d < 3 ? 3 : d;
}

void dse_variant_name(const dse_sweep *s, size_t v, char *buf, size_t n) {
	char digits[32];
	snprintf(digits, sizeof digits, "%zu", v);
	size_t width = (size_t)variant_digits(s), len = strlen(digits);
	assert(n > width + 1 && n > len + 1); /* callers pass 32 bytes; a size_t has at most 20 digits */
	(void)n;
	buf[0] = 'v';
	size_t pad = width > len ? width - len : 0;
	memset(buf + 1, '0', pad);
	memcpy(buf + 1 + pad, digits, len + 1);
}

void dse_job_name(const dse_sweep *s, size_t j, char *buf, size_t n) {
	char v[32];
	dse_variant_name(s, j % s->nvariants, v, sizeof v);
	snprintf(buf, n, "%s@%s", s->apps[j / s->nvariants].name, v);
}

static bool exists(const char *path) {
	struct stat st;
	return stat(path, &st) == 0;
}

dse_state dse_job_state(const dse_run *r, size_t j) {
	char name[256];
	dse_job_name(r->sweep, j, name, sizeof name);
	char *done = dse_fmt("%s/jobs/%s/qor.json", r->out, name);
	char *failed = dse_fmt("%s/jobs/%s.failed", r->out, name);
	dse_state st = done && exists(done) ? DSE_DONE : failed && exists(failed) ? DSE_FAILED : DSE_PENDING;
	free(done);
	free(failed);
	return st;
}

static bool mkdir_p(const char *path) {
	if (mkdir(path, 0755) == 0 || errno == EEXIST)
		return true;
	fprintf(stderr, "%s: error: cannot create '%s': %s\n", DSE_TOOL, path, strerror(errno));
	return false;
}

/* The contents of `path` (NUL-terminated), or NULL when it cannot be read. */
static char *read_all(const char *path) {
	st_tool_input in;
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fclose(f);
	if (!st_tool_read_input(DSE_TOOL, path, &in))
		return NULL;
	char *s = malloc(in.len + 1);
	if (s) {
		memcpy(s, in.data, in.len);
		s[in.len] = 0;
	}
	st_tool_free_input(&in);
	return s;
}

/* Writes `data` to `path` unless the file already holds exactly it; a file
 * that holds something else belongs to someone else. */
static bool write_once(const char *path, const char *data, const char *what) {
	char *old = read_all(path);
	bool ok = true;
	if (old && strcmp(old, data)) {
		fprintf(stderr, "%s: error: '%s' holds another %s; give this sweep another output folder (-o)\n",
		        DSE_TOOL, path, what);
		ok = false;
	} else if (!old)
		ok = dse_write_file(path, data, strlen(data));
	free(old);
	return ok;
}

/* Variant v's .acg text: the base with the variant's values, verified. */
static char *variant_text(dse_run *r, st_str base, size_t v) {
	const dse_sweep *s = r->sweep;
	st_op *mod = st_acg_import(r->ctx, base, s->base);
	st_op *graph = mod ? st_acg_find_target(mod, NULL) : NULL;
	bool ok = graph != NULL;
	char values[1024] = "";
	for (size_t p = 0, n = 0; p < s->nparams && n < sizeof values; p++)
		n += (size_t)snprintf(values + n, sizeof values - n, "%s%s = %lld", p ? ", " : "", s->params[p].path,
		                      (long long)dse_variant_value(s, v, p));
	for (size_t p = 0; ok && p < s->nparams; p++) {
		char why[512];
		if (st_failed(st_acg_property_set(graph, s->params[p].path, dse_variant_value(s, v, p), why, sizeof why))) {
			fprintf(stderr, "%s: /parameters/%zu: error: %s\n", s->file, p, why);
			ok = false;
		}
	}
	if (ok && st_failed(st_verify(mod))) {
		fprintf(stderr, "%s: /parameters: error: variant %zu (%s) is not a valid target (the errors above)\n",
		        s->file, v, values);
		ok = false;
	}
	dse_text b = {0};
	if (ok) {
		dse_text_printf(&b, "# Variant %zu of sweep '%s' (strata-dse): %s\n", v, s->name, values);
		ok = st_succeeded(st_acg_export(mod, dse_text_write, &b)) && !b.oom;
	}
	if (mod)
		st_op_destroy(mod);
	if (!ok) {
		free(b.data);
		return NULL;
	}
	return b.data;
}

/* variants/v<i>.acg for every variant and variants.json naming their values. */
static bool write_variants(dse_run *r) {
	const dse_sweep *s = r->sweep;
	st_tool_input in = {0};
	if (!st_tool_read_input(DSE_TOOL, s->base, &in))
		return false;
	st_str base = st_str_make(in.data, in.len);
	bool ok = true;
	json_t *list = json_array();
	for (size_t v = 0; ok && v < s->nvariants; v++) {
		char name[32];
		dse_variant_name(s, v, name, sizeof name);
		char *text = variant_text(r, base, v);
		char *path = dse_fmt("%s/variants/%s.acg", r->out, name);
		ok = text && path && write_once(path, text, "variant");
		json_t *vals = json_object();
		for (size_t p = 0; p < s->nparams; p++)
			json_object_set_new(vals, s->params[p].path, json_integer(dse_variant_value(s, v, p)));
		json_array_append_new(list, json_pack("{s:s, s:o}", "variant", name, "parameters", vals));
		free(text);
		free(path);
	}
	st_tool_free_input(&in);
	char *text = ok ? json_dumps(list, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	char *path = dse_fmt("%s/variants/variants.json", r->out);
	if (ok)
		ok = text && path && write_once(path, text, "list of variants");
	free(text);
	free(path);
	json_decref(list);
	return ok;
}

/* Attempts of a killed run: their stratac folders never got committed. */
static bool clear_tmp(const dse_run *r) {
	char *tmp = dse_fmt("%s/tmp", r->out);
	bool ok = tmp && st_backend_rm_rf(tmp) && mkdir_p(tmp);
	if (tmp && !ok)
		fprintf(stderr, "%s: error: cannot clear '%s': %s\n", DSE_TOOL, tmp, strerror(errno));
	free(tmp);
	return ok;
}

bool dse_folder_open(dse_run *r, bool writer) {
	r->lock_fd = -1;
	if (!mkdir_p(r->out))
		return false;
	char *lock = dse_fmt("%s/.lock", r->out);
	r->lock_fd = lock ? open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644) : -1;
	if (r->lock_fd < 0 || flock(r->lock_fd, LOCK_EX | LOCK_NB)) {
		fprintf(stderr, "%s: error: '%s' is in use by another strata-dse (%s)\n", DSE_TOOL, r->out,
		        r->lock_fd < 0 ? strerror(errno) : "its lock is held");
		free(lock);
		return false;
	}
	free(lock);
	bool ok = true;
	static const char *const sub[] = {"variants", "jobs", "logs", "tmp"};
	for (size_t i = 0; ok && i < sizeof sub / sizeof *sub; i++) {
		char *p = dse_fmt("%s/%s", r->out, sub[i]);
		ok = p && mkdir_p(p);
		free(p);
	}
	char *id = dse_fmt("%s/sweep.json", r->out);
	ok = ok && id && write_once(id, r->sweep->text, "sweep");
	free(id);
	if (ok && writer)
		ok = clear_tmp(r) && write_variants(r);
	return ok;
}

void dse_folder_close(dse_run *r) {
	if (r->lock_fd >= 0)
		close(r->lock_fd);
	r->lock_fd = -1;
}

bool dse_folder_check(dse_run *r) {
	char *id = dse_fmt("%s/sweep.json", r->out);
	char *text = id ? read_all(id) : NULL;
	bool ok = text && !strcmp(text, r->sweep->text);
	if (!ok)
		fprintf(stderr, "%s: error: '%s' %s\n", DSE_TOOL, id ? id : "sweep.json",
		        text ? "holds another sweep" : "is missing: run the sweep with `strata-dse run`");
	free(text);
	free(id);
	return ok;
}
