/* The QoR report of a run: qor.json (docs/qor-schema.md says what each
 * field means) and the same numbers as a table on stdout. */
#include "stratac.h"

#include <string.h>

/* Names are identifiers or memory names; escaping keeps the JSON valid
 * whatever they hold. */
static void json_str(FILE *f, const char *s) {
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_int_or_null(FILE *f, int64_t v) {
	if (v < 0)
		fputs("null", f);
	else
		fprintf(f, "%lld", (long long)v);
}

/* The largest share of a budget the design takes; < 0 without budgets. */
static double occupancy(const stc_resources *r) {
	double occ = -1;
	for (size_t i = 0; i < r->n; i++)
		if (r->available[i] > 0 && (double)r->used[i] / (double)r->available[i] > occ)
			occ = (double)r->used[i] / (double)r->available[i];
	return occ;
}

static double ops_per_cycle(const stc_qor *q) { return q->cycles > 0 ? (double)q->ops / (double)q->cycles : -1; }

bool stc_qor_write(const stc_qor *q, const char *path) {
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "stratac: error: cannot write '%s'\n", path);
		return false;
	}
	fputs("{\n  \"target\": ", f);
	json_str(f, q->target);
	fputs(",\n  \"kernel\": ", f);
	json_str(f, q->kernel);
	fputs(",\n  \"cycles\": ", f);
	json_int_or_null(f, q->cycles);
	fputs(",\n  \"ii\": ", f);
	json_int_or_null(f, q->ii);
	fputs(",\n  \"resources\": {", f);
	for (size_t i = 0; i < q->res.n; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		json_str(f, q->res.kind[i]);
		fprintf(f, ": {\"used\": %lld, \"available\": ", (long long)q->res.used[i]);
		json_int_or_null(f, q->res.available[i]);
		fputc('}', f);
	}
	fputs(q->res.n ? "\n  },\n" : "},\n", f);
	double opc = ops_per_cycle(q), occ = occupancy(&q->res);
	if (opc < 0)
		fputs("  \"ops_per_cycle\": null,\n", f);
	else
		fprintf(f, "  \"ops_per_cycle\": %.4f,\n", opc);
	if (occ < 0)
		fputs("  \"occupancy\": null,\n", f);
	else
		fprintf(f, "  \"occupancy\": %.6f,\n", occ);
	if (q->stream)
		fprintf(f, "  \"stream\": %s,\n", q->stream);
	fputs("  \"buffers\": {", f);
	for (size_t i = 0, k = 0; i < q->design->nmems; i++) {
		if (q->design->mems[i].kind != STC_MEMORY)
			continue; /* scalar ports hold no buffer */
		fputs(k++ ? ", " : "", f);
		json_str(f, q->design->mems[i].name);
		fprintf(f, ": %lld", (long long)q->design->mems[i].size);
	}
	fputs("},\n  \"compile_ms\": {", f);
	for (size_t i = 0; i < q->times.n; i++) {
		fputs(i ? ", " : "", f);
		json_str(f, q->times.stage[i]);
		fprintf(f, ": %.3f", q->times.ms[i]);
	}
	fputs("}\n}\n", f);
	if (fclose(f) != 0) {
		fprintf(stderr, "stratac: error: cannot write '%s'\n", path);
		return false;
	}
	return true;
}

void stc_qor_print(const stc_qor *q, FILE *f) {
	fprintf(f, "QoR of %s on %s\n", q->kernel, q->target);
	if (q->cycles < 0)
		fprintf(f, "  %-14s %s\n", "cycles", "not simulated");
	else
		fprintf(f, "  %-14s %lld\n", "cycles", (long long)q->cycles);
	if (q->ii < 0)
		fprintf(f, "  %-14s %s\n", "II", "none (nothing pipelined)");
	else
		fprintf(f, "  %-14s %lld\n", "II", (long long)q->ii);
	double opc = ops_per_cycle(q), occ = occupancy(&q->res);
	if (opc >= 0)
		fprintf(f, "  %-14s %.2f\n", "ops/cycle", opc);
	if (occ >= 0)
		fprintf(f, "  %-14s %.2f%% of the largest budget\n", "occupancy", occ * 100);
	if (q->res.n)
		fprintf(f, "  %-14s %10s %10s\n", "resource", "used", "available");
	for (size_t i = 0; i < q->res.n; i++) {
		fprintf(f, "  %-14s %10lld ", q->res.kind[i], (long long)q->res.used[i]);
		if (q->res.available[i] < 0)
			fprintf(f, "%10s\n", "-");
		else
			fprintf(f, "%10lld\n", (long long)q->res.available[i]);
	}
	fprintf(f, "  %-14s", "buffers");
	for (size_t i = 0, k = 0; i < q->design->nmems; i++)
		if (q->design->mems[i].kind == STC_MEMORY)
			fprintf(f, "%s%s %lld words", k++ ? ", " : " ", q->design->mems[i].name,
			        (long long)q->design->mems[i].size);
	if (q->stream)
		fprintf(f, "\n  %-14s %s", "stream", q->stream);
	fprintf(f, "\n  %-14s", "compile ms");
	for (size_t i = 0; i < q->times.n; i++)
		fprintf(f, "%s%s %.1f", i ? ", " : " ", q->times.stage[i], q->times.ms[i]);
	fputc('\n', f);
}
