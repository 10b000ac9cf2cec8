/* The FPGA target (ACG class `fpga`, docs/stratac.md): its options, its
 * hooks, and what both of its flows share once a design exists: the
 * export of the design, the testbench and the Verilog, and the synthesis
 * against the .acg's budgets.  The Calyx flow (calyx_flow.c) lowers loop
 * kernels through Calyx; the stream flow (stream_flow.c) turns an
 * accelerated image pipeline into line-buffered hardware. */
#include "fpga.h"

#include "strata/asm.h"
#include "strata/fpga.h"
#include "strata/verilog.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char *const flows[] = {"auto", "calyx", "stream", NULL};
static const char *const parallels[] = {"1", "2", "4", "8", "16", NULL};
static const char *const memories[] = {"comb", "seq", NULL};
static const char *const synths[] = {"generic", "xilinx", NULL};

static const st_pass_option_def options[] = {
	{"flow", "auto: stream for an accelerated pipeline, else calyx (docs/streaming-hw.md)", ST_PASS_OPT_ENUM,
	 "auto", offsetof(fpga_options, flow), flows},
	{"pipeline", "pipeline innermost loops (lower-to-calyx pipeline=true)", ST_PASS_OPT_BOOL, "false",
	 offsetof(fpga_options, pipeline), NULL},
	{"parallel", "threads of each affine.parallel, banking the memories they share (1: sequential)",
	 ST_PASS_OPT_ENUM, "4", offsetof(fpga_options, parallel), parallels},
	{"memories", "comb: memories read in the same cycle; seq: registered reads (seq_mem)", ST_PASS_OPT_ENUM,
	 "comb", offsetof(fpga_options, memories), memories},
	{"synth", "generic: yosys's generic cells; xilinx: LUT/FF/DSP/BRAM of synth_xilinx", ST_PASS_OPT_ENUM,
	 "generic", offsetof(fpga_options, synth), synths},
	{"no-synth", "do not run yosys (no utilization)", ST_PASS_OPT_BOOL, "false", offsetof(fpga_options, no_synth),
	 NULL},
};

const fpga_options *fpga_opts(const st_target_run *run) { return run->options; }

static bool export_file(st_target_run *run, const char *name, st_op *m, int what, const fpga_design *d) {
	char *path = st_backend_fmt("%s/%s", run->work, name);
	st_outfile f;
	bool opened = path && st_run_open_file(run, path, &f), ok = opened;
	if (ok && what == 0) {
		st_print_options po = {0};
		st_print_op(m, &po, st_outfile_write, &f);
	} else if (ok && what == 1)
		ok = st_succeeded(st_export_verilog(m, st_outfile_write, &f));
	else if (ok)
		fpga_write_testbench(f.f, d);
	ok = opened && st_run_close_file(run, &f, ok);
	free(path);
	return ok;
}

bool fpga_export(st_target_run *run, st_op *m, const fpga_design *d) {
	double t0 = st_backend_now_ms();
	bool ok = export_file(run, "design.mlir", m, 0, d) && export_file(run, "design.sv", m, 1, d);
	if (ok)
		st_qor_time(run->qor, "export-verilog", t0);
	return ok && export_file(run, "tb.cpp", m, 2, d);
}

bool fpga_synthesize(st_target_run *run, fpga_design *d) {
	const fpga_options *o = fpga_opts(run);
	if (o->no_synth)
		return true;
	double t0 = st_backend_now_ms();
	bool ok = fpga_yosys(run, d, o->synth == FPGA_SYNTH_XILINX, &d->levels);
	st_qor_time(run->qor, "yosys", t0);
	if (ok)
		fpga_timing_check(run, d);
	return ok;
}

static st_status compile(st_target_run *run) {
	fpga_design *d = calloc(1, sizeof *d);
	if (!d) {
		fprintf(stderr, "%s: error: out of memory\n", run->opts->tool);
		return ST_FAIL;
	}
	d->ii = -1;
	d->first_output = -1;
	d->levels = d->delay_ps = -1;
	run->state = d;
	d->stream = fpga_stream_chosen(run);
	return (d->stream ? fpga_stream_compile : fpga_calyx_compile)(run, d) ? ST_OK : ST_FAIL;
}

static st_status simulate(st_target_run *run) { return fpga_simulate(run, run->state) ? ST_OK : ST_FAIL; }

/* The largest of the bounds a design cannot beat (docs/qor-schema.md):
 * a Calyx design's external memory bank does one write a cycle at most and
 * one read, or a whole memory as many reads as the .acg's block memory has
 * read ports (fpga_read_ports), so a memory needs its reads and its writes
 * of the reference over those cycles; a stream design takes one transfer
 * per cycle on each host stream. */
static int64_t ideal_cycles(const st_target_run *run, const fpga_design *d) {
	int64_t ideal = 1;
	uint64_t rp = fpga_read_ports(run);
	for (size_t i = 0; i < d->nports; i++) {
		const fpga_port *p = &d->ports[i];
		const st_buffer *b = &run->buffers[i];
		int64_t need = 0;
		if (d->stream)
			need = p->moved / (p->lanes ? p->lanes : 1);
		else if (p->kind == ST_BUFFER_MEMORY) {
			uint64_t banks = p->nbanks ? p->nbanks : 1, reads = p->nbanks ? banks : rp;
			uint64_t r = (b->loads + reads - 1) / reads, w = (b->stores + banks - 1) / banks;
			need = (int64_t)(r > w ? r : w);
		}
		if (need > ideal)
			ideal = need;
	}
	return ideal;
}

/* The pixels a transfer of stream p carries: its lanes when they are part
 * of a row (an unrolled x, input[y, 2q + l]), else one (the lanes span the
 * innermost dimension: a pixel's channels). */
static int64_t transfer_pixels(const fpga_port *p) {
	return p->lanes > 1 && p->ndims && p->tile[p->ndims - 1] > p->lanes ? p->lanes : 1;
}

/* pixels: those of the largest input stream (by transfers), with
 * pixels_per_transfer when a transfer carries several; fill: the cycles
 * beyond one per input transfer (cycles = pixels / pixels_per_transfer +
 * fill); first: the cycle the first output value leaves. */
static void stream_report(st_target_run *run, const fpga_design *d, st_json *o) {
	int64_t pixels = 0, transfers = 0, per = 1, cycles = st_qor_cycles(run->qor);
	for (size_t i = 0; i < d->nports; i++)
		if (d->ports[i].in && d->ports[i].moved / d->ports[i].lanes > transfers) {
			transfers = d->ports[i].moved / d->ports[i].lanes;
			per = transfer_pixels(&d->ports[i]);
			pixels = transfers * per;
		}
	st_json_set_int(o, "pixels", pixels);
	if (cycles > 0) {
		st_json_set_real(o, "pixels_per_cycle", (double)pixels / (double)cycles, 4);
		st_json_set_int(o, "fill", cycles - transfers);
		st_json_set_int(o, "first_output", d->first_output);
	} else {
		st_json_set_null(o, "pixels_per_cycle");
		st_json_set_null(o, "fill");
		st_json_set_null(o, "first_output");
	}
	st_json_set_int(o, "schedule_latency", d->latency);
	if (per > 1)
		st_json_set_int(o, "pixels_per_transfer", per);
}

static st_status report(st_target_run *run) {
	const fpga_design *d = run->state;
	const fpga_options *o = fpga_opts(run);
	if (d->stream || run->referenced)
		st_qor_set_ideal_cycles(run->qor, ideal_cycles(run, d));
	st_json *obj = st_qor_class_object(run->qor);
	st_json_set_string(obj, "flow", d->stream ? "stream" : "calyx");
	if (o->no_synth)
		st_json_set_null(obj, "synth");
	else
		st_json_set_string(obj, "synth", synths[o->synth]);
	if (d->stream)
		stream_report(run, d, st_json_set_object(obj, "stream"));
	/* Each pipelined loop's II, depth and trip count: cycles ~ trip x II
	 * + depth (docs/calyx-lowering.md). */
	for (size_t i = 0; i < d->npipelines; i++) {
		st_json *p = st_json_set_object(st_json_set_object(obj, "pipelines"), d->pipelines[i].group);
		st_json_set_int(p, "ii", d->pipelines[i].ii);
		st_json_set_int(p, "depth", d->pipelines[i].depth);
		st_json_set_int(p, "trip", d->pipelines[i].trip);
	}
	if (!o->no_synth)
		fpga_timing_report(run, d, st_json_set_object(obj, "timing"));
	fpga_memories_report(run, d, obj);
	return ST_OK;
}

static void release(st_target_run *run) {
	fpga_design *d = run->state;
	if (!d)
		return;
	free(d->ports);
	free(d->streams);
	free(d->pipelines);
	free(d->memories);
	free(d);
	run->state = NULL;
}

static const char *const outputs[] = {"design.mlir", "design.sv", "tb.cpp", NULL};

static const st_target_def fpga_target = {
	.class_ = "fpga",
	.summary = "FPGA: Calyx or streaming hardware as Verilog, simulated in Verilator, synthesised by yosys",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.options_size = sizeof(fpga_options),
	.outputs = outputs,
	.compile = compile,
	.simulate = simulate,
	.report = report,
	.release = release,
};

st_status st_register_fpga_target(st_context *ctx) { return st_context_register_target(ctx, &fpga_target); }
