/* Gathering a sweep's jobs into results (docs/dse.md, "Results"):
 * results.json (every job: its variant's values, its status, its QoR
 * figures; no timings, so that a job run twice gives the same file),
 * timing.json (compile_ms per job), results.md (a table per app), and the
 * analysis of pareto.c.  A job's figures come from the qor.json stratac
 * committed (QoR v2, docs/qor-schema.md), a failure's from its record. */
#include "dse_results.h"

#include "strata/acg.h"
#include "tool_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const default_metrics[] = {"cycles", "ideal_cycles", "compute_occupancy", "max_utilization"};

/* The figure `m` of a QoR report ("cycles", "utilization.pe"), or NULL. */
json_t *dse_metric(json_t *qor, const char *m) {
	if (!strncmp(m, "utilization.", 12)) {
		json_t *u = json_object_get(json_object_get(qor, "utilization"), m + 12);
		return json_object_get(u, "used");
	}
	return json_object_get(qor, m);
}

/* The terms of the area proxy on the variant's own .acg ("acg:<path>"
 * weights): the sum of weight x property; *any tells whether there is one. */
static bool acg_area(dse_run *r, size_t v, double *area, bool *any) {
	const dse_sweep *s = r->sweep;
	*area = 0;
	*any = false;
	for (size_t i = 0; i < s->narea; i++)
		*any = *any || !strncmp(s->area[i].kind, "acg:", 4);
	if (!*any)
		return true;
	char name[32];
	dse_variant_name(s, v, name, sizeof name);
	char *path = dse_fmt("%s/variants/%s.acg", r->out, name);
	st_tool_input in = {0};
	st_op *mod = path && st_tool_read_input(DSE_TOOL, path, &in)
	                 ? st_acg_import(r->ctx, st_str_make(in.data, in.len), path)
	                 : NULL;
	st_op *graph = mod ? st_acg_find_target(mod, NULL) : NULL;
	bool ok = graph != NULL;
	for (size_t i = 0; ok && i < s->narea; i++) {
		int64_t val;
		char why[512];
		if (strncmp(s->area[i].kind, "acg:", 4))
			continue;
		ok = st_succeeded(st_acg_property_get(graph, s->area[i].kind + 4, &val, why, sizeof why));
		if (!ok)
			fprintf(stderr, "%s: error: %s: %s\n", DSE_TOOL, path, why);
		*area += s->area[i].weight * (double)val;
	}
	if (mod)
		st_op_destroy(mod);
	st_tool_free_input(&in);
	free(path);
	return ok;
}

/* The area proxy of a variant (docs/dse.md): `base` (its .acg terms) plus,
 * from one of its reports, the sum over resource kinds of weight x
 * available.  Without weights in the sweep each kind with an available
 * amount counts 1 / its amount in `ref` (the first report), so that
 * variant's area is the number of kinds.  -1 when nothing is counted. */
static double area_of(const dse_sweep *s, json_t *qor, json_t *ref, double base, bool any) {
	json_t *u = json_object_get(qor, "utilization"), *ru = json_object_get(ref, "utilization");
	double area = base;
	const char *kind;
	json_t *v;
	json_object_foreach(u, kind, v) {
		json_t *avail = json_object_get(v, "available");
		if (!json_is_number(avail))
			continue;
		double w = 0;
		if (s->narea) {
			for (size_t i = 0; i < s->narea; i++)
				if (!strcmp(s->area[i].kind, kind))
					w = s->area[i].weight;
		} else {
			json_t *ra = json_object_get(json_object_get(ru, kind), "available");
			w = json_is_number(ra) && json_number_value(ra) > 0 ? 1 / json_number_value(ra) : 0;
		}
		if (w > 0) {
			area += w * json_number_value(avail);
			any = true;
		}
	}
	return any ? area : -1;
}

static json_t *load_json(const char *path) {
	json_t *j = path ? json_load_file(path, 0, NULL) : NULL;
	return j;
}

bool dse_gather(dse_run *r, dse_table *t) {
	const dse_sweep *s = r->sweep;
	size_t total = dse_num_jobs(s);
	memset(t, 0, sizeof *t);
	t->rows = calloc(total ? total : 1, sizeof *t->rows);
	t->variant_area = calloc(s->nvariants ? s->nvariants : 1, sizeof *t->variant_area);
	if (!t->rows || !t->variant_area)
		return false;
	t->n = total;
	json_t *ref = NULL;
	for (size_t j = 0; j < total; j++) {
		dse_row *row = &t->rows[j];
		char name[256];
		dse_job_name(s, j, name, sizeof name);
		row->job = j;
		row->state = dse_job_state(r, j);
		char *path = dse_fmt("%s/jobs/%s/qor.json", r->out, name);
		row->qor = row->state == DSE_DONE ? load_json(path) : NULL;
		free(path);
		if (row->state == DSE_DONE && !row->qor) {
			fprintf(stderr, "%s: error: '%s/jobs/%s/qor.json' is not valid JSON\n", DSE_TOOL, r->out, name);
			return false;
		}
		if (row->state == DSE_FAILED) {
			path = dse_fmt("%s/jobs/%s.failed", r->out, name);
			row->failure = load_json(path);
			free(path);
		}
		json_t *c = dse_metric(row->qor, "cycles");
		row->cycles = json_is_integer(c) ? (double)json_integer_value(c) : -1;
		row->verified = json_is_true(json_object_get(row->qor, "verified"));
		if (row->qor && !ref)
			ref = row->qor;
	}
	for (size_t v = 0; v < s->nvariants; v++) {
		double base;
		bool any;
		if (!acg_area(r, v, &base, &any))
			return false;
		json_t *qor = NULL;
		for (size_t a = 0; a < s->napps && !qor; a++)
			qor = t->rows[a * s->nvariants + v].qor;
		t->variant_area[v] = area_of(s, qor, ref, base, any);
	}
	return true;
}

void dse_table_free(dse_table *t) {
	for (size_t i = 0; i < t->n; i++) {
		json_decref(t->rows[i].qor);
		json_decref(t->rows[i].failure);
	}
	free(t->rows);
	free(t->variant_area);
	free(t->front);
	memset(t, 0, sizeof *t);
}

const char *dse_status(const dse_row *row) {
	if (row->state == DSE_PENDING)
		return "pending";
	if (row->state == DSE_DONE)
		return row->verified ? "ok" : "mismatch";
	json_t *st = json_object_get(row->failure, "status");
	return json_is_string(st) ? json_string_value(st) : "failed";
}

size_t dse_num_metrics(const dse_sweep *s) {
	return s->nmetrics ? s->nmetrics : sizeof default_metrics / sizeof *default_metrics;
}
const char *dse_metric_name(const dse_sweep *s, size_t i) { return s->nmetrics ? s->metrics[i] : default_metrics[i]; }

static json_t *params_of(const dse_sweep *s, size_t v) {
	json_t *o = json_object();
	for (size_t p = 0; p < s->nparams; p++)
		json_object_set_new(o, s->params[p].path, json_integer(dse_variant_value(s, v, p)));
	return o;
}

/* results.json and timing.json. */
bool dse_write_results_json(dse_run *r, const dse_table *t) {
	const dse_sweep *s = r->sweep;
	json_t *jobs = json_array(), *timing = json_object();
	for (size_t j = 0; j < t->n; j++) {
		const dse_row *row = &t->rows[j];
		char name[256], vname[32];
		dse_job_name(s, j, name, sizeof name);
		dse_variant_name(s, j % s->nvariants, vname, sizeof vname);
		json_t *o = json_object();
		json_object_set_new(o, "job", json_string(name));
		json_object_set_new(o, "app", json_string(s->apps[j / s->nvariants].name));
		json_object_set_new(o, "variant", json_string(vname));
		json_object_set_new(o, "parameters", params_of(s, j % s->nvariants));
		json_object_set_new(o, "status", json_string(dse_status(row)));
		if (row->qor) {
			static const char *const keys[] = {"verified", "cycles", "ideal_cycles", "compute_occupancy",
			                                   "max_utilization", "ops_per_cycle", "macs_per_cycle", "ii",
			                                   "utilization", "buffers"};
			for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
				json_t *v = json_object_get(row->qor, keys[k]);
				if (v)
					json_object_set(o, keys[k], v);
			}
			json_t *ms = json_object_get(row->qor, "compile_ms");
			if (ms)
				json_object_set(timing, name, ms);
		}
		double area = t->variant_area[j % s->nvariants];
		json_object_set_new(o, "area", area >= 0 ? json_real(area) : json_null());
		json_t *err = json_object_get(row->failure, "error");
		if (err)
			json_object_set(o, "error", err);
		json_array_append_new(jobs, o);
	}
	json_t *root = json_pack("{s:s, s:s, s:o}", "sweep", s->name, "base", s->base, "jobs", jobs);
	char *text = root ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) : NULL;
	char *ttext = json_dumps(timing, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	char *p1 = dse_fmt("%s/results.json", r->out), *p2 = dse_fmt("%s/timing.json", r->out);
	bool ok = text && ttext && p1 && p2 && dse_write_file(p1, text, strlen(text)) &&
	          dse_write_file(p2, ttext, strlen(ttext));
	free(text), free(ttext), free(p1), free(p2);
	json_decref(root);
	json_decref(timing);
	return ok;
}

/* A figure as the tables show it. */
void dse_format_value(json_t *v, char *buf, size_t n) {
	if (json_is_integer(v))
		snprintf(buf, n, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, n, "%.4g", json_real_value(v));
	else if (json_is_true(v) || json_is_false(v))
		snprintf(buf, n, "%s", json_is_true(v) ? "yes" : "no");
	else
		snprintf(buf, n, "-");
}

/* results.md: per app, every variant with its values and figures. */
bool dse_write_results_md(dse_run *r, const dse_table *t) {
	const dse_sweep *s = r->sweep;
	dse_text md = {0};
	dse_text_printf(&md, "# Sweep `%s`: results\n\nBase `%s`; %zu variants x %zu apps (generated by strata-dse).\n",
	                s->name, s->base, s->nvariants, s->napps);
	for (size_t a = 0; a < s->napps; a++) {
		dse_text_printf(&md, "\n## %s\n\n| variant |", s->apps[a].name);
		for (size_t p = 0; p < s->nparams; p++)
			dse_text_printf(&md, " %s |", s->params[p].path);
		dse_text_printf(&md, " status |");
		for (size_t m = 0; m < dse_num_metrics(s); m++)
			dse_text_printf(&md, " %s |", dse_metric_name(s, m));
		dse_text_printf(&md, " area | cycles x area | note |\n|---|");
		for (size_t c = 0; c < s->nparams + dse_num_metrics(s) + 4; c++)
			dse_text_printf(&md, "---|");
		dse_text_printf(&md, "\n");
		for (size_t v = 0; v < s->nvariants; v++) {
			const dse_row *row = &t->rows[a * s->nvariants + v];
			char vname[32], val[64];
			dse_variant_name(s, v, vname, sizeof vname);
			dse_text_printf(&md, "| %s |", vname);
			for (size_t p = 0; p < s->nparams; p++)
				dse_text_printf(&md, " %lld |", (long long)dse_variant_value(s, v, p));
			dse_text_printf(&md, " %s |", dse_status(row));
			for (size_t m = 0; m < dse_num_metrics(s); m++) {
				dse_format_value(dse_metric(row->qor, dse_metric_name(s, m)), val, sizeof val);
				dse_text_printf(&md, " %s |", val);
			}
			double area = t->variant_area[v];
			if (area >= 0)
				dse_text_printf(&md, " %.4g |", area);
			else
				dse_text_printf(&md, " - |");
			if (area >= 0 && row->cycles >= 0)
				dse_text_printf(&md, " %.4g |", area * row->cycles);
			else
				dse_text_printf(&md, " - |");
			json_t *err = json_object_get(row->failure, "error");
			dse_text_printf(&md, " %s |\n", json_is_string(err) ? json_string_value(err) : "");
		}
	}
	char *path = dse_fmt("%s/results.md", r->out);
	bool ok = !md.oom && path && dse_write_file(path, md.data ? md.data : "", md.len);
	free(path);
	free(md.data);
	return ok;
}
