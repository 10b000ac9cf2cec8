/* The analysis of a sweep (docs/dse.md, "Results"): per app, the Pareto
 * front of cycles against the area proxy over the verified jobs; over the
 * suite, the same with the geometric mean of cycles over the apps (variants
 * where every app ran); the best variant per app and overall by cycles x
 * area on the front; gnuplot SVG plots of every front. */
#include "dse_results.h"

#include "strata/backend.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A point of a front: a job of one app, or a variant over the suite. */
typedef struct point {
	size_t variant;
	double cycles, area;
	bool front;
} point;

/* Marks the points no other point beats in both cycles and area. */
static void mark_front(point *p, size_t n) {
	for (size_t i = 0; i < n; i++) {
		p[i].front = true;
		for (size_t k = 0; k < n && p[i].front; k++)
			if (k != i && p[k].cycles <= p[i].cycles && p[k].area <= p[i].area &&
			    (p[k].cycles < p[i].cycles || p[k].area < p[i].area))
				p[i].front = false;
	}
}

static int by_area(const void *x, const void *y) {
	const point *a = x, *b = y;
	if (a->area != b->area)
		return a->area < b->area ? -1 : 1;
	if (a->cycles != b->cycles)
		return a->cycles < b->cycles ? -1 : 1;
	return a->variant < b->variant ? -1 : a->variant > b->variant;
}

/* The front point with the least cycles x area (ties: fewer cycles, then
 * the lower variant): NULL when there is none. */
static const point *best(const point *p, size_t n) {
	const point *b = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!p[i].front)
			continue;
		double x = p[i].cycles * p[i].area, bx = b ? b->cycles * b->area : 0;
		if (!b || x < bx || (x == bx && (p[i].cycles < b->cycles ||
		                                 (p[i].cycles == b->cycles && p[i].variant < b->variant))))
			b = &p[i];
	}
	return b;
}

static void values_text(const dse_sweep *s, size_t v, char *buf, size_t n) {
	size_t len = 0;
	buf[0] = 0;
	for (size_t p = 0; p < s->nparams && len < n; p++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s=%lld", p ? ", " : "", s->params[p].path,
		                        (long long)dse_variant_value(s, v, p));
}

/* plots/<stem>.dat, plots/<stem>-front.dat, plots/<stem>.gp, and the SVG. */
static bool plot(dse_run *r, const char *stem, const char *title, const char *ylabel, point *p, size_t n) {
	dse_text all = {0}, front = {0}, gp = {0};
	for (size_t i = 0; i < n; i++) {
		char v[32];
		dse_variant_name(r->sweep, p[i].variant, v, sizeof v);
		dse_text_printf(&all, "%.10g %.10g %s\n", p[i].area, p[i].cycles, v);
		if (p[i].front)
			dse_text_printf(&front, "%.10g %.10g %s\n", p[i].area, p[i].cycles, v);
	}
	char *dir = dse_fmt("%s/plots", r->out);
	dse_text_printf(&gp,
	                "# %s (strata-dse): gnuplot %s.gp\n"
	                "set terminal svg size 720,480 dynamic font 'sans,11'\n"
	                "set output '%s/%s.svg'\n"
	                "set title \"%s\" noenhanced\n"
	                "set xlabel 'area proxy (docs/dse.md)'\nset ylabel '%s'\nset key top right\nset grid\n"
	                "plot '%s/%s.dat' using 1:2 with points pt 7 ps 0.8 title 'variants', \\\n"
	                "     '%s/%s-front.dat' using 1:2 with linespoints lw 2 pt 6 ps 1.2 title 'Pareto front', \\\n"
	                "     '%s/%s-front.dat' using 1:2:3 with labels offset 1,1 notitle noenhanced\n",
	                title, stem, dir, stem, title, ylabel, dir, stem, dir, stem, dir, stem);
	char *pd = dse_fmt("%s/%s.dat", dir, stem), *pf = dse_fmt("%s/%s-front.dat", dir, stem);
	char *pg = dse_fmt("%s/%s.gp", dir, stem);
	bool ok = !all.oom && !front.oom && !gp.oom && dir && pd && pf && pg && st_backend_mkdirs(dir) &&
	          dse_write_file(pd, all.data ? all.data : "", all.len) &&
	          dse_write_file(pf, front.data ? front.data : "", front.len) && dse_write_file(pg, gp.data, gp.len);
	if (ok && n) {
		char *logf = dse_fmt("%s/%s.log", dir, stem);
		pid_t pid = logf ? fork() : -1;
		if (pid == 0) {
			/* Its warnings (a front of one point has an empty range) go to the log. */
			int fd = open(logf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0 || dup2(fd, 2) < 0)
				_exit(127);
			execlp("gnuplot", "gnuplot", pg, (char *)NULL);
			dprintf(2, "cannot run gnuplot: %s (install gnuplot-nox, or pass --no-plots)\n", strerror(errno));
			_exit(127);
		}
		int status = 0;
		while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		ok = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
		if (!ok)
			fprintf(stderr, "%s: error: gnuplot failed on '%s' (see %s)\n", DSE_TOOL, pg, logf ? logf : "its log");
		free(logf);
	}
	free(all.data), free(front.data), free(gp.data), free(dir), free(pd), free(pf), free(pg);
	return ok;
}

/* One front's table rows, sorted by area. */
static void front_table(dse_text *md, const dse_sweep *s, point *p, size_t n, const char *what) {
	qsort(p, n, sizeof *p, by_area);
	dse_text_printf(md, "| variant | values | %s | area | cycles x area |\n|---|---|---|---|---|\n", what);
	for (size_t i = 0; i < n; i++) {
		if (!p[i].front)
			continue;
		char v[32], vals[512];
		dse_variant_name(s, p[i].variant, v, sizeof v);
		values_text(s, p[i].variant, vals, sizeof vals);
		dse_text_printf(md, "| %s | %s | %.6g | %.4g | %.4g |\n", v, vals, p[i].cycles, p[i].area,
		                p[i].cycles * p[i].area);
	}
}

static void best_line(dse_text *md, const dse_sweep *s, const char *who, const point *b, const char *what) {
	char v[32], vals[512];
	if (!b) {
		dse_text_printf(md, "| %s | none (no verified variant) | | | |\n", who);
		return;
	}
	dse_variant_name(s, b->variant, v, sizeof v);
	values_text(s, b->variant, vals, sizeof vals);
	dse_text_printf(md, "| %s | %s (%s) | %s%s%.6g | %.4g | %.4g |\n", who, v, vals, what, *what ? " " : "",
	                b->cycles, b->area, b->cycles * b->area);
}

bool dse_write_analysis(dse_run *r, dse_table *t, bool plots) {
	const dse_sweep *s = r->sweep;
	size_t nv = s->nvariants;
	point *p = calloc(nv ? nv : 1, sizeof *p);
	point *suite = calloc(nv ? nv : 1, sizeof *suite);
	point *bests = calloc(s->napps + 1, sizeof *bests);
	bool *has_best = calloc(s->napps + 1, sizeof *has_best);
	free(t->front);
	t->front = calloc(t->n ? t->n : 1, sizeof *t->front);
	if (!p || !suite || !bests || !has_best || !t->front) {
		free(p), free(suite), free(bests), free(has_best);
		return false;
	}
	dse_text pareto = {0}, sum = {0};
	size_t counts[6] = {0};
	static const char *const statuses[] = {"ok", "mismatch", "failed", "killed", "timeout", "pending"};
	for (size_t j = 0; j < t->n; j++)
		for (size_t k = 0; k < 6; k++)
			counts[k] += !strcmp(dse_status(&t->rows[j]), statuses[k]);
	dse_text_printf(&pareto, "# Sweep `%s`: Pareto fronts (cycles against area)\n", s->name);
	bool ok = true;
	for (size_t a = 0; a < s->napps; a++) {
		size_t n = 0;
		for (size_t v = 0; v < nv; v++) {
			const dse_row *row = &t->rows[a * nv + v];
			if (row->verified && row->cycles >= 0 && t->variant_area[v] >= 0)
				p[n++] = (point){v, row->cycles, t->variant_area[v], false};
		}
		mark_front(p, n);
		for (size_t i = 0; i < n; i++)
			t->front[a * nv + p[i].variant] = p[i].front;
		const point *b = best(p, n);
		if (b) {
			bests[a] = *b;
			has_best[a] = true;
		}
		dse_text_printf(&pareto, "\n## %s (%zu verified variants)\n\n", s->apps[a].name, n);
		front_table(&pareto, s, p, n, "cycles");
		if (plots) {
			char title[256];
			snprintf(title, sizeof title, "%s: cycles against area, sweep %s", s->apps[a].name, s->name);
			ok = plot(r, s->apps[a].name, title, "cycles", p, n) && ok;
		}
	}
	/* The suite: variants where every app ran and was verified. */
	size_t ns = 0;
	for (size_t v = 0; v < nv; v++) {
		double logsum = 0;
		bool all = t->variant_area[v] >= 0;
		for (size_t a = 0; a < s->napps && all; a++) {
			const dse_row *row = &t->rows[a * nv + v];
			all = row->verified && row->cycles > 0;
			logsum += all ? log(row->cycles) : 0;
		}
		if (all)
			suite[ns++] = (point){v, exp(logsum / (double)s->napps), t->variant_area[v], false};
	}
	mark_front(suite, ns);
	const point *sb = best(suite, ns);
	if (sb) {
		bests[s->napps] = *sb;
		has_best[s->napps] = true;
	}
	dse_text_printf(&pareto, "\n## the suite (geometric mean of cycles over the %zu apps; %zu variants ran them all)\n\n",
	                s->napps, ns);
	front_table(&pareto, s, suite, ns, "mean cycles");
	if (plots) {
		char title[256];
		snprintf(title, sizeof title, "all apps: geometric mean of cycles against area, sweep %s", s->name);
		ok = plot(r, "suite", title, "geometric mean of cycles", suite, ns) && ok;
	}
	dse_text_printf(&sum, "# Sweep `%s`: summary\n\n%zu jobs (%zu variants x %zu apps):", s->name, t->n, nv,
	                s->napps);
	for (size_t k = 0; k < 6; k++)
		if (counts[k])
			dse_text_printf(&sum, " %zu %s,", counts[k], statuses[k]);
	sum.len -= sum.data && sum.data[sum.len - 1] == ',';
	dse_text_printf(&sum, ".\n\nBest variant (least cycles x area on the Pareto front):\n\n"
	                      "| app | variant | cycles | area | cycles x area |\n|---|---|---|---|---|\n");
	for (size_t a = 0; a < s->napps; a++)
		best_line(&sum, s, s->apps[a].name, has_best[a] ? &bests[a] : NULL, "");
	best_line(&sum, s, "**overall**", has_best[s->napps] ? &bests[s->napps] : NULL, "mean");
	bool failures = false;
	for (size_t j = 0; j < t->n; j++) {
		json_t *err = json_object_get(t->rows[j].failure, "error");
		if (!err)
			continue;
		char name[256];
		dse_job_name(s, j, name, sizeof name);
		if (!failures)
			dse_text_printf(&sum, "\nFailed jobs:\n\n");
		failures = true;
		dse_text_printf(&sum, "- %s (%s): %s\n", name, dse_status(&t->rows[j]), json_string_value(err));
	}
	char *pp = dse_fmt("%s/pareto.md", r->out), *ps = dse_fmt("%s/summary.md", r->out);
	ok = ok && !pareto.oom && !sum.oom && pp && ps && dse_write_file(pp, pareto.data, pareto.len) &&
	     dse_write_file(ps, sum.data, sum.len);
	if (ok && !r->quiet)
		fwrite(sum.data, 1, sum.len, stdout);
	free(pp), free(ps), free(pareto.data), free(sum.data);
	free(p), free(suite), free(bests), free(has_best);
	return ok;
}
