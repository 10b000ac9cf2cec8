/* The gathered results of a sweep, shared by results.c (the tables) and
 * pareto.c (fronts, summary, plots). */
#ifndef STRATA_DSE_RESULTS_H
#define STRATA_DSE_RESULTS_H

#include "dse.h"

typedef struct dse_row {
	size_t job;
	dse_state state;
	json_t *qor;     /* the committed qor.json of a done job */
	json_t *failure; /* the .failed record of a failed job */
	double cycles;   /* -1: none */
	bool verified;
} dse_row;

typedef struct dse_table {
	dse_row *rows; /* one per job, app-major */
	size_t n;
	double *variant_area; /* per variant; -1: unknown (no report) */
	bool *front;          /* per job: on its app's Pareto front (pareto.c) */
} dse_table;

bool dse_gather(dse_run *r, dse_table *t);
void dse_table_free(dse_table *t);
/* ok, mismatch, pending, failed, killed, timeout. */
const char *dse_status(const dse_row *row);
json_t *dse_metric(json_t *qor, const char *m);
size_t dse_num_metrics(const dse_sweep *s);
const char *dse_metric_name(const dse_sweep *s, size_t i);
void dse_format_value(json_t *v, char *buf, size_t n);
bool dse_write_results_json(dse_run *r, const dse_table *t);
bool dse_write_results_md(dse_run *r, const dse_table *t);
/* pareto.md, summary.md and plots/; the summary also on stdout unless quiet. */
bool dse_write_analysis(dse_run *r, dse_table *t, bool plots);

#endif
