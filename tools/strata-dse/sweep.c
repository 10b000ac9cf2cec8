/* Reading a sweep description (docs/dse.md, "The sweep file").  JSON is
 * parsed by jansson; everything it holds is checked here, before any job
 * runs: unknown keys (a misspelt key would silently mean a default), types,
 * ranges, the apps' files, and every parameter path against the base .acg.
 * An error names the file and the value by its JSON pointer
 * (`sweep.json: /parameters/1/values/2: error: ...`), since jansson keeps
 * no positions past parsing. */
#include "dse.h"

#include "strata/acg.h"
#include "strata/limit.h"
#include "tool_io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Jobs one sweep may expand to: each is a compile and a simulation. */
static const st_limit_def dse_jobs_limit = {"dse-jobs", "jobs (variants x apps) of one strata-dse sweep", 100000, 0};

#define MAX_LIST 4096 /* values of a parameter, apps, options: far beyond any sweep */

typedef struct reader {
	st_context *ctx;
	dse_sweep *s;
	bool ok;
} reader;

static void __attribute__((format(printf, 3, 4))) fail(reader *rd, const char *ptr, const char *fmt, ...) {
	va_list ap;
	fprintf(stderr, "%s: %s: error: ", rd->s->file, ptr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	rd->ok = false;
}

/* Refuses keys of `obj` outside `allowed` (NULL-terminated). */
static void only_keys(reader *rd, json_t *obj, const char *ptr, const char *const *allowed) {
	const char *key;
	json_t *v;
	json_object_foreach(obj, key, v) {
		bool known = false;
		for (size_t i = 0; allowed[i] && !known; i++)
			known = !strcmp(key, allowed[i]);
		if (!known) {
			char list[256] = "";
			for (size_t i = 0, n = 0; allowed[i] && n < sizeof list; i++)
				n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", allowed[i]);
			fail(rd, ptr, "unknown key '%s' (expected one of: %s)", key, list);
		}
	}
	(void)v;
}

/* Whether `v` is an object, with keys among `allowed` only; `what` says
 * what it should hold, for the message. */
static bool object_of(reader *rd, json_t *v, const char *ptr, const char *const *allowed, const char *what) {
	if (!json_is_object(v)) {
		fail(rd, *ptr ? ptr : "/", "expected an object %s", what);
		return false;
	}
	only_keys(rd, v, ptr, allowed);
	return true;
}

/* `rel` from the sweep's folder as an absolute path, or NULL after an error
 * when it is not a file (or, with `dir`, a folder). */
static char *existing_path(reader *rd, const char *ptr, const char *rel, bool dir) {
	char *joined = rel[0] == '/' ? strdup(rel) : dse_fmt("%s/%s", rd->s->dir, rel);
	char *abs = joined ? realpath(joined, NULL) : NULL;
	struct stat st;
	if (!abs)
		fail(rd, ptr, "cannot read '%s': %s", joined ? joined : rel, strerror(errno));
	else if (stat(abs, &st) || (dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))) {
		fail(rd, ptr, "'%s' is not a %s", joined, dir ? "folder" : "file");
		free(abs);
		abs = NULL;
	}
	free(joined);
	return abs;
}

static const char *string_of(reader *rd, json_t *v, const char *ptr) {
	if (!json_is_string(v) || !json_string_length(v) || strlen(json_string_value(v)) != json_string_length(v)) {
		fail(rd, ptr, "expected a non-empty string");
		return NULL;
	}
	return json_string_value(v);
}

/* A name that can be part of a file name. */
static bool plain_name(const char *s) {
	if (!*s || *s == '.')
		return false;
	for (; *s; s++)
		if (!(('a' <= *s && *s <= 'z') || ('A' <= *s && *s <= 'Z') || ('0' <= *s && *s <= '9') || strchr("_-.", *s)))
			return false;
	return true;
}

static bool uint_of(reader *rd, json_t *v, const char *ptr, uint64_t lo, uint64_t hi, uint64_t *out) {
	if (!json_is_integer(v) || json_integer_value(v) < 0 || (uint64_t)json_integer_value(v) < lo ||
	    (uint64_t)json_integer_value(v) > hi) {
		fail(rd, ptr, "expected an integer from %llu to %llu", (unsigned long long)lo, (unsigned long long)hi);
		return false;
	}
	*out = (uint64_t)json_integer_value(v);
	return true;
}

/* An array of at most MAX_LIST elements (empty allowed or not). */
static size_t array_of(reader *rd, json_t *v, const char *ptr, bool nonempty) {
	if (!json_is_array(v)) {
		fail(rd, ptr, "expected an array");
		return 0;
	}
	size_t n = json_array_size(v);
	if (n > MAX_LIST)
		fail(rd, ptr, "more than %d elements", MAX_LIST);
	else if (nonempty && !n)
		fail(rd, ptr, "expected at least one element");
	return rd->ok ? n : 0;
}

static char **strings_of(reader *rd, json_t *v, const char *ptr, size_t *count) {
	size_t n = array_of(rd, v, ptr, false);
	char **out = n ? calloc(n, sizeof *out) : NULL;
	for (size_t i = 0; out && i < n; i++) {
		char p[96];
		snprintf(p, sizeof p, "%s/%zu", ptr, i);
		const char *str = string_of(rd, json_array_get(v, i), p);
		out[i] = str ? strdup(str) : NULL;
	}
	*count = out ? n : 0;
	return out;
}

static void read_params(reader *rd, json_t *arr, st_op *graph) {
	static const char *const keys[] = {"path", "values", NULL};
	dse_sweep *s = rd->s;
	size_t n = array_of(rd, arr, "/parameters", true);
	s->params = n ? calloc(n, sizeof *s->params) : NULL;
	s->nparams = s->params ? n : 0;
	int64_t jobs = 1;
	for (size_t i = 0; i < s->nparams && rd->ok; i++) {
		char ptr[96], vp[128], why[512];
		json_t *p = json_array_get(arr, i);
		snprintf(ptr, sizeof ptr, "/parameters/%zu", i);
		if (!object_of(rd, p, ptr, keys, "with 'path' and 'values'"))
			return;
		snprintf(vp, sizeof vp, "%s/path", ptr);
		const char *path = string_of(rd, json_object_get(p, "path"), vp);
		int64_t dflt;
		if (!path)
			return;
		for (size_t k = 0; k < i; k++)
			if (!strcmp(s->params[k].path, path))
				fail(rd, vp, "'%s' is already swept by /parameters/%zu", path, k);
		if (rd->ok && st_failed(st_acg_property_get(graph, path, &dflt, why, sizeof why)))
			fail(rd, vp, "%s (in %s)", why, s->base);
		s->params[i].path = strdup(path);
		snprintf(vp, sizeof vp, "%s/values", ptr);
		json_t *vals = json_object_get(p, "values");
		size_t nv = array_of(rd, vals, vp, true);
		s->params[i].values = nv ? calloc(nv, sizeof(int64_t)) : NULL;
		s->params[i].nvalues = s->params[i].values ? nv : 0;
		for (size_t k = 0; k < s->params[i].nvalues; k++) {
			json_t *v = json_array_get(vals, k);
			snprintf(vp, sizeof vp, "%s/values/%zu", ptr, k);
			if (!json_is_integer(v))
				fail(rd, vp, "expected an integer");
			else
				s->params[i].values[k] = json_integer_value(v);
			for (size_t m = 0; m < k && rd->ok; m++)
				if (s->params[i].values[m] == s->params[i].values[k])
					fail(rd, vp, "%lld is already a value of this parameter", (long long)s->params[i].values[k]);
		}
		if (rd->ok && !st_mul_size(jobs, (int64_t)s->params[i].nvalues, &jobs))
			jobs = INT64_MAX;
	}
	s->nvariants = rd->ok ? (size_t)jobs : 0;
}

static void read_app(reader *rd, json_t *a, const char *ptr, dse_app *app) {
	static const char *const keys[] = {"name", "source", "inputs", "top", "options", NULL};
	char p[128];
	if (!object_of(rd, a, ptr, keys, "with 'name' and 'source'"))
		return;
	snprintf(p, sizeof p, "%s/name", ptr);
	const char *name = string_of(rd, json_object_get(a, "name"), p);
	if (name && !plain_name(name))
		fail(rd, p, "an app name is letters, digits, '_', '-' and '.', not starting with '.'");
	app->name = name ? strdup(name) : NULL;
	snprintf(p, sizeof p, "%s/source", ptr);
	const char *src = string_of(rd, json_object_get(a, "source"), p);
	app->source = src ? existing_path(rd, p, src, false) : NULL;
	json_t *v;
	if ((v = json_object_get(a, "inputs"))) {
		snprintf(p, sizeof p, "%s/inputs", ptr);
		const char *in = string_of(rd, v, p);
		app->inputs = in ? existing_path(rd, p, in, true) : NULL;
	}
	if ((v = json_object_get(a, "top"))) {
		snprintf(p, sizeof p, "%s/top", ptr);
		const char *top = string_of(rd, v, p);
		app->top = top ? strdup(top) : NULL;
	}
	if ((v = json_object_get(a, "options"))) {
		snprintf(p, sizeof p, "%s/options", ptr);
		app->options = strings_of(rd, v, p, &app->noptions);
	}
}

static void read_report(reader *rd, json_t *rep) {
	static const char *const keys[] = {"metrics", "area", NULL};
	dse_sweep *s = rd->s;
	if (!object_of(rd, rep, "/report", keys, "with 'metrics' or 'area'"))
		return;
	json_t *m = json_object_get(rep, "metrics");
	if (m)
		s->metrics = strings_of(rd, m, "/report/metrics", &s->nmetrics);
	json_t *area = json_object_get(rep, "area");
	if (!area)
		return;
	if (!json_is_object(area) || !json_object_size(area) || json_object_size(area) > MAX_LIST) {
		fail(rd, "/report/area", "expected an object of resource kind -> weight");
		return;
	}
	s->area = calloc(json_object_size(area), sizeof *s->area);
	const char *key;
	json_t *w;
	json_object_foreach(area, key, w) {
		char p[160];
		snprintf(p, sizeof p, "/report/area/%s", key);
		if (!json_is_number(w) || json_number_value(w) <= 0)
			fail(rd, p, "a weight is a positive number");
		else if (s->area) {
			s->area[s->narea].kind = strdup(key);
			s->area[s->narea++].weight = json_number_value(w);
		}
	}
}

/* The QoR keys a results table may show. */
static bool known_metric(const char *m) {
	static const char *const keys[] = {"cycles", "ideal_cycles", "compute_occupancy", "max_utilization",
	                                   "ops_per_cycle", "macs_per_cycle", "ii", NULL};
	for (size_t i = 0; keys[i]; i++)
		if (!strcmp(m, keys[i]))
			return true;
	return !strncmp(m, "utilization.", 12) && m[12];
}

static void read_sweep(reader *rd, json_t *root) {
	static const char *const keys[] = {"name", "base", "parameters", "apps", "options", "seed",
	                                   "timeout", "retries", "report", NULL};
	dse_sweep *s = rd->s;
	if (!object_of(rd, root, "", keys, "(a sweep)"))
		return;
	const char *name = string_of(rd, json_object_get(root, "name"), "/name");
	if (name && !plain_name(name))
		fail(rd, "/name", "a sweep name is letters, digits, '_', '-' and '.', not starting with '.'");
	s->name = name ? strdup(name) : NULL;
	const char *base = string_of(rd, json_object_get(root, "base"), "/base");
	s->base = base ? existing_path(rd, "/base", base, false) : NULL;
	json_t *v;
	s->seed = 1;
	s->timeout_s = 3600;
	s->retries = 2;
	if ((v = json_object_get(root, "seed")))
		uint_of(rd, v, "/seed", 0, UINT32_MAX, &s->seed);
	if ((v = json_object_get(root, "timeout")))
		uint_of(rd, v, "/timeout", 1, 7 * 24 * 3600, &s->timeout_s);
	if ((v = json_object_get(root, "retries")))
		uint_of(rd, v, "/retries", 0, 100, &s->retries);
	if ((v = json_object_get(root, "options")))
		s->options = strings_of(rd, v, "/options", &s->noptions);
	if ((v = json_object_get(root, "report")))
		read_report(rd, v);
	for (size_t i = 0; i < s->nmetrics && s->metrics[i]; i++)
		if (!known_metric(s->metrics[i])) {
			char p[64];
			snprintf(p, sizeof p, "/report/metrics/%zu", i);
			fail(rd, p, "'%s' is not a QoR figure (cycles, ideal_cycles, compute_occupancy, "
			            "max_utilization, ops_per_cycle, macs_per_cycle, ii, utilization.<kind>)",
			     s->metrics[i]);
		}
	json_t *apps = json_object_get(root, "apps");
	size_t na = array_of(rd, apps, "/apps", true);
	s->apps = na ? calloc(na, sizeof *s->apps) : NULL;
	s->napps = s->apps ? na : 0;
	for (size_t i = 0; i < s->napps; i++) {
		char p[64];
		snprintf(p, sizeof p, "/apps/%zu", i);
		read_app(rd, json_array_get(apps, i), p, &s->apps[i]);
		for (size_t k = 0; k < i && rd->ok; k++)
			if (!strcmp(s->apps[k].name, s->apps[i].name))
				fail(rd, p, "another app is called '%s'", s->apps[i].name);
	}
	if (!rd->ok || !s->base)
		return;
	/* The parameters are checked against the base file, which must load. */
	st_tool_input in = {0};
	st_op *mod = NULL;
	if (st_tool_read_input(DSE_TOOL, s->base, &in))
		mod = st_acg_import(rd->ctx, st_str_make(in.data, in.len), s->base);
	st_op *graph = mod ? st_acg_find_target(mod, NULL) : NULL;
	if (!graph)
		fail(rd, "/base", "'%s' is not a valid .acg file", s->base);
	else {
		read_params(rd, json_object_get(root, "parameters"), graph);
		/* Area terms on properties of the .acg itself ("acg:BRAM.banks"). */
		for (size_t i = 0; i < s->narea; i++) {
			char why[512], p[160];
			int64_t v;
			snprintf(p, sizeof p, "/report/area/%s", s->area[i].kind);
			if (!strncmp(s->area[i].kind, "acg:", 4) &&
			    st_failed(st_acg_property_get(graph, s->area[i].kind + 4, &v, why, sizeof why)))
				fail(rd, p, "%s (in %s)", why, s->base);
		}
	}
	if (mod)
		st_op_destroy(mod);
	st_tool_free_input(&in);
	int64_t jobs;
	if (rd->ok && (!st_mul_size((int64_t)s->nvariants, (int64_t)s->napps, &jobs) ||
	               jobs > st_context_limit(rd->ctx, &dse_jobs_limit))) {
		char hint[160];
		fail(rd, "/parameters", "the sweep has %zu variants of %zu apps, too many jobs %s", s->nvariants,
		     s->napps, st_limit_hint(rd->ctx, &dse_jobs_limit, hint, sizeof hint));
	}
}

st_status dse_register_limits(st_context *ctx) { return st_context_register_limit(ctx, &dse_jobs_limit); }

dse_sweep *dse_sweep_load(st_context *ctx, const char *path) {
	dse_sweep *s = calloc(1, sizeof *s);
	reader rd = {ctx, s, true};
	if (!s)
		return NULL;
	s->file = strdup(path);
	char *abs = realpath(path, NULL);
	s->abs_file = abs ? strdup(abs) : NULL;
	char *slash = abs ? strrchr(abs, '/') : NULL;
	if (slash)
		*slash = 0;
	s->dir = abs;
	json_error_t err;
	json_t *root = abs ? json_load_file(path, JSON_REJECT_DUPLICATES, &err) : NULL;
	if (!abs)
		fprintf(stderr, "%s: error: cannot read '%s': %s\n", DSE_TOOL, path, strerror(errno));
	else if (!root)
		fprintf(stderr, "%s:%d:%d: error: %s\n", path, err.line, err.column, err.text);
	else {
		read_sweep(&rd, root);
		s->text = rd.ok ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	}
	json_decref(root);
	if (!root || !rd.ok || !s->text) {
		dse_sweep_free(s);
		return NULL;
	}
	return s;
}

static void free_strings(char **v, size_t n) {
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

void dse_sweep_free(dse_sweep *s) {
	if (!s)
		return;
	for (size_t i = 0; i < s->nparams; i++) {
		free(s->params[i].path);
		free(s->params[i].values);
	}
	for (size_t i = 0; i < s->napps; i++) {
		dse_app *a = &s->apps[i];
		free(a->name);
		free(a->source);
		free(a->inputs);
		free(a->top);
		free_strings(a->options, a->noptions);
	}
	for (size_t i = 0; i < s->narea; i++)
		free(s->area[i].kind);
	free(s->area);
	free(s->params);
	free(s->apps);
	free_strings(s->options, s->noptions);
	free_strings(s->metrics, s->nmetrics);
	free(s->file);
	free(s->abs_file);
	free(s->dir);
	free(s->name);
	free(s->base);
	free(s->text);
	free(s);
}

int64_t dse_variant_value(const dse_sweep *s, size_t v, size_t p) {
	for (size_t k = s->nparams; k-- > p + 1;)
		v /= s->params[k].nvalues;
	return s->params[p].values[v % s->params[p].nvalues];
}
