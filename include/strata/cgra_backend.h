/* The CGRA backend (library strata_backend_cgra, docs/cgra.md): the pass
 * `cgra-map` that maps, places and routes unified-buffer graphs on a CGRA
 * fabric as `cgra.design`s, the configuration bitstream written from a
 * design and read back, and the cycle-accurate fabric simulator that runs
 * a bitstream on input arrays.
 */
#ifndef STRATA_CGRA_BACKEND_H
#define STRATA_CGRA_BACKEND_H

#include "strata/cgra.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the cgra dialect and the pass cgra-map. */
ST_API st_status st_register_cgra_passes(st_context *ctx);
/* Registers the target of class `cgra` (strata/target.h, docs/cgra.md
 * "stratac"), which stratac runs through the flow kit. */
ST_API st_status st_register_cgra_target(st_context *ctx);
/* Registers the translations cgra-to-bitstream, cgra-to-svg and
 * cgra-to-dot. */
ST_API st_status st_register_cgra_translations(st_context *ctx);

/* Pictures of the one cgra.design in `module`: an SVG of the fabric with
 * its tiles by kind and operation, routes by track width and registers in
 * use; and the netlist of its instances and nets in Graphviz. */
ST_API st_status st_cgra_write_svg(st_op *module, st_write_fn w, void *ud);
ST_API st_status st_cgra_write_dot(st_op *module, st_write_fn w, void *ud);

/* -------------------------------------------------------------- bitstream */

/* The bitstream of the one cgra.design in `module` (or `module` itself):
 * the versioned text format of docs/cgra.md ("Bitstream"), one register
 * write `tile register value` a line after a header naming the target and
 * the host's arrays.  Fails with an error at the instance whose
 * configuration has no encoding. */
ST_API st_status st_cgra_write_bitstream(st_op *module, st_write_fn w, void *ud);

typedef struct st_cgra_bitstream st_cgra_bitstream;

/* One array the host keeps in the global buffer. */
typedef struct st_cgra_host_array {
	int arg;
	bool out;
	unsigned bits;  /* element width */
	bool is_float;  /* bf16/f16/f32: bits are the float's */
	unsigned rank;
	int64_t shape[8];
	int64_t base;   /* word address in the global buffer */
	int64_t count;  /* elements */
} st_cgra_host_array;

/* Parses bitstream text.  NULL after located errors (`file:line:col:
 * error:`); never crashes or hangs on any input (fuzzed). */
ST_API st_cgra_bitstream *st_cgra_bitstream_read(st_context *ctx, st_str text, const char *filename);
ST_API void st_cgra_bitstream_free(st_cgra_bitstream *b);
/* The target's name in the header, and its rows and columns. */
ST_API const char *st_cgra_bitstream_target(const st_cgra_bitstream *b);
ST_API size_t st_cgra_bitstream_num_arrays(const st_cgra_bitstream *b);
ST_API const st_cgra_host_array *st_cgra_bitstream_array(const st_cgra_bitstream *b, size_t i);
ST_API size_t st_cgra_bitstream_num_writes(const st_cgra_bitstream *b);

/* -------------------------------------------------------------- simulator */

typedef struct st_cgra_sim st_cgra_sim;

/* A simulator of `fabric` (built from the target's .acg) configured by the
 * bitstream.  Errors located in the bitstream for a configuration the
 * hardware cannot take (a register no tile has, a multiplexer selecting an
 * input it lacks, a combinational loop). */
ST_API st_cgra_sim *st_cgra_sim_create(st_cgra_fabric *fabric, const st_cgra_bitstream *b);
ST_API void st_cgra_sim_destroy(st_cgra_sim *s);
/* The elements of host array `arg` (as bit patterns) in the global buffer
 * before running: an input's values, an output's words the design does
 * not write. */
ST_API st_status st_cgra_sim_set_input(st_cgra_sim *s, int arg, const uint64_t *values, size_t n);
/* Runs until every output stream is done; an error after `max_cycles`
 * (0: 2^32) or on a hardware conflict (a single-port SRAM asked twice in a
 * cycle, an address past its memory). */
ST_API st_status st_cgra_sim_run(st_cgra_sim *s, int64_t max_cycles);
/* The elements of output array `arg` after the run. */
ST_API const uint64_t *st_cgra_sim_output(const st_cgra_sim *s, int arg, size_t *n);
ST_API int64_t st_cgra_sim_cycles(const st_cgra_sim *s);
/* Cycles the output IO tiles waited between their first and last values
 * (line ends, fill of the next row). */
ST_API int64_t st_cgra_sim_stall_cycles(const st_cgra_sim *s);
/* The per-tile activity and stall report (text). */
ST_API void st_cgra_sim_report(const st_cgra_sim *s, st_write_fn w, void *ud);

#ifdef __cplusplus
}
#endif
#endif
