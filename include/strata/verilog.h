/* SystemVerilog from hw/comb/seq (backends/verilog): the `export-verilog`
 * translation writes one module per hw.module, `export-verilator-tb` a C++
 * testbench for Verilator that reads per-cycle stimulus and writes
 * per-cycle outputs in strata-hwsim's format (docs/verilog-export.md). */
#ifndef STRATA_VERILOG_H
#define STRATA_VERILOG_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers both translations with the context. */
ST_API st_status st_register_verilog_translations(st_context *ctx);
/* Writes every hw.module of `module` as SystemVerilog; never changes the IR. */
ST_API st_status st_export_verilog(st_op *module, st_write_fn w, void *ud);
/* Writes the C++ testbench of the top module (the one marked `hw.top`, or
 * the only hw.module no instance names). */
ST_API st_status st_export_verilator_tb(st_op *module, st_write_fn w, void *ud);

#ifdef __cplusplus
}
#endif
#endif
