/* The FPGA target's pieces (class `fpga`, docs/stratac.md): its options,
 * what it knows of a lowered design beyond the kit's buffers (the ports of
 * the Calyx interface, the host streams of a stream design), and the steps
 * of its two flows, one file each. */
#ifndef STRATA_BACKENDS_FPGA_H
#define STRATA_BACKENDS_FPGA_H

#include "strata/backend.h"

/* The target's options (target.c has the table). */
typedef enum fpga_flow { FPGA_FLOW_AUTO, FPGA_FLOW_CALYX, FPGA_FLOW_STREAM } fpga_flow;
typedef enum fpga_synth { FPGA_SYNTH_GENERIC, FPGA_SYNTH_XILINX } fpga_synth;
typedef struct fpga_options {
	int flow;       /* fpga_flow */
	bool pipeline;  /* lower-to-calyx pipeline=true */
	int parallel;   /* index into 1, 2, 4, 8, 16: threads of an affine.parallel */
	int memories;   /* 0 comb, 1 seq */
	int synth;      /* fpga_synth */
	bool no_synth;  /* no yosys: no utilization */
} fpga_options;

/* A buffer of the kernel as the design has it: the kit's buffer i is
 * design port i (same name and width once matched), with what the
 * testbench needs to play it. */
#define FPGA_MAX_BANKS 64
typedef struct fpga_port {
	char name[64];
	/* The buffer's files (<file>.txt in inputs/ and outputs/): the kit's
	 * name of the buffer, which may differ from the design's. */
	char file[64];
	st_buffer_kind kind;
	unsigned width;
	size_t ndims;
	int64_t dims[ST_BUFFER_MAX_DIMS];
	int64_t size;
	/* Calyx memories: seq (registered reads), split into `nbanks` cyclic
	 * banks along bank_dim (0: one memory), and the ports the design has
	 * (read-only memories may lack the write ports, and the other way
	 * round). */
	bool seq;
	unsigned nbanks, bank_dim;
	/* Further read ports (read_ports - 1 of them, not with banks): port
	 * set j >= 1 is <name>_p<j>_..., reading only (fpga_port_prefix). */
	unsigned read_ports;
	bool has_read, has_write, has_content_en, has_done;
	/* Stream designs: an input stream (else an output), values per
	 * transfer, and the values it moves: its size, or for a design run
	 * once per tile, each run's footprint `tile` (at the origin `offset`
	 * gives, as #ub.stream's, over the tile loops' trip counts `tiles`). */
	bool in;
	unsigned lanes;
	int64_t moved;
	unsigned ntiles;
	int64_t tiles[4];
	int64_t tile[ST_BUFFER_MAX_DIMS];
	int64_t offset[ST_BUFFER_MAX_DIMS * 5];
} fpga_port;

typedef struct fpga_memory {
	char name[64];
	int64_t words, width, reads, writes;
	int64_t blocks; /* of the .acg's block memory; 0 in registers */
} fpga_memory;

typedef struct fpga_pipeline {
	char group[64];
	int64_t ii, depth, trip;
} fpga_pipeline;

/* What the flows leave for simulate and report (run->state). */
typedef struct fpga_design {
	bool stream;
	const char *top; /* the hw.module the testbench drives (its name) */
	fpga_port *ports; /* one per buffer, in the kit's order */
	size_t nports;
	int64_t ii; /* the largest calyx.ii (-1: nothing pipelined); 1 for a stream design */
	/* The pipelined loops of a Calyx design (their static groups'
	 * calyx.ii, calyx.depth, calyx.trip as lower-to-calyx left them), for
	 * the report. */
	struct fpga_pipeline *pipelines;
	size_t npipelines;
	/* Stream designs: the ports in the order of the design's ub.streams
	 * (the testbench plays them so); the other ports are scalar
	 * arguments, each an input port <name> (the kernel reads it: the
	 * design's ub.params) or none (its name empty). */
	size_t *streams;
	size_t nstreams;
	int64_t latency;      /* the ub schedule's */
	int64_t first_output; /* the cycle the first output left (-1: not simulated) */
	/* The longest path between registers in yosys's netlist, in cells
	 * (logic levels; -1: not synthesised), and its delay under the .acg's
	 * model (timing.c; -1: the .acg gives no model). */
	int64_t levels, delay_ps;
	/* The memories inside the design and where they went (memories.c);
	 * mem_registers: the target has no block memory, so synthesis makes
	 * them registers. */
	struct fpga_memory *memories;
	size_t nmemories;
	bool mem_registers;
} fpga_design;

/* target.c */
const fpga_options *fpga_opts(const st_target_run *run);
/* Exports design.mlir, design.sv and tb.cpp of `m` (holding only
 * hardware) into the work directory, timing "export-verilog". */
bool fpga_export(st_target_run *run, st_op *m, const fpga_design *d);
/* yosys on design.sv: the utilization of the QoR (timed "yosys") and
 * the critical path, checked against the clock (timing.c). */
bool fpga_synthesize(st_target_run *run, fpga_design *d);

/* calyx_flow.c: the Calyx flow's compile (docs/stratac.md). */
bool fpga_calyx_compile(st_target_run *run, fpga_design *d);
/* The port sets of a memory the testbench plays: its banks (or itself),
 * then its further read ports; the prefix of set j's port names
 * (<name>, <name>_b<k>, <name>_p<k>), and whether it only reads. */
unsigned fpga_port_sets(const fpga_port *m);
const char *fpga_port_prefix(const fpga_port *m, unsigned j, char *buf, size_t n);
bool fpga_port_read_only(const fpga_port *m, unsigned j);
/* calyx_design.c: the hw.module of the lowered design with the Calyx
 * interface, matched with the kernel's buffers (renamed after the design's
 * memories and ports); false after a located error. */
bool fpga_calyx_has_hw(st_op *module);
bool fpga_calyx_read_design(st_target_run *run, st_op *lowered, fpga_design *d);
/* Raises *ii to the largest `calyx.ii` in `module`. */
void fpga_calyx_note_ii(st_op *module, int64_t *ii);

/* stream_flow.c: whether the run takes the stream flow (--flow, or auto:
 * the input has an accelerated pipeline), and its compile
 * (docs/streaming-hw.md). */
bool fpga_stream_chosen(const st_target_run *run);
bool fpga_stream_compile(st_target_run *run, fpga_design *d);

/* testbench.c: the Verilator testbench of a design. */
void fpga_write_testbench(FILE *f, const fpga_design *d);

/* verilator.c: the model of the design (from the cache, or built now and
 * stored there), run on inputs/ into outputs/; the cycles and (stream
 * designs) the first output. */
bool fpga_simulate(st_target_run *run, fpga_design *d);
/* yosys.c: resource counts of design.sv; kind -> used; *levels: the
 * cells on the longest path between registers, ports and memories. */
bool fpga_yosys(st_target_run *run, const fpga_design *d, bool xilinx, int64_t *levels);

/* memories.c: places the memories inside `hw` (seq.hlmem) in the .acg's
 * block memory, or in registers when it has none (the report's
 * fpga.memories); false after an error naming the memory and the storage
 * that cannot hold it. */
bool fpga_plan_memories(st_target_run *run, st_op *hw, fpga_design *d);
void fpga_memories_report(const st_target_run *run, const fpga_design *d, st_json *obj);
/* The reads a cycle a memory of the Calyx flow may have (lower-to-calyx's
 * read-ports): the block memory's read ports, at most its ports in all
 * (archs/fpga.acg: 2); 1 without block memory. */
unsigned fpga_read_ports(const st_target_run *run);
/* Whether the block memory can be initialised at configuration (its
 * `param rom_mode`, or `access = rom`, as ub-map reads it): the Calyx
 * flow's constant tables are then memories (ROMs the plan places in it),
 * else logic (lower-calyx-to-hw's roms option). */
bool fpga_rom_mode(const st_target_run *run);

/* timing.c: the delay of d->levels under the .acg's model, checked
 * against its clock_mhz (a warning at that line when the path is longer
 * than a clock period), and the report's "timing" object. */
void fpga_timing_check(st_target_run *run, fpga_design *d);
void fpga_timing_report(const st_target_run *run, const fpga_design *d, st_json *obj);

#endif
