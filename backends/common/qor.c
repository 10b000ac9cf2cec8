/* The QoR report of a run, version 2 (docs/qor-schema.md says what each
 * key means): the typed fields a target fills, the budgets of the .acg,
 * qor.json (written through the JSON tree of json.c) and the same numbers
 * as a table on stdout. */
#include "common.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RESOURCES 16
#define MAX_STAGES 32

typedef struct resource {
	char kind[24];
	int64_t used, available;
} resource;

typedef struct named {
	char name[64];
	double value;
} named;

struct st_qor {
	int64_t cycles, ideal_cycles, ii; /* -1: null */
	resource res[MAX_RESOURCES];
	size_t nres;
	named *bufs; /* words, as doubles of integers */
	size_t nbufs, bufcap;
	named stages[MAX_STAGES]; /* milliseconds */
	size_t nstages;
	st_json *cls;
	bool oom;
};

st_qor *st__qor_new(void) {
	st_qor *q = calloc(1, sizeof *q);
	if (q)
		q->cycles = q->ideal_cycles = q->ii = -1;
	return q;
}

void st__qor_free(st_qor *q) {
	if (!q)
		return;
	free(q->bufs);
	st__json_free(q->cls);
	free(q);
}

st_json *st_qor_class_object(st_qor *q) {
	if (!q->cls && !(q->cls = st__json_new()))
		q->oom = true;
	return q->cls;
}

void st_qor_set_cycles(st_qor *q, int64_t cycles) { q->cycles = cycles; }
void st_qor_set_ideal_cycles(st_qor *q, int64_t cycles) { q->ideal_cycles = cycles; }
void st_qor_set_ii(st_qor *q, int64_t ii) { q->ii = ii; }
int64_t st_qor_cycles(const st_qor *q) { return q->cycles; }

void st_qor_add_utilization(st_qor *q, const char *kind, int64_t used, int64_t available) {
	for (size_t i = 0; i < q->nres; i++)
		if (!strcmp(q->res[i].kind, kind)) {
			q->res[i].used += used;
			if (available >= 0)
				q->res[i].available = available;
			return;
		}
	if (q->nres == MAX_RESOURCES) {
		q->oom = true;
		return;
	}
	resource *r = &q->res[q->nres++];
	snprintf(r->kind, sizeof r->kind, "%s", kind);
	r->used = used;
	r->available = available;
}

int64_t st_qor_budget(const st_target_run *run, const char *kind) {
	st_attr *b = st_op_get_attr(run->graph, "budgets");
	st_attr *v = b ? st_attr_dict_get_c(b, kind) : NULL;
	return v && st_attr_get_kind(v) == ST_ATTR_INTEGER ? st_attr_int_value(v) : -1;
}

void st_qor_add_buffer(st_qor *q, const char *name, int64_t words) {
	if (q->nbufs == q->bufcap) {
		size_t nc = q->bufcap ? 2 * q->bufcap : 8;
		named *nb = realloc(q->bufs, nc * sizeof *nb);
		if (!nb) {
			q->oom = true;
			return;
		}
		q->bufs = nb;
		q->bufcap = nc;
	}
	named *b = &q->bufs[q->nbufs++];
	snprintf(b->name, sizeof b->name, "%s", name);
	b->value = (double)words;
}

void st_qor_time(st_qor *q, const char *stage, double start_ms) {
	double ms = st_backend_now_ms() - start_ms;
	for (size_t i = 0; i < q->nstages; i++)
		if (!strcmp(q->stages[i].name, stage)) {
			q->stages[i].value += ms;
			return;
		}
	if (q->nstages == MAX_STAGES)
		return; /* a report of more stages keeps the first ones */
	snprintf(q->stages[q->nstages].name, sizeof q->stages[0].name, "%s", stage);
	q->stages[q->nstages++].value = ms;
}

/* ------------------------------------------------------------ budgets */

bool st__qor_check_budgets(st_target_run *run) {
	const st_qor *q = run->qor;
	bool ok = true;
	for (size_t i = 0; i < q->nres; i++) {
		const resource *r = &q->res[i];
		if (r->available < 0 || r->used <= r->available)
			continue;
		char key[48];
		snprintf(key, sizeof key, "budget %s", r->kind);
		st_attr *loc = st_backend_acg_loc(run->ctx, run->opts->target, run->acg_text, key);
		const char *fmt = "the design uses %lld %s, over the target's budget of %lld (%.0f%%)%s";
		double pct = r->available ? 100.0 * (double)r->used / (double)r->available : 0;
		if (run->opts->allow_over_budget) {
			st_diag_emit(st_diag_create(run->ctx, ST_SEV_WARNING, loc, fmt, (long long)r->used, r->kind,
			                            (long long)r->available, pct, ""));
		} else {
			st_error(run->ctx, loc, fmt, (long long)r->used, r->kind, (long long)r->available, pct,
			         "; --allow-over-budget makes this a warning");
			ok = false;
		}
	}
	return ok;
}

/* ------------------------------------------------------- the numbers */

/* The largest used / available over the kinds that have a budget; < 0
 * without one. */
static double max_utilization(const st_qor *q) {
	double u = -1;
	for (size_t i = 0; i < q->nres; i++)
		if (q->res[i].available > 0 && (double)q->res[i].used / (double)q->res[i].available > u)
			u = (double)q->res[i].used / (double)q->res[i].available;
	return u;
}

static bool verified(const st_target_run *run) { return run->qor->cycles > 0 && run->referenced; }

/* n per cycle, < 0 when not simulated. */
static double per_cycle(const st_target_run *run, uint64_t n) {
	return verified(run) ? (double)n / (double)run->qor->cycles : -1;
}

static double occupancy(const st_target_run *run) {
	const st_qor *q = run->qor;
	return q->cycles > 0 && q->ideal_cycles > 0 ? (double)q->ideal_cycles / (double)q->cycles : -1;
}

static void set_int_or_null(st_json *o, const char *key, int64_t v) {
	if (v < 0)
		st_json_set_null(o, key);
	else
		st_json_set_int(o, key, v);
}

static void set_real_or_null(st_json *o, const char *key, double v, int decimals) {
	if (v < 0)
		st_json_set_null(o, key);
	else
		st_json_set_real(o, key, v, decimals);
}

/* The report's `buffers`: the target's, else the kernel's memories. */
static void buffers(const st_target_run *run, st_json *o) {
	const st_qor *q = run->qor;
	for (size_t i = 0; i < q->nbufs; i++)
		st_json_set_int(o, q->bufs[i].name, (int64_t)q->bufs[i].value);
	for (size_t i = 0; !q->nbufs && i < run->nbuffers; i++)
		if (run->buffers[i].kind == ST_BUFFER_MEMORY)
			st_json_set_int(o, run->buffers[i].name, run->buffers[i].size);
}

bool st__qor_write(st_target_run *run, const char *path) {
	const st_qor *q = run->qor;
	st_json *top = st__json_new();
	if (top) {
		st_json_set_int(top, "version", 2);
		st_json_set_string(top, "target", run->target_name);
		st_json_set_string(top, "class", run->target->class_);
		st_json_set_string(top, "kernel", run->kernel_name);
		st_json_set_bool(top, "verified", verified(run));
		set_int_or_null(top, "cycles", q->cycles);
		set_int_or_null(top, "ideal_cycles", q->ideal_cycles);
		set_real_or_null(top, "compute_occupancy", occupancy(run), 6);
		st_json *u = st_json_set_object(top, "utilization");
		for (size_t i = 0; u && i < q->nres; i++) {
			st_json *r = st_json_set_object(u, q->res[i].kind);
			st_json_set_int(r, "used", q->res[i].used);
			set_int_or_null(r, "available", q->res[i].available);
		}
		set_real_or_null(top, "max_utilization", max_utilization(q), 6);
		set_real_or_null(top, "ops_per_cycle", per_cycle(run, run->ops), 4);
		set_real_or_null(top, "macs_per_cycle", per_cycle(run, run->muls), 4);
		set_int_or_null(top, "ii", q->ii);
		buffers(run, st_json_set_object(top, "buffers"));
		st_json *t = st_json_set_object(top, "compile_ms");
		for (size_t i = 0; t && i < q->nstages; i++)
			st_json_set_real(t, q->stages[i].name, q->stages[i].value, 3);
		if (q->cls) {
			/* The class's object goes in as the target built it. */
			st_json *c = st_json_set_object(top, run->target->class_);
			st__json_copy_into(c, q->cls);
		}
	}
	if (!top || q->oom || st__json_oom(top)) {
		fprintf(stderr, "%s: error: out of memory for the QoR report\n", run->opts->tool);
		st__json_free(top);
		return false;
	}
	st_outfile f;
	bool ok = st_run_open_file(run, path, &f);
	if (ok) {
		st__json_write(top, f.f, 2);
		fputc('\n', f.f);
		ok = st_run_close_file(run, &f, true);
	}
	st__json_free(top);
	return ok;
}

void st__qor_print(st_target_run *run, FILE *f) {
	const st_qor *q = run->qor;
	fprintf(f, "QoR of %s on %s (class %s)\n", run->kernel_name, run->target_name, run->target->class_);
	if (q->cycles < 0)
		fprintf(f, "  %-14s %s\n", "cycles", "not simulated");
	else
		fprintf(f, "  %-14s %lld\n", "cycles", (long long)q->cycles);
	if (q->ii < 0)
		fprintf(f, "  %-14s %s\n", "II", "none (nothing pipelined)");
	else
		fprintf(f, "  %-14s %lld\n", "II", (long long)q->ii);
	if (q->ideal_cycles > 0)
		fprintf(f, "  %-14s %lld\n", "ideal cycles", (long long)q->ideal_cycles);
	fprintf(f, "  %-14s %s\n", "verified", verified(run) ? "bit-exact with the interpreter" : "no (not simulated)");
	double occ = occupancy(run), opc = per_cycle(run, run->ops), mpc = per_cycle(run, run->muls),
	       util = max_utilization(q);
	if (occ >= 0)
		fprintf(f, "  %-14s %.2f%% (ideal cycles / cycles)\n", "occupancy", occ * 100);
	if (opc >= 0)
		fprintf(f, "  %-14s %.2f\n", "ops/cycle", opc);
	if (mpc >= 0)
		fprintf(f, "  %-14s %.2f\n", "MACs/cycle", mpc);
	if (util >= 0)
		fprintf(f, "  %-14s %.2f%% of the largest budget\n", "utilization", util * 100);
	if (q->nres)
		fprintf(f, "  %-14s %10s %10s\n", "resource", "used", "available");
	for (size_t i = 0; i < q->nres; i++) {
		fprintf(f, "  %-14s %10lld ", q->res[i].kind, (long long)q->res[i].used);
		if (q->res[i].available < 0)
			fprintf(f, "%10s\n", "-");
		else
			fprintf(f, "%10lld\n", (long long)q->res[i].available);
	}
	fprintf(f, "  %-14s", "buffers");
	size_t k = 0;
	for (size_t i = 0; i < q->nbufs; i++)
		fprintf(f, "%s%s %lld words", k++ ? ", " : " ", q->bufs[i].name, (long long)q->bufs[i].value);
	for (size_t i = 0; !q->nbufs && i < run->nbuffers; i++)
		if (run->buffers[i].kind == ST_BUFFER_MEMORY)
			fprintf(f, "%s%s %lld words", k++ ? ", " : " ", run->buffers[i].name, (long long)run->buffers[i].size);
	if (q->cls && st__json_size(q->cls)) {
		fprintf(f, "\n  %-14s ", run->target->class_);
		st__json_write(q->cls, f, 0);
	}
	fprintf(f, "\n  %-14s", "compile ms");
	for (size_t i = 0; i < q->nstages; i++)
		fprintf(f, "%s%s %.1f", i ? ", " : " ", q->stages[i].name, q->stages[i].value);
	fputc('\n', f);
}

/* The figures a driver compares across targets (strata/backend.h). */
void st__qor_summarize(st_target_run *run) {
	const st_qor *q = run->qor;
	st_run_summary *s = &run->summary;
	s->verified = verified(run);
	s->cycles = q->cycles;
	s->ideal_cycles = q->ideal_cycles;
	s->occupancy = occupancy(run);
	s->utilization = max_utilization(q);
	s->tightest[0] = 0;
	for (size_t i = 0; i < q->nres; i++)
		if (q->res[i].available > 0 && (double)q->res[i].used / (double)q->res[i].available == s->utilization) {
			snprintf(s->tightest, sizeof s->tightest, "%s", q->res[i].kind);
			break;
		}
}
