/* The FPGA target's synthesis: yosys on the design's Verilog, its cell
 * counts (`stat -json`) as the QoR's utilization with the .acg's budgets
 * (docs/stratac.md). */
#include "fpga.h"

#include <stdlib.h>
#include <string.h>

/* Resources per kind, before they go into the report. */
#define MAX_RESOURCES 8
typedef struct resources {
	char kind[MAX_RESOURCES][16];
	int64_t used[MAX_RESOURCES];
	size_t n;
} resources;

static const char *skip_ws(const char *p) {
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r' || *p == ',')
		p++;
	return p;
}

static void add(resources *r, const char *kind, int64_t n) {
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->kind[i], kind) == 0) {
			r->used[i] += n;
			return;
		}
	if (r->n == MAX_RESOURCES)
		return;
	snprintf(r->kind[r->n], sizeof r->kind[0], "%s", kind);
	r->used[r->n++] = n;
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* The LUTs a distributed-RAM primitive of the 7 series occupies
 * (RAM<depth><shape>: M four or, as M8/M16, eight LUTs; X1D two per 64
 * words; X1S one per 64 words). */
static int64_t lutram_luts(const char *type) {
	char *shape;
	long depth = strtol(type + 3, &shape, 10);
	int64_t per64 = depth > 64 ? depth / 64 : 1;
	if (starts(shape, "M8") || starts(shape, "M16"))
		return 8;
	if (starts(shape, "M"))
		return 4;
	return starts(shape, "X1D") ? 2 * per64 : per64;
}

/* Generic cells: flip-flops and the rest; memories (kept whole, counted
 * in bits by mem_bits) are neither.  Xilinx: the four budgets of an
 * FPGA; a RAMB18 is half a RAMB36, I/O buffers and carry chains are not
 * counted. */
static void classify(resources *r, bool xilinx, const char *type, int64_t n, int64_t *ramb18) {
	if (!xilinx) {
		if (starts(type, "$mem"))
			add(r, "cells", -n);
		else
			add(r, strstr(type, "DFF") || strstr(type, "DLATCH") ? "ff" : "logic", n);
		return;
	}
	if (starts(type, "LUT"))
		add(r, "lut", n);
	else if (starts(type, "FD"))
		add(r, "ff", n);
	else if (starts(type, "DSP48"))
		add(r, "dsp", n);
	else if (starts(type, "RAMB36"))
		add(r, "bram", n);
	else if (starts(type, "RAMB18"))
		*ramb18 += n;
	else if (starts(type, "RAM") && type[3] >= '0' && type[3] <= '9') {
		/* Distributed RAM: LUTs used as memory, counted as LUTs (as the
		 * vendor's report does) and on their own. */
		add(r, "lut", n * lutram_luts(type));
		add(r, "lutram", n * lutram_luts(type));
	}
}

static bool parse_stat(const char *json, bool xilinx, resources *r) {
	const char *p = strstr(json, "\"design\"");
	if (!p || !(p = strstr(p, "\"num_cells\":")))
		return false;
	int64_t cells = strtoll(p + 12, NULL, 10);
	if (!xilinx) {
		add(r, "cells", cells);
		add(r, "ff", 0);
		add(r, "logic", 0);
	} else {
		const char *kinds[] = {"lut", "ff", "dsp", "bram"};
		for (size_t i = 0; i < 4; i++)
			add(r, kinds[i], 0);
	}
	int64_t ramb18 = 0;
	p = strstr(p, "\"num_cells_by_type\"");
	if (p && (p = strchr(p, '{'))) {
		for (p = skip_ws(p + 1); *p == '"';) {
			const char *end = strchr(p + 1, '"');
			if (!end || end[1] != ':')
				return false;
			char type[64];
			snprintf(type, sizeof type, "%.*s", (int)(end - p - 1), p + 1);
			char *after;
			int64_t n = strtoll(end + 2, &after, 10);
			classify(r, xilinx, type, n, &ramb18);
			p = skip_ws(after);
		}
	}
	if (xilinx)
		add(r, "bram", (ramb18 + 1) / 2);
	return true;
}

/* The bits of the memories yosys kept (`dump` of its $mem_v2 cells). */
static int64_t memory_bits(const char *il) {
	int64_t bits = 0, size = 0, width = 0;
	for (const char *p = il; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		p = skip_ws(p);
		if (starts(p, "cell "))
			size = width = 0;
		else if (starts(p, "parameter \\SIZE "))
			size = strtoll(p + 16, NULL, 10);
		else if (starts(p, "parameter \\WIDTH "))
			width = strtoll(p + 17, NULL, 10);
		else if (starts(p, "end") && size > 0 && width > 0)
			bits += size * width, size = width = 0;
	}
	return bits;
}

/* The generic synthesis is yosys's `synth` without memory_map: a memory
 * stays one cell (an FPGA's block RAM), counted in bits, instead of
 * becoming a flip-flop per bit and a multiplexer tree per port, which
 * dominated the Calyx designs' internal memories and took yosys many
 * minutes (docs/streaming-hw.md).  It is also without `share`: on a
 * soft-float datapath its SAT search for mutually exclusive operators
 * ran for hours where the whole script now takes under a minute, and the
 * sharing it looks for is already explicit in a Calyx design's cells.
 * Around abc only opt_clean: `opt -fast` on the gate netlist techmap
 * makes propagates constants one gate level per round, and on a
 * soft-float datapath (100,000+ gates, deep) it ran for minutes, while abc
 * folds the same constants itself (logistic regression: over 3 min of CPU
 * before abc, now about 1). */
static const char generic[] = "synth -noshare -flatten -top %s -run :fine; opt -fast -full; techmap; opt_clean; "
                              "abc -fast; opt_clean";
static const char generic_registers[] = "synth -noshare -flatten -top %s -run :fine; memory_map; opt -fast -full; "
                                        "techmap; opt_clean; abc -fast; opt_clean";

/* The cells of the path `ltp` printed: one line "(via <cell>)" each. */
static int64_t path_cells(const char *text) {
	int64_t n = 0;
	for (const char *p = text; p && (p = strstr(p, "(via ")); p += 5)
		n++;
	return n;
}

bool fpga_yosys(st_target_run *run, const fpga_design *d, bool xilinx, int64_t *levels) {
	const char *top = d->top;
	const char *tool = run->opts->tool, *work = run->work;
	char flow[1024], log[4096], stat[4096], mems[4096], ltp[4096];
	snprintf(log, sizeof log, "%s/yosys.log", work);
	snprintf(stat, sizeof stat, "%s/yosys-stat.json", work);
	snprintf(mems, sizeof mems, "%s/yosys-mems.il", work);
	snprintf(ltp, sizeof ltp, "%s/yosys-ltp.txt", work);
	/* A target without block memory holds the memories in registers
	 * (memories.c): no BRAM nor LUT RAM, every memory bit a flip-flop. */
	if (xilinx)
		snprintf(flow, sizeof flow, "synth_xilinx -flatten -top %s%s", top, d->mem_registers ? " -nobram -nolutram" : "");
	else
		snprintf(flow, sizeof flow, d->mem_registers ? generic_registers : generic, top);
	/* The longest path of the netlist, cut at its flip-flops (yosys's
	 * own with -noff; the Xilinx FD* cells by selection), in cells. */
	char *script = st_backend_fmt("read_verilog -sv %s/design.sv; %s; tee -q -o %s stat -json; tee -q -o %s dump "
	                              "t:$mem_v2; tee -q -o %s ltp -noff%s",
	                              work, flow, stat, mems, ltp, xilinx ? " t:FD* %n" : "");
	char *argv[] = {"yosys", "-q", "-p", script, NULL};
	bool ran = script && st_backend_spawn(tool, argv, log);
	free(script);
	if (!ran) {
		fprintf(stderr, "%s: error: yosys failed; its output is in %s\n", tool, log);
		return false;
	}
	char *json = st_backend_slurp(stat, NULL), *il = xilinx ? NULL : st_backend_slurp(mems, NULL),
	     *path = st_backend_slurp(ltp, NULL);
	*levels = path ? path_cells(path) : -1;
	free(path);
	resources r = {0};
	bool ok = json && parse_stat(json, xilinx, &r);
	int64_t bits = il ? memory_bits(il) : 0;
	if (ok && bits)
		add(&r, "mem_bits", bits);
	free(json);
	free(il);
	if (!ok) {
		fprintf(stderr, "%s: error: cannot read the cell counts in %s\n", tool, stat);
		return false;
	}
	/* The budgets of the .acg (`budget lut = ...`) are the only source of
	 * `available`. */
	for (size_t i = 0; i < r.n; i++)
		st_qor_add_utilization(run->qor, r.kind[i], r.used[i], st_qor_budget(run, r.kind[i]));
	return true;
}
