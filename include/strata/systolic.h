/* The systolic target (backends/systolic, docs/systolic.md): GeneSys-like
 * accelerators described by an ACG of class `systolic` (a systolic array,
 * a SIMD unit, banked buffers, DRAM channels, and the instruction set as
 * mnemonics).
 *
 * - Mapping: `systolic-map` replaces each codelet layer op of a function
 *   by a codelet program placed and tiled on the target (a cost model over
 *   dataflows, loop orders and tile sizes, Algorithm 3 validation).
 * - Code generation: the placed codelets of a function become one
 *   program: 32-bit words encoded from the ACG's mnemonics (no encoding in
 *   C), and a table of the tensors in DRAM.
 * - Simulation: an instruction-level simulator that reads only the
 *   program, the ACG and the input tensors, and gives the output tensors
 *   and the cycles (compute, on-chip and DRAM stalls).
 */
#ifndef STRATA_SYSTOLIC_H
#define STRATA_SYSTOLIC_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the target of class `systolic` (strata/target.h; stratac
 * --target archs/genesys-systolic.acg) and the backend's limits. */
ST_API st_status st_register_systolic_target(st_context *ctx);
/* Registers systolic-map (and the backend's limits). */
ST_API st_status st_register_systolic_passes(st_context *ctx);
/* Registers export-systolic (strata-translate --export-systolic) and the
 * backend's limits. */
ST_API st_status st_register_systolic_translations(st_context *ctx);

/* ----------------------------------------------------------------- program */

#define ST_SYSTOLIC_MAX_TENSORS 64
#define ST_SYSTOLIC_MAX_RANK 4

/* What the host does with a tensor in DRAM: puts an input there before
 * the run, reads an output after it, both for an inout (a layer that
 * accumulates into its output), neither for a local (a layer's result
 * that only later layers read) nor for a constant (a table of weights:
 * its contents are in the program, the DRAM image the host loads). */
typedef enum st_systolic_tensor_kind {
	ST_SYSTOLIC_INPUT,
	ST_SYSTOLIC_OUTPUT,
	ST_SYSTOLIC_INOUT,
	ST_SYSTOLIC_LOCAL,
	ST_SYSTOLIC_CONST,
} st_systolic_tensor_kind;

typedef struct st_systolic_tensor {
	char name[64];
	st_systolic_tensor_kind kind;
	unsigned bits;   /* 8, 16 or 32: the element, a signed integer */
	size_t rank;
	int64_t dims[ST_SYSTOLIC_MAX_RANK];
	uint64_t addr;   /* byte address in DRAM */
} st_systolic_tensor;

typedef struct st_systolic_program st_systolic_program;

/* The program of the codelets placed by systolic-map in function `fn`,
 * for the ACG `graph`; NULL after located errors (a layer that is not
 * placed, a program over the target's limits). */
ST_API st_systolic_program *st_systolic_codegen(st_op *fn, st_op *graph);
ST_API void st_systolic_program_destroy(st_systolic_program *p);
ST_API size_t st_systolic_program_num_tensors(const st_systolic_program *p);
ST_API const st_systolic_tensor *st_systolic_program_tensor(const st_systolic_program *p, size_t i);
ST_API size_t st_systolic_program_num_words(const st_systolic_program *p);
/* Bytes of DRAM the program uses. */
ST_API uint64_t st_systolic_program_dram_bytes(const st_systolic_program *p);

/* The program file (docs/systolic.md, "The program file"): a text header
 * (target, DRAM size, tensors) and one instruction word per line in
 * hexadecimal. */
ST_API st_status st_systolic_program_write(const st_systolic_program *p, st_write_fn w, void *ud);
/* Reads a program file for `graph` (the ACG the simulator models); NULL
 * after an error located at the file's line and column (a malformed
 * header, a word that decodes to no mnemonic, an EXT at the end, a
 * namespace naming no storage node, a tensor outside DRAM...).  This is
 * the fuzzing entry point of the loader. */
ST_API st_systolic_program *st_systolic_program_load(st_context *ctx, st_op *graph, st_str text, const char *filename);
/* One line per instruction: its mnemonic and fields by name, EXT prefixes
 * folded into the value they extend (docs/systolic.md). */
ST_API st_status st_systolic_disasm(const st_systolic_program *p, st_op *graph, st_write_fn w, void *ud);
/* Reads the disassembly back into a program (the assembler, for tests):
 * the header lines of the program file, then `MNEMONIC FIELD=VALUE ...`
 * lines; NULL after located errors. */
ST_API st_systolic_program *st_systolic_assemble(st_context *ctx, st_op *graph, st_str text, const char *filename);

/* -------------------------------------------------------------- simulator */

typedef struct st_systolic_sim_options {
	/* When set, inputs_after[i] receives the final DRAM contents of the
	 * program's i-th input tensor (not inouts), as the host would read them
	 * back: a program that overwrites its inputs shows.  The simulator's
	 * work is bounded by the limit systolic-sim-work (strata/limit.h). */
	int32_t *const *inputs_after;
	/* When not 0, the run is an error once its cycles pass this many
	 * (stratac's --max-cycles): checked after each instruction. */
	uint64_t max_cycles;
} st_systolic_sim_options;

/* Per storage node: accesses in elements (words) and the node's capacity
 * the program uses (the highest element it touches + 1). */
typedef struct st_systolic_buffer_stats {
	char name[32];
	uint64_t reads, writes;
	int64_t used, capacity;
} st_systolic_buffer_stats;

typedef struct st_systolic_stats {
	uint64_t cycles;
	/* cycles = compute + onchip_stall + dram_stall: cycles a compute engine
	 * streams, cycles it fills, drains, loads weights or waits on another
	 * engine, the rest (waiting for DRAM). */
	uint64_t compute, onchip_stall, dram_stall;
	uint64_t macs;          /* multiply-accumulates of the array */
	uint64_t simd_ops;      /* lane operations of the SIMD unit */
	uint64_t sa_points;     /* array steps (one input vector each) */
	/* Sum over array steps of rows used x columns used: mapping
	 * efficiency = this / (sa_points x rows x cols). */
	uint64_t sa_active_pe;
	uint64_t dram_read_bytes, dram_write_bytes;
	uint64_t instructions, commands;
	size_t nbuffers;
	st_systolic_buffer_stats buffers[16];
} st_systolic_stats;

/* Runs `p` on the machine `graph` describes.  inputs[i] holds the elements
 * (sign-extended to int32, row-major) of the program's i-th tensor the
 * host puts in DRAM (inputs and inouts, in table order); outputs[i]
 * receives those of the i-th tensor it reads back (outputs and inouts).  ST_FAIL after an error located in
 * the program (an access outside a buffer, a misaligned vector, the work
 * limit). */
ST_API st_status st_systolic_simulate(st_context *ctx, const st_systolic_program *p, st_op *graph, const int32_t *const *inputs,
                               int32_t *const *outputs, const st_systolic_sim_options *o, st_systolic_stats *stats);

/* ----------------------------------------------------------------- reports */

/* The lower bound of the layers of function `fn` (before systolic-map) on
 * the machine `graph` describes: the roofline of docs/systolic.md. */
typedef struct st_systolic_bounds {
	uint64_t macs, simd_ops;
	int64_t pes;          /* the array's rows x cols */
	double mac_cycles;    /* macs / pes */
	double simd_cycles;   /* simd_ops / lanes */
	double dram_cycles;   /* the busiest DRAM channel's bytes / its bandwidth */
	double ideal;         /* the largest of the three */
} st_systolic_bounds;
ST_API st_status st_systolic_bounds_of(st_op *fn, st_op *graph, st_systolic_bounds *out);

/* SCALE-Sim's per-layer columns (total and stall cycles, overall, mapping
 * and compute utilisation, SRAM and DRAM reads and writes) and the bound. */
ST_API void st_systolic_csv_header(st_write_fn w, void *ud);
ST_API void st_systolic_csv_row(const char *layer, const st_systolic_stats *s, const st_systolic_bounds *b, st_write_fn w,
                         void *ud);

#ifdef __cplusplus
}
#endif
#endif
