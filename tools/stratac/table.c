/* What stratac prints when it compiles for several targets in one run
 * (docs/stratac.md, "Several targets"): a progress line as each run ends,
 * and one table comparing them, a row per --target in the order given. */
#include "stratac.h"

#include <string.h>

/* "93.7%", or "-" when there is none. */
static const char *percent(char *buf, size_t n, double v) {
	if (v < 0)
		return "-";
	snprintf(buf, n, "%.1f%%", v * 100);
	return buf;
}

static const char *integer(char *buf, size_t n, int64_t v) {
	if (v < 0)
		return "-";
	snprintf(buf, n, "%lld", (long long)v);
	return buf;
}

/* The outcome in a word or two. */
static const char *outcome(const stc_row *r) {
	if (!r->class_)
		return "refused";
	if (r->summary.verified && r->summary.ok)
		return "bit-exact";
	if (r->summary.ok)
		return "not simulated";
	return "failed";
}

void stc_print_progress(FILE *f, size_t i, size_t n, const char *input, const stc_row *r) {
	fprintf(f, "[%zu/%zu] %s on %s: %s (%.1f s)\n", i + 1, n, input, r->name, outcome(r),
	        r->summary.total_ms / 1000.0);
	fflush(f);
}

void stc_print_table(FILE *f, const char *input, const stc_row *rows, size_t n) {
	int w = 6;
	for (size_t i = 0; i < n; i++)
		if ((int)strlen(rows[i].name) > w)
			w = (int)strlen(rows[i].name);
	fprintf(f, "%s on %zu targets\n", input, n);
	fprintf(f, "  %-*s %-9s %-13s %10s %10s %9s %-18s %10s\n", w, "target", "class", "outcome", "cycles",
	        "ideal", "occupancy", "tightest resource", "compile ms");
	size_t failed = 0;
	for (size_t i = 0; i < n; i++) {
		const stc_row *r = &rows[i];
		const st_run_summary *s = &r->summary;
		char cyc[24], ideal[24], occ[16], util[16], tight[40], ms[24];
		if (s->tightest[0])
			snprintf(tight, sizeof tight, "%s %s", s->tightest, percent(util, sizeof util, s->utilization));
		else
			snprintf(tight, sizeof tight, "-");
		if (r->class_)
			snprintf(ms, sizeof ms, "%.1f", s->compile_ms);
		else
			snprintf(ms, sizeof ms, "-");
		fprintf(f, "  %-*s %-9s %-13s %10s %10s %9s %-18s %10s\n", w, r->name, r->class_ ? r->class_ : "-",
		        outcome(r), integer(cyc, sizeof cyc, s->cycles), integer(ideal, sizeof ideal, s->ideal_cycles),
		        percent(occ, sizeof occ, s->occupancy), tight, ms);
		failed += !s->ok;
	}
	/* Why each failed run failed: its first error, also printed above
	 * with its location when it happened. */
	for (size_t i = 0; i < n; i++)
		if (!rows[i].summary.ok)
			fprintf(f, "  %s: %s\n", rows[i].name,
			        rows[i].summary.error[0] ? rows[i].summary.error : "failed (see the errors above)");
	if (failed)
		fprintf(f, "  %zu of %zu targets failed\n", failed, n);
}
