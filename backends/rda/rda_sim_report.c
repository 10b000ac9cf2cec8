/* The simulator's breakdown of a run (sim-report.txt beside the
 * configuration; docs/rda.md, "Simulation"): for every context, how often
 * it fired, when it started and stopped, and the cycles it spent waiting by
 * cause, so that the context that bounds the run and what held it back can
 * be read off instead of guessed from the totals of qor.json. */
#include "rda_sim_internal.h"

#include <stdarg.h>
#include <stdio.h>

static void out(void (*write)(void *, const char *, size_t), void *ud, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void out(void (*write)(void *, const char *, size_t), void *ud, const char *fmt, ...) {
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		write(ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

void st_rda_sim_report(const st_rda_sim *s, void (*write)(void *, const char *, size_t), void *ud) {
	const st_rda_sim_stats *t = &s->stats;
	uint64_t cycles = t->cycles ? t->cycles : 1;
	double bw = t->dram_bits_per_cycle > 0
	                ? (double)(t->dram_read_bits + t->dram_write_bits) / ((double)cycles * (double)t->dram_bits_per_cycle)
	                : 0;
	out(write, ud, "# where the cycles of the simulation went (docs/rda.md, \"Simulation\")\n");
	out(write, ud, "cycles %llu\n", (unsigned long long)t->cycles);
	out(write, ud, "dram read_bytes %llu write_bytes %llu bandwidth_used %.4f\n",
	    (unsigned long long)(t->dram_read_bits / 8), (unsigned long long)(t->dram_write_bits / 8), bw);
	out(write, ud, "stage_ops %llu firings %llu\n", (unsigned long long)t->stage_ops, (unsigned long long)t->fired);
	out(write, ud, "\n# busy: firings / cycles; the stalls are cycles between its first and last firing (and\n"
	               "# before the first) it could not fire, by cause\n");
	out(write, ud, "%-24s %-6s %-8s %5s %3s %9s %9s %9s %6s %9s %9s %9s %9s %9s\n", "context", "tile", "at", "lanes",
	    "ii", "fired", "first", "last", "busy", "input", "output", "dram", "port", "ii-wait");
	int32_t last = -1;
	for (int32_t i = 0; i < s->ncontexts; i++) {
		const sim_context *c = &s->contexts[i];
		const sim_unit *u = &s->units[c->unit];
		char at[32];
		snprintf(at, sizeof at, "%lld,%lld", (long long)u->row, (long long)u->col);
		out(write, ud, "%-24s %-6s %-8s %5lld %3lld %9llu %9llu %9llu %5.1f%% %9llu %9llu %9llu %9llu %9llu\n", c->name,
		    u->pu, at, (long long)c->lanes, (long long)c->ii, (unsigned long long)c->fired,
		    (unsigned long long)c->first, (unsigned long long)c->last, 100.0 * (double)c->fired / (double)cycles,
		    (unsigned long long)c->stall_input, (unsigned long long)c->stall_output,
		    (unsigned long long)c->stall_dram, (unsigned long long)c->stall_port, (unsigned long long)c->stall_ii);
		if (c->fired && (last < 0 || c->last > s->contexts[last].last))
			last = i;
	}
	if (last >= 0)
		out(write, ud, "\nlast to fire: %s at cycle %llu\n", s->contexts[last].name,
		    (unsigned long long)s->contexts[last].last);
}
