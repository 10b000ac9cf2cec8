/* The seq dialect (CIRCT's spelling; docs/dialects/seq.md): clocks,
 * registers and memories with latency-annotated ports.  Its types and its
 * builders (they take an st_hw_builder, strata/hw.h). */
#ifndef STRATA_SEQ_H
#define STRATA_SEQ_H

#include "strata/hw.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (with hw) in `ctx`; registering twice is harmless. */
ST_API st_status st_register_seq_dialect(st_context *ctx);

/* !seq.clock and !seq.hlmem<NxT> (the seq dialect must be registered). */
ST_API st_type *st_seq_clock_type(st_context *ctx);
ST_API st_type *st_seq_hlmem_type(st_context *ctx, uint64_t depth, st_type *elt);
ST_API bool st_seq_is_clock(const st_type *t);
ST_API bool st_seq_is_hlmem(const st_type *t);
ST_API uint64_t st_seq_hlmem_depth(const st_type *t);
ST_API st_type *st_seq_hlmem_element(const st_type *t);


/* ---------------------------------------------------------------- builders */

/* seq.compreg: `input` of the last clock edge; with `reset` (an i1, or
 * NULL: none) high at an edge it becomes `reset_value` instead.  `name`
 * (or NULL) names the register in the Verilog. */
ST_API st_value *st_seq_build_compreg(st_hw_builder *b, st_value *input, st_value *clk, st_value *reset,
                               st_value *reset_value, const char *name);
/* seq.compreg.ce: the same, loading only at edges where `enable` is high. */
ST_API st_value *st_seq_build_compreg_ce(st_hw_builder *b, st_value *input, st_value *clk, st_value *enable,
                                  st_value *reset, st_value *reset_value, const char *name);
/* seq.hlmem @name: a memory of `depth` elements of type `elt`. */
ST_API st_value *st_seq_build_hlmem(st_hw_builder *b, st_str name, st_value *clk, st_value *rst, uint64_t depth,
                             st_type *elt);
/* seq.read: the element at `address` `latency` cycles later; `enable`
 * (an i1 or NULL) gates the port. */
ST_API st_value *st_seq_build_read(st_hw_builder *b, st_value *mem, st_value *address, st_value *enable, int64_t latency);
/* seq.write: stores `data` at `address` when `enable` (or NULL: always). */
ST_API st_op *st_seq_build_write(st_hw_builder *b, st_value *mem, st_value *address, st_value *data, st_value *enable,
                          int64_t latency);
/* seq.from_clock (a clock read as an i1) and seq.to_clock. */
ST_API st_value *st_seq_build_from_clock(st_hw_builder *b, st_value *clk);
ST_API st_value *st_seq_build_to_clock(st_hw_builder *b, st_value *input);

#ifdef __cplusplus
}
#endif
#endif
